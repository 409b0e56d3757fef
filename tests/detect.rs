//! `godot_bin::detect` measured on everything real engines wrote that we keep: every single value of the
//! Godot 2.1, 3.2.3, 3.6, 4.6 and Pandemonium fixtures, bare and behind a store_var length, and every whole
//! save or state file. A detection is right when the dialect it picks reads the bytes to the same value as
//! the dialect that wrote them. `cargo test --test detect -- --nocapture` prints the counts and the
//! ambiguous values by kind.

mod common;

use std::collections::BTreeMap;

use common::*;
use godot_bin::detect::{detect, Framing};
use godot_bin::{Config, Dialect, Variant};

/// Every value of `bytes` in `d` (a store_var stream when `stream`), objects allowed as detection reads.
fn read(bytes: &[u8], d: Dialect, stream: bool) -> Option<Vec<Variant>> {
    let cfg = Config::new(d).allow_objects(true);
    if !stream {
        return Variant::decode(bytes, &cfg).ok().map(|v| vec![v]);
    }
    let mut out = Vec::new();
    let mut rest = bytes;
    while !rest.is_empty() {
        let n = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
        out.push(Variant::decode(rest.get(4..4 + n)?, &cfg).ok()?);
        rest = &rest[4 + n..];
    }
    Some(out)
}

#[derive(Default)]
struct Tally {
    values: usize,
    right: usize,
    ambiguous: BTreeMap<String, usize>,
    wrong: Vec<String>,
}

/// Detects `bytes`, written by `truth`; `framed`: the bytes are one value behind a store_var length.
fn check(t: &mut Tally, id: &str, bytes: &[u8], truth: Dialect, framed: bool) {
    let Some(expected) = read(bytes, truth, framed) else { return };
    t.values += 1;
    let d = detect(bytes);
    let want = if framed { Framing::Stream { big_endian: false } } else { Framing::Bare };
    let picked = d.dialect().filter(|_| d.framing == Some(want));
    if picked.and_then(|p| read(bytes, p, framed)).as_ref() == Some(&expected) {
        t.right += 1;
    } else {
        t.wrong.push(format!(
            "{id}{}: {:?} {:?} (truth {truth:?})",
            if framed { " framed" } else { "" },
            d.framing,
            picked
        ));
    }
    if d.is_ambiguous() && !framed {
        *t.ambiguous.entry(format!("{:?}", expected[0].kind())).or_default() += 1;
    }
}

#[test]
fn detection_on_every_engine_written_value() {
    let sets = [
        ("godot-2.1/samples.tsv", Dialect::Godot2),
        ("godot-3.2.3/values.tsv", Dialect::Godot3),
        ("godot-3.6/values.tsv", Dialect::Godot3),
        ("godot-4.6/values.tsv", Dialect::Godot4_6),
        ("pandemonium-4.9/samples.tsv", Dialect::Pandemonium3_8),
        ("pandemonium-5.2/samples.tsv", Dialect::Pandemonium5),
    ];
    let mut all = Tally::default();
    for (rel, truth) in sets {
        let mut t = Tally::default();
        for row in rows(rel) {
            let bytes = unhex(row.get(2));
            check(&mut t, row.get(0), &bytes, truth, false);
            let mut framed = (bytes.len() as u32).to_le_bytes().to_vec();
            framed.extend_from_slice(&bytes);
            check(&mut t, row.get(0), &framed, truth, true);
        }
        println!(
            "{rel}: {} of {} right ({:.1}%), ambiguous by kind: {:?}",
            t.right,
            t.values,
            100.0 * t.right as f64 / t.values as f64,
            t.ambiguous
        );
        for w in t.wrong.iter().take(8) {
            println!("  wrong: {w}");
        }
        all.values += t.values;
        all.right += t.right;
        all.wrong.extend(t.wrong);
    }
    let rate = all.right as f64 / all.values as f64;
    println!("all: {} of {} right ({:.1}%)", all.right, all.values, 100.0 * rate);
    assert!(all.values > 2000, "only {} values", all.values);
    assert!(rate >= 0.95, "{:.1}% right; wrong: {:#?}", 100.0 * rate, &all.wrong[..all.wrong.len().min(40)]);
}

/// Whole files, each detected right: store_var saves written by Godot 4.6 and 3.6, and the 10,000-entity
/// state Godot 4.6's var_to_bytes wrote.
#[test]
fn detection_on_whole_files() {
    let files = [
        ("../../examples/data/save-godot4.6.sav", Dialect::Godot4_6, true),
        ("../../examples/data/save-godot3.6.sav", Dialect::Godot3, true),
        ("cli/save-godot3.6-as-godot4.6.sav", Dialect::Godot4_6, true),
        ("godot-4.6/speed_state_3.bin", Dialect::Godot4_6, false),
    ];
    for (rel, truth, stream) in files {
        let bytes = std::fs::read(fixture_path(rel)).unwrap();
        let expected = read(&bytes, truth, stream).unwrap();
        let d = detect(&bytes);
        println!("{rel}: {d}");
        let want = if stream { Framing::Stream { big_endian: false } } else { Framing::Bare };
        assert_eq!(d.framing, Some(want), "{rel}");
        let picked = d.dialect().unwrap();
        assert_eq!(read(&bytes, picked, stream).as_ref(), Some(&expected), "{rel}: picked {picked:?}");
    }
}

/// The first thing a new user types, `from_slice(&fs::read("save.sav")?)`, on a store_var file that real
/// engines wrote: every decoding entry point fails (the length prefix is no type) and says what the file
/// is and what to call instead.
#[test]
fn store_var_files_read_as_bare_values_say_store_var() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Save {
        version: i64,
    }
    for (rel, d) in [
        ("../../examples/data/save-godot4.6.sav", Dialect::Godot4_6),
        ("../../examples/data/save-godot3.6.sav", Dialect::Godot3),
        ("../../examples/data/save-godot3.6.sav", Dialect::Godot4_6),
    ] {
        let file = std::fs::read(fixture_path(rel)).unwrap();
        let cfg = Config::new(d);
        let errors = [
            ("Variant::decode", Variant::decode(&file, &cfg).map(drop)),
            ("Variant::decode_prefix", Variant::decode_prefix(&file, &cfg).map(drop)),
            ("VariantRef::decode", godot_bin::VariantRef::decode(&file, &cfg).map(drop)),
            ("from_slice::<Save>", godot_bin::from_slice_with::<Save>(&file, &cfg).map(drop)),
            ("from_slice::<serde_json::Value>", godot_bin::from_slice_with::<serde_json::Value>(&file, &cfg).map(drop)),
        ];
        for (what, r) in errors {
            let e = r.expect_err(what);
            assert_eq!(e.hint(), Some(godot_bin::error::Hint::StoreVarStream { big_endian: false }), "{what}: {e}");
            assert!(e.to_string().contains("store_var"), "{rel} as {d:?}, {what}: {e}");
            println!("{rel} as {d:?}, {what}: {e}");
        }
    }
}
