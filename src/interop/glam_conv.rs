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

impl From<Vector2> for Vec2 {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
    ///
    /// ```
    /// let g = glam::Vec2::from(godot_bin::markers::Vector2::new(1.5, -2.0));
    /// assert_eq!(g, glam::Vec2::new(1.5, -2.0));
    /// ```
    fn from(v: Vector2) -> Self {
        Vec2::new(v.x as f32, v.y as f32)
    }
}

impl From<Vec2> for Vector2 {
    /// Exact.
    fn from(v: Vec2) -> Self {
        Vector2::new(v.x as f64, v.y as f64)
    }
}

impl From<Vector2> for DVec2 {
    /// Exact.
    ///
    /// ```
    /// let g = glam::DVec2::from(godot_bin::markers::Vector2::new(1.5, -2.0));
    /// assert_eq!(godot_bin::markers::Vector2::from(g), godot_bin::markers::Vector2::new(1.5, -2.0));
    /// ```
    fn from(v: Vector2) -> Self {
        DVec2::new(v.x, v.y)
    }
}

impl From<DVec2> for Vector2 {
    /// Exact.
    fn from(v: DVec2) -> Self {
        Vector2::new(v.x, v.y)
    }
}

impl From<Vector3> for Vec3 {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
    ///
    /// ```
    /// let g = glam::Vec3::from(godot_bin::markers::Vector3::new(1.5, -2.0, 3.25));
    /// assert_eq!(g, glam::Vec3::new(1.5, -2.0, 3.25));
    /// ```
    fn from(v: Vector3) -> Self {
        Vec3::new(v.x as f32, v.y as f32, v.z as f32)
    }
}

impl From<Vec3> for Vector3 {
    /// Exact.
    fn from(v: Vec3) -> Self {
        Vector3::new(v.x as f64, v.y as f64, v.z as f64)
    }
}

impl From<Vector3> for DVec3 {
    /// Exact.
    ///
    /// ```
    /// let g = glam::DVec3::from(godot_bin::markers::Vector3::new(1.5, -2.0, 3.25));
    /// assert_eq!(godot_bin::markers::Vector3::from(g), godot_bin::markers::Vector3::new(1.5, -2.0, 3.25));
    /// ```
    fn from(v: Vector3) -> Self {
        DVec3::new(v.x, v.y, v.z)
    }
}

impl From<DVec3> for Vector3 {
    /// Exact.
    fn from(v: DVec3) -> Self {
        Vector3::new(v.x, v.y, v.z)
    }
}

impl From<Vector4> for Vec4 {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
    ///
    /// ```
    /// let g = glam::Vec4::from(godot_bin::markers::Vector4::new(1.5, -2.0, 3.25, 4.0));
    /// assert_eq!(g, glam::Vec4::new(1.5, -2.0, 3.25, 4.0));
    /// ```
    fn from(v: Vector4) -> Self {
        Vec4::new(v.x as f32, v.y as f32, v.z as f32, v.w as f32)
    }
}

impl From<Vec4> for Vector4 {
    /// Exact.
    fn from(v: Vec4) -> Self {
        Vector4::new(v.x as f64, v.y as f64, v.z as f64, v.w as f64)
    }
}

impl From<Vector4> for DVec4 {
    /// Exact.
    ///
    /// ```
    /// let g = glam::DVec4::from(godot_bin::markers::Vector4::new(1.5, -2.0, 3.25, 4.0));
    /// assert_eq!(godot_bin::markers::Vector4::from(g), godot_bin::markers::Vector4::new(1.5, -2.0, 3.25, 4.0));
    /// ```
    fn from(v: Vector4) -> Self {
        DVec4::new(v.x, v.y, v.z, v.w)
    }
}

impl From<DVec4> for Vector4 {
    /// Exact.
    fn from(v: DVec4) -> Self {
        Vector4::new(v.x, v.y, v.z, v.w)
    }
}

impl From<Vector3> for Vec3A {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
    ///
    /// ```
    /// assert_eq!(glam::Vec3A::from(godot_bin::markers::Vector3::new(1.0, 2.0, 3.0)), glam::Vec3A::new(1.0, 2.0, 3.0));
    /// ```
    fn from(v: Vector3) -> Self {
        Vec3A::new(v.x as f32, v.y as f32, v.z as f32)
    }
}

impl From<Vec3A> for Vector3 {
    /// Exact.
    fn from(v: Vec3A) -> Self {
        Vector3::new(v.x as f64, v.y as f64, v.z as f64)
    }
}

impl From<Vector2i> for IVec2 {
    /// Exact.
    ///
    /// ```
    /// let g = glam::IVec2::from(godot_bin::markers::Vector2i::new(1, -2));
    /// assert_eq!(godot_bin::markers::Vector2i::from(g), godot_bin::markers::Vector2i::new(1, -2));
    /// ```
    fn from(v: Vector2i) -> Self {
        IVec2::new(v.x, v.y)
    }
}

impl From<IVec2> for Vector2i {
    /// Exact.
    fn from(v: IVec2) -> Self {
        Vector2i::new(v.x, v.y)
    }
}

impl From<Vector3i> for IVec3 {
    /// Exact.
    ///
    /// ```
    /// let g = glam::IVec3::from(godot_bin::markers::Vector3i::new(1, -2, 3));
    /// assert_eq!(godot_bin::markers::Vector3i::from(g), godot_bin::markers::Vector3i::new(1, -2, 3));
    /// ```
    fn from(v: Vector3i) -> Self {
        IVec3::new(v.x, v.y, v.z)
    }
}

impl From<IVec3> for Vector3i {
    /// Exact.
    fn from(v: IVec3) -> Self {
        Vector3i::new(v.x, v.y, v.z)
    }
}

impl From<Vector4i> for IVec4 {
    /// Exact.
    ///
    /// ```
    /// let g = glam::IVec4::from(godot_bin::markers::Vector4i::new(1, -2, 3, 4));
    /// assert_eq!(godot_bin::markers::Vector4i::from(g), godot_bin::markers::Vector4i::new(1, -2, 3, 4));
    /// ```
    fn from(v: Vector4i) -> Self {
        IVec4::new(v.x, v.y, v.z, v.w)
    }
}

impl From<IVec4> for Vector4i {
    /// Exact.
    fn from(v: IVec4) -> Self {
        Vector4i::new(v.x, v.y, v.z, v.w)
    }
}

impl From<Quaternion> for Quat {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). Copied component for component (`from_xyzw`), not normalised.
    ///
    /// ```
    /// let q = glam::Quat::from(godot_bin::markers::Quaternion::new(0.0, 0.0, 0.0, 1.0));
    /// assert_eq!(q, glam::Quat::IDENTITY);
    /// ```
    fn from(q: Quaternion) -> Self {
        Quat::from_xyzw(q.x as f32, q.y as f32, q.z as f32, q.w as f32)
    }
}

impl From<Quat> for Quaternion {
    /// Exact.
    fn from(q: Quat) -> Self {
        Quaternion::new(q.x as f64, q.y as f64, q.z as f64, q.w as f64)
    }
}

impl From<Quaternion> for DQuat {
    /// Exact. Copied component for component (`from_xyzw`), not normalised.
    ///
    /// ```
    /// let q = glam::DQuat::from(godot_bin::markers::Quaternion::new(0.0, 0.0, 0.0, 1.0));
    /// assert_eq!(q, glam::DQuat::IDENTITY);
    /// ```
    fn from(q: Quaternion) -> Self {
        DQuat::from_xyzw(q.x, q.y, q.z, q.w)
    }
}

impl From<DQuat> for Quaternion {
    /// Exact.
    fn from(q: DQuat) -> Self {
        Quaternion::new(q.x, q.y, q.z, q.w)
    }
}

impl From<Basis> for Mat3 {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). The basis' columns (its x, y and z axes) become the matrix columns.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// let b = Basis::from_columns(Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0), Vector3::new(7.0, 8.0, 9.0));
    /// let m = glam::Mat3::from(b);
    /// assert_eq!(m.y_axis, glam::Vec3::new(4.0, 5.0, 6.0));
    /// assert_eq!(Basis::from(m), b);
    /// ```
    fn from(b: Basis) -> Self {
        let [r0, r1, r2] = b.rows;
        Mat3::from_cols(
            Vec3::new(r0.x as f32, r1.x as f32, r2.x as f32),
            Vec3::new(r0.y as f32, r1.y as f32, r2.y as f32),
            Vec3::new(r0.z as f32, r1.z as f32, r2.z as f32),
        )
    }
}

impl From<Mat3> for Basis {
    /// Exact.
    fn from(m: Mat3) -> Self {
        let c = |v: Vec3| Vector3::new(v.x as f64, v.y as f64, v.z as f64);
        Basis::from_columns(c(m.x_axis), c(m.y_axis), c(m.z_axis))
    }
}

impl From<Basis> for Mat3A {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). The basis' columns (its x, y and z axes) become the matrix columns.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// let b = Basis::from_columns(Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0), Vector3::new(7.0, 8.0, 9.0));
    /// let m = glam::Mat3A::from(b);
    /// assert_eq!(m.y_axis, glam::Vec3A::new(4.0, 5.0, 6.0));
    /// assert_eq!(Basis::from(m), b);
    /// ```
    fn from(b: Basis) -> Self {
        let [r0, r1, r2] = b.rows;
        Mat3A::from_cols(
            Vec3A::new(r0.x as f32, r1.x as f32, r2.x as f32),
            Vec3A::new(r0.y as f32, r1.y as f32, r2.y as f32),
            Vec3A::new(r0.z as f32, r1.z as f32, r2.z as f32),
        )
    }
}

impl From<Mat3A> for Basis {
    /// Exact.
    fn from(m: Mat3A) -> Self {
        let c = |v: Vec3A| Vector3::new(v.x as f64, v.y as f64, v.z as f64);
        Basis::from_columns(c(m.x_axis), c(m.y_axis), c(m.z_axis))
    }
}

impl From<Basis> for DMat3 {
    /// Exact. The basis' columns (its x, y and z axes) become the matrix columns.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// let b = Basis::from_columns(Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0), Vector3::new(7.0, 8.0, 9.0));
    /// let m = glam::DMat3::from(b);
    /// assert_eq!(m.y_axis, glam::DVec3::new(4.0, 5.0, 6.0));
    /// assert_eq!(Basis::from(m), b);
    /// ```
    fn from(b: Basis) -> Self {
        let [r0, r1, r2] = b.rows;
        DMat3::from_cols(DVec3::new(r0.x, r1.x, r2.x), DVec3::new(r0.y, r1.y, r2.y), DVec3::new(r0.z, r1.z, r2.z))
    }
}

impl From<DMat3> for Basis {
    /// Exact.
    fn from(m: DMat3) -> Self {
        let c = |v: DVec3| Vector3::new(v.x, v.y, v.z);
        Basis::from_columns(c(m.x_axis), c(m.y_axis), c(m.z_axis))
    }
}

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
