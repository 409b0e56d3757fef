//! The constructor names of the text syntax, each family's spelling.

use crate::config::Dialect;
use crate::types::TypeKind;

/// The text syntax family of a dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Syntax {
    Godot2,
    Godot3,
    Godot4,
    Pandemonium,
}

pub(super) fn syntax_of(d: Dialect) -> Syntax {
    match d {
        Dialect::Godot2 => Syntax::Godot2,
        Dialect::Godot3 => Syntax::Godot3,
        Dialect::Pandemonium3_5 | Dialect::Pandemonium3_8 | Dialect::Pandemonium5 => Syntax::Pandemonium,
        _ => Syntax::Godot4,
    }
}

/// The constructor name of `k` in a syntax.
pub(super) fn type_name(syn: Syntax, k: TypeKind) -> &'static str {
    use TypeKind as K;
    match (syn, k) {
        (Syntax::Godot2, K::Transform2D) => "Matrix32",
        (Syntax::Godot2, K::Basis) => "Matrix3",
        (Syntax::Godot2, K::PackedByteArray) => "ByteArray",
        (Syntax::Godot2, K::PackedInt32Array) => "IntArray",
        (Syntax::Godot2, K::PackedFloat32Array) => "FloatArray",
        (Syntax::Godot2, K::PackedStringArray) => "StringArray",
        (Syntax::Godot2, K::PackedVector2Array) => "Vector2Array",
        (Syntax::Godot2, K::PackedVector3Array) => "Vector3Array",
        (Syntax::Godot2, K::PackedColorArray) => "ColorArray",
        (Syntax::Godot2 | Syntax::Godot3, K::Quaternion) => "Quat",
        (Syntax::Godot2 | Syntax::Godot3 | Syntax::Pandemonium, K::Transform3D) => "Transform",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedByteArray) => "PoolByteArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedInt32Array) => "PoolIntArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedFloat32Array) => "PoolRealArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedStringArray) => "PoolStringArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedVector2Array) => "PoolVector2Array",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedVector3Array) => "PoolVector3Array",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedColorArray) => "PoolColorArray",
        (Syntax::Pandemonium, K::PackedVector4Array) => "PoolVector4Array",
        (_, K::PackedVector2iArray) => "PoolVector2iArray",
        (_, K::PackedVector3iArray) => "PoolVector3iArray",
        (_, K::PackedVector4iArray) => "PoolVector4iArray",
        (_, K::Nil) => "Nil",
        (_, k) => k.name(),
    }
}

/// What a constructor name means when reading (every family's spelling is accepted).
pub(super) fn kind_of_name(name: &str) -> Option<TypeKind> {
    use TypeKind as K;
    Some(match name {
        "Vector2" => K::Vector2,
        "Vector2i" => K::Vector2i,
        "Rect2" => K::Rect2,
        "Rect2i" => K::Rect2i,
        "Vector3" => K::Vector3,
        "Vector3i" => K::Vector3i,
        "Transform2D" | "Matrix32" => K::Transform2D,
        "Vector4" => K::Vector4,
        "Vector4i" => K::Vector4i,
        "Plane" => K::Plane,
        "Quaternion" | "Quat" => K::Quaternion,
        "AABB" | "Rect3" => K::Aabb,
        "Basis" | "Matrix3" => K::Basis,
        "Transform3D" | "Transform" => K::Transform3D,
        "Projection" => K::Projection,
        "Color" => K::Color,
        "NodePath" => K::NodePath,
        "RID" => K::Rid,
        "Callable" => K::Callable,
        "Signal" => K::Signal,
        "StringName" => K::StringName,
        "PackedByteArray" | "PoolByteArray" | "ByteArray" | "RawArray" => K::PackedByteArray,
        "PackedInt32Array" | "PoolIntArray" | "IntArray" => K::PackedInt32Array,
        "PackedInt64Array" => K::PackedInt64Array,
        "PackedFloat32Array" | "PoolRealArray" | "FloatArray" | "RealArray" => K::PackedFloat32Array,
        "PackedFloat64Array" => K::PackedFloat64Array,
        "PackedStringArray" | "PoolStringArray" | "StringArray" => K::PackedStringArray,
        "PackedVector2Array" | "PoolVector2Array" | "Vector2Array" => K::PackedVector2Array,
        "PackedVector3Array" | "PoolVector3Array" | "Vector3Array" => K::PackedVector3Array,
        "PackedColorArray" | "PoolColorArray" | "ColorArray" => K::PackedColorArray,
        "PackedVector4Array" | "PoolVector4Array" => K::PackedVector4Array,
        "PoolVector2iArray" => K::PackedVector2iArray,
        "PoolVector3iArray" => K::PackedVector3iArray,
        "PoolVector4iArray" => K::PackedVector4iArray,
        _ => return None,
    })
}

/// A built-in type name inside `Array[…]` / `Dictionary[…, …]`.
pub(super) fn builtin_of_name(name: &str) -> Option<TypeKind> {
    use TypeKind as K;
    Some(match name {
        "Nil" => K::Nil,
        "bool" => K::Bool,
        "int" => K::Int,
        "float" => K::Float,
        "String" => K::String,
        "Object" => K::Object,
        "Dictionary" => K::Dictionary,
        "Array" => K::Array,
        n => kind_of_name(n)?,
    })
}
