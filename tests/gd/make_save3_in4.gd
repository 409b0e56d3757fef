# The Godot 3.6 save of tests/gd/make_save3.gd, written by Godot 4.6: the same game state built with the
# same expressions, in the Godot 4 types a migrated game would use (PoolStringArray -> PackedStringArray; the
# "map" stays a String, Transform2D(rotation, origin) is the same constructor). This is the engine's own
# answer for `godot-bin convert --from godot3 --to godot4` on examples/data/save-godot3.6.sav.
# Run: scripts/engine.sh godot-4.6 tests/gd/make_save3_in4.gd   (writes save-godot3.6-as-godot4.6.sav)
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
	var state = {"tick": 123456, "entities": entities, "map": "level_01", "spawn": NodePath("/root/World/Spawn:position")}
	var f = FileAccess.open("save-godot3.6-as-godot4.6.sav", FileAccess.WRITE)
	f.store_var(state)
	f.store_var(["checkpoint", 3, Transform2D(0.5, Vector2(10, 20))])
	f.close()
	quit()
