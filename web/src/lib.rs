//! The save inspector's model: one open document (a Godot save, container, stream or ConfigFile) behind a
//! small JSON API of ops (`open`, `children`, `set`, `save`, …; see [`Session::call`]). Plain Rust on
//! godot_bin's public API, tested natively; `ffi` (wasm32 only) exposes it to the page's worker.

// Unsafe code only where the wasm FFI needs it (`ffi`, which allows it for itself).
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod diff;
mod edit;
#[cfg(target_arch = "wasm32")]
mod ffi;
mod names;
mod open;
mod ops;
mod session;
mod textmap;
mod tree;

pub use session::{OpError, Reply, Session};

/// The largest file the model opens: larger ones are refused before reading.
pub const MAX_FILE: usize = 256 << 20;
