# Promise 1 of godot-bin's text form, Godot 3.x side: read text that godot_bin printed, str2var it and
# write var2bytes of the result. Run by scripts/live.sh text.
#   scripts/engine.sh godot-3.6 tests/gd/live_text3.gd IN.tsv OUT.tsv
# IN lines:  id<TAB>flags (- or objects)<TAB>hex(UTF-8 text)      OUT lines: id<TAB>hex(bytes)
extends SceneTree


func _init():
	var args = OS.get_cmdline_args()
	var inp = "in.tsv"
	var outp = "out.tsv"
	for i in args.size():
		if args[i] == "--" and i + 2 < args.size():
			inp = args[i + 1]
			outp = args[i + 2]
	var f = File.new()
	var o = File.new()
	if f.open(inp, File.READ) != OK or o.open(outp, File.WRITE) != OK:
		printerr("live_text: cannot open ", inp, " or ", outp)
		quit(1)
		return
	var n = 0
	while not f.eof_reached():
		var l = f.get_line()
		if l == "" or l.begins_with("#"):
			continue
		var c = l.split("\t")
		var raw = PoolByteArray()
		var h = c[2]
		for k in range(0, h.length(), 2):
			raw.append(("0x" + h.substr(k, 2)).hex_to_int())
		var text = raw.get_string_from_utf8()
		var v = str2var(text)
		o.store_line(c[0] + "\t" + var2bytes(v, c[1] == "objects").hex_encode())
		n += 1
	f.close()
	o.close()
	print("live_text: ", n, " values")
	quit()
