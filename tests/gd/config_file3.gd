# godot_bin ConfigFile fixtures for Godot 3.x (engine truth for tests/forms/config_file.rs); see config_file.gd
# (the 4.x twin) for the files and the check mode. Differences: Pool*Array types, no StringName, no
# section name with ']' (3.x writes it unescaped and cannot read it back), and Godot 3.2.3 writes keys bare
# (so keys that need quoting are only used from 3.6 on, where keys are quoted as in 4.x).
extends SceneTree

const PASSWORD := "hunter2 \u00e9"


func quoting() -> bool:
	return Engine.get_version_info()["minor"] >= 6


func build() -> ConfigFile:
	var c := ConfigFile.new()
	c.set_value("", "version", 3)
	c.set_value("", "title", "Save \"one\"\n\ttab \\ back é ✓")
	c.set_value("player", "name", "hero")
	c.set_value("player", "pos", Vector2(1.5, -2.0))
	c.set_value("player", "vel", Vector3(0.25, 0, -8))
	c.set_value("player", "tint", Color(1, 0.5, 0.25, 1))
	c.set_value("player", "hp", 42)
	c.set_value("player", "big", 5000000000)
	c.set_value("player", "ratio", 0.1)
	c.set_value("player", "alive", true)
	c.set_value("player", "inv", {1: "sword", 2: {3: [1, "x", Vector2(0, 1)], 7: {}}, 10: PoolIntArray([4, 5])})
	c.set_value("player", "tags", PoolStringArray(["a", "b c", "q\"d"]))
	c.set_value("packed", "bytes", PoolByteArray([0, 1, 255]))
	c.set_value("packed", "ints", PoolIntArray([1, -2, 300000]))
	c.set_value("packed", "floats", PoolRealArray([0.5, -1.25]))
	c.set_value("packed", "vecs", PoolVector2Array([Vector2(1, 2), Vector2(-0.5, 3)]))
	c.set_value("packed", "colors", PoolColorArray([Color(0, 0, 1, 0.5)]))
	c.set_value("packed", "empty", PoolStringArray())
	if quoting():
		c.set_value("keys", "two words", 1)
		c.set_value("keys", "k=v", 2)
		c.set_value("keys", "semi;colon", 3)
		c.set_value("keys", "quote\"back\\slash", 4)
		c.set_value("keys", "br[ack]et", 5)
		c.set_value("keys", "ünï", 6)
	c.set_value("keys", "#hash", 7)
	c.set_value("keys", "plain_key.1", 8)
	c.set_value("with space", "x", [])
	c.set_value("misc", "rect", Rect2(0, 0, 640, 480))
	c.set_value("misc", "path", NodePath("a/b:c"))
	c.set_value("misc", "esc", [NodePath("p\nq"), PoolStringArray(["m\nn"]), {"k\nk": "v\tw"}])
	c.set_value("misc", "arr", [1, 2.5, "s", null, {"a": 1}])
	return c


func as_dict(c: ConfigFile) -> Dictionary:
	var d := {}
	for s in c.get_sections():
		var inner := {}
		for k in c.get_section_keys(s):
			inner[k] = c.get_value(s, k)
		d[s] = inner
	return d


func store(path: String, v) -> void:
	var f := File.new()
	f.open(path, File.WRITE)
	f.store_var(v)
	f.close()


func write_text(path: String, t: String) -> void:
	var f := File.new()
	f.open(path, File.WRITE)
	f.store_string(t)
	f.close()


const QUIRKS := "; a comment\n# not a comment\nfirst=1 ; after a value\n  spaced key = \"v\"\ngone=3\ngone=null\nab;mid-key comment\ncd=4\n[ trimmed ]\n\nv=\n Vector2( 1, 2 )\nd={\n\"a\": [ 1,\n2 ]\n}\n"
const EMPTY_HEADER := "top=1\n[a]\nx=1\n[]\ny=2\n"


func gen() -> int:
	var c := build()
	if c.save("values.cfg") != OK or c.save_encrypted_pass("values.gdec", PASSWORD) != OK:
		return 1
	store("values.sav", as_dict(c))
	var l := ConfigFile.new()
	if l.load("values.cfg") != OK:
		return 1
	store("loaded.sav", as_dict(l))
	for pair in [["quirks", QUIRKS], ["empty_header", EMPTY_HEADER]]:
		write_text(pair[0] + ".txt", pair[1])
		var q := ConfigFile.new()
		if q.parse(pair[1]) != OK:
			return 1
		store(pair[0] + ".sav", as_dict(q))
	return 0


# Deep and order-sensitive. Not var2bytes alone: 3.x leaves the padding after a NodePath's names
# uninitialised, so two equal NodePaths can encode differently.
func same(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	if typeof(a) == TYPE_DICTIONARY:
		var ka = a.keys()
		var kb = b.keys()
		if ka.size() != kb.size():
			return false
		for i in ka.size():
			if not same(ka[i], kb[i]) or not same(a[ka[i]], b[kb[i]]):
				return false
		return true
	if typeof(a) == TYPE_ARRAY:
		if a.size() != b.size():
			return false
		for i in a.size():
			if not same(a[i], b[i]):
				return false
		return true
	if typeof(a) == TYPE_NODE_PATH:
		return str(a) == str(b)
	return var2bytes(a) == var2bytes(b)


func check(args: Array) -> int:
	var want := as_dict(build())
	var fails := 0
	var i := 0
	while i + 1 < args.size():
		var path: String = args[i]
		var kind: String = args[i + 1]
		i += 2
		var c := ConfigFile.new()
		var err: int
		if kind == "text":
			err = c.load(path)
		else:
			err = c.load_encrypted_pass(path, PASSWORD)
		var got := as_dict(c)
		if err == OK and same(got, want):
			print("OK   ", path, " ", kind, " (", want.size(), " sections)")
		else:
			print("FAIL ", path, " ", kind, " err=", err)
			for s in want:
				if not got.has(s) or not same(got[s], want[s]):
					print("  section ", s, ": got ", var2str(got.get(s)).left(300))
			fails += 1
	return 1 if fails > 0 else 0


func _init() -> void:
	var args := Array(OS.get_cmdline_args())
	var dd := args.find("--")
	var rc := 2
	if dd >= 0 and dd + 1 < args.size() and args[dd + 1] == "gen":
		rc = gen()
	elif dd >= 0 and dd + 1 < args.size() and args[dd + 1] == "check":
		rc = check(args.slice(dd + 2, args.size() - 1))
	else:
		print("usage: gen | check FILE KIND ...")
	quit(rc)
