//! Math types: their components, as a map (`{x, y}`, nested for Rect2 …) or as a flat-in-order sequence.

use serde::de::{self, DeserializeSeed, Visitor};

use crate::error::{Error, Result};
use crate::markers::Reals;
use crate::value::Variant;
use crate::wire::widen_exact;

use super::scalar::{f32_as_float, Scalar, ScalarDe};

#[derive(Clone, Copy)]
pub(super) enum Shape {
    Real,
    F32,
    Int,
    Struct(&'static [(&'static str, Shape)]),
    Array(usize, &'static Shape),
}

pub(super) const V2: Shape = Shape::Struct(&[("x", Shape::Real), ("y", Shape::Real)]);
pub(super) const V3: Shape = Shape::Struct(&[("x", Shape::Real), ("y", Shape::Real), ("z", Shape::Real)]);
pub(super) const V4: Shape =
    Shape::Struct(&[("x", Shape::Real), ("y", Shape::Real), ("z", Shape::Real), ("w", Shape::Real)]);
pub(super) const V2I: Shape = Shape::Struct(&[("x", Shape::Int), ("y", Shape::Int)]);
pub(super) const V3I: Shape = Shape::Struct(&[("x", Shape::Int), ("y", Shape::Int), ("z", Shape::Int)]);
pub(super) const V4I: Shape =
    Shape::Struct(&[("x", Shape::Int), ("y", Shape::Int), ("z", Shape::Int), ("w", Shape::Int)]);
pub(super) const RECT2: Shape = Shape::Struct(&[("position", V2), ("size", V2)]);
pub(super) const RECT2I: Shape = Shape::Struct(&[("position", V2I), ("size", V2I)]);
pub(super) const T2D: Shape = Shape::Struct(&[("x", V2), ("y", V2), ("origin", V2)]);
pub(super) const PLANE: Shape = Shape::Struct(&[("normal", V3), ("d", Shape::Real)]);
pub(super) const AABB: Shape = Shape::Struct(&[("position", V3), ("size", V3)]);
pub(super) const BASIS: Shape = Shape::Struct(&[("rows", Shape::Array(3, &V3))]);
pub(super) const T3D: Shape = Shape::Struct(&[("basis", BASIS), ("origin", V3)]);
pub(super) const PROJ: Shape = Shape::Struct(&[("columns", Shape::Array(4, &V4))]);
pub(super) const COLOR: Shape =
    Shape::Struct(&[("r", Shape::F32), ("g", Shape::F32), ("b", Shape::F32), ("a", Shape::F32)]);

/// A math value's shape and flattened components.
pub(super) fn shape_of(v: &Variant) -> Option<(Shape, [f64; 16])> {
    let mut r = [0f64; 16];
    let shape = match v {
        Variant::Vector2(x) => {
            x.to_reals(&mut r);
            V2
        }
        Variant::Vector3(x) => {
            x.to_reals(&mut r);
            V3
        }
        Variant::Vector4(x) => {
            x.to_reals(&mut r);
            V4
        }
        Variant::Quaternion(x) => {
            x.to_reals(&mut r);
            V4
        }
        Variant::Rect2(x) => {
            x.to_reals(&mut r);
            RECT2
        }
        Variant::Transform2D(x) => {
            x.to_reals(&mut r);
            T2D
        }
        Variant::Plane(x) => {
            x.to_reals(&mut r);
            PLANE
        }
        Variant::Aabb(x) => {
            x.to_reals(&mut r);
            AABB
        }
        Variant::Basis(x) => {
            x.to_reals(&mut r);
            BASIS
        }
        Variant::Transform3D(x) => {
            x.to_reals(&mut r);
            T3D
        }
        Variant::Projection(x) => {
            x.to_reals(&mut r);
            PROJ
        }
        Variant::Vector2i(x) => ints(&mut r, &[x.x, x.y], V2I),
        Variant::Vector3i(x) => ints(&mut r, &[x.x, x.y, x.z], V3I),
        Variant::Vector4i(x) => ints(&mut r, &[x.x, x.y, x.z, x.w], V4I),
        Variant::Rect2i(x) => ints(&mut r, &[x.position.x, x.position.y, x.size.x, x.size.y], RECT2I),
        Variant::Color(c) => {
            for (o, x) in r.iter_mut().zip([c.r, c.g, c.b, c.a]) {
                *o = widen_exact(x);
            }
            COLOR
        }
        _ => return None,
    };
    Some((shape, r))
}

pub(super) fn ints(r: &mut [f64; 16], xs: &[i32], s: Shape) -> Shape {
    for (o, &x) in r.iter_mut().zip(xs) {
        *o = x as f64;
    }
    s
}

pub(super) struct ShapeDe<'a> {
    pub(super) shape: Shape,
    pub(super) vals: &'a [f64; 16],
    pub(super) pos: &'a mut usize,
}

impl ShapeDe<'_> {
    fn leaf(&mut self) -> Scalar<'static, 'static> {
        let x = self.vals.get(*self.pos).copied().unwrap_or(0.0);
        *self.pos += 1;
        match self.shape {
            Shape::Int => Scalar::Int(x as i64),
            Shape::F32 => Scalar::F32(crate::wire::narrow_exact(x)),
            _ => Scalar::Float(x),
        }
    }

    /// Number of leaves below this shape.
    fn leaves(s: Shape) -> usize {
        match s {
            Shape::Struct(f) => f.iter().map(|(_, s)| Self::leaves(*s)).sum(),
            Shape::Array(n, s) => n * Self::leaves(*s),
            _ => 1,
        }
    }
}

impl<'de> de::Deserializer<'de> for ShapeDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        match self.shape {
            Shape::Struct(fields) => visitor.visit_map(ShapeMap { fields, i: 0, vals: self.vals, pos: self.pos }),
            Shape::Array(n, s) => {
                visitor.visit_seq(ShapeSeq { items: ShapeItems::Repeat(n, *s), vals: self.vals, pos: self.pos })
            }
            _ => {
                let s = self.leaf();
                ScalarDe { s, at: None }.deserialize_any(visitor)
            }
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        match self.shape {
            Shape::Struct(fields) => {
                visitor.visit_seq(ShapeSeq { items: ShapeItems::Fields(fields, 0), vals: self.vals, pos: self.pos })
            }
            Shape::Array(..) => self.deserialize_any(visitor),
            _ => {
                let s = self.leaf();
                ScalarDe { s, at: None }.deserialize_seq(visitor)
            }
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_f32<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        match self.shape {
            Shape::Struct(_) | Shape::Array(..) => self.deserialize_any(visitor),
            _ => {
                let s = self.leaf();
                ScalarDe { s, at: None }.deserialize_f32(visitor)
            }
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        *self.pos += Self::leaves(self.shape);
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f64 char str string bytes byte_buf option unit
        unit_struct tuple_struct map struct enum identifier
    }
}

pub(super) struct ShapeMap<'a> {
    pub(super) fields: &'static [(&'static str, Shape)],
    pub(super) i: usize,
    pub(super) vals: &'a [f64; 16],
    pub(super) pos: &'a mut usize,
}

impl<'de> de::MapAccess<'de> for ShapeMap<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.fields.get(self.i) {
            Some((name, _)) => seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(name)).map(Some),
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let shape = self.fields.get(self.i).map(|f| f.1).unwrap_or(Shape::Real);
        self.i += 1;
        seed.deserialize(ShapeDe { shape, vals: self.vals, pos: &mut *self.pos })
    }
}

pub(super) enum ShapeItems {
    Fields(&'static [(&'static str, Shape)], usize),
    Repeat(usize, Shape),
}

pub(super) struct ShapeSeq<'a> {
    pub(super) items: ShapeItems,
    pub(super) vals: &'a [f64; 16],
    pub(super) pos: &'a mut usize,
}

impl<'de> de::SeqAccess<'de> for ShapeSeq<'_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let shape = match &mut self.items {
            ShapeItems::Fields(f, i) => match f.get(*i) {
                Some((_, s)) => {
                    *i += 1;
                    *s
                }
                None => return Ok(None),
            },
            ShapeItems::Repeat(n, s) => {
                if *n == 0 {
                    return Ok(None);
                }
                *n -= 1;
                *s
            }
        };
        seed.deserialize(ShapeDe { shape, vals: self.vals, pos: &mut *self.pos }).map(Some)
    }
}

pub(super) fn visit_shape<'de, V: Visitor<'de>>(
    shape: Shape, vals: &[f64; 16], seq: bool, visitor: V,
) -> Result<V::Value> {
    let mut pos = 0;
    let d = ShapeDe { shape, vals, pos: &mut pos };
    if seq {
        de::Deserializer::deserialize_seq(d, visitor)
    } else {
        de::Deserializer::deserialize_any(d, visitor)
    }
}

/// How [`RealsAccess`] hands over each f32 component.
#[derive(Clone, Copy)]
pub(super) enum RealsMode {
    /// As `f32` (Color).
    F32,
    /// Widened exactly (single-precision builds).
    Exact,
    /// Widened as the engine widens (double-precision builds).
    LikeEngine,
}

/// The narrow components of a math value, read straight from the input's bytes.
pub(super) struct RealsAccess<'de> {
    pub(super) b: &'de [u8],
    pub(super) mode: RealsMode,
}

impl<'de> de::SeqAccess<'de> for RealsAccess<'de> {
    type Error = Error;
    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some((c, rest)) = self.b.split_first_chunk::<4>() else { return Ok(None) };
        self.b = rest;
        let x = f32::from_le_bytes(*c);
        match self.mode {
            RealsMode::F32 => seed.deserialize(de::value::F32Deserializer::new(x)).map(Some),
            RealsMode::Exact => seed.deserialize(de::value::F64Deserializer::new(widen_exact(x))).map(Some),
            RealsMode::LikeEngine => seed.deserialize(de::value::F64Deserializer::new(f32_as_float(x))).map(Some),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.b.len() / 4)
    }
}
