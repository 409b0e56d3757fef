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

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

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
/// a plain Dictionary elsewhere).
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
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TypedDictionary<K, V>(pub Vec<(K, V)>);

impl<K, V> Default for TypedDictionary<K, V> {
    fn default() -> Self {
        TypedDictionary(Vec::new())
    }
}

impl<K, V> FromIterator<(K, V)> for TypedDictionary<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(pairs: I) -> Self {
        TypedDictionary(pairs.into_iter().collect())
    }
}

impl<K, V> IntoIterator for TypedDictionary<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<K, V> Deref for TypedDictionary<K, V> {
    type Target = Vec<(K, V)>;
    fn deref(&self) -> &Vec<(K, V)> {
        &self.0
    }
}

impl<K, V> DerefMut for TypedDictionary<K, V> {
    fn deref_mut(&mut self) -> &mut Vec<(K, V)> {
        &mut self.0
    }
}

impl<K, V> TypedDictionary<K, V> {
    /// The number of entries.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let d: TypedDictionary<String, i64> = [("a".to_string(), 1)].into_iter().collect();
    /// assert_eq!(d.len(), 1);
    /// ```
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no entries.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// assert!(TypedDictionary::<String, i64>::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The entries in order, key and value.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let d: TypedDictionary<String, i64> = [("a".to_string(), 1), ("b".to_string(), 2)].into_iter().collect();
    /// assert_eq!(d.iter().map(|(_, v)| v).sum::<i64>(), 3);
    /// ```
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&K, &V)> + ExactSizeIterator {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// The value for `key` (compared with each key in turn: the entries are a plain list).
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let d: TypedDictionary<String, i64> = [("hp".to_string(), 10)].into_iter().collect();
    /// assert_eq!(d.get("hp"), Some(&10));
    /// assert_eq!(d.get("mp"), None);
    /// ```
    pub fn get<Q: ?Sized + PartialEq>(&self, key: &Q) -> Option<&V>
    where
        K: std::borrow::Borrow<Q>,
    {
        self.0.iter().find(|(k, _)| k.borrow() == key).map(|(_, v)| v)
    }

    /// Sets `key` to `value`: a key already there keeps its position and gets `value` (the old value is
    /// returned), else the entry is appended. Compares with each key in turn (the entries are a plain list);
    /// for many entries, collect them from an iterator instead.
    ///
    /// ```
    /// use godot_bin::typed::TypedDictionary;
    /// let mut d = TypedDictionary::<String, i64>::default();
    /// assert_eq!(d.insert("hp".to_string(), 10), None);
    /// assert_eq!(d.insert("hp".to_string(), 9), Some(10));
    /// assert_eq!(d.0, [("hp".to_string(), 9)]);
    /// ```
    pub fn insert(&mut self, key: K, value: V) -> Option<V>
    where
        K: PartialEq,
    {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => Some(std::mem::replace(v, value)),
            None => {
                self.0.push((key, value));
                None
            }
        }
    }
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
        st.serialize_field("entries", &Pairs(&self.0))?;
        st.end()
    }
}

impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Deserialize<'de> for TypedDictionary<K, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct PairsVisitor<K, V>(PhantomData<(K, V)>);
        impl<'de, K: Deserialize<'de>, V: Deserialize<'de>> Visitor<'de> for PairsVisitor<K, V> {
            type Value = TypedDictionary<K, V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a Dictionary")
            }
            fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
                d.deserialize_map(self)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Self::Value, A::Error> {
                let mut out = Vec::with_capacity(m.size_hint().unwrap_or(0).min(4096));
                while let Some(pair) = m.next_entry()? {
                    out.push(pair);
                }
                Ok(TypedDictionary(out))
            }
        }
        // A newtype with a magic name, as `TypedArray`'s.
        d.deserialize_newtype_struct(crate::format::magic::TYPED_DICTIONARY, PairsVisitor(PhantomData))
    }
}
