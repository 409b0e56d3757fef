//! Floats: the engine's parser, and printing that it reads back exactly.

const POWERS_OF_10: [f64; 9] = [10.0, 100.0, 1.0e4, 1.0e8, 1.0e16, 1.0e32, 1.0e64, 1.0e128, 1.0e256];

/// The value the engines' float parser (`String::to_float`, used by `str_to_var` in Godot 3 and 4) gives for
/// a number token, computed with the same double arithmetic: at most 18 significant digits are read (as
/// `1e9 × first digits + last nine digits`), and the decimal exponent is applied by multiplying or dividing
/// by a product of `10^(2^k)` constants, which is not correctly rounded for large or small exponents and
/// flushes anything needing a scale above `1e308` to zero.
pub(crate) fn engine_parse_float(s: &str) -> f64 {
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
pub(super) fn real_token(x: f64, single: bool, float_type: bool) -> (String, bool) {
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

/// A real as the engines' text saver writes it (`rtos_fix`): `0` for either zero, `nan`, `inf`, `inf_neg`,
/// else Godot 4's shortest digits (of the f32 when `single`), plain when the decimal exponent is -4 to 14,
/// or Godot 3's six significant digits (`%g`). What the engine's own parser reads back is not always the
/// value written (Godot 3 keeps six digits; Godot 4's parser misreads some shortest digits): the engine
/// loses the same.
pub(super) fn saver_real_token(x: f64, single: bool, godot3: bool) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "inf_neg" }.into();
    }
    if x == 0.0 {
        return "0".into();
    }
    let (neg, a) = (x < 0.0, x.abs());
    let (ds, e, plain) = if godot3 {
        let (ds, e) = sci_digits(a, Some(6));
        (ds.trim_end_matches('0').to_owned(), e, (-4..6).contains(&e))
    } else if single && (a as f32).is_finite() && a as f32 != 0.0 {
        let (ds, e) = sci_digits_f32(a as f32);
        (ds, e, (-4..15).contains(&e))
    } else {
        let (ds, e) = sci_digits(a, None);
        (ds, e, (-4..15).contains(&e))
    };
    let ds = if ds.is_empty() { "0".to_owned() } else { ds };
    let n = ds.len() as i64;
    let body = if !plain {
        let (first, rest) = ds.split_at(1);
        let dot = if rest.is_empty() { "" } else { "." };
        format!("{first}{dot}{rest}e{}{:02}", if e < 0 { "-" } else { "+" }, e.abs())
    } else if e >= n - 1 {
        let mut s = ds.clone();
        s.extend(std::iter::repeat_n('0', (e - (n - 1)) as usize));
        s
    } else if e >= 0 {
        let (int, frac) = ds.split_at((e + 1) as usize);
        format!("{int}.{frac}")
    } else {
        format!("0.{}{ds}", "0".repeat((-e - 1) as usize))
    };
    if neg {
        format!("-{body}")
    } else {
        body
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
#[cfg(test)]
pub(crate) fn format_real(x: f64, single: bool) -> Option<String> {
    let (s, exact) = real_token(x, single, true);
    exact.then_some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `format_real` gives: engine spellings, f32 digits, a decimal the engine's parser reads back
    /// exactly where the shortest digits do not, and `None` where none exists.
    #[test]
    fn format_real_reads_back_in_the_engine() {
        assert_eq!(format_real(0.1, false).as_deref(), Some("0.1"));
        assert_eq!(format_real(f64::NEG_INFINITY, false).as_deref(), Some("inf_neg"));
        assert_eq!(format_real(0.1f32 as f64, true).as_deref(), Some("0.1"));
        let x = 7.761117632285041e178; // its shortest digits parse one ulp off in the engine
        let s = format_real(x, false).unwrap();
        assert_eq!(engine_parse_float(&s), x);
        assert_eq!(format_real(5e-324, false), None);
    }
}
