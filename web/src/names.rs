//! Type names in a dialect's own spelling (the library's one table, `TypeKind::name_in`), and the editor
//! kind of a value.

use godot_bin::value::ContainerType;
use godot_bin::{Dialect, Variant};

fn element_name(t: &ContainerType, d: Dialect) -> Option<String> {
    match t {
        ContainerType::Untyped => None,
        ContainerType::Builtin(k) => Some(k.name_in(d).to_string()),
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
        _ => v.kind().name_in(d).to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The page names a type as the dialect's engine does: Pandemonium v4.9 writes `PoolVector4Array(` and
    /// `Quaternion(` (tests/fixtures/pandemonium-4.9/samples.tsv), Godot 3.6 `PoolIntArray`
    /// (tests/fixtures/godot-3.6/types.tsv).
    #[test]
    fn names_follow_the_engines() {
        let v4 = Variant::PackedVector4Array(Vec::new());
        assert_eq!(type_name(&v4, Dialect::Pandemonium3_8), "PoolVector4Array");
        assert_eq!(type_name(&v4, Dialect::Godot4_6), "PackedVector4Array");
        let q = Variant::Quaternion(Default::default());
        assert_eq!(type_name(&q, Dialect::Pandemonium3_8), "Quaternion");
        assert_eq!(type_name(&q, Dialect::Godot3), "Quat");
        assert_eq!(type_name(&Variant::PackedInt32Array(Vec::new()), Dialect::Godot3), "PoolIntArray");
    }
}
