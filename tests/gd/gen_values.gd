# godot_bin fixture generator for Godot 4.x (engine truth).
# Run:  scripts/engine.sh godot-4.6 tests/gd/gen_values.gd [OUT]   (OUT defaults to values.tsv)
# Writes one line per value:  id<TAB>flags<TAB>hex<TAB>text
#   flags  "-" = var_to_bytes(value), "objects" = var_to_bytes_with_objects(value)
#   hex    lowercase hex of the encoded bytes
#   text   var_to_str(value), with backslash -> \\, TAB -> \t, LF -> \n, CR -> \r, and NUL,
#          surrogates and code points above U+10FFFF -> \u{hex} (keeps the file valid UTF-8)
# Values the engine refuses to encode (empty result) are listed as "# encode-failed" comment lines.
# Written for godot_bin; deterministic except for object instance ids (ID mode) and RIDs.
extends SceneTree

var lines: PackedStringArray = []
var seen := {}
var failed: PackedStringArray = []
var to_free: Array = []


func esc(s: String) -> String:
	var e = s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
	# Keep the file valid UTF-8: NUL, surrogates and code points above U+10FFFF become \u{hex}.
	var bad = false
	for i in range(e.length()):
		var c = e.unicode_at(i)
		if c == 0 or (c >= 0xD800 and c <= 0xDFFF) or c > 0x10FFFF:
			bad = true
			break
	if not bad:
		return e
	var out = ""
	for i in range(e.length()):
		var c = e.unicode_at(i)
		if c == 0 or (c >= 0xD800 and c <= 0xDFFF) or c > 0x10FFFF:
			out += "\\u{%x}" % c
		else:
			out += e.substr(i, 1)
	return out


func add(id: String, v, objects := false) -> void:
	if seen.has(id):
		push_error("duplicate id " + id)
		return
	seen[id] = true
	var b: PackedByteArray = var_to_bytes_with_objects(v) if objects else var_to_bytes(v)
	var text := esc(var_to_str(v))
	if b.is_empty():
		failed.append("# encode-failed\t" + id + "\t" + ("objects" if objects else "-") + "\t" + text)
		return
	lines.append(id + "\t" + ("objects" if objects else "-") + "\t" + b.hex_encode() + "\t" + text)


func add_both(id: String, v) -> void:
	add(id + "_id", v, false)
	add(id + "_obj", v, true)


# Floats built from their IEEE bits: the GDScript tokenizer flushes literals below ~1e-307 to 0, and the
# compiler merges constants that compare equal (0.0 and -0.0, NAN and -NAN), so such values are made at run time.
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


func nested_array(depth: int, leaf) -> Array:
	var a = leaf
	for i in depth:
		a = [a]
	return a


func _init() -> void:
	var args := OS.get_cmdline_args()
	var out := "values.tsv"
	var dd := args.find("--")
	if dd >= 0 and dd + 1 < args.size():
		out = args[dd + 1]
	gen_scalars()
	gen_strings()
	gen_names_paths()
	gen_math()
	gen_misc()
	gen_packed()
	gen_containers()
	gen_typed()
	gen_objects()
	gen_game_state()
	gen_random()
	var f := FileAccess.open(out, FileAccess.WRITE)
	if f == null:
		push_error("cannot write " + out)
		quit(1)
		return
	var vi := Engine.get_version_info()
	f.store_line("# godot_bin values; engine Godot " + str(vi["string"]) + " (" + str(vi["hash"]) + "); columns: id, flags (- or objects), hex = var_to_bytes[_with_objects](value), text = var_to_str(value) with \\ -> \\\\, TAB -> \\t, LF -> \\n, CR -> \\r, NUL/surrogates/above U+10FFFF -> \\u{hex}")
	for l in failed:
		f.store_line(l)
	for l in lines:
		f.store_line(l)
	f.close()
	for o in to_free:
		if is_instance_valid(o):
			o.free()
	print("wrote ", lines.size(), " values (", failed.size(), " encode failures) to ", out)
	quit()


func gen_scalars() -> void:
	add("nil", null)
	add("bool_true", true)
	add("bool_false", false)
	var ints := {
		"int_0": 0, "int_1": 1, "int_m1": -1, "int_2": 2, "int_127": 127, "int_128": 128, "int_255": 255,
		"int_256": 256, "int_m128": -128, "int_65535": 65535, "int_65536": 65536, "int_1e9": 1000000000,
		"int_i32_max": 2147483647, "int_i32_max_p1": 2147483648, "int_i32_min": -2147483648,
		"int_i32_min_m1": -2147483649, "int_u32_max": 4294967295, "int_2p32": 4294967296,
		"int_m2p32": -4294967296, "int_2p53": 9007199254740992, "int_2p53_p1": 9007199254740993,
		"int_i64_max": 9223372036854775807, "int_i64_max_m1": 9223372036854775806,
		"int_i64_min": -9223372036854775807 - 1, "int_i64_min_p1": -9223372036854775807,
		"int_0x0102030405060708": 0x0102030405060708, "int_m0x0102030405060708": -0x0102030405060708,
		"int_0x7f000000": 0x7f000000, "int_m0x7f000000": -0x7f000000,
	}
	for k in ints:
		add(k, ints[k])
	var floats := {
		"float_0": 0.0, "float_m0": f64(-0x7fffffffffffffff - 1), "float_0_5": 0.5, "float_m0_5": -0.5, "float_1": 1.0,
		"float_m1": -1.0, "float_1_5": 1.5, "float_0_1": 0.1, "float_m0_1": -0.1, "float_1_3": 1.0 / 3.0,
		"float_pi": PI, "float_tau": TAU, "float_1e10": 1e10, "float_1e300": 1e300, "float_m1e300": -1e300,
		"float_1em300": 1e-300, "float_2p24": 16777216.0, "float_2p24_p1": 16777217.0,
		"float_2p24_p2": 16777218.0, "float_f32_max": 3.4028234663852886e38,
		"float_f32_max_x2": 3.4028234663852886e38 * 2.0, "float_m_f32_max_x2": -3.4028234663852886e38 * 2.0,
		"float_f32_max_next": 3.4028235677973366e38, "float_f32_min_normal": 1.1754943508222875e-38,
		"float_f32_min_sub": 1.401298464324817e-45, "float_f32_max_sub": 1.1754942106924411e-38,
		"float_f32_min_sub_bits": f32(1), "float_f32_max_sub_bits": f32(0x007fffff), "float_m_f32_min_sub_bits": f32(0x80000001),
		"float_f32_min_sub_half": 7.006492321624085e-46, "float_f64_min_normal": f64(0x0010000000000000),
		"float_f64_min_sub": f64(1), "float_m_f64_min_sub": f64(-0x7fffffffffffffff), "float_f64_max_sub": f64(0x000fffffffffffff),
		"float_f64_sub_mid": f64(0x0000000123456789), "float_1e_m307": 1e-307,
		"float_f64_max": 1.7976931348623157e308, "float_m_f64_max": -1.7976931348623157e308,
		"float_inf": INF, "float_minf": -INF, "float_nan": NAN, "float_2p63": 9223372036854775808.0,
		"float_1e_m7": 1e-7, "float_123456_789": 123456.789, "float_0_3": 0.3, "float_100": 100.0,
		"float_1e38": 1e38, "float_1e39": 1e39, "float_m2p24_p1": -16777217.0, "float_0_25": 0.25,
	}
	for k in floats:
		add(k, floats[k])
	add("float_nan_neg", f64(-0x0008000000000000))
	add("float_nan_payload_q", f64(0x7ff8000000000123))
	add("float_nan_signaling", f64(0x7ff0000000000001))
	add("float_nan_f32_payload", f32(0x7fc00001))
	add("float_inf_bits", f64(0x7ff0000000000000))


func gen_strings() -> void:
	var s := ""
	for n in 10:
		add("str_len%d" % n, s)
		s += char(97 + n)
	var scripts := {
		"str_latin1": "café naïve Ærø ß ÿ ¡¿ £©®",
		"str_greek": "Ελληνικά αβγδε ΑΒΓ",
		"str_cyrillic": "Привет, мир! Ёё Щщ",
		"str_cjk": "中文字符 日本語のテキスト 한국어",
		"str_emoji": "😀👍🏽🚀 🇩🇪 👨‍👩‍👧",
		"str_astral_math": "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟘𝟙𝟚 𐍈",
		"str_combining": "e\u0301 a\u0308 n\u0303 Z̤͔ͧ̑̓ä͖̭̈̇",
		"str_rtl_hebrew": "שלום עולם",
		"str_rtl_arabic": "مرحبا بالعالم ١٢٣",
		"str_mixed_bidi": "abc \u202eRTL\u202c def",
		"str_thai_devanagari": "ภาษาไทย हिन्दी",
		"str_escapes": "tab\there\nnewline\r\nquote\" back\\slash 'single'",
		"str_bom_inside": "a\ufeffb",
		"str_zero_width": "a\u200bb\u200dc",
		"str_u_ffff": "\uffff",
		"str_u_fffd": "\ufffd",
		"str_u_10ffff": "\U10ffff",
		"str_u_80": "\u0080",
		"str_u_7ff": "\u07ff",
		"str_u_800": "\u0800",
		"str_u_10000": "\U010000",
		"str_1byte_x3": "abc",
		"str_2byte_x2": "éé",
		"str_3byte_x1": "€",
		"str_3byte_x3": "€€€",
		"str_4byte_x1": "😀",
		"str_4byte_x2": "😀😀",
		"str_spaces": "   ",
		"str_braces": "{\"a\": [1, 2]}",
		"str_looks_like_var": "Vector2(1, 2)",
	}
	for k in scripts:
		add(k, scripts[k])
	var long := ""
	for i in 300:
		long += char(65 + i % 26)
	add("str_len300", long)
	var long_u := ""
	for i in 100:
		long_u += "é😀"
	add("str_long_unicode", long_u)
	# Characters a String can hold but UTF-8 can't carry cleanly.
	add("str_nul_inside", "x" + String.chr(0) + "y")
	add("str_lone_surrogate", "a" + String.chr(0xD800) + "b")
	add("str_above_10ffff", "a" + String.chr(0x110000) + "b")
	add("str_nul_only", String.chr(0))


func gen_names_paths() -> void:
	var names := {
		"sname_empty": &"", "sname_a": &"a", "sname_abc": &"abc", "sname_abcd": &"abcd",
		"sname_abcde": &"abcde", "sname_unicode": &"héllo_世界", "sname_emoji": &"😀",
		"sname_method": &"_process", "sname_space": &"with space",
	}
	for k in names:
		add(k, names[k])
	var paths := {
		"np_empty": "", "np_dot": ".", "np_dotdot": "..", "np_root": "/root", "np_root_a_b": "/root/a/b",
		"np_a": "a", "np_a_b": "a/b", "np_a_b_c": "a/b:c", "np_a_colon_b_c": "a:b:c",
		"np_colon_p_q": ":p:q", "np_colon_p": ":p", "np_up_x_y": "../x/y", "np_unique": "%Unique",
		"np_unique_child": "%Unique/child:prop", "np_abs_sub": "/root/Main/Player:position:x",
		"np_abs_sub1": "/root/a:b", "np_slash": "/", "np_long": "a/bb/ccc/dddd/eeeee:f:gg:hhh:iiii",
		"np_unicode": "Ünï/cödé:prøp", "np_dot_sub": ".:x", "np_up_up": "../../a",
		"np_abs_long": "/root/World/Level_01/Enemies/Goblin_12/Sprite2D:modulate:a",
	}
	for k in paths:
		add(k, NodePath(paths[k]))


func gen_math() -> void:
	var nz := f64(-0x7fffffffffffffff - 1)
	var comps := {"ord": [1.5, -2.25, 3.0, 4.5], "neg": [-1.0, nz, -1e10, -3.5],
		"inf": [INF, -INF, 1.0, INF], "nan": [NAN, 0.0, NAN, 1.0], "f64": [0.1, 1e300, 16777217.0, -1e-300],
		"zero": [0.0, 0.0, 0.0, 0.0], "sub": [f32(1), f64(1), f32(0x807fffff), 2.0], "nzero": [nz, nz, nz, nz]}
	for k in comps:
		var c: Array = comps[k]
		add("v2_" + k, Vector2(c[0], c[1]))
		add("v3_" + k, Vector3(c[0], c[1], c[2]))
		add("v4_" + k, Vector4(c[0], c[1], c[2], c[3]))
		add("rect2_" + k, Rect2(c[0], c[1], c[2], c[3]))
		add("plane_" + k, Plane(c[0], c[1], c[2], c[3]))
		add("quat_" + k, Quaternion(c[0], c[1], c[2], c[3]))
		add("color_" + k, Color(c[0], c[1], c[2], c[3]))
		add("aabb_" + k, AABB(Vector3(c[0], c[1], c[2]), Vector3(c[3], c[2], c[1])))
		add("t2d_" + k, Transform2D(Vector2(c[0], c[1]), Vector2(c[2], c[3]), Vector2(c[3], c[0])))
		add("basis_" + k, Basis(Vector3(c[0], c[1], c[2]), Vector3(c[3], c[0], c[1]), Vector3(c[2], c[3], c[0])))
		add("t3d_" + k, Transform3D(Basis(Vector3(c[0], c[1], c[2]), Vector3(c[3], c[0], c[1]), Vector3(c[2], c[3], c[0])), Vector3(c[1], c[2], c[3])))
		add("proj_" + k, Projection(Vector4(c[0], c[1], c[2], c[3]), Vector4(c[1], c[2], c[3], c[0]), Vector4(c[2], c[3], c[0], c[1]), Vector4(c[3], c[0], c[1], c[2])))
	var icomps := {"ord": [1, -2, 3, 4], "zero": [0, 0, 0, 0], "max": [2147483647, -2147483648, 2147483647, -1],
		"big": [100000, -100000, 65536, -65536]}
	for k in icomps:
		var c: Array = icomps[k]
		add("v2i_" + k, Vector2i(c[0], c[1]))
		add("v3i_" + k, Vector3i(c[0], c[1], c[2]))
		add("v4i_" + k, Vector4i(c[0], c[1], c[2], c[3]))
		add("rect2i_" + k, Rect2i(c[0], c[1], c[2], c[3]))
	add("v2_1_2", Vector2(1, 2))
	add("t2d_123456", Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)))
	add("t2d_identity", Transform2D.IDENTITY)
	add("t2d_rot", Transform2D(0.5, Vector2(10, -20)))
	add("basis_123456789", Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)))
	add("basis_identity", Basis.IDENTITY)
	add("basis_rot", Basis(Vector3(0, 1, 0), 0.75))
	add("t3d_identity", Transform3D.IDENTITY)
	add("t3d_123", Transform3D(Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), Vector3(10, 11, 12)))
	add("quat_identity", Quaternion.IDENTITY)
	add("quat_axis_angle", Quaternion(Vector3(0, 0, 1), 1.0))
	add("proj_identity", Projection.IDENTITY)
	add("proj_1_16", Projection(Vector4(1, 2, 3, 4), Vector4(5, 6, 7, 8), Vector4(9, 10, 11, 12), Vector4(13, 14, 15, 16)))
	add("proj_perspective", Projection.create_perspective(70.0, 16.0 / 9.0, 0.05, 4000.0))
	add("plane_normal", Plane(Vector3(0, 1, 0), 5))
	add("color_red", Color.RED)
	add("color_html", Color("#33669980"))
	add("color_hdr", Color(2.5, 1.0, 0.5, 1.0))
	add("aabb_unit", AABB(Vector3(0, 0, 0), Vector3(1, 1, 1)))
	add("rect2_unit", Rect2(0, 0, 1, 1))


func gen_misc() -> void:
	add("rid_empty", RID())
	var body := PhysicsServer3D.body_create()
	if body.is_valid():
		add("rid_physics_body", body)
	var shape := PhysicsServer2D.circle_shape_create()
	if shape.is_valid():
		add("rid_physics2d_shape", shape)
	add("callable_empty", Callable())
	add("callable_method", Callable(self, "quit"))
	add("callable_lambda", func(): return 1)
	add("signal_empty", Signal())
	add("signal_tree_changed", Signal(self, "tree_changed"))


func gen_packed() -> void:
	add("pba_empty", PackedByteArray())
	for n in range(1, 10):
		var p := PackedByteArray()
		for i in n:
			p.append((i * 37 + 1) % 256)
		add("pba_len%d" % n, p)
	add("pba_0_255", PackedByteArray([0, 255, 128, 127]))
	var big := PackedByteArray()
	big.resize(1001)
	for i in 1001:
		big[i] = i % 251
	add("pba_len1001", big)
	add("pi32_empty", PackedInt32Array())
	add("pi32_1", PackedInt32Array([7]))
	add("pi32_edges", PackedInt32Array([0, 1, -1, 2147483647, -2147483648]))
	add("pi64_empty", PackedInt64Array())
	add("pi64_1", PackedInt64Array([1]))
	add("pi64_edges", PackedInt64Array([0, -1, 2147483648, 9223372036854775807, -9223372036854775807 - 1]))
	add("pf32_empty", PackedFloat32Array())
	add("pf32_1", PackedFloat32Array([1.5]))
	add("pf32_several", PackedFloat32Array([0.0, f64(-0x7fffffffffffffff - 1), 0.1, 1e10, INF, -INF, NAN, 16777217.0, 1e300, 1.401298464324817e-45]))
	add("pf64_empty", PackedFloat64Array())
	add("pf64_1", PackedFloat64Array([1.5]))
	add("pf64_several", PackedFloat64Array([0.0, f64(-0x7fffffffffffffff - 1), 0.1, 1e10, INF, -INF, NAN, 16777217.0, 1e300, f64(1), f64(-0x0008000000000000)]))
	add("pstr_empty", PackedStringArray())
	add("pstr_1", PackedStringArray(["ab"]))
	add("pstr_1_empty", PackedStringArray([""]))
	add("pstr_paddings", PackedStringArray(["", "x", "xy", "xyz", "wxyz", "vwxyz", "uvwxyz", "tuvwxyz"]))
	add("pstr_spec_example", PackedStringArray(["", "x", "xyz", "wxyz"]))
	add("pstr_unicode", PackedStringArray(["é", "€", "😀", "中文", "Привет", "a\tb\nc"]))
	add("pv2_empty", PackedVector2Array())
	add("pv2_1", PackedVector2Array([Vector2(1, 2)]))
	add("pv2_several", PackedVector2Array([Vector2(0, 0), Vector2(-1.5, 2.25), Vector2(INF, NAN), Vector2(0.1, 1e10)]))
	add("pv3_empty", PackedVector3Array())
	add("pv3_1", PackedVector3Array([Vector3(1, 2, 3)]))
	add("pv3_several", PackedVector3Array([Vector3(0, 0, 0), Vector3(-1.5, 2.25, f64(-0x7fffffffffffffff - 1)), Vector3(INF, -INF, NAN)]))
	add("pv4_empty", PackedVector4Array())
	add("pv4_1", PackedVector4Array([Vector4(1, 2, 3, 4)]))
	add("pv4_several", PackedVector4Array([Vector4(0, 0, 0, 0), Vector4(-1.5, 2.25, f64(-0x7fffffffffffffff - 1), 0.1), Vector4(INF, -INF, NAN, 1e10)]))
	add("pcol_empty", PackedColorArray())
	add("pcol_1", PackedColorArray([Color(1, 0, 0, 1)]))
	add("pcol_several", PackedColorArray([Color(0, 0, 0, 0), Color(0.1, 0.2, 0.3, 0.4), Color(2, -1, INF, NAN)]))


func gen_containers() -> void:
	add("arr_empty", [])
	add("arr_1", [1])
	add("arr_1_a", [1, "a"])
	add("arr_nil", [null])
	add("arr_mixed", [null, true, 7, -2.5, "s", Vector2(1, 2), &"sn", NodePath("a/b"), Color(1, 1, 1, 1), PackedByteArray([1, 2, 3]), [], {}])
	add("arr_nested", [[1, [2, [3, [4]]]], [[]], [{}, {"k": [5]}]])
	add("arr_ints_mixed_width", [0, 2147483648, -1, -9223372036854775807 - 1, 0.1, 0.5])
	add("arr_of_strings", ["", "a", "ab", "abc", "abcd", "abcde"])
	add("arr_nested_10", nested_array(10, 1))
	add("arr_nested_100", nested_array(100, "leaf"))
	add("arr_nested_500", nested_array(500, null))
	add("arr_nested_1022", nested_array(1022, 0))
	add("arr_nested_1023", nested_array(1023, 0))
	add("arr_nested_1024", nested_array(1024, 0))
	add("arr_nested_1025", nested_array(1025, 0))
	var big := []
	for i in 200:
		big.append(i * i - 100)
	add("arr_200_ints", big)
	add("dict_empty", {})
	add("dict_a_1", {"a": 1})
	add("dict_unsorted", {"zeta": 1, "alpha": 2, "mid": 3, "Beta": 4, "_": 5})
	add("dict_int_keys_unsorted", {10: "ten", 2: "two", -5: "minus five", 0: "zero", 2147483648: "big"})
	add("dict_mixed_keys", {1: "int", 1.5: "float", "s": "string", Vector2(1, 2): "vec", null: "null", [1, 2]: "array", &"sn": "stringname", true: "bool", {"k": 1}: "dict", NodePath("a"): "np", Color(1, 0, 0, 1): "color"})
	add("dict_nested", {"a": {"b": {"c": [1, 2, {"d": null}]}}, "e": []})
	add("dict_str_vs_sname", {"x": 1, &"y": 2})
	add("dict_values_all", {"nil": null, "b": false, "i": -7, "f": 0.1, "v3": Vector3(1, 2, 3), "pba": PackedByteArray([9]), "pstr": PackedStringArray(["q"]), "t": Transform2D.IDENTITY})
	var d := {}
	for i in 50:
		d["key_%02d" % (49 - i)] = i
	add("dict_50_reverse", d)
	add("arr_dict_nested_mix", [{"a": [{"b": [1]}]}, [{"c": {}}]])


func gen_typed() -> void:
	add("tarr_int_empty", Array([], TYPE_INT, &"", null))
	add("tarr_int", Array([1, 2, 3], TYPE_INT, &"", null))
	add("tarr_int_big", Array([2147483648, -1], TYPE_INT, &"", null))
	add("tarr_float", Array([1.5, 0.1, f64(-0x7fffffffffffffff - 1)], TYPE_FLOAT, &"", null))
	add("tarr_float_empty", Array([], TYPE_FLOAT, &"", null))
	add("tarr_string", Array(["a", "bc", ""], TYPE_STRING, &"", null))
	add("tarr_sname", Array([&"a", &"b"], TYPE_STRING_NAME, &"", null))
	add("tarr_vector2", Array([Vector2(1, 2), Vector2(-3, 4.5)], TYPE_VECTOR2, &"", null))
	add("tarr_vector2_empty", Array([], TYPE_VECTOR2, &"", null))
	add("tarr_array", Array([[1], []], TYPE_ARRAY, &"", null))
	add("tarr_dict", Array([{"a": 1}], TYPE_DICTIONARY, &"", null))
	add("tarr_pba", Array([PackedByteArray([1, 2])], TYPE_PACKED_BYTE_ARRAY, &"", null))
	add("tarr_nested_typed", [Array([1], TYPE_INT, &"", null), Array(["x"], TYPE_STRING, &"", null)])
	# One empty typed array per builtin type id (1..TYPE_MAX-1 except OBJECT).
	for t in range(1, TYPE_MAX):
		if t == TYPE_OBJECT:
			continue
		add("tarr_empty_type%d" % t, Array([], t, &"", null))
	add_both("tarr_node_empty", Array([], TYPE_OBJECT, &"Node", null))
	add_both("tarr_refcounted_empty", Array([], TYPE_OBJECT, &"RefCounted", null))
	add_both("tarr_object_empty", Array([], TYPE_OBJECT, &"Object", null))
	add_both("tarr_resource_empty", Array([], TYPE_OBJECT, &"Resource", null))
	var rc := RefCounted.new()
	add_both("tarr_refcounted_1", Array([rc], TYPE_OBJECT, &"RefCounted", null))
	add_both("tarr_refcounted_null", Array([null], TYPE_OBJECT, &"RefCounted", null))
	var n := Node.new()
	to_free.append(n)
	add_both("tarr_node_1", Array([n], TYPE_OBJECT, &"Node", null))
	var r := Resource.new()
	r.resource_name = "res_in_array"
	add_both("tarr_resource_1", Array([r, null], TYPE_OBJECT, &"Resource", null))
	# Typed dictionaries (4.4+).
	add("tdict_str_int", Dictionary({"k": 3}, TYPE_STRING, &"", null, TYPE_INT, &"", null))
	add("tdict_str_int_a1", Dictionary({"a": 1}, TYPE_STRING, &"", null, TYPE_INT, &"", null))
	add("tdict_str_int_empty", Dictionary({}, TYPE_STRING, &"", null, TYPE_INT, &"", null))
	add("tdict_str_int_many", Dictionary({"z": 1, "a": 2, "m": 2147483648}, TYPE_STRING, &"", null, TYPE_INT, &"", null))
	add("tdict_int_v2", Dictionary({1: Vector2(1, 2), -7: Vector2(0.5, -0.5)}, TYPE_INT, &"", null, TYPE_VECTOR2, &"", null))
	add("tdict_sname_array", Dictionary({&"a": [1, "x"], &"b": []}, TYPE_STRING_NAME, &"", null, TYPE_ARRAY, &"", null))
	add("tdict_key_only", Dictionary({"a": 1, "b": "two"}, TYPE_STRING, &"", null, TYPE_NIL, &"", null))
	add("tdict_value_only", Dictionary({1: 1.5, "x": 2.5}, TYPE_NIL, &"", null, TYPE_FLOAT, &"", null))
	add("tdict_float_color", Dictionary({0.5: Color(1, 0, 0, 1)}, TYPE_FLOAT, &"", null, TYPE_COLOR, &"", null))
	add("tdict_v2i_pstr", Dictionary({Vector2i(1, 2): PackedStringArray(["a"])}, TYPE_VECTOR2I, &"", null, TYPE_PACKED_STRING_ARRAY, &"", null))
	add_both("tdict_str_node_empty", Dictionary({}, TYPE_STRING, &"", null, TYPE_OBJECT, &"Node", null))
	add_both("tdict_str_refcounted", Dictionary({"r": RefCounted.new(), "n": null}, TYPE_STRING, &"", null, TYPE_OBJECT, &"RefCounted", null))
	add_both("tdict_resource_int", Dictionary({r: 1}, TYPE_OBJECT, &"Resource", null, TYPE_INT, &"", null))
	add_both("tdict_object_object_empty", Dictionary({}, TYPE_OBJECT, &"Object", null, TYPE_OBJECT, &"Object", null))
	add("tdict_in_array", [Dictionary({"k": 1}, TYPE_STRING, &"", null, TYPE_INT, &"", null)])
	add("tarr_in_dict", {"list": Array([1, 2], TYPE_INT, &"", null)})


func gen_objects() -> void:
	var n := Node.new()
	n.free()
	add_both("obj_freed", n)
	add_both("obj_refcounted", RefCounted.new())
	add_both("obj_object", Object.new())
	var r := Resource.new()
	r.resource_name = "my resource"
	add_both("obj_resource_named", r)
	add_both("obj_resource_plain", Resource.new())
	var node := Node.new()
	node.name = "Player"
	to_free.append(node)
	add_both("obj_node_named", node)
	var n2 := Node2D.new()
	n2.position = Vector2(3, 4)
	n2.rotation = 0.5
	to_free.append(n2)
	add_both("obj_node2d", n2)
	var img := Image.create(2, 1, false, Image.FORMAT_RGBA8)
	img.set_pixel(0, 0, Color(1, 0, 0, 1))
	add_both("obj_image", img)
	var cur := Curve.new()
	cur.add_point(Vector2(0, 0))
	cur.add_point(Vector2(1, 1))
	add_both("obj_curve", cur)
	add_both("obj_in_array", [RefCounted.new(), null, 5])
	add_both("obj_in_dict", {"o": RefCounted.new(), "x": 1})
	var nested := Resource.new()
	nested.resource_name = "outer"
	nested.set_meta("inner", RefCounted.new())
	nested.set_meta("num", 42)
	add_both("obj_resource_meta", nested)
	var scr := GDScript.new()
	scr.source_code = "extends RefCounted\nvar hp = 5\n"
	scr.reload()
	var so = scr.new()
	add_both("obj_with_script", so)


func gen_game_state() -> void:
	var entities := []
	var names := ["Ann", "Bob", "Çelik", "Дмитрий", "李"]
	for i in names.size():
		entities.append({
			"id": i + 1,
			"name": names[i],
			"uid": 5000000000 + i * 1234567,
			"pos": Vector2(i * 10.5, -i * 3.25),
			"pos3": Vector3(i, i * 0.1, -i),
			"cell": Vector2i(i, -i),
			"tint": Color(0.1 * i, 0.5, 1.0, 1.0),
			"tags": PackedStringArray(["npc", "lvl%d" % i] if i % 2 == 0 else ["player"]),
			"hp": 100.0 - i * 12.5,
			"ratio": 0.1 * i,
			"alive": i != 3,
			"inventory": [{"item": &"sword", "count": 1}, {"item": &"potion", "count": i * 3}] if i % 2 == 1 else [],
			"path": NodePath("/root/World/Entities/E%d" % i),
		})
	var state := {
		"version": 3,
		"seed": 1099511627776,
		"time": 12345.678,
		"paused": false,
		"player_name": "Ünïcødé Hero 😀",
		"entities": entities,
		"map": {"size": Vector2i(64, 48), "tiles": PackedByteArray([0, 1, 1, 2, 3, 5, 8]), "heights": PackedFloat32Array([0.5, 1.25, 3.0])},
		"scores": PackedInt64Array([10, 20000000000, -3]),
		"settings": {"volume": 0.8, "fullscreen": true, "keys": {"jump": 32, "left": 65}},
		"history": [null, 1, "two", 3.0],
		"bounds": AABB(Vector3(-100, 0, -100), Vector3(200, 50, 200)),
		"camera": Transform3D(Basis(Vector3(0, 1, 0), 0.3), Vector3(1, 5, 10)),
	}
	add("game_state", state)
	add("game_state_entities_only", entities)


func gen_random() -> void:
	var rng := RandomNumberGenerator.new()
	rng.seed = 20240607
	for i in 40:
		var kind := i % 5
		var v
		match kind:
			0:
				v = rng.randi() * (1 if i % 2 == 0 else -1) * (1 + (i % 3) * 3000000)
			1:
				v = rng.randf_range(-1e6, 1e6)
			2:
				var s := ""
				var n := rng.randi_range(0, 12)
				for j in n:
					var cp := rng.randi_range(32, 0x2FFF)
					if rng.randi_range(0, 5) == 0:
						cp = rng.randi_range(0x1F300, 0x1F6FF)
					s += String.chr(cp)
				v = s
			3:
				v = Vector3(rng.randf_range(-100, 100), rng.randf_range(-100, 100), rng.randf())
			4:
				v = [rng.randi_range(-1000, 1000), rng.randf(), {"r": rng.randi()}]
		add("rng_%02d" % i, v)
