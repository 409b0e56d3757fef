# A new user's first save (scripts/live.sh new-user), Godot 3: one Dictionary written with File.store_var.
# Run: scripts/engine.sh godot-3.6 tests/gd/new_user_save3.gd   (writes new-user-godot3.sav in the current directory)
extends SceneTree

func _init():
	var save = {"player": "Ayla", "level": 3, "hp": 87.5, "pos": Vector2(12.5, -3), "inventory": ["sword", "potion"], "flags": {"met_king": true}}
	var f = File.new()
	f.open("new-user-godot3.sav", File.WRITE)
	f.store_var(save)
	f.close()
	quit()
