//! The save inspector's model: one open document (a Godot save, container, stream or ConfigFile) behind a
//! small JSON API of ops (`open`, `children`, `set`, `save`, …; see [`Session::call`]). Plain Rust on
//! godot_bin's public API, tested natively; `ffi` (wasm32 only) exposes it to the page's worker.

// Unsafe code only where the wasm FFI needs it (`ffi`, which allows it for itself).
#![deny(unsafe_code)]
#![warn(missing_docs)]

/// Runs `$body` with `$xs` bound to the elements of the packed array `$v` (a `&Variant` or `&mut Variant`)
/// and `$make` to that packed array's constructor (from a `Vec` of the elements); `$other` for any other
/// value. The one list of the packed arrays in this crate: each element type is `Clone` and `Into<Variant>`.
macro_rules! match_packed {
    ($v:expr, |$xs:ident, $make:ident| $body:expr, $other:expr) => {
        match_packed!(@arms $v, $xs, $make, $body, $other; PackedByteArray, PackedInt32Array, PackedInt64Array,
            PackedFloat32Array, PackedFloat64Array, PackedStringArray, PackedVector2Array, PackedVector3Array,
            PackedColorArray, PackedVector4Array, PackedVector2iArray, PackedVector3iArray, PackedVector4iArray)
    };
    (@arms $v:expr, $xs:ident, $make:ident, $body:expr, $other:expr; $($name:ident),*) => {
        match $v {
            $(Variant::$name($xs) => {
                #[allow(unused_variables)]
                let $make = Variant::$name;
                $body
            })*
            _ => $other,
        }
    };
}

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
