//! The differential property, deterministically: `Variant::decode`, `VariantRef::decode`,
//! `from_slice_with::<Variant>` and `from_slice_with::<serde_json::Value>` agree on accept/refuse, error
//! kind and byte offset, on every engine-written fixture (whole, cut at every word or at 32 places for
//! larger values, and with a word overwritten) and on generated hostile shapes (nested keys, deep keys,
//! typed containers). Whole fixtures and generated shapes also go through the other entry points
//! (`framing::values`, `from_reader`, the JSON form read back: `agree::other_entry_points`). The property
//! and its exceptions (each with its reason) live in `fuzz/fuzz_targets/common/agree.rs`, shared with the
//! `differential` and `structured_binary` fuzz targets, so both check exactly the same thing.
#![cfg(all(feature = "arbitrary", feature = "json"))]

use crate::common::{self, r#gen::Rng};

use crate::fuzz_common::{agree, shapes};

use agree::{agree, expected_json, other_entry_points, Agreed};
use godot_bin::{de::SERDE_MAX_DEPTH, Config, Dialect, ErrorKind, Variant};

/// Fixture directory → dialect (as fuzz/seed_corpus.py maps them).
const FIXTURES: [(&str, Dialect); 6] = [
    ("godot-2.1", Dialect::Godot2),
    ("godot-3.2.3", Dialect::Godot3),
    ("godot-3.6", Dialect::Godot3),
    ("godot-4.6", Dialect::Godot4_6),
    ("pandemonium-4.9", Dialect::Pandemonium3_8),
    ("pandemonium-5.2", Dialect::Pandemonium5),
];

/// Every value the engines wrote (values.tsv, probes.tsv), with their objects flag.
fn fixture_inputs() -> Vec<(Config, Vec<u8>)> {
    let mut out = Vec::new();
    for (dir, d) in FIXTURES {
        for file in ["values.tsv", "probes.tsv"] {
            let rel = format!("{dir}/{file}");
            if !common::fixture_path(&rel).exists() {
                continue;
            }
            for r in common::rows(&rel) {
                let hex = r.get(2);
                if hex.len() % 2 != 0 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    continue;
                }
                let objects = matches!(r.get(1), "1" | "objects");
                out.push((Config::new(d).with_allow_objects(objects), common::unhex(hex)));
            }
        }
    }
    out
}

#[test]
fn engine_fixtures_read_the_same_through_all_four_decoders() {
    let inputs = fixture_inputs();
    assert!(inputs.len() > 1000, "only {} fixture values", inputs.len());
    let (mut accepted, mut refused, mut compared) = (0, 0, 0);
    for (cfg, bytes) in &inputs {
        let got = agree(bytes, cfg);
        other_entry_points(bytes, cfg, &got);
        match got {
            Agreed::Accepted { value, .. } => {
                accepted += 1;
                compared += usize::from(expected_json(&value).is_some());
            }
            Agreed::Refused(_) => refused += 1,
        }
    }
    // The fixtures hold both kinds, and most values have a plain-data form to compare.
    assert!(accepted > 500 && refused > 100, "{accepted} accepted, {refused} refused");
    assert!(compared * 2 > accepted, "only {compared} of {accepted} values compared as serde_json values");
}

/// Every fixture cut at every word boundary, and with one word overwritten by a telling value (a count
/// or length that lies, a type id, a typed-container header): the four decoders still agree.
#[test]
fn cut_and_overwritten_fixtures_read_the_same_through_all_four_decoders() {
    const WORDS: [u32; 9] = [0, 1, 0xFFFF_FFFF, 0x7FFF_FFFF, 0x8000_0000, 27, 28, 0x1_001B, 0x5_001C];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut runs = 0;
    for (cfg, bytes) in fixture_inputs() {
        // Every word of small values; 32 cuts of larger ones (cutting each word would be quadratic).
        let step = (bytes.len() / 32).max(1).next_multiple_of(4);
        for cut in (0..bytes.len()).step_by(step) {
            agree(&bytes[..cut], &cfg);
            runs += 1;
        }
        if bytes.len() >= 4 {
            let mut b = bytes.clone();
            let at = (rng.next_u64() as usize % (b.len() / 4)) * 4;
            b[at..at + 4].copy_from_slice(&WORDS[rng.next_u64() as usize % WORDS.len()].to_le_bytes());
            agree(&b, &cfg.clone().with_max_depth(1 + rng.next_u64() as usize % 8));
            agree(&b, &cfg);
            runs += 2;
        }
    }
    assert!(runs > 5000, "{runs} inputs");
}

/// The hostile binary shapes from `fuzz/fuzz_targets/common/shapes.rs`, built from pseudo-random bytes, with
/// the structured_binary fuzz target's checks.
#[test]
fn generated_hostile_shapes_read_the_same_through_all_four_decoders() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut kinds = [0usize; 3];
    let mut deep_refused = 0;
    for round in 0..240 {
        let data = rng.bytes(512);
        let Ok(s) = shapes::shape(&mut arbitrary::Unstructured::new(&data)) else { continue };
        let got = agree(&s.bytes, &s.cfg);
        other_entry_points(&s.bytes, &s.cfg, &got);
        if s.mutated {
            continue;
        }
        let limit = s.cfg.max_depth();
        match (s.kind, &got) {
            (shapes::ShapeKind::Deep { depth }, Agreed::Refused(e)) => {
                assert!(depth > limit, "round {round}: {depth} deep, limit {limit}: {e}");
                assert!(matches!(e.kind(), ErrorKind::TooDeep { .. }), "round {round}: {e}");
                deep_refused += 1;
            }
            (shapes::ShapeKind::Deep { depth }, Agreed::Accepted { .. }) => {
                assert!(depth <= limit, "round {round}: {depth} deep, limit {limit}, accepted")
            }
            (k, Agreed::Refused(e)) => panic!("round {round}: well-formed {k:?} refused: {e}"),
            _ => {}
        }
        kinds[match s.kind {
            shapes::ShapeKind::NestedKeys { .. } => 0,
            shapes::ShapeKind::Deep { .. } => 1,
            shapes::ShapeKind::Typed => 2,
        }] += 1;
    }
    assert!(kinds.iter().all(|&k| k >= 20), "shapes generated: {kinds:?}");
    assert!(deep_refused > 0, "no deep shape was beyond its limit");
}

/// The one exception for `serde_json::Value` is serde's recursion limit: arrays nested within it read the
/// same through all four; nested beyond it, serde_json alone refuses, with the offset where it stopped.
#[test]
fn serde_json_differs_only_past_serde_recursion_limits() {
    let nest = |n: usize| {
        let mut v = Variant::Int(1);
        for _ in 0..n {
            v = Variant::from(vec![v]);
        }
        v
    };
    let cfg = Config::default().with_max_depth(Config::MAX_DEPTH_LIMIT);
    let shallow = nest(100).encode(&cfg).unwrap();
    assert!(matches!(agree(&shallow, &cfg), Agreed::Accepted { json: true, .. }));
    let deep = nest(SERDE_MAX_DEPTH + 10).encode(&cfg).unwrap();
    assert!(matches!(agree(&deep, &cfg), Agreed::Accepted { json: false, .. }));
    let e = godot_bin::from_slice_with::<serde_json::Value>(&deep, &cfg).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TooDeep { max: SERDE_MAX_DEPTH } | ErrorKind::StackBudget { .. }), "{e}");
    // Each level is an 8-byte Array header (type, count). The refusal is at most at level
    // SERDE_MAX_DEPTH + 1, and its offset, as the core decoder's `TooDeep`, is just past that level's
    // header; a debug build's larger frames meet the stack budget first, earlier.
    assert!(e.offset().unwrap() <= 8 * (SERDE_MAX_DEPTH + 1), "{e}");
}

/// The hostile text shapes (`shapes::text_shape`: long constructors printed in each dialect's syntax,
/// `[[[…`, `{{…` and `{"a": {…` near the depth limit, dictionaries nested as keys), with the text_structured
/// fuzz target's checks: error offsets inside the text; printed text parses; a deep value is accepted
/// exactly when within the limit; what parses and prints exactly parses back equal; what parses and
/// encodes reads back alike through the four binary decoders.
#[test]
fn generated_hostile_text_shapes_parse_as_they_say() {
    use godot_bin::text::{from_text, to_text_exact};
    use shapes::TextKind;
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    let (mut kinds, mut deep_refused, mut decoded) = ([0usize; 3], 0, 0);
    for round in 0..240 {
        let data = rng.bytes(256);
        let Ok(s) = shapes::text_shape(&mut arbitrary::Unstructured::new(&data)) else { continue };
        let (cfg, text) = (&s.cfg, s.text.as_str());
        let parsed = from_text(text, cfg);
        if let Err(e) = &parsed {
            assert!(e.offset().is_some_and(|o| o <= text.len()), "round {round}: {e}");
        }
        if !s.mutated {
            let limit = cfg.max_depth();
            match (s.kind, &parsed) {
                (TextKind::Deep { depth }, Ok(_)) => assert!(depth <= limit, "round {round}: {depth} > {limit}"),
                (TextKind::Deep { depth }, Err(e)) => {
                    assert!(depth > limit, "round {round}: {depth} deep, limit {limit}: {e}");
                    deep_refused += 1;
                }
                (k, Err(e)) => panic!("round {round}: {k:?} refused: {e}\n{text:.300}"),
                _ => {}
            }
            kinds[match s.kind {
                TextKind::Printed => 0,
                TextKind::Deep { .. } => 1,
                TextKind::NestedKeys { .. } => 2,
            }] += 1;
        }
        let Ok(v) = parsed else { continue };
        if let Ok(printed) = to_text_exact(&v, cfg) {
            assert_eq!(from_text(&printed, cfg).unwrap(), v, "round {round}");
        }
        if let Ok(bytes) = v.encode(cfg) {
            agree(&bytes, cfg);
            decoded += 1;
        }
    }
    assert!(kinds.iter().all(|&k| k >= 20), "unmutated shapes: {kinds:?}");
    assert!(deep_refused > 0 && decoded > 100, "{deep_refused} deep refused, {decoded} decoded");
}
