//! The wire layer: little-endian primitives, headers and padded strings, shared by the dynamic
//! [`Variant`](crate::Variant) codec and the serde `Serializer`/`Deserializer`.
//!
//! Everything the engines write is little-endian and 4-byte aligned; strings are a u32 byte length, the
//! UTF-8 bytes and zero padding to a multiple of 4.
//!
//! ```
//! use godot_bin::wire::{str_size, Reader, WriteExt};
//! let mut buf = Vec::new();
//! buf.put_u32(7);
//! buf.put_str("abc")?;
//! assert_eq!(buf.len(), 4 + str_size(3));
//! let mut r = Reader::new(&buf);
//! assert_eq!(r.u32()?, 7);
//! assert_eq!(r.string_bytes()?.0, b"abc");
//! assert_eq!(r.remaining(), 0);
//! # Ok::<(), godot_bin::Error>(())
//! ```

// Layer 2 of src/ (see lib.rs and scripts/check-layers.py): uses error.rs and the dialect layer only;
// everything above reads and writes bytes through it.

mod base64;
mod fields;
mod frames;
mod output;
mod reader;
mod reals;
mod utf8;

pub use self::base64::{base64_decode, base64_encode};
pub(crate) use fields::{array_type_bits, count32, dict_type_bits, len32, padded_len};
pub use fields::{int_is_wide, pad_len, str_size, FLAG_64, SHARED_BIT, TYPE_MASK};
pub(crate) use frames::{frame_end, frame_len, Cut, Frames};
pub use output::{BufTarget, Output, WriteExt};
pub(crate) use output::{Lent, Target};
pub use reader::Reader;
pub(crate) use reals::float_as_narrow;
pub use reals::{narrow_exact, narrow_like_engine, widen_exact, widen_like_engine};
pub(crate) use utf8::{
    clean_bytes, clean_marks, clean_word, has_zero_byte32, has_zero_byte64, utf8, utf8_no_nul, HIGH,
};
pub use utf8::{godot_str, Utf8Rule};
