//! The direct [`Variant`] serializer behind [`to_variant`](crate::to_variant): a `Serialize` value to the
//! `Variant` that decoding its bytes gives, without the bytes.
//!
//! Plain serde data (scalars, strings, bytes, sequences, maps, structs, enums) is built straight into a
//! `Variant`, with the values the wire would give back: ints range-checked as the writer checks them, floats
//! as the 32- or 64-bit float the writer chooses and the reader widens, Dictionaries built with the reader's
//! key rules (`DictBuilder`: a repeated key keeps its first place and its last value; String and StringName
//! one key in Godot 4), every container level held to the depth limit where the writer holds it. A marker
//! (math types, StringName, NodePath, packed arrays, `Variant`, RID, objects by id, Callable) is written by
//! the byte serializer at its depth and read back by the core decoder at that depth: the Godot types keep
//! exactly the byte path's rules. Typed containers, full Objects, Signal, Image, InputEvent and NodePath parts
//! (markers whose fields cannot be held for a replay) give [`Fallback`], and so does any error: the caller
//! then takes the whole value through the bytes, whose value or error is the answer.

use serde::ser::{self, Serialize};

use crate::codec::{Decoder, DictBuilder};
use crate::config::{check_depth, Config};
use crate::error::{Error, ErrorKind, Result};
use crate::format::magic;
use crate::format::ser::{push_components, Flat, Serializer};
use crate::types::TypeKind;
use crate::value::{ContainerType, Dictionary, Variant};
use crate::wire::{godot_str, int_is_wide, narrow_exact, narrow_like_engine, widen_exact, widen_like_engine, Utf8Rule};

/// Why the direct path gave up: the caller takes the byte path, which decides.
pub(crate) struct Fallback;

/// Any failure of the direct path is a [`Fallback`]: the byte path then gives the error (or the value).
type R<T> = std::result::Result<T, Fallback>;

impl From<Error> for Fallback {
    fn from(_: Error) -> Self {
        Fallback
    }
}

impl std::fmt::Debug for Fallback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Fallback")
    }
}

impl std::fmt::Display for Fallback {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("taken through the bytes")
    }
}

impl std::error::Error for Fallback {}

impl ser::Error for Fallback {
    fn custom<T: std::fmt::Display>(_: T) -> Self {
        Fallback
    }
}

/// The direct serializer at one depth (copied into each level).
#[derive(Clone, Copy)]
pub(crate) struct VariantSer<'c> {
    cfg: &'c Config,
    depth: usize,
    has_flags: bool,
}

impl<'c> VariantSer<'c> {
    pub(crate) fn new(cfg: &'c Config) -> Self {
        VariantSer { cfg, depth: 0, has_flags: cfg.dialect().has_flags() }
    }

    fn check(&self, depth: usize) -> R<()> {
        check_depth!(self.cfg, depth, |_: ErrorKind| Fallback);
        Ok(())
    }

    /// One level deeper (after the depth check the writer's `enter` makes).
    fn enter(self) -> R<Self> {
        self.check(self.depth)?;
        Ok(VariantSer { depth: self.depth + 1, ..self })
    }

    /// An element of a container at this depth (the writer's `element`: checked, then written here).
    fn element<T: ?Sized + Serialize>(self, v: &T) -> R<Variant> {
        self.check(self.depth)?;
        v.serialize(self)
    }

    fn int(self, i: i64) -> R<Variant> {
        int_is_wide(i, self.has_flags)?;
        Ok(Variant::Int(i))
    }

    /// The float the writer writes (32-bit iff exact, or always in a dialect without the 64-bit flag) as the
    /// reader gives it back.
    fn float(self, f: f64) -> Variant {
        let narrow = narrow_like_engine(f);
        if self.has_flags && narrow as f64 != f {
            Variant::Float(f)
        } else {
            Variant::Float(widen_like_engine(narrow))
        }
    }

    /// A marker written by the byte serializer at this depth (`write`) and read back at it.
    fn through_bytes(self, write: impl FnOnce(&mut Serializer<'_>) -> Result<()>) -> R<Variant> {
        let mut out = Vec::new();
        write(&mut Serializer::new(&mut out, self.cfg).at_depth(self.depth))?;
        let mut dec = Decoder::new(&out, self.cfg);
        let v = dec.value(self.depth)?;
        if dec.r.pos() != out.len() {
            return Err(Fallback);
        }
        Ok(v)
    }

    /// Text as the reader gives it back: cut at its first NUL, past a leading byte order mark.
    fn text(s: &str) -> R<Variant> {
        let b = s.as_bytes();
        if !b.contains(&0) && !b.starts_with(b"\xEF\xBB\xBF") {
            return Ok(Variant::String(s.to_owned()));
        }
        Ok(Variant::String(godot_str(b, Utf8Rule::Strict, 0)?.into_owned()))
    }

    /// A small math marker (at most 4 reals, not integers) as the reader gives it back, where that is
    /// simple: a single-precision build writes each component as the nearest f32 (`narrow_exact`) and reads
    /// it back exactly (`widen_exact`); a Color is f32 in every build. `None` (the bytes decide) otherwise.
    fn small_math(&self, kind: TypeKind, c: &[f64]) -> Option<Variant> {
        use crate::markers::*;
        if c.len() != kind.components() || self.cfg.dialect().type_id(kind).is_none() {
            return None;
        }
        let n = |i: usize| narrow_exact(c[i]);
        if kind == TypeKind::Color {
            return Some(Variant::Color(Color::new(n(0), n(1), n(2), n(3))));
        }
        if self.cfg.is_double_precision() {
            return None;
        }
        let r = |i: usize| widen_exact(n(i));
        Some(match kind {
            TypeKind::Vector2 => Variant::Vector2(Vector2::new(r(0), r(1))),
            TypeKind::Vector3 => Variant::Vector3(Vector3::new(r(0), r(1), r(2))),
            TypeKind::Vector4 => Variant::Vector4(Vector4 { x: r(0), y: r(1), z: r(2), w: r(3) }),
            TypeKind::Quaternion => Variant::Quaternion(Quaternion { x: r(0), y: r(1), z: r(2), w: r(3) }),
            TypeKind::Plane => Variant::Plane(Plane { normal: Vector3::new(r(0), r(1), r(2)), d: r(3) }),
            TypeKind::Rect2 => Variant::Rect2(Rect2::new(Vector2::new(r(0), r(1)), Vector2::new(r(2), r(3)))),
            _ => return None,
        })
    }

    fn dict(entries: Vec<(Variant, Variant)>) -> Variant {
        Variant::Dictionary(Box::new(Dictionary {
            entries,
            key_type: ContainerType::Untyped,
            value_type: ContainerType::Untyped,
            shared: false,
        }))
    }

    /// `{name: value}`, the shape of enum variants with data.
    fn tagged(name: &str, value: Variant) -> R<Variant> {
        Ok(Self::dict(vec![(Self::text(name)?, value)]))
    }

    fn builder(&self, n: usize) -> DictBuilder {
        DictBuilder::with_capacity(n.min(4096), self.cfg.dialect())
    }
}

impl<'c> ser::Serializer for VariantSer<'c> {
    type Ok = Variant;
    type Error = Fallback;
    type SerializeSeq = Seq<'c>;
    type SerializeTuple = Seq<'c>;
    type SerializeTupleStruct = Seq<'c>;
    type SerializeTupleVariant = Seq<'c>;
    type SerializeMap = Map<'c>;
    type SerializeStruct = Struct<'c>;
    type SerializeStructVariant = Struct<'c>;

    fn serialize_bool(self, v: bool) -> R<Variant> {
        Ok(Variant::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> R<Variant> {
        Ok(Variant::Int(v as i64))
    }
    fn serialize_i16(self, v: i16) -> R<Variant> {
        Ok(Variant::Int(v as i64))
    }
    fn serialize_i32(self, v: i32) -> R<Variant> {
        Ok(Variant::Int(v as i64))
    }
    fn serialize_i64(self, v: i64) -> R<Variant> {
        self.int(v)
    }
    fn serialize_i128(self, v: i128) -> R<Variant> {
        self.int(i64::try_from(v).map_err(|_| Fallback)?)
    }
    fn serialize_u8(self, v: u8) -> R<Variant> {
        Ok(Variant::Int(v as i64))
    }
    fn serialize_u16(self, v: u16) -> R<Variant> {
        Ok(Variant::Int(v as i64))
    }
    fn serialize_u32(self, v: u32) -> R<Variant> {
        self.int(v as i64)
    }
    fn serialize_u64(self, v: u64) -> R<Variant> {
        self.int(i64::try_from(v).map_err(|_| Fallback)?)
    }
    fn serialize_u128(self, v: u128) -> R<Variant> {
        self.int(i64::try_from(v).map_err(|_| Fallback)?)
    }
    fn serialize_f32(self, v: f32) -> R<Variant> {
        Ok(self.float(widen_like_engine(v)))
    }
    fn serialize_f64(self, v: f64) -> R<Variant> {
        Ok(self.float(v))
    }
    fn serialize_char(self, v: char) -> R<Variant> {
        Self::text(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> R<Variant> {
        Self::text(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> R<Variant> {
        Ok(Variant::PackedByteArray(v.to_vec()))
    }
    fn serialize_none(self) -> R<Variant> {
        Ok(Variant::Nil)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> R<Variant> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> R<Variant> {
        Ok(Variant::Nil)
    }
    fn serialize_unit_struct(self, name: &'static str) -> R<Variant> {
        if name.starts_with(magic::PREFIX) {
            return self.through_bytes(|s| ser::Serializer::serialize_unit_struct(s, name));
        }
        Ok(Variant::Nil)
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> R<Variant> {
        Self::text(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, name: &'static str, v: &T) -> R<Variant> {
        if name.starts_with(magic::PREFIX) {
            return self.through_bytes(|s| ser::Serializer::serialize_newtype_struct(s, name, v));
        }
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> R<Variant> {
        let inner = self.enter()?;
        Self::tagged(variant, inner.element(v)?)
    }
    fn serialize_seq(self, len: Option<usize>) -> R<Seq<'c>> {
        let ser = self.enter()?;
        Ok(Seq { ser, items: Vec::with_capacity(len.unwrap_or(0).min(4096)), variant: None })
    }
    fn serialize_tuple(self, len: usize) -> R<Seq<'c>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> R<Seq<'c>> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _: &'static str, _: u32, variant: &'static str, len: usize) -> R<Seq<'c>> {
        let ser = self.enter()?.enter()?;
        Ok(Seq { ser, items: Vec::with_capacity(len.min(4096)), variant: Some(variant) })
    }
    fn serialize_map(self, len: Option<usize>) -> R<Map<'c>> {
        let ser = self.enter()?;
        Ok(Map { ser, b: ser.builder(len.unwrap_or(0)), key: None })
    }
    fn serialize_struct(self, name: &'static str, len: usize) -> R<Struct<'c>> {
        if let Some(m) = name.strip_prefix(magic::PREFIX) {
            // Math markers: their components are held and replayed to the byte serializer; other markers'
            // fields cannot be held, so the whole value goes through the bytes.
            if TypeKind::math_from_marker(m).is_some() {
                self.check(self.depth)?;
                return Ok(Struct::Math { ser: self, name, flat: Flat::default() });
            }
            return Err(Fallback);
        }
        let ser = self.enter()?;
        Ok(Struct::Fields { ser, b: ser.builder(len), variant: None })
    }
    fn serialize_struct_variant(self, _: &'static str, _: u32, variant: &'static str, len: usize) -> R<Struct<'c>> {
        let ser = self.enter()?.enter()?;
        Ok(Struct::Fields { ser, b: ser.builder(len), variant: Some(variant) })
    }
    fn is_human_readable(&self) -> bool {
        false
    }
}

/// Arrays (and a tuple variant's Array, `variant` its name).
pub(crate) struct Seq<'c> {
    ser: VariantSer<'c>,
    items: Vec<Variant>,
    variant: Option<&'static str>,
}

impl Seq<'_> {
    fn push<T: ?Sized + Serialize>(&mut self, v: &T) -> R<()> {
        self.items.push(self.ser.element(v)?);
        Ok(())
    }
    fn done(self) -> R<Variant> {
        let a = Variant::from(self.items);
        match self.variant {
            Some(name) => VariantSer::tagged(name, a),
            None => Ok(a),
        }
    }
}

impl ser::SerializeSeq for Seq<'_> {
    type Ok = Variant;
    type Error = Fallback;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R<()> {
        self.push(v)
    }
    fn end(self) -> R<Variant> {
        self.done()
    }
}

impl ser::SerializeTuple for Seq<'_> {
    type Ok = Variant;
    type Error = Fallback;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> R<()> {
        self.push(v)
    }
    fn end(self) -> R<Variant> {
        self.done()
    }
}

impl ser::SerializeTupleStruct for Seq<'_> {
    type Ok = Variant;
    type Error = Fallback;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R<()> {
        self.push(v)
    }
    fn end(self) -> R<Variant> {
        self.done()
    }
}

impl ser::SerializeTupleVariant for Seq<'_> {
    type Ok = Variant;
    type Error = Fallback;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> R<()> {
        self.push(v)
    }
    fn end(self) -> R<Variant> {
        self.done()
    }
}

/// Dictionaries from maps, with the reader's key rules.
pub(crate) struct Map<'c> {
    ser: VariantSer<'c>,
    b: DictBuilder,
    key: Option<Variant>,
}

impl ser::SerializeMap for Map<'_> {
    type Ok = Variant;
    type Error = Fallback;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> R<()> {
        self.key = Some(self.ser.element(k)?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> R<()> {
        let k = self.key.take().ok_or(Fallback)?;
        let v = self.ser.element(v)?;
        self.b.insert(k, v);
        Ok(())
    }
    fn end(self) -> R<Variant> {
        if self.key.is_some() {
            return Err(Fallback);
        }
        Ok(VariantSer::dict(self.b.finish()))
    }
}

/// Structs (Dictionaries with String keys, in field order), struct variants, and math markers.
pub(crate) enum Struct<'c> {
    Fields { ser: VariantSer<'c>, b: DictBuilder, variant: Option<&'static str> },
    Math { ser: VariantSer<'c>, name: &'static str, flat: Flat },
}

/// A math marker's components, replayed to the byte serializer under the marker's name.
struct Replay<'a> {
    name: &'static str,
    comps: &'a [f64],
}

impl Serialize for Replay<'_> {
    fn serialize<S: ser::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use ser::SerializeStruct as _;
        let mut st = s.serialize_struct(self.name, self.comps.len())?;
        for c in self.comps {
            st.serialize_field("c", c)?;
        }
        st.end()
    }
}

impl Struct<'_> {
    fn field<T: ?Sized + Serialize>(&mut self, key: &'static str, v: &T) -> R<()> {
        match self {
            Struct::Fields { ser, b, .. } => {
                let v = ser.element(v)?;
                b.insert(VariantSer::text(key)?, v);
            }
            Struct::Math { flat, .. } => push_components(flat, v)?,
        }
        Ok(())
    }
    fn done(self) -> R<Variant> {
        match self {
            Struct::Fields { b, variant, .. } => {
                let d = VariantSer::dict(b.finish());
                match variant {
                    Some(name) => VariantSer::tagged(name, d),
                    None => Ok(d),
                }
            }
            Struct::Math { ser, name, flat } => {
                let kind = TypeKind::math_from_marker(&name[magic::PREFIX.len()..]);
                if let Some(v) = kind.and_then(|k| ser.small_math(k, flat.vals())) {
                    return Ok(v);
                }
                let replay = Replay { name, comps: flat.vals() };
                ser.through_bytes(|s| replay.serialize(s))
            }
        }
    }
}

impl ser::SerializeStruct for Struct<'_> {
    type Ok = Variant;
    type Error = Fallback;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, v: &T) -> R<()> {
        self.field(key, v)
    }
    fn end(self) -> R<Variant> {
        self.done()
    }
}

impl ser::SerializeStructVariant for Struct<'_> {
    type Ok = Variant;
    type Error = Fallback;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, v: &T) -> R<()> {
        self.field(key, v)
    }
    fn end(self) -> R<Variant> {
        self.done()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::markers::{Color, Vector2};

    /// Plain data and the markers are built directly; only typed containers and their like give up (the
    /// differential test, `tests/to_variant_direct.rs`, checks that both paths agree).
    #[test]
    fn plain_data_and_markers_take_the_direct_path() {
        #[derive(serde::Serialize)]
        struct Mob {
            name: String,
            pos: Vector2,
            tint: Color,
            tags: crate::PackedStringArray,
            kind: Option<(u8, char)>,
            items: Vec<std::collections::BTreeMap<i32, f32>>,
            v: Variant,
        }
        let mob = Mob {
            name: "slime".into(),
            pos: Vector2::new(1.0, 2.0),
            tint: Color::new(0.1, 0.2, 0.3, 1.0),
            tags: vec!["a".to_string()].into(),
            kind: Some((1, 'x')),
            items: vec![[(1, 0.5)].into_iter().collect()],
            v: Variant::from(vec![Variant::Int(1)]),
        };
        let cfg = Config::default();
        assert!(mob.serialize(VariantSer::new(&cfg)).is_ok());
        let typed = crate::TypedArray::from(vec![1i64]);
        assert!(typed.serialize(VariantSer::new(&cfg)).is_err());
    }
}
