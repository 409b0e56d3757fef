# The engine's judgement of files the save inspector's page saved (run by web/browser/engine-check.mjs).
#   engine.sh godot-4.6 web_check.gd diff A KIND B KIND   every path whose value differs between the store_var
#       values of file A and of file B, as lines
#         CHANGED <path>: <before> -> <after>
#         ADDED <path>: <value>      (each leaf of what B has and A has not)
#         REMOVED <path>: <value>    (each leaf of what A has and B has not)
#       then "DIFFS <count>".
#   engine.sh godot-4.6 web_check.gd leaves FILE KIND   every node of the file's values, one line each:
#         NODE <path>\t<type>\t<class>\t<value>     (containers: the value is "size=<n>")
#       then "NODES <count>".
# KIND: plain (FileAccess.open), pass (open_encrypted_with_pass(PASSWORD)), compressed (open_compressed).
# A path is the value's index in the stream, then "/" and each key (a String key as it is, another key in its
# value form) or array index. A value is written in one form in both engines (web_check3.gd is the Godot 3
# twin): numbers of floats and of vectors, colours, transforms with "%.6f", Strings quoted.
# Exit status 1 (with an ERROR line) when a file cannot be opened or read, 2 on a usage error.
extends SceneTree

const PASSWORD := "hunter2 \u00e9"

var count := 0


func open_kind(path: String, kind: String) -> FileAccess:
	match kind:
		"plain":
			return FileAccess.open(path, FileAccess.READ)
		"pass":
			return FileAccess.open_encrypted_with_pass(path, FileAccess.READ, PASSWORD)
		"compressed":
			return FileAccess.open_compressed(path, FileAccess.READ)
	return null


func read_values(path: String, kind: String):
	var f := open_kind(path, kind)
	if f == null:
		print("ERROR ", path, " (", kind, "): cannot open: ", FileAccess.get_open_error())
		return null
	var out := []
	while f.get_position() < f.get_length():
		var before := f.get_position()
		out.append(f.get_var())
		if f.get_position() == before:
			print("ERROR ", path, ": no progress at byte ", before)
			return null
	return out


func num(x: float) -> String:
	return "%.6f" % x


func comps(name: String, xs: Array) -> String:
	var parts := PackedStringArray()
	for x in xs:
		parts.append(num(x))
	return name + "(" + ", ".join(parts) + ")"


func canon(v) -> String:
	match typeof(v):
		TYPE_NIL:
			return "null"
		TYPE_BOOL:
			return "true" if v else "false"
		TYPE_INT:
			return str(v)
		TYPE_FLOAT:
			return num(v)
		TYPE_STRING:
			return "\"" + v.c_escape() + "\""
		TYPE_STRING_NAME:
			return "&\"" + String(v).c_escape() + "\""
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
		TYPE_QUATERNION:
			return comps("Quaternion", [v.x, v.y, v.z, v.w])
		TYPE_AABB:
			return comps("AABB", [v.position.x, v.position.y, v.position.z, v.size.x, v.size.y, v.size.z])
		TYPE_BASIS:
			return comps("Basis", [v.x.x, v.x.y, v.x.z, v.y.x, v.y.y, v.y.z, v.z.x, v.z.y, v.z.z])
		TYPE_TRANSFORM3D:
			var b: Basis = v.basis
			return comps("Transform3D", [b.x.x, b.x.y, b.x.z, b.y.x, b.y.y, b.y.z, b.z.x, b.z.y, b.z.z, v.origin.x, v.origin.y, v.origin.z])
		TYPE_COLOR:
			return comps("Color", [v.r, v.g, v.b, v.a])
		TYPE_OBJECT:
			return "Object(" + (v.get_class() if v != null else "null") + ")"
		TYPE_PACKED_BYTE_ARRAY, TYPE_PACKED_INT32_ARRAY, TYPE_PACKED_INT64_ARRAY, TYPE_PACKED_FLOAT32_ARRAY, \
		TYPE_PACKED_FLOAT64_ARRAY, TYPE_PACKED_STRING_ARRAY, TYPE_PACKED_VECTOR2_ARRAY, TYPE_PACKED_VECTOR3_ARRAY, \
		TYPE_PACKED_COLOR_ARRAY, TYPE_PACKED_VECTOR4_ARRAY:
			var parts := PackedStringArray()
			for e in v:
				parts.append(canon(e))
			return type_string(typeof(v)) + "[" + ", ".join(parts) + "]"
	return var_to_str(v)


func key_text(k) -> String:
	return k if typeof(k) == TYPE_STRING else canon(k)


func is_container(v) -> bool:
	return typeof(v) == TYPE_ARRAY or typeof(v) == TYPE_DICTIONARY


func line(s: String) -> void:
	print(s)
	count += 1


func each_leaf(tag: String, v, path: String) -> void:
	if typeof(v) == TYPE_ARRAY:
		if v.is_empty():
			line(tag + " " + path + ": []")
		for i in v.size():
			each_leaf(tag, v[i], path + "/" + str(i))
	elif typeof(v) == TYPE_DICTIONARY:
		if v.is_empty():
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
		var ta := canon(a) if not is_container(a) else type_string(typeof(a))
		var tb := canon(b) if not is_container(b) else type_string(typeof(b))
		line("CHANGED " + path + ": " + ta + " -> " + tb)


func nodes(v, path: String) -> void:
	var cls := ""
	if typeof(v) == TYPE_OBJECT and v != null:
		cls = v.get_class()
	if typeof(v) == TYPE_ARRAY:
		line("NODE %s\t%s\t\tsize=%d" % [path, type_string(typeof(v)), v.size()])
		for i in v.size():
			nodes(v[i], path + "/" + str(i))
	elif typeof(v) == TYPE_DICTIONARY:
		line("NODE %s\t%s\t\tsize=%d" % [path, type_string(typeof(v)), v.size()])
		for k in v:
			nodes(v[k], path + "/" + key_text(k))
	else:
		line("NODE %s\t%s\t%s\t%s" % [path, type_string(typeof(v)), cls, canon(v)])


func _init() -> void:
	var args := OS.get_cmdline_user_args()
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
