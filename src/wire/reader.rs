//! The reader of the wire: little-endian primitives, headers, counts and padded strings from a byte slice.

use super::fields::pad_len;
use crate::error::{Error, ErrorKind, Result};

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
