# Text fixtures for godot_bin (engine truth for `encode --from text`), Godot 3.x.
# Run:  scripts/engine.sh godot-3.6 tests/gd/gen_text3.gd [OUT]      (OUT defaults to text3.tsv)
# One line per value:  id<TAB>flags<TAB>text_hex<TAB>bytes_hex
#   text_hex   UTF-8 of var2str(value), hex-encoded (the engine's own text, lossy floats and all)
#   bytes_hex  var2bytes(str2var(text)) - what the engine itself gets back from that text
#   flags      "-" or "objects" (var2bytes(..., true) for the bytes)
extends SceneTree

var lines = PoolStringArray()
var seed_state = 12345


func rnd():
	seed_state = (seed_state * 1103515245 + 12345) & 0x7fffffff
	return seed_state


func f64(bits):
	var sp = StreamPeerBuffer.new()
	sp.put_64(bits)
	sp.seek(0)
	return sp.get_double()


func f32(bits):
	var sp = StreamPeerBuffer.new()
	sp.put_32(bits)
	sp.seek(0)
	return sp.get_float()


func rfloat():
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


func rstring():
	var pool = ["a", "b", "\"", "\\", "\n", "\t", "é", "中", " ", "{", "]", ",", ":", "x", "\r", "'"]
	var s = ""
	for i in rnd() % 8:
		s += pool[rnd() % pool.size()]
	return s


func rvalue(depth):
	var k = rnd() % (20 if depth < 3 else 14)
	match k:
		0: return null
		1: return rnd() % 2 == 0
		2: return rnd() - 1073741824
		3: return (rnd() << 31) ^ rnd() - (1 << 60)
		4: return rfloat()
		5: return rstring()
		6: return Vector2(rfloat(), rfloat())
		7: return Vector3(rfloat(), rfloat(), rfloat())
		8: return Color(rfloat(), rfloat(), rfloat(), rfloat())
		9: return Quat(rfloat(), rfloat(), rfloat(), rfloat())
		10: return NodePath(rstring().replace("\"", ""))
		11: return PoolRealArray([rfloat(), rfloat()])
		12: return Transform2D(Vector2(rfloat(), rfloat()), Vector2(rfloat(), rfloat()), Vector2(rfloat(), rfloat()))
		13: return PoolIntArray([rnd(), -rnd()])
		14, 15, 16:
			var a = []
			for i in rnd() % 4:
				a.append(rvalue(depth + 1))
			return a
		_:
			var d = {}
			for i in rnd() % 4:
				d[rvalue(depth + 2)] = rvalue(depth + 1)
			return d


func add(id, v, objects = false):
	var text = var2str(v)
	var back = str2var(text)
	var b = var2bytes(back, objects)
	lines.append(id + "\t" + ("objects" if objects else "-") + "\t" + text.to_utf8().hex_encode() + "\t" + b.hex_encode())


func _init():
	var out = "text3.tsv"
	var args = OS.get_cmdline_args()
	var dd = -1
	for i in args.size():
		if args[i] == "--":
			dd = i
	if dd >= 0 and dd + 1 < args.size():
		out = args[dd + 1]
	add("nil", null)
	add("true", true)
	add("false", false)
	for i in [0, 1, -1, 2147483647, 2147483648, -2147483649, 9223372036854775807, -9223372036854775807 - 1]:
		add("int_%d" % i, i)
	var fbits = [0, -0x7fffffffffffffff - 1, 0x3ff0000000000000, 0x3fb999999999999a, 0x3fd5555555555555, 0x7fefffffffffffff,
		0x0010000000000000, 1, 0x000fffffffffffff, 0x7ff0000000000000, -0x10000000000000, 0x7ff8000000000000, 0x4415af1d78b58c40,
		0x44b52d02c7e14af6, 0x3eb0c6f7a0b5ed8d, 0x7e37e43c8800759c, 0x0031fa182c40c60d, 0x41d26580b4800000, 0x400921fb54442d18]
	for b in fbits:
		add("float_bits_%x" % b, f64(b))
	var lits = [0.1, 0.2, 0.3, 1.0 / 3.0, 100.0 - 0.01, 100.0 - 0.02, 1e22, 1e23, 1e-300, 1.5e300, 123456789.0, 16777217.0, 1e-5, 1e-4, 1e15, 1e16, 1e17]
	for i in lits.size():
		add("float_lit_%d" % i, lits[i])
	for i in 150:
		add("float_rnd_%d" % i, rfloat())
	var strs = ["", "a", "quote\"back\\slash", "line\nbreak\r\ntab\t", "é中", "\u0001\u001f", "{\"a\": [1, 2]}", "Vector2( 1, 2 )", "'single'", "\\u0041", "a\ufeffb"]
	for i in strs.size():
		add("string_%d" % i, strs[i])
	for p in ["", ".", "/root", "a/b:c", "a/b:c:d", "../x/y", ":p:q", "/root/World/Spawn:position", "with space/é"]:
		add("nodepath_" + p, NodePath(p))
	add("vector2", Vector2(1, 2.5))
	add("rect2", Rect2(0.1, -2, 3e10, 4.5))
	add("vector3", Vector3(0.1, 0.2, 0.3))
	add("transform2d", Transform2D(0.5, Vector2(10, 20)))
	add("transform2d_cols", Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)))
	add("plane", Plane(0.6, 0.8, 0, 12.5))
	add("quat", Quat(0.1, 0.2, 0.3, 0.9))
	add("aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)))
	add("basis", Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)))
	add("basis_rot", Basis(Vector3(0, 1, 0), 0.7))
	add("transform", Transform(Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), Vector3(10, 11, 12)))
	add("color", Color(0.1, 0.2, 0.3, 1))
	add("color_named", ColorN("rebeccapurple"))
	add("vector2_inf_nan", Vector2(INF, NAN))
	add("vector3_neg_inf", Vector3(-INF, -0.0, 1e-40))
	add("vector2_big", Vector2(3.4028234663852886e38, -1e30))
	add("pba", PoolByteArray([0, 1, 2, 127, 128, 255]))
	add("pba_empty", PoolByteArray())
	add("pia", PoolIntArray([0, -1, 2147483647, -2147483648]))
	add("pra", PoolRealArray([0.1, 1.5, INF, -0.0, 3.4e38, 1e-45]))
	add("psa", PoolStringArray(["a", "", "b\"c", "é\n"]))
	add("pv2a", PoolVector2Array([Vector2(1, 2), Vector2(0.1, -0.5)]))
	add("pv3a", PoolVector3Array([Vector3(1, 2, 3)]))
	add("pca", PoolColorArray([Color(1, 0, 0), Color(0.1, 0.2, 0.3, 0.4)]))
	add("array_empty", [])
	add("dict_empty", {})
	add("array_nested", [[1, [2, [3, []]]], {"a": {}}])
	add("dict_order", {"b": 1, "a": 2, 3: "x", Vector2(1, 2): [1], null: true, 1.5: false})
	add("object_reference", Reference.new(), true)
	var res = Resource.new()
	res.resource_name = "res \"name\""
	add("object_resource", res, true)
	add("object_in_array", [1, Reference.new(), "x"], true)
	var entities = []
	for i in 3:
		entities.append({"id": i, "name": "entity_%d" % i, "pos": Vector2(i * 1.5, i * -2.25), "vel": Vector3(1, 2, 3),
			"hp": 100.0 - i * 0.01, "alive": i != 1, "color": Color(0.1, 0.2, 0.3, 1.0), "tags": PoolStringArray(["npc", "hostile"]),
			"big": 5000000000 + i})
	add("game_state", {"tick": 123456, "entities": entities, "map": "level_01", "spawn": NodePath("/root/World/Spawn:position")})
	for i in 120:
		add("random_%d" % i, rvalue(0))
	var f = File.new()
	f.open(out, File.WRITE)
	f.store_line("# godot_bin text fixtures; engine Godot " + Engine.get_version_info()["string"] + "; generated by tests/gd/gen_text3.gd; columns: id, flags, hex(UTF-8 of var2str(v)), hex(var2bytes(str2var(that text)))")
	for l in lines:
		f.store_line(l)
	f.close()
	print("wrote ", lines.size(), " values to ", out)
	quit()
