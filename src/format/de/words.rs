//! The header words the fast paths compare with, per dialect, and the word-at-a-time checks of a name's bytes.

use crate::config::Dialect;
use crate::types::TypeKind;
use crate::wire::{clean_bytes, clean_marks, clean_word, FLAG_64, HIGH};

/// The exact header words (type id and flags, nothing else set) of the values the per-value fast paths
/// read straight from the input: a word that is not one of these takes the general path, with its checks and
/// errors. Looked up once per deserializer from the dialect's table.
#[derive(Clone, Copy)]
pub(super) struct Words {
    pub(super) bool: u32,
    pub(super) int: u32,
    pub(super) int64: u32,
    pub(super) float: u32,
    pub(super) float64: u32,
    pub(super) string: u32,
    pub(super) dictionary: u32,
    pub(super) array: u32,
    /// PackedStringArray (`u32::MAX`: the dialect has none).
    pub(super) packed_strings: u32,
    /// The type ids of Vector2, Vector3, Vector4 and Color (`u32::MAX`: the dialect has none), for every
    /// dialect (Godot 2's too: the math markers' fast path reads them whatever the dialect).
    pub(super) math: [u32; 4],
}

impl Words {
    /// Placeholder words for a dialect without fast paths (never compared: `Deserializer::fast` is false).
    const NONE: Words = Words {
        bool: 0,
        int: 0,
        int64: 0,
        float: 0,
        float64: 0,
        string: 0,
        dictionary: 0,
        array: 0,
        packed_strings: 0,
        math: [u32::MAX; 4],
    };

    /// The words of `d`: one copy from a table built at compile time (working them out per call, or
    /// checking a table built at run time, cost a small message's decode 60 and 20 instructions).
    #[inline(always)]
    pub(super) fn of(d: Dialect) -> Words {
        DIALECT_WORDS[d as usize]
    }

    /// The words of `d`; only the math ids for Godot 2, whose values take the general path. A dialect
    /// without one of the plain types is a compile-time error (the table below is built by the compiler).
    const fn build(d: Dialect) -> Words {
        const fn id(d: Dialect, k: TypeKind) -> u32 {
            match d.type_id(k) {
                Some(id) => id,
                None => panic!("a dialect without a plain type"),
            }
        }
        const fn or_none(id: Option<u32>) -> u32 {
            match id {
                Some(id) => id,
                None => u32::MAX,
            }
        }
        let math = [
            or_none(d.type_id(TypeKind::Vector2)),
            or_none(d.type_id(TypeKind::Vector3)),
            or_none(d.type_id(TypeKind::Vector4)),
            or_none(d.type_id(TypeKind::Color)),
        ];
        if matches!(d.family(), crate::config::Family::Godot2) {
            return Words { math, ..Words::NONE };
        }
        // Godot 3+ write the 64-bit flag on wide ints and floats; untyped containers carry no flags.
        Words {
            bool: id(d, TypeKind::Bool),
            int: id(d, TypeKind::Int),
            int64: id(d, TypeKind::Int) | FLAG_64,
            float: id(d, TypeKind::Float),
            float64: id(d, TypeKind::Float) | FLAG_64,
            string: id(d, TypeKind::String),
            dictionary: id(d, TypeKind::Dictionary),
            array: id(d, TypeKind::Array),
            packed_strings: or_none(d.type_id(TypeKind::PackedStringArray)),
            math,
        }
    }
}

/// [`Words`] of every dialect (index: `Dialect as usize`), built at compile time.
pub(super) static DIALECT_WORDS: [Words; Dialect::ALL.len()] = crate::dialect::per_dialect!(Words::build);

/// Whether `b`, a String's bytes, are all ASCII with no NUL: a name the general path reads as exactly these
/// bytes (no NUL to cut it, no byte order mark to drop, no UTF-8 rule of any dialect to apply). `word`: the
/// 8 bytes from the name's first (padding and what follows included) when the input has them, so that a
/// name of up to 8 bytes is checked as one word (see [`short_name`]).
#[inline(always)]
pub(super) fn ascii_name(b: &[u8], word: Option<u64>) -> bool {
    let n = b.len();
    match (n, word) {
        (0..=8, Some(w)) => short_name(w, n),
        (0, None) => true,
        (1..=7, None) => clean_bytes(b),
        _ => {
            // Whole words, then the last 8 bytes (overlapping the words before).
            let mut ok = clean_word(word64(b, n - 8));
            let mut i = 0;
            while ok && i + 8 <= n {
                ok = clean_word(word64(b, i));
                i += 8;
            }
            ok
        }
    }
}

/// [`ascii_name`] for a name of `n` bytes, at most 8, read as the word `w` from its first byte (what follows
/// the name in `w` is masked off; `n` above 8 is never a name here).
#[inline(always)]
pub(super) fn short_name(w: u64, n: usize) -> bool {
    /// Per name length up to 8: the high bits of the name's bytes in a word.
    const HIGHS: [u64; 9] = {
        let mut t = [0u64; 9];
        let mut n = 1;
        while n <= 8 {
            t[n] = HIGH >> (64 - 8 * n);
            n += 1;
        }
        t
    };
    // As `clean_word`, the name's bytes only (`clean_marks` are exact up to the first failing byte; the
    // bytes after the name are not looked at).
    HIGHS.get(n).is_some_and(|h| clean_marks(w) & h == 0)
}

/// 16 bytes as two little-endian words.
#[inline(always)]
pub(super) fn split16(b: &[u8; 16]) -> (u64, u64) {
    let (lo, hi) = b.split_at(8);
    (word64(lo, 0), word64(hi, 0))
}

#[inline(always)]
pub(super) fn word64(s: &[u8], i: usize) -> u64 {
    s.get(i..).and_then(|s| s.first_chunk::<8>()).map_or(0, |w| u64::from_le_bytes(*w))
}
