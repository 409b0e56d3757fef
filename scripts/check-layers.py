#!/usr/bin/env python3
"""Keeps the layering of src/: every file imports only from its own layer or the layers below it, and no
files import each other, directly or around a longer circle.

A layer is a folder of src/ (or one of the few files at the root of src/). The order, bottom to top, is
LAYERS below. An import is any `crate::…` path in code (in `use` lines or written out), any `super::…`
path, and in a folder's mod.rs any path that starts with one of its child modules. Names that lib.rs
re-exports (`godot_bin::value`, `godot_bin::to_vec`, …) are followed to the file that defines them.
`#[cfg(test)]` modules are not read: tests may reach anything. Exit status 1 on any violation.

One rule has its home checked too: a frame or header length (`from_le_bytes` / `from_be_bytes`) is read only
in the layers that own the wire (wire, codec, format); the rest of src/ (the CLI in src/bin included), the
page (web/src) and tools/src call them.

    python3 scripts/check-layers.py [SRC_DIR]
"""
import os
import re
import sys

# Bottom to top. Each entry: layer name, then the top-level modules (folders or root files) it holds.
LAYERS = [
    ("dialect", ["dialect"]),
    ("base", ["error", "config"]),
    ("wire", ["wire"]),
    ("data", ["data"]),
    ("codec", ["codec"]),
    ("format", ["format"]),
    ("forms", ["forms"]),
    ("io", ["io"]),
    ("interop", ["interop"]),
    ("docs", ["coming_from_gdscript", "guide"]),
]

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip_code(text):
    """Code without comments, string and char literals (kept as empty quotes), and #[cfg(test)] modules."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
        elif c == '"' or (c == "r" and re.match(r'r#*"', text[i:]) and not re.match(r"\w", text[i - 1])):
            if c == "r":
                m = re.match(r'r(#*)"', text[i:])
                end = '"' + m.group(1)
                j = text.find(end, i + len(m.group(0)))
                i = n if j < 0 else j + len(end)
            else:
                j = i + 1
                while j < n and text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                i = j + 1
            out.append('""')
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^\\'])'", text[i:])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:  # a lifetime
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    code = "".join(out)
    # Drop #[cfg(test)] modules (brace-matched; literals are already gone).
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+" + IDENT + r"\s*\{", code)
        if not m:
            return code
        depth, j = 0, m.end() - 1
        while j < len(code):
            if code[j] == "{":
                depth += 1
            elif code[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        code = code[: m.start()] + code[j + 1 :]


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if not m:
        return [re.sub(r"as" + IDENT + "$", "", tree)]
    prefix, inner = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    return [p for part in parts if part for p in expand_use(prefix + part)]


def module_of(rel):
    """src-relative file path -> module path tuple (lib.rs -> ())."""
    parts = rel[:-3].split(os.sep)
    if parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return tuple(parts)


def main():
    src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
    files = {}
    for root, dirs, names in os.walk(src):
        dirs[:] = sorted(d for d in dirs if not (root == src and d == "bin"))
        for name in sorted(names):
            if name.endswith(".rs"):
                rel = os.path.relpath(os.path.join(root, name), src)
                files[module_of(rel)] = rel
    code = {m: strip_code(open(os.path.join(src, f), encoding="utf-8").read()) for m, f in files.items()}

    # Root names re-exported by lib.rs: name -> full path.
    aliases = {}
    for tree in re.findall(r"\bpub\s+use\s+([^;]+);", code[()]):
        for p in expand_use(tree):
            p = re.sub(r"^(crate|self)::", "", p)
            aliases[p.split("::")[-1]] = tuple(p.split("::"))

    layer_of_top = {top: i for i, (_, tops) in enumerate(LAYERS) for top in tops}
    problems = []

    def layer(mod):
        if not mod:
            return None
        if mod[0] not in layer_of_top:
            problems.append(f"src/{files[mod]}: its top-level module `{mod[0]}` is in no layer of LAYERS")
            layer_of_top[mod[0]] = len(LAYERS)
        return layer_of_top[mod[0]]

    def name(i):
        return LAYERS[i][0] if i < len(LAYERS) else "?"

    def resolve(path):
        """Full path from the crate root -> the module file that holds it (longest known prefix)."""
        seen = 0
        while path and path[0] in aliases and path[:1] not in files and seen < 8:
            path = aliases[path[0]] + path[1:]
            seen += 1
        for k in range(len(path), 0, -1):
            if path[:k] in files:
                return path[:k]
        return None

    edges = {}
    for mod, text in code.items():
        if not mod:
            continue  # lib.rs declares and re-exports everything
        # Inline modules (`mod name { … }`): `super::` and child paths inside them are relative to them.
        opens, depth, stack = [], 0, []
        for m in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{|[{}]", text):
            if m.group(1):
                stack.append((m.group(1), depth))
                depth += 1
                opens.append((m.start(), tuple(n for n, _ in stack)))
            elif m.group(0) == "{":
                depth += 1
            else:
                depth -= 1
                if stack and stack[-1][1] == depth:
                    stack.pop()
                    opens.append((m.start(), tuple(n for n, _ in stack)))

        def at(pos):
            inner = ()
            for start, path in opens:
                if start > pos:
                    break
                inner = path
            return mod + inner

        found = set()
        for m in re.finditer(r"\buse\s+([^;]+);", text):
            here = at(m.start())
            for p in expand_use(m.group(1)):
                segs = p.split("::")
                if segs[0] == "crate":
                    found.add(tuple(segs[1:]))
                elif segs[0] == "super":
                    ups = 0
                    while segs and segs[0] == "super":
                        ups, segs = ups + 1, segs[1:]
                    found.add(here[: len(here) - ups] + tuple(s for s in segs if s != "*"))
                elif segs[0] == "self" or here + (segs[0],) in files:
                    found.add(here + tuple(s for s in segs if s != "self"))
        for p in re.findall(r"\bcrate((?:::" + IDENT + ")+)", text):
            found.add(tuple(p.split("::")[1:]))
        for m in re.finditer(r"(?<![:\w])((?:super::)+)(" + IDENT + r"(?:::" + IDENT + ")*)", text):
            here = at(m.start())
            found.add(here[: len(here) - m.group(1).count("super")] + tuple(m.group(2).split("::")))
        targets = set()
        for p in found:
            t = resolve(p)
            if t is None or t == mod or t == ():
                continue
            targets.add(t)
        edges[mod] = targets
        for t in sorted(targets):
            lf, lt = layer(mod), layer(t)
            if lt > lf:
                problems.append(f"src/{files[mod]} (layer {name(lf)}) imports src/{files[t]} (layer {name(lt)}, higher)")

    # Circles: strongly connected components of more than one file (Tarjan).
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                sccs.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    for comp in sccs:
        names = ", ".join("src/" + files[m] for m in comp)
        pairs = [f"{files[a]} -> {files[b]}" for a in comp for b in sorted(edges[a]) if b in comp]
        problems.append(f"import circle among {names}: " + "; ".join(pairs))

    # Lengths read in their home only.
    root = os.path.join(src, "..")
    owners = ("wire", "codec", "format")
    for top in (src, os.path.join(root, "web", "src"), os.path.join(root, "tools", "src")):
        for dirpath, _, names in os.walk(top):
            for name in sorted(names):
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, src)
                if not name.endswith(".rs") or (top == src and rel.split(os.sep)[0] in owners):
                    continue
                text = strip_code(open(path, encoding="utf-8").read())
                for m in re.finditer(r"\bfrom_(?:le|be)_bytes\b", text):
                    line = text.count("\n", 0, m.start()) + 1
                    problems.append(f"{os.path.relpath(path, root)}:{line}: reads a length itself "
                                    "(call wire's frames or framing::Endian instead)")

    for p in problems:
        print("check-layers:", p)
    if problems:
        print(f"check-layers: {len(problems)} problem(s); the order, bottom to top, is "
              + " < ".join(name for name, _ in LAYERS))
        return 1
    print(f"check-layers: {len(files)} files, {sum(len(e) for e in edges.values())} imports, "
          "no import from a higher layer, no circle")
    return 0


if __name__ == "__main__":
    sys.exit(main())
