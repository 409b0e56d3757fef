# godot_bin container fixtures for Godot 3.x (File.open_compressed / open_encrypted[_with_pass]); the same
# files, names and check mode as gen_containers.gd (4.x), which documents them.
extends SceneTree

const PASSWORD := "hunter2 \u00e9"


func key() -> PoolByteArray:
	var k := PoolByteArray()
	for i in 32:
		k.append((i * 7 + 3) % 256)
	return k


func pattern(n: int) -> PoolByteArray:
	var b := PoolByteArray()
	b.resize(n)
	for i in n:
		b[i] = ((i % 97) ^ ((i / 97) % 13) + (i / 1000)) % 256
	return b


# Bytes for FastLZ's corner cases: pseudo-random literals, a long run, a repeat, and the first half again.
func mixed(n: int) -> PoolByteArray:
	var b := PoolByteArray()
	var x := 12345
	for i in n / 2:
		if i % 700 < 300:
			x = (x * 1103515245 + 12345) % 2147483648
			b.append((x >> 16) % 256)
		elif i % 700 < 600:
			b.append(0)
		else:
			b.append(b[i - 37])
	for i in n - n / 2:
		b.append(b[i])
	return b


# Pseudo-random bytes whose last 13 repeat the first 13: the only match starts where FastLZ's main loop
# stops looking (13 bytes before the end).
func tail(n: int) -> PoolByteArray:
	var b := PoolByteArray()
	var x := 777
	for i in n - 13:
		x = (x * 1103515245 + 12345) % 2147483648
		b.append((x >> 16) % 256)
	for i in 13:
		b.append(b[i])
	return b


const LENGTHS := [16, 17, 18, 20, 28, 29, 30, 31, 32, 33, 45, 64, 100, 5000]


func values() -> Array:
	return [
		{"name": "hero", "hp": 42, "pos": Vector2(1.5, -2.0), "inv": {1: "sword", 2: "potion"}, "tags": PoolStringArray(["a", "b"])},
		pattern(9000),
		"save-end",
	]


func write_values(f: File) -> void:
	for v in values():
		f.store_var(v)


const MODES := {
	"fastlz": File.COMPRESSION_FASTLZ,
	"deflate": File.COMPRESSION_DEFLATE,
	"zstd": File.COMPRESSION_ZSTD,
	"gzip": File.COMPRESSION_GZIP,
}


func gen() -> int:
	var f := File.new()
	f.open("plain.sav", File.WRITE)
	write_values(f)
	f.close()
	for m in MODES:
		f.open_compressed(m + ".gcpf", File.WRITE, MODES[m])
		write_values(f)
		f.close()
		for edge in [["tiny", 5], ["exact", 8192]]:
			f.open_compressed(edge[0] + "-" + m + ".gcpf", File.WRITE, MODES[m])
			f.store_buffer(pattern(edge[1]))
			f.close()
	f.open_encrypted_with_pass("pass.gdec", File.WRITE, PASSWORD)
	write_values(f)
	f.close()
	f.open_encrypted("key.gdec", File.WRITE, key())
	write_values(f)
	f.close()
	for edge in [["tiny", 5], ["exact", 8192]]:
		f.open_encrypted(edge[0] + ".gdec", File.WRITE, key())
		f.store_buffer(pattern(edge[1]))
		f.close()
		f.open(edge[0] + ".bin", File.WRITE)
		f.store_buffer(pattern(edge[1]))
		f.close()
	for n in LENGTHS:
		f.open("len%d.bin" % n, File.WRITE)
		f.store_buffer(mixed(n))
		f.close()
		f.open_compressed("len%d-fastlz.gcpf" % n, File.WRITE, File.COMPRESSION_FASTLZ)
		f.store_buffer(mixed(n))
		f.close()
	for n in [40, 100, 1000]:
		f.open("tail%d.bin" % n, File.WRITE)
		f.store_buffer(tail(n))
		f.close()
		f.open_compressed("tail%d-fastlz.gcpf" % n, File.WRITE, File.COMPRESSION_FASTLZ)
		f.store_buffer(tail(n))
		f.close()
	return 0


func open_kind(f: File, path: String, kind: String) -> int:
	if kind == "plain":
		return f.open(path, File.READ)
	if kind.ends_with("compressed"):
		return f.open_compressed(path, File.READ)
	if kind == "pass":
		return f.open_encrypted_with_pass(path, File.READ, PASSWORD)
	return f.open_encrypted(path, File.READ, key())


func same(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_DICTIONARY:
			if a.size() != b.size() or a.keys() != b.keys():
				return false
			for k in a:
				if not same(a[k], b[k]):
					return false
			return true
		TYPE_ARRAY, TYPE_STRING_ARRAY, TYPE_RAW_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
	return a == b


func check(args: Array) -> int:
	var fails := 0
	var i := 0
	while i + 1 < args.size():
		var path: String = args[i]
		var kind: String = args[i + 1]
		i += 2
		var f := File.new()
		var err := open_kind(f, path, kind)
		if err != OK:
			print("FAIL ", path, " ", kind, ": cannot open (", err, ")")
			fails += 1
			continue
		var ok := true
		if kind.begins_with("tiny") or kind.begins_with("exact"):
			var want := pattern(5 if kind.begins_with("tiny") else 8192)
			ok = f.get_len() == want.size() and same(f.get_buffer(want.size()), want)
		else:
			for want in values():
				var got = f.get_var()
				if not same(got, want):
					print("  ", path, ": got ", var2str(got).left(200))
					ok = false
			ok = ok and f.get_position() == f.get_len()
		f.close()
		if ok:
			print("OK   ", path, " ", kind)
		else:
			print("FAIL ", path, " ", kind)
			fails += 1
	return 1 if fails > 0 else 0


func _init() -> void:
	var args := Array(OS.get_cmdline_args())
	var dd := args.find("--")
	var rc := 2
	if dd >= 0 and dd + 1 < args.size() and args[dd + 1] == "gen":
		rc = gen()
	elif dd >= 0 and dd + 1 < args.size() and args[dd + 1] == "check":
		rc = check(args.slice(dd + 2, args.size() - 1))
	else:
		print("usage: gen | check FILE KIND ...")
	quit(rc)
