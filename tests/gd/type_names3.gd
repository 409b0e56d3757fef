# The engine's own names of its types, for the type-name table (src/dialect/types.rs) and its test
# (tests/conformance/type_names.rs). Godot 3.x; tests/gd/type_names.gd is the 4.x one.
# Run by scripts/gdscript-names.sh:  scripts/engine.sh godot-3.6 tests/gd/type_names3.gd
# Prints, one per line:
#   NAME<TAB>id<TAB>name        the engine's name of every type id below TYPE_MAX: a value of the type (its
#                               zero bytes decoded, or NodePath() and an Object) put through an Expression
#                               that fails, whose error names the value's type (3.x has no type_string)
#   CONST<TAB>TYPE_X<TAB>value  every TYPE_ constant of @GlobalScope, as the engine's --doctool lists them
#                               (the engine is run again with --doctool into its user directory)
extends SceneTree


func value_of_type(id):
	# A store_var frame: a length, the type id, then zeros (an empty or zero value of most types).
	var b = PoolByteArray([68, 0, 0, 0, id, 0, 0, 0])
	for _i in range(64):
		b.append(0)
	var p = StreamPeerBuffer.new()
	p.data_array = b
	var v = p.get_var(false)
	if typeof(v) == id:
		return v
	if id == TYPE_NODE_PATH:
		return NodePath()
	if id == TYPE_OBJECT:
		return self
	return null


func _init():
	var e = Expression.new()
	e.parse("a + b", ["a", "b"])
	var re = RegEx.new()
	re.compile("operator \\+, (\\w+) and Object")
	for id in range(TYPE_MAX):
		var v = value_of_type(id)
		e.execute([v, self], null, false)
		var m = re.search(e.get_error_text())
		if typeof(v) != id or m == null:
			printerr("type_names3: no name for type %d (%s)" % [id, e.get_error_text()])
			quit(1)
			return
		print("NAME\t%d\t%s" % [id, m.get_string(1)])
	var dir = OS.get_user_data_dir() + "/type_names_doc"
	Directory.new().make_dir_recursive(dir)
	var out = []
	var rc = OS.execute(OS.get_executable_path(), ["--no-window", "--doctool", dir], true, out, true)
	var f = File.new()
	if f.open(dir + "/doc/classes/@GlobalScope.xml", File.READ) != OK:
		printerr("type_names3: --doctool wrote no @GlobalScope.xml (exit %d)" % rc)
		quit(1)
		return
	re.compile("<constant name=\"(TYPE_[A-Z0-9_]+)\" value=\"([0-9]+)\"")
	for m in re.search_all(f.get_as_text()):
		print("CONST\t%s\t%s" % [m.get_string(1), m.get_string(2)])
	quit(0)
