# godot_bin serde fixtures for Godot 3.x (engine truth for tests/serde/serde_engine.rs); see gen_serde.gd.
# Run:  cd tests/fixtures/godot-3.6 && ../../../scripts/engine.sh godot-3.6 ../../gd/gen_serde3.gd
# Writes serde.tsv: id<TAB>framing<TAB>hex with framing var (var2bytes), store_var, store_var_be
# (File.endian_swap = true), put_var, put_var_be (StreamPeerBuffer.big_endian = true), packet_stream
# (PacketPeerStream over a StreamPeerBuffer), and one "file<TAB>store_var_multi" line.
# Check mode (scripts/live.sh serde):  ... gen_serde3.gd -- check FILE le|be [FILE le|be ...]  (see gen_serde.gd)
extends SceneTree

var lines := PoolStringArray()


func entity(i: int) -> Dictionary:
	return {
		"id": i,
		"name": "entity_%d" % i,
		"pos": Vector2(i * 1.5, i * -2.25),
		"vel": Vector3(0.1 * i, 2, -3),
		"hp": 100.0 - i * 0.01,
		"speed": 1.5 + i,
		"alive": i != 1,
		"color": Color(0.1, 0.2, 0.3, 1.0),
		"tags": PoolStringArray(["npc", "hostile"] if i % 2 == 0 else ["ally"]),
		"big": 5000000000 + i,
		"target": null,
	}


func game_state() -> Dictionary:
	return {
		"version": 3,
		"tick": 123456789012,
		"seed": -7,
		"ratio": 0.1,
		"scale": 0.5,
		"title": "Level One " + char(0x2713),
		"mode": "Hard",
		"entities": [entity(0), entity(1), entity(2)],
		"waves": [[entity(3)], [], [entity(4), entity(5)]],
		"inventory": {"sword": 1, "potion": 12},
		"heights": PoolRealArray([0.5, 1.25, -2.0]),
		"scores": PoolIntArray([1, -2, 300000]),
		"blob": PoolByteArray([1, 2, 3, 255, 0]),
		"spawn": Vector2(10, 20),
		"bounds": Rect2(0, 0, 640, 480),
		"last_event": {"Damage": {"amount": 5, "source": "trap"}},
		"history": [{"Move": [1, -1]}, "Idle", {"Heal": 2.5}],
		"cursor": [3, 4.75],
	}


func extras() -> Dictionary:
	return {
		"spawn_path": NodePath("/root/World/Spawn:position"),
		"path": PoolVector2Array([Vector2(1, 2), Vector2(-0.5, 0.25)]),
		"points": PoolVector3Array([Vector3(1, 2, 3)]),
		"palette": PoolColorArray([Color(1, 0, 0, 1), Color(0, 0.5, 1, 0.25)]),
		"xform": Transform2D(0.5, Vector2(10, 20)),
		"basis": Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)),
	}


func file_bytes(v, big_endian: bool) -> PoolByteArray:
	var path := "serde_tmp.bin"
	var f := File.new()
	f.open(path, File.WRITE)
	f.endian_swap = big_endian
	f.store_var(v)
	f.close()
	f.open(path, File.READ)
	var b := f.get_buffer(f.get_len())
	f.close()
	Directory.new().remove(path)
	return b


func put_var_bytes(v, big_endian: bool) -> PoolByteArray:
	var s := StreamPeerBuffer.new()
	s.big_endian = big_endian
	s.put_var(v)
	return s.data_array


func packet_stream_bytes(v) -> PoolByteArray:
	var s := StreamPeerBuffer.new()
	var p := PacketPeerStream.new()
	p.output_buffer_max_size = 1 << 20
	p.stream_peer = s
	p.put_var(v)
	return s.data_array


func add(id: String, v) -> void:
	lines.append(id + "\tvar\t" + var2bytes(v).hex_encode())
	lines.append(id + "\tstore_var\t" + file_bytes(v, false).hex_encode())
	lines.append(id + "\tstore_var_be\t" + file_bytes(v, true).hex_encode())
	lines.append(id + "\tput_var\t" + put_var_bytes(v, false).hex_encode())
	lines.append(id + "\tput_var_be\t" + put_var_bytes(v, true).hex_encode())
	lines.append(id + "\tpacket_stream\t" + packet_stream_bytes(v).hex_encode())


func same(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_DICTIONARY:
			if a.size() != b.size() or a.keys() != b.keys():
				return false
			for k in a:
				if not same(a[k], b[k]):
					return false
			return true
		TYPE_ARRAY, TYPE_STRING_ARRAY, TYPE_INT_ARRAY, TYPE_REAL_ARRAY, TYPE_RAW_ARRAY, TYPE_VECTOR2_ARRAY, TYPE_VECTOR3_ARRAY, TYPE_COLOR_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
	return a == b


func check(args: Array) -> int:
	var fails := 0
	var i := 0
	while i + 1 < args.size():
		var path: String = args[i]
		var f := File.new()
		if f.open(path, File.READ) != OK:
			print("FAIL cannot open ", path)
			return 1
		f.endian_swap = args[i + 1] == "be"
		for pair in expected():
			var got = f.get_var()
			if same(got, pair[1]):
				print("OK   ", path, " ", pair[0])
			else:
				fails += 1
				print("FAIL ", path, " ", pair[0], ": engine read ", var2str(got))
		if f.get_position() != f.get_len():
			fails += 1
			print("FAIL ", path, ": ", f.get_len() - f.get_position(), " bytes left over")
		f.close()
		i += 2
	return fails


func expected() -> Array:
	return [["game_state", game_state()], ["extras", extras()], ["entity", entity(7)],
		["small", [1, "two", 3.0]], ["int_big", 5000000000], ["str", "hello"]]


func _init() -> void:
	var args := Array(OS.get_cmdline_args())
	var dd := args.find("--")
	if dd >= 0 and dd + 1 < args.size() and args[dd + 1] == "check":
		var fails := check(args.slice(dd + 2, args.size() - 1))
		print(("FAILED " if fails > 0 else "PASSED ") + str(fails) + " failure(s)")
		quit(1 if fails > 0 else 0)
		return
	generate()


func generate() -> void:
	var values := expected()
	for pair in values:
		add(pair[0], pair[1])
	var path := "serde_multi.bin"
	var f := File.new()
	f.open(path, File.WRITE)
	for pair in values:
		f.store_var(pair[1])
	f.close()
	f.open(path, File.READ)
	lines.append("file\tstore_var_multi\t" + f.get_buffer(f.get_len()).hex_encode())
	f.close()
	Directory.new().remove(path)
	var out := File.new()
	out.open("serde.tsv", File.WRITE)
	var vi := Engine.get_version_info()
	out.store_line("# godot_bin serde fixtures; engine Godot " + str(vi["string"]) + " (" + str(vi["hash"]) + "); generated by tests/gd/gen_serde3.gd; columns: id, framing, hex")
	for l in lines:
		out.store_line(l)
	out.close()
	print("wrote ", lines.size(), " lines to serde.tsv")
	quit()
