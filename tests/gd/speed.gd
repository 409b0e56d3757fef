# Godot 4.6 speed of var_to_bytes / bytes_to_var on the benches' game state (mirrors benches/common/mod.rs).
# Run:  scripts/engine.sh godot-4.6 tests/gd/speed.gd [N] [REPS] [OUT]   (scripts/engine-speed.sh does this)
#   N     entities (default 10000)      REPS  timed repetitions of each (default 15)
#   OUT   if given, the engine's var_to_bytes(state) is written to this file (in the I/O directory)
# Prints:  bytes <len>, encode_us <t1,t2,...>, decode_us <...>, decode_free_us <...>, the median of each
#          (encode_us_median, decode_us_median, decode_free_us_median) and the best, the smallest (encode_us_best,
#          decode_us_best, decode_free_us_best). decode_us stops the clock before the decoded state is freed;
#          decode_free_us is the same decode with the freeing inside the clock.
extends SceneTree


func state(n: int) -> Dictionary:
	var entities := []
	for i in n:
		var inventory := []
		for j in 4:
			inventory.append({"item": "sword_%d" % j, "count": j * 3, "durability": 0.5 + j})
		entities.append({
			"id": i,
			"name": "entity_%d" % i,
			"pos": Vector2(i * 1.5, i * -2.25),
			"vel": Vector3(1, 2, 3),
			"hp": 100.0 - i * 0.01,
			"alive": true,
			"color": Color(0.1, 0.2, 0.3, 1.0),
			"tags": PackedStringArray(["npc", "hostile"]),
			"inventory": inventory,
		})
	return {"tick": 123456, "entities": entities, "map": "level_01"}


func median(a: Array) -> int:
	var s := a.duplicate()
	s.sort()
	return s[s.size() / 2]


func best(a: Array) -> int:
	return a.min()


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var n := int(args[0]) if args.size() > 0 else 10000
	var reps := int(args[1]) if args.size() > 1 else 15
	var s := state(n)
	var bytes := var_to_bytes(s)
	if args.size() > 2:
		var f := FileAccess.open(args[2], FileAccess.WRITE)
		f.store_buffer(bytes)
		f.close()
	# One untimed round of each first (warm caches and the allocator).
	var back = bytes_to_var(bytes)
	if back != s:
		printerr("speed.gd: bytes_to_var(var_to_bytes(state)) != state")
	var enc := []
	var dec := []
	var dec_free := []
	for r in reps:
		var t0 := Time.get_ticks_usec()
		var b := var_to_bytes(s)
		var t1 := Time.get_ticks_usec()
		var v = bytes_to_var(b)
		var t2 := Time.get_ticks_usec()
		v = null
		enc.append(t1 - t0)
		dec.append(t2 - t1)
		# The same decode, freeing the result inside the clock (the last reference goes with `v = null`).
		var t3 := Time.get_ticks_usec()
		v = bytes_to_var(b)
		v = null
		var t4 := Time.get_ticks_usec()
		dec_free.append(t4 - t3)
	print("bytes %d" % bytes.size())
	print("encode_us %s" % ",".join(enc.map(func(x): return str(x))))
	print("decode_us %s" % ",".join(dec.map(func(x): return str(x))))
	print("decode_free_us %s" % ",".join(dec_free.map(func(x): return str(x))))
	print("encode_us_median %d" % median(enc))
	print("decode_us_median %d" % median(dec))
	print("decode_free_us_median %d" % median(dec_free))
	print("encode_us_best %d" % best(enc))
	print("decode_us_best %d" % best(dec))
	print("decode_free_us_best %d" % best(dec_free))
	quit(0)
