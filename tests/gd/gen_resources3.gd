# godot_bin Resource-save fixtures for Godot 3.x: the same cases, modes, files.tsv and dump format as
# gen_resources.gd (4.x), which documents them, in Godot 3's terms:
#   engine.sh godot-3.6 gen_resources3.gd gen | dump | prove
# Differences: no StringName, Vector2i/3i/4, Projection, typed Array/Dictionary, _static_init or UIDs; exports
# use export(...) hints; metadata is the __meta__ property; a NODE has no "id" (Godot 3 does not expose the
# sub-resource id: it is the number after "::" in "path"); no blob_64/65 cases (no format=4 in Godot 3).
# Floats are chosen so that var2str (6 significant digits) prints them exactly.
extends SceneTree

const PAYLOAD_MARKER := "user://godot_bin_marker_%s.txt"

const SAVE_GAME_GD := """extends Resource
class_name SaveGame
# A game save as the tutorials teach it: every kind of exported property.

const Item = preload("res://item.gd")
const Stats = preload("res://stats.gd")

export var player_name: String = ""
export var level: int = 1
export var alive: bool = true
export var gold: float = 0.0
export var target: NodePath = NodePath("")
export var position: Vector2
export var position3: Vector3
export var area: Rect2
export var tint: Color = Color.white
export var xform2: Transform2D
export var basis: Basis
export var rotation: Quat
export var xform3: Transform
export var bounds: AABB
export var plane: Plane
export var bytes: PoolByteArray
export var ints: PoolIntArray
export var reals: PoolRealArray
export var strings: PoolStringArray
export var points2: PoolVector2Array
export var points3: PoolVector3Array
export var colors: PoolColorArray
export(Array, int) var scores = []
export var by_name: Dictionary = {}
export var mixed: Dictionary = {}
export var untyped: Array = []
export(Array, Resource) var items = []
export(Resource) var stats
export(Resource) var config
export var unchanged: int = 42
var not_saved: int = 3
"""

const ITEM_GD := """extends Resource
class_name Item

export var name: String = ""
export var count: int = 1
export var tags: PoolStringArray
"""

const STATS_GD := """extends Resource
class_name Stats

export var hp: int = 100
export var speed: float = 1.0
export(Resource) var equipped
export var history: Array = []
"""

const CONFIG_GD := """extends Resource
class_name GameConfig

export var difficulty: String = "normal"
export var volume: float = 0.8
"""

const EMPTY_GD := """extends Resource
class_name EmptySave
"""

var manifest := PoolStringArray()


func write_text(path: String, text: String) -> void:
	var f := File.new()
	f.open(path, File.WRITE)
	f.store_string(text)
	f.close()


func read_bytes(path: String) -> PoolByteArray:
	var f := File.new()
	f.open(path, File.READ)
	var b := f.get_buffer(f.get_len())
	f.close()
	return b


func write_bytes(path: String, b: PoolByteArray) -> void:
	var f := File.new()
	f.open(path, File.WRITE)
	f.store_buffer(b)
	f.close()


func read_text(path: String) -> String:
	var f := File.new()
	f.open(path, File.READ)
	var t := f.get_as_text()
	f.close()
	return t


func remove(path: String) -> void:
	Directory.new().remove(path)


func note(file: String, kind: String, case_name: String, form: String, dump: String, what: String, needs := "-") -> void:
	manifest.append(PoolStringArray([file, kind, case_name, form, dump, needs, what]).join("\t"))


func item(n: String, count: int, tags: Array) -> Resource:
	var it = load("res://item.gd").new()
	it.name = n
	it.count = count
	it.tags = PoolStringArray(tags)
	return it


func long_text(n: int) -> String:
	var parts := PoolStringArray()
	var x := 2024
	for i in n:
		x = (x * 1103515245 + 12345) % 2147483648
		var c := 32 + (x >> 16) % 95
		if i % 97 == 96:
			c = 10
		elif i % 89 == 88:
			c = 9
		parts.append(char(c))
	return parts.join("")


func build_save(config: Resource) -> Resource:
	var s = load("res://save_game.gd").new()
	s.player_name = "Ayla"
	s.level = 7
	s.alive = false
	s.gold = 1234.5
	s.target = NodePath("World/Player:position:x")
	s.position = Vector2(1.5, -2.25)
	s.position3 = Vector3(0.1, 2, -3)
	s.area = Rect2(1, 2, 3, 4)
	s.tint = Color(1, 0.5, 0.25, 0.8)
	s.xform2 = Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6))
	s.basis = Basis(Vector3(1, 0, 0), Vector3(0, 0, 1), Vector3(0, -1, 0))
	s.rotation = Quat(0, 0.5, 0, 0.75)
	s.xform3 = Transform(Basis(Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, 0, 1)), Vector3(7, 8, 9))
	s.bounds = AABB(Vector3(-1, -2, -3), Vector3(2, 4, 6))
	s.plane = Plane(Vector3(0, 1, 0), 2.5)
	s.bytes = PoolByteArray([0, 1, 2, 127, 128, 255])
	s.ints = PoolIntArray([-2147483648, 0, 2147483647])
	s.reals = PoolRealArray([0.5, -1.25, 0.1])
	s.strings = PoolStringArray(["a", "", "tab\there", "quote\"q", "back\\slash"])
	s.points2 = PoolVector2Array([Vector2(1, 2), Vector2(-0.5, 0.25)])
	s.points3 = PoolVector3Array([Vector3(1, 2, 3)])
	s.colors = PoolColorArray([Color(0, 0, 0, 1), Color(0.5, 0.25, 1, 0)])
	s.scores = [10, 20, 30]
	s.by_name = {"alice": 1, "bob": 2}
	s.mixed = {1: "one", "two": 2, Vector2(1, 2): [true, null], false: "no", 2.5: NodePath("a/b"), "big": 9007199254740993, "small": -9223372036854775807 - 1, "tenth": 0.1}
	s.untyped = [1, "x", 2.5, Vector3(1, 2, 3), [1, [2]], {"k": "v"}, null]
	s.items = [item("sword", 1, ["sharp", "iron"]), item("potion", 3, [])]
	var st = load("res://stats.gd").new()
	st.hp = 80
	st.speed = 1.5
	st.equipped = item("ring", 1, ["magic"])
	s.stats = st
	s.config = config
	s.set_meta("saved_with", "gen_resources3.gd")
	s.set_meta("slot", 2)
	return s


func edge_cases() -> Dictionary:
	var cases := {}
	cases["empty"] = [load("res://empty.gd").new(), "an empty custom Resource (its script has no properties)"]
	cases["defaults_only"] = [load("res://save_game.gd").new(), "a SaveGame left at its defaults"]
	cases["long_string"] = [item(long_text(6000), 2, ["long"]), "an Item whose name is 6,000 characters (quotes, backslashes, tabs, newlines; the RSCC stream spans two 4096-byte blocks)"]
	var u = load("res://save_game.gd").new()
	u.player_name = "Zoë 🗡 日本語 e\u0301"
	u.target = NodePath("Ünïcode/节点:属性")
	u.mixed = {"ключ": "значение", "🗝": 1, "e\u0301": "combining", "日本": ["語"]}
	u.by_name = {"日本": 3, "ü": 4}
	u.strings = PoolStringArray(["α", "β", "😀"])
	u.resource_name = "Spielstand ✓"
	u.set_meta("notiz", "größe ✓")
	cases["unicode"] = [u, "unicode in String, NodePath, dictionary keys, packed strings, resource_name and metadata"]
	var n = load("res://save_game.gd").new()
	var a = item("a", 1, [])
	var b = item("b", 2, [])
	var c = item("c", 3, [])
	var d = item("d", 4, [])
	var e = item("e", 5, [])
	n.untyped = [[a, [b]], {"deep": [c]}]
	var st = load("res://stats.gd").new()
	st.history = [[d], []]
	st.equipped = e
	n.stats = st
	n.items = [item("f", 6, [])]
	cases["nested_subresources"] = [n, "sub-resources inside nested Arrays and Dictionaries, inside a sub-resource's Array, and a sub-resource inside a sub-resource"]
	var sh = load("res://save_game.gd").new()
	var shared = item("shared", 9, ["twice"])
	sh.items = [shared, shared]
	sh.mixed = {"main": shared}
	var st2 = load("res://stats.gd").new()
	st2.equipped = shared
	sh.stats = st2
	sh.config = shared
	cases["shared_subresource"] = [sh, "one Item referenced five times (twice in an Array, a Dictionary, a nested sub-resource, a plain property)"]
	return cases


func save_forms(res: Resource, case_name: String, what: String) -> void:
	var forms := [
		[case_name + ".tres", 0, "tres"],
		[case_name + ".res", 0, "res"],
		[case_name + "_compressed.res", ResourceSaver.FLAG_COMPRESS, "res-rscc-zstd"],
	]
	for f in forms:
		var err := ResourceSaver.save("res://" + f[0], res, f[1])
		if err != OK:
			printerr("save ", f[0], " failed: ", err)
			continue
		note(f[0], "save", case_name, f[2], f[0] + ".dump.txt", what)


# As in gen_resources.gd: RSCC in the other modes, from the saver's own RSCC stream.
func with_magic(bytes: PoolByteArray, magic: String) -> PoolByteArray:
	var b := bytes
	for i in 4:
		b[i] = ord(magic[i])
		b[b.size() - 4 + i] = ord(magic[i])
	return b


func rscc_stream(rscc: String) -> PoolByteArray:
	var tmp := "res://rscc_stream.tmp"
	write_bytes(tmp, with_magic(read_bytes(rscc), "GCPF"))
	var f := File.new()
	f.open_compressed(tmp, File.READ)
	var stream := f.get_buffer(f.get_len())
	f.close()
	remove(tmp)
	return stream


func rscc_variant(rscc: String, out: String, mode: int) -> PoolByteArray:
	var stream := rscc_stream(rscc)
	var f := File.new()
	f.open_compressed(out, File.WRITE, mode)
	f.store_buffer(stream)
	f.close()
	var c := with_magic(read_bytes(out), "RSCC")
	write_bytes(out, c)
	return c


func payload_source(case_name: String, how: String) -> String:
	var write := "\tvar f = File.new()\n\tif f.open(\"%s\", File.WRITE) == OK:\n\t\tf.store_string(%s)\n\t\tf.close()\n"
	var marker := PAYLOAD_MARKER % case_name
	if how == "_init":
		return "extends Resource\n\nfunc _init():\n" + write % [marker, "\"_init in \" + get_script().resource_path"]
	if how == "setter":
		return ("extends Resource\n\nexport var level = 0 setget set_level\n\nfunc set_level(value):\n\tlevel = value\n\tmark()\n\nfunc mark():\n"
			+ write % [marker, "\"setter in \" + get_script().resource_path"])
	return ""


func builtin_script(case_name: String, how: String) -> GDScript:
	var g := GDScript.new()
	g.source_code = payload_source(case_name, how)
	g.reload()
	return g


func payload_resource(script: Script, how: String) -> Resource:
	var r := Resource.new()
	r.set_script(script)
	if how == "setter":
		r.level = 7
	return r


func hostile_save(carrier: Resource, where: String) -> Resource:
	var s = load("res://save_game.gd").new()
	s.player_name = "mallory"
	s.level = 3
	match where:
		"config":
			s.config = carrier
		"dict":
			s.mixed = {"slot": carrier, "n": 1}
		"array":
			s.untyped = [1, [carrier]]
		"meta":
			s.set_meta("hack", carrier)
	return s


# Forms Godot 3 does not run (the live check proves it refuses them): kind "inert", with the reason.
const INERT := {
	"hostile_script_dotdot": "Godot 3 drops the .. (res://../x is res://x), finds no such script in the project and fails the load",
	"hostile_srl_string_name": "Godot 3's parser has no &\"...\" (a parse error fails the load)",
	"hostile_srl_string_name_legacy": "Godot 3's parser has no @\"...\" (a parse error fails the load)",
}


func hostile_kind(name: String, what: String) -> Array:
	if INERT.has(name):
		return ["inert", what + ". INERT in Godot 3: " + INERT[name]]
	return ["hostile", what]


func save_hostile(res: Resource, name: String, forms: Array, what: String, needs: String) -> void:
	for form in forms:
		var file: String = name + "." + form
		var err := ResourceSaver.save("res://" + file, res)
		if err != OK:
			printerr("save ", file, " failed: ", err)
			continue
		var k := hostile_kind(name, what)
		note(file, k[0], name, form, "-", k[1], needs if needs != "" else "-")


func bypass_tag(form: String, type_id: String, payload: String) -> String:
	match form:
		"duplicate_path":
			return "[ext_resource path=\"res://save_game.gd\" path=\"%s\" type=\"Script\" id=%s]" % [payload, type_id]
		"comment":
			return "[ ext_resource path=; \"res://save_game.gd\"\n\"%s\" type=\"Script\" id=%s]" % [payload, type_id]
		"line_breaks":
			return "[ext_resource\n\tpath=\"%s\"\n\ttype=\"Script\" id=%s]" % [payload, type_id]
		"node_path":
			return "[ext_resource path=NodePath (\n\"%s\") type=\"Script\" id=%s]" % [payload, type_id]
		"string_name":
			return "[ext_resource path=&\"%s\" type=\"Script\" id=%s]" % [payload, type_id]
		"string_name_legacy":
			return "[ext_resource path=@\"%s\" type=\"Script\" id=%s]" % [payload, type_id]
	return ""


const BYPASS_FORMS := {
	"duplicate_path": "GHSA-5vf5-j43p-g226: a second path attribute (the engine keeps the last one)",
	"comment": "GHSA-x58g-598w-5px4: a ; comment inside the tag hides the real path value on the next line",
	"line_breaks": "GHSA-3jm6-vgw3-j54p: the attributes of the tag on separate lines",
	"node_path": "GHSA-9hrm-6m9q-36jx: path=NodePath (\\n\"...\") (a NodePath the engine turns into the path)",
	"string_name": "GHSA-pv3c-c5qh-vx2h: path=&\"...\" (the Godot 4 StringName spelling)",
	"string_name_legacy": "GHSA-pv3c-c5qh-vx2h: path=@\"...\" (the old StringName spelling)",
}


func gen_hostile() -> void:
	for how in ["_init", "setter"]:
		var name: String = {"_init": "hostile_builtin_init", "setter": "hostile_builtin_setter"}[how]
		var g := builtin_script(name, how)
		save_hostile(hostile_save(payload_resource(g, how), "config"), name, ["tres", "res"],
			"an embedded GDScript sub-resource whose %s writes %s" % [how, PAYLOAD_MARKER % name], "")
	var gm := builtin_script("hostile_builtin_main", "_init")
	var main := Resource.new()
	main.set_script(gm)
	save_hostile(main, "hostile_builtin_main", ["tres", "res"],
		"the main resource's own script is embedded; its _init writes " + PAYLOAD_MARKER % "hostile_builtin_main", "")
	for where in ["dict", "array"]:
		var name: String = "hostile_builtin_in_" + where
		var g := builtin_script(name, "_init")
		var desc := "mixed = {\"slot\": payload, \"n\": 1}" if where == "dict" else "untyped = [1, [payload]]"
		save_hostile(hostile_save(payload_resource(g, "_init"), where), name, ["tres", "res"],
			"the embedded-script payload nested in an untyped %s: %s; _init writes %s" % [
				"Dictionary" if where == "dict" else "Array", desc, PAYLOAD_MARKER % name], "")
	var outside := {
		"hostile_script_user": ["user://payload_script_user.gd", "user", "a script path in user://"],
		"hostile_script_absolute": ["/proc/self/cwd/outside/payload_script_absolute.gd", "above",
			"an absolute script path (/proc/self/cwd is the engine's working directory on Linux, the project's folder; the live check makes outside/ there a link to the folder above it)"],
		"hostile_script_dotdot": ["res://../payload_script_dotdot.gd", "above", "a script path res://../ (the folder above the project)"],
	}
	for name in outside:
		var path: String = outside[name][0]
		var payload: String = "payload_" + name.trim_prefix("hostile_") + ".gd"
		var src := payload_source(name, "_init")
		write_text("res://" + payload, src)
		note(payload, "payload", name, "gd", "-", "the script %s refers to as %s; its _init writes %s" % [name, path, PAYLOAD_MARKER % name])
		var g: GDScript
		if path.begins_with("user://"):
			write_text(path, src)
			g = load(path)
		else:
			g = GDScript.new()
			g.source_code = src
			g.reload()
			g.take_over_path(path)
		if g == null or g.resource_path != path:
			printerr(name, ": the payload script's path is ", g.resource_path if g != null else "(not loaded)", ", not ", path)
		save_hostile(hostile_save(payload_resource(g, "_init"), "config"), name, ["tres", "res"],
			outside[name][2] + "; the script's _init writes " + PAYLOAD_MARKER % name,
			payload + ":" + outside[name][1])
	for form in BYPASS_FORMS:
		var name: String = "hostile_srl_" + form
		var payload: String = "payload_srl_" + form + ".gd"
		var src := payload_source(name, "_init")
		write_text("res://" + payload, src)
		note(payload, "payload", name, "gd", "-", "the script %s refers to by a relative path; its _init writes %s" % [name, PAYLOAD_MARKER % name])
		var g := GDScript.new()
		g.source_code = src
		g.reload()
		g.take_over_path("res://payload_base.gd")
		var s := hostile_save(payload_resource(g, "_init"), "meta")
		var file: String = name + ".tres"
		ResourceSaver.save("res://" + file, s)
		var lines := read_text("res://" + file).split("\n")
		var done := false
		for i in lines.size():
			if lines[i].begins_with("[ext_resource") and lines[i].find("path=\"res://payload_base.gd\"") >= 0:
				var id: String = lines[i].split("id=")[1].split("]")[0]
				lines[i] = bypass_tag(form, id, payload)
				done = true
		if not done:
			printerr(file, ": no ext_resource for the payload found")
		write_text("res://" + file, lines.join("\n"))
		var k := hostile_kind(name, BYPASS_FORMS[form] + "; the save's __meta__ hack sub-resource uses the script, whose _init writes " + PAYLOAD_MARKER % name)
		note(file, k[0], name, "tres", "-", k[1], payload + ":user")


func gen() -> int:
	for pair in [["save_game.gd", SAVE_GAME_GD], ["item.gd", ITEM_GD], ["stats.gd", STATS_GD], ["config.gd", CONFIG_GD], ["empty.gd", EMPTY_GD]]:
		write_text("res://" + pair[0], pair[1])
		note(pair[0], "script", "-", "gd", "-", "the game's script (loaded by the saves)")
	var config = load("res://config.gd").new()
	config.difficulty = "hard"
	config.volume = 0.5
	ResourceSaver.save("res://shared_config.tres", config)
	note("shared_config.tres", "save", "shared_config", "tres", "shared_config.tres.dump.txt",
		"a GameConfig that save_game.* refer to as an external resource")
	config = load("res://shared_config.tres")
	var save = build_save(config)
	save_forms(save, "save_game", "the full SaveGame")
	for flags in [[ResourceSaver.FLAG_SAVE_BIG_ENDIAN, "save_game_be.res", "res-big-endian"],
			[ResourceSaver.FLAG_SAVE_BIG_ENDIAN | ResourceSaver.FLAG_COMPRESS, "save_game_be_compressed.res", "res-big-endian-rscc-zstd"]]:
		ResourceSaver.save("res://" + flags[1], save, flags[0])
		note(flags[1], "save", "save_game", flags[2], flags[1] + ".dump.txt", "the full SaveGame, FLAG_SAVE_BIG_ENDIAN")
	ResourceSaver.save("res://save_game_bundled.tres", save, ResourceSaver.FLAG_BUNDLE_RESOURCES)
	note("save_game_bundled.tres", "save", "save_game", "tres-bundled", "save_game_bundled.tres.dump.txt",
		"the full SaveGame, FLAG_BUNDLE_RESOURCES: the external resource and the scripts become sub-resources (embedded scripts!)")
	var native := "res://save_game_compressed.res"
	var same := rscc_variant(native, "res://rscc_check.tmp", File.COMPRESSION_ZSTD) == read_bytes(native)
	remove("res://rscc_check.tmp")
	if not same:
		printerr("the RSCC construction (zstd) is not byte-identical to FLAG_COMPRESS")
		return 1
	for m in [["fastlz", File.COMPRESSION_FASTLZ], ["deflate", File.COMPRESSION_DEFLATE], ["gzip", File.COMPRESSION_GZIP]]:
		var out: String = "save_game_rscc_%s.res" % m[0]
		rscc_variant(native, "res://" + out, m[1])
		note(out, "save", "save_game", "res-rscc-" + m[0], out + ".dump.txt",
			"the full SaveGame in RSCC with %s: FLAG_COMPRESS's stream written again by File.open_compressed in that mode, magic GCPF replaced by RSCC (done with zstd, this gives FLAG_COMPRESS's own bytes)" % m[0])
	var cases := edge_cases()
	for c in cases:
		save_forms(cases[c][0], c, cases[c][1])
	gen_hostile()
	var sorted := Array(manifest)
	sorted.sort()
	write_text("res://files.tsv", "# file\tkind\tcase\tform\tdump\tneeds\twhat\n" + PoolStringArray(sorted).join("\n") + "\n")
	return 0


# ---- dump ----

var seen := {}


func conv(v, stack: Array):
	match typeof(v):
		TYPE_OBJECT:
			if v == null:
				return null
			if v is Resource:
				return node(v, stack)
			return {"object_class": v.get_class()}
		TYPE_ARRAY:
			var items := []
			for x in v:
				items.append(conv(x, stack))
			return items
		TYPE_DICTIONARY:
			var out := {}
			for k in v:
				out[conv(k, stack)] = conv(v[k], stack)
			return out
	return v


# Godot 3 compares Dictionaries (and some Arrays) by reference: values are compared by their text.
func same_value(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	if typeof(a) == TYPE_OBJECT:
		return a == b
	return var2str(a) == var2str(b)


func node(res: Resource, stack: Array) -> Dictionary:
	var iid := res.get_instance_id()
	if not seen.has(iid):
		seen[iid] = seen.size()
	var script = res.get_script()
	var d := {
		"class": res.get_class(),
		"script": script.resource_path if script != null else "",
		"path": res.resource_path,
		"instance": seen[iid],
	}
	if stack.has(iid):
		d["cycle"] = true
		return d
	var fresh = null
	if script != null and script.can_instance():
		fresh = script.new()
	elif ClassDB.can_instance(res.get_class()):
		fresh = ClassDB.instance(res.get_class())
	var props := {}
	var order := PoolStringArray()
	var at_default := PoolStringArray()
	for p in res.get_property_list():
		if not (p["usage"] & PROPERTY_USAGE_STORAGE) or p["name"] == "script":
			continue
		var v = res.get(p["name"])
		props[p["name"]] = conv(v, stack + [iid])
		order.append(p["name"])
		if fresh != null and p["name"] in fresh and same_value(fresh.get(p["name"]), v):
			at_default.append(p["name"])
	d["properties"] = props
	d["order"] = order
	d["at_default"] = at_default
	return d


func dump() -> int:
	var rows := read_text("res://files.tsv").split("\n")
	var fails := 0
	var n := 0
	for row in rows:
		var c: PoolStringArray = row.split("\t")
		if c.size() < 7 or row.begins_with("#") or c[1] != "save":
			continue
		var path := "res://" + c[0]
		seen = {}
		var res = ResourceLoader.load(path, "", true)
		if res == null:
			printerr("dump: cannot load ", c[0])
			fails += 1
			continue
		var d := {
			"engine": Engine.get_version_info().string,
			"file": c[0],
			"dependencies": ResourceLoader.get_dependencies(path),
			"uid": "",
			"resource": node(res, []),
		}
		write_text("res://" + c[4], var2str(d) + "\n")
		n += 1
	print("dump: ", n, " files, ", fails, " failed")
	return 1 if fails > 0 else 0


# ---- prove: see gen_resources.gd ----

func prove() -> int:
	var here := ProjectSettings.globalize_path("res://")
	var proj := here.plus_file("proj")
	var dir := Directory.new()
	dir.make_dir_recursive(proj)
	write_text(proj.plus_file("project.godot"), "config_version=4\n")
	dir.open(here)
	dir.list_dir_begin(true, true)
	var f := dir.get_next()
	while f != "":
		# The game's scripts, and the resource its saves name (an edited save loads it).
		var game := (f.ends_with(".gd") and not f.begins_with("payload_")) or f == "shared_config.tres"
		if game and not dir.current_is_dir():
			dir.copy(here.plus_file(f), proj.plus_file(f))
		f = dir.get_next()
	dir.list_dir_end()
	var me: String = get_script().resource_path.get_file()
	dir.copy(here.plus_file(me), proj.plus_file("prove_one.gd"))
	var rows := read_text("res://files.tsv").split("\n")
	var ok := 0
	var refused := 0
	var loaded := 0
	var fails := 0
	for row in rows:
		var c: PoolStringArray = row.split("\t")
		if c.size() < 7 or row.begins_with("#") or not (c[1] == "hostile" or c[1] == "inert" or c[1] == "stripped" or c[1] == "edited"):
			continue
		var out := []
		var rc := OS.execute(OS.get_executable_path(), ["--no-window", "--path", proj, "-s", "res://prove_one.gd", "--", "prove-one", c[0], c[2], c[5], c[1]], true, out, true)
		var text: String = PoolStringArray(out).join("")
		var line := ""
		for l in text.split("\n"):
			if l.begins_with("OK ") or l.begins_with("FAIL "):
				line = l
		if line == "":
			var t := text.strip_edges()
			line = "FAIL %s: no result from the engine (exit %d): %s" % [c[0], rc, t.substr(max(0, t.length() - 300), 300).replace("\n", " | ")]
		print(line)
		if not line.begins_with("OK "):
			for l in text.split("\n"):
				if l.begins_with("ERROR") or l.begins_with("SCRIPT ERROR"):
					print("       ", l)
		if line.begins_with("OK ") and c[1] == "inert":
			refused += 1
		elif line.begins_with("OK ") and (c[1] == "stripped" or c[1] == "edited"):
			loaded += 1
		elif line.begins_with("OK "):
			ok += 1
		else:
			fails += 1
	print("prove: %d ran their code, %d refused as expected, %d stripped or edited loaded as expected, %d failed" % [ok, refused, loaded, fails])
	return 1 if fails > 0 or ok == 0 else 0


func prove_one(file: String, case_name: String, needs: String, kind: String) -> int:
	var fixtures := ProjectSettings.globalize_path("res://").trim_suffix("/").get_base_dir()
	var user := ProjectSettings.globalize_path("user://")
	var dir := Directory.new()
	dir.make_dir_recursive(user)
	var marker := PAYLOAD_MARKER % case_name
	if File.new().file_exists(marker):
		dir.remove(marker)
	dir.copy(fixtures.plus_file(file), user.plus_file(file))
	if needs != "-":
		var payload: String = needs.split(":")[0]
		var where: String = needs.split(":")[1]
		if where == "user":
			dir.copy(fixtures.plus_file(payload), user.plus_file(payload))
	var link := ProjectSettings.globalize_path("res://outside")
	if not dir.dir_exists(link):
		OS.execute("ln", ["-s", fixtures, link], true)
	var res = ResourceLoader.load("user://" + file, "", true)
	var ran := File.new().file_exists(marker)
	var how := read_text(marker) if ran else ""
	if kind == "edited":
		# A save edited through `godot-bin decode --to json | encode --like`: level 99, player_name "Edited".
		if res != null and str(res.get("level")) == "99" and str(res.get("player_name")) == "Edited":
			print("OK   %s: edited by godot-bin, it loads with the edits (level 99, player_name Edited)" % file)
			return 0
		print("FAIL %s: edited by godot-bin, but %s" % [file, "the engine did not load it" if res == null else "it loads with level %s, player_name %s" % [str(res.get("level")), str(res.get("player_name"))]])
		return 1
	if kind == "stripped":
		# A hostile save after `godot-bin check --strip`: it loads, and nothing of its payload runs.
		if not ran and res != null:
			print("OK   %s: stripped, it loads (a %s, player_name %s) and runs no code (no marker)" % [file, res.get_class(), str(res.get("player_name"))])
			return 0
		print("FAIL %s: stripped, but %s" % [file, ("the marker appeared: " + how) if ran else "the engine did not load it"])
		return 1
	if kind == "inert":
		if not ran and res == null:
			print("OK   %s: the engine refused to load it, as expected (no marker, load returned null)" % file)
			return 0
		print("FAIL %s: expected the engine to refuse it, but %s" % [file, ("the marker appeared: " + how) if ran else "it loaded"])
		return 1
	if ran:
		print("OK   %s: the engine ran the file's code (%s wrote %s)" % [file, how, marker])
		return 0
	print("FAIL %s: no marker %s after loading (load returned %s)" % [file, marker, "null" if res == null else res.get_class()])
	return 1


func _init() -> void:
	var args := Array(OS.get_cmdline_args())
	var dd := args.find("--")
	var rest := args.slice(dd + 1, args.size() - 1) if dd >= 0 and dd + 1 < args.size() else []
	var rc := 2
	if rest.size() >= 1 and rest[0] == "gen":
		rc = gen()
	elif rest.size() >= 1 and rest[0] == "dump":
		rc = dump()
	elif rest.size() >= 1 and rest[0] == "prove":
		rc = prove()
	elif rest.size() >= 5 and rest[0] == "prove-one":
		rc = prove_one(rest[1], rest[2], rest[3], rest[4])
	else:
		print("usage: gen | dump | prove")
	quit(rc)
