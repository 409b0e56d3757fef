//! Scalars: the forgiving conversions, shared by the streaming and the in-memory deserializer.

use serde::de::{self, IntoDeserializer, Visitor};

use crate::error::{Error, ErrorKind, Result};
use crate::format::magic::VARIANT as VARIANT_MAGIC;
use crate::value::Variant;
use crate::wire::{narrow_like_engine, widen_like_engine};

use crate::format::magic::hand_over;

// The wire rules of scalar payloads, one home each: the fast paths (a payload taken straight from a peeked
// word) and the general path (a payload read through the reader) both call them.

/// A scalar's payload as it was read: 4 bytes (a narrow value, a bool) or 8 (a wide value), little-endian.
#[derive(Clone, Copy)]
pub(super) enum Payload {
    Narrow(u32),
    Wide(u64),
}

impl Payload {
    /// The low 4 bytes (all of a narrow payload).
    #[inline(always)]
    pub(super) fn low(self) -> u32 {
        match self {
            Payload::Narrow(b) => b,
            Payload::Wide(b) => b as u32,
        }
    }
}

/// An Int's narrow payload: a signed 32-bit value.
#[inline(always)]
pub(super) fn int_narrow(bits: u32) -> i64 {
    bits as i32 as i64
}

/// An Int's wide payload: a signed 64-bit value.
#[inline(always)]
pub(super) fn int_wide(bits: u64) -> i64 {
    bits as i64
}

/// A Float's narrow payload: an f32, widened as the engine widens it.
#[inline(always)]
pub(super) fn float_narrow(bits: u32) -> f64 {
    f32_as_float(f32::from_bits(bits))
}

/// A Float's wide payload: an f64.
#[inline(always)]
pub(super) fn float_wide(bits: u64) -> f64 {
    f64::from_bits(bits)
}

/// A Bool's payload: anything but 0 is true.
#[inline(always)]
pub(super) fn bool_payload(bits: u32) -> bool {
    bits != 0
}

/// A single-precision value (a narrow Float, a PackedFloat32Array element) as an f64: as the engine widens it.
#[inline(always)]
pub(super) fn f32_as_float(f: f32) -> f64 {
    widen_like_engine(f)
}

/// A float read into an `f32`: as the engine narrows it.
#[inline(always)]
pub(super) fn float_as_f32(f: f64) -> f32 {
    narrow_like_engine(f)
}

/// A scalar value. `'de` strings are borrowed from the input; `'x` ones from a decoded value.
#[derive(Debug)]
pub(crate) enum Scalar<'de, 'x> {
    Unit,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    /// A single-precision element (PackedFloat32Array, Color): visited as f32 when asked for one.
    F32(f32),
    Borrowed(&'de str),
    Transient(&'x str),
    Owned(String),
}

pub(crate) struct ScalarDe<'de, 'x> {
    pub(super) s: Scalar<'de, 'x>,
    pub(super) at: Option<usize>,
}

impl ScalarDe<'_, '_> {
    #[inline]
    fn int(&self) -> Option<i128> {
        match self.s {
            Scalar::Int(i) => Some(i as i128),
            Scalar::UInt(u) => Some(u as i128),
            _ => None,
        }
    }
    #[inline]
    fn range(&self, i: i128) -> Error {
        Error::new(ErrorKind::IntegerOutOfRange(i), self.at)
    }
}

macro_rules! scalar_int {
    ($($m:ident $t:ty => $visit:ident),*) => {$(
        #[inline]
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            match self.int() {
                Some(i) => match <$t>::try_from(i) {
                    Ok(x) => visitor.$visit(x),
                    Err(_) => Err(self.range(i)),
                },
                None => self.deserialize_any(visitor),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ScalarDe<'de, '_> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::Unit => visitor.visit_unit(),
            Scalar::Bool(b) => visitor.visit_bool(b),
            Scalar::Int(i) => visitor.visit_i64(i),
            Scalar::UInt(u) => visitor.visit_u64(u),
            Scalar::Float(f) => visitor.visit_f64(f),
            Scalar::F32(f) => visitor.visit_f64(f32_as_float(f)),
            Scalar::Borrowed(s) => visitor.visit_borrowed_str(s),
            Scalar::Transient(s) => visitor.visit_str(s),
            Scalar::Owned(s) => visitor.visit_string(s),
        }
    }

    scalar_int!(deserialize_i8 i8 => visit_i8, deserialize_i16 i16 => visit_i16, deserialize_i32 i32 => visit_i32,
        deserialize_i64 i64 => visit_i64, deserialize_i128 i128 => visit_i128, deserialize_u8 u8 => visit_u8,
        deserialize_u16 u16 => visit_u16, deserialize_u32 u32 => visit_u32, deserialize_u64 u64 => visit_u64,
        deserialize_u128 u128 => visit_u128);

    #[inline]
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::F32(f) => visitor.visit_f32(f),
            Scalar::Float(f) => visitor.visit_f32(float_as_f32(f)),
            Scalar::Int(i) => visitor.visit_f32(i as f32),
            Scalar::UInt(u) => visitor.visit_f32(u as f32),
            _ => self.deserialize_any(visitor),
        }
    }

    #[inline]
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::F32(f) => visitor.visit_f64(f32_as_float(f)),
            Scalar::Int(i) => visitor.visit_f64(i as f64),
            Scalar::UInt(u) => visitor.visit_f64(u as f64),
            _ => self.deserialize_any(visitor),
        }
    }

    #[inline]
    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            Scalar::Transient(s) => visitor.visit_bytes(s.as_bytes()),
            Scalar::Owned(s) => visitor.visit_byte_buf(s.into_bytes()),
            _ => self.deserialize_any(visitor),
        }
    }

    #[inline]
    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    #[inline]
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::Unit => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    #[inline]
    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == VARIANT_MAGIC {
            let v = match self.s {
                Scalar::Unit => Variant::Nil,
                Scalar::Bool(b) => Variant::Bool(b),
                Scalar::Int(i) => Variant::Int(i),
                Scalar::UInt(u) => i64::try_from(u).map(Variant::Int).unwrap_or(Variant::Float(u as f64)),
                Scalar::Float(f) => Variant::Float(f),
                Scalar::F32(f) => Variant::Float(f32_as_float(f)),
                Scalar::Borrowed(s) | Scalar::Transient(s) => Variant::String(s.into()),
                Scalar::Owned(s) => Variant::String(s.into()),
            };
            return hand_over(v, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self, _name: &'static str, _variants: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        match self.s {
            Scalar::Borrowed(s) => visitor.visit_enum(de::value::BorrowedStrDeserializer::<Error>::new(s)),
            Scalar::Transient(s) => visitor.visit_enum(s.into_deserializer()),
            Scalar::Owned(s) => visitor.visit_enum(s.into_deserializer()),
            _ => Err(Error::invalid("an enum must be a String or a Dictionary with one entry", self.at)),
        }
    }

    serde::forward_to_deserialize_any! {
        bool char str string unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}
