//! The packed Vector2/3/4 markers convert their reals in bulk (a group of 4 elements at a time with plain
//! casts, everything redone exactly when a NaN turns up): whatever the length (groups plus a remainder) and
//! wherever the NaNs fall, the bytes and values must be the core codec's, bit for bit.

use godot_bin::markers::widen_exact;
use godot_bin::markers::{Vector2, Vector3, Vector4};
use godot_bin::packed::{PackedVector2Array, PackedVector3Array, PackedVector4Array};
use godot_bin::*;

use crate::common::r#gen::Rng;

fn g4() -> Config {
    Config::new(Dialect::Godot4_6)
}

/// An f32 bit pattern: mostly ordinary values, sometimes a NaN (quiet, signalling, negative, payload only in the
/// low bits), an infinity, a zero or a subnormal.
fn real_bits(rng: &mut Rng, nans: bool) -> u32 {
    let r = rng.next_u64();
    let low = (r >> 32) as u32;
    match r % 16 {
        0 if nans => 0x7F80_0000 | (low & 0x807F_FFFF) | 1,
        1 if nans => 0xFFC0_0000 | (low & 0x003F_FFFF),
        2 => 0x7F80_0000 | (low & 0x8000_0000),
        3 => low & 0x8000_0000,
        4 => low & 0x807F_FFFF,
        _ => f32::to_bits((low as i32 as f32) * 1e-6),
    }
}

/// An f64 bit pattern as a user might hold it: any double, including NaNs whose payload sits only in the low bits
/// an f32 lacks, values that round, overflow or underflow.
fn wide_bits(rng: &mut Rng, nans: bool) -> u64 {
    let r = rng.next_u64();
    match r % 12 {
        0 if nans => 0x7FF0_0000_0000_0001 | (rng.next_u64() & 0x800F_FFFF_FFFF_FFFF),
        1 if nans => 0xFFF0_0000_0000_0000 | (rng.next_u64() & 0x0000_0000_1FFF_FFFF) | 1,
        2 => f64::to_bits(1e300) | (r & 0x8000_0000_0000_0000),
        3 => f64::to_bits(1e-300),
        _ => f64::to_bits((r as i64 as f64) * 1e-12),
    }
}

fn lengths() -> impl Iterator<Item = usize> {
    (0..=9).chain([341, 1000, 1003])
}

macro_rules! check {
    ($name:ident, $marker:ident, $elem:ident, $variant:ident, $n:literal, [$($f:ident),*]) => {
        #[test]
        fn $name() {
            let cfg = g4();
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ $n);
            let bits = |v: &[$elem]| v.iter().flat_map(|p| [$(p.$f),*]).map(f64::to_bits).collect::<Vec<_>>();
            for len in lengths() {
                for nans in [false, true] {
                    // Values as stored after a decode (f32 reals widened exactly) and as users may hold them.
                    for stored in [true, false] {
                        let v: Vec<$elem> = (0..len)
                            .map(|_| {
                                let a: [f64; $n] = std::array::from_fn(|_| {
                                    if stored {
                                        widen_exact(f32::from_bits(real_bits(&mut rng, nans)))
                                    } else {
                                        f64::from_bits(wide_bits(&mut rng, nans))
                                    }
                                });
                                let mut it = a.into_iter();
                                $elem { $($f: it.next().unwrap()),* }
                            })
                            .collect();
                        let core = Variant::$variant(v.clone()).encode(&cfg).unwrap();
                        let ours = to_vec_with(&$marker::from(v.clone()), &cfg).unwrap();
                        assert!(ours == core, "encode differs: len {len}, nans {nans}, stored {stored}");
                        let Variant::$variant(want) = Variant::decode(&core, &cfg).unwrap() else { panic!() };
                        let back: $marker = from_slice_with(&core, &cfg).unwrap();
                        assert!(bits(&back) == bits(&want), "decode differs: len {len}, nans {nans}, stored {stored}");
                        if stored {
                            assert!(bits(&back) == bits(&v), "not a round trip: len {len}, nans {nans}");
                        }
                    }
                }
            }
        }
    };
}

check!(vector2_groups, PackedVector2Array, Vector2, PackedVector2Array, 2, [x, y]);
check!(vector3_groups, PackedVector3Array, Vector3, PackedVector3Array, 3, [x, y, z]);
check!(vector4_groups, PackedVector4Array, Vector4, PackedVector4Array, 4, [x, y, z, w]);
