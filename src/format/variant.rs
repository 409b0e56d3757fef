//! `Serialize`/`Deserialize` for [`Variant`]: lossless through godot_bin, best effort through other formats.
//!
//! A `Variant` announces itself as the newtype `$godot_bin::Variant`. godot_bin's own
//! [`Serializer`](crate::ser::Serializer) and [`Deserializer`](crate::de::Deserializer) recognise it and hand the whole
//! value to the core codec (through a thread-local slot, since serde cannot pass a Rust value through its
//! interface): what is written is exactly what [`Variant::encode`] writes, what is read is exactly what
//! [`Variant::decode`] gives, and no nesting depth costs serde recursion (the core walks nesting without
//! using the thread's stack).
//!
//! Every other format sees a transparent newtype: serializing hands each case to its marker (or to the
//! plain serde form: bool, i64, f64, str, unit, sequence, map), deserializing rebuilds the value from plain
//! data (null, bool, int, float, string, bytes, array, map).
//!
//! serde's own buffer (`#[serde(flatten)]`, untagged and tagged enums) is such plain data too: a `Variant`
//! rebuilt from it while our deserializer reads is refused when it is the plain form of a Godot-only value
//! that went into the buffer (see `magic::note_buffered`), instead of becoming a Dictionary or String.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use crate::format::magic::{self, offer_encode, take_encode, VARIANT as VARIANT_MAGIC};
use crate::value::{Array, Dictionary, Object, Variant};
use crate::wire::Lent;

struct EntriesSer<'a>(&'a [(Variant, Variant)]);

impl Serialize for EntriesSer<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

struct PropsSer<'a>(&'a [(String, Variant)]);

impl Serialize for PropsSer<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

fn typed_array<S: Serializer>(a: &Array, packed: bool, s: S) -> std::result::Result<S::Ok, S::Error> {
    let mut st = s.serialize_struct("$godot_bin::Array", 4)?;
    st.serialize_field("element_type", &a.element_type)?;
    st.serialize_field("shared", &a.shared)?;
    st.serialize_field("packed", &packed)?;
    st.serialize_field("items", &a.items)?;
    st.end()
}

/// The body of a `Variant` inside its `$godot_bin::Variant` newtype.
struct Body<'a>(&'a Variant);

impl Serialize for Body<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        if let Some(mut job) = take_encode() {
            let (cfg, depth) = (&job.cfg, job.depth);
            job.result = Some(match &mut job.out {
                Lent::Vec(out) => crate::codec::Encoder::new(cfg, out).value(self.0, depth),
                Lent::Bytes(out) => crate::codec::Encoder::new(cfg, out).value(self.0, depth),
            });
            offer_encode(job);
            return s.serialize_unit();
        }
        self.0.serialize_plain(s)
    }
}

/// godot_bin writes exactly what [`Variant::encode`] writes; other formats see each case as its marker.
///
/// ```
/// use godot_bin::{Config, Variant, markers::Vector2};
/// let v = Variant::from(vec![Variant::Int(5_000_000_000), Variant::Vector2(Vector2::new(1.0, 2.0))]);
/// let cfg = Config::default();
/// assert_eq!(godot_bin::to_vec_with(&v, &cfg)?, v.encode(&cfg)?);
/// // Other formats see plain data:
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"[5000000000,{"x":1.0,"y":2.0}]"#);
/// # Ok::<(), godot_bin::Error>(())
/// ```
impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_newtype_struct(VARIANT_MAGIC, &Body(self))
    }
}

impl Variant {
    fn serialize_plain<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use crate::packed as p;
        match self {
            Variant::Nil => s.serialize_unit(),
            Variant::Bool(b) => s.serialize_bool(*b),
            Variant::Int(i) => s.serialize_i64(*i),
            Variant::Float(f) => s.serialize_f64(*f),
            Variant::String(x) => s.serialize_str(x),
            Variant::StringName(x) => x.serialize(s),
            Variant::Vector2(x) => x.serialize(s),
            Variant::Vector2i(x) => x.serialize(s),
            Variant::Rect2(x) => x.serialize(s),
            Variant::Rect2i(x) => x.serialize(s),
            Variant::Vector3(x) => x.serialize(s),
            Variant::Vector3i(x) => x.serialize(s),
            Variant::Transform2D(x) => x.serialize(s),
            Variant::Vector4(x) => x.serialize(s),
            Variant::Vector4i(x) => x.serialize(s),
            Variant::Plane(x) => x.serialize(s),
            Variant::Quaternion(x) => x.serialize(s),
            Variant::Aabb(x) => x.serialize(s),
            Variant::Basis(x) => x.serialize(s),
            Variant::Transform3D(x) => x.serialize(s),
            Variant::Projection(x) => x.serialize(s),
            Variant::Color(x) => x.serialize(s),
            Variant::NodePath(x) => {
                // Always by parts: the text form cannot tell a Godot 2 property from a subname.
                let mut st = s.serialize_struct("$godot_bin::NodePathParts", 4)?;
                st.serialize_field("names", &x.names)?;
                st.serialize_field("subnames", &x.subnames)?;
                st.serialize_field("absolute", &x.absolute)?;
                st.serialize_field("property", &x.property)?;
                st.end()
            }
            Variant::Rid(x) => x.serialize(s),
            Variant::Object(o) => match &**o {
                Object::Null => s.serialize_unit_struct("$godot_bin::ObjectNull"),
                Object::InstanceId(id) => s.serialize_newtype_struct("$godot_bin::ObjectId", id),
                Object::Full { class, properties } => {
                    let mut st = s.serialize_struct("$godot_bin::Object", 2)?;
                    st.serialize_field("class", class)?;
                    st.serialize_field("properties", &PropsSer(properties))?;
                    st.end()
                }
            },
            Variant::Callable => s.serialize_unit_struct("$godot_bin::Callable"),
            Variant::Signal(x) => x.serialize(s),
            Variant::Dictionary(d) => {
                if d.key_type.is_untyped() && d.value_type.is_untyped() && !d.shared {
                    EntriesSer(&d.entries).serialize(s)
                } else {
                    let mut st = s.serialize_struct("$godot_bin::Dictionary", 4)?;
                    st.serialize_field("key_type", &d.key_type)?;
                    st.serialize_field("value_type", &d.value_type)?;
                    st.serialize_field("shared", &d.shared)?;
                    st.serialize_field("entries", &EntriesSer(&d.entries))?;
                    st.end()
                }
            }
            Variant::Array(a) => {
                if a.element_type.is_untyped() && !a.shared {
                    a.items.serialize(s)
                } else {
                    typed_array(a, false, s)
                }
            }
            Variant::PackedTypedArray(a) => typed_array(a, true, s),
            Variant::PackedByteArray(x) => p::bytes::serialize(x, s),
            Variant::PackedInt32Array(x) => p::int32::serialize(x, s),
            Variant::PackedInt64Array(x) => p::int64::serialize(x, s),
            Variant::PackedFloat32Array(x) => p::float32::serialize(x, s),
            Variant::PackedFloat64Array(x) => p::float64::serialize(x, s),
            Variant::PackedStringArray(x) => crate::format::packed::ser_texts(x, s),
            Variant::PackedVector2Array(x) => s.serialize_newtype_struct("$godot_bin::PackedVector2Array", x),
            Variant::PackedVector3Array(x) => s.serialize_newtype_struct("$godot_bin::PackedVector3Array", x),
            Variant::PackedColorArray(x) => s.serialize_newtype_struct("$godot_bin::PackedColorArray", x),
            Variant::PackedVector4Array(x) => s.serialize_newtype_struct("$godot_bin::PackedVector4Array", x),
            Variant::PackedVector2iArray(x) => s.serialize_newtype_struct("$godot_bin::PackedVector2iArray", x),
            Variant::PackedVector3iArray(x) => s.serialize_newtype_struct("$godot_bin::PackedVector3iArray", x),
            Variant::PackedVector4iArray(x) => s.serialize_newtype_struct("$godot_bin::PackedVector4iArray", x),
            Variant::Image(x) => x.serialize(s),
            Variant::InputEvent(x) => x.serialize(s),
        }
    }
}

/// `from_buffer`: rebuilding from serde's buffer while our deserializer reads (see `Variant::deserialize`).
struct VariantVisitor {
    from_buffer: bool,
}

impl<'de> Visitor<'de> for VariantVisitor {
    type Value = Variant;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a Godot value")
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> std::result::Result<Variant, A::Error> {
        use de::VariantAccess as _;
        let (tag, va): (std::borrow::Cow<'de, str>, _) = data.variant()?;
        if tag != magic::DECODED {
            return Err(de::Error::custom(format!("a Variant cannot be read from the enum variant {tag:?}")));
        }
        va.unit_variant()?;
        magic::take_decoded().ok_or_else(|| de::Error::custom("no decoded value was handed over"))
    }

    fn visit_unit<E: de::Error>(self) -> std::result::Result<Variant, E> {
        Ok(Variant::Nil)
    }
    fn visit_none<E: de::Error>(self) -> std::result::Result<Variant, E> {
        Ok(Variant::Nil)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Variant, D::Error> {
        Variant::deserialize(d)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Variant, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> std::result::Result<Variant, E> {
        Ok(Variant::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> std::result::Result<Variant, E> {
        Ok(Variant::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> std::result::Result<Variant, E> {
        Ok(match i64::try_from(v) {
            Ok(i) => Variant::Int(i),
            Err(_) => Variant::Float(v as f64),
        })
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> std::result::Result<Variant, E> {
        Ok(Variant::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> std::result::Result<Variant, E> {
        Ok(Variant::String(v.into()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> std::result::Result<Variant, E> {
        Ok(Variant::String(v.into()))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> std::result::Result<Variant, E> {
        Ok(Variant::PackedByteArray(v.to_vec()))
    }
    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> std::result::Result<Variant, E> {
        Ok(Variant::PackedByteArray(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Variant, A::Error> {
        if self.from_buffer {
            return buffered_seq(seq);
        }
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 12));
        while let Some(x) = seq.next_element::<Variant>()? {
            items.push(x);
        }
        Ok(Variant::from(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> std::result::Result<Variant, A::Error> {
        // A repeated key keeps its first position and its last value.
        let mut d = Dictionary::default();
        while let Some((k, v)) = m.next_entry::<Variant, Variant>()? {
            d.insert(k, v);
        }
        Ok(Variant::Dictionary(Box::new(d)))
    }
}

/// An Array rebuilt from serde's buffer: while its items are ints from 0 to 255 (the plain form of a
/// PackedByteArray) they are kept as bytes, one byte each instead of a 40-byte Variant, and an Array that is
/// a noted PackedByteArray is refused before it is built (see `magic::note_bytes`).
fn buffered_seq<'de, A: SeqAccess<'de>>(mut seq: A) -> std::result::Result<Variant, A::Error> {
    let mut bytes = Vec::new();
    let first = loop {
        match seq.next_element::<Variant>()? {
            Some(Variant::Int(i @ 0..=255)) => bytes.push(i as u8),
            Some(other) => break other,
            None => {
                if let Some(msg) = magic::buffered_bytes_loss(&bytes) {
                    return Err(de::Error::custom(msg));
                }
                return Ok(Variant::from(bytes.into_iter().map(|b| Variant::Int(b as i64)).collect::<Vec<_>>()));
            }
        }
    };
    let mut items = Vec::with_capacity(bytes.len() + 1 + seq.size_hint().unwrap_or(0).min(1 << 12));
    items.extend(bytes.into_iter().map(|b| Variant::Int(b as i64)));
    items.push(first);
    while let Some(x) = seq.next_element::<Variant>()? {
        items.push(x);
    }
    Ok(Variant::from(items))
}

/// Exact through godot_bin (the wire type is kept: StringName stays StringName, a 32-bit float stays a
/// Float, typed arrays keep their type); from other formats, rebuilt from plain data.
///
/// ```
/// use godot_bin::{Config, Variant};
/// let cfg = Config::default();
/// let v = Variant::from(vec![Variant::from(godot_bin::markers::StringName::from("a")), Variant::Float(0.1)]);
/// let bytes = v.encode(&cfg)?;
/// let back: Variant = godot_bin::from_slice_with(&bytes, &cfg)?;
/// assert_eq!(back, v);
/// let j: Variant = serde_json::from_str(r#"{"hp": 10, "tags": ["a"]}"#).unwrap();
/// match &j {
///     Variant::Dictionary(d) => assert_eq!(d.get(&Variant::from("hp")), Some(&Variant::Int(10))),
///     _ => unreachable!(),
/// }
/// # Ok::<(), godot_bin::Error>(())
/// ```
impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        if magic::is_buffer_deserializer::<D>() && magic::noting() {
            // Rebuilt from serde's buffer while our deserializer reads: refused if it is the plain form of a
            // Godot-only value that went in (see `magic::note_buffered`).
            let v = d.deserialize_newtype_struct(VARIANT_MAGIC, VariantVisitor { from_buffer: true })?;
            return match magic::buffered_loss(&v) {
                Some(msg) => Err(de::Error::custom(msg)),
                None => Ok(v),
            };
        }
        d.deserialize_newtype_struct(VARIANT_MAGIC, VariantVisitor { from_buffer: false })
    }
}
