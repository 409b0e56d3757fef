//! What a typed container does with an element (or a typed Dictionary with a key) when the engine decodes
//! it: keep it, convert it, or drop it.
//!
//! * Godot 4.3+ (`ContainerTypeValidate`): same type → kept; NIL into an object-typed container → kept;
//!   otherwise converted when `Variant::can_convert_strict` allows it, else dropped (decoding goes on).
//! * Pandemonium 5 typed arrays: exact type match only; NIL only in object-typed arrays; no conversions.

use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{ContainerType, Object, Variant};
use crate::wire::{narrow_like_engine, widen_exact};

/// The class an object-typed container gets when objects are not allowed.
pub(crate) const ENCODED_OBJECT_AS_ID: &str = "EncodedObjectAsID";

/// Godot 4: the element as the typed container stores it, or `None` if the engine drops it.
pub(crate) fn godot4_admit(t: &ContainerType, v: Variant, double: bool) -> Option<Variant> {
    match t {
        ContainerType::Untyped => Some(v),
        ContainerType::Builtin(k) if *k == v.kind() => Some(v),
        ContainerType::Builtin(TypeKind::Object) => matches!(v, Variant::Nil).then_some(v),
        ContainerType::Builtin(k) => convert_strict(v, *k, double),
        ContainerType::Class(class) => match &v {
            Variant::Nil => Some(v),
            Variant::Object(o) => match &**o {
                Object::Null | Object::Full { .. } => Some(v),
                // An id decodes to an EncodedObjectAsID (a RefCounted): kept only where that class fits.
                Object::InstanceId(_) => {
                    matches!(class.as_str(), ENCODED_OBJECT_AS_ID | "RefCounted" | "Object" | "").then_some(v)
                }
            },
            _ => None,
        },
        ContainerType::Script(_) => matches!(v, Variant::Nil | Variant::Object(_)).then_some(v),
    }
}

/// Pandemonium 5: exact type only, NIL only into object arrays.
pub(crate) fn pandemonium_admit(t: &ContainerType, v: &Variant) -> bool {
    match t {
        ContainerType::Untyped => true,
        ContainerType::Builtin(TypeKind::Object) | ContainerType::Class(_) | ContainerType::Script(_) => {
            matches!(v, Variant::Nil | Variant::Object(_))
        }
        ContainerType::Builtin(k) => v.kind() == *k,
    }
}

/// C++ `(int64_t)double` on x86-64: truncation, and the "integer indefinite" value when out of range.
fn f64_to_i64(f: f64) -> i64 {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    if !(-TWO_63..TWO_63).contains(&f) {
        i64::MIN
    } else {
        f as i64
    }
}

/// C++ `(int32_t)real_t` on x86-64.
fn real_to_i32(f: f64, double: bool) -> i32 {
    let f = if double { f } else { narrow_like_engine(f) as f64 };
    if !(-2_147_483_648.0..2_147_483_648.0).contains(&f) {
        i32::MIN
    } else {
        f as i32
    }
}

/// C++ `(real_t)int32_t`, as we store reals.
fn i32_to_real(i: i32, double: bool) -> f64 {
    if double {
        i as f64
    } else {
        widen_exact(i as f32)
    }
}

/// The conversions of Godot 4's `Variant::can_convert_strict` that typed containers apply. Conversions
/// whose results depend on engine float algorithms (Basis↔Quaternion, Color from a string, …) are not
/// reproduced: the element is kept as it was (see the README's list of deliberate differences).
fn convert_strict(v: Variant, to: TypeKind, double: bool) -> Option<Variant> {
    use TypeKind as K;
    use Variant as V;
    let v2i = |v: Vector2| Vector2i::new(real_to_i32(v.x, double), real_to_i32(v.y, double));
    let i2v = |v: Vector2i| Vector2::new(i32_to_real(v.x, double), i32_to_real(v.y, double));
    Some(match (v, to) {
        (V::Int(i), K::Bool) => V::Bool(i != 0),
        (V::Float(f), K::Bool) => V::Bool(f != 0.0),
        (V::Bool(b), K::Int) => V::Int(b as i64),
        (V::Float(f), K::Int) => V::Int(f64_to_i64(f)),
        (V::Bool(b), K::Float) => V::Float(b as i64 as f64),
        (V::Int(i), K::Float) => V::Float(i as f64),
        (V::NodePath(p), K::String) => V::String(p.to_string().into()),
        (V::StringName(s), K::String) => V::String(s.0),
        (V::String(s), K::StringName) => V::StringName(StringName(s)),
        (V::String(s), K::NodePath) => V::NodePath(Box::new(NodePath::parse(&s))),
        (V::Vector2(v), K::Vector2i) => V::Vector2i(v2i(v)),
        (V::Vector2i(v), K::Vector2) => V::Vector2(i2v(v)),
        (V::Rect2(r), K::Rect2i) => V::Rect2i(Rect2i::new(v2i(r.position), v2i(r.size))),
        (V::Rect2i(r), K::Rect2) => V::Rect2(Rect2::new(i2v(r.position), i2v(r.size))),
        (V::Vector3(v), K::Vector3i) => {
            V::Vector3i(Vector3i::new(real_to_i32(v.x, double), real_to_i32(v.y, double), real_to_i32(v.z, double)))
        }
        (V::Vector3i(v), K::Vector3) => {
            V::Vector3(Vector3::new(i32_to_real(v.x, double), i32_to_real(v.y, double), i32_to_real(v.z, double)))
        }
        (V::Vector4(v), K::Vector4i) => V::Vector4i(Vector4i::new(
            real_to_i32(v.x, double),
            real_to_i32(v.y, double),
            real_to_i32(v.z, double),
            real_to_i32(v.w, double),
        )),
        (V::Vector4i(v), K::Vector4) => V::Vector4(Vector4::new(
            i32_to_real(v.x, double),
            i32_to_real(v.y, double),
            i32_to_real(v.z, double),
            i32_to_real(v.w, double),
        )),
        (V::Int(i), K::Color) => {
            // Color::hex(uint32 rrggbbaa)
            let c = i as u32;
            let ch = |s: u32| ((c >> s) & 0xFF) as f32 / 255.0;
            V::Color(Color::new(ch(24), ch(16), ch(8), ch(0)))
        }
        (v, K::Array) if is_packed(&v) => Variant::from(packed_items(v)),
        // Convertible in the engine, not reproduced here: kept unconverted.
        (
            v @ (V::Transform3D(_) | V::Quaternion(_) | V::Basis(_) | V::Projection(_) | V::Transform2D(_)),
            K::Transform2D | K::Quaternion | K::Basis | K::Transform3D | K::Projection,
        ) => v,
        (v @ V::String(_), K::Color) | (v @ V::Object(_), K::Rid) => v,
        (v @ V::Array(_), k) if k.is_engine_packed() => v,
        _ => return None,
    })
}

fn is_packed(v: &Variant) -> bool {
    v.kind().is_engine_packed()
}

/// A packed array's elements as Variants (Array(PackedXArray) in the engine).
fn packed_items(v: Variant) -> Vec<Variant> {
    use Variant as V;
    match v {
        V::PackedByteArray(a) => a.into_iter().map(|x| V::Int(x as i64)).collect(),
        V::PackedInt32Array(a) => a.into_iter().map(|x| V::Int(x as i64)).collect(),
        V::PackedInt64Array(a) => a.into_iter().map(V::Int).collect(),
        V::PackedFloat32Array(a) => a.into_iter().map(|x| V::Float(crate::wire::widen_like_engine(x))).collect(),
        V::PackedFloat64Array(a) => a.into_iter().map(V::Float).collect(),
        V::PackedStringArray(a) => a.into_iter().map(V::String).collect(),
        V::PackedVector2Array(a) => a.into_iter().map(V::Vector2).collect(),
        V::PackedVector3Array(a) => a.into_iter().map(V::Vector3).collect(),
        V::PackedColorArray(a) => a.into_iter().map(V::Color).collect(),
        V::PackedVector4Array(a) => a.into_iter().map(V::Vector4).collect(),
        _ => Vec::new(),
    }
}

/// Which engine's rules a typed container applies to what is put in it.
#[derive(Clone, Copy)]
pub(crate) enum AdmitRule {
    /// No typed containers (Godot 2, 3, Pandemonium before 5): everything is kept.
    Any,
    /// Godot 4.3+: strict conversions, else dropped.
    Godot4 { double: bool },
    /// Pandemonium 5: exact type only.
    Pandemonium,
}

impl AdmitRule {
    pub(crate) fn admit(self, t: &ContainerType, v: Variant) -> Option<Variant> {
        match self {
            _ if t.is_untyped() => Some(v),
            AdmitRule::Any => Some(v),
            AdmitRule::Godot4 { double } => godot4_admit(t, v, double),
            AdmitRule::Pandemonium => pandemonium_admit(t, &v).then_some(v),
        }
    }
}
