//! Where a node's text lies inside its top value's text form, without a second printer: a child's text
//! appears verbatim, in order, inside its parent's, so each is found by searching forward from the end
//! of the one before (a dictionary: its key, then its value). Offsets for the page are UTF-16 code units.

use godot_bin::{text, Config, Variant};

use crate::tree;

/// Where a child's text lies: its entry's start (a dictionary entry: its key) and its value's range.
#[derive(Clone, Copy)]
struct Found {
    start: usize,
    at: usize,
    end: usize,
}

/// Where the body of a container's text starts: after its first bracket, or after the `(` of its
/// constructor and the `[` or `{` right behind it (`Array[int]([`, `Dictionary[String, int]({`,
/// `PackedInt32Array(`). Only the container's own opening counts, never a bracket inside a child.
fn body_start(t: &str) -> usize {
    let Some(i) = t.find(['[', '{', '(']) else { return 0 };
    if t[i..].starts_with(['[', '{']) && !t[..i].chars().any(char::is_alphanumeric) {
        return i + 1;
    }
    let Some(paren) = t.find('(') else { return i + 1 };
    match t[paren + 1..].chars().next() {
        Some('[' | '{') => paren + 2,
        _ => paren + 1,
    }
}

/// Finds `needle` in `text[from..end]`; a vector element of a packed array is written without its
/// constructor there (`PackedVector2Array(1, 2)`), so its inner numbers are looked for then.
fn find(text: &str, from: usize, end: usize, needle: &str) -> Option<(usize, usize)> {
    let hay = text.get(from..end)?;
    if let Some(i) = hay.find(needle) {
        return Some((from + i, from + i + needle.len()));
    }
    let inner = needle.split_once('(').map(|(_, r)| r.strip_suffix(')').unwrap_or(r).trim())?;
    let i = hay.find(inner)?;
    Some((from + i, from + i + inner.len()))
}

/// The text ranges of the first `upto` children of `v`, whose text is `text[start..end]`.
fn children(v: &Variant, text: &str, start: usize, end: usize, upto: usize, cfg: &Config) -> Vec<Option<Found>> {
    let n = tree::child_count(v).min(upto);
    let mut out = Vec::with_capacity(n);
    let mut cursor = start + body_start(&text[start..end]);
    for i in 0..n {
        let key_at = match tree::key_of(v, i) {
            Some(k) => match find(text, cursor, end, &text::to_text(k, cfg)) {
                Some((s, e)) => {
                    cursor = e;
                    Some(s)
                }
                None => None,
            },
            None => None,
        };
        let found = tree::child(v, i).and_then(|c| find(text, cursor, end, &text::to_text(c.value(), cfg)));
        match found {
            Some((s, e)) => {
                cursor = e;
                out.push(Some(Found { start: key_at.unwrap_or(s), at: s, end: e }));
            }
            None => out.push(None),
        }
    }
    out
}

/// The byte range of the node at `rel` (a path below `root`) inside `text` (`root`'s text form); as far
/// down as it can be found. Only the siblings before each step and the node itself are printed: a step's
/// own text is not (it may be most of the document), its range ends where its parent's does until the
/// node is reached.
pub(crate) fn locate(root: &Variant, text: &str, rel: &[usize], cfg: &Config) -> (usize, usize) {
    let (mut s, mut e) = (0, text.len());
    let mut v = root;
    for (depth, &i) in rel.iter().enumerate() {
        let (Some(at), Some(child)) = (child_start(v, text, s, e, i, cfg), tree::child(v, i)) else { break };
        if depth + 1 == rel.len() {
            match find(text, at, e, &text::to_text(child.value(), cfg)) {
                Some(found) => (s, e) = found,
                None => break,
            }
            break;
        }
        s = at;
        match child {
            tree::Node::Held(c) => v = c,
            _ => break,
        }
    }
    (s, e)
}

/// Where the text of child `i` of `v` starts, `v`'s text being `text[start..end]`: after the children
/// before it (each found as [`children`] finds them) and its key, past the separators.
fn child_start(v: &Variant, text: &str, start: usize, end: usize, i: usize, cfg: &Config) -> Option<usize> {
    let mut cursor = match i.checked_sub(1) {
        Some(before) => children(v, text, start, end, i, cfg).get(before).copied().flatten()?.end,
        None => start + body_start(&text[start..end]),
    };
    if let Some(k) = tree::key_of(v, i) {
        cursor = find(text, cursor, end, &text::to_text(k, cfg))?.1;
    }
    let rest = text.get(cursor..end)?;
    Some(cursor + (rest.len() - rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',' || c == ':').len()))
}

/// The path below `root` of the innermost node whose text holds byte `offset` of `text`.
pub(crate) fn at(root: &Variant, text: &str, offset: usize, cfg: &Config) -> Vec<usize> {
    let mut path = Vec::new();
    let (mut s, mut e) = (0, text.len());
    let mut v = root;
    loop {
        let kids = children(v, text, s, e, usize::MAX, cfg);
        let Some(i) = kids.iter().position(|f| f.is_some_and(|f| f.start <= offset && offset < f.end)) else {
            return path;
        };
        let f = kids[i].expect("found above");
        path.push(i);
        (s, e) = (f.at, f.end);
        match tree::child(v, i) {
            Some(tree::Node::Held(c)) => v = c,
            _ => return path,
        }
    }
}

/// The UTF-16 offset of byte `b` of `text`.
pub(crate) fn utf16_of(text: &str, b: usize) -> usize {
    text[..b.min(text.len())].encode_utf16().count()
}

/// The byte offset of UTF-16 offset `u` of `text` (the start of the character it falls in).
pub(crate) fn byte_of(text: &str, u: usize) -> usize {
    let mut units = 0;
    for (i, c) in text.char_indices() {
        if units + c.len_utf16() > u {
            return i;
        }
        units += c.len_utf16();
    }
    text.len()
}
