//! The `Variant` hand-over: a `Variant` being serialized writes itself with the core encoder.

use serde::ser::{self, Serialize};

use super::serializer::Serializer;
use crate::error::{Error, Result};
use crate::format::magic;
use crate::wire::Output;

impl<O: Output> Serializer<'_, O> {
    /// Lets the `Variant` being serialized write itself with the core encoder (see `value_serde`).
    pub(super) fn hand_over<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
        let out = self.out.lend();
        // Should the value panic, no half-done job may stay behind for another serializer to find.
        let _guard = magic::ClearOnDrop;
        magic::offer_encode(magic::EncodeJob { cfg: self.cfg.clone(), depth: self.depth, out, result: None });
        let r = value.serialize(UnitCatcher);
        let job = magic::take_encode();
        match job {
            Some(job) => {
                self.out.restore(job.out);
                match job.result {
                    Some(res) => res.and(r),
                    // Not a Variant after all: serialize it as an ordinary newtype.
                    None => value.serialize(&mut *self),
                }
            }
            None => r.and(Err(Error::invalid("the Variant hand-over lost its buffer", None))),
        }
    }
}

/// Accepts the unit a `Variant` answers with after writing itself; anything else is not a Variant.
pub(super) struct UnitCatcher;

const NOT_VARIANT: &str = "not a Variant";

impl ser::Serializer for UnitCatcher {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_unit(self) -> Result<()> {
        Ok(())
    }
    reject!(NOT_VARIANT; serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_u8(v: u8), serialize_u16(v: u16),
        serialize_u32(v: u32), serialize_u64(v: u64), serialize_f32(v: f32), serialize_f64(v: f64),
        serialize_char(v: char), serialize_str(v: &str), serialize_bytes(v: &[u8]), serialize_none(),
        serialize_unit_struct(n: &'static str), serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(NOT_VARIANT);
    reject!(NOT_VARIANT; serialize_newtype_struct<T>(a: &'static str, b: &T),
        serialize_seq(a: Option<usize>) -> Self::SerializeSeq, serialize_tuple(a: usize) -> Self::SerializeTuple,
        serialize_tuple_struct(a: &'static str, b: usize) -> Self::SerializeTupleStruct,
        serialize_map(a: Option<usize>) -> Self::SerializeMap,
        serialize_struct(a: &'static str, b: usize) -> Self::SerializeStruct);
}
