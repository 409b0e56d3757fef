//! Headers and length fields: the flag and type bits of a header, the engines' int width rule, padding,
//! and the signed 32-bit lengths and counts.

use crate::error::{ErrorKind, Result};

/// Header flag bit 16: 64-bit INT/FLOAT/math payload, or object-as-id on OBJECT.
///
/// ```
/// use godot_bin::wire::{Reader, FLAG_64};
/// // Godot 4.6 var_to_bytes(2147483648), tests/fixtures/godot-4.6/values.tsv (int_i32_max_p1)
/// let bytes = [0x02, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00];
/// let mut r = Reader::new(&bytes);
/// assert_ne!(r.u32()? & FLAG_64, 0);
/// assert_eq!(r.i64()?, 2_147_483_648);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub const FLAG_64: u32 = 1 << 16;
/// The type id is the low 8 bits of a header.
///
/// ```
/// use godot_bin::{wire::{Reader, TYPE_MASK}, Dialect, value::TypeKind};
/// // Godot 4.6 var_to_bytes(0.1), tests/fixtures/godot-4.6/values.tsv (float_0_1)
/// let bytes = [0x03, 0x00, 0x01, 0x00, 0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f];
/// let header = Reader::new(&bytes).u32()?;
/// assert_eq!(Dialect::Godot4_6.type_kind(header & TYPE_MASK), Some(TypeKind::Float));
/// // Unmasked, the flag bits make it no type id at all.
/// assert_eq!(Dialect::Godot4_6.type_kind(header), None);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub const TYPE_MASK: u32 = 0xFF;
/// The "shared" bit of Godot 2 container counts, masked off by every later decoder.
///
/// ```
/// use godot_bin::wire::{Reader, SHARED_BIT};
/// // Godot 2.1 var2bytes([[]]), tests/fixtures/godot-2.1/samples.tsv (edge-31)
/// let bytes = [0x15, 0, 0, 0, 0x01, 0, 0, 0x80, 0x15, 0, 0, 0, 0x00, 0, 0, 0x80];
/// let mut r = Reader::new(&bytes[4..]);
/// // Read raw, the count is no valid length; with the bit masked off it is 1.
/// assert!(r.clone().count(u32::MAX, 4).is_err());
/// assert_eq!(r.count(!SHARED_BIT, 4)?, 1);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub const SHARED_BIT: u32 = 0x8000_0000;

/// Bytes of padding after `len` bytes of data.
///
/// ```
/// use godot_bin::wire::pad_len;
/// assert_eq!(pad_len(4), 0);
/// assert_eq!(pad_len(5), 3);
/// for len in 0..32 {
///     assert!(pad_len(len) < 4);
///     assert_eq!((len + pad_len(len)) % 4, 0);
/// }
/// ```
#[inline]
pub fn pad_len(len: usize) -> usize {
    (4 - (len & 3)) & 3
}

/// `len` bytes of data with their padding: `len + pad_len(len)`, the next multiple of 4 (in two
/// instructions, which the compiler does not find from `pad_len`'s form).
#[inline]
pub(crate) fn padded_len(len: usize) -> usize {
    (len + 3) & !3
}

/// The engines' rule for an int: 32 bits when it fits in i32, else the 64-bit flag and 64 bits
/// (`Ok(true)`). Godot 2 has no flags and only 32-bit ints, so a larger value is an error there rather
/// than a silently different number.
///
/// ```
/// use godot_bin::{wire::int_is_wide, ErrorKind};
/// assert!(!int_is_wide(i32::MIN.into(), true)?);
/// assert!(int_is_wide(i64::from(i32::MAX) + 1, true)?);
/// // Without header flags (Godot 2) the value cannot be written at all.
/// let err = int_is_wide(1 << 40, false).unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::IntegerOutOfRange(v) if *v == 1 << 40));
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[inline]
pub fn int_is_wide(i: i64, has_flags: bool) -> Result<bool> {
    let fits = i32::try_from(i).is_ok();
    if !fits && !has_flags {
        return Err(ErrorKind::IntegerOutOfRange(i as i128).into());
    }
    Ok(!fits)
}

/// The element-type bits of a typed ARRAY header (Godot 4.3+): 0 untyped, 1 builtin, 2 class, 3 script.
#[inline]
pub(crate) fn array_type_bits(header: u32) -> u32 {
    (header >> 16) & 3
}

/// The key- and value-type bits of a typed DICTIONARY header (Godot 4.4+), each as in [`array_type_bits`].
#[inline]
pub(crate) fn dict_type_bits(header: u32) -> (u32, u32) {
    ((header >> 16) & 3, (header >> 18) & 3)
}

/// A length or count as the engines' signed 32-bit field holds it: above 2³¹ − 1 an `InvalidLength`
/// error (the engines, and our decoders, refuse such a field).
#[inline]
pub(crate) fn len32(n: usize) -> Result<u32> {
    if n > i32::MAX as usize {
        return Err(ErrorKind::InvalidLength { value: n as u64 }.into());
    }
    Ok(n as u32)
}

/// A packed array's element count, checked as [`len32`] and also for its byte size (`n × elem` bytes):
/// the engines compute that size in a signed 32-bit int and refuse arrays whose size overflows it.
#[inline]
pub(crate) fn count32(n: usize, elem: usize) -> Result<u32> {
    match n.checked_mul(elem) {
        Some(bytes) if bytes <= i32::MAX as usize => Ok(n as u32),
        _ => Err(ErrorKind::InvalidLength { value: n as u64 }.into()),
    }
}

/// Bytes a string field takes on the wire.
///
/// ```
/// use godot_bin::wire::{str_size, WriteExt};
/// for s in ["", "a", "abcd", "abcde"] {
///     let mut buf = Vec::new();
///     buf.put_str(s);
///     assert_eq!(buf.len(), str_size(s.len()));
/// }
/// assert_eq!(str_size(5), 12);
/// ```
#[inline]
pub fn str_size(len: usize) -> usize {
    4 + len + pad_len(len)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_len_is_len_and_its_padding() {
        for len in 0..64 {
            assert_eq!(padded_len(len), len + pad_len(len));
        }
    }
}
