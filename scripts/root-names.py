#!/usr/bin/env python3
"""Counts the names at godot_bin's crate root from rustdoc JSON (every feature on).

Usage: root-names.py REPO [--list]
Builds the JSON with `cargo +nightly rustdoc --lib --all-features -- -Z unstable-options --output-format json`
(target dir target/root-names, or $ROOT_NAMES_TARGET) and counts the root module's items: `pub mod`, `pub use` (each name a
glob-free re-export brings) and items defined at the root. Hidden (`#[doc(hidden)]`) names are not counted.
"""
import json
import os
import subprocess
import sys

repo = sys.argv[1]
target = os.environ.get("ROOT_NAMES_TARGET", os.path.join(os.path.abspath(repo), "target", "root-names"))
subprocess.run(
    ["cargo", "+nightly", "rustdoc", "--lib", "--all-features", "-q", "--", "-Z", "unstable-options",
     "--output-format", "json"],
    cwd=repo, check=True, env={**os.environ, "CARGO_TARGET_DIR": target},
)
doc = json.load(open(os.path.join(target, "doc", "godot_bin.json")))
index = doc["index"]
root = index[str(doc["root"])] if str(doc["root"]) in index else index[doc["root"]]
names = []
for i in root["inner"]["module"]["items"]:
    item = index[str(i)] if str(i) in index else index[i]
    if item.get("visibility") != "public":
        continue
    inner = item["inner"]
    kind = next(iter(inner))
    name = inner["use"]["name"] if kind == "use" else item["name"]
    if kind == "use" and inner["use"].get("is_glob"):
        name = "*" + inner["use"]["source"]
    if any(a == "#[doc(hidden)]" or "hidden" in str(a) for a in item.get("attrs", [])):
        continue
    names.append((kind, name))
if "--list" in sys.argv:
    for kind, name in sorted(names, key=lambda n: (n[0], n[1])):
        print(f"{kind:8} {name}")
print(len(names))
