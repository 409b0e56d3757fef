//! Arrays, Dictionaries and tuple variants: elements written as they come, the count patched at the end.

use serde::ser::{self, Serialize};

use super::serializer::Serializer;
use crate::error::{Error, Result};
use crate::wire::Output;

/// Arrays, dictionaries and enum variants holding them: counts are back-patched at the end.
#[doc(hidden)]
pub struct Compound<'s, 'a, O: Output = Vec<u8>> {
    pub(super) ser: &'s mut Serializer<'a, O>,
    pub(super) count_at: usize,
    pub(super) n: usize,
    /// Containers opened (2 for a tuple variant: the wrapping Dictionary and the Array).
    pub(super) closes: usize,
    pub(super) keep_bits: u32,
}

impl<O: Output> Compound<'_, '_, O> {
    fn finish(self, n: usize) -> Result<()> {
        self.ser.patch_count(self.count_at, n, self.keep_bits)?;
        self.ser.depth -= self.closes;
        Ok(())
    }
}

impl<O: Output> ser::SerializeSeq for Compound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        self.ser.element(value)?;
        self.n += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        let n = self.n;
        self.finish(n)
    }
}

like_seq!(impl[O: Output] Compound<'_, '_, O> => ();
    SerializeTuple::serialize_element, SerializeTupleStruct::serialize_field, SerializeTupleVariant::serialize_field);

impl<O: Output> ser::SerializeMap for Compound<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<()> {
        self.ser.element(key)
    }
    /// A value: as a sequence's element (it completes one entry).
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<()> {
        ser::SerializeSeq::end(self)
    }
}
