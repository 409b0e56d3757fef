#!/usr/bin/env python3
"""Write tests/fixtures/<engine>/resources/README.md from the files there (run by scripts/gen.sh resources).

    scripts/resource_readme.py DIR ENGINE_VERSION_LINE

The README lists every file of DIR/files.tsv (written by tests/gd/gen_resources*.gd) and the facts read from
the engine's bytes: the header fields of each binary .res, the container header of each RSCC file and the
first line of each .tres. Nothing here is typed by hand from documentation: every number is read from the
files the engine wrote.
"""
import os
import struct
import sys

MODES = {0: "FastLZ", 1: "Deflate", 2: "Zstd", 3: "Gzip"}


class Reader:
    def __init__(self, data, pos=0, big=False):
        self.d, self.p, self.big = data, pos, big

    def u32(self):
        v = struct.unpack_from(">I" if self.big else "<I", self.d, self.p)[0]
        self.p += 4
        return v

    def u64(self):
        v = struct.unpack_from(">Q" if self.big else "<Q", self.d, self.p)[0]
        self.p += 8
        return v

    def string(self):
        n = self.u32()
        s = self.d[self.p:self.p + n]
        self.p += n
        return s.rstrip(b"\0").decode("utf-8")


def res_header(data):
    """The fields of a plain binary resource (magic RSRC), as the engine wrote them."""
    if data[:4] != b"RSRC":
        return None
    r = Reader(data, 4)
    big = r.u32()
    r.big = big == 1
    h = {"big_endian": big, "real64": r.u32(), "major": r.u32(), "minor": r.u32(), "format": r.u32()}
    h["type"] = r.string()
    h["importmd_ofs"] = r.u64()
    if h["format"] >= 4:
        h["flags"] = r.u32()
        h["uid"] = r.u64()
        h["script_class"] = r.string() if h["flags"] & 8 else None
        reserved = 11
    else:
        h["flags"] = None
        h["uid"] = None
        h["script_class"] = None
        reserved = 14
    h["reserved"] = [r.u32() for _ in range(reserved)]
    h["strings"] = [r.string() for _ in range(r.u32())]
    ext = []
    for _ in range(r.u32()):
        e = {"type": r.string(), "path": r.string()}
        if h["flags"] is not None and h["flags"] & 2:
            e["uid"] = r.u64()
        ext.append(e)
    h["ext"] = ext
    h["int"] = [(r.string(), r.u64()) for _ in range(r.u32())]
    h["tail"] = data[-4:]
    return h


def rscc_header(data):
    if data[:4] != b"RSCC":
        return None
    mode, block, total = struct.unpack_from("<III", data, 4)
    nblocks = total // block + 1
    return {"mode": mode, "block": block, "total": total, "blocks": nblocks, "tail": data[-4:]}


def flag_names(flags):
    names = {1: "NAMED_SCENE_IDS", 2: "UIDS", 4: "REAL_T_IS_DOUBLE", 8: "HAS_SCRIPT_CLASS"}
    return "|".join(n for b, n in names.items() if flags & b) or "0"


def md(s):
    return s.replace("|", "\\|")


def main():
    d, version = sys.argv[1], sys.argv[2]
    rows = []
    with open(os.path.join(d, "files.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            rows.append(line.rstrip("\n").split("\t"))
    out = []
    w = out.append
    w("# Resource saves written by %s" % version)
    w("")
    w("Made by `scripts/gen.sh resources` with `tests/gd/gen_resources.gd` (Godot 4) or `gen_resources3.gd`")
    w("(Godot 3): `gen` writes the files, then a fresh engine run (`dump`) loads every save with the cache off")
    w("and writes `FILE.dump.txt`: `var_to_str`/`var2str` of a Dictionary that our `godot_bin::text::from_text`")
    w("reads. The dump format is described at the top of `tests/gd/gen_resources.gd`; `files.tsv` lists every")
    w("file (name, kind, case, form, dump, needs, what). The general notes are in `tests/fixtures/README.md`")
    w("(section *Resource saves*); this file is generated, with the facts below read from the bytes.")
    w("")
    w("## Binary headers (plain `.res`)")
    w("")
    w("| file | endian field | real64 | engine | format | flags | uid | script class | reserved u32 | strings | ext | internal ids | tail |")
    w("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if not r[0].endswith(".res") or r[1] not in ("save",):
            continue
        data = open(os.path.join(d, r[0]), "rb").read()
        h = res_header(data)
        if h is None:
            continue
        ids = [p for p, _ in h["int"]]
        shown = ", ".join(ids[:2] + (["…"] if len(ids) > 3 else []) + ids[-1:]) if len(ids) > 2 else ", ".join(ids)
        w("| %s | %d (%s) | %d | %d.%d | %d | %s | %s | %s | %d | %d | %d | %d: %s | %s |" % (
            r[0], h["big_endian"], "big" if h["big_endian"] else "little", h["real64"], h["major"], h["minor"], h["format"],
            "-" if h["flags"] is None else "0x%x %s" % (h["flags"], flag_names(h["flags"])),
            "-" if h["uid"] is None else ("none (-1)" if h["uid"] == 0xFFFFFFFFFFFFFFFF else "%d" % h["uid"]),
            md(h["script_class"] or "-"), len(h["reserved"]), len(h["strings"]), len(h["ext"]), len(h["int"]), md(shown),
            h["tail"].decode("latin-1")))
    w("")
    for name in ("save_game.res", "editor_save.res"):
        if not os.path.exists(os.path.join(d, name)):
            continue
        ext = res_header(open(os.path.join(d, name), "rb").read())["ext"]
        w("External resources of `%s` (type, path, u64 UID if the format has them): " % name + ", ".join(
            "`%s` %s" % (e["path"], e["type"]) + ("" if "uid" not in e else " (uid %s)" % (
                "none: ffffffffffffffff" if e["uid"] == 0xFFFFFFFFFFFFFFFF else e["uid"])) for e in ext) + ".")
        w("")
    w("## Compressed `.res` (RSCC: FileAccessCompressed's layout under the magic RSCC)")
    w("")
    w("| file | mode | block size | uncompressed size | blocks | tail |")
    w("|---|---|---|---|---|---|")
    for r in rows:
        if not r[0].endswith(".res") or r[1] != "save":
            continue
        data = open(os.path.join(d, r[0]), "rb").read()
        h = rscc_header(data)
        if h is None:
            continue
        w("| %s | %d (%s) | %d | %d | %d | %s |" % (r[0], h["mode"], MODES.get(h["mode"], "?"), h["block"], h["total"], h["blocks"], h["tail"].decode("latin-1")))
    w("")
    w("## Text headers (`.tres`, first line)")
    w("")
    w("| file | first line |")
    w("|---|---|")
    for r in rows:
        if not r[0].endswith(".tres"):
            continue
        with open(os.path.join(d, r[0]), encoding="utf-8") as f:
            first = f.readline().rstrip("\n")
        w("| %s | `%s` |" % (r[0], md(first)))
    w("")
    titles = [
        ("script", "The game's scripts (the saves refer to them; loading a save loads them)"),
        ("save", "Saves (each with its dump `FILE.dump.txt`)"),
        ("hostile", "Hostile saves: the engine runs their code when it loads them (proved by `scripts/live.sh resources`)"),
        ("inert", "Hostile forms this engine refuses (the live check proves it: the load fails, no marker)"),
        ("payload", "Payload scripts (the live check puts them where the hostile saves look for them)"),
    ]
    for kind, title in titles:
        sel = [r for r in rows if r[1] == kind]
        if not sel:
            continue
        w("## " + title)
        w("")
        w("| file | case | form | needs | what |")
        w("|---|---|---|---|---|")
        for r in sel:
            w("| %s | %s | %s | %s | %s |" % (r[0], r[2], r[3], md(r[5]), md(r[6])))
        w("")
    with open(os.path.join(d, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
