# A new user's first save (scripts/live.sh new-user): one Dictionary written with FileAccess.store_var.
# Run: scripts/engine.sh godot-4.6 tests/gd/new_user_save.gd   (writes new-user-godot4.sav in the current directory)
extends SceneTree

func _init():
	var save = {"player": "Ayla", "level": 3, "hp": 87.5, "pos": Vector2(12.5, -3), "inventory": ["sword", "potion"], "flags": {"met_king": true}}
	var f = FileAccess.open("new-user-godot4.sav", FileAccess.WRITE)
	f.store_var(save)
	f.close()
	quit()
