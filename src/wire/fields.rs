//! Headers and length fields: the flag and type bits of a header, the engines' int width rule, padding,
//! and the signed 32-bit lengths and counts.

use crate::error::{ErrorKind, Result};

/// Header flag bit 16: 64-bit INT/FLOAT/math payload, or object-as-id on OBJECT.
pub(crate) const FLAG_64: u32 = 1 << 16;
/// The type id is the low 8 bits of a header.
pub(crate) const TYPE_MASK: u32 = 0xFF;
/// The "shared" bit of Godot 2 container counts, masked off by every later decoder.
pub(crate) const SHARED_BIT: u32 = 0x8000_0000;

/// Bytes of padding after `len` bytes of data.
#[inline]
pub(crate) fn pad_len(len: usize) -> usize {
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
#[inline]
pub(crate) fn int_is_wide(i: i64, has_flags: bool) -> Result<bool> {
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
