//! The dictionary key index: entries built in insertion order, a repeated key found as the engine finds it.

use std::hash::{Hash, Hasher};

use crate::config::{Dialect, Family};
use crate::data::dict_keys::{self, HashIndex};
use crate::markers::{Vector2, Vector3, Vector4};
use crate::value::*;

/// Builds a dictionary's entries in insertion order, a repeated key replacing the earlier value in place
/// (as the engines do), in linear time: keys are found by their hashes (`dict_keys`), computed once per
/// key, and no key is ever copied to be indexed.
pub(crate) struct DictBuilder {
    pub(super) entries: Vec<(Variant, Variant)>,
    /// The keys' hashes, from the first key the short text path does not take.
    keys: KeyIndex,
    /// How keys are compared.
    rule: VariantKeys,
    /// While every key is a String (the short text path): one bit per [`key_bit`] of the keys so far. A key
    /// whose bit is clear is new without a scan; a set bit only means the scan runs.
    seen: u64,
}

/// A String key's bit in [`DictBuilder::seen`]: from its length and first and last bytes, mixed.
#[inline]
pub(super) fn key_bit(s: &str) -> u64 {
    1 << (text_mix(s.as_bytes()) >> 58)
}

/// A text's length and first and last bytes, mixed: its place among the texts `Decoder::key_string` remembers is the top 5 bits, its
/// [`key_bit`] the top 6.
#[inline(always)]
pub(super) fn text_mix(b: &[u8]) -> u64 {
    let (first, last) = match (b.first(), b.last()) {
        (Some(&f), Some(&l)) => (u64::from(f), u64::from(l)),
        _ => (0, 0),
    };
    let x = (b.len() as u64) | first << 8 | last << 16;
    x.wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl DictBuilder {
    pub(super) const LINEAR_MAX: usize = KeyIndex::LINEAR_MAX;

    pub(crate) fn with_capacity(n: usize, d: Dialect) -> Self {
        Self::with_room(Vec::with_capacity(n), d)
    }

    /// A builder whose entries go into `entries` (empty, with the room reserved).
    pub(crate) fn with_room(entries: Vec<(Variant, Variant)>, d: Dialect) -> Self {
        let string_like = match d.family() {
            Family::Godot2 => None,
            Family::Godot4 => Some(true),
            _ => Some(false),
        };
        let rule = VariantKeys { string_like };
        DictBuilder { entries, keys: KeyIndex::default(), rule, seen: 0 }
    }

    /// Adds `k` with `v`; a key already there keeps its place and gets `v`. The key's hash is computed
    /// here when it is needed: a builder that knows it (decoding) uses [`DictBuilder::insert_hashed`].
    pub(crate) fn insert(&mut self, k: Variant, v: Variant) {
        *self.key_slot() = k;
        let i = self.key_done(None);
        *self.value_slot(i) = v;
    }

    /// [`DictBuilder::insert`] for a key whose structural hash (`dict_keys::structural_hash`) may be known
    /// (a container key whose hash its builder made bottom-up); returns the entry's index.
    pub(crate) fn insert_hashed(&mut self, k: Variant, hash: Option<u64>, v: Variant) -> usize {
        *self.key_slot() = k;
        let i = self.key_done(hash);
        *self.value_slot(i) = v;
        i
    }

    /// Opens a new entry and gives its key's place; [`DictBuilder::key_done`] must follow once it is written.
    pub(super) fn key_slot(&mut self) -> &mut Variant {
        self.entries.push((Variant::Nil, Variant::Nil));
        let last = self.entries.len() - 1;
        &mut self.entries[last].0
    }

    /// Takes back the key of the entry [`DictBuilder::key_slot`] opened.
    pub(super) fn take_key(&mut self) -> Variant {
        self.entries.pop().map(|(k, _)| k).unwrap_or_default()
    }

    /// The key of the entry [`DictBuilder::key_slot`] opened is written: returns the index of the entry its
    /// value goes to (an earlier one with the same key, the new entry then dropped). `exact`: the key's
    /// structural hash, if the caller computed it.
    #[inline(always)]
    pub(super) fn key_done(&mut self, exact: Option<u64>) -> usize {
        // A String key whose bit no earlier key has: new, with nothing to compare.
        if let (false, Some(n)) = (self.keys.is_hashing(), self.entries.len().checked_sub(1)) {
            if let (Variant::String(s), Some(_)) = (&self.entries[n].0, self.rule.string_like) {
                let bit = key_bit(s);
                if n < Self::LINEAR_MAX && self.seen & bit == 0 {
                    self.seen |= bit;
                    return n;
                }
            }
        }
        self.key_lookup(exact)
    }

    /// A String key `k` whose [`key_bit`] is `bit`: adds its entry and returns the index of the entry its
    /// value goes to, as [`DictBuilder::key_done`] does, without looking at the key again.
    #[inline(always)]
    pub(super) fn string_key(&mut self, k: GString, bit: u64) -> usize {
        let n = self.entries.len();
        self.entries.push((Variant::String(k), Variant::Nil));
        if !self.keys.is_hashing() && self.rule.string_like.is_some() && n < Self::LINEAR_MAX && self.seen & bit == 0 {
            self.seen |= bit;
            return n;
        }
        self.key_lookup(None)
    }

    /// [`DictBuilder::key_done`] for a key that may be a repeat.
    #[inline(never)]
    fn key_lookup(&mut self, exact: Option<u64>) -> usize {
        let Some(n) = self.entries.len().checked_sub(1) else { return 0 };
        if !self.keys.is_hashing() {
            // The common case, a String key among few entries: compared as text with the String (and, in
            // Godot 4, StringName) keys only, which is what the general lookup concludes for them.
            if let (Variant::String(s), Some(string_like)) = (&self.entries[n].0, self.rule.string_like) {
                if n < Self::LINEAR_MAX {
                    self.seen |= key_bit(s);
                    let found = self.entries[..n].iter().position(|(ek, _)| match ek {
                        Variant::String(t) => t == s,
                        Variant::StringName(t) => string_like && t.0 == *s,
                        _ => false,
                    });
                    if let Some(i) = found {
                        self.entries.pop();
                        return i;
                    }
                    return n;
                }
            }
        }
        match self.keys.find_or_add(&self.rule, &self.entries, exact, self.entries.capacity()) {
            Some(i) => {
                self.entries.pop();
                i
            }
            None => n,
        }
    }

    /// The place of entry `i`'s value.
    pub(super) fn value_slot(&mut self, i: usize) -> &mut Variant {
        let last = self.entries.len() - 1;
        &mut self.entries[i.min(last)].1
    }

    /// The entries, with the index by key every `Entries` past a few has: the one built here to find
    /// repeated keys when every key is looked up by its own hash (no key has another lookup form), so that
    /// decoding hashes no key twice; else built from the keys.
    pub(crate) fn finish(self) -> Entries {
        let own = |k: &Variant| match (k, self.rule.string_like) {
            (_, None) => true,
            (Variant::StringName(_), Some(true)) => false,
            (_, Some(string_like)) => lookup_key(k, string_like).is_none(),
        };
        let index = match self.keys.index {
            Some(ix)
                if self.entries.len() > crate::data::entries::LINEAR_MAX
                    && self.entries.iter().all(|(k, _)| own(k)) =>
            {
                Some(ix)
            }
            _ => None,
        };
        Entries::with_index(self.entries, index)
    }
}

/// How a dictionary's keys are compared, as the engine compares them: the rule a [`KeyIndex`] finds repeated
/// keys by, for keys of type `K`.
pub(super) trait KeyRule<K> {
    /// The hash a key is looked up by: that of its lookup form ([`lookup_key`]). `exact` is the key's
    /// structural hash when the caller has it (a container key decoded bottom-up).
    fn lookup_hash(&self, k: &K, exact: Option<u64>) -> u64;
    /// Whether two keys are one key for the engine.
    fn same_key(&self, a: &K, b: &K) -> bool;
}

/// Finds a dictionary's repeated keys by hash (`dict_keys`), for any kind of key (a [`Variant`] in
/// [`DictBuilder`], a `VariantRef` in the borrowed decode): the lookup-form hash of each entry's key, kept
/// from the first key the caller's short path does not take, and past a few entries a [`HashIndex`] of
/// them. No key is ever copied to be indexed.
#[derive(Default)]
pub(super) struct KeyIndex {
    /// The lookup-form hash of each entry's key, once keys are hashed.
    hashes: Option<Vec<u64>>,
    /// Entries by key hash, once the dictionary is past [`KeyIndex::LINEAR_MAX`] entries.
    index: Option<Box<HashIndex>>,
}

impl KeyIndex {
    /// Up to this many entries, keys are compared in a scan (callers' short paths included).
    pub(super) const LINEAR_MAX: usize = 16;

    /// Whether keys are hashed: a key has left the callers' short paths, which compare keys themselves.
    #[inline(always)]
    pub(super) fn is_hashing(&self) -> bool {
        self.hashes.is_some()
    }

    /// The last of `entries` has just been given its key: returns the index of an earlier entry with the
    /// same key under `rule`, or records the new key and returns `None`. `exact`: the key's structural hash,
    /// if the caller computed it; `capacity`: the entries the dictionary may reach (the index's size).
    pub(super) fn find_or_add<K, V>(
        &mut self, rule: &impl KeyRule<K>, entries: &[(K, V)], exact: Option<u64>, capacity: usize,
    ) -> Option<usize> {
        let (new, earlier) = entries.split_last()?;
        let n = earlier.len();
        let key = &new.0;
        // The keys so far all took the caller's short path: hashing them costs their length.
        let hashes =
            self.hashes.get_or_insert_with(|| earlier.iter().map(|(k, _)| rule.lookup_hash(k, None)).collect());
        let h = rule.lookup_hash(key, exact);
        let found = if self.index.is_none() && n < Self::LINEAR_MAX {
            (0..n).find(|&i| hashes[i] == h && rule.same_key(&earlier[i].0, key))
        } else {
            let index = self.index.get_or_insert_with(|| {
                let mut ix = Box::new(HashIndex::with_capacity(capacity));
                for (i, &eh) in hashes.iter().enumerate() {
                    ix.find_or_insert(eh, i, |j| rule.same_key(&earlier[j].0, &earlier[i].0));
                }
                ix
            });
            index.find_or_insert(h, n, |i| rule.same_key(&earlier[i].0, key))
        };
        if found.is_none() {
            hashes.push(h);
        }
        found
    }
}

/// The key rule of [`Variant`] keys.
pub(super) struct VariantKeys {
    /// Keys are looked up as the engine compares them (`None` for Godot 2: exact match); `Some(true)`:
    /// Godot 4's merging of String and StringName keys.
    string_like: Option<bool>,
}

impl KeyRule<Variant> for VariantKeys {
    /// The hash a key is looked up by: that of its lookup form (`typed::lookup_key`). `exact` is the key's
    /// structural hash when the caller has it (a container key decoded bottom-up).
    fn lookup_hash(&self, k: &Variant, exact: Option<u64>) -> u64 {
        match (k, self.string_like) {
            // A StringName is looked up as the String of the same text (Godot 4): hashed as that String,
            // without making it.
            (Variant::StringName(s), Some(true)) => {
                let mut h = dict_keys::hasher();
                std::mem::discriminant(&Variant::String(GString::default())).hash(&mut h);
                s.0.hash(&mut h);
                h.finish()
            }
            (_, Some(string_like)) => match lookup_key(k, string_like) {
                Some(l) => dict_keys::leaf_hash(&l),
                None => exact.unwrap_or_else(|| dict_keys::structural_hash(k)),
            },
            (_, None) => exact.unwrap_or_else(|| dict_keys::structural_hash(k)),
        }
    }

    /// Whether two keys are one key for the engine.
    fn same_key(&self, a: &Variant, b: &Variant) -> bool {
        let Some(string_like) = self.string_like else { return a == b };
        let la = lookup_key(a, string_like);
        let lb = lookup_key(b, string_like);
        la.as_ref().unwrap_or(a) == lb.as_ref().unwrap_or(b)
    }
}

/// A float as a Godot dictionary compares it (`hash_compare`): every NaN one value, `-0.0` the same as `0.0`.
#[inline]
pub(super) fn canon(x: f64) -> f64 {
    if x.is_nan() {
        f64::NAN
    } else if x == 0.0 {
        0.0
    } else {
        x
    }
}

/// The key a Godot Dictionary looks entries up by: String and StringName with the same text are one key
/// (Godot 4), and floats compare as numbers with every NaN equal (`hash_compare`), so `0.0` and `-0.0` are
/// one key. Returns `None` when the key is already its own lookup form. `string_like`: Godot 4's merging
/// of String and StringName keys.
pub(crate) fn lookup_key(k: &Variant, string_like: bool) -> Option<Variant> {
    use Variant as V;
    Some(match k {
        V::StringName(s) if string_like => V::String(s.0.clone()),
        V::Float(x) if x.is_nan() || *x == 0.0 => V::Float(canon(*x)),
        V::Vector2(v) => V::Vector2(Vector2::new(canon(v.x), canon(v.y))),
        V::Vector3(v) => V::Vector3(Vector3::new(canon(v.x), canon(v.y), canon(v.z))),
        V::Vector4(v) => V::Vector4(Vector4::new(canon(v.x), canon(v.y), canon(v.z), canon(v.w))),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Repeated String keys among up to `LINEAR_MAX` entries are found whether or not their bits in
    /// `seen` are shared with other keys (a shared bit only means a scan).
    #[test]
    fn repeated_string_keys_are_found_on_the_short_path() {
        let keys: Vec<String> = (0..DictBuilder::LINEAR_MAX).map(|i| format!("k{i}")).collect();
        for d in [Dialect::Godot4_6, Dialect::Godot3] {
            let mut b = DictBuilder::with_capacity(32, d);
            for (i, k) in keys.iter().enumerate() {
                b.insert(Variant::from(k.as_str()), Variant::Int(i as i64));
            }
            for (i, k) in keys.iter().enumerate().rev() {
                b.insert(Variant::from(k.as_str()), Variant::Int(100 + i as i64));
            }
            let e = b.finish();
            assert_eq!(e.len(), keys.len());
            for (i, (k, v)) in e.iter().enumerate() {
                assert_eq!(k.as_str(), Some(keys[i].as_str()));
                assert_eq!(*v, Variant::Int(100 + i as i64));
            }
        }
    }
}
