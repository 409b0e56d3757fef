//! `Serialize`/`Deserialize` for [`Variant`]: lossless through godot_bin, best effort through other formats.
//!
//! Serializing hands every case to its marker (or to the plain serde form: bool, i64, f64, str, unit,
//! sequence, map), so godot_bin's [`Serializer`](crate::Serializer) writes exactly what
//! [`Variant::encode`] writes. Deserializing asks for the newtype `$godot_bin::Variant`: godot_bin's
//! [`Deserializer`](crate::Deserializer) answers with the exact wire type as an enum tag, so the value comes
//! back exactly as [`Variant::decode`] gives it; other formats (serde_json) see a transparent newtype and the
//! value is rebuilt from plain data (null, bool, int, float, string, bytes, array, map).

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, SerializeStruct, Serializer};

use crate::de::VARIANT_MAGIC;
use crate::markers::*;
use crate::value::{Array, ContainerType, Dictionary, Object, Signal, Variant};

struct EntriesSer<'a>(&'a [(Variant, Variant)]);

impl Serialize for EntriesSer<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

struct PropsSer<'a>(&'a [(String, Variant)]);

impl Serialize for PropsSer<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

fn typed_array<S: Serializer>(a: &Array, packed: bool, s: S) -> Result<S::Ok, S::Error> {
    let mut st = s.serialize_struct("$godot_bin::Array", 4)?;
    st.serialize_field("element_type", &a.element_type)?;
    st.serialize_field("shared", &a.shared)?;
    st.serialize_field("packed", &packed)?;
    st.serialize_field("items", &a.items)?;
    st.end()
}

/// Every case written as its marker, so that godot_bin writes what [`Variant::encode`] writes.
///
/// ```
/// use godot_bin::{Config, Variant, Vector2};
/// let v = Variant::from(vec![Variant::Int(5_000_000_000), Variant::Vector2(Vector2::new(1.0, 2.0))]);
/// let cfg = Config::default();
/// assert_eq!(godot_bin::to_vec_with(&v, &cfg)?, v.encode(&cfg)?);
/// // Other formats see plain data:
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"[5000000000,{"x":1.0,"y":2.0}]"#);
/// # Ok::<(), godot_bin::Error>(())
/// ```
impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
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
            Variant::PackedStringArray(x) => p::string::serialize(x, s),
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

/// Dictionary entries from a map, in order; a repeated key replaces the earlier value (as the engines do).
struct Entries(Vec<(Variant, Variant)>);

impl<'de> Deserialize<'de> for Entries {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Entries;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Entries, A::Error> {
                // Pushed as given: entries decoded by godot_bin are already merged by the dialect's key rules.
                let mut e = Vec::with_capacity(m.size_hint().unwrap_or(0).min(1 << 12));
                while let Some(kv) = m.next_entry::<Variant, Variant>()? {
                    e.push(kv);
                }
                Ok(Entries(e))
            }
        }
        d.deserialize_map(V)
    }
}

/// Object properties from a map, in order.
struct Props(Vec<(String, Variant)>);

impl<'de> Deserialize<'de> for Props {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Props;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of properties")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Props, A::Error> {
                let mut v = Vec::with_capacity(m.size_hint().unwrap_or(0).min(1 << 12));
                while let Some(e) = m.next_entry::<String, Variant>()? {
                    v.push(e);
                }
                Ok(Props(v))
            }
        }
        d.deserialize_map(V)
    }
}

#[derive(serde::Deserialize)]
struct ArrayRepr {
    #[serde(default)]
    element_type: ContainerType,
    #[serde(default)]
    shared: bool,
    items: Vec<Variant>,
}

#[derive(serde::Deserialize)]
struct DictionaryRepr {
    #[serde(default)]
    key_type: ContainerType,
    #[serde(default)]
    value_type: ContainerType,
    #[serde(default)]
    shared: bool,
    entries: Entries,
}

#[derive(serde::Deserialize)]
struct ObjectRepr {
    class: String,
    properties: Props,
}

struct VariantVisitor;

impl<'de> Visitor<'de> for VariantVisitor {
    type Value = Variant;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a Godot value")
    }

    fn visit_enum<A: de::EnumAccess<'de>>(self, data: A) -> Result<Variant, A::Error> {
        use de::VariantAccess as _;
        let (tag, va): (std::borrow::Cow<'de, str>, _) = data.variant()?;
        macro_rules! nt {
            ($t:ty, $wrap:expr) => {
                va.newtype_variant::<$t>().map($wrap)
            };
        }
        match &*tag {
            "Nil" => va.unit_variant().map(|_| Variant::Nil),
            "bool" => nt!(bool, Variant::Bool),
            "int" => nt!(i64, Variant::Int),
            "float" => nt!(f64, Variant::Float),
            "String" => nt!(String, Variant::String),
            "StringName" => nt!(StringName, Variant::StringName),
            "Vector2" => nt!(Vector2, Variant::Vector2),
            "Vector2i" => nt!(Vector2i, Variant::Vector2i),
            "Rect2" => nt!(Rect2, Variant::Rect2),
            "Rect2i" => nt!(Rect2i, Variant::Rect2i),
            "Vector3" => nt!(Vector3, Variant::Vector3),
            "Vector3i" => nt!(Vector3i, Variant::Vector3i),
            "Transform2D" => nt!(Transform2D, |x| Variant::Transform2D(Box::new(x))),
            "Vector4" => nt!(Vector4, Variant::Vector4),
            "Vector4i" => nt!(Vector4i, Variant::Vector4i),
            "Plane" => nt!(Plane, Variant::Plane),
            "Quaternion" => nt!(Quaternion, Variant::Quaternion),
            "AABB" => nt!(Aabb, |x| Variant::Aabb(Box::new(x))),
            "Basis" => nt!(Basis, |x| Variant::Basis(Box::new(x))),
            "Transform3D" => nt!(Transform3D, |x| Variant::Transform3D(Box::new(x))),
            "Projection" => nt!(Projection, |x| Variant::Projection(Box::new(x))),
            "Color" => nt!(Color, Variant::Color),
            "NodePath" => nt!(NodePath, |x| Variant::NodePath(Box::new(x))),
            "RID" => nt!(Rid, Variant::Rid),
            "ObjectNull" => va.unit_variant().map(|_| Variant::Object(Box::new(Object::Null))),
            "ObjectId" => nt!(u64, |id| Variant::Object(Box::new(Object::InstanceId(id)))),
            "Object" => nt!(ObjectRepr, |o| Variant::Object(Box::new(Object::Full {
                class: o.class,
                properties: o.properties.0
            }))),
            "Callable" => va.unit_variant().map(|_| Variant::Callable),
            "Signal" => nt!(Signal, Variant::Signal),
            "Dictionary" => nt!(Entries, |e| Variant::Dictionary(Box::new(Dictionary::from(e.0)))),
            "DictionaryTyped" => nt!(DictionaryRepr, |d| Variant::Dictionary(Box::new(Dictionary {
                entries: d.entries.0,
                key_type: d.key_type,
                value_type: d.value_type,
                shared: d.shared
            }))),
            "Array" => nt!(Vec<Variant>, |a| Variant::Array(Box::new(Array::from(a)))),
            "ArrayTyped" => nt!(ArrayRepr, |a| Variant::Array(Box::new(Array {
                items: a.items,
                element_type: a.element_type,
                shared: a.shared
            }))),
            "PackedTypedArray" => nt!(ArrayRepr, |a| Variant::PackedTypedArray(Box::new(Array {
                items: a.items,
                element_type: a.element_type,
                shared: a.shared
            }))),
            "PackedByteArray" => nt!(crate::PackedByteArray, |x| Variant::PackedByteArray(x.0)),
            "PackedInt32Array" => nt!(Vec<i32>, Variant::PackedInt32Array),
            "PackedInt64Array" => nt!(Vec<i64>, Variant::PackedInt64Array),
            "PackedFloat32Array" => nt!(Vec<f32>, Variant::PackedFloat32Array),
            "PackedFloat64Array" => nt!(Vec<f64>, Variant::PackedFloat64Array),
            "PackedStringArray" => nt!(Vec<String>, Variant::PackedStringArray),
            "PackedVector2Array" => nt!(Vec<Vector2>, Variant::PackedVector2Array),
            "PackedVector3Array" => nt!(Vec<Vector3>, Variant::PackedVector3Array),
            "PackedColorArray" => nt!(Vec<Color>, Variant::PackedColorArray),
            "PackedVector4Array" => nt!(Vec<Vector4>, Variant::PackedVector4Array),
            "PoolVector2iArray" => nt!(Vec<Vector2i>, Variant::PackedVector2iArray),
            "PoolVector3iArray" => nt!(Vec<Vector3i>, Variant::PackedVector3iArray),
            "PoolVector4iArray" => nt!(Vec<Vector4i>, Variant::PackedVector4iArray),
            "Image" => nt!(Image, |x| Variant::Image(Box::new(x))),
            "InputEvent" => nt!(InputEvent, Variant::InputEvent),
            other => Err(de::Error::custom(format!("unknown Godot type tag {other:?}"))),
        }
    }

    fn visit_unit<E: de::Error>(self) -> Result<Variant, E> {
        Ok(Variant::Nil)
    }
    fn visit_none<E: de::Error>(self) -> Result<Variant, E> {
        Ok(Variant::Nil)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Variant, D::Error> {
        Variant::deserialize(d)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Variant, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Variant, E> {
        Ok(Variant::Bool(v))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Variant, E> {
        Ok(Variant::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Variant, E> {
        Ok(match i64::try_from(v) {
            Ok(i) => Variant::Int(i),
            Err(_) => Variant::Float(v as f64),
        })
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Variant, E> {
        Ok(Variant::Float(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Variant, E> {
        Ok(Variant::String(v.to_owned()))
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Variant, E> {
        Ok(Variant::String(v))
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Variant, E> {
        Ok(Variant::PackedByteArray(v.to_vec()))
    }
    fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Variant, E> {
        Ok(Variant::PackedByteArray(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Variant, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 12));
        while let Some(x) = seq.next_element::<Variant>()? {
            items.push(x);
        }
        Ok(Variant::from(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut m: A) -> Result<Variant, A::Error> {
        // A repeated key keeps its first position and its last value.
        let mut d = Dictionary::default();
        while let Some((k, v)) = m.next_entry::<Variant, Variant>()? {
            d.insert(k, v);
        }
        Ok(Variant::Dictionary(Box::new(d)))
    }
}

/// Exact through godot_bin (the wire type is kept: StringName stays StringName, a 32-bit float stays a
/// Float, typed arrays keep their type); from other formats, rebuilt from plain data.
///
/// ```
/// use godot_bin::{Config, Variant};
/// let cfg = Config::default();
/// let v = Variant::from(vec![Variant::from(godot_bin::StringName::from("a")), Variant::Float(0.1)]);
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
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_newtype_struct(VARIANT_MAGIC, VariantVisitor)
    }
}
