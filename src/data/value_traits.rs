//! [`Variant`]'s own `Clone`, `PartialEq` and `Debug`, written without recursion on the caller's stack: a
//! container is copied and compared with a stack on the heap, and `Debug` stops printing at a bounded depth,
//! so a value of any depth clones, compares and prints on any thread.

use std::fmt;

use crate::value::{Array, Dictionary, Object, Variant};

impl Clone for Variant {
    fn clone(&self) -> Self {
        // Containers are copied with a stack on the heap, so a value of any depth clones on any thread.
        if CloneFrame::open(self).is_none() {
            return self.leaf_clone();
        }
        deep_clone(self)
    }
}

/// A container being copied by [`deep_clone`]: its source and the children copied so far.
enum CloneFrame<'v> {
    Items { src: &'v Array, out: Vec<Variant>, packed: bool },
    Entries { src: &'v Dictionary, out: Vec<(Variant, Variant)>, key: Option<Variant> },
    Properties { class: &'v str, src: &'v [(String, Variant)], out: Vec<(String, Variant)> },
}

impl<'v> CloneFrame<'v> {
    fn open(v: &'v Variant) -> Option<Self> {
        Some(match v {
            Variant::Array(a) => CloneFrame::Items { src: a, out: Vec::with_capacity(a.items.len()), packed: false },
            Variant::PackedTypedArray(a) => {
                CloneFrame::Items { src: a, out: Vec::with_capacity(a.items.len()), packed: true }
            }
            Variant::Dictionary(d) => {
                CloneFrame::Entries { src: d, out: Vec::with_capacity(d.entries.len()), key: None }
            }
            Variant::Object(o) => match &**o {
                Object::Full { class, properties } => {
                    CloneFrame::Properties { class, src: properties, out: Vec::with_capacity(properties.len()) }
                }
                _ => return None,
            },
            _ => return None,
        })
    }

    fn next_child(&self) -> Option<&'v Variant> {
        match self {
            CloneFrame::Items { src, out, .. } => src.items.get(out.len()),
            CloneFrame::Entries { src, out, key } => {
                src.entries.get(out.len()).map(|(k, v)| if key.is_none() { k } else { v })
            }
            CloneFrame::Properties { src, out, .. } => src.get(out.len()).map(|(_, v)| v),
        }
    }

    fn give(&mut self, c: Variant) {
        match self {
            CloneFrame::Items { out, .. } => out.push(c),
            CloneFrame::Entries { out, key, .. } => match key.take() {
                None => *key = Some(c),
                Some(k) => out.push((k, c)),
            },
            CloneFrame::Properties { src, out, .. } => {
                let name = src[out.len()].0.clone();
                out.push((name, c));
            }
        }
    }

    fn finish(self) -> Variant {
        match self {
            CloneFrame::Items { src, out, packed } => {
                let a = Box::new(Array { items: out, element_type: src.element_type.clone(), shared: src.shared });
                if packed {
                    Variant::PackedTypedArray(a)
                } else {
                    Variant::Array(a)
                }
            }
            CloneFrame::Entries { src, out, .. } => Variant::Dictionary(Box::new(Dictionary {
                entries: out.into(),
                key_type: src.key_type.clone(),
                value_type: src.value_type.clone(),
                shared: src.shared,
            })),
            CloneFrame::Properties { class, out, .. } => {
                Variant::Object(Box::new(Object::Full { class: class.to_owned(), properties: out }))
            }
        }
    }
}

#[inline(never)]
fn deep_clone(v: &Variant) -> Variant {
    let Some(first) = CloneFrame::open(v) else { return v.leaf_clone() };
    let mut stack = vec![first];
    loop {
        let Some(top) = stack.last_mut() else { return Variant::Nil };
        match top.next_child() {
            Some(child) => match CloneFrame::open(child) {
                Some(f) => stack.push(f),
                None => top.give(child.leaf_clone()),
            },
            None => {
                let done = stack.pop().map(CloneFrame::finish).unwrap_or_default();
                match stack.last_mut() {
                    Some(parent) => parent.give(done),
                    None => return done,
                }
            }
        }
    }
}

impl PartialEq for Variant {
    fn eq(&self, o: &Self) -> bool {
        // Containers are compared with a stack on the heap (no recursion), leaves directly.
        let mut stack = Vec::new();
        if !shallow_eq(self, o, &mut stack) {
            return false;
        }
        while let Some(top) = stack.last_mut() {
            let i = top.2;
            top.2 += 1;
            let pair = match (top.0, top.1) {
                (EqChildren::Items(a), EqChildren::Items(b)) => a.get(i).zip(b.get(i)),
                (EqChildren::Entries(a), EqChildren::Entries(b)) => {
                    a.get(i / 2).zip(b.get(i / 2)).map(|(x, y)| if i % 2 == 0 { (&x.0, &y.0) } else { (&x.1, &y.1) })
                }
                (EqChildren::Properties(a), EqChildren::Properties(b)) => match a.get(i).zip(b.get(i)) {
                    Some((x, y)) if x.0 != y.0 => return false,
                    p => p.map(|(x, y)| (&x.1, &y.1)),
                },
                _ => return false,
            };
            match pair {
                Some((a, b)) => {
                    if !shallow_eq(a, b, &mut stack) {
                        return false;
                    }
                }
                None => {
                    stack.pop();
                }
            }
        }
        true
    }
}

impl Eq for Variant {}

/// The children two containers of the same kind and size still have to compare.
#[derive(Clone, Copy)]
enum EqChildren<'v> {
    Items(&'v [Variant]),
    Entries(&'v [(Variant, Variant)]),
    Properties(&'v [(String, Variant)]),
}

/// Compares what `a` and `b` hold themselves; for two containers that agree so far, pushes their children.
fn shallow_eq<'v>(a: &'v Variant, b: &'v Variant, stack: &mut Vec<(EqChildren<'v>, EqChildren<'v>, usize)>) -> bool {
    use Variant as V;
    match (a, b) {
        (V::Array(x), V::Array(y)) | (V::PackedTypedArray(x), V::PackedTypedArray(y)) => {
            if x.items.len() != y.items.len() || x.element_type != y.element_type || x.shared != y.shared {
                return false;
            }
            stack.push((EqChildren::Items(&x.items), EqChildren::Items(&y.items), 0));
            true
        }
        (V::Dictionary(x), V::Dictionary(y)) => {
            if x.entries.len() != y.entries.len()
                || x.key_type != y.key_type
                || x.value_type != y.value_type
                || x.shared != y.shared
            {
                return false;
            }
            stack.push((EqChildren::Entries(&x.entries), EqChildren::Entries(&y.entries), 0));
            true
        }
        (V::Object(x), V::Object(y)) => match (&**x, &**y) {
            (Object::Full { class: c, properties: p }, Object::Full { class: d, properties: q }) => {
                if c != d || p.len() != q.len() {
                    return false;
                }
                stack.push((EqChildren::Properties(p), EqChildren::Properties(q), 0));
                true
            }
            (x, y) => x == y,
        },
        _ => a.leaf_eq(b),
    }
}

/// How many containers deep `Debug` prints; deeper ones print as `…`, so printing any value costs a bounded
/// amount of stack (the formatting machinery takes a few hundred bytes per level).
const DEBUG_MAX_DEPTH: usize = 64;

thread_local! {
    static DEBUG_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One container level of `Debug` output; restores the depth when dropped (panics in a field included).
pub(crate) struct DebugLevel(usize);

impl DebugLevel {
    pub(crate) fn enter() -> Option<DebugLevel> {
        let d = DEBUG_DEPTH.with(|c| c.get());
        if d >= DEBUG_MAX_DEPTH {
            return None;
        }
        DEBUG_DEPTH.with(|c| c.set(d + 1));
        Some(DebugLevel(d))
    }
}

impl Drop for DebugLevel {
    fn drop(&mut self) {
        DEBUG_DEPTH.with(|c| c.set(self.0));
    }
}

impl fmt::Debug for Array {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(_level) = DebugLevel::enter() else { return f.write_str("Array { … }") };
        f.debug_struct("Array")
            .field("items", &self.items)
            .field("element_type", &self.element_type)
            .field("shared", &self.shared)
            .finish()
    }
}

impl fmt::Debug for Dictionary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(_level) = DebugLevel::enter() else { return f.write_str("Dictionary { … }") };
        f.debug_struct("Dictionary")
            .field("entries", &self.entries)
            .field("key_type", &self.key_type)
            .field("value_type", &self.value_type)
            .field("shared", &self.shared)
            .finish()
    }
}

impl fmt::Debug for Object {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Object::Null => f.write_str("Null"),
            Object::InstanceId(id) => f.debug_tuple("InstanceId").field(id).finish(),
            Object::Full { class, properties } => {
                let Some(_level) = DebugLevel::enter() else { return f.write_str("Full { … }") };
                f.debug_struct("Full").field("class", class).field("properties", properties).finish()
            }
        }
    }
}
