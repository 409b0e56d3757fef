//! # godot_bin
//!
//! Byte-exact reading and writing of the binary Variant format of the Godot family of engines: the bytes
//! of `var_to_bytes`/`bytes_to_var` (`var2bytes`/`bytes2var` in 3.x), `FileAccess.store_var`,
//! `StreamPeer.put_var` and `PacketPeer.put_var`, for Godot 2.1, 3.x, 4.0–4.6 and the Pandemonium engine.
//!
//! * [`Variant`] is a dynamic value that holds anything any dialect can put on the wire, without loss.
//! * [`Config`] picks the [`Dialect`] and the engine's options (objects, double precision, depth limit).
//! * Errors are one small [`Error`] with an [`ErrorKind`] and the byte offset.
//!
//! ```
//! use godot_bin::{Config, Dialect, Variant};
//! let cfg = Config::new("godot4.6".parse::<Dialect>()?);
//! // Godot 4.6 var_to_bytes([1, "a"]), tests/fixtures/godot-4.6/values.tsv "arr_1_a":
//! let bytes = [0x1c, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0];
//! let v = Variant::decode(&bytes, &cfg)?;
//! assert_eq!(v, Variant::from(vec![Variant::Int(1), Variant::from("a")]));
//! assert_eq!(v.encode(&cfg)?, bytes);
//! # Ok::<(), godot_bin::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "arbitrary")]
pub mod arbitrary;
mod codec;
pub mod coming_from_gdscript;
pub mod config;
pub mod config_file;
#[cfg(feature = "containers")]
pub mod container;
pub mod convert;
mod de;
pub mod detect;
mod dict_keys;
pub mod error;
pub mod framing;
#[cfg(feature = "glam")]
pub mod glam_conv;
#[cfg(feature = "json")]
pub mod json;
pub mod markers;
#[cfg(feature = "mint")]
pub mod mint_conv;
mod ser;
mod serde_markers;
pub mod text;
#[cfg(feature = "tokio")]
pub mod tokio_codec;
mod typed;
mod typed_containers;
pub mod types;
pub mod value;
mod value_access;
mod value_ref;
mod value_serde;
mod variant_conv;
pub mod wire;

pub use config::{Config, Dialect};
pub use error::{Error, ErrorKind, Result};
pub use markers::{
    Aabb, Basis, Color, Image, InputEvent, InputEventData, NodePath, Plane, Projection, Quaternion, Rect2, Rect2i, Rid,
    StringName, Transform2D, Transform3D, Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};
pub use typed_containers::{Element, TypedArray, TypedDictionary};
pub use types::TypeKind;
pub use value::{Array, ContainerType, Dictionary, Object, Signal, Variant};
pub use value_access::VariantIndex;
pub use value_ref::VariantRef;
pub use variant_conv::{from_variant, to_variant, to_variant_with};

pub use de::{
    from_bytes, from_reader, from_reader_with, from_slice, from_slice_with, take_from_slice_with, Deserializer,
    SERDE_MAX_DEPTH, SERDE_STACK_BUDGET,
};
pub use ser::{to_buf_mut, to_bytes, to_vec, to_vec_with, to_writer, to_writer_with, Serializer};
pub use serde_markers::packed;
pub use serde_markers::packed::{
    PackedByteArray, PackedColorArray, PackedFloat32Array, PackedFloat64Array, PackedInt32Array, PackedInt64Array,
    PackedStringArray, PackedVector2Array, PackedVector2iArray, PackedVector3Array, PackedVector3iArray,
    PackedVector4Array, PackedVector4iArray, PoolByteArray, PoolColorArray, PoolIntArray, PoolRealArray,
    PoolStringArray, PoolVector2Array, PoolVector2iArray, PoolVector3Array, PoolVector3iArray, PoolVector4Array,
    PoolVector4iArray,
};

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
