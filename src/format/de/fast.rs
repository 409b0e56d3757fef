//! The fast paths: the values a message is mostly made of (bools, ints, floats, plain Strings, untyped
//! containers, narrow math values) recognised by their exact header word and read straight from the input.
//! Anything else is left to the general path (`Deserializer::next`) untouched, with its checks and errors.

use serde::de::Visitor;

use crate::error::Result;
use crate::types::TypeKind;
use crate::wire::{clean_word, padded_len, utf8_no_nul};

use super::scalar::{bool_payload, float_as_f32, float_narrow, float_wide, int_narrow, int_wide, Payload, Scalar};
use super::stream::Deserializer;
use super::words::{ascii_name, short_name, split16};

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
            Scalar::Int(int_narrow(self.reader().u32()?))
        } else if h == w.float64 {
            self.dec.r.skip_lenient(4);
            Scalar::Float(float_wide(self.reader().u64()?))
        } else if h == w.float {
            self.dec.r.skip_lenient(4);
            Scalar::Float(float_narrow(self.reader().u32()?))
        } else if h == w.int64 {
            self.dec.r.skip_lenient(4);
            Scalar::Int(int_wide(self.reader().u64()?))
        } else if h == w.bool {
            self.dec.r.skip_lenient(4);
            Scalar::Bool(bool_payload(self.reader().u32()?))
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
        self.plain_name_here(off)
    }

    /// [`Deserializer::plain_name`] for a caller that checked the depth already (a struct's keys, once per
    /// struct).
    #[inline(always)]
    pub(super) fn plain_name_here(&self, off: usize) -> Option<(&'de [u8], usize)> {
        let rest = self.dec.r.rest().get(off..)?;
        // The common case, a name of up to 8 bytes with 16 bytes in view: header and length in one load, the
        // name (and what follows it, masked off) in another; its size on the wire is at most 16.
        if let Some((head, word)) = rest.first_chunk::<16>().map(split16) {
            if head as u32 != self.words.string {
                return None;
            }
            let len = (head >> 32) as usize;
            if len <= 8 {
                let b = rest.get(8..8 + len)?;
                return short_name(word, len).then_some((b, 8 + padded_len(len)));
            }
            // Up to 16 bytes, with 24 in view: the first word whole, the second as a short name.
            if len <= 16 {
                if let Some(b) = rest.get(8..8 + len) {
                    if let Some(next) = rest.get(16..24).and_then(|w| w.first_chunk::<8>()) {
                        let ok = clean_word(word) && short_name(u64::from_le_bytes(*next), len - 8);
                        return ok.then_some((b, 8 + padded_len(len)));
                    }
                }
            }
        }
        let head = u64::from_le_bytes(*rest.first_chunk::<8>()?);
        if head as u32 != self.words.string {
            return None;
        }
        let len = (head >> 32) as usize;
        let total = 8 + padded_len(len);
        let b = rest.get(8..total)?.get(..len)?;
        let word = rest.get(8..).and_then(|w| w.first_chunk::<8>()).map(|w| u64::from_le_bytes(*w));
        ascii_name(b, word).then_some((b, total))
    }

    /// The payload of a scalar next on the wire whose header word is `narrow` (a 4-byte payload) or `wide`
    /// (8 bytes; pass `narrow` again for a type without a wide form), read straight away, with where its
    /// header starts; `None`, nothing read, for any other word. The scalar fast paths below turn it into a
    /// value with the leaf rules of [`super::scalar`], which the general path calls too.
    #[inline(always)]
    fn fast_payload(&mut self, narrow: u32, wide: u32) -> Result<Option<(Payload, usize)>> {
        let at = self.dec.r.pos();
        // Header and narrow payload in one load; a wide payload in a second.
        if let Some(w) = self.peek8() {
            if w as u32 == narrow {
                self.dec.r.skip_lenient(8);
                return Ok(Some((Payload::Narrow((w >> 32) as u32), at)));
            }
            if w as u32 != wide {
                return Ok(None);
            }
            if let Some(p) = self.peek12() {
                self.dec.r.skip_lenient(12);
                return Ok(Some((Payload::Wide(p), at)));
            }
        }
        // The input ends within the payload: read through the reader, which reports it.
        match self.peek_word() {
            Some(h) if h == narrow => {
                self.dec.r.skip_lenient(4);
                Ok(Some((Payload::Narrow(self.reader().u32()?), at)))
            }
            Some(h) if h == wide => {
                self.dec.r.skip_lenient(4);
                Ok(Some((Payload::Wide(self.reader().u64()?), at)))
            }
            _ => Ok(None),
        }
    }

    /// An int next on the wire (either width): its value and where its header starts, read straight away
    /// (`deserialize_u32` and the other narrower ints check the range themselves); `None`, nothing read, else.
    #[inline(always)]
    pub(super) fn fast_int(&mut self) -> Result<Option<(i64, usize)>> {
        Ok(self.fast_payload(self.words.int, self.words.int64)?.map(|(p, at)| {
            let i = match p {
                Payload::Narrow(b) => int_narrow(b),
                Payload::Wide(b) => int_wide(b),
            };
            (i, at)
        }))
    }

    /// A float next on the wire (either width), as an f64; `None`, nothing read, else.
    #[inline(always)]
    fn fast_float(&mut self) -> Result<Option<f64>> {
        Ok(self.fast_payload(self.words.float, self.words.float64)?.map(|(p, _)| match p {
            Payload::Narrow(b) => float_narrow(b),
            Payload::Wide(b) => float_wide(b),
        }))
    }

    /// `deserialize_i64` when the wire holds an int: visited straight away (else the visitor is handed back,
    /// nothing read). The same for `fast_f32` and `fast_f64` (a float), `fast_bool` and `fast_str` (a plain
    /// String).
    #[inline]
    pub(super) fn fast_i64<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        match self.fast_int()? {
            Some((i, _)) => visitor.visit_i64(i).map(Ok),
            None => Ok(Err(visitor)),
        }
    }

    #[inline]
    pub(super) fn fast_f32<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        match self.fast_float()? {
            Some(f) => visitor.visit_f32(float_as_f32(f)).map(Ok),
            None => Ok(Err(visitor)),
        }
    }

    #[inline]
    pub(super) fn fast_f64<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        match self.fast_float()? {
            Some(f) => visitor.visit_f64(f).map(Ok),
            None => Ok(Err(visitor)),
        }
    }

    #[inline]
    pub(super) fn fast_bool<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        let w = self.words.bool;
        match self.fast_payload(w, w)? {
            // Bool has no wide form (the narrow word, passed again as the wide one, matches first).
            Some((p, _)) => visitor.visit_bool(bool_payload(p.low())).map(Ok),
            None => Ok(Err(visitor)),
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
        // Header and length in one load.
        let w = self.peek8()?;
        if w as u32 != self.words.string {
            return None;
        }
        let (t, total) = self.plain_text((w >> 32) as usize, 8)?;
        self.dec.r.skip_lenient(total);
        Some(t)
    }

    /// The string field (length, bytes, padding) `off` bytes ahead on the wire when it is plain (see
    /// [`Deserializer::plain_text`]; not Godot 2): its text and where the field ends, relative to the reader;
    /// nothing read. `None` for anything else, which the general path reads (errors included).
    #[inline(always)]
    pub(super) fn plain_field(&self, off: usize) -> Option<(&'de str, usize)> {
        if !self.fast {
            return None;
        }
        let len = u32::from_le_bytes(*self.dec.r.rest().get(off..)?.first_chunk::<4>()?) as usize;
        self.plain_text(len, off + 4)
    }

    /// The `len` bytes `start` bytes ahead on the wire (a string field's, its length read) when they are
    /// plain text (no NUL but one at the end, no byte order mark, valid UTF-8) and their padding is there:
    /// the text and where the field ends, relative to the reader. `None` for anything else.
    #[inline(always)]
    fn plain_text(&self, len: usize, start: usize) -> Option<(&'de str, usize)> {
        let rest = self.dec.r.rest();
        if len > rest.len() {
            return None;
        }
        let total = start + padded_len(len);
        let b = rest.get(start..total)?.get(..len)?;
        // One NUL at the end (as a PackedStringArray's elements have) ends the text, as the general path
        // reads it, which cuts at the first NUL: the text before it must have none.
        let b = b.strip_suffix(&[0]).unwrap_or(b);
        // A byte order mark (which the general path drops) starts with 0xEF: one compare for most texts.
        if b.first() == Some(&0xEF) && b.starts_with(b"\xEF\xBB\xBF") {
            return None;
        }
        Some((utf8_no_nul(b)?, total))
    }
}
