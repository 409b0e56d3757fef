//! Engine-free round trips: seeded random values of every type each dialect has (the same generator the
//! live engine check uses) encode, decode back equal, and re-encode to the same bytes.

use crate::common::r#gen;

use godot_bin::{Config, Dialect, Variant};
use r#gen::{Gen, Rng};

#[test]
fn random_values_round_trip_in_every_dialect() {
    for (i, dialect) in Dialect::ALL.into_iter().enumerate() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ i as u64);
        for double in [false, true] {
            let cfg = Config::new(dialect).with_double_precision(double);
            if double && matches!(dialect, Dialect::Godot4_0 | Dialect::Godot4_1) {
                continue; // their double builds cannot write Vector4/Projection readably (see Config docs)
            }
            for n in 0..1500 {
                let v = Gen { rng: &mut rng, dialect }.value(0);
                let bytes = v.encode(&cfg).unwrap_or_else(|e| panic!("{dialect} #{n}: encode {v:?}: {e}"));
                assert_eq!(bytes.len() % 4, 0, "{dialect} #{n}: {v:?} not 4-aligned");
                let back =
                    Variant::decode(&bytes, &cfg).unwrap_or_else(|e| panic!("{dialect} #{n}: decode {v:?}: {e}"));
                // Godot 2/3/Pandemonium double builds put f32 on the wire, so only a Godot 4 double build (and
                // every single-precision build) gives back the very same value; the others must be stable.
                if !double || dialect >= Dialect::Godot4_0 && dialect <= Dialect::Godot4_6 {
                    assert_eq!(back, v, "{dialect} double={double} #{n}");
                    assert_eq!(back.encode(&cfg).unwrap(), bytes, "{dialect} #{n}: re-encode differs");
                } else {
                    let again = back.encode(&cfg).unwrap();
                    assert_eq!(Variant::decode(&again, &cfg).unwrap(), back, "{dialect} double #{n}: not stable");
                }
            }
        }
    }
}

/// A dictionary whose wire repeats keys (a hand-built `Dictionary` is written as it is) decodes as the engines
/// build it: the first occurrence keeps its place, the last value wins. Checked below and past the size where
/// the decoder switches from comparing keys one by one to a hash index, with String and int keys and with
/// container values replacing leaf values and the other way round; `VariantRef` merges them alike.
#[test]
fn repeated_keys_keep_the_first_place_and_the_last_value() {
    fn key(i: usize) -> Variant {
        if i.is_multiple_of(3) {
            Variant::Int(i as i64)
        } else {
            Variant::from(format!("k{i}"))
        }
    }
    fn value(i: usize, j: usize) -> Variant {
        if (i + j).is_multiple_of(2) {
            Variant::Int((i * 100 + j) as i64)
        } else {
            Variant::from(vec![Variant::Int(j as i64), Variant::from(format!("v{i}"))])
        }
    }
    let cfg = Config::new(Dialect::Godot4_6);
    for distinct in [3usize, 15, 16, 17, 40] {
        // Every key once in order, then every third key again, then key 1 once more.
        let order: Vec<usize> = (0..distinct).chain((0..distinct).step_by(3)).chain([1]).collect();
        let wire: Vec<(Variant, Variant)> = order.iter().enumerate().map(|(j, &i)| (key(i), value(i, j))).collect();
        let mut expected: Vec<(Variant, Variant)> = Vec::new();
        for (k, v) in &wire {
            match expected.iter_mut().find(|(ek, _)| ek == k) {
                Some(e) => e.1 = v.clone(),
                None => expected.push((k.clone(), v.clone())),
            }
        }
        assert_eq!(expected.len(), distinct);
        let bytes = Variant::from(godot_bin::Dictionary::from(wire)).encode(&cfg).unwrap();
        let back = Variant::decode(&bytes, &cfg).unwrap();
        assert_eq!(back, Variant::from(godot_bin::Dictionary::from(expected)), "{distinct} keys");
        let view = godot_bin::VariantRef::decode(&bytes, &cfg).unwrap();
        assert_eq!(view.to_variant(), back, "{distinct} keys, VariantRef");
    }
}
