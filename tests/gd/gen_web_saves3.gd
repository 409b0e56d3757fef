# Game saves for the browser tests of the save inspector (web/browser), written by Godot 3.x.
# Run by scripts/gen.sh web (in an empty directory):  engine.sh godot-3.6 gen_web_saves3.gd gen
# writes, in the current directory, a store_var stream of 2 values: the int SAVE_VERSION, then save_data():
#   save.gcpf   File.open_compressed(COMPRESSION_FASTLZ)
#   save.sav    File.open (the same content, plain, for reference)
# save_data() is a Dictionary of 10 entries, in this order (a test's paths count on it):
#   0 "player" String, 1 "hp" int, 2 "speed" float, 3 "pos" Vector2, 4 "tint" Color, 5 "zone" String,
#   6 "spawn" NodePath, 7 "inventory" Array of 2 Dictionaries {"id": String, "count": int},
#   8 "quests" nested Dictionary, 9 "types" Dictionary of one value of each other Godot 3 type (for the
#   migration to Godot 4: Pool*Array, Transform, Quat, Basis, Transform2D, Rect2, Plane, AABB, Vector3, a
#   64-bit int and float, bool, null).
extends SceneTree

const SAVE_VERSION := 3


func save_data() -> Dictionary:
	return {
		"player": "Ada \u00e9\u2713",
		"hp": 42,
		"speed": 3.75,
		"pos": Vector2(1.5, -2.0),
		"tint": Color(1, 0.5, 0.25, 1),
		"zone": "forest",
		"spawn": NodePath("World/Spawn:position"),
		"inventory": [{"id": "sword", "count": 1}, {"id": "potion", "count": 3}],
		"quests": {"main": {"step": 4, "done": false, "log": ["met the smith", "found the key"]}, "side": {}},
		"types": {
			"bytes": PoolByteArray([0, 7, 255]),
			"ints": PoolIntArray([1, -2, 300000]),
			"reals": PoolRealArray([0.5, -1.25]),
			"strings": PoolStringArray(["a", "b c"]),
			"vec2s": PoolVector2Array([Vector2(1, 2), Vector2(-0.5, 3)]),
			"vec3s": PoolVector3Array([Vector3(1, 2, 3)]),
			"colors": PoolColorArray([Color(0, 0, 1, 0.5)]),
			"xform": Transform(Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1), Vector3(2, 3, 4)),
			"quat": Quat(0, 0, 0.5, 0.5),
			"basis": Basis(Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, 0, 1)),
			"xform2d": Transform2D(Vector2(1, 0), Vector2(0, 1), Vector2(5, 6)),
			"rect": Rect2(0, 0, 640, 480),
			"plane": Plane(0, 1, 0, 5),
			"aabb": AABB(Vector3(-1, -2, -3), Vector3(2, 4, 6)),
			"vel": Vector3(0.25, 0, -8),
			"big": 5000000000,
			"ratio": 0.1,
			"alive": true,
			"nothing": null,
		},
	}


func write(f: File) -> void:
	f.store_var(SAVE_VERSION)
	f.store_var(save_data())
	f.close()


func gen() -> int:
	var f := File.new()
	if f.open_compressed("save.gcpf", File.WRITE, File.COMPRESSION_FASTLZ) != OK:
		return 1
	write(f)
	if f.open("save.sav", File.WRITE) != OK:
		return 1
	write(f)
	return 0


func _init() -> void:
	var args := Array(OS.get_cmdline_args())
	var dd := args.find("--")
	var rc := 2
	if dd >= 0 and dd + 1 < args.size() and args[dd + 1] == "gen":
		rc = gen()
	else:
		print("usage: gen")
	quit(rc)
