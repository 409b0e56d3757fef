# godot_bin live round-trip driver for Godot 4.x.
# Run:  scripts/live.sh roundtrip godot-4.6   (or scripts/engine.sh godot-4.6 tests/gd/roundtrip.gd IN OUT)
# IN lines:   id<TAB>allow_objects(0/1)<TAB>hex     (bytes written by our encoder; '#' lines are skipped)
# OUT lines:  id<TAB>accepted(0/1)<TAB>reencoded_hex
# The bytes are decoded as they are (bytes_to_var[_with_objects]).  A non-null result means success.  A
# null result is ambiguous (bytes_to_var returns null on failure), so the bytes are decoded once more as
# element 0 of a one-element Array (u32 28, u32 1, bytes): accepted iff that gives an Array of size 1.
# reencoded_hex = var_to_bytes[_with_objects](value) when accepted ("!" if re-encoding failed), else "-".
extends SceneTree


func _init() -> void:
	var args := OS.get_cmdline_args()
	var inp := "roundtrip_in.tsv"
	var outp := "roundtrip_out.tsv"
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
		var allow := parts.size() > 1 and parts[1] == "1"
		var bytes := (parts[2] if parts.size() > 2 else "").hex_decode()
		printerr("@@P ", n)
		var v = bytes_to_var_with_objects(bytes) if allow else bytes_to_var(bytes)
		var acc := typeof(v) != TYPE_NIL
		if not acc:
			var buf := PackedByteArray()
			buf.resize(8)
			buf.encode_u32(0, 28)
			buf.encode_u32(4, 1)
			buf.append_array(bytes)
			var r = bytes_to_var_with_objects(buf) if allow else bytes_to_var(buf)
			if typeof(r) == TYPE_ARRAY and r.size() == 1:
				acc = true
				v = r[0]
		var re := "-"
		if acc:
			var b: PackedByteArray = var_to_bytes_with_objects(v) if allow else var_to_bytes(v)
			re = b.hex_encode() if b.size() > 0 else "!"
		fo.store_line(id + "\t" + ("1" if acc else "0") + "\t" + re)
		fo.flush()
		n += 1
	fo.close()
	print("roundtrip.gd: ", n, " values")
	quit()
