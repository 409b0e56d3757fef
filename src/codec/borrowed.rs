//! [`VariantRef`]: a decoded value that borrows its strings and byte arrays from the input.

use std::borrow::Cow;
use std::hash::Hasher;

use crate::config::{Config, Family};
use crate::data::dict_keys::{self, Building, Combiner};
use crate::error::{Error, ErrorKind, Result};
use crate::markers::{Color, StringName, Vector2, Vector3};
use crate::types::TypeKind;
use crate::value::{Dictionary, Variant};
use crate::wire::{array_type_bits, dict_type_bits, widen_like_engine, FLAG_64};

use super::dict::{canon, lookup_key, KeyIndex, KeyRule};
use super::Decoder;
use super::{push_frame, KeyFrame};

/// A decoded value that borrows from the input bytes.
///
/// Decoding into a [`Variant`] allocates every string, and a box and a vector for every container. A
/// `VariantRef` keeps strings and `PackedByteArray`s as slices of the input (a string is only copied when
/// the engine would change it: a NUL inside, a byte order mark, invalid UTF-8 in a lenient dialect) and an
/// untyped Array or Dictionary as a plain vector, so reading a packet or a save file to inspect it costs
/// one allocation per container. The kinds game data is mostly made of (nil, bool, int, float, String,
/// StringName, Vector2, Vector3, Color, PackedStringArray, PackedByteArray, untyped Array and Dictionary) are
/// held inline; every other value, typed containers and objects included, is decoded as a [`Variant`] and
/// held in [`VariantRef::Other`].
///
/// Decoding reads the same bytes, with the same checks, errors and byte offsets, as [`Variant::decode`],
/// and [`VariantRef::to_variant`] gives the very value `Variant::decode` gives.
///
/// ```
/// use godot_bin::{Config, VariantRef};
/// // Godot 4.6 var_to_bytes({"a": 1}), tests/fixtures/godot-4.6/values.tsv "dict_a_1":
/// let bytes = [
///     0x1b, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0,
/// ];
/// let v = VariantRef::decode(&bytes, &Config::default()).unwrap();
/// assert_eq!(v.get("a"), Some(&VariantRef::Int(1)));
/// // The key is a slice of `bytes`, not a copy.
/// let VariantRef::Dictionary(entries) = &v else { panic!() };
/// assert!(matches!(entries[0].0, VariantRef::String(std::borrow::Cow::Borrowed("a"))));
/// ```
pub enum VariantRef<'a> {
    /// `null`.
    Nil,
    /// `bool`.
    Bool(bool),
    /// `int`.
    Int(i64),
    /// `float`.
    Float(f64),
    /// `String`.
    String(Cow<'a, str>),
    /// `StringName` (Godot 4, Pandemonium).
    StringName(Cow<'a, str>),
    /// `Vector2`.
    Vector2(Vector2),
    /// `Vector3`.
    Vector3(Vector3),
    /// `Color`.
    Color(Color),
    /// An untyped `Array`.
    Array(Vec<VariantRef<'a>>),
    /// An untyped `Dictionary`: its entries in order, a key repeated on the wire already merged as the
    /// engine merges it (first place, last value).
    Dictionary(Vec<(VariantRef<'a>, VariantRef<'a>)>),
    /// `PackedByteArray`.
    PackedByteArray(&'a [u8]),
    /// `PackedStringArray`.
    PackedStringArray(Vec<Cow<'a, str>>),
    /// Any other value (typed containers, objects, the other math and packed types), owned.
    Other(Box<Variant>),
}

impl<'a> VariantRef<'a> {
    /// Decodes exactly one value: the whole input must be that value, as for [`Variant::decode`].
    ///
    /// ```
    /// use godot_bin::{Config, VariantRef};
    /// // Godot 4.6 var_to_bytes("abcde"), tests/fixtures/godot-4.6/values.tsv "str_len5":
    /// let bytes = [4, 0, 0, 0, 5, 0, 0, 0, b'a', b'b', b'c', b'd', b'e', 0, 0, 0];
    /// assert_eq!(VariantRef::decode(&bytes, &Config::default()).unwrap().as_str(), Some("abcde"));
    /// assert!(VariantRef::decode(&bytes[..15], &Config::default()).is_err());
    /// ```
    pub fn decode(bytes: &'a [u8], cfg: &Config) -> Result<VariantRef<'a>> {
        let (v, used) = Self::decode_prefix(bytes, cfg)?;
        if used != bytes.len() {
            return Err(Error::at(ErrorKind::TrailingBytes(bytes.len() - used), used).hinted(bytes));
        }
        Ok(v)
    }

    /// Decodes one value from the start of `bytes` and returns it with the number of bytes it took, like
    /// [`Variant::decode_prefix`].
    ///
    /// ```
    /// use godot_bin::{Config, VariantRef};
    /// // Godot 4.6 var_to_bytes([1]), tests/fixtures/godot-4.6/values.tsv "arr_1", then a stray byte:
    /// let bytes = [0x1c, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 0xff];
    /// let (v, used) = VariantRef::decode_prefix(&bytes, &Config::default()).unwrap();
    /// assert_eq!((v, used), (VariantRef::Array(vec![VariantRef::Int(1)]), 16));
    /// ```
    pub fn decode_prefix(bytes: &'a [u8], cfg: &Config) -> Result<(VariantRef<'a>, usize)> {
        let mut dec = Decoder::new(bytes, cfg);
        let v = decode_value(&mut dec).map_err(|e| e.hinted(bytes))?;
        Ok((v, dec.r.pos()))
    }

    /// The owned [`Variant`] this is a view of: what [`Variant::decode`] gives for the same bytes.
    ///
    /// ```
    /// use godot_bin::{Config, Variant, VariantRef};
    /// // Godot 4.6 var_to_bytes([1, "a"]), tests/fixtures/godot-4.6/values.tsv "arr_1_a":
    /// let bytes = [
    ///     0x1c, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0,
    /// ];
    /// let cfg = Config::default();
    /// let view = VariantRef::decode(&bytes, &cfg).unwrap();
    /// assert_eq!(view.to_variant(), Variant::decode(&bytes, &cfg).unwrap());
    /// ```
    pub fn to_variant(&self) -> Variant {
        walk(
            self,
            |leaf| leaf.clone_leaf().leaf_into_variant(),
            Variant::from,
            |entries| Variant::Dictionary(Box::new(Dictionary::from(entries))),
        )
    }

    #[inline(never)]
    fn leaf_into_variant(self) -> Variant {
        use VariantRef as R;
        match self {
            R::Nil => Variant::Nil,
            R::Bool(b) => Variant::Bool(b),
            R::Int(i) => Variant::Int(i),
            R::Float(x) => Variant::Float(x),
            R::String(s) => Variant::String(s.into()),
            R::StringName(s) => Variant::StringName(StringName(s.into())),
            R::Vector2(v) => Variant::Vector2(v),
            R::Vector3(v) => Variant::Vector3(v),
            R::Color(c) => Variant::Color(c),
            R::PackedByteArray(b) => Variant::PackedByteArray(b.to_vec()),
            R::PackedStringArray(v) => {
                Variant::PackedStringArray(v.into_iter().map(crate::value::GString::from).collect())
            }
            R::Other(v) => *v,
            // Only leaves come here from the walks; a container is converted whole.
            R::Array(_) | R::Dictionary(_) => Variant::from(self),
        }
    }

    /// The value for the String (or StringName) key `key`, when this is a Dictionary.
    ///
    /// ```
    /// use godot_bin::VariantRef;
    /// let d = VariantRef::Dictionary(vec![(VariantRef::String("hp".into()), VariantRef::Int(9))]);
    /// assert_eq!(d.get("hp"), Some(&VariantRef::Int(9)));
    /// assert_eq!(d.get("mp"), None);
    /// ```
    pub fn get(&self, key: &str) -> Option<&VariantRef<'a>> {
        let VariantRef::Dictionary(entries) = self else { return None };
        entries.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }

    /// The text of a String or StringName.
    ///
    /// ```
    /// use godot_bin::VariantRef;
    /// assert_eq!(VariantRef::StringName("idle".into()).as_str(), Some("idle"));
    /// assert_eq!(VariantRef::Int(1).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            VariantRef::String(s) | VariantRef::StringName(s) => Some(s),
            _ => None,
        }
    }

    /// The value of an `int`.
    ///
    /// ```
    /// use godot_bin::VariantRef;
    /// assert_eq!(VariantRef::Int(-3).as_int(), Some(-3));
    /// assert_eq!(VariantRef::Float(1.0).as_int(), None);
    /// ```
    pub fn as_int(&self) -> Option<i64> {
        match self {
            VariantRef::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The value of a `float`.
    ///
    /// ```
    /// use godot_bin::VariantRef;
    /// assert_eq!(VariantRef::Float(0.5).as_float(), Some(0.5));
    /// assert_eq!(VariantRef::Int(1).as_float(), None);
    /// ```
    pub fn as_float(&self) -> Option<f64> {
        match self {
            VariantRef::Float(x) => Some(*x),
            _ => None,
        }
    }
}

/// A container being decoded. Its places are made (as nils) when it opens, and children are written into
/// them: building a value elsewhere and moving it in stalled on store forwarding.
enum Frame<'a> {
    Array {
        items: Vec<VariantRef<'a>>,
        /// Places written so far.
        used: usize,
        /// Inside a dictionary key: the structural hash being built from the children's.
        hash: Option<Building>,
    },
    Dictionary {
        /// How keys compare, and the hashes of those so far.
        rule: RefKeys,
        keys: KeyIndex,
        entries: Vec<(VariantRef<'a>, VariantRef<'a>)>,
        /// Entries with a key so far.
        used: usize,
        /// Pairs still to read.
        left: usize,
        /// Where the value of the key just read goes.
        value_of: Option<usize>,
        /// Inside a dictionary key: each entry's key and value hashes.
        hash: Option<Building>,
    },
}

impl<'a> Frame<'a> {
    fn array(n: usize) -> Self {
        let mut items = Vec::new();
        items.resize_with(n, || VariantRef::Nil);
        Frame::Array { items, used: 0, hash: None }
    }

    fn dictionary(n: usize, merge_names: bool) -> Self {
        let mut entries = Vec::new();
        entries.resize_with(n, || (VariantRef::Nil, VariantRef::Nil));
        let (rule, keys) = (RefKeys { merge_names }, KeyIndex::default());
        Frame::Dictionary { rule, keys, entries, used: 0, left: n, value_of: None, hash: None }
    }

    /// The place of the next child; [`Frame::filled`] must follow once it is written.
    fn slot(&mut self) -> &mut VariantRef<'a> {
        match self {
            Frame::Array { items, used, .. } => {
                let last = items.len() - 1;
                &mut items[(*used).min(last)]
            }
            Frame::Dictionary { entries, used, value_of, .. } => {
                let last = entries.len() - 1;
                match *value_of {
                    None => &mut entries[(*used).min(last)].0,
                    Some(i) => &mut entries[i.min(last)].1,
                }
            }
        }
    }

    /// The child [`Frame::slot`] gave the place of is written; returns whether the container is complete.
    /// `child`: the child's structural hash, if it is a container that built one.
    fn filled(&mut self, child: Option<u64>) -> bool {
        let hash_of = |v: &VariantRef<'_>| child.unwrap_or_else(|| exact_hash(v));
        match self {
            Frame::Array { items, used, hash } => {
                if let Some(h) = hash.as_mut() {
                    if let Some(v) = items.get(*used) {
                        h.item(hash_of(v));
                    }
                }
                *used += 1;
                *used == items.len()
            }
            Frame::Dictionary { rule, keys, entries, used, left, value_of, hash } => match value_of.take() {
                None => {
                    // A key: its value goes to an earlier entry with the same key, if there is one.
                    let new = (*used).min(entries.len() - 1);
                    let exact = match hash {
                        Some(_) => Some(hash_of(&entries[new].0)),
                        None => child,
                    };
                    *value_of = Some(match rule.find_or_add(keys, &entries[..=new], exact, *left == 1) {
                        Some(i) => {
                            put(&mut entries[new].0, VariantRef::Nil);
                            i
                        }
                        None => {
                            if let (Some(h), Some(kh)) = (hash.as_mut(), exact) {
                                h.key(new, kh);
                            }
                            *used += 1;
                            new
                        }
                    });
                    false
                }
                Some(i) => {
                    if let Some(h) = hash.as_mut() {
                        if let Some((_, v)) = entries.get(i) {
                            h.value(i, hash_of(v));
                        }
                    }
                    *left -= 1;
                    *left == 0
                }
            },
        }
    }

    /// The finished value, and its structural hash if it sits inside a dictionary key.
    fn finish(self) -> (VariantRef<'a>, Option<u64>) {
        match self {
            Frame::Array { items, hash, .. } => (VariantRef::Array(items), hash.map(|b| b.finish(None))),
            Frame::Dictionary { mut entries, used, hash, .. } => {
                entries.truncate(used);
                (VariantRef::Dictionary(entries), hash.map(|b| b.finish(None)))
            }
        }
    }
}

impl KeyFrame for Frame<'_> {
    fn builds_hash(&self) -> bool {
        match self {
            Frame::Array { hash, .. } | Frame::Dictionary { hash, .. } => hash.is_some(),
        }
    }

    fn next_is_key(&self) -> bool {
        matches!(self, Frame::Dictionary { value_of: None, .. })
    }

    fn start_hash(&mut self) {
        match self {
            Frame::Array { hash, .. } => *hash = Some(Building::untyped_array()),
            Frame::Dictionary { hash, .. } => *hash = Some(Building::dictionary()),
        }
    }
}

/// A key compared without building a [`Variant`]: an int or a text (`name` tells a StringName from a
/// String where the dialect keeps them apart).
#[derive(PartialEq)]
enum SimpleKey<'k> {
    Int(i64),
    Text { name: bool, text: &'k str },
}

/// The key rule of [`VariantRef`] keys, as [`Variant`] keys compare in the same dialect.
#[derive(Clone, Copy)]
struct RefKeys {
    /// Godot 4 merges a String and a StringName of the same text.
    merge_names: bool,
}

impl RefKeys {
    fn simple<'k>(self, k: &'k VariantRef<'_>) -> Option<SimpleKey<'k>> {
        match k {
            VariantRef::Int(i) => Some(SimpleKey::Int(*i)),
            VariantRef::String(s) => Some(SimpleKey::Text { name: false, text: s }),
            VariantRef::StringName(s) => Some(SimpleKey::Text { name: !self.merge_names, text: s }),
            _ => None,
        }
    }

    /// The last entry's key is new: returns the index of an earlier entry with the same key, or records the
    /// new one in `keys` and returns `None`. `exact`: the key's structural hash, if the caller computed it.
    /// `final_key`: no key follows in this dictionary, so a key with no earlier one to meet is not recorded
    /// (a dictionary of one entry, as every level of a deep key is, keeps no index at all).
    fn find_or_add(
        self, keys: &mut KeyIndex, entries: &[(VariantRef<'_>, VariantRef<'_>)], exact: Option<u64>, final_key: bool,
    ) -> Option<usize> {
        let (new, earlier) = entries.split_last()?;
        let n = earlier.len();
        if n == 0 && final_key {
            return None;
        }
        let key = &new.0;
        if !keys.is_hashing() {
            if let Some(sk) = self.simple(key).filter(|_| n < KeyIndex::LINEAR_MAX) {
                let merge = self.merge_names;
                return match key {
                    // The usual key: compared with the text keys only.
                    VariantRef::String(s) => earlier.iter().position(|(ek, _)| match ek {
                        VariantRef::String(t) => t == s,
                        VariantRef::StringName(t) => merge && t == s,
                        _ => false,
                    }),
                    _ => earlier.iter().position(|(ek, _)| self.simple(ek).as_ref() == Some(&sk)),
                };
            }
        }
        // From here on every key's hash is kept; the keys so far are ints and texts, cheap to hash.
        keys.find_or_add(&self, entries, exact, entries.len())
    }
}

impl<'a> KeyRule<VariantRef<'a>> for RefKeys {
    /// The hash a key is looked up by: that of its lookup form (as [`lookup_key`] makes it).
    fn lookup_hash(&self, k: &VariantRef<'a>, exact: Option<u64>) -> u64 {
        match k {
            VariantRef::StringName(s) => text_hash(!self.merge_names, s),
            VariantRef::Float(x) => reals_hash(0, &[canon(*x)]),
            VariantRef::Vector2(v) => reals_hash(1, &[canon(v.x), canon(v.y)]),
            VariantRef::Vector3(v) => reals_hash(2, &[canon(v.x), canon(v.y), canon(v.z)]),
            VariantRef::Other(v) => match lookup_key(v, self.merge_names) {
                Some(l) => dict_keys::leaf_hash(&l),
                None => exact.unwrap_or_else(|| dict_keys::structural_hash(v)),
            },
            _ => exact.unwrap_or_else(|| exact_hash(k)),
        }
    }

    /// Whether two keys are one key for the engine.
    fn same_key(&self, a: &VariantRef<'a>, b: &VariantRef<'a>) -> bool {
        use VariantRef as R;
        if let (Some(x), Some(y)) = (self.simple(a), self.simple(b)) {
            return x == y;
        }
        let same = |x: f64, y: f64| canon(x).to_bits() == canon(y).to_bits();
        match (a, b) {
            (R::Float(x), R::Float(y)) => same(*x, *y),
            (R::Vector2(x), R::Vector2(y)) => same(x.x, y.x) && same(x.y, y.y),
            (R::Vector3(x), R::Vector3(y)) => same(x.x, y.x) && same(x.y, y.y) && same(x.z, y.z),
            (R::Other(x), R::Other(y)) => {
                let lx = lookup_key(x, self.merge_names);
                let ly = lookup_key(y, self.merge_names);
                lx.as_ref().unwrap_or(x) == ly.as_ref().unwrap_or(y)
            }
            _ => eq_with(a, b, same_leaf),
        }
    }
}

/// Leaves compared exactly (floats by their bits), as [`Variant`]'s `==` does.
fn same_leaf(a: &VariantRef<'_>, b: &VariantRef<'_>) -> bool {
    use VariantRef as R;
    let bits = |x: &[f64], y: &[f64]| x.iter().zip(y).all(|(p, q)| p.to_bits() == q.to_bits());
    match (a, b) {
        (R::Nil, R::Nil) => true,
        (R::Bool(x), R::Bool(y)) => x == y,
        (R::Int(x), R::Int(y)) => x == y,
        (R::Float(x), R::Float(y)) => x.to_bits() == y.to_bits(),
        (R::String(x), R::String(y)) | (R::StringName(x), R::StringName(y)) => x == y,
        (R::Vector2(x), R::Vector2(y)) => bits(&[x.x, x.y], &[y.x, y.y]),
        (R::Vector3(x), R::Vector3(y)) => bits(&[x.x, x.y, x.z], &[y.x, y.y, y.z]),
        (R::Color(x), R::Color(y)) => {
            [x.r, x.g, x.b, x.a].iter().zip([y.r, y.g, y.b, y.a]).all(|(p, q)| p.to_bits() == q.to_bits())
        }
        (R::PackedByteArray(x), R::PackedByteArray(y)) => x == y,
        (R::PackedStringArray(x), R::PackedStringArray(y)) => x == y,
        (R::Other(x), R::Other(y)) => x == y,
        _ => false,
    }
}

fn text_hash(name: bool, s: &str) -> u64 {
    let mut h = dict_keys::hasher();
    h.write_u8(if name { 0x11 } else { 0x10 });
    h.write(s.as_bytes());
    h.write_u8(0xff);
    h.finish()
}

fn reals_hash(kind: u8, x: &[f64]) -> u64 {
    let mut h = dict_keys::hasher();
    h.write_u8(0x20 + kind);
    for v in x {
        h.write_u64(v.to_bits());
    }
    h.finish()
}

/// The structural hash of a value that holds no others, exact (floats by their bits).
fn exact_leaf_hash(v: &VariantRef<'_>) -> u64 {
    use VariantRef as R;
    let mut h = dict_keys::hasher();
    match v {
        R::String(s) => return text_hash(false, s),
        R::StringName(s) => return text_hash(true, s),
        R::Float(x) => return reals_hash(0, &[*x]),
        R::Vector2(v) => return reals_hash(1, &[v.x, v.y]),
        R::Vector3(v) => return reals_hash(2, &[v.x, v.y, v.z]),
        R::Other(v) => return dict_keys::structural_hash(v),
        R::Nil => h.write_u8(0x30),
        R::Bool(b) => {
            h.write_u8(0x31);
            h.write_u8(*b as u8);
        }
        R::Int(i) => {
            h.write_u8(0x32);
            h.write_i64(*i);
        }
        R::Color(c) => {
            h.write_u8(0x33);
            for x in [c.r, c.g, c.b, c.a] {
                h.write_u32(x.to_bits());
            }
        }
        R::PackedByteArray(b) => {
            h.write_u8(0x34);
            h.write_usize(b.len());
            h.write(b);
        }
        R::PackedStringArray(v) => {
            h.write_u8(0x35);
            h.write_usize(v.len());
            for s in v {
                h.write(s.as_bytes());
                h.write_u8(0xff);
            }
        }
        R::Array(_) | R::Dictionary(_) => return exact_hash(v),
    }
    h.finish()
}

/// The structural hash of any value: one walk with a stack on the heap; the same number the decoder
/// builds bottom-up for a container inside a key.
fn exact_hash(v: &VariantRef<'_>) -> u64 {
    walk(
        v,
        exact_leaf_hash,
        |items| {
            let mut c = Combiner::new(dict_keys::tag::ARRAY, |_| {});
            items.into_iter().for_each(|h| c.push(h));
            c.finish()
        },
        |entries| {
            let mut c = Combiner::new(dict_keys::tag::DICTIONARY, |_| {});
            for (k, v) in entries {
                c.push(k);
                c.push(v);
            }
            c.finish()
        },
    )
}

/// Decodes one value at the decoder's position (no trailing check).
fn decode_value<'a>(dec: &mut Decoder<'a, '_>) -> Result<VariantRef<'a>> {
    use TypeKind as K;
    let d = dec.dialect();
    // Godot 2 containers (a "shared" bit) and typed containers are read as Variants.
    let plain_containers = d.family() != Family::Godot2;
    let merge_names = d.family() == Family::Godot4;
    let mut stack: Vec<Frame<'a>> = Vec::new();
    loop {
        if !stack.is_empty() {
            dec.start_slot();
        }
        let before = dec.r.clone();
        let (kind, flags) = dec.value_header()?;
        let depth = stack.len();
        dec.check_depth(depth, before.pos())?;
        let (mut done, mut done_hash) = match kind {
            K::Array if plain_containers && (!d.typed_arrays() || array_type_bits(flags) == 0) => {
                let (n, _) = dec.container_count(1)?;
                if n > 0 {
                    push_frame(&mut stack, Frame::array(n));
                    continue;
                }
                (VariantRef::Array(Vec::new()), None)
            }
            K::Dictionary if plain_containers && (!d.typed_dictionaries() || dict_type_bits(flags) == (0, 0)) => {
                let (n, _) = dec.container_count(2)?;
                if n > 0 {
                    push_frame(&mut stack, Frame::dictionary(n, merge_names));
                    continue;
                }
                (VariantRef::Dictionary(Vec::new()), None)
            }
            K::Array | K::Dictionary | K::Object | K::TypedArray | K::PackedTypedArray => {
                // Read again from its header by the Variant decoder, at the same depth.
                // A null object reads as `Variant::Nil`: it is `VariantRef::Nil` too, so that as a key it
                // meets a nil key as it does in `Variant`.
                dec.r = before;
                match dec.value(depth)? {
                    Variant::Nil => (VariantRef::Nil, None),
                    v => (VariantRef::Other(Box::new(v)), None),
                }
            }
            _ => match stack.last_mut() {
                None => {
                    let mut v = VariantRef::Nil;
                    leaf(dec, kind, flags, &mut v)?;
                    return Ok(v);
                }
                Some(f) => {
                    leaf(dec, kind, flags, f.slot())?;
                    if !f.filled(None) {
                        continue;
                    }
                    stack.pop().map(Frame::finish).unwrap_or((VariantRef::Nil, None))
                }
            },
        };
        // Hand the finished container to its parent; close every parent it completes.
        loop {
            let Some(f) = stack.last_mut() else { return Ok(done) };
            put(f.slot(), done);
            if !f.filled(done_hash) {
                break;
            }
            (done, done_hash) = stack.pop().map(Frame::finish).unwrap_or((VariantRef::Nil, None));
        }
    }
}

/// A value that holds no others, written into `out`.
fn leaf<'a>(dec: &mut Decoder<'a, '_>, kind: TypeKind, flags: u32, out: &mut VariantRef<'a>) -> Result<()> {
    let v = leaf_value(dec, kind, flags)?;
    put(out, v);
    Ok(())
}

/// Writes `v` into `place`, which usually holds a nil (a duplicate key's value place holds the value it
/// replaces): only a value that is there is dropped, without a call to the drop glue for a nil.
#[inline(always)]
fn put<'a>(place: &mut VariantRef<'a>, v: VariantRef<'a>) {
    let old = std::mem::replace(place, v);
    if matches!(old, VariantRef::Nil) {
        // Nothing to free; forgetting it spares the call to the drop glue.
        std::mem::forget(old);
    } else {
        drop(old);
    }
}

#[inline(always)]
fn leaf_value<'a>(dec: &mut Decoder<'a, '_>, kind: TypeKind, flags: u32) -> Result<VariantRef<'a>> {
    use TypeKind as K;
    Ok(match kind {
        K::String => VariantRef::String(match dec.plain_str() {
            Some(s) => Cow::Borrowed(s),
            None => dec.str_cow()?,
        }),
        K::StringName => VariantRef::StringName(dec.str_cow()?),
        K::PackedByteArray => VariantRef::PackedByteArray(dec.packed_bytes()?),
        K::PackedStringArray => {
            let n = dec.string_array_count()?;
            let mut v = Vec::with_capacity(n);
            for _ in 0..n {
                v.push(match dec.plain_str() {
                    Some(s) => Cow::Borrowed(s),
                    None => dec.str_cow()?,
                });
            }
            VariantRef::PackedStringArray(v)
        }
        K::Nil => VariantRef::Nil,
        K::Bool => VariantRef::Bool(dec.r.u32()? != 0),
        K::Int if flags & FLAG_64 == 0 => VariantRef::Int(dec.r.i32()? as i64),
        K::Float if flags & FLAG_64 == 0 => VariantRef::Float(widen_like_engine(dec.r.f32()?)),
        K::Vector2 => VariantRef::Vector2(dec.reals(dec.is_wide(flags))?),
        K::Vector3 => VariantRef::Vector3(dec.reals(dec.is_wide(flags))?),
        K::Color => VariantRef::Color(dec.color()?),
        _ => {
            let mut v = Variant::Nil;
            dec.leaf(kind, flags, &mut v)?;
            match v {
                Variant::Nil => VariantRef::Nil,
                Variant::Bool(b) => VariantRef::Bool(b),
                Variant::Int(i) => VariantRef::Int(i),
                Variant::Float(x) => VariantRef::Float(x),
                Variant::Vector2(v) => VariantRef::Vector2(v),
                Variant::Vector3(v) => VariantRef::Vector3(v),
                Variant::Color(c) => VariantRef::Color(c),
                other => VariantRef::Other(Box::new(other)),
            }
        }
    })
}

// ---------------------------------------------------------------------------------------------------------
// The walk of a whole value with a stack on the heap: no depth can exhaust the thread's stack.

/// What a container [`Walked::open`] gives: its children and how many results they make.
enum Opened<I, E> {
    Items(I, usize),
    Entries(E, usize),
}

/// A value [`walk`] goes through, borrowed (`&VariantRef`) or owned (`VariantRef`): one algorithm for both.
trait Walked: Sized {
    /// An Array's items.
    type Items: Iterator<Item = Self>;
    /// A Dictionary's entries, as key and value.
    type Entries: Iterator<Item = (Self, Self)>;
    /// A container's children, or the value itself when it holds no others.
    fn open(self) -> std::result::Result<Opened<Self::Items, Self::Entries>, Self>;
}

type EntryOf<'a> = (VariantRef<'a>, VariantRef<'a>);

impl<'r, 'a> Walked for &'r VariantRef<'a> {
    type Items = std::slice::Iter<'r, VariantRef<'a>>;
    type Entries = std::iter::Map<std::slice::Iter<'r, EntryOf<'a>>, fn(&'r EntryOf<'a>) -> (Self, Self)>;

    fn open(self) -> std::result::Result<Opened<Self::Items, Self::Entries>, Self> {
        match self {
            VariantRef::Array(items) => Ok(Opened::Items(items.iter(), items.len())),
            VariantRef::Dictionary(entries) => {
                let split: fn(&'r EntryOf<'a>) -> (Self, Self) = |(k, v)| (k, v);
                Ok(Opened::Entries(entries.iter().map(split), entries.len() * 2))
            }
            v => Err(v),
        }
    }
}

impl<'a> Walked for VariantRef<'a> {
    type Items = std::vec::IntoIter<VariantRef<'a>>;
    type Entries = std::vec::IntoIter<EntryOf<'a>>;

    fn open(self) -> std::result::Result<Opened<Self::Items, Self::Entries>, Self> {
        match self {
            VariantRef::Array(items) => {
                let n = items.len();
                Ok(Opened::Items(items.into_iter(), n))
            }
            VariantRef::Dictionary(entries) => {
                let n = entries.len() * 2;
                Ok(Opened::Entries(entries.into_iter(), n))
            }
            v => Err(v),
        }
    }
}

/// A container being rebuilt by [`walk`]: its children still to visit (a dictionary's value waiting while
/// its key is visited) and what they became.
enum WalkFrame<N: Walked, T> {
    Items(N::Items, Vec<T>),
    Entries(N::Entries, Option<N>, Vec<T>),
}

/// Rebuilds `v` bottom-up: `leaf` for each value that holds no others, `array` and `dict` for containers
/// (given their children's results; a dictionary's as key, value pairs). `v` is borrowed or owned
/// ([`Walked`]); an owned value hands its leaves over by value.
fn walk<N: Walked, T>(
    v: N, mut leaf: impl FnMut(N) -> T, mut array: impl FnMut(Vec<T>) -> T, mut dict: impl FnMut(Vec<(T, T)>) -> T,
) -> T {
    let open = |v: N| match v.open() {
        Ok(Opened::Items(it, n)) => Ok(WalkFrame::Items(it, Vec::with_capacity(n))),
        Ok(Opened::Entries(it, n)) => Ok(WalkFrame::Entries(it, None, Vec::with_capacity(n))),
        Err(v) => Err(v),
    };
    let first = match open(v) {
        Ok(f) => f,
        Err(v) => return leaf(v),
    };
    let mut stack: Vec<WalkFrame<N, T>> = vec![first];
    loop {
        let next = match stack.last_mut() {
            Some(WalkFrame::Items(it, _)) => it.next(),
            Some(WalkFrame::Entries(it, pending, _)) => match pending.take() {
                Some(value) => Some(value),
                None => it.next().map(|(k, v)| {
                    *pending = Some(v);
                    k
                }),
            },
            None => unreachable_empty(),
        };
        let done = match next {
            Some(child) => match open(child) {
                Ok(f) => {
                    stack.push(f);
                    continue;
                }
                Err(v) => leaf(v),
            },
            None => match stack.pop() {
                Some(WalkFrame::Items(_, out)) => array(out),
                Some(WalkFrame::Entries(_, _, out)) => dict(pairs(out)),
                None => unreachable_empty(),
            },
        };
        match stack.last_mut() {
            Some(WalkFrame::Items(_, out) | WalkFrame::Entries(_, _, out)) => out.push(done),
            None => return done,
        }
    }
}

/// The walk never looks at an empty stack: it returns when the outermost container is done.
#[cold]
fn unreachable_empty() -> ! {
    unreachable!("a walk's stack is never empty while it runs")
}

/// Key, value, key, value, … as pairs.
fn pairs<T>(flat: Vec<T>) -> Vec<(T, T)> {
    let mut out = Vec::with_capacity(flat.len() / 2);
    let mut it = flat.into_iter();
    while let (Some(k), Some(v)) = (it.next(), it.next()) {
        out.push((k, v));
    }
    out
}

impl<'a> VariantRef<'a> {
    /// A copy of a value that holds no others (a container is copied whole, by [`walk`]).
    fn clone_leaf(&self) -> VariantRef<'a> {
        use VariantRef as R;
        match self {
            R::Nil => R::Nil,
            R::Bool(b) => R::Bool(*b),
            R::Int(i) => R::Int(*i),
            R::Float(x) => R::Float(*x),
            R::String(s) => R::String(s.clone()),
            R::StringName(s) => R::StringName(s.clone()),
            R::Vector2(v) => R::Vector2(*v),
            R::Vector3(v) => R::Vector3(*v),
            R::Color(c) => R::Color(*c),
            R::PackedByteArray(b) => R::PackedByteArray(b),
            R::PackedStringArray(v) => R::PackedStringArray(v.clone()),
            R::Other(v) => R::Other(v.clone()),
            R::Array(_) | R::Dictionary(_) => self.clone(),
        }
    }
}

impl Clone for VariantRef<'_> {
    fn clone(&self) -> Self {
        walk(self, VariantRef::clone_leaf, VariantRef::Array, VariantRef::Dictionary)
    }
}

impl PartialEq for VariantRef<'_> {
    /// Compares as the derived comparison would (floats with `==`), with a stack on the heap.
    fn eq(&self, o: &Self) -> bool {
        eq_with(self, o, |a, b| {
            use VariantRef as R;
            match (a, b) {
                (R::Nil, R::Nil) => true,
                (R::Bool(x), R::Bool(y)) => x == y,
                (R::Int(x), R::Int(y)) => x == y,
                (R::Float(x), R::Float(y)) => x == y,
                (R::String(x), R::String(y)) | (R::StringName(x), R::StringName(y)) => x == y,
                (R::Vector2(x), R::Vector2(y)) => x == y,
                (R::Vector3(x), R::Vector3(y)) => x == y,
                (R::Color(x), R::Color(y)) => x == y,
                (R::PackedByteArray(x), R::PackedByteArray(y)) => x == y,
                (R::PackedStringArray(x), R::PackedStringArray(y)) => x == y,
                (R::Other(x), R::Other(y)) => x == y,
                _ => false,
            }
        })
    }
}

/// Structural equality of two values, leaves compared by `leaf`, containers with a stack on the heap.
fn eq_with<'r, 'a>(
    a: &'r VariantRef<'a>, b: &'r VariantRef<'a>, leaf: impl Fn(&VariantRef<'a>, &VariantRef<'a>) -> bool,
) -> bool {
    type Entry<'a> = (VariantRef<'a>, VariantRef<'a>);
    enum Pairs<'r, 'a> {
        Items(&'r [VariantRef<'a>], &'r [VariantRef<'a>]),
        Entries(&'r [Entry<'a>], &'r [Entry<'a>]),
    }
    // Compares what two values hold themselves; two containers of one kind and size push their children.
    let shallow = |a: &'r VariantRef<'a>, b: &'r VariantRef<'a>, stack: &mut Vec<(Pairs<'r, 'a>, usize)>| match (a, b) {
        (VariantRef::Array(x), VariantRef::Array(y)) => {
            stack.push((Pairs::Items(x, y), 0));
            x.len() == y.len()
        }
        (VariantRef::Dictionary(x), VariantRef::Dictionary(y)) => {
            stack.push((Pairs::Entries(x, y), 0));
            x.len() == y.len()
        }
        (VariantRef::Array(_) | VariantRef::Dictionary(_), _)
        | (_, VariantRef::Array(_) | VariantRef::Dictionary(_)) => false,
        _ => leaf(a, b),
    };
    let mut stack = Vec::new();
    if !shallow(a, b, &mut stack) {
        return false;
    }
    while let Some((pairs, i)) = stack.last_mut() {
        let k = *i;
        *i += 1;
        let next = match pairs {
            Pairs::Items(x, y) => x.get(k).zip(y.get(k)),
            Pairs::Entries(x, y) => {
                x.get(k / 2).zip(y.get(k / 2)).map(|(p, q)| if k % 2 == 0 { (&p.0, &q.0) } else { (&p.1, &q.1) })
            }
        };
        match next {
            Some((p, q)) => {
                if !shallow(p, q, &mut stack) {
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

impl std::fmt::Debug for VariantRef<'_> {
    /// As a derived `Debug` would print, with containers deeper than 64 levels shown as `…` (bounded stack).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use VariantRef as R;
        match self {
            R::Nil => f.write_str("Nil"),
            R::Bool(x) => f.debug_tuple("Bool").field(x).finish(),
            R::Int(x) => f.debug_tuple("Int").field(x).finish(),
            R::Float(x) => f.debug_tuple("Float").field(x).finish(),
            R::String(x) => f.debug_tuple("String").field(x).finish(),
            R::StringName(x) => f.debug_tuple("StringName").field(x).finish(),
            R::Vector2(x) => f.debug_tuple("Vector2").field(x).finish(),
            R::Vector3(x) => f.debug_tuple("Vector3").field(x).finish(),
            R::Color(x) => f.debug_tuple("Color").field(x).finish(),
            R::PackedByteArray(x) => f.debug_tuple("PackedByteArray").field(x).finish(),
            R::PackedStringArray(x) => f.debug_tuple("PackedStringArray").field(x).finish(),
            R::Other(x) => f.debug_tuple("Other").field(x).finish(),
            R::Array(x) => match crate::data::value_traits::DebugLevel::enter() {
                Some(_level) => f.debug_tuple("Array").field(x).finish(),
                None => f.write_str("Array(…)"),
            },
            R::Dictionary(x) => match crate::data::value_traits::DebugLevel::enter() {
                Some(_level) => f.debug_tuple("Dictionary").field(x).finish(),
                None => f.write_str("Dictionary(…)"),
            },
        }
    }
}

/// The owned [`Variant`] a view holds, like [`VariantRef::to_variant`] but reusing what the view owns.
///
/// ```
/// use godot_bin::{Variant, VariantRef};
/// let v = VariantRef::PackedStringArray(vec!["npc".into(), "hostile".into()]);
/// assert_eq!(Variant::from(v), Variant::PackedStringArray(vec!["npc".into(), "hostile".into()]));
/// ```
impl From<VariantRef<'_>> for Variant {
    fn from(v: VariantRef<'_>) -> Variant {
        walk(v, VariantRef::leaf_into_variant, Variant::from, |entries| {
            Variant::Dictionary(Box::new(Dictionary::from(entries)))
        })
    }
}
