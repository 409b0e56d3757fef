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
//   forms/    text (var_to_str), json, convert between dialects, schema (Rust types <-> GDScript, Rust, JSON)
//   io/       framing, config_file, tokio_codec, detect, file, container
//   interop/  glam, mint, arbitrary
//   bin/      the godot-bin tool (feature `cli`), on the public API
// Each uses only its own layer and those below it (scripts/check-layers.py keeps it so; rustfmt sorts the
// lines below by name). The folders are private but `interop` (the other crates' types): their public
// modules are re-exported below.
mod codec;
pub mod coming_from_gdscript;
mod config;
mod data;
mod dialect;
pub mod error;
mod format;
mod forms;
pub mod guide;
pub mod interop;
mod io;
mod wire;

// The main path, and all that is at the root:
// - a value of your own: `to_vec(&value)` / `from_slice(&bytes)` (the newest Godot 4), and
//   `to_vec_with(&value, &cfg)` / `from_slice_with(&bytes, &cfg)` with a `Config::new(dialect)`;
// - any value, without a type of your own: `Variant::decode(&bytes, &cfg)` / `variant.encode(&cfg)`,
//   `VariantRef` to borrow strings from the input, `to_variant` / `from_variant` between the two;
// - files and streams: `framing` (`store_var` / `put_var`), `file` (any save on disk), `container`;
// - errors: one `Error` (with its `ErrorKind`) that every module's error converts into, so `?` crosses them;
// - the other side of the wire: `gdscript::for_type::<T>(&cfg)` (GDScript classes for your types) and
//   `schema` (the types' shapes, traced from Rust or inferred from saves, printed as GDScript, Rust or JSON).
// Everything else lives in its module: the math and engine types in `markers`, the packed-array adapters
// (and Godot 3's `Pool*` names) in `packed`, typed containers in `typed`, the rarer entry points (readers,
// writers, buffers, the `Serializer` and `Deserializer`) in `de` and `ser`.
pub use codec::borrowed::VariantRef;
pub use config::{Config, Dialect};
pub use data::{markers, value};
pub use error::{Error, ErrorKind, Result};
pub use format::de::{from_slice, from_slice_with};
pub use format::packed;
pub use format::ser::{to_vec, to_vec_with};
pub use format::variant_conv::{from_variant, to_variant, to_variant_with};
#[cfg(feature = "json")]
#[cfg_attr(docsrs, doc(cfg(feature = "json")))]
pub use forms::json;
pub use forms::schema::gdscript;
pub use forms::{convert, schema, text};
#[cfg(feature = "tokio")]
#[cfg_attr(docsrs, doc(cfg(feature = "tokio")))]
pub use io::tokio_codec;
pub use io::{config_file, framing, resource};
#[cfg(feature = "containers")]
#[cfg_attr(docsrs, doc(cfg(feature = "containers")))]
pub use io::{container, file};
#[doc(no_inline)]
pub use value::{Array, Dictionary, GString, Object, Variant};

// Crate-internal paths of the dialect tables (`crate::types::TypeKind`; public as `value::TypeKind`).
pub(crate) use dialect::types;
pub(crate) use io::detect;

/// Reading Variant bytes into a `Deserialize` type beyond [`from_slice`] and [`from_slice_with`]: from a
/// reader, from owned bytes, one value off the front of a longer input, and the [`Deserializer`](de::Deserializer) itself.
///
/// ```
/// use godot_bin::{de, Config};
/// // Godot 4.6 var_to_bytes(2) then var_to_bytes(true), back to back
/// // (tests/fixtures/godot-4.6/values.tsv "int_2" and "bool_true"):
/// let bytes = [2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];
/// let (n, rest) = de::take_from_slice_with::<i64>(&bytes, &Config::default())?;
/// assert_eq!((n, de::from_reader::<_, bool>(rest)?), (2, true));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub mod de {
    pub use crate::format::de::{from_reader, from_reader_with, take_from_slice_with, Deserializer, SERDE_MAX_DEPTH};
}

/// Writing a `Serialize` value as Variant bytes beyond [`to_vec`] and [`to_vec_with`]: into a writer,
/// into a buffer you keep (`Vec<u8>`, `BytesMut`), as `bytes::Bytes`, and the [`Serializer`](ser::Serializer) itself.
///
/// ```
/// use godot_bin::{ser, Config};
/// let mut buf = Vec::new();
/// ser::to_buf_with(&mut buf, &2i64, &Config::default())?;
/// ser::to_writer(&mut buf, &true)?;
/// // Godot 4.6 var_to_bytes(2) then var_to_bytes(true) (tests/fixtures/godot-4.6/values.tsv "int_2", "bool_true"):
/// assert_eq!(buf, [2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub mod ser {
    pub use crate::format::ser::{to_buf, to_buf_with, to_writer, to_writer_with, Serializer};
    pub use crate::wire::{BufTarget, Output};
}

/// Godot 4's typed containers from serde: [`TypedArray<T>`](typed::TypedArray) is `Array[T]` and [`TypedDictionary<K, V>`](typed::TypedDictionary)
/// `Dictionary[K, V]`; [`Element`](typed::Element) names a Rust type's Godot type inside them, and [`AsDictionary`](typed::AsDictionary) makes a
/// struct of your own an element of type `Dictionary`.
///
/// ```
/// use godot_bin::typed::TypedArray;
/// let ids: TypedArray<i64> = vec![1, 2, 3].into();
/// // Godot 4.6 var_to_bytes(Array[int]([1, 2, 3])) (tests/fixtures/godot-4.6/values.tsv "tarr_int"):
/// let engine = [
///     0x1c, 0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0,
/// ];
/// assert_eq!(godot_bin::to_vec(&ids)?, engine);
/// assert_eq!(godot_bin::from_slice::<TypedArray<i64>>(&engine)?, ids);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub mod typed {
    pub use crate::format::typed_containers::{AsDictionary, Element, TypedArray, TypedDictionary};
}
