//! Text out of string fields: the fast UTF-8 check the decoders borrow through (the crate's one `unsafe`
//! block), the zero-byte word tests, and each dialect's rule for bytes that are not UTF-8.

use crate::error::{Error, ErrorKind, Result};

/// The text of `b` when it is valid UTF-8: `std::str::from_utf8`'s answer, reached faster for ASCII.
///
/// Names, keys and most of a game's strings are short and ASCII. For those, `from_utf8` costs about 90
/// instructions a string (its per-byte loop and set-up), `is_ascii` about 15; the game state's typed decode
/// took 8-9% less time with this. Every string the decoders borrow from the
/// input goes through here.
#[inline]
pub(crate) fn utf8(b: &[u8]) -> Option<&str> {
    text(b, false)
}

/// [`utf8`] for text that may hold no NUL (a plain string field's, which every engine would cut there):
/// `None` for a NUL too. For 4 to 16 bytes one pass of word checks answers both (a word whose bytes are all
/// 1..=0x7F holds neither a NUL nor anything but ASCII).
#[inline]
pub(crate) fn utf8_no_nul(b: &[u8]) -> Option<&str> {
    text(b, true)
}

/// [`utf8`], and with `no_nul` [`utf8_no_nul`].
#[inline(always)]
#[allow(unsafe_code)] // The crate's only unsafe code (lib.rs denies it everywhere else).
fn text(b: &[u8], no_nul: bool) -> Option<&str> {
    // From 4 to 16 bytes, two overlapping words cover them all (`is_ascii` walks bytes below 8). With
    // `no_nul`, each word's `clean_marks`, which mark a zero byte too.
    let marks = |x: u64, y: u64| if no_nul { clean_marks(x) | clean_marks(y) } else { x | y };
    let ascii = match b.len() {
        8..=16 => match (b.first_chunk::<8>(), b.last_chunk::<8>()) {
            (Some(x), Some(y)) => marks(u64::from_le_bytes(*x), u64::from_le_bytes(*y)) & HIGH == 0,
            _ => false,
        },
        // The 4-byte words widened (their high halves zero): the marks of their low halves are exact.
        4..=7 => match (b.first_chunk::<4>(), b.last_chunk::<4>()) {
            (Some(x), Some(y)) => {
                marks(u32::from_le_bytes(*x) as u64, u32::from_le_bytes(*y) as u64) & (HIGH >> 32) == 0
            }
            _ => false,
        },
        _ if no_nul => clean_bytes(b),
        _ => b.is_ascii(),
    };
    if ascii {
        // SAFETY: bytes that are all below 0x80 (`ascii` holds the words' own high bits, whatever `no_nul`)
        // are valid UTF-8 (each is a one-byte code point), which is all `from_utf8_unchecked` asks. Run
        // under miri by `.ci/run` (the tests `utf8_*` below).
        return Some(unsafe { std::str::from_utf8_unchecked(b) });
    }
    if no_nul && b.contains(&0) {
        return None;
    }
    std::str::from_utf8(b).ok()
}

/// Whether a little-endian word of string bytes holds a zero byte (a NUL, which cuts a Godot string): one
/// subtraction and two masks. Exact as a yes/no (the borrow can only mark bytes above a zero one).
#[inline(always)]
pub(crate) fn has_zero_byte64(w: u64) -> bool {
    w.wrapping_sub(ONES) & !w & HIGH != 0
}

/// The high bit of each byte of a word.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;
/// 1 in each byte of a word.
pub(crate) const ONES: u64 = 0x0101_0101_0101_0101;

/// The marks of a little-endian word of string bytes: a byte's high bit is set here if the byte is 0x80 or
/// above, or is a zero byte with only bytes of 1..=0x7F below it (less 1 in every byte, such a zero byte
/// becomes 0xFF; a byte of 1..=0x7F borrows nothing). So `clean_marks(w) & HIGH == 0` exactly when every
/// byte is 1..=0x7F (ASCII, no NUL), and masked to a word's first bytes, when those are: the bytes below the
/// first failing byte borrow nothing, so the first failing byte is always marked.
#[inline(always)]
pub(crate) fn clean_marks(w: u64) -> u64 {
    w.wrapping_sub(ONES) | w
}

/// Whether every byte of `w` is 1..=0x7F (see [`clean_marks`]).
#[inline(always)]
pub(crate) fn clean_word(w: u64) -> bool {
    clean_marks(w) & HIGH == 0
}

/// Whether every byte of `b` is 1..=0x7F, byte by byte (for the few bytes no word covers).
#[inline(always)]
pub(crate) fn clean_bytes(b: &[u8]) -> bool {
    b.iter().all(|&c| c.wrapping_sub(1) < 0x7F)
}

/// [`has_zero_byte64`] for a 4-byte word.
#[inline(always)]
pub(crate) fn has_zero_byte32(w: u32) -> bool {
    const ONES: u32 = 0x0101_0101;
    w.wrapping_sub(ONES) & !w & (ONES << 7) != 0
}

/// How a dialect turns a string field's bytes into text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Utf8Rule {
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
#[inline]
pub(crate) fn godot_str(bytes: &[u8], rule: Utf8Rule, at: usize) -> Result<std::borrow::Cow<'_, str>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `utf8` answers as `std::str::from_utf8` does (and `utf8_no_nul` so too, but `None` for a NUL), at every length around the word sizes, for ASCII,
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
            let no_nul = if b.contains(&0) { None } else { std::str::from_utf8(b).ok() };
            assert_eq!(utf8_no_nul(b), no_nul, "{b:?}");
        }
    }

    /// `clean_marks` masked to a word's first `n` bytes answers "are they all 1..=0x7F" exactly, whatever the
    /// bytes after them (the form the name checks use), for words mixing the bytes at each edge. (Fewer words
    /// under miri, which `.ci/run` runs this module's tests in: no unsafe code here, and miri is slow.)
    #[test]
    fn clean_marks_answer_for_the_first_bytes() {
        let edges = [0u8, 1, 0x41, 0x7F, 0x80, 0xFF];
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..if cfg!(miri) { 300 } else { 200_000 } {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let b: [u8; 8] = std::array::from_fn(|i| edges[(state >> (i * 5)) as usize % edges.len()]);
            let w = u64::from_le_bytes(b);
            for n in 0..=8 {
                let mask = if n == 8 { HIGH } else { HIGH & ((1u64 << (8 * n)) - 1) };
                let want = b[..n].iter().all(|&c| (1..=0x7F).contains(&c));
                assert_eq!(clean_marks(w) & mask == 0, want, "{b:02x?}, first {n}");
                assert_eq!(clean_bytes(&b[..n]), want, "{b:02x?}, first {n}");
            }
            assert_eq!(clean_word(w), b.iter().all(|&c| (1..=0x7F).contains(&c)), "{b:02x?}");
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
    fn strings_stop_at_nul_and_drop_bom() {
        assert_eq!(godot_str(b"a\0bcd", Utf8Rule::Strict, 0).unwrap(), "a");
        assert_eq!(godot_str(b"\xEF\xBB\xBFhi", Utf8Rule::Strict, 0).unwrap(), "hi");
        assert_eq!(godot_str(b"ok\xff", Utf8Rule::Strict, 8).unwrap_err().offset(), Some(10));
        assert_eq!(godot_str(b"a\xffb", Utf8Rule::Lossy, 0).unwrap(), "a\u{fffd}b");
    }
}
