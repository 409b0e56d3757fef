//! The wire layer: little-endian primitives, headers and padded strings, shared by the dynamic
//! [`Variant`](crate::Variant) codec and the serde `Serializer`/`Deserializer`.
//!
//! Everything the engines write is little-endian and 4-byte aligned; strings are a u32 byte length, the
//! UTF-8 bytes and zero padding to a multiple of 4.

// Layer 2 of src/ (see lib.rs and scripts/check-layers.py): uses error.rs and the dialect layer only;
// everything above reads and writes bytes through it.

mod base64;
mod fields;
mod frames;
mod output;
mod reader;
mod reals;
mod sniff;
mod utf8;

pub use self::base64::base64_decode;
pub use self::base64::base64_encode;
pub(crate) use fields::{array_type_bits, count32, dict_type_bits, len32, padded_len};
pub(crate) use fields::{int_is_wide, pad_len, FLAG_64, SHARED_BIT, TYPE_MASK};
#[cfg(feature = "containers")]
pub(crate) use frames::{frame_end, le_u32_at, le_u64_at};
pub(crate) use frames::{frame_len, u16_in, u32_in, u64_in, Cut, Frames};
pub use output::{BufTarget, Output};
pub(crate) use output::{Lent, Target};
pub(crate) use reader::Reader;
pub(crate) use reals::float_as_narrow;
pub use reals::{narrow_exact, narrow_like_engine, widen_exact, widen_like_engine};
pub(crate) use utf8::{
    clean_bytes, clean_marks, clean_word, has_zero_byte32, has_zero_byte64, utf8, utf8_no_nul, HIGH,
};
pub(crate) use utf8::{godot_str, Utf8Rule};
