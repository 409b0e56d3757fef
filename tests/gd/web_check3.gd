# The Godot 3 twin of web_check.gd (which documents the modes, paths and value forms), for Godot 3.x:
#   engine.sh godot-3.6 web_check3.gd diff A KIND B KIND  |  leaves FILE KIND
# KIND: plain (File.open), pass (open_encrypted_with_pass(PASSWORD)), compressed (open_compressed).
# Type names are Godot 3's own (Variant::get_type_name: "float", "PoolIntArray", "Transform", "Quat", ...).
extends SceneTree

const PASSWORD := "hunter2 \u00e9"

const TYPE_NAMES := {
	TYPE_NIL: "Nil", TYPE_BOOL: "bool", TYPE_INT: "int", TYPE_REAL: "float", TYPE_STRING: "String",
	TYPE_VECTOR2: "Vector2", TYPE_RECT2: "Rect2", TYPE_VECTOR3: "Vector3", TYPE_TRANSFORM2D: "Transform2D",
	TYPE_PLANE: "Plane", TYPE_QUAT: "Quat", TYPE_AABB: "AABB", TYPE_BASIS: "Basis", TYPE_TRANSFORM: "Transform",
	TYPE_COLOR: "Color", TYPE_NODE_PATH: "NodePath", TYPE_RID: "RID", TYPE_OBJECT: "Object",
	TYPE_DICTIONARY: "Dictionary", TYPE_ARRAY: "Array", TYPE_RAW_ARRAY: "PoolByteArray",
	TYPE_INT_ARRAY: "PoolIntArray", TYPE_REAL_ARRAY: "PoolRealArray", TYPE_STRING_ARRAY: "PoolStringArray",
	TYPE_VECTOR2_ARRAY: "PoolVector2Array", TYPE_VECTOR3_ARRAY: "PoolVector3Array",
	TYPE_COLOR_ARRAY: "PoolColorArray",
}

var count := 0


func type_name(v) -> String:
	return TYPE_NAMES.get(typeof(v), "type%d" % typeof(v))


func read_values(path: String, kind: String):
	var f := File.new()
	var err := ERR_INVALID_PARAMETER
	match kind:
		"plain":
			err = f.open(path, File.READ)
		"pass":
			err = f.open_encrypted_with_pass(path, File.READ, PASSWORD)
		"compressed":
			err = f.open_compressed(path, File.READ)
	if err != OK:
		print("ERROR ", path, " (", kind, "): cannot open: ", err)
		return null
	var out := []
	while f.get_position() < f.get_len():
		var before := f.get_position()
		out.append(f.get_var())
		if f.get_position() == before:
			print("ERROR ", path, ": no progress at byte ", before)
			return null
	return out


func num(x: float) -> String:
	return "%.6f" % x


func comps(name: String, xs: Array) -> String:
	var parts := PoolStringArray()
	for x in xs:
		parts.append(num(x))
	return name + "(" + parts.join(", ") + ")"


func canon(v) -> String:
	match typeof(v):
		TYPE_NIL:
			return "null"
		TYPE_BOOL:
			return "true" if v else "false"
		TYPE_INT:
			return str(v)
		TYPE_REAL:
			return num(v)
		TYPE_STRING:
			return "\"" + v.c_escape() + "\""
		TYPE_NODE_PATH:
			return "^\"" + String(v).c_escape() + "\""
		TYPE_VECTOR2:
			return comps("Vector2", [v.x, v.y])
		TYPE_VECTOR3:
			return comps("Vector3", [v.x, v.y, v.z])
		TYPE_RECT2:
			return comps("Rect2", [v.position.x, v.position.y, v.size.x, v.size.y])
		TYPE_TRANSFORM2D:
			return comps("Transform2D", [v.x.x, v.x.y, v.y.x, v.y.y, v.origin.x, v.origin.y])
		TYPE_PLANE:
			return comps("Plane", [v.normal.x, v.normal.y, v.normal.z, v.d])
		TYPE_QUAT:
			return comps("Quat", [v.x, v.y, v.z, v.w])
		TYPE_AABB:
			return comps("AABB", [v.position.x, v.position.y, v.position.z, v.size.x, v.size.y, v.size.z])
		TYPE_BASIS:
			return comps("Basis", [v.x.x, v.x.y, v.x.z, v.y.x, v.y.y, v.y.z, v.z.x, v.z.y, v.z.z])
		TYPE_TRANSFORM:
			var b: Basis = v.basis
			return comps("Transform", [b.x.x, b.x.y, b.x.z, b.y.x, b.y.y, b.y.z, b.z.x, b.z.y, b.z.z, v.origin.x, v.origin.y, v.origin.z])
		TYPE_COLOR:
			return comps("Color", [v.r, v.g, v.b, v.a])
		TYPE_OBJECT:
			return "Object(" + (v.get_class() if v != null else "null") + ")"
		TYPE_RAW_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_STRING_ARRAY, TYPE_VECTOR2_ARRAY, \
		TYPE_VECTOR3_ARRAY, TYPE_COLOR_ARRAY:
			var parts := PoolStringArray()
			for e in v:
				parts.append(canon(e))
			return type_name(v) + "[" + parts.join(", ") + "]"
	return var2str(v)


func key_text(k) -> String:
	return k if typeof(k) == TYPE_STRING else canon(k)


func is_container(v) -> bool:
	return typeof(v) == TYPE_ARRAY or typeof(v) == TYPE_DICTIONARY


func line(s: String) -> void:
	print(s)
	count += 1


func each_leaf(tag: String, v, path: String) -> void:
	if typeof(v) == TYPE_ARRAY:
		if v.empty():
			line(tag + " " + path + ": []")
		for i in v.size():
			each_leaf(tag, v[i], path + "/" + str(i))
	elif typeof(v) == TYPE_DICTIONARY:
		if v.empty():
			line(tag + " " + path + ": {}")
		for k in v:
			each_leaf(tag, v[k], path + "/" + key_text(k))
	else:
		line(tag + " " + path + ": " + canon(v))


func walk(a, b, path: String) -> void:
	if typeof(a) == TYPE_ARRAY and typeof(b) == TYPE_ARRAY:
		for i in max(a.size(), b.size()):
			var p := path + "/" + str(i)
			if i >= a.size():
				each_leaf("ADDED", b[i], p)
			elif i >= b.size():
				each_leaf("REMOVED", a[i], p)
			else:
				walk(a[i], b[i], p)
	elif typeof(a) == TYPE_DICTIONARY and typeof(b) == TYPE_DICTIONARY:
		for k in a:
			if b.has(k):
				walk(a[k], b[k], path + "/" + key_text(k))
			else:
				each_leaf("REMOVED", a[k], path + "/" + key_text(k))
		for k in b:
			if not a.has(k):
				each_leaf("ADDED", b[k], path + "/" + key_text(k))
	elif is_container(a) or is_container(b) or typeof(a) != typeof(b) or canon(a) != canon(b):
		var ta := canon(a) if not is_container(a) else type_name(a)
		var tb := canon(b) if not is_container(b) else type_name(b)
		line("CHANGED " + path + ": " + ta + " -> " + tb)


func nodes(v, path: String) -> void:
	var cls := ""
	if typeof(v) == TYPE_OBJECT and v != null:
		cls = v.get_class()
	if typeof(v) == TYPE_ARRAY or typeof(v) == TYPE_DICTIONARY:
		line("NODE %s\t%s\t\tsize=%d" % [path, type_name(v), v.size()])
		if typeof(v) == TYPE_ARRAY:
			for i in v.size():
				nodes(v[i], path + "/" + str(i))
		else:
			for k in v:
				nodes(v[k], path + "/" + key_text(k))
	else:
		line("NODE %s\t%s\t%s\t%s" % [path, type_name(v), cls, canon(v)])


func _init() -> void:
	var all := Array(OS.get_cmdline_args())
	var dd := all.find("--")
	var args := all.slice(dd + 1, all.size() - 1) if dd >= 0 else []
	var rc := 0
	if args.size() == 5 and args[0] == "diff":
		var a = read_values(args[1], args[2])
		var b = read_values(args[3], args[4])
		if a == null or b == null:
			rc = 1
		else:
			for i in max(a.size(), b.size()):
				if i >= a.size():
					each_leaf("ADDED", b[i], str(i))
				elif i >= b.size():
					each_leaf("REMOVED", a[i], str(i))
				else:
					walk(a[i], b[i], str(i))
			print("DIFFS ", count)
	elif args.size() == 3 and args[0] == "leaves":
		var v = read_values(args[1], args[2])
		if v == null:
			rc = 1
		else:
			for i in v.size():
				nodes(v[i], str(i))
			print("NODES ", count)
	else:
		print("usage: diff A KIND B KIND | leaves FILE KIND")
		rc = 2
	quit(rc)
