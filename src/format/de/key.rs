//! Dictionary keys: any value can be a key in Godot. Asked for a string (a struct field name, a `String`
//! map key, a `serde_json::Value` object key), a key that is not a String or StringName is given as text:
//! `null`, `true`, `12`, `0.5`, a NodePath's path, and the debug form of anything else, cut short.

use serde::de::{self, DeserializeSeed, Visitor};

use std::borrow::Cow;

use crate::config::Config;
use crate::error::{Error, ErrorKind, Result, Step};
use crate::format::magic;
use crate::value::Variant;
use crate::wire::utf8;

use super::scalar::Scalar;

/// The longest debug form a key is given as text whole; a longer one is cut (see [`capped_debug`]).
pub(super) const KEY_TEXT_CAP: usize = 80;

/// `v`'s debug form if it is at most [`KEY_TEXT_CAP`] bytes, else its first bytes, "…" and a 64-bit
/// FNV-1a hash of the whole form (so different keys stay different, the same key gives the same text in
/// every run). The form is hashed as it is written, never held: memory stays at the cap whatever the key's
/// size.
pub(super) fn capped_debug(v: &Variant) -> String {
    use std::fmt::Write;
    struct Capped {
        head: String,
        len: usize,
        hash: u64,
    }
    impl Write for Capped {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            for b in s.bytes() {
                self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
            // The head is the form's first bytes, up to the cap, cut at a character boundary.
            if self.len == self.head.len() {
                for c in s.chars() {
                    if self.head.len() + c.len_utf8() > KEY_TEXT_CAP {
                        break;
                    }
                    self.head.push(c);
                }
            }
            self.len += s.len();
            Ok(())
        }
    }
    let mut w = Capped { head: String::new(), len: 0, hash: 0xcbf2_9ce4_8422_2325 };
    let _ = write!(w, "{v:?}");
    if w.len > KEY_TEXT_CAP {
        let _ = write!(w.head, "…#{:016x}", w.hash);
    }
    w.head
}

pub(super) fn key_text(v: &Variant) -> String {
    match v {
        Variant::Nil => "null".to_owned(),
        Variant::Bool(b) => b.to_string(),
        Variant::Int(i) => i.to_string(),
        Variant::Float(f) => f.to_string(),
        Variant::String(s) => s.to_string(),
        Variant::StringName(s) => s.0.to_string(),
        Variant::NodePath(p) => p.to_string(),
        other => capped_debug(other),
    }
}

/// An error path's step for a decoded map key (cold: only when an error unwinds).
#[cold]
pub(super) fn key_step(k: &Variant) -> Step {
    Step::Key(Cow::Owned(match k {
        _ if k.as_str().is_some() => k.as_str().unwrap_or_default().chars().take(80).collect(),
        Variant::Int(i) => i.to_string(),
        k => format!("<{:?} key>", k.kind()),
    }))
}

/// The path step of the map key that starts at byte `at` of `input` (cold: only when an error unwinds): the
/// key decoded again.
#[cold]
pub(super) fn key_at_step(at: usize, input: &[u8], cfg: &Config) -> Step {
    match input.get(at..).and_then(|b| crate::codec::decode_prefix(b, cfg).ok()) {
        Some((k, _)) => key_step(&k),
        None => Step::Key(Cow::Owned(format!("<key at byte {at}>"))),
    }
}

pub(super) fn scalar_text(s: &Scalar<'_, '_>) -> Option<String> {
    Some(match s {
        Scalar::Unit => "null".to_owned(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::UInt(u) => u.to_string(),
        Scalar::Float(f) => f.to_string(),
        Scalar::F32(f) => f.to_string(),
        _ => return None,
    })
}

macro_rules! forward_key {
    ($($m:ident)*) => {$(
        #[inline]
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.0.$m(visitor)
        }
    )*};
}
pub(super) use forward_key;

/// What a key deserializer (`KeyDe`, `VariantKeyDe`) does besides `deserialize_str`: strings and identifiers
/// go to `deserialize_str` (a key asked for as text), everything else to the value deserializer in `self.0`.
macro_rules! key_forwarding {
    () => {
        #[inline]
        fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.deserialize_str(visitor)
        }
        #[inline]
        fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.deserialize_str(visitor)
        }
        #[inline]
        fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
            self.0.deserialize_unit_struct(name, visitor)
        }
        #[inline]
        fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
            self.0.deserialize_newtype_struct(name, visitor)
        }
        #[inline]
        fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
            self.0.deserialize_tuple(len, visitor)
        }
        #[inline]
        fn deserialize_tuple_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            len: usize,
            visitor: V,
        ) -> Result<V::Value> {
            self.0.deserialize_tuple_struct(name, len, visitor)
        }
        #[inline]
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            fields: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value> {
            self.0.deserialize_struct(name, fields, visitor)
        }
        #[inline]
        fn deserialize_enum<V: Visitor<'de>>(
            self,
            name: &'static str,
            variants: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value> {
            self.0.deserialize_enum(name, variants, visitor)
        }
        forward_key!(deserialize_any deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
            deserialize_i128 deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
            deserialize_f32 deserialize_f64 deserialize_char deserialize_bytes deserialize_byte_buf
            deserialize_option deserialize_unit deserialize_seq deserialize_map deserialize_ignored_any);
        #[inline]
        fn is_human_readable(&self) -> bool {
            false
        }
    };
}
pub(super) use key_forwarding;

/// A plain ASCII name from the wire (a struct's key, an enum's variant; see [`ascii_name`]), handed on as it
/// is: to an identifier visitor that `serde_derive` generated as bytes (which it matches with no UTF-8 check,
/// see [`magic::is_derived_identifier`]), to anything else as a borrowed `&str`. As an enum, a unit variant.
pub(super) struct NameDe<'de>(pub(super) &'de [u8]);

impl<'de> NameDe<'de> {
    /// The name as text (ASCII: never an error).
    #[inline]
    fn text(&self) -> Result<&'de str> {
        utf8(self.0).ok_or_else(|| Error::new(ErrorKind::InvalidUtf8, None))
    }
}

impl<'de> de::Deserializer<'de> for NameDe<'de> {
    type Error = Error;

    #[inline]
    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_borrowed_str(self.text()?)
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if magic::is_derived_identifier::<V>() {
            return visitor.visit_borrowed_bytes(self.0);
        }
        self.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_enum<V: Visitor<'de>>(
        self, _name: &'static str, _variants: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(self)
    }

    #[inline]
    fn is_human_readable(&self) -> bool {
        false
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct ignored_any
    }
}

impl<'de> de::EnumAccess<'de> for NameDe<'de> {
    type Error = Error;
    type Variant = Self;
    #[inline]
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        Ok((seed.deserialize(NameDe(self.0))?, self))
    }
}

impl<'de> de::VariantAccess<'de> for NameDe<'de> {
    type Error = Error;
    #[inline]
    fn unit_variant(self) -> Result<()> {
        Ok(())
    }
    #[inline]
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"newtype variant"))
    }
    #[inline]
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"tuple variant"))
    }
    #[inline]
    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"struct variant"))
    }
}
