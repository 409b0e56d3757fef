# Prints the engine's native class names (ClassDB.get_class_list()), one per line as "CLASS Name", and the
# names of its singletons (Godot 4) as "CLASS Name" too (the generated GDScript must not name a class like any of
# them). Runs on Godot 3 and 4 alike: scripts/gdscript-names.sh.
extends SceneTree


func _init():
	for c in ClassDB.get_class_list():
		print("CLASS ", c)
	if Engine.has_method("get_singleton_list"):
		for s in Engine.call("get_singleton_list"):
			print("CLASS ", s)
	quit(0)
