//! The engine type ids of every dialect, as one table per wire layout, mapped onto our [`TypeKind`]s.
//!
//! The codec only ever speaks in [`TypeKind`]s; the dialect's table turns them into the id written in the
//! header (and back). Tables are the `Variant::Type` enum order of each engine (see `shared/spec` §2).
//!
//! ```
//! use godot_bin::{Config, Dialect, value::TypeKind, Variant};
//! // var_to_bytes(PackedStringArray(["ab"])) in Godot 3.6 and 4.6: same payload, different type id
//! // (tests/fixtures/godot-3.6/values.tsv and tests/fixtures/godot-4.6/values.tsv, pstr_1).
//! let g3 = [0x17, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', 0, 0];
//! let g4 = [0x22, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', 0, 0];
//! assert_eq!(Dialect::Godot3.type_kind(0x17), Some(TypeKind::PackedStringArray));
//! assert_eq!(Dialect::Godot4_6.type_kind(0x22), Some(TypeKind::PackedStringArray));
//! let v = Variant::decode(&g3, &Config::new(Dialect::Godot3))?;
//! assert_eq!(Variant::decode(&g4, &Config::new(Dialect::Godot4_6))?, v);
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::fmt;

/// A kind of value, named as Godot 4 names it (Godot 3 and Pandemonium names in the docs of each kind).
///
/// ```
/// use godot_bin::{Dialect, value::TypeKind};
/// let g4: Dialect = "godot4".parse().unwrap();
/// let g3: Dialect = "godot3".parse().unwrap();
/// // The header byte of var_to_bytes(Color(1.5, -2.25, 3, 4.5)): 0x14 in Godot 4.6, 0x0e in Godot 3.6
/// // (tests/fixtures/godot-4.6/values.tsv and tests/fixtures/godot-3.6/values.tsv, "color_ord").
/// assert_eq!(g4.type_id(TypeKind::Color), Some(20));
/// assert_eq!(g3.type_id(TypeKind::Color), Some(14));
/// assert_eq!(g3.type_id(TypeKind::Vector2i), None);
/// assert_eq!(g4.type_kind(29), Some(TypeKind::PackedByteArray));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum TypeKind {
    /// `null`.
    Nil,
    /// `bool`.
    Bool,
    /// `int` (64-bit in 3.x/4.x, 32-bit in 2.x).
    Int,
    /// `float` (`real` in 2.x/3.x).
    Float,
    /// `String`.
    String,
    /// `Vector2`.
    Vector2,
    /// `Vector2i` (4.x, Pandemonium).
    Vector2i,
    /// `Rect2`.
    Rect2,
    /// `Rect2i` (4.x, Pandemonium).
    Rect2i,
    /// `Vector3`.
    Vector3,
    /// `Vector3i` (4.x, Pandemonium).
    Vector3i,
    /// `Transform2D` (`Matrix32` in 2.x).
    Transform2D,
    /// `Vector4` (4.x, Pandemonium 3.8+).
    Vector4,
    /// `Vector4i` (4.x, Pandemonium 3.8+).
    Vector4i,
    /// `Plane`.
    Plane,
    /// `Quaternion` (`Quat` in 2.x/3.x).
    Quaternion,
    /// `AABB` (`_AABB` in 2.x).
    Aabb,
    /// `Basis` (`Matrix3` in 2.x).
    Basis,
    /// `Transform3D` (`Transform` in 2.x/3.x).
    Transform3D,
    /// `Projection` (4.x, Pandemonium 3.8+).
    Projection,
    /// `Color`.
    Color,
    /// `StringName` (4.x, Pandemonium).
    StringName,
    /// `NodePath`.
    NodePath,
    /// `RID`.
    Rid,
    /// `Object`.
    Object,
    /// `Callable` (4.x).
    Callable,
    /// `Signal` (4.x).
    Signal,
    /// `Dictionary`.
    Dictionary,
    /// `Array`.
    Array,
    /// `PackedByteArray` (`PoolByteArray` in 3.x, `RawArray`/`ByteArray` in 2.x).
    PackedByteArray,
    /// `PackedInt32Array` (`PoolIntArray`, `IntArray`).
    PackedInt32Array,
    /// `PackedInt64Array` (4.x).
    PackedInt64Array,
    /// `PackedFloat32Array` (`PoolRealArray`, `RealArray`/`FloatArray`).
    PackedFloat32Array,
    /// `PackedFloat64Array` (4.x).
    PackedFloat64Array,
    /// `PackedStringArray` (`PoolStringArray`, `StringArray`).
    PackedStringArray,
    /// `PackedVector2Array` (`PoolVector2Array`, `Vector2Array`).
    PackedVector2Array,
    /// `PackedVector3Array` (`PoolVector3Array`, `Vector3Array`).
    PackedVector3Array,
    /// `PackedColorArray` (`PoolColorArray`, `ColorArray`).
    PackedColorArray,
    /// `PackedVector4Array` (4.3+, Pandemonium `PoolVector4Array`).
    PackedVector4Array,
    /// Pandemonium `PoolVector2iArray`.
    PackedVector2iArray,
    /// Pandemonium `PoolVector3iArray`.
    PackedVector3iArray,
    /// Pandemonium `PoolVector4iArray` (3.8+).
    PackedVector4iArray,
    /// Godot 2 `Image`.
    Image,
    /// Godot 2 `InputEvent`.
    InputEvent,
    /// Pandemonium 5 `TypedArray`.
    TypedArray,
    /// Pandemonium 5 `PackedTypedArray`.
    PackedTypedArray,
}

impl TypeKind {
    /// The kind named `name` (as [`TypeKind::name`] spells it).
    pub(crate) fn from_name(name: &str) -> Option<TypeKind> {
        NAMES.iter().find(|n| n.godot4 == name).map(|n| n.kind)
    }

    /// Every kind, in declaration order.
    ///
    /// ```
    /// use godot_bin::{Dialect, value::TypeKind};
    /// let g3 = TypeKind::ALL.iter().filter(|k| Dialect::Godot3.has_type(**k)).count();
    /// assert_eq!(g3, 27);
    /// ```
    pub const ALL: [TypeKind; 46] = [
        TypeKind::Nil,
        TypeKind::Bool,
        TypeKind::Int,
        TypeKind::Float,
        TypeKind::String,
        TypeKind::Vector2,
        TypeKind::Vector2i,
        TypeKind::Rect2,
        TypeKind::Rect2i,
        TypeKind::Vector3,
        TypeKind::Vector3i,
        TypeKind::Transform2D,
        TypeKind::Vector4,
        TypeKind::Vector4i,
        TypeKind::Plane,
        TypeKind::Quaternion,
        TypeKind::Aabb,
        TypeKind::Basis,
        TypeKind::Transform3D,
        TypeKind::Projection,
        TypeKind::Color,
        TypeKind::StringName,
        TypeKind::NodePath,
        TypeKind::Rid,
        TypeKind::Object,
        TypeKind::Callable,
        TypeKind::Signal,
        TypeKind::Dictionary,
        TypeKind::Array,
        TypeKind::PackedByteArray,
        TypeKind::PackedInt32Array,
        TypeKind::PackedInt64Array,
        TypeKind::PackedFloat32Array,
        TypeKind::PackedFloat64Array,
        TypeKind::PackedStringArray,
        TypeKind::PackedVector2Array,
        TypeKind::PackedVector3Array,
        TypeKind::PackedColorArray,
        TypeKind::PackedVector4Array,
        TypeKind::PackedVector2iArray,
        TypeKind::PackedVector3iArray,
        TypeKind::PackedVector4iArray,
        TypeKind::Image,
        TypeKind::InputEvent,
        TypeKind::TypedArray,
        TypeKind::PackedTypedArray,
    ];

    /// The math and fixed-size kinds by their marker's name, as the serde format's magic struct names spell
    /// it (`"Vector2"`, `"Aabb"`, `"Color"`).
    #[inline]
    pub(crate) fn math_from_marker(name: &str) -> Option<TypeKind> {
        use TypeKind as K;
        Some(match name {
            "Vector2" => K::Vector2,
            "Vector2i" => K::Vector2i,
            "Rect2" => K::Rect2,
            "Rect2i" => K::Rect2i,
            "Vector3" => K::Vector3,
            "Vector3i" => K::Vector3i,
            "Transform2D" => K::Transform2D,
            "Vector4" => K::Vector4,
            "Vector4i" => K::Vector4i,
            "Plane" => K::Plane,
            "Quaternion" => K::Quaternion,
            "Aabb" => K::Aabb,
            "Basis" => K::Basis,
            "Transform3D" => K::Transform3D,
            "Projection" => K::Projection,
            "Color" => K::Color,
            _ => return None,
        })
    }

    /// The packed array kinds by their newtype's name (`"PackedFloat32Array"`; Godot 4 spelling).
    #[inline]
    pub(crate) fn packed_from_marker(name: &str) -> Option<TypeKind> {
        use TypeKind as K;
        Some(match name {
            "PackedByteArray" => K::PackedByteArray,
            "PackedInt32Array" => K::PackedInt32Array,
            "PackedInt64Array" => K::PackedInt64Array,
            "PackedFloat32Array" => K::PackedFloat32Array,
            "PackedFloat64Array" => K::PackedFloat64Array,
            "PackedStringArray" => K::PackedStringArray,
            "PackedVector2Array" => K::PackedVector2Array,
            "PackedVector3Array" => K::PackedVector3Array,
            "PackedColorArray" => K::PackedColorArray,
            "PackedVector4Array" => K::PackedVector4Array,
            "PackedVector2iArray" => K::PackedVector2iArray,
            "PackedVector3iArray" => K::PackedVector3iArray,
            "PackedVector4iArray" => K::PackedVector4iArray,
            _ => return None,
        })
    }

    /// The packed arrays that `packed` types read in bulk, by newtype name (`"PackedInt32Array"`): the kind
    /// and its element size on the wire (reals as f32). Not bytes (read as a byte string) nor strings.
    #[inline]
    pub(crate) fn bulk_packed_from_marker(name: &str) -> Option<(TypeKind, usize)> {
        let kind = TypeKind::packed_from_marker(name)?;
        if kind == TypeKind::PackedByteArray {
            return None;
        }
        Some((kind, kind.packed_elem_size(false)?))
    }

    /// Number of components of a fixed-size kind (and of one element of a packed vector or color array); 1
    /// for every other kind.
    #[inline]
    pub(crate) fn components(self) -> usize {
        use TypeKind as K;
        match self {
            K::Vector2 | K::Vector2i | K::PackedVector2Array | K::PackedVector2iArray => 2,
            K::Vector3 | K::Vector3i | K::PackedVector3Array | K::PackedVector3iArray => 3,
            K::Rect2 | K::Rect2i | K::Vector4 | K::Vector4i | K::Plane | K::Quaternion | K::Color => 4,
            K::PackedVector4Array | K::PackedVector4iArray | K::PackedColorArray => 4,
            K::Transform2D | K::Aabb => 6,
            K::Basis => 9,
            K::Transform3D => 12,
            K::Projection => 16,
            _ => 1,
        }
    }

    /// The kinds whose components are i32: Vector2i, Vector3i, Vector4i, Rect2i.
    #[inline]
    pub(crate) fn is_int_vector(self) -> bool {
        use TypeKind as K;
        matches!(self, K::Vector2i | K::Vector3i | K::Vector4i | K::Rect2i)
    }

    /// Whether values of this kind hold other values (the decoders read them through a frame; objects may).
    #[inline]
    pub(crate) fn is_container(self) -> bool {
        use TypeKind as K;
        matches!(self, K::Object | K::Dictionary | K::Array | K::TypedArray | K::PackedTypedArray)
    }

    /// The ten packed arrays of Godot 3 and 4 (not Pandemonium's integer-vector or typed ones): what an Array
    /// converts to when a typed container asks for one.
    #[inline]
    pub(crate) fn is_engine_packed(self) -> bool {
        use TypeKind as K;
        matches!(
            self,
            K::PackedByteArray
                | K::PackedInt32Array
                | K::PackedInt64Array
                | K::PackedFloat32Array
                | K::PackedFloat64Array
                | K::PackedStringArray
                | K::PackedVector2Array
                | K::PackedVector3Array
                | K::PackedColorArray
                | K::PackedVector4Array
        )
    }

    /// The wire size of one element of a packed array of this kind (reals 8 bytes each when `wide`, as in
    /// a double-precision build); `None` for kinds that are not packed arrays of fixed-size elements
    /// (`PackedStringArray` and every non-packed kind).
    pub(crate) fn packed_elem_size(self, wide: bool) -> Option<usize> {
        use TypeKind::*;
        let real = if wide { 8 } else { 4 };
        Some(match self {
            PackedByteArray => 1,
            PackedInt32Array | PackedFloat32Array => 4,
            PackedInt64Array | PackedFloat64Array | PackedVector2iArray => 8,
            PackedVector3iArray => 12,
            PackedVector4iArray | PackedColorArray => 16,
            PackedVector2Array => 2 * real,
            PackedVector3Array => 3 * real,
            PackedVector4Array => 4 * real,
            _ => return None,
        })
    }

    /// Godot 4's name of the type (Pandemonium- and Godot-2-only kinds by their engine's name).
    ///
    /// ```
    /// use godot_bin::value::TypeKind;
    /// assert_eq!(TypeKind::Aabb.name(), "AABB");
    /// assert_eq!(TypeKind::PackedVector2iArray.name(), "PoolVector2iArray"); // Pandemonium's name
    /// assert_eq!(TypeKind::Transform3D.to_string(), TypeKind::Transform3D.name());
    /// ```
    pub fn name(self) -> &'static str {
        NAMES[self as usize].godot4
    }

    /// The kind any engine's spelling names: every family's name and the older spellings the engines still
    /// read (`"Quat"`, `"PoolRealArray"`, `"RealArray"`, `"Rect3"`).
    pub(crate) fn from_any_name(name: &str) -> Option<TypeKind> {
        NAMES
            .iter()
            .find(|n| [n.godot4, n.godot3, n.pandemonium, n.godot2].contains(&name) || n.also.contains(&name))
            .map(|n| n.kind)
    }
}

impl fmt::Display for TypeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

use TypeKind as K;

/// A kind's names: Godot 4's ([`TypeKind::name`]), the constructor names the other families' text syntax
/// writes, and other spellings that older engines wrote and the text parser still reads.
pub(crate) struct Names {
    pub(crate) kind: TypeKind,
    pub(crate) godot4: &'static str,
    pub(crate) godot3: &'static str,
    pub(crate) pandemonium: &'static str,
    pub(crate) godot2: &'static str,
    pub(crate) also: &'static [&'static str],
}

/// A row whose name is the same in every family.
const fn same(kind: TypeKind, name: &'static str) -> Names {
    Names { kind, godot4: name, godot3: name, pandemonium: name, godot2: name, also: &[] }
}

/// A packed array: Godot 4's name, the `Pool…` name of Godot 3 and Pandemonium, Godot 2's, and older ones.
const fn packed(
    kind: TypeKind,
    godot4: &'static str,
    pool: &'static str,
    godot2: &'static str,
    also: &'static [&'static str],
) -> Names {
    Names { kind, godot4, godot3: pool, pandemonium: pool, godot2, also }
}

/// The names of every kind, one row each at index `kind as usize`: the one name table.
pub(crate) static NAMES: [Names; TypeKind::ALL.len()] = [
    same(K::Nil, "Nil"),
    same(K::Bool, "bool"),
    same(K::Int, "int"),
    same(K::Float, "float"),
    same(K::String, "String"),
    same(K::Vector2, "Vector2"),
    same(K::Vector2i, "Vector2i"),
    same(K::Rect2, "Rect2"),
    same(K::Rect2i, "Rect2i"),
    same(K::Vector3, "Vector3"),
    same(K::Vector3i, "Vector3i"),
    Names { godot2: "Matrix32", ..same(K::Transform2D, "Transform2D") },
    same(K::Vector4, "Vector4"),
    same(K::Vector4i, "Vector4i"),
    same(K::Plane, "Plane"),
    Names { godot3: "Quat", godot2: "Quat", ..same(K::Quaternion, "Quaternion") },
    Names { also: &["Rect3"], ..same(K::Aabb, "AABB") },
    Names { godot2: "Matrix3", ..same(K::Basis, "Basis") },
    Names { godot3: "Transform", pandemonium: "Transform", godot2: "Transform", ..same(K::Transform3D, "Transform3D") },
    same(K::Projection, "Projection"),
    same(K::Color, "Color"),
    same(K::StringName, "StringName"),
    same(K::NodePath, "NodePath"),
    same(K::Rid, "RID"),
    same(K::Object, "Object"),
    same(K::Callable, "Callable"),
    same(K::Signal, "Signal"),
    same(K::Dictionary, "Dictionary"),
    same(K::Array, "Array"),
    packed(K::PackedByteArray, "PackedByteArray", "PoolByteArray", "ByteArray", &["RawArray"]),
    packed(K::PackedInt32Array, "PackedInt32Array", "PoolIntArray", "IntArray", &[]),
    same(K::PackedInt64Array, "PackedInt64Array"),
    packed(K::PackedFloat32Array, "PackedFloat32Array", "PoolRealArray", "FloatArray", &["RealArray"]),
    same(K::PackedFloat64Array, "PackedFloat64Array"),
    packed(K::PackedStringArray, "PackedStringArray", "PoolStringArray", "StringArray", &[]),
    packed(K::PackedVector2Array, "PackedVector2Array", "PoolVector2Array", "Vector2Array", &[]),
    packed(K::PackedVector3Array, "PackedVector3Array", "PoolVector3Array", "Vector3Array", &[]),
    packed(K::PackedColorArray, "PackedColorArray", "PoolColorArray", "ColorArray", &[]),
    Names { pandemonium: "PoolVector4Array", ..same(K::PackedVector4Array, "PackedVector4Array") },
    same(K::PackedVector2iArray, "PoolVector2iArray"),
    same(K::PackedVector3iArray, "PoolVector3iArray"),
    same(K::PackedVector4iArray, "PoolVector4iArray"),
    same(K::Image, "Image"),
    same(K::InputEvent, "InputEvent"),
    same(K::TypedArray, "TypedArray"),
    same(K::PackedTypedArray, "PackedTypedArray"),
];

/// Godot 2.0–2.1 (`Variant::Type`, VARIANT_MAX 29).
pub(crate) const GODOT2: &[TypeKind] = &[
    K::Nil,
    K::Bool,
    K::Int,
    K::Float,
    K::String,
    K::Vector2,
    K::Rect2,
    K::Vector3,
    K::Transform2D,
    K::Plane,
    K::Quaternion,
    K::Aabb,
    K::Basis,
    K::Transform3D,
    K::Color,
    K::Image,
    K::NodePath,
    K::Rid,
    K::Object,
    K::InputEvent,
    K::Dictionary,
    K::Array,
    K::PackedByteArray,
    K::PackedInt32Array,
    K::PackedFloat32Array,
    K::PackedStringArray,
    K::PackedVector2Array,
    K::PackedVector3Array,
    K::PackedColorArray,
];

/// Godot 3.0–3.6 and the first Pandemonium import (VARIANT_MAX 27).
pub(crate) const GODOT3: &[TypeKind] = &[
    K::Nil,
    K::Bool,
    K::Int,
    K::Float,
    K::String,
    K::Vector2,
    K::Rect2,
    K::Vector3,
    K::Transform2D,
    K::Plane,
    K::Quaternion,
    K::Aabb,
    K::Basis,
    K::Transform3D,
    K::Color,
    K::NodePath,
    K::Rid,
    K::Object,
    K::Dictionary,
    K::Array,
    K::PackedByteArray,
    K::PackedInt32Array,
    K::PackedFloat32Array,
    K::PackedStringArray,
    K::PackedVector2Array,
    K::PackedVector3Array,
    K::PackedColorArray,
];

/// Godot 4.3+ (VARIANT_MAX 39). Godot 4.0–4.2 is this table without the last entry.
pub(crate) const GODOT4: &[TypeKind] = &[
    K::Nil,
    K::Bool,
    K::Int,
    K::Float,
    K::String,
    K::Vector2,
    K::Vector2i,
    K::Rect2,
    K::Rect2i,
    K::Vector3,
    K::Vector3i,
    K::Transform2D,
    K::Vector4,
    K::Vector4i,
    K::Plane,
    K::Quaternion,
    K::Aabb,
    K::Basis,
    K::Transform3D,
    K::Projection,
    K::Color,
    K::StringName,
    K::NodePath,
    K::Rid,
    K::Object,
    K::Callable,
    K::Signal,
    K::Dictionary,
    K::Array,
    K::PackedByteArray,
    K::PackedInt32Array,
    K::PackedInt64Array,
    K::PackedFloat32Array,
    K::PackedFloat64Array,
    K::PackedStringArray,
    K::PackedVector2Array,
    K::PackedVector3Array,
    K::PackedColorArray,
    K::PackedVector4Array,
];

/// Pandemonium v3.5.0–v3.7.x (VARIANT_MAX 33).
pub(crate) const PANDEMONIUM_3_5: &[TypeKind] = &[
    K::Nil,
    K::Bool,
    K::Int,
    K::Float,
    K::String,
    K::Vector2,
    K::Vector2i,
    K::Rect2,
    K::Rect2i,
    K::Vector3,
    K::Vector3i,
    K::Transform2D,
    K::Plane,
    K::Quaternion,
    K::Aabb,
    K::Basis,
    K::Transform3D,
    K::Color,
    K::NodePath,
    K::Rid,
    K::Object,
    K::StringName,
    K::Dictionary,
    K::Array,
    K::PackedByteArray,
    K::PackedInt32Array,
    K::PackedFloat32Array,
    K::PackedStringArray,
    K::PackedVector2Array,
    K::PackedVector2iArray,
    K::PackedVector3Array,
    K::PackedVector3iArray,
    K::PackedColorArray,
];

/// Pandemonium v3.8.0–v4.9.x, the reordered table (VARIANT_MAX 38).
pub(crate) const PANDEMONIUM_3_8: &[TypeKind] = &[
    K::Nil,
    K::Bool,
    K::Int,
    K::Float,
    K::String,
    K::Rect2,
    K::Rect2i,
    K::Vector2,
    K::Vector2i,
    K::Vector3,
    K::Vector3i,
    K::Vector4,
    K::Vector4i,
    K::Plane,
    K::Quaternion,
    K::Aabb,
    K::Basis,
    K::Transform3D,
    K::Transform2D,
    K::Projection,
    K::Color,
    K::NodePath,
    K::Rid,
    K::Object,
    K::StringName,
    K::Dictionary,
    K::Array,
    K::PackedByteArray,
    K::PackedInt32Array,
    K::PackedFloat32Array,
    K::PackedStringArray,
    K::PackedVector2Array,
    K::PackedVector2iArray,
    K::PackedVector3Array,
    K::PackedVector3iArray,
    K::PackedVector4Array,
    K::PackedVector4iArray,
    K::PackedColorArray,
];

/// Pandemonium v5.0+: the 3.8 table with TypedArray and PackedTypedArray inserted at 27 (VARIANT_MAX 40).
pub(crate) const PANDEMONIUM_5: &[TypeKind] = &{
    let mut t = [K::Nil; 40];
    let mut i = 0;
    while i < PANDEMONIUM_3_8.len() {
        t[if i < 27 { i } else { i + 2 }] = PANDEMONIUM_3_8[i];
        i += 1;
    }
    t[27] = K::TypedArray;
    t[28] = K::PackedTypedArray;
    t
};

/// The id of `kind` in `table`, if the table has it (the slow form of [`ids_of`], kept to check it).
#[cfg(test)]
pub(crate) fn id_in(table: &[TypeKind], kind: TypeKind) -> Option<u32> {
    table.iter().position(|&k| k == kind).map(|i| i as u32)
}

/// In an [`Ids`] table: the dialect has no such type.
pub(crate) const NO_ID: u8 = u8::MAX;

/// A type table inverted: the header id of every kind (index `kind as usize`), or [`NO_ID`].
pub(crate) type Ids = [u8; TypeKind::ALL.len()];

/// Inverts `table` at compile time (the first id of a kind wins, as in [`id_in`]).
pub(crate) const fn ids_of(table: &[TypeKind]) -> Ids {
    let mut ids = [NO_ID; TypeKind::ALL.len()];
    let mut i = table.len();
    while i > 0 {
        i -= 1;
        ids[table[i] as usize] = i as u8;
    }
    ids
}

/// The ids the serializer caches (String, int, float, Dictionary; [`NO_ID`] widened where there is none),
/// widened at compile time: copied in one go per message.
pub(crate) const fn ser_ids_of(ids: &Ids) -> [u32; 4] {
    [
        ids[TypeKind::String as usize] as u32,
        ids[TypeKind::Int as usize] as u32,
        ids[TypeKind::Float as usize] as u32,
        ids[TypeKind::Dictionary as usize] as u32,
    ]
}

/// What the codec looks up per dialect, all derived from one type table at compile time: the table (type
/// id → kind), its inverse (kind → type id) and the serializer's four ids.
pub(crate) struct Tables {
    /// Index = type id.
    pub(crate) kinds: &'static [TypeKind],
    /// Index = `kind as usize`; [`NO_ID`]: the dialect has no such type.
    pub(crate) ids: Ids,
    /// String, int, float and Dictionary ids, widened.
    pub(crate) ser_ids: [u32; 4],
}

impl Tables {
    const fn new(kinds: &'static [TypeKind]) -> Tables {
        let ids = ids_of(kinds);
        Tables { kinds, ids, ser_ids: ser_ids_of(&ids) }
    }
}

// Constants (a `&` to one is a `'static` table, promoted).
pub(crate) const GODOT2_TABLES: Tables = Tables::new(GODOT2);
pub(crate) const GODOT3_TABLES: Tables = Tables::new(GODOT3);
/// Godot 4.0–4.2: Godot 4.3's table without PackedVector4Array.
pub(crate) const GODOT4_0_TABLES: Tables = Tables::new(GODOT4.split_at(38).0);
pub(crate) const GODOT4_TABLES: Tables = Tables::new(GODOT4);
pub(crate) const PANDEMONIUM_3_5_TABLES: Tables = Tables::new(PANDEMONIUM_3_5);
pub(crate) const PANDEMONIUM_3_8_TABLES: Tables = Tables::new(PANDEMONIUM_3_8);
pub(crate) const PANDEMONIUM_5_TABLES: Tables = Tables::new(PANDEMONIUM_5);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_in_kind_order_and_name_one_kind() {
        for (i, k) in TypeKind::ALL.iter().enumerate() {
            assert_eq!(NAMES[i].kind, *k);
            assert_eq!(TypeKind::from_name(k.name()), Some(*k));
        }
        for n in &NAMES {
            for name in [n.godot4, n.godot3, n.pandemonium, n.godot2].iter().chain(n.also) {
                assert_eq!(TypeKind::from_any_name(name), Some(n.kind), "{name}");
            }
        }
    }

    /// The serde markers' names are the Rust names of the kinds (`Aabb`, `PackedVector2iArray`).
    #[test]
    fn marker_names_are_the_kinds_rust_names() {
        for k in TypeKind::ALL {
            let rust = format!("{k:?}");
            let want = |is: bool| is.then_some(k);
            assert_eq!(
                TypeKind::math_from_marker(&rust),
                want(k.components() > 1 && k.packed_elem_size(false).is_none()),
                "{k:?}"
            );
            assert_eq!(
                TypeKind::packed_from_marker(&rust),
                want(rust.starts_with("Packed") && rust != "PackedTypedArray"),
                "{k:?}"
            );
        }
    }

    #[test]
    fn ser_ids_are_the_ids_widened() {
        for d in crate::Dialect::ALL {
            let ids = d.ids();
            let want = [TypeKind::String, TypeKind::Int, TypeKind::Float, TypeKind::Dictionary]
                .map(|k| ids[k as usize] as u32);
            assert_eq!(*d.ser_ids(), want, "{d:?}");
        }
    }

    #[test]
    fn tables_have_engine_sizes_and_no_duplicates() {
        for (t, max) in [
            (GODOT2, 29),
            (GODOT3, 27),
            (GODOT4, 39),
            (PANDEMONIUM_3_5, 33),
            (PANDEMONIUM_3_8, 38),
            (PANDEMONIUM_5, 40),
        ] {
            assert_eq!(t.len(), max);
            for (i, k) in t.iter().enumerate() {
                assert_eq!(id_in(t, *k), Some(i as u32), "{k:?} twice");
            }
        }
    }

    #[test]
    fn inverted_tables_agree_with_the_tables() {
        for d in crate::Dialect::ALL {
            let t = d.table();
            for k in TypeKind::ALL {
                let ids = d.ids();
                let got = if ids[k as usize] == NO_ID { None } else { Some(ids[k as usize] as u32) };
                assert_eq!(got, id_in(t, k), "{d:?} {k:?}");
            }
        }
        assert_eq!(crate::Dialect::Godot4_2.table(), &GODOT4[..38]);
    }
}
