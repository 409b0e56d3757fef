//! A Dictionary's entries: insertion order, and an index by key so that building and looking up are linear
//! however many entries there are.

use crate::data::dict_keys::{structural_hash, HashIndex};
use crate::value::{Entries, IterMut, Variant};

/// Up to this many entries, a key is found by comparing it with each; past it, through the index, which
/// every `Entries` of more entries has (however it was made: decoded, collected, converted from a `Vec`).
pub(crate) const LINEAR_MAX: usize = 16;

/// Indexes `list`'s keys (a repeated key: its first entry).
fn build(list: &[(Variant, Variant)]) -> Box<HashIndex> {
    let mut ix = Box::new(HashIndex::with_capacity(list.len()));
    for (i, (k, _)) in list.iter().enumerate() {
        ix.find_or_insert(structural_hash(k), i, |j| list[j].0 == *k);
    }
    ix
}

impl Entries {
    /// Builds the index if the entries are past the few that are scanned.
    fn ensure_index(&mut self) {
        if self.index.is_none() && self.list.len() > LINEAR_MAX {
            self.index = Some(build(&self.list));
        }
    }

    /// `list` with `index` if it is one of `list`'s keys by their structural hashes (a decoder's, whose
    /// keys all hash as themselves), else with one built here when `list` is past the few that are scanned.
    pub(crate) fn with_index(list: Vec<(Variant, Variant)>, index: Option<Box<HashIndex>>) -> Self {
        let mut e = Entries { list, index };
        if e.list.len() <= LINEAR_MAX {
            e.index = None;
        }
        e.ensure_index();
        e
    }

    /// The position of `key`'s entry: through the index past a few entries, so in time independent of
    /// their number.
    pub(crate) fn position(&self, key: &Variant) -> Option<usize> {
        match self.index.as_deref() {
            None => self.list.iter().position(|(k, _)| k == key),
            Some(ix) => ix.find(structural_hash(key), |i| self.list[i].0 == *key),
        }
    }

    /// [`Entries::position`] that first builds the index if there is none and the entries are past a few:
    /// for a caller that will look up many keys.
    pub(crate) fn position_indexed(&mut self, key: &Variant) -> Option<usize> {
        self.ensure_index();
        self.position(key)
    }

    /// The value of entry `i` (by position), to change.
    pub(crate) fn value_mut(&mut self, i: usize) -> Option<&mut Variant> {
        self.list.get_mut(i).map(|(_, v)| v)
    }

    /// Sets `key` to `value`: a key already there keeps its position and gets `value` (the old value is
    /// returned), else the entry is appended. Linear in the key's size, whatever the count.
    pub(crate) fn insert(&mut self, key: Variant, value: Variant) -> Option<Variant> {
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
    pub(crate) fn push(&mut self, entry: (Variant, Variant)) {
        let n = self.list.len();
        if let Some(ix) = self.index.as_deref_mut() {
            let list = &self.list;
            ix.find_or_insert(structural_hash(&entry.0), n, |i| list[i].0 == entry.0);
        }
        self.list.push(entry);
        self.ensure_index();
    }

    /// Keys and values in order, the values to change (keys cannot change in place: that would lose them
    /// from the index).
    pub(crate) fn iter_mut(&mut self) -> IterMut<'_> {
        IterMut(self.list.iter_mut())
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
        assert!(from.index.is_some(), "a Vec of many entries is indexed");
    }

    /// However a dictionary of many entries is made, it has its index: a lookup through `&` costs the
    /// key's size (a decoded one had none, and each `get` compared the keys in turn).
    #[test]
    fn every_way_of_making_many_entries_indexes_them() {
        use crate::config::{Config, Dialect};
        let many: Vec<(Variant, Variant)> =
            (0..100).map(|i| (Variant::from(format!("k{i}")), Variant::Int(i))).collect();
        let dict = Variant::Dictionary(Box::new(crate::value::Dictionary::from(many.clone())));
        for d in [Dialect::Godot4_6, Dialect::Godot3, Dialect::Godot2] {
            let cfg = Config::new(d);
            let Variant::Dictionary(back) = Variant::decode(&dict.encode(&cfg).unwrap(), &cfg).unwrap() else {
                panic!()
            };
            assert!(back.entries.index.is_some(), "{d}: decoded");
            assert_eq!(back.get(&Variant::from("k42")), Some(&Variant::Int(42)));
            let text = crate::text::to_text(&Variant::Dictionary(back), &cfg);
            let Variant::Dictionary(parsed) = crate::text::from_text(&text, &cfg).unwrap() else { panic!() };
            assert!(parsed.entries.index.is_some(), "{d}: parsed");
        }
        // Keys looked up by another form than their own (StringName, -0.0, vectors): the index is rebuilt
        // by their own hashes.
        let odd: Vec<(Variant, Variant)> = (0..40)
            .map(|i| (Variant::StringName(crate::markers::StringName(format!("n{i}").into())), Variant::Int(i)))
            .chain([(Variant::Float(-0.0), Variant::Nil)])
            .collect();
        let cfg = Config::new(Dialect::Godot4_6);
        let bytes = Variant::Dictionary(Box::new(crate::value::Dictionary::from(odd))).encode(&cfg).unwrap();
        let Variant::Dictionary(back) = Variant::decode(&bytes, &cfg).unwrap() else { panic!() };
        assert!(back.entries.index.is_some());
        assert_eq!(back.get(&Variant::Float(-0.0)), Some(&Variant::Nil));
        assert_eq!(back.get(&Variant::Float(0.0)), None);
        assert_eq!(back.get(&Variant::StringName(crate::markers::StringName("n7".into()))), Some(&Variant::Int(7)));
        assert!(Entries::from(many.clone()).index.is_some());
        assert!(many.into_iter().collect::<Entries>().index.is_some());
    }
}
