# godot_bin serde fixtures for Godot 4.x (engine truth for tests/serde/serde_engine.rs).
# Run:  cd tests/fixtures/godot-4.6 && ../../../scripts/engine.sh godot-4.6 ../../gd/gen_serde.gd
# Writes serde.tsv: one line per (id, framing):  id<TAB>framing<TAB>hex
#   framing  var          = var_to_bytes(value)
#            store_var    = the bytes of a file holding FileAccess.store_var(value) (little-endian length)
#            store_var_be = the same with FileAccess.big_endian = true
#            put_var      = StreamPeerBuffer.put_var(value);  put_var_be: with big_endian = true
#            packet_stream = PacketPeerStream.put_var(value) over a StreamPeerBuffer
#            store_var_multi (id "file"): one file holding store_var of every value, in the order listed
# The values mirror the Rust structs in tests/serde_state/mod.rs.
# Check mode (scripts/live.sh serde):  ... gen_serde.gd -- check FILE le|be [FILE le|be ...]
#   reads each store_var FILE with FileAccess.get_var (big_endian for "be") and compares every value with the
#   value built here (same type and value, deep); prints "OK ..." / "FAIL ..." lines and exits 1 on a failure.
extends SceneTree

var lines: PackedStringArray = []


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
		"tags": PackedStringArray(["npc", "hostile"] if i % 2 == 0 else ["ally"]),
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
		"title": "Level One \u2713",
		"mode": "Hard",
		"entities": [entity(0), entity(1), entity(2)],
		"waves": [[entity(3)], [], [entity(4), entity(5)]],
		"inventory": {"sword": 1, "potion": 12},
		"heights": PackedFloat32Array([0.5, 1.25, -2.0]),
		"scores": PackedInt32Array([1, -2, 300000]),
		"blob": PackedByteArray([1, 2, 3, 255, 0]),
		"spawn": Vector2(10, 20),
		"bounds": Rect2(0, 0, 640, 480),
		"last_event": {"Damage": {"amount": 5, "source": "trap"}},
		"history": [{"Move": [1, -1]}, "Idle", {"Heal": 2.5}],
		"cursor": [3, 4.75],
	}


func extras() -> Dictionary:
	# Godot 4 only types.
	return {
		"map": &"level_01",
		"cell": Vector2i(-3, 7),
		"spawn_path": NodePath("/root/World/Spawn:position"),
		"ids": PackedInt64Array([1, -5000000000]),
		"weights": PackedFloat64Array([0.1, 2.0]),
		"path": PackedVector2Array([Vector2(1, 2), Vector2(-0.5, 0.25)]),
		"points": PackedVector3Array([Vector3(1, 2, 3)]),
		"palette": PackedColorArray([Color(1, 0, 0, 1), Color(0, 0.5, 1, 0.25)]),
		"quads": PackedVector4Array([Vector4(1, 2, 3, 4)]),
		"xform": Transform2D(0.5, Vector2(10, 20)),
		"basis": Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)),
		"rid_free": RID(),
	}


func file_bytes(v, big_endian: bool) -> PackedByteArray:
	var path := "serde_tmp.bin"
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.big_endian = big_endian
	f.store_var(v)
	f.close()
	var b := FileAccess.get_file_as_bytes(path)
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	return b


func put_var_bytes(v, big_endian: bool) -> PackedByteArray:
	var s := StreamPeerBuffer.new()
	s.big_endian = big_endian
	s.put_var(v)
	return s.data_array


func packet_stream_bytes(v) -> PackedByteArray:
	var s := StreamPeerBuffer.new()
	var p := PacketPeerStream.new()
	p.output_buffer_max_size = 1 << 20
	p.stream_peer = s
	p.put_var(v)
	return s.data_array


func add(id: String, v) -> void:
	lines.append(id + "\tvar\t" + var_to_bytes(v).hex_encode())
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
		TYPE_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
	return a == b


func check(args: PackedStringArray) -> int:
	var fails := 0
	var i := 0
	while i + 1 < args.size():
		var path := args[i]
		var f := FileAccess.open(path, FileAccess.READ)
		if f == null:
			print("FAIL cannot open ", path)
			return 1
		f.big_endian = args[i + 1] == "be"
		for pair in expected():
			var got = f.get_var()
			if same(got, pair[1]):
				print("OK   ", path, " ", pair[0])
			else:
				fails += 1
				print("FAIL ", path, " ", pair[0], ": engine read ", var_to_str(got))
		if f.get_position() != f.get_length():
			fails += 1
			print("FAIL ", path, ": ", f.get_length() - f.get_position(), " bytes left over")
		i += 2
	return fails


func expected() -> Array:
	return [["game_state", game_state()], ["extras", extras()], ["entity", entity(7)],
		["small", [1, "two", 3.0]], ["int_big", 5000000000], ["str", "hello"]]


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	if args.size() > 0 and args[0] == "check":
		var fails := check(args.slice(1))
		print("FAILED " if fails > 0 else "PASSED ", fails, " failure(s)")
		quit(1 if fails > 0 else 0)
		return
	generate()


func generate() -> void:
	var values := expected()
	for pair in values:
		add(pair[0], pair[1])
	var path := "serde_multi.bin"
	var f := FileAccess.open(path, FileAccess.WRITE)
	for pair in values:
		f.store_var(pair[1])
	f.close()
	lines.append("file\tstore_var_multi\t" + FileAccess.get_file_as_bytes(path).hex_encode())
	DirAccess.remove_absolute(ProjectSettings.globalize_path(path))
	var out := FileAccess.open("serde.tsv", FileAccess.WRITE)
	var vi := Engine.get_version_info()
	out.store_line("# godot_bin serde fixtures; engine Godot " + str(vi["string"]) + " (" + str(vi["hash"]) + "); generated by tests/gd/gen_serde.gd; columns: id, framing, hex")
	for l in lines:
		out.store_line(l)
	out.close()
	print("wrote ", lines.size(), " lines to serde.tsv")
	quit()
