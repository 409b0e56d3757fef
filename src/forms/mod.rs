//! Layer 6, the other representations of a [`Variant`](crate::Variant): the engine's text form ([`text`],
//! `var_to_str`), the lossless type-tagged JSON form (`json`, feature `json`) and conversion between
//! dialects ([`convert`]) (their errors name the place of a value with the text form's path renderer), and
//! the [`schema`] of a program's values with the code made from it (GDScript, Rust). Uses the codec and
//! everything below it; only [`schema`] uses the serde format (its tracer follows serde's calls and the
//! markers' names).

pub mod convert;
#[cfg(feature = "containers")]
pub(crate) mod engine_json;
#[cfg(feature = "json")]
#[cfg_attr(docsrs, doc(cfg(feature = "json")))]
pub mod json;
pub mod schema;
pub mod text;
