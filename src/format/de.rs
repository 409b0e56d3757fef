//! The serde [`Deserializer`]: Godot Variant bytes into any `T: Deserialize`, borrowing strings and byte
//! arrays from the input where the type asks for them.
//!
//! It is self-describing (`deserialize_any` works, so `serde_json::Value` can be read) and forgiving where
//! Godot values are: an Int of either width goes into any integer type (range-checked), Int or Float into
//! floats, String or StringName into strings, Array or a packed array into sequences, a Dictionary with
//! String/StringName keys into structs (unknown keys skipped), an enum from a String (unit variant) or a
//! one-entry Dictionary.

use std::borrow::Cow;

use serde::de::{self, DeserializeSeed, Deserializer as _, IntoDeserializer, Visitor};

use crate::codec::Decoder;
use crate::config::check_depth;
use crate::config::{Config, Dialect};
use crate::error::{Error, ErrorKind, Result, Step};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{Object, Variant};
use crate::wire::{has_zero_byte32, has_zero_byte64, pad_len, utf8, widen_exact, widen_like_engine, Reader, FLAG_64};

/// The deepest nesting that serde recursion may reach on one thread when deserializing, whatever
/// [`Config::max_depth`] says: every level costs stack in the visitor and in this deserializer (about 2.5 KB
/// for a `serde_json::Value` map in a debug build, several times that for wide structs), so the levels are
/// also held to [`SERDE_STACK_BUDGET`] bytes of stack, which stops them first for types with big frames.
/// A [`Variant`] is not limited by it: it is handed over whole from the core decoder, which walks nesting
/// without recursion, so engine values nested up to the engines' 1024 levels read fine as `Variant`.
///
/// ```
/// // 600 nested arrays: fine as a Variant, too deep for serde recursion.
/// let mut v = godot_bin::Variant::Nil;
/// for _ in 0..600 {
///     v = godot_bin::Variant::from(vec![v]);
/// }
/// let bytes = godot_bin::to_vec(&v)?;
/// assert_eq!(godot_bin::from_slice::<godot_bin::Variant>(&bytes)?, v);
/// let err = godot_bin::from_slice::<serde_json::Value>(&bytes).unwrap_err();
/// // Refused by this limit, or earlier by the stack budget (a debug build's frames are bigger).
/// use godot_bin::{ErrorKind::*, SERDE_MAX_DEPTH};
/// assert!(matches!(err.kind(), TooDeep { max: SERDE_MAX_DEPTH } | StackBudget { .. }));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub const SERDE_MAX_DEPTH: usize = 512;

/// The stack that serde recursion may use on one thread when deserializing, in bytes, counted from the
/// outermost value: a level that starts beyond it is an [`ErrorKind::StackBudget`] error. A depth limit
/// alone cannot keep a thread's stack safe, because the stack a level takes depends on the types being
/// read (a struct with 40 `Option<String>` fields takes several KB per level in a release build, more in a
/// debug one). With 1 MiB for the recursion, a 2 MiB thread (tokio's worker default) keeps 1 MiB for
/// what runs above and below it, whatever the types.
///
/// ```
/// use serde::Deserialize;
/// #[derive(Deserialize)]
/// struct Node { a: Option<String>, b: Option<String>, c: Option<String>, child: Option<Box<Node>> }
/// // 500 levels of {"child": {"child": …}} read on a 2 MiB thread: refused, never a stack overflow.
/// let mut v = godot_bin::Variant::Nil;
/// for _ in 0..500 {
///     let mut d = godot_bin::Dictionary::default();
///     d.insert("child".into(), v);
///     v = godot_bin::Variant::Dictionary(Box::new(d));
/// }
/// let bytes = godot_bin::to_vec(&v)?;
/// let r = std::thread::Builder::new()
///     .stack_size(2 << 20)
///     .spawn(move || godot_bin::from_slice::<Node>(&bytes).map(|_| ()))
///     .unwrap()
///     .join()
///     .unwrap();
/// // Depending on the build, the depth limit or the stack budget refuses it first.
/// let err = r.unwrap_err();
/// assert!(matches!(err.kind(), godot_bin::ErrorKind::TooDeep { .. } | godot_bin::ErrorKind::StackBudget { .. }));
/// assert!(err.offset().is_some());
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub const SERDE_STACK_BUDGET: usize = Config::DEFAULT_SERDE_STACK;

thread_local! {
    static SERDE_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Where the stack was when the outermost level began (an address, compared, never dereferenced), and
    /// the budget the outermost level's config gave.
    static SERDE_STACK_BASE: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

/// Where this call's frame is on the stack: the address of a local (only compared, never dereferenced).
#[inline(always)]
fn stack_mark() -> usize {
    let marker = 0u8;
    std::ptr::addr_of!(marker) as usize
}

/// One level of serde recursion; dropped on the way out (errors and unwinding included), when it puts back
/// the depth it found. Refuses a level beyond [`SERDE_MAX_DEPTH`] or beyond the outermost level's stack
/// budget ([`Config::serde_stack`]; `budget`: the config's, where the caller has one, else
/// [`SERDE_STACK_BUDGET`]; asked for only by an outermost level).
struct DepthGuard(usize);

impl DepthGuard {
    #[inline(always)]
    fn enter(at: Option<usize>, budget: impl FnOnce() -> Option<usize>) -> Result<DepthGuard> {
        let d = SERDE_DEPTH.with(|c| c.get());
        let here = stack_mark();
        if d == 0 {
            SERDE_STACK_BASE.with(|c| c.set((here, budget().unwrap_or(SERDE_STACK_BUDGET))));
        } else {
            let (base, budget) = SERDE_STACK_BASE.with(|c| c.get());
            if d >= SERDE_MAX_DEPTH || base.abs_diff(here) > budget {
                return Err(Self::refused(d, budget, at));
            }
        }
        SERDE_DEPTH.with(|c| c.set(d + 1));
        Ok(DepthGuard(d))
    }

    /// The error of a level refused at depth `d` (cold: only for hostile or runaway nesting).
    #[cold]
    #[inline(never)]
    fn refused(d: usize, budget: usize, at: Option<usize>) -> Error {
        if d >= SERDE_MAX_DEPTH {
            Error::new(ErrorKind::TooDeep { max: SERDE_MAX_DEPTH }, at)
        } else {
            Error::new(ErrorKind::StackBudget { depth: d, budget }, at)
        }
    }
}

impl Drop for DepthGuard {
    #[inline]
    fn drop(&mut self) {
        SERDE_DEPTH.with(|c| c.set(self.0));
    }
}

use crate::format::magic::{self, VARIANT as VARIANT_MAGIC};

impl de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        ErrorKind::Message(magic::with_refusal(msg.to_string())).into()
    }
}

fn with_offset(e: Error, at: usize) -> Error {
    match e.kind() {
        ErrorKind::Message(_) => e.or_offset(at),
        _ => e,
    }
}

/// Deserializes Godot Variant bytes into Rust values.
///
/// Forgiving where Godot values are: an Int of either width into any integer type (range-checked,
/// [`ErrorKind::IntegerOutOfRange`] with the byte offset), Int or Float into floats, String or StringName into
/// strings, Array or a packed array into sequences, a Dictionary with String/StringName keys into a struct
/// (unknown keys skipped), an enum from a String (unit variant) or a one-entry Dictionary.
///
/// What `deserialize_any` reports for each Godot type:
///
/// | wire | visited as |
/// |---|---|
/// | Nil, null Object, Callable | unit |
/// | bool / int / float | bool / i64 / f64 |
/// | String, StringName | str (borrowed from the input) |
/// | NodePath | its text (`"/root/Main:position"`) |
/// | Vector2 … Projection, Color, Vector2i … | a map of components (`{x, y}`, `{position, size}`, …) |
/// | RID, Object by instance id | u64 |
/// | full Object | a map: `".class"` → class name, then the properties |
/// | Signal | a map `{name, object}` |
/// | Array (typed or not), packed arrays | a sequence (PackedByteArray: of u8; `deserialize_bytes` borrows it) |
/// | Dictionary | a map |
/// | Godot 2 Image / InputEvent | maps `{format, mipmaps, width, height, data}` / `{device, type, fields}` |
///
/// Most users call [`from_slice`](crate::from_slice) and friends; the deserializer itself allows reading
/// several values from one buffer ([`Deserializer::rest`]).
///
/// ```
/// use serde::Deserialize;
/// let cfg = godot_bin::Config::default();
/// // Godot 4.6's var_to_bytes(1) and var_to_bytes("a") one after the other
/// // (tests/fixtures/godot-4.6/values.tsv `int_1`, `str_len1`):
/// let bytes = [2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0];
/// let mut de = godot_bin::Deserializer::new(&bytes, &cfg);
/// assert_eq!(u8::deserialize(&mut de)?, 1);
/// assert_eq!(<&str>::deserialize(&mut de)?, "a");
/// assert!(de.rest().is_empty());
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub struct Deserializer<'de, 'c> {
    dec: Decoder<'de, 'c>,
    depth: usize,
    /// `cfg.depth_limit()`, read once.
    limit: usize,
    /// The header words of the common plain values (unused for Godot 2, whose strings follow other rules).
    words: Words,
    /// Whether the fast paths may read the input (`words` is the dialect's; not Godot 2).
    fast: bool,
    /// The depth from which the header-word fast paths leave a value to the general path: `limit + 1`
    /// (beyond the depth limit, which the general path reports), 0 when `fast` is false. One compare.
    fast_below: usize,
    /// Entered when serde's buffer first asks for a value: from then on, and while this deserializer lives,
    /// Godot-only values handed to the buffer are noted (see `magic::note_buffered`).
    buffering: Option<magic::ReadScope>,
    /// The byte offset of the value a `TypedArray`/`TypedDictionary` asked for last (see
    /// [`Config::strict_typed_containers`]): a typed container there keeps its type. An offset, not a flag,
    /// so that a value read by a fast path leaves nothing behind for the next one.
    typed_at: usize,
}

/// The exact header words (type id and flags, nothing else set) of the values the per-value fast paths
/// read straight from the input: a word that is not one of these takes the general path, with its checks and
/// errors. Looked up once per deserializer from the dialect's table.
#[derive(Clone, Copy)]
struct Words {
    bool: u32,
    int: u32,
    int64: u32,
    float: u32,
    float64: u32,
    string: u32,
    dictionary: u32,
    array: u32,
    /// PackedStringArray (`u32::MAX`: the dialect has none).
    packed_strings: u32,
    /// The type ids of Vector2, Vector3, Vector4 and Color (`u32::MAX`: the dialect has none), for every
    /// dialect (Godot 2's too: the math markers' fast path reads them whatever the dialect).
    math: [u32; 4],
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
    fn of(d: Dialect) -> Words {
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
static DIALECT_WORDS: [Words; Dialect::ALL.len()] = crate::dialect::per_dialect!(Words::build);

/// Whether `b`, a String's bytes, are all ASCII with no NUL: a name the general path reads as exactly these
/// bytes (no NUL to cut it, no byte order mark to drop, no UTF-8 rule of any dialect to apply). `word`: the
/// 8 bytes from the name's first (padding and what follows included) when the input has them, so that a
/// name of up to 8 bytes is checked as one word, its other bytes masked off.
#[inline(always)]
fn ascii_name(b: &[u8], word: Option<u64>) -> bool {
    /// Per name length up to 8: the mask of the name's bytes in a word, and 0x01 in each other byte.
    const KEEP: [u64; 9] = {
        let mut t = [0u64; 9];
        let mut n = 1;
        while n <= 8 {
            t[n] = u64::MAX >> (64 - 8 * n);
            n += 1;
        }
        t
    };
    const FILL: [u64; 9] = {
        let mut t = [0u64; 9];
        let mut n = 0;
        while n <= 8 {
            t[n] = ONES & !KEEP[n];
            n += 1;
        }
        t
    };
    let n = b.len();
    match (n, word) {
        (0, _) => true,
        (1..=8, Some(w)) => clean_word((w & KEEP[n]) | FILL[n]),
        (1..=7, None) => b.iter().all(|&c| c.wrapping_sub(1) < 0x7F),
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

const HIGH: u64 = 0x8080_8080_8080_8080;
const ONES: u64 = 0x0101_0101_0101_0101;

/// Whether every byte of `w` is 1..=0x7F: no high bit, and no 0 (the lowest 0 byte, with no borrow from
/// below it, becomes 0xFF when 1 is taken from each byte; a byte of 1..=0x7F borrows nothing).
#[inline(always)]
fn clean_word(w: u64) -> bool {
    (w.wrapping_sub(ONES) | w) & HIGH == 0
}

#[inline(always)]
fn word64(s: &[u8], i: usize) -> u64 {
    s.get(i..).and_then(|s| s.first_chunk::<8>()).map_or(0, |w| u64::from_le_bytes(*w))
}

#[inline(always)]
fn word32(s: &[u8], i: usize) -> u32 {
    s.get(i..).and_then(|s| s.first_chunk::<4>()).map_or(0, |w| u32::from_le_bytes(*w))
}

/// What the next value on the wire is, after its header (and, for scalars, its payload) was read.
enum Next<'de> {
    Scalar(Scalar<'de, 'static>, usize),
    /// Array or Dictionary (untyped): element count; `map` tells which.
    Container {
        n: usize,
        map: bool,
    },
    /// A packed array of scalars: kind, count, wide flag.
    Packed(TypeKind, usize),
    /// PackedByteArray data.
    Bytes(&'de [u8]),
    /// Anything else, decoded whole by the core decoder.
    Whole(Box<Variant>, usize),
}

impl<'de, 'c> Deserializer<'de, 'c> {
    /// A deserializer reading from the start of `bytes` with `cfg`.
    ///
    /// ```
    /// use serde::Deserialize;
    /// let cfg = godot_bin::Config::new("godot3".parse()?);
    /// let mut de = godot_bin::Deserializer::new(&[1, 0, 0, 0, 0, 0, 0, 0], &cfg);
    /// assert!(!bool::deserialize(&mut de)?);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn new(bytes: &'de [u8], cfg: &'c Config) -> Self {
        let fast = cfg.dialect().family() != crate::config::Family::Godot2;
        let limit = cfg.depth_limit();
        Deserializer {
            dec: Decoder::new(bytes, cfg),
            depth: 0,
            limit,
            words: Words::of(cfg.dialect()),
            fast,
            fast_below: if fast { limit.saturating_add(1) } else { 0 },
            buffering: None,
            typed_at: usize::MAX,
        }
    }

    /// The unread rest of the input.
    ///
    /// ```
    /// use serde::Deserialize;
    /// let cfg = godot_bin::Config::default();
    /// let mut de = godot_bin::Deserializer::new(&[0, 0, 0, 0, 9], &cfg);
    /// <()>::deserialize(&mut de)?;
    /// assert_eq!(de.rest(), [9]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn rest(&self) -> &'de [u8] {
        self.dec.r.rest()
    }

    /// Bytes consumed so far.
    ///
    /// ```
    /// use serde::Deserialize;
    /// let cfg = godot_bin::Config::default();
    /// let mut de = godot_bin::Deserializer::new(&[0, 0, 0, 0, 9], &cfg);
    /// <()>::deserialize(&mut de)?;
    /// assert_eq!(de.position(), 4);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[inline]
    pub fn position(&self) -> usize {
        self.dec.r.pos()
    }

    fn reader(&mut self) -> &mut Reader<'de> {
        &mut self.dec.r
    }

    /// The next header word (low half) and the 4 bytes after it (high half), when 8 bytes are left and the
    /// fast paths may read (else `peek_word` and the reader take over, with their errors): a scalar fast
    /// path's header and narrow payload in one load.
    #[inline(always)]
    fn peek8(&self) -> Option<u64> {
        if self.depth >= self.fast_below {
            return None;
        }
        Some(u64::from_le_bytes(*self.dec.r.rest().first_chunk::<8>()?))
    }

    /// The 8 bytes after the next header word (a wide payload), when 12 bytes are left.
    #[inline(always)]
    fn peek12(&self) -> Option<u64> {
        let b = self.dec.r.rest().get(4..12)?;
        Some(u64::from_le_bytes(b.try_into().ok()?))
    }

    /// The fast paths' view of the next header word (compared with `self.words`), when the value is inside
    /// the depth limit (else the general path reports it).
    #[inline]
    fn peek_word(&self) -> Option<u32> {
        if self.depth >= self.fast_below {
            return None;
        }
        let b = self.dec.r.rest().first_chunk::<4>()?;
        Some(u32::from_le_bytes(*b))
    }

    /// A bool, int, float or plain String next on the wire, read straight from the input (header word
    /// compared with the dialect's, no table look-up); `None` (nothing read) for anything else.
    #[inline]
    fn fast_scalar(&mut self) -> Result<Option<(Scalar<'de, 'static>, usize)>> {
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
    fn plain_name(&self, off: usize) -> Option<(&'de [u8], usize)> {
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
    fn fast_i64<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
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
    fn fast_int(&mut self) -> Result<Option<(i64, usize)>> {
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
    fn fast_f32<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
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
    fn fast_f64<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
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
    fn fast_bool<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
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
    fn fast_str<V: Visitor<'de>>(&mut self, visitor: V) -> Result<std::result::Result<V::Value, V>> {
        match self.plain_str() {
            Some(t) => visitor.visit_borrowed_str(t).map(Ok),
            None => Ok(Err(visitor)),
        }
    }

    /// An untyped Dictionary (`map`) or Array header next on the wire: its element count, read and promised
    /// as the general path does (`promise`: false, checked only, for a struct's entries, see [`MapAccess`]);
    /// `None` (nothing read) for anything else.
    #[inline]
    fn fast_container(&mut self, map: bool, promise: bool) -> Result<Option<usize>> {
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
    fn fast_packed_strings(&mut self) -> Result<Option<usize>> {
        let Some(w) = self.peek8() else { return Ok(None) };
        if w as u32 != self.words.packed_strings {
            return Ok(None);
        }
        let at = self.dec.r.pos() + 4;
        self.dec.r.skip_lenient(8);
        self.packed_strings_count((w >> 32) as u32, at).map(Some)
    }

    /// A PackedStringArray's element count from its count field (`raw`, at byte `at`), the rest of the array
    /// next: as the engines and the core decoder read it, a negative count is an empty array, and each
    /// element takes at least its 4-byte length.
    fn packed_strings_count(&self, raw: u32, at: usize) -> Result<usize> {
        let n = if raw > i32::MAX as u32 { 0 } else { raw as usize };
        if n.saturating_mul(4) > self.dec.r.remaining() {
            return Err(Error::at(ErrorKind::InvalidLength { value: raw as u64 }, at));
        }
        Ok(n)
    }

    /// The `n` elements of a packed array of `kind` whose count was read, as a sequence.
    fn visit_packed<V: Visitor<'de>>(&mut self, kind: TypeKind, n: usize, visitor: V) -> Result<V::Value> {
        let _g = DepthGuard::enter(Some(self.dec.r.pos()), || Some(self.dec.cfg().serde_stack_limit()))?;
        self.depth += 1;
        let r = visitor.visit_seq(PackedAccess { de: self, kind, left: n });
        self.depth -= 1;
        r
    }

    /// Reads the next value's header and as much of it as can be handed over directly.
    fn next(&mut self) -> Result<Next<'de>> {
        use TypeKind as K;
        let saved = self.dec.r.clone();
        let (kind, flags, at) = self.dec.header()?;
        check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
        let d = self.dec.cfg().dialect();
        let wide = d.has_flags() && flags & FLAG_64 != 0;
        Ok(match kind {
            K::Nil => Next::Scalar(Scalar::Unit, at),
            K::Bool => Next::Scalar(Scalar::Bool(self.reader().u32()? != 0), at),
            K::Int => {
                let i = if wide { self.reader().i64()? } else { self.reader().i32()? as i64 };
                Next::Scalar(Scalar::Int(i), at)
            }
            K::Float => {
                let f = if wide { self.reader().f64()? } else { widen_like_engine(self.reader().f32()?) };
                Next::Scalar(Scalar::Float(f), at)
            }
            K::String | K::StringName => match self.dec.str_cow()? {
                Cow::Borrowed(s) => Next::Scalar(Scalar::Borrowed(s), at),
                Cow::Owned(s) => Next::Scalar(Scalar::Owned(s), at),
            },
            K::Array if !d.typed_arrays() || crate::wire::array_type_bits(flags) == 0 => {
                Next::Container { n: self.container_count(1)?, map: false }
            }
            K::Dictionary if !d.typed_dictionaries() || crate::wire::dict_type_bits(flags) == (0, 0) => {
                Next::Container { n: self.container_count(2)?, map: true }
            }
            K::PackedByteArray => {
                let n = self.reader().count(u32::MAX, 1)?;
                let b = self.reader().take(n)?;
                self.reader().skip_lenient(pad_len(n));
                Next::Bytes(b)
            }
            K::PackedInt32Array | K::PackedFloat32Array => Next::Packed(kind, self.reader().count(u32::MAX, 4)?),
            K::PackedStringArray => {
                let at = self.dec.r.pos();
                let raw = self.reader().u32()?;
                Next::Packed(kind, self.packed_strings_count(raw, at)?)
            }
            K::PackedInt64Array | K::PackedFloat64Array => Next::Packed(kind, self.reader().count(u32::MAX, 8)?),
            _ => {
                self.dec.r = saved;
                let v = self.dec.value(self.depth)?;
                if self.dec.cfg().typed_containers_strict() && at != self.typed_at {
                    if let Some(msg) = typed_dropped(&v) {
                        return Err(Error::new(ErrorKind::Message(msg), Some(at)));
                    }
                }
                Next::Whole(Box::new(v), at)
            }
        })
    }

    /// The payload of a packed array of `kind` (elements of `size` bytes, narrow layout) if that is what the
    /// wire holds next; `None` (nothing read) otherwise. The count is checked against the input, as always.
    fn raw_packed(&mut self, kind: TypeKind, size: usize) -> Result<Option<&'de [u8]>> {
        use TypeKind as K;
        let saved = self.dec.r.clone();
        let (k, flags, at) = match self.dec.header() {
            Ok(h) => h,
            Err(_) => {
                self.dec.r = saved;
                return Ok(None);
            }
        };
        // Reals are stored as the core decoder stores them only in single-precision builds, narrow on the wire.
        let reals = matches!(k, K::PackedVector2Array | K::PackedVector3Array | K::PackedVector4Array);
        let wide = self.dec.cfg().dialect().math_flag() && flags & FLAG_64 != 0;
        if k != kind || (reals && (wide || self.dec.double_precision())) {
            self.dec.r = saved;
            return Ok(None);
        }
        check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
        let n = self.reader().count(u32::MAX, size)?;
        Ok(Some(self.reader().take(n * size)?))
    }

    /// A `$godot_bin::Vector2/3/4` or `Color` marker whose value is next on the wire, narrow and with a plain
    /// header: read straight from the input (kind, the components' bytes). `None` (nothing read) for anything
    /// else, which takes the general path (and its errors).
    #[inline(always)]
    fn narrow_math(&mut self, name: &str) -> Option<(TypeKind, &'de [u8])> {
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
    fn plain_str(&mut self) -> Option<&'de str> {
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
    fn plain_field(&self, off: usize) -> Option<(&'de str, usize)> {
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

    /// An Array/Dictionary count (bit 31, Godot 2's "shared" flag, masked off). Its element slots (4+ bytes
    /// each; two per Dictionary entry) are promised to the core decoder's accounting, so that nested
    /// containers together can never claim more elements than the input can hold.
    #[inline]
    fn container_count(&mut self, slots: usize) -> Result<usize> {
        let at = self.dec.r.pos();
        let raw = self.reader().u32()?;
        let n = (raw & 0x7FFF_FFFF) as usize;
        self.dec.promise(n, slots, at, raw)?;
        Ok(n)
    }

    /// Hands a container or whole value to the visitor in its self-describing form.
    fn visit_next<V: Visitor<'de>>(&mut self, next: Next<'de>, visitor: V, seq_form: bool) -> Result<V::Value> {
        match next {
            Next::Scalar(s, at) => ScalarDe { s, at: Some(at) }.deserialize_any(visitor),
            Next::Container { n, map } => self.visit_container(n, map, &[], visitor),
            Next::Packed(kind, n) => self.visit_packed(kind, n, visitor),
            Next::Bytes(b) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(b.iter().copied())),
            Next::Whole(v, at) => {
                let vd = VariantDe { v: &v, at: Some(at) };
                let r = if seq_form { vd.deserialize_seq(visitor) } else { vd.deserialize_any(visitor) };
                r.map_err(|e| with_offset(e, at))
            }
        }
    }

    /// The narrower ints' general path (out of line): an int of either width range-checked by `fit` (`Err(i)`:
    /// out of range, an [`ErrorKind::IntegerOutOfRange`] at the int's header), anything else as
    /// [`forward_scalar`] reads it (`scalar`: the method on [`ScalarDe`], `whole`: on [`VariantDe`]).
    #[inline(never)]
    fn general_int<V: Visitor<'de>>(
        &mut self,
        visitor: V,
        whole: impl FnOnce(VariantDe<'_>, V) -> Result<V::Value>,
        scalar: impl FnOnce(ScalarDe<'de, 'static>, V) -> Result<V::Value>,
        fit: impl FnOnce(i64, V) -> std::result::Result<Result<V::Value>, i64>,
    ) -> Result<V::Value> {
        if let Some((i, at)) = self.fast_int()? {
            return match fit(i, visitor) {
                Ok(r) => r,
                Err(i) => Err(Error::new(ErrorKind::IntegerOutOfRange(i as i128), Some(at))),
            };
        }
        self.general_scalar(visitor, whole, scalar)
    }

    /// [`forward_scalar`]'s general path (out of line): `scalar`, the method on [`ScalarDe`], `whole`, on
    /// [`VariantDe`].
    #[inline(never)]
    fn general_scalar<V: Visitor<'de>>(
        &mut self,
        visitor: V,
        whole: impl FnOnce(VariantDe<'_>, V) -> Result<V::Value>,
        scalar: impl FnOnce(ScalarDe<'de, 'static>, V) -> Result<V::Value>,
    ) -> Result<V::Value> {
        if let Some((s, at)) = self.fast_scalar()? {
            return scalar(ScalarDe { s, at: Some(at) }, visitor);
        }
        match self.next()? {
            Next::Scalar(s, at) => scalar(ScalarDe { s, at: Some(at) }, visitor),
            Next::Whole(v, at) => whole(VariantDe { v: &v, at: Some(at) }, visitor).map_err(|e| with_offset(e, at)),
            next => self.visit_next(next, visitor, false),
        }
    }

    /// `deserialize_struct`'s general path for a marker name (out of line): another math type with another
    /// number of components (a Vector2 read as a Vector3) is refused as such, instead of the marker's "missing
    /// field z"; anything else is read self-describing.
    #[inline(never)]
    fn general_marker<V: Visitor<'de>>(&mut self, name: &'static str, visitor: V) -> Result<V::Value> {
        if let Some(want) = name.strip_prefix("$godot_bin::").and_then(TypeKind::math_from_marker) {
            // Another math type with another number of components (a Vector2 read as a Vector3): say so,
            // instead of the marker's "missing field z".
            let at = self.dec.r.pos();
            let found = self
                .dec
                .r
                .clone()
                .u32()
                .ok()
                .and_then(|h| self.dec.cfg().dialect().type_kind(h & crate::wire::TYPE_MASK));
            if let Some(found) =
                found.filter(|f| TypeKind::math_from_marker(f.name()).is_some() && f.components() != want.components())
            {
                let msg = format!("invalid type: {}, expected {}", found.name(), want.name());
                return Err(Error::new(ErrorKind::Message(msg), Some(at)));
            }
        }
        self.deserialize_any(visitor)
    }

    /// `deserialize_enum`'s general path: every form its fast paths leave (out of line, so that they keep a
    /// small frame). `start`: where the value starts.
    #[inline(never)]
    fn general_enum<V: Visitor<'de>>(
        &mut self,
        start: usize,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.next()? {
            Next::Scalar(s, at) => ScalarDe { s, at: Some(at) }.deserialize_enum(name, variants, visitor),
            Next::Container { n: 1, map: true } => {
                let _g = DepthGuard::enter(Some(self.dec.r.pos()), || Some(self.dec.cfg().serde_stack_limit()))?;
                self.depth += 1;
                let r = visitor.visit_enum(DictEnum { de: self, name: None });
                self.depth -= 1;
                r
            }
            Next::Whole(v, at) => VariantDe { v: &v, at: Some(at) }.deserialize_enum(name, variants, visitor),
            _ => Err(Error::invalid("an enum must be a String or a Dictionary with one entry", Some(start))),
        }
    }

    /// Visits an Array or Dictionary of `n` elements whose count was read. `fields`: the struct's field
    /// names when a struct is read from the Dictionary (not empty: its plain keys go to the field identifier
    /// as they are, see [`NameDe`]).
    #[inline]
    fn visit_container<V: Visitor<'de>>(
        &mut self,
        n: usize,
        map: bool,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if map {
            self.visit_dict(n, fields, visitor)
        } else {
            self.visit_array(n, visitor)
        }
    }

    /// [`Deserializer::visit_container`] for a Dictionary (its own function: a smaller frame than both kinds').
    #[inline(never)]
    fn visit_dict<V: Visitor<'de>>(
        &mut self,
        n: usize,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.dec.r.pos();
        let _g = DepthGuard::enter(Some(at), || Some(self.dec.cfg().serde_stack_limit()))?;
        self.depth += 1;
        let mut acc = MapAccess { de: self, left: n, is_struct: reads_as_struct(fields), key_left: 0 };
        let v = visitor.visit_map(&mut acc)?;
        if acc.left != 0 {
            return Err(Error::invalid("dictionary has more entries than the type reads", Some(at)));
        }
        self.depth -= 1;
        Ok(v)
    }

    /// [`Deserializer::visit_container`] for an Array.
    #[inline(never)]
    fn visit_array<V: Visitor<'de>>(&mut self, n: usize, visitor: V) -> Result<V::Value> {
        let at = self.dec.r.pos();
        let _g = DepthGuard::enter(Some(at), || Some(self.dec.cfg().serde_stack_limit()))?;
        self.depth += 1;
        let mut acc = SeqAccess { de: self, left: n, index: 0 };
        let v = visitor.visit_seq(&mut acc)?;
        if acc.left != 0 {
            return Err(Error::invalid("array has more elements than the type reads", Some(at)));
        }
        self.depth -= 1;
        Ok(v)
    }
}

macro_rules! forward_scalar {
    ($($m:ident $(| $fast:ident)?),*) => {$(
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            $(let visitor = match self.$fast(visitor)? {
                Ok(value) => return Ok(value),
                Err(visitor) => visitor,
            };)?
            self.general_scalar(visitor, |d, v| d.$m(v), |s, v| s.$m(v))
        }
    )*};
}

/// The narrower ints: an int on the wire is range-checked and visited straight away (the error, as
/// [`ScalarDe`]'s, at the int's header), anything else takes [`forward_scalar`]'s paths.
macro_rules! forward_int {
    ($($m:ident $t:ty => $visit:ident),*) => {$(
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            // A narrow int with its payload: read here (no call, no saved registers); anything else, out of line.
            if let Some(w) = self.peek8() {
                if w as u32 == self.words.int {
                    let i = (w >> 32) as u32 as i32 as i64;
                    if let Ok(x) = <$t>::try_from(i) {
                        self.dec.r.skip_lenient(8);
                        return visitor.$visit(x);
                    }
                }
            }
            self.general_int(visitor, |d, v| d.$m(v), |s, v| s.$m(v), |i, v| match <$t>::try_from(i) {
                Ok(x) => Ok(v.$visit(x)),
                Err(_) => Err(i),
            })
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de, '_> {
    type Error = Error;

    forward_int!(deserialize_i8 i8 => visit_i8, deserialize_i16 i16 => visit_i16, deserialize_i32 i32 => visit_i32,
        deserialize_u8 u8 => visit_u8, deserialize_u16 u16 => visit_u16, deserialize_u32 u32 => visit_u32,
        deserialize_u64 u64 => visit_u64);

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if magic::is_buffer_visitor::<V>() && self.buffering.get_or_insert_with(magic::ReadScope::enter).is_noting() {
            // serde's buffer: a StringName or packed array (streamed otherwise) is read whole, so that
            // `VariantDe` notes it (see `magic::note_buffered`).
            let at = self.dec.r.pos();
            let id = self.dec.r.clone().u32().ok().map(|h| h & crate::wire::TYPE_MASK);
            if id.and_then(|id| self.dec.cfg().dialect().type_kind(id)).is_some_and(|k| {
                use TypeKind as K;
                matches!(
                    k,
                    K::StringName
                        | K::PackedByteArray
                        | K::PackedInt32Array
                        | K::PackedInt64Array
                        | K::PackedFloat32Array
                        | K::PackedFloat64Array
                        | K::PackedStringArray
                )
            }) {
                check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
                let v = self.dec.value(self.depth)?;
                return VariantDe { v: &v, at: Some(at) }.deserialize_any(visitor).map_err(|e| with_offset(e, at));
            }
        }
        let next = self.next()?;
        self.visit_next(next, visitor, false)
    }

    forward_scalar!(
        deserialize_bool | fast_bool,
        deserialize_i64 | fast_i64,
        deserialize_i128,
        deserialize_u128,
        deserialize_f32 | fast_f32,
        deserialize_f64 | fast_f64,
        deserialize_char,
        deserialize_str | fast_str,
        deserialize_string | fast_str,
        deserialize_identifier,
        deserialize_unit,
        deserialize_ignored_any
    );

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.next()? {
            Next::Bytes(b) => visitor.visit_borrowed_bytes(b),
            Next::Scalar(s, at) => ScalarDe { s, at: Some(at) }.deserialize_bytes(visitor),
            Next::Whole(v, at) => VariantDe { v: &v, at: Some(at) }.deserialize_bytes(visitor),
            next => self.visit_next(next, visitor, false),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let saved = self.dec.r.clone();
        let (kind, _, _) = self.dec.header()?;
        if kind == TypeKind::Nil {
            return visitor.visit_none();
        }
        self.dec.r = saved;
        visitor.visit_some(self)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == VARIANT_MAGIC {
            let at = self.dec.r.pos();
            check_depth!(self.dec.cfg(), self.depth, |k| Error::at(k, at));
            let v = self.dec.value(self.depth)?;
            return hand_over(v, visitor).map_err(|e| with_offset(e, at));
        }
        if let Some((kind, size)) = name.strip_prefix(magic::PREFIX).and_then(TypeKind::bulk_packed_from_marker) {
            if let Some(b) = self.raw_packed(kind, size)? {
                return visitor.visit_borrowed_bytes(b);
            }
        }
        if name == magic::TYPED_ARRAY || name == magic::TYPED_DICTIONARY {
            self.typed_at = self.dec.r.pos();
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if let Some(n) = self.fast_container(false, true)? {
            return self.visit_container(n, false, &[], visitor);
        }
        if let Some(n) = self.fast_packed_strings()? {
            return self.visit_packed(TypeKind::PackedStringArray, n, visitor);
        }
        let next = self.next()?;
        match next {
            Next::Bytes(b) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(b.iter().copied())),
            next => self.visit_next(next, visitor, true),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_any(visitor)
    }

    #[inline]
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if !name.starts_with('$') {
            if let Some(n) = self.fast_container(true, !reads_as_struct(fields))? {
                return self.visit_container(n, true, fields, visitor);
            }
            return self.deserialize_any(visitor);
        }
        if let Some((kind, b)) = self.narrow_math(name) {
            // Color keeps f32 components; reals are stored as the core decoder stores single-precision reals.
            let mode = match kind {
                TypeKind::Color => RealsMode::F32,
                _ if self.dec.double_precision() => RealsMode::LikeEngine,
                _ => RealsMode::Exact,
            };
            return visitor.visit_seq(RealsAccess { b, mode });
        }
        self.general_marker(name, visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let start = self.dec.r.pos();
        // `{"Variant": payload}` or `"Variant"` with a plain ASCII name: handed to the variant's identifier
        // as it is ([`NameDe`]; the general path below reads every other form).
        if let Some(h) = self.peek_word() {
            let w = &self.words;
            if h == w.string {
                if let Some((found, total)) = self.plain_name(0) {
                    self.dec.r.skip_lenient(total);
                    return visitor.visit_enum(NameDe(found));
                }
            } else if h == w.dictionary && self.dec.r.rest().get(4..8) == Some(&[1, 0, 0, 0]) {
                if let Some((found, total)) = self.plain_name(8) {
                    // The count (1, just read) checked as `container_count` checks it. Its two slots are
                    // not promised: the key's is read here and the value's starts right after, with nothing
                    // read in between (promised and started at once, the accounting would not change).
                    let at = self.dec.r.pos() + 4;
                    self.dec.r.skip_lenient(8);
                    self.dec.check_promise(1, 2, at, 1)?;
                    let _g = DepthGuard::enter(Some(self.dec.r.pos()), || Some(self.dec.cfg().serde_stack_limit()))?;
                    self.depth += 1;
                    self.dec.r.skip_lenient(total);
                    let r = visitor.visit_enum(DictEnum { de: self, name: Some(found) });
                    self.depth -= 1;
                    return r;
                }
            }
        }
        self.general_enum(start, name, variants, visitor)
    }

    fn is_human_readable(&self) -> bool {
        false
    }
}

struct SeqAccess<'a, 'de, 'c> {
    de: &'a mut Deserializer<'de, 'c>,
    left: usize,
    /// Elements read so far (for an error's path).
    index: usize,
}

impl<'de> de::SeqAccess<'de> for SeqAccess<'_, 'de, '_> {
    type Error = Error;
    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        self.index += 1;
        self.de.dec.start_slot();
        let i = self.index - 1;
        seed.deserialize(&mut *self.de).map(Some).map_err(|e| e.inside(Step::Index(i)))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// Whether a Dictionary read for a type with these field names is read as a struct (see
/// [`MapAccess::is_struct`]: its count checked but not promised, its keys and values starting no slot) rather
/// than as a map (promised, each key and value starting a slot). The one home of that rule: the count's
/// promise (`deserialize_struct`) and the slots (`visit_dict`) must agree, or the open containers' promises
/// go wrong. A struct without fields has no field to hand a key to and is read as a map.
#[inline(always)]
fn reads_as_struct(fields: &[&str]) -> bool {
    !fields.is_empty()
}

struct MapAccess<'a, 'de, 'c> {
    de: &'a mut Deserializer<'de, 'c>,
    left: usize,
    /// A struct is read (not a map). Its entries' count was checked against the input but not promised
    /// (`fast_container`), so its keys and values start no slot: a struct reserves no memory for its entries
    /// (its fields are its own), and the containers inside it are still held to what is left of the input
    /// after the open containers' promises. A map's entries were promised; each key and value starts a slot.
    is_struct: bool,
    /// How much of the input was left where the last key starts (an error's path finds the key there and
    /// decodes it again).
    key_left: usize,
}

/// An error path's step for a decoded map key (cold: only when an error unwinds).
#[cold]
fn key_step(k: &Variant) -> Step {
    Step::Key(Cow::Owned(match k {
        _ if k.as_str().is_some() => k.as_str().unwrap_or_default().chars().take(80).collect(),
        Variant::Int(i) => i.to_string(),
        k => format!("<{:?} key>", k.kind()),
    }))
}

/// The path step of the map key that starts at byte `at` of `input` (cold: only when an error unwinds): the
/// key decoded again.
#[cold]
fn key_at_step(at: usize, input: &[u8], cfg: &Config) -> Step {
    match input.get(at..).and_then(|b| crate::codec::decode_prefix(b, cfg).ok()) {
        Some((k, _)) => key_step(&k),
        None => Step::Key(Cow::Owned(format!("<key at byte {at}>"))),
    }
}

impl<'de> de::MapAccess<'de> for MapAccess<'_, 'de, '_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        // Where the key starts, for an error's path.
        self.key_left = self.de.dec.r.remaining();
        // A struct's key (not a map's: a struct with `#[serde(flatten)]` is read as a map, and its other keys
        // are kept as they are handed over) that is a plain ASCII name: handed to the field identifier as it is.
        if self.is_struct {
            if let Some((name, total)) = self.de.plain_name(0) {
                self.de.dec.r.skip_lenient(total);
                return seed.deserialize(NameDe(name)).map(Some);
            }
        } else {
            self.de.dec.start_slot();
        }
        seed.deserialize(KeyDe(&mut *self.de)).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        if !self.is_struct {
            self.de.dec.start_slot();
        }
        let left = self.key_left;
        seed.deserialize(&mut *self.de).map_err(|e| {
            let whole = self.de.dec.r.whole();
            e.inside(key_at_step(whole.len() - left, whole, self.de.dec.cfg()))
        })
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// The elements of a packed array of scalars, read raw.
struct PackedAccess<'a, 'de, 'c> {
    de: &'a mut Deserializer<'de, 'c>,
    kind: TypeKind,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for PackedAccess<'_, 'de, '_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let at = self.de.dec.r.pos();
        let s = match self.kind {
            TypeKind::PackedInt32Array => Scalar::Int(self.de.reader().i32()? as i64),
            TypeKind::PackedInt64Array => Scalar::Int(self.de.reader().i64()?),
            TypeKind::PackedFloat32Array => Scalar::F32(self.de.reader().f32()?),
            TypeKind::PackedFloat64Array => Scalar::Float(self.de.reader().f64()?),
            _ if self.de.fast => match self.de.plain_field(0) {
                Some((t, total)) => {
                    self.de.dec.r.skip_lenient(total);
                    Scalar::Borrowed(t)
                }
                None => match self.de.dec.str_cow()? {
                    Cow::Borrowed(s) => Scalar::Borrowed(s),
                    Cow::Owned(s) => Scalar::Owned(s),
                },
            },
            _ => match self.de.dec.str_cow()? {
                Cow::Borrowed(s) => Scalar::Borrowed(s),
                Cow::Owned(s) => Scalar::Owned(s),
            },
        };
        seed.deserialize(ScalarDe { s, at: Some(at) }).map(Some)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// How [`RealsAccess`] hands over each f32 component.
#[derive(Clone, Copy)]
enum RealsMode {
    /// As `f32` (Color).
    F32,
    /// Widened exactly (single-precision builds).
    Exact,
    /// Widened as the engine widens (double-precision builds).
    LikeEngine,
}

/// The narrow components of a math value, read straight from the input's bytes.
struct RealsAccess<'de> {
    b: &'de [u8],
    mode: RealsMode,
}

impl<'de> de::SeqAccess<'de> for RealsAccess<'de> {
    type Error = Error;
    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let Some((c, rest)) = self.b.split_first_chunk::<4>() else { return Ok(None) };
        self.b = rest;
        let x = f32::from_le_bytes(*c);
        match self.mode {
            RealsMode::F32 => seed.deserialize(de::value::F32Deserializer::new(x)).map(Some),
            RealsMode::Exact => seed.deserialize(de::value::F64Deserializer::new(widen_exact(x))).map(Some),
            RealsMode::LikeEngine => seed.deserialize(de::value::F64Deserializer::new(widen_like_engine(x))).map(Some),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.b.len() / 4)
    }
}

/// `{"Name": payload}` on the wire, as an enum.
struct DictEnum<'a, 'de, 'c> {
    de: &'a mut Deserializer<'de, 'c>,
    /// The variant's name when it was already read, a plain ASCII name (the entry's slots not promised), else
    /// `None`: the key is next on the wire (both slots promised).
    name: Option<&'de [u8]>,
}

impl<'a, 'de, 'c> de::EnumAccess<'de> for DictEnum<'a, 'de, 'c> {
    type Error = Error;
    type Variant = DictVariant<'a, 'de, 'c>;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self::Variant)> {
        let v = match self.name {
            // The entry's slots were never promised (see `deserialize_enum`).
            Some(name) => seed.deserialize(NameDe(name))?,
            None => read_variant_key(self.de, seed)?,
        };
        Ok((v, DictVariant(self.de)))
    }
}

/// The value of a `{"Name": payload}` entry, the name read: the variant's payload. Only the deserializer, so
/// that the variant's identifier and this are handed back together in registers or plain words (a wider
/// tuple was copied through memory in pieces that the processor could not forward: a stall per message).
struct DictVariant<'a, 'de, 'c>(&'a mut Deserializer<'de, 'c>);

/// The general path of [`DictEnum::variant_seed`]: the key read from the wire, then the value's slot
/// started (out of line, so that the common path, a name already read, keeps a small frame).
#[inline(never)]
fn read_variant_key<'de, V: DeserializeSeed<'de>>(de: &mut Deserializer<'de, '_>, seed: V) -> Result<V::Value> {
    de.dec.start_slot();
    let v = seed.deserialize(&mut *de)?;
    de.dec.start_slot();
    Ok(v)
}

/// A plain ASCII name from the wire (a struct's key, an enum's variant; see [`ascii_name`]), handed on as it
/// is: to an identifier visitor that `serde_derive` generated as bytes (which it matches with no UTF-8 check,
/// see [`magic::is_derived_identifier`]), to anything else as a borrowed `&str`. As an enum, a unit variant.
struct NameDe<'de>(&'de [u8]);

impl<'de> NameDe<'de> {
    /// The name as text (ASCII: never an error).
    fn text(&self) -> Result<&'de str> {
        utf8(self.0).ok_or_else(|| Error::new(ErrorKind::InvalidUtf8, None))
    }
}

impl<'de> de::Deserializer<'de> for NameDe<'de> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_borrowed_str(self.text()?)
    }

    #[inline]
    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if magic::is_derived_identifier::<V>() {
            return visitor.visit_borrowed_bytes(self.0);
        }
        self.deserialize_any(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(self)
    }

    fn is_human_readable(&self) -> bool {
        false
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
        unit_struct newtype_struct seq tuple tuple_struct map struct ignored_any
    }
}

impl<'de> de::EnumAccess<'de> for NameDe<'de> {
    type Error = Error;
    type Variant = Self;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        Ok((seed.deserialize(NameDe(self.0))?, self))
    }
}

impl<'de> de::VariantAccess<'de> for NameDe<'de> {
    type Error = Error;
    fn unit_variant(self) -> Result<()> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, _seed: T) -> Result<T::Value> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"newtype variant"))
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"tuple variant"))
    }
    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], _visitor: V) -> Result<V::Value> {
        Err(de::Error::invalid_type(de::Unexpected::UnitVariant, &"struct variant"))
    }
}

impl<'de> de::VariantAccess<'de> for DictVariant<'_, 'de, '_> {
    type Error = Error;
    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(&mut *self.0).map(|_: de::IgnoredAny| ())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(&mut *self.0)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(&mut *self.0, visitor)
    }
    fn struct_variant<V: Visitor<'de>>(self, fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        // Read as a struct, its keys handed to the field identifier (any name not starting with `$` will do).
        de::Deserializer::deserialize_struct(&mut *self.0, "", fields, visitor)
    }
}

// ---------------------------------------------------------------------------------------------------------
// Dictionary keys: any value can be a key in Godot. Asked for a string (a struct field name, a `String`
// map key, a `serde_json::Value` object key), a key that is not a String or StringName is given as text:
// `null`, `true`, `12`, `0.5`, a NodePath's path, and the debug form of anything else, cut short.

/// The longest debug form a key is given as text whole; a longer one is cut (see [`capped_debug`]).
const KEY_TEXT_CAP: usize = 80;

/// `v`'s debug form if it is at most [`KEY_TEXT_CAP`] bytes, else its first bytes, "…" and a 64-bit
/// FNV-1a hash of the whole form (so different keys stay different, the same key gives the same text in
/// every run). The form is hashed as it is written, never held: memory stays at the cap whatever the key's
/// size.
fn capped_debug(v: &Variant) -> String {
    use std::fmt::Write;
    struct Capped {
        head: String,
        len: usize,
        hash: u64,
    }
    impl Write for Capped {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            for b in s.bytes() {
                self.hash = (self.hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
            }
            // The head is the form's first bytes, up to the cap, cut at a character boundary.
            if self.len == self.head.len() {
                for c in s.chars() {
                    if self.head.len() + c.len_utf8() > KEY_TEXT_CAP {
                        break;
                    }
                    self.head.push(c);
                }
            }
            self.len += s.len();
            Ok(())
        }
    }
    let mut w = Capped { head: String::new(), len: 0, hash: 0xcbf2_9ce4_8422_2325 };
    let _ = write!(w, "{v:?}");
    if w.len > KEY_TEXT_CAP {
        let _ = write!(w.head, "…#{:016x}", w.hash);
    }
    w.head
}

fn key_text(v: &Variant) -> String {
    match v {
        Variant::Nil => "null".to_owned(),
        Variant::Bool(b) => b.to_string(),
        Variant::Int(i) => i.to_string(),
        Variant::Float(f) => f.to_string(),
        Variant::String(s) => s.clone(),
        Variant::StringName(s) => s.0.clone(),
        Variant::NodePath(p) => p.to_string(),
        other => capped_debug(other),
    }
}

fn scalar_text(s: &Scalar<'_, '_>) -> Option<String> {
    Some(match s {
        Scalar::Unit => "null".to_owned(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::UInt(u) => u.to_string(),
        Scalar::Float(f) => f.to_string(),
        Scalar::F32(f) => f.to_string(),
        _ => return None,
    })
}

macro_rules! forward_key {
    ($($m:ident),*) => {$(
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.0.$m(visitor)
        }
    )*};
}

/// What a key deserializer (`KeyDe`, `VariantKeyDe`) does besides `deserialize_str`: strings and identifiers
/// go to `deserialize_str` (a key asked for as text), everything else to the value deserializer in `self.0`.
macro_rules! key_forwarding {
    () => {
        fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.deserialize_str(visitor)
        }
        fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.deserialize_str(visitor)
        }
        fn deserialize_unit_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
            self.0.deserialize_unit_struct(name, visitor)
        }
        fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
            self.0.deserialize_newtype_struct(name, visitor)
        }
        fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
            self.0.deserialize_tuple(len, visitor)
        }
        fn deserialize_tuple_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            len: usize,
            visitor: V,
        ) -> Result<V::Value> {
            self.0.deserialize_tuple_struct(name, len, visitor)
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            name: &'static str,
            fields: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value> {
            self.0.deserialize_struct(name, fields, visitor)
        }
        fn deserialize_enum<V: Visitor<'de>>(
            self,
            name: &'static str,
            variants: &'static [&'static str],
            visitor: V,
        ) -> Result<V::Value> {
            self.0.deserialize_enum(name, variants, visitor)
        }
        forward_key!(
            deserialize_any,
            deserialize_bool,
            deserialize_i8,
            deserialize_i16,
            deserialize_i32,
            deserialize_i64,
            deserialize_i128,
            deserialize_u8,
            deserialize_u16,
            deserialize_u32,
            deserialize_u64,
            deserialize_u128,
            deserialize_f32,
            deserialize_f64,
            deserialize_char,
            deserialize_bytes,
            deserialize_byte_buf,
            deserialize_option,
            deserialize_unit,
            deserialize_seq,
            deserialize_map,
            deserialize_ignored_any
        );
        fn is_human_readable(&self) -> bool {
            false
        }
    };
}

/// A streamed Dictionary key.
struct KeyDe<'a, 'de, 'c>(&'a mut Deserializer<'de, 'c>);

impl<'de> de::Deserializer<'de> for KeyDe<'_, 'de, '_> {
    type Error = Error;

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // The common case: a plain String key, handed over borrowed.
        if let Some(t) = self.0.plain_str() {
            return visitor.visit_borrowed_str(t);
        }
        // A container key is decoded whole by the core (its count promised once, there).
        let mut peek = self.0.dec.r.clone();
        let id = peek.u32()? & crate::wire::TYPE_MASK;
        if matches!(self.0.dec.cfg().dialect().type_kind(id), Some(TypeKind::Array | TypeKind::Dictionary)) {
            let v = self.0.dec.value(self.0.depth)?;
            return visitor.visit_string(key_text(&v));
        }
        let saved = self.0.dec.r.clone();
        match self.0.next()? {
            Next::Scalar(s, at) => match scalar_text(&s) {
                Some(t) => visitor.visit_string(t),
                None => ScalarDe { s, at: Some(at) }.deserialize_str(visitor),
            },
            Next::Whole(v, _) => visitor.visit_string(key_text(&v)),
            _ => {
                // Packed arrays: nothing promised; read again whole.
                self.0.dec.r = saved;
                let v = self.0.dec.value(self.0.depth)?;
                visitor.visit_string(key_text(&v))
            }
        }
    }
    key_forwarding!();
}

/// A decoded Dictionary key.
struct VariantKeyDe<'v>(VariantDe<'v>);

impl<'de> de::Deserializer<'de> for VariantKeyDe<'_> {
    type Error = Error;

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.0.v.as_str() {
            Some(s) => visitor.visit_str(s),
            None => visitor.visit_string(key_text(self.0.v)),
        }
    }
    key_forwarding!();
}

// ---------------------------------------------------------------------------------------------------------
// Scalars: the forgiving conversions, shared by the streaming and the in-memory deserializer.

/// A scalar value. `'de` strings are borrowed from the input; `'x` ones from a decoded value.
#[derive(Debug)]
pub(crate) enum Scalar<'de, 'x> {
    Unit,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    /// A single-precision element (PackedFloat32Array, Color): visited as f32 when asked for one.
    F32(f32),
    Borrowed(&'de str),
    Transient(&'x str),
    Owned(String),
}

pub(crate) struct ScalarDe<'de, 'x> {
    s: Scalar<'de, 'x>,
    at: Option<usize>,
}

impl ScalarDe<'_, '_> {
    fn int(&self) -> Option<i128> {
        match self.s {
            Scalar::Int(i) => Some(i as i128),
            Scalar::UInt(u) => Some(u as i128),
            _ => None,
        }
    }
    fn range(&self, i: i128) -> Error {
        Error::new(ErrorKind::IntegerOutOfRange(i), self.at)
    }
}

macro_rules! scalar_int {
    ($($m:ident $t:ty => $visit:ident),*) => {$(
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            match self.int() {
                Some(i) => match <$t>::try_from(i) {
                    Ok(x) => visitor.$visit(x),
                    Err(_) => Err(self.range(i)),
                },
                None => self.deserialize_any(visitor),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for ScalarDe<'de, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::Unit => visitor.visit_unit(),
            Scalar::Bool(b) => visitor.visit_bool(b),
            Scalar::Int(i) => visitor.visit_i64(i),
            Scalar::UInt(u) => visitor.visit_u64(u),
            Scalar::Float(f) => visitor.visit_f64(f),
            Scalar::F32(f) => visitor.visit_f64(widen_like_engine(f)),
            Scalar::Borrowed(s) => visitor.visit_borrowed_str(s),
            Scalar::Transient(s) => visitor.visit_str(s),
            Scalar::Owned(s) => visitor.visit_string(s),
        }
    }

    scalar_int!(deserialize_i8 i8 => visit_i8, deserialize_i16 i16 => visit_i16, deserialize_i32 i32 => visit_i32,
        deserialize_i64 i64 => visit_i64, deserialize_i128 i128 => visit_i128, deserialize_u8 u8 => visit_u8,
        deserialize_u16 u16 => visit_u16, deserialize_u32 u32 => visit_u32, deserialize_u64 u64 => visit_u64,
        deserialize_u128 u128 => visit_u128);

    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::F32(f) => visitor.visit_f32(f),
            Scalar::Float(f) => visitor.visit_f32(crate::wire::narrow_like_engine(f)),
            Scalar::Int(i) => visitor.visit_f32(i as f32),
            Scalar::UInt(u) => visitor.visit_f32(u as f32),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::F32(f) => visitor.visit_f64(widen_like_engine(f)),
            Scalar::Int(i) => visitor.visit_f64(i as f64),
            Scalar::UInt(u) => visitor.visit_f64(u as f64),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::Borrowed(s) => visitor.visit_borrowed_bytes(s.as_bytes()),
            Scalar::Transient(s) => visitor.visit_bytes(s.as_bytes()),
            Scalar::Owned(s) => visitor.visit_byte_buf(s.into_bytes()),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.s {
            Scalar::Unit => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == VARIANT_MAGIC {
            let v = match self.s {
                Scalar::Unit => Variant::Nil,
                Scalar::Bool(b) => Variant::Bool(b),
                Scalar::Int(i) => Variant::Int(i),
                Scalar::UInt(u) => i64::try_from(u).map(Variant::Int).unwrap_or(Variant::Float(u as f64)),
                Scalar::Float(f) => Variant::Float(f),
                Scalar::F32(f) => Variant::Float(widen_like_engine(f)),
                Scalar::Borrowed(s) | Scalar::Transient(s) => Variant::String(s.to_owned()),
                Scalar::Owned(s) => Variant::String(s),
            };
            return hand_over(v, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.s {
            Scalar::Borrowed(s) => visitor.visit_enum(de::value::BorrowedStrDeserializer::<Error>::new(s)),
            Scalar::Transient(s) => visitor.visit_enum(s.into_deserializer()),
            Scalar::Owned(s) => visitor.visit_enum(s.into_deserializer()),
            _ => Err(Error::invalid("an enum must be a String or a Dictionary with one entry", self.at)),
        }
    }

    serde::forward_to_deserialize_any! {
        bool char str string unit unit_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

// ---------------------------------------------------------------------------------------------------------
// Math types: their components, as a map (`{x, y}`, nested for Rect2 …) or as a flat-in-order sequence.

#[derive(Clone, Copy)]
enum Shape {
    Real,
    F32,
    Int,
    Struct(&'static [(&'static str, Shape)]),
    Array(usize, &'static Shape),
}

const V2: Shape = Shape::Struct(&[("x", Shape::Real), ("y", Shape::Real)]);
const V3: Shape = Shape::Struct(&[("x", Shape::Real), ("y", Shape::Real), ("z", Shape::Real)]);
const V4: Shape = Shape::Struct(&[("x", Shape::Real), ("y", Shape::Real), ("z", Shape::Real), ("w", Shape::Real)]);
const V2I: Shape = Shape::Struct(&[("x", Shape::Int), ("y", Shape::Int)]);
const V3I: Shape = Shape::Struct(&[("x", Shape::Int), ("y", Shape::Int), ("z", Shape::Int)]);
const V4I: Shape = Shape::Struct(&[("x", Shape::Int), ("y", Shape::Int), ("z", Shape::Int), ("w", Shape::Int)]);
const RECT2: Shape = Shape::Struct(&[("position", V2), ("size", V2)]);
const RECT2I: Shape = Shape::Struct(&[("position", V2I), ("size", V2I)]);
const T2D: Shape = Shape::Struct(&[("x", V2), ("y", V2), ("origin", V2)]);
const PLANE: Shape = Shape::Struct(&[("normal", V3), ("d", Shape::Real)]);
const AABB: Shape = Shape::Struct(&[("position", V3), ("size", V3)]);
const BASIS: Shape = Shape::Struct(&[("rows", Shape::Array(3, &V3))]);
const T3D: Shape = Shape::Struct(&[("basis", BASIS), ("origin", V3)]);
const PROJ: Shape = Shape::Struct(&[("columns", Shape::Array(4, &V4))]);
const COLOR: Shape = Shape::Struct(&[("r", Shape::F32), ("g", Shape::F32), ("b", Shape::F32), ("a", Shape::F32)]);

/// A math value's shape and flattened components.
fn shape_of(v: &Variant) -> Option<(Shape, [f64; 16])> {
    let mut r = [0f64; 16];
    let shape = match v {
        Variant::Vector2(x) => {
            x.to_reals(&mut r);
            V2
        }
        Variant::Vector3(x) => {
            x.to_reals(&mut r);
            V3
        }
        Variant::Vector4(x) => {
            x.to_reals(&mut r);
            V4
        }
        Variant::Quaternion(x) => {
            x.to_reals(&mut r);
            V4
        }
        Variant::Rect2(x) => {
            x.to_reals(&mut r);
            RECT2
        }
        Variant::Transform2D(x) => {
            x.to_reals(&mut r);
            T2D
        }
        Variant::Plane(x) => {
            x.to_reals(&mut r);
            PLANE
        }
        Variant::Aabb(x) => {
            x.to_reals(&mut r);
            AABB
        }
        Variant::Basis(x) => {
            x.to_reals(&mut r);
            BASIS
        }
        Variant::Transform3D(x) => {
            x.to_reals(&mut r);
            T3D
        }
        Variant::Projection(x) => {
            x.to_reals(&mut r);
            PROJ
        }
        Variant::Vector2i(x) => ints(&mut r, &[x.x, x.y], V2I),
        Variant::Vector3i(x) => ints(&mut r, &[x.x, x.y, x.z], V3I),
        Variant::Vector4i(x) => ints(&mut r, &[x.x, x.y, x.z, x.w], V4I),
        Variant::Rect2i(x) => ints(&mut r, &[x.position.x, x.position.y, x.size.x, x.size.y], RECT2I),
        Variant::Color(c) => {
            for (o, x) in r.iter_mut().zip([c.r, c.g, c.b, c.a]) {
                *o = widen_exact(x);
            }
            COLOR
        }
        _ => return None,
    };
    Some((shape, r))
}

fn ints(r: &mut [f64; 16], xs: &[i32], s: Shape) -> Shape {
    for (o, &x) in r.iter_mut().zip(xs) {
        *o = x as f64;
    }
    s
}

struct ShapeDe<'a> {
    shape: Shape,
    vals: &'a [f64; 16],
    pos: &'a mut usize,
}

impl ShapeDe<'_> {
    fn leaf(&mut self) -> Scalar<'static, 'static> {
        let x = self.vals.get(*self.pos).copied().unwrap_or(0.0);
        *self.pos += 1;
        match self.shape {
            Shape::Int => Scalar::Int(x as i64),
            Shape::F32 => Scalar::F32(crate::wire::narrow_exact(x)),
            _ => Scalar::Float(x),
        }
    }

    /// Number of leaves below this shape.
    fn leaves(s: Shape) -> usize {
        match s {
            Shape::Struct(f) => f.iter().map(|(_, s)| Self::leaves(*s)).sum(),
            Shape::Array(n, s) => n * Self::leaves(*s),
            _ => 1,
        }
    }
}

impl<'de> de::Deserializer<'de> for ShapeDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        match self.shape {
            Shape::Struct(fields) => visitor.visit_map(ShapeMap { fields, i: 0, vals: self.vals, pos: self.pos }),
            Shape::Array(n, s) => {
                visitor.visit_seq(ShapeSeq { items: ShapeItems::Repeat(n, *s), vals: self.vals, pos: self.pos })
            }
            _ => {
                let s = self.leaf();
                ScalarDe { s, at: None }.deserialize_any(visitor)
            }
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        match self.shape {
            Shape::Struct(fields) => {
                visitor.visit_seq(ShapeSeq { items: ShapeItems::Fields(fields, 0), vals: self.vals, pos: self.pos })
            }
            Shape::Array(..) => self.deserialize_any(visitor),
            _ => {
                let s = self.leaf();
                ScalarDe { s, at: None }.deserialize_seq(visitor)
            }
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_f32<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        match self.shape {
            Shape::Struct(_) | Shape::Array(..) => self.deserialize_any(visitor),
            _ => {
                let s = self.leaf();
                ScalarDe { s, at: None }.deserialize_f32(visitor)
            }
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, _name: &'static str, visitor: V) -> Result<V::Value> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        *self.pos += Self::leaves(self.shape);
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f64 char str string bytes byte_buf option unit
        unit_struct tuple_struct map struct enum identifier
    }
}

struct ShapeMap<'a> {
    fields: &'static [(&'static str, Shape)],
    i: usize,
    vals: &'a [f64; 16],
    pos: &'a mut usize,
}

impl<'de> de::MapAccess<'de> for ShapeMap<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.fields.get(self.i) {
            Some((name, _)) => seed.deserialize(de::value::BorrowedStrDeserializer::<Error>::new(name)).map(Some),
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let shape = self.fields.get(self.i).map(|f| f.1).unwrap_or(Shape::Real);
        self.i += 1;
        seed.deserialize(ShapeDe { shape, vals: self.vals, pos: &mut *self.pos })
    }
}

enum ShapeItems {
    Fields(&'static [(&'static str, Shape)], usize),
    Repeat(usize, Shape),
}

struct ShapeSeq<'a> {
    items: ShapeItems,
    vals: &'a [f64; 16],
    pos: &'a mut usize,
}

impl<'de> de::SeqAccess<'de> for ShapeSeq<'_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let shape = match &mut self.items {
            ShapeItems::Fields(f, i) => match f.get(*i) {
                Some((_, s)) => {
                    *i += 1;
                    *s
                }
                None => return Ok(None),
            },
            ShapeItems::Repeat(n, s) => {
                if *n == 0 {
                    return Ok(None);
                }
                *n -= 1;
                *s
            }
        };
        seed.deserialize(ShapeDe { shape, vals: self.vals, pos: &mut *self.pos }).map(Some)
    }
}

fn visit_shape<'de, V: Visitor<'de>>(shape: Shape, vals: &[f64; 16], seq: bool, visitor: V) -> Result<V::Value> {
    let mut pos = 0;
    let d = ShapeDe { shape, vals, pos: &mut pos };
    if seq {
        de::Deserializer::deserialize_seq(d, visitor)
    } else {
        de::Deserializer::deserialize_any(d, visitor)
    }
}

// ---------------------------------------------------------------------------------------------------------
// Decoded values: a deserializer over a `&Variant` (the types the streaming path hands to the core decoder,
// and everything in Variant mode).

pub(crate) struct VariantDe<'v> {
    pub(crate) v: &'v Variant,
    pub(crate) at: Option<usize>,
}

impl<'v> VariantDe<'v> {
    fn scalar(&self) -> Option<Scalar<'static, 'v>> {
        Some(match self.v {
            Variant::Nil | Variant::Callable => Scalar::Unit,
            Variant::Bool(b) => Scalar::Bool(*b),
            Variant::Int(i) => Scalar::Int(*i),
            Variant::Float(f) => Scalar::Float(*f),
            Variant::String(s) => Scalar::Transient(s),
            Variant::StringName(s) => Scalar::Transient(&s.0),
            Variant::NodePath(p) => Scalar::Owned(p.to_string()),
            Variant::Rid(r) => Scalar::UInt(r.0),
            Variant::Object(o) => match &**o {
                Object::Null => Scalar::Unit,
                Object::InstanceId(id) => Scalar::UInt(*id),
                Object::Full { .. } => return None,
            },
            _ => return None,
        })
    }

    fn visit<'de, V: Visitor<'de>>(self, visitor: V, seq: bool) -> Result<V::Value> {
        if let Some(s) = self.scalar() {
            return ScalarDe { s, at: self.at }.deserialize_any(visitor);
        }
        if let Some((shape, vals)) = shape_of(self.v) {
            return visit_shape(shape, &vals, seq, visitor);
        }
        let at = self.at;
        let _g = DepthGuard::enter(at, || None)?;
        match self.v {
            Variant::Array(a) | Variant::PackedTypedArray(a) => visitor.visit_seq(ItemsSeq(a.items.iter(), at, 0)),
            Variant::Dictionary(d) => visitor.visit_map(EntriesMap { it: d.entries.iter(), value: None, at }),
            Variant::PackedByteArray(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Int(*x as i64)))),
            Variant::PackedInt32Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Int(*x as i64)))),
            Variant::PackedInt64Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Int(*x)))),
            Variant::PackedFloat32Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::F32(*x)))),
            Variant::PackedFloat64Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Float(*x)))),
            Variant::PackedStringArray(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::S(Scalar::Transient(x)))),
            Variant::PackedVector2Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector2(*x)))),
            Variant::PackedVector3Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector3(*x)))),
            Variant::PackedVector4Array(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector4(*x)))),
            Variant::PackedColorArray(b) => visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Color(*x)))),
            Variant::PackedVector2iArray(b) => {
                visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector2i(*x))))
            }
            Variant::PackedVector3iArray(b) => {
                visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector3i(*x))))
            }
            Variant::PackedVector4iArray(b) => {
                visitor.visit_seq(ElemSeq::new(b, at, |x| Elem::V(Variant::Vector4i(*x))))
            }
            Variant::Object(o) => match &**o {
                Object::Full { class, properties } => {
                    let mut f: Vec<(&'v str, Field<'v>)> = Vec::with_capacity(properties.len() + 1);
                    f.push((".class", Field::Str(class)));
                    f.extend(properties.iter().map(|(k, v)| (k.as_str(), Field::V(v))));
                    visitor.visit_map(FieldsMap { f: f.into_iter(), value: None, at })
                }
                _ => visitor.visit_unit(),
            },
            Variant::Signal(s) => visitor.visit_map(FieldsMap::new(
                vec![("name", Field::Str(&s.name)), ("object", Field::S(Scalar::UInt(s.object)))],
                at,
            )),
            Variant::Image(img) => visitor.visit_map(FieldsMap::new(image_fields(img), at)),
            Variant::InputEvent(ev) => visitor.visit_map(FieldsMap::new(input_event_fields(ev), at)),
            _ => visitor.visit_unit(),
        }
    }
}

fn image_fields(img: &Image) -> Vec<(&'static str, Field<'_>)> {
    vec![
        ("format", Field::S(Scalar::Int(img.format as i64))),
        ("mipmaps", Field::S(Scalar::Int(img.mipmaps as i64))),
        ("width", Field::S(Scalar::Int(img.width as i64))),
        ("height", Field::S(Scalar::Int(img.height as i64))),
        ("data", Field::Bytes(&img.data)),
    ]
}

fn input_event_fields(ev: &InputEvent) -> Vec<(&'static str, Field<'static>)> {
    let xs = ev.data.fields();
    vec![
        ("device", Field::S(Scalar::Int(ev.device as i64))),
        ("type", Field::S(Scalar::Int(ev.event_type() as i64))),
        ("fields", Field::U32s(xs)),
    ]
}

macro_rules! variant_scalar {
    ($($m:ident),*) => {$(
        fn $m<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            match self.scalar() {
                Some(s) => ScalarDe { s, at: self.at }.$m(visitor),
                None => self.visit(visitor, false),
            }
        }
    )*};
}

impl<'de> de::Deserializer<'de> for VariantDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if magic::is_buffer_visitor::<V>() && magic::noting() {
            note_buffered(self.v, self.at);
        }
        self.visit(visitor, false)
    }

    variant_scalar!(
        deserialize_bool,
        deserialize_i8,
        deserialize_i16,
        deserialize_i32,
        deserialize_i64,
        deserialize_i128,
        deserialize_u8,
        deserialize_u16,
        deserialize_u32,
        deserialize_u64,
        deserialize_u128,
        deserialize_f32,
        deserialize_f64,
        deserialize_char,
        deserialize_str,
        deserialize_string,
        deserialize_identifier
    );

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.v {
            Variant::PackedByteArray(b) => visitor.visit_bytes(b),
            _ => match self.scalar() {
                Some(s) => ScalarDe { s, at: self.at }.deserialize_bytes(visitor),
                None => self.visit(visitor, false),
            },
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.v.is_nil() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        if name == VARIANT_MAGIC {
            return hand_over(self.v.clone(), visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.visit(visitor, true)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.visit(visitor, true)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.visit(visitor, true)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.v {
            Variant::Dictionary(d) if d.entries.len() == 1 => {
                let _g = DepthGuard::enter(self.at, || None)?;
                let (k, v) = &d.entries[0];
                match k.as_str() {
                    Some(tag) => visitor.visit_enum(FieldEnum { tag, payload: Field::V(v), at: self.at }),
                    None => Err(Error::invalid("an enum's Dictionary key must be a String", self.at)),
                }
            }
            _ => match self.scalar() {
                Some(s) => ScalarDe { s, at: self.at }.deserialize_enum(name, variants, visitor),
                None => Err(Error::invalid("an enum must be a String or a Dictionary with one entry", self.at)),
            },
        }
    }

    serde::forward_to_deserialize_any! {
        unit unit_struct map struct ignored_any
    }
}

struct ItemsSeq<'v>(std::slice::Iter<'v, Variant>, Option<usize>, usize);

impl<'de> de::SeqAccess<'de> for ItemsSeq<'_> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        match self.0.next() {
            Some(v) => {
                let i = self.2;
                self.2 += 1;
                seed.deserialize(VariantDe { v, at: self.1 }).map(Some).map_err(|e| e.inside(Step::Index(i)))
            }
            None => Ok(None),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

struct EntriesMap<'v> {
    it: std::slice::Iter<'v, (Variant, Variant)>,
    /// The value of the key just read, and the key (for an error's path).
    value: Option<(&'v Variant, &'v Variant)>,
    at: Option<usize>,
}

impl<'de> de::MapAccess<'de> for EntriesMap<'_> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.it.next() {
            Some((k, v)) => {
                self.value = Some((k, v));
                seed.deserialize(VariantKeyDe(VariantDe { v: k, at: self.at })).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let (k, v) = self.value.take().ok_or_else(|| Error::invalid("map value before key", self.at))?;
        seed.deserialize(VariantDe { v, at: self.at }).map_err(|e| e.inside(key_step(k)))
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.it.len())
    }
}

/// An element of a packed array: a scalar or a small fixed-size value.
enum Elem<'v> {
    S(Scalar<'static, 'v>),
    V(Variant),
}

struct ElemSeq<'v, T, F> {
    it: std::slice::Iter<'v, T>,
    f: F,
    at: Option<usize>,
}

impl<'v, T, F: FnMut(&'v T) -> Elem<'v>> ElemSeq<'v, T, F> {
    fn new(items: &'v [T], at: Option<usize>, f: F) -> Self {
        ElemSeq { it: items.iter(), f, at }
    }
}

impl<'de, 'v, T, F: FnMut(&'v T) -> Elem<'v>> de::SeqAccess<'de> for ElemSeq<'v, T, F> {
    type Error = Error;
    fn next_element_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<Option<S::Value>> {
        match self.it.next() {
            Some(x) => match (self.f)(x) {
                Elem::S(s) => seed.deserialize(ScalarDe { s, at: self.at }).map(Some),
                Elem::V(v) => seed.deserialize(VariantDe { v: &v, at: self.at }).map(Some),
            },
            None => Ok(None),
        }
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.it.len())
    }
}

/// A field of a map made up on the fly (Signal, Image, full Object, and the Variant-mode payloads).
pub(crate) enum Field<'v> {
    V(&'v Variant),
    S(Scalar<'static, 'v>),
    Str(&'v str),
    Bytes(&'v [u8]),
    U32s(Vec<u32>),
}

struct FieldDe<'v> {
    f: Field<'v>,
    at: Option<usize>,
}

impl<'de> de::Deserializer<'de> for FieldDe<'_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        let at = self.at;
        match self.f {
            Field::V(v) => VariantDe { v, at }.deserialize_any(visitor),
            Field::S(s) => ScalarDe { s, at }.deserialize_any(visitor),
            Field::Str(s) => visitor.visit_str(s),
            Field::Bytes(b) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(b.iter().copied())),
            Field::U32s(x) => visitor.visit_seq(de::value::SeqDeserializer::<_, Error>::new(x.into_iter())),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.f {
            Field::S(Scalar::Unit) => visitor.visit_none(),
            Field::V(v) if v.is_nil() => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let at = self.at;
        match self.f {
            Field::V(v) => VariantDe { v, at }.deserialize_enum(name, variants, visitor),
            Field::Str(s) => visitor.visit_enum(s.into_deserializer()),
            _ => Err(Error::invalid("not an enum", at)),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(self, name: &'static str, visitor: V) -> Result<V::Value> {
        match self.f {
            Field::V(v) => VariantDe { v, at: self.at }.deserialize_newtype_struct(name, visitor),
            _ => visitor.visit_newtype_struct(self),
        }
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.f {
            Field::V(v) => VariantDe { v, at: self.at }.deserialize_bytes(visitor),
            Field::Bytes(b) => visitor.visit_bytes(b),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string unit unit_struct seq tuple
        tuple_struct map struct identifier ignored_any
    }
}

struct FieldsMap<'v, I> {
    f: I,
    value: Option<Field<'v>>,
    at: Option<usize>,
}

impl<'v> FieldsMap<'v, std::vec::IntoIter<(&'v str, Field<'v>)>> {
    fn new(f: Vec<(&'v str, Field<'v>)>, at: Option<usize>) -> Self {
        FieldsMap { f: f.into_iter(), value: None, at }
    }
}

impl<'de, 'v, I: Iterator<Item = (&'v str, Field<'v>)>> de::MapAccess<'de> for FieldsMap<'v, I> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.f.next() {
            Some((k, v)) => {
                self.value = Some(v);
                seed.deserialize(de::value::StrDeserializer::<Error>::new(k)).map(Some)
            }
            None => Ok(None),
        }
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let f = self.value.take().ok_or_else(|| Error::invalid("map value before key", self.at))?;
        seed.deserialize(FieldDe { f, at: self.at })
    }
}

/// An enum given as a tag and a payload field.
struct FieldEnum<'v> {
    tag: &'v str,
    payload: Field<'v>,
    at: Option<usize>,
}

impl<'de, 'v> de::EnumAccess<'de> for FieldEnum<'v> {
    type Error = Error;
    type Variant = FieldDe<'v>;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, FieldDe<'v>)> {
        let v = seed.deserialize(de::value::StrDeserializer::<Error>::new(self.tag))?;
        Ok((v, FieldDe { f: self.payload, at: self.at }))
    }
}

impl<'de> de::VariantAccess<'de> for FieldDe<'_> {
    type Error = Error;
    fn unit_variant(self) -> Result<()> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }
    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self, visitor)
    }
    fn struct_variant<V: Visitor<'de>>(self, _fields: &'static [&'static str], visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}

// ---------------------------------------------------------------------------------------------------------
// Variant: the whole decoded value is handed to `Variant`'s visitor (see `value_serde`).

/// Under [`Config::strict_typed_containers`]: the refusal of a typed container `v` read into a type that is
/// not `TypedArray`/`TypedDictionary`/`Variant` (it would be written back untyped); `None` when `v` is not typed.
#[cold]
fn typed_dropped(v: &Variant) -> Option<String> {
    fn name(t: &crate::value::ContainerType) -> String {
        use crate::value::ContainerType as C;
        match t {
            C::Untyped => "Variant".into(),
            C::Builtin(k) => k.name().into(),
            C::Class(c) => c.clone(),
            C::Script(s) => format!("script {s:?}"),
        }
    }
    let (godot, rust) = match v {
        Variant::Array(a) | Variant::PackedTypedArray(a) if !a.element_type.is_untyped() => {
            (format!("Array[{}]", name(&a.element_type)), "godot_bin::TypedArray<T>")
        }
        Variant::Dictionary(d) if !d.key_type.is_untyped() || !d.value_type.is_untyped() => {
            (format!("Dictionary[{}, {}]", name(&d.key_type), name(&d.value_type)), "godot_bin::TypedDictionary<K, V>")
        }
        _ => return None,
    };
    Some(format!(
        "a typed {godot} is read into a type that would write it back untyped (a Vec, map or tuple), which a \
         GDScript variable of type {godot} refuses: read it as {rust} (or a Variant), or turn \
         Config::strict_typed_containers off to drop the type"
    ))
}

/// Notes `v`, about to be handed to serde's buffer, if it is of a Godot-only type (see
/// `magic::note_buffered`): with the plain form it takes there, found by taking it through the buffer.
#[cold]
fn note_buffered(v: &Variant, at: Option<usize>) {
    let plain_data = match v {
        Variant::Nil | Variant::Bool(_) | Variant::Int(_) | Variant::Float(_) | Variant::String(_) => true,
        Variant::PackedByteArray(b) => {
            // Its plain form is an Array of ints: noted by its bytes (see `magic::note_bytes`).
            magic::note_bytes(b, at);
            return;
        }
        // Untyped containers pass as themselves; their elements are noted one by one.
        Variant::Array(a) => a.element_type.is_untyped() && !a.shared,
        Variant::Dictionary(d) => d.key_type.is_untyped() && d.value_type.is_untyped() && !d.shared,
        _ => false,
    };
    if plain_data || !magic::reserve(v) {
        return;
    }
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum Buffered {
        V(Variant),
    }
    let plain = magic::quietly(|| <Buffered as de::Deserialize>::deserialize(VariantDe { v, at: None }));
    if let Ok(Buffered::V(plain)) = plain {
        magic::note_buffered(plain, v.kind().name(), at);
    }
}

fn hand_over<'de, V: Visitor<'de>>(v: Variant, visitor: V) -> Result<V::Value> {
    crate::format::magic::offer_decoded(v);
    visitor.visit_enum(crate::format::magic::DECODED.into_deserializer())
}

// ---------------------------------------------------------------------------------------------------------
// Entry points.

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
/// let (x, rest): (i64, _) = godot_bin::take_from_slice_with(&bytes, &cfg)?;
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
/// assert_eq!(godot_bin::from_reader::<_, f64>(data)?, 1.5);
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
/// let s: String = godot_bin::from_reader_with(data, &godot_bin::Config::new("godot3".parse()?))?;
/// assert_eq!(s, "ab");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_reader_with<R: std::io::Read, T: de::DeserializeOwned>(mut reader: R, cfg: &Config) -> Result<T> {
    let mut buf = Vec::new();
    reader.read_to_end(&mut buf)?;
    from_slice_with(&buf, cfg)
}

/// Deserializes the one value held by a [`bytes::Bytes`](https://docs.rs/bytes/1/bytes/struct.Bytes.html),
/// a `Vec<u8>` or anything else that is `AsRef<[u8]>`, with `cfg`.
///
/// ```
/// let b = bytes::Bytes::from_static(&[1, 0, 0, 0, 1, 0, 0, 0]); // Godot 4.6's var_to_bytes(true)
/// assert!(godot_bin::from_bytes_with::<bool>(&b, &godot_bin::Config::default())?);
/// let v = vec![1, 0, 0, 0, 1, 0, 0, 0];
/// assert!(godot_bin::from_bytes_with::<bool>(&v, &godot_bin::Config::default())?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_bytes_with<T: de::DeserializeOwned>(bytes: impl AsRef<[u8]>, cfg: &Config) -> Result<T> {
    from_slice_with(bytes.as_ref(), cfg)
}

/// The former spelling of [`from_bytes_with`] (it takes a `Config`, so its name ends in `_with`).
///
/// ```
/// # #![allow(deprecated)]
/// assert!(godot_bin::from_bytes::<bool>([1, 0, 0, 0, 1, 0, 0, 0], &godot_bin::Config::default())?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[deprecated(note = "use `from_bytes_with(bytes, cfg)`: functions that take a Config end in `_with`")]
pub fn from_bytes<T: de::DeserializeOwned>(bytes: impl AsRef<[u8]>, cfg: &Config) -> Result<T> {
    from_bytes_with(bytes, cfg)
}

#[cfg(test)]
mod tests {
    use super::ascii_name;
    use crate::{Config, ErrorKind};

    /// Strings read straight from the wire (values and a PackedStringArray's elements) give the general
    /// path's text: cut at the first NUL, a leading byte order mark dropped.
    #[test]
    fn plain_strings_as_the_general_path() {
        let cfg = Config::default();
        let field = |b: &[u8]| {
            let mut v = (b.len() as u32).to_le_bytes().to_vec();
            v.extend_from_slice(b);
            v.resize(v.len() + (4 - b.len() % 4) % 4, 0);
            v
        };
        let cases: [(&[u8], &str); 9] = [
            (b"", ""),
            (b"\0", ""),
            (b"npc\0", "npc"),
            (b"hostile\0", "hostile"),
            (b"a\0b\0", "a"),
            (b"ab\0\0", "ab"),
            (b"\xEF\xBB\xBFhi\0", "hi"),
            (b"sixteen_bytes_ok", "sixteen_bytes_ok"),
            (b"seventeen_bytes_x\0", "seventeen_bytes_x"),
        ];
        let mut packed = vec![34, 0, 0, 0];
        packed.extend_from_slice(&(cases.len() as u32).to_le_bytes());
        for (b, want) in cases {
            packed.extend(field(b));
            let value = [&[4u8, 0, 0, 0][..], &field(b)].concat();
            assert_eq!(crate::from_slice_with::<String>(&value, &cfg).unwrap(), want, "{b:?}");
            assert_eq!(crate::from_slice_with::<&str>(&value, &cfg).unwrap(), want, "{b:?}");
        }
        let got = crate::from_slice_with::<Vec<String>>(&packed, &cfg).unwrap();
        assert_eq!(got, cases.map(|(_, w)| w.to_string()));
    }

    /// An Array or Dictionary header whose count is cut off: the general path's error, at the count.
    #[test]
    fn container_without_count() {
        #[derive(serde::Deserialize, Debug)]
        struct S {
            _a: i64,
        }
        let cfg = Config::default();
        let e = crate::from_slice_with::<Vec<i64>>(&[28, 0, 0, 0, 1, 0], &cfg).unwrap_err();
        assert_eq!(e.offset(), Some(4), "{e}");
        let e = crate::from_slice_with::<S>(&[27, 0, 0, 0], &cfg).unwrap_err();
        assert_eq!(e.offset(), Some(4), "{e}");
        let e = crate::from_slice_with::<S>(&[27, 0, 0, 0, 9, 0, 0, 0], &cfg).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidLength { value: 9 }), "{e}");
        assert_eq!(e.offset(), Some(4), "{e}");
    }

    /// The narrower ints and f32 read straight from the wire: the values, range errors (kind and the int's
    /// header offset) and float conversions the general path gives.
    #[test]
    fn narrow_ints_and_f32_fast() {
        let cfg = Config::default();
        let int = |i: i32| [&[2u8, 0, 0, 0][..], &i.to_le_bytes()].concat();
        let int64 = |i: i64| [&[2u8, 0, 1, 0][..], &i.to_le_bytes()].concat();
        assert_eq!(crate::from_slice_with::<u8>(&int(255), &cfg).unwrap(), 255);
        assert_eq!(crate::from_slice_with::<u32>(&int64(1 << 31), &cfg).unwrap(), 1 << 31);
        assert_eq!(crate::from_slice_with::<i16>(&int(-32768), &cfg).unwrap(), -32768);
        for (bytes, value) in [(int(300), 300i128), (int(-1), -1), (int64(1 << 40), 1 << 40)] {
            let e = crate::from_slice_with::<u8>(&bytes, &cfg).unwrap_err();
            assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(v) if *v == value), "{e}");
            assert_eq!(e.offset(), Some(0));
        }
        // In an Array, after one good element: the offset is the bad int's header.
        let arr = [&[28u8, 0, 0, 0, 2, 0, 0, 0][..], &int(1), &int(-5)].concat();
        let e = crate::from_slice_with::<Vec<u16>>(&arr, &cfg).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(-5)), "{e}");
        assert_eq!(e.offset(), Some(16));
        let e = crate::from_slice_with::<u64>(&int64(-7), &cfg).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(-7)), "{e}");
        // f32 from a narrow float (a NaN comes out quiet, payload kept) and from a wide one (rounded).
        let nan = f32::from_bits(0x7F80_0001);
        let narrow = [&[3u8, 0, 0, 0][..], &nan.to_bits().to_le_bytes()].concat();
        assert_eq!(crate::from_slice_with::<f32>(&narrow, &cfg).unwrap().to_bits(), 0x7FC0_0001);
        let wide = [&[3u8, 0, 1, 0][..], &0.1f64.to_le_bytes()].concat();
        assert_eq!(crate::from_slice_with::<f32>(&wide, &cfg).unwrap(), 0.1f32);
        assert_eq!(crate::from_slice_with::<f32>(&int(3), &cfg).unwrap(), 3.0);
        // Cut short at the end of the input: the reader's error, at the payload.
        let (short_int, short_int64) = (&int(1)[..6], &int64(1)[..10]);
        let short_float64 = &[&[3u8, 0, 1, 0][..], &1.5f64.to_le_bytes()].concat()[..9];
        for b in [short_int, short_int64, short_float64] {
            assert_eq!(crate::from_slice_with::<i64>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
            assert_eq!(crate::from_slice_with::<u16>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
            assert_eq!(crate::from_slice_with::<f64>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
            assert_eq!(crate::from_slice_with::<f32>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
        }
        assert_eq!(crate::from_slice_with::<bool>(&[1, 0, 0, 0, 1], &cfg).unwrap_err().offset(), Some(4));
        assert!(crate::from_slice_with::<bool>(&[1, 0, 0, 0, 1, 0, 0, 0], &cfg).unwrap());
        assert_eq!(crate::from_slice_with::<f64>(&int64(-2), &cfg).unwrap(), -2.0);
    }

    /// The word check agrees with the byte-by-byte one (ASCII, no NUL) for every length up to past 24, with
    /// a NUL, a high byte or a byte order mark's first byte at every position, and whatever the padding holds.
    #[test]
    fn ascii_name_is_ascii_without_nul() {
        let plain = |b: &[u8]| b.iter().all(|&c| c != 0 && c < 0x80);
        let base = b"abcdefghijklmnopqrstuvwxyz0123";
        for n in 0..=30 {
            for pad_byte in [0u8, 0x80, b'z'] {
                let padded_of = |b: &[u8]| {
                    let mut p = b.to_vec();
                    p.resize(n + crate::wire::pad_len(n), pad_byte);
                    p
                };
                // The word from the name's first byte as the input gives it (the padding, then more of
                // `pad_byte`), and no word (the input ends before 8 bytes).
                let word_of = |b: &[u8]| {
                    let mut p = padded_of(b);
                    p.resize(p.len().max(8), pad_byte);
                    u64::from_le_bytes(p[..8].try_into().unwrap())
                };
                let b = &base[..n];
                assert!(ascii_name(b, Some(word_of(b))), "{n}");
                assert!(ascii_name(b, None), "{n}");
                for i in 0..n {
                    for x in [0u8, 1, 0x7F, 0x80, 0xEF, 0xFF, b'A'] {
                        let mut b = b.to_vec();
                        b[i] = x;
                        assert_eq!(ascii_name(&b, Some(word_of(&b))), plain(&b), "{b:?} padded with {pad_byte}");
                        assert_eq!(ascii_name(&b, None), plain(&b), "{b:?} without a word");
                    }
                }
            }
        }
    }
}
