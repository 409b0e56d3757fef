# Godot 4.x speed of generated GDScript classes (`gdscript::for_type`) against the engine's own decoder, on
# the values scripts/live.sh gdscript checks. Run by scripts/gdscript-speed.sh, in a folder that
# `gdscript_live prepare godot4.6 DIR COUNT SEED` wrote (msg.gd, msg.in, save.gd, save.in, ...).
#   scripts/engine.sh godot-4.6 gdscript_speed.gd [REPS] [TOPS]   REPS rounds (default 15); TOPS "msg,save"
# For each top type, per value (µs, the median and the best of REPS rounds over every value of <top>.in):
#   decode     bytes_to_var(bytes)                                  the engine's decoder
#   typed      S.from_variant(value).to_variant()                   the generated class, both ways
#   roundtrip  var_to_bytes(S.from_variant(bytes_to_var(b)).to_variant())   a client's receive + send
#   plain      var_to_bytes(bytes_to_var(b))                        the same with plain Dictionaries
# and "ratio typed/decode", the target being at most 2.
extends SceneTree


func median(a: Array) -> float:
	var s := a.duplicate()
	s.sort()
	return s[s.size() >> 1]


func best(a: Array) -> float:
	return a.min()


func bench(top: String, reps: int) -> void:
	var S: GDScript = load("res://%s.gd" % top)
	var f := FileAccess.open("%s.in" % top, FileAccess.READ)
	var values := []
	var bytes := []
	while f.get_position() < f.get_length():
		var v: Variant = f.get_var()
		values.append(v)
		bytes.append(var_to_bytes(v))
	var n := values.size()
	var size := 0
	for b: PackedByteArray in bytes:
		size += b.size()
	for v: Variant in values:
		if var_to_bytes(S.from_variant(v).to_variant()) != var_to_bytes(v):
			printerr("gdscript_speed.gd: %s: a value is not written back the same" % top)
			return
	var times := {"decode": [], "typed": [], "roundtrip": [], "plain": []}
	for r in reps + 1:
		var t0 := Time.get_ticks_usec()
		for b: PackedByteArray in bytes:
			bytes_to_var(b)
		var t1 := Time.get_ticks_usec()
		for v: Variant in values:
			S.from_variant(v).to_variant()
		var t2 := Time.get_ticks_usec()
		for b: PackedByteArray in bytes:
			var_to_bytes(S.from_variant(bytes_to_var(b)).to_variant())
		var t3 := Time.get_ticks_usec()
		for b: PackedByteArray in bytes:
			var_to_bytes(bytes_to_var(b))
		var t4 := Time.get_ticks_usec()
		if r == 0:
			continue  # warm-up
		times["decode"].append(float(t1 - t0) / n)
		times["typed"].append(float(t2 - t1) / n)
		times["roundtrip"].append(float(t3 - t2) / n)
		times["plain"].append(float(t4 - t3) / n)
	print("%s: %d values, %.0f bytes each on average" % [top, n, float(size) / n])
	for k: String in ["decode", "typed", "roundtrip", "plain"]:
		print("  %-9s median %7.2f µs  best %7.2f µs" % [k, median(times[k]), best(times[k])])
	print("  ratio typed/decode: median %.2f  best %.2f" % [median(times["typed"]) / median(times["decode"]), best(times["typed"]) / best(times["decode"])])
	print("  round trips per second: typed %d, plain %d" % [int(1e6 / median(times["roundtrip"])), int(1e6 / median(times["plain"]))])


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var reps := int(args[0]) if args.size() > 0 else 15
	var tops: PackedStringArray = (args[1] if args.size() > 1 else "msg,save").split(",")
	for top in tops:
		bench(top, reps)
	quit()
