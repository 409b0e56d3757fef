//! The document as a tree: a node's children (packed arrays' elements too), and the byte range of every
//! node in the content, found from sizes alone: a node's size is its encoding's length, a container's
//! header is its size minus its children's, and the children follow the header back to back.

use std::collections::HashMap;
use std::rc::Rc;

use godot_bin::framing::Endian;
use godot_bin::{Config, Variant};

/// A node of the tree: a value held in the document, or a packed array's element made a value.
pub(crate) enum Node<'a> {
    /// A value in the document.
    Held(&'a Variant),
    /// A packed array's element, as the value it reads as (an int, a float, a String, a Vector2, …).
    Element(Variant),
}

impl Node<'_> {
    /// The value.
    pub(crate) fn value(&self) -> &Variant {
        match self {
            Node::Held(v) => v,
            Node::Element(v) => v,
        }
    }
}

/// The `i`-th element of a packed array as a value; `None` for anything else or out of range.
fn packed_element(v: &Variant, i: usize) -> Option<Variant> {
    match_packed!(v, |xs, _make| xs.get(i).cloned().map(Variant::from), None)
}

/// How many children of a long container [`head`] keeps.
pub(crate) const HEAD: usize = 64;

/// A copy of `v` with its first [`HEAD`] children only, if it has more.
pub(crate) fn head(v: &Variant) -> Option<Variant> {
    if child_count(v) <= HEAD {
        return None;
    }
    let array = |a: &godot_bin::Array| {
        Box::new(godot_bin::Array {
            items: a.items[..HEAD].to_vec(),
            element_type: a.element_type.clone(),
            shared: a.shared,
        })
    };
    Some(match_packed!(
        v,
        |xs, make| make(xs[..HEAD].to_vec()),
        match v {
            Variant::Array(a) => Variant::Array(array(a)),
            Variant::PackedTypedArray(a) => Variant::PackedTypedArray(array(a)),
            Variant::Dictionary(d) => Variant::Dictionary(Box::new(godot_bin::Dictionary {
                entries: d.entries[..HEAD].to_vec().into(),
                key_type: d.key_type.clone(),
                value_type: d.value_type.clone(),
                shared: d.shared,
            })),
            _ => return None,
        }
    ))
}

/// Whether `v` is a packed array (its children are elements, not held values).
pub(crate) fn is_packed(v: &Variant) -> bool {
    match_packed!(v, |_xs, _make| true, false)
}

/// How many children `v` has: elements, entries, packed elements (0 for a leaf; objects are leaves).
pub(crate) fn child_count(v: &Variant) -> usize {
    match v {
        Variant::Array(a) | Variant::PackedTypedArray(a) => a.items.len(),
        Variant::Dictionary(d) => d.len(),
        _ => match_packed!(v, |xs, _make| xs.len(), 0),
    }
}

/// The `i`-th child of `v` (a dictionary's `i`-th entry's value).
pub(crate) fn child(v: &Variant, i: usize) -> Option<Node<'_>> {
    match v {
        Variant::Array(a) | Variant::PackedTypedArray(a) => a.items.get(i).map(Node::Held),
        Variant::Dictionary(d) => d.entries.get(i).map(|(_, v)| Node::Held(v)),
        _ => packed_element(v, i).map(Node::Element),
    }
}

/// The key of a dictionary's `i`-th entry.
pub(crate) fn key_of(v: &Variant, i: usize) -> Option<&Variant> {
    match v {
        Variant::Dictionary(d) => d.entries.get(i).map(|(k, _)| k),
        _ => None,
    }
}

/// The node at `path` (`[value_index, child_index, …]`).
pub(crate) fn resolve<'a>(values: &'a [Variant], path: &[usize]) -> Option<Node<'a>> {
    let (first, rest) = path.split_first()?;
    let mut node = Node::Held(values.get(*first)?);
    for &i in rest {
        node = match node {
            Node::Held(v) => child(v, i)?,
            Node::Element(_) => return None,
        };
    }
    Some(node)
}

/// Where a child lies in the content: its key's range (a dictionary entry) and its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Span {
    /// The start of the entry: its key for a dictionary entry, else the value itself.
    pub(crate) start: usize,
    /// The value's first byte.
    pub(crate) at: usize,
    /// The value's length in bytes.
    pub(crate) size: usize,
}

impl Span {
    /// One past the value's last byte.
    pub(crate) fn end(&self) -> usize {
        self.at + self.size
    }
}

/// The length of `v`'s encoding.
pub(crate) fn encoded_len(v: &Variant, cfg: &Config) -> Option<usize> {
    v.encode(cfg).ok().map(|b| b.len())
}

/// The width of a packed array's elements on the wire (a string's: what it adds to the array's encoding,
/// its length, bytes, padding, and in some dialects a terminating NUL).
fn element_sizes(v: &Variant, cfg: &Config) -> Option<Vec<usize>> {
    let fixed = |n: usize, w: usize| Some(vec![w; n]);
    match v {
        Variant::PackedByteArray(x) => fixed(x.len(), 1),
        Variant::PackedInt32Array(x) => fixed(x.len(), 4),
        Variant::PackedInt64Array(x) => fixed(x.len(), 8),
        Variant::PackedFloat32Array(x) => fixed(x.len(), 4),
        Variant::PackedFloat64Array(x) => fixed(x.len(), 8),
        Variant::PackedStringArray(x) => {
            let empty = encoded_len(&Variant::PackedStringArray(Vec::new()), cfg)?;
            x.iter().map(|s| Some(encoded_len(&Variant::PackedStringArray(vec![s.clone()]), cfg)? - empty)).collect()
        }
        Variant::PackedVector2Array(x) => fixed(x.len(), 8),
        Variant::PackedVector3Array(x) => fixed(x.len(), 12),
        Variant::PackedColorArray(x) => fixed(x.len(), 16),
        Variant::PackedVector4Array(x) => fixed(x.len(), 16),
        Variant::PackedVector2iArray(x) => fixed(x.len(), 8),
        Variant::PackedVector3iArray(x) => fixed(x.len(), 12),
        Variant::PackedVector4iArray(x) => fixed(x.len(), 16),
        _ => None,
    }
}

/// The spans of `v`'s children, `v` lying at `at` with `size` bytes; `None` where they cannot be told.
fn child_spans(v: &Variant, at: usize, size: usize, cfg: &Config) -> Option<Vec<Span>> {
    // (key size, value size) of each child.
    let sizes: Vec<(usize, usize)> = match v {
        Variant::Array(a) | Variant::PackedTypedArray(a) => {
            a.items.iter().map(|x| encoded_len(x, cfg).map(|n| (0, n))).collect::<Option<_>>()?
        }
        Variant::Dictionary(d) => {
            d.iter().map(|(k, x)| Some((encoded_len(k, cfg)?, encoded_len(x, cfg)?))).collect::<Option<_>>()?
        }
        _ => element_sizes(v, cfg)?.into_iter().map(|n| (0, n)).collect(),
    };
    let body: usize = sizes.iter().map(|(k, v)| k + v).sum();
    // A packed array's header is its type and count; a byte array pads at the end.
    let header = if is_packed(v) { 8 } else { size.checked_sub(body)? };
    let padded = if matches!(v, Variant::PackedByteArray(_)) { body.div_ceil(4) * 4 } else { body };
    if header + padded != size {
        return None;
    }
    let mut pos = at + header;
    Some(
        sizes
            .into_iter()
            .map(|(k, n)| {
                let s = Span { start: pos, at: pos + k, size: n };
                pos += k + n;
                s
            })
            .collect(),
    )
}

/// The byte ranges of the document's nodes, computed as asked and kept until the next edit.
#[derive(Default)]
pub(crate) struct Ranges {
    top: Option<Rc<Vec<Option<Span>>>>,
    kids: HashMap<Vec<usize>, Option<Rc<Vec<Span>>>>,
}

/// What the ranges are computed from.
pub(crate) struct Source<'a> {
    /// The values.
    pub(crate) values: &'a [Variant],
    /// The content as opened, when the values are still the ones read from it (its frame lengths are used).
    pub(crate) opened: Option<&'a [u8]>,
    /// Whether the values are a store_var stream (each behind a 4-byte length) and its byte order.
    pub(crate) stream: Option<bool>,
    /// The config of the dialect.
    pub(crate) cfg: &'a Config,
}

impl Ranges {
    /// Forgets every range (the document changed).
    pub(crate) fn clear(&mut self) {
        *self = Ranges::default();
    }

    /// Keeps the ranges true after the value at `path` (whose bytes started at `at`) was replaced by one
    /// `delta` bytes longer: what lies after it moves, what holds it grows, what was inside it is forgotten.
    pub(crate) fn patch(&mut self, path: &[usize], at: usize, delta: isize) {
        let moved = |s: &mut Span| {
            if s.start > at {
                s.start = s.start.wrapping_add_signed(delta);
                s.at = s.at.wrapping_add_signed(delta);
            } else if s.start <= at && at < s.end() {
                s.size = s.size.wrapping_add_signed(delta);
            }
        };
        if delta != 0 {
            if let Some(top) = &mut self.top {
                Rc::make_mut(top).iter_mut().flatten().for_each(moved);
            }
            for spans in self.kids.values_mut().flatten() {
                Rc::make_mut(spans).iter_mut().for_each(moved);
            }
        }
        self.kids.retain(|k, _| !k.starts_with(path));
    }

    fn top(&mut self, src: &Source) -> Rc<Vec<Option<Span>>> {
        if let Some(t) = &self.top {
            return t.clone();
        }
        let mut out = Vec::with_capacity(src.values.len());
        let mut pos = 0usize;
        for v in src.values {
            let framed = src.stream.map(|big| {
                let endian = if big { Endian::Big } else { Endian::Little };
                let len = src.opened.and_then(|c| c.get(pos..pos.checked_add(4)?)?.try_into().ok());
                let len = len.map(|b| endian.read_u32(b) as usize);
                (4usize, len)
            });
            // A bare value as opened is the whole content (its re-encoding may differ: a lone surrogate).
            let (skip, known) = framed.unwrap_or((0, src.opened.filter(|_| src.values.len() == 1).map(<[u8]>::len)));
            let size = known.or_else(|| encoded_len(v, src.cfg));
            match size {
                Some(n) => {
                    out.push(Some(Span { start: pos, at: pos + skip, size: n }));
                    pos += skip + n;
                }
                None => {
                    out.push(None);
                    pos = usize::MAX / 2;
                }
            }
        }
        let t = Rc::new(out);
        self.top = Some(t.clone());
        t
    }

    /// The spans of the children of the container at `path`.
    pub(crate) fn children(&mut self, src: &Source, path: &[usize]) -> Option<Rc<Vec<Span>>> {
        if let Some(k) = self.kids.get(path) {
            return k.clone();
        }
        let own = self.span(src, path)?;
        let node = resolve(src.values, path)?;
        let spans = match node {
            Node::Held(v) => child_spans(v, own.at, own.size, src.cfg).map(Rc::new),
            Node::Element(_) => None,
        };
        self.kids.insert(path.to_vec(), spans.clone());
        spans
    }

    /// The span of the node at `path`.
    pub(crate) fn span(&mut self, src: &Source, path: &[usize]) -> Option<Span> {
        match path {
            [] => None,
            [i] => self.top(src).get(*i).copied().flatten(),
            [parent @ .., i] => self.children(src, parent)?.get(*i).copied(),
        }
    }

    /// The innermost node whose bytes (a dictionary entry's key included) hold `offset`.
    pub(crate) fn at_byte(&mut self, src: &Source, offset: usize) -> Option<Vec<usize>> {
        let top = self.top(src);
        let i = top.iter().position(|s| s.is_some_and(|s| s.start <= offset && offset < s.end()))?;
        let mut path = vec![i];
        loop {
            let Some(kids) = self.children(src, &path) else { return Some(path) };
            // The children are in byte order: the last that starts at or before the offset.
            let j = kids.partition_point(|s| s.start <= offset);
            match j.checked_sub(1) {
                Some(j) if offset < kids[j].end() => path.push(j),
                _ => return Some(path),
            }
        }
    }
}

/// The most leaves one [`Ranges::leaves`] lists.
pub(crate) const MAX_LEAVES: usize = 4096;

impl Ranges {
    /// The innermost nodes (leaves, and containers' headers) whose bytes overlap `start..end`, in byte
    /// order: (path, span, whether it is a container's header), at most [`MAX_LEAVES`].
    pub(crate) fn leaves(&mut self, src: &Source, start: usize, end: usize) -> Vec<(Vec<usize>, Span, bool)> {
        let mut out = Vec::new();
        let top = self.top(src);
        for (i, s) in top.iter().enumerate() {
            if let Some(s) = s.filter(|s| s.start < end && start < s.end()) {
                // A stream value's length.
                if s.at > s.start && start < s.at {
                    out.push((vec![i], Span { start: s.start, at: s.start, size: s.at - s.start }, true));
                }
                self.leaves_in(src, vec![i], s, start, end, &mut out);
            }
        }
        out
    }

    fn leaves_in(
        &mut self, src: &Source, path: Vec<usize>, own: Span, start: usize, end: usize,
        out: &mut Vec<(Vec<usize>, Span, bool)>,
    ) {
        if out.len() >= MAX_LEAVES {
            return;
        }
        let Some(kids) = self.children(src, &path).filter(|k| !k.is_empty()) else {
            out.push((path, own, false));
            return;
        };
        let header = Span { start: own.at, at: own.at, size: kids[0].start - own.at };
        if header.size > 0 && header.start < end && start < header.end() {
            out.push((path.clone(), header, true));
        }
        // The first child that ends after `start`, then on while they start before `end`.
        let first = kids.partition_point(|k| k.end() <= start);
        for (j, k) in kids.iter().enumerate().skip(first) {
            if k.start >= end || out.len() >= MAX_LEAVES {
                break;
            }
            let mut p = path.clone();
            p.push(j);
            // A dictionary entry's key is shown as part of its entry.
            if k.at > k.start && k.start < end && start < k.at {
                out.push((p.clone(), Span { start: k.start, at: k.start, size: k.at - k.start }, true));
            }
            self.leaves_in(src, p, *k, start, end, out);
        }
    }
}
