//! The fast paths: the values a message is mostly made of (bools, ints, floats, plain Strings, untyped
//! containers, narrow math values) recognised by their exact header word and read straight from the input.
//! Anything else is left to the general path (`Deserializer::next`) untouched, with its checks and errors.

use serde::de::Visitor;

use crate::error::Result;
use crate::types::TypeKind;
use crate::wire::{has_zero_byte32, has_zero_byte64, pad_len, utf8, widen_like_engine};

use super::scalar::Scalar;
use super::stream::Deserializer;
use super::words::{ascii_name, word32, word64};

impl<'de> Deserializer<'de, '_> {
    /// The next header word (low half) and the 4 bytes after it (high half), when 8 bytes are left and the
    /// fast paths may read (else `peek_word` and the reader take over, with their errors): a scalar fast
    /// path's header and narrow payload in one load.
    #[inline(always)]
    pub(super) fn peek8(&self) -> Option<u64> {
        if self.depth >= self.fast_below {
            return None;
        }
        Some(u64::from_le_bytes(*self.dec.r.rest().first_chunk::<8>()?))
    }

    /// The 8 bytes after the next header word (a wide payload), when 12 bytes are left.
    #[inline(always)]
    pub(super) fn peek12(&self) -> Option<u64> {
        let b = self.dec.r.rest().get(4..12)?;
        Some(u64::from_le_bytes(b.try_into().ok()?))
    }

    /// The fast paths' view of the next header word (compared with `self.words`), when the value is inside
    /// the depth limit (else the general path reports it).
    #[inline]
    pub(super) fn peek_word(&self) -> Option<u32> {
        if self.depth >= self.fast_below {
            return None;
        }
        let b = self.dec.r.rest().first_chunk::<4>()?;
        Some(u32::from_le_bytes(*b))
    }

    /// A bool, int, float or plain String next on the wire, read straight from the input (header word
    /// compared with the dialect's, no table look-up); `None` (nothing read) for anything else.
    #[inline]
    pub(super) fn fast_scalar(&mut self) -> Result<Option<(Scalar<'de, 'static>, usize)>> {
        let Some(h) = self.peek_word() else { return Ok(None) };
        let w = &self.words;
        let at = self.dec.r.pos();
        let s = if h == w.int {
            self.dec.r.skip_lenient(4);
            Scalar::Int(self.reader().i32()? as i64)
        } else if h == w.float64 {
            self.dec.r.skip_lenient(4);
            Scalar::Float(self.reader().f64()?)
        } else if h == w.float {
            self.dec.r.skip_lenient(4);
            Scalar::Float(widen_like_engine(self.reader().f32()?))
        } else if h == w.int64 {
            self.dec.r.skip_lenient(4);
            Scalar::Int(self.reader().i64()?)
        } else if h == w.bool {
            self.dec.r.skip_lenient(4);
            Scalar::Bool(self.reader().u32()? != 0)
        } else if h == w.string {
            match self.plain_str() {
                Some(t) => Scalar::Borrowed(t),
                None => return Ok(None),
            }
        } else {
            return Ok(None);
        };
        Ok(Some((s, at)))
    }

    /// The String `off` bytes ahead on the wire when it is a plain ASCII name (no flags, no NUL; see
    /// [`ascii_name`]): its bytes and its size on the wire (header, length, bytes, padding), nothing read.
    /// Anything else is `None` and takes the general path (and its errors).
    #[inline(always)]
    pub(super) fn plain_name(&self, off: usize) -> Option<(&'de [u8], usize)> {
        if self.depth >= self.fast_below {
            return None;
        }
        let rest = self.dec.r.rest().get(off..)?;
        let head = u64::from_le_bytes(*rest.first_chunk::<8>()?);
        if head as u32 != self.words.string {
            return None;
        }
        let len = (head >> 32) as usize;
        let total = 8 + len + pad_len(len);
        let b = rest.get(8..total)?.get(..len)?;
        let word = rest.get(8..).and_then(|w| w.first_chunk::<8>()).map(|w| u64::from_le_bytes(*w));
        ascii_name(b, word).then_some((b, total))
    }

    /// `deserialize_i64` when the wire holds an int: visited straight away (else the visitor is handed back,
    /// nothing read). The same for `fast_f64` (a float), `fast_bool` and `fast_str` (a plain String).
    #[inline]
    pub(super) fn fast_i64<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        if let Some(w) = self.peek8() {
            if w as u32 == self.words.int {
                self.dec.r.skip_lenient(8);
                return visitor.visit_i64((w >> 32) as u32 as i32 as i64).map(Ok);
            }
            if w as u32 != self.words.int64 {
                return Ok(Err(visitor));
            }
            if let Some(p) = self.peek12() {
                self.dec.r.skip_lenient(12);
                return visitor.visit_i64(p as i64).map(Ok);
            }
        }
        match self.peek_word() {
            Some(h) if h == self.words.int => {
                self.dec.r.skip_lenient(4);
                let i = self.reader().i32()?;
                visitor.visit_i64(i as i64).map(Ok)
            }
            Some(h) if h == self.words.int64 => {
                self.dec.r.skip_lenient(4);
                let i = self.reader().i64()?;
                visitor.visit_i64(i).map(Ok)
            }
            _ => Ok(Err(visitor)),
        }
    }

    /// An int next on the wire (either width): its value and where its header starts, read straight away
    /// (`deserialize_u32` and the other narrower ints check the range themselves); `None`, nothing read, else.
    #[inline(always)]
    pub(super) fn fast_int(&mut self) -> Result<Option<(i64, usize)>> {
        let at = self.dec.r.pos();
        if let Some(w) = self.peek8() {
            if w as u32 == self.words.int {
                self.dec.r.skip_lenient(8);
                return Ok(Some(((w >> 32) as u32 as i32 as i64, at)));
            }
            if w as u32 != self.words.int64 {
                return Ok(None);
            }
            if let Some(p) = self.peek12() {
                self.dec.r.skip_lenient(12);
                return Ok(Some((p as i64, at)));
            }
        }
        match self.peek_word() {
            Some(h) if h == self.words.int => {
                self.dec.r.skip_lenient(4);
                Ok(Some((self.reader().i32()? as i64, at)))
            }
            Some(h) if h == self.words.int64 => {
                self.dec.r.skip_lenient(4);
                Ok(Some((self.reader().i64()?, at)))
            }
            _ => Ok(None),
        }
    }

    /// `deserialize_f32` when the wire holds a float, converted as [`ScalarDe`] converts it.
    #[inline]
    pub(super) fn fast_f32<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        if let Some(w) = self.peek8() {
            if w as u32 == self.words.float {
                self.dec.r.skip_lenient(8);
                let f = f32::from_bits((w >> 32) as u32);
                return visitor.visit_f32(crate::wire::narrow_like_engine(widen_like_engine(f))).map(Ok);
            }
            if w as u32 != self.words.float64 {
                return Ok(Err(visitor));
            }
            if let Some(p) = self.peek12() {
                self.dec.r.skip_lenient(12);
                return visitor.visit_f32(crate::wire::narrow_like_engine(f64::from_bits(p))).map(Ok);
            }
        }
        match self.peek_word() {
            Some(h) if h == self.words.float => {
                self.dec.r.skip_lenient(4);
                let f = self.reader().f32()?;
                visitor.visit_f32(crate::wire::narrow_like_engine(widen_like_engine(f))).map(Ok)
            }
            Some(h) if h == self.words.float64 => {
                self.dec.r.skip_lenient(4);
                let f = self.reader().f64()?;
                visitor.visit_f32(crate::wire::narrow_like_engine(f)).map(Ok)
            }
            _ => Ok(Err(visitor)),
        }
    }

    #[inline]
    pub(super) fn fast_f64<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        if let Some(w) = self.peek8() {
            if w as u32 == self.words.float64 {
                if let Some(p) = self.peek12() {
                    self.dec.r.skip_lenient(12);
                    return visitor.visit_f64(f64::from_bits(p)).map(Ok);
                }
            } else if w as u32 == self.words.float {
                self.dec.r.skip_lenient(8);
                return visitor.visit_f64(widen_like_engine(f32::from_bits((w >> 32) as u32))).map(Ok);
            } else {
                return Ok(Err(visitor));
            }
        }
        match self.peek_word() {
            Some(h) if h == self.words.float64 => {
                self.dec.r.skip_lenient(4);
                let f = self.reader().f64()?;
                visitor.visit_f64(f).map(Ok)
            }
            Some(h) if h == self.words.float => {
                self.dec.r.skip_lenient(4);
                let f = self.reader().f32()?;
                visitor.visit_f64(widen_like_engine(f)).map(Ok)
            }
            _ => Ok(Err(visitor)),
        }
    }

    #[inline]
    pub(super) fn fast_bool<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        if let Some(w) = self.peek8() {
            return if w as u32 == self.words.bool {
                self.dec.r.skip_lenient(8);
                visitor.visit_bool((w >> 32) as u32 != 0).map(Ok)
            } else {
                Ok(Err(visitor))
            };
        }
        match self.peek_word() {
            Some(h) if h == self.words.bool => {
                self.dec.r.skip_lenient(4);
                let b = self.reader().u32()?;
                visitor.visit_bool(b != 0).map(Ok)
            }
            _ => Ok(Err(visitor)),
        }
    }

    #[inline]
    pub(super) fn fast_str<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        match self.plain_str() {
            Some(t) => visitor.visit_borrowed_str(t).map(Ok),
            None => Ok(Err(visitor)),
        }
    }

    /// An untyped Dictionary (`map`) or Array header next on the wire: its element count, read and promised
    /// as the general path does (`promise`: false, checked only, for a struct's entries, see [`MapAccess`]);
    /// `None` (nothing read) for anything else.
    #[inline]
    pub(super) fn fast_container(&mut self, map: bool, promise: bool) -> Result<Option<usize>> {
        if self.depth >= self.fast_below {
            return Ok(None);
        }
        // Header and count in one load (a header without its count takes the general path, which reports it).
        let Some(b) = self.dec.r.rest().first_chunk::<8>() else { return Ok(None) };
        let head = u64::from_le_bytes(*b);
        let w = &self.words;
        if head as u32 != if map { w.dictionary } else { w.array } {
            return Ok(None);
        }
        // As `container_count`: bit 31 masked off, the elements' slots promised.
        let raw = (head >> 32) as u32;
        let at = self.dec.r.pos() + 4;
        self.dec.r.skip_lenient(8);
        let n = (raw & 0x7FFF_FFFF) as usize;
        let need = self.dec.check_promise(n, if map { 2 } else { 1 }, at, raw)?;
        if promise {
            self.dec.add_promise(need);
        }
        Ok(Some(n))
    }

    /// A PackedStringArray next on the wire (header and count in one load): its element count, read and
    /// checked as the general path does; `None` (nothing read) for anything else.
    #[inline]
    pub(super) fn fast_packed_strings(&mut self) -> Result<Option<usize>> {
        let Some(w) = self.peek8() else { return Ok(None) };
        if w as u32 != self.words.packed_strings {
            return Ok(None);
        }
        let at = self.dec.r.pos() + 4;
        self.dec.r.skip_lenient(8);
        self.packed_strings_count((w >> 32) as u32, at).map(Some)
    }

    /// A `$godot_bin::Vector2/3/4` or `Color` marker whose value is next on the wire, narrow and with a plain
    /// header: read straight from the input (kind, the components' bytes). `None` (nothing read) for anything
    /// else, which takes the general path (and its errors).
    #[inline(always)]
    pub(super) fn narrow_math(&mut self, name: &str) -> Option<(TypeKind, &'de [u8])> {
        use TypeKind as K;
        // The length and last byte pick the one marker it can be, then the whole name is compared with it (a
        // compare of known length, no call).
        let (kind, i) = match (name.len(), name.as_bytes().last()) {
            (19, Some(b'2')) if name == "$godot_bin::Vector2" => (K::Vector2, 0),
            (19, Some(b'3')) if name == "$godot_bin::Vector3" => (K::Vector3, 1),
            (19, Some(b'4')) if name == "$godot_bin::Vector4" => (K::Vector4, 2),
            (17, Some(b'r')) if name == "$godot_bin::Color" => (K::Color, 3),
            _ => return None,
        };
        if self.depth > self.limit {
            return None;
        }
        let rest = self.dec.r.rest();
        let h = u32::from_le_bytes(*rest.first_chunk::<4>()?);
        // The header compared with the dialect's id of that type (no flags; an id the dialect lacks is never a
        // header without flags).
        if h > crate::wire::TYPE_MASK || h != self.words.math[i] {
            return None;
        }
        let b = rest.get(4..4 + kind.components() * 4)?;
        self.dec.r.skip_lenient(4 + b.len());
        Some((kind, b))
    }

    /// A plain String (no flags, no NUL, no byte order mark, valid UTF-8, padded) next on the wire, borrowed
    /// straight from the input; `None` (nothing read) for anything else.
    #[inline]
    pub(super) fn plain_str(&mut self) -> Option<&'de str> {
        let h = self.peek_word()?;
        if h != self.words.string {
            return None;
        }
        let (t, total) = self.plain_field(4)?;
        self.dec.r.skip_lenient(total);
        Some(t)
    }

    /// The string field (length, bytes, padding) `off` bytes ahead on the wire when it is plain (no NUL but
    /// one at the end, no byte order mark, valid UTF-8; not Godot 2): its text and where the field ends, relative to the
    /// reader; nothing read. `None` for anything else, which the general path reads (errors included).
    #[inline(always)]
    pub(super) fn plain_field(&self, off: usize) -> Option<(&'de str, usize)> {
        if !self.fast {
            return None;
        }
        let rest = self.dec.r.rest();
        let len = u32::from_le_bytes(*rest.get(off..)?.first_chunk::<4>()?) as usize;
        if len > rest.len() {
            return None;
        }
        let total = off + 4 + len + pad_len(len);
        if total > rest.len() {
            return None;
        }
        let b = &rest[off + 4..off + 4 + len];
        // One NUL at the end (as a PackedStringArray's elements have) ends the text, as the general path
        // reads it, which cuts at the first NUL: the text before it must have none.
        let b = b.strip_suffix(&[0]).unwrap_or(b);
        let len = b.len();
        let clean = match len {
            8..=16 => !has_zero_byte64(word64(b, 0)) && !has_zero_byte64(word64(b, len - 8)),
            4..=7 => !has_zero_byte32(word32(b, 0)) && !has_zero_byte32(word32(b, len - 4)),
            _ => !b.contains(&0),
        };
        if !clean || b.starts_with(b"\xEF\xBB\xBF") {
            return None;
        }
        Some((utf8(b)?, total))
    }
}
