//! The serde-bound floor of the small-message benchmarks (`benches/ratios.rs`, group `small`): a minimal serde
//! [`Deserializer`] and [`Serializer`] for exactly the part of the Godot 4 binary Variant format that
//! `data::Msg` (benches/common/mod.rs) uses, driven by `Msg`'s own `#[derive(Deserialize, Serialize)]` code
//! and by the `Serialize`/`Deserialize` impls of godot_bin's `Vector2` (the `$godot_bin::Vector2` marker
//! struct with fields `x`, `y`).
//!
//! What it is: the least a serde data format for these bytes can cost. serde's visitor protocol runs in full
//! (enum access, the variant identified by its name, map access, each field identified by its name, the
//! duplicate and missing field checks of the derived code, `Vector2`'s own impl), and every check a correct
//! reader of these bytes must make is made: each header word (no flags but the 64-bit one where the format
//! has it), the Dictionary counts (1 around a variant; the fields' count drives the map access), each key's
//! String header, length and padding within the input, UTF-8 where a string is handed on as text (`Chat`'s
//! text), every read within the input, and no bytes left over. Keys and variant names are handed to the
//! derived identifier visitors as bytes (`visit_borrowed_bytes`), which match them against the names without
//! a UTF-8 check, as godot_bin's own fast path does. Errors are one unit-like [`Error`] with no offset.
//!
//! What it is not: a general Godot format. Only an untyped Dictionary with String keys around a variant, a
//! plain String (`Chat`'s text, or a unit variant written as its name), an int (32 or 64 bits), and the
//! `$godot_bin::Vector2` marker (two f32 reals, or two f64 with the 64-bit flag) are read or written; anything
//! else is an error (an unknown field too, where godot_bin would skip its value). No other dialect, no
//! configuration, no depth limit (this shape has no recursion), no offsets in errors, and padding bytes are
//! skipped unread, as the engine does. A NUL inside `Chat`'s text is handed on where the engine would cut
//! the text there (`Move` has no text). The serializer writes exactly `godot_bin::to_vec_with`'s bytes for
//! `Msg` with the default configuration (checked by `benches/ratios.rs` before timing).
#![allow(dead_code)]

use std::fmt;

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::ser::{self, Impossible, Serialize};

/// Godot 4 type ids (the low byte of a header word) and the 64-bit flag.
const INT: u32 = 2;
const STRING: u32 = 4;
const VECTOR2: u32 = 5;
const DICTIONARY: u32 = 27;
const FLAG_64: u32 = 1 << 16;
/// The serde struct name under which godot_bin's `Vector2` serializes and deserializes itself.
const VECTOR2_MARKER: &str = "$godot_bin::Vector2";

/// Every failure: malformed or unexpected input, or a value outside the subset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Error;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("not a Msg in the Godot 4 binary format (serde floor)")
    }
}

impl std::error::Error for Error {}

impl de::Error for Error {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Error
    }
}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Error
    }
}

// ---------------------------------------------------------------------------------------------------------
// Decode.

/// Reads one value of the subset from `b`, which it must fill exactly.
pub fn from_slice<'de, T: de::Deserialize<'de>>(b: &'de [u8]) -> Result<T, Error> {
    let mut de = Deserializer { rest: b };
    let v = T::deserialize(&mut de)?;
    if de.rest.is_empty() {
        Ok(v)
    } else {
        Err(Error)
    }
}

/// The input not read yet.
pub struct Deserializer<'de> {
    rest: &'de [u8],
}

impl<'de> Deserializer<'de> {
    #[inline]
    fn word(&mut self) -> Result<u32, Error> {
        let (w, rest) = self.rest.split_first_chunk::<4>().ok_or(Error)?;
        self.rest = rest;
        Ok(u32::from_le_bytes(*w))
    }

    #[inline]
    fn u64(&mut self) -> Result<u64, Error> {
        let (w, rest) = self.rest.split_first_chunk::<8>().ok_or(Error)?;
        self.rest = rest;
        Ok(u64::from_le_bytes(*w))
    }

    /// Two words, read with one bounds check.
    #[inline]
    fn words2(&mut self) -> Result<(u32, u32), Error> {
        let (w, rest) = self.rest.split_first_chunk::<8>().ok_or(Error)?;
        self.rest = rest;
        let w = u64::from_le_bytes(*w);
        Ok((w as u32, (w >> 32) as u32))
    }

    /// An untyped Dictionary's header and count (bit 31, the old "shared" flag, masked off as the engine does).
    #[inline]
    fn dictionary(&mut self) -> Result<u32, Error> {
        match self.words2()? {
            (DICTIONARY, n) => Ok(n & 0x7FFF_FFFF),
            _ => Err(Error),
        }
    }

    /// A String with no flags: its bytes (length and padding checked against the input; padding not read).
    #[inline]
    fn string_bytes(&mut self) -> Result<&'de [u8], Error> {
        let (STRING, len) = self.words2()? else { return Err(Error) };
        self.string_body(len)
    }

    /// A String's bytes after its header, `len` of them and the padding.
    #[inline]
    fn string_body(&mut self, len: u32) -> Result<&'de [u8], Error> {
        let len = len as usize;
        // `len` is at most u32::MAX: no overflow on 64-bit targets; checked on others.
        let padded = len.checked_add(3).ok_or(Error)? & !3;
        if padded > self.rest.len() {
            return Err(Error);
        }
        let (s, rest) = self.rest.split_at(padded);
        self.rest = rest;
        Ok(&s[..len])
    }

    /// An int (32 bits, or 64 with the flag).
    #[inline]
    fn int(&mut self) -> Result<i64, Error> {
        // The header and the value's first word read together (every int has one).
        match self.words2()? {
            (INT, v) => Ok(v as i32 as i64),
            (h, lo) if h == INT | FLAG_64 => Ok((lo as u64 | (self.word()? as u64) << 32) as i64),
            _ => Err(Error),
        }
    }
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de> {
    type Error = Error;

    /// Nothing in the subset is read without a type hint; an unknown field's value lands here too.
    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        Err(Error)
    }

    /// `{"Variant": {fields}}` (a one-entry Dictionary), or a unit variant written as its name (a String).
    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.words2()? {
            (DICTIONARY, n) if n & 0x7FFF_FFFF == 1 => visitor.visit_enum(self),
            (STRING, len) => visitor.visit_enum(UnitVariant(self.string_body(len)?)),
            _ => Err(Error),
        }
    }

    /// A variant name or field key: a String's bytes, matched by the derived visitor without a UTF-8 check.
    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_bytes(self.string_bytes()?)
    }

    /// godot_bin's `Vector2` only: a Vector2 value handed to its impl as a sequence of two f64 (f32 on the wire
    /// widened as godot_bin widens them, NaN payloads kept; or f64 with the 64-bit flag).
    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        _: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if name != VECTOR2_MARKER {
            return Err(Error);
        }
        // The header and the first word of x read together (the rest by its width).
        let xs = match self.words2()? {
            (VECTOR2, x) => {
                let w = godot_bin::markers::widen_exact;
                [w(f32::from_bits(x)), w(f32::from_bits(self.word()?))]
            }
            (h, lo) if h == VECTOR2 | FLAG_64 => {
                let (hi, y) = (self.word()?, self.u64()?);
                [f64::from_bits(lo as u64 | (hi as u64) << 32), f64::from_bits(y)]
            }
            _ => return Err(Error),
        };
        visitor.visit_seq(Reals { xs, i: 0 })
    }

    #[inline]
    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_u32(u32::try_from(self.int()?).map_err(|_| Error)?)
    }

    /// Text handed on: checked as UTF-8.
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_borrowed_str(std::str::from_utf8(self.string_bytes()?).map_err(|_| Error)?)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn is_human_readable(&self) -> bool {
        false
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u64 u128 f32 f64 char bytes byte_buf option unit unit_struct
        newtype_struct seq tuple tuple_struct map ignored_any
    }
}

/// The one entry of the Dictionary around a variant: its key names the variant, its value holds the fields.
impl<'de> de::EnumAccess<'de> for &mut Deserializer<'de> {
    type Error = Error;
    type Variant = Self;

    #[inline]
    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Error> {
        let v = seed.deserialize(&mut *self)?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for &mut Deserializer<'de> {
    type Error = Error;

    /// A unit variant is written as its name alone, never inside a Dictionary.
    fn unit_variant(self) -> Result<(), Error> {
        Err(Error)
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _: S) -> Result<S::Value, Error> {
        Err(Error)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Err(Error)
    }

    /// The fields: a Dictionary of String keys, handed on as a map of as many entries as its count says.
    #[inline]
    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], visitor: V) -> Result<V::Value, Error> {
        let left = self.dictionary()?;
        visitor.visit_map(Fields { de: self, left })
    }
}

/// A struct variant's fields: `left` entries still to read.
struct Fields<'a, 'de> {
    de: &'a mut Deserializer<'de>,
    left: u32,
}

impl<'de> de::MapAccess<'de> for Fields<'_, 'de> {
    type Error = Error;

    #[inline]
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.de).map(Some)
    }

    #[inline]
    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        seed.deserialize(&mut *self.de)
    }
}

/// A Vector2's two components, already read, handed to its impl one by one.
struct Reals {
    xs: [f64; 2],
    i: usize,
}

impl<'de> de::SeqAccess<'de> for Reals {
    type Error = Error;

    #[inline]
    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>, Error> {
        let Some(&x) = self.xs.get(self.i) else { return Ok(None) };
        self.i += 1;
        seed.deserialize(IntoDeserializer::<Error>::into_deserializer(x)).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.xs.len() - self.i)
    }
}

/// A unit variant written as its name (a String): only `unit_variant` fits it.
struct UnitVariant<'de>(&'de [u8]);

impl<'de> de::EnumAccess<'de> for UnitVariant<'de> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Error> {
        let v = seed.deserialize(de::value::BorrowedBytesDeserializer::<Error>::new(self.0))?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for UnitVariant<'de> {
    type Error = Error;

    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _: S) -> Result<S::Value, Error> {
        Err(Error)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Error> {
        Err(Error)
    }

    fn struct_variant<V: Visitor<'de>>(self, _: &'static [&'static str], _: V) -> Result<V::Value, Error> {
        Err(Error)
    }
}

// ---------------------------------------------------------------------------------------------------------
// Encode.

/// Writes `v` into a new `Vec` (one allocation of 128 bytes, a guess that holds every `Msg` but long chats,
/// since a generic serializer does not know the size in advance).
pub fn to_vec<T: Serialize + ?Sized>(v: &T) -> Result<Vec<u8>, Error> {
    let mut out = Vec::with_capacity(128);
    v.serialize(&mut Serializer { out: &mut out })?;
    Ok(out)
}

/// Appends `v` to `out` behind a u32 little-endian byte count, as `put_var` frames it (no allocation once
/// `out` has room). On an error `out` is left as it was.
pub fn frame_into<T: Serialize + ?Sized>(v: &T, out: &mut Vec<u8>) -> Result<(), Error> {
    let at = out.len();
    out.extend_from_slice(&[0; 4]);
    let r = v.serialize(&mut Serializer { out: &mut *out });
    match r.and_then(|()| u32::try_from(out.len() - at - 4).map_err(|_| Error)) {
        Ok(n) => {
            out[at..at + 4].copy_from_slice(&n.to_le_bytes());
            Ok(())
        }
        Err(e) => {
            out.truncate(at);
            Err(e)
        }
    }
}

/// Appends to the borrowed buffer.
pub struct Serializer<'a> {
    out: &'a mut Vec<u8>,
}

impl Serializer<'_> {
    #[inline]
    fn w32(&mut self, x: u32) {
        self.out.extend_from_slice(&x.to_le_bytes());
    }

    /// Two words in one write (each write checks the capacity and stores the length).
    #[inline]
    fn w2(&mut self, a: u32, b: u32) {
        self.out.extend_from_slice(&(a as u64 | (b as u64) << 32).to_le_bytes());
    }

    /// A String: header, byte count, bytes, zero padding to 4.
    #[inline]
    fn string(&mut self, s: &str) -> Result<(), Error> {
        let n = u32::try_from(s.len()).map_err(|_| Error)?;
        let padded = s.len() + (4 - s.len() % 4) % 4;
        if padded <= 8 {
            // A short name or key: header, count, bytes and padding in one write.
            let mut buf = [0u8; 16];
            buf[..8].copy_from_slice(&(STRING as u64 | (n as u64) << 32).to_le_bytes());
            buf[8..8 + s.len()].copy_from_slice(s.as_bytes());
            self.out.extend_from_slice(&buf[..8 + padded]);
        } else {
            self.w2(STRING, n);
            self.out.extend_from_slice(s.as_bytes());
            self.out.extend_from_slice(&[0; 3][..padded - s.len()]);
        }
        Ok(())
    }
}

/// Methods of a serializer that refuse their value (outside the subset).
macro_rules! refuse {
    ($($name:ident($($arg:ty),*) -> $ret:ty;)*) => {
        $(
            fn $name(self, $(_: $arg),*) -> Result<$ret, Error> {
                Err(Error)
            }
        )*
    };
}

/// The generic methods both serializers refuse, and the binary form they share.
macro_rules! refuse_generic {
    () => {
        fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<(), Error> {
            Err(Error)
        }

        fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, _: &T) -> Result<(), Error> {
            Err(Error)
        }

        fn serialize_newtype_variant<T: Serialize + ?Sized>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<(), Error> {
            Err(Error)
        }

        fn is_human_readable(&self) -> bool {
            false
        }
    };
}

impl<'s, 'a> ser::Serializer for &'s mut Serializer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Vector2Comps<'s, 'a>;
    type SerializeStructVariant = StructVariant<'s, 'a>;

    /// An int: 32 bits when it fits an i32, as the engine writes it, else 64 with the flag.
    #[inline]
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        if v <= i32::MAX as u32 {
            self.w2(INT, v);
        } else {
            self.w32(INT | FLAG_64);
            self.out.extend_from_slice(&(v as u64).to_le_bytes());
        }
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.string(v)
    }

    /// A unit variant: its name, as a String.
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), Error> {
        self.string(variant)
    }

    /// `{"Variant": {fields}}`: the outer Dictionary and its key, then the fields' Dictionary with the count
    /// serde announces (checked against the fields that come in [`StructVariant::end`]).
    #[inline]
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<StructVariant<'s, 'a>, Error> {
        let n = u32::try_from(len).ok().filter(|&n| n <= 0x7FFF_FFFF).ok_or(Error)?;
        self.w2(DICTIONARY, 1);
        self.string(variant)?;
        self.w2(DICTIONARY, n);
        Ok(StructVariant { ser: self, left: len })
    }

    /// godot_bin's `Vector2` only: its header, written with the first component, then the second (each
    /// narrowed to f32 as godot_bin writes them by default).
    #[inline]
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Vector2Comps<'s, 'a>, Error> {
        if name != VECTOR2_MARKER {
            return Err(Error);
        }
        Ok(Vector2Comps { ser: self, n: 0 })
    }

    refuse_generic!();

    refuse! {
        serialize_bool(bool) -> ();
        serialize_i8(i8) -> ();
        serialize_i16(i16) -> ();
        serialize_i32(i32) -> ();
        serialize_i64(i64) -> ();
        serialize_u8(u8) -> ();
        serialize_u16(u16) -> ();
        serialize_u64(u64) -> ();
        serialize_f32(f32) -> ();
        serialize_f64(f64) -> ();
        serialize_char(char) -> ();
        serialize_bytes(&[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_seq(Option<usize>) -> Impossible<(), Error>;
        serialize_tuple(usize) -> Impossible<(), Error>;
        serialize_tuple_struct(&'static str, usize) -> Impossible<(), Error>;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>;
        serialize_map(Option<usize>) -> Impossible<(), Error>;
    }
}

/// A struct variant's fields: each a String key and its value; `left` of the announced count to come.
pub struct StructVariant<'s, 'a> {
    ser: &'s mut Serializer<'a>,
    left: usize,
}

impl ser::SerializeStructVariant for StructVariant<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.left = self.left.checked_sub(1).ok_or(Error)?;
        self.ser.string(key)?;
        value.serialize(&mut *self.ser)
    }

    #[inline]
    fn end(self) -> Result<(), Error> {
        if self.left == 0 {
            Ok(())
        } else {
            Err(Error)
        }
    }
}

/// A `Vector2`'s components (`n` written so far).
pub struct Vector2Comps<'s, 'a> {
    ser: &'s mut Serializer<'a>,
    n: usize,
}

impl ser::SerializeStruct for Vector2Comps<'_, '_> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, _: &'static str, value: &T) -> Result<(), Error> {
        if self.n == 2 {
            return Err(Error);
        }
        self.n += 1;
        value.serialize(Real(&mut *self.ser, self.n == 1))
    }

    #[inline]
    fn end(self) -> Result<(), Error> {
        if self.n == 2 {
            Ok(())
        } else {
            Err(Error)
        }
    }
}

/// One real component of a `Vector2`: an f64 written as the nearest f32 (NaN payloads kept, as godot_bin
/// narrows), after the Vector2's header if it is the first (`.1`); nothing else.
struct Real<'s, 'a>(&'s mut Serializer<'a>, bool);

impl ser::Serializer for Real<'_, '_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Impossible<(), Error>;
    type SerializeStructVariant = Impossible<(), Error>;

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        let x = godot_bin::markers::narrow_exact(v).to_bits();
        if self.1 {
            self.0.w2(VECTOR2, x);
        } else {
            self.0.w32(x);
        }
        Ok(())
    }

    refuse_generic!();

    refuse! {
        serialize_bool(bool) -> ();
        serialize_i8(i8) -> ();
        serialize_i16(i16) -> ();
        serialize_i32(i32) -> ();
        serialize_i64(i64) -> ();
        serialize_u8(u8) -> ();
        serialize_u16(u16) -> ();
        serialize_u32(u32) -> ();
        serialize_u64(u64) -> ();
        serialize_f32(f32) -> ();
        serialize_char(char) -> ();
        serialize_str(&str) -> ();
        serialize_bytes(&[u8]) -> ();
        serialize_none() -> ();
        serialize_unit() -> ();
        serialize_unit_struct(&'static str) -> ();
        serialize_unit_variant(&'static str, u32, &'static str) -> ();
        serialize_seq(Option<usize>) -> Impossible<(), Error>;
        serialize_tuple(usize) -> Impossible<(), Error>;
        serialize_tuple_struct(&'static str, usize) -> Impossible<(), Error>;
        serialize_tuple_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>;
        serialize_map(Option<usize>) -> Impossible<(), Error>;
        serialize_struct(&'static str, usize) -> Impossible<(), Error>;
        serialize_struct_variant(&'static str, u32, &'static str, usize) -> Impossible<(), Error>;
    }
}
