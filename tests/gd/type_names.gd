# The engine's own names of its types, for the type-name table (src/dialect/types.rs) and its test
# (tests/conformance/type_names.rs). Godot 4.x; tests/gd/type_names3.gd is the 3.x one.
# Run by scripts/gdscript-names.sh:  scripts/engine.sh godot-4.6 tests/gd/type_names.gd
# Prints, one per line:
#   NAME<TAB>id<TAB>name        type_string(id) for every type id below TYPE_MAX
#   CONST<TAB>TYPE_X<TAB>value  every TYPE_ constant of @GlobalScope, as the engine's --doctool lists them
#                               (the engine is run again with --doctool into its user directory)
extends SceneTree


func _init():
	for id in range(TYPE_MAX):
		print("NAME\t%d\t%s" % [id, type_string(id)])
	var dir := OS.get_user_data_dir() + "/type_names_doc"
	DirAccess.make_dir_recursive_absolute(dir)
	var out := []
	var rc := OS.execute(OS.get_executable_path(), ["--headless", "--doctool", dir], out, true)
	var f := FileAccess.open(dir + "/doc/classes/@GlobalScope.xml", FileAccess.READ)
	if f == null:
		printerr("type_names: --doctool wrote no @GlobalScope.xml (exit %d)" % rc)
		quit(1)
		return
	var re := RegEx.new()
	re.compile("<constant name=\"(TYPE_[A-Z0-9_]+)\" value=\"([0-9]+)\"")
	for m in re.search_all(f.get_as_text()):
		print("CONST\t%s\t%s" % [m.get_string(1), m.get_string(2)])
	quit(0)
