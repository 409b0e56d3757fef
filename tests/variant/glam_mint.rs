//! The `glam` and `mint` conversions (features `glam`, `mint`): exact round trips through the f64 types and
//! through f32 for f32 values, documented narrowing otherwise, and matrices keeping their meaning (a Godot
//! transform moves points the same way the converted glam transform does).
#![cfg(all(feature = "glam", feature = "mint"))]

use godot_bin::markers::{Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i};
use godot_bin::{
    markers::{Basis, Projection, Quaternion, Transform2D, Transform3D},
    Config, Variant,
};

/// A few f64s, some not representable in f32.
const F64S: [f64; 8] = [0.0, -0.0, 1.5, -2.25, 0.1, 1e300, 123456789.123, f64::MIN_POSITIVE];

fn f32_exact(x: f64) -> bool {
    (x as f32) as f64 == x
}

fn narrow(x: f64) -> f64 {
    x as f32 as f64
}

fn basis(k: usize) -> Basis {
    let f = |i: usize| F64S[(k + i) % F64S.len()];
    Basis::from_rows(Vector3::new(f(0), f(1), f(2)), Vector3::new(f(3), f(4), f(5)), Vector3::new(f(6), f(7), f(0)))
}

#[test]
fn f64_types_are_exact_both_ways() {
    for k in 0..F64S.len() {
        let f = |i: usize| F64S[(k + i) % F64S.len()];
        let v2 = Vector2::new(f(0), f(1));
        let v3 = Vector3::new(f(0), f(1), f(2));
        let v4 = Vector4::new(f(0), f(1), f(2), f(3));
        let q = Quaternion::new(f(3), f(2), f(1), f(0));
        let b = basis(k);
        let t2 = Transform2D::new(v2, Vector2::new(f(2), f(3)), Vector2::new(f(4), f(5)));
        let t3 = Transform3D::new(b, v3);
        let p = Projection { columns: [v4, v4, Vector4::new(f(4), f(5), f(6), f(7)), v4] };
        assert_eq!(Vector2::from(glam::DVec2::from(v2)), v2);
        assert_eq!(Vector3::from(glam::DVec3::from(v3)), v3);
        assert_eq!(Vector4::from(glam::DVec4::from(v4)), v4);
        assert_eq!(Quaternion::from(glam::DQuat::from(q)), q);
        assert_eq!(Basis::from(glam::DMat3::from(b)), b);
        assert_eq!(Transform2D::from(glam::DAffine2::from(t2)), t2);
        assert_eq!(Transform3D::from(glam::DAffine3::from(t3)), t3);
        assert_eq!(Projection::from(glam::DMat4::from(p)), p);
        assert_eq!(Vector2::from(mint::Vector2::<f64>::from(v2)), v2);
        assert_eq!(Vector3::from(mint::Vector3::<f64>::from(v3)), v3);
        assert_eq!(Vector4::from(mint::Vector4::<f64>::from(v4)), v4);
        assert_eq!(Quaternion::from(mint::Quaternion::<f64>::from(q)), q);
        assert_eq!(Basis::from(mint::RowMatrix3::<f64>::from(b)), b);
        assert_eq!(Basis::from(mint::ColumnMatrix3::<f64>::from(b)), b);
        assert_eq!(Transform2D::from(mint::ColumnMatrix2x3::<f64>::from(t2)), t2);
        assert_eq!(Transform3D::from(mint::ColumnMatrix3x4::<f64>::from(t3)), t3);
        assert_eq!(Projection::from(mint::ColumnMatrix4::<f64>::from(p)), p);
    }
}

#[test]
fn f32_types_narrow_each_component_to_nearest() {
    for (k, &x) in F64S.iter().enumerate() {
        let b = basis(k);
        let nb = Basis { rows: b.rows.map(|r| Vector3::new(narrow(r.x), narrow(r.y), narrow(r.z))) };
        assert_eq!(Basis::from(glam::Mat3::from(b)), nb);
        assert_eq!(Basis::from(glam::Mat3A::from(b)), nb);
        assert_eq!(Basis::from(mint::RowMatrix3::<f32>::from(b)), nb);
        assert_eq!(Basis::from(mint::ColumnMatrix3::<f32>::from(b)), nb);
        let t = Transform3D::new(b, b.rows[1]);
        assert_eq!(Transform3D::from(glam::Affine3A::from(t)), Transform3D::new(nb, nb.rows[1]));
        // Exact whenever every component is an f32 (all values a single-precision engine writes).
        if b.rows.iter().all(|r| f32_exact(r.x) && f32_exact(r.y) && f32_exact(r.z)) {
            assert_eq!(nb, b);
        }
        let v = Vector2::new(x, -x);
        assert_eq!(glam::Vec2::from(v), glam::Vec2::new(x as f32, -x as f32));
        assert_eq!(Vector2::from(glam::Vec2::from(v)), Vector2::new(narrow(x), narrow(-x)));
        assert_eq!(
            Vector3::from(glam::Vec3A::from(Vector3::new(x, x, x))),
            Vector3::new(narrow(x), narrow(x), narrow(x))
        );
    }
    // Beyond f32's range: infinity, as `as f32` does; NaN stays NaN.
    assert_eq!(glam::Vec2::from(Vector2::new(1e300, -1e300)), glam::Vec2::new(f32::INFINITY, f32::NEG_INFINITY));
    assert!(glam::Vec2::from(Vector2::new(f64::NAN, 0.0)).x.is_nan());
}

#[test]
fn integer_vectors_are_exact() {
    for (x, y, z, w) in [(0, 0, 0, 0), (i32::MIN, i32::MAX, -1, 7)] {
        assert_eq!(Vector2i::from(glam::IVec2::from(Vector2i::new(x, y))), Vector2i::new(x, y));
        assert_eq!(Vector3i::from(glam::IVec3::from(Vector3i::new(x, y, z))), Vector3i::new(x, y, z));
        assert_eq!(Vector4i::from(glam::IVec4::from(Vector4i::new(x, y, z, w))), Vector4i::new(x, y, z, w));
        assert_eq!(Vector2i::from(mint::Vector2::<i32>::from(Vector2i::new(x, y))), Vector2i::new(x, y));
        assert_eq!(Vector3i::from(mint::Vector3::<i32>::from(Vector3i::new(x, y, z))), Vector3i::new(x, y, z));
        assert_eq!(Vector4i::from(mint::Vector4::<i32>::from(Vector4i::new(x, y, z, w))), Vector4i::new(x, y, z, w));
    }
}

/// Godot's `Transform3D * Vector3` / `Basis * Vector3`: rows dotted with the vector (the rows are on the wire).
fn godot_xform3(t: &Transform3D, v: Vector3) -> Vector3 {
    let r = t.basis.rows;
    let dot = |a: Vector3| a.x * v.x + a.y * v.y + a.z * v.z;
    Vector3::new(dot(r[0]) + t.origin.x, dot(r[1]) + t.origin.y, dot(r[2]) + t.origin.z)
}

/// Godot's `Transform2D * Vector2`: x axis * v.x + y axis * v.y + origin.
fn godot_xform2(t: &Transform2D, v: Vector2) -> Vector2 {
    Vector2::new(t.x.x * v.x + t.y.x * v.y + t.origin.x, t.x.y * v.x + t.y.y * v.y + t.origin.y)
}

#[test]
fn transforms_move_points_as_in_godot() {
    // Small integers: every product and sum is exact in f32 and f64.
    let t3 = Transform3D::new(
        Basis::from_columns(Vector3::new(0.0, 1.0, 0.0), Vector3::new(-1.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 2.0)),
        Vector3::new(10.0, 20.0, 30.0),
    );
    let t2 = Transform2D::new(Vector2::new(0.0, 1.0), Vector2::new(-3.0, 0.0), Vector2::new(5.0, 6.0));
    for p in [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (2.0, -3.0, 4.0)] {
        let v = Vector3::new(p.0, p.1, p.2);
        let want = godot_xform3(&t3, v);
        assert_eq!(Vector3::from(glam::Affine3A::from(t3).transform_point3(glam::Vec3::from(v))), want);
        assert_eq!(Vector3::from(glam::DAffine3::from(t3).transform_point3(glam::DVec3::from(v))), want);
        let b = glam::Mat3::from(t3.basis) * glam::Vec3::from(v);
        assert_eq!(Vector3::from(b + glam::Vec3::from(t3.origin)), want);
        let v2 = Vector2::new(p.0, p.1);
        assert_eq!(
            Vector2::from(glam::Affine2::from(t2).transform_point2(glam::Vec2::from(v2))),
            godot_xform2(&t2, v2)
        );
        assert_eq!(
            Vector2::from(glam::DAffine2::from(t2).transform_point2(glam::DVec2::from(v2))),
            godot_xform2(&t2, v2)
        );
    }
    // mint's column matrices hold the same columns as glam's.
    let m: mint::ColumnMatrix3x4<f32> = t3.into();
    let a = glam::Affine3A::from(t3);
    assert_eq!([m.x.x, m.x.y, m.x.z], a.matrix3.x_axis.to_array());
    assert_eq!([m.w.x, m.w.y, m.w.z], a.translation.to_array());
}

#[test]
fn a_value_from_the_wire_into_glam_and_back() {
    // Godot 4's var_to_bytes(Transform2D(Vector2(0, 1), Vector2(-1, 0), Vector2(10, 20))).
    let cfg = Config::default();
    let t = Transform2D::new(Vector2::new(0.0, 1.0), Vector2::new(-1.0, 0.0), Vector2::new(10.0, 20.0));
    let bytes = Variant::Transform2D(Box::new(t)).encode(&cfg).unwrap();
    let read: Transform2D = godot_bin::from_slice(&bytes).unwrap();
    let moved = glam::Affine2::from(read) * glam::Affine2::from_translation(glam::Vec2::new(1.0, 0.0));
    let back = godot_bin::to_vec(&Transform2D::from(moved)).unwrap();
    let v = Variant::decode(&back, &cfg).unwrap();
    assert_eq!(v, Variant::Transform2D(Box::new(Transform2D::new(t.x, t.y, Vector2::new(10.0, 21.0)))));
}
