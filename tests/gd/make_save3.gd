# Writes a small game save with File.store_var (Godot 3). Run: scripts/engine.sh godot-3.6 tests/gd/make_save3.gd
extends SceneTree

func _init():
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
	var state = {"tick": 123456, "entities": entities, "map": "level_01", "spawn": NodePath("/root/World/Spawn:position")}
	var f = File.new()
	f.open("save-godot3.6.sav", File.WRITE)
	f.store_var(state)
	f.store_var(["checkpoint", 3, Transform2D(0.5, Vector2(10, 20))])
	f.close()
	quit()
