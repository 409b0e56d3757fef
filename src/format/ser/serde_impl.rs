//! The serde data model on [`Serializer`]: each method to the Godot value it writes.

use serde::ser::{self, Serialize};

use super::compound::Compound;
use super::serializer::{Serializer, NO_ID};
use super::structs::{small_marker, MagicStruct, Marker, StructCompound};
use crate::error::{Error, ErrorKind, Result};
use crate::format::magic;
use crate::types::TypeKind;
use crate::value::{Object, Variant};
use crate::wire::{len32, pad_len, widen_like_engine, Output};

impl<'s, 'a, O: Output> ser::Serializer for &'s mut Serializer<'a, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'s, 'a, O>;
    type SerializeTuple = Compound<'s, 'a, O>;
    type SerializeTupleStruct = Compound<'s, 'a, O>;
    type SerializeTupleVariant = Compound<'s, 'a, O>;
    type SerializeMap = Compound<'s, 'a, O>;
    type SerializeStruct = StructCompound<'s, 'a, O>;
    type SerializeStructVariant = StructCompound<'s, 'a, O>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<()> {
        self.small(TypeKind::Bool, v as u32)
    }
    ints_as!(i64, |self, v| self.int(v); serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32);
    fn serialize_i128(self, v: i128) -> Result<()> {
        let i = i64::try_from(v).map_err(|_| self.err_at(ErrorKind::IntegerOutOfRange(v)))?;
        self.int(i)
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        let i = i64::try_from(v).map_err(|_| self.err_at(ErrorKind::IntegerOutOfRange(v as i128)))?;
        self.int(i)
    }
    fn serialize_u128(self, v: u128) -> Result<()> {
        let i = i64::try_from(v)
            .map_err(|_| self.err_at(ErrorKind::IntegerOutOfRange(v.min(i128::MAX as u128) as i128)))?;
        self.int(i)
    }
    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.float(widen_like_engine(v))
    }
    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.float(v)
    }
    fn serialize_char(self, v: char) -> Result<()> {
        self.serialize_str(v.encode_utf8(&mut [0u8; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<()> {
        self.string(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.header(TypeKind::PackedByteArray, 0)?;
        self.out.w32(len32(v.len())?);
        self.out.put(v);
        self.out.zeros(pad_len(v.len()));
        Ok(())
    }
    fn serialize_none(self) -> Result<()> {
        self.header(TypeKind::Nil, 0)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<()> {
        self.header(TypeKind::Nil, 0)
    }
    fn serialize_unit_struct(self, name: &'static str) -> Result<()> {
        match name.strip_prefix(magic::PREFIX) {
            Some("Callable") => self.variant(&Variant::Callable),
            Some("ObjectNull") => self.variant(&Variant::Object(Box::new(Object::Null))),
            _ => self.header(TypeKind::Nil, 0),
        }
    }
    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, value: &T) -> Result<()> {
        match name.strip_prefix(magic::PREFIX) {
            Some(m) => self.magic_newtype(m, value),
            None => value.serialize(self),
        }
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self, _name: &'static str, _index: u32, variant: &'static str, value: &T,
    ) -> Result<()> {
        self.tagged(variant, value)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'s, 'a, O>> {
        let at = self.open(TypeKind::Array)?;
        Ok(Compound { ser: self, count_at: at, n: 0, closes: 1, keep_bits: 0 })
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'s, 'a, O>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Compound<'s, 'a, O>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self, _name: &'static str, _index: u32, variant: &'static str, _len: usize,
    ) -> Result<Compound<'s, 'a, O>> {
        self.open_tagged(variant)?;
        let at = self.open(TypeKind::Array)?;
        Ok(Compound { ser: self, count_at: at, n: 0, closes: 2, keep_bits: 0 })
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'s, 'a, O>> {
        let at = self.open(TypeKind::Dictionary)?;
        Ok(Compound { ser: self, count_at: at, n: 0, closes: 1, keep_bits: 0 })
    }
    #[inline(always)]
    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<StructCompound<'s, 'a, O>> {
        if name.starts_with(magic::PREFIX) {
            // The narrow math markers in line: where the name is a constant (a derived `serialize` this is
            // inlined into) the compares fold, and only the dialect's checks are left.
            if let Some(kind) = small_marker(name) {
                let id = self.small_math(kind)?;
                let magic = MagicStruct::Small(kind, [0.0; 4]);
                return Ok(StructCompound {
                    ser: self,
                    count_at: id,
                    n: 0,
                    closes: 0,
                    plain: false,
                    m: Marker { n: 0, magic },
                });
            }
            if let Some((at, magic)) = self.marker_struct(name)? {
                return Ok(StructCompound {
                    ser: self,
                    count_at: at,
                    n: 0,
                    closes: 0,
                    plain: false,
                    m: Marker { n: 0, magic },
                });
            }
        }
        let at = self.open_dict()?;
        Ok(StructCompound { ser: self, count_at: at, n: 0, closes: 1, plain: true, m: Marker::PLAIN })
    }
    #[inline(always)]
    fn serialize_struct_variant(
        self, _name: &'static str, _index: u32, variant: &'static str, _len: usize,
    ) -> Result<StructCompound<'s, 'a, O>> {
        // The usual case inline (in the enum's `serialize`, where the variant's name is a constant): both
        // Dictionaries' depth checks at once, the outer header with its count, the name, the inner header
        // and its placeholder. The rest (and errors) as written out in `struct_variant`.
        // (Both give only the count's offset: the compound is built once, its state constant.)
        let at = if self.depth < self.cfg.max_depth() && self.short(variant) && self.dict_id != NO_ID {
            self.depth += 2;
            self.out.variant_head(self.dict_id, self.str_id, variant.as_bytes());
            self.out.pos() - 4
        } else {
            self.struct_variant(variant)?
        };
        Ok(StructCompound { ser: self, count_at: at, n: 0, closes: 2, plain: true, m: Marker::PLAIN })
    }
    fn is_human_readable(&self) -> bool {
        false
    }
}
