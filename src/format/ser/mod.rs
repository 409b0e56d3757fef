//! The serde [`Serializer`]: any `T: Serialize` to the bytes `var_to_bytes` gives for the equivalent Godot
//! value (see the crate docs for the mapping table).
//!
//! It writes with the wire layer and follows the same rules as [`Variant::encode`](crate::Variant::encode):
//! int 32-bit unless outside i32, float 32-bit iff exactly representable, no header flags in Godot 2, type
//! ids from the dialect's table. Marker types (see [`markers`](crate::markers), [`packed`](crate::packed))
//! announce themselves with `$godot_bin::` struct names and are written as the native Godot type; where a
//! whole fixed-size value is known it is handed to the one [`Variant`] encoder.

use serde::ser::{self, Serialize};

use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};
use crate::wire::{BufTarget, Output, Target};

// The helper serializers accept only the shapes their marker produces; anything else is an error.

/// Serializer methods that refuse with `$msg`: `name(arg: type, …)`, `<T>` for a method generic over a
/// `Serialize` value, `-> type` where it answers other than `Self::Ok`.
macro_rules! reject {
    (@ret) => { Self::Ok };
    (@ret $ret:ty) => { $ret };
    ($msg:expr; $($name:ident $(<$g:ident>)? ($($arg:ident: $t:ty),*) $(-> $ret:ty)?),* $(,)?) => {$(
        fn $name $(<$g: ?Sized + Serialize>)? (self, $(_: $t),*) -> Result<reject!(@ret $($ret)?)> {
            Err(Error::invalid($msg, None))
        }
    )*};
}

/// The methods refused by every helper serializer: `Option`s and the enum variants that carry values.
macro_rules! reject_compounds {
    ($msg:expr) => {
        reject!($msg; serialize_some<T>(v: &T),
            serialize_newtype_variant<T>(n: &'static str, i: u32, v: &'static str, x: &T),
            serialize_tuple_variant(n: &'static str, i: u32, v: &'static str, l: usize) -> Self::SerializeTupleVariant,
            serialize_struct_variant(n: &'static str, i: u32, v: &'static str, l: usize)
                -> Self::SerializeStructVariant);
    };
}

/// The integer methods from `i8` to `u64` (not the 128-bit ones), or those listed, each with `v` widened
/// by `as $wide`.
macro_rules! ints_as {
    ($wide:ty, |$s:ident, $v:ident| $body:expr; $($name:ident: $t:ty),*) => {$(
        #[inline]
        fn $name($s, $v: $t) -> Result<Self::Ok> {
            let $v = $v as $wide;
            $body
        }
    )*};
    ($wide:ty, |$s:ident, $v:ident| $body:expr) => {
        ints_as!($wide, |$s, $v| $body; serialize_i8: i8, serialize_i16: i16, serialize_i32: i32,
            serialize_i64: i64, serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64);
    };
}

/// `SerializeTuple`, `SerializeTupleStruct` and `SerializeTupleVariant` (those named) of a type that is its
/// own `SerializeSeq`: each element as a sequence element, the same end.
macro_rules! like_seq {
    (@one [$($g:tt)*] $ty:ty, $ok:ty, $tr:ident, $m:ident) => {
        impl<$($g)*> ser::$tr for $ty {
            type Ok = $ok;
            type Error = Error;
            fn $m<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<()> {
                ser::SerializeSeq::serialize_element(self, value)
            }
            fn end(self) -> Result<$ok> {
                ser::SerializeSeq::end(self)
            }
        }
    };
    (impl $g:tt $ty:ty => $ok:ty; $($tr:ident::$m:ident),+ $(,)?) => {
        $(like_seq!(@one $g $ty, $ok, $tr, $m);)+
    };
}

mod capture;
mod compound;
mod container;
mod hand_over;
mod math;
mod packed_array;
mod serde_impl;
mod serializer;
mod structs;

pub use serializer::Serializer;

impl ser::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        ErrorKind::Message(msg.to_string()).into()
    }
}

/// Serializes `value` as the newest Godot 4 writes it (`Config::default()`).
///
/// ```
/// #[derive(serde::Serialize)]
/// struct Entry { a: i32 }
/// let bytes = godot_bin::to_vec(&Entry { a: 1 })?;
/// // Godot 4.6's var_to_bytes({"a": 1}) (tests/fixtures/godot-4.6/values.tsv `dict_a_1`):
/// assert_eq!(bytes, [0x1b, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_vec<T: ?Sized + Serialize>(value: &T) -> Result<Vec<u8>> {
    to_vec_with(value, &Config::default())
}

/// The capacity [`to_vec_with`] starts with: a small message (a 72-byte move, a 200-byte state) is written
/// with one allocation, where growing from empty took five.
pub(crate) const INITIAL_CAPACITY: usize = 256;

/// Serializes `value` for the engine and options of `cfg`.
///
/// ```
/// let cfg = godot_bin::Config::new("godot3".parse()?);
/// // Godot 3.6's var2bytes(PoolStringArray(["ab"])), strings NUL-terminated
/// // (tests/fixtures/godot-3.6/values.tsv `pstr_1`):
/// let v = godot_bin::packed::PackedStringArray::from(vec!["ab".to_string()]);
/// assert_eq!(godot_bin::to_vec_with(&v, &cfg)?, [23, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', 0, 0]);
/// // A type the dialect lacks is an error naming both:
/// let err = godot_bin::to_vec_with(&godot_bin::markers::Vector2i::new(1, 2), &cfg).unwrap_err();
/// assert_eq!(err.to_string(), "Vector2i is not available in godot3");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_vec_with<T: ?Sized + Serialize>(value: &T, cfg: &Config) -> Result<Vec<u8>> {
    // Most messages fit: one allocation instead of growing 8, 16, 32, 64, 128 bytes.
    let mut out = Vec::with_capacity(INITIAL_CAPACITY);
    value.serialize(&mut Serializer::new(&mut out, cfg))?;
    Ok(out)
}

/// Serializes `value` (`Config::default()`) into an [`io::Write`](std::io::Write).
///
/// ```
/// let mut out = Vec::new();
/// godot_bin::ser::to_writer(&mut out, &true)?;
/// assert_eq!(out, [1, 0, 0, 0, 1, 0, 0, 0]); // tests/fixtures/godot-4.6/values.tsv `bool_true`
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_writer<W: std::io::Write, T: ?Sized + Serialize>(writer: W, value: &T) -> Result<()> {
    to_writer_with(writer, value, &Config::default())
}

/// Serializes `value` with `cfg` into an [`io::Write`](std::io::Write). The value is built in memory
/// first (counts are patched in), then written with one `write_all`.
///
/// ```
/// let mut out = Vec::new();
/// godot_bin::ser::to_writer_with(&mut out, &5_000_000_000i64, &godot_bin::Config::default())?;
/// // Godot 4.6's var_to_bytes(5000000000) (tests/fixtures/godot-4.6/serde.tsv `int_big`):
/// assert_eq!(out, [2, 0, 1, 0, 0, 0xf2, 5, 0x2a, 1, 0, 0, 0]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_writer_with<W: std::io::Write, T: ?Sized + Serialize>(mut writer: W, value: &T, cfg: &Config) -> Result<()> {
    let bytes = to_vec_with(value, cfg)?;
    writer.write_all(&bytes)?;
    Ok(())
}

/// Serializes `value` (`Config::default()`) and appends it to a buffer: see [`to_buf_with`].
///
/// ```
/// let mut buf = bytes::BytesMut::with_capacity(64);
/// godot_bin::ser::to_buf(&mut buf, &1)?;
/// assert_eq!(&buf[..], [2, 0, 0, 0, 1, 0, 0, 0]); // tests/fixtures/godot-4.6/values.tsv `int_1`
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_buf<B: BufTarget, T: ?Sized + Serialize>(buf: &mut B, value: &T) -> Result<()> {
    to_buf_with(buf, value, &Config::default())
}

/// Serializes `value` with `cfg` and appends it to a [`bytes::BufMut`](https://docs.rs/bytes/1/bytes/trait.BufMut.html) ([`BufTarget`]): straight into a
/// `BytesMut` or `Vec<u8>` (no buffer of its own, no copy); built in a `Vec` and copied into any other
/// buffer. A buffer without room for the value (`&mut [u8]`, `Limit`) is an
/// [`InvalidLength`](ErrorKind::InvalidLength) error with the value's size, with nothing written; on any
/// error the buffer is left as it was. The buffer comes first, as the writer of [`to_writer_with`] does.
///
/// ```
/// let mut buf = bytes::BytesMut::new();
/// godot_bin::ser::to_buf_with(&mut buf, &"ab", &godot_bin::Config::default())?;
/// // Godot 4.6's var_to_bytes("ab") (tests/fixtures/godot-4.6/values.tsv `str_len2`):
/// assert_eq!(&buf[..], [4, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', 0, 0]);
/// // A slice too small for the value:
/// let mut space = [0u8; 8];
/// let err = godot_bin::ser::to_buf_with(&mut &mut space[..], &"ab", &godot_bin::Config::default()).unwrap_err();
/// assert!(matches!(err.kind(), godot_bin::ErrorKind::InvalidLength { value: 12 }));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_buf_with<B: BufTarget, T: ?Sized + Serialize>(buf: &mut B, value: &T, cfg: &Config) -> Result<()> {
    match buf.in_place() {
        Some(Target::Vec(out)) => append(value, out, cfg),
        Some(Target::Bytes(out)) => append(value, out, cfg),
        None => {
            let bytes = to_vec_with(value, cfg)?;
            if buf.remaining_mut() < bytes.len() {
                return Err(ErrorKind::InvalidLength { value: bytes.len() as u64 }.into());
            }
            buf.put_slice(&bytes);
            Ok(())
        }
    }
}

/// Appends `value` to `out` in place; on error `out` is cut back to what it held before.
fn append<T: ?Sized + Serialize, O: Output>(value: &T, out: &mut O, cfg: &Config) -> Result<()> {
    let start = out.pos();
    let r = value.serialize(&mut Serializer::new(&mut *out, cfg));
    if r.is_err() {
        out.cut(start);
    }
    r
}
