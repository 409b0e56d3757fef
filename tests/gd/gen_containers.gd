# godot_bin container fixtures for Godot 4.x: FileAccessCompressed (GCPF) and FileAccessEncrypted (GDEC).
# Run by scripts/gen.sh containers (in an empty directory):
#   engine.sh godot-4.6 gen_containers.gd gen
# writes, in the current directory, the same content (store_var of values(), see below) as
#   plain.sav                          FileAccess.open (no container)
#   fastlz.gcpf deflate.gcpf zstd.gcpf gzip.gcpf   FileAccess.open_compressed with each COMPRESSION_* mode
#   pass.gdec                          FileAccess.open_encrypted_with_pass(PASSWORD)
#   key.gdec                           FileAccess.open_encrypted(KEY)
# and, for block edge cases, with store_buffer of raw bytes:
#   tiny-<mode>.gcpf   5 bytes (one block shorter than FastLZ's 16-byte minimum)
#   exact-<mode>.gcpf  8192 bytes (two full 4096-byte blocks, then the empty last block the engine writes)
#   tiny.gdec / exact.gdec             the same bytes, encrypted with KEY (exact: a multiple of 16)
#   tiny.bin / exact.bin               the same bytes, plain
#   len<N>.bin, len<N>-fastlz.gcpf     mixed(N) (FastLZ corner cases) plain and compressed, N in LENGTHS;
#   tail<N>.bin, tail<N>-fastlz.gcpf   tail(N), the same, N = 40, 100, 1000
# Check mode (scripts/live.sh containers):  engine.sh godot-4.6 gen_containers.gd check FILE KIND [FILE KIND ...]
#   KIND: plain, compressed, pass, key (the content of values()), tiny-compressed, exact-compressed,
#   tiny-key, exact-key (the raw bytes).  Prints OK/FAIL per file; exit status 1 if any failed.
extends SceneTree

const PASSWORD := "hunter2 \u00e9"


func key() -> PackedByteArray:
	var k := PackedByteArray()
	for i in 32:
		k.append((i * 7 + 3) % 256)
	return k


func pattern(n: int) -> PackedByteArray:
	var b := PackedByteArray()
	b.resize(n)
	for i in n:
		b[i] = ((i % 97) ^ ((i / 97) % 13) + (i / 1000)) % 256
	return b


# Bytes for FastLZ's corner cases: pseudo-random literals, a long run, a repeat, and the first half again.
func mixed(n: int) -> PackedByteArray:
	var b := PackedByteArray()
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
func tail(n: int) -> PackedByteArray:
	var b := PackedByteArray()
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
		{"name": "hero", "hp": 42, "pos": Vector2(1.5, -2.0), "inv": {1: "sword", 2: "potion"}, "tags": PackedStringArray(["a", "b"])},
		pattern(9000),
		"save-end",
	]


func write_values(f: FileAccess) -> void:
	for v in values():
		f.store_var(v)


const MODES := {
	"fastlz": FileAccess.COMPRESSION_FASTLZ,
	"deflate": FileAccess.COMPRESSION_DEFLATE,
	"zstd": FileAccess.COMPRESSION_ZSTD,
	"gzip": FileAccess.COMPRESSION_GZIP,
}


func gen() -> int:
	var f := FileAccess.open("plain.sav", FileAccess.WRITE)
	write_values(f)
	f.close()
	for m in MODES:
		f = FileAccess.open_compressed(m + ".gcpf", FileAccess.WRITE, MODES[m])
		write_values(f)
		f.close()
		for edge in [["tiny", 5], ["exact", 8192]]:
			f = FileAccess.open_compressed(edge[0] + "-" + m + ".gcpf", FileAccess.WRITE, MODES[m])
			f.store_buffer(pattern(edge[1]))
			f.close()
	f = FileAccess.open_encrypted_with_pass("pass.gdec", FileAccess.WRITE, PASSWORD)
	write_values(f)
	f.close()
	f = FileAccess.open_encrypted("key.gdec", FileAccess.WRITE, key())
	write_values(f)
	f.close()
	for edge in [["tiny", 5], ["exact", 8192]]:
		f = FileAccess.open_encrypted(edge[0] + ".gdec", FileAccess.WRITE, key())
		f.store_buffer(pattern(edge[1]))
		f.close()
		f = FileAccess.open(edge[0] + ".bin", FileAccess.WRITE)
		f.store_buffer(pattern(edge[1]))
		f.close()
	for n in LENGTHS:
		f = FileAccess.open("len%d.bin" % n, FileAccess.WRITE)
		f.store_buffer(mixed(n))
		f.close()
		f = FileAccess.open_compressed("len%d-fastlz.gcpf" % n, FileAccess.WRITE, FileAccess.COMPRESSION_FASTLZ)
		f.store_buffer(mixed(n))
		f.close()
	for n in [40, 100, 1000]:
		f = FileAccess.open("tail%d.bin" % n, FileAccess.WRITE)
		f.store_buffer(tail(n))
		f.close()
		f = FileAccess.open_compressed("tail%d-fastlz.gcpf" % n, FileAccess.WRITE, FileAccess.COMPRESSION_FASTLZ)
		f.store_buffer(tail(n))
		f.close()
	return 0


func open_kind(path: String, kind: String) -> FileAccess:
	if kind == "plain":
		return FileAccess.open(path, FileAccess.READ)
	if kind.ends_with("compressed"):
		return FileAccess.open_compressed(path, FileAccess.READ)
	if kind == "pass":
		return FileAccess.open_encrypted_with_pass(path, FileAccess.READ, PASSWORD)
	return FileAccess.open_encrypted(path, FileAccess.READ, key())


func check(args: Array) -> int:
	var fails := 0
	var i := 0
	while i + 1 < args.size():
		var path: String = args[i]
		var kind: String = args[i + 1]
		i += 2
		var f := open_kind(path, kind)
		if f == null:
			print("FAIL ", path, " ", kind, ": cannot open (", FileAccess.get_open_error(), ")")
			fails += 1
			continue
		var ok := true
		if kind.begins_with("tiny") or kind.begins_with("exact"):
			var want := pattern(5 if kind.begins_with("tiny") else 8192)
			ok = f.get_length() == want.size() and f.get_buffer(want.size()) == want
		else:
			for want in values():
				var got = f.get_var()
				if typeof(got) != typeof(want) or got != want:
					print("  ", path, ": got ", var_to_str(got).left(200))
					ok = false
			ok = ok and f.get_position() == f.get_length()
		if ok:
			print("OK   ", path, " ", kind)
		else:
			print("FAIL ", path, " ", kind)
			fails += 1
	return 1 if fails > 0 else 0


func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var rc := 2
	if args.size() >= 1 and args[0] == "gen":
		rc = gen()
	elif args.size() >= 1 and args[0] == "check":
		rc = check(args.slice(1))
	else:
		print("usage: gen | check FILE KIND ...")
	quit(rc)
