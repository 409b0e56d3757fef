# Text fixtures for godot_bin (engine truth for `encode --from text`), Godot 4.x.
# Run:  scripts/engine.sh godot-4.6 tests/gd/gen_text.gd [OUT]      (OUT defaults to text.tsv)
# One line per value:  id<TAB>flags<TAB>text_hex<TAB>bytes_hex
#   text_hex   UTF-8 of var_to_str(value), hex-encoded (the engine's own text, lossy floats and all)
#   bytes_hex  var_to_bytes(str_to_var(text)) - what the engine itself gets back from that text
#   flags      "-" or "objects" (var_to_bytes_with_objects for both steps)
extends SceneTree

var lines: PackedStringArray = []
var seed_state := 12345


func rnd() -> int:
	# A fixed 31-bit LCG so the file is the same on every run.
	seed_state = (seed_state * 1103515245 + 12345) & 0x7fffffff
	return seed_state


func f64(bits: int) -> float:
	var b := PackedByteArray()
	b.resize(8)
	b.encode_s64(0, bits)
	return b.decode_double(0)


func f32(bits: int) -> float:
	var b := PackedByteArray()
	b.resize(4)
	b.encode_u32(0, bits)
	return b.decode_float(0)


func rfloat() -> float:
	match rnd() % 6:
		0:
			return f64(((rnd() << 33) ^ (rnd() << 2) ^ rnd()) & 0x7fefffffffffffff) * (1 if rnd() % 2 else -1)
		1:
			return float(rnd() % 20000 - 10000) / 64.0
		2:
			return (rnd() % 1000000) / 1000.0
		3:
			return f32(rnd() << 1 ^ rnd())
		4:
			return (rnd() % 100000) * pow(10.0, (rnd() % 80) - 40)
		_:
			return float(rnd() % 1000)


func rstring() -> String:
	var pool := ["a", "b", "\"", "\\", "\n", "\t", "é", "中", "😀", " ", "{", "]", ",", ":", "x", "\r", "'"]
	var s := ""
	for i in rnd() % 8:
		s += pool[rnd() % pool.size()]
	return s


func rvalue(depth: int):
	var k := rnd() % (22 if depth < 3 else 16)
	match k:
		0: return null
		1: return rnd() % 2 == 0
		2: return rnd() - 1073741824
		3: return (rnd() << 31) ^ rnd() - (1 << 60)
		4: return rfloat()
		5: return rstring()
		6: return StringName(rstring())
		7: return Vector2(rfloat(), rfloat())
		8: return Vector3(rfloat(), rfloat(), rfloat())
		9: return Color(rfloat(), rfloat(), rfloat(), rfloat())
		10: return Vector2i(rnd() - 1073741824, rnd())
		11: return Quaternion(rfloat(), rfloat(), rfloat(), rfloat())
		12: return NodePath(rstring().replace("\"", ""))
		13: return PackedFloat32Array([rfloat(), rfloat()])
		14: return PackedFloat64Array([rfloat(), rfloat()])
		15: return Transform2D(Vector2(rfloat(), rfloat()), Vector2(rfloat(), rfloat()), Vector2(rfloat(), rfloat()))
		16, 17, 18:
			var a := []
			for i in rnd() % 4:
				a.append(rvalue(depth + 1))
			return a
		_:
			var d := {}
			for i in rnd() % 4:
				d[rvalue(depth + 2)] = rvalue(depth + 1)
			return d


func add(id: String, v, objects := false) -> void:
	var text := var_to_str(v)
	var back = str_to_var(text)
	var b: PackedByteArray = var_to_bytes_with_objects(back) if objects else var_to_bytes(back)
	if b.is_empty():
		print("# skipped (engine cannot encode): ", id)
		return
	lines.append(id + "\t" + ("objects" if objects else "-") + "\t" + text.to_utf8_buffer().hex_encode() + "\t" + b.hex_encode())


func _init() -> void:
	var out := "text.tsv"
	var args := OS.get_cmdline_args()
	var dd := args.find("--")
	if dd >= 0 and dd + 1 < args.size():
		out = args[dd + 1]
	add("nil", null)
	add("true", true)
	add("false", false)
	for i in [0, 1, -1, 2147483647, 2147483648, -2147483649, 9223372036854775807, -9223372036854775807 - 1]:
		add("int_%d" % i, i)
	var fbits := [0, -0x7fffffffffffffff - 1, 0x3ff0000000000000, 0x3fb999999999999a, 0x3fd5555555555555, 0x7fefffffffffffff,
		0x0010000000000000, 1, 0x000fffffffffffff, 0x7ff0000000000000, -0x10000000000000, 0x7ff8000000000000, 0x4415af1d78b58c40,
		0x44b52d02c7e14af6, 0x3eb0c6f7a0b5ed8d, 0x7e37e43c8800759c, 0x0031fa182c40c60d, 0x41d26580b4800000, 0x400921fb54442d18]
	for b in fbits:
		add("float_bits_%x" % b, f64(b))
	var lits := [0.1, 0.2, 0.3, 1.0 / 3.0, 100.0 - 0.01, 100.0 - 0.02, 1e22, 1e23, 5e-324, 1e-310, 1e-300, 1.5e300, 123456789.0, 16777217.0, 1e-5, 1e-4, 1e15, 1e16, 1e17]
	for i in lits.size():
		add("float_lit_%d" % i, lits[i])
	for i in 150:
		add("float_rnd_%d" % i, rfloat())
	var strs := ["", "a", "quote\"back\\slash", "line\nbreak\r\ntab\t", "é中😀", "\u0001\u001f", "{\"a\": [1, 2]}", "Vector2(1, 2)", "'single'", "\\u0041", "&\"x\"", "a\ufeffb", "\U10ffff"]
	for i in strs.size():
		add("string_%d" % i, strs[i])
		add("stringname_%d" % i, StringName(strs[i]))
	for p in ["", ".", "/root", "a/b:c", "a/b:c:d", "../x/y", ":p:q", "/root/World/Spawn:position", "with space/é"]:
		add("nodepath_" + p, NodePath(p))
	add("vector2", Vector2(1, 2.5))
	add("vector2i", Vector2i(-3, 2147483647))
	add("rect2", Rect2(0.1, -2, 3e10, 4.5))
	add("rect2i", Rect2i(1, 2, 3, -4))
	add("vector3", Vector3(0.1, 0.2, 0.3))
	add("vector3i", Vector3i(1, -2, 3))
	add("transform2d", Transform2D(0.5, Vector2(10, 20)))
	add("transform2d_cols", Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)))
	add("vector4", Vector4(1, 2, 3, 4.25))
	add("vector4i", Vector4i(1, 2, 3, -4))
	add("plane", Plane(0.6, 0.8, 0, 12.5))
	add("quaternion", Quaternion(0.1, 0.2, 0.3, 0.9))
	add("aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)))
	add("basis", Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)))
	add("basis_rot", Basis(Vector3(0, 1, 0), 0.7))
	add("transform3d", Transform3D(Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), Vector3(10, 11, 12)))
	add("projection", Projection(Vector4(1, 2, 3, 4), Vector4(5, 6, 7, 8), Vector4(9, 10, 11, 12), Vector4(13, 14, 15, 16)))
	add("projection_persp", Projection.create_perspective(70, 1.5, 0.05, 4000))
	add("color", Color(0.1, 0.2, 0.3, 1))
	add("color_named", Color.REBECCA_PURPLE)
	add("vector2_inf_nan", Vector2(INF, NAN))
	add("vector3_neg_inf", Vector3(-INF, -0.0, 1e-40))
	add("vector2_big", Vector2(3.4028234663852886e38, -1e30))
	add("rid_empty", RID())
	add("callable_empty", Callable())
	add("signal_empty", Signal())
	add("pba", PackedByteArray([0, 1, 2, 127, 128, 255]))
	add("pba_empty", PackedByteArray())
	add("pia32", PackedInt32Array([0, -1, 2147483647, -2147483648]))
	add("pia64", PackedInt64Array([0, -1, 5000000000, -9223372036854775807 - 1]))
	add("pfa32", PackedFloat32Array([0.1, 1.5, INF, -0.0, 3.4e38, 1e-45]))
	add("pfa64", PackedFloat64Array([0.1, 1.0 / 3.0, -INF, 1e300, 5e-324]))
	add("psa", PackedStringArray(["a", "", "b\"c", "é\n"]))
	add("pv2a", PackedVector2Array([Vector2(1, 2), Vector2(0.1, -0.5)]))
	add("pv3a", PackedVector3Array([Vector3(1, 2, 3)]))
	add("pca", PackedColorArray([Color(1, 0, 0), Color(0.1, 0.2, 0.3, 0.4)]))
	add("pv4a", PackedVector4Array([Vector4(1, 2, 3, 4), Vector4(0.1, 0, 0, -1)]))
	add("array_empty", [])
	add("dict_empty", {})
	add("array_nested", [[1, [2, [3, []]]], {"a": {}}])
	add("dict_order", {"b": 1, "a": 2, 3: "x", Vector2(1, 2): [1], null: true, 1.5: false})
	add("dict_stringname_keys", {&"k": 1, "s": 2})
	var ai: Array[int] = [1, 2, 3]
	add("typed_int", ai)
	var af: Array[float] = [1.0, 0.1]
	add("typed_float", af)
	var asn: Array[StringName] = [&"a", &"b"]
	add("typed_stringname", asn)
	var av: Array[Vector2] = [Vector2(1, 2)]
	add("typed_vector2", av)
	var aa: Array[Array] = [[1], []]
	add("typed_array", aa)
	var anode: Array[Node] = []
	add("typed_node_empty", anode)
	var aobj: Array[Object] = []
	add("typed_object_empty", aobj)
	var d1: Dictionary[String, int] = {"k": 1, "j": 2}
	add("typed_dict", d1)
	var d2: Dictionary[int, Variant] = {1: "x"}
	add("typed_dict_key", d2)
	var d3: Dictionary[Variant, Vector2] = {"p": Vector2(1, 2)}
	add("typed_dict_value", d3)
	var rc := RefCounted.new()
	add("object_refcounted", rc, true)
	var res := Resource.new()
	res.resource_name = "res \"name\""
	add("object_resource", res, true)
	add("object_in_array", [1, RefCounted.new(), "x"], true)
	var save := {}
	var entities := []
	for i in 3:
		entities.append({"id": i, "name": "entity_%d" % i, "pos": Vector2(i * 1.5, i * -2.25), "vel": Vector3(1, 2, 3),
			"hp": 100.0 - i * 0.01, "alive": i != 1, "color": Color(0.1, 0.2, 0.3, 1.0), "tags": PackedStringArray(["npc", "hostile"]),
			"big": 5000000000 + i})
	save = {"tick": 123456, "entities": entities, "map": &"level_01", "spawn": NodePath("/root/World/Spawn:position")}
	add("game_state", save)
	for i in 120:
		add("random_%d" % i, rvalue(0))
	var f := FileAccess.open(out, FileAccess.WRITE)
	var vi := Engine.get_version_info()
	f.store_line("# godot_bin text fixtures; engine Godot " + str(vi["string"]) + "; generated by tests/gd/gen_text.gd; columns: id, flags, hex(UTF-8 of var_to_str(v)), hex(var_to_bytes(str_to_var(that text)))")
	for l in lines:
		f.store_line(l)
	f.close()
	print("wrote ", lines.size(), " values to ", out)
	quit()
