//! The engines' text form of a value: what `var_to_str`/`str_to_var` (`var2str`/`str2var` in 3.x) write
//! and read, for Godot 3 and Godot 4 (Godot 2 and Pandemonium spellings are printed and read on a best-effort
//! basis, without an engine to check them against).
//!
//! * [`to_text`] prints a [`Variant`] in the dialect's syntax: `Vector2(1, 2.5)`, `Array[int]([1])`,
//!   `&"name"` in Godot 4; `Vector2( 1, 2.5 )`, `PoolIntArray( 1, 2 )`, `Quat( … )` in Godot 3. Dictionary
//!   entries are printed in their stored order (the engine's own `var_to_str` sorts them), and every float is
//!   printed so that **the engine's own parser** gives back the exact same bits. That parser is not correctly
//!   rounded (it scales an 18-digit integer by products of powers of ten), so the shortest round-trip decimal
//!   is not always enough: [`format_real`] searches for a decimal the engine reads back exactly.
//! * [`to_text_exact`] does the same but fails, naming the path inside the value, when the engine could not
//!   rebuild the value from text (an object by instance id, a non-empty `Signal`, a NaN with a payload, a
//!   float too small for the engine's parser, a `RID` in Godot 3, …).
//! * [`from_text`] parses text as the engine's `str_to_var` does, floats included: [`engine_parse_float`] is
//!   the engine's arithmetic, so the engine's own (sometimes lossy) text gives the bytes the engine gets.
//!
//! The parser never panics and never recurses: nesting is limited by [`Config::max_depth`], and errors carry
//! the line, column and byte offset.
//!
//! ```
//! use godot_bin::{text, Config, Dialect, Variant, Vector2};
//! let g4 = Config::new(Dialect::Godot4_6);
//! let v = Variant::from(vec![Variant::Int(1), Variant::Vector2(Vector2::new(0.5, 2.0)), Variant::from("a\"b")]);
//! assert_eq!(text::to_text(&v, &g4), r#"[1, Vector2(0.5, 2), "a\"b"]"#);
//! assert_eq!(text::from_text(&text::to_text(&v, &g4), &g4)?, v);
//! let g3 = Config::new(Dialect::Godot3);
//! assert_eq!(text::to_text(&v, &g3), r#"[ 1, Vector2( 0.5, 2 ), "a\"b" ]"#);
//! # Ok::<(), godot_bin::text::TextError>(())
//! ```

use std::fmt::{self, Write as _};

use crate::codec::DictBuilder;
use crate::config::{Config, Dialect};
use crate::data::dict_keys::{self, Building};
use crate::markers::*;
use crate::types::TypeKind;
use crate::value::{with_stack_for, Array, ContainerType, Dictionary, Object, Signal, Variant};

/// A text syntax error (or a value the text cannot carry), with where it was found.
///
/// `line` and `column` are 1-based (the column counts characters); `offset` is the byte offset in the text.
/// For [`to_text_exact`] the position is 0 and [`TextError::path`] names the value inside the input.
///
/// ```
/// use godot_bin::{text, Config};
/// let err = text::from_text("[1,\n  Vector2(1, x)]", &Config::default()).unwrap_err();
/// assert_eq!((err.line, err.column), (2, 14));
/// assert!(err.to_string().starts_with("line 2, column 14"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextError {
    /// 1-based line (0 when not about a position in text).
    pub line: usize,
    /// 1-based column, in characters (0 when not about a position in text).
    pub column: usize,
    /// Byte offset in the text.
    pub offset: usize,
    /// What went wrong.
    pub message: String,
    path: Option<String>,
}

impl TextError {
    fn at(text: &str, offset: usize, message: impl Into<String>) -> Self {
        let offset = offset.min(text.len());
        let mut line = 1;
        let mut column = 1;
        for (i, c) in text.char_indices() {
            if i >= offset {
                break;
            }
            if c == '\n' {
                line += 1;
                column = 1;
            } else {
                column += 1;
            }
        }
        TextError { line, column, offset, message: message.into(), path: None }
    }

    /// For errors about a value that cannot be written exactly: the path inside the value (`entities[3].pos`,
    /// empty for the value itself). `None` for errors in parsing text.
    ///
    /// ```
    /// use godot_bin::{text, Config, Dictionary, Object, Variant};
    /// let mut d = Dictionary::default();
    /// d.insert("owner".into(), Object::InstanceId(9).into());
    /// let err = text::to_text_exact(&vec![Variant::Nil, d.into()].into(), &Config::default()).unwrap_err();
    /// assert_eq!(err.path(), Some("[1].owner"));
    /// assert_eq!(text::from_text("[1,", &Config::default()).unwrap_err().path(), None);
    /// ```
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.path {
            Some(p) if p.is_empty() => write!(f, "at the top-level value: {}", self.message),
            Some(p) => write!(f, "at {p}: {}", self.message),
            None => write!(f, "line {}, column {}: {}", self.line, self.column, self.message),
        }
    }
}

impl std::error::Error for TextError {}

/// The text syntax family of a dialect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Syntax {
    Godot2,
    Godot3,
    Godot4,
    Pandemonium,
}

fn syntax_of(d: Dialect) -> Syntax {
    match d {
        Dialect::Godot2 => Syntax::Godot2,
        Dialect::Godot3 => Syntax::Godot3,
        Dialect::Pandemonium3_5 | Dialect::Pandemonium3_8 | Dialect::Pandemonium5 => Syntax::Pandemonium,
        _ => Syntax::Godot4,
    }
}

// ---------------------------------------------------------------------------------------------------------
// Floats: the engine's parser, and printing that it reads back exactly.
// ---------------------------------------------------------------------------------------------------------

const POWERS_OF_10: [f64; 9] = [10.0, 100.0, 1.0e4, 1.0e8, 1.0e16, 1.0e32, 1.0e64, 1.0e128, 1.0e256];

/// The value the engines' float parser (`String::to_float`, used by `str_to_var` in Godot 3 and 4) gives for
/// a number token, computed with the same double arithmetic: at most 18 significant digits are read (as
/// `1e9 × first digits + last nine digits`), and the decimal exponent is applied by multiplying or dividing
/// by a product of `10^(2^k)` constants, which is not correctly rounded for large or small exponents and
/// flushes anything needing a scale above `1e308` to zero.
///
/// ```
/// use godot_bin::text::engine_parse_float;
/// assert_eq!(engine_parse_float("0.1"), 0.1);
/// assert_eq!(engine_parse_float("-0.0").to_bits(), (-0.0f64).to_bits());
/// // Not what a correctly rounded parser gives (checked on Godot 3.6 and 4.6):
/// assert_eq!(engine_parse_float("7.761117632285041e+178").to_bits(), 0x6513270e269e0d38);
/// assert_eq!(engine_parse_float("5e-324"), 0.0);
/// ```
pub fn engine_parse_float(s: &str) -> f64 {
    let b = s.as_bytes();
    let mut p = 0;
    while p < b.len() && matches!(b[p], b' ' | b'\t' | b'\n') {
        p += 1;
    }
    let mut neg = false;
    match b.get(p) {
        Some(b'-') => {
            neg = true;
            p += 1;
        }
        Some(b'+') => p += 1,
        _ => {}
    }
    let start = p;
    let mut dec_pt: Option<i64> = None;
    let mut mant: i64 = 0;
    loop {
        match b.get(p) {
            Some(c) if c.is_ascii_digit() => {}
            Some(b'.') if dec_pt.is_none() => dec_pt = Some(mant),
            _ => break,
        }
        p += 1;
        mant += 1;
    }
    let p_exp = p;
    let dec_pt = match dec_pt {
        None => mant,
        Some(d) => {
            mant -= 1;
            d
        }
    };
    let (frac_exp, mut mant) = if mant > 18 { (dec_pt - 18, 18) } else { (dec_pt - mant, mant) };
    let sign = |x: f64| if neg { -x } else { x };
    if mant == 0 {
        return sign(0.0);
    }
    let mut q = start;
    let mut digit = || {
        let mut c = b[q];
        q += 1;
        if c == b'.' {
            c = b[q];
            q += 1;
        }
        i64::from(c - b'0')
    };
    let mut frac1: i64 = 0;
    while mant > 9 {
        frac1 = 10 * frac1 + digit();
        mant -= 1;
    }
    let mut frac2: i64 = 0;
    while mant > 0 {
        frac2 = 10 * frac2 + digit();
        mant -= 1;
    }
    let mut fraction = 1.0e9 * frac1 as f64 + frac2 as f64;
    let mut p = p_exp;
    let mut exp: i64 = 0;
    let mut exp_neg = false;
    if matches!(b.get(p), Some(b'e' | b'E')) {
        p += 1;
        match b.get(p) {
            Some(b'-') => {
                exp_neg = true;
                p += 1;
            }
            Some(b'+') => p += 1,
            _ => {}
        }
        if matches!(b.get(p), Some(c) if c.is_ascii_digit()) {
            while let Some(c) = b.get(p).filter(|c| c.is_ascii_digit()) {
                exp = (exp * 10 + i64::from(c - b'0')).min(1 << 40);
                p += 1;
            }
        } else {
            exp_neg = false;
        }
    }
    let mut e = if exp_neg { frac_exp - exp } else { frac_exp + exp };
    let e_neg = e < 0;
    e = e.abs().min(511);
    let mut dbl_exp = 1.0f64;
    let mut i = 0;
    while e != 0 {
        if e & 1 == 1 {
            dbl_exp *= POWERS_OF_10[i];
        }
        e >>= 1;
        i += 1;
    }
    if e_neg {
        fraction /= dbl_exp;
    } else {
        fraction *= dbl_exp;
    }
    sign(fraction)
}

/// Splits the shortest (or `digits`-digit) scientific form of a finite non-zero positive `x` into its digit
/// string and decimal exponent of the first digit.
fn sci_digits(x: f64, digits: Option<usize>) -> (String, i64) {
    let s = match digits {
        None => format!("{x:e}"),
        Some(n) => format!("{:.*e}", n.saturating_sub(1), x),
    };
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    let ds: String = m.chars().filter(|c| c.is_ascii_digit()).collect();
    (ds, e.parse().unwrap_or(0))
}

/// Writes digits `ds` (first digit at decimal exponent `e`) as the engine-style token: plain for moderate
/// exponents, else `d.ddde±X`.
fn layout(ds: &str, e: i64, plain_ok: bool) -> String {
    let n = ds.len() as i64;
    if plain_ok && (-5..16).contains(&e) && n + e.max(0) + (-e).max(0) <= 18 {
        if e >= n - 1 {
            let mut s = ds.to_owned();
            for _ in 0..(e - (n - 1)) {
                s.push('0');
            }
            s.push_str(".0");
            s
        } else if e >= 0 {
            let (a, b) = ds.split_at((e + 1) as usize);
            format!("{a}.{b}")
        } else {
            let mut s = String::from("0.");
            for _ in 0..(-e - 1) {
                s.push('0');
            }
            s.push_str(ds);
            s
        }
    } else {
        let (a, b) = ds.split_at(1);
        let b = if b.is_empty() { "0" } else { b };
        format!("{a}.{b}e{}{}", if e < 0 { "-" } else { "+" }, e.abs())
    }
}

/// A decimal token for finite `x > 0` that [`engine_parse_float`] reads as exactly `x`, if one exists.
fn exact_decimal(x: f64) -> Option<String> {
    let (ds, e) = sci_digits(x, None);
    let s = layout(&ds, e, true);
    if engine_parse_float(&s).to_bits() == x.to_bits() {
        return Some(s);
    }
    // Search an integer mantissa M of p digits so that M × 10^(e - p + 1) parses to x. The engine's result
    // is monotonic in M, so a binary search over a window around the correctly rounded mantissa finds it.
    let (_, e0) = sci_digits(x, Some(17));
    for p in [18i64, 17, 16] {
        // The scale must stay at or below 1e308 or the engine's divisor overflows.
        let p = p.min(e0 + 309);
        if p < 1 {
            return None;
        }
        let (ds, e) = sci_digits(x, Some(p as usize));
        let p = ds.len() as i64;
        let m0: i64 = ds.parse().ok()?;
        let lo_m = 10i64.pow((p - 1) as u32);
        let hi_m = 10i64.pow(p as u32) - 1;
        let token = |m: i64| layout(&m.to_string(), e, false);
        let val = |m: i64| engine_parse_float(&token(m));
        let (mut lo, mut hi) = ((m0 - (1 << 16)).max(lo_m), (m0 + (1 << 16)).min(hi_m));
        if val(lo) > x || val(hi) < x {
            continue;
        }
        // Smallest m in [lo, hi] with val(m) >= x.
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if val(mid) >= x {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if val(lo).to_bits() == x.to_bits() {
            return Some(token(lo));
        }
    }
    None
}

/// How a real is written and whether the engine reads it back exactly.
fn real_token(x: f64, single: bool, float_type: bool) -> (String, bool) {
    if x.is_nan() {
        // The engine's `nan` is the positive quiet NaN; stored as f32 it becomes 0x7fc00000.
        let exact = if single { (x as f32).to_bits() == 0x7fc0_0000 } else { x.to_bits() == 0x7ff8_0000_0000_0000 };
        return ("nan".into(), exact);
    }
    if x.is_infinite() {
        return (if x > 0.0 { "inf" } else { "inf_neg" }.into(), true);
    }
    if x == 0.0 {
        // "-0" would be read as the integer 0: a negative zero needs a float token.
        let s = if x.is_sign_negative() {
            "-0.0"
        } else if float_type {
            "0.0"
        } else {
            "0"
        };
        return (s.to_owned(), true);
    }
    let (neg, a) = (x < 0.0, x.abs());
    let int_like = !float_type && a < 1e15 && a.fract() == 0.0;
    let body = if int_like {
        Some(format!("{a}"))
    } else if single && (a as f32) as f64 == a {
        // Shortest f32 digits, when the engine's double parse then narrowing gives back the same f32.
        let f = a as f32;
        let (ds, e) = sci_digits_f32(f);
        let s = layout(&ds, e, true);
        if engine_parse_float(&s) as f32 == f {
            Some(s)
        } else {
            exact_decimal(a)
        }
    } else {
        exact_decimal(a)
    };
    match body {
        Some(b) => (if neg { format!("-{b}") } else { b }, true),
        None => {
            let (ds, e) = sci_digits(a, None);
            let b = layout(&ds, e, true);
            (if neg { format!("-{b}") } else { b }, false)
        }
    }
}

fn sci_digits_f32(f: f32) -> (String, i64) {
    let s = format!("{f:e}");
    let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
    (m.chars().filter(|c| c.is_ascii_digit()).collect(), e.parse().unwrap_or(0))
}

/// Formats a real so that the engine's `str_to_var` gives back exactly `x`: `Some(text)`, or `None` when
/// no decimal does (NaNs other than the engine's `nan`, and the smallest magnitudes, which the engine's
/// parser flushes to zero). `single` says the value lands in an f32 (a math type's component in a
/// single-precision build, a `Color`, a `PackedFloat32Array` element): then the shortest f32 digits are used
/// when they read back as that f32.
///
/// ```
/// use godot_bin::text::{engine_parse_float, format_real};
/// assert_eq!(format_real(0.1, false).as_deref(), Some("0.1"));
/// assert_eq!(format_real(f64::NEG_INFINITY, false).as_deref(), Some("inf_neg"));
/// assert_eq!(format_real(0.1f32 as f64, true).as_deref(), Some("0.1"));
/// let x = 7.761117632285041e178; // its shortest digits parse one ulp off in the engine
/// let s = format_real(x, false).unwrap();
/// assert_eq!(engine_parse_float(&s), x);
/// assert_eq!(format_real(5e-324, false), None);
/// ```
pub fn format_real(x: f64, single: bool) -> Option<String> {
    let (s, exact) = real_token(x, single, true);
    exact.then_some(s)
}

// ---------------------------------------------------------------------------------------------------------
// Printing
// ---------------------------------------------------------------------------------------------------------

/// Prints `v` in the text syntax of `cfg`'s dialect (best effort: see [`to_text_exact`] for the values the
/// engine cannot rebuild from text). `cfg.is_double_precision()` decides whether math components are f32.
///
/// ```
/// use godot_bin::{text, Config, Dialect, Dictionary, StringName, Variant};
/// let mut d = Dictionary::default();
/// d.insert(Variant::from("b"), Variant::Float(1.0));
/// d.insert(Variant::from("a"), Variant::StringName(StringName::from("x")));
/// assert_eq!(text::to_text(&d.into(), &Config::new(Dialect::Godot4_6)), "{\n\"b\": 1.0,\n\"a\": &\"x\"\n}");
/// ```
pub fn to_text(v: &Variant, cfg: &Config) -> String {
    with_stack_for(v, || {
        let mut w = Writer::new(cfg, false);
        w.value(v);
        w.out
    })
}

/// Prints `v` like [`to_text`], or fails when the engine's `str_to_var` of the text would not give back
/// the same value (and so the same bytes). The error names the path of the first such value.
///
/// ```
/// use godot_bin::{text, Config, Object, Variant};
/// let cfg = Config::default();
/// let v = Variant::from(vec![Variant::Float(0.5), Variant::from(Object::InstanceId(42))]);
/// let err = text::to_text_exact(&v, &cfg).unwrap_err();
/// assert_eq!(err.path(), Some("[1]"));
/// assert!(text::to_text_exact(&Variant::Float(0.5), &cfg).is_ok());
/// ```
pub fn to_text_exact(v: &Variant, cfg: &Config) -> Result<String, TextError> {
    let w = with_stack_for(v, || {
        let mut w = Writer::new(cfg, true);
        w.value(v);
        (w.out, w.lossy)
    });
    match w.1 {
        Some((path, message)) => {
            Err(TextError { line: 0, column: 0, offset: 0, message: message.into(), path: Some(path) })
        }
        None => Ok(w.0),
    }
}

/// One step of a path inside a value, for messages such as `entities[3].pos`.
pub(crate) enum Seg<'a> {
    Index(usize),
    Key(&'a Variant),
    Prop(&'a str),
}

/// Renders a path (`entities[3].pos`, `["a b"]`, `[Vector2(1, 2)]`).
pub(crate) fn render_path(segs: &[Seg<'_>]) -> String {
    let mut s = String::new();
    for seg in segs {
        match seg {
            Seg::Index(i) => {
                let _ = write!(s, "[{i}]");
            }
            Seg::Prop(p) => match p.char_indices().nth(KEY_CAP) {
                Some((i, _)) => {
                    let _ = write!(s, ".{}…", &p[..i]);
                }
                None => {
                    let _ = write!(s, ".{p}");
                }
            },
            Seg::Key(k) => match k.as_str() {
                Some(t) if t.len() <= KEY_CAP && is_ident(t) => {
                    if !s.is_empty() {
                        s.push('.');
                    }
                    s.push_str(t);
                }
                _ => {
                    let _ = write!(s, "[{}]", short_key(k));
                }
            },
        }
    }
    s
}

/// The longest rendering of one key in a path, in characters; longer ones end in "…".
const KEY_CAP: usize = 80;

/// A key as a path shows it: its text when short, else a summary of at most about [`KEY_CAP`] characters.
/// The cost is bounded by the cap, never by the key's size: containers and packed arrays are named with
/// their length, and strings are cut before they are rendered.
fn short_key(k: &Variant) -> String {
    use Variant as V;
    let cut = |t: &str| -> (String, bool) {
        match t.char_indices().nth(KEY_CAP) {
            Some((i, _)) => (t[..i].to_owned(), true),
            None => (t.to_owned(), false),
        }
    };
    let count = |name: &str, n: usize| format!("{name}(… {n} items)");
    let cfg = Config::default();
    let (kind, n) = match k {
        V::Dictionary(d) => return format!("{{… {} entries}}", d.entries.len()),
        V::Array(a) | V::PackedTypedArray(a) => return format!("[… {} items]", a.items.len()),
        V::Object(_) => return "Object(…)".to_owned(),
        V::String(t) | V::StringName(crate::StringName(t)) => {
            let (t, more) = cut(t);
            let short = if matches!(k, V::String(_)) { V::String(t) } else { V::StringName(crate::StringName(t)) };
            let mut w = Writer::new(&cfg, false);
            w.leaf(&short);
            return if more { format!("{}…", w.out) } else { w.out };
        }
        V::NodePath(p) => {
            let (t, more) = cut(&p.to_string());
            return format!("NodePath({t:?}{})", if more { "…" } else { "" });
        }
        V::PackedByteArray(a) => (TypeKind::PackedByteArray, a.len()),
        V::PackedInt32Array(a) => (TypeKind::PackedInt32Array, a.len()),
        V::PackedInt64Array(a) => (TypeKind::PackedInt64Array, a.len()),
        V::PackedFloat32Array(a) => (TypeKind::PackedFloat32Array, a.len()),
        V::PackedFloat64Array(a) => (TypeKind::PackedFloat64Array, a.len()),
        V::PackedStringArray(a) => (TypeKind::PackedStringArray, a.len()),
        V::PackedVector2Array(a) => (TypeKind::PackedVector2Array, a.len()),
        V::PackedVector3Array(a) => (TypeKind::PackedVector3Array, a.len()),
        V::PackedVector4Array(a) => (TypeKind::PackedVector4Array, a.len()),
        V::PackedColorArray(a) => (TypeKind::PackedColorArray, a.len()),
        V::PackedVector2iArray(a) => (TypeKind::PackedVector2iArray, a.len()),
        V::PackedVector3iArray(a) => (TypeKind::PackedVector3iArray, a.len()),
        V::PackedVector4iArray(a) => (TypeKind::PackedVector4iArray, a.len()),
        V::Image(img) => (TypeKind::Image, img.data.len()),
        // Every other leaf has a small, fixed-size rendering.
        _ => {
            let mut w = Writer::new(&cfg, false);
            w.leaf(k);
            return w.out;
        }
    };
    count(type_name(Syntax::Godot4, kind), n)
}

fn is_ident(t: &str) -> bool {
    let mut c = t.chars();
    matches!(c.next(), Some(f) if f.is_alphabetic() || f == '_') && c.all(|c| c.is_alphanumeric() || c == '_')
}

struct Writer<'c> {
    out: String,
    syn: Syntax,
    single: bool,
    track: bool,
    lossy: Option<(String, &'static str)>,
    path: Vec<Seg<'c>>,
    dialect: Dialect,
}

impl<'c> Writer<'c> {
    fn new(cfg: &Config, track: bool) -> Self {
        Writer {
            out: String::new(),
            syn: syntax_of(cfg.dialect()),
            single: !cfg.is_double_precision(),
            track,
            lossy: None,
            path: Vec::new(),
            dialect: cfg.dialect(),
        }
    }

    fn lossy(&mut self, why: &'static str) {
        if self.track && self.lossy.is_none() {
            self.lossy = Some((render_path(&self.path), why));
        }
    }

    fn real(&mut self, x: f64, single: bool, float_type: bool) {
        let (s, exact) = real_token(x, single, float_type);
        if !exact {
            self.lossy(if x.is_nan() {
                "a NaN other than the engine's `nan` cannot be written as text"
            } else {
                "the engine's text parser cannot produce this float (too small or subnormal)"
            });
        }
        self.out.push_str(&s);
    }

    fn string(&mut self, s: &str) {
        if s.contains('\0') {
            self.lossy("a string with a NUL character cannot be written as text");
        }
        self.out.push('"');
        for c in s.chars() {
            match c {
                '"' => self.out.push_str("\\\""),
                '\\' => self.out.push_str("\\\\"),
                '\n' => self.out.push_str("\\n"),
                '\t' => self.out.push_str("\\t"),
                '\r' => self.out.push_str("\\r"),
                '\u{8}' => self.out.push_str("\\b"),
                '\u{c}' => self.out.push_str("\\f"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.out, "\\u{:04x}", c as u32);
                }
                c => self.out.push(c),
            }
        }
        self.out.push('"');
    }

    /// `Name(` in Godot 4, `Name( ` in the others.
    fn open(&mut self, name: &str) {
        self.out.push_str(name);
        self.out.push_str(if self.syn == Syntax::Godot4 { "(" } else { "( " });
    }

    fn close(&mut self) {
        self.out.push_str(if self.syn == Syntax::Godot4 { ")" } else { " )" });
    }

    fn sep(&mut self, i: usize) {
        if i > 0 {
            self.out.push_str(", ");
        }
    }

    fn reals<T: Reals>(&mut self, name: &str, v: &T) {
        let mut r = [0.0f64; 16];
        v.to_reals(&mut r[..T::N]);
        self.open(name);
        for (i, x) in r[..T::N].iter().enumerate() {
            self.sep(i);
            self.real(*x, self.single, false);
        }
        self.close();
    }

    fn ints(&mut self, name: &str, v: &[i32]) {
        self.open(name);
        for (i, x) in v.iter().enumerate() {
            self.sep(i);
            let _ = write!(self.out, "{x}");
        }
        self.close();
    }

    fn name(&self, k: TypeKind) -> &'static str {
        type_name(self.syn, k)
    }

    fn check_kind(&mut self, k: TypeKind) {
        if !self.dialect.has_type(k) {
            self.lossy("this type does not exist in the dialect");
        }
    }

    /// Containers here, on a small frame; leaves in [`Writer::leaf`] (deep values stay cheap on the stack).
    fn value(&mut self, v: &'c Variant) {
        self.check_kind(v.kind());
        match v {
            Variant::Dictionary(d) => self.dictionary(d),
            Variant::Array(a) => self.array(a, false),
            Variant::PackedTypedArray(a) => self.array(a, true),
            Variant::Object(o) => self.object(o),
            _ => self.leaf(v),
        }
    }

    #[inline(never)]
    fn leaf(&mut self, v: &Variant) {
        use Variant as V;
        match v {
            V::Nil => self.out.push_str("null"),
            V::Bool(b) => self.out.push_str(if *b { "true" } else { "false" }),
            V::Int(i) => {
                let _ = write!(self.out, "{i}");
            }
            V::Float(x) => self.real(*x, false, true),
            V::String(s) => self.string(s),
            V::StringName(s) => {
                match self.syn {
                    Syntax::Godot4 => self.out.push('&'),
                    Syntax::Pandemonium => self.out.push('@'),
                    _ => {}
                }
                self.string(&s.0);
            }
            V::Vector2(x) => self.reals(self.name(TypeKind::Vector2), x),
            V::Vector2i(x) => self.ints(self.name(TypeKind::Vector2i), &[x.x, x.y]),
            V::Rect2(x) => self.reals(self.name(TypeKind::Rect2), x),
            V::Rect2i(x) => self.ints(self.name(TypeKind::Rect2i), &[x.position.x, x.position.y, x.size.x, x.size.y]),
            V::Vector3(x) => self.reals(self.name(TypeKind::Vector3), x),
            V::Vector3i(x) => self.ints(self.name(TypeKind::Vector3i), &[x.x, x.y, x.z]),
            V::Transform2D(x) => self.reals(self.name(TypeKind::Transform2D), &**x),
            V::Vector4(x) => self.reals(self.name(TypeKind::Vector4), x),
            V::Vector4i(x) => self.ints(self.name(TypeKind::Vector4i), &[x.x, x.y, x.z, x.w]),
            V::Plane(x) => self.reals(self.name(TypeKind::Plane), x),
            V::Quaternion(x) => self.reals(self.name(TypeKind::Quaternion), x),
            V::Aabb(x) => self.reals(self.name(TypeKind::Aabb), &**x),
            V::Basis(x) => self.reals(self.name(TypeKind::Basis), &**x),
            V::Transform3D(x) => self.reals(self.name(TypeKind::Transform3D), &**x),
            V::Projection(x) => self.reals(self.name(TypeKind::Projection), &**x),
            V::Color(c) => {
                self.open(self.name(TypeKind::Color));
                for (i, x) in [c.r, c.g, c.b, c.a].into_iter().enumerate() {
                    self.sep(i);
                    self.real(x as f64, true, false);
                }
                self.close();
            }
            V::NodePath(p) => {
                self.out.push_str("NodePath(");
                self.string(&p.to_string());
                self.out.push(')');
            }
            V::Rid(r) => {
                if self.syn != Syntax::Godot4 {
                    self.lossy("a RID cannot be written as text in this dialect");
                }
                if r.0 == 0 {
                    self.out.push_str("RID()");
                } else {
                    // As the engine prints it: the id as a signed 64-bit integer (ids above i64::MAX are
                    // negative); the engine's parser clamps larger positive numbers.
                    let _ = write!(self.out, "RID({})", r.0 as i64);
                }
            }
            V::Callable => self.out.push_str("Callable()"),
            V::Signal(s) => {
                if *s != Signal::default() {
                    self.lossy("a Signal's name and object cannot be written as text");
                }
                self.out.push_str("Signal()");
            }
            V::PackedByteArray(b) => {
                self.open(self.name(TypeKind::PackedByteArray));
                for (i, x) in b.iter().enumerate() {
                    self.sep(i);
                    let _ = write!(self.out, "{x}");
                }
                self.close();
            }
            V::PackedInt32Array(a) => self.ints(self.name(TypeKind::PackedInt32Array), a),
            V::PackedInt64Array(a) => {
                self.open(self.name(TypeKind::PackedInt64Array));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    let _ = write!(self.out, "{x}");
                }
                self.close();
            }
            V::PackedFloat32Array(a) => {
                self.open(self.name(TypeKind::PackedFloat32Array));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    self.real(*x as f64, true, false);
                }
                self.close();
            }
            V::PackedFloat64Array(a) => {
                self.open(self.name(TypeKind::PackedFloat64Array));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    self.real(*x, false, false);
                }
                self.close();
            }
            V::PackedStringArray(a) => {
                self.open(self.name(TypeKind::PackedStringArray));
                for (i, x) in a.iter().enumerate() {
                    self.sep(i);
                    self.string(x);
                }
                self.close();
            }
            V::PackedVector2Array(a) => self.packed_reals(TypeKind::PackedVector2Array, a, self.single),
            V::PackedVector3Array(a) => self.packed_reals(TypeKind::PackedVector3Array, a, self.single),
            V::PackedVector4Array(a) => self.packed_reals(TypeKind::PackedVector4Array, a, self.single),
            V::PackedColorArray(a) => {
                self.open(self.name(TypeKind::PackedColorArray));
                for (i, c) in a.iter().enumerate() {
                    for (j, x) in [c.r, c.g, c.b, c.a].into_iter().enumerate() {
                        self.sep(i * 4 + j);
                        self.real(x as f64, true, false);
                    }
                }
                self.close();
            }
            V::PackedVector2iArray(a) => {
                let flat: Vec<i32> = a.iter().flat_map(|v| [v.x, v.y]).collect();
                self.ints(self.name(TypeKind::PackedVector2iArray), &flat)
            }
            V::PackedVector3iArray(a) => {
                let flat: Vec<i32> = a.iter().flat_map(|v| [v.x, v.y, v.z]).collect();
                self.ints(self.name(TypeKind::PackedVector3iArray), &flat)
            }
            V::PackedVector4iArray(a) => {
                let flat: Vec<i32> = a.iter().flat_map(|v| [v.x, v.y, v.z, v.w]).collect();
                self.ints(self.name(TypeKind::PackedVector4iArray), &flat)
            }
            V::Image(img) => {
                self.lossy("a Godot 2 Image is printed for reading only");
                let _ = write!(self.out, "Image( {}, {}, {}, {}", img.width, img.height, img.mipmaps, img.format);
                for b in &img.data {
                    let _ = write!(self.out, ", {b}");
                }
                self.out.push_str(" )");
            }
            V::InputEvent(ev) => {
                self.lossy("a Godot 2 InputEvent is printed for reading only");
                let _ = write!(self.out, "InputEvent({},{:?})", ev.device, ev.data);
            }
            #[allow(unreachable_patterns)]
            _ => {
                self.lossy("this kind of value has no text form");
                self.out.push_str("null");
            }
        }
    }

    fn packed_reals<T: Reals>(&mut self, kind: TypeKind, a: &[T], single: bool) {
        self.open(self.name(kind));
        let mut r = [0.0f64; 4];
        let mut i = 0;
        for v in a {
            v.to_reals(&mut r[..T::N]);
            for x in &r[..T::N] {
                self.sep(i);
                self.real(*x, single, false);
                i += 1;
            }
        }
        self.close();
    }

    fn container_type(&mut self, t: &ContainerType) {
        match t {
            ContainerType::Untyped => self.out.push_str("Variant"),
            ContainerType::Builtin(k) => self.out.push_str(type_name(Syntax::Godot4, *k)),
            ContainerType::Class(c) => self.out.push_str(c),
            ContainerType::Script(s) => {
                self.lossy("a container typed with a script cannot be written as text");
                let _ = write!(self.out, "Object /* script {s} */");
            }
        }
    }

    fn array(&mut self, a: &'c Array, packed: bool) {
        let typed = !a.element_type.is_untyped();
        if a.shared {
            self.lossy("Godot 2's shared flag has no text form");
        }
        if typed || packed {
            if self.syn == Syntax::Pandemonium {
                self.out.push_str(if packed { "PackedTypedArray( " } else { "TypedArray( " });
                self.container_type(&a.element_type);
                self.out.push_str(" , ");
                self.items(&a.items, ", ");
                self.out.push_str(" )");
                return;
            }
            self.out.push_str("Array[");
            self.container_type(&a.element_type);
            self.out.push_str("](");
        }
        let spaced = self.syn != Syntax::Godot4;
        self.out.push_str(if spaced { "[ " } else { "[" });
        self.items(&a.items, ", ");
        self.out.push_str(if spaced { " ]" } else { "]" });
        if typed || packed {
            self.out.push(')');
        }
    }

    fn items(&mut self, items: &'c [Variant], sep: &str) {
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                self.out.push_str(sep);
            }
            self.path.push(Seg::Index(i));
            self.value(x);
            self.path.pop();
        }
    }

    fn dictionary(&mut self, d: &'c Dictionary) {
        let typed = !d.key_type.is_untyped() || !d.value_type.is_untyped();
        if d.shared {
            self.lossy("Godot 2's shared flag has no text form");
        }
        if typed {
            self.out.push_str("Dictionary[");
            self.container_type(&d.key_type);
            self.out.push_str(", ");
            self.container_type(&d.value_type);
            self.out.push_str("](");
        }
        if d.entries.is_empty() {
            self.out.push_str(match self.syn {
                Syntax::Godot4 => "{}",
                Syntax::Godot2 => "{\n\n}",
                _ => "{\n}",
            });
        } else {
            self.out.push_str("{\n");
            for (i, (k, v)) in d.entries.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(",\n");
                }
                self.path.push(Seg::Key(k));
                self.value(k);
                self.out.push_str(": ");
                self.value(v);
                self.path.pop();
            }
            self.out.push_str("\n}");
        }
        if typed {
            self.out.push(')');
        }
    }

    fn object(&mut self, o: &'c Object) {
        match o {
            Object::Null => self.out.push_str("null"),
            Object::InstanceId(id) => {
                self.lossy("an object by instance id cannot be rebuilt from text");
                let _ = write!(self.out, "Object(EncodedObjectAsID,\"object_id\":{id})");
            }
            Object::Full { class, properties } => {
                self.out.push_str("Object(");
                self.out.push_str(class);
                for (name, v) in properties {
                    self.out.push(',');
                    self.string(name);
                    self.out.push(':');
                    self.path.push(Seg::Prop(name));
                    self.value(v);
                    self.path.pop();
                }
                self.out.push(')');
            }
        }
    }
}

/// The constructor name of `k` in a syntax.
fn type_name(syn: Syntax, k: TypeKind) -> &'static str {
    use TypeKind as K;
    match (syn, k) {
        (Syntax::Godot2, K::Transform2D) => "Matrix32",
        (Syntax::Godot2, K::Basis) => "Matrix3",
        (Syntax::Godot2, K::PackedByteArray) => "ByteArray",
        (Syntax::Godot2, K::PackedInt32Array) => "IntArray",
        (Syntax::Godot2, K::PackedFloat32Array) => "FloatArray",
        (Syntax::Godot2, K::PackedStringArray) => "StringArray",
        (Syntax::Godot2, K::PackedVector2Array) => "Vector2Array",
        (Syntax::Godot2, K::PackedVector3Array) => "Vector3Array",
        (Syntax::Godot2, K::PackedColorArray) => "ColorArray",
        (Syntax::Godot2 | Syntax::Godot3, K::Quaternion) => "Quat",
        (Syntax::Godot2 | Syntax::Godot3 | Syntax::Pandemonium, K::Transform3D) => "Transform",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedByteArray) => "PoolByteArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedInt32Array) => "PoolIntArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedFloat32Array) => "PoolRealArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedStringArray) => "PoolStringArray",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedVector2Array) => "PoolVector2Array",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedVector3Array) => "PoolVector3Array",
        (Syntax::Godot3 | Syntax::Pandemonium, K::PackedColorArray) => "PoolColorArray",
        (Syntax::Pandemonium, K::PackedVector4Array) => "PoolVector4Array",
        (_, K::PackedVector2iArray) => "PoolVector2iArray",
        (_, K::PackedVector3iArray) => "PoolVector3iArray",
        (_, K::PackedVector4iArray) => "PoolVector4iArray",
        (_, K::Nil) => "Nil",
        (_, k) => k.name(),
    }
}

/// What a constructor name means when reading (every family's spelling is accepted).
fn kind_of_name(name: &str) -> Option<TypeKind> {
    use TypeKind as K;
    Some(match name {
        "Vector2" => K::Vector2,
        "Vector2i" => K::Vector2i,
        "Rect2" => K::Rect2,
        "Rect2i" => K::Rect2i,
        "Vector3" => K::Vector3,
        "Vector3i" => K::Vector3i,
        "Transform2D" | "Matrix32" => K::Transform2D,
        "Vector4" => K::Vector4,
        "Vector4i" => K::Vector4i,
        "Plane" => K::Plane,
        "Quaternion" | "Quat" => K::Quaternion,
        "AABB" | "Rect3" => K::Aabb,
        "Basis" | "Matrix3" => K::Basis,
        "Transform3D" | "Transform" => K::Transform3D,
        "Projection" => K::Projection,
        "Color" => K::Color,
        "NodePath" => K::NodePath,
        "RID" => K::Rid,
        "Callable" => K::Callable,
        "Signal" => K::Signal,
        "StringName" => K::StringName,
        "PackedByteArray" | "PoolByteArray" | "ByteArray" | "RawArray" => K::PackedByteArray,
        "PackedInt32Array" | "PoolIntArray" | "IntArray" => K::PackedInt32Array,
        "PackedInt64Array" => K::PackedInt64Array,
        "PackedFloat32Array" | "PoolRealArray" | "FloatArray" | "RealArray" => K::PackedFloat32Array,
        "PackedFloat64Array" => K::PackedFloat64Array,
        "PackedStringArray" | "PoolStringArray" | "StringArray" => K::PackedStringArray,
        "PackedVector2Array" | "PoolVector2Array" | "Vector2Array" => K::PackedVector2Array,
        "PackedVector3Array" | "PoolVector3Array" | "Vector3Array" => K::PackedVector3Array,
        "PackedColorArray" | "PoolColorArray" | "ColorArray" => K::PackedColorArray,
        "PackedVector4Array" | "PoolVector4Array" => K::PackedVector4Array,
        "PoolVector2iArray" => K::PackedVector2iArray,
        "PoolVector3iArray" => K::PackedVector3iArray,
        "PoolVector4iArray" => K::PackedVector4iArray,
        _ => return None,
    })
}

/// A built-in type name inside `Array[…]` / `Dictionary[…, …]`.
fn builtin_of_name(name: &str) -> Option<TypeKind> {
    use TypeKind as K;
    Some(match name {
        "Nil" => K::Nil,
        "bool" => K::Bool,
        "int" => K::Int,
        "float" => K::Float,
        "String" => K::String,
        "Object" => K::Object,
        "Dictionary" => K::Dictionary,
        "Array" => K::Array,
        n => kind_of_name(n)?,
    })
}

// ---------------------------------------------------------------------------------------------------------
// Parsing
// ---------------------------------------------------------------------------------------------------------

/// Parses one value written in the text syntax of `cfg`'s dialect, as the engine's `str_to_var` reads it
/// (floats with the engine's arithmetic, math components narrowed to f32 unless `cfg` is double precision).
/// Anything but whitespace after the value is an error.
///
/// ```
/// use godot_bin::{text, Config, Dialect, Variant, Vector2};
/// let v = text::from_text("Vector2( 1, 2.5 )", &Config::new(Dialect::Godot3))?;
/// assert_eq!(v, Variant::Vector2(Vector2::new(1.0, 2.5)));
/// let err = text::from_text("[1, 2", &Config::default()).unwrap_err();
/// assert_eq!((err.line, err.column, err.offset), (1, 6, 5));
/// # Ok::<(), godot_bin::text::TextError>(())
/// ```
pub fn from_text(text: &str, cfg: &Config) -> Result<Variant, TextError> {
    let mut p = Parser::new(text, cfg);
    let v = p.value()?;
    p.skip_ws();
    if p.pos < text.len() {
        return Err(p.err("unexpected text after the value"));
    }
    Ok(v)
}

/// Parses a sequence of values separated by whitespace (the text form of a `store_var` stream).
///
/// ```
/// use godot_bin::{text, Config, Variant};
/// let vs = text::from_text_many("1\n\"a\"\n[]\n", &Config::default())?;
/// assert_eq!(vs.len(), 3);
/// assert_eq!(vs[0], Variant::Int(1));
/// # Ok::<(), godot_bin::text::TextError>(())
/// ```
pub fn from_text_many(text: &str, cfg: &Config) -> Result<Vec<Variant>, TextError> {
    let mut p = Parser::new(text, cfg);
    let mut out = Vec::new();
    loop {
        p.skip_ws();
        if p.pos >= text.len() {
            return Ok(out);
        }
        out.push(p.value()?);
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Punct(u8),
    Str(String),
    Num { text: String, float: bool },
    Ident(String),
    Eof,
}

/// A container being read. `hash`: inside a dictionary key, its structural hash being built from its
/// children's as they arrive, so that a key is hashed once however deep keys nest in keys.
enum Frame {
    /// `[` seen; `typed` closes with `)` too. `paren` (Pandemonium `TypedArray( T , … )`): no brackets, closes
    /// with `)`; `packed` makes it a PackedTypedArray.
    Array { a: Array, typed: bool, paren: bool, packed: bool, hash: Option<Box<Building>> },
    /// `{` seen; a key has been read when `key` is Some (`key_hash`: its hash, if it built one).
    Dict {
        d: DictBuilder,
        key: Option<Variant>,
        key_hash: Option<u64>,
        key_type: ContainerType,
        value_type: ContainerType,
        typed: bool,
        hash: Option<Box<Building>>,
    },
    /// `Object(Class,` seen (at byte `at`); a property name read when `name` is Some.
    Object {
        class: String,
        props: Vec<(String, Variant)>,
        name: Option<String>,
        at: usize,
        hash: Option<Box<Building>>,
    },
}

impl Frame {
    /// Whether a container opened as this frame's next child sits inside a dictionary key.
    fn child_in_key(&self) -> bool {
        match self {
            Frame::Dict { hash, key, .. } => hash.is_some() || key.is_none(),
            Frame::Array { hash, .. } | Frame::Object { hash, .. } => hash.is_some(),
        }
    }

    /// Makes this frame build its structural hash.
    fn start_hash(&mut self) {
        match self {
            Frame::Array { a, packed, hash, .. } => {
                let tag = if *packed { dict_keys::tag::PACKED_TYPED_ARRAY } else { dict_keys::tag::ARRAY };
                *hash = Some(Box::new(Building::array(tag, a)));
            }
            Frame::Dict { hash, .. } => *hash = Some(Box::new(Building::dictionary())),
            Frame::Object { class, hash, .. } => *hash = Some(Box::new(Building::object(class))),
        }
    }
}

/// Opens `f` as the innermost container, building its hash if it sits inside a dictionary key.
fn push(stack: &mut Vec<Frame>, mut f: Frame) {
    if stack.last().is_some_and(Frame::child_in_key) {
        f.start_hash();
    }
    stack.push(f);
}

/// The hash of a child as it was stored: the one it built, else computed (a leaf, or an empty container).
fn hash_of(built: Option<u64>, stored: &Variant) -> u64 {
    built.unwrap_or_else(|| dict_keys::structural_hash(stored))
}

struct Parser<'t> {
    text: &'t str,
    b: &'t [u8],
    pos: usize,
    tok_start: usize,
    syn: Syntax,
    single: bool,
    double: bool,
    dialect: Dialect,
    max_depth: usize,
    objects: bool,
}

impl<'t> Parser<'t> {
    fn new(text: &'t str, cfg: &Config) -> Self {
        Parser {
            text,
            b: text.as_bytes(),
            pos: 0,
            tok_start: 0,
            syn: syntax_of(cfg.dialect()),
            single: !cfg.is_double_precision(),
            double: cfg.is_double_precision(),
            dialect: cfg.dialect(),
            max_depth: cfg.depth_limit(),
            objects: cfg.objects_allowed(),
        }
    }

    /// A full object is refused unless [`Config::allow_objects`] is on, as in the binary decoder; objects
    /// by id (`Object(EncodedObjectAsID, "object_id": N)`) are plain numbers and always read.
    fn admit_object(&self, o: Object, at: usize) -> Result<Variant, TextError> {
        if matches!(o, Object::Full { .. }) && !self.objects {
            return Err(TextError::at(self.text, at, crate::error::ErrorKind::ObjectsNotAllowed.to_string()));
        }
        Ok(Variant::from(o))
    }

    fn err(&self, msg: impl Into<String>) -> TextError {
        TextError::at(self.text, self.tok_start, msg)
    }

    fn err_here(&self, msg: impl Into<String>) -> TextError {
        TextError::at(self.text, self.pos, msg)
    }

    fn skip_ws(&mut self) {
        while self.pos < self.b.len() {
            match self.b[self.pos] {
                b' ' | b'\t' | b'\n' | b'\r' => self.pos += 1,
                b';' => {
                    // Comment to the end of the line, as in the engines' parser.
                    while self.pos < self.b.len() && self.b[self.pos] != b'\n' {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn next(&mut self) -> Result<Tok, TextError> {
        self.skip_ws();
        self.tok_start = self.pos;
        let Some(&c) = self.b.get(self.pos) else {
            return Ok(Tok::Eof);
        };
        match c {
            b'{' | b'}' | b'[' | b']' | b'(' | b')' | b':' | b',' | b'&' | b'@' | b'=' => {
                self.pos += 1;
                Ok(Tok::Punct(c))
            }
            b'"' => self.string().map(Tok::Str),
            b'-' | b'0'..=b'9' => self.number(),
            c if c.is_ascii_alphabetic() || c == b'_' => {
                let s = self.pos;
                while self.pos < self.b.len() && (self.b[self.pos].is_ascii_alphanumeric() || self.b[self.pos] == b'_')
                {
                    self.pos += 1;
                }
                Ok(Tok::Ident(self.text[s..self.pos].to_owned()))
            }
            _ => {
                let ch = self.text[self.pos..].chars().next().unwrap_or('?');
                Err(self.err_here(format!("unexpected character {ch:?}")))
            }
        }
    }

    fn number(&mut self) -> Result<Tok, TextError> {
        let s = self.pos;
        if self.b[self.pos] == b'-' {
            self.pos += 1;
            // `-inf` (Godot 4).
            if self.syn == Syntax::Godot4 && self.text[self.pos..].starts_with("inf") {
                let end = self.pos + 3;
                if !self.b.get(end).is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') {
                    self.pos = end;
                    return Ok(Tok::Num { text: "-inf".into(), float: true });
                }
            }
        }
        let upper_e = self.syn == Syntax::Godot4;
        let mut float = false;
        let mut seen_dot = false;
        let mut seen_e = false;
        let mut digits = 0;
        while let Some(&c) = self.b.get(self.pos) {
            match c {
                b'0'..=b'9' => digits += 1,
                b'.' if !seen_dot && !seen_e => {
                    seen_dot = true;
                    float = true;
                }
                b'e' | b'E' if !seen_e && digits > 0 && (c == b'e' || upper_e) => {
                    seen_e = true;
                    float = true;
                    if matches!(self.b.get(self.pos + 1), Some(b'+' | b'-')) {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
            self.pos += 1;
        }
        if digits == 0 {
            return Err(TextError::at(self.text, s, "expected a number"));
        }
        Ok(Tok::Num { text: self.text[s..self.pos].to_owned(), float })
    }

    fn hex(&mut self, n: usize) -> Result<u32, TextError> {
        let mut v = 0u32;
        for _ in 0..n {
            let c = self.b.get(self.pos).copied();
            let d = match c {
                Some(c @ b'0'..=b'9') => c - b'0',
                Some(c @ b'a'..=b'f') => c - b'a' + 10,
                Some(c @ b'A'..=b'F') => c - b'A' + 10,
                _ => return Err(self.err_here("expected a hex digit in a \\u escape")),
            };
            v = v * 16 + u32::from(d);
            self.pos += 1;
        }
        Ok(v)
    }

    fn string(&mut self) -> Result<String, TextError> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        loop {
            let rest = &self.text[self.pos..];
            let Some(c) = rest.chars().next() else {
                return Err(self.err("unterminated string"));
            };
            self.pos += c.len_utf8();
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let Some(e) = self.text[self.pos..].chars().next() else {
                        return Err(self.err("unterminated string"));
                    };
                    self.pos += e.len_utf8();
                    match e {
                        'b' => out.push('\u{8}'),
                        't' => out.push('\t'),
                        'n' => out.push('\n'),
                        'f' => out.push('\u{c}'),
                        'r' => out.push('\r'),
                        'u' | 'U' => {
                            let at = self.pos - 2;
                            let width = if e == 'U' { 6 } else { 4 };
                            let mut cp = self.hex(width)?;
                            if (0xd800..0xdc00).contains(&cp) && self.text[self.pos..].starts_with("\\u") {
                                let save = self.pos;
                                self.pos += 2;
                                let lo = self.hex(4)?;
                                if (0xdc00..0xe000).contains(&lo) {
                                    cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                                } else {
                                    self.pos = save;
                                }
                            }
                            match char::from_u32(cp) {
                                Some(ch) if cp != 0 => out.push(ch),
                                _ => {
                                    return Err(TextError::at(
                                        self.text,
                                        at,
                                        format!("\\u escape {cp:#x} is not a character a String can hold"),
                                    ))
                                }
                            }
                        }
                        other => out.push(other),
                    }
                }
                c => out.push(c),
            }
        }
    }

    fn expect(&mut self, p: u8) -> Result<(), TextError> {
        match self.next()? {
            Tok::Punct(c) if c == p => Ok(()),
            t => Err(self.err(format!("expected '{}', found {}", p as char, describe(&t)))),
        }
    }

    fn peek_punct(&mut self, p: u8) -> bool {
        self.skip_ws();
        if self.b.get(self.pos) == Some(&p) {
            self.tok_start = self.pos;
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn int_of(&self, text: &str) -> i64 {
        // The engine's String::to_int: digits accumulated with wrap-around.
        let (neg, digits) = match text.strip_prefix('-') {
            Some(d) => (true, d),
            None => (false, text),
        };
        let mut v: u64 = 0;
        for c in digits.bytes().take_while(|c| c.is_ascii_digit()) {
            v = v.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
        }
        let v = v as i64;
        if neg {
            v.wrapping_neg()
        } else {
            v
        }
    }

    fn float_of(&self, text: &str) -> f64 {
        if text == "-inf" {
            f64::NEG_INFINITY
        } else {
            engine_parse_float(text)
        }
    }

    /// A number (or `inf`, `inf_neg`, `nan`) as a double.
    fn real(&mut self) -> Result<f64, TextError> {
        match self.next()? {
            Tok::Num { text, float: true } => Ok(self.float_of(&text)),
            Tok::Num { text, float: false } => Ok(self.int_of(&text) as f64),
            Tok::Ident(i) if i == "inf" => Ok(f64::INFINITY),
            Tok::Ident(i) if i == "inf_neg" => Ok(f64::NEG_INFINITY),
            Tok::Ident(i) if i == "nan" => Ok(f64::NAN),
            t => Err(self.err(format!("expected a number, found {}", describe(&t)))),
        }
    }

    fn int(&mut self) -> Result<i64, TextError> {
        match self.next()? {
            Tok::Num { text, float: false } => Ok(self.int_of(&text)),
            Tok::Num { text, float: true } => Ok(self.float_of(&text) as i64),
            t => Err(self.err(format!("expected an integer, found {}", describe(&t)))),
        }
    }

    /// `( a, b, … )` read with `item`, allowing an empty list.
    fn list<T>(&mut self, mut item: impl FnMut(&mut Self) -> Result<T, TextError>) -> Result<Vec<T>, TextError> {
        self.expect(b'(')?;
        let mut out = Vec::new();
        if self.peek_punct(b')') {
            return Ok(out);
        }
        loop {
            out.push(item(self)?);
            match self.next()? {
                Tok::Punct(b',') => {
                    if self.peek_punct(b')') {
                        return Ok(out);
                    }
                }
                Tok::Punct(b')') => return Ok(out),
                t => return Err(self.err(format!("expected ',' or ')', found {}", describe(&t)))),
            }
        }
    }

    fn stored_real(&self, x: f64) -> f64 {
        if self.single {
            (x as f32) as f64
        } else {
            x
        }
    }

    fn reals<T: Reals>(&mut self, name: &str) -> Result<T, TextError> {
        let at = self.tok_start;
        let v = self.list(|p| p.real())?;
        if v.len() != T::N {
            return Err(TextError::at(self.text, at, format!("{name} takes {} numbers, found {}", T::N, v.len())));
        }
        let r: Vec<f64> = v.into_iter().map(|x| self.stored_real(x)).collect();
        Ok(T::from_reals(&r))
    }

    fn ints<const N: usize>(&mut self, name: &str) -> Result<[i32; N], TextError> {
        let at = self.tok_start;
        let v = self.list(|p| p.int())?;
        if v.len() != N {
            return Err(TextError::at(self.text, at, format!("{name} takes {N} integers, found {}", v.len())));
        }
        let mut out = [0i32; N];
        for (o, x) in out.iter_mut().zip(v) {
            *o = x as i32;
        }
        Ok(out)
    }

    fn chunks<const N: usize>(&mut self, name: &str, v: Vec<f64>) -> Result<Vec<[f64; N]>, TextError> {
        if !v.len().is_multiple_of(N) {
            return Err(self.err(format!("{name} needs a multiple of {N} numbers, found {}", v.len())));
        }
        Ok(v.chunks_exact(N).map(|c| std::array::from_fn(|i| c[i])).collect())
    }

    fn color_of(c: &[f64]) -> Color {
        Color::new(c[0] as f32, c[1] as f32, c[2] as f32, c.get(3).map_or(1.0, |a| *a as f32))
    }

    /// A constructor `Name(…)` of a non-container type.
    fn construct(&mut self, name: &str, kind: TypeKind) -> Result<Variant, TextError> {
        use TypeKind as K;
        use Variant as V;
        Ok(match kind {
            K::Vector2 => V::Vector2(self.reals(name)?),
            K::Rect2 => V::Rect2(self.reals(name)?),
            K::Vector3 => V::Vector3(self.reals(name)?),
            K::Transform2D => V::Transform2D(Box::new(self.reals(name)?)),
            K::Vector4 => V::Vector4(self.reals(name)?),
            K::Plane => V::Plane(self.reals(name)?),
            K::Quaternion => V::Quaternion(self.reals(name)?),
            K::Aabb => V::Aabb(Box::new(self.reals(name)?)),
            K::Basis => V::Basis(Box::new(self.reals(name)?)),
            K::Transform3D => V::Transform3D(Box::new(self.reals(name)?)),
            K::Projection => V::Projection(Box::new(self.reals(name)?)),
            K::Vector2i => {
                let [x, y] = self.ints(name)?;
                V::Vector2i(Vector2i::new(x, y))
            }
            K::Vector3i => {
                let [x, y, z] = self.ints(name)?;
                V::Vector3i(Vector3i::new(x, y, z))
            }
            K::Vector4i => {
                let [x, y, z, w] = self.ints(name)?;
                V::Vector4i(Vector4i::new(x, y, z, w))
            }
            K::Rect2i => {
                let [x, y, w, h] = self.ints(name)?;
                V::Rect2i(Rect2i::new(Vector2i::new(x, y), Vector2i::new(w, h)))
            }
            K::Color => {
                let at = self.tok_start;
                let v = self.list(|p| p.real())?;
                if !(3..=4).contains(&v.len()) {
                    return Err(TextError::at(self.text, at, "Color takes 3 or 4 numbers"));
                }
                V::Color(Self::color_of(&v))
            }
            K::NodePath => {
                let v = self.list(|p| match p.next()? {
                    Tok::Str(s) => Ok(s),
                    t => Err(p.err(format!("expected a string, found {}", describe(&t)))),
                })?;
                let s = v.into_iter().next().unwrap_or_default();
                V::NodePath(Box::new(if self.syn == Syntax::Godot2 {
                    NodePath::parse_godot2(&s)
                } else {
                    NodePath::parse(&s)
                }))
            }
            K::StringName => {
                let v = self.list(|p| match p.next()? {
                    Tok::Str(s) => Ok(s),
                    t => Err(p.err(format!("expected a string, found {}", describe(&t)))),
                })?;
                V::StringName(StringName(v.into_iter().next().unwrap_or_default()))
            }
            K::Rid => {
                let v = self.list(|p| p.int())?;
                V::Rid(Rid(v.first().copied().unwrap_or(0) as u64))
            }
            K::Callable => {
                self.list(|p| p.real())?;
                V::Callable
            }
            K::Signal => {
                self.list(|p| p.real())?;
                V::Signal(Signal::default())
            }
            K::PackedByteArray => {
                let v = self.list(|p| match p.next()? {
                    Tok::Str(s) => Ok(Err(s)),
                    Tok::Num { text, float } => Ok(Ok(if float { p.float_of(&text) as i64 } else { p.int_of(&text) })),
                    t => Err(p.err(format!("expected a byte, found {}", describe(&t)))),
                })?;
                let mut out = Vec::with_capacity(v.len());
                for x in v {
                    match x {
                        Ok(i) => out.push(i as u8),
                        Err(b64) => out.extend(
                            base64_decode(&b64).ok_or_else(|| self.err("PackedByteArray: invalid base64 string"))?,
                        ),
                    }
                }
                V::PackedByteArray(out)
            }
            K::PackedInt32Array => V::PackedInt32Array(self.list(|p| p.int())?.into_iter().map(|i| i as i32).collect()),
            K::PackedInt64Array => V::PackedInt64Array(self.list(|p| p.int())?),
            K::PackedFloat32Array => {
                V::PackedFloat32Array(self.list(|p| p.real())?.into_iter().map(|x| x as f32).collect())
            }
            K::PackedFloat64Array => V::PackedFloat64Array(self.list(|p| p.real())?),
            K::PackedStringArray => V::PackedStringArray(self.list(|p| match p.next()? {
                Tok::Str(s) => Ok(s),
                t => Err(p.err(format!("expected a string, found {}", describe(&t)))),
            })?),
            K::PackedVector2Array => {
                let v = self.list(|p| p.real())?;
                let c = self.chunks::<2>(name, v)?;
                V::PackedVector2Array(c.iter().map(|c| Vector2::from_reals(&self.stored(c))).collect())
            }
            K::PackedVector3Array => {
                let v = self.list(|p| p.real())?;
                let c = self.chunks::<3>(name, v)?;
                V::PackedVector3Array(c.iter().map(|c| Vector3::from_reals(&self.stored(c))).collect())
            }
            K::PackedVector4Array => {
                let v = self.list(|p| p.real())?;
                let c = self.chunks::<4>(name, v)?;
                V::PackedVector4Array(c.iter().map(|c| Vector4::from_reals(&self.stored(c))).collect())
            }
            K::PackedColorArray => {
                let v = self.list(|p| p.real())?;
                let c = self.chunks::<4>(name, v)?;
                V::PackedColorArray(c.iter().map(|c| Self::color_of(c)).collect())
            }
            K::PackedVector2iArray => {
                let v = self.list(|p| p.int())?;
                if v.len() % 2 != 0 {
                    return Err(self.err("PoolVector2iArray needs a multiple of 2 integers"));
                }
                V::PackedVector2iArray(v.chunks_exact(2).map(|c| Vector2i::new(c[0] as i32, c[1] as i32)).collect())
            }
            K::PackedVector3iArray => {
                let v = self.list(|p| p.int())?;
                if v.len() % 3 != 0 {
                    return Err(self.err("PoolVector3iArray needs a multiple of 3 integers"));
                }
                V::PackedVector3iArray(
                    v.chunks_exact(3).map(|c| Vector3i::new(c[0] as i32, c[1] as i32, c[2] as i32)).collect(),
                )
            }
            K::PackedVector4iArray => {
                let v = self.list(|p| p.int())?;
                if v.len() % 4 != 0 {
                    return Err(self.err("PoolVector4iArray needs a multiple of 4 integers"));
                }
                V::PackedVector4iArray(
                    v.chunks_exact(4)
                        .map(|c| Vector4i::new(c[0] as i32, c[1] as i32, c[2] as i32, c[3] as i32))
                        .collect(),
                )
            }
            _ => return Err(self.err(format!("{name}(…) cannot be read from text"))),
        })
    }

    fn stored<const N: usize>(&self, c: &[f64; N]) -> [f64; N] {
        std::array::from_fn(|i| self.stored_real(c[i]))
    }

    /// `T` inside `Array[T]` / `Dictionary[K, V]`.
    fn container_type(&mut self) -> Result<ContainerType, TextError> {
        match self.next()? {
            Tok::Ident(n) if n == "Variant" => Ok(ContainerType::Untyped),
            Tok::Ident(n) => Ok(match builtin_of_name(&n) {
                Some(k) => ContainerType::Builtin(k),
                None => ContainerType::Class(n),
            }),
            t => Err(self.err(format!("expected a type name, found {}", describe(&t)))),
        }
    }

    fn too_deep(&self, depth: usize) -> Result<(), TextError> {
        if depth >= self.max_depth {
            Err(self.err(format!("value nested deeper than {} levels", self.max_depth)))
        } else {
            Ok(())
        }
    }

    /// One complete value, with containers handled on an explicit stack.
    fn value(&mut self) -> Result<Variant, TextError> {
        let mut stack: Vec<Frame> = Vec::new();
        'outer: loop {
            // Read the start of a value: either a complete value, or a container opened (pushed).
            let mut v = match self.next()? {
                Tok::Punct(b'[') => {
                    self.too_deep(stack.len())?;
                    if self.peek_punct(b']') {
                        Variant::from(Array::default())
                    } else {
                        push(
                            &mut stack,
                            Frame::Array { a: Array::default(), typed: false, paren: false, packed: false, hash: None },
                        );
                        continue 'outer;
                    }
                }
                Tok::Punct(b'{') => {
                    self.too_deep(stack.len())?;
                    if self.peek_punct(b'}') {
                        Variant::from(Dictionary::default())
                    } else {
                        push(
                            &mut stack,
                            Frame::Dict {
                                d: DictBuilder::with_capacity(0, self.dialect),
                                key: None,
                                key_hash: None,
                                key_type: ContainerType::Untyped,
                                value_type: ContainerType::Untyped,
                                typed: false,
                                hash: None,
                            },
                        );
                        continue 'outer;
                    }
                }
                Tok::Punct(b'&') | Tok::Punct(b'@') => match self.next()? {
                    Tok::Str(s) => Variant::StringName(StringName(s)),
                    t => {
                        return Err(
                            self.err(format!("expected a string after the StringName mark, found {}", describe(&t)))
                        )
                    }
                },
                Tok::Str(s) => Variant::String(s),
                Tok::Num { text, float: true } => Variant::Float(self.float_of(&text)),
                Tok::Num { text, float: false } => Variant::Int(self.int_of(&text)),
                Tok::Ident(id) => match id.as_str() {
                    "null" | "nil" => Variant::Nil,
                    "true" => Variant::Bool(true),
                    "false" => Variant::Bool(false),
                    "inf" => Variant::Float(f64::INFINITY),
                    "inf_neg" => Variant::Float(f64::NEG_INFINITY),
                    "nan" => Variant::Float(f64::NAN),
                    "Array" => {
                        self.too_deep(stack.len())?;
                        let t = if self.peek_punct(b'[') {
                            let t = self.container_type()?;
                            self.expect(b']')?;
                            t
                        } else {
                            ContainerType::Untyped
                        };
                        self.expect(b'(')?;
                        self.expect(b'[')?;
                        let a = Array { element_type: t, ..Default::default() };
                        if self.peek_punct(b']') {
                            self.expect(b')')?;
                            Variant::from(a)
                        } else {
                            push(&mut stack, Frame::Array { a, typed: true, paren: false, packed: false, hash: None });
                            continue 'outer;
                        }
                    }
                    "TypedArray" | "PackedTypedArray" => {
                        // Pandemonium 5: `TypedArray( int , 1, 2 )`.
                        self.too_deep(stack.len())?;
                        let packed = id == "PackedTypedArray";
                        self.expect(b'(')?;
                        let t = self.container_type()?;
                        self.expect(b',')?;
                        let a = Array { element_type: t, ..Default::default() };
                        if self.peek_punct(b')') {
                            if packed {
                                Variant::PackedTypedArray(Box::new(a))
                            } else {
                                Variant::from(a)
                            }
                        } else {
                            push(&mut stack, Frame::Array { a, typed: false, paren: true, packed, hash: None });
                            continue 'outer;
                        }
                    }
                    "Dictionary" => {
                        self.too_deep(stack.len())?;
                        let (kt, vt) = if self.peek_punct(b'[') {
                            let k = self.container_type()?;
                            self.expect(b',')?;
                            let v = self.container_type()?;
                            self.expect(b']')?;
                            (k, v)
                        } else {
                            (ContainerType::Untyped, ContainerType::Untyped)
                        };
                        self.expect(b'(')?;
                        self.expect(b'{')?;
                        if self.peek_punct(b'}') {
                            self.expect(b')')?;
                            Variant::from(Dictionary { key_type: kt, value_type: vt, ..Default::default() })
                        } else {
                            push(
                                &mut stack,
                                Frame::Dict {
                                    d: DictBuilder::with_capacity(0, self.dialect),
                                    key: None,
                                    key_hash: None,
                                    key_type: kt,
                                    value_type: vt,
                                    typed: true,
                                    hash: None,
                                },
                            );
                            continue 'outer;
                        }
                    }
                    "Object" => {
                        let at = self.tok_start;
                        self.too_deep(stack.len())?;
                        self.expect(b'(')?;
                        let class = match self.next()? {
                            Tok::Ident(c) => c,
                            t => return Err(self.err(format!("expected a class name, found {}", describe(&t)))),
                        };
                        if self.peek_punct(b')') {
                            self.admit_object(Object::Full { class, properties: Vec::new() }, at)?
                        } else {
                            self.expect(b',')?;
                            let name = self.prop_name()?;
                            push(
                                &mut stack,
                                Frame::Object { class, props: Vec::new(), name: Some(name), at, hash: None },
                            );
                            continue 'outer;
                        }
                    }
                    name => match kind_of_name(name) {
                        Some(k) => self.construct(name, k)?,
                        None => return Err(self.err(format!("unknown identifier '{name}'"))),
                    },
                },
                t => return Err(self.err(format!("expected a value, found {}", describe(&t)))),
            };
            // Feed the complete value to the enclosing containers, closing those that end here. `vh`: the
            // value's structural hash, if it is a container that built one (it sits inside a key).
            let mut vh: Option<u64> = None;
            loop {
                match stack.last_mut() {
                    None => return Ok(v),
                    Some(Frame::Array { a, typed, paren, hash, .. }) => {
                        let (typed, paren) = (*typed, *paren);
                        if let Some(x) = admit(&a.element_type, v, self.double, self.dialect) {
                            if let Some(h) = hash.as_deref_mut() {
                                h.item(hash_of(vh, &x));
                            }
                            a.items.push(x);
                        }
                        let close = if paren { b')' } else { b']' };
                        match self.next()? {
                            Tok::Punct(b',') => {
                                if !self.peek_punct(close) {
                                    continue 'outer;
                                }
                            }
                            Tok::Punct(c) if c == close => {}
                            t => {
                                return Err(self.err(format!(
                                    "expected ',' or '{}', found {}",
                                    close as char,
                                    describe(&t)
                                )))
                            }
                        }
                        if typed {
                            self.expect(b')')?;
                        }
                        let Some(Frame::Array { a, packed, hash, .. }) = stack.pop() else { unreachable!() };
                        vh = hash.map(|h| h.finish(None));
                        v = if packed { Variant::PackedTypedArray(Box::new(a)) } else { Variant::from(a) };
                    }
                    Some(Frame::Dict { key, key_hash, .. }) if key.is_none() => {
                        *key = Some(v);
                        *key_hash = vh;
                        self.expect(b':')?;
                        continue 'outer;
                    }
                    Some(Frame::Dict { d, key, key_hash, key_type, value_type, typed, hash }) => {
                        let k = key.take().unwrap_or_default();
                        let kh = key_hash.take();
                        if let Some(k) = admit(key_type, k, self.double, self.dialect) {
                            match hash.as_deref_mut() {
                                Some(h) => {
                                    let (kh, vh) = (hash_of(kh, &k), hash_of(vh, &v));
                                    let i = d.insert_hashed(k, Some(kh), v);
                                    h.key(i, kh);
                                    h.value(i, vh);
                                }
                                None => {
                                    d.insert_hashed(k, kh, v);
                                }
                            }
                        }
                        let typed = *typed;
                        match self.next()? {
                            Tok::Punct(b',') => {
                                if !self.peek_punct(b'}') {
                                    continue 'outer;
                                }
                            }
                            Tok::Punct(b'}') => {}
                            t => return Err(self.err(format!("expected ',' or '}}', found {}", describe(&t)))),
                        }
                        let _ = value_type;
                        if typed {
                            self.expect(b')')?;
                        }
                        let Some(Frame::Dict { d, key_type, value_type, hash, .. }) = stack.pop() else {
                            unreachable!()
                        };
                        let dict = Dictionary { entries: d.finish(), key_type, value_type, shared: false };
                        vh = hash.map(|h| h.finish(Some(&dict)));
                        v = Variant::from(dict);
                    }
                    Some(Frame::Object { props, name, hash, .. }) => {
                        let name = name.take().unwrap_or_default();
                        if let Some(h) = hash.as_deref_mut() {
                            h.property(&name, hash_of(vh, &v));
                        }
                        props.push((name, v));
                        match self.next()? {
                            Tok::Punct(b',') => {
                                let n = self.prop_name()?;
                                if let Some(Frame::Object { name, .. }) = stack.last_mut() {
                                    *name = Some(n);
                                }
                                continue 'outer;
                            }
                            Tok::Punct(b')') => {}
                            t => return Err(self.err(format!("expected ',' or ')', found {}", describe(&t)))),
                        }
                        let Some(Frame::Object { class, props, at, hash, .. }) = stack.pop() else { unreachable!() };
                        let o = object_of(class, props);
                        // An object by id is a number: its hash is its own, not the full object's.
                        vh = if matches!(o, Object::Full { .. }) { hash.map(|h| h.finish(None)) } else { None };
                        v = self.admit_object(o, at)?;
                    }
                }
            }
        }
    }

    /// `"name":` inside `Object(…)`.
    fn prop_name(&mut self) -> Result<String, TextError> {
        let n = match self.next()? {
            Tok::Str(s) => s,
            t => return Err(self.err(format!("expected a property name string, found {}", describe(&t)))),
        };
        self.expect(b':')?;
        Ok(n)
    }
}

/// `Object(EncodedObjectAsID,"object_id":N…)` (how the engine prints an object received by id) is read back
/// as that id; the engine itself would make a new EncodedObjectAsID object, whose own id is unpredictable.
fn object_of(class: String, properties: Vec<(String, Variant)>) -> Object {
    if class == "EncodedObjectAsID" {
        let id = properties.iter().find(|(n, _)| n == "object_id").and_then(|(_, v)| v.as_int());
        let rest_default = properties.iter().all(|(n, v)| n == "object_id" || (n == "script" && v.is_nil()));
        if let (Some(id), true) = (id, rest_default) {
            return Object::InstanceId(id as u64);
        }
    }
    Object::Full { class, properties }
}

/// What a typed container keeps of an element read from text (the engine converts as it does on decode).
fn admit(t: &ContainerType, v: Variant, double: bool, d: Dialect) -> Option<Variant> {
    if t.is_untyped() {
        return Some(v);
    }
    match syntax_of(d) {
        Syntax::Godot4 => crate::codec::admit::godot4_admit(t, v, double),
        Syntax::Pandemonium => crate::codec::admit::pandemonium_admit(t, &v).then_some(v),
        _ => Some(v),
    }
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Punct(c) => format!("'{}'", *c as char),
        Tok::Str(_) => "a string".into(),
        Tok::Num { text, .. } => format!("number {text}"),
        Tok::Ident(i) => format!("'{i}'"),
        Tok::Eof => "the end of the text".into(),
    }
}

/// Standard base64 (with or without padding), as Godot 4 accepts in `PackedByteArray("…")`.
fn base64_decode(s: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let mut acc = 0u32;
    let mut bits = 0;
    for c in s.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            b'=' => break,
            b' ' | b'\n' | b'\r' | b'\t' => continue,
            _ => return None,
        };
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    Some(out)
}

impl fmt::Display for Variant {
    /// The value in Godot 4's own text syntax (`var_to_str`, [`to_text`] with the default config); `{:#}`
    /// is the same. For another dialect's syntax, use [`to_text`] with its config.
    ///
    /// ```
    /// use godot_bin::{Variant, Vector2};
    /// assert_eq!(Variant::Vector2(Vector2::new(1.5, -2.25)).to_string(), "Vector2(1.5, -2.25)");
    /// let v: Variant = [("hp", 10)].into_iter().collect();
    /// assert_eq!(v.to_string(), "{\n\"hp\": 10\n}");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&to_text(self, &Config::default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g4() -> Config {
        Config::new(Dialect::Godot4_6)
    }

    #[test]
    fn round_trips_through_our_parser() {
        let mut d = Dictionary::default();
        d.insert(Variant::from("z"), Variant::Float(-0.0));
        d.insert(Variant::Int(3), Variant::PackedFloat32Array(vec![0.1, f32::INFINITY]));
        let v = Variant::from(vec![
            Variant::from(d),
            Variant::Float(1e300),
            Variant::Float(7.761117632285041e178),
            Variant::from("tab\t\"q\" \\ é 😀 \u{1}"),
            Variant::Basis(Box::new(Basis::from_rows(
                Vector3::new(1.0, 2.0, 3.0),
                Vector3::new(4.0, 5.0, 6.0),
                Vector3::new(7.0, 8.0, 0.1f32 as f64),
            ))),
        ]);
        for cfg in [g4(), Config::new(Dialect::Godot3)] {
            let t = to_text_exact(&v, &cfg).unwrap();
            assert_eq!(from_text(&t, &cfg).unwrap(), v, "{t}");
        }
    }

    #[test]
    fn hostile_text_is_an_error_not_a_panic() {
        for s in [
            "",
            "[",
            "{",
            "{1",
            "{1:",
            "Array[",
            "Object(",
            "Object(A,\"x\"",
            "\"\\u12",
            "\"\\ud800\\u",
            "-",
            "1e",
            "é",
            "[1,,]",
            "Vector2(1)",
            "PackedVector2Array(1)",
            "&",
            "Dictionary[int",
            "\"\\u0000\"",
        ] {
            let _ = from_text(s, &g4());
            let _ = from_text(s, &Config::new(Dialect::Godot3));
        }
        let deep = "[".repeat(100_000);
        assert!(from_text(&deep, &g4()).is_err());
    }

    #[test]
    fn engine_float_search_finds_exact_tokens() {
        let mut x = 1.234e-290f64;
        for _ in 0..2000 {
            if let Some(s) = format_real(x, false) {
                assert_eq!(engine_parse_float(&s).to_bits(), x.to_bits(), "{s}");
            }
            x *= 1.7e3;
            if !x.is_finite() {
                break;
            }
        }
    }
}
