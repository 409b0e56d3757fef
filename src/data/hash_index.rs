//! A dictionary's entries by key hash, for [`dict_keys`](super::dict_keys) and the Dictionary's
//! [`Entries`](crate::value::Entries): holds positions, never keys.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A `Hasher` that passes a u64 through: the index's keys are already keyed hashes.
#[derive(Default)]
pub(crate) struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8) ^ u64::from(b) ^ (self.0 >> 56);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// A dictionary's entries by key hash. Holds no key: a candidate is confirmed by the caller's comparison.
#[derive(Clone, Default)]
pub(crate) struct HashIndex {
    first: HashMap<u64, usize, BuildHasherDefault<Identity>>,
    /// Entries whose hash equals an earlier, different key's (practically never).
    more: Vec<(u64, usize)>,
}

impl HashIndex {
    pub(crate) fn with_capacity(n: usize) -> Self {
        HashIndex { first: HashMap::with_capacity_and_hasher(n, Default::default()), more: Vec::new() }
    }

    /// The entry whose key hashes to `h` and for which `same(entry)` holds.
    pub(crate) fn find(&self, h: u64, mut same: impl FnMut(usize) -> bool) -> Option<usize> {
        match self.first.get(&h) {
            None => None,
            Some(&i) if same(i) => Some(i),
            Some(_) => self.more.iter().find(|&&(mh, j)| mh == h && same(j)).map(|&(_, j)| j),
        }
    }

    /// The entry whose key hashes to `h` and for which `same(entry)` holds; else records entry `new` under `h`
    /// and returns `None`.
    pub(crate) fn find_or_insert(&mut self, h: u64, new: usize, mut same: impl FnMut(usize) -> bool) -> Option<usize> {
        match self.first.get(&h) {
            None => {
                self.first.insert(h, new);
                None
            }
            Some(&i) if same(i) => Some(i),
            Some(_) => {
                if let Some(&(_, j)) = self.more.iter().find(|&&(mh, j)| mh == h && same(j)) {
                    return Some(j);
                }
                self.more.push((h, new));
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colliding_hashes_are_told_apart_by_the_comparison() {
        let mut ix = HashIndex::default();
        let keys = ["a", "b", "c"];
        // Every key given the same hash: the comparison alone decides.
        for (n, k) in keys.iter().enumerate() {
            assert_eq!(ix.find_or_insert(42, n, |i| keys[i] == *k), None);
        }
        assert_eq!(ix.find_or_insert(42, 3, |i| keys[i] == "c"), Some(2));
        assert_eq!(ix.find_or_insert(42, 3, |i| keys[i] == "a"), Some(0));
    }
}
