//! `VariantRef` against `Variant`: on every engine-written fixture row, every prefix of the short ones, and
//! seeded random values of every dialect, `VariantRef::decode` must give what `Variant::decode` gives (the
//! same value once made owned, or the same error at the same offset), and take the same number of bytes.

use crate::common;
use crate::common::r#gen;

use std::borrow::Cow;

use common::{rows, unhex};
use godot_bin::{Config, Dialect, Variant, VariantRef};
use r#gen::{Gen, Rng};

/// Decodes `bytes` both ways and asserts they agree; returns whether the input was accepted.
fn agree(bytes: &[u8], cfg: &Config, what: &str) -> bool {
    let owned = Variant::decode_prefix(bytes, cfg);
    let view = VariantRef::decode_prefix(bytes, cfg);
    match (owned, view) {
        (Ok((a, used_a)), Ok((b, used_b))) => {
            assert_eq!(used_b, used_a, "{what}: bytes taken");
            assert_eq!(b.to_variant(), a, "{what}: to_variant");
            assert_eq!(Variant::from(b), a, "{what}: into_variant");
            true
        }
        (Err(a), Err(b)) => {
            assert_eq!(format!("{:?}", b.kind()), format!("{:?}", a.kind()), "{what}: error kind");
            assert_eq!(b.offset(), a.offset(), "{what}: error offset");
            false
        }
        (a, b) => panic!("{what}: Variant::decode {a:?} but VariantRef::decode {b:?}"),
    }
}

/// Every row of each engine's fixture files (input hex in column 3, objects flag in column 2), and every
/// prefix of the rows up to 96 bytes.
#[test]
fn engine_fixtures_decode_alike() {
    let files: &[(&str, Dialect)] = &[
        ("godot-3.2.3/values.tsv", Dialect::Godot3),
        ("godot-3.2.3/probes.tsv", Dialect::Godot3),
        ("godot-3.2.3/crashes.tsv", Dialect::Godot3),
        ("godot-3.6/values.tsv", Dialect::Godot3),
        ("godot-3.6/probes.tsv", Dialect::Godot3),
        ("godot-3.6/crashes.tsv", Dialect::Godot3),
        ("godot-4.6/values.tsv", Dialect::Godot4_6),
        ("godot-4.6/probes.tsv", Dialect::Godot4_6),
        ("godot-2.1/samples.tsv", Dialect::Godot2),
        ("pandemonium-4.9/samples.tsv", Dialect::Pandemonium3_8),
        ("pandemonium-5.2/samples.tsv", Dialect::Pandemonium5),
    ];
    let (mut accepted, mut refused) = (0, 0);
    for &(file, dialect) in files {
        for row in rows(file) {
            let objects = matches!(row.get(1), "1" | "objects");
            let cfg = Config::new(dialect).with_allow_objects(objects);
            let bytes = unhex(row.get(2));
            let what = format!("{file}:{} {}", row.line, row.get(0));
            if agree(&bytes, &cfg, &what) {
                accepted += 1;
            } else {
                refused += 1;
            }
            if bytes.len() <= 96 {
                for n in 0..bytes.len() {
                    agree(&bytes[..n], &cfg, &format!("{what} first {n} bytes"));
                }
            }
        }
    }
    // Both outcomes must have been exercised in numbers.
    assert!(accepted > 2000 && refused > 1000, "accepted {accepted}, refused {refused}");
}

/// Seeded random values of every type each dialect has, single and double precision.
#[test]
fn random_values_decode_alike_in_every_dialect() {
    for (i, dialect) in Dialect::ALL.into_iter().enumerate() {
        let mut rng = Rng(0x5851_F42D_4C95_7F2D ^ i as u64);
        for double in [false, true] {
            let cfg = Config::new(dialect).with_double_precision(double);
            for n in 0..600 {
                let v = Gen { rng: &mut rng, dialect }.value(0);
                let Ok(bytes) = v.encode(&cfg) else { continue };
                assert!(agree(&bytes, &cfg, &format!("{dialect} double={double} #{n}")));
            }
        }
    }
}

/// The game state of the speed benchmark (Godot 4.6's own bytes for 3 entities): strings are borrowed.
#[test]
fn the_speed_state_borrows_its_strings() {
    let bytes = std::fs::read(common::fixture_path("godot-4.6/speed_state_3.bin")).unwrap();
    let cfg = Config::new(Dialect::Godot4_6);
    assert!(agree(&bytes, &cfg, "speed_state_3.bin"));
    let v = VariantRef::decode(&bytes, &cfg).unwrap();
    let Some(VariantRef::Array(entities)) = v.get("entities") else { panic!("{v:?}") };
    assert_eq!(entities.len(), 3);
    assert_eq!(entities[2].get("name").and_then(VariantRef::as_str), Some("entity_2"));
    let VariantRef::Dictionary(entries) = &entities[2] else { panic!() };
    for (k, _) in entries {
        assert!(matches!(k, VariantRef::String(Cow::Borrowed(_))), "{k:?} was copied");
    }
    let Some(VariantRef::PackedStringArray(tags)) = entities[0].get("tags") else { panic!() };
    assert!(tags.iter().all(|t| matches!(t, Cow::Borrowed(_))), "{tags:?}");
}
