# godot_bin fixture generator for Godot 3.x (engine truth).  Works with 3.2.3 and 3.6.
# Run:  scripts/engine.sh godot-3.6 tests/gd/gen_values3.gd [OUT]   (OUT defaults to values.tsv)
# Writes one line per value:  id<TAB>flags<TAB>hex<TAB>text
#   flags  "-" = var2bytes(value), "objects" = var2bytes(value, true) (full objects)
#   hex    lowercase hex of the encoded bytes
#   text   var2str(value), with backslash -> \\, TAB -> \t, LF -> \n, CR -> \r, and NUL,
#          surrogates and code points above U+10FFFF -> \u{hex} (keeps the file valid UTF-8)
# Values the engine refuses to encode (empty result) are listed as "# encode-failed" comment lines.
# Written for godot_bin; deterministic except for object instance ids (ID mode) and garbage padding
# bytes some 3.x versions write (NodePath pads in 3.2.3).
extends SceneTree

var lines = []
var seen = {}
var failed = []
var to_free = []


func esc(s):
	var e = s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")
	# Keep the file valid UTF-8: NUL, surrogates and code points above U+10FFFF become \u{hex}.
	var bad = false
	for i in range(e.length()):
		var c = e.ord_at(i)
		if c == 0 or (c >= 0xD800 and c <= 0xDFFF) or c > 0x10FFFF:
			bad = true
			break
	if not bad:
		return e
	var out = ""
	for i in range(e.length()):
		var c = e.ord_at(i)
		if c == 0 or (c >= 0xD800 and c <= 0xDFFF) or c > 0x10FFFF:
			out += "\\u{%x}" % c
		else:
			out += e.substr(i, 1)
	return out


func hexs(b):
	var out = ""
	for x in b:
		out += "%02x" % x
	return out


func add(id, v, objects = false):
	if seen.has(id):
		push_error("duplicate id " + id)
		return
	seen[id] = true
	var text = esc(var2str(v))
	var fl = "objects" if objects else "-"
	# A failing var2bytes raises a script error that aborts this function (3.6), so the failure line
	# is recorded first and removed again once encoding succeeded.
	var fail_line = "# encode-failed\t" + id + "\t" + fl + "\t" + text
	failed.append(fail_line)
	var b = var2bytes(v, objects)
	if b.size() == 0:
		return
	failed.pop_back()
	lines.append(id + "\t" + fl + "\t" + hexs(b) + "\t" + text)


func add_both(id, v):
	add(id + "_id", v, false)
	add(id + "_obj", v, true)


# Floats built from their IEEE bits (literals near the subnormal range are not parsed exactly, and the
# compiler may merge constants that compare equal, such as 0.0 and -0.0).
func f64(bits):
	var spb = StreamPeerBuffer.new()
	spb.put_64(bits)
	spb.seek(0)
	return spb.get_double()


func f32(bits):
	var spb = StreamPeerBuffer.new()
	spb.put_32(bits)
	spb.seek(0)
	return spb.get_float()


func nested_array(depth, leaf):
	var a = leaf
	for i in range(depth):
		a = [a]
	return a


func _init():
	var args = Array(OS.get_cmdline_args())
	var out = "values.tsv"
	var dd = args.find("--")
	if dd >= 0 and dd + 1 < args.size():
		out = args[dd + 1]
	gen_scalars()
	gen_strings()
	gen_paths()
	gen_math()
	gen_misc()
	gen_packed()
	gen_containers()
	gen_objects()
	gen_game_state()
	gen_random()
	var f = File.new()
	if f.open(out, File.WRITE) != OK:
		push_error("cannot write " + out)
		quit()
		return
	var vi = Engine.get_version_info()
	f.store_line("# godot_bin values; engine Godot " + str(vi["string"]) + " (" + str(vi["hash"]) + "); columns: id, flags (- or objects), hex = var2bytes(value[, true]), text = var2str(value) with \\ -> \\\\, TAB -> \\t, LF -> \\n, CR -> \\r, NUL/surrogates/above U+10FFFF -> \\u{hex}")
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


func gen_scalars():
	add("nil", null)
	add("bool_true", true)
	add("bool_false", false)
	var ints = [
		["int_0", 0], ["int_1", 1], ["int_m1", -1], ["int_2", 2], ["int_127", 127], ["int_128", 128],
		["int_255", 255], ["int_256", 256], ["int_m128", -128], ["int_65535", 65535], ["int_65536", 65536],
		["int_1e9", 1000000000], ["int_i32_max", 2147483647], ["int_i32_max_p1", 2147483648],
		["int_i32_min", -2147483648], ["int_i32_min_m1", -2147483649], ["int_u32_max", 4294967295],
		["int_2p32", 4294967296], ["int_m2p32", -4294967296], ["int_2p53", 9007199254740992],
		["int_2p53_p1", 9007199254740993], ["int_i64_max", 9223372036854775807],
		["int_i64_max_m1", 9223372036854775806], ["int_i64_min", -9223372036854775807 - 1],
		["int_i64_min_p1", -9223372036854775807], ["int_0x0102030405060708", 0x0102030405060708],
		["int_m0x0102030405060708", -0x0102030405060708], ["int_0x7f000000", 0x7f000000],
		["int_m0x7f000000", -0x7f000000],
	]
	for kv in ints:
		add(kv[0], kv[1])
	var nz = f64(-0x7fffffffffffffff - 1)
	var floats = [
		["float_0", 0.0], ["float_m0", nz], ["float_0_5", 0.5], ["float_m0_5", -0.5], ["float_1", 1.0],
		["float_m1", -1.0], ["float_1_5", 1.5], ["float_0_1", 0.1], ["float_m0_1", -0.1],
		["float_1_3", 1.0 / 3.0], ["float_pi", PI], ["float_tau", TAU], ["float_1e10", 1e10],
		["float_1e300", 1e300], ["float_m1e300", -1e300], ["float_1em300", 1e-300],
		["float_2p24", 16777216.0], ["float_2p24_p1", 16777217.0], ["float_2p24_p2", 16777218.0],
		["float_f32_max", f32(0x7f7fffff)], ["float_f32_max_x2", f32(0x7f7fffff) * 2.0],
		["float_m_f32_max_x2", f32(0x7f7fffff) * -2.0], ["float_f32_max_next", f64(0x47efffffF0000000)],
		["float_f32_min_normal", f32(0x00800000)], ["float_f32_min_sub_bits", f32(1)],
		["float_f32_max_sub_bits", f32(0x007fffff)], ["float_m_f32_min_sub_bits", f32(0x80000001)],
		["float_f32_min_sub_half", f64(0x36a0000000000000) / 2.0],
		["float_f64_min_normal", f64(0x0010000000000000)], ["float_f64_min_sub", f64(1)],
		["float_m_f64_min_sub", f64(-0x7fffffffffffffff)], ["float_f64_max_sub", f64(0x000fffffffffffff)],
		["float_f64_sub_mid", f64(0x0000000123456789)],
		["float_f64_max", f64(0x7fefffffffffffff)], ["float_m_f64_max", f64(-0x0010000000000001)],
		["float_inf", INF], ["float_minf", -INF], ["float_nan", NAN], ["float_2p63", 9223372036854775808.0],
		["float_1e_m7", 1e-7], ["float_123456_789", 123456.789], ["float_0_3", 0.3], ["float_100", 100.0],
		["float_1e38", 1e38], ["float_1e39", 1e39], ["float_m2p24_p1", -16777217.0], ["float_0_25", 0.25],
		["float_nan_neg", f64(-0x0008000000000000)], ["float_nan_payload_q", f64(0x7ff8000000000123)],
		["float_nan_signaling", f64(0x7ff0000000000001)], ["float_inf_bits", f64(0x7ff0000000000000)],
	]
	for kv in floats:
		add(kv[0], kv[1])


func gen_strings():
	var s = ""
	for n in range(10):
		add("str_len%d" % n, s)
		s += char(97 + n)
	var scripts = [
		["str_latin1", "café naïve Ærø ß ÿ ¡¿ £©®"],
		["str_greek", "Ελληνικά αβγδε ΑΒΓ"],
		["str_cyrillic", "Привет, мир! Ёё Щщ"],
		["str_cjk", "中文字符 日本語のテキスト 한국어"],
		["str_emoji", "😀👍🏽🚀 🇩🇪 👨‍👩‍👧"],
		["str_astral_math", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢 𝟘𝟙𝟚 𐍈"],
		["str_combining", "e" + char(0x301) + " a" + char(0x308) + " n" + char(0x303) + " Z̤͔ͧ̑̓ä͖̭̈̇"],
		["str_rtl_hebrew", "שלום עולם"],
		["str_rtl_arabic", "مرحبا بالعالم ١٢٣"],
		["str_mixed_bidi", "abc " + char(0x202e) + "RTL" + char(0x202c) + " def"],
		["str_thai_devanagari", "ภาษาไทย हिन्दी"],
		["str_escapes", "tab\there\nnewline\r\nquote\" back\\slash 'single'"],
		["str_bom_inside", "a" + char(0xfeff) + "b"],
		["str_zero_width", "a" + char(0x200b) + "b" + char(0x200d) + "c"],
		["str_u_ffff", char(0xffff)],
		["str_u_fffd", char(0xfffd)],
		["str_u_10ffff", char(0x10ffff)],
		["str_u_80", char(0x80)],
		["str_u_7ff", char(0x7ff)],
		["str_u_800", char(0x800)],
		["str_u_10000", char(0x10000)],
		["str_1byte_x3", "abc"],
		["str_2byte_x2", "éé"],
		["str_3byte_x1", "€"],
		["str_3byte_x3", "€€€"],
		["str_4byte_x1", "😀"],
		["str_4byte_x2", "😀😀"],
		["str_spaces", "   "],
		["str_braces", "{\"a\": [1, 2]}"],
		["str_looks_like_var", "Vector2(1, 2)"],
	]
	for kv in scripts:
		add(kv[0], kv[1])
	var long = ""
	for i in range(300):
		long += char(65 + i % 26)
	add("str_len300", long)
	var long_u = ""
	for i in range(100):
		long_u += "é😀"
	add("str_long_unicode", long_u)
	# Characters a String can hold but UTF-8 can't carry cleanly.
	add("str_lone_surrogate", "a" + char(0xD800) + "b")
	add("str_above_10ffff", "a" + char(0x110000) + "b")


func gen_paths():
	var paths = [
		["np_empty", ""], ["np_dot", "."], ["np_dotdot", ".."], ["np_root", "/root"], ["np_root_a_b", "/root/a/b"],
		["np_a", "a"], ["np_a_b", "a/b"], ["np_a_b_c", "a/b:c"], ["np_a_colon_b_c", "a:b:c"],
		["np_colon_p_q", ":p:q"], ["np_colon_p", ":p"], ["np_up_x_y", "../x/y"], ["np_unique", "%Unique"],
		["np_unique_child", "%Unique/child:prop"], ["np_abs_sub", "/root/Main/Player:position:x"],
		["np_abs_sub1", "/root/a:b"], ["np_slash", "/"], ["np_long", "a/bb/ccc/dddd/eeeee:f:gg:hhh:iiii"],
		["np_unicode", "Ünï/cödé:prøp"], ["np_dot_sub", ".:x"], ["np_up_up", "../../a"],
		["np_abs_long", "/root/World/Level_01/Enemies/Goblin_12/Sprite:modulate:a"],
	]
	for kv in paths:
		add(kv[0], NodePath(kv[1]))


func gen_math():
	var nz = f64(-0x7fffffffffffffff - 1)
	var comps = [["ord", [1.5, -2.25, 3.0, 4.5]], ["neg", [-1.0, nz, -1e10, -3.5]],
		["inf", [INF, -INF, 1.0, INF]], ["nan", [NAN, 0.0, NAN, 1.0]], ["f64", [0.1, 1e300, 16777217.0, -1e-300]],
		["zero", [0.0, 0.0, 0.0, 0.0]], ["sub", [f32(1), f64(1), f32(0x807fffff), 2.0]], ["nzero", [nz, nz, nz, nz]]]
	for kc in comps:
		var k = kc[0]
		var c = kc[1]
		add("v2_" + k, Vector2(c[0], c[1]))
		add("v3_" + k, Vector3(c[0], c[1], c[2]))
		add("rect2_" + k, Rect2(c[0], c[1], c[2], c[3]))
		add("plane_" + k, Plane(c[0], c[1], c[2], c[3]))
		add("quat_" + k, Quat(c[0], c[1], c[2], c[3]))
		add("color_" + k, Color(c[0], c[1], c[2], c[3]))
		add("aabb_" + k, AABB(Vector3(c[0], c[1], c[2]), Vector3(c[3], c[2], c[1])))
		add("t2d_" + k, Transform2D(Vector2(c[0], c[1]), Vector2(c[2], c[3]), Vector2(c[3], c[0])))
		add("basis_" + k, Basis(Vector3(c[0], c[1], c[2]), Vector3(c[3], c[0], c[1]), Vector3(c[2], c[3], c[0])))
		add("t3d_" + k, Transform(Basis(Vector3(c[0], c[1], c[2]), Vector3(c[3], c[0], c[1]), Vector3(c[2], c[3], c[0])), Vector3(c[1], c[2], c[3])))
	add("v2_1_2", Vector2(1, 2))
	add("t2d_123456", Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)))
	add("t2d_identity", Transform2D.IDENTITY)
	add("t2d_rot", Transform2D(0.5, Vector2(10, -20)))
	add("basis_123456789", Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)))
	add("basis_identity", Basis.IDENTITY)
	add("basis_rot", Basis(Vector3(0, 1, 0), 0.75))
	add("t3d_identity", Transform.IDENTITY)
	add("t3d_123", Transform(Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), Vector3(10, 11, 12)))
	add("quat_identity", Quat.IDENTITY)
	add("quat_axis_angle", Quat(Vector3(0, 0, 1), 1.0))
	add("plane_normal", Plane(Vector3(0, 1, 0), 5))
	add("color_red", Color.red)
	add("color_html", Color("#80336699"))
	add("color_hdr", Color(2.5, 1.0, 0.5, 1.0))
	add("aabb_unit", AABB(Vector3(0, 0, 0), Vector3(1, 1, 1)))
	add("rect2_unit", Rect2(0, 0, 1, 1))


func gen_misc():
	add("rid_empty", RID())
	var body = PhysicsServer.body_create()
	add("rid_physics_body", body)


func gen_packed():
	add("pba_empty", PoolByteArray())
	for n in range(1, 10):
		var p = PoolByteArray()
		for i in range(n):
			p.append((i * 37 + 1) % 256)
		add("pba_len%d" % n, p)
	add("pba_0_255", PoolByteArray([0, 255, 128, 127]))
	var big = PoolByteArray()
	for i in range(1001):
		big.append(i % 251)
	add("pba_len1001", big)
	add("pint_empty", PoolIntArray())
	add("pint_1", PoolIntArray([7]))
	add("pint_edges", PoolIntArray([0, 1, -1, 2147483647, -2147483648]))
	add("pint_wrap", PoolIntArray([2147483648, 4294967297, -2147483649]))
	add("preal_empty", PoolRealArray())
	add("preal_1", PoolRealArray([1.5]))
	add("preal_several", PoolRealArray([0.0, f64(-0x7fffffffffffffff - 1), 0.1, 1e10, INF, -INF, NAN, 16777217.0, 1e300, f32(1)]))
	add("pstr_empty", PoolStringArray())
	add("pstr_1", PoolStringArray(["ab"]))
	add("pstr_1_empty", PoolStringArray([""]))
	add("pstr_paddings", PoolStringArray(["", "x", "xy", "xyz", "wxyz", "vwxyz", "uvwxyz", "tuvwxyz"]))
	add("pstr_spec_example", PoolStringArray(["", "x", "xyz", "wxyz"]))
	add("pstr_unicode", PoolStringArray(["é", "€", "😀", "中文", "Привет", "a\tb\nc"]))
	add("pv2_empty", PoolVector2Array())
	add("pv2_1", PoolVector2Array([Vector2(1, 2)]))
	add("pv2_several", PoolVector2Array([Vector2(0, 0), Vector2(-1.5, 2.25), Vector2(INF, NAN), Vector2(0.1, 1e10)]))
	add("pv3_empty", PoolVector3Array())
	add("pv3_1", PoolVector3Array([Vector3(1, 2, 3)]))
	add("pv3_several", PoolVector3Array([Vector3(0, 0, 0), Vector3(-1.5, 2.25, f64(-0x7fffffffffffffff - 1)), Vector3(INF, -INF, NAN)]))
	add("pcol_empty", PoolColorArray())
	add("pcol_1", PoolColorArray([Color(1, 0, 0, 1)]))
	add("pcol_several", PoolColorArray([Color(0, 0, 0, 0), Color(0.1, 0.2, 0.3, 0.4), Color(2, -1, INF, NAN)]))


func gen_containers():
	add("arr_empty", [])
	add("arr_1", [1])
	add("arr_1_a", [1, "a"])
	add("arr_nil", [null])
	add("arr_mixed", [null, true, 7, -2.5, "s", Vector2(1, 2), NodePath("a/b"), Color(1, 1, 1, 1), PoolByteArray([1, 2, 3]), [], {}])
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
	var big = []
	for i in range(200):
		big.append(i * i - 100)
	add("arr_200_ints", big)
	add("dict_empty", {})
	add("dict_a_1", {"a": 1})
	add("dict_unsorted", {"zeta": 1, "alpha": 2, "mid": 3, "Beta": 4, "_": 5})
	add("dict_int_keys_unsorted", {10: "ten", 2: "two", -5: "minus five", 0: "zero", 2147483648: "big"})
	add("dict_mixed_keys", {1: "int", 1.5: "float", "s": "string", Vector2(1, 2): "vec", null: "null", [1, 2]: "array", true: "bool", {"k": 1}: "dict", NodePath("a"): "np", Color(1, 0, 0, 1): "color"})
	add("dict_nested", {"a": {"b": {"c": [1, 2, {"d": null}]}}, "e": []})
	add("dict_values_all", {"nil": null, "b": false, "i": -7, "f": 0.1, "v3": Vector3(1, 2, 3), "pba": PoolByteArray([9]), "pstr": PoolStringArray(["q"]), "t": Transform2D.IDENTITY})
	var d = {}
	for i in range(50):
		d["key_%02d" % (49 - i)] = i
	add("dict_50_reverse", d)
	add("arr_dict_nested_mix", [{"a": [{"b": [1]}]}, [{"c": {}}]])


func gen_objects():
	var n = Node.new()
	n.free()
	add_both("obj_freed", n)
	add_both("obj_reference", Reference.new())
	var o = ClassDB.instance("Object")
	to_free.append(o)
	add_both("obj_object", o)
	var r = Resource.new()
	r.resource_name = "my resource"
	add_both("obj_resource_named", r)
	add_both("obj_resource_plain", Resource.new())
	var node = Node.new()
	node.name = "Player"
	to_free.append(node)
	add_both("obj_node_named", node)
	var n2 = Node2D.new()
	n2.position = Vector2(3, 4)
	n2.rotation = 0.5
	to_free.append(n2)
	add_both("obj_node2d", n2)
	var img = Image.new()
	img.create(2, 1, false, Image.FORMAT_RGBA8)
	img.lock()
	img.set_pixel(0, 0, Color(1, 0, 0, 1))
	img.unlock()
	add_both("obj_image", img)
	var cur = Curve.new()
	cur.add_point(Vector2(0, 0))
	cur.add_point(Vector2(1, 1))
	add_both("obj_curve", cur)
	add_both("obj_in_array", [Reference.new(), null, 5])
	add_both("obj_in_dict", {"o": Reference.new(), "x": 1})
	var nested = Resource.new()
	nested.resource_name = "outer"
	nested.set_meta("inner", Reference.new())
	nested.set_meta("num", 42)
	add_both("obj_resource_meta", nested)
	var scr = GDScript.new()
	scr.source_code = "extends Reference\nvar hp = 5\n"
	scr.reload()
	var so = scr.new()
	add_both("obj_with_script", so)


func gen_game_state():
	var entities = []
	var names = ["Ann", "Bob", "Çelik", "Дмитрий", "李"]
	for i in range(names.size()):
		entities.append({
			"id": i + 1,
			"name": names[i],
			"uid": 5000000000 + i * 1234567,
			"pos": Vector2(i * 10.5, -i * 3.25),
			"pos3": Vector3(i, i * 0.1, -i),
			"tint": Color(0.1 * i, 0.5, 1.0, 1.0),
			"tags": PoolStringArray(["npc", "lvl%d" % i] if i % 2 == 0 else ["player"]),
			"hp": 100.0 - i * 12.5,
			"ratio": 0.1 * i,
			"alive": i != 3,
			"inventory": [{"item": "sword", "count": 1}, {"item": "potion", "count": i * 3}] if i % 2 == 1 else [],
			"path": NodePath("/root/World/Entities/E%d" % i),
		})
	var state = {
		"version": 3,
		"seed": 1099511627776,
		"time": 12345.678,
		"paused": false,
		"player_name": "Ünïcødé Hero 😀",
		"entities": entities,
		"map": {"size": Vector2(64, 48), "tiles": PoolByteArray([0, 1, 1, 2, 3, 5, 8]), "heights": PoolRealArray([0.5, 1.25, 3.0])},
		"scores": PoolIntArray([10, 2000000, -3]),
		"settings": {"volume": 0.8, "fullscreen": true, "keys": {"jump": 32, "left": 65}},
		"history": [null, 1, "two", 3.0],
		"bounds": AABB(Vector3(-100, 0, -100), Vector3(200, 50, 200)),
		"camera": Transform(Basis(Vector3(0, 1, 0), 0.3), Vector3(1, 5, 10)),
	}
	add("game_state", state)
	add("game_state_entities_only", entities)


func gen_random():
	var rng = RandomNumberGenerator.new()
	rng.seed = 20240607
	for i in range(40):
		var kind = i % 5
		var v
		match kind:
			0:
				v = rng.randi() * (1 if i % 2 == 0 else -1) * (1 + (i % 3) * 3000000)
			1:
				v = rng.randf_range(-1e6, 1e6)
			2:
				var s = ""
				var n = rng.randi_range(0, 12)
				for j in range(n):
					var cp = rng.randi_range(32, 0x2FFF)
					if rng.randi_range(0, 5) == 0:
						cp = rng.randi_range(0x1F300, 0x1F6FF)
					s += char(cp)
				v = s
			3:
				v = Vector3(rng.randf_range(-100, 100), rng.randf_range(-100, 100), rng.randf())
			4:
				v = [rng.randi_range(-1000, 1000), rng.randf(), {"r": rng.randi()}]
		add("rng_%02d" % i, v)
