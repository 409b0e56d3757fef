//! The reader of the wire: little-endian primitives, headers, counts and padded strings from a byte slice.

use super::fields::pad_len;
use crate::error::{Error, ErrorKind, Result};

/// Reads primitives from a byte slice, tracking the offset for error messages. Returns borrowed data.
#[derive(Clone, Debug)]
pub(crate) struct Reader<'a> {
    /// The whole input.
    whole: &'a [u8],
    /// What is left of it (a tail of `whole`): read without an offset's bounds check.
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    /// A reader at the start of `buf`.
    pub(crate) fn new(buf: &'a [u8]) -> Self {
        Reader { whole: buf, rest: buf }
    }

    /// The whole buffer, read and unread (an error's path re-reads from it).
    #[inline]
    pub(crate) fn whole(&self) -> &'a [u8] {
        self.whole
    }

    /// Bytes read so far (the offset of the next byte).
    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.whole.len() - self.rest.len()
    }

    /// Bytes left.
    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.rest.len()
    }

    /// The unread rest of the input.
    #[inline]
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.rest
    }

    /// An end-of-input error for a field of `n` bytes at the current offset: `needed` is what the input lacks
    /// (meant for when fewer than `n` bytes remain, as [`Reader::take`] uses it; otherwise it says 0).
    #[cold]
    pub(crate) fn eof(&self, n: usize) -> Error {
        Error::at(ErrorKind::UnexpectedEof { needed: n - self.remaining().min(n) }, self.pos())
    }

    /// Takes the next `n` bytes.
    #[inline]
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8]> {
        if self.remaining() < n {
            return Err(self.eof(n));
        }
        let (s, rest) = self.rest.split_at(n);
        self.rest = rest;
        Ok(s)
    }

    /// Takes the next `N` bytes as an array.
    #[inline]
    pub(crate) fn array<const N: usize>(&mut self) -> Result<[u8; N]> {
        let s = self.take(N)?;
        let mut a = [0u8; N];
        a.copy_from_slice(s);
        Ok(a)
    }

    /// Skips up to `n` bytes, stopping at the end of input (for padding the engines do not require).
    #[inline]
    pub(crate) fn skip_lenient(&mut self, n: usize) {
        self.rest = self.rest.split_at(n.min(self.rest.len())).1;
    }

    /// A u32.
    #[inline]
    pub(crate) fn u32(&mut self) -> Result<u32> {
        self.array::<4>().map(u32::from_le_bytes)
    }

    /// An i32.
    #[inline]
    pub(crate) fn i32(&mut self) -> Result<i32> {
        self.array::<4>().map(i32::from_le_bytes)
    }

    /// A u64.
    #[inline]
    pub(crate) fn u64(&mut self) -> Result<u64> {
        self.array::<8>().map(u64::from_le_bytes)
    }

    /// An f32, bits exactly as stored.
    #[inline]
    pub(crate) fn f32(&mut self) -> Result<f32> {
        self.array::<4>().map(f32::from_le_bytes)
    }

    /// A count or length field: a u32 that must be a non-negative i32 once `mask` is applied, and whose
    /// elements (each at least `min_elem_size` bytes) must fit in the remaining input. This bounds every
    /// allocation by the input size.
    #[inline]
    pub(crate) fn count(&mut self, mask: u32, min_elem_size: usize) -> Result<usize> {
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
    #[inline]
    pub(crate) fn string_bytes(&mut self) -> Result<(&'a [u8], usize)> {
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
