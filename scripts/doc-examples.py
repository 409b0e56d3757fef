#!/usr/bin/env python3
"""Lists public items of src/ whose own doc comment has no example (a ``` block).

Public items: `pub` fns (free and inherent methods), structs, enums, traits, consts, statics, and the
modules (their `//!` header). A type alias (`pub type`) needs none: its doc links to the type it names. Enum variants and struct fields are documented but need no example.
A module is public when it is declared `pub mod` in a public module (lib.rs is), or when lib.rs re-exports
it (`pub use data::value;`: the layer folders are private and their public modules are re-exported). Items
of a private module count only when lib.rs re-exports them by name (`pub use x::{...}`), and so do the `pub`
methods in their `impl` blocks: the rest cannot be named from outside (e.g. the Serializer's associated
compound types). Items inside `#[cfg(test)]` modules or private inline modules (`mod sealed { … }`) and `pub(crate)`/`pub(super)`
items are not public.

Exit status 1 when any item lacks an example (so CI can hold the line), 0 otherwise.
Usage: scripts/doc-examples.py [--list] [FILES...]
"""
import re
import sys
from pathlib import Path

ITEM = re.compile(r"^\s*pub\s+(?:const\s+fn|unsafe\s+fn|async\s+fn|fn|struct|enum|trait|type|const|static|mod)\s+(\w+)")
LIB = Path("src/lib.rs").read_text() if Path("src/lib.rs").exists() else ""
REEXPORTED = set(re.findall(r"\b(\w+)\b", " ".join(re.findall(r"pub use [^;]*;", LIB, re.S))))
IMPL = re.compile(r"^impl\b(?:<[^{]*?>)?\s+(?:[^{]*?\s+for\s+)?(?:[\w:]+::)?(\w+)")


def module_path(path: Path):
    """src/data/value.rs -> ("data", "value"); src/codec/mod.rs -> ("codec",); src/lib.rs -> ()."""
    parts = list(path.relative_to("src").with_suffix("").parts)
    if parts and parts[-1] in ("mod", "lib"):
        parts = parts[:-1]
    return tuple(parts)


def declarations():
    """Module path -> True when declared `pub mod`, False when `mod` / `pub(crate) mod`."""
    decl = {}
    for f in Path("src").rglob("*.rs"):
        if "bin" in f.relative_to("src").parts[:1]:
            continue
        parent = module_path(f)
        if f.name not in ("mod.rs", "lib.rs"):
            parent = parent  # a file `x.rs` may declare children in `x/`
        for vis, name in re.findall(r"^\s*(pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", f.read_text(), re.M):
            decl[parent + (name,)] = vis.strip() == "pub"
    return decl


DECL = declarations() if Path("src").exists() else {}
# Modules lib.rs re-exports (`pub use data::value;`, `pub use forms::{convert, text};`).
REEXPORTED_MODS = set()
for tree in re.findall(r"pub use ([^;]*);", LIB, re.S):
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)::\{(.*)\}$", tree)
    for p in ([m.group(1) + "::" + x for x in m.group(2).split(",") if x] if m else [tree]):
        path = tuple(p.replace("crate::", "").split("::"))
        if path in DECL:
            REEXPORTED_MODS.add(path)


def is_public(mod):
    if mod == ():
        return True
    if mod in REEXPORTED_MODS:
        return True
    return DECL.get(mod, False) and is_public(mod[:-1])


def scan(path: Path):
    lines = path.read_text().splitlines()
    missing = []
    # module header
    head = []
    for ln in lines:
        s = ln.strip()
        if s.startswith("//!"):
            head.append(s)
        elif s == "" or s.startswith("#!"):
            continue
        else:
            break
    public = "/bin/" not in str(path) and is_public(module_path(path))
    if public and path.name not in ("lib.rs",):
        if not any("```" in h for h in head):
            missing.append((1, f"mod {path.stem}"))
    in_test = False
    test_depth = None
    depth = 0
    impl_of = None  # the type of the `impl` block we are in (depth 1), if any
    for i, ln in enumerate(lines):
        s = ln.strip()
        if s.startswith("#[cfg(test)]") or (not in_test and re.match(r"mod \w+ \{", s)):
            # a test module, or a private inline module (`mod sealed { pub trait Sealed {} }`): not public
            in_test = True
            test_depth = depth
        if depth == 0:
            im = IMPL.match(ln)
            impl_of = im.group(1) if im else None
        m = ITEM.match(ln)
        reachable = public or m and (m.group(1) in REEXPORTED if depth == 0 else impl_of in REEXPORTED)
        if m and not in_test and reachable:
            name = m.group(1)
            if s.startswith("pub mod") and s.endswith(";"):
                pass  # checked through the module file's header
            elif re.match(r"pub\s+type\b", s):
                pass  # a type alias: its doc links to the type it names, whose example is the example
            else:
                # walk back over attributes and doc lines
                j = i - 1
                docs = []
                while j >= 0:
                    t = lines[j].strip()
                    if t.startswith("///") or t.startswith("#[doc"):
                        docs.append(t)
                    elif t.startswith("#[") or t.startswith("#!["):
                        pass
                    elif t.endswith(")]") or t.endswith("]"):
                        # end of a multi-line attribute
                        pass
                    else:
                        break
                    j -= 1
                if not any("```" in d for d in docs):
                    kind = s.split()[1] if not s.startswith("pub const fn") else "fn"
                    missing.append((i + 1, f"{kind} {name}"))
        depth += ln.count("{") - ln.count("}")
        if in_test and test_depth is not None and depth <= test_depth and "}" in ln:
            in_test = False
            test_depth = None
    return missing


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    files = [Path(a) for a in args] or sorted(Path("src").rglob("*.rs"))
    total = 0
    for f in files:
        for line, what in scan(f):
            total += 1
            print(f"{f}:{line}: {what}")
    print(f"{total} public items without an example", file=sys.stderr)
    sys.exit(1 if total else 0)


if __name__ == "__main__":
    main()
