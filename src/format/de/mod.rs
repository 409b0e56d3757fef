//! The serde [`Deserializer`]: Godot Variant bytes into any `T: Deserialize`, borrowing strings and byte
//! arrays from the input where the type asks for them.
//!
//! It is self-describing (`deserialize_any` works, so `serde_json::Value` can be read) and forgiving where
//! Godot values are: an Int of either width goes into any integer type (range-checked), Int or Float into
//! floats, String or StringName into strings, Array or a packed array into sequences, a Dictionary with
//! String/StringName keys into structs (unknown keys skipped), an enum from a String (unit variant) or a
//! one-entry Dictionary.
//!
//! Here: the `from_*` entry points. The files import in one direction, from the top down:
//! - `stream`: the streaming [`Deserializer`], its general path (`next`) and serde's `Deserializer` trait;
//! - `fast`: the fast paths (a value recognised by its exact header word and read straight from the input),
//!   with `words`, the dialects' header words and the word-at-a-time name checks;
//! - `access`: the accesses handed to visitors (Array elements, Dictionary entries and keys, packed
//!   elements, `{"Name": payload}` enums);
//! - `variant`: the deserializer over a decoded `&Variant` (every value the core decoder reads whole); it
//!   lives here, not beside `Variant`'s own serde impls (`format::variant`), because it shares the scalar,
//!   shape and key rules below with the streaming path and is handed values by it;
//! - `key` (a key or name asked for as text), `shape` (math values' components), `scalar` (the scalars'
//!   conversions and the wire rules of their payloads, one home each).

mod access;
mod fast;
mod key;
mod scalar;
mod shape;
mod stream;
mod variant;
mod words;

use serde::de;

use crate::config::Config;
use crate::error::{Error, ErrorKind, Result};

pub use crate::format::magic::SERDE_MAX_DEPTH;
use stream::with_offset;
pub use stream::Deserializer;
pub(crate) use variant::VariantDe;

/// Deserializes one value that must make up the whole input, as the newest Godot 4 wrote it
/// (`Config::default()`). Strings and byte arrays are borrowed from `bytes` where `T` asks for that.
///
/// ```
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Entry<'a> { a: u8, #[serde(default)] note: Option<&'a str> }
/// // Godot 4.6's var_to_bytes({"a": 1}) (tests/fixtures/godot-4.6/values.tsv `dict_a_1`):
/// let bytes = [0x1b, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
/// let e: Entry = godot_bin::from_slice(&bytes)?;
/// assert_eq!(e, Entry { a: 1, note: None });
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[inline(always)]
pub fn from_slice<'de, T: de::Deserialize<'de>>(bytes: &'de [u8]) -> Result<T> {
    from_slice_with(bytes, &Config::default())
}

/// Deserializes one value that must make up the whole input, with `cfg`.
///
/// ```
/// let cfg = godot_bin::Config::new("godot3".parse()?);
/// // var2bytes(Vector2(1, 2)) in Godot 3.x, read as a tuple:
/// let bytes = [5, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40];
/// assert_eq!(godot_bin::from_slice_with::<(f32, f32)>(&bytes, &cfg)?, (1.0, 2.0));
/// assert!(godot_bin::from_slice_with::<(f32, f32)>(&[bytes.as_slice(), &[0]].concat(), &cfg).is_err());
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[inline(always)]
pub fn from_slice_with<'de, T: de::Deserialize<'de>>(bytes: &'de [u8], cfg: &Config) -> Result<T> {
    // As `take_from_slice_with`, without its tuple (a small message's whole result moved once more) and with
    // the errors' offsets and hints built out of line.
    let mut d = Deserializer::new(bytes, cfg);
    // The result is returned as it came (not taken apart and built again), so that it can be written where
    // the caller wants it: a copy of a just-written value is read back in pieces the processor cannot forward
    // from its stores, a stall that cost a small message about a third of its time. Always inlined: left out
    // of line (as `#[inline]` allowed, in the benches), this function's own return is such a copy.
    let mut r = T::deserialize(&mut d);
    match &mut r {
        Ok(_) => {
            let left = d.dec.r.remaining();
            if left != 0 {
                r = Err(trailing_error(bytes, left));
            }
        }
        Err(e) => mend_entry_error(e, d.position(), bytes),
    }
    r
}

/// [`entry_error`] in place.
#[cold]
#[inline(never)]
fn mend_entry_error(e: &mut Error, pos: usize, bytes: &[u8]) {
    let taken = std::mem::replace(e, Error::invalid("", None));
    *e = entry_error(taken, pos, bytes);
}

/// A visitor's own error (a missing field, a wrong type) gets the offset the input was read up to, and any
/// error the hint the whole input suggests (cold: only when a decode fails).
#[cold]
#[inline(never)]
fn entry_error(e: Error, pos: usize, bytes: &[u8]) -> Error {
    with_offset(e, pos).hinted(bytes)
}

/// [`ErrorKind::TrailingBytes`]: `left` bytes after the value that should have been the whole input.
#[cold]
#[inline(never)]
fn trailing_error(bytes: &[u8], left: usize) -> Error {
    Error::at(ErrorKind::TrailingBytes(left), bytes.len() - left).hinted(bytes)
}

/// Deserializes one value from the start of `bytes` and returns it with the bytes that follow it (like
/// `bytes_to_var`, which ignores them).
///
/// ```
/// let cfg = godot_bin::Config::default();
/// // Godot 4.6's var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv `int_1`), then a byte of something else:
/// let bytes = [2, 0, 0, 0, 1, 0, 0, 0, 0xaa];
/// let (x, rest): (i64, _) = godot_bin::de::take_from_slice_with(&bytes, &cfg)?;
/// assert_eq!((x, rest), (1, &[0xaa][..]));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn take_from_slice_with<'de, T: de::Deserialize<'de>>(bytes: &'de [u8], cfg: &Config) -> Result<(T, &'de [u8])> {
    let mut d = Deserializer::new(bytes, cfg);
    let v = T::deserialize(&mut d).map_err(|e| entry_error(e, d.position(), bytes))?;
    Ok((v, d.rest()))
}

/// One value from the start of `bytes`, the bytes after it ignored (as `bytes_to_var` and `get_var` ignore
/// them): [`take_from_slice_with`] without the rest, the result returned as it came (see `from_slice_with`).
#[inline(always)]
pub(crate) fn from_slice_prefix_with<'de, T: de::Deserialize<'de>>(bytes: &'de [u8], cfg: &Config) -> Result<T> {
    let mut d = Deserializer::new(bytes, cfg);
    let mut r = T::deserialize(&mut d);
    if let Err(e) = &mut r {
        mend_entry_error(e, d.position(), bytes);
    }
    r
}

/// Reads an [`io::Read`](std::io::Read) to its end and deserializes the one value it holds
/// (`Config::default()`). Memory use is bounded by the real input: lengths inside it are checked
/// against the bytes actually read before anything is allocated for them.
///
/// ```
/// let data: &[u8] = &[3, 0, 0, 0, 0, 0, 0xc0, 0x3f];
/// assert_eq!(godot_bin::de::from_reader::<_, f64>(data)?, 1.5);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_reader<R: std::io::Read, T: de::DeserializeOwned>(reader: R) -> Result<T> {
    from_reader_with(reader, &Config::default())
}

/// Reads an [`io::Read`](std::io::Read) to its end and deserializes the one value it holds, with `cfg`.
///
/// ```
/// // Godot 3.6's var2bytes("ab") (tests/fixtures/godot-3.6/values.tsv `str_len2`):
/// let data: &[u8] = &[4, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', 0, 0];
/// let s: String = godot_bin::de::from_reader_with(data, &godot_bin::Config::new("godot3".parse()?))?;
/// assert_eq!(s, "ab");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_reader_with<R: std::io::Read, T: de::DeserializeOwned>(mut reader: R, cfg: &Config) -> Result<T> {
    let mut buf = Vec::new();
    reader.read_to_end(&mut buf)?;
    from_slice_with(&buf, cfg)
}

#[cfg(test)]
mod tests;
