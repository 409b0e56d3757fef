#!/usr/bin/env python3
"""Finds links that rustdoc rendered as literal text instead of links, which it does not warn about: an
intra-doc link to an item of a dependency whose docs it has no address for (`--no-deps`; shows as
`[Bytes]`, brackets and all), or a Markdown link it left alone. Reads the HTML of `cargo doc` (run it
first: `RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --all-features`). Code (inside <code> or <pre>) is not
read, so `Array[int]` is fine. Also checks the README, which is the crate doc and read on GitHub too: its
links are absolute (docs.rs) or plain URLs (a screenshot of the repository excepted: rustdoc shows its alt
text), and each docs.rs link to this crate must name a page that `cargo doc` wrote. Exit status 1 on any finding not in KNOWN.

    python3 scripts/doc-links.py [DOC_DIR]      (default target/doc/godot_bin)
"""
import os
import re
import sys

# Found and accepted as they are (page, literal text): none at present.
KNOWN = set()


def text_of(block):
    block = re.sub(r"<pre.*?</pre>", " ", block, flags=re.S)
    # A link's own text is fine; literal brackets around code are what an unresolved intra-doc link leaves.
    block = re.sub(r"\[<code>([^<]*)</code>\]", r"@@LITERAL[\1]@@", block)
    block = re.sub(r"<code>.*?</code>", " ", block, flags=re.S)
    return re.sub(r"<[^>]+>", "", block)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "target/doc/godot_bin"
    if not os.path.isdir(root):
        print(f"doc-links: {root} missing: run cargo doc first")
        return 2
    found, pages = [], 0
    for d, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".html"):
                continue
            pages += 1
            path = os.path.join(d, f)
            rel = os.path.relpath(path, root)
            html = open(path, encoding="utf-8").read()
            for m in re.finditer(r'<div class="docblock[^"]*">(.*?)</div>', html, re.S):
                t = text_of(m.group(1))
                hits = re.findall(r"@@LITERAL(\[[^\]]*\])@@", t)
                hits += re.findall(r"\[[^\]\n]{1,80}\]\([^)\s]{1,200}\)", t)  # Markdown link left as text
                for h in hits:
                    found.append((rel, h))
    found = sorted(set(found))
    new = [x for x in found if x not in KNOWN]
    for rel, h in found:
        print(f"{'known' if (rel, h) not in new else 'NEW  '} {rel}: {h}")
    gone = sorted(x for x in KNOWN - set(found) if os.path.exists(os.path.join(root, x[0])))
    for rel, h in gone:
        print(f"fixed (remove from KNOWN) {rel}: {h}")
    print(f"doc-links: {pages} pages, {len(found)} link(s) shown as literal text, {len(new)} not known")
    broken = readme_links(root)
    return 1 if new or gone or broken else 0


DOCS_RS = "https://docs.rs/godot_bin/latest/godot_bin/"


def readme_links(root, readme="README.md"):
    """README links: a relative link works on GitHub but not in rustdoc, so none are allowed but a screenshot
    (rustdoc shows its alt text); a docs.rs link to this crate must name a page of the local docs. Returns the
    number of bad links (each printed)."""
    if not os.path.exists(readme):
        return 0
    text = re.sub(r"```.*?```", " ", open(readme, encoding="utf-8").read(), flags=re.S)
    bad = 0
    # An image of the repository (a screenshot) is the one relative target allowed: GitHub and a clone show it,
    # rustdoc shows its alt text, which must say what the picture shows. The file must exist.
    images = re.findall(r"!\[([^\]]*)\]\(([^)\s]+)\)", text)
    for alt, target in images:
        if not re.match(r"https?://", target):
            if len(alt.split()) < 4 or not os.path.isfile(target):
                print(f"NEW   {readme}: image {target}: it must exist and its alt text say what it shows")
                bad += 1
    shown = {target for _, target in images}
    for target in re.findall(r"\]\(([^)\s]+)\)", text) + re.findall(r"^\[[^\]]+\]:\s*(\S+)", text, re.M):
        if target in shown and not re.match(r"https?://", target):
            continue
        if target.startswith(DOCS_RS):
            page = target[len(DOCS_RS):].split("#")[0] or "index.html"
            if not os.path.exists(os.path.join(root, page)):
                print(f"NEW   {readme}: {target} names no page of {root}")
                bad += 1
        elif not re.match(r"https?://|#", target):  # a heading's anchor is the same in both
            print(f"NEW   {readme}: {target} is relative (it works on GitHub or in rustdoc, not both)")
            bad += 1
    print(f"doc-links: {readme}: {bad} bad link(s)")
    return bad


if __name__ == "__main__":
    sys.exit(main())
