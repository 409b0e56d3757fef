# Writes a small game save with FileAccess.store_var (Godot 4): a game-state Dictionary and a second
# value, the way a game stores its saves. Run: scripts/engine.sh godot-4.6 tests/gd/make_save.gd
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
			"tags": PackedStringArray(["npc", "hostile"]),
			"big": 5000000000 + i,
		})
	var state = {"tick": 123456, "entities": entities, "map": &"level_01", "spawn": NodePath("/root/World/Spawn:position")}
	var f = FileAccess.open("save-godot4.6.sav", FileAccess.WRITE)
	f.store_var(state)
	f.store_var(["checkpoint", 3, Transform2D(0.5, Vector2(10, 20))])
	f.close()
	quit()
