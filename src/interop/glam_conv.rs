//! `From` conversions between the math markers and [glam](https://docs.rs/glam) (feature `glam`), so game code
//! keeps its own math types and still reads and writes Godot values.
//!
//! | godot_bin | glam, f32 (narrowing one way) | glam, f64 (exact both ways) |
//! |---|---|---|
//! | [`Vector2`] / [`Vector3`] / [`Vector4`] | `Vec2` / `Vec3` (and `Vec3A`) / `Vec4` | `DVec2` / `DVec3` / `DVec4` |
//! | [`Vector2i`] / [`Vector3i`] / [`Vector4i`] | `IVec2` / `IVec3` / `IVec4` (exact) | |
//! | [`Quaternion`] | `Quat` | `DQuat` |
//! | [`Basis`] | `Mat3` (and `Mat3A`) | `DMat3` |
//! | [`Transform2D`] | `Affine2` | `DAffine2` |
//! | [`Transform3D`] | `Affine3A` | `DAffine3` |
//! | [`Projection`] | `Mat4` | `DMat4` |
//!
//! **Narrowing.** Our markers hold `f64` components (a Godot value read from the wire is widened exactly,
//! and a double-precision build's values fit), while glam's `Vec2` … `Affine3A` are `f32`. Converting a marker
//! to an `f32` glam type rounds each component to the nearest `f32` (`as f32`: values beyond `f32::MAX`
//! become ±infinity, NaN stays NaN). That loses nothing for values a single-precision engine wrote (every
//! `f32` widens to `f64` and back exactly) but does lose precision for values of a double-precision build or
//! computed in `f64`. The other way (`f32` glam → marker) is exact. Use glam's `D*` types to keep `f64`.
//!
//! Matrices keep their meaning, not their memory layout: a Godot `Basis` is stored as rows on the wire
//! ([`Basis::rows`]) and glam's `Mat3` as columns, and the columns of both are the x, y and z axes
//! (`Basis.x` in GDScript is `Mat3::x_axis`); `Transform2D`'s `x`/`y`/`origin` are `Affine2`'s
//! `matrix2.x_axis`/`matrix2.y_axis`/`translation`. Quaternions are copied component for component
//! (`Quat::from_xyzw`), without normalising.
//!
//! ```
//! use godot_bin::{markers::Basis, markers::Transform3D, markers::Vector3};
//! use glam::{Affine3A, Mat3, Vec3};
//! // A Godot Basis rotating 90° about z, built from its columns as GDScript does:
//! let b = Basis::from_columns(Vector3::new(0.0, 1.0, 0.0), Vector3::new(-1.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 1.0));
//! let m = Mat3::from(b);
//! assert_eq!(m * Vec3::X, Vec3::Y);
//! let t = Transform3D::new(b, Vector3::new(1.0, 2.0, 3.0));
//! let a = Affine3A::from(t);
//! assert_eq!(a.transform_point3(Vec3::X), Vec3::new(1.0, 3.0, 3.0));
//! assert_eq!(Transform3D::from(a), t); // exact: every component is an f32
//! // Narrowing: 0.1 as f64 is not an f32.
//! let v = glam::Vec2::from(godot_bin::markers::Vector2::new(0.1, 0.5));
//! assert_eq!(godot_bin::markers::Vector2::from(v), godot_bin::markers::Vector2::new(0.1f32 as f64, 0.5));
//! ```

use glam::{
    Affine2, Affine3A, DAffine2, DAffine3, DMat2, DMat3, DMat4, DQuat, DVec2, DVec3, DVec4, IVec2, IVec3, IVec4, Mat2,
    Mat3, Mat3A, Mat4, Quat, Vec2, Vec3, Vec3A, Vec4,
};

use crate::markers::{
    Basis, Projection, Quaternion, Transform2D, Transform3D, Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};

/// `From` both ways between a math marker and a glam type of the same components, component for component
/// (quaternions through `from_xyzw`, not normalised). `narrow`: the glam type is `f32`, so each component is
/// rounded to the nearest `f32` one way (see the [module docs](self) on narrowing) and widened exactly back;
/// `exact`: both ways exact.
macro_rules! components {
    (narrow $marker:ident <-> $glam:ident :: $make:ident ($($c:ident),+)) => {
        impl From<$marker> for $glam {
            /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
            fn from(v: $marker) -> Self {
                $glam::$make($(v.$c as f32),+)
            }
        }
        impl From<$glam> for $marker {
            /// Exact.
            fn from(v: $glam) -> Self {
                $marker::new($(v.$c.into()),+)
            }
        }
    };
    (exact $marker:ident <-> $glam:ident :: $make:ident ($($c:ident),+)) => {
        impl From<$marker> for $glam {
            /// Exact.
            fn from(v: $marker) -> Self {
                $glam::$make($(v.$c),+)
            }
        }
        impl From<$glam> for $marker {
            /// Exact.
            fn from(v: $glam) -> Self {
                $marker::new($(v.$c),+)
            }
        }
    };
}

components!(narrow Vector2 <-> Vec2::new(x, y));
components!(exact Vector2 <-> DVec2::new(x, y));
components!(narrow Vector3 <-> Vec3::new(x, y, z));
components!(narrow Vector3 <-> Vec3A::new(x, y, z));
components!(exact Vector3 <-> DVec3::new(x, y, z));
components!(narrow Vector4 <-> Vec4::new(x, y, z, w));
components!(exact Vector4 <-> DVec4::new(x, y, z, w));
components!(exact Vector2i <-> IVec2::new(x, y));
components!(exact Vector3i <-> IVec3::new(x, y, z));
components!(exact Vector4i <-> IVec4::new(x, y, z, w));
components!(narrow Quaternion <-> Quat::from_xyzw(x, y, z, w));
components!(exact Quaternion <-> DQuat::from_xyzw(x, y, z, w));

/// The basis' columns: its x, y and z axes (`Basis.x` … in GDScript).
fn columns(b: &Basis) -> [Vector3; 3] {
    let [r0, r1, r2] = b.rows;
    [Vector3::new(r0.x, r1.x, r2.x), Vector3::new(r0.y, r1.y, r2.y), Vector3::new(r0.z, r1.z, r2.z)]
}

/// `From` both ways between [`Basis`] and a glam 3×3 matrix: the basis' columns (its x, y and z axes) are the
/// matrix columns, each converted as its vector is.
macro_rules! basis {
    ($mat:ident, $doc:literal) => {
        impl From<Basis> for $mat {
            #[doc = $doc]
            fn from(b: Basis) -> Self {
                let [x, y, z] = columns(&b);
                $mat::from_cols(x.into(), y.into(), z.into())
            }
        }
        impl From<$mat> for Basis {
            /// Exact.
            fn from(m: $mat) -> Self {
                Basis::from_columns(m.x_axis.into(), m.y_axis.into(), m.z_axis.into())
            }
        }
    };
}

basis!(
    Mat3,
    "Each component rounded to the nearest `f32` (see the module docs on narrowing); the columns are the axes."
);
basis!(
    Mat3A,
    "Each component rounded to the nearest `f32` (see the module docs on narrowing); the columns are the axes."
);
basis!(DMat3, "Exact; the columns are the axes.");

impl From<Transform2D> for Affine2 {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). `x`/`y` become `matrix2`'s columns, `origin` the translation.
    ///
    /// ```
    /// use godot_bin::{markers::Transform2D, markers::Vector2};
    /// let t = Transform2D::new(Vector2::new(0.0, 1.0), Vector2::new(-1.0, 0.0), Vector2::new(10.0, 20.0));
    /// let a = glam::Affine2::from(t);
    /// assert_eq!(a.transform_point2(glam::Vec2::X), glam::Vec2::new(10.0, 21.0));
    /// assert_eq!(Transform2D::from(a), t);
    /// ```
    fn from(t: Transform2D) -> Self {
        Affine2::from_mat2_translation(Mat2::from_cols(Vec2::from(t.x), Vec2::from(t.y)), Vec2::from(t.origin))
    }
}

impl From<Affine2> for Transform2D {
    /// Exact.
    fn from(a: Affine2) -> Self {
        Transform2D::new(a.matrix2.x_axis.into(), a.matrix2.y_axis.into(), a.translation.into())
    }
}

impl From<Transform2D> for DAffine2 {
    /// Exact. `x`/`y` become `matrix2`'s columns, `origin` the translation.
    ///
    /// ```
    /// use godot_bin::{markers::Transform2D, markers::Vector2};
    /// let t = Transform2D::new(Vector2::new(0.0, 1.0), Vector2::new(-1.0, 0.0), Vector2::new(10.0, 20.0));
    /// let a = glam::DAffine2::from(t);
    /// assert_eq!(a.transform_point2(glam::DVec2::X), glam::DVec2::new(10.0, 21.0));
    /// assert_eq!(Transform2D::from(a), t);
    /// ```
    fn from(t: Transform2D) -> Self {
        DAffine2::from_mat2_translation(DMat2::from_cols(DVec2::from(t.x), DVec2::from(t.y)), DVec2::from(t.origin))
    }
}

impl From<DAffine2> for Transform2D {
    /// Exact.
    fn from(a: DAffine2) -> Self {
        Transform2D::new(a.matrix2.x_axis.into(), a.matrix2.y_axis.into(), a.translation.into())
    }
}

impl From<Transform3D> for Affine3A {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). The basis becomes `matrix3` (columns = axes), `origin` the translation.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Transform3D, markers::Vector3};
    /// let t = Transform3D::new(Basis::IDENTITY, Vector3::new(1.0, 2.0, 3.0));
    /// let a = glam::Affine3A::from(t);
    /// assert_eq!(a.translation, glam::Vec3A::new(1.0, 2.0, 3.0));
    /// assert_eq!(Transform3D::from(a), t);
    /// ```
    fn from(t: Transform3D) -> Self {
        Affine3A { matrix3: Mat3A::from(t.basis), translation: Vec3A::from(t.origin) }
    }
}

impl From<Affine3A> for Transform3D {
    /// Exact.
    fn from(a: Affine3A) -> Self {
        Transform3D::new(Basis::from(a.matrix3), Vector3::from(a.translation))
    }
}

impl From<Transform3D> for DAffine3 {
    /// Exact. The basis becomes `matrix3` (columns = axes), `origin` the translation.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Transform3D, markers::Vector3};
    /// let t = Transform3D::new(Basis::IDENTITY, Vector3::new(1.0, 2.0, 3.0));
    /// let a = glam::DAffine3::from(t);
    /// assert_eq!(a.translation, glam::DVec3::new(1.0, 2.0, 3.0));
    /// assert_eq!(Transform3D::from(a), t);
    /// ```
    fn from(t: Transform3D) -> Self {
        DAffine3 { matrix3: DMat3::from(t.basis), translation: DVec3::from(t.origin) }
    }
}

impl From<DAffine3> for Transform3D {
    /// Exact.
    fn from(a: DAffine3) -> Self {
        Transform3D::new(Basis::from(a.matrix3), Vector3::from(a.translation))
    }
}

impl From<Projection> for Mat4 {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). Columns to columns (both store columns).
    ///
    /// ```
    /// let m = glam::Mat4::from(godot_bin::markers::Projection::IDENTITY);
    /// assert_eq!(m, glam::Mat4::IDENTITY);
    /// assert_eq!(godot_bin::markers::Projection::from(m), godot_bin::markers::Projection::IDENTITY);
    /// ```
    fn from(p: Projection) -> Self {
        let [a, b, c, d] = p.columns;
        Mat4::from_cols(a.into(), b.into(), c.into(), d.into())
    }
}

impl From<Mat4> for Projection {
    /// Exact.
    fn from(m: Mat4) -> Self {
        Projection { columns: [m.x_axis.into(), m.y_axis.into(), m.z_axis.into(), m.w_axis.into()] }
    }
}

impl From<Projection> for DMat4 {
    /// Exact. Columns to columns (both store columns).
    ///
    /// ```
    /// let m = glam::DMat4::from(godot_bin::markers::Projection::IDENTITY);
    /// assert_eq!(m, glam::DMat4::IDENTITY);
    /// assert_eq!(godot_bin::markers::Projection::from(m), godot_bin::markers::Projection::IDENTITY);
    /// ```
    fn from(p: Projection) -> Self {
        let [a, b, c, d] = p.columns;
        DMat4::from_cols(a.into(), b.into(), c.into(), d.into())
    }
}

impl From<DMat4> for Projection {
    /// Exact.
    fn from(m: DMat4) -> Self {
        Projection { columns: [m.x_axis.into(), m.y_axis.into(), m.z_axis.into(), m.w_axis.into()] }
    }
}
