//! Typed containers from serde: [`TypedArray<T>`] is written as `Array[T]` and [`TypedDictionary<K, V>`]
//! as `Dictionary[K, V]` in the dialects that have them (Godot 4.3+ and Pandemonium 5 for arrays, Godot
//! 4.4+ for dictionaries), byte for byte as the engine's `var_to_bytes` writes the same typed value, and as
//! plain containers in the dialects that have none. A GDScript variable declared `var names: Array[String]`
//! accepts only a typed array: a `Vec<String>` is written untyped and refused there.
//!
//! ```
//! use godot_bin::{to_vec, typed::{TypedArray, TypedDictionary}};
//! // Godot 4.6 var_to_bytes(Array[String](["a", "bc", ""])) (tests/fixtures/godot-4.6/values.tsv "tarr_string"):
//! let names = TypedArray::from(vec!["a".to_string(), "bc".into(), "".into()]);
//! assert_eq!(to_vec(&names)?[..8], [0x1c, 0, 1, 0, 4, 0, 0, 0]); // Array, typed: String
//! // Reading takes any array, typed or not.
//! let back: TypedArray<String> = godot_bin::from_slice(&to_vec(&names)?)?;
//! assert_eq!(back[1], "bc");
//! // Dictionary[String, int]
//! let scores: TypedDictionary<String, i64> = [("k".to_string(), 3)].into_iter().collect();
//! assert_eq!(to_vec(&scores)?[..12], [0x1b, 0, 5, 0, 4, 0, 0, 0, 2, 0, 0, 0]);
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::borrow::Borrow;
use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use crate::data::dict_keys::HashIndex;
use crate::data::entries::LINEAR_MAX;
use crate::format::key_hash::key_hash;
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{ContainerType, Dictionary, Variant};

/// A Rust type that is one Godot type as an element of a typed container: the type `Array[T]` names.
/// Implemented for the scalars, strings, markers, `Variant` (untyped) and the containers. A struct that
/// only derives `Serialize`/`Deserialize` needs nothing more: wrap it in [`AsDictionary`]
/// (`TypedArray<AsDictionary<Item>>` is `Array[Dictionary]`). For other types of your own, implement it (a
/// C-like enum stored as its int is an `int`).
///
/// ```
/// use godot_bin::{value::{ContainerType, TypeKind}, typed::Element};
/// #[derive(serde::Serialize)]
/// struct Item { name: String }
/// impl Element for Item {
///     fn container_type() -> ContainerType {
///         ContainerType::Builtin(TypeKind::Dictionary)
///     }
/// }
/// assert_eq!(<i32 as Element>::container_type(), ContainerType::Builtin(TypeKind::Int));
/// assert_eq!(<godot_bin::Variant as Element>::container_type(), ContainerType::Untyped);
/// ```
pub trait Element {
    /// The element type of a typed container holding this type.
    fn container_type() -> ContainerType;
}

macro_rules! element {
    ($kind:ident: $($t:ty),*) => {$(
        impl Element for $t {
            fn container_type() -> ContainerType {
                ContainerType::Builtin(TypeKind::$kind)
            }
        }
    )*};
}

element!(Bool: bool);
element!(Int: i8, i16, i32, i64, u8, u16, u32);
element!(Float: f32, f64);
element!(String: String, str, char);
element!(StringName: StringName);
element!(NodePath: NodePath);
element!(Vector2: Vector2);
element!(Vector2i: Vector2i);
element!(Rect2: Rect2);
element!(Rect2i: Rect2i);
element!(Vector3: Vector3);
element!(Vector3i: Vector3i);
element!(Transform2D: Transform2D);
element!(Vector4: Vector4);
element!(Vector4i: Vector4i);
element!(Plane: Plane);
element!(Quaternion: Quaternion);
element!(Aabb: Aabb);
element!(Basis: Basis);
element!(Transform3D: Transform3D);
element!(Projection: Projection);
element!(Color: Color);
element!(Dictionary: Dictionary);
element!(PackedByteArray: crate::packed::PackedByteArray);
element!(PackedInt32Array: crate::packed::PackedInt32Array);
element!(PackedInt64Array: crate::packed::PackedInt64Array);
element!(PackedFloat32Array: crate::packed::PackedFloat32Array);
element!(PackedFloat64Array: crate::packed::PackedFloat64Array);
element!(PackedStringArray: crate::packed::PackedStringArray);
element!(PackedVector2Array: crate::packed::PackedVector2Array);
element!(PackedVector3Array: crate::packed::PackedVector3Array);
element!(PackedColorArray: crate::packed::PackedColorArray);
element!(PackedVector4Array: crate::packed::PackedVector4Array);

impl Element for Variant {
    fn container_type() -> ContainerType {
        ContainerType::Untyped
    }
}

impl<T: ?Sized + Element> Element for &T {
    fn container_type() -> ContainerType {
        T::container_type()
    }
}

impl<T> Element for Vec<T> {
    fn container_type() -> ContainerType {
        ContainerType::Builtin(TypeKind::Array)
    }
}

impl<T> Element for TypedArray<T> {
    fn container_type() -> ContainerType {
        ContainerType::Builtin(TypeKind::Array)
    }
}

impl<K, V> Element for TypedDictionary<K, V> {
    fn container_type() -> ContainerType {
        ContainerType::Builtin(TypeKind::Dictionary)
    }
}

impl<K, V, S> Element for HashMap<K, V, S> {
    fn container_type() -> ContainerType {
        ContainerType::Builtin(TypeKind::Dictionary)
    }
}

impl<K, V> Element for BTreeMap<K, V> {
    fn container_type() -> ContainerType {
        ContainerType::Builtin(TypeKind::Dictionary)
    }
}

/// Any `Serialize`/`Deserialize` type (a derived struct) as an element of type `Dictionary`: what a struct
/// is on the wire. `TypedArray<AsDictionary<Item>>` is written as `Array[Dictionary]`, which a GDScript
/// variable `var items: Array[Dictionary]` accepts, and reads it back; the wrapper is transparent (it
/// derefs to the value, and other formats see the value itself). A blanket `Element` for every such type
/// cannot exist beside the others (a `Vector2` derives them too, and is a `Vector2`), hence the wrapper.
///
/// ```
/// use godot_bin::{typed::{AsDictionary, TypedArray}, Variant};
/// #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
/// struct Item { name: String, count: i64 }
/// let items: TypedArray<AsDictionary<Item>> = vec![AsDictionary(Item { name: "potion".into(), count: 3 })].into();
/// let bytes = godot_bin::to_vec(&items)?;
/// // Array, typed: Dictionary (the header Godot 4.6 writes for an Array[Dictionary], tests/fixtures/godot-4.6/values.tsv "tarr_dict"):
/// assert_eq!(bytes[..8], [0x1c, 0, 1, 0, 27, 0, 0, 0]);
/// let back: TypedArray<AsDictionary<Item>> = godot_bin::from_slice(&bytes)?;
/// assert_eq!(back[0].name, "potion");
/// let strict = godot_bin::Config::default().with_strict_typed_containers(true);
/// assert_eq!(godot_bin::from_slice_with::<TypedArray<AsDictionary<Item>>>(&bytes, &strict)?, back);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize)]
#[serde(transparent)]
pub struct AsDictionary<T>(pub T);

impl<T> Element for AsDictionary<T> {
    fn container_type() -> ContainerType {
        ContainerType::Builtin(TypeKind::Dictionary)
    }
}

impl<T> From<T> for AsDictionary<T> {
    fn from(v: T) -> Self {
        AsDictionary(v)
    }
}

impl<T> Deref for AsDictionary<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for AsDictionary<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// A `Vec<T>` written as the typed `Array[T]` (where the dialect has typed arrays: Godot 4.3+, Pandemonium 5;
/// a plain Array elsewhere); it derefs to its `Vec`.
///
/// ```
/// use godot_bin::{Config, Dialect, typed::TypedArray, Variant};
/// let a: TypedArray<i64> = vec![1, 2, 3].into();
/// assert_eq!(a.len(), 3);
/// // Godot 4.6 var_to_bytes(Array[int]([1, 2, 3])) (tests/fixtures/godot-4.6/values.tsv "tarr_int"):
/// let engine = [
///     0x1c, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
/// ];
/// assert_eq!(godot_bin::to_vec(&a)?, engine);
/// // Godot 3 has no typed arrays: a plain Array.
/// let g3 = godot_bin::to_vec_with(&a, &Config::new(Dialect::Godot3))?;
/// assert_eq!(g3, godot_bin::to_vec_with(&vec![1i64, 2, 3], &Config::new(Dialect::Godot3))?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TypedArray<T>(pub Vec<T>);

impl<T> From<Vec<T>> for TypedArray<T> {
    fn from(v: Vec<T>) -> Self {
        TypedArray(v)
    }
}

impl<T> From<TypedArray<T>> for Vec<T> {
    fn from(a: TypedArray<T>) -> Self {
        a.0
    }
}

impl<T> FromIterator<T> for TypedArray<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        TypedArray(items.into_iter().collect())
    }
}

impl<T> IntoIterator for TypedArray<T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<T> Deref for TypedArray<T> {
    type Target = Vec<T>;
    fn deref(&self) -> &Vec<T> {
        &self.0
    }
}

impl<T> DerefMut for TypedArray<T> {
    fn deref_mut(&mut self) -> &mut Vec<T> {
        &mut self.0
    }
}

impl<T: Element + Serialize> Serialize for TypedArray<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("$godot_bin::Array", 5)?;
        st.serialize_field("element_type", &T::container_type())?;
        st.serialize_field("shared", &false)?;
        st.serialize_field("packed", &false)?;
        st.serialize_field("where_supported", &true)?;
        st.serialize_field("items", &self.0)?;
        st.end()
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for TypedArray<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // A newtype with a magic name, so that our deserializer knows the typed Array is kept (see
        // `Config::strict_typed_containers`); other formats see a newtype around a sequence.
        struct ItemsVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ItemsVisitor<T> {
            type Value = TypedArray<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an Array")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                Vec::<T>::deserialize(d).map(TypedArray)
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(x) = seq.next_element()? {
                    out.push(x);
                }
                Ok(TypedArray(out))
            }
        }
        d.deserialize_newtype_struct(crate::format::magic::TYPED_ARRAY, ItemsVisitor(PhantomData))
    }
}

/// Insertion-ordered pairs written as the typed `Dictionary[K, V]` (where the dialect has them: Godot 4.4+;
/// a plain Dictionary elsewhere), with an index by key: [`get`](Self::get), [`insert`](Self::insert) and
/// [`contains_key`](Self::contains_key) cost the key's size, not the number of entries, however the
/// dictionary was made (decoded, collected, converted from a `Vec`). Keys are unique (a repeated key keeps its
/// first place and takes the later value, as the engine reads one) and compared with `==`; they are indexed
/// through their `Serialize` (a per-process keyed hash, so chosen keys cannot collide on purpose), which is why
/// `f32`/`f64` keys work. As `Hash` must, keys equal by `==` must serialize alike (a bare float's `-0.0` and
/// `0.0` are one key). The entries are read as a slice (`d[0]`, `d.first()`, `d.len()`); change values with
/// [`get_mut`](Self::get_mut) or [`iter_mut`](Self::iter_mut), anything else through a `Vec` and back.
///
/// ```
/// use godot_bin::typed::TypedDictionary;
/// let d: TypedDictionary<String, i64> = [("a".to_string(), 1)].into_iter().collect();
/// // Godot 4.6 var_to_bytes(Dictionary[String, int]({"a": 1}))
/// // (tests/fixtures/godot-4.6/values.tsv "tdict_str_int_a1"):
/// let engine = [
///     0x1b, 0, 5, 0, 4, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0, 2, 0, 0, 0, 1, 0, 0,
///     0,
/// ];
/// assert_eq!(godot_bin::to_vec(&d)?, engine);
/// let back: TypedDictionary<String, i64> = godot_bin::from_slice(&engine)?;
/// assert_eq!(back, d);
/// assert_eq!(back[0], ("a".to_string(), 1));
/// // Any edit through a Vec: the index is rebuilt from it.
/// let mut pairs = Vec::from(back);
/// pairs.retain(|(_, v)| *v > 1);
/// assert!(TypedDictionary::from(pairs).is_empty());
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone)]
pub struct TypedDictionary<K, V> {
    entries: Vec<(K, V)>,
    /// Entries by key hash (`key_hash`), there whenever the entries are past a few (`entries::LINEAR_MAX`);
    /// a key that is not equal to itself (a NaN float) is never indexed, as no lookup can find it.
    index: Option<Box<HashIndex>>,
}

impl<K, V> Default for TypedDictionary<K, V> {
    fn default() -> Self {
        TypedDictionary { entries: Vec::new(), index: None }
    }
}

impl<K: PartialEq, V: PartialEq> PartialEq for TypedDictionary<K, V> {
    fn eq(&self, o: &Self) -> bool {
        self.entries == o.entries
    }
}

impl<K: Eq, V: Eq> Eq for TypedDictionary<K, V> {}

impl<K: std::hash::Hash, V: std::hash::Hash> std::hash::Hash for TypedDictionary<K, V> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.entries.hash(h)
    }
}

impl<K: fmt::Debug, V: fmt::Debug> fmt::Debug for TypedDictionary<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("TypedDictionary").field(&self.entries).finish()
    }
}

impl<K: Serialize + PartialEq, V> FromIterator<(K, V)> for TypedDictionary<K, V> {
    /// The pairs in order, a repeated key keeping its first place and taking the later value.
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        let mut d = TypedDictionary::default();
        d.extend(pairs);
        d
    }
}

impl<K: Serialize + PartialEq, V> Extend<(K, V)> for TypedDictionary<K, V> {
    /// Inserts each pair in turn ([`TypedDictionary::insert`]).
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, pairs: I) {
        for (k, v) in pairs {
            self.insert(k, v);
        }
    }
}

impl<K: Serialize + PartialEq, V> From<Vec<(K, V)>> for TypedDictionary<K, V> {
    /// As collecting the pairs: a repeated key keeps its first place and takes the later value.
    fn from(pairs: Vec<(K, V)>) -> Self {
        pairs.into_iter().collect()
    }
}

impl<K, V> From<TypedDictionary<K, V>> for Vec<(K, V)> {
    fn from(d: TypedDictionary<K, V>) -> Self {
        d.entries
    }
}

impl<K, V> IntoIterator for TypedDictionary<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a, K, V> IntoIterator for &'a TypedDictionary<K, V> {
    type Item = &'a (K, V);
    type IntoIter = std::slice::Iter<'a, (K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.iter()
    }
}

impl<K, V> Deref for TypedDictionary<K, V> {
    type Target = [(K, V)];
    fn deref(&self) -> &[(K, V)] {
        &self.entries
    }
}

impl<K, V> TypedDictionary<K, V> {
    /// The entries in order, key and value.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let d: TypedDictionary<String, i64> = [("a".to_string(), 1), ("b".to_string(), 2)].into_iter().collect();
    /// assert_eq!(d.iter().map(|(_, v)| v).sum::<i64>(), 3);
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + ExactSizeIterator {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    /// The entries in order, each value to change (a key cannot change in place: that would lose it from
    /// the index).
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let mut d: TypedDictionary<String, i64> = [("a".to_string(), 1), ("b".to_string(), 2)].into_iter().collect();
    /// d.iter_mut().for_each(|(_, v)| *v *= 10);
    /// assert_eq!(d.get("b"), Some(&20));
    /// ```
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&K, &mut V)> + ExactSizeIterator {
        self.entries.iter_mut().map(|(k, v)| (&*k, v))
    }

    /// The position of `key`'s entry: through the index past a few entries.
    fn position<Q: ?Sized + Serialize + PartialEq>(&self, key: &Q) -> Option<usize>
    where
        K: Borrow<Q>,
    {
        if !findable(key) {
            return None;
        }
        match self.index.as_deref() {
            None => self.entries.iter().position(|(k, _)| k.borrow() == key),
            Some(ix) => ix.find(key_hash(key), |i| self.entries[i].0.borrow() == key),
        }
    }

    /// The value for `key` (a `&str` for `String` keys), in time independent of the number of entries.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let d: TypedDictionary<String, i64> = [("hp".to_string(), 10)].into_iter().collect();
    /// assert_eq!(d.get("hp"), Some(&10));
    /// assert_eq!(d.get("mp"), None);
    /// ```
    pub fn get<Q: ?Sized + Serialize + PartialEq>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.position(key).map(|i| &self.entries[i].1)
    }

    /// The value for `key`, to change.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let mut d: TypedDictionary<String, i64> = [("hp".to_string(), 10)].into_iter().collect();
    /// *d.get_mut("hp").unwrap() -= 1;
    /// assert_eq!(d.get("hp"), Some(&9));
    /// ```
    pub fn get_mut<Q: ?Sized + Serialize + PartialEq>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        let i = self.position(key)?;
        Some(&mut self.entries[i].1)
    }

    /// Whether `key` has an entry.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// // Float keys work: `Dictionary[float, String]`.
    /// let d: TypedDictionary<f64, String> = [(0.5, "half".to_string())].into_iter().collect();
    /// assert!(d.contains_key(&0.5));
    /// assert!(!d.contains_key(&f64::NAN));
    /// ```
    pub fn contains_key<Q: ?Sized + Serialize + PartialEq>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.position(key).is_some()
    }

    /// Sets `key` to `value`: a key already there keeps its position and gets `value` (the old value is
    /// returned), else the entry is appended. Costs the key's size, however many entries there are.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let mut d = TypedDictionary::<String, i64>::default();
    /// assert_eq!(d.insert("hp".to_string(), 10), None);
    /// assert_eq!(d.insert("hp".to_string(), 9), Some(10));
    /// assert_eq!(d[..], [("hp".to_string(), 9)]);
    /// ```
    pub fn insert(&mut self, key: K, value: V) -> Option<V>
    where
        K: Serialize + PartialEq,
    {
        let n = self.entries.len();
        // A key not equal to itself (NaN) is never found: appended, and left out of the index.
        let findable = findable(&key);
        if findable && n >= LINEAR_MAX && self.index.is_none() {
            let mut ix = Box::new(HashIndex::with_capacity(n + 1));
            for (i, (k, _)) in self.entries.iter().enumerate() {
                if self::findable(k) {
                    ix.find_or_insert(key_hash(k), i, |_| false);
                }
            }
            self.index = Some(ix);
        }
        let entries = &self.entries;
        let found = match self.index.as_deref_mut() {
            _ if !findable => None,
            None => entries.iter().position(|(k, _)| *k == key),
            Some(ix) => ix.find_or_insert(key_hash(&key), n, |i| entries[i].0 == key),
        };
        match found {
            Some(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            None => {
                self.entries.push((key, value));
                None
            }
        }
    }
}

/// Whether `key` equals itself (not a NaN float): a key that does not is never found.
fn findable<Q: ?Sized + PartialEq>(key: &Q) -> bool {
    PartialEq::eq(key, key)
}

/// The pairs as a serde map.
struct Pairs<'a, K, V>(&'a [(K, V)]);

impl<K: Serialize, V: Serialize> Serialize for Pairs<'_, K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl<K: Element + Serialize, V: Element + Serialize> Serialize for TypedDictionary<K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("$godot_bin::Dictionary", 5)?;
        st.serialize_field("key_type", &K::container_type())?;
        st.serialize_field("value_type", &V::container_type())?;
        st.serialize_field("shared", &false)?;
        st.serialize_field("where_supported", &true)?;
        st.serialize_field("entries", &Pairs(&self.entries))?;
        st.end()
    }
}

impl<'de, K: Deserialize<'de> + Serialize + PartialEq, V: Deserialize<'de>> Deserialize<'de> for TypedDictionary<K, V> {
    /// Reads any Dictionary; a repeated key keeps its first place and takes the later value, as the engine
    /// reads one.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct PairsVisitor<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de> + Serialize + PartialEq, V: Deserialize<'de>> Visitor<'de> for PairsVisitor<K, V> {
            type Value = TypedDictionary<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a Dictionary")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_map(self)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut out = TypedDictionary::default();
                out.entries.reserve(m.size_hint().unwrap_or(0).min(4096));
                while let Some((k, v)) = m.next_entry()? {
                    out.insert(k, v);
                }
                Ok(out)
            }
        }
        // A newtype with a magic name, as `TypedArray`'s.
        d.deserialize_newtype_struct(crate::format::magic::TYPED_DICTIONARY, PairsVisitor(PhantomData))
    }
}
