# Game saves for the browser tests of the save inspector (web/browser), written by Godot 4.x.
# Run by scripts/gen.sh web (in an empty directory):  engine.sh godot-4.6 gen_web_saves.gd gen
# writes, in the current directory, a store_var stream of 2 values: the int SAVE_VERSION, then save_data():
#   save.gdec   FileAccess.open_encrypted_with_pass(PASSWORD)
#   save.sav    FileAccess.open (the same content, plain, for reference)
# save_data() is a Dictionary of 10 entries, in this order (a test's paths count on it):
#   0 "player" String, 1 "hp" int, 2 "speed" float, 3 "pos" Vector2, 4 "tint" Color, 5 "zone" StringName,
#   6 "spawn" NodePath, 7 "inventory" Array of 2 Dictionaries {"id": String, "count": int},
#   8 "quests" nested Dictionary, 9 "visited" PackedInt32Array.
extends SceneTree

const PASSWORD := "hunter2 \u00e9"
const SAVE_VERSION := 3


func save_data() -> Dictionary:
	return {
		"player": "Ada \u00e9\u2713",
		"hp": 42,
		"speed": 3.75,
		"pos": Vector2(1.5, -2.0),
		"tint": Color(1, 0.5, 0.25, 1),
		"zone": &"forest",
		"spawn": NodePath("World/Spawn:position"),
		"inventory": [{"id": "sword", "count": 1}, {"id": "potion", "count": 3}],
		"quests": {"main": {"step": 4, "done": false, "log": ["met the smith", "found the key"]}, "side": {}},
		"visited": PackedInt32Array([1, 4, 9]),
	}


func write(f: FileAccess) -> void:
	f.store_var(SAVE_VERSION)
	f.store_var(save_data())
	f.close()


func gen() -> int:
	var f := FileAccess.open_encrypted_with_pass("save.gdec", FileAccess.WRITE, PASSWORD)
	if f == null:
		return 1
	write(f)
	f = FileAccess.open("save.sav", FileAccess.WRITE)
	if f == null:
		return 1
	write(f)
	return 0


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var rc := 2
	if args.size() >= 1 and args[0] == "gen":
		rc = gen()
	else:
		print("usage: gen")
	quit(rc)
