//! Decoded values: a deserializer over a `&Variant` (the types the streaming path hands to the core
//! decoder, and everything in Variant mode), and the hand-over of a whole value to `Variant`'s visitor.

use serde::de::{self, DeserializeSeed, Deserializer as _, IntoDeserializer, Visitor};

use crate::error::{Error, Result, Step};
use crate::format::magic::{self, VARIANT as VARIANT_MAGIC};
use crate::markers::{Image, InputEvent};
use crate::value::{Object, Variant};

use super::key::{forward_key, key_forwarding, key_step, key_text};
use super::scalar::{Scalar, ScalarDe};
use super::shape::{shape_of, visit_shape};
use crate::format::magic::{hand_over, DepthGuard};

pub(crate) struct VariantDe<'v> {
    pub(crate) v: &'v Variant,
    pub(crate) at: Option<usize>,
}

impl<'v> VariantDe<'v> {
    fn scalar(&self) -> Option<Scalar<'static, 'v>> {
        Some(match self.v {
            Variant::Nil | Variant::Callable => Scalar::Unit,
            Variant::Bool(b) => Scalar::Bool(*b),
            Variant::Int(i) => Scalar::Int(*i),
            Variant::Float(f) => Scalar::Float(*f),
            Variant::String(s) => Scalar::Transient(s),
            Variant::StringName(s) => Scalar::Transient(&s.0),
            Variant::NodePath(p) => Scalar::Owned(p.to_string()),
            Variant::Rid(r) => Scalar::UInt(r.0),
            Variant::Object(o) => match &**o {
                Object::Null => Scalar::Unit,
                Object::InstanceId(id) => Scalar::UInt(*id),
                Object::Full { .. } => return None,
            },
            _ => return None,
        })
    }

    fn visit<'de, V: Visitor<'de>>(self, visitor: V, seq: bool) -> Result<V::Value> {
        if let Some(s) = self.scalar() {
            return ScalarDe { s, at: self.at }.deserialize_any(visitor);
        }
        if let Some((shape, vals)) = shape_of(self.v) {
            return visit_shape(shape, &vals, seq, visitor);
        }
        let at = self.at;
        let _g = DepthGuard::enter(at, || None)?;
        match self.v {
            Variant::Array(a) | Variant::PackedTypedArray(a) => visitor.visit_seq(ItemsSeq(a.items.iter(), at, 0)),
            Variant::Dictionary(d) => visitor.visit_map(EntriesMap { it: d.entries.iter(), value: None, at }),
            Variant::PackedByteArray(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Int(*x as i64)))),
            Variant::PackedInt32Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Int(*x as i64)))),
            Variant::PackedInt64Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Int(*x)))),
            Variant::PackedFloat32Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::F32(*x)))),
            Variant::PackedFloat64Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Float(*x)))),
            Variant::PackedStringArray(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Transient(x)))),
            Variant::PackedVector2Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector2(*x)))),
            Variant::PackedVector3Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector3(*x)))),
            Variant::PackedVector4Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector4(*x)))),
            Variant::PackedColorArray(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Color(*x)))),
            Variant::PackedVector2iArray(b) => {
                visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector2i(*x))))
            }
            Variant::PackedVector3iArray(b) => {
                visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector3i(*x))))
            }
            Variant::PackedVector4iArray(b) => {
                visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector4i(*x))))
            }
            Variant::Object(o) => match &**o {
                Object::Full { class, properties } => {
                    let mut f: Vec<(&'v str, Field<'v>)> = Vec::with_capacity(properties.len() + 1);
                    f.push((".class", Field::Str(class)));
                    f.extend(properties.iter().map(|(k, v)| (k.as_str(), Field::V(v))));
                    visitor.visit_map(FieldsMap { f: f.into_iter(), value: None, at })
                }
                _ => visitor.visit_unit(),
            },
            Variant::Signal(s) => visitor.visit_map(FieldsMap::new(
                vec![("name", Field::Str(&s.name)), ("object", Field::S(Scalar::UInt(s.object)))],
                at,
            )),
            Variant::Image(img) => visitor.visit_map(FieldsMap::new(image_fields(img), at)),
            Variant::InputEvent(ev) => visitor.visit_map(FieldsMap::new(input_event_fields(ev), at)),
            _ => visitor.visit_unit(),
        }
    }
}

pub(super) fn image_fields(img: &Image) -> Vec<(&'static str, Field<'_>)> {
    vec![
        ("format", Field::S(Scalar::Int(img.format as i64))),
        ("mipmaps", Field::S(Scalar::Int(img.mipmaps as i64))),
        ("width", Field::S(Scalar::Int(img.width as i64))),
        ("height", Field::S(Scalar::Int(img.height as i64))),
        ("data", Field::Bytes(&img.data)),
    ]
}

pub(super) fn input_event_fields(ev: &InputEvent) -> Vec<(&'static str, Field<'static>)> {
    let xs = ev.data.fields();
    vec![
        ("device", Field::S(Scalar::Int(ev.device as i64))),
        ("type", Field::S(Scalar::Int(ev.event_type() as i64))),
        ("fields", Field::U32s(xs)),
    ]
}

macro_rules! variant_scalar {
    ($($m:ident)*) => {$(
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            match self.scalar() {
                Some(s) => ScalarDe { s, at: self.at }.$m(visitor),
                None => self.visit(visitor, false),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for VariantDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if magic::is_buffer_visitor::<V>() && magic::noting() {
            note_buffered(self.v, self.at);
        }
        self.visit(visitor, false)
    }

    variant_scalar!(deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64 deserialize_i128
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128 deserialize_f32
        deserialize_f64 deserialize_char deserialize_str deserialize_string deserialize_identifier);

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.v {
            Variant::PackedByteArray(b) => visitor.visit_bytes(b),
            _ => match self.scalar() {
                Some(s) => ScalarDe { s, at: self.at }.deserialize_bytes(visitor),
                None => self.visit(visitor, false),
            },
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.v.is_nil() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == VARIANT_MAGIC {
            return hand_over(self.v.clone(), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.visit(visitor, true)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.visit(visitor, true)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self, _name: &'static str, _len: usize, visitor: V,
    ) -> Result<V::Value> {
        self.visit(visitor, true)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self, name: &'static str, variants: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        match self.v {
            Variant::Dictionary(d) if d.entries.len() == 1 => {
                let _g = DepthGuard::enter(self.at, || None)?;
                let (k, v) = &d.entries[0];
                match k.as_str() {
                    Some(tag) => visitor.visit_enum(FieldEnum { tag, payload: Field::V(v), at: self.at }),
                    None => Err(Error::invalid("an enum's Dictionary key must be a String", self.at)),
                }
            }
            _ => match self.scalar() {
                Some(s) => ScalarDe { s, at: self.at }.deserialize_enum(name, variants, visitor),
                None => Err(Error::invalid("an enum must be a String or a Dictionary with one entry", self.at)),
            },
        }
    }

    serde::forward_to_deserialize_any! {
        unit unit_struct map struct ignored_any
    }
}

pub(super) struct ItemsSeq<'v>(pub(super) std::slice::Iter<'v, Variant>, pub(super) Option<usize>, pub(super) usize);

impl<'de> de::SeqAccess<'de> for ItemsSeq<'_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.0.next() {
            Some(v) => {
                let i = self.2;
                self.2 += 1;
                seed.deserialize(VariantDe { v, at: self.1 }).map(Some).map_err(|e| e.inside(Step::Index(i)))
            }
            None => Ok(None),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

pub(super) struct EntriesMap<'v> {
    pub(super) it: std::slice::Iter<'v, (Variant, Variant)>,
    /// The value of the key just read, and the key (for an error's path).
    pub(super) value: Option<(&'v Variant, &'v Variant)>,
    pub(super) at: Option<usize>,
}

impl<'de> de::MapAccess<'de> for EntriesMap<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.it.next() {
            Some((k, v)) => {
                self.value = Some((k, v));
                seed.deserialize(VariantKeyDe(VariantDe { v: k, at: self.at })).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let (k, v) = self.value.take().ok_or_else(|| Error::invalid("map value before key", self.at))?;
        seed.deserialize(VariantDe { v, at: self.at }).map_err(|e| e.inside(key_step(k)))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.it.len())
    }
}

/// An element of a packed array: a scalar or a small fixed-size value.
pub(super) enum Elem<'v> {
    S(Scalar<'static, 'v>),
    V(Variant),
}

pub(super) struct ElemSeq<'v, T, F> {
    pub(super) it: std::slice::Iter<'v, T>,
    pub(super) f: F,
    pub(super) at: Option<usize>,
}

impl<'v, T, F: FnMut(&'v T) -> Elem<'v>> ElemSeq<'v, T, F> {
    fn new(items: &'v [T], at: Option<usize>, f: F) -> Self {
        ElemSeq { it: items.iter(), f, at }
    }
}

impl<'de, 'v, T, F: FnMut(&'v T) -> Elem<'v>> de::SeqAccess<'de> for ElemSeq<'v, T, F> {
    type Error = Error;
    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        match self.it.next() {
            Some(x) => match (self.f)(x) {
                Elem::S(s) => seed.deserialize(ScalarDe { s, at: self.at }).map(Some),
                Elem::V(v) => seed.deserialize(VariantDe { v: &v, at: self.at }).map(Some),
            },
            None => Ok(None),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.it.len())
    }
}

/// A field of a map made up on the fly (Signal, Image, full Object, and the Variant-mode payloads).
pub(crate) enum Field<'v> {
    V(&'v Variant),
    S(Scalar<'static, 'v>),
    Str(&'v str),
    Bytes(&'v [u8]),
    U32s(Vec<u32>),
}

pub(super) struct FieldDe<'v> {
    pub(super) f: Field<'v>,
    pub(super) at: Option<usize>,
}

impl<'de> de::Deserializer<'de> for FieldDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.at;
        match self.f {
            Field::V(v) => VariantDe { v, at }.deserialize_any(visitor),
            Field::S(s) => ScalarDe { s, at }.deserialize_any(visitor),
            Field::Str(s) => visitor.visit_str(s),
            Field::Bytes(b) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(b.iter().copied())),
            Field::U32s(x) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(x.into_iter())),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.f {
            Field::S(Scalar::Unit) => visitor.visit_none(),
            Field::V(v) if v.is_nil() => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self, name: &'static str, variants: &'static [&'static str], visitor: V,
    ) -> Result<V::Value> {
        let at = self.at;
        match self.f {
            Field::V(v) => VariantDe { v, at }.deserialize_enum(name, variants, visitor),
            Field::Str(s) => visitor.visit_enum(s.into_deserializer()),
            _ => Err(Error::invalid("not an enum", at)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        match self.f {
            Field::V(v) => VariantDe { v, at: self.at }.deserialize_newtype_struct(name, visitor),
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.f {
            Field::V(v) => VariantDe { v, at: self.at }.deserialize_bytes(visitor),
            Field::Bytes(b) => visitor.visit_bytes(b),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

pub(super) struct FieldsMap<'v, I> {
    pub(super) f: I,
    pub(super) value: Option<Field<'v>>,
    pub(super) at: Option<usize>,
}

impl<'v> FieldsMap<'v, std::vec::IntoIter<(&'v str, Field<'v>)>> {
    fn new(f: Vec<(&'v str, Field<'v>)>, at: Option<usize>) -> Self {
        FieldsMap { f: f.into_iter(), value: None, at }
    }
}

impl<'de, 'v, I: Iterator<Item = (&'v str, Field<'v>)>> de::MapAccess<'de> for FieldsMap<'v, I> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.f.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(de::value::StrDeserializer::<Error>::new(k)).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let f = self.value.take().ok_or_else(|| Error::invalid("map value before key", self.at))?;
        seed.deserialize(FieldDe { f, at: self.at })
    }
}

/// An enum given as a tag and a payload field.
pub(super) struct FieldEnum<'v> {
    pub(super) tag: &'v str,
    pub(super) payload: Field<'v>,
    pub(super) at: Option<usize>,
}

impl<'de, 'v> de::EnumAccess<'de> for FieldEnum<'v> {
    type Error = Error;
    type Variant = FieldDe<'v>;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, FieldDe<'v>)> {
        let v = seed.deserialize(de::value::StrDeserializer::<Error>::new(self.tag))?;
        Ok((v, FieldDe { f: self.payload, at: self.at }))
    }
}

impl<'de> de::VariantAccess<'de> for FieldDe<'_> {
    type Error = Error;
    fn unit_variant(self) -> Result<()> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self, visitor)
    }
    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}

// ---------------------------------------------------------------------------------------------------------
// Variant: the whole decoded value is handed to `Variant`'s visitor (see `value_serde`).

/// Under [`Config::strict_typed_containers`]: the refusal of a typed container `v` read into a type that is
/// not `TypedArray`/`TypedDictionary`/`Variant` (it would be written back untyped); `None` when `v` is not typed.
#[cold]
pub(super) fn typed_dropped(v: &Variant) -> Option<String> {
    fn name(t: &crate::value::ContainerType) -> String {
        use crate::value::ContainerType as C;
        match t {
            C::Untyped => "Variant".into(),
            C::Builtin(k) => k.name().into(),
            C::Class(c) => c.clone(),
            C::Script(s) => format!("script {s:?}"),
        }
    }
    let (godot, rust) = match v {
        Variant::Array(a) | Variant::PackedTypedArray(a) if !a.element_type.is_untyped() => {
            (format!("Array[{}]", name(&a.element_type)), "godot_bin::typed::TypedArray<T>")
        }
        Variant::Dictionary(d) if !d.key_type.is_untyped() || !d.value_type.is_untyped() => (
            format!("Dictionary[{}, {}]", name(&d.key_type), name(&d.value_type)),
            "godot_bin::typed::TypedDictionary<K, V>",
        ),
        _ => return None,
    };
    Some(format!(
        "a typed {godot} is read into a type that would write it back untyped (a Vec, map or tuple), which a \
         GDScript variable of type {godot} refuses: read it as {rust} (or a Variant), or turn \
         Config::strict_typed_containers off to drop the type"
    ))
}

/// Notes `v`, about to be handed to serde's buffer, if it is of a Godot-only type (see
/// `magic::note_buffered`): with the plain form it takes there, found by taking it through the buffer.
#[cold]
pub(super) fn note_buffered(v: &Variant, at: Option<usize>) {
    let plain_data = match v {
        Variant::Nil | Variant::Bool(_) | Variant::Int(_) | Variant::Float(_) | Variant::String(_) => true,
        Variant::PackedByteArray(b) => {
            // Its plain form is an Array of ints: noted by its bytes (see `magic::note_bytes`).
            magic::note_bytes(b, at);
            return;
        }
        // Untyped containers pass as themselves; their elements are noted one by one.
        Variant::Array(a) => a.element_type.is_untyped() && !a.shared,
        Variant::Dictionary(d) => d.key_type.is_untyped() && d.value_type.is_untyped() && !d.shared,
        _ => false,
    };
    if plain_data || !magic::reserve(v) {
        return;
    }
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Buffered {
        V(Variant),
    }
    let plain = magic::quietly(|| <Buffered as de::Deserialize>::deserialize(VariantDe { v, at: None }));
    if let Ok(Buffered::V(plain)) = plain {
        magic::note_buffered(plain, v.kind().name(), at);
    }
}

/// A decoded Dictionary key.
pub(super) struct VariantKeyDe<'v>(pub(super) VariantDe<'v>);

impl<'de> de::Deserializer<'de> for VariantKeyDe<'_> {
    type Error = Error;

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.v.as_str() {
            Some(s) => visitor.visit_str(s),
            None => visitor.visit_string(key_text(self.0.v)),
        }
    }
    key_forwarding!();
}
