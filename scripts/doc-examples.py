#!/usr/bin/env python3
"""Lists public items of src/ whose own doc comment has no example (a ``` block).

Public items: `pub` fns (free and inherent methods), structs, enums, traits, type aliases, consts, statics,
and the modules (their `//!` header). Enum variants and struct fields are documented but need no example.
Items of private modules (`mod x;` in lib.rs) count only when lib.rs re-exports them by name (`pub use
x::{...}`): the rest cannot be named from outside (e.g. the Serializer's associated compound types). Items
inside `#[cfg(test)]` modules and `pub(crate)`/`pub(super)` items are not public.

Exit status 1 when any item lacks an example (so CI can hold the line), 0 otherwise.
Usage: scripts/doc-examples.py [--list] [FILES...]
"""
import re
import sys
from pathlib import Path

ITEM = re.compile(r"^\s*pub\s+(?:const\s+fn|unsafe\s+fn|async\s+fn|fn|struct|enum|trait|type|const|static|mod)\s+(\w+)")
LIB = Path("src/lib.rs").read_text() if Path("src/lib.rs").exists() else ""
PRIVATE_MODS = set(re.findall(r"^mod (\w+);", LIB, re.M))
REEXPORTED = set(re.findall(r"\b(\w+)\b", " ".join(re.findall(r"pub use [^;]*;", LIB, re.S))))


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
    if path.stem not in PRIVATE_MODS and path.name not in ("lib.rs",) and "/bin/" not in str(path):
        if not any("```" in h for h in head):
            missing.append((1, f"mod {path.stem}"))
    in_test = False
    test_depth = None
    depth = 0
    for i, ln in enumerate(lines):
        s = ln.strip()
        if s.startswith("#[cfg(test)]"):
            in_test = True
            test_depth = depth
        m = ITEM.match(ln)
        if m and not in_test and (path.stem not in PRIVATE_MODS or m.group(1) in REEXPORTED):
            name = m.group(1)
            if s.startswith("pub mod") and s.endswith(";"):
                pass  # checked through the module file's header
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
