//! Marker fields captured as small values ([`Cap`]) and built into the Variant they describe.

use serde::ser::{self, Serialize};

use crate::error::{Error, ErrorKind, Result};
use crate::markers::*;
use crate::value::{Signal, Variant};
use crate::wire::widen_exact;

fn field<'c>(fields: &'c [(&'static str, Cap)], k: &str) -> Option<&'c Cap> {
    fields.iter().find(|(n, _)| *n == k).map(|(_, c)| c)
}

fn cap_u32(c: Option<&Cap>) -> Result<u32> {
    match c {
        Some(Cap::Int(i)) => u32::try_from(*i).map_err(|_| ErrorKind::IntegerOutOfRange(*i).into()),
        _ => Err(Error::invalid("expected an integer field", None)),
    }
}

pub(super) fn cap_str(c: Option<&Cap>) -> Result<&str> {
    match c {
        Some(Cap::Str(s)) => Ok(s),
        _ => Err(Error::invalid("expected a string field", None)),
    }
}

fn cap_strs(c: Option<&Cap>) -> Result<Vec<String>> {
    match c {
        Some(Cap::Seq(v)) => v.iter().map(|c| cap_str(Some(c)).map(str::to_owned)).collect(),
        _ => Err(Error::invalid("expected a list of strings", None)),
    }
}

pub(super) fn cap_bool(c: Option<&Cap>) -> bool {
    matches!(c, Some(Cap::Bool(true)))
}

pub(super) fn build_fields(what: &str, f: &[(&'static str, Cap)]) -> Result<Variant> {
    Ok(match what {
        "Signal" => {
            let name = cap_str(field(f, "name"))?.to_owned();
            let object = match field(f, "object") {
                Some(Cap::Int(i)) => u64::try_from(*i).map_err(|_| Error::from(ErrorKind::IntegerOutOfRange(*i)))?,
                _ => return Err(Error::invalid("Signal object must be an integer", None)),
            };
            Variant::Signal(Signal { name, object })
        }
        "Image" => {
            let data = match field(f, "data") {
                Some(Cap::Bytes(b)) => b.clone(),
                Some(Cap::Seq(s)) => s
                    .iter()
                    .map(|c| match c {
                        Cap::Int(i) => u8::try_from(*i).map_err(|_| ErrorKind::IntegerOutOfRange(*i).into()),
                        _ => Err(Error::invalid("Image data must be bytes", None)),
                    })
                    .collect::<Result<Vec<u8>>>()?,
                _ => return Err(Error::invalid("Image data must be bytes", None)),
            };
            Variant::Image(Box::new(Image {
                format: cap_u32(field(f, "format"))?,
                mipmaps: cap_u32(field(f, "mipmaps"))?,
                width: cap_u32(field(f, "width"))?,
                height: cap_u32(field(f, "height"))?,
                data,
            }))
        }
        "InputEvent" => {
            let device = cap_u32(field(f, "device"))?;
            let t = cap_u32(field(f, "type"))?;
            let xs = match field(f, "fields") {
                Some(Cap::Seq(s)) => s.iter().map(|c| cap_u32(Some(c))).collect::<Result<Vec<u32>>>()?,
                _ => Vec::new(),
            };
            Variant::InputEvent(InputEvent { device, data: InputEventData::from_fields(t, &xs) })
        }
        _ => Variant::NodePath(Box::new(NodePath {
            names: cap_strs(field(f, "names"))?,
            subnames: cap_strs(field(f, "subnames"))?,
            absolute: cap_bool(field(f, "absolute")),
            property: match field(f, "property") {
                Some(Cap::Str(s)) => Some(s.clone()),
                _ => None,
            },
        })),
    })
}

/// A small captured value: the non-element fields of marker structs.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub(crate) enum Cap {
    Unit,
    Bool(bool),
    Int(i128),
    Float(f64),
    Str(String),
    Bytes(Vec<u8>),
    Seq(Vec<Cap>),
    Tagged(String, Box<Cap>),
}

pub(super) fn capture<T: ?Sized + Serialize>(v: &T) -> Result<Cap> {
    v.serialize(CapSer)
}

pub(super) fn capture_str<T: ?Sized + Serialize>(v: &T) -> Result<String> {
    match capture(v)? {
        Cap::Str(s) => Ok(s),
        _ => Err(Error::invalid("expected a string", None)),
    }
}

pub(super) fn capture_u64<T: ?Sized + Serialize>(v: &T) -> Result<u64> {
    match capture(v)? {
        Cap::Int(i) => u64::try_from(i).map_err(|_| ErrorKind::IntegerOutOfRange(i).into()),
        _ => Err(Error::invalid("expected an integer", None)),
    }
}

const CAP_MSG: &str = "unsupported value in a marker field";

struct CapSer;

#[doc(hidden)]
pub(crate) struct CapSeq(Vec<Cap>);

impl ser::Serializer for CapSer {
    type Ok = Cap;
    type Error = Error;
    type SerializeSeq = CapSeq;
    type SerializeTuple = CapSeq;
    type SerializeTupleStruct = CapSeq;
    type SerializeTupleVariant = ser::Impossible<Cap, Error>;
    type SerializeMap = ser::Impossible<Cap, Error>;
    type SerializeStruct = ser::Impossible<Cap, Error>;
    type SerializeStructVariant = ser::Impossible<Cap, Error>;

    fn serialize_bool(self, v: bool) -> Result<Cap> {
        Ok(Cap::Bool(v))
    }
    ints_as!(i128, |self, v| Ok(Cap::Int(v)));
    fn serialize_f32(self, v: f32) -> Result<Cap> {
        Ok(Cap::Float(widen_exact(v)))
    }
    fn serialize_f64(self, v: f64) -> Result<Cap> {
        Ok(Cap::Float(v))
    }
    fn serialize_char(self, v: char) -> Result<Cap> {
        Ok(Cap::Str(v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Cap> {
        Ok(Cap::Str(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Cap> {
        Ok(Cap::Bytes(v.to_vec()))
    }
    fn serialize_none(self) -> Result<Cap> {
        Ok(Cap::Unit)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<Cap> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Cap> {
        Ok(Cap::Unit)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Cap> {
        Ok(Cap::Unit)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, v: &'static str) -> Result<Cap> {
        Ok(Cap::Str(v.to_owned()))
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<Cap> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self, _: &'static str, _: u32, variant: &'static str, v: &T,
    ) -> Result<Cap> {
        Ok(Cap::Tagged(variant.to_owned(), Box::new(v.serialize(self)?)))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<CapSeq> {
        Ok(CapSeq(Vec::with_capacity(len.unwrap_or(0).min(64))))
    }
    fn serialize_tuple(self, len: usize) -> Result<CapSeq> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<CapSeq> {
        self.serialize_seq(Some(len))
    }
    reject!(CAP_MSG;
        serialize_tuple_variant(a: &'static str, b: u32, c: &'static str, d: usize) -> Self::SerializeTupleVariant,
        serialize_map(a: Option<usize>) -> Self::SerializeMap,
        serialize_struct(a: &'static str, b: usize) -> Self::SerializeStruct,
        serialize_struct_variant(a: &'static str, b: u32, c: &'static str, d: usize) -> Self::SerializeStructVariant);
}

impl ser::SerializeSeq for CapSeq {
    type Ok = Cap;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.0.push(v.serialize(CapSer)?);
        Ok(())
    }
    fn end(self) -> Result<Cap> {
        Ok(Cap::Seq(self.0))
    }
}
like_seq!(impl[] CapSeq => Cap; SerializeTuple::serialize_element, SerializeTupleStruct::serialize_field);
