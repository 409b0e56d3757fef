//! The serde format: the mapping of Rust types, structs against engine-written bytes, buffered
//! (`Deserialize` through a `Variant`) and in-place encoding.

#[path = "../common/mod.rs"]
mod common;

mod encode_in_place;
mod serde_buffered;
mod serde_engine;
mod serde_mapping;
mod serde_variant;
mod state;
