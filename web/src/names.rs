//! Type names in a dialect's own spelling, and the editor kind of a value.

use godot_bin::value::{ContainerType, TypeKind};
use godot_bin::{Dialect, Variant};

/// The engine family a dialect's names come from.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Family {
    Godot2,
    Godot3,
    Godot4,
}

fn family(d: Dialect) -> Family {
    match d {
        Dialect::Godot2 => Family::Godot2,
        Dialect::Godot3 | Dialect::Pandemonium3_5 | Dialect::Pandemonium3_8 | Dialect::Pandemonium5 => Family::Godot3,
        _ => Family::Godot4,
    }
}

/// The name of `kind` in `d`'s engine (Godot 3's `Pool*Array`, `Quat`, `Transform`; Godot 2's `*Array`).
pub(crate) fn kind_name(kind: TypeKind, d: Dialect) -> &'static str {
    let f = family(d);
    let (g3, g2) = match kind {
        TypeKind::PackedByteArray => ("PoolByteArray", "ByteArray"),
        TypeKind::PackedInt32Array => ("PoolIntArray", "IntArray"),
        TypeKind::PackedFloat32Array => ("PoolRealArray", "FloatArray"),
        TypeKind::PackedStringArray => ("PoolStringArray", "StringArray"),
        TypeKind::PackedVector2Array => ("PoolVector2Array", "Vector2Array"),
        TypeKind::PackedVector3Array => ("PoolVector3Array", "Vector3Array"),
        TypeKind::PackedColorArray => ("PoolColorArray", "ColorArray"),
        TypeKind::Quaternion => ("Quat", "Quat"),
        TypeKind::Transform3D => ("Transform", "Transform"),
        TypeKind::Transform2D => ("Transform2D", "Matrix32"),
        TypeKind::Basis => ("Basis", "Matrix3"),
        _ => (kind.name(), kind.name()),
    };
    match f {
        Family::Godot4 => kind.name(),
        Family::Godot3 => g3,
        Family::Godot2 => g2,
    }
}

fn element_name(t: &ContainerType, d: Dialect) -> Option<String> {
    match t {
        ContainerType::Untyped => None,
        ContainerType::Builtin(k) => Some(kind_name(*k, d).to_string()),
        ContainerType::Class(c) => Some(c.clone()),
        ContainerType::Script(s) => Some(s.clone()),
    }
}

/// The type of `v` as the row shows it: `Dictionary`, `Array[int]`, `Vector2`, `PoolIntArray`, …
pub(crate) fn type_name(v: &Variant, d: Dialect) -> String {
    match v {
        Variant::Array(a) => match element_name(&a.element_type, d) {
            Some(e) => format!("Array[{e}]"),
            None => "Array".into(),
        },
        Variant::Dictionary(m) => match (element_name(&m.key_type, d), element_name(&m.value_type, d)) {
            (None, None) => "Dictionary".into(),
            (k, v) => format!(
                "Dictionary[{}, {}]",
                k.unwrap_or_else(|| "Variant".into()),
                v.unwrap_or_else(|| "Variant".into())
            ),
        },
        _ => kind_name(v.kind(), d).to_string(),
    }
}

/// The editor the page shows for `v`.
pub(crate) fn editor_kind(v: &Variant) -> &'static str {
    match v {
        Variant::Nil => "nil",
        Variant::Bool(_) => "bool",
        Variant::Int(_) => "int",
        Variant::Float(_) => "float",
        Variant::String(_) => "string",
        Variant::StringName(_) => "stringname",
        Variant::NodePath(_) => "nodepath",
        Variant::Color(_) => "color",
        Variant::Vector2(_)
        | Variant::Vector2i(_)
        | Variant::Vector3(_)
        | Variant::Vector3i(_)
        | Variant::Vector4(_)
        | Variant::Vector4i(_)
        | Variant::Rect2(_)
        | Variant::Rect2i(_)
        | Variant::Plane(_)
        | Variant::Quaternion(_) => "vector",
        _ => "other",
    }
}
