# godot_bin decode probes for Godot 4.x (engine truth about what the decoder accepts).
# Run:  scripts/engine.sh godot-4.6 tests/gd/probe.gd [IN [OUT]]   (defaults probes_in.tsv, probes.tsv)
# IN lines:   id<TAB>allow_objects(0/1)<TAB>hex            ('#' lines are skipped)
# OUT lines:  id<TAB>allow_objects<TAB>hex<TAB>accepted(0/1)<TAB>reencoded_hex
# Each probe is decoded as element 0 of a one-element Array: bytes = u32 28 (ARRAY) + u32 1 + probe, so a
# failure (bytes_to_var returns null) can be told apart from a decoded null ([null]).  accepted = the
# result is an Array of size 1.  reencoded_hex = var_to_bytes[_with_objects](result[0]) when accepted,
# "!" if that re-encoding failed, "-" when not accepted.  OUT is flushed after every line, and
# "@@P <n>" goes to stderr before the n-th probe (0-based) is handled, so a caller can tell which probe
# crashed or hung the engine.
extends SceneTree


func _init() -> void:
	var args := OS.get_cmdline_args()
	var inp := "probes_in.tsv"
	var outp := "probes.tsv"
	var dd := args.find("--")
	if dd >= 0 and dd + 1 < args.size():
		inp = args[dd + 1]
	if dd >= 0 and dd + 2 < args.size():
		outp = args[dd + 2]
	var fi := FileAccess.open(inp, FileAccess.READ)
	var fo := FileAccess.open(outp, FileAccess.WRITE)
	if fi == null or fo == null:
		push_error("cannot open " + inp + " / " + outp)
		quit(1)
		return
	var n := 0
	while not fi.eof_reached():
		var line := fi.get_line()
		if line.is_empty() or line.begins_with("#"):
			continue
		var parts := line.split("\t")
		var id := parts[0]
		var allow := parts[1] == "1"
		var hex := parts[2] if parts.size() > 2 else ""
		printerr("@@P ", n)
		var buf := PackedByteArray()
		buf.resize(8)
		buf.encode_u32(0, 28)
		buf.encode_u32(4, 1)
		buf.append_array(hex.hex_decode())
		var r = bytes_to_var_with_objects(buf) if allow else bytes_to_var(buf)
		var acc: bool = typeof(r) == TYPE_ARRAY and r.size() == 1
		var re := "-"
		if acc:
			var b: PackedByteArray = var_to_bytes_with_objects(r[0]) if allow else var_to_bytes(r[0])
			re = b.hex_encode() if b.size() > 0 else "!"
		fo.store_line(id + "\t" + parts[1] + "\t" + hex + "\t" + ("1" if acc else "0") + "\t" + re)
		fo.flush()
		n += 1
	fo.close()
	print("probe.gd: ", n, " probes")
	quit()
