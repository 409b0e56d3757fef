//! Input and output: store_var/put_var framing, the engines' encrypted and compressed files, detection of
//! the dialect and framing, and the tokio codecs.

#[path = "../common/mod.rs"]
mod common;

mod containers;
mod detect;
mod error_kinds;
mod file_engine;
mod framing;
mod resource;
mod resource_fixtures;
mod resource_serde;
mod tokio_codec;
mod tokio_in_place;
