#!/usr/bin/env python3
"""Seeds fuzz/corpus/<target>/ from the engine-written fixtures (not committed: fuzz/corpus is ignored).

decode_variant and serde_struct take a config byte first (bits 0-3 dialect index in Dialect::ALL, bit 4
objects, bit 5 double precision): every fixture value is written with the byte of the dialect and objects
flag it was written with. Sources: tests/fixtures/*/values.tsv, probes.tsv, crashes.tsv, samples.tsv and
serde.tsv hex columns, tests/fixtures/spec-examples.tsv, and examples/data/*.sav (with and without
store_var's length word). framing_stream gets serde.tsv's framed streams (config byte, no piece sizes, the stream); text_parse gets
values.tsv's var_to_str text; roundtrip_variant's inputs are
unstructured bytes, so it gets a slice of the same seeds as raw material.

Usage: fuzz/seed_corpus.py [ROOT]   (ROOT defaults to the repository holding this script)
"""
import hashlib
import os
import pathlib
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

for target, n in sorted(counts.items()):
    print(f"{target}: {n} new seed(s) in {CORPUS / target}")
