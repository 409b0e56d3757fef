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

use crate::error::{Error, ErrorKind, Result};
use sealed::Sealed as _;
/// The encoders' lent buffer and `to_buf_with`'s in-place targets, for the format layer.
pub(crate) use sealed::{Lent, Target};

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
/// use godot_bin::{wire::{Reader, TYPE_MASK}, Dialect, TypeKind};
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

/// The text of `b` when it is valid UTF-8: `std::str::from_utf8`'s answer, reached faster for ASCII.
///
/// Names, keys and most of a game's strings are short and ASCII. For those, `from_utf8` costs about 90
/// instructions a string (its per-byte loop and set-up), `is_ascii` about 15; the game state's typed decode
/// took 8-9% less time with this (benches/README.md, round six). Every string the decoders borrow from the
/// input goes through here.
#[inline]
#[allow(unsafe_code)] // The crate's only unsafe code (lib.rs denies it everywhere else).
pub(crate) fn utf8(b: &[u8]) -> Option<&str> {
    // From 4 to 16 bytes, two overlapping words cover them all (`is_ascii` walks bytes below 8).
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let ascii = match b.len() {
        8..=16 => match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
            (Some(x), Some(y)) => (u64::from_le_bytes(*x) | u64::from_le_bytes(*y)) & HIGH == 0,
            _ => false,
        },
        4..=7 => match (b.first_chunk::<4>(), b.last_chunk::<4>()) {
            (Some(x), Some(y)) => (u32::from_le_bytes(*x) | u32::from_le_bytes(*y)) & HIGH as u32 == 0,
            _ => false,
        },
        _ => b.is_ascii(),
    };
    if ascii {
        // SAFETY: bytes that are all below 0x80 are valid UTF-8 (each is a one-byte code point), which is
        // all `from_utf8_unchecked` asks. Run under miri by `.ci/run` (the tests `utf8_*` below).
        return Some(unsafe { std::str::from_utf8_unchecked(b) });
    }
    std::str::from_utf8(b).ok()
}

/// Whether a little-endian word of string bytes holds a zero byte (a NUL, which cuts a Godot string): one
/// subtraction and two masks. Exact as a yes/no (the borrow can only mark bytes above a zero one).
#[inline(always)]
pub(crate) fn has_zero_byte64(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    w.wrapping_sub(ONES) & !w & (ONES << 7) != 0
}

/// [`has_zero_byte64`] for a 4-byte word.
#[inline(always)]
pub(crate) fn has_zero_byte32(w: u32) -> bool {
    const ONES: u32 = 0x0101_0101;
    w.wrapping_sub(ONES) & !w & (ONES << 7) != 0
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

/// The engines' float width rule (`encode_variant`): a float goes out as 32 bits iff `(double)(float)v == v`
/// (so NaN always takes 64 bits), and always as 32 bits without header flags (Godot 2). Returns the f32 to
/// write, or `None` for 64 bits with [`FLAG_64`]. The one home of the rule for both encoders.
#[inline]
pub(crate) fn float_as_narrow(f: f64, has_flags: bool) -> Option<f32> {
    let narrow = narrow_like_engine(f);
    (!has_flags || narrow as f64 == f).then_some(narrow)
}

/// Widens an f32 to f64 keeping every bit of information, including a NaN's payload and its
/// signalling bit; [`narrow_exact`] undoes it. Used to hold single-precision `real_t` values in f64.
///
/// ```
/// use godot_bin::wire::{narrow_exact, widen_exact};
/// assert_eq!(widen_exact(0.1f32), f64::from(0.1f32));
/// // A signalling NaN keeps its payload and comes back bit for bit.
/// let snan = f32::from_bits(0x7F80_0001);
/// assert!(widen_exact(snan).is_nan());
/// assert_eq!(narrow_exact(widen_exact(snan)).to_bits(), 0x7F80_0001);
/// ```
#[inline]
pub fn widen_exact(x: f32) -> f64 {
    if x.is_nan() {
        let b = x.to_bits();
        let sign = ((b >> 31) as u64) << 63;
        let mant = ((b & 0x007F_FFFF) as u64) << 29;
        f64::from_bits(sign | 0x7FF0_0000_0000_0000 | mant)
    } else {
        x as f64
    }
}

/// Narrows an f64 to f32: the exact inverse of [`widen_exact`] for values it produced; otherwise rounds to
/// nearest like a C `(float)` cast, and keeps NaNs NaN (high payload bits kept; a NaN whose payload sits only
/// in the low bits an f32 lacks comes out as the quiet NaN of its sign, quiet bit 0x0040_0000 set).
///
/// ```
/// use godot_bin::wire::{narrow_exact, widen_exact};
/// assert_eq!(narrow_exact(0.1), 0.1f32); // rounds to nearest
/// let neg_nan = f32::from_bits(0xFFC0_1234);
/// assert_eq!(narrow_exact(widen_exact(neg_nan)).to_bits(), 0xFFC0_1234);
/// // A NaN whose payload sits only in bits an f32 lacks is still a NaN: the quiet one.
/// assert_eq!(narrow_exact(f64::from_bits(0x7FF0_0000_0000_0001)).to_bits(), 0x7FC0_0000);
/// ```
#[inline]
pub fn narrow_exact(x: f64) -> f32 {
    if x.is_nan() {
        let b = x.to_bits();
        let sign = ((b >> 63) as u32) << 31;
        let mut mant = ((b >> 29) & 0x007F_FFFF) as u32;
        if mant == 0 {
            mant = 0x0040_0000;
        }
        f32::from_bits(sign | 0x7F80_0000 | mant)
    } else {
        x as f32
    }
}

/// Widens an f32 the way the engines' C++ `(double)` cast does on x86-64 and ARM: a NaN comes out quiet
/// with its payload kept.
///
/// ```
/// use godot_bin::wire::{widen_exact, widen_like_engine};
/// assert_eq!(widen_like_engine(1.5), 1.5);
/// const QUIET: u64 = 0x0008_0000_0000_0000;
/// let snan = f32::from_bits(0x7F80_0001);
/// let wide = widen_like_engine(snan).to_bits();
/// assert_eq!(wide & QUIET, QUIET); // made quiet...
/// assert_eq!(wide & !QUIET, widen_exact(snan).to_bits()); // ...payload kept
/// ```
#[inline]
pub fn widen_like_engine(x: f32) -> f64 {
    if x.is_nan() {
        f64::from_bits(widen_exact(x).to_bits() | 0x0008_0000_0000_0000)
    } else {
        x as f64
    }
}

/// Narrows an f64 the way the engines' C++ `(float)` cast does: round to nearest, NaN quiet with its high
/// payload bits kept.
///
/// ```
/// use godot_bin::wire::narrow_like_engine;
/// assert_eq!(narrow_like_engine(0.5), 0.5f32);
/// assert_eq!(narrow_like_engine(1e300), f32::INFINITY);
/// let nan = narrow_like_engine(f64::from_bits(0x7FF0_0000_0000_0001)); // signalling
/// assert!(nan.is_nan());
/// assert_ne!(nan.to_bits() & 0x0040_0000, 0); // quiet
/// ```
#[inline]
pub fn narrow_like_engine(x: f64) -> f32 {
    if x.is_nan() {
        f32::from_bits(narrow_exact(x).to_bits() | 0x0040_0000)
    } else {
        x as f32
    }
}

/// Reads primitives from a byte slice, tracking the offset for error messages. Returns borrowed data.
///
/// ```
/// use godot_bin::wire::Reader;
/// let bytes = [1, 0, 0, 0, 0xff];
/// let mut r = Reader::new(&bytes);
/// assert_eq!(r.u32()?, 1);
/// let err = r.u32().unwrap_err();
/// assert_eq!(err.offset(), Some(4)); // where the failed field starts
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    /// The whole input.
    whole: &'a [u8],
    /// What is left of it (a tail of `whole`): read without an offset's bounds check.
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    /// A reader at the start of `buf`.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let r = Reader::new(b"abcd");
    /// assert_eq!((r.pos(), r.remaining()), (0, 4));
    /// assert_eq!(r.rest(), b"abcd");
    /// ```
    pub fn new(buf: &'a [u8]) -> Self {
        Reader { whole: buf, rest: buf }
    }

    /// The whole buffer, read and unread (an error's path re-reads from it).
    #[inline]
    pub(crate) fn whole(&self) -> &'a [u8] {
        self.whole
    }

    /// Bytes read so far (the offset of the next byte).
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(&[0; 10]);
    /// r.take(3)?;
    /// r.u32()?;
    /// assert_eq!(r.pos(), 7);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn pos(&self) -> usize {
        self.whole.len() - self.rest.len()
    }

    /// Bytes left.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(&[0; 10]);
    /// r.u64()?;
    /// assert_eq!(r.remaining(), 2);
    /// assert_eq!(r.pos() + r.remaining(), 10);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// The unread rest of the input.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(b"headtail");
    /// r.skip(4)?;
    /// assert_eq!(r.rest(), b"tail");
    /// assert_eq!(r.pos(), 4); // looking does not consume
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn rest(&self) -> &'a [u8] {
        self.rest
    }

    /// An end-of-input error for a field of `n` bytes at the current offset: `needed` is what the input lacks
    /// (meant for when fewer than `n` bytes remain, as [`Reader::take`] uses it; otherwise it says 0).
    ///
    /// ```
    /// use godot_bin::{wire::Reader, ErrorKind};
    /// let mut r = Reader::new(&[0; 6]);
    /// r.skip(4)?;
    /// let err = r.eof(8); // an 8-byte field with 2 bytes left
    /// assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { needed: 6 }));
    /// assert_eq!(err.offset(), Some(4));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[cold]
    pub fn eof(&self, n: usize) -> Error {
        Error::at(ErrorKind::UnexpectedEof { needed: n - self.remaining().min(n) }, self.pos())
    }

    /// Takes the next `n` bytes.
    ///
    /// ```
    /// use godot_bin::{wire::Reader, ErrorKind};
    /// let mut r = Reader::new(b"abcde");
    /// assert_eq!(r.take(3)?, b"abc");
    /// let err = r.take(4).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { needed: 2 }));
    /// assert_eq!(r.pos(), 3); // a failed take consumes nothing
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.remaining() < n {
            return Err(self.eof(n));
        }
        let (s, rest) = self.rest.split_at(n);
        self.rest = rest;
        Ok(s)
    }

    /// Takes the next `N` bytes as an array.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(&[1, 2, 3, 4, 5]);
    /// let a: [u8; 2] = r.array()?;
    /// assert_eq!(a, [1, 2]);
    /// assert!(r.array::<4>().is_err());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let s = self.take(N)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    /// Skips `n` bytes (which must be there).
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(&[0; 6]);
    /// r.skip(4)?;
    /// assert_eq!(r.pos(), 4);
    /// assert!(r.skip(4).is_err()); // only 2 bytes are left
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn skip(&mut self, n: usize) -> Result<()> {
        self.take(n).map(|_| ())
    }

    /// Skips up to `n` bytes, stopping at the end of input (for padding the engines do not require).
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(&[0; 6]);
    /// r.skip_lenient(4);
    /// r.skip_lenient(4); // only 2 bytes left: stops at the end
    /// assert_eq!((r.pos(), r.remaining()), (6, 0));
    /// ```
    #[inline]
    pub fn skip_lenient(&mut self, n: usize) {
        self.rest = self.rest.split_at(n.min(self.rest.len())).1;
    }

    /// A u32.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(&[0x78, 0x56, 0x34, 0x12, 0xff]);
    /// assert_eq!(r.u32()?, 0x1234_5678); // little-endian
    /// assert!(r.u32().is_err());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn u32(&mut self) -> Result<u32> {
        self.array::<4>().map(u32::from_le_bytes)
    }

    /// An i32.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let mut r = Reader::new(&[0xfe, 0xff, 0xff, 0xff]);
    /// assert_eq!(r.i32()?, -2);
    /// assert_eq!(r.remaining(), 0);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn i32(&mut self) -> Result<i32> {
        self.array::<4>().map(i32::from_le_bytes)
    }

    /// A u64.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// let bytes = [8, 7, 6, 5, 4, 3, 2, 1];
    /// let mut r = Reader::new(&bytes);
    /// assert_eq!(r.u64()?, 0x0102_0304_0506_0708);
    /// assert!(Reader::new(&bytes[..7]).u64().is_err());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn u64(&mut self) -> Result<u64> {
        self.array::<8>().map(u64::from_le_bytes)
    }

    /// An i64.
    ///
    /// ```
    /// use godot_bin::wire::{Reader, WriteExt};
    /// let mut buf = Vec::new();
    /// buf.put_u64(i64::MIN as u64);
    /// assert_eq!(Reader::new(&buf).i64()?, i64::MIN);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn i64(&mut self) -> Result<i64> {
        self.array::<8>().map(i64::from_le_bytes)
    }

    /// An f32, bits exactly as stored.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// assert_eq!(Reader::new(&1.5f32.to_le_bytes()).f32()?, 1.5);
    /// // A signalling NaN is not quieted on the way in.
    /// let snan = Reader::new(&0x7F80_0001u32.to_le_bytes()).f32()?;
    /// assert_eq!(snan.to_bits(), 0x7F80_0001);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn f32(&mut self) -> Result<f32> {
        self.array::<4>().map(f32::from_le_bytes)
    }

    /// An f64, bits exactly as stored.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// assert_eq!(Reader::new(&0.1f64.to_le_bytes()).f64()?, 0.1);
    /// let bits = 0x7FF0_0000_0000_0001u64;
    /// assert_eq!(Reader::new(&bits.to_le_bytes()).f64()?.to_bits(), bits);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn f64(&mut self) -> Result<f64> {
        self.array::<8>().map(f64::from_le_bytes)
    }

    /// A count or length field: a u32 that must be a non-negative i32 once `mask` is applied, and whose
    /// elements (each at least `min_elem_size` bytes) must fit in the remaining input. This bounds every
    /// allocation by the input size.
    ///
    /// ```
    /// use godot_bin::{wire::Reader, ErrorKind};
    /// // A count of 2, then two 4-byte elements.
    /// let ok = [2, 0, 0, 0, 10, 0, 0, 0, 20, 0, 0, 0];
    /// assert_eq!(Reader::new(&ok).count(u32::MAX, 4)?, 2);
    /// // A count of 3 whose elements cannot fit in the 8 bytes left: refused before any allocation.
    /// let short = [3, 0, 0, 0, 10, 0, 0, 0, 20, 0, 0, 0];
    /// let err = Reader::new(&short).count(u32::MAX, 4).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::InvalidLength { value: 3 }));
    /// assert_eq!(err.offset(), Some(0));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn count(&mut self, mask: u32, min_elem_size: usize) -> Result<usize> {
        let at = self.pos();
        let raw = self.u32()? & mask;
        if raw > i32::MAX as u32 {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        let n = raw as usize;
        if n.saturating_mul(min_elem_size) > self.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        Ok(n)
    }

    /// The raw bytes of a padded string field: u32 length, bytes, padding (which must be present, as in
    /// Godot 3.1+ and 4.x). Returns the data bytes and the offset where they start.
    ///
    /// ```
    /// use godot_bin::wire::Reader;
    /// // Godot 4.6 var_to_bytes("abcde"), tests/fixtures/godot-4.6/values.tsv (str_len5)
    /// let bytes = [0x04, 0, 0, 0, 0x05, 0, 0, 0, b'a', b'b', b'c', b'd', b'e', 0, 0, 0];
    /// let mut r = Reader::new(&bytes);
    /// r.skip(4)?; // the header
    /// assert_eq!(r.string_bytes()?, (&b"abcde"[..], 8));
    /// assert_eq!(r.remaining(), 0); // the padding was consumed too
    /// // Cut off before its padding, the field is refused.
    /// assert!(Reader::new(&bytes[4..13]).string_bytes().is_err());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn string_bytes(&mut self) -> Result<(&'a [u8], usize)> {
        let at = self.pos();
        let raw = self.u32()?;
        if raw > i32::MAX as u32 {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        let len = raw as usize;
        let total = len + pad_len(len);
        if total > self.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        let start = self.pos();
        let (field, rest) = self.rest.split_at(total);
        self.rest = rest;
        Ok((&field[..len], start))
    }
}

/// How a dialect turns a string field's bytes into text.
///
/// ```
/// use godot_bin::wire::{godot_str, Utf8Rule};
/// let bad = b"a\xffb";
/// assert!(godot_str(bad, Utf8Rule::Strict, 0).is_err());
/// assert!(godot_str(bad, Utf8Rule::Godot3, 0).is_err());
/// assert_eq!(godot_str(bad, Utf8Rule::Lossy, 0)?, "a\u{FFFD}b");
/// // A surrogate pair written as two 3-byte forms (CESU-8): only Godot 3's parser takes it.
/// let cesu = b"\xED\xA0\xBD\xED\xB8\x80";
/// assert!(godot_str(cesu, Utf8Rule::Strict, 0).is_err());
/// assert_eq!(godot_str(cesu, Utf8Rule::Godot3, 0)?, "\u{1F600}");
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Utf8Rule {
    /// Invalid UTF-8 fails the decode (Godot 4.x, Pandemonium 3.8+).
    Strict,
    /// Godot 3's parser (also Pandemonium 3.5–3.7): accepts most overlong forms, surrogates and 5/6-byte
    /// forms. Text is kept as Godot 3.6 writes it back: a surrogate pair becomes its character, a lone
    /// surrogate a space. Code points above U+10FFFF, which no Rust string can hold, are an error.
    Godot3,
    /// Invalid UTF-8 is tolerated (Godot 2): replaced by U+FFFD.
    Lossy,
}

/// Turns a string field's bytes into text the way every engine does: the text ends at the first NUL inside
/// the declared length, and a leading UTF-8 byte order mark is dropped. Borrows when it can.
///
/// ```
/// use godot_bin::wire::{godot_str, Utf8Rule};
/// use std::borrow::Cow;
/// assert_eq!(godot_str(b"ab\0cd", Utf8Rule::Strict, 0)?, "ab");
/// assert!(matches!(godot_str(b"\xEF\xBB\xBFhi", Utf8Rule::Strict, 0)?, Cow::Borrowed("hi")));
/// // `at` is where the bytes start in the input, so errors point into the input.
/// let err = godot_str(b"ok\xff", Utf8Rule::Strict, 8).unwrap_err();
/// assert_eq!(err.offset(), Some(10));
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[inline]
pub fn godot_str(bytes: &[u8], rule: Utf8Rule, at: usize) -> Result<std::borrow::Cow<'_, str>> {
    let bytes = match memchr0(bytes) {
        Some(i) => &bytes[..i],
        None => bytes,
    };
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Some(s) = utf8(bytes) {
        return Ok(std::borrow::Cow::Borrowed(s));
    }
    // Not UTF-8: the dialect's rule decides.
    match rule {
        Utf8Rule::Strict => {
            let valid = std::str::from_utf8(bytes).err().map_or(bytes.len(), |e| e.valid_up_to());
            Err(Error::at(ErrorKind::InvalidUtf8, at + valid))
        }
        Utf8Rule::Godot3 => {
            godot3_utf8(bytes).map(std::borrow::Cow::Owned).map_err(|i| Error::at(ErrorKind::InvalidUtf8, at + i))
        }
        Utf8Rule::Lossy => Ok(String::from_utf8_lossy(bytes)),
    }
}

/// Godot 3's lenient UTF-8 parser. `Err(i)`: the offending sequence starts at byte `i`.
fn godot3_utf8(b: &[u8]) -> std::result::Result<String, usize> {
    // Code units as Godot 3 holds them (32-bit), then surrogates resolved as 3.6 writes them back.
    let mut units: Vec<u32> = Vec::with_capacity(b.len());
    let mut starts: Vec<usize> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let lead = b[i];
        let (n, payload, overlong_limit) = match lead {
            0x00..=0x7F => (1, lead as u32, 0),
            0xC2..=0xDF => (2, (lead & 0x1F) as u32, 0),
            0xE0..=0xEF => (3, (lead & 0x0F) as u32, 0x8F),
            0xF0..=0xF7 => (4, (lead & 0x07) as u32, 0x87),
            0xF8..=0xFB => (5, (lead & 0x03) as u32, 0x83),
            0xFC..=0xFD => (6, (lead & 0x01) as u32, 0x81),
            _ => return Err(i), // stray continuation byte, C0/C1, FE/FF
        };
        if i + n > b.len() {
            return Err(i);
        }
        let cont = &b[i + 1..i + n];
        if cont.iter().any(|&c| c & 0xC0 != 0x80) {
            return Err(i);
        }
        // Only overlongs whose first payload bits are all zero up to the third byte are caught.
        if n >= 3 && payload == 0 && cont[0] == 0x80 && cont[1] <= overlong_limit {
            return Err(i);
        }
        let v = cont.iter().fold(payload, |acc, &c| (acc << 6) | (c & 0x3F) as u32);
        units.push(v);
        starts.push(i);
        i += n;
    }
    let mut out = String::with_capacity(b.len());
    let mut k = 0;
    while k < units.len() {
        let u = units[k];
        let c = match u {
            0xD800..=0xDBFF if matches!(units.get(k + 1), Some(0xDC00..=0xDFFF)) => {
                k += 1;
                char::from_u32(0x10000 + ((u - 0xD800) << 10) + (units[k] - 0xDC00))
            }
            0xD800..=0xDFFF => Some(' '),
            _ => char::from_u32(u),
        };
        match c {
            Some(c) => out.push(c),
            None => return Err(starts[k]),
        }
        k += 1;
    }
    Ok(out)
}

#[inline]
fn memchr0(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == 0)
}

/// Where the encoders write: a byte buffer they append to and patch in place (a container's count is
/// written after its elements). Sealed: implemented for `Vec<u8>` and [`bytes::BytesMut`](https://docs.rs/bytes/1/bytes/struct.BytesMut.html), so the
/// [`Serializer`](crate::Serializer), [`Variant::encode_into`](crate::Variant::encode_into) and
/// [`framing::put_var_into`](crate::framing::put_var_into) write straight into either, with no buffer of
/// their own and no copy.
///
/// ```
/// use godot_bin::{wire::Output, Config, Serializer};
/// use serde::Serialize;
/// fn append<O: Output>(out: &mut O) -> Result<(), godot_bin::Error> {
///     (1, "a").serialize(&mut Serializer::new(out, &Config::default()))
/// }
/// let (mut v, mut b) = (Vec::new(), bytes::BytesMut::with_capacity(64));
/// append(&mut v)?;
/// append(&mut b)?;
/// assert_eq!(v, &b[..]);
/// assert_eq!(v, godot_bin::to_vec(&(1, "a"))?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub trait Output: sealed::Sealed {}

impl Output for Vec<u8> {}
impl Output for bytes::BytesMut {}

/// A [`bytes::BufMut`](https://docs.rs/bytes/1/bytes/trait.BufMut.html) that [`to_buf_with`](crate::to_buf_with) can write to. A `Vec<u8>` or a `BytesMut`
/// (also behind `&mut` or a `Box`) is an [`Output`]: the value is written straight into it. Any other buffer
/// (`&mut [u8]`, `Limit`, `Chain`, …) gets the value built in a `Vec` first and copied in with one
/// `put_slice`, after checking that it fits: a `BufMut` can only be appended to, and a container's count
/// goes in after its elements. Implemented for the `bytes` crate's buffers; a `BufMut` of your own takes the
/// copying path with an empty impl (`impl BufTarget for MyBuf {}`).
///
/// ```
/// use bytes::BufMut;
/// use godot_bin::{Config, ErrorKind};
/// let cfg = Config::default();
/// // In place:
/// let mut buf = bytes::BytesMut::with_capacity(64);
/// godot_bin::to_buf_with(&mut buf, &"ab", &cfg)?;
/// // Copied, and bounded: 12 bytes do not fit in 8.
/// let mut small = Vec::new().limit(8);
/// let err = godot_bin::to_buf_with(&mut small, &"ab", &cfg).unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::InvalidLength { value: 12 }));
/// assert!(small.get_ref().is_empty());
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub trait BufTarget: bytes::BufMut {
    /// This buffer as an output to write into in place; `None` (the default): copy into it.
    #[doc(hidden)]
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        None
    }
}

impl BufTarget for Vec<u8> {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        Some(sealed::Target::Vec(self))
    }
}
impl BufTarget for bytes::BytesMut {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        Some(sealed::Target::Bytes(self))
    }
}
impl<T: BufTarget + ?Sized> BufTarget for &mut T {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        (**self).in_place()
    }
}
impl<T: BufTarget + ?Sized> BufTarget for Box<T> {
    fn in_place(&mut self) -> Option<sealed::Target<'_>> {
        (**self).in_place()
    }
}
impl BufTarget for &mut [u8] {}
impl BufTarget for &mut [std::mem::MaybeUninit<u8>] {}
impl<T: bytes::BufMut> BufTarget for bytes::buf::Limit<T> {}
impl<T: bytes::BufMut, U: bytes::BufMut> BufTarget for bytes::buf::Chain<T, U> {}

/// Appends little-endian primitives and padded strings to a `Vec<u8>`. Sealed: implemented for `Vec<u8>`
/// only (the encoders write to any [`Output`] through methods of their own, so a `BytesMut` keeps its
/// `BufMut` methods, big-endian `put_u32` included, without a clash).
///
/// ```
/// use godot_bin::wire::{Reader, WriteExt};
/// let mut buf = Vec::new();
/// buf.put_f64(-0.25);
/// buf.put_str("hey");
/// assert_eq!(buf.len() % 4, 0);
/// let mut r = Reader::new(&buf);
/// assert_eq!(r.f64()?, -0.25);
/// assert_eq!(r.string_bytes()?.0, b"hey");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub trait WriteExt: sealed::Sealed {
    /// A u32.
    ///
    /// ```
    /// use godot_bin::wire::WriteExt;
    /// let mut buf = vec![0xaa];
    /// buf.put_u32(0x0403_0201);
    /// assert_eq!(buf, [0xaa, 1, 2, 3, 4]); // appended, little-endian
    /// ```
    fn put_u32(&mut self, v: u32);
    /// A u64.
    ///
    /// ```
    /// use godot_bin::wire::WriteExt;
    /// let mut buf = Vec::new();
    /// buf.put_u64(0x0807_0605_0403_0201);
    /// assert_eq!(buf, [1, 2, 3, 4, 5, 6, 7, 8]);
    /// ```
    fn put_u64(&mut self, v: u64);
    /// An f32.
    ///
    /// ```
    /// use godot_bin::wire::WriteExt;
    /// let mut buf = Vec::new();
    /// buf.put_f32(f32::from_bits(0x7F80_0001)); // a signalling NaN
    /// assert_eq!(buf, 0x7F80_0001u32.to_le_bytes()); // written bit for bit
    /// ```
    fn put_f32(&mut self, v: f32);
    /// An f64.
    ///
    /// ```
    /// use godot_bin::wire::WriteExt;
    /// let mut buf = Vec::new();
    /// buf.put_f64(-0.0);
    /// assert_eq!(buf, (-0.0f64).to_bits().to_le_bytes()); // the sign of zero is kept
    /// ```
    fn put_f64(&mut self, v: f64);
    /// `n` zero bytes.
    ///
    /// ```
    /// use godot_bin::wire::WriteExt;
    /// let mut buf = vec![1];
    /// buf.put_zeros(3);
    /// assert_eq!(buf, [1, 0, 0, 0]);
    /// ```
    fn put_zeros(&mut self, n: usize);
    /// A string field: u32 byte length, bytes, zero padding. A string longer than the engines' length
    /// field holds (2³¹ − 1 bytes) is an `InvalidLength` error, with nothing written.
    ///
    /// ```
    /// use godot_bin::wire::WriteExt;
    /// let mut buf = Vec::new();
    /// buf.put_str("abcde")?;
    /// // Godot 4.6 var_to_bytes("abcde") without its 4-byte header, tests/fixtures/godot-4.6/values.tsv (str_len5)
    /// assert_eq!(buf, [0x05, 0, 0, 0, b'a', b'b', b'c', b'd', b'e', 0, 0, 0]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    fn put_str(&mut self, s: &str) -> Result<()>;
    /// A PackedStringArray element: u32 (length + 1), bytes, NUL, zero padding. Too long for the length
    /// field: an `InvalidLength` error, with nothing written.
    ///
    /// ```
    /// use godot_bin::wire::WriteExt;
    /// let mut buf = Vec::new();
    /// buf.put_str_nul("ab")?;
    /// // Godot 4.6 var_to_bytes(PackedStringArray(["ab"])) after its header and count,
    /// // tests/fixtures/godot-4.6/values.tsv (pstr_1)
    /// assert_eq!(buf, [0x03, 0, 0, 0, b'a', b'b', 0, 0]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    fn put_str_nul(&mut self, s: &str) -> Result<()>;
}

/// Only this crate implements [`Output`] and [`WriteExt`], so they can gain methods without breaking
/// anyone. The methods the encoders write with live here, out of the public API.
mod sealed {
    use super::{len32, pad_len};
    use crate::error::Result;
    use bytes::BytesMut;

    /// A [`BufTarget`](super::BufTarget) that is an [`Output`](super::Output).
    pub enum Target<'a> {
        Vec(&'a mut Vec<u8>),
        Bytes(&'a mut BytesMut),
    }

    /// An output buffer lent through the serde format's hand-over slots (which cannot be generic).
    pub enum Lent {
        Vec(Vec<u8>),
        Bytes(BytesMut),
    }

    pub trait Sealed {
        /// Bytes in the buffer (where the next byte goes).
        fn pos(&self) -> usize;
        /// Appends `b`.
        fn put(&mut self, b: &[u8]);
        /// Appends `n` zero bytes.
        fn zeros(&mut self, n: usize);
        /// Overwrites bytes already written, from `at`.
        fn patch(&mut self, at: usize, b: &[u8]);
        /// The written byte at `at`..`at + 4` as a little-endian u32.
        fn word(&self, at: usize) -> u32;
        /// Cuts the buffer back to `len` bytes.
        fn cut(&mut self, len: usize);
        /// Room for `n` more bytes.
        fn room(&mut self, n: usize);
        /// Appends a String value of at most 24 bytes: header `id`, length, text, padding. 32 zero bytes
        /// are appended, header, length and text written over them in place (the text with fixed-size
        /// moves, see [`copy_short`]), and the buffer cut back to the field's size. (Copying the text into
        /// a stack array first and appending that stalls on store forwarding: the array is read back in
        /// 16-byte loads right after a variable-length `memcpy` wrote it.)
        fn short_string(&mut self, id: u32, k: &[u8]);
        /// [`Sealed::short_string`] always inlined: for a struct field's name, whose length the compiler
        /// knows, so the text is copied with fixed moves and no call is made.
        fn short_key(&mut self, id: u32, k: &[u8]);
        /// A String of a name known where it is written (a struct field's, an enum variant's), at most 24
        /// bytes: up to 8 bytes of text as the header word and the text word appended in one go of their
        /// size (12 or 16 bytes; the text word a constant where the name is one), longer ones as
        /// [`Sealed::short_key`]. Not for text known only at run time: its word would be assembled on the
        /// stack from smaller moves and read back right away.
        fn const_key(&mut self, id: u32, k: &[u8]);
        /// The head of a struct variant `{name: {...}}` whose name is known where it is written: the outer
        /// Dictionary's header (type id `dict`) with its count 1, the name as [`Sealed::const_key`] (String
        /// id `str_id`) and the inner Dictionary's header with a zero placeholder count. A name of up to 8
        /// bytes in one append of their size (28 or 32 bytes), longer ones in three.
        fn variant_head(&mut self, dict: u32, str_id: u32, k: &[u8]);
        /// Appends the first `len` bytes of `b` (`len <= N`) with one fixed-size write cut back to size.
        fn put_cut<const N: usize>(&mut self, b: &[u8; N], len: usize);
        /// Appends the first `len` bytes (`len <= 20`) of five little-endian words (a math value's header and
        /// reals) in one append of that size: inlined where `len` is a constant, the words are stored
        /// straight into the buffer (no stack array read back, no zeros written first and cut back).
        fn put_words(&mut self, w: [u32; 5], len: usize);
        /// Moves the buffer out (leaving an empty one) to lend it through a hand-over slot.
        fn lend(&mut self) -> Lent;
        /// Takes a lent buffer back.
        fn restore(&mut self, l: Lent);

        /// A little-endian u32.
        fn w32(&mut self, v: u32);
        /// A little-endian u64.
        fn w64(&mut self, v: u64);
        /// An f32, bit for bit.
        fn wf32(&mut self, v: f32);
        /// An f64, bit for bit.
        fn wf64(&mut self, v: f64);
        /// A string field (see [`WriteExt::put_str`](super::WriteExt::put_str)).
        fn wstr(&mut self, s: &str) -> Result<()>;
        /// A PackedStringArray element (see [`WriteExt::put_str_nul`](super::WriteExt::put_str_nul)).
        fn wstr_nul(&mut self, s: &str) -> Result<()>;
    }

    // Every method is written out for each concrete buffer (no provided methods calling `put`): the
    // encoders are generic, and std's `Vec::extend_from_slice` is only inlined into them (as into the
    // non-generic encoders before) when the concrete method that calls it is already specialised. With
    // provided methods, `Variant::encode` made 67 out-of-line `extend_from_slice` calls in `leaf` and took
    // 9.2 to 10.4 ms on the ratios bench's game state instead of 7.5.
    macro_rules! sealed_buf {
        ($t:ty, $variant:ident) => {
            impl Sealed for $t {
                #[inline]
                fn pos(&self) -> usize {
                    self.len()
                }
                #[inline]
                fn put(&mut self, b: &[u8]) {
                    self.extend_from_slice(b);
                }
                #[inline]
                fn w32(&mut self, v: u32) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn w64(&mut self, v: u64) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn wf32(&mut self, v: f32) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn wf64(&mut self, v: f64) {
                    self.extend_from_slice(&v.to_le_bytes());
                }
                #[inline]
                fn wstr(&mut self, s: &str) -> Result<()> {
                    self.w32(len32(s.len())?);
                    self.extend_from_slice(s.as_bytes());
                    self.zeros(pad_len(s.len()));
                    Ok(())
                }
                #[inline]
                fn wstr_nul(&mut self, s: &str) -> Result<()> {
                    let k = s.as_bytes();
                    if k.len() <= 24 {
                        // As `short_string`: 32 zero bytes, length and text written over them, cut to size.
                        let at = self.len();
                        self.extend_from_slice(&[0u8; 32]);
                        if let Some(w) = self[at..].first_chunk_mut::<32>() {
                            w[..4].copy_from_slice(&(k.len() as u32 + 1).to_le_bytes());
                            copy_short(&mut w[4..], k);
                        }
                        self.truncate(at + 4 + k.len() + 1 + pad_len(k.len() + 1));
                        return Ok(());
                    }
                    let n = s.len() + 1;
                    self.w32(len32(n)?);
                    self.extend_from_slice(s.as_bytes());
                    self.resize(self.len() + 1 + pad_len(n), 0);
                    Ok(())
                }
                #[inline]
                fn zeros(&mut self, n: usize) {
                    if n <= 4 && self.capacity() - self.len() >= 4 {
                        // Padding and placeholders: one fixed-size write cut back (a `BytesMut`'s `resize` is
                        // an out-of-line call and a `memset`), where it needs no more room than `n` bytes
                        // (a buffer sized to the value is not grown).
                        let at = self.len();
                        self.extend_from_slice(&[0u8; 4]);
                        self.truncate(at + n);
                    } else {
                        self.resize(self.len() + n, 0);
                    }
                }
                #[inline]
                fn patch(&mut self, at: usize, b: &[u8]) {
                    self[at..at + b.len()].copy_from_slice(b);
                }
                #[inline]
                fn word(&self, at: usize) -> u32 {
                    u32::from_le_bytes(self[at..at + 4].try_into().expect("4 bytes"))
                }
                #[inline]
                fn cut(&mut self, len: usize) {
                    self.truncate(len);
                }
                #[inline]
                fn room(&mut self, n: usize) {
                    self.reserve(n);
                }
                #[inline]
                fn short_string(&mut self, id: u32, k: &[u8]) {
                    // The same write; only the inlining differs.
                    self.short_key(id, k);
                }
                #[inline(always)]
                fn short_key(&mut self, id: u32, k: &[u8]) {
                    let at = self.len();
                    self.extend_from_slice(&[0u8; 32]);
                    if let Some(w) = self[at..].first_chunk_mut::<32>() {
                        w[..8].copy_from_slice(&(id as u64 | (k.len() as u64) << 32).to_le_bytes());
                        copy_short(&mut w[8..], k);
                    }
                    self.truncate(at + 8 + k.len() + pad_len(k.len()));
                }
                #[inline(always)]
                fn const_key(&mut self, id: u32, k: &[u8]) {
                    let n = k.len();
                    if n > 8 {
                        return self.short_key(id, k);
                    }
                    // The text as a word (folds to a constant for a constant name), and one fixed-size
                    // append of 12 or 16 bytes: no slice of a stack array cut to a length.
                    let mut t = 0u64;
                    for (i, &c) in k.iter().enumerate() {
                        t |= (c as u64) << (8 * i);
                    }
                    let h = id as u64 | (n as u64) << 32;
                    if n == 0 {
                        self.extend_from_slice(&h.to_le_bytes());
                    } else if n <= 4 {
                        let mut b = [0u8; 12];
                        b[..8].copy_from_slice(&h.to_le_bytes());
                        b[8..].copy_from_slice(&(t as u32).to_le_bytes());
                        self.extend_from_slice(&b);
                    } else {
                        self.extend_from_slice(&(h as u128 | (t as u128) << 64).to_le_bytes());
                    }
                }
                #[inline(always)]
                fn variant_head(&mut self, dict: u32, str_id: u32, k: &[u8]) {
                    let n = k.len();
                    if n > 8 {
                        self.extend_from_slice(&(dict as u64 | 1 << 32).to_le_bytes());
                        self.short_key(str_id, k);
                        self.extend_from_slice(&(dict as u64).to_le_bytes());
                        return;
                    }
                    let mut b = [0u8; 32];
                    b[..8].copy_from_slice(&(dict as u64 | 1 << 32).to_le_bytes());
                    b[8..16].copy_from_slice(&(str_id as u64 | (n as u64) << 32).to_le_bytes());
                    copy_short(&mut b[16..], k);
                    let end = 16 + n + pad_len(n);
                    b[end..end + 8].copy_from_slice(&(dict as u64).to_le_bytes());
                    self.extend_from_slice(&b[..end + 8]);
                }
                #[inline(always)]
                fn put_cut<const N: usize>(&mut self, b: &[u8; N], len: usize) {
                    let at = self.len();
                    self.extend_from_slice(b);
                    self.truncate(at + len.min(N));
                }
                #[inline(always)]
                fn put_words(&mut self, w: [u32; 5], len: usize) {
                    // `len` is a constant where this is inlined (a math marker's `serialize`): the append
                    // is then of that fixed size, its words stored straight into the buffer.
                    let mut b = [0u8; 20];
                    for (i, x) in w.iter().enumerate() {
                        b[4 * i..4 * i + 4].copy_from_slice(&x.to_le_bytes());
                    }
                    self.extend_from_slice(&b[..len.min(20)]);
                }
                #[inline]
                fn lend(&mut self) -> Lent {
                    Lent::$variant(std::mem::take(self))
                }
                #[inline]
                #[allow(unreachable_patterns)]
                fn restore(&mut self, l: Lent) {
                    match l {
                        Lent::$variant(b) => *self = b,
                        // Not lent by this buffer: never happens, but keep the bytes.
                        Lent::Vec(b) => self.extend_from_slice(&b),
                        Lent::Bytes(b) => self.extend_from_slice(&b),
                    }
                }
            }
        };
    }
    sealed_buf!(Vec<u8>, Vec);
    sealed_buf!(BytesMut, Bytes);

    /// `dst[..src.len()].copy_from_slice(src)` for at most 24 bytes, as at most two fixed-size moves each
    /// (the first and the last bytes of `src`, overlapping where they meet; no `memcpy` call).
    #[inline]
    fn copy_short(dst: &mut [u8], src: &[u8]) {
        let n = src.len();
        let Some(dst) = dst.get_mut(..n) else { return };
        if n >= 16 {
            dst[..16].copy_from_slice(&src[..16]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        } else if n >= 8 {
            dst[..8].copy_from_slice(&src[..8]);
            dst[n - 8..].copy_from_slice(&src[n - 8..]);
        } else if n >= 4 {
            dst[..4].copy_from_slice(&src[..4]);
            dst[n - 4..].copy_from_slice(&src[n - 4..]);
        } else if n > 0 {
            dst[0] = src[0];
            dst[n / 2] = src[n / 2];
            dst[n - 1] = src[n - 1];
        }
    }
}

impl WriteExt for Vec<u8> {
    #[inline]
    fn put_u32(&mut self, v: u32) {
        self.w32(v);
    }
    #[inline]
    fn put_u64(&mut self, v: u64) {
        self.w64(v);
    }
    #[inline]
    fn put_f32(&mut self, v: f32) {
        self.wf32(v);
    }
    #[inline]
    fn put_f64(&mut self, v: f64) {
        self.wf64(v);
    }
    #[inline]
    fn put_zeros(&mut self, n: usize) {
        self.zeros(n);
    }
    #[inline]
    fn put_str(&mut self, s: &str) -> Result<()> {
        self.wstr(s)
    }
    #[inline]
    fn put_str_nul(&mut self, s: &str) -> Result<()> {
        self.wstr_nul(s)
    }
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

    /// `utf8` answers as `std::str::from_utf8` does, at every length around the word sizes, for ASCII,
    /// other valid UTF-8 and invalid bytes (also run under miri by `.ci/run`).
    #[test]
    fn utf8_is_from_utf8() {
        let pieces: [&[u8]; 8] = [b"a", b"\0", b"\x7f", "é".as_bytes(), "€".as_bytes(), b"\xff", b"\xe2\x82", b"\x80"];
        let mut cases: Vec<Vec<u8>> = vec![Vec::new()];
        for len in 1..=40 {
            for p in pieces {
                // The odd piece at the start, in the middle and at the end of an ASCII run.
                for at in [0, len / 2, len] {
                    let mut b = vec![b'x'; len];
                    b.splice(at..at, p.iter().copied());
                    cases.push(b);
                }
            }
        }
        for b in &cases {
            assert_eq!(utf8(b), std::str::from_utf8(b).ok(), "{b:?}");
        }
    }

    /// The unsafe path hands back exactly the input's bytes, borrowed where they are.
    #[test]
    fn utf8_borrows_the_ascii_input() {
        let input = b"entity_1234 and more";
        let t = utf8(&input[..11]).unwrap();
        assert_eq!(t, "entity_1234");
        assert_eq!(t.as_ptr(), input.as_ptr());
        assert_eq!(t.chars().count(), 11);
    }

    #[test]
    fn exact_widening_keeps_every_f32() {
        for bits in [0u32, 0x8000_0000, 1, 0x7F80_0000, 0xFF80_0000, 0x7F80_0001, 0x7FC0_0000, 0xFFBF_FFFF, 0x3DCC_CCCD]
        {
            let x = f32::from_bits(bits);
            assert_eq!(narrow_exact(widen_exact(x)).to_bits(), bits, "{bits:#x}");
        }
    }

    #[test]
    fn engine_widening_quiets_nan() {
        let s = f32::from_bits(0x7F80_0001);
        assert_eq!(widen_like_engine(s).to_bits(), 0x7FF8_0000_2000_0000);
        assert_eq!(narrow_like_engine(f64::from_bits(0x7FF0_0000_0000_0001)).to_bits(), 0x7FC0_0000);
    }

    #[test]
    fn godot3_lenient_utf8() {
        let g3 = |b: &[u8]| godot_str(b, Utf8Rule::Godot3, 0).map(|c| c.into_owned()).map_err(|e| e.offset());
        assert_eq!(g3(b"\xE0\x80\xA0").unwrap(), " "); // overlong accepted
        assert_eq!(g3(b"\xF0\x82\x82\xAC").unwrap(), "\u{20AC}");
        assert_eq!(g3(b"\xED\xA0\xBD\xED\xB8\x80").unwrap(), "\u{1F600}"); // CESU-8 pair
        assert_eq!(g3(b"a\xED\xA0\x80").unwrap(), "a "); // lone surrogate, written back as a space by 3.6
        assert_eq!(g3(b"ab\xE0\x80\x8F"), Err(Some(2))); // caught overlong
        assert_eq!(g3(b"\xC1\x81"), Err(Some(0)));
        assert_eq!(g3(b"x\xF8\x88\x80\x80\x80"), Err(Some(1))); // 5-byte form above U+10FFFF
        assert_eq!(g3(b"\xE2\x82"), Err(Some(0))); // truncated
    }

    #[test]
    fn short_string_is_header_and_padded_string() {
        let text = "abcdefghijklmnopqrstuvwx";
        for n in 0..=24 {
            let (mut short, mut long) = (vec![0xee; n % 5], vec![0xee; n % 5]);
            short.short_string(4, &text.as_bytes()[..n]);
            long.w32(4);
            long.wstr(&text[..n]).unwrap();
            assert_eq!(short, long, "{n} bytes");
            // A PackedStringArray element: length + 1, text, NUL, padding (the short path up to 24 bytes).
            let mut nul = vec![0xee; n % 5];
            nul.wstr_nul(&text[..n]).unwrap();
            let mut want = vec![0xee; n % 5];
            want.extend_from_slice(&(n as u32 + 1).to_le_bytes());
            want.extend_from_slice(&text.as_bytes()[..n]);
            want.resize(want.len() + 1 + pad_len(n + 1), 0);
            assert_eq!(nul, want, "{n} bytes, NUL-terminated");
            let mut b = bytes::BytesMut::new();
            b.short_string(4, &text.as_bytes()[..n]);
            assert_eq!(b[..], long[n % 5..], "{n} bytes, BytesMut");
            // A name's String: the same bytes.
            let mut key = vec![0xee; n % 5];
            key.const_key(4, &text.as_bytes()[..n]);
            assert_eq!(key, long, "{n} bytes, const_key");
        }
    }

    #[test]
    fn strings_stop_at_nul_and_drop_bom() {
        assert_eq!(godot_str(b"a\0bcd", Utf8Rule::Strict, 0).unwrap(), "a");
        assert_eq!(godot_str(b"\xEF\xBB\xBFhi", Utf8Rule::Strict, 0).unwrap(), "hi");
        assert_eq!(godot_str(b"ok\xff", Utf8Rule::Strict, 8).unwrap_err().offset(), Some(10));
        assert_eq!(godot_str(b"a\xffb", Utf8Rule::Lossy, 0).unwrap(), "a\u{fffd}b");
    }
}
