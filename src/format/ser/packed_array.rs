//! Packed arrays: the elements written raw (no headers), in bulk where the value offers it, else one by one.

use serde::ser::{self, Serialize};

use super::capture::{capture, capture_str, Cap};
use super::hand_over::UnitCatcher;
use super::math::{int_component, Comps, Flat};
use super::serializer::Serializer;
use crate::codec::math_wide;
use crate::error::{Error, ErrorKind, Result};
use crate::format::magic;
use crate::types::TypeKind;
use crate::wire::{count32, len32, narrow_exact, pad_len, Output, FLAG_64};

impl<O: Output> Serializer<'_, O> {
    pub(super) fn packed<T: ?Sized + Serialize>(&mut self, kind: TypeKind, value: &T) -> Result<()> {
        let wide = match kind {
            TypeKind::PackedVector2Array | TypeKind::PackedVector3Array | TypeKind::PackedVector4Array => {
                math_wide(self.cfg, kind)?
            }
            _ => false,
        };
        self.header(kind, if wide { FLAG_64 } else { 0 })?;
        let at = self.out.pos();
        self.out.w32(0);
        // Our packed types and `packed::*` adapters write their whole slice at once when offered the
        // buffer; anything else under a packed name is written element by element.
        let out = self.out.lend();
        let guard = magic::ClearOnDrop;
        magic::put_packed_job(magic::PackedJob { kind, wide, out, count: None });
        let bulk = value.serialize(UnitCatcher);
        let job = magic::take_packed_job()
            .ok_or_else(|| Error::invalid("the packed array hand-over lost its buffer", None))?;
        // Both slots are empty now (the packed one just taken; nothing fills the other without emptying
        // it): the guard's two more thread-local accesses are not needed.
        std::mem::forget(guard);
        self.out.restore(job.out);
        let n = match job.count {
            Some(n) => {
                bulk?;
                n
            }
            None => {
                let mut p = PackedSer { out: self.out, kind, wide, count: 0 };
                value.serialize(&mut p)?;
                p.count
            }
        };
        let len = self.out.pos() - at - 4;
        // The engines size a packed array's payload in a signed 32-bit int (strings are checked one by one).
        if kind != TypeKind::PackedStringArray {
            len32(len)?;
        }
        if kind == TypeKind::PackedByteArray {
            self.out.zeros(pad_len(len));
        }
        self.patch_count(at, n, 0)
    }
}

struct PackedSer<'o, O: Output> {
    out: &'o mut O,
    kind: TypeKind,
    wide: bool,
    count: usize,
}

const PACKED_MSG: &str = "a packed array must be a sequence of its element type";

#[doc(hidden)]
pub struct PackedSeq<'p, 'o, O: Output>(&'p mut PackedSer<'o, O>);

impl<'p, 'o, O: Output> ser::Serializer for &'p mut PackedSer<'o, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = PackedSeq<'p, 'o, O>;
    type SerializeTuple = PackedSeq<'p, 'o, O>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    reject!(PACKED_MSG; serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_u8(v: u8), serialize_u16(v: u16),
        serialize_u32(v: u32), serialize_u64(v: u64), serialize_f32(v: f32), serialize_f64(v: f64),
        serialize_char(v: char), serialize_str(v: &str), serialize_none(),
        serialize_unit(), serialize_unit_struct(n: &'static str),
        serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(PACKED_MSG);
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        match self.kind {
            TypeKind::PackedByteArray => {
                self.out.put(v);
                self.count = v.len();
                Ok(())
            }
            _ => Err(Error::invalid(PACKED_MSG, None)),
        }
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self::SerializeSeq> {
        // Refused before anything is written when the length says the array is too big for the wire.
        if let (Some(n), Some(size)) = (len, self.kind.packed_elem_size(self.wide)) {
            count32(n, size)?;
        }
        Ok(PackedSeq(self))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        Ok(PackedSeq(self))
    }
    reject!(PACKED_MSG; serialize_tuple_struct(a: &'static str, b: usize) -> Self::SerializeTupleStruct,
        serialize_map(a: Option<usize>) -> Self::SerializeMap,
        serialize_struct(a: &'static str, b: usize) -> Self::SerializeStruct);
}

impl<O: Output> PackedSeq<'_, '_, O> {
    fn element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        use TypeKind as K;
        let p = &mut *self.0;
        match p.kind {
            K::PackedByteArray => {
                let i = int_of(v)?;
                let b = u8::try_from(i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(i)))?;
                p.out.put(&[b]);
            }
            K::PackedInt32Array => {
                let i = int_of(v)?;
                let x = i32::try_from(i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(i)))?;
                p.out.w32(x as u32);
            }
            K::PackedInt64Array => {
                let i = int_of(v)?;
                let x = i64::try_from(i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(i)))?;
                p.out.w64(x as u64);
            }
            K::PackedFloat32Array => {
                let f = float_of(v)?;
                p.out.wf32(narrow_exact(f));
            }
            K::PackedFloat64Array => {
                let f = float_of(v)?;
                p.out.wf64(f);
            }
            K::PackedStringArray => {
                let s = capture_str(v)?;
                p.out.wstr_nul(&s)?;
            }
            kind => {
                let mut flat = Flat::default();
                v.serialize(Comps(&mut flat))?;
                if flat.n != kind.components() {
                    return Err(Error::invalid("wrong number of components in a packed array element", None));
                }
                for &x in flat.vals() {
                    match kind {
                        K::PackedColorArray => p.out.wf32(narrow_exact(x)),
                        K::PackedVector2iArray | K::PackedVector3iArray | K::PackedVector4iArray => {
                            p.out.w32(int_component(x)? as u32)
                        }
                        _ if p.wide => p.out.wf64(x),
                        _ => p.out.wf32(narrow_exact(x)),
                    }
                }
            }
        }
        p.count += 1;
        Ok(())
    }
}

fn int_of<T: ?Sized + Serialize>(v: &T) -> Result<i128> {
    match capture(v)? {
        Cap::Int(i) => Ok(i),
        _ => Err(Error::invalid("expected an integer in a packed array", None)),
    }
}

fn float_of<T: ?Sized + Serialize>(v: &T) -> Result<f64> {
    match capture(v)? {
        Cap::Float(f) => Ok(f),
        Cap::Int(i) => Ok(i as f64),
        _ => Err(Error::invalid("expected a number in a packed array", None)),
    }
}

impl<O: Output> ser::SerializeSeq for PackedSeq<'_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.element(v)
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
like_seq!(impl[O: Output] PackedSeq<'_, '_, O> => (); SerializeTuple::serialize_element);
