# godot_bin decode probes for Godot 3.x (engine truth about what the decoder accepts).  3.2.3 and 3.6.
# Run:  scripts/engine.sh godot-3.6 tests/gd/probe3.gd [IN [OUT]]   (defaults probes_in.tsv, probes.tsv)
# IN lines:   id<TAB>allow_objects(0/1)<TAB>hex            ('#' lines are skipped)
# OUT lines:  id<TAB>allow_objects<TAB>hex<TAB>accepted(0/1)<TAB>reencoded_hex
# Each probe is decoded as element 0 of a one-element Array: bytes = u32 19 (ARRAY) + u32 1 + probe.
# A failing bytes2var raises a script error in 3.x, so decoding goes through StreamPeerBuffer.get_var
# (u32 length + bytes), which only logs an error and returns null; the Array wrapper tells a failure (null)
# from a decoded null ([null]).  accepted = the result is an Array of size 1.  reencoded_hex = the
# bytes of StreamPeerBuffer.put_var(result[0], allow_objects) (= var2bytes(result[0], allow_objects))
# when accepted, "!" if that re-encoding failed, "-" when not accepted.  If handling one probe raises a
# script error, its accepted column is "E".  OUT is flushed after every line where File.flush exists
# (not 3.2.3), and "@@P <n>" goes to stderr (unbuffered) before the n-th probe (0-based) is handled, so
# a caller can tell which probe crashed or hung the engine.
extends SceneTree

var hex_val = {}
var hex_str = []


func hex2bytes(h):
	var b = PoolByteArray()
	var i = 0
	var n = h.length()
	while i + 1 < n:
		b.append(hex_val[h.substr(i, 2)])
		i += 2
	return b


func bytes2hex(b):
	var parts = PoolStringArray()
	for x in b:
		parts.append(hex_str[x])
	return parts.join("")


func process_one(id, allow_s, hex):
	var allow = allow_s == "1"
	var wrapped = PoolByteArray()
	var spb = StreamPeerBuffer.new()
	var probe = hex2bytes(hex)
	spb.put_32(8 + probe.size())
	spb.put_32(19)
	spb.put_32(1)
	spb.put_data(probe)
	spb.seek(0)
	var r = spb.get_var(allow)
	var acc = typeof(r) == TYPE_ARRAY and r.size() == 1
	var re = "-"
	if acc:
		var out = StreamPeerBuffer.new()
		out.put_var(r[0], allow)
		var d = out.data_array
		if d.size() > 4:
			re = bytes2hex(d.subarray(4, d.size() - 1))
		else:
			re = "!"
	return id + "\t" + allow_s + "\t" + hex + "\t" + ("1" if acc else "0") + "\t" + re


func _init():
	for i in range(256):
		var s = "%02x" % i
		hex_str.append(s)
		hex_val[s] = i
		hex_val[s.to_upper()] = i
	var args = Array(OS.get_cmdline_args())
	var inp = "probes_in.tsv"
	var outp = "probes.tsv"
	var dd = args.find("--")
	if dd >= 0 and dd + 1 < args.size():
		inp = args[dd + 1]
	if dd >= 0 and dd + 2 < args.size():
		outp = args[dd + 2]
	var fi = File.new()
	var fo = File.new()
	if fi.open(inp, File.READ) != OK or fo.open(outp, File.WRITE) != OK:
		push_error("cannot open " + inp + " / " + outp)
		quit()
		return
	var has_flush = fo.has_method("flush")   # File.flush() is missing in 3.2.3
	var n = 0
	while not fi.eof_reached():
		var line = fi.get_line()
		if line == "" or line.begins_with("#"):
			continue
		var parts = line.split("\t")
		var hex = parts[2] if parts.size() > 2 else ""
		printerr("@@P ", n)
		var res = process_one(parts[0], parts[1], hex)
		if typeof(res) != TYPE_STRING:
			res = parts[0] + "\t" + parts[1] + "\t" + hex + "\tE\t-"
		fo.store_line(res)
		if has_flush:
			fo.flush()
		n += 1
	fo.close()
	print("probe3.gd: ", n, " probes")
	quit()
