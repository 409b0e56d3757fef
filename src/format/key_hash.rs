//! The hash of a typed dictionary's key, taken through its `Serialize`: what lets
//! [`TypedDictionary`](crate::typed::TypedDictionary) index keys of any serializable type, floats included,
//! where a `Hash` bound would leave out `f32`/`f64` keys (`Dictionary[float, …]`).
//!
//! The hash is keyed per process (the same key as the `Dictionary` index's), so a save whose keys were chosen
//! to collide cannot make lookups scan. Every primitive is hashed by its bits with a tag of its kind; names of
//! newtype wrappers are skipped (a `Borrow` lookup through a wrapper hashes alike). A bare `f32`/`f64` key hashes
//! `-0.0` as `0.0`, since `==` makes them one key; inside a value, floats hash by their bits as the markers' and
//! `Variant`'s `==` compare them (hashing signs of zero alike there would let a key of many floats collide with
//! exponentially many others).

use std::fmt;
use std::hash::Hasher;

use serde::ser::{self, Serialize, Serializer};

use crate::data::dict_keys::hasher;

/// The hash of `key` (a key whose `Serialize` fails hashes as 0: still found, by comparison).
pub(crate) fn key_hash<T: ?Sized + Serialize>(key: &T) -> u64 {
    let mut s = HashSer { h: hasher(), top: true };
    match key.serialize(&mut s) {
        Ok(()) => s.h.finish(),
        Err(Unhashable) => 0,
    }
}

/// A key's `Serialize` refused to run.
#[derive(Debug)]
pub(crate) struct Unhashable;

impl fmt::Display for Unhashable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the key cannot be serialized")
    }
}

impl std::error::Error for Unhashable {}

impl ser::Error for Unhashable {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Unhashable
    }
}

/// Kind tags, one byte before each part.
mod tag {
    pub(super) const BOOL: u8 = 1;
    pub(super) const INT: u8 = 2;
    pub(super) const UINT: u8 = 3;
    pub(super) const F32: u8 = 4;
    pub(super) const F64: u8 = 5;
    pub(super) const CHAR: u8 = 6;
    pub(super) const STR: u8 = 7;
    pub(super) const BYTES: u8 = 8;
    pub(super) const NONE: u8 = 9;
    pub(super) const SOME: u8 = 10;
    pub(super) const UNIT: u8 = 11;
    pub(super) const VARIANT: u8 = 12;
    pub(super) const SEQ: u8 = 13;
    pub(super) const MAP: u8 = 14;
    pub(super) const STRUCT: u8 = 15;
    pub(super) const END: u8 = 16;
    pub(super) const I128: u8 = 17;
}

struct HashSer<H> {
    h: H,
    /// Nothing written yet: the key itself is the value being serialized now.
    top: bool,
}

impl<H: Hasher> HashSer<H> {
    fn part(&mut self, t: u8) -> bool {
        self.h.write_u8(t);
        std::mem::replace(&mut self.top, false)
    }

    fn str(&mut self, s: &str) {
        self.h.write(s.as_bytes());
        self.h.write_u8(0xff);
    }
}

type R = Result<(), Unhashable>;

impl<H: Hasher> Serializer for &mut HashSer<H> {
    type Ok = ();
    type Error = Unhashable;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    fn serialize_bool(self, v: bool) -> R {
        self.part(tag::BOOL);
        self.h.write_u8(u8::from(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> R {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> R {
        self.part(tag::INT);
        self.h.write_i64(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> R {
        self.part(tag::I128);
        self.h.write_i128(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> R {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> R {
        self.part(tag::UINT);
        self.h.write_u64(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> R {
        self.part(tag::I128);
        self.h.write_u128(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> R {
        let bare = self.part(tag::F32);
        self.h.write_u32(if bare && v == 0.0 { 0 } else { v.to_bits() });
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> R {
        let bare = self.part(tag::F64);
        self.h.write_u64(if bare && v == 0.0 { 0 } else { v.to_bits() });
        Ok(())
    }
    fn serialize_char(self, v: char) -> R {
        self.part(tag::CHAR);
        self.h.write_u32(v.into());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> R {
        self.part(tag::STR);
        self.str(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> R {
        self.part(tag::BYTES);
        self.h.write_usize(v.len());
        self.h.write(v);
        Ok(())
    }
    fn serialize_none(self) -> R {
        self.part(tag::NONE);
        Ok(())
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> R {
        self.part(tag::SOME);
        v.serialize(self)
    }
    fn serialize_unit(self) -> R {
        self.part(tag::UNIT);
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> R {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, index: u32, _: &'static str) -> R {
        self.part(tag::VARIANT);
        self.h.write_u32(index);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> R {
        // Transparent: `top` stays as it is, so a newtype around a float is still a bare float.
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self, _: &'static str, index: u32, _: &'static str, v: &T,
    ) -> R {
        self.part(tag::VARIANT);
        self.h.write_u32(index);
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Unhashable> {
        self.part(tag::SEQ);
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Unhashable> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Unhashable> {
        self.serialize_seq(None)
    }
    fn serialize_tuple_variant(
        self, _: &'static str, index: u32, _: &'static str, _: usize,
    ) -> Result<Self, Unhashable> {
        self.part(tag::VARIANT);
        self.h.write_u32(index);
        self.serialize_seq(None)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Unhashable> {
        self.part(tag::MAP);
        Ok(self)
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Self, Unhashable> {
        self.part(tag::STRUCT);
        self.str(name);
        Ok(self)
    }
    fn serialize_struct_variant(
        self, _: &'static str, index: u32, _: &'static str, _: usize,
    ) -> Result<Self, Unhashable> {
        self.part(tag::VARIANT);
        self.h.write_u32(index);
        self.serialize_struct("", 0)
    }
    fn is_human_readable(&self) -> bool {
        false
    }
}

impl<H: Hasher> HashSer<H> {
    fn end(&mut self) -> R {
        self.h.write_u8(tag::END);
        Ok(())
    }
}

macro_rules! seq_like {
    ($($trait:ident :: $method:ident),*) => {$(
        impl<H: Hasher> ser::$trait for &mut HashSer<H> {
            type Ok = ();
            type Error = Unhashable;
            fn $method<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
                v.serialize(&mut **self)
            }
            fn end(self) -> R {
                HashSer::end(self)
            }
        }
    )*};
}

seq_like!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl<H: Hasher> ser::SerializeMap for &mut HashSer<H> {
    type Ok = ();
    type Error = Unhashable;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> R {
        k.serialize(&mut **self)
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> R {
        v.serialize(&mut **self)
    }
    fn end(self) -> R {
        HashSer::end(self)
    }
}

macro_rules! struct_like {
    ($($trait:ident),*) => {$(
        impl<H: Hasher> ser::$trait for &mut HashSer<H> {
            type Ok = ();
            type Error = Unhashable;
            fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, v: &T) -> R {
                self.str(name);
                v.serialize(&mut **self)
            }
            fn skip_field(&mut self, name: &'static str) -> R {
                self.str(name);
                self.h.write_u8(tag::END);
                Ok(())
            }
            fn end(self) -> R {
                HashSer::end(self)
            }
        }
    )*};
}

struct_like!(SerializeStruct, SerializeStructVariant);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::{StringName, Vector2};
    use crate::Variant;

    #[test]
    fn equal_keys_hash_alike_and_different_keys_differ() {
        assert_eq!(key_hash("hp"), key_hash(&"hp".to_string()));
        assert_ne!(key_hash("hp"), key_hash("mp"));
        // A bare float: the two zeros are one key (`==`), NaN never equals itself (any hash does).
        assert_eq!(key_hash(&0.0f64), key_hash(&-0.0f64));
        assert_eq!(key_hash(&0.0f32), key_hash(&-0.0f32));
        assert_ne!(key_hash(&1.0f64), key_hash(&-1.0f64));
        // Inside a value, by bits, as the markers' `==`.
        assert_ne!(key_hash(&Vector2::new(0.0, 1.0)), key_hash(&Vector2::new(-0.0, 1.0)));
        assert_eq!(key_hash(&Vector2::new(0.5, 1.0)), key_hash(&Vector2::new(0.5, 1.0)));
        // Kinds are told apart.
        assert_ne!(key_hash(&Variant::Int(1)), key_hash(&Variant::Float(1.0)));
        assert_ne!(key_hash(&Variant::from(vec![Variant::Int(1)])), key_hash(&Variant::Int(1)));
        assert_eq!(key_hash(&StringName("a".into())), key_hash(&StringName("a".into())));
        // Sequences of strings cannot be shifted into each other.
        assert_ne!(key_hash(&vec!["ab", "c"]), key_hash(&vec!["a", "bc"]));
    }
}
