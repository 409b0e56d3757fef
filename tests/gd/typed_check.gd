# Godot 4.6 reads the typed containers tools/src/bin/typed_live.rs wrote (scripts/live.sh typed) and assigns them
# to typed variables, as a game script declares them; the untyped control value must come out untyped.
# Run: scripts/engine.sh godot-4.6 tests/gd/typed_check.gd FILE.sav   (OK/FAIL lines, exit 0 if all OK)
extends SceneTree

func _init():
	var args := OS.get_cmdline_user_args()
	var f := FileAccess.open(args[0], FileAccess.READ)
	var fails := 0
	var a = f.get_var()
	if a is Array and a.is_typed() and a.get_typed_builtin() == TYPE_STRING:
		var names: Array[String] = a
		print("OK Array[String] ", names)
	else:
		print("FAIL Array[String]: ", a); fails += 1
	var d = f.get_var()
	if d is Dictionary and d.is_typed() and d.get_typed_key_builtin() == TYPE_STRING and d.get_typed_value_builtin() == TYPE_INT:
		var stats: Dictionary[String, int] = d
		print("OK Dictionary[String, int] ", stats["hp"] + stats["mp"])
	else:
		print("FAIL Dictionary[String, int]: ", d); fails += 1
	var v = f.get_var()
	if v is Array and v.is_typed() and v.get_typed_builtin() == TYPE_VECTOR2:
		var points: Array[Vector2] = v
		print("OK Array[Vector2] ", points[0])
	else:
		print("FAIL Array[Vector2]: ", v); fails += 1
	var plain = f.get_var()
	if plain is Array and not plain.is_typed() and plain == ["a", "bc"]:
		print("OK untyped control")
	else:
		print("FAIL untyped control: ", plain); fails += 1
	var it = f.get_var()
	if it is Array and it.is_typed() and it.get_typed_builtin() == TYPE_DICTIONARY:
		var items: Array[Dictionary] = it
		print("OK Array[Dictionary] ", items[0]["name"], " ", items[0]["count"])
	else:
		print("FAIL Array[Dictionary]: ", it); fails += 1
	quit(1 if fails > 0 else 0)
