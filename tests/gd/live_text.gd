# Promise 1 of godot-bin's text form, Godot 4.x side: read text that godot_bin printed, str_to_var it and
# write var_to_bytes of the result. Run by scripts/live.sh text.
#   scripts/engine.sh godot-4.6 tests/gd/live_text.gd IN.tsv OUT.tsv
# IN lines:  id<TAB>flags (- or objects)<TAB>hex(UTF-8 text)      OUT lines: id<TAB>hex(bytes) (empty: nothing)
extends SceneTree


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var inp := "in.tsv"
	var outp := "out.tsv"
	if args.size() >= 2:
		inp = args[0]
		outp = args[1]
	var f := FileAccess.open(inp, FileAccess.READ)
	var o := FileAccess.open(outp, FileAccess.WRITE)
	if f == null or o == null:
		printerr("live_text: cannot open ", inp, " or ", outp)
		quit(1)
		return
	var n := 0
	while not f.eof_reached():
		var l := f.get_line()
		if l == "" or l.begins_with("#"):
			continue
		var c := l.split("\t")
		var text := c[2].hex_decode().get_string_from_utf8()
		var v = str_to_var(text)
		var b: PackedByteArray = var_to_bytes_with_objects(v) if c[1] == "objects" else var_to_bytes(v)
		o.store_line(c[0] + "\t" + b.hex_encode())
		n += 1
	o.close()
	print("live_text: ", n, " values")
	quit()
