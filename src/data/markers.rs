//! Godot's built-in value types that are not plain Rust values: math types, [`Color`], [`NodePath`],
//! [`StringName`], [`Rid`], and Godot 2's [`Image`] and [`InputEvent`].
//!
//! Real-valued components (`real_t` in the engines) are held as `f64`: a single-precision value is widened
//! exactly (even a NaN's payload survives), so decoding and re-encoding gives back the engine's bytes, and
//! a double-precision build's values fit too. [`Color`] is always `f32`, as in every engine.
//!
//! Equality on these types compares floats by their bits: `NaN == NaN` (same payload) and `0.0 != -0.0`.
//! That is what "the same value on the wire" means.
//!
//! ```
//! use godot_bin::{Config, Dialect, Variant, markers::Vector2};
//! assert_eq!(Vector2::new(f64::NAN, 1.0), Vector2::new(f64::NAN, 1.0));
//! assert_ne!(Vector2::new(0.0, 1.0), Vector2::new(-0.0, 1.0));
//! // A Godot 3 build keeps f32 components; widened to f64 they come back bit for bit.
//! let cfg = Config::new(Dialect::Godot3);
//! let v = Variant::Vector2(Vector2::new(0.1f32 as f64, -0.0));
//! assert_eq!(Variant::decode(&v.encode(&cfg)?, &cfg)?, v);
//! # Ok::<(), godot_bin::Error>(())
//! ```

pub use crate::wire::{narrow_exact, narrow_like_engine, widen_exact, widen_like_engine};
use std::fmt;

macro_rules! bits_eq {
    ($($t:ident { $($f:ident),* }),* $(,)?) => {$(
        impl PartialEq for $t {
            fn eq(&self, o: &Self) -> bool {
                true $(&& self.$f.bits_eq(&o.$f))*
            }
        }
        impl Eq for $t {}
        impl std::hash::Hash for $t {
            fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
                $(self.$f.bits_hash(h);)*
            }
        }
    )*};
}

/// Bitwise equality and hashing for float-carrying fields.
pub(crate) trait Bits {
    fn bits_eq(&self, o: &Self) -> bool;
    fn bits_hash<H: std::hash::Hasher>(&self, h: &mut H);
}

impl Bits for f64 {
    fn bits_eq(&self, o: &Self) -> bool {
        self.to_bits() == o.to_bits()
    }
    fn bits_hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.to_bits())
    }
}
impl Bits for f32 {
    fn bits_eq(&self, o: &Self) -> bool {
        self.to_bits() == o.to_bits()
    }
    fn bits_hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u32(self.to_bits())
    }
}
impl Bits for i32 {
    fn bits_eq(&self, o: &Self) -> bool {
        self == o
    }
    fn bits_hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_i32(*self)
    }
}
impl<T: Bits> Bits for [T] {
    fn bits_eq(&self, o: &Self) -> bool {
        self.len() == o.len() && self.iter().zip(o).all(|(a, b)| a.bits_eq(b))
    }
    fn bits_hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_usize(self.len());
        for x in self {
            x.bits_hash(h)
        }
    }
}
impl<T: Bits, const N: usize> Bits for [T; N] {
    fn bits_eq(&self, o: &Self) -> bool {
        self[..].bits_eq(&o[..])
    }
    fn bits_hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self[..].bits_hash(h)
    }
}

macro_rules! struct_bits {
    ($($t:ident),*) => {$(
        impl Bits for $t {
            fn bits_eq(&self, o: &Self) -> bool { self == o }
            fn bits_hash<H: std::hash::Hasher>(&self, h: &mut H) { std::hash::Hash::hash(self, h) }
        }
    )*};
}

/// A math type made of a fixed number of `real_t` components, listed in wire order.
pub(crate) trait Reals: Sized {
    /// How many reals.
    const N: usize;
    /// The components, in wire order.
    fn to_reals(&self, out: &mut [f64]);
    /// From components in wire order.
    fn from_reals(r: &[f64]) -> Self;
}

/// A 2D vector (`Vector2`).
///
/// ```
/// use godot_bin::markers::Vector2;
/// let v = Vector2::new(1.0, 2.0);
/// assert_eq!(v.x + v.y, 3.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Vector2 {
    /// x.
    pub x: f64,
    /// y.
    pub y: f64,
}

/// A 3D vector (`Vector3`).
///
/// ```
/// let v = godot_bin::markers::Vector3::new(1.0, 2.0, 3.0);
/// assert_eq!(v.z, 3.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Vector3 {
    /// x.
    pub x: f64,
    /// y.
    pub y: f64,
    /// z.
    pub z: f64,
}

/// A 4D vector (`Vector4`, Godot 4 and Pandemonium 3.8+).
///
/// ```
/// let v = godot_bin::markers::Vector4::new(1.0, 2.0, 3.0, 4.0);
/// assert_eq!(v.w, 4.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Vector4 {
    /// x.
    pub x: f64,
    /// y.
    pub y: f64,
    /// z.
    pub z: f64,
    /// w.
    pub w: f64,
}

/// A rotation quaternion (`Quaternion`; `Quat` in Godot 2/3).
///
/// ```
/// let q = godot_bin::markers::Quaternion::new(0.0, 0.0, 0.0, 1.0);
/// assert_eq!(q.w, 1.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Quaternion {
    /// x.
    pub x: f64,
    /// y.
    pub y: f64,
    /// z.
    pub z: f64,
    /// w.
    pub w: f64,
}

/// An integer 2D vector (`Vector2i`).
///
/// ```
/// let v = godot_bin::markers::Vector2i::new(1, -2);
/// assert_eq!(v.y, -2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vector2i {
    /// x.
    pub x: i32,
    /// y.
    pub y: i32,
}

/// An integer 3D vector (`Vector3i`).
///
/// ```
/// let v = godot_bin::markers::Vector3i::new(1, 2, 3);
/// assert_eq!(v.x, 1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vector3i {
    /// x.
    pub x: i32,
    /// y.
    pub y: i32,
    /// z.
    pub z: i32,
}

/// An integer 4D vector (`Vector4i`).
///
/// ```
/// let v = godot_bin::markers::Vector4i::new(1, 2, 3, 4);
/// assert_eq!(v.w, 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Vector4i {
    /// x.
    pub x: i32,
    /// y.
    pub y: i32,
    /// z.
    pub z: i32,
    /// w.
    pub w: i32,
}

impl Vector2 {
    /// `Vector2(x, y)`. Usable in constants.
    ///
    /// ```
    /// use godot_bin::markers::Vector2;
    /// const UP: Vector2 = Vector2::new(0.0, -1.0);
    /// assert_eq!((UP.x, UP.y), (0.0, -1.0));
    /// ```
    pub const fn new(x: f64, y: f64) -> Self {
        Vector2 { x, y }
    }
}
impl Vector3 {
    /// `Vector3(x, y, z)`.
    ///
    /// ```
    /// use godot_bin::markers::Vector3;
    /// let v = Vector3::new(1.0, 2.0, 3.0);
    /// assert_eq!([v.x, v.y, v.z], [1.0, 2.0, 3.0]);
    /// assert_eq!(Vector3::new(0.0, 0.0, 0.0), Vector3::default());
    /// ```
    pub const fn new(x: f64, y: f64, z: f64) -> Self {
        Vector3 { x, y, z }
    }
}
impl Vector4 {
    /// `Vector4(x, y, z, w)`.
    ///
    /// ```
    /// use godot_bin::markers::Vector4;
    /// let v = Vector4::new(1.0, 2.0, 3.0, 4.0);
    /// assert_eq!([v.x, v.y, v.z, v.w], [1.0, 2.0, 3.0, 4.0]);
    /// ```
    pub const fn new(x: f64, y: f64, z: f64, w: f64) -> Self {
        Vector4 { x, y, z, w }
    }
}
impl Quaternion {
    /// `Quaternion(x, y, z, w)`: the vector part first, `w` last, as on the wire.
    ///
    /// ```
    /// use godot_bin::markers::Quaternion;
    /// let q = Quaternion::new(0.0, 0.0, 0.0, 1.0); // no rotation
    /// assert_eq!((q.x, q.w), (0.0, 1.0));
    /// ```
    pub const fn new(x: f64, y: f64, z: f64, w: f64) -> Self {
        Quaternion { x, y, z, w }
    }
}
impl Vector2i {
    /// `Vector2i(x, y)`.
    ///
    /// ```
    /// use godot_bin::markers::Vector2i;
    /// let v = Vector2i::new(-3, 7);
    /// assert_eq!((v.x, v.y), (-3, 7));
    /// ```
    pub const fn new(x: i32, y: i32) -> Self {
        Vector2i { x, y }
    }
}
impl Vector3i {
    /// `Vector3i(x, y, z)`.
    ///
    /// ```
    /// use godot_bin::markers::Vector3i;
    /// let v = Vector3i::new(i32::MIN, 0, i32::MAX);
    /// assert_eq!([v.x, v.y, v.z], [i32::MIN, 0, i32::MAX]);
    /// ```
    pub const fn new(x: i32, y: i32, z: i32) -> Self {
        Vector3i { x, y, z }
    }
}
impl Vector4i {
    /// `Vector4i(x, y, z, w)`.
    ///
    /// ```
    /// use godot_bin::markers::Vector4i;
    /// let v = Vector4i::new(1, 2, 3, 4);
    /// assert_eq!([v.x, v.y, v.z, v.w], [1, 2, 3, 4]);
    /// ```
    pub const fn new(x: i32, y: i32, z: i32, w: i32) -> Self {
        Vector4i { x, y, z, w }
    }
}

/// An axis-aligned rectangle (`Rect2`): position and size.
///
/// ```
/// use godot_bin::{markers::Rect2, markers::Vector2};
/// let r = Rect2::new(Vector2::new(0.0, 0.0), Vector2::new(4.0, 3.0));
/// assert_eq!(r.size.x * r.size.y, 12.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect2 {
    /// The corner with the smallest coordinates.
    pub position: Vector2,
    /// Width and height.
    pub size: Vector2,
}

/// An integer rectangle (`Rect2i`).
///
/// ```
/// use godot_bin::{markers::Rect2i, markers::Vector2i};
/// let r = Rect2i::new(Vector2i::new(1, 2), Vector2i::new(3, 4));
/// assert_eq!(r.size.y, 4);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rect2i {
    /// The corner with the smallest coordinates.
    pub position: Vector2i,
    /// Width and height.
    pub size: Vector2i,
}

/// A 2D affine transform (`Transform2D`; `Matrix32` in Godot 2): the x and y axis columns and the origin.
///
/// ```
/// use godot_bin::{markers::Transform2D, markers::Vector2};
/// let t = Transform2D::IDENTITY;
/// assert_eq!(t.x, Vector2::new(1.0, 0.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Transform2D {
    /// The x axis (first column).
    pub x: Vector2,
    /// The y axis (second column).
    pub y: Vector2,
    /// The translation.
    pub origin: Vector2,
}

/// A plane (`Plane`): unit normal and distance from the origin.
///
/// ```
/// use godot_bin::{markers::Plane, markers::Vector3};
/// let p = Plane::new(Vector3::new(0.0, 1.0, 0.0), 2.0);
/// assert_eq!(p.d, 2.0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Plane {
    /// The normal.
    pub normal: Vector3,
    /// The distance from the origin along the normal.
    pub d: f64,
}

/// An axis-aligned bounding box (`AABB`).
///
/// ```
/// use godot_bin::{markers::Aabb, markers::Vector3};
/// let b = Aabb::new(Vector3::default(), Vector3::new(1.0, 2.0, 3.0));
/// assert_eq!(b.size.z, 3.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Aabb {
    /// The corner with the smallest coordinates.
    pub position: Vector3,
    /// The extent.
    pub size: Vector3,
}

/// A 3×3 matrix (`Basis`; `Matrix3` in Godot 2), stored as rows, the order it has on the wire.
///
/// Note that GDScript's `Basis(x, y, z)` constructor takes *columns*: [`Basis::from_columns`] does the same.
///
/// ```
/// use godot_bin::{markers::Basis, markers::Vector3};
/// let b = Basis::from_columns(Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0), Vector3::new(7.0, 8.0, 9.0));
/// assert_eq!(b.rows[0], Vector3::new(1.0, 4.0, 7.0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Basis {
    /// The three rows.
    pub rows: [Vector3; 3],
}

/// A 3D affine transform (`Transform3D`; `Transform` in Godot 2/3).
///
/// ```
/// use godot_bin::{markers::Transform3D, markers::Vector3};
/// let t = Transform3D { origin: Vector3::new(1.0, 2.0, 3.0), ..Transform3D::IDENTITY };
/// assert_eq!(t.basis.rows[1].y, 1.0);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Transform3D {
    /// Rotation, scale and shear.
    pub basis: Basis,
    /// The translation.
    pub origin: Vector3,
}

/// A 4×4 projection matrix (`Projection`), stored as columns, the order it has on the wire.
///
/// ```
/// let p = godot_bin::markers::Projection::IDENTITY;
/// assert_eq!(p.columns[3].w, 1.0);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Projection {
    /// The four columns.
    pub columns: [Vector4; 4],
}

/// An RGBA color (`Color`). Always single precision, in every engine and build.
///
/// ```
/// let c = godot_bin::markers::Color::new(1.0, 0.5, 0.0, 1.0);
/// assert_eq!(c.g, 0.5);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct Color {
    /// Red.
    pub r: f32,
    /// Green.
    pub g: f32,
    /// Blue.
    pub b: f32,
    /// Alpha.
    pub a: f32,
}

impl Rect2 {
    /// `Rect2(position, size)`.
    ///
    /// ```
    /// use godot_bin::{markers::Rect2, markers::Vector2};
    /// let r = Rect2::new(Vector2::new(1.0, 2.0), Vector2::new(3.0, 4.0));
    /// assert_eq!(r.position, Vector2::new(1.0, 2.0));
    /// assert_eq!(r.size, Vector2::new(3.0, 4.0));
    /// ```
    pub const fn new(position: Vector2, size: Vector2) -> Self {
        Rect2 { position, size }
    }
}
impl Rect2i {
    /// `Rect2i(position, size)`.
    ///
    /// ```
    /// use godot_bin::{markers::Rect2i, markers::Vector2i};
    /// let r = Rect2i::new(Vector2i::new(0, 0), Vector2i::new(16, 9));
    /// assert_eq!(r.size, Vector2i::new(16, 9));
    /// assert_eq!(r, Rect2i { position: Vector2i::default(), size: Vector2i::new(16, 9) });
    /// ```
    pub const fn new(position: Vector2i, size: Vector2i) -> Self {
        Rect2i { position, size }
    }
}
impl Transform2D {
    /// The identity transform: unit x and y axes, no translation; also `Transform2D::default()` (as GDScript's
    /// `Transform2D()`).
    ///
    /// ```
    /// use godot_bin::{markers::Transform2D, markers::Vector2};
    /// let t = Transform2D::IDENTITY;
    /// assert_eq!((t.x, t.y), (Vector2::new(1.0, 0.0), Vector2::new(0.0, 1.0)));
    /// assert_eq!(t.origin, Vector2::default());
    /// ```
    pub const IDENTITY: Transform2D =
        Transform2D { x: Vector2::new(1.0, 0.0), y: Vector2::new(0.0, 1.0), origin: Vector2::new(0.0, 0.0) };

    /// `Transform2D(x_axis, y_axis, origin)`.
    ///
    /// ```
    /// use godot_bin::{markers::Transform2D, markers::Vector2};
    /// let t = Transform2D::new(Vector2::new(1.0, 0.0), Vector2::new(0.0, 1.0), Vector2::new(5.0, 6.0));
    /// assert_eq!(t, Transform2D { origin: Vector2::new(5.0, 6.0), ..Transform2D::IDENTITY });
    /// ```
    pub const fn new(x: Vector2, y: Vector2, origin: Vector2) -> Self {
        Transform2D { x, y, origin }
    }
}
impl Plane {
    /// `Plane(normal, d)`.
    ///
    /// ```
    /// use godot_bin::{markers::Plane, markers::Vector3};
    /// let floor = Plane::new(Vector3::new(0.0, 1.0, 0.0), 0.0);
    /// assert_eq!(floor.normal.y, 1.0);
    /// assert_ne!(floor, Plane::new(Vector3::new(0.0, 1.0, 0.0), -0.0)); // compared by bits
    /// ```
    pub const fn new(normal: Vector3, d: f64) -> Self {
        Plane { normal, d }
    }
}
impl Aabb {
    /// `AABB(position, size)`.
    ///
    /// ```
    /// use godot_bin::{markers::Aabb, markers::Vector3};
    /// let b = Aabb::new(Vector3::new(-1.0, -1.0, -1.0), Vector3::new(2.0, 2.0, 2.0));
    /// assert_eq!(b.position.x + b.size.x, 1.0);
    /// ```
    pub const fn new(position: Vector3, size: Vector3) -> Self {
        Aabb { position, size }
    }
}
impl Default for Transform2D {
    /// The identity, as GDScript's `Transform2D()`.
    ///
    /// ```
    /// assert_eq!(godot_bin::markers::Transform2D::default(), godot_bin::markers::Transform2D::IDENTITY);
    /// ```
    fn default() -> Self {
        Transform2D::IDENTITY
    }
}
impl Default for Projection {
    /// The identity, as GDScript's `Projection()`.
    ///
    /// ```
    /// assert_eq!(godot_bin::markers::Projection::default(), godot_bin::markers::Projection::IDENTITY);
    /// ```
    fn default() -> Self {
        Projection::IDENTITY
    }
}
impl Default for Basis {
    fn default() -> Self {
        Basis::IDENTITY
    }
}
impl Basis {
    /// The identity matrix (also [`Basis::default`]).
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// assert_eq!(Basis::IDENTITY, Basis::default());
    /// assert_eq!(Basis::IDENTITY.rows[2], Vector3::new(0.0, 0.0, 1.0));
    /// ```
    pub const IDENTITY: Basis =
        Basis { rows: [Vector3::new(1.0, 0.0, 0.0), Vector3::new(0.0, 1.0, 0.0), Vector3::new(0.0, 0.0, 1.0)] };

    /// From three rows (the wire order).
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// let (a, b, c) = (Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0), Vector3::new(7.0, 8.0, 9.0));
    /// let m = Basis::from_rows(a, b, c);
    /// assert_eq!(m.rows, [a, b, c]);
    /// assert_ne!(m, Basis::from_columns(a, b, c));
    /// ```
    pub const fn from_rows(r0: Vector3, r1: Vector3, r2: Vector3) -> Self {
        Basis { rows: [r0, r1, r2] }
    }

    /// From three column vectors, like GDScript's `Basis(x_axis, y_axis, z_axis)`.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Vector3};
    /// let x_axis = Vector3::new(0.0, 1.0, 0.0); // a quarter turn around z
    /// let m = Basis::from_columns(x_axis, Vector3::new(-1.0, 0.0, 0.0), Vector3::new(0.0, 0.0, 1.0));
    /// assert_eq!([m.rows[0].x, m.rows[1].x, m.rows[2].x], [0.0, 1.0, 0.0]);
    /// ```
    pub const fn from_columns(x: Vector3, y: Vector3, z: Vector3) -> Self {
        Basis { rows: [Vector3::new(x.x, y.x, z.x), Vector3::new(x.y, y.y, z.y), Vector3::new(x.z, y.z, z.z)] }
    }
}
impl Transform3D {
    /// The identity transform (also [`Transform3D::default`]).
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Transform3D};
    /// assert_eq!(Transform3D::IDENTITY, Transform3D::default());
    /// assert_eq!(Transform3D::IDENTITY.basis, Basis::IDENTITY);
    /// ```
    pub const IDENTITY: Transform3D = Transform3D { basis: Basis::IDENTITY, origin: Vector3::new(0.0, 0.0, 0.0) };

    /// `Transform3D(basis, origin)`.
    ///
    /// ```
    /// use godot_bin::{markers::Basis, markers::Transform3D, markers::Vector3};
    /// let t = Transform3D::new(Basis::IDENTITY, Vector3::new(0.0, 2.0, 0.0));
    /// assert_eq!(t.origin.y, 2.0);
    /// assert_ne!(t, Transform3D::IDENTITY);
    /// ```
    pub const fn new(basis: Basis, origin: Vector3) -> Self {
        Transform3D { basis, origin }
    }
}
impl Projection {
    /// The identity matrix, which is also `Projection::default()` (as GDScript's `Projection()`).
    ///
    /// ```
    /// use godot_bin::{markers::Projection, markers::Vector4};
    /// let p = Projection::IDENTITY;
    /// assert_eq!(p, Projection::default());
    /// assert_eq!(p.columns[0], Vector4::new(1.0, 0.0, 0.0, 0.0));
    /// assert_eq!(p.columns[2], Vector4::new(0.0, 0.0, 1.0, 0.0));
    /// ```
    pub const IDENTITY: Projection = Projection {
        columns: [
            Vector4::new(1.0, 0.0, 0.0, 0.0),
            Vector4::new(0.0, 1.0, 0.0, 0.0),
            Vector4::new(0.0, 0.0, 1.0, 0.0),
            Vector4::new(0.0, 0.0, 0.0, 1.0),
        ],
    };
}
impl Color {
    /// `Color(r, g, b, a)`, components usually in `0.0..=1.0`.
    ///
    /// ```
    /// use godot_bin::markers::Color;
    /// let c = Color::new(0.2, 0.4, 0.6, 1.0);
    /// assert_eq!([c.r, c.g, c.b, c.a], [0.2f32, 0.4, 0.6, 1.0]);
    /// ```
    pub const fn new(r: f32, g: f32, b: f32, a: f32) -> Self {
        Color { r, g, b, a }
    }
}

bits_eq!(
    Vector2 { x, y },
    Vector3 { x, y, z },
    Vector4 { x, y, z, w },
    Quaternion { x, y, z, w },
    Plane { normal, d },
    Color { r, g, b, a },
);
struct_bits!(Vector2, Vector3, Vector4, Vector2i, Vector3i, Vector4i, Color);

macro_rules! reals_flat {
    ($t:ident, $n:expr, [$($f:ident),*]) => {
        impl Reals for $t {
            const N: usize = $n;
            fn to_reals(&self, out: &mut [f64]) {
                let v = [$(self.$f),*];
                out[..$n].copy_from_slice(&v);
            }
            fn from_reals(r: &[f64]) -> Self {
                let mut it = r.iter().copied();
                $t { $($f: it.next().unwrap_or(0.0)),* }
            }
        }
    };
}
reals_flat!(Vector2, 2, [x, y]);
reals_flat!(Vector3, 3, [x, y, z]);
reals_flat!(Vector4, 4, [x, y, z, w]);
reals_flat!(Quaternion, 4, [x, y, z, w]);

impl Reals for Rect2 {
    const N: usize = 4;
    fn to_reals(&self, o: &mut [f64]) {
        self.position.to_reals(&mut o[0..2]);
        self.size.to_reals(&mut o[2..4]);
    }
    fn from_reals(r: &[f64]) -> Self {
        Rect2::new(Vector2::from_reals(&r[0..2]), Vector2::from_reals(&r[2..4]))
    }
}
impl Reals for Transform2D {
    const N: usize = 6;
    fn to_reals(&self, o: &mut [f64]) {
        self.x.to_reals(&mut o[0..2]);
        self.y.to_reals(&mut o[2..4]);
        self.origin.to_reals(&mut o[4..6]);
    }
    fn from_reals(r: &[f64]) -> Self {
        Transform2D::new(Vector2::from_reals(&r[0..2]), Vector2::from_reals(&r[2..4]), Vector2::from_reals(&r[4..6]))
    }
}
impl Reals for Plane {
    const N: usize = 4;
    fn to_reals(&self, o: &mut [f64]) {
        self.normal.to_reals(&mut o[0..3]);
        o[3] = self.d;
    }
    fn from_reals(r: &[f64]) -> Self {
        Plane::new(Vector3::from_reals(&r[0..3]), r[3])
    }
}
impl Reals for Aabb {
    const N: usize = 6;
    fn to_reals(&self, o: &mut [f64]) {
        self.position.to_reals(&mut o[0..3]);
        self.size.to_reals(&mut o[3..6]);
    }
    fn from_reals(r: &[f64]) -> Self {
        Aabb::new(Vector3::from_reals(&r[0..3]), Vector3::from_reals(&r[3..6]))
    }
}
impl Reals for Basis {
    const N: usize = 9;
    fn to_reals(&self, o: &mut [f64]) {
        for (i, row) in self.rows.iter().enumerate() {
            row.to_reals(&mut o[i * 3..i * 3 + 3]);
        }
    }
    fn from_reals(r: &[f64]) -> Self {
        Basis::from_rows(Vector3::from_reals(&r[0..3]), Vector3::from_reals(&r[3..6]), Vector3::from_reals(&r[6..9]))
    }
}
impl Reals for Transform3D {
    const N: usize = 12;
    fn to_reals(&self, o: &mut [f64]) {
        self.basis.to_reals(&mut o[0..9]);
        self.origin.to_reals(&mut o[9..12]);
    }
    fn from_reals(r: &[f64]) -> Self {
        Transform3D::new(Basis::from_reals(&r[0..9]), Vector3::from_reals(&r[9..12]))
    }
}
impl Reals for Projection {
    const N: usize = 16;
    fn to_reals(&self, o: &mut [f64]) {
        for (i, c) in self.columns.iter().enumerate() {
            c.to_reals(&mut o[i * 4..i * 4 + 4]);
        }
    }
    fn from_reals(r: &[f64]) -> Self {
        let c = |i: usize| Vector4::from_reals(&r[i * 4..i * 4 + 4]);
        Projection { columns: [c(0), c(1), c(2), c(3)] }
    }
}

/// An interned string name (`StringName`, written `&"name"` in GDScript 4). On the wire it is a String
/// with its own type id (Godot 4, Pandemonium); Godot 2 and 3 have no such type.
///
/// ```
/// use godot_bin::markers::StringName;
/// let n = StringName::from("jump");
/// assert_eq!(n.as_str(), "jump");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StringName(pub crate::data::gstring::GString);

impl StringName {
    /// The name.
    ///
    /// ```
    /// use godot_bin::markers::StringName;
    /// let n = StringName::from(String::from("on_hit"));
    /// assert_eq!(n.as_str(), "on_hit");
    /// assert_eq!(n.as_str(), n.to_string());
    /// ```
    pub fn as_str(&self) -> &str {
        &self.0
    }
}
impl From<&str> for StringName {
    fn from(s: &str) -> Self {
        StringName(s.into())
    }
}
impl From<String> for StringName {
    fn from(s: String) -> Self {
        StringName(s.into())
    }
}
impl From<crate::data::gstring::GString> for StringName {
    fn from(s: crate::data::gstring::GString) -> Self {
        StringName(s)
    }
}
impl fmt::Display for StringName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A resource id (`RID`). Godot 4 sends the 64-bit id; Godot 2 and 3 send none (it decodes as `Rid(0)`).
///
/// ```
/// let r = godot_bin::markers::Rid(5);
/// assert_eq!(r.0, 5);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rid(pub u64);

/// A path to a node and, after colons, to a property or sub-resource (`NodePath`).
///
/// `NodePath::from("../x/y:position:x")` parses the Godot 3/4 syntax: names separated by `/`, subnames
/// after `:`, absolute when it starts with `/`. Godot 2 has a separate `property` (the last subname in its
/// syntax); values decoded from Godot 2 keep it there so they re-encode identically.
///
/// ```
/// use godot_bin::markers::NodePath;
/// let p = NodePath::from("/root/Main:position:x");
/// assert!(p.absolute);
/// assert_eq!(p.names, ["root", "Main"]);
/// assert_eq!(p.subnames, ["position", "x"]);
/// assert_eq!(p.to_string(), "/root/Main:position:x");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct NodePath {
    /// Node names (`..` and `.` included as written).
    pub names: Vec<String>,
    /// Property / sub-resource names after the colons.
    pub subnames: Vec<String>,
    /// Starts at the root (`/`).
    pub absolute: bool,
    /// Godot 2's property name (written with flag bit 1). `None` elsewhere.
    pub property: Option<String>,
}

impl NodePath {
    /// Parses Godot 3/4 NodePath syntax (the same as `NodePath::from`). Every `:` part is a subname.
    ///
    /// ```
    /// use godot_bin::markers::NodePath;
    /// let p = NodePath::parse("../Player:position:x");
    /// assert!(!p.absolute);
    /// assert_eq!(p.names, ["..", "Player"]);
    /// assert_eq!(p.subnames, ["position", "x"]);
    /// assert_eq!(p.property, None);
    /// ```
    pub fn parse(s: &str) -> Self {
        let absolute = s.starts_with('/');
        let (path, subs) = match s.find(':') {
            Some(i) => (&s[..i], Some(&s[i + 1..])),
            None => (s, None),
        };
        let names = path.split('/').filter(|n| !n.is_empty()).map(str::to_owned).collect();
        let subnames =
            subs.map(|t| t.split(':').filter(|n| !n.is_empty()).map(str::to_owned).collect()).unwrap_or_default();
        NodePath { names, subnames, absolute, property: None }
    }

    /// Parses Godot 2 syntax, where the last `:` part is the property.
    pub(crate) fn parse_godot2(s: &str) -> Self {
        let mut p = Self::parse(s);
        p.property = p.subnames.pop();
        p
    }

    /// Whether the path is empty (`NodePath("")`).
    ///
    /// ```
    /// use godot_bin::markers::NodePath;
    /// assert!(NodePath::from("").is_empty());
    /// assert!(NodePath::default().is_empty());
    /// assert!(!NodePath::from(":modulate").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.subnames.is_empty() && self.property.is_none()
    }
}

impl From<&str> for NodePath {
    fn from(s: &str) -> Self {
        NodePath::parse(s)
    }
}
impl From<String> for NodePath {
    fn from(s: String) -> Self {
        NodePath::parse(&s)
    }
}

impl fmt::Display for NodePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.absolute {
            f.write_str("/")?;
        }
        for (i, n) in self.names.iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            f.write_str(n)?;
        }
        for s in self.subnames.iter().chain(self.property.iter()) {
            write!(f, ":{s}")?;
        }
        Ok(())
    }
}

/// A Godot 2 `Image`: format number, mipmaps flag, size and the raw pixel data.
///
/// ```
/// let img = godot_bin::markers::Image { format: 4, mipmaps: 0, width: 1, height: 1, data: vec![255, 0, 0, 255] };
/// assert_eq!(img.data.len(), 4);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Image {
    /// `Image::Format` (2.1: 0 GRAYSCALE … 4 RGBA … 22 CUSTOM).
    pub format: u32,
    /// Non-zero when the data holds mipmaps.
    pub mipmaps: u32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Pixel data.
    pub data: Vec<u8>,
}

/// A Godot 2 `InputEvent`: the type, device and the few fields the wire carries for that type.
///
/// ```
/// use godot_bin::{markers::InputEvent, markers::InputEventData};
/// let ev = InputEvent { device: 0, data: InputEventData::Key { modifiers: 1 << 25, scancode: 65 } };
/// assert_eq!(ev.event_type(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InputEvent {
    /// The device index.
    pub device: u32,
    /// The type and its fields.
    pub data: InputEventData,
}

/// The fields of a Godot 2 [`InputEvent`], by event type.
///
/// ```
/// use godot_bin::{Config, Dialect, markers::InputEvent, markers::InputEventData, Variant};
/// let ev = InputEvent { device: 0, data: InputEventData::MouseButton { button_index: 2 } };
/// assert_eq!(ev.event_type(), 3);
/// let cfg = Config::new(Dialect::Godot2);
/// let v = Variant::InputEvent(ev);
/// assert_eq!(Variant::decode(&v.encode(&cfg)?, &cfg)?, v);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InputEventData {
    /// `NONE` (0).
    None,
    /// `KEY` (1): modifier mask (SHIFT 1<<25, ALT 1<<26, META 1<<27, CTRL 1<<28) and scancode.
    Key {
        /// Modifier mask.
        modifiers: u32,
        /// Key scancode.
        scancode: u32,
    },
    /// `MOUSE_MOTION` (2): no fields on the wire.
    MouseMotion,
    /// `MOUSE_BUTTON` (3).
    MouseButton {
        /// Button index.
        button_index: u32,
    },
    /// `JOYSTICK_MOTION` (4): axis and value (the value's bits as stored).
    JoystickMotion {
        /// Axis index.
        axis: u32,
        /// Axis value, bits of an f32.
        value_bits: u32,
    },
    /// `JOYSTICK_BUTTON` (5).
    JoystickButton {
        /// Button index.
        button_index: u32,
    },
    /// `SCREEN_TOUCH` (6).
    ScreenTouch {
        /// Touch index.
        index: u32,
    },
    /// `SCREEN_DRAG` (7): no fields on the wire.
    ScreenDrag,
    /// `ACTION` (8): no fields on the wire.
    Action,
    /// Any other type number: no fields.
    Other(u32),
}

impl InputEventData {
    /// The wire fields of the data (the inverse of [`from_fields`](Self::from_fields), without trailing zeros
    /// for the kinds that have no field).
    pub(crate) fn fields(&self) -> Vec<u32> {
        match *self {
            InputEventData::Key { modifiers, scancode } => vec![modifiers, scancode],
            InputEventData::JoystickMotion { axis, value_bits } => vec![axis, value_bits],
            InputEventData::MouseButton { button_index }
            | InputEventData::JoystickButton { button_index }
            | InputEventData::ScreenTouch { index: button_index } => vec![button_index],
            _ => vec![],
        }
    }

    /// A Godot 2 InputEvent's data from its type number and wire fields (missing fields read as 0).
    pub(crate) fn from_fields(t: u32, xs: &[u32]) -> InputEventData {
        let x = |i: usize| xs.get(i).copied().unwrap_or(0);
        match t {
            0 => InputEventData::None,
            1 => InputEventData::Key { modifiers: x(0), scancode: x(1) },
            2 => InputEventData::MouseMotion,
            3 => InputEventData::MouseButton { button_index: x(0) },
            4 => InputEventData::JoystickMotion { axis: x(0), value_bits: x(1) },
            5 => InputEventData::JoystickButton { button_index: x(0) },
            6 => InputEventData::ScreenTouch { index: x(0) },
            7 => InputEventData::ScreenDrag,
            8 => InputEventData::Action,
            other => InputEventData::Other(other),
        }
    }
}

impl InputEvent {
    /// The Godot 2 event type number (`InputEvent.type`), from [`InputEventData`].
    ///
    /// ```
    /// use godot_bin::{markers::InputEvent, markers::InputEventData};
    /// let ev = |data| InputEvent { device: 0, data };
    /// assert_eq!(ev(InputEventData::None).event_type(), 0);
    /// assert_eq!(ev(InputEventData::Action).event_type(), 8);
    /// assert_eq!(ev(InputEventData::Other(42)).event_type(), 42);
    /// ```
    pub fn event_type(&self) -> u32 {
        match self.data {
            InputEventData::None => 0,
            InputEventData::Key { .. } => 1,
            InputEventData::MouseMotion => 2,
            InputEventData::MouseButton { .. } => 3,
            InputEventData::JoystickMotion { .. } => 4,
            InputEventData::JoystickButton { .. } => 5,
            InputEventData::ScreenTouch { .. } => 6,
            InputEventData::ScreenDrag => 7,
            InputEventData::Action => 8,
            InputEventData::Other(t) => t,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Godot 2 syntax: the last `:` part is the property, and the path prints back as it was.
    #[test]
    fn godot2_node_paths_keep_their_property() {
        let p = NodePath::parse_godot2("Player:transform:origin");
        assert_eq!(p.subnames, ["transform"]);
        assert_eq!(p.property.as_deref(), Some("origin"));
        assert_eq!(p.to_string(), "Player:transform:origin");
    }
}
