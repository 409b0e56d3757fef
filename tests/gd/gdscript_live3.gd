# The engine half of `scripts/live.sh gdscript` (Godot 3.x; gdscript_live.gd is the 4.x one). The Rust half,
# tools/src/bin/gdscript_live, writes this file as harness.gd beside the generated GDScript and:
#   tops.txt              the top types' file names, one a line (save, msg, ...)
#   <file>.gd             the generated GDScript of each top type
#   <file>.in             values Rust wrote (store_var), read with from_variant, written back with to_variant
#                         into <file>.out
#   <file>.bad, .bad.txt  wrong values, each refused with the start of its error in .bad.txt ("~": lenient
#                         mode takes it; "+": strict mode takes it too)
#   <file>.junk           values with one part replaced: from_variant and check must agree; what is taken is
#                         written back into <file>.junk.out
#   checks.gd             check_<file>(h, S, x, n): each field of a value read is of its type and class
# Prints "FAIL …" for each failure, "OK …" counts, and "DONE fails=N"; exit status 1 on any failure.
extends SceneTree

var fails = 0
var checks = null


func fail(msg):
	fails += 1
	if fails < 40:
		print("FAIL ", msg)


func _open(name, write):
	var f = File.new()
	if f.open(name, File.WRITE if write else File.READ) != OK:
		return null
	return f


func _len(f):
	return f.get_len()


func _init():
	checks = load("res://checks.gd").new()
	for f in _open("tops.txt", false).get_as_text().split("\n", false):
		run(f)
	print("DONE fails=", fails)
	quit(1 if fails > 0 else 0)


func run(f):
	var S = load("res://%s.gd" % f)
	if S == null:
		fail("%s.gd did not load" % f)
		return
	var inp = _open(f + ".in", false)
	var out = _open(f + ".out", true)
	var n = 0
	while inp.get_position() < _len(inp):
		var v = inp.get_var()
		var x = S.from_variant(v)
		if x == null or x.get_script() != S:
			fail("%s value %d refused: %s" % [f, n, S.check(v)])
			out.store_var(null)
		else:
			checks.call("check_" + f, self, S, x, n)
			out.store_var(x.to_variant())
		n += 1
	out.close()
	print("OK ", f, " read ", n)
	var bad = _open(f + ".bad", false)
	var want = _open(f + ".bad.txt", false).get_as_text().split("\n")
	var m = 0
	while bad.get_position() < _len(bad):
		var v = bad.get_var()
		var e = S.check(v)
		var w = want[m]
		m += 1
		if w == "=":
			var a = S.from_variant(v)
			if a == null or e != "" or var2bytes(a.to_variant()) != var2bytes(v):
				fail("%s value %d with unknown keys not written back the same: %s" % [f, m, e])
			continue
		if w == "+":
			if S.from_variant(v) == null or e != "":
				fail("%s value %d with optional keys left out refused: %s" % [f, m, e])
			continue
		if w.begins_with("~"):
			w = w.substr(1)
			if S.from_variant(v, true) == null or S.check(v, true) != "":
				fail("%s value %d missing a key refused in lenient mode" % [f, m])
		if S.from_variant(v) != null:
			fail("%s wrong value %d accepted (want %s)" % [f, m, w])
		elif not e.begins_with(w):
			fail("%s wrong value %d: want %s, got %s" % [f, m, w, e])
	print("OK ", f, " refused ", m)
	var junk = _open(f + ".junk", false)
	var back = _open(f + ".junk.out", true)
	var taken = 0
	var left = 0
	while junk.get_position() < _len(junk):
		var v = junk.get_var()
		var a = S.from_variant(v)
		var e = S.check(v)
		if (a == null) != (e != ""):
			fail("%s junk value %d: from_variant and check disagree (%s)" % [f, taken + left, e])
		if a == null:
			left += 1
		else:
			taken += 1
			back.store_var(a.to_variant())
	back.close()
	print("OK ", f, " junk ", taken, " ", left)
