#!/usr/bin/env python3
"""Seeds fuzz/corpus/<target>/ from the engine-written fixtures (not committed: fuzz/corpus is ignored).

decode_variant, differential and serde_struct take a config byte first (bits 0-3 dialect index in Dialect::ALL, bit 4
objects, bit 5 double precision): every fixture value is written with the byte of the dialect and objects
flag it was written with. Sources: tests/fixtures/*/values.tsv, probes.tsv, crashes.tsv, samples.tsv and
serde.tsv hex columns, tests/fixtures/spec-examples.tsv, and examples/data/*.sav (with and without
store_var's length word). framing_stream gets serde.tsv's framed streams (config byte, no piece sizes, the stream); text_parse gets
values.tsv's var_to_str text; roundtrip_variant's inputs are
unstructured bytes, so it gets a slice of the same seeds as raw material. container_compressed and
container_encrypted get the engine-written files of tests/fixtures/*/containers. resource_binary and resource_text get the
engine-written .res and .tres files of tests/fixtures/*/resources. Then the hostile shapes, generated
below (nested keys, deep keys, typed containers for the binary targets; long constructors and deep text for
text_parse).

Usage: fuzz/seed_corpus.py [ROOT]   (ROOT defaults to the repository holding this script)
"""
import hashlib
import os
import pathlib
import struct
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
CORPUS = ROOT / "fuzz" / "corpus"

# Index in Dialect::ALL.
DIALECTS = {
    "godot2": 0, "godot3": 1, "godot4.0": 2, "godot4.1": 3, "godot4.2": 4, "godot4.3": 5, "godot4.4": 6,
    "godot4.5": 7, "godot4.6": 8, "godot4": 8, "pandemonium-3.5": 9, "pandemonium-3.8": 10,
    "pandemonium-5": 11, "pandemonium": 11,
}
FIXTURE_DIALECT = {
    "godot-2.1": "godot2", "godot-3.2.3": "godot3", "godot-3.6": "godot3", "godot-4.6": "godot4.6",
    "pandemonium-4.9": "pandemonium-3.8", "pandemonium-5.2": "pandemonium-5",
}
# Per file name: (column of the objects flag, column of the hex). Objects flag: "1" or "objects".
COLUMNS = {"values.tsv": (1, 2), "probes.tsv": (1, 2), "crashes.tsv": (1, 2), "samples.tsv": (1, 2)}


def rows(path):
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            yield line.split("\t")


def unhex(s):
    try:
        return bytes.fromhex(s)
    except ValueError:
        return None


def unescape(s):
    """values.tsv's text column: \\ \t \n \r are escaped (\\u{hex} too)."""
    out, i = [], 0
    while i < len(s):
        c = s[i]
        if c == "\\" and i + 1 < len(s):
            n = s[i + 1]
            if n in "\\tnr":
                out.append({"\\": "\\", "t": "\t", "n": "\n", "r": "\r"}[n])
                i += 2
                continue
            if n == "u" and s[i + 2:i + 3] == "{" and "}" in s[i:]:
                j = s.index("}", i)
                try:
                    out.append(chr(int(s[i + 3:j], 16)))
                except ValueError:
                    out.append("?")
                i = j + 1
                continue
        out.append(c)
        i += 1
    return "".join(out)


counts = {}
attempts = {}


def put(target, data):
    d = CORPUS / target
    d.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    p = d / name
    if not p.exists():
        p.write_bytes(data)
        counts[target] = counts.get(target, 0) + 1


def config_byte(dialect, objects):
    return DIALECTS[dialect] | (0x10 if objects else 0)


def value(dialect, objects, data):
    sel = bytes([config_byte(dialect, objects)])
    put("decode_variant", sel + data)
    put("differential", sel + data)
    put("serde_struct", sel + data)
    attempts["roundtrip_variant"] = attempts.get("roundtrip_variant", 0) + 1
    if attempts["roundtrip_variant"] <= 400:
        put("roundtrip_variant", sel + data)


fixtures = ROOT / "tests" / "fixtures"
for sub, dialect in FIXTURE_DIALECT.items():
    for fname, (fcol, hcol) in COLUMNS.items():
        path = fixtures / sub / fname
        if not path.exists():
            continue
        for r in rows(path):
            if len(r) <= hcol:
                continue
            data = unhex(r[hcol])
            if data is None:
                continue
            value(dialect, r[fcol] in ("1", "objects"), data)
            # values.tsv: the 4th column is var_to_str's text (\\ \t \n \r escaped).
            if fname == "values.tsv" and len(r) > 3:
                text = unescape(r[3])
                put("text_parse", bytes([config_byte(dialect, r[fcol] in ("1", "objects"))]) + text.encode("utf-8", "replace"))
    serde = fixtures / sub / "serde.tsv"
    if serde.exists():
        for r in rows(serde):
            if len(r) < 3 or unhex(r[2]) is None:
                continue
            data = unhex(r[2])
            if r[1] == "var":
                value(dialect, False, data)
            else:
                be = 0x40 if r[1].endswith("_be") else 0
                put("framing_stream", bytes([config_byte(dialect, False) | be, 0]) + data)

spec = fixtures / "spec-examples.tsv"
if spec.exists():
    for r in rows(spec):
        if len(r) >= 5 and r[1] in DIALECTS and unhex(r[4]) is not None:
            value(r[1], True, unhex(r[4]))

for sav in sorted((ROOT / "examples" / "data").glob("*.sav")):
    data = sav.read_bytes()
    dialect = "godot3" if "godot3" in sav.name else "godot4.6"
    value(dialect, False, data[4:])
    put("framing_stream", bytes([config_byte(dialect, False), 0]) + data)

# Engine-written containers (tests/fixtures/<engine>/containers): GCPF files with selector 0 (file mode),
# GDEC files with the selector of their key (0: the password, 1: the raw key; bit 2 for 4.x's layout).
for cdir in sorted(fixtures.glob("*/containers")):
    four = 4 if cdir.parent.name.startswith("godot-4") else 0
    for f in sorted(cdir.iterdir()):
        data = f.read_bytes()
        if f.suffix == ".gcpf":
            put("container_compressed", bytes([0]) + data)
        elif f.suffix == ".gdec":
            put("container_encrypted", bytes([(0 if f.name == "pass.gdec" else 1) | four]) + data)
        elif f.suffix == ".bin" and len(data) <= 4096:
            put("container_compressed", bytes([0x80]) + data)
            put("container_encrypted", bytes([0x80 | four, 0, 7]) + data)

# ---------------------------------------------------------------------------------------------------------
# The hostile shapes, built here word by word from the type ids of ../shared/spec/wire-format.md §2 (they are
# inputs, not expected outputs): dictionaries nested as keys around a large Array / PackedByteArray, keys and
# arrays nested near and past the depth limit, typed containers whose elements are converted or dropped, and
# long text constructors. (structured_binary and text_structured build these shapes from any bytes, so they
# need no seeds.)

# Per dialect: (INT, DICTIONARY, ARRAY, PACKED_BYTE_ARRAY) type ids.
IDS = {
    "godot2": (2, 20, 21, 22), "godot3": (2, 18, 19, 20), "godot4.3": (2, 27, 28, 29), "godot4.6": (2, 27, 28, 29),
    "pandemonium-3.5": (2, 22, 23, 24), "pandemonium-3.8": (2, 25, 26, 27), "pandemonium-5": (2, 25, 26, 29),
}
DEPTH8 = 0x40  # config byte bit 6: max_depth 8


def words(*ws):
    return b"".join(int(w & 0xFFFFFFFF).to_bytes(4, "little") for w in ws)


def nested_keys(dialect, levels, entries, inner_len, packed):
    """levels dictionaries, each the first key of the next; the innermost key an Array of ints or bytes."""
    i, d, a, pba = IDS[dialect]
    out = words(d, entries) * levels
    if packed:
        out += words(pba, inner_len) + bytes(x % 256 for x in range(inner_len)) + bytes(-inner_len % 4)
    else:
        out += words(a, inner_len) + b"".join(words(i, x) for x in range(inner_len))
    for level in range(levels):
        out += words(i, level) + b"".join(words(i, 1000 + e, i, e) for e in range(1, entries))
    return out


def deep_key(dialect, depth):
    """A one-entry dictionary whose key is a one-entry dictionary whose key is ... 7."""
    i, d, _, _ = IDS[dialect]
    return words(d, 1) * depth + words(i, 7) + words(i, 0) * depth


def deep_array(dialect, depth):
    i, _, a, _ = IDS[dialect]
    return words(a, 1) * depth + words(i, 7)


def binary_seed(dialect, data, sel_bits=0):
    sel = bytes([config_byte(dialect, False) | sel_bits])
    for target in ("decode_variant", "differential", "serde_struct"):
        put(target, sel + data)


for dialect in IDS:
    binary_seed(dialect, nested_keys(dialect, 40, 8, 1000, False))
    binary_seed(dialect, nested_keys(dialect, 40, 8, 8000, True))
    binary_seed(dialect, nested_keys(dialect, 6, 3, 50, False), DEPTH8)  # 7 levels: within 8
    binary_seed(dialect, deep_key(dialect, 1000))  # default max_depth 1024
    binary_seed(dialect, deep_key(dialect, 9), DEPTH8)  # one past the limit
    binary_seed(dialect, deep_array(dialect, 1025))  # one past the default limit
    # The same deep key twice in one dictionary: merged into one entry.
    _, d, _, _ = IDS[dialect]
    binary_seed(dialect, words(d, 2) + deep_key(dialect, 500) + words(2, 1) + deep_key(dialect, 500) + words(2, 2))

# Typed containers (§3: Godot 4.3+ ARRAY kind in header bits 16-17, 4.4+ DICTIONARY key kind 16-17 and value
# kind 18-19, kind 1 = builtin type id follows; Pandemonium 5 TYPED_ARRAY 27 / PACKED_TYPED_ARRAY 28 with the
# element type id next). Elements of other types are converted or dropped by the decoder.
INT4, FLOAT4, STRING4, DICT4, ARRAY4, PBA4, PI32A4 = 2, 3, 4, 27, 28, 29, 30


def gstr(t):
    b = t.encode()
    return words(STRING4, len(b)) + b + bytes(-len(b) % 4)


def pba(n, start=0):
    return words(PBA4, n) + bytes((x + start) % 256 for x in range(n)) + bytes(-n % 4)


mixed = [words(INT4, 5), words(FLOAT4) + struct.pack("<f", 2.5), gstr("12"), gstr("x"),
         pba(300), words(PI32A4, 3, 1, 2, 3), words(ARRAY4, 2, INT4, 1, INT4, 2), words(0)]
for dialect in ("godot4.3", "godot4.6"):
    for elem in (INT4, FLOAT4, STRING4, ARRAY4, PBA4, PI32A4, DICT4):
        binary_seed(dialect, words(ARRAY4 | 1 << 16, elem, len(mixed)) + b"".join(mixed))
    # Array[Array] holding PackedByteArrays (each converted into an Array of ints).
    binary_seed(dialect, words(ARRAY4 | 1 << 16, ARRAY4, 4) + b"".join(pba(4000, e) for e in range(4)))
# Dictionary[Array, int] whose keys are PackedByteArrays (converted into Array keys), and Dictionary[String, int].
binary_seed("godot4.6", words(DICT4 | 1 << 16, ARRAY4, 8) + b"".join(pba(3000, e) + words(INT4, e) for e in range(8)))
binary_seed("godot4.6", words(DICT4 | 1 << 16 | 1 << 18, STRING4, INT4, len(mixed))
            + b"".join(m + words(INT4, e) for e, m in enumerate(mixed)))
# Pandemonium 5 TypedArray[int] / PackedTypedArray[int] with elements of other types (dropped: no conversions).
for kind in (27, 28):
    binary_seed("pandemonium-5", words(kind, 2, 4, 2, 1, 3) + struct.pack("<f", 2.5) + words(2, 3, 0))

# Long text constructors and deep text, in each syntax family (text_parse: config byte, then UTF-8 text).
def text_seed(dialect, text, sel_bits=0):
    put("text_parse", bytes([config_byte(dialect, False) | sel_bits]) + text.encode())


INTS = ", ".join(str((x * 7919) % 200001 - 100000) for x in range(6000))
for dialect, name in (("godot2", "IntArray"), ("godot3", "PoolIntArray"), ("godot4.6", "PackedInt32Array"),
                      ("pandemonium-3.8", "PoolIntArray"), ("pandemonium-5", "PoolIntArray")):
    text_seed(dialect, f"{name}( {INTS} )")
    text_seed(dialect, f"{name}( {INTS}")  # unterminated
for dialect in ("godot2", "godot3", "godot4.6", "pandemonium-5"):
    text_seed(dialect, "[" * 1000 + "7" + "]" * 1000)
    text_seed(dialect, "[" * 1025 + "7" + "]" * 1025)  # one past the default limit
    text_seed(dialect, "[" * 9 + "]" * 9, DEPTH8)
    text_seed(dialect, "{" * 1000 + "7: 0" + "}: 0" * 999 + "}")  # a key 1000 dictionaries deep
    text_seed(dialect, '{"a": ' * 1000 + "7" + "}" * 1000)
    nested = "{" * 40 + "[" + ", ".join(map(str, range(2000))) + "]"
    nested += "".join(f": {lv}" + "".join(f", {1000 + e}: {e}" for e in range(1, 8)) + "}" for lv in range(40))
    text_seed(dialect, nested)
text_seed("godot4.6", "PackedFloat64Array( " + ", ".join(f"{x / 7:.17g}" for x in range(3000)) + " )")
text_seed("godot4.6", "PackedStringArray( " + ", ".join(f'"s{x}\\n"' for x in range(3000)) + " )")
text_seed("godot4.6", 'Array[int]([1, 2.5, "3", &"4", PackedByteArray(1, 2), null, [5]])')
text_seed("godot4.6", 'Dictionary[String, int]({"a": 1, &"b": 2.0, 3: "c", [1]: 4})')
text_seed("godot4.6", "Dictionary[Array, int]({PackedByteArray(" + ", ".join(["7"] * 3000) + "): 1})")
text_seed("pandemonium-5", "TypedArray( int , [ 1, 2.5, \"3\" ] )")


# ConfigFile text the engines wrote (tests/fixtures/<engine>/config_file/*.cfg), selector 0 = godot2 … the
# dialect index in Dialect::ALL: 1 for Godot 3, 8 for Godot 4.6.
for cfg_file in sorted([*fixtures.glob("*/config_file/*.cfg"), *fixtures.glob("*/config_file/*.txt")]):
    sel = 8 if cfg_file.parent.parent.name.startswith("godot-4") else 1
    put("config_file", bytes([sel]) + cfg_file.read_bytes())

# Resource files the engines wrote (tests/fixtures/<engine>/resources): selector 0 (the bytes as they are),
# .res and compressed .res for resource_binary, .tres for resource_text.
for res in sorted(fixtures.glob("*/resources/*")):
    if res.suffix == ".res":
        put("resource_binary", bytes([0]) + res.read_bytes())
    elif res.suffix == ".tres":
        put("resource_text", bytes([0]) + res.read_bytes())

for target, n in sorted(counts.items()):
    print(f"{target}: {n} new seed(s) in {CORPUS / target}")
