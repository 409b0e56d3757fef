//! A Dictionary's entries: insertion order, and an index by key so that building and looking up are linear
//! however many entries there are.

use std::ops::Deref;

use crate::data::dict_keys::{structural_hash, HashIndex};
use crate::value::Variant;

/// Up to this many entries, a key is found by comparing it with each; past it, through the index.
const LINEAR_MAX: usize = 8;

/// A [`Dictionary`](crate::Dictionary)'s entries, key and value in insertion order.
///
/// Reads as a slice of `(key, value)` pairs (`len`, `iter`, `[i]`, `first`, …). Changes go through methods
/// that keep the index by key current: [`Entries::insert`] (a key already there gets the value in place),
/// [`Entries::push`] and [`Entries::iter_mut`] (values only). Past a few entries, the first insert or
/// lookup through `&mut` builds that index (hashing each key once) and every change keeps it, so building a
/// dictionary key by key costs the size of its keys, not their count squared; a lookup through `&` uses the
/// index when there is one and otherwise compares the keys in turn. Keys are compared as [`Variant`]'s `==` does (floats by bits: `Int(1)` and `Float(1.0)` are
/// different keys, a NaN key finds the same NaN).
///
/// ```
/// use godot_bin::{value::Entries, Variant};
/// let mut e = Entries::from(vec![(Variant::from("a"), Variant::Int(1))]);
/// e.insert("b".into(), Variant::Int(2));
/// e.insert("a".into(), Variant::Int(3));
/// assert_eq!(e, [("a".into(), Variant::Int(3)), ("b".into(), Variant::Int(2))]);
/// assert_eq!(e[1].0.as_str(), Some("b"));
/// ```
#[derive(Default)]
pub struct Entries {
    list: Vec<(Variant, Variant)>,
    /// Entries by key hash: built by the first insert or `&mut` lookup past [`LINEAR_MAX`] entries, kept
    /// current by every change after that. (A plain field, not a lazily filled cell: a `Variant` must not
    /// look interior-mutable to a `HashMap`.)
    index: Option<Box<HashIndex>>,
}

/// Indexes `list`'s keys (a repeated key: its first entry).
fn build(list: &[(Variant, Variant)]) -> Box<HashIndex> {
    let mut ix = Box::new(HashIndex::with_capacity(list.len()));
    for (i, (k, _)) in list.iter().enumerate() {
        ix.find_or_insert(structural_hash(k), i, |j| list[j].0 == *k);
    }
    ix
}

impl Entries {
    /// No entries, room for `n`.
    ///
    /// ```
    /// use godot_bin::value::Entries;
    /// assert!(Entries::with_capacity(4).is_empty());
    /// ```
    pub fn with_capacity(n: usize) -> Self {
        Entries { list: Vec::with_capacity(n), index: None }
    }

    /// Builds the index if the entries are past the few that are scanned.
    fn ensure_index(&mut self) {
        if self.index.is_none() && self.list.len() > LINEAR_MAX {
            self.index = Some(build(&self.list));
        }
    }

    /// The position of `key`'s entry.
    ///
    /// ```
    /// use godot_bin::{value::Entries, Variant};
    /// let e: Entries = (0..100).map(|i| (Variant::Int(i), Variant::Nil)).collect();
    /// assert_eq!(e.position(&Variant::Int(42)), Some(42));
    /// assert_eq!(e.position(&Variant::Float(42.0)), None);
    /// ```
    pub fn position(&self, key: &Variant) -> Option<usize> {
        match self.index.as_deref() {
            None => self.list.iter().position(|(k, _)| k == key),
            Some(ix) => ix.find(structural_hash(key), |i| self.list[i].0 == *key),
        }
    }

    /// [`Entries::position`] that first builds the index if there is none and the entries are past a few:
    /// for a caller that will look up many keys.
    ///
    /// ```
    /// use godot_bin::{value::Entries, Variant};
    /// let mut e = Entries::from((0..100).map(|i| (Variant::Int(i), Variant::Nil)).collect::<Vec<_>>());
    /// assert_eq!(e.position_indexed(&Variant::Int(99)), Some(99));
    /// ```
    pub fn position_indexed(&mut self, key: &Variant) -> Option<usize> {
        self.ensure_index();
        self.position(key)
    }

    /// The value of entry `i` (by position), to change.
    ///
    /// ```
    /// use godot_bin::{value::Entries, Variant};
    /// let mut e = Entries::from(vec![(Variant::from("a"), Variant::Int(1))]);
    /// *e.value_mut(0).unwrap() = Variant::Int(2);
    /// assert_eq!(e[0].1, Variant::Int(2));
    /// ```
    pub fn value_mut(&mut self, i: usize) -> Option<&mut Variant> {
        self.list.get_mut(i).map(|(_, v)| v)
    }

    /// Sets `key` to `value`: a key already there keeps its position and gets `value` (the old value is
    /// returned), else the entry is appended. Linear in the key's size, whatever the count.
    ///
    /// ```
    /// use godot_bin::{value::Entries, Variant};
    /// let mut e = Entries::default();
    /// assert_eq!(e.insert("a".into(), Variant::Int(1)), None);
    /// assert_eq!(e.insert("a".into(), Variant::Int(2)), Some(Variant::Int(1)));
    /// assert_eq!(e.len(), 1);
    /// ```
    pub fn insert(&mut self, key: Variant, value: Variant) -> Option<Variant> {
        let n = self.list.len();
        if n >= LINEAR_MAX && self.index.is_none() {
            self.index = Some(build(&self.list));
        }
        let list = &self.list;
        let found = match self.index.as_deref_mut() {
            None => list.iter().position(|(k, _)| *k == key),
            Some(ix) => ix.find_or_insert(structural_hash(&key), n, |i| list[i].0 == key),
        };
        match found {
            Some(i) => Some(std::mem::replace(&mut self.list[i].1, value)),
            None => {
                self.list.push((key, value));
                None
            }
        }
    }

    /// Appends an entry without looking for its key: for entries known to be new (a repeated key's later
    /// entry is kept, and lookups find the first). [`Entries::insert`] is the dictionary's own rule.
    ///
    /// ```
    /// use godot_bin::{value::Entries, Variant};
    /// let mut e = Entries::default();
    /// e.push(("a".into(), Variant::Int(1)));
    /// assert_eq!(e.get(&"a".into()), Some(&Variant::Int(1)));
    /// ```
    pub fn push(&mut self, entry: (Variant, Variant)) {
        let n = self.list.len();
        if let Some(ix) = self.index.as_deref_mut() {
            let list = &self.list;
            ix.find_or_insert(structural_hash(&entry.0), n, |i| list[i].0 == entry.0);
        }
        self.list.push(entry);
    }

    /// Keys and values in order, the values to change (keys cannot change in place: that would lose them
    /// from the index).
    ///
    /// ```
    /// use godot_bin::{value::Entries, Variant};
    /// let mut e = Entries::from(vec![(Variant::from("a"), Variant::Int(1))]);
    /// for (_, v) in e.iter_mut() {
    ///     *v = Variant::Int(5);
    /// }
    /// assert_eq!(e[0].1, Variant::Int(5));
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.list.iter_mut())
    }

    /// The entries as a `Vec` (the index is dropped).
    ///
    /// ```
    /// use godot_bin::{value::Entries, Variant};
    /// let e = Entries::from(vec![(Variant::Nil, Variant::Nil)]);
    /// assert_eq!(e.into_vec().len(), 1);
    /// ```
    pub fn into_vec(self) -> Vec<(Variant, Variant)> {
        self.list
    }
}

/// The entries of a [`Dictionary`](crate::Dictionary) or [`Entries`] in order, each key with its value to
/// change (from `iter_mut`).
///
/// ```
/// use godot_bin::{Dictionary, Variant};
/// let mut d: Dictionary = [("hp", 10)].into_iter().collect();
/// let it: godot_bin::value::IterMut<'_> = d.iter_mut();
/// for (_, v) in it {
///     *v = Variant::Int(1);
/// }
/// assert_eq!(d.get(&"hp".into()), Some(&Variant::Int(1)));
/// ```
pub struct IterMut<'a>(std::slice::IterMut<'a, (Variant, Variant)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a Variant, &'a mut Variant);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (&*k, v))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for IterMut<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (&*k, v))
    }
}

impl ExactSizeIterator for IterMut<'_> {}

/// The entries of a [`Dictionary`](crate::Dictionary) in order, key and value (from `iter`).
///
/// ```
/// use godot_bin::Dictionary;
/// let d: Dictionary = [("hp", 10)].into_iter().collect();
/// let it: godot_bin::value::Iter<'_> = d.iter();
/// assert_eq!(it.map(|(k, _)| k.as_str().unwrap()).collect::<Vec<_>>(), ["hp"]);
/// ```
#[derive(Clone)]
pub struct Iter<'a>(pub(crate) std::slice::Iter<'a, (Variant, Variant)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a Variant, &'a Variant);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (k, v))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(k, v)| (k, v))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl Deref for Entries {
    type Target = [(Variant, Variant)];
    fn deref(&self) -> &Self::Target {
        &self.list
    }
}

impl Clone for Entries {
    fn clone(&self) -> Self {
        Entries { list: self.list.clone(), index: self.index.clone() }
    }
}

impl PartialEq for Entries {
    fn eq(&self, o: &Self) -> bool {
        self.list == o.list
    }
}

impl Eq for Entries {}

impl<const N: usize> PartialEq<[(Variant, Variant); N]> for Entries {
    fn eq(&self, o: &[(Variant, Variant); N]) -> bool {
        self.list[..] == o[..]
    }
}

impl PartialEq<[(Variant, Variant)]> for Entries {
    fn eq(&self, o: &[(Variant, Variant)]) -> bool {
        self.list[..] == *o
    }
}

impl PartialEq<Vec<(Variant, Variant)>> for Entries {
    fn eq(&self, o: &Vec<(Variant, Variant)>) -> bool {
        self.list == *o
    }
}

impl std::hash::Hash for Entries {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.list.hash(h)
    }
}

impl std::fmt::Debug for Entries {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.list.fmt(f)
    }
}

impl From<Vec<(Variant, Variant)>> for Entries {
    /// The entries as given (a repeated key is kept; lookups find its first entry).
    fn from(list: Vec<(Variant, Variant)>) -> Self {
        Entries { list, index: None }
    }
}

impl From<Entries> for Vec<(Variant, Variant)> {
    fn from(e: Entries) -> Self {
        e.list
    }
}

impl FromIterator<(Variant, Variant)> for Entries {
    /// The pairs in order, a repeated key keeping its place and taking the later value (as
    /// [`Entries::insert`]).
    fn from_iter<I: IntoIterator<Item = (Variant, Variant)>>(pairs: I) -> Self {
        let mut e = Entries::default();
        for (k, v) in pairs {
            e.insert(k, v);
        }
        e
    }
}

impl<'a> IntoIterator for &'a Entries {
    type Item = &'a (Variant, Variant);
    type IntoIter = std::slice::Iter<'a, (Variant, Variant)>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<'a> IntoIterator for &'a mut Entries {
    type Item = (&'a Variant, &'a mut Variant);
    type IntoIter = IterMut<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl IntoIterator for Entries {
    type Item = (Variant, Variant);
    type IntoIter = std::vec::IntoIter<(Variant, Variant)>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_index_finds_what_a_scan_finds() {
        let keys: Vec<Variant> = (0..50)
            .flat_map(|i| [Variant::Int(i), Variant::Float(i as f64), Variant::from(format!("{i}"))])
            .chain([Variant::Float(f64::NAN), Variant::Float(-0.0), Variant::Float(0.5)])
            .collect();
        let mut e = Entries::default();
        for (n, k) in keys.iter().enumerate() {
            assert_eq!(e.insert(k.clone(), Variant::Int(n as i64)), None, "{k:?}");
        }
        assert_eq!(e.len(), keys.len());
        for (n, k) in keys.iter().enumerate() {
            assert_eq!(e.position(k), Some(n), "{k:?}");
            assert_eq!(e.insert(k.clone(), Variant::Nil), Some(Variant::Int(n as i64)));
        }
        assert_eq!(e.len(), keys.len());
        e.push((Variant::Int(1000), Variant::Nil));
        assert_eq!(e.position(&Variant::Int(1000)), Some(keys.len()));
        // From a Vec with a repeated key: the first entry is found, as a scan finds it.
        let from: Entries = Entries::from(e.iter().cloned().chain(e.iter().cloned()).collect::<Vec<_>>());
        assert_eq!(from.position(&Variant::Int(1000)), Some(keys.len()));
    }
}
