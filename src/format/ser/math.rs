//! A math value's numeric components, flattened in field order.

use serde::ser::{self, Serialize};

use crate::error::{Error, Result};
use crate::types::TypeKind;
use crate::wire::widen_exact;

/// The numeric components of a math type, flattened in field order (nested structs and arrays included).
#[doc(hidden)]
#[derive(Default)]
pub(crate) struct Flat {
    /// Up to 4 components inline (Vector2/3/4, Color, Quaternion, …: no allocation).
    pub(super) vals: [f64; 4],
    /// All of them once there are more than 4 (Rect2 and up), at most [`MAX_COMPONENTS`].
    pub(super) spill: Vec<f64>,
    pub(super) n: usize,
}

impl Flat {
    fn push(&mut self, x: f64) -> Result<()> {
        match self.n {
            0..=3 => self.vals[self.n] = x,
            MAX_COMPONENTS.. => return Err(too_many_components()),
            4 => {
                self.spill.reserve_exact(16);
                self.spill.extend_from_slice(&self.vals);
                self.spill.push(x);
            }
            _ => self.spill.push(x),
        }
        self.n += 1;
        Ok(())
    }

    /// The components, in order.
    pub(super) fn vals(&self) -> &[f64] {
        if self.n <= 4 {
            &self.vals[..self.n]
        } else {
            &self.spill
        }
    }
}

pub(super) const FLAT_MSG: &str = "math type components must be numbers";

/// The most components a math value may have (Projection's 16): past its type's count they are only
/// counted, up to this.
pub(super) const MAX_COMPONENTS: usize = 16;

/// The error for a math value with more than [`MAX_COMPONENTS`].
#[cold]
pub(super) fn too_many_components() -> Error {
    Error::invalid("too many components in a math type", None)
}

/// A math marker's count of components checked against its type's.
#[inline(always)]
pub(super) fn check_components(kind: TypeKind, n: usize) -> Result<()> {
    if n != kind.components() {
        return Err(Error::invalid("wrong number of components in a math type", None));
    }
    Ok(())
}

/// An integer vector's component: exactly an i32.
#[inline]
pub(super) fn int_component(x: f64) -> Result<i32> {
    if x != x as i32 as f64 {
        return Err(Error::invalid("integer vector component out of i32 range", None));
    }
    Ok(x as i32)
}

/// Where a math value's numeric components go, one at a time, through [`Comps`].
pub(super) trait Sink {
    fn push(&mut self, x: f64) -> Result<()>;
    /// An f32 component (its bits kept: [`widen_exact`] by default).
    #[inline]
    fn push_f32(&mut self, x: f32) -> Result<()> {
        self.push(widen_exact(x))
    }
}

impl Sink for Flat {
    #[inline]
    fn push(&mut self, x: f64) -> Result<()> {
        Flat::push(self, x)
    }
}

/// The serializer of a math value's components (nested structs, tuples and sequences flattened in order),
/// handing each number to a [`Sink`].
pub(super) struct Comps<'f, C>(pub(super) &'f mut C);

impl<'f, C: Sink> ser::Serializer for Comps<'f, C> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Comps<'f, C>;
    type SerializeTuple = Comps<'f, C>;
    type SerializeTupleStruct = Comps<'f, C>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = Comps<'f, C>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.0.push(v)
    }
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.0.push_f32(v)
    }
    ints_as!(f64, |self, v| self.0.push(v));
    reject!(FLAT_MSG; serialize_bool(v: bool), serialize_char(v: char), serialize_str(v: &str),
        serialize_bytes(v: &[u8]), serialize_none(), serialize_unit(), serialize_unit_struct(n: &'static str),
        serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(FLAT_MSG);
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self> {
        Ok(self)
    }
    reject!(FLAT_MSG; serialize_map(a: Option<usize>) -> Self::SerializeMap);
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self> {
        Ok(self)
    }
}

impl<C: Sink> ser::SerializeSeq for Comps<'_, C> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        v.serialize(Comps(&mut *self.0))
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
like_seq!(impl[C: Sink] Comps<'_, C> => (); SerializeTuple::serialize_element, SerializeTupleStruct::serialize_field);
impl<C: Sink> ser::SerializeStruct for Comps<'_, C> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(Comps(&mut *self.0))
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
