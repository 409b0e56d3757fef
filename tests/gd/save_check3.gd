# Godot 3 loads save files written by examples/save_game.rs (scripts/live.sh net) with File.get_var and checks
# each value against the game state of tests/gd/make_save3.gd, built here the same way.
# Run: scripts/engine.sh godot-3.6 tests/gd/save_check3.gd FILE.sav...   (OK/FAIL per value, then a summary;
# exit code 0 only if every value matched)
extends SceneTree

func state() -> Dictionary:
	var entities = []
	for i in 3:
		entities.append({
			"id": i,
			"name": "entity_%d" % i,
			"pos": Vector2(i * 1.5, i * -2.25),
			"vel": Vector3(1, 2, 3),
			"hp": 100.0 - i * 0.01,
			"alive": i != 1,
			"color": Color(0.1, 0.2, 0.3, 1.0),
			"tags": PoolStringArray(["npc", "hostile"]),
			"big": 5000000000 + i,
		})
	return {"tick": 123456, "entities": entities, "map": "level_01", "spawn": NodePath("/root/World/Spawn:position")}

# Godot 3 compares dictionaries by reference: compare by content (3.6 leaves NodePath padding unwritten, so
# var2bytes of equal values can differ; compare values, not bytes).
func same(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_DICTIONARY:
			if a.size() != b.size() or a.keys() != b.keys():
				return false
			for k in a:
				if not same(a[k], b[k]):
					return false
			return true
		TYPE_ARRAY, TYPE_STRING_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
	return a == b

func _init():
	var ok = 0
	var fail = 0
	var args = Array(OS.get_cmdline_args())
	var dd = args.find("--")
	var paths = args.slice(dd + 1, args.size() - 1) if dd >= 0 and dd + 1 < args.size() else []
	for path in paths:
		var f = File.new()
		if f.open(path, File.READ) != OK:
			print("FAIL %s: cannot open" % path)
			fail += 1
			continue
		var expected = [["state", state()], ["checkpoint", ["checkpoint", 3, Transform2D(0.5, Vector2(10, 20))]]]
		for pair in expected:
			var got = f.get_var()
			if same(got, pair[1]):
				ok += 1
				print("OK %s %s" % [path, pair[0]])
			else:
				fail += 1
				print("FAIL %s %s: engine read %s" % [path, pair[0], var2str(got)])
		if f.get_position() != f.get_len():
			fail += 1
			print("FAIL %s: %d bytes left over" % [path, f.get_len() - f.get_position()])
		f.close()
	print("save_check: %d ok, %d fail" % [ok, fail])
	quit(0 if fail == 0 and ok > 0 else 1)
