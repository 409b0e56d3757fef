//! `From` conversions between the math markers and [mint](https://docs.rs/mint)'s interchange types (feature
//! `mint`), so a value read from Godot goes straight into any math library that speaks mint (nalgebra, cgmath,
//! glam, ultraviolet, …) and back.
//!
//! | godot_bin | mint (`f32`: narrowing one way; `f64`: exact both ways) |
//! |---|---|
//! | [`Vector2`] / [`Vector3`] / [`Vector4`] | `Vector2<T>` / `Vector3<T>` / `Vector4<T>` |
//! | [`Vector2i`] / [`Vector3i`] / [`Vector4i`] | `Vector2<i32>` / `Vector3<i32>` / `Vector4<i32>` (exact) |
//! | [`Quaternion`] | `Quaternion<T>` (`v` = x, y, z; `s` = w) |
//! | [`Basis`] | `RowMatrix3<T>` and `ColumnMatrix3<T>` (columns = the x, y, z axes) |
//! | [`Transform2D`] | `ColumnMatrix2x3<T>` (columns `x`, `y`, `origin`) |
//! | [`Transform3D`] | `ColumnMatrix3x4<T>` (columns = the basis' axes, then `origin`) |
//! | [`Projection`] | `ColumnMatrix4<T>` |
//!
//! **Narrowing.** Our markers hold `f64` components; converting to a mint type of `f32` rounds each component
//! to the nearest `f32` (`as f32`: beyond `f32::MAX` becomes ±infinity, NaN stays NaN). Values a
//! single-precision engine wrote come back exactly (they were `f32` to begin with); values from a
//! double-precision build or computed in `f64` lose precision. `f32` → marker and every `f64` conversion are
//! exact.
//!
//! ```
//! use godot_bin::{markers::Basis, markers::Vector3};
//! let b = Basis::from_columns(Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0), Vector3::new(7.0, 8.0, 9.0));
//! let rows: mint::RowMatrix3<f64> = b.into();
//! assert_eq!(rows.x, mint::Vector3 { x: 1.0, y: 4.0, z: 7.0 }); // the first row
//! let cols: mint::ColumnMatrix3<f32> = b.into();
//! assert_eq!(cols.x, mint::Vector3 { x: 1.0, y: 2.0, z: 3.0 }); // the x axis
//! assert_eq!(Basis::from(cols), b);
//! ```

use mint::{ColumnMatrix2x3, ColumnMatrix3, ColumnMatrix3x4, ColumnMatrix4, RowMatrix3};

use crate::markers::{
    Basis, Projection, Quaternion, Transform2D, Transform3D, Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};

impl From<Vector2> for mint::Vector2<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
    ///
    /// ```
    /// let m: mint::Vector2<f32> = godot_bin::markers::Vector2::new(1.5, -2.0).into();
    /// assert_eq!(m, mint::Vector2 { x: 1.5, y: -2.0 });
    /// ```
    fn from(v: Vector2) -> Self {
        mint::Vector2 { x: v.x as f32, y: v.y as f32 }
    }
}

impl From<mint::Vector2<f32>> for Vector2 {
    /// Exact.
    fn from(v: mint::Vector2<f32>) -> Self {
        Vector2::new(v.x as f64, v.y as f64)
    }
}

impl From<Vector3> for mint::Vector3<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
    ///
    /// ```
    /// let m: mint::Vector3<f32> = godot_bin::markers::Vector3::new(1.5, -2.0, 3.25).into();
    /// assert_eq!(m, mint::Vector3 { x: 1.5, y: -2.0, z: 3.25 });
    /// ```
    fn from(v: Vector3) -> Self {
        mint::Vector3 { x: v.x as f32, y: v.y as f32, z: v.z as f32 }
    }
}

impl From<mint::Vector3<f32>> for Vector3 {
    /// Exact.
    fn from(v: mint::Vector3<f32>) -> Self {
        Vector3::new(v.x as f64, v.y as f64, v.z as f64)
    }
}

impl From<Vector4> for mint::Vector4<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing).
    ///
    /// ```
    /// let m: mint::Vector4<f32> = godot_bin::markers::Vector4::new(1.5, -2.0, 3.25, 4.0).into();
    /// assert_eq!(m, mint::Vector4 { x: 1.5, y: -2.0, z: 3.25, w: 4.0 });
    /// ```
    fn from(v: Vector4) -> Self {
        mint::Vector4 { x: v.x as f32, y: v.y as f32, z: v.z as f32, w: v.w as f32 }
    }
}

impl From<mint::Vector4<f32>> for Vector4 {
    /// Exact.
    fn from(v: mint::Vector4<f32>) -> Self {
        Vector4::new(v.x as f64, v.y as f64, v.z as f64, v.w as f64)
    }
}

impl From<Quaternion> for mint::Quaternion<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). `v` takes x, y, z and `s` takes w.
    ///
    /// ```
    /// let q: mint::Quaternion<f32> = godot_bin::markers::Quaternion::new(0.0, 0.0, 0.0, 1.0).into();
    /// assert_eq!(q.s, 1.0);
    /// ```
    fn from(q: Quaternion) -> Self {
        mint::Quaternion { v: mint::Vector3 { x: q.x as f32, y: q.y as f32, z: q.z as f32 }, s: q.w as f32 }
    }
}

impl From<mint::Quaternion<f32>> for Quaternion {
    /// Exact.
    fn from(q: mint::Quaternion<f32>) -> Self {
        Quaternion::new(q.v.x as f64, q.v.y as f64, q.v.z as f64, q.s as f64)
    }
}

impl From<Basis> for RowMatrix3<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). Row for row (the wire order).
    ///
    /// ```
    /// let m: mint::RowMatrix3<f32> = godot_bin::markers::Basis::IDENTITY.into();
    /// assert_eq!(m.y, mint::Vector3 { x: 0.0, y: 1.0, z: 0.0 });
    /// ```
    fn from(b: Basis) -> Self {
        let [x, y, z] = b.rows;
        RowMatrix3 { x: x.into(), y: y.into(), z: z.into() }
    }
}

impl From<RowMatrix3<f32>> for Basis {
    /// Exact.
    fn from(m: RowMatrix3<f32>) -> Self {
        Basis::from_rows(m.x.into(), m.y.into(), m.z.into())
    }
}

impl From<Basis> for ColumnMatrix3<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). The columns are the basis' x, y and z axes.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// let b = Basis::from_columns(Vector3::new(0.0, 1.0, 0.0), Vector3::new(-1.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 1.0));
    /// let m: mint::ColumnMatrix3<f32> = b.into();
    /// assert_eq!(m.x, mint::Vector3 { x: 0.0, y: 1.0, z: 0.0 });
    /// ```
    fn from(b: Basis) -> Self {
        let m = RowMatrix3::<f32>::from(b);
        m.into()
    }
}

impl From<ColumnMatrix3<f32>> for Basis {
    /// Exact.
    fn from(m: ColumnMatrix3<f32>) -> Self {
        Basis::from_columns(m.x.into(), m.y.into(), m.z.into())
    }
}

impl From<Transform2D> for ColumnMatrix2x3<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). Columns `x`, `y`, `origin`.
    ///
    /// ```
    /// let m: mint::ColumnMatrix2x3<f32> = godot_bin::markers::Transform2D::IDENTITY.into();
    /// assert_eq!(m.x, mint::Vector2 { x: 1.0, y: 0.0 });
    /// assert_eq!(godot_bin::markers::Transform2D::from(m), godot_bin::markers::Transform2D::IDENTITY);
    /// ```
    fn from(t: Transform2D) -> Self {
        ColumnMatrix2x3 { x: t.x.into(), y: t.y.into(), z: t.origin.into() }
    }
}

impl From<ColumnMatrix2x3<f32>> for Transform2D {
    /// Exact.
    fn from(m: ColumnMatrix2x3<f32>) -> Self {
        Transform2D::new(m.x.into(), m.y.into(), m.z.into())
    }
}

impl From<Transform3D> for ColumnMatrix3x4<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). Columns: the basis' x, y, z axes, then `origin`.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Transform3D, markers::Vector3};
    /// let t = Transform3D::new(Basis::IDENTITY, Vector3::new(1.0, 2.0, 3.0));
    /// let m: mint::ColumnMatrix3x4<f32> = t.into();
    /// assert_eq!(m.w, mint::Vector3 { x: 1.0, y: 2.0, z: 3.0 });
    /// assert_eq!(Transform3D::from(m), t);
    /// ```
    fn from(t: Transform3D) -> Self {
        let c = ColumnMatrix3::<f32>::from(t.basis);
        ColumnMatrix3x4 { x: c.x, y: c.y, z: c.z, w: t.origin.into() }
    }
}

impl From<ColumnMatrix3x4<f32>> for Transform3D {
    /// Exact.
    fn from(m: ColumnMatrix3x4<f32>) -> Self {
        Transform3D::new(Basis::from_columns(m.x.into(), m.y.into(), m.z.into()), m.w.into())
    }
}

impl From<Projection> for ColumnMatrix4<f32> {
    /// Each component rounded to the nearest `f32` (see the [module docs](self) on narrowing). Column for column (the wire order).
    ///
    /// ```
    /// let m: mint::ColumnMatrix4<f32> = godot_bin::markers::Projection::IDENTITY.into();
    /// assert_eq!(m.w, mint::Vector4 { x: 0.0, y: 0.0, z: 0.0, w: 1.0 });
    /// assert_eq!(godot_bin::markers::Projection::from(m), godot_bin::markers::Projection::IDENTITY);
    /// ```
    fn from(p: Projection) -> Self {
        let [x, y, z, w] = p.columns;
        ColumnMatrix4 { x: x.into(), y: y.into(), z: z.into(), w: w.into() }
    }
}

impl From<ColumnMatrix4<f32>> for Projection {
    /// Exact.
    fn from(m: ColumnMatrix4<f32>) -> Self {
        Projection { columns: [m.x.into(), m.y.into(), m.z.into(), m.w.into()] }
    }
}

impl From<Vector2> for mint::Vector2<f64> {
    /// Exact.
    ///
    /// ```
    /// let m: mint::Vector2<f64> = godot_bin::markers::Vector2::new(1.5, -2.0).into();
    /// assert_eq!(m, mint::Vector2 { x: 1.5, y: -2.0 });
    /// ```
    fn from(v: Vector2) -> Self {
        mint::Vector2 { x: v.x, y: v.y }
    }
}

impl From<mint::Vector2<f64>> for Vector2 {
    /// Exact.
    fn from(v: mint::Vector2<f64>) -> Self {
        Vector2::new(v.x, v.y)
    }
}

impl From<Vector3> for mint::Vector3<f64> {
    /// Exact.
    ///
    /// ```
    /// let m: mint::Vector3<f64> = godot_bin::markers::Vector3::new(1.5, -2.0, 3.25).into();
    /// assert_eq!(m, mint::Vector3 { x: 1.5, y: -2.0, z: 3.25 });
    /// ```
    fn from(v: Vector3) -> Self {
        mint::Vector3 { x: v.x, y: v.y, z: v.z }
    }
}

impl From<mint::Vector3<f64>> for Vector3 {
    /// Exact.
    fn from(v: mint::Vector3<f64>) -> Self {
        Vector3::new(v.x, v.y, v.z)
    }
}

impl From<Vector4> for mint::Vector4<f64> {
    /// Exact.
    ///
    /// ```
    /// let m: mint::Vector4<f64> = godot_bin::markers::Vector4::new(1.5, -2.0, 3.25, 4.0).into();
    /// assert_eq!(m, mint::Vector4 { x: 1.5, y: -2.0, z: 3.25, w: 4.0 });
    /// ```
    fn from(v: Vector4) -> Self {
        mint::Vector4 { x: v.x, y: v.y, z: v.z, w: v.w }
    }
}

impl From<mint::Vector4<f64>> for Vector4 {
    /// Exact.
    fn from(v: mint::Vector4<f64>) -> Self {
        Vector4::new(v.x, v.y, v.z, v.w)
    }
}

impl From<Quaternion> for mint::Quaternion<f64> {
    /// Exact. `v` takes x, y, z and `s` takes w.
    ///
    /// ```
    /// let q: mint::Quaternion<f64> = godot_bin::markers::Quaternion::new(0.0, 0.0, 0.0, 1.0).into();
    /// assert_eq!(q.s, 1.0);
    /// ```
    fn from(q: Quaternion) -> Self {
        mint::Quaternion { v: mint::Vector3 { x: q.x, y: q.y, z: q.z }, s: q.w }
    }
}

impl From<mint::Quaternion<f64>> for Quaternion {
    /// Exact.
    fn from(q: mint::Quaternion<f64>) -> Self {
        Quaternion::new(q.v.x, q.v.y, q.v.z, q.s)
    }
}

impl From<Basis> for RowMatrix3<f64> {
    /// Exact. Row for row (the wire order).
    ///
    /// ```
    /// let m: mint::RowMatrix3<f64> = godot_bin::markers::Basis::IDENTITY.into();
    /// assert_eq!(m.y, mint::Vector3 { x: 0.0, y: 1.0, z: 0.0 });
    /// ```
    fn from(b: Basis) -> Self {
        let [x, y, z] = b.rows;
        RowMatrix3 { x: x.into(), y: y.into(), z: z.into() }
    }
}

impl From<RowMatrix3<f64>> for Basis {
    /// Exact.
    fn from(m: RowMatrix3<f64>) -> Self {
        Basis::from_rows(m.x.into(), m.y.into(), m.z.into())
    }
}

impl From<Basis> for ColumnMatrix3<f64> {
    /// Exact. The columns are the basis' x, y and z axes.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// let b = Basis::from_columns(Vector3::new(0.0, 1.0, 0.0), Vector3::new(-1.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 1.0));
    /// let m: mint::ColumnMatrix3<f64> = b.into();
    /// assert_eq!(m.x, mint::Vector3 { x: 0.0, y: 1.0, z: 0.0 });
    /// ```
    fn from(b: Basis) -> Self {
        let m = RowMatrix3::<f64>::from(b);
        m.into()
    }
}

impl From<ColumnMatrix3<f64>> for Basis {
    /// Exact.
    fn from(m: ColumnMatrix3<f64>) -> Self {
        Basis::from_columns(m.x.into(), m.y.into(), m.z.into())
    }
}

impl From<Transform2D> for ColumnMatrix2x3<f64> {
    /// Exact. Columns `x`, `y`, `origin`.
    ///
    /// ```
    /// let m: mint::ColumnMatrix2x3<f64> = godot_bin::markers::Transform2D::IDENTITY.into();
    /// assert_eq!(m.x, mint::Vector2 { x: 1.0, y: 0.0 });
    /// assert_eq!(godot_bin::markers::Transform2D::from(m), godot_bin::markers::Transform2D::IDENTITY);
    /// ```
    fn from(t: Transform2D) -> Self {
        ColumnMatrix2x3 { x: t.x.into(), y: t.y.into(), z: t.origin.into() }
    }
}

impl From<ColumnMatrix2x3<f64>> for Transform2D {
    /// Exact.
    fn from(m: ColumnMatrix2x3<f64>) -> Self {
        Transform2D::new(m.x.into(), m.y.into(), m.z.into())
    }
}

impl From<Transform3D> for ColumnMatrix3x4<f64> {
    /// Exact. Columns: the basis' x, y, z axes, then `origin`.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Transform3D, markers::Vector3};
    /// let t = Transform3D::new(Basis::IDENTITY, Vector3::new(1.0, 2.0, 3.0));
    /// let m: mint::ColumnMatrix3x4<f64> = t.into();
    /// assert_eq!(m.w, mint::Vector3 { x: 1.0, y: 2.0, z: 3.0 });
    /// assert_eq!(Transform3D::from(m), t);
    /// ```
    fn from(t: Transform3D) -> Self {
        let c = ColumnMatrix3::<f64>::from(t.basis);
        ColumnMatrix3x4 { x: c.x, y: c.y, z: c.z, w: t.origin.into() }
    }
}

impl From<ColumnMatrix3x4<f64>> for Transform3D {
    /// Exact.
    fn from(m: ColumnMatrix3x4<f64>) -> Self {
        Transform3D::new(Basis::from_columns(m.x.into(), m.y.into(), m.z.into()), m.w.into())
    }
}

impl From<Projection> for ColumnMatrix4<f64> {
    /// Exact. Column for column (the wire order).
    ///
    /// ```
    /// let m: mint::ColumnMatrix4<f64> = godot_bin::markers::Projection::IDENTITY.into();
    /// assert_eq!(m.w, mint::Vector4 { x: 0.0, y: 0.0, z: 0.0, w: 1.0 });
    /// assert_eq!(godot_bin::markers::Projection::from(m), godot_bin::markers::Projection::IDENTITY);
    /// ```
    fn from(p: Projection) -> Self {
        let [x, y, z, w] = p.columns;
        ColumnMatrix4 { x: x.into(), y: y.into(), z: z.into(), w: w.into() }
    }
}

impl From<ColumnMatrix4<f64>> for Projection {
    /// Exact.
    fn from(m: ColumnMatrix4<f64>) -> Self {
        Projection { columns: [m.x.into(), m.y.into(), m.z.into(), m.w.into()] }
    }
}

impl From<Vector2i> for mint::Vector2<i32> {
    /// Exact.
    ///
    /// ```
    /// let m: mint::Vector2<i32> = godot_bin::markers::Vector2i::new(1, -2).into();
    /// assert_eq!(godot_bin::markers::Vector2i::from(m), godot_bin::markers::Vector2i::new(1, -2));
    /// ```
    fn from(v: Vector2i) -> Self {
        mint::Vector2 { x: v.x, y: v.y }
    }
}

impl From<mint::Vector2<i32>> for Vector2i {
    /// Exact.
    fn from(v: mint::Vector2<i32>) -> Self {
        Vector2i::new(v.x, v.y)
    }
}

impl From<Vector3i> for mint::Vector3<i32> {
    /// Exact.
    ///
    /// ```
    /// let m: mint::Vector3<i32> = godot_bin::markers::Vector3i::new(1, -2, 3).into();
    /// assert_eq!(godot_bin::markers::Vector3i::from(m), godot_bin::markers::Vector3i::new(1, -2, 3));
    /// ```
    fn from(v: Vector3i) -> Self {
        mint::Vector3 { x: v.x, y: v.y, z: v.z }
    }
}

impl From<mint::Vector3<i32>> for Vector3i {
    /// Exact.
    fn from(v: mint::Vector3<i32>) -> Self {
        Vector3i::new(v.x, v.y, v.z)
    }
}

impl From<Vector4i> for mint::Vector4<i32> {
    /// Exact.
    ///
    /// ```
    /// let m: mint::Vector4<i32> = godot_bin::markers::Vector4i::new(1, -2, 3, 4).into();
    /// assert_eq!(godot_bin::markers::Vector4i::from(m), godot_bin::markers::Vector4i::new(1, -2, 3, 4));
    /// ```
    fn from(v: Vector4i) -> Self {
        mint::Vector4 { x: v.x, y: v.y, z: v.z, w: v.w }
    }
}

impl From<mint::Vector4<i32>> for Vector4i {
    /// Exact.
    fn from(v: mint::Vector4<i32>) -> Self {
        Vector4i::new(v.x, v.y, v.z, v.w)
    }
}
