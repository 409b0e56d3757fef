//! Typed Arrays and Dictionaries and full Objects: the header, then the elements streamed.

use serde::ser::{self, Serialize};

use super::capture::{cap_bool, cap_str, capture_str, Cap};
use super::serializer::Serializer;
use crate::config::Dialect;
use crate::error::{Error, ErrorKind, Result};
use crate::types::TypeKind;
use crate::value::{Array, ContainerType, Dictionary, Object, Variant};
use crate::wire::Output;

/// Typed containers and full objects in progress.
#[doc(hidden)]
pub(crate) struct ContainerState {
    pub(super) what: &'static str,
    pub(super) fields: Vec<(&'static str, Cap)>,
    pub(super) done: bool,
}

impl ContainerState {
    pub(super) fn new(name: &str) -> Self {
        let what = match name {
            "Array" => "Array",
            "Dictionary" => "Dictionary",
            _ => "Object",
        };
        ContainerState { what, fields: Vec::new(), done: false }
    }

    pub(super) fn get(&self, k: &str) -> Option<&Cap> {
        self.fields.iter().find(|(n, _)| *n == k).map(|(_, c)| c)
    }
}

/// A captured [`ContainerType`] (see `serde_markers`: an externally tagged enum).
fn cap_container_type(c: Option<&Cap>) -> Result<ContainerType> {
    Ok(match c {
        None | Some(Cap::Unit) => ContainerType::Untyped,
        Some(Cap::Str(s)) if s == "Untyped" => ContainerType::Untyped,
        Some(Cap::Tagged(tag, inner)) => {
            let s = cap_str(Some(inner))?;
            match tag.as_str() {
                "Builtin" => ContainerType::Builtin(
                    TypeKind::from_name(s).ok_or_else(|| Error::invalid("unknown type name in ContainerType", None))?,
                ),
                "Class" => ContainerType::Class(s.to_owned()),
                "Script" => ContainerType::Script(s.to_owned()),
                _ => return Err(Error::invalid("unknown ContainerType variant", None)),
            }
        }
        _ => return Err(Error::invalid("invalid ContainerType", None)),
    })
}

/// Writes a typed Array/Dictionary or a full Object: the header through the core encoder (an empty value of
/// the same type), then the elements, then the count patched in.
pub(super) fn container_body<T: ?Sized + Serialize, O: Output>(
    ser: &mut Serializer<'_, O>, st: ContainerState, value: &T,
) -> Result<()> {
    let shared = cap_bool(st.get("shared"));
    match st.what {
        "Object" => {
            let class = cap_str(st.get("class"))?.to_owned();
            if !ser.cfg.allow_objects() {
                return Err(ser.err_at(ErrorKind::ObjectsNotAllowed));
            }
            if ser.d == Dialect::Godot2 {
                // Godot 2 writes objects as a bare header; the properties are checked but dropped.
                ser.variant(&Variant::Object(Box::new(Object::Full { class: String::new(), properties: vec![] })))?;
                let mut scratch = Vec::new();
                let mut s2 = ser.writing_to(&mut scratch);
                return value.serialize(&mut ContainerSer { ser: &mut s2, count_at: None, object: true });
            }
            ser.enter()?;
            ser.header(TypeKind::Object, 0)?;
            ser.out.wstr(&class)?;
            let at = ser.out.pos();
            ser.out.w32(0);
            value.serialize(&mut ContainerSer { ser: &mut *ser, count_at: Some(at), object: true })?;
            ser.depth -= 1;
            Ok(())
        }
        "Array" => {
            let mut element_type = cap_container_type(st.get("element_type"))?;
            // `TypedArray`: typed where the dialect has typed arrays, a plain Array where it has none.
            if cap_bool(st.get("where_supported")) && !ser.d.typed_arrays() && ser.d != Dialect::Pandemonium5 {
                element_type = ContainerType::Untyped;
            }
            let packed = cap_bool(st.get("packed"));
            let a = Box::new(Array { items: vec![], element_type, shared });
            ser.variant(&if packed { Variant::PackedTypedArray(a) } else { Variant::Array(a) })?;
            let at = ser.out.pos() - 4;
            ser.enter()?;
            value.serialize(&mut ContainerSer { ser: &mut *ser, count_at: Some(at), object: false })?;
            ser.depth -= 1;
            Ok(())
        }
        _ => {
            let mut key_type = cap_container_type(st.get("key_type"))?;
            let mut value_type = cap_container_type(st.get("value_type"))?;
            // `TypedDictionary`: typed where the dialect has typed dictionaries, else plain.
            if cap_bool(st.get("where_supported")) && !ser.d.typed_dictionaries() {
                (key_type, value_type) = (ContainerType::Untyped, ContainerType::Untyped);
            }
            ser.variant(&Variant::Dictionary(Box::new(Dictionary {
                entries: Default::default(),
                key_type,
                value_type,
                shared,
            })))?;
            let at = ser.out.pos() - 4;
            ser.enter()?;
            value.serialize(&mut ContainerSer { ser: &mut *ser, count_at: Some(at), object: false })?;
            ser.depth -= 1;
            Ok(())
        }
    }
}

/// The elements of a typed Array (a sequence), a typed Dictionary (a map) or a full Object's properties (a
/// map with String keys), each element written by the main serializer.
struct ContainerSer<'s, 'a, O: Output> {
    ser: &'s mut Serializer<'a, O>,
    /// Where the count word is, to patch (None: the values are discarded, Godot 2 objects).
    count_at: Option<usize>,
    object: bool,
}

const CONTAINER_MSG: &str = "a typed container's elements must be a sequence or a map";

#[doc(hidden)]
pub struct ContainerCompound<'c, 's, 'a, O: Output> {
    c: &'c mut ContainerSer<'s, 'a, O>,
    n: usize,
}

impl<'c, 's, 'a, O: Output> ser::Serializer for &'c mut ContainerSer<'s, 'a, O> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ContainerCompound<'c, 's, 'a, O>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ContainerCompound<'c, 's, 'a, O>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    reject!(CONTAINER_MSG; serialize_bool(v: bool), serialize_i8(v: i8), serialize_i16(v: i16),
        serialize_i32(v: i32), serialize_i64(v: i64), serialize_u8(v: u8), serialize_u16(v: u16),
        serialize_u32(v: u32), serialize_u64(v: u64), serialize_f32(v: f32), serialize_f64(v: f64),
        serialize_char(v: char), serialize_str(v: &str), serialize_bytes(v: &[u8]), serialize_none(),
        serialize_unit(), serialize_unit_struct(n: &'static str),
        serialize_unit_variant(n: &'static str, i: u32, v: &'static str));
    reject_compounds!(CONTAINER_MSG);
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> {
        Ok(ContainerCompound { c: self, n: 0 })
    }
    reject!(CONTAINER_MSG; serialize_tuple(a: usize) -> Self::SerializeTuple, serialize_tuple_struct(a: &'static str,
        b: usize) -> Self::SerializeTupleStruct, serialize_struct(a: &'static str, b: usize) -> Self::SerializeStruct);
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Ok(ContainerCompound { c: self, n: 0 })
    }
}

impl<O: Output> ContainerCompound<'_, '_, '_, O> {
    fn finish(self) -> Result<()> {
        if let Some(at) = self.c.count_at {
            let keep = if self.c.object { 0 } else { crate::wire::SHARED_BIT };
            self.c.ser.patch_count(at, self.n, keep)?;
        }
        Ok(())
    }
}

impl<O: Output> ser::SerializeSeq for ContainerCompound<'_, '_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        self.c.ser.element(v)?;
        self.n += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl<O: Output> ser::SerializeMap for ContainerCompound<'_, '_, '_, O> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> Result<()> {
        if self.c.object {
            let name = capture_str(k)?;
            self.c.ser.out.wstr(&name)?;
            Ok(())
        } else {
            self.c.ser.element(k)
        }
    }
    /// A value: as a sequence's element (it completes one entry).
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, v)
    }
    fn end(self) -> Result<()> {
        ser::SerializeSeq::end(self)
    }
}
