//! [`Variant`]: a dynamic value that holds anything any dialect can put on the wire, without loss.
//!
//! ```
//! use godot_bin::{Config, Dialect, Variant};
//! let v = Variant::from(vec![Variant::from("hp"), Variant::Int(10), Variant::Float(0.5)]);
//! // The same value goes to every dialect that has its types:
//! for cfg in [Config::new(Dialect::Godot3), Config::new(Dialect::Godot4_6)] {
//!     assert_eq!(Variant::decode(&v.encode(&cfg)?, &cfg)?, v);
//! }
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::hash::{Hash, Hasher};

pub use crate::data::gstring::GString;
use crate::data::hash_index::HashIndex;
use crate::markers::*;
// The type ids, public here beside the values that have them.
pub use crate::types::TypeKind;

// What `Variant` is indexed by; its impls are in value_access.rs with the rest of indexing.
mod private {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

/// What a [`Variant`] can be indexed by: a position in an Array (`usize`) or a text key of a Dictionary
/// (`&str`, `String`; a key is found whether it is a String or a StringName). Sealed: implemented here only.
///
/// ```
/// use godot_bin::{Variant, value::VariantIndex};
/// fn first<I: VariantIndex>(v: &Variant, i: I) -> Option<&Variant> {
///     v.get(i)
/// }
/// let a = Variant::from(vec![Variant::Int(7)]);
/// assert_eq!(first(&a, 0), Some(&Variant::Int(7)));
/// assert_eq!(first(&a, "x"), None);
/// ```
pub trait VariantIndex: private::Sealed {
    #[doc(hidden)]
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant>;
    #[doc(hidden)]
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant>;
    /// The place for `v[index] = …`: a missing key is added (and a nil becomes a Dictionary first), as
    /// serde_json does; a position must exist.
    #[doc(hidden)]
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> &'v mut Variant;
}

/// Any value of any dialect, like `serde_json::Value` for Godot.
///
/// Decoding then encoding with the same [`Config`](crate::Config) reproduces the engine's bytes (floats keep their bits,
/// including NaN payloads and `-0.0`; dictionaries keep insertion order). Equality compares floats by bits.
///
/// ```
/// use godot_bin::{Config, Variant, markers::Vector2};
/// let cfg = Config::default(); // newest Godot 4
/// let v = Variant::Array(Box::new(vec![Variant::Int(1), Variant::from("a"), Variant::Vector2(Vector2::new(1.0, 2.0))].into()));
/// let bytes = v.encode(&cfg).unwrap();
/// assert_eq!(Variant::decode(&bytes, &cfg).unwrap(), v);
/// ```
#[derive(Debug, Default)]
#[non_exhaustive]
pub enum Variant {
    /// `null`.
    #[default]
    Nil,
    /// `bool`.
    Bool(bool),
    /// `int`. Written as 32 bits when it fits, else 64 (Godot 2: always 32, truncated).
    Int(i64),
    /// `float`. Written as 32 bits when exactly representable, else 64 (Godot 2: always 32).
    Float(f64),
    /// `String` (its text inline up to 24 bytes: [`GString`]).
    String(GString),
    /// `StringName` (Godot 4, Pandemonium).
    StringName(StringName),
    /// `Vector2`.
    Vector2(Vector2),
    /// `Vector2i`.
    Vector2i(Vector2i),
    /// `Rect2`.
    Rect2(Rect2),
    /// `Rect2i`.
    Rect2i(Rect2i),
    /// `Vector3`.
    Vector3(Vector3),
    /// `Vector3i`.
    Vector3i(Vector3i),
    /// `Transform2D`.
    Transform2D(Box<Transform2D>),
    /// `Vector4`.
    Vector4(Vector4),
    /// `Vector4i`.
    Vector4i(Vector4i),
    /// `Plane`.
    Plane(Plane),
    /// `Quaternion` (`Quat`).
    Quaternion(Quaternion),
    /// `AABB`.
    Aabb(Box<Aabb>),
    /// `Basis`.
    Basis(Box<Basis>),
    /// `Transform3D` (`Transform`).
    Transform3D(Box<Transform3D>),
    /// `Projection`.
    Projection(Box<Projection>),
    /// `Color`.
    Color(Color),
    /// `NodePath`.
    NodePath(Box<NodePath>),
    /// `RID`.
    Rid(Rid),
    /// `Object`: null, by instance id, or full.
    Object(Box<Object>),
    /// `Callable` (Godot 4): the wire carries no payload.
    Callable,
    /// `Signal` (Godot 4): a signal name on an object id.
    Signal(Signal),
    /// `Dictionary`.
    Dictionary(Box<Dictionary>),
    /// `Array` (typed or not; Pandemonium 5's `TypedArray` too).
    Array(Box<Array>),
    /// `PackedByteArray`.
    PackedByteArray(Vec<u8>),
    /// `PackedInt32Array`.
    PackedInt32Array(Vec<i32>),
    /// `PackedInt64Array` (Godot 4).
    PackedInt64Array(Vec<i64>),
    /// `PackedFloat32Array` (`PoolRealArray`).
    PackedFloat32Array(Vec<f32>),
    /// `PackedFloat64Array` (Godot 4).
    PackedFloat64Array(Vec<f64>),
    /// `PackedStringArray`.
    PackedStringArray(Vec<GString>),
    /// `PackedVector2Array`.
    PackedVector2Array(Vec<Vector2>),
    /// `PackedVector3Array`.
    PackedVector3Array(Vec<Vector3>),
    /// `PackedColorArray`.
    PackedColorArray(Vec<Color>),
    /// `PackedVector4Array` (Godot 4.3+, Pandemonium 3.8+).
    PackedVector4Array(Vec<Vector4>),
    /// Pandemonium `PoolVector2iArray`.
    PackedVector2iArray(Vec<Vector2i>),
    /// Pandemonium `PoolVector3iArray`.
    PackedVector3iArray(Vec<Vector3i>),
    /// Pandemonium 3.8+ `PoolVector4iArray`.
    PackedVector4iArray(Vec<Vector4i>),
    /// Pandemonium 5 `PackedTypedArray` (same layout as its `TypedArray`).
    PackedTypedArray(Box<Array>),
    /// Godot 2 `Image`.
    Image(Box<Image>),
    /// Godot 2 `InputEvent`.
    InputEvent(InputEvent),
}

/// An `Object` value.
///
/// ```
/// use godot_bin::{Object, Variant};
/// let o = Object::Full { class: "RefCounted".into(), properties: vec![("script".into(), Variant::Nil)] };
/// assert_eq!(o.class(), Some("RefCounted"));
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Object {
    /// A null (or freed) object.
    Null,
    /// An object sent by instance id (`EncodedObjectAsID` on the receiving side). Godot 4 sets bit 63 for
    /// RefCounted objects.
    InstanceId(u64),
    /// A full object (only with [`Config::allow_objects`](crate::Config::allow_objects)): class name and stored properties in order.
    Full {
        /// The class to instantiate.
        class: String,
        /// Property name and value, in the order written.
        properties: Vec<(String, Variant)>,
    },
}

impl Object {
    /// The class name of a full object; `None` for a null object or one sent by instance id.
    ///
    /// ```
    /// use godot_bin::Object;
    /// let o = Object::Full { class: "Node2D".into(), properties: vec![] };
    /// assert_eq!(o.class(), Some("Node2D"));
    /// assert_eq!(Object::InstanceId(1).class(), None);
    /// ```
    pub fn class(&self) -> Option<&str> {
        match self {
            Object::Full { class, .. } => Some(class),
            _ => None,
        }
    }
}

/// A `Signal` value: signal name and the instance id of the object that has it.
///
/// ```
/// let s = godot_bin::value::Signal { name: "hit".into(), object: 7 };
/// assert_eq!(s.name, "hit");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Signal {
    /// The signal's name.
    pub name: String,
    /// The owning object's instance id (0 for `Signal()`).
    pub object: u64,
}

/// The declared element type of a typed container (Godot 4.3+ arrays, 4.4+ dictionaries, Pandemonium 5
/// typed arrays).
///
/// ```
/// use godot_bin::{value::ContainerType, value::TypeKind};
/// assert!(ContainerType::Untyped.is_untyped());
/// assert!(!ContainerType::Builtin(TypeKind::Int).is_untyped());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum ContainerType {
    /// Any value (`Array`, `Dictionary`).
    #[default]
    Untyped,
    /// A built-in type (`Array[int]`).
    Builtin(TypeKind),
    /// Objects of a class (`Array[Node]`).
    Class(String),
    /// Objects with a script, by resource path (`Array[MyScript]`).
    Script(String),
}

impl ContainerType {
    /// Whether this is [`ContainerType::Untyped`].
    ///
    /// ```
    /// use godot_bin::{Array, value::ContainerType};
    /// assert!(Array::default().element_type.is_untyped());
    /// assert!(!ContainerType::Class("Node".into()).is_untyped());
    /// ```
    pub fn is_untyped(&self) -> bool {
        matches!(self, ContainerType::Untyped)
    }
}

/// An `Array`: elements and, for typed arrays, their declared type.
///
/// ```
/// use godot_bin::{Array, value::ContainerType, value::TypeKind, Variant};
/// let a = Array { items: vec![Variant::Int(1)], element_type: ContainerType::Builtin(TypeKind::Int), shared: false };
/// assert_eq!(a.items.len(), 1);
/// let plain: Array = vec![Variant::Nil].into();
/// assert!(plain.element_type.is_untyped());
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Array {
    /// The elements.
    pub items: Vec<Variant>,
    /// The declared element type (Untyped for a plain Array).
    pub element_type: ContainerType,
    /// Godot 2's "shared" bit (bit 31 of the count). Ignored and never written by later dialects.
    pub shared: bool,
}

impl From<Vec<Variant>> for Array {
    fn from(items: Vec<Variant>) -> Self {
        Array { items, ..Default::default() }
    }
}

/// An Array reads and changes as a slice of its elements (`len`, `is_empty`, `iter`, `iter_mut`, `get`,
/// `get_mut`, `[i]`, `first`, sorting, …); [`Array::items`] is the `Vec` to grow or shrink.
///
/// ```
/// use godot_bin::{Array, Variant};
/// let mut a = Array::from(vec![Variant::Int(1), Variant::Int(2)]);
/// assert_eq!((a.len(), a.is_empty(), a.get(2)), (2, false, None));
/// assert_eq!(a.iter().filter_map(Variant::as_int).sum::<i64>(), 3);
/// a.iter_mut().for_each(|v| *v = Variant::Nil);
/// *a.get_mut(0).unwrap() = Variant::Int(8);
/// a.items.push(Variant::Int(9));
/// assert_eq!(a[..], [Variant::Int(8), Variant::Nil, Variant::Int(9)]);
/// ```
impl std::ops::Deref for Array {
    type Target = [Variant];
    fn deref(&self) -> &[Variant] {
        &self.items
    }
}

impl std::ops::DerefMut for Array {
    fn deref_mut(&mut self) -> &mut [Variant] {
        &mut self.items
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Variant;
    type IntoIter = std::slice::Iter<'a, Variant>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a> IntoIterator for &'a mut Array {
    type Item = &'a mut Variant;
    type IntoIter = std::slice::IterMut<'a, Variant>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.iter_mut()
    }
}

impl IntoIterator for Array {
    type Item = Variant;
    type IntoIter = std::vec::IntoIter<Variant>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

/// A [`Dictionary`](crate::Dictionary)'s entries, key and value in insertion order.
///
/// Reads as a slice of `(key, value)` pairs (`len`, `iter`, `[i]`, `first`, …). Changes go through the
/// [`Dictionary`](crate::Dictionary)'s methods, which keep the index by key current:
/// [`insert`](crate::Dictionary::insert) (a key already there gets the value in place),
/// [`get_mut`](crate::Dictionary::get_mut) and [`iter_mut`](crate::Dictionary::iter_mut) (values only). Entries past a few always have that index,
/// however they were made (decoded: the decoder's own index of the keys is kept; collected; from a `Vec`:
/// hashing each key once), and every change keeps it, so building a dictionary key by key costs the size of
/// its keys, not their count squared, and a lookup (through `&` too) costs the key's size, not the count. Keys are compared as [`Variant`]'s `==` does (floats by bits: `Int(1)` and `Float(1.0)` are
/// different keys, a NaN key finds the same NaN).
///
/// ```
/// use godot_bin::{value::Entries, Dictionary, Variant};
/// let mut d = Dictionary::from(Entries::from(vec![(Variant::from("a"), Variant::Int(1))]));
/// d.insert("b".into(), Variant::Int(2));
/// d.insert("a".into(), Variant::Int(3));
/// let e: &Entries = &d.entries;
/// assert_eq!(*e, [("a".into(), Variant::Int(3)), ("b".into(), Variant::Int(2))]);
/// assert_eq!(e[1].0.as_str(), Some("b"));
/// ```
#[derive(Default)]
pub struct Entries {
    pub(crate) list: Vec<(Variant, Variant)>,
    /// Entries by key hash: there whenever the entries are past a few (`entries::LINEAR_MAX`), kept
    /// current by every change. (A plain field, not a lazily filled cell: a `Variant` must not
    /// look interior-mutable to a `HashMap`.)
    pub(crate) index: Option<Box<HashIndex>>,
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
pub struct IterMut<'a>(pub(crate) std::slice::IterMut<'a, (Variant, Variant)>);

impl<'a> Iterator for IterMut<'a> {
    type Item = (&'a Variant, &'a mut Variant);
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(k, v)| (&*k, v))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
    // The entry at a position without a walk: `d.iter_mut().nth(i)` is how a tool edits entry `i`.
    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        self.0.nth(n).map(|(k, v)| (&*k, v))
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

impl std::ops::Deref for Entries {
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
    /// The entries as given (a repeated key is kept; lookups find its first entry), indexed past a few.
    fn from(list: Vec<(Variant, Variant)>) -> Self {
        Entries::with_index(list, None)
    }
}

impl From<Entries> for Vec<(Variant, Variant)> {
    fn from(e: Entries) -> Self {
        e.list
    }
}

impl FromIterator<(Variant, Variant)> for Entries {
    /// The pairs in order, a repeated key keeping its place and taking the later value (as
    /// [`Dictionary::insert`](crate::Dictionary::insert)).
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

/// A `Dictionary`: entries in insertion order (keys are unique, any [`Variant`] can be a key), and, for
/// typed dictionaries (Godot 4.4+), the key and value types. Finding and inserting a key cost the key's
/// size, not the dictionary's ([`Entries`] keeps an index by key).
///
/// ```
/// use godot_bin::{Dictionary, Variant};
/// let mut d = Dictionary::default();
/// d.insert(Variant::from("hp"), Variant::Int(10));
/// d.insert(Variant::from("hp"), Variant::Int(9));
/// assert_eq!(d.len(), 1);
/// assert_eq!(d.get(&Variant::from("hp")), Some(&Variant::Int(9)));
/// for (k, v) in &d {
///     println!("{k:?} = {v:?}");
/// }
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Dictionary {
    /// Key and value, in insertion order.
    pub entries: Entries,
    /// The declared key type.
    pub key_type: ContainerType,
    /// The declared value type.
    pub value_type: ContainerType,
    /// Godot 2's "shared" bit. Ignored and never written by later dialects.
    pub shared: bool,
}

impl Dictionary {
    /// The number of entries.
    ///
    /// ```
    /// use godot_bin::Dictionary;
    /// let d: Dictionary = [("a", 1), ("b", 2), ("a", 3)].into_iter().collect();
    /// assert_eq!(d.len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no entries.
    ///
    /// ```
    /// use godot_bin::Dictionary;
    /// assert!(Dictionary::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries in insertion order, key and value.
    ///
    /// ```
    /// use godot_bin::{Dictionary, Variant};
    /// let d: Dictionary = [("a", 1), ("b", 2)].into_iter().collect();
    /// let keys: Vec<&str> = d.iter().filter_map(|(k, _)| k.as_str()).collect();
    /// assert_eq!(keys, ["a", "b"]);
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter(self.entries.iter())
    }

    /// The entries in insertion order, each value to change (a key cannot change in place).
    ///
    /// ```
    /// use godot_bin::{Dictionary, Variant};
    /// let mut d: Dictionary = [("a", 1), ("b", 2)].into_iter().collect();
    /// for (_, v) in d.iter_mut() {
    ///     *v = Variant::Int(v.as_int().unwrap() * 10);
    /// }
    /// assert_eq!(d.get(&"b".into()), Some(&Variant::Int(20)));
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_> {
        self.entries.iter_mut()
    }

    /// The value for `key`. Keys are compared as [`Variant`]s: `Int(1)` and `Float(1.0)` are different keys.
    ///
    /// ```
    /// use godot_bin::{Dictionary, Variant};
    /// let d = Dictionary::from(vec![(Variant::Int(1), Variant::from("one"))]);
    /// assert_eq!(d.get(&Variant::Int(1)), Some(&Variant::from("one")));
    /// assert_eq!(d.get(&Variant::Float(1.0)), None);
    /// ```
    pub fn get(&self, key: &Variant) -> Option<&Variant> {
        self.entries.position(key).map(|i| &self.entries[i].1)
    }

    /// The value for `key`, to change (keys compared as [`Dictionary::get`] does).
    ///
    /// ```
    /// use godot_bin::{Dictionary, Variant};
    /// let mut d: Dictionary = [("hp", 10)].into_iter().collect();
    /// if let Some(hp) = d.get_mut(&"hp".into()) {
    ///     *hp = Variant::Int(9);
    /// }
    /// assert_eq!(d.get(&"hp".into()), Some(&Variant::Int(9)));
    /// ```
    pub fn get_mut(&mut self, key: &Variant) -> Option<&mut Variant> {
        let i = self.entries.position_indexed(key)?;
        self.entries.value_mut(i)
    }

    /// Sets `key` to `value`: replaces the value in place if the key exists (keeping its position, and
    /// returning the old value), else appends. This is what the engine does when it reads a repeated key.
    /// Costs the key's size, however many entries there are.
    ///
    /// ```
    /// use godot_bin::{Dictionary, Variant};
    /// let mut d = Dictionary::default();
    /// d.insert("a".into(), Variant::Int(1));
    /// d.insert("b".into(), Variant::Int(2));
    /// assert_eq!(d.insert("a".into(), Variant::Int(3)), Some(Variant::Int(1)));
    /// assert_eq!(d.entries, [("a".into(), Variant::Int(3)), ("b".into(), Variant::Int(2))]);
    /// ```
    pub fn insert(&mut self, key: Variant, value: Variant) -> Option<Variant> {
        self.entries.insert(key, value)
    }
}

impl<'a> IntoIterator for &'a Dictionary {
    type Item = (&'a Variant, &'a Variant);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Dictionary {
    type Item = (&'a Variant, &'a mut Variant);
    type IntoIter = IterMut<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl IntoIterator for Dictionary {
    type Item = (Variant, Variant);
    type IntoIter = std::vec::IntoIter<(Variant, Variant)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl From<Entries> for Dictionary {
    fn from(entries: Entries) -> Self {
        Dictionary { entries, ..Default::default() }
    }
}

impl From<Vec<(Variant, Variant)>> for Dictionary {
    fn from(entries: Vec<(Variant, Variant)>) -> Self {
        Dictionary { entries: entries.into(), ..Default::default() }
    }
}

impl Variant {
    /// The kind of value.
    ///
    /// ```
    /// use godot_bin::{value::TypeKind, Variant};
    /// assert_eq!(Variant::Int(1).kind(), TypeKind::Int);
    /// ```
    pub fn kind(&self) -> TypeKind {
        use Variant as V;
        match self {
            V::Nil => TypeKind::Nil,
            V::Bool(_) => TypeKind::Bool,
            V::Int(_) => TypeKind::Int,
            V::Float(_) => TypeKind::Float,
            V::String(_) => TypeKind::String,
            V::StringName(_) => TypeKind::StringName,
            V::Vector2(_) => TypeKind::Vector2,
            V::Vector2i(_) => TypeKind::Vector2i,
            V::Rect2(_) => TypeKind::Rect2,
            V::Rect2i(_) => TypeKind::Rect2i,
            V::Vector3(_) => TypeKind::Vector3,
            V::Vector3i(_) => TypeKind::Vector3i,
            V::Transform2D(_) => TypeKind::Transform2D,
            V::Vector4(_) => TypeKind::Vector4,
            V::Vector4i(_) => TypeKind::Vector4i,
            V::Plane(_) => TypeKind::Plane,
            V::Quaternion(_) => TypeKind::Quaternion,
            V::Aabb(_) => TypeKind::Aabb,
            V::Basis(_) => TypeKind::Basis,
            V::Transform3D(_) => TypeKind::Transform3D,
            V::Projection(_) => TypeKind::Projection,
            V::Color(_) => TypeKind::Color,
            V::NodePath(_) => TypeKind::NodePath,
            V::Rid(_) => TypeKind::Rid,
            V::Object(_) => TypeKind::Object,
            V::Callable => TypeKind::Callable,
            V::Signal(_) => TypeKind::Signal,
            V::Dictionary(_) => TypeKind::Dictionary,
            V::Array(_) => TypeKind::Array,
            V::PackedByteArray(_) => TypeKind::PackedByteArray,
            V::PackedInt32Array(_) => TypeKind::PackedInt32Array,
            V::PackedInt64Array(_) => TypeKind::PackedInt64Array,
            V::PackedFloat32Array(_) => TypeKind::PackedFloat32Array,
            V::PackedFloat64Array(_) => TypeKind::PackedFloat64Array,
            V::PackedStringArray(_) => TypeKind::PackedStringArray,
            V::PackedVector2Array(_) => TypeKind::PackedVector2Array,
            V::PackedVector3Array(_) => TypeKind::PackedVector3Array,
            V::PackedColorArray(_) => TypeKind::PackedColorArray,
            V::PackedVector4Array(_) => TypeKind::PackedVector4Array,
            V::PackedVector2iArray(_) => TypeKind::PackedVector2iArray,
            V::PackedVector3iArray(_) => TypeKind::PackedVector3iArray,
            V::PackedVector4iArray(_) => TypeKind::PackedVector4iArray,
            V::PackedTypedArray(_) => TypeKind::PackedTypedArray,
            V::Image(_) => TypeKind::Image,
            V::InputEvent(_) => TypeKind::InputEvent,
        }
    }

    /// Whether this is `null` (Nil, or a null Object).
    ///
    /// ```
    /// use godot_bin::{Object, Variant};
    /// assert!(Variant::Nil.is_nil());
    /// assert!(Variant::from(Object::Null).is_nil());
    /// assert!(!Variant::Int(0).is_nil());
    /// ```
    pub fn is_nil(&self) -> bool {
        matches!(self, Variant::Nil) || matches!(self, Variant::Object(o) if **o == Object::Null)
    }

    /// The string, for String and StringName.
    ///
    /// ```
    /// use godot_bin::{markers::StringName, Variant};
    /// assert_eq!(Variant::from("a").as_str(), Some("a"));
    /// assert_eq!(Variant::from(StringName::from("b")).as_str(), Some("b"));
    /// assert_eq!(Variant::Int(1).as_str(), None);
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Variant::String(s) => Some(s),
            Variant::StringName(s) => Some(&s.0),
            _ => None,
        }
    }

    /// The integer, for Int. A Float is not converted.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// assert_eq!(Variant::Int(-4).as_int(), Some(-4));
    /// assert_eq!(Variant::Float(1.0).as_int(), None);
    /// ```
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Variant::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// The number, for Float and Int (converted with `as`, which rounds beyond 2^53).
    ///
    /// ```
    /// use godot_bin::Variant;
    /// assert_eq!(Variant::Float(0.5).as_float(), Some(0.5));
    /// assert_eq!(Variant::Int(3).as_float(), Some(3.0));
    /// assert_eq!(Variant::from("3").as_float(), None);
    /// ```
    pub fn as_float(&self) -> Option<f64> {
        match self {
            Variant::Float(f) => Some(*f),
            Variant::Int(i) => Some(*i as f64),
            _ => None,
        }
    }
}

impl From<&str> for Variant {
    fn from(s: &str) -> Self {
        Variant::String(s.into())
    }
}
impl From<String> for Variant {
    fn from(s: String) -> Self {
        Variant::String(s.into())
    }
}
impl From<GString> for Variant {
    fn from(s: GString) -> Self {
        Variant::String(s)
    }
}
impl From<bool> for Variant {
    fn from(b: bool) -> Self {
        Variant::Bool(b)
    }
}
impl From<i64> for Variant {
    fn from(i: i64) -> Self {
        Variant::Int(i)
    }
}
impl From<i32> for Variant {
    fn from(i: i32) -> Self {
        Variant::Int(i as i64)
    }
}
impl From<f64> for Variant {
    fn from(f: f64) -> Self {
        Variant::Float(f)
    }
}
impl From<Array> for Variant {
    fn from(a: Array) -> Self {
        Variant::Array(Box::new(a))
    }
}
impl From<Vec<Variant>> for Variant {
    fn from(a: Vec<Variant>) -> Self {
        Variant::Array(Box::new(a.into()))
    }
}
impl From<Dictionary> for Variant {
    fn from(d: Dictionary) -> Self {
        Variant::Dictionary(Box::new(d))
    }
}
impl From<Object> for Variant {
    fn from(o: Object) -> Self {
        Variant::Object(Box::new(o))
    }
}
impl From<NodePath> for Variant {
    fn from(p: NodePath) -> Self {
        Variant::NodePath(Box::new(p))
    }
}
impl From<StringName> for Variant {
    fn from(s: StringName) -> Self {
        Variant::StringName(s)
    }
}

impl Variant {
    // One uniform arm per variant, Copy payloads included.
    #[allow(clippy::clone_on_copy)]
    #[inline(never)]
    pub(crate) fn leaf_clone(&self) -> Self {
        use Variant as V;
        match self {
            V::Nil => V::Nil,
            V::Bool(a) => V::Bool(a.clone()),
            V::Int(a) => V::Int(a.clone()),
            V::Float(a) => V::Float(a.clone()),
            V::String(a) => V::String(a.clone()),
            V::StringName(a) => V::StringName(a.clone()),
            V::Vector2(a) => V::Vector2(a.clone()),
            V::Vector2i(a) => V::Vector2i(a.clone()),
            V::Rect2(a) => V::Rect2(a.clone()),
            V::Rect2i(a) => V::Rect2i(a.clone()),
            V::Vector3(a) => V::Vector3(a.clone()),
            V::Vector3i(a) => V::Vector3i(a.clone()),
            V::Transform2D(a) => V::Transform2D(a.clone()),
            V::Vector4(a) => V::Vector4(a.clone()),
            V::Vector4i(a) => V::Vector4i(a.clone()),
            V::Plane(a) => V::Plane(a.clone()),
            V::Quaternion(a) => V::Quaternion(a.clone()),
            V::Aabb(a) => V::Aabb(a.clone()),
            V::Basis(a) => V::Basis(a.clone()),
            V::Transform3D(a) => V::Transform3D(a.clone()),
            V::Projection(a) => V::Projection(a.clone()),
            V::Color(a) => V::Color(a.clone()),
            V::NodePath(a) => V::NodePath(a.clone()),
            V::Rid(a) => V::Rid(a.clone()),
            V::Callable => V::Callable,
            V::Signal(a) => V::Signal(a.clone()),
            V::PackedByteArray(a) => V::PackedByteArray(a.clone()),
            V::PackedInt32Array(a) => V::PackedInt32Array(a.clone()),
            V::PackedInt64Array(a) => V::PackedInt64Array(a.clone()),
            V::PackedFloat32Array(a) => V::PackedFloat32Array(a.clone()),
            V::PackedFloat64Array(a) => V::PackedFloat64Array(a.clone()),
            V::PackedStringArray(a) => V::PackedStringArray(a.clone()),
            V::PackedVector2Array(a) => V::PackedVector2Array(a.clone()),
            V::PackedVector3Array(a) => V::PackedVector3Array(a.clone()),
            V::PackedColorArray(a) => V::PackedColorArray(a.clone()),
            V::PackedVector4Array(a) => V::PackedVector4Array(a.clone()),
            V::PackedVector2iArray(a) => V::PackedVector2iArray(a.clone()),
            V::PackedVector3iArray(a) => V::PackedVector3iArray(a.clone()),
            V::PackedVector4iArray(a) => V::PackedVector4iArray(a.clone()),
            V::Image(a) => V::Image(a.clone()),
            V::InputEvent(a) => V::InputEvent(a.clone()),
            V::Dictionary(a) => V::Dictionary(a.clone()),
            V::Array(a) => V::Array(a.clone()),
            V::PackedTypedArray(a) => V::PackedTypedArray(a.clone()),
            V::Object(a) => V::Object(a.clone()),
        }
    }
}

impl Variant {
    #[inline(never)]
    pub(crate) fn leaf_eq(&self, o: &Self) -> bool {
        use Variant as V;
        match (self, o) {
            (V::Nil, V::Nil) | (V::Callable, V::Callable) => true,
            (V::Bool(a), V::Bool(b)) => a == b,
            (V::Int(a), V::Int(b)) => a == b,
            (V::Float(a), V::Float(b)) => a.bits_eq(b),
            (V::String(a), V::String(b)) => a == b,
            (V::StringName(a), V::StringName(b)) => a == b,
            (V::Vector2(a), V::Vector2(b)) => a == b,
            (V::Vector2i(a), V::Vector2i(b)) => a == b,
            (V::Rect2(a), V::Rect2(b)) => a == b,
            (V::Rect2i(a), V::Rect2i(b)) => a == b,
            (V::Vector3(a), V::Vector3(b)) => a == b,
            (V::Vector3i(a), V::Vector3i(b)) => a == b,
            (V::Transform2D(a), V::Transform2D(b)) => a == b,
            (V::Vector4(a), V::Vector4(b)) => a == b,
            (V::Vector4i(a), V::Vector4i(b)) => a == b,
            (V::Plane(a), V::Plane(b)) => a == b,
            (V::Quaternion(a), V::Quaternion(b)) => a == b,
            (V::Aabb(a), V::Aabb(b)) => a == b,
            (V::Basis(a), V::Basis(b)) => a == b,
            (V::Transform3D(a), V::Transform3D(b)) => a == b,
            (V::Projection(a), V::Projection(b)) => a == b,
            (V::Color(a), V::Color(b)) => a == b,
            (V::NodePath(a), V::NodePath(b)) => a == b,
            (V::Rid(a), V::Rid(b)) => a == b,
            (V::Signal(a), V::Signal(b)) => a == b,
            (V::PackedByteArray(a), V::PackedByteArray(b)) => a == b,
            (V::PackedInt32Array(a), V::PackedInt32Array(b)) => a == b,
            (V::PackedInt64Array(a), V::PackedInt64Array(b)) => a == b,
            (V::PackedFloat32Array(a), V::PackedFloat32Array(b)) => a[..].bits_eq(&b[..]),
            (V::PackedFloat64Array(a), V::PackedFloat64Array(b)) => a[..].bits_eq(&b[..]),
            (V::PackedStringArray(a), V::PackedStringArray(b)) => a == b,
            (V::PackedVector2Array(a), V::PackedVector2Array(b)) => a == b,
            (V::PackedVector3Array(a), V::PackedVector3Array(b)) => a == b,
            (V::PackedColorArray(a), V::PackedColorArray(b)) => a == b,
            (V::PackedVector4Array(a), V::PackedVector4Array(b)) => a == b,
            (V::PackedVector2iArray(a), V::PackedVector2iArray(b)) => a == b,
            (V::PackedVector3iArray(a), V::PackedVector3iArray(b)) => a == b,
            (V::PackedVector4iArray(a), V::PackedVector4iArray(b)) => a == b,
            (V::Image(a), V::Image(b)) => a == b,
            (V::InputEvent(a), V::InputEvent(b)) => a == b,
            _ => false,
        }
    }
}

impl Variant {
    /// Feeds the hasher this value's kind and, for a value that holds no others, its contents (a container
    /// contributes its kind only: its children are hashed by `dict_keys::structural_hash`).
    pub(crate) fn hash_leaf<H: Hasher>(&self, h: &mut H) {
        use Variant as V;
        std::mem::discriminant(self).hash(h);
        match self {
            V::Nil | V::Callable | V::Dictionary(_) | V::Array(_) | V::PackedTypedArray(_) => {}
            V::Object(o) => match &**o {
                Object::Full { .. } => {}
                o => o.hash(h),
            },
            V::Bool(a) => a.hash(h),
            V::Int(a) => a.hash(h),
            V::Float(a) => a.bits_hash(h),
            V::String(a) => a.hash(h),
            V::StringName(a) => a.hash(h),
            V::Vector2(a) => a.hash(h),
            V::Vector2i(a) => a.hash(h),
            V::Rect2(a) => a.hash(h),
            V::Rect2i(a) => a.hash(h),
            V::Vector3(a) => a.hash(h),
            V::Vector3i(a) => a.hash(h),
            V::Transform2D(a) => a.hash(h),
            V::Vector4(a) => a.hash(h),
            V::Vector4i(a) => a.hash(h),
            V::Plane(a) => a.hash(h),
            V::Quaternion(a) => a.hash(h),
            V::Aabb(a) => a.hash(h),
            V::Basis(a) => a.hash(h),
            V::Transform3D(a) => a.hash(h),
            V::Projection(a) => a.hash(h),
            V::Color(a) => a.hash(h),
            V::NodePath(a) => a.hash(h),
            V::Rid(a) => a.hash(h),
            V::Signal(a) => a.hash(h),
            V::PackedByteArray(a) => a.hash(h),
            V::PackedInt32Array(a) => a.hash(h),
            V::PackedInt64Array(a) => a.hash(h),
            V::PackedFloat32Array(a) => a[..].bits_hash(h),
            V::PackedFloat64Array(a) => a[..].bits_hash(h),
            V::PackedStringArray(a) => a.hash(h),
            V::PackedVector2Array(a) => a.hash(h),
            V::PackedVector3Array(a) => a.hash(h),
            V::PackedColorArray(a) => a.hash(h),
            V::PackedVector4Array(a) => a.hash(h),
            V::PackedVector2iArray(a) => a.hash(h),
            V::PackedVector3iArray(a) => a.hash(h),
            V::PackedVector4iArray(a) => a.hash(h),
            V::Image(a) => a.hash(h),
            V::InputEvent(a) => a.hash(h),
        }
    }
}

/// Levels of containers up to which a recursive walk (the text and JSON writers, dialect conversion) runs
/// on the caller's stack: at a few KB a level in a debug build, well inside any thread's stack.
const SHALLOW_WALK: usize = 64;

/// Stack reserved per level for a deeper walk (about 4× what the writers take in a debug build).
const STACK_PER_LEVEL: usize = 16 << 10;

impl Variant {
    /// How many containers deep `self` is (0 for a leaf), counted without recursion. Object properties,
    /// dictionary keys and values all count.
    ///
    /// ```
    /// use godot_bin::Variant;
    /// assert_eq!(Variant::Int(1).nesting_depth(), 0);
    /// let v = Variant::from(vec![Variant::from(vec![Variant::Int(1)]), Variant::Nil]);
    /// assert_eq!(v.nesting_depth(), 2);
    /// ```
    pub fn nesting_depth(&self) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(self, 0usize)];
        while let Some((v, d)) = stack.pop() {
            deepest = deepest.max(d);
            match v {
                Variant::Array(a) | Variant::PackedTypedArray(a) => stack.extend(a.items.iter().map(|x| (x, d + 1))),
                Variant::Dictionary(m) => {
                    stack.extend(m.entries.iter().flat_map(|(k, x)| [(k, d + 1), (x, d + 1)]));
                }
                Variant::Object(o) => {
                    if let Object::Full { properties, .. } = &**o {
                        stack.extend(properties.iter().map(|(_, x)| (x, d + 1)));
                    }
                }
                _ => {}
            }
        }
        deepest
    }
}

/// Runs `walk`, a recursive walk over `v`, where the stack has room for it: on the caller's thread when `v`
/// is at most [`SHALLOW_WALK`] levels deep, else on a scoped thread whose stack is sized by `v`'s depth
/// (reserved address space; only the pages the walk touches are used). Deep values then cost one thread
/// start, never a stack overflow. If no thread can be started, the walk runs on the caller's thread.
pub(crate) fn with_stack_for<R: Send>(v: &Variant, walk: impl FnOnce() -> R + Send) -> R {
    let depth = v.nesting_depth();
    if depth <= SHALLOW_WALK {
        return walk();
    }
    let mut walk = Some(walk);
    let slot = &mut walk;
    let done = std::thread::scope(|s| {
        let started = std::thread::Builder::new()
            .name("godot_bin deep walk".into())
            .stack_size((depth + 64).saturating_mul(STACK_PER_LEVEL))
            .spawn_scoped(s, move || slot.take().map(|w| w()));
        started.ok().map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
    });
    match (done.flatten(), walk) {
        (Some(r), _) => r,
        (None, Some(w)) => w(),
        (None, None) => unreachable!("the walk ran on its thread and returned"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variant_stays_small() {
        assert!(std::mem::size_of::<Variant>() <= 40, "{}", std::mem::size_of::<Variant>());
    }

    #[test]
    fn floats_compare_by_bits() {
        assert_eq!(Variant::Float(f64::NAN), Variant::Float(f64::NAN));
        assert_ne!(Variant::Float(0.0), Variant::Float(-0.0));
    }
}
