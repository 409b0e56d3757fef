# godot_bin JSON-save fixtures for Godot 4.x: what JSON.stringify writes and JSON.parse_string reads.
# Run by scripts/gen.sh json (in an empty directory):  engine.sh godot-4.6 gen_json.gd gen
# writes, in the current directory:
#   lines.json          the "Saving games" manual's layout: one store_line(JSON.stringify(node_data)) per node
#   sorted.json         store_string(JSON.stringify(save))                 (no indent, keys sorted: the default)
#   tab.json            store_string(JSON.stringify(save, "\t"))           (tab indent, keys sorted)
#   spaces.json         store_string(JSON.stringify(save, "  ", false))    (two spaces, insertion order)
#   unsorted.json       store_string(JSON.stringify(save, "", false))      (no indent, insertion order)
#   precise.json        store_string(JSON.stringify(save, "\t", true, true))  (full precision)
#   parsed.tsv          name, line number (from 1), hex(var_to_bytes(JSON.parse_string(that line or file)))
#   floats.tsv          hex of a double's bits, JSON.stringify(x), JSON.stringify(x, "", true, true)
#   strings.tsv         hex(UTF-8 of a String), hex(UTF-8 of JSON.stringify(it))
extends SceneTree


func f64(bits: int) -> float:
	var b := StreamPeerBuffer.new()
	b.put_u64(bits)
	b.seek(0)
	return b.get_double()


func bits_of(x: float) -> String:
	var b := StreamPeerBuffer.new()
	b.put_double(x)
	b.seek(0)
	var u := b.get_u64()
	return "%08x%08x" % [(u >> 32) & 0xffffffff, u & 0xffffffff]


func hex(b: PackedByteArray) -> String:
	return b.hex_encode()


func node(name: String, x: float, y: float, hp: float, level: int) -> Dictionary:
	return {
		"filename": "res://scenes/" + name + ".tscn",
		"parent": "/root/Main",
		"pos_x": x,
		"pos_y": y,
		"attack": 10,
		"current_health": hp,
		"max_health": 10,
		"experience": 35.0,
		"level": level,
		"is_alive": hp > 0.0,
		"last_attack": null,
	}


func save() -> Dictionary:
	return {
		"version": 3,
		"player": {"name": "Zoë \"Z\" Ng", "gold": 1250, "speed": 2.5, "pos": [120.0, -48.75], "tags": []},
		"inventory": [{"id": "sword", "count": 1, "durability": 0.875}, {"id": "potion", "count": 4}],
		"settings": {"volume": 0.3333333333333333, "fullscreen": false, "keys": {}},
		"world": {"seed": 9007199254740993, "time": 1.0e20, "tiny": 1.5e-7, "neg": -0.0},
		"note": "line\nbreak\ttab \\ slash / unicode ✓",
	}


func write(path: String, text: String, by_line: bool) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	if by_line:
		f.store_string(text)
	else:
		f.store_string(text)
	f.close()


func gen() -> int:
	var parsed := PackedStringArray()
	var nodes := [node("Player", 100.0, 200.5, 7.5, 2), node("Slime", -3.25, 0.0, 0.0, 1), node("Bat", 1.0e6, 0.1, 10.0, 12)]
	var f := FileAccess.open("lines.json", FileAccess.WRITE)
	for n in nodes:
		f.store_line(JSON.stringify(n))
	f.close()
	var n := 1
	for line in FileAccess.get_file_as_string("lines.json").split("\n", false):
		parsed.append("lines.json\t%d\t%s" % [n, hex(var_to_bytes(JSON.parse_string(line)))])
		n += 1
	var s := save()
	var files := {
		"sorted.json": JSON.stringify(s),
		"tab.json": JSON.stringify(s, "\t"),
		"spaces.json": JSON.stringify(s, "  ", false),
		"unsorted.json": JSON.stringify(s, "", false),
		"precise.json": JSON.stringify(s, "\t", true, true),
	}
	for name in files:
		write(name, files[name], false)
		parsed.append("%s\t1\t%s" % [name, hex(var_to_bytes(JSON.parse_string(FileAccess.get_file_as_string(name))))])
	write("parsed.tsv", "\n".join(parsed) + "\n", false)

	var floats := PackedStringArray()
	var xs := [0.0, f64(1 << 63), 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0, 10.0, 100.0, 1000.0, 1.0e14, 1.0e15,
		1.0e16, 1.0e17, 1.0e20, 1.0e21, 1.0e22, 1.0e100, 1.0e300, 1.7976931348623157e308, 1.0e-5, 1.0e-6, 1.0e-7,
		1.5e-7, 1.0e-10, 1.0e-20, 1.0e-100, 5.0e-324, 2.2250738585072014e-308, 123456.789, 0.000123456789,
		9.999999999999999, 99.99999999999999, 0.9999999999999999, 12345678901234567.0, 3.14159265358979, PI, TAU,
		4503599627370497.0, 0.05, 0.015, 0.0015, 2.675, 1.005, 1.0e-1, 9.5, 99.5, 0.95]
	var state := 0x1e3779b97f4a7c15
	for i in 400:
		state = (state * 6364136223846793005 + 1442695040888963407)
		var bits := state
		if i % 2 == 0:
			# A decimal-looking value across magnitudes.
			var mant := float((state >> 11) & 0xfffff) / 1000.0
			var e := int((state >> 40) % 41) - 20
			xs.append(mant * pow(10.0, e) * (-1.0 if (state >> 63) & 1 else 1.0))
		else:
			var x := f64(bits)
			if not is_nan(x) and not is_inf(x):
				xs.append(x)
	for x in xs:
		floats.append("%s\t%s\t%s" % [bits_of(x), JSON.stringify(x), JSON.stringify(x, "", true, true)])
	write("floats.tsv", "\n".join(floats) + "\n", false)

	var strings := PackedStringArray()
	for c in range(0, 0x30):
		strings.append("%s\t%s" % [hex(String.chr(c).to_utf8_buffer()) if c > 0 else "", hex(JSON.stringify(String.chr(c) if c > 0 else "").to_utf8_buffer())])
	for t in ["\\", "\"", "/", "\u007f", "\u0080", "é", "✓", "\u2028", "\u2029", "😀", "a\"b\\c/d\ne\rf\tg\bh\fi", "\ufeff", "\u00a0"]:
		strings.append("%s\t%s" % [hex(t.to_utf8_buffer()), hex(JSON.stringify(t).to_utf8_buffer())])
	write("strings.tsv", "\n".join(strings) + "\n", false)
	return 0


func _init() -> void:
	var args := Array(OS.get_cmdline_user_args())
	var rc := 2
	if args.has("gen"):
		rc = gen()
	quit(rc)
