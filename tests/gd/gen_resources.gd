# godot_bin Resource-save fixtures for Godot 4.x: custom Resources saved by ResourceSaver as .tres, .res and
# compressed .res, what the engine loads back from each, and hostile saves that run code when loaded.
# Run by scripts/gen.sh resources (in an empty directory), in two engine runs, so that the dumps come from a
# fresh engine that only sees the files:
#   engine.sh godot-4.6 gen_resources.gd gen     writes the scripts, saves, hostile files and files.tsv
#   engine.sh godot-4.6 gen_resources.gd dump    loads every save listed in files.tsv (CACHE_MODE_IGNORE) and
#                                                writes FILE.dump.txt (var_to_str of a Dictionary, below)
# files.tsv (written by gen) lists every file: name, kind (script, save, hostile, inert, payload), case, form,
# dump file (or -), needs (PAYLOAD:user|above: the payload script a hostile save loads, and where it must be;
# or -), what it is.
# Live proof (scripts/live.sh resources): in a directory holding the fixtures,
#   engine.sh godot-4.6 gen_resources.gd prove
# loads every hostile (and inert) save of files.tsv in its own engine process (a project in proj/, so that
# res:// is proj/ and res://../ is still inside the run directory; proj/outside links to res://../), from
# user:// as a game loads a save, and prints
#   OK   FILE: ... (hostile: the payload's marker file appeared; inert: the load failed, no marker)
#   FAIL FILE: ...
# Markers are written to user:// (inside the run directory of scripts/engine.sh).
#
# Dump format: {"engine", "file", "dependencies" (ResourceLoader.get_dependencies), "uid" (the file's UID as
# text, "" if none), "resource": NODE}. NODE, for every Resource met: {"class", "script" (the script's
# resource_path, "" if none), "path" (resource_path as loaded), "id" (resource_scene_unique_id),
# "instance" (ordinal of the object in walk order: the same number = the same object), "properties"
# {name: value} for every PROPERTY_USAGE_STORAGE property but "script", "order" (the property names in the
# engine's order), "at_default" (the names whose value equals a fresh instance's)}. Values: Resources as
# NODEs; Arrays typed with an Object class as {"typed_array": {"builtin", "class", "script"}, "items": [...]};
# Dictionaries typed with an Object class on either side as {"typed_dictionary": {"key": {...}, "value":
# {...}}, "entries": {...}}; other typed containers keep their type; everything else as loaded.
extends SceneTree

const PAYLOAD_MARKER := "user://godot_bin_marker_%s.txt"

# The game's scripts, as a tutorial writes them (class_name, typed exports).
const SAVE_GAME_GD := """extends Resource
class_name SaveGame
## A game save as the tutorials teach it: every kind of exported property.

const Item = preload("res://item.gd")
const Stats = preload("res://stats.gd")

@export var player_name: String = ""
@export var level: int = 1
@export var alive: bool = true
@export var gold: float = 0.0
@export var title: StringName = &""
@export var target: NodePath = NodePath("")
@export var position: Vector2
@export var cell: Vector2i
@export var position3: Vector3
@export var cell3: Vector3i
@export var direction: Vector4
@export var cell4: Vector4i
@export var area: Rect2
@export var area_i: Rect2i
@export var tint: Color = Color.WHITE
@export var xform2: Transform2D
@export var basis: Basis
@export var rotation: Quaternion
@export var xform3: Transform3D
@export var bounds: AABB
@export var plane: Plane
@export var projection: Projection
@export var bytes: PackedByteArray
@export var ints32: PackedInt32Array
@export var ints64: PackedInt64Array
@export var floats32: PackedFloat32Array
@export var floats64: PackedFloat64Array
@export var strings: PackedStringArray
@export var points2: PackedVector2Array
@export var points3: PackedVector3Array
@export var colors: PackedColorArray
@export var points4: PackedVector4Array
@export var scores: Array[int] = []
@export var flags: Array[StringName] = []
@export var by_name: Dictionary[String, int] = {}
@export var mixed: Dictionary = {}
@export var untyped: Array = []
@export var items: Array[Item] = []
@export var by_slot: Dictionary[String, Item] = {}
@export var stats: Stats
@export var config: Resource
@export var unchanged: int = 42
@export_storage var play_time: float = 0.0
var not_saved: int = 3
"""

const ITEM_GD := """extends Resource
class_name Item

@export var name: String = ""
@export var count: int = 1
@export var tags: PackedStringArray
"""

const STATS_GD := """extends Resource
class_name Stats

const Item = preload("res://item.gd")

@export var hp: int = 100
@export var speed: float = 1.0
@export var equipped: Item
@export var history: Array = []
"""

const CONFIG_GD := """extends Resource
class_name GameConfig

@export var difficulty: String = "normal"
@export var volume: float = 0.8
"""

const EMPTY_GD := """extends Resource
class_name EmptySave
"""

# UIDs given to the files that carry one (fixed, so the files are reproducible).
const UID_CONFIG := 4242424242424242
const UID_SAVE := 1717171717171717

var manifest: PackedStringArray = []

# The editor's part (gen_editor): an editor plugin that saves a SaveGame as the editor does, with UIDs.
const EDITOR_PLUGIN_GD := """@tool
extends EditorPlugin

func _enter_tree():
	_go.call_deferred()

func _go():
	var fs := EditorInterface.get_resource_filesystem()
	while fs.is_scanning():
		await get_tree().process_frame
	var config = load("res://config.gd").new()
	config.difficulty = "easy"
	ResourceSaver.save(config, "res://editor_config.tres")
	config = load("res://editor_config.tres")
	var item = load("res://item.gd")
	var s = load("res://save_game.gd").new()
	s.player_name = "Edda"
	s.level = 2
	var sword = item.new()
	sword.name = "sword"
	s.items.assign([sword])
	var st = load("res://stats.gd").new()
	st.hp = 50
	var ring = item.new()
	ring.name = "ring"
	st.equipped = ring
	s.stats = st
	s.config = config
	s.set_meta("made_in", "editor")
	ResourceSaver.save(s, "res://editor_save.tres")
	ResourceSaver.save(s, "res://editor_save.res")
	ResourceSaver.save(s, "res://editor_save_compressed.res", ResourceSaver.FLAG_COMPRESS)
	get_tree().quit()
"""


func write_text(path: String, text: String) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_string(text)
	f.close()


func note(file: String, kind: String, case_name: String, form: String, dump: String, what: String, needs := "-") -> void:
	manifest.append("\t".join([file, kind, case_name, form, dump, needs, what]))


func item(n: String, count: int, tags: Array) -> Resource:
	var it = load("res://item.gd").new()
	it.name = n
	it.count = count
	it.tags = PackedStringArray(tags)
	return it


# A string of n characters: printable ASCII with quotes, backslashes, tabs and newlines mixed in.
func long_text(n: int) -> String:
	var parts: PackedStringArray = []
	var x := 2024
	for i in n:
		x = (x * 1103515245 + 12345) % 2147483648
		var c := 32 + (x >> 16) % 95
		if i % 97 == 96:
			c = 10
		elif i % 89 == 88:
			c = 9
		parts.append(String.chr(c))
	return "".join(parts)


func build_save(config: Resource) -> Resource:
	var s = load("res://save_game.gd").new()
	s.player_name = "Ayla"
	s.level = 7
	s.alive = false
	s.gold = 1234.5
	s.title = &"Knight"
	s.target = NodePath("World/Player:position:x")
	s.position = Vector2(1.5, -2.25)
	s.cell = Vector2i(-3, 4)
	s.position3 = Vector3(0.1, 2, -3)
	s.cell3 = Vector3i(1, -2, 3)
	s.direction = Vector4(1, 2, 3, 4.5)
	s.cell4 = Vector4i(-1, 2, -3, 4)
	s.area = Rect2(1, 2, 3, 4)
	s.area_i = Rect2i(-1, -2, 3, 4)
	s.tint = Color(1, 0.5, 0.25, 0.8)
	s.xform2 = Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6))
	s.basis = Basis(Vector3(1, 0, 0), Vector3(0, 0, 1), Vector3(0, -1, 0))
	s.rotation = Quaternion(0, 0.70710677, 0, 0.70710677)
	s.xform3 = Transform3D(Basis(Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, 0, 1)), Vector3(7, 8, 9))
	s.bounds = AABB(Vector3(-1, -2, -3), Vector3(2, 4, 6))
	s.plane = Plane(Vector3(0, 1, 0), 2.5)
	s.projection = Projection(Vector4(1, 0, 0, 0), Vector4(0, 2, 0, 0), Vector4(0, 0, 3, -1), Vector4(0, 0, 4, 0))
	s.bytes = PackedByteArray([0, 1, 2, 127, 128, 255])
	s.ints32 = PackedInt32Array([-2147483648, 0, 2147483647])
	s.ints64 = PackedInt64Array([-9223372036854775807 - 1, 9007199254740993, 9223372036854775807])
	s.floats32 = PackedFloat32Array([0.5, -1.25, 3.4028235e38, 0.1])
	s.floats64 = PackedFloat64Array([0.1, 1.0 / 3.0, -2.5e-300, 1e300])
	s.strings = PackedStringArray(["a", "", "tab\there", "quote\"q", "back\\slash"])
	s.points2 = PackedVector2Array([Vector2(1, 2), Vector2(-0.5, 0.25)])
	s.points3 = PackedVector3Array([Vector3(1, 2, 3)])
	s.colors = PackedColorArray([Color(0, 0, 0, 1), Color(0.5, 0.25, 1, 0)])
	s.points4 = PackedVector4Array([Vector4(1, 2, 3, 4), Vector4(-1, -2, -3, -4)])
	s.scores.assign([10, 20, 30])
	s.flags.assign([&"tutorial_done", &"met_king"])
	s.by_name.assign({"alice": 1, "bob": 2})
	s.mixed = {1: "one", "two": 2, Vector2i(1, 2): [true, null], &"sn": 3.5, false: "no", 2.5: NodePath("a/b")}
	s.untyped = [1, "x", 2.5, Vector3(1, 2, 3), [1, [2]], {"k": "v"}, null]
	s.items.assign([item("sword", 1, ["sharp", "iron"]), item("potion", 3, [])])
	s.by_slot.assign({"offhand": item("shield", 1, ["wood"])})
	var st = load("res://stats.gd").new()
	st.hp = 80
	st.speed = 1.5
	st.equipped = item("ring", 1, ["magic"])
	s.stats = st
	s.config = config
	s.play_time = 3600.25
	s.set_meta("saved_with", "gen_resources.gd")
	s.set_meta("slot", 2)
	return s


# The edge cases: name -> [resource, what].
func edge_cases() -> Dictionary:
	var cases := {}
	cases["empty"] = [load("res://empty.gd").new(), "an empty custom Resource (its script has no properties)"]
	cases["defaults_only"] = [load("res://save_game.gd").new(), "a SaveGame left at its defaults (the saver omits them)"]
	cases["long_string"] = [item(long_text(6000), 2, ["long"]), "an Item whose name is 6,000 characters (quotes, backslashes, tabs, newlines; the RSCC stream spans two 4096-byte blocks)"]
	var u = load("res://save_game.gd").new()
	u.player_name = "Zoë 🗡 日本語 e\u0301"
	u.title = &"ключ"
	u.target = NodePath("Ünïcode/节点:属性")
	u.mixed = {"ключ": "значение", "🗝": 1, "e\u0301": "combining", "日本": ["語"]}
	u.by_name.assign({"日本": 3, "ü": 4})
	u.strings = PackedStringArray(["α", "β", "😀"])
	u.flags.assign([&"ünï", &"名前"])
	u.resource_name = "Spielstand ✓"
	u.set_meta("notiz", "größe ✓")
	cases["unicode"] = [u, "unicode in String, StringName, NodePath, dictionary keys, packed strings, resource_name and metadata"]
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
	n.items.assign([item("f", 6, [])])
	cases["nested_subresources"] = [n, "sub-resources inside nested untyped Arrays and Dictionaries, inside a sub-resource's Array, and a sub-resource inside a sub-resource"]
	var sh = load("res://save_game.gd").new()
	var shared = item("shared", 9, ["twice"])
	sh.items.assign([shared, shared])
	sh.by_slot.assign({"main": shared})
	var st2 = load("res://stats.gd").new()
	st2.equipped = shared
	sh.stats = st2
	sh.config = shared
	cases["shared_subresource"] = [sh, "one Item referenced five times (twice in a typed Array, a typed Dictionary, a nested sub-resource, a plain property)"]
	var b64 := Resource.new()
	var blob := PackedByteArray()
	blob.resize(64)
	for i in 64:
		blob[i] = i * 3 % 256
	b64.set_meta("blob", blob)
	cases["blob_64"] = [b64, "a plain Resource whose metadata holds a 64-byte PackedByteArray (format=3: written as numbers)"]
	var b65 := Resource.new()
	var blob65 := blob.duplicate()
	blob65.append(255)
	b65.set_meta("blob", blob65)
	cases["blob_65"] = [b65, "the same with 65 bytes (format=4: the text saver writes base64)"]
	return cases


func save_forms(res: Resource, case_name: String, what: String, uid: int) -> void:
	var forms := [
		[case_name + ".tres", 0, "tres"],
		[case_name + ".res", 0, "res"],
		[case_name + "_compressed.res", ResourceSaver.FLAG_COMPRESS, "res-rscc-zstd"],
	]
	for f in forms:
		var err := ResourceSaver.save(res, "res://" + f[0], f[1])
		if err != OK:
			printerr("save ", f[0], " failed: ", err)
			continue
		if uid != 0:
			err = ResourceSaver.set_uid("res://" + f[0], uid)
			if err != OK:
				printerr("set_uid ", f[0], " failed: ", err)
		note(f[0], "save", case_name, f[2], f[0] + ".dump.txt", what)


# RSCC in the modes ResourceSaver does not use. The saver's own RSCC file is FileAccessCompressed's layout
# under the magic RSCC (at both ends of the file), around the .res bytes without their leading RSRC (so the offsets inside are 4 less
# than in the plain .res). Its stream is read back (magic set to GCPF for FileAccess.open_compressed) and
# written again with FileAccess.open_compressed in MODE, magic set back to RSCC. Done with zstd, the saver's
# own mode, this gives the saver's bytes exactly (checked in gen()).
func with_magic(bytes: PackedByteArray, magic: String) -> PackedByteArray:
	var b := bytes.duplicate()
	for i in 4:
		b[i] = magic.unicode_at(i)
		b[b.size() - 4 + i] = magic.unicode_at(i)
	return b


func rscc_stream(rscc: String) -> PackedByteArray:
	var tmp := "res://rscc_stream.tmp"
	var f := FileAccess.open(tmp, FileAccess.WRITE)
	f.store_buffer(with_magic(FileAccess.get_file_as_bytes(rscc), "GCPF"))
	f.close()
	f = FileAccess.open_compressed(tmp, FileAccess.READ)
	var stream := f.get_buffer(f.get_length())
	f.close()
	DirAccess.remove_absolute(ProjectSettings.globalize_path(tmp))
	return stream


func rscc_variant(rscc: String, out: String, mode: int) -> PackedByteArray:
	var stream := rscc_stream(rscc)
	var f := FileAccess.open_compressed(out, FileAccess.WRITE, mode)
	f.store_buffer(stream)
	f.close()
	var c := with_magic(FileAccess.get_file_as_bytes(out), "RSCC")
	f = FileAccess.open(out, FileAccess.WRITE)
	f.store_buffer(c)
	f.close()
	return c


func payload_source(case_name: String, how: String) -> String:
	# The marker holds what ran and, where there is an instance, the path of the script that ran.
	var write := "\tvar f := FileAccess.open(\"%s\", FileAccess.WRITE)\n\tif f:\n\t\tf.store_string(%s)\n"
	var marker := PAYLOAD_MARKER % case_name
	if how == "_init":
		return "extends Resource\n\nfunc _init():\n" + write % [marker, "\"_init in \" + get_script().resource_path"]
	if how == "_static_init":
		return "extends Resource\n\nstatic func _static_init():\n" + write % [marker, "\"_static_init\""]
	if how == "setter":
		return ("extends Resource\n\n@export var level: int = 0:\n\tset(value):\n\t\tlevel = value\n\t\tmark()\n\nfunc mark():\n"
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


func save_hostile(res: Resource, name: String, forms: Array, what: String, needs: String) -> void:
	for form in forms:
		var file: String = name + "." + form
		var err := ResourceSaver.save(res, "res://" + file)
		if err != OK:
			printerr("save ", file, " failed: ", err)
			continue
		note(file, "hostile", name, form, "-", what, needs if needs != "" else "-")


# The bypass forms published against the Safe Resource Loader addon (2025 advisories), made by editing
# an engine-written .tres: its ext_resource tag for res://payload_base.gd is rewritten into FORM with the
# relative path PAYLOAD (which the engine resolves next to the save, e.g. in user://).
func bypass_tag(form: String, type_id: String, payload: String) -> String:
	match form:
		"duplicate_path":
			return "[ext_resource type=\"Script\" path=\"res://save_game.gd\" path=\"%s\" id=\"%s\"]" % [payload, type_id]
		"comment":
			return "[ ext_resource type=\"Script\" path=; \"res://save_game.gd\"\n\"%s\" id=\"%s\"]" % [payload, type_id]
		"line_breaks":
			return "[ext_resource type=\"Script\"\n\tpath=\"%s\"\n\tid=\"%s\"]" % [payload, type_id]
		"node_path":
			return "[ext_resource type=\"Script\" path=NodePath (\n\"%s\") id=\"%s\"]" % [payload, type_id]
		"string_name":
			return "[ext_resource type=\"Script\" path=&\"%s\" id=\"%s\"]" % [payload, type_id]
		"string_name_legacy":
			return "[ext_resource type=\"Script\" path=@\"%s\" id=\"%s\"]" % [payload, type_id]
	return ""


const BYPASS_FORMS := {
	"duplicate_path": "GHSA-5vf5-j43p-g226: a second path attribute (the engine keeps the last one)",
	"comment": "GHSA-x58g-598w-5px4: a ; comment inside the tag hides the real path value on the next line",
	"line_breaks": "GHSA-3jm6-vgw3-j54p: the attributes of the tag on separate lines",
	"node_path": "GHSA-9hrm-6m9q-36jx: path=NodePath (\\n\"...\") (a NodePath the engine turns into the path)",
	"string_name": "GHSA-pv3c-c5qh-vx2h: path=&\"...\" (a StringName)",
	"string_name_legacy": "GHSA-pv3c-c5qh-vx2h: path=@\"...\" (the Godot 3 StringName spelling)",
}


func gen_hostile() -> void:
	# Embedded (built-in) GDScript sub-resources: the engine saves a script without a path inside the file.
	for how in ["_init", "_static_init", "setter"]:
		var name: String = {"_init": "hostile_builtin_init", "_static_init": "hostile_builtin_static_init", "setter": "hostile_builtin_setter"}[how]
		var g := builtin_script(name, how)
		save_hostile(hostile_save(payload_resource(g, how), "config"), name, ["tres", "res"],
			"an embedded GDScript sub-resource whose %s writes %s" % [how, PAYLOAD_MARKER % name], "")
	var gm := builtin_script("hostile_builtin_main", "_init")
	var main := Resource.new()
	main.set_script(gm)
	save_hostile(main, "hostile_builtin_main", ["tres", "res"],
		"the main resource's own script is embedded; its _init writes " + PAYLOAD_MARKER % "hostile_builtin_main", "")
	for where: String in ["dict", "array"]:
		var name := "hostile_builtin_in_" + where
		var g := builtin_script(name, "_init")
		var desc := "mixed = {\"slot\": payload, \"n\": 1}" if where == "dict" else "untyped = [1, [payload]]"
		save_hostile(hostile_save(payload_resource(g, "_init"), where), name, ["tres", "res"],
			"the embedded-script payload nested in an untyped %s: %s; _init writes %s" % [
				"Dictionary" if where == "dict" else "Array", desc, PAYLOAD_MARKER % name], "")
	# Script paths outside res://. The payload scripts are fixtures too (the live check puts them in place).
	var outside := {
		"hostile_script_user": ["user://payload_script_user.gd", "user", "a script path in user://"],
		"hostile_script_absolute": ["/proc/self/cwd/outside/payload_script_absolute.gd", "above",
			"an absolute script path (/proc/self/cwd is the engine's working directory on Linux, the project's folder; the live check makes outside/ there a link to the folder above it)"],
		"hostile_script_dotdot": ["res://../payload_script_dotdot.gd", "above", "a script path res://../ (the folder above the project)"],
	}
	for name: String in outside:
		var path: String = outside[name][0]
		var payload: String = "payload_" + name.trim_prefix("hostile_") + ".gd"
		var src := payload_source(name, "_init")
		write_text("res://" + payload, src)
		note(payload, "payload", name, "gd", "-", "the script %s refers to as %s; its _init writes %s" % [name, path, PAYLOAD_MARKER % name])
		# user://: the engine loads the script from there. The others lead outside this run's folder, so the
		# script object is given the path with take_over_path (the saver writes a script's resource_path).
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
	# The published bypass forms, by editing an engine-written .tres.
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
		var file := name + ".tres"
		ResourceSaver.save(s, "res://" + file)
		var text := FileAccess.get_file_as_string("res://" + file)
		var lines := text.split("\n")
		var done := false
		for i in lines.size():
			if lines[i].begins_with("[ext_resource") and lines[i].contains("path=\"res://payload_base.gd\""):
				var id := lines[i].get_slice("id=\"", 1).get_slice("\"", 0)
				lines[i] = bypass_tag(form, id, payload)
				done = true
		if not done:
			printerr(file, ": no ext_resource for the payload found")
		write_text("res://" + file, "\n".join(lines))
		note(file, "hostile", name, "tres", "-", BYPASS_FORMS[form] + "; the save's metadata/hack sub-resource uses the script, whose _init writes " + PAYLOAD_MARKER % name, payload + ":user")


func gen() -> int:
	for pair in [["save_game.gd", SAVE_GAME_GD], ["item.gd", ITEM_GD], ["stats.gd", STATS_GD], ["config.gd", CONFIG_GD], ["empty.gd", EMPTY_GD]]:
		write_text("res://" + pair[0], pair[1])
		note(pair[0], "script", "-", "gd", "-", "the game's script (loaded by the saves)")
	var config = load("res://config.gd").new()
	config.difficulty = "hard"
	config.volume = 0.5
	ResourceSaver.save(config, "res://shared_config.tres")
	ResourceSaver.set_uid("res://shared_config.tres", UID_CONFIG)
	note("shared_config.tres", "save", "shared_config", "tres", "shared_config.tres.dump.txt",
		"a GameConfig (with a UID) that save_game.* refer to as an external resource")
	config = load("res://shared_config.tres")
	var save = build_save(config)
	save_forms(save, "save_game", "the full SaveGame (UID set with ResourceSaver.set_uid)", UID_SAVE)
	for flags in [[ResourceSaver.FLAG_SAVE_BIG_ENDIAN, "save_game_be.res", "res-big-endian"],
			[ResourceSaver.FLAG_SAVE_BIG_ENDIAN | ResourceSaver.FLAG_COMPRESS, "save_game_be_compressed.res", "res-big-endian-rscc-zstd"]]:
		ResourceSaver.save(save, "res://" + flags[1], flags[0])
		note(flags[1], "save", "save_game", flags[2], flags[1] + ".dump.txt", "the full SaveGame, FLAG_SAVE_BIG_ENDIAN (no UID)")
	ResourceSaver.save(save, "res://save_game_bundled.tres", ResourceSaver.FLAG_BUNDLE_RESOURCES)
	note("save_game_bundled.tres", "save", "save_game", "tres-bundled", "save_game_bundled.tres.dump.txt",
		"the full SaveGame, FLAG_BUNDLE_RESOURCES: the external resource and the scripts become sub-resources (embedded scripts!)")
	# The other three compression modes, and the check that this construction gives the saver's bytes.
	var native := "res://save_game_noid_compressed.res"
	ResourceSaver.save(save, native, ResourceSaver.FLAG_COMPRESS)
	var same := rscc_variant(native, "res://rscc_check.tmp", FileAccess.COMPRESSION_ZSTD) == FileAccess.get_file_as_bytes(native)
	DirAccess.remove_absolute(ProjectSettings.globalize_path("res://rscc_check.tmp"))
	if not same:
		printerr("the RSCC construction (zstd) is not byte-identical to FLAG_COMPRESS")
		return 1
	for m in [["fastlz", FileAccess.COMPRESSION_FASTLZ], ["deflate", FileAccess.COMPRESSION_DEFLATE], ["gzip", FileAccess.COMPRESSION_GZIP]]:
		var out: String = "save_game_rscc_%s.res" % m[0]
		rscc_variant(native, "res://" + out, m[1])
		note(out, "save", "save_game", "res-rscc-" + m[0], out + ".dump.txt",
			"the full SaveGame (no UID) in RSCC with %s: FLAG_COMPRESS's stream written again by FileAccess.open_compressed in that mode, magic GCPF replaced by RSCC (done with zstd, this gives FLAG_COMPRESS's own bytes)" % m[0])
	DirAccess.remove_absolute(ProjectSettings.globalize_path(native))
	var cases := edge_cases()
	for c in cases:
		save_forms(cases[c][0], c, cases[c][1], 0)
	gen_hostile()
	if gen_editor() != OK:
		return 1
	manifest.sort()
	write_text("res://files.tsv", "# file\tkind\tcase\tform\tdump\tneeds\twhat\n" + "\n".join(manifest) + "\n")
	return 0


# Saves made by the editor (headless, on a project in ed/ with the game's scripts and a plugin that saves):
# only the editor's file system gives the saver UIDs, so only these files have uid="..." on their
# [ext_resource] lines and UIDs in the binary external table. The UIDs are random: they change every run.
func gen_editor() -> int:
	var here := ProjectSettings.globalize_path("res://")
	var ed := here.path_join("ed")
	DirAccess.make_dir_recursive_absolute(ed.path_join("addons/gen_resources"))
	write_text(ed.path_join("project.godot"), "config_version=5\n\n[application]\n\nconfig/name=\"gen_resources\"\n\n[editor_plugins]\n\nenabled=PackedStringArray(\"res://addons/gen_resources/plugin.cfg\")\n")
	write_text(ed.path_join("addons/gen_resources/plugin.cfg"), "[plugin]\n\nname=\"gen_resources\"\ndescription=\"\"\nauthor=\"\"\nversion=\"1\"\nscript=\"plugin.gd\"\n")
	write_text(ed.path_join("addons/gen_resources/plugin.gd"), EDITOR_PLUGIN_GD)
	for f in ["save_game.gd", "item.gd", "stats.gd", "config.gd"]:
		DirAccess.copy_absolute(here.path_join(f), ed.path_join(f))
	var out := []
	var rc := OS.execute(OS.get_executable_path(), ["--headless", "--editor", "--path", ed, "--quit-after", "100000"], out, true)
	var made := {
		"editor_config.tres": ["editor_config", "tres-editor", "a GameConfig saved by the editor (a UID in its header)"],
		"editor_save.tres": ["editor_save", "tres-editor", "a small SaveGame saved by the editor: uid=\"uid://...\" in the header and on every [ext_resource] (random, new every run)"],
		"editor_save.res": ["editor_save", "res-editor", "the same, binary: the header's UID and one per external resource (random, new every run)"],
		"editor_save_compressed.res": ["editor_save", "res-rscc-zstd-editor", "the same, FLAG_COMPRESS (random UIDs)"],
	}
	for f in made:
		if not FileAccess.file_exists(ed.path_join(f)):
			printerr("the editor did not write ", f, " (exit ", rc, "): ", "".join(out).right(2000))
			return FAILED
		DirAccess.copy_absolute(ed.path_join(f), here.path_join(f))
		note(f, "save", made[f][0], made[f][1], f + ".dump.txt", made[f][2])
	return OK


# ---- dump: what the engine loads ----

var seen := {}


func type_info(builtin: int, cls: StringName, script) -> Dictionary:
	return {"builtin": builtin, "class": String(cls), "script": script.resource_path if script != null else ""}


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
			if v.is_typed():
				if v.get_typed_builtin() == TYPE_OBJECT:
					return {"typed_array": type_info(TYPE_OBJECT, v.get_typed_class_name(), v.get_typed_script()), "items": items}
				return Array(items, v.get_typed_builtin(), v.get_typed_class_name(), v.get_typed_script())
			return items
		TYPE_DICTIONARY:
			var out := {}
			for k in v:
				out[conv(k, stack)] = conv(v[k], stack)
			if v.is_typed():
				if v.get_typed_key_builtin() == TYPE_OBJECT or v.get_typed_value_builtin() == TYPE_OBJECT:
					return {"typed_dictionary": {
						"key": type_info(v.get_typed_key_builtin(), v.get_typed_key_class_name(), v.get_typed_key_script()),
						"value": type_info(v.get_typed_value_builtin(), v.get_typed_value_class_name(), v.get_typed_value_script())},
						"entries": out}
				return Dictionary(out, v.get_typed_key_builtin(), v.get_typed_key_class_name(), v.get_typed_key_script(),
					v.get_typed_value_builtin(), v.get_typed_value_class_name(), v.get_typed_value_script())
			return out
	return v


func same_value(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	if typeof(a) == TYPE_OBJECT:
		return a == b
	return a == b


func node(res: Resource, stack: Array) -> Dictionary:
	var iid := res.get_instance_id()
	if not seen.has(iid):
		seen[iid] = seen.size()
	var script = res.get_script()
	var d := {
		"class": res.get_class(),
		"script": script.resource_path if script != null else "",
		"path": res.resource_path,
		"id": res.resource_scene_unique_id,
		"instance": seen[iid],
	}
	if stack.has(iid):
		d["cycle"] = true
		return d
	var fresh = null
	if script != null and script.can_instantiate():
		fresh = script.new()
	elif ClassDB.can_instantiate(res.get_class()):
		fresh = ClassDB.instantiate(res.get_class())
	var props := {}
	var order: PackedStringArray = []
	var at_default: PackedStringArray = []
	for p in res.get_property_list():
		if not (p.usage & PROPERTY_USAGE_STORAGE) or p.name == "script":
			continue
		var v = res.get(p.name)
		props[p.name] = conv(v, stack + [iid])
		order.append(p.name)
		if fresh != null and p.name in fresh and same_value(fresh.get(p.name), v):
			at_default.append(p.name)
	d["properties"] = props
	d["order"] = order
	d["at_default"] = at_default
	return d


func dump() -> int:
	var rows := FileAccess.get_file_as_string("res://files.tsv").split("\n")
	var fails := 0
	var n := 0
	for row in rows:
		var c := row.split("\t")
		if c.size() < 7 or row.begins_with("#") or c[1] != "save":
			continue
		var path := "res://" + c[0]
		seen = {}
		var res := ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
		if res == null:
			printerr("dump: cannot load ", c[0])
			fails += 1
			continue
		var uid := ResourceLoader.get_resource_uid(path)
		var d := {
			"engine": Engine.get_version_info().string,
			"file": c[0],
			"dependencies": ResourceLoader.get_dependencies(path),
			"uid": ResourceUID.id_to_text(uid) if uid != ResourceUID.INVALID_ID else "",
			"resource": node(res, []),
		}
		write_text("res://" + c[4], var_to_str(d) + "\n")
		n += 1
	print("dump: ", n, " files, ", fails, " failed")
	return 1 if fails > 0 else 0


# ---- prove: the engine runs the hostile files' code ----

func prove() -> int:
	var here := ProjectSettings.globalize_path("res://")
	var proj := here.path_join("proj")
	DirAccess.make_dir_recursive_absolute(proj)
	write_text(proj.path_join("project.godot"), "config_version=5\n")
	for f in DirAccess.get_files_at(here):
		# The game's scripts, and the resource its saves name (an edited save loads it).
		if (f.ends_with(".gd") and not f.begins_with("payload_")) or f == "shared_config.tres":
			DirAccess.copy_absolute(here.path_join(f), proj.path_join(f))
	var me: String = get_script().resource_path.get_file()
	DirAccess.copy_absolute(here.path_join(me), proj.path_join("prove_one.gd"))
	var rows := FileAccess.get_file_as_string("res://files.tsv").split("\n")
	var ok := 0
	var refused := 0
	var loaded := 0
	var fails := 0
	for row in rows:
		var c := row.split("\t")
		if c.size() < 7 or row.begins_with("#") or not (c[1] == "hostile" or c[1] == "inert" or c[1] == "stripped" or c[1] == "edited"):
			continue
		var out := []
		var rc := OS.execute(OS.get_executable_path(), ["--headless", "--path", proj, "-s", "res://prove_one.gd", "--", "prove-one", c[0], c[2], c[5], c[1]], out, true)
		var text: String = "".join(out)
		var line := ""
		for l in text.split("\n"):
			if l.begins_with("OK ") or l.begins_with("FAIL "):
				line = l
		if line == "":
			line = "FAIL %s: no result from the engine (exit %d): %s" % [c[0], rc, text.strip_edges().right(300).replace("\n", " | ")]
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


# In the project proj/ (res://, also the working directory), with the fixtures in res://../ and the link
# res://outside to them: put the save in user:// with what it needs, load it as a game loads a save, and see
# whether the payload's marker appeared.
func prove_one(file: String, case_name: String, needs: String, kind: String) -> int:
	var fixtures := ProjectSettings.globalize_path("res://").path_join("..").simplify_path()
	var user := ProjectSettings.globalize_path("user://")
	DirAccess.make_dir_recursive_absolute(user)
	var marker := PAYLOAD_MARKER % case_name
	if FileAccess.file_exists(marker):
		DirAccess.remove_absolute(ProjectSettings.globalize_path(marker))
	DirAccess.copy_absolute(fixtures.path_join(file), user.path_join(file))
	if needs != "-":
		var payload := needs.get_slice(":", 0)
		var where := needs.get_slice(":", 1)
		if where == "user":
			DirAccess.copy_absolute(fixtures.path_join(payload), user.path_join(payload))
		# "above": the payload stays in the fixtures' folder, res://../, also reached as res://outside/.
	var link := ProjectSettings.globalize_path("res://outside")
	if not DirAccess.dir_exists_absolute(link):
		DirAccess.open("res://").create_link(fixtures, link)
	var res := ResourceLoader.load("user://" + file, "", ResourceLoader.CACHE_MODE_IGNORE_DEEP)
	var ran := FileAccess.file_exists(marker)
	var how := FileAccess.get_file_as_string(marker) if ran else ""
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
	var args := OS.get_cmdline_user_args()
	var rc := 2
	if args.size() >= 1 and args[0] == "gen":
		rc = gen()
	elif args.size() >= 1 and args[0] == "dump":
		rc = dump()
	elif args.size() >= 1 and args[0] == "prove":
		rc = prove()
	elif args.size() >= 5 and args[0] == "prove-one":
		rc = prove_one(args[1], args[2], args[3], args[4])
	else:
		print("usage: gen | dump | prove")
	quit(rc)
