# The engine half of `scripts/live.sh schema` (Godot 4.x; schema_check3.gd is the 3.x one). The Rust half,
# tools/src/bin/schema_check.rs, writes this file as harness.gd into a folder per save, beside the GDScript
# printed from the save's inferred schema, the save's content as data.dat, and harness.txt: one line,
#   SCRIPT<TAB>STREAM<TAB>COUNT<TAB>CLASS
# (the GDScript's file name, "true" when data.dat is a store_var stream rather than one value, how many
# Dictionary values it holds, the root's class_name). The script must load and its from_variant must give an
# instance for every Dictionary value. Prints "FAIL …" per failure and "DONE ok=N fails=M"; exit status 1
# unless every value was read.
extends SceneTree

var ok = 0
var fails = 0


func _init():
	var args = FileAccess.open("harness.txt", FileAccess.READ).get_as_text().strip_edges().split("\t")
	check("res://" + args[0], args[1] == "true")
	print("DONE ok=", ok, " fails=", fails)
	quit(1 if fails > 0 or ok != int(args[2]) else 0)


func check(script, stream):
	var S = load(script)
	if S == null:
		print("FAIL ", script, " did not load")
		fails += 1
		return
	var f = FileAccess.open("data.dat", FileAccess.READ)
	var values = []
	if stream:
		while f.get_position() < f.get_length():
			values.append(f.get_var())
	else:
		values.append(bytes_to_var(f.get_buffer(f.get_length())))
	for v in values:
		if v is Dictionary:
			if S.from_variant(v) == null:
				print("FAIL ", script, ": from_variant gave null")
				fails += 1
			else:
				ok += 1
