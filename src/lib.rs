#![doc = include_str!("../README.md")]
// The README is the crate doc (its Rust blocks run as doc tests); the guide pages are `guide` and
// `coming_from_gdscript`.
// One function may use unsafe code: `wire::utf8`, which takes ASCII as text without `from_utf8`'s walk
// (its tests run under miri in `.ci/run`).
#![deny(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_docs)]

// The layers, bottom to top: dialect < error, config < wire < data < codec < format < forms < io < interop
// (< coming_from_gdscript and guide/, pages of documentation that use only the public API).
//   dialect/  `Dialect` and the type tables (type id <-> `TypeKind`, one per dialect)
//   error.rs, config.rs  `Error`/`ErrorKind`; `Config`
//   wire/     little-endian primitives, padded strings, float widening
//   data/     `Variant` and its containers, the markers (Vector2 … Projection, Color, NodePath, …), indexing
//   codec/    the one dialect-agnostic decoder and encoder, `VariantRef`, typed-container admission
//   format/   the serde data format: ser, de, the markers' and `Variant`'s serde impls, packed, typed containers
//   forms/    text (var_to_str), json, convert between dialects
//   io/       framing, config_file, tokio_codec, detect, file, container
//   interop/  glam, mint, arbitrary
//   bin/      the godot-bin tool (feature `cli`), on the public API
// Each uses only its own layer and those below it (scripts/check-layers.py keeps it so; rustfmt sorts the
// lines below by name). The folders are private: their public modules are re-exported below at their old
// paths.
mod codec;
pub mod coming_from_gdscript;
pub mod config;
mod data;
mod dialect;
pub mod error;
mod format;
mod forms;
pub mod guide;
mod interop;
mod io;
pub mod wire;

pub use codec::borrowed::VariantRef;
pub use config::{Config, Dialect};
pub use data::value_access::VariantIndex;
pub use data::{markers, value};
pub use dialect::types;
pub use error::{Error, ErrorKind, Result};
pub use format::de::{
    from_bytes_with, from_reader, from_reader_with, from_slice, from_slice_with, take_from_slice_with, Deserializer,
    SERDE_MAX_DEPTH, SERDE_STACK_BUDGET,
};
pub use format::packed;
pub use format::packed::{
    PackedByteArray, PackedColorArray, PackedFloat32Array, PackedFloat64Array, PackedInt32Array, PackedInt64Array,
    PackedStringArray, PackedVector2Array, PackedVector2iArray, PackedVector3Array, PackedVector3iArray,
    PackedVector4Array, PackedVector4iArray, PoolByteArray, PoolColorArray, PoolIntArray, PoolRealArray,
    PoolStringArray, PoolVector2Array, PoolVector2iArray, PoolVector3Array, PoolVector3iArray, PoolVector4Array,
    PoolVector4iArray,
};
pub use format::ser::{to_buf, to_buf_with, to_bytes_with, to_vec, to_vec_with, to_writer, to_writer_with, Serializer};
pub use format::typed_containers::{AsDictionary, Element, TypedArray, TypedDictionary};
pub use format::variant_conv::{from_variant, to_variant, to_variant_with};
#[cfg(feature = "json")]
#[cfg_attr(docsrs, doc(cfg(feature = "json")))]
pub use forms::json;
pub use forms::{convert, text};
#[cfg(feature = "arbitrary")]
#[cfg_attr(docsrs, doc(cfg(feature = "arbitrary")))]
pub use interop::arbitrary;
#[cfg(feature = "glam")]
#[cfg_attr(docsrs, doc(cfg(feature = "glam")))]
pub use interop::glam_conv;
#[cfg(feature = "mint")]
#[cfg_attr(docsrs, doc(cfg(feature = "mint")))]
pub use interop::mint_conv;
#[cfg(feature = "containers")]
#[cfg_attr(docsrs, doc(cfg(feature = "containers")))]
pub use io::container;
#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub use io::tokio_codec;
pub use io::{config_file, detect, file, framing};
#[doc(no_inline)]
pub use markers::{
    Aabb, Basis, Color, Image, InputEvent, InputEventData, NodePath, Plane, Projection, Quaternion, Rect2, Rect2i, Rid,
    StringName, Transform2D, Transform3D, Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};
#[doc(no_inline)]
pub use types::TypeKind;
#[doc(no_inline)]
pub use value::{Array, ContainerType, Dictionary, Object, Signal, Variant};
