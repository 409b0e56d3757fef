//! Dictionary keys in linear time, whatever the keys are made of.
//!
//! A key may itself be a container, and a container key may hold dictionaries whose keys are containers,
//! and so on. Finding a repeated key must cost the size of that key once, not once per enclosing level, so:
//!
//! * every value gets a **structural hash** ([`structural_hash`]), a keyed hash (a per-process random key,
//!   as std's `HashMap` uses) of its kind and leaves, where a container's hash is made from its children's
//!   hashes. Decoders compute it bottom-up while they build a key ([`Combiner`]), so each byte of a key is
//!   hashed once however deep it sits; values built elsewhere are hashed by one walk with a heap stack (no
//!   recursion, so no depth can exhaust the thread's stack).
//! * a dictionary under construction keeps an index from a key's hash to its entry ([`HashIndex`]), never a
//!   copy of the key. Keys are compared only when their hashes are equal, which for distinct keys happens
//!   with probability about 2⁻⁶⁴ per pair.
//!
//! Equal values (as [`Variant`]'s `==` says) always have equal structural hashes.

use std::collections::hash_map::{DefaultHasher, RandomState};
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::OnceLock;

pub(crate) use crate::data::hash_index::HashIndex;
use crate::value::{Array, Dictionary, Object, Variant};

/// The process's hashing key.
fn keys() -> &'static RandomState {
    static KEYS: OnceLock<RandomState> = OnceLock::new();
    KEYS.get_or_init(RandomState::new)
}

/// A fresh keyed hasher.
pub(crate) fn hasher() -> impl Hasher {
    keys().build_hasher()
}

/// The kind tags that start a container's hash (distinct from any leaf's first word).
pub(crate) mod tag {
    pub(crate) const ARRAY: u64 = 0xA11A_0000_0000_0001;
    pub(crate) const PACKED_TYPED_ARRAY: u64 = 0xA11A_0000_0000_0002;
    pub(crate) const DICTIONARY: u64 = 0xA11A_0000_0000_0003;
    pub(crate) const OBJECT: u64 = 0xA11A_0000_0000_0004;
}

/// Builds a container's structural hash from its children's, in order; [`Combiner::finish`] adds the count.
pub(crate) struct Combiner<H: Hasher> {
    h: H,
    n: u64,
}

impl Combiner<DefaultHasher> {
    /// Starts the hash of a container of kind `tag` whose own fields (element type, class, …) are `head`.
    pub(crate) fn new(tag: u64, head: impl FnOnce(&mut dyn Hasher)) -> Self {
        let mut h = keys().build_hasher();
        h.write_u64(tag);
        head(&mut h);
        Combiner { h, n: 0 }
    }
}

impl<H: Hasher> Combiner<H> {
    /// Adds the next child's hash.
    pub(crate) fn push(&mut self, child: u64) {
        self.h.write_u64(child);
        self.n += 1;
    }

    /// Adds a name that precedes a child (an object's property name).
    pub(crate) fn push_name(&mut self, name: &str) {
        self.h.write(name.as_bytes());
        self.h.write_u8(0xff);
    }

    pub(crate) fn finish(mut self) -> u64 {
        self.h.write_u64(self.n);
        self.h.finish()
    }
}

/// The structural hash of a container being built inside a dictionary key, made from its children's hashes
/// as they arrive (each child hashed once, however deep the key). The builders (the decoders, the text and
/// JSON parsers) keep one per container that sits inside a key.
///
/// `VariantRef`'s small frames keep it inline (`Option<Building>`), so a Dictionary inside a key allocates
/// nothing for it until its second entry; the `Variant` and text decoders, whose frames are larger, box it.
pub(crate) enum Building {
    /// An Array or a full object: children in order (boxed: a hasher's state is larger than a `Vec`).
    Seq(Box<Combiner<DefaultHasher>>),
    /// A Dictionary: each entry's key and value hashes (a repeated key's value replaces the earlier one).
    Entries(EntryHashes),
}

/// Each entry's key and value hashes, the first entry's kept inline: a dictionary of one entry, as every
/// level of a key nested as deep as the engine allows is, allocates nothing for them.
#[derive(Default)]
pub(crate) struct EntryHashes {
    first: Option<[u64; 2]>,
    rest: Vec<[u64; 2]>,
}

impl EntryHashes {
    fn len(&self) -> usize {
        usize::from(self.first.is_some()) + self.rest.len()
    }

    fn get_mut(&mut self, index: usize) -> Option<&mut [u64; 2]> {
        match index.checked_sub(1) {
            None => self.first.as_mut(),
            Some(i) => self.rest.get_mut(i),
        }
    }

    fn push(&mut self, e: [u64; 2]) {
        match self.first {
            None => self.first = Some(e),
            Some(_) => self.rest.push(e),
        }
    }
}

impl Building {
    /// For an Array (`tag::ARRAY` or `tag::PACKED_TYPED_ARRAY`) whose element type and shared bit are `a`'s.
    pub(crate) fn array(tag: u64, a: &Array) -> Self {
        Building::Seq(Box::new(Combiner::new(tag, array_head(a))))
    }

    /// For an Array with no element type (as `VariantRef` keeps them).
    pub(crate) fn untyped_array() -> Self {
        Building::Seq(Box::new(Combiner::new(tag::ARRAY, |_| {})))
    }

    /// For a full object of class `class`.
    pub(crate) fn object(class: &str) -> Self {
        Building::Seq(Box::new(Combiner::new(tag::OBJECT, object_head(class))))
    }

    /// For a Dictionary.
    pub(crate) fn dictionary() -> Self {
        Building::Entries(EntryHashes::default())
    }

    /// The next element of an Array.
    pub(crate) fn item(&mut self, h: u64) {
        if let Building::Seq(c) = self {
            c.push(h);
        }
    }

    /// The next property of an object.
    pub(crate) fn property(&mut self, name: &str, h: u64) {
        if let Building::Seq(c) = self {
            c.push_name(name);
            c.push(h);
        }
    }

    /// The key of entry `index` (a new entry when `index` is the count so far; else a repeated key, whose
    /// entry keeps its key).
    pub(crate) fn key(&mut self, index: usize, h: u64) {
        if let Building::Entries(e) = self {
            if index == e.len() {
                e.push([h, 0]);
            }
        }
    }

    /// The value of entry `index`.
    pub(crate) fn value(&mut self, index: usize, h: u64) {
        if let Building::Entries(e) = self {
            if let Some(slot) = e.get_mut(index) {
                slot[1] = h;
            }
        }
    }

    /// The finished hash; `d` is the finished Dictionary when this is one (its types take part).
    pub(crate) fn finish(self, d: Option<&Dictionary>) -> u64 {
        match self {
            Building::Seq(c) => c.finish(),
            Building::Entries(e) => {
                let mut c = match d {
                    Some(d) => Combiner::new(tag::DICTIONARY, dictionary_head(d)),
                    None => Combiner::new(tag::DICTIONARY, |_| {}),
                };
                for [k, v] in e.first.into_iter().chain(e.rest) {
                    c.push(k);
                    c.push(v);
                }
                c.finish()
            }
        }
    }
}

/// The structural hash of a value that holds no others (or of a container's head, never its children).
pub(crate) fn leaf_hash(v: &Variant) -> u64 {
    let mut h = keys().build_hasher();
    v.hash_leaf(&mut h);
    h.finish()
}

/// The head of an Array's hash: its element type and Godot 2 shared bit.
pub(crate) fn array_head(a: &Array) -> impl FnOnce(&mut dyn Hasher) + '_ {
    move |h: &mut dyn Hasher| {
        let mut h = HashOut(h);
        a.element_type.hash(&mut h);
        a.shared.hash(&mut h);
    }
}

/// The head of a Dictionary's hash: its key and value types and Godot 2 shared bit.
pub(crate) fn dictionary_head(d: &Dictionary) -> impl FnOnce(&mut dyn Hasher) + '_ {
    move |h: &mut dyn Hasher| {
        let mut h = HashOut(h);
        d.key_type.hash(&mut h);
        d.value_type.hash(&mut h);
        d.shared.hash(&mut h);
    }
}

/// The head of a full object's hash: its class.
pub(crate) fn object_head(class: &str) -> impl FnOnce(&mut dyn Hasher) + '_ {
    move |h: &mut dyn Hasher| {
        h.write(class.as_bytes());
        h.write_u8(0xff);
    }
}

/// A `&mut dyn Hasher` usable where `H: Hasher` is asked for.
struct HashOut<'h>(&'h mut dyn Hasher);

impl Hasher for HashOut<'_> {
    fn finish(&self) -> u64 {
        self.0.finish()
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes)
    }
}

/// The children of a container, for the walks below.
enum Children<'v> {
    Items(std::slice::Iter<'v, Variant>),
    Entries(std::slice::Iter<'v, (Variant, Variant)>, Option<&'v Variant>),
    Properties(std::slice::Iter<'v, (String, Variant)>),
}

/// A container's combiner and the children left to hash, if `v` is a container with children state.
fn open(v: &Variant) -> Option<(Combiner<DefaultHasher>, Children<'_>)> {
    Some(match v {
        Variant::Array(a) => (Combiner::new(tag::ARRAY, array_head(a)), Children::Items(a.items.iter())),
        Variant::PackedTypedArray(a) => {
            (Combiner::new(tag::PACKED_TYPED_ARRAY, array_head(a)), Children::Items(a.items.iter()))
        }
        Variant::Dictionary(d) => {
            (Combiner::new(tag::DICTIONARY, dictionary_head(d)), Children::Entries(d.entries.iter(), None))
        }
        Variant::Object(o) => match &**o {
            Object::Full { class, properties } => {
                (Combiner::new(tag::OBJECT, object_head(class)), Children::Properties(properties.iter()))
            }
            _ => return None,
        },
        _ => return None,
    })
}

/// The structural hash of `v`: one walk, with a stack on the heap.
pub(crate) fn structural_hash(v: &Variant) -> u64 {
    let Some(first) = open(v) else { return leaf_hash(v) };
    let mut stack = vec![first];
    loop {
        let Some((comb, children)) = stack.last_mut() else { return 0 };
        let next = match children {
            Children::Items(it) => it.next(),
            Children::Entries(it, pending) => match pending.take() {
                Some(value) => Some(value),
                None => it.next().map(|(k, v)| {
                    *pending = Some(v);
                    k
                }),
            },
            Children::Properties(it) => it.next().map(|(name, v)| {
                comb.push_name(name);
                v
            }),
        };
        match next {
            Some(child) => match open(child) {
                Some(frame) => stack.push(frame),
                None => comb.push(leaf_hash(child)),
            },
            None => {
                let Some((comb, _)) = stack.pop() else { return 0 };
                let h = comb.finish();
                match stack.last_mut() {
                    Some((parent, _)) => parent.push(h),
                    None => return h,
                }
            }
        }
    }
}

impl Hash for Variant {
    /// Feeds the value's structural hash: one walk of the value with a stack on the heap, so any depth is
    /// fine; equal values (as `==` says, floats by bits) feed the same number.
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(structural_hash(self));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(depth: usize) -> Variant {
        let mut v = Variant::Int(7);
        for i in 0..depth {
            let mut d = Dictionary::default();
            d.entries.push((v, Variant::Int(i as i64)));
            v = Variant::from(vec![Variant::Dictionary(Box::new(d))]);
        }
        v
    }

    #[test]
    fn equal_values_hash_alike_and_a_change_deep_inside_changes_the_hash() {
        let a = nested(50);
        let b = nested(50);
        assert_eq!(structural_hash(&a), structural_hash(&b));
        let mut c = nested(49);
        let mut d = Dictionary::default();
        d.entries.push((std::mem::take(&mut c), Variant::Int(50)));
        // Same shape as nested(50) but the last level's value differs (50 instead of 49).
        let c = Variant::from(vec![Variant::Dictionary(Box::new(d))]);
        assert_ne!(structural_hash(&a), structural_hash(&c));
    }

    #[test]
    fn container_heads_take_part() {
        let plain = Variant::Array(Box::new(Array::from(vec![Variant::Int(1)])));
        let typed = Variant::Array(Box::new(Array {
            items: vec![Variant::Int(1)],
            element_type: crate::value::ContainerType::Builtin(crate::types::TypeKind::Int),
            shared: false,
        }));
        assert_ne!(structural_hash(&plain), structural_hash(&typed));
        assert_ne!(structural_hash(&plain), structural_hash(&Variant::Int(1)));
    }
}
