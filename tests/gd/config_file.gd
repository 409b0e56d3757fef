# godot_bin ConfigFile fixtures for Godot 4.x (engine truth for tests/forms/config_file.rs).
# Run by scripts/gen.sh config-file (in an empty directory):  engine.sh godot-4.6 config_file.gd gen
# writes, in the current directory:
#   values.cfg        ConfigFile.save of build() (section-less keys, Vector2, Color, packed arrays, nested
#                     dictionaries with int keys, strings and keys that need escapes, a section name with ']')
#   values.gdec       ConfigFile.save_encrypted_pass(PASSWORD) of the same
#   values.sav        store_var of build() as a Dictionary {section: {key: value}}, in ConfigFile order
#   loaded.sav        the same for what ConfigFile.load("values.cfg") reads back
#   quirks.txt        a hand-made text (comments, '#', whitespace in keys, null, a header with spaces)
#   quirks.sav        what ConfigFile.parse(quirks.txt) reads, as above
#   empty_header.txt / empty_header.sav   the same for a '[]' header after a section
# Check mode (scripts/live.sh config-file):  engine.sh godot-4.6 config_file.gd check FILE KIND [...]
#   KIND: text (ConfigFile.load) or pass (load_encrypted_pass(PASSWORD)); compares what it reads with
#   build(); prints OK/FAIL per file; exit status 1 if any failed.
extends SceneTree

const PASSWORD := "hunter2 \u00e9"


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
	c.set_value("player", "inv", {1: "sword", 2: {3: [1, "x", Vector2(0, 1)], 7: {}}, 10: PackedInt32Array([4, 5])})
	c.set_value("player", "tags", PackedStringArray(["a", "b c", "q\"d"]))
	c.set_value("packed", "bytes", PackedByteArray([0, 1, 255]))
	c.set_value("packed", "ints", PackedInt32Array([1, -2, 300000]))
	c.set_value("packed", "longs", PackedInt64Array([1, -5000000000]))
	c.set_value("packed", "floats", PackedFloat32Array([0.5, -1.25]))
	c.set_value("packed", "doubles", PackedFloat64Array([0.5, 2.75]))
	c.set_value("packed", "vecs", PackedVector2Array([Vector2(1, 2), Vector2(-0.5, 3)]))
	c.set_value("packed", "colors", PackedColorArray([Color(0, 0, 1, 0.5)]))
	c.set_value("packed", "empty", PackedStringArray())
	c.set_value("keys", "two words", 1)
	c.set_value("keys", "k=v", 2)
	c.set_value("keys", "semi;colon", 3)
	c.set_value("keys", "quote\"back\\slash", 4)
	c.set_value("keys", "br[ack]et", 5)
	c.set_value("keys", "ünï", 6)
	c.set_value("keys", "#hash", 7)
	c.set_value("keys", "plain_key.1", 8)
	c.set_value("with space", "x", [])
	c.set_value("s]x", "k", {})
	c.set_value("misc", "rect", Rect2(0, 0, 640, 480))
	c.set_value("misc", "name", &"sn")
	c.set_value("misc", "path", NodePath("a/b:c"))
	c.set_value("misc", "esc", [&"x\ny", NodePath("p\nq"), PackedStringArray(["m\nn"]), {"k\nk": "v\tw"}, Array([" a\n"], TYPE_STRING, "", null)])
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
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_var(v)
	f.close()


func write_text(path: String, t: String) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_string(t)
	f.close()


const QUIRKS := "; a comment\n# not a comment\nfirst=1 ; after a value\n  spaced key = \"v\"\n\"quoted key\"=2\ngone=3\ngone=null\nab;mid-key comment\ncd=4\n[ trimmed ]\n\nv=\n Vector2(1, 2)\nd={\n\"a\": [1,\n2]\n}\n[s\\]x]\nk=true\n"
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


func same(a, b) -> bool:
	return typeof(a) == typeof(b) and var_to_bytes(a) == var_to_bytes(b)


func check(args: Array) -> int:
	var want := as_dict(build())
	var fails := 0
	var i := 0
	while i + 1 < args.size():
		var path: String = args[i]
		var kind: String = args[i + 1]
		i += 2
		var c := ConfigFile.new()
		var err := c.load(path) if kind == "text" else c.load_encrypted_pass(path, PASSWORD)
		var got := as_dict(c)
		if err == OK and same(got, want):
			print("OK   ", path, " ", kind, " (", want.size(), " sections)")
		else:
			print("FAIL ", path, " ", kind, " err=", err)
			for s in want:
				if not got.has(s) or not same(got[s], want[s]):
					print("  section ", s, ": got ", var_to_str(got.get(s)).left(300))
			fails += 1
	return 1 if fails > 0 else 0


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var rc := 2
	if args.size() >= 1 and args[0] == "gen":
		rc = gen()
	elif args.size() >= 1 and args[0] == "check":
		rc = check(args.slice(1))
	else:
		print("usage: gen | check FILE KIND ...")
	quit(rc)
