# godot_bin stream fixtures for Godot 3.x: store_var / put_var streams with big-endian lengths.
# Run by scripts/gen.sh streams (in an empty directory):  engine.sh godot-3.6 gen_streams3.gd gen
# writes, in the current directory:
#   big_endian.sav     File with endian_swap = true: store_var(save), store_var([1, "two", 3.5]), store_var("end")
#   little_endian.sav  the same values with the default byte order
#   peer_be.bin        StreamPeerBuffer with big_endian = true: put_var of the same values
extends SceneTree


func values() -> Array:
	var save := {"name": "Zoë", "gold": 1250, "pos": Vector2(1.5, -2.0), "tags": PoolStringArray(["a", "b"])}
	return [save, [1, "two", 3.5], "end"]


func gen() -> int:
	for name in ["big_endian.sav", "little_endian.sav"]:
		var f := File.new()
		f.open(name, File.WRITE)
		f.endian_swap = name == "big_endian.sav"
		for v in values():
			f.store_var(v)
		f.close()
	var peer := StreamPeerBuffer.new()
	peer.big_endian = true
	for v in values():
		peer.put_var(v)
	var f := File.new()
	f.open("peer_be.bin", File.WRITE)
	f.store_buffer(peer.data_array)
	f.close()
	return 0


func _init() -> void:
	quit(gen() if Array(OS.get_cmdline_args()).has("gen") else 2)
