# Godot 4 loads save files written by examples/save_game.rs (scripts/live.sh net) with FileAccess.get_var and
# checks each value against the game state of tests/gd/make_save.gd, built here the same way.
# Run: scripts/engine.sh godot-4.6 tests/gd/save_check.gd FILE.sav...   (OK/FAIL per value, then a summary;
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
			"tags": PackedStringArray(["npc", "hostile"]),
			"big": 5000000000 + i,
		})
	return {"tick": 123456, "entities": entities, "map": &"level_01", "spawn": NodePath("/root/World/Spawn:position")}

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
		TYPE_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
	return a == b

func _init():
	var ok := 0
	var fail := 0
	for path in OS.get_cmdline_user_args():
		var f := FileAccess.open(path, FileAccess.READ)
		if f == null:
			print("FAIL %s: cannot open (%d)" % [path, FileAccess.get_open_error()])
			fail += 1
			continue
		var expected := [["state", state()], ["checkpoint", ["checkpoint", 3, Transform2D(0.5, Vector2(10, 20))]]]
		for pair in expected:
			var got = f.get_var()
			if same(got, pair[1]) and var_to_bytes(got) == var_to_bytes(pair[1]):
				ok += 1
				print("OK %s %s" % [path, pair[0]])
			else:
				fail += 1
				print("FAIL %s %s: engine read %s" % [path, pair[0], var_to_str(got)])
		if f.get_position() != f.get_length():
			fail += 1
			print("FAIL %s: %d bytes left over" % [path, f.get_length() - f.get_position()])
	print("save_check: %d ok, %d fail" % [ok, fail])
	quit(0 if fail == 0 and ok > 0 else 1)
