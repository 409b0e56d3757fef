//! Floats between the wire and the values: the engines' width rule, and widening and narrowing, exact or as
//! the engines' C++ casts do.

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
/// use godot_bin::markers::{narrow_exact, widen_exact};
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
/// use godot_bin::markers::{narrow_exact, widen_exact};
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
/// use godot_bin::markers::{widen_exact, widen_like_engine};
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
/// use godot_bin::markers::narrow_like_engine;
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

#[cfg(test)]
mod tests {
    use super::*;

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
}
