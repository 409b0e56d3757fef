# Values for tests/serde/serde_buffered.rs (serde's buffering: #[serde(flatten)], untagged and tagged enums):
# dictionaries holding Godot-only types next to plain ones, as var_to_bytes writes them.
# Run: cd tests/fixtures/godot-4.6 && ../../../scripts/engine.sh godot-4.6 ../../gd/gen_buffered.gd > buffered.tsv
extends SceneTree

func _init():
	var rows = [
		["save", {"hp": 10, "name": "slime", "pos": Vector2(1.5, -2), "anim": &"idle", "path": ^"Main/Player", "tags": PackedStringArray(["a", "b"]), "inv": {"gold": 5}}],
		["plain", {"hp": 10, "name": "slime", "inv": {"gold": 5}}],
		["tagged", {"kind": "Mob", "pos": Vector2(1.5, -2), "anim": &"idle"}],
		["tagged_plain", {"kind": "Mob", "hp": 3, "inv": {"x": 1.5, "y": -2.0}}],
		["mixed", {"pos": Vector2(1.5, -2), "inv": {"gold": 5}}],
	]
	print("# godot_bin buffered values; engine Godot ", Engine.get_version_info().string, "; columns: id, hex = var_to_bytes(value), text = var_to_str(value) with LF -> \\n")
	for r in rows:
		print(r[0], "\t", var_to_bytes(r[1]).hex_encode(), "\t", var_to_str(r[1]).replace("\n", "\\n"))
	quit()
