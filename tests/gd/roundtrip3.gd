# godot_bin live round-trip driver for Godot 3.x (3.2.3 and 3.6).
# Run:  scripts/live.sh roundtrip godot-3.6   (or scripts/engine.sh godot-3.6 tests/gd/roundtrip3.gd IN OUT)
# IN lines:   id<TAB>allow_objects(0/1)<TAB>hex     (bytes written by our encoder; '#' lines are skipped)
# OUT lines:  id<TAB>accepted(0/1)<TAB>reencoded_hex
# bytes2var aborts the script on bad input in 3.x, so decoding goes through StreamPeerBuffer.get_var
# (u32 length + bytes), which only logs and returns null on failure.  A non-null result means success; a
# null result is checked by decoding the bytes once more as element 0 of a one-element Array
# (u32 19, u32 1, bytes): accepted iff that gives an Array of size 1.  reencoded_hex = the bytes
# StreamPeerBuffer.put_var(value, allow_objects) writes (= var2bytes(value, allow_objects)) when
# accepted ("!" if re-encoding failed), else "-".  "E" in the accepted column: the driver hit a script error.
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


func decode(bytes, allow):
	var spb = StreamPeerBuffer.new()
	spb.put_32(bytes.size())
	spb.put_data(bytes)
	spb.seek(0)
	return spb.get_var(allow)


func process_one(id, allow, hex):
	var bytes = hex2bytes(hex)
	var v = decode(bytes, allow)
	var acc = typeof(v) != TYPE_NIL
	if not acc:
		var w = StreamPeerBuffer.new()
		w.put_32(19)
		w.put_32(1)
		w.put_data(bytes)
		var r = decode(w.data_array, allow)
		if typeof(r) == TYPE_ARRAY and r.size() == 1:
			acc = true
			v = r[0]
	var re = "-"
	if acc:
		var out = StreamPeerBuffer.new()
		out.put_var(v, allow)
		var d = out.data_array
		re = bytes2hex(d.subarray(4, d.size() - 1)) if d.size() > 4 else "!"
	return id + "\t" + ("1" if acc else "0") + "\t" + re


func _init():
	for i in range(256):
		var s = "%02x" % i
		hex_str.append(s)
		hex_val[s] = i
		hex_val[s.to_upper()] = i
	var args = Array(OS.get_cmdline_args())
	var inp = "roundtrip_in.tsv"
	var outp = "roundtrip_out.tsv"
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
	var has_flush = fo.has_method("flush")
	var n = 0
	while not fi.eof_reached():
		var line = fi.get_line()
		if line == "" or line.begins_with("#"):
			continue
		var parts = line.split("\t")
		var allow = parts.size() > 1 and parts[1] == "1"
		var hex = parts[2] if parts.size() > 2 else ""
		printerr("@@P ", n)
		var res = process_one(parts[0], allow, hex)
		if typeof(res) != TYPE_STRING:
			res = parts[0] + "\tE\t-"
		fo.store_line(res)
		if has_flush:
			fo.flush()
		n += 1
	fo.close()
	print("roundtrip3.gd: ", n, " values")
	quit()
