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
        NAMES.iter().find(|n| n.names[Spelling::Godot4 as usize] == name).map(|n| n.kind)
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

    /// Godot 4's name of the type (Pandemonium- and Godot-2-only kinds by their engine's name): the
    /// crate's own name for it, as in error messages and the JSON form. [`TypeKind::name_in`] gives a
    /// dialect's spelling.
    ///
    /// ```
    /// use godot_bin::value::TypeKind;
    /// assert_eq!(TypeKind::Aabb.name(), "AABB");
    /// assert_eq!(TypeKind::PackedVector2iArray.name(), "PoolVector2iArray"); // Pandemonium's name
    /// assert_eq!(TypeKind::Transform3D.to_string(), TypeKind::Transform3D.name());
    /// ```
    pub fn name(self) -> &'static str {
        NAMES[self as usize].names[Spelling::Godot4 as usize]
    }

    /// The kind any engine's spelling names: every family's name and the older spellings the engines still
    /// read (`"Quat"`, `"PoolRealArray"`, `"RealArray"`, `"Rect3"`).
    /// Looked up in a table built once from [`NAMES`] (a name two rows share names the first row's kind),
    /// so a schema file or a text of many type names costs one hash per name.
    pub(crate) fn from_any_name(name: &str) -> Option<TypeKind> {
        static BY_NAME: std::sync::OnceLock<std::collections::HashMap<&'static str, TypeKind>> =
            std::sync::OnceLock::new();
        let table = BY_NAME.get_or_init(|| {
            let mut t = std::collections::HashMap::new();
            for n in NAMES.iter() {
                for name in n.names.iter().chain(n.also) {
                    t.entry(*name).or_insert(n.kind);
                }
            }
            t
        });
        table.get(name).copied()
    }
}

impl fmt::Display for TypeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

use TypeKind as K;

/// How a dialect's engine spells its types: the columns of [`NAMES`] (`Dialect::spelling`).
///
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    /// Godot 2.0–2.1 (`Matrix32`, `Quat`, `ByteArray`).
    Godot2,
    /// Godot 3.0–3.6 (`Quat`, `Transform`, `PoolByteArray`).
    Godot3,
    /// Godot 4.x.
    Godot4,
    /// Pandemonium v3.5–v3.7 (`Quat`, `Transform`, `PoolByteArray`, `PoolVector2iArray`).
    Pandemonium3_5,
    /// Pandemonium v3.8 and later (`Quaternion`, `Transform`, `PoolVector4Array`).
    Pandemonium,
}

/// One kind's names and `TYPE_*` constants, one per [`Spelling`] (in its order: Godot 2, Godot 3, Godot 4,
/// Pandemonium 3.5, Pandemonium 3.8+), and other spellings that older engines wrote and the text parser
/// still reads.
pub(crate) struct Names {
    pub(crate) kind: TypeKind,
    /// The type's name ([`TypeKind::name_in`]). Godot 2's is its text form's constructor (`ByteArray`,
    /// `FloatArray`), which its `Variant::get_type_name` spells `RawArray`, `RealArray` (in `also`).
    pub(crate) names: [&'static str; 5],
    /// Its `TYPE_*` constant ([`TypeKind::type_constant`]); only read for a dialect that has the type.
    pub(crate) constants: [&'static str; 5],
    also: &'static [&'static str],
}

/// A row whose name and constant are the same in every engine.
const fn same(kind: TypeKind, name: &'static str, constant: &'static str) -> Names {
    Names { kind, names: [name; 5], constants: [constant; 5], also: &[] }
}

/// A row whose names or constants differ between the engines (columns in [`Spelling`] order).
const fn row(kind: TypeKind, names: [&'static str; 5], constants: [&'static str; 5]) -> Names {
    Names { kind, names, constants, also: &[] }
}

/// A packed array: its Godot 2 name and constant, its `Pool…` name with the 3.x constant (Godot 3 and
/// Pandemonium), its Godot 4 name and constant.
const fn packed(kind: TypeKind, g2: [&'static str; 2], pool: [&'static str; 2], g4: [&'static str; 2]) -> Names {
    row(kind, [g2[0], pool[0], g4[0], pool[0], pool[0]], [g2[1], pool[1], g4[1], pool[1], pool[1]])
}

/// The one table of type names: every kind's name and `TYPE_*` constant in every engine, one row per
/// kind at index `kind as usize`. The text form, the GDScript emitter and the web page read it.
///
/// Where the names come from: Godot 4.6, 3.6 and 3.2.3 print them (`tests/fixtures/*/types.tsv`, written
/// by `scripts/gdscript-names.sh`, which holds this table to them in `tests/conformance/type_names.rs`);
/// the Godot 2.1 and Pandemonium v4.9 / v5.2 engines wrote the text of `tests/fixtures/*/samples.tsv`
/// (checked there too). Pandemonium's `TYPE_*` constants and its 3.5 layout's names are those of its
/// `global_constants.cpp` and `Variant::get_type_name` at the tags v3.5.0, v3.8.0 and v5.2.0 (no engine
/// of it runs here).
pub(crate) static NAMES: [Names; TypeKind::ALL.len()] = [
    same(K::Nil, "Nil", "TYPE_NIL"),
    same(K::Bool, "bool", "TYPE_BOOL"),
    same(K::Int, "int", "TYPE_INT"),
    Names {
        constants: ["TYPE_REAL", "TYPE_REAL", "TYPE_FLOAT", "TYPE_REAL", "TYPE_REAL"],
        ..same(K::Float, "float", "")
    },
    same(K::String, "String", "TYPE_STRING"),
    same(K::Vector2, "Vector2", "TYPE_VECTOR2"),
    same(K::Vector2i, "Vector2i", "TYPE_VECTOR2I"),
    same(K::Rect2, "Rect2", "TYPE_RECT2"),
    same(K::Rect2i, "Rect2i", "TYPE_RECT2I"),
    same(K::Vector3, "Vector3", "TYPE_VECTOR3"),
    same(K::Vector3i, "Vector3i", "TYPE_VECTOR3I"),
    row(
        K::Transform2D,
        ["Matrix32", "Transform2D", "Transform2D", "Transform2D", "Transform2D"],
        ["TYPE_MATRIX32", "TYPE_TRANSFORM2D", "TYPE_TRANSFORM2D", "TYPE_TRANSFORM2D", "TYPE_TRANSFORM2D"],
    ),
    same(K::Vector4, "Vector4", "TYPE_VECTOR4"),
    same(K::Vector4i, "Vector4i", "TYPE_VECTOR4I"),
    same(K::Plane, "Plane", "TYPE_PLANE"),
    row(
        K::Quaternion,
        ["Quat", "Quat", "Quaternion", "Quat", "Quaternion"],
        ["TYPE_QUAT", "TYPE_QUAT", "TYPE_QUATERNION", "TYPE_QUAT", "TYPE_QUATERNION"],
    ),
    Names { also: &["Rect3"], ..same(K::Aabb, "AABB", "TYPE_AABB") },
    row(
        K::Basis,
        ["Matrix3", "Basis", "Basis", "Basis", "Basis"],
        ["TYPE_MATRIX3", "TYPE_BASIS", "TYPE_BASIS", "TYPE_BASIS", "TYPE_BASIS"],
    ),
    row(
        K::Transform3D,
        ["Transform", "Transform", "Transform3D", "Transform", "Transform"],
        ["TYPE_TRANSFORM", "TYPE_TRANSFORM", "TYPE_TRANSFORM3D", "TYPE_TRANSFORM", "TYPE_TRANSFORM"],
    ),
    same(K::Projection, "Projection", "TYPE_PROJECTION"),
    same(K::Color, "Color", "TYPE_COLOR"),
    same(K::StringName, "StringName", "TYPE_STRING_NAME"),
    same(K::NodePath, "NodePath", "TYPE_NODE_PATH"),
    same(K::Rid, "RID", "TYPE_RID"),
    same(K::Object, "Object", "TYPE_OBJECT"),
    same(K::Callable, "Callable", "TYPE_CALLABLE"),
    same(K::Signal, "Signal", "TYPE_SIGNAL"),
    same(K::Dictionary, "Dictionary", "TYPE_DICTIONARY"),
    same(K::Array, "Array", "TYPE_ARRAY"),
    Names {
        also: &["RawArray"],
        ..packed(
            K::PackedByteArray,
            ["ByteArray", "TYPE_RAW_ARRAY"],
            ["PoolByteArray", "TYPE_RAW_ARRAY"],
            ["PackedByteArray", "TYPE_PACKED_BYTE_ARRAY"],
        )
    },
    packed(
        K::PackedInt32Array,
        ["IntArray", "TYPE_INT_ARRAY"],
        ["PoolIntArray", "TYPE_INT_ARRAY"],
        ["PackedInt32Array", "TYPE_PACKED_INT32_ARRAY"],
    ),
    same(K::PackedInt64Array, "PackedInt64Array", "TYPE_PACKED_INT64_ARRAY"),
    Names {
        also: &["RealArray"],
        ..packed(
            K::PackedFloat32Array,
            ["FloatArray", "TYPE_REAL_ARRAY"],
            ["PoolRealArray", "TYPE_REAL_ARRAY"],
            ["PackedFloat32Array", "TYPE_PACKED_FLOAT32_ARRAY"],
        )
    },
    same(K::PackedFloat64Array, "PackedFloat64Array", "TYPE_PACKED_FLOAT64_ARRAY"),
    packed(
        K::PackedStringArray,
        ["StringArray", "TYPE_STRING_ARRAY"],
        ["PoolStringArray", "TYPE_STRING_ARRAY"],
        ["PackedStringArray", "TYPE_PACKED_STRING_ARRAY"],
    ),
    packed(
        K::PackedVector2Array,
        ["Vector2Array", "TYPE_VECTOR2_ARRAY"],
        ["PoolVector2Array", "TYPE_VECTOR2_ARRAY"],
        ["PackedVector2Array", "TYPE_PACKED_VECTOR2_ARRAY"],
    ),
    packed(
        K::PackedVector3Array,
        ["Vector3Array", "TYPE_VECTOR3_ARRAY"],
        ["PoolVector3Array", "TYPE_VECTOR3_ARRAY"],
        ["PackedVector3Array", "TYPE_PACKED_VECTOR3_ARRAY"],
    ),
    packed(
        K::PackedColorArray,
        ["ColorArray", "TYPE_COLOR_ARRAY"],
        ["PoolColorArray", "TYPE_COLOR_ARRAY"],
        ["PackedColorArray", "TYPE_PACKED_COLOR_ARRAY"],
    ),
    // Godot 4.3+ and Pandemonium 3.8+ only: the other columns name it as Godot 4 does.
    row(
        K::PackedVector4Array,
        ["PackedVector4Array", "PackedVector4Array", "PackedVector4Array", "PoolVector4Array", "PoolVector4Array"],
        ["", "", "TYPE_PACKED_VECTOR4_ARRAY", "TYPE_VECTOR4_ARRAY", "TYPE_VECTOR4_ARRAY"],
    ),
    same(K::PackedVector2iArray, "PoolVector2iArray", "TYPE_VECTOR2I_ARRAY"),
    same(K::PackedVector3iArray, "PoolVector3iArray", "TYPE_VECTOR3I_ARRAY"),
    same(K::PackedVector4iArray, "PoolVector4iArray", "TYPE_VECTOR4I_ARRAY"),
    same(K::Image, "Image", "TYPE_IMAGE"),
    same(K::InputEvent, "InputEvent", "TYPE_INPUT_EVENT"),
    same(K::TypedArray, "TypedArray", "TYPE_TYPED_ARRAY"),
    same(K::PackedTypedArray, "PackedTypedArray", "TYPE_PACKED_TYPED_ARRAY"),
];

/// A type table from the kinds' names in id order (each line starts with the id of its first name), as the
/// engines' `Variant::Type` enums list them.
macro_rules! type_table {
    ($($kind:ident)*) => {
        &[$(TypeKind::$kind),*]
    };
}

/// Godot 2.0–2.1 (`Variant::Type`, VARIANT_MAX 29).
pub(crate) const GODOT2: &[TypeKind] = type_table! {
    /*  0 */ Nil Bool Int Float String Vector2 Rect2 Vector3 Transform2D Plane Quaternion Aabb Basis Transform3D
    /* 14 */ Color Image NodePath Rid Object InputEvent Dictionary Array PackedByteArray PackedInt32Array
    /* 24 */ PackedFloat32Array PackedStringArray PackedVector2Array PackedVector3Array PackedColorArray
};

/// Godot 3.0–3.6 and the first Pandemonium import (VARIANT_MAX 27).
pub(crate) const GODOT3: &[TypeKind] = type_table! {
    /*  0 */ Nil Bool Int Float String Vector2 Rect2 Vector3 Transform2D Plane Quaternion Aabb Basis Transform3D
    /* 14 */ Color NodePath Rid Object Dictionary Array PackedByteArray PackedInt32Array PackedFloat32Array
    /* 23 */ PackedStringArray PackedVector2Array PackedVector3Array PackedColorArray
};

/// Godot 4.3+ (VARIANT_MAX 39). Godot 4.0–4.2 is this table without the last entry.
pub(crate) const GODOT4: &[TypeKind] = type_table! {
    /*  0 */ Nil Bool Int Float String Vector2 Vector2i Rect2 Rect2i Vector3 Vector3i Transform2D Vector4
    /* 13 */ Vector4i Plane Quaternion Aabb Basis Transform3D Projection Color StringName NodePath Rid Object
    /* 25 */ Callable Signal Dictionary Array PackedByteArray PackedInt32Array PackedInt64Array
    /* 32 */ PackedFloat32Array PackedFloat64Array PackedStringArray PackedVector2Array PackedVector3Array
    /* 37 */ PackedColorArray PackedVector4Array
};

/// Pandemonium v3.5.0–v3.7.x (VARIANT_MAX 33).
pub(crate) const PANDEMONIUM_3_5: &[TypeKind] = type_table! {
    /*  0 */ Nil Bool Int Float String Vector2 Vector2i Rect2 Rect2i Vector3 Vector3i Transform2D Plane
    /* 13 */ Quaternion Aabb Basis Transform3D Color NodePath Rid Object StringName Dictionary Array
    /* 24 */ PackedByteArray PackedInt32Array PackedFloat32Array PackedStringArray PackedVector2Array
    /* 29 */ PackedVector2iArray PackedVector3Array PackedVector3iArray PackedColorArray
};

/// Pandemonium v3.8.0–v4.9.x, the reordered table (VARIANT_MAX 38).
pub(crate) const PANDEMONIUM_3_8: &[TypeKind] = type_table! {
    /*  0 */ Nil Bool Int Float String Rect2 Rect2i Vector2 Vector2i Vector3 Vector3i Vector4 Vector4i Plane
    /* 14 */ Quaternion Aabb Basis Transform3D Transform2D Projection Color NodePath Rid Object StringName
    /* 25 */ Dictionary Array PackedByteArray PackedInt32Array PackedFloat32Array PackedStringArray
    /* 31 */ PackedVector2Array PackedVector2iArray PackedVector3Array PackedVector3iArray PackedVector4Array
    /* 36 */ PackedVector4iArray PackedColorArray
};

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
            for name in n.names.iter().chain(n.also) {
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
