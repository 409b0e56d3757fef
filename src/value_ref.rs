//! [`VariantRef`]: a decoded value that borrows its strings and byte arrays from the input.

use std::borrow::Cow;
use std::collections::HashMap;

use crate::codec::Decoder;
use crate::config::{Config, Family};
use crate::error::{Error, ErrorKind, Result};
use crate::markers::{Color, StringName, Vector2, Vector3};
use crate::types::TypeKind;
use crate::value::{Array, Dictionary, Variant};
use crate::wire::{widen_like_engine, FLAG_64};

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
#[derive(Clone, Debug, PartialEq)]
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
            return Err(Error::at(ErrorKind::TrailingBytes(bytes.len() - used), used));
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
        let v = decode_value(&mut dec)?;
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
        self.clone().into_variant()
    }

    /// Like [`VariantRef::to_variant`], reusing what this value owns.
    ///
    /// ```
    /// use godot_bin::{Variant, VariantRef};
    /// let v = VariantRef::PackedStringArray(vec!["npc".into(), "hostile".into()]);
    /// assert_eq!(v.into_variant(), Variant::PackedStringArray(vec!["npc".into(), "hostile".into()]));
    /// ```
    pub fn into_variant(self) -> Variant {
        match self {
            VariantRef::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for v in items {
                    out.push(v.into_variant());
                }
                Variant::Array(Box::new(Array::from(out)))
            }
            VariantRef::Dictionary(entries) => {
                let mut out = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    out.push((k.into_variant(), v.into_variant()));
                }
                Variant::Dictionary(Box::new(Dictionary::from(out)))
            }
            v => v.leaf_into_variant(),
        }
    }

    #[inline(never)]
    fn leaf_into_variant(self) -> Variant {
        use VariantRef as R;
        match self {
            R::Nil => Variant::Nil,
            R::Bool(b) => Variant::Bool(b),
            R::Int(i) => Variant::Int(i),
            R::Float(x) => Variant::Float(x),
            R::String(s) => Variant::String(s.into_owned()),
            R::StringName(s) => Variant::StringName(StringName(s.into_owned())),
            R::Vector2(v) => Variant::Vector2(v),
            R::Vector3(v) => Variant::Vector3(v),
            R::Color(c) => Variant::Color(c),
            R::PackedByteArray(b) => Variant::PackedByteArray(b.to_vec()),
            R::PackedStringArray(v) => Variant::PackedStringArray(v.into_iter().map(Cow::into_owned).collect()),
            R::Other(v) => *v,
            R::Array(_) | R::Dictionary(_) => self.into_variant(),
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

impl From<VariantRef<'_>> for Variant {
    fn from(v: VariantRef<'_>) -> Variant {
        v.into_variant()
    }
}

/// A key compared without building a [`Variant`]: an int or a text (`name` tells a StringName from a
/// String where the dialect keeps them apart).
#[derive(PartialEq)]
enum SimpleKey<'k> {
    Int(i64),
    Text { name: bool, text: &'k str },
}

/// A container being decoded. Its places are made (as nils) when it opens, and children are written into
/// them: building a value elsewhere and moving it in stalled on store forwarding.
enum Frame<'a> {
    Array {
        items: Vec<VariantRef<'a>>,
        /// Places written so far.
        used: usize,
    },
    Dictionary {
        keys: KeyIndex,
        entries: Vec<(VariantRef<'a>, VariantRef<'a>)>,
        /// Entries with a key so far.
        used: usize,
        /// Pairs still to read.
        left: usize,
        /// Where the value of the key just read goes.
        value_of: Option<usize>,
    },
}

impl<'a> Frame<'a> {
    fn array(n: usize) -> Self {
        let mut items = Vec::new();
        items.resize_with(n, || VariantRef::Nil);
        Frame::Array { items, used: 0 }
    }

    fn dictionary(n: usize, merge_names: bool) -> Self {
        let mut entries = Vec::new();
        entries.resize_with(n, || (VariantRef::Nil, VariantRef::Nil));
        let keys = KeyIndex { merge_names, simple: None, general: None };
        Frame::Dictionary { keys, entries, used: 0, left: n, value_of: None }
    }

    /// The place of the next child; [`Frame::filled`] must follow once it is written.
    fn slot(&mut self) -> &mut VariantRef<'a> {
        match self {
            Frame::Array { items, used } => {
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
    fn filled(&mut self) -> bool {
        match self {
            Frame::Array { items, used } => {
                *used += 1;
                *used == items.len()
            }
            Frame::Dictionary { keys, entries, used, left, value_of } => match value_of.take() {
                None => {
                    // A key: its value goes to an earlier entry with the same key, if there is one.
                    let new = (*used).min(entries.len() - 1);
                    *value_of = Some(match keys.find_or_add(&entries[..=new]) {
                        Some(i) => {
                            put(&mut entries[new].0, VariantRef::Nil);
                            i
                        }
                        None => {
                            *used += 1;
                            new
                        }
                    });
                    false
                }
                Some(_) => {
                    *left -= 1;
                    *left == 0
                }
            },
        }
    }

    fn finish(self) -> VariantRef<'a> {
        match self {
            Frame::Array { items, .. } => VariantRef::Array(items),
            Frame::Dictionary { mut entries, used, .. } => {
                entries.truncate(used);
                VariantRef::Dictionary(entries)
            }
        }
    }
}

/// Finds earlier entries with the same key, as the engine's dictionary does (see `DictBuilder`).
struct KeyIndex {
    /// Godot 4 merges a String and a StringName of the same text.
    merge_names: bool,
    /// Entry index by key, built once the dictionary is past a few entries (before that, a linear scan).
    /// Text keys are owned copies, so that no borrow of the entries is kept.
    simple: Option<HashMap<SimpleKeyOwned, usize>>,
    /// Entry index by the key's lookup form, used from the first key that is not an int or a text.
    general: Option<HashMap<Variant, usize>>,
}

#[derive(PartialEq, Eq, Hash)]
enum SimpleKeyOwned {
    Int(i64),
    Text { name: bool, text: Box<str> },
}

impl KeyIndex {
    const LINEAR_MAX: usize = 16;

    fn simple<'k>(&self, k: &'k VariantRef<'_>) -> Option<SimpleKey<'k>> {
        match k {
            VariantRef::Int(i) => Some(SimpleKey::Int(*i)),
            VariantRef::String(s) => Some(SimpleKey::Text { name: false, text: s }),
            VariantRef::StringName(s) => Some(SimpleKey::Text { name: !self.merge_names, text: s }),
            _ => None,
        }
    }

    fn owned(k: &SimpleKey<'_>) -> SimpleKeyOwned {
        match *k {
            SimpleKey::Int(i) => SimpleKeyOwned::Int(i),
            SimpleKey::Text { name, text } => SimpleKeyOwned::Text { name, text: text.into() },
        }
    }

    fn lookup_form(&self, k: &VariantRef<'_>) -> Variant {
        let v = k.to_variant();
        crate::typed::lookup_key(&v, self.merge_names).unwrap_or(v)
    }

    /// The last entry's key is new: returns the index of an earlier entry with the same key, or records the
    /// new one and returns `None`.
    fn find_or_add(&mut self, entries: &[(VariantRef<'_>, VariantRef<'_>)]) -> Option<usize> {
        let (new, earlier) = entries.split_last()?;
        let n = earlier.len();
        let key = &new.0;
        if self.general.is_none() {
            if let Some(sk) = self.simple(key) {
                if let Some(m) = &mut self.simple {
                    let owned = Self::owned(&sk);
                    if let Some(&i) = m.get(&owned) {
                        return Some(i);
                    }
                    m.insert(owned, n);
                    return None;
                }
                let merge = self.merge_names;
                let found = match key {
                    // The usual key: compared with the text keys only.
                    VariantRef::String(s) => earlier.iter().position(|(ek, _)| match ek {
                        VariantRef::String(t) => t == s,
                        VariantRef::StringName(t) => merge && t == s,
                        _ => false,
                    }),
                    _ => earlier.iter().position(|(ek, _)| self.simple(ek).as_ref() == Some(&sk)),
                };
                if found.is_none() && n + 1 >= Self::LINEAR_MAX {
                    let mut m = HashMap::with_capacity(entries.len() * 2);
                    for (i, (ek, _)) in entries.iter().enumerate() {
                        if let Some(s) = self.simple(ek) {
                            m.insert(Self::owned(&s), i);
                        }
                    }
                    self.simple = Some(m);
                }
                return found;
            }
            // The first key that is neither an int nor a text: from now on keys are compared as Variants.
            let mut m = HashMap::with_capacity(entries.len() * 2);
            for (i, (ek, _)) in earlier.iter().enumerate() {
                m.insert(self.lookup_form(ek), i);
            }
            self.general = Some(m);
            self.simple = None;
        }
        let form = self.lookup_form(key);
        let m = self.general.as_mut()?;
        if let Some(&i) = m.get(&form) {
            return Some(i);
        }
        m.insert(form, n);
        None
    }
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
        let mut done = match kind {
            K::Array if plain_containers && (!d.typed_arrays() || flags >> 16 & 3 == 0) => {
                let (n, _) = dec.container_count(1)?;
                if n > 0 {
                    stack.push(Frame::array(n));
                    continue;
                }
                VariantRef::Array(Vec::new())
            }
            K::Dictionary if plain_containers && (!d.typed_dictionaries() || flags >> 16 & 0xF == 0) => {
                let (n, _) = dec.container_count(2)?;
                if n > 0 {
                    stack.push(Frame::dictionary(n, merge_names));
                    continue;
                }
                VariantRef::Dictionary(Vec::new())
            }
            K::Array | K::Dictionary | K::Object | K::TypedArray | K::PackedTypedArray => {
                // Read again from its header by the Variant decoder, at the same depth.
                dec.r = before;
                VariantRef::Other(Box::new(dec.value(depth)?))
            }
            _ => match stack.last_mut() {
                None => {
                    let mut v = VariantRef::Nil;
                    leaf(dec, kind, flags, &mut v)?;
                    return Ok(v);
                }
                Some(f) => {
                    leaf(dec, kind, flags, f.slot())?;
                    if !f.filled() {
                        continue;
                    }
                    stack.pop().map(Frame::finish).unwrap_or(VariantRef::Nil)
                }
            },
        };
        // Hand the finished container to its parent; close every parent it completes.
        loop {
            let Some(f) = stack.last_mut() else { return Ok(done) };
            put(f.slot(), done);
            if !f.filled() {
                break;
            }
            done = stack.pop().map(Frame::finish).unwrap_or(VariantRef::Nil);
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
