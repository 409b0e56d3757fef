//! serde support for the marker types: with godot_bin they are written as native Godot types, with any other
//! serde format they are ordinary structs (`{"x": 1.0, "y": 2.0}`), strings (NodePath, StringName) or
//! integers (RID).
//!
//! Each marker announces itself with a struct name starting with `$godot_bin::`; our
//! [`Serializer`](crate::ser::Serializer) and [`Deserializer`](crate::de::Deserializer) recognise those names,
//! every other format ignores them.

use serde::de::{self, Deserializer, Visitor};
use serde::ser::{SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{ContainerType, Signal};

macro_rules! remote_marker {
    ($t:ident, $def:ident) => {
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                $def::serialize(self, s)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $def::deserialize(d)
            }
        }
    };
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vector2", rename = "$godot_bin::Vector2")]
struct Vector2Def {
    x: f64,
    y: f64,
}
remote_marker!(Vector2, Vector2Def);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vector2i", rename = "$godot_bin::Vector2i")]
struct Vector2iDef {
    x: i32,
    y: i32,
}
remote_marker!(Vector2i, Vector2iDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vector3", rename = "$godot_bin::Vector3")]
struct Vector3Def {
    x: f64,
    y: f64,
    z: f64,
}
remote_marker!(Vector3, Vector3Def);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vector3i", rename = "$godot_bin::Vector3i")]
struct Vector3iDef {
    x: i32,
    y: i32,
    z: i32,
}
remote_marker!(Vector3i, Vector3iDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vector4", rename = "$godot_bin::Vector4")]
struct Vector4Def {
    x: f64,
    y: f64,
    z: f64,
    w: f64,
}
remote_marker!(Vector4, Vector4Def);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Vector4i", rename = "$godot_bin::Vector4i")]
struct Vector4iDef {
    x: i32,
    y: i32,
    z: i32,
    w: i32,
}
remote_marker!(Vector4i, Vector4iDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Quaternion", rename = "$godot_bin::Quaternion")]
struct QuaternionDef {
    x: f64,
    y: f64,
    z: f64,
    w: f64,
}
remote_marker!(Quaternion, QuaternionDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Rect2", rename = "$godot_bin::Rect2")]
struct Rect2Def {
    position: Vector2,
    size: Vector2,
}
remote_marker!(Rect2, Rect2Def);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Rect2i", rename = "$godot_bin::Rect2i")]
struct Rect2iDef {
    position: Vector2i,
    size: Vector2i,
}
remote_marker!(Rect2i, Rect2iDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Transform2D", rename = "$godot_bin::Transform2D")]
struct Transform2DDef {
    x: Vector2,
    y: Vector2,
    origin: Vector2,
}
remote_marker!(Transform2D, Transform2DDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Plane", rename = "$godot_bin::Plane")]
struct PlaneDef {
    normal: Vector3,
    d: f64,
}
remote_marker!(Plane, PlaneDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Aabb", rename = "$godot_bin::Aabb")]
struct AabbDef {
    position: Vector3,
    size: Vector3,
}
remote_marker!(Aabb, AabbDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Basis", rename = "$godot_bin::Basis")]
struct BasisDef {
    rows: [Vector3; 3],
}
remote_marker!(Basis, BasisDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Transform3D", rename = "$godot_bin::Transform3D")]
struct Transform3DDef {
    basis: Basis,
    origin: Vector3,
}
remote_marker!(Transform3D, Transform3DDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Projection", rename = "$godot_bin::Projection")]
struct ProjectionDef {
    columns: [Vector4; 4],
}
remote_marker!(Projection, ProjectionDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Color", rename = "$godot_bin::Color")]
struct ColorDef {
    r: f32,
    g: f32,
    b: f32,
    a: f32,
}
remote_marker!(Color, ColorDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "StringName", rename = "$godot_bin::StringName")]
struct StringNameDef(crate::value::GString);
remote_marker!(StringName, StringNameDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Rid", rename = "$godot_bin::Rid")]
struct RidDef(u64);
remote_marker!(Rid, RidDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Signal", rename = "$godot_bin::Signal")]
struct SignalDef {
    name: String,
    object: u64,
}
remote_marker!(Signal, SignalDef);

#[derive(Serialize, Deserialize)]
#[serde(remote = "Image", rename = "$godot_bin::Image")]
struct ImageDef {
    format: u32,
    mipmaps: u32,
    width: u32,
    height: u32,
    #[serde(with = "bytes_field")]
    data: Vec<u8>,
}
remote_marker!(Image, ImageDef);

/// `Vec<u8>` as serde bytes (PackedByteArray with godot_bin), read from bytes or a sequence.
pub(crate) mod bytes_field {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(v)
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        d.deserialize_byte_buf(BytesVisitor)
    }

    pub(crate) struct BytesVisitor;

    impl<'de> Visitor<'de> for BytesVisitor {
        type Value = Vec<u8>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("bytes")
        }
        fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }
        fn visit_byte_buf<E: de::Error>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<u8>, E> {
            Ok(v.as_bytes().to_vec())
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u8>, A::Error> {
            let mut v = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
            while let Some(b) = seq.next_element::<u8>()? {
                v.push(b);
            }
            Ok(v)
        }
        fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Vec<u8>, D::Error> {
            d.deserialize_byte_buf(self)
        }
    }
}

impl Serialize for InputEvent {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let fields = self.data.fields();
        let mut st = s.serialize_struct("$godot_bin::InputEvent", 3)?;
        st.serialize_field("device", &self.device)?;
        st.serialize_field("type", &self.event_type())?;
        st.serialize_field("fields", &fields)?;
        st.end()
    }
}

#[derive(Deserialize)]
#[serde(rename = "$godot_bin::InputEvent")]
struct InputEventRepr {
    device: u32,
    #[serde(rename = "type")]
    kind: u32,
    #[serde(default)]
    fields: Vec<u32>,
}

impl<'de> Deserialize<'de> for InputEvent {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = InputEventRepr::deserialize(d)?;
        Ok(InputEvent { device: r.device, data: InputEventData::from_fields(r.kind, &r.fields) })
    }
}

/// NodePath: its text (`"/root/Main:position"`) when the text gives back the same path, else its parts.
impl Serialize for NodePath {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let text = self.to_string();
        let back = if self.property.is_some() { NodePath::parse_godot2(&text) } else { NodePath::parse(&text) };
        if back == *self {
            s.serialize_newtype_struct("$godot_bin::NodePath", &text)
        } else {
            let mut st = s.serialize_struct("$godot_bin::NodePathParts", 4)?;
            st.serialize_field("names", &self.names)?;
            st.serialize_field("subnames", &self.subnames)?;
            st.serialize_field("absolute", &self.absolute)?;
            st.serialize_field("property", &self.property)?;
            st.end()
        }
    }
}

#[derive(Deserialize)]
struct NodePathParts {
    #[serde(default)]
    names: Vec<String>,
    #[serde(default)]
    subnames: Vec<String>,
    #[serde(default)]
    absolute: bool,
    #[serde(default)]
    property: Option<String>,
}

pub(crate) struct NodePathVisitor;

impl<'de> Visitor<'de> for NodePathVisitor {
    type Value = NodePath;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a NodePath (text or parts)")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<NodePath, E> {
        Ok(NodePath::parse(v))
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<NodePath, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<NodePath, A::Error> {
        let p = NodePathParts::deserialize(de::value::MapAccessDeserializer::new(map))?;
        Ok(NodePath { names: p.names, subnames: p.subnames, absolute: p.absolute, property: p.property })
    }
}

impl<'de> Deserialize<'de> for NodePath {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_newtype_struct("$godot_bin::NodePath", NodePathVisitor)
    }
}

/// A [`TypeKind`] is written as its Godot name (`"int"`, `"Vector2"`, `"PackedByteArray"`).
impl Serialize for TypeKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for TypeKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = std::borrow::Cow::<'de, str>::deserialize(d)?;
        TypeKind::from_name(&s).ok_or_else(|| de::Error::custom(format!("unknown Godot type name {s:?}")))
    }
}

/// `"Untyped"`, `{"Builtin": "int"}`, `{"Class": "Node"}` or `{"Script": "res://x.gd"}`.
impl Serialize for ContainerType {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ContainerType::Untyped => s.serialize_unit_variant("ContainerType", 0, "Untyped"),
            ContainerType::Builtin(k) => s.serialize_newtype_variant("ContainerType", 1, "Builtin", k),
            ContainerType::Class(c) => s.serialize_newtype_variant("ContainerType", 2, "Class", c),
            ContainerType::Script(c) => s.serialize_newtype_variant("ContainerType", 3, "Script", c),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename = "ContainerType")]
enum ContainerTypeRepr {
    Untyped,
    Builtin(TypeKind),
    Class(String),
    Script(String),
}

impl<'de> Deserialize<'de> for ContainerType {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match ContainerTypeRepr::deserialize(d)? {
            ContainerTypeRepr::Untyped => ContainerType::Untyped,
            ContainerTypeRepr::Builtin(k) => ContainerType::Builtin(k),
            ContainerTypeRepr::Class(c) => ContainerType::Class(c),
            ContainerTypeRepr::Script(c) => ContainerType::Script(c),
        })
    }
}

/// A [`GString`](crate::GString) is written and read as a string by every serde format.
impl Serialize for crate::value::GString {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self)
    }
}

impl<'de> Deserialize<'de> for crate::value::GString {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Text;
        impl Visitor<'_> for Text {
            type Value = crate::value::GString;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(v.into())
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Self::Value, E> {
                Ok(v.into())
            }
        }
        d.deserialize_string(Text)
    }
}
