//! Tracing Rust types through serde into a [`Schema`](super::Schema).
//!
//! A `Deserialize` impl says what it reads by the `deserialize_*` calls it makes: a derived struct calls
//! `deserialize_struct` with its name and field names, a `Vec` calls `deserialize_seq`, an `i32`
//! `deserialize_i32`, and godot_bin's markers announce themselves with their `$godot_bin::` names. The
//! tracer is a Deserializer that answers each call with a small sample value and writes down the call as a
//! [`Shape`]. It follows serde's names, so `#[serde(rename)]` and `rename_all` are honoured as they are.
//!
//! An enum is read one variant per pass: the tracer reads the whole type again until every variant of every
//! enum it met has been seen. A type met again inside itself (a tree) is a [`Shape::Named`] and gets the
//! smallest sample (empty sequences, `None`). Two more passes per field find what serde's data model does
//! not say directly:
//! - whether a field may be missing (`#[serde(default)]`, `Option`): the struct is read once without it;
//! - whether a field is left out when `None` (`skip_serializing_if`): a sample with every `Option` at `None`
//!   is serialized and the fields skipped are noted (a skipped field that is not an `Option` is refused: the
//!   GDScript side could not know when to leave it out).
//!
//! Refused, with an error naming the type: types read with `deserialize_any` (internally tagged and
//! untagged enums, `serde_json::Value`-like types; use `Variant` for a field of any value), adjacently tagged
//! enums, and `#[serde(flatten)]`.

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, DeserializeOwned, DeserializeSeed, Visitor};
use serde::ser::{self, Serialize};

use super::{Def, Enum, EnumVariant, Field, Schema, Shape, Struct, VariantData};
use crate::error::{Error, ErrorKind, Result};
use crate::format::magic;
use crate::types::TypeKind;

/// How many passes one type may take (one per enum variant, and the retries of recursive enums).
const MAX_PASSES: usize = 4096;
/// How deep the smallest sample of a recursive type may go before a variant is given up.
const MAX_MINIMAL_DEPTH: usize = 64;
const NO_SMALLEST: &str = "a recursive type has no smallest value";

impl Schema {
    /// Adds `T` and every type it uses, traced through its `Deserialize` impl (and its `Serialize` impl,
    /// for `skip_serializing_if`). The first type added is the schema's [`root`](Schema::root). A type the
    /// schema already has is traced again and must come out the same.
    ///
    /// ```
    /// use godot_bin::markers::Vector2;
    /// use godot_bin::schema::{Def, Schema, Shape, VariantData};
    /// use godot_bin::Dialect;
    /// use serde::{Deserialize, Serialize};
    ///
    /// #[derive(Serialize, Deserialize)]
    /// enum Msg { Move { to: Vector2, seq: u32 }, Chat(String), Bye }
    ///
    /// let s = Schema::new(Dialect::Godot4_6).add::<Msg>()?;
    /// let Some(Def::Enum(msg)) = s.get("Msg") else { unreachable!() };
    /// assert_eq!(msg.variants[1].data, VariantData::Newtype { shape: Shape::String });
    /// assert_eq!(s.root.as_deref(), Some("Msg"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    ///
    /// # Errors
    /// A type serde cannot describe without a value (see the module notes above: `deserialize_any`,
    /// adjacently tagged enums, `flatten`), a `skip_serializing_if` on a field that is not an `Option`, a
    /// recursive enum with no variant that ends the recursion, or a type traced twice differently.
    pub fn add<T: DeserializeOwned + ser::Serialize>(mut self) -> Result<Schema> {
        let top = trace_type::<T>().map_err(|e| schema_error(std::any::type_name::<T>(), &e.0))?;
        for def in top.defs {
            match self.defs.iter().find(|d| d.name() == def.name()) {
                Some(old) if *old != def => {
                    return Err(schema_error(def.name(), "two different types have this name"));
                }
                Some(_) => {}
                None => self.defs.push(def),
            }
        }
        if self.root.is_none() {
            if let Shape::Named { name } = &top.shape {
                self.root = Some(name.clone());
            }
        }
        Ok(self)
    }
}

fn schema_error(ty: &str, msg: &str) -> Error {
    // serde lists a field's aliases among its names, so the tracer writes an aliased field's key twice.
    let hint = if msg.contains("duplicate field") {
        " (a #[serde(alias)] is read as a second key of the same field, which tracing cannot tell apart: \
         trace a copy of the type without the alias, which writes the same keys)"
    } else {
        ""
    };
    Error::new(ErrorKind::Message(format!("schema of {ty}: {msg}{hint}")), None)
}

/// What tracing one type gives: its shape and the named types it uses.
struct Traced {
    shape: Shape,
    defs: Vec<Def>,
}

fn trace_type<T: DeserializeOwned + ser::Serialize>() -> std::result::Result<Traced, TraceError> {
    let mut reg = Registry::default();
    let mut shape = None;
    let mut passes = 0;
    loop {
        passes += 1;
        if passes > MAX_PASSES {
            return Err(TraceError("too many passes: an enum's variants could not all be reached".into()));
        }
        reg.mode = Mode::Record;
        reg.unknown_met = false;
        reg.choices.clear();
        let mut slot = None;
        match T::deserialize(Tracer { reg: &mut reg, slot: &mut slot, key: false }) {
            Ok(_) => {}
            Err(e) => match reg.failed_minimal.take() {
                // The smallest sample of a recursive enum recursed without end: try its next variant.
                Some(name) => {
                    *reg.minimal_choice.entry(name).or_insert(0) += 1;
                    continue;
                }
                None => return Err(e),
            },
        }
        shape = slot.or(shape);
        if !reg.unknown_met && reg.enums.values().all(|e| e.iter().all(Option::is_some)) {
            break;
        }
    }
    let shape = shape.ok_or_else(|| TraceError("the type read nothing".into()))?;
    find_optional_fields::<T>(&mut reg)?;
    find_skipped_fields::<T>(&mut reg)?;
    let defs = reg.into_defs()?;
    Ok(Traced { shape, defs })
}

/// Reads `T` once per recorded field with that field's key left out: a field whose struct still reads is
/// optional.
fn find_optional_fields<T: DeserializeOwned + ser::Serialize>(
    reg: &mut Registry,
) -> std::result::Result<(), TraceError> {
    let owners: Vec<(String, Vec<String>)> = reg.owner_order.iter().map(|o| (o.clone(), reg.field_names(o))).collect();
    for (owner, fields) in owners {
        for field in fields {
            reg.mode = Mode::Sample { options_some: true };
            reg.choices = reg.paths.get(&owner).cloned().unwrap_or_default();
            reg.omit = Some((owner.clone(), field.clone()));
            reg.omit_hit = false;
            let mut slot = None;
            let read = T::deserialize(Tracer { reg: &mut *reg, slot: &mut slot, key: false });
            if let (true, Ok(value)) = (reg.omit_hit, read) {
                // The value the field was given without its key: its default, kept for a bool, an int, a
                // float or a String.
                let mut capture = Capture { want: Some((owner.clone(), field.clone())), found: None };
                let mut skipped = Vec::new();
                let mut probe = SkipProbe { skipped: &mut skipped, owner: String::new(), capture: &mut capture };
                let _ = value.serialize(&mut probe);
                let scalar = |v: &crate::value::Variant| {
                    matches!(
                        v,
                        crate::value::Variant::Bool(_)
                            | crate::value::Variant::Int(_)
                            | crate::value::Variant::String(_)
                    ) || matches!(v, crate::value::Variant::Float(f) if f.is_finite())
                };
                if let Some(v) = capture.found.filter(scalar) {
                    reg.defaults.insert((owner.clone(), field.clone()), v);
                }
                reg.optional.insert((owner.clone(), field));
            }
        }
    }
    reg.omit = None;
    Ok(())
}

/// Serializes, per recorded struct, a sample of `T` in which that struct's fields have their smallest values
/// (`None`, empty), and notes the fields the `Serialize` impl skips.
fn find_skipped_fields<T: DeserializeOwned + ser::Serialize>(
    reg: &mut Registry,
) -> std::result::Result<(), TraceError> {
    let owners: Vec<String> = reg.owner_order.clone();
    let mut skipped = Vec::new();
    for owner in owners {
        reg.mode = Mode::Sample { options_some: true };
        reg.choices = reg.paths.get(&owner).cloned().unwrap_or_default();
        reg.sparse_owner = Some(owner.clone());
        let mut slot = None;
        let Ok(value) = T::deserialize(Tracer { reg: &mut *reg, slot: &mut slot, key: false }) else { continue };
        let mut capture = Capture::default();
        let mut probe = SkipProbe { skipped: &mut skipped, owner: String::new(), capture: &mut capture };
        // A Serialize impl that refuses the sample says nothing about skipping; it is not an error here.
        let _ = value.serialize(&mut probe);
    }
    reg.sparse_owner = None;
    for (owner, field) in skipped {
        let shape = reg.field_shape(&owner, &field);
        match shape {
            Some(Shape::Option { .. }) => {
                reg.omit_if_null.insert((owner, field));
            }
            Some(_) => {
                return Err(TraceError(format!(
                    "{owner}.{field}: skip_serializing_if on a field that is not an Option cannot be followed by \
                     the GDScript side (it cannot know when the field is left out); make it an Option or drop \
                     the attribute"
                )));
            }
            None => {}
        }
    }
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq, Default)]
enum Mode {
    /// Shapes and types are written down; every sequence has one element, every option a value.
    #[default]
    Record,
    /// A whole sample value, nothing written down (enums follow `choices`).
    Sample { options_some: bool },
    /// The smallest value: empty sequences and maps, `None` (for a type met inside itself).
    Minimal,
}

#[derive(Default)]
struct Registry {
    mode: Mode,
    /// Structs (and struct variants, as `Enum::Variant`) in the order first met, with their fields.
    owner_order: Vec<String>,
    structs: HashMap<String, Vec<(String, Option<Shape>)>>,
    /// Named types (structs and enums) in the order first met.
    met: Vec<String>,
    /// Enums: their variant names, and each variant's data once seen.
    enum_names: HashMap<String, Vec<String>>,
    enums: HashMap<String, Vec<Option<VariantData>>>,
    /// Which variant each enum took on the current pass (a struct's path: how to reach it again).
    choices: HashMap<String, usize>,
    paths: HashMap<String, HashMap<String, usize>>,
    /// Named types being read in record mode (a type met inside itself is not read again).
    in_progress: Vec<String>,
    /// A variant not yet seen was met on this pass.
    unknown_met: bool,
    minimal_depth: usize,
    minimal_choice: HashMap<String, usize>,
    failed_minimal: Option<String>,
    omit: Option<(String, String)>,
    omit_hit: bool,
    optional: std::collections::HashSet<(String, String)>,
    /// The values optional fields are read as without their keys (bools, ints, floats, Strings).
    defaults: HashMap<(String, String), crate::value::Variant>,
    omit_if_null: std::collections::HashSet<(String, String)>,
    /// The struct whose fields get their smallest values (to see which the `Serialize` impl skips).
    sparse_owner: Option<String>,
}

impl Registry {
    fn recording(&self) -> bool {
        self.mode == Mode::Record
    }

    fn field_names(&self, owner: &str) -> Vec<String> {
        self.structs.get(owner).map(|f| f.iter().map(|(n, _)| n.clone()).collect()).unwrap_or_default()
    }

    fn field_shape(&self, owner: &str, field: &str) -> Option<Shape> {
        self.structs.get(owner)?.iter().find(|(n, _)| n == field)?.1.clone()
    }

    fn fields(&self, owner: &str) -> std::result::Result<Vec<Field>, TraceError> {
        let Some(list) = self.structs.get(owner) else { return Ok(Vec::new()) };
        list.iter()
            .map(|(name, shape)| {
                let shape = shape.clone().ok_or_else(|| TraceError(format!("{owner}.{name}: never read")))?;
                let key = (owner.to_string(), name.clone());
                Ok(Field {
                    name: name.clone(),
                    shape,
                    doc: None,
                    optional: self.optional.contains(&key),
                    omit_if_null: self.omit_if_null.contains(&key),
                    default: self.defaults.get(&key).cloned(),
                })
            })
            .collect()
    }

    /// The named types, in the order first met.
    fn into_defs(self) -> std::result::Result<Vec<Def>, TraceError> {
        let mut defs = Vec::new();
        for name in &self.met {
            if let Some(data) = self.enums.get(name) {
                let mut variants = Vec::new();
                for (v, d) in self.enum_names[name].iter().zip(data) {
                    let data = match d {
                        Some(VariantData::Struct { .. }) => {
                            VariantData::Struct { fields: self.fields(&format!("{name}::{v}"))? }
                        }
                        Some(d) => d.clone(),
                        None => return Err(TraceError(format!("{name}::{v}: variant never reached"))),
                    };
                    variants.push(EnumVariant { name: v.clone(), doc: None, data });
                }
                defs.push(Def::Enum(Enum { name: name.clone(), doc: None, variants }));
            } else {
                defs.push(Def::Struct(Struct { name: name.clone(), doc: None, fields: self.fields(name)? }));
            }
        }
        Ok(defs)
    }
}

/// The tracer's error: a message (converted to the crate's [`Error`] at the end).
#[derive(Debug)]
struct TraceError(String);

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TraceError {}

impl de::Error for TraceError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        TraceError(msg.to_string())
    }
}

impl ser::Error for TraceError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        TraceError(msg.to_string())
    }
}

/// The Deserializer that traces: answers each call with a sample and writes the call's shape to `slot`.
struct Tracer<'a> {
    reg: &'a mut Registry,
    slot: &'a mut Option<Shape>,
    /// Reading a map's key (a derived identifier there is `#[serde(flatten)]`).
    key: bool,
}

impl<'a> Tracer<'a> {
    fn put(self, shape: Shape) -> &'a mut Registry {
        *self.slot = Some(shape);
        self.reg
    }

    /// Traces one value with a fresh slot, returning its shape.
    fn sub<'de, S: DeserializeSeed<'de>>(
        reg: &mut Registry, seed: S,
    ) -> std::result::Result<(S::Value, Shape), TraceError> {
        let mut slot = None;
        let v = seed.deserialize(Tracer { reg, slot: &mut slot, key: false })?;
        Ok((v, slot.unwrap_or(Shape::Variant)))
    }
}

macro_rules! scalar {
    ($($method:ident => $shape:expr, $visit:ident($($sample:expr)?);)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TraceError> {
            self.put($shape);
            visitor.$visit($($sample)?)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for Tracer<'_> {
    type Error = TraceError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TraceError> {
        let what = format!("{}", &visitor as &dyn de::Expected);
        Err(TraceError(format!(
            "{what} reads any value (deserialize_any): internally tagged and untagged enums and such types \
             cannot be traced; use a plain (externally tagged) enum, or godot_bin::Variant for a field of any value"
        )))
    }

    scalar! {
        deserialize_bool => Shape::Bool, visit_bool(false);
        deserialize_i8 => Shape::Int { bits: 8, signed: true }, visit_i8(0);
        deserialize_i16 => Shape::Int { bits: 16, signed: true }, visit_i16(0);
        deserialize_i32 => Shape::Int { bits: 32, signed: true }, visit_i32(0);
        deserialize_i64 => Shape::Int { bits: 64, signed: true }, visit_i64(0);
        deserialize_i128 => Shape::Int { bits: 64, signed: true }, visit_i128(0);
        deserialize_u8 => Shape::Int { bits: 8, signed: false }, visit_u8(0);
        deserialize_u16 => Shape::Int { bits: 16, signed: false }, visit_u16(0);
        deserialize_u32 => Shape::Int { bits: 32, signed: false }, visit_u32(0);
        deserialize_u64 => Shape::Int { bits: 64, signed: false }, visit_u64(0);
        deserialize_u128 => Shape::Int { bits: 64, signed: false }, visit_u128(0);
        deserialize_f32 => Shape::Float { bits: 32 }, visit_f32(0.0);
        deserialize_f64 => Shape::Float { bits: 64 }, visit_f64(0.0);
        deserialize_char => Shape::String, visit_char('a');
        deserialize_str => Shape::String, visit_str("");
        deserialize_string => Shape::String, visit_str("");
        deserialize_bytes => Shape::Builtin { name: TypeKind::PackedByteArray }, visit_bytes(&[]);
        deserialize_byte_buf => Shape::Builtin { name: TypeKind::PackedByteArray }, visit_bytes(&[]);
        deserialize_unit => Shape::Nil, visit_unit();
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TraceError> {
        if self.key {
            return Err(TraceError(
                "#[serde(flatten)] cannot be traced (the struct reads a map of any keys); list the fields".into(),
            ));
        }
        self.put(Shape::String);
        visitor.visit_str("")
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TraceError> {
        visitor.visit_unit()
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TraceError> {
        let some = match self.reg.mode {
            Mode::Record => true,
            Mode::Sample { options_some } => options_some,
            Mode::Minimal => false,
        };
        if !some {
            // The inner shape is written down on record passes only, which always take the value.
            return visitor.visit_none();
        }
        let mut inner = None;
        let v = visitor.visit_some(Tracer { reg: &mut *self.reg, slot: &mut inner, key: false })?;
        *self.slot = Some(Shape::Option { of: Box::new(inner.unwrap_or(Shape::Variant)) });
        Ok(v)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self, _: &'static str, visitor: V,
    ) -> std::result::Result<V::Value, TraceError> {
        self.put(Shape::Nil);
        visitor.visit_unit()
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self, name: &'static str, visitor: V,
    ) -> std::result::Result<V::Value, TraceError> {
        let Some(marker) = name.strip_prefix(magic::PREFIX) else {
            // A plain newtype is its inner value.
            return visitor.visit_newtype_struct(self);
        };
        let mut inner = None;
        let reg = self.reg;
        let v = match marker {
            "Variant" => {
                *self.slot = Some(Shape::Variant);
                return visitor.visit_unit();
            }
            "NodePath" => visitor.visit_str("")?,
            _ => visitor.visit_newtype_struct(Tracer { reg, slot: &mut inner, key: false })?,
        };
        *self.slot = Some(match (marker, inner) {
            ("TypedArray", Some(Shape::Array { of })) => Shape::TypedArray { of },
            ("TypedDictionary", Some(Shape::Map { key, value })) => Shape::TypedDictionary { key, value },
            ("TypedArray" | "TypedDictionary", other) => {
                return Err(TraceError(format!("a typed container read {other:?}")));
            }
            (m, _) => Shape::Builtin { name: marker_kind(m)? },
        });
        Ok(v)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TraceError> {
        let n = match self.reg.mode {
            Mode::Minimal => 0,
            _ => 1,
        };
        let mut shapes = Vec::new();
        let v = visitor.visit_seq(SeqTrace { reg: &mut *self.reg, left: n, shapes: &mut shapes })?;
        let of = shapes.pop().unwrap_or(Shape::Variant);
        *self.slot = Some(Shape::Array { of: Box::new(of) });
        Ok(v)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> std::result::Result<V::Value, TraceError> {
        let mut shapes = Vec::new();
        let v = visitor.visit_seq(SeqTrace { reg: &mut *self.reg, left: len, shapes: &mut shapes })?;
        *self.slot = Some(Shape::Tuple { of: shapes });
        Ok(v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self, _: &'static str, len: usize, visitor: V,
    ) -> std::result::Result<V::Value, TraceError> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> std::result::Result<V::Value, TraceError> {
        let n = match self.reg.mode {
            Mode::Minimal => 0,
            _ => 1,
        };
        let mut shapes = (None, None);
        let v = visitor.visit_map(MapTrace { reg: &mut *self.reg, left: n, shapes: &mut shapes })?;
        *self.slot = Some(Shape::Map {
            key: Box::new(shapes.0.unwrap_or(Shape::Variant)),
            value: Box::new(shapes.1.unwrap_or(Shape::Variant)),
        });
        Ok(v)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self, name: &'static str, fields: &'static [&'static str], visitor: V,
    ) -> std::result::Result<V::Value, TraceError> {
        if let Some(marker) = name.strip_prefix(magic::PREFIX) {
            let kind = marker_kind(marker)?;
            let reg = self.put(Shape::Builtin { name: kind });
            let saved = reg.mode;
            reg.mode = Mode::Sample { options_some: false };
            let owner = String::new();
            let v = visitor.visit_map(StructTrace { reg: &mut *reg, owner, fields, at: 0, value_pending: None });
            reg.mode = saved;
            return v;
        }
        let reg = self.put(Shape::Named { name: name.to_string() });
        if reg.in_progress.iter().any(|n| n == name) || reg.mode == Mode::Minimal {
            return minimal(reg, |reg| visitor.visit_map(StructTrace::new(reg, String::new(), fields)));
        }
        let owner = name.to_string();
        if reg.recording() {
            reg.register_struct(&owner, fields);
        }
        reg.in_progress.push(owner.clone());
        let v = visitor.visit_map(StructTrace::new(&mut *reg, owner, fields));
        reg.in_progress.pop();
        v
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self, name: &'static str, variants: &'static [&'static str], visitor: V,
    ) -> std::result::Result<V::Value, TraceError> {
        if variants.is_empty() {
            return Err(TraceError(format!("enum {name} has no variants")));
        }
        let reg = self.put(Shape::Named { name: name.to_string() });
        if reg.recording() && reg.structs.contains_key(name) && reg.in_progress.iter().any(|n| n == name) {
            return Err(TraceError(format!(
                "enum {name} is adjacently tagged (#[serde(tag, content)]), which cannot be traced; use a plain \
                 (externally tagged) enum"
            )));
        }
        if reg.mode == Mode::Minimal || reg.in_progress.iter().any(|n| n == name) {
            let pick = reg.minimal_choice.get(name).copied().unwrap_or(0);
            if pick >= variants.len() {
                return Err(TraceError(format!("enum {name}: no variant ends its recursion")));
            }
            let r = minimal(&mut *reg, |reg| {
                visitor.visit_enum(EnumTrace {
                    reg,
                    enum_name: name,
                    variant: variants[pick],
                    index: pick,
                    record: false,
                })
            });
            if let Err(e) = &r {
                // The innermost enum whose smallest sample recursed without end takes its next variant.
                if e.0 == NO_SMALLEST && reg.failed_minimal.is_none() {
                    reg.failed_minimal = Some(name.to_string());
                }
            }
            return r;
        }
        let index = if reg.recording() {
            reg.register_enum(name, variants);
            let next = reg.enums[name].iter().position(Option::is_none);
            if next.is_some() {
                reg.unknown_met = true;
            }
            let i = next.unwrap_or(0);
            reg.choices.insert(name.to_string(), i);
            i
        } else {
            reg.choices.get(name).copied().unwrap_or(0).min(variants.len() - 1)
        };
        let record = reg.recording();
        reg.in_progress.push(name.to_string());
        let v =
            visitor.visit_enum(EnumTrace { reg: &mut *reg, enum_name: name, variant: variants[index], index, record });
        reg.in_progress.pop();
        v
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

/// Runs `f` in minimal mode (the smallest sample), bounding its depth.
fn minimal<T>(
    reg: &mut Registry, f: impl FnOnce(&mut Registry) -> std::result::Result<T, TraceError>,
) -> std::result::Result<T, TraceError> {
    let saved = reg.mode;
    reg.mode = Mode::Minimal;
    reg.minimal_depth += 1;
    let r = if reg.minimal_depth > MAX_MINIMAL_DEPTH { Err(TraceError(NO_SMALLEST.into())) } else { f(&mut *reg) };
    reg.minimal_depth -= 1;
    reg.mode = saved;
    r
}

/// The Godot type of a marker's `$godot_bin::` name.
fn marker_kind(marker: &str) -> std::result::Result<TypeKind, TraceError> {
    TypeKind::from_name(marker)
        .or_else(|| TypeKind::math_from_marker(marker))
        .or_else(|| TypeKind::packed_from_marker(marker))
        .or(match marker {
            "Rid" => Some(TypeKind::Rid),
            "Aabb" => Some(TypeKind::Aabb),
            "NodePathParts" => Some(TypeKind::NodePath),
            _ => None,
        })
        .ok_or_else(|| TraceError(format!("the type {marker} cannot be described in a schema")))
}

impl Registry {
    fn register_struct(&mut self, owner: &str, fields: &[&str]) {
        if !self.structs.contains_key(owner) {
            self.structs.insert(owner.to_string(), fields.iter().map(|f| (f.to_string(), None)).collect());
            self.owner_order.push(owner.to_string());
            if !owner.contains("::") {
                self.met.push(owner.to_string());
            }
            self.paths.insert(owner.to_string(), self.choices.clone());
        }
    }

    fn register_enum(&mut self, name: &str, variants: &[&str]) {
        if !self.enums.contains_key(name) {
            self.enums.insert(name.to_string(), vec![None; variants.len()]);
            self.enum_names.insert(name.to_string(), variants.iter().map(|v| v.to_string()).collect());
            self.met.push(name.to_string());
        }
    }

    fn record_field(&mut self, owner: &str, field: &str, shape: Shape) -> std::result::Result<(), TraceError> {
        let Some(list) = self.structs.get_mut(owner) else { return Ok(()) };
        let Some(slot) = list.iter_mut().find(|(n, _)| n == field) else { return Ok(()) };
        match &slot.1 {
            Some(old) if *old != shape => Err(TraceError(format!(
                "{owner}.{field} was read as {old} and as {shape} (a generic type used with two different \
                 parameters has one name in serde: wrap one of them in a struct of its own)"
            ))),
            _ => {
                slot.1 = Some(shape);
                Ok(())
            }
        }
    }
}

/// A sequence of `left` traced elements; their shapes are pushed to `shapes`.
struct SeqTrace<'a> {
    reg: &'a mut Registry,
    left: usize,
    shapes: &'a mut Vec<Shape>,
}

impl<'de> de::SeqAccess<'de> for SeqTrace<'_> {
    type Error = TraceError;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self, seed: S,
    ) -> std::result::Result<Option<S::Value>, TraceError> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let (v, shape) = Tracer::sub(self.reg, seed)?;
        self.shapes.push(shape);
        Ok(Some(v))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// A map of `left` traced entries; the key's and value's shapes go to `shapes`.
struct MapTrace<'a> {
    reg: &'a mut Registry,
    left: usize,
    shapes: &'a mut (Option<Shape>, Option<Shape>),
}

impl<'de> de::MapAccess<'de> for MapTrace<'_> {
    type Error = TraceError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> std::result::Result<Option<K::Value>, TraceError> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let mut slot = None;
        let k = seed.deserialize(Tracer { reg: &mut *self.reg, slot: &mut slot, key: true })?;
        self.shapes.0 = slot;
        Ok(Some(k))
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> std::result::Result<S::Value, TraceError> {
        let (v, shape) = Tracer::sub(self.reg, seed)?;
        self.shapes.1 = Some(shape);
        Ok(v)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// A struct's fields as a map: each key is a field name, each value traced and written down under `owner`
/// (empty: not written down).
struct StructTrace<'a> {
    reg: &'a mut Registry,
    owner: String,
    fields: &'static [&'static str],
    at: usize,
    value_pending: Option<&'static str>,
}

impl<'a> StructTrace<'a> {
    fn new(reg: &'a mut Registry, owner: String, fields: &'static [&'static str]) -> Self {
        StructTrace { reg, owner, fields, at: 0, value_pending: None }
    }
}

impl<'de> de::MapAccess<'de> for StructTrace<'_> {
    type Error = TraceError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> std::result::Result<Option<K::Value>, TraceError> {
        loop {
            let Some(&field) = self.fields.get(self.at) else { return Ok(None) };
            self.at += 1;
            if let Some((owner, omitted)) = &self.reg.omit {
                if !self.owner.is_empty() && *owner == self.owner && omitted == field && !self.reg.omit_hit {
                    self.reg.omit_hit = true;
                    continue;
                }
            }
            self.value_pending = Some(field);
            return seed.deserialize(de::value::BorrowedStrDeserializer::new(field)).map(Some);
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> std::result::Result<S::Value, TraceError> {
        let field = self.value_pending.take().unwrap_or("");
        if !self.owner.is_empty() && self.reg.sparse_owner.as_deref() == Some(self.owner.as_str()) {
            // The struct whose skipped fields are being found: its fields get their smallest values.
            return minimal(self.reg, |reg| Tracer::sub(reg, seed)).map(|(v, _)| v);
        }
        let (v, shape) = Tracer::sub(self.reg, seed)?;
        if self.reg.recording() && !self.owner.is_empty() {
            self.reg.record_field(&self.owner, field, shape)?;
        }
        Ok(v)
    }
}

/// An enum value whose variant the tracer chose.
struct EnumTrace<'a> {
    reg: &'a mut Registry,
    enum_name: &'static str,
    variant: &'static str,
    index: usize,
    record: bool,
}

impl<'a, 'de> de::EnumAccess<'de> for EnumTrace<'a> {
    type Error = TraceError;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> std::result::Result<(S::Value, Self), TraceError> {
        let v = seed.deserialize(de::value::BorrowedStrDeserializer::new(self.variant))?;
        Ok((v, self))
    }
}

impl EnumTrace<'_> {
    fn seen(&mut self, data: VariantData) {
        if self.record {
            if let Some(list) = self.reg.enums.get_mut(self.enum_name) {
                list[self.index] = Some(data);
            }
        }
    }
}

impl<'de> de::VariantAccess<'de> for EnumTrace<'_> {
    type Error = TraceError;

    fn unit_variant(mut self) -> std::result::Result<(), TraceError> {
        self.seen(VariantData::Unit);
        Ok(())
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(mut self, seed: S) -> std::result::Result<S::Value, TraceError> {
        let (v, shape) = Tracer::sub(self.reg, seed)?;
        self.seen(VariantData::Newtype { shape });
        Ok(v)
    }

    fn tuple_variant<V: Visitor<'de>>(mut self, len: usize, visitor: V) -> std::result::Result<V::Value, TraceError> {
        let mut shapes = Vec::new();
        let v = visitor.visit_seq(SeqTrace { reg: &mut *self.reg, left: len, shapes: &mut shapes })?;
        self.seen(VariantData::Tuple { of: shapes });
        Ok(v)
    }

    fn struct_variant<V: Visitor<'de>>(
        mut self, fields: &'static [&'static str], visitor: V,
    ) -> std::result::Result<V::Value, TraceError> {
        let owner = if self.record || self.reg.omit.is_some() {
            format!("{}::{}", self.enum_name, self.variant)
        } else {
            String::new()
        };
        if self.record {
            self.reg.register_struct(&owner, fields);
        }
        let v = visitor.visit_map(StructTrace::new(&mut *self.reg, owner, fields))?;
        self.seen(VariantData::Struct { fields: Vec::new() });
        Ok(v)
    }
}

/// A Serializer that writes nothing and notes the struct fields a `Serialize` impl skips (`skip_field`), as
/// `(owner, field)`: the owner is the struct's name, or `Enum::Variant` for a struct variant.
struct SkipProbe<'a> {
    skipped: &'a mut Vec<(String, String)>,
    owner: String,
    capture: &'a mut Capture,
}

/// The value of one field, `want` (owner, field), the first time it is serialized.
#[derive(Default)]
struct Capture {
    want: Option<(String, String)>,
    found: Option<crate::value::Variant>,
}

impl<'a> SkipProbe<'a> {
    fn child(&mut self, owner: String) -> SkipProbe<'_> {
        SkipProbe { skipped: &mut *self.skipped, owner, capture: &mut *self.capture }
    }
}

macro_rules! probe_leaf {
    ($($method:ident($($arg:ty),*);)*) => {$(
        fn $method(self, $(_: $arg),*) -> std::result::Result<(), TraceError> {
            Ok(())
        }
    )*};
}

impl<'a, 'b> ser::Serializer for &'b mut SkipProbe<'a> {
    type Ok = ();
    type Error = TraceError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = SkipProbe<'b>;
    type SerializeStructVariant = SkipProbe<'b>;

    probe_leaf! {
        serialize_bool(bool); serialize_i8(i8); serialize_i16(i16); serialize_i32(i32); serialize_i64(i64);
        serialize_i128(i128); serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_u64(u64);
        serialize_u128(u128); serialize_f32(f32); serialize_f64(f64); serialize_char(char); serialize_str(&str);
        serialize_bytes(&[u8]); serialize_none(); serialize_unit(); serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> std::result::Result<(), TraceError> {
        v.serialize(self)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self, _: &'static str, v: &T,
    ) -> std::result::Result<(), TraceError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self, _: &'static str, _: u32, _: &'static str, v: &T,
    ) -> std::result::Result<(), TraceError> {
        v.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> std::result::Result<Self, TraceError> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> std::result::Result<Self, TraceError> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> std::result::Result<Self, TraceError> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self, _: &'static str, _: u32, _: &'static str, _: usize,
    ) -> std::result::Result<Self, TraceError> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> std::result::Result<Self, TraceError> {
        Ok(self)
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> std::result::Result<SkipProbe<'b>, TraceError> {
        Ok(SkipProbe { skipped: &mut *self.skipped, owner: name.to_string(), capture: &mut *self.capture })
    }
    fn serialize_struct_variant(
        self, name: &'static str, _: u32, variant: &'static str, _: usize,
    ) -> std::result::Result<SkipProbe<'b>, TraceError> {
        Ok(SkipProbe { skipped: &mut *self.skipped, owner: format!("{name}::{variant}"), capture: &mut *self.capture })
    }
}

macro_rules! probe_compound {
    ($($trait:ident :: $method:ident),*) => {$(
        impl ser::$trait for &mut SkipProbe<'_> {
            type Ok = ();
            type Error = TraceError;
            fn $method<T: Serialize + ?Sized>(&mut self, v: &T) -> std::result::Result<(), TraceError> {
                v.serialize(&mut self.child(String::new()))
            }
            fn end(self) -> std::result::Result<(), TraceError> {
                Ok(())
            }
        }
    )*};
}
probe_compound!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for &mut SkipProbe<'_> {
    type Ok = ();
    type Error = TraceError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> std::result::Result<(), TraceError> {
        k.serialize(&mut self.child(String::new()))
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> std::result::Result<(), TraceError> {
        v.serialize(&mut self.child(String::new()))
    }
    fn end(self) -> std::result::Result<(), TraceError> {
        Ok(())
    }
}

macro_rules! probe_struct {
    ($($trait:ident),*) => {$(
        impl ser::$trait for SkipProbe<'_> {
            type Ok = ();
            type Error = TraceError;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, v: &T) -> std::result::Result<(), TraceError> {
                let wanted = self.capture.found.is_none()
                    && self.capture.want.as_ref().is_some_and(|(o, f)| *o == self.owner && f == key);
                if wanted {
                    self.capture.found = crate::format::variant_conv::to_variant(v).ok();
                }
                v.serialize(&mut self.child(String::new()))
            }
            fn skip_field(&mut self, key: &'static str) -> std::result::Result<(), TraceError> {
                self.skipped.push((self.owner.clone(), key.to_string()));
                Ok(())
            }
            fn end(self) -> std::result::Result<(), TraceError> {
                Ok(())
            }
        }
    )*};
}
probe_struct!(SerializeStruct, SerializeStructVariant);
