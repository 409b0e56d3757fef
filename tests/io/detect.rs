//! The save engine's detection (`file::read` given neither dialect nor kind) measured on everything real
//! engines wrote that we keep: every single value of the Godot 2.1, 3.2.3, 3.6, 4.6 and Pandemonium
//! fixtures, bare and behind a store_var length, and every whole save or state file. A detection is right
//! when the dialect it picks reads the bytes to the same value as the dialect that wrote them.
//! `cargo test --all-features --test io detect -- --nocapture` prints the counts and the ambiguous values
//! by kind.
#![cfg(feature = "containers")]

use crate::common;

use std::collections::BTreeMap;

use common::*;
use godot_bin::file::{self, Kind, Options, Save};
use godot_bin::{Config, Dialect, Variant};

/// The bytes read as the save engine finds them, objects read as data.
fn detect(bytes: &[u8]) -> godot_bin::Result<Save> {
    file::read(bytes, &Options { allow_objects: true, ..Options::default() })
}

/// What `bytes` read as, or the error, in words: for the assertion messages.
fn said(r: &godot_bin::Result<Save>) -> String {
    match r {
        Ok(s) => s.report.evidence.join("\n"),
        Err(e) => e.to_string(),
    }
}

/// Whether other readings (of another kind or dialect) read the bytes to other values.
fn is_ambiguous(s: &Save) -> bool {
    s.report.kind_ambiguous || s.report.dialect_ambiguous
}

/// Every value of `bytes` in `d` (a store_var stream when `stream`), objects allowed as detection reads.
fn read(bytes: &[u8], d: Dialect, stream: bool) -> Option<Vec<Variant>> {
    let cfg = Config::new(d).with_allow_objects(true);
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
    let want = if framed { Kind::Stream { big_endian: false } } else { Kind::Bare };
    let picked = d.as_ref().ok().filter(|s| s.format.content.kind() == want).map(|s| s.format.dialect);
    if picked.and_then(|p| read(bytes, p, framed)).as_ref() == Some(&expected) {
        t.right += 1;
    } else {
        t.wrong.push(format!(
            "{id}{}: {:?} {picked:?} (truth {truth:?})",
            if framed { " framed" } else { "" },
            d.as_ref().map(|s| s.format.content.kind())
        ));
    }
    if d.as_ref().is_ok_and(is_ambiguous) && !framed {
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
        let d = detect(&bytes).unwrap();
        println!("{rel}: {}", d.report.evidence.join("; "));
        let want = if stream { Kind::Stream { big_endian: false } } else { Kind::Bare };
        assert_eq!(d.format.content.kind(), want, "{rel}");
        let picked = d.format.dialect;
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

/// The bytes of fixture row `id` in `rel` (a values.tsv Godot wrote).
fn row(rel: &str, id: &str) -> Vec<u8> {
    let r = rows(rel).into_iter().find(|r| r.get(0) == id).unwrap_or_else(|| panic!("{rel}: no row {id}"));
    unhex(r.get(2))
}

/// Detection offers only readings that decode the whole input under the options it is given: Godot 3.6's
/// var2bytes(PoolVector2Array()) is type 24, an Object in Godot 4, which reads only with objects allowed.
/// Checked on every value the engines wrote, without objects and with them: the reading chosen and every
/// other reading offered decode the bytes.
#[test]
fn detection_offers_only_readings_that_decode_under_the_config() {
    use godot_bin::framing::{values, Endian};
    let pv2 = row("godot-3.6/values.tsv", "pv2_empty");
    let d = file::read(&pv2, &Options::default()).unwrap();
    assert_eq!(d.format.dialect, Dialect::Godot3, "{}", d.report.evidence.join("; "));
    for rel in ["godot-2.1/samples.tsv", "godot-3.6/values.tsv", "godot-4.6/values.tsv", "pandemonium-5.2/samples.tsv"]
    {
        for r in rows(rel) {
            let bytes = unhex(r.get(2));
            for objects in [false, true] {
                let Ok(save) = file::read(&bytes, &Options { allow_objects: objects, ..Options::default() }) else {
                    continue;
                };
                let chosen = (save.format.dialect, save.format.content.kind());
                let others = save.report.others.iter().map(|o| (o.dialect, o.kind));
                for (dialect, kind) in std::iter::once(chosen).chain(others) {
                    let cfg = Config::new(dialect).with_allow_objects(objects);
                    let ok = match kind {
                        Kind::Bare => Variant::decode(&bytes, &cfg).is_ok(),
                        Kind::Stream { big_endian } => {
                            let endian = if big_endian { Endian::Big } else { Endian::Little };
                            values::<Variant>(&bytes, &cfg, endian).all(|v| v.is_ok())
                        }
                        other => panic!("{rel} {}: read as {other:?}", r.get(0)),
                    };
                    assert!(ok, "{rel} {}: {dialect:?} {kind:?} offered, objects {objects}", r.get(0));
                }
            }
        }
    }
}

/// An ambiguity says what differs: Godot 3.6 var2bytes("") is an empty String or a store_var stream of one
/// null in every dialect (the framing is open, not the dialect); var2bytes(PoolVector2Array()) reads to
/// different values in different dialects (the dialect is open).
#[test]
fn ambiguity_names_framing_or_dialect() {
    let empty_string = detect(&row("godot-3.6/values.tsv", "str_len0")).unwrap();
    let s = empty_string.report.evidence.join("\n");
    assert!(s.contains("ambiguous: these readings differ in framing; give the framing"), "{s}");
    assert!(empty_string.report.kind_ambiguous && !empty_string.report.dialect_ambiguous, "{s}");
    let pv2 = detect(&row("godot-3.6/values.tsv", "pv2_empty")).unwrap();
    let s = pv2.report.evidence.join("\n");
    assert!(s.contains("ambiguous: these readings differ in dialect; give the dialect"), "{s}");
    assert!(pv2.report.dialect_ambiguous && !pv2.report.kind_ambiguous, "{s}");
}

/// Empty input is said to be empty, by detection and by every decoding entry point (with byte 0).
#[test]
fn empty_input_is_said_empty() {
    let e = detect(&[]).unwrap_err();
    assert!(matches!(e.kind(), godot_bin::ErrorKind::EmptyInput), "{e}");
    assert_eq!(e.to_string(), "empty input: no value to read");
    let cfg = Config::default();
    let errors = [
        Variant::decode(&[], &cfg).map(drop).unwrap_err(),
        Variant::decode_prefix(&[], &cfg).map(drop).unwrap_err(),
        godot_bin::VariantRef::decode(&[], &cfg).map(drop).unwrap_err(),
        godot_bin::from_slice::<i32>(&[]).map(drop).unwrap_err(),
        godot_bin::from_slice::<Variant>(&[]).map(drop).unwrap_err(),
        godot_bin::de::take_from_slice_with::<String>(&[], &cfg).map(drop).unwrap_err(),
    ];
    for e in errors {
        assert_eq!(e.to_string(), "empty input: no value to read at byte 0");
    }
}

/// A store_var save that Godot wrote, cut at every byte inside a value: detection says it is truncated,
/// which value, and how many of its declared bytes are there (instead of "no dialect reads these bytes").
#[test]
fn truncated_saves_say_truncated_at_every_cut() {
    for rel in ["../../examples/data/save-godot4.6.sav", "../../examples/data/save-godot3.6.sav"] {
        let file = std::fs::read(fixture_path(rel)).unwrap();
        let mut pos = 0;
        let mut checked = 0;
        while pos < file.len() {
            let n = u32::from_le_bytes(file[pos..pos + 4].try_into().unwrap()) as usize;
            for cut in pos + 4..pos + 4 + n {
                let e = detect(&file[..cut]).unwrap_err();
                let present = cut - pos - 4;
                assert!(
                    matches!(e.kind(), godot_bin::ErrorKind::Truncated { declared, present: p }
                        if *declared == n && *p == present),
                    "{rel} cut at {cut}: {e}"
                );
                assert_eq!(e.offset(), Some(pos + 4), "{rel} cut at {cut}: {e}");
                checked += 1;
            }
            pos += 4 + n;
        }
        assert_eq!(checked, file.len() - 8, "two values");
    }
}

/// Bytes of other formats: the decoders say what they look like, and still give the error they met, with its
/// byte; the save engine says what they look like, or reads them when they are a save of another kind
/// (ConfigFile text, JSON). Magic numbers as each format's specification gives them; ConfigFile text as
/// Godot 4.6 saved it. No value an engine wrote matches any entry.
#[test]
fn other_formats_are_named_with_the_real_error() {
    let cfg_text = std::fs::read(fixture_path("godot-4.6/config_file/values.cfg")).unwrap();
    let cases: [(&[u8], &str); 12] = [
        (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10", "a PNG image"),
        (b"PK\x03\x04\x14\0\0\0\x08\0", "a ZIP archive"),
        (b"GDPC\x02\0\0\0\x04\0\0\0\x06\0\0\0", "a Godot resource pack"),
        (b"\xff\xd8\xff\xe0\0\x10JFIF\0", "a JPEG image"),
        (b"\x1f\x8b\x08\0\0\0\0\0\0\x03", "gzip-compressed data"),
        (b"\x28\xb5\x2f\xfd\x20\x05\x29\0\0", "a Zstandard frame"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "a PDF document"),
        (b"\x7fELF\x02\x01\x01\0\0\0\0\0", "an ELF executable"),
        (b"[gd_scene load_steps=2 format=3]\n", "a Godot text resource or scene"),
        (&cfg_text, "ConfigFile text"),
        (b"{\"hp\": 10, \"name\": \"Ada\"}\n", "JSON text"),
        (b"\xef\xbb\xbfsome notes\n", "text (UTF-8 with a byte-order mark)"),
    ];
    let cfg = Config::default();
    for (bytes, name) in cases {
        let want = format!("not Godot data: this looks like {name}");
        let d = detect(bytes);
        match name {
            "ConfigFile text" => assert_eq!(d.map(|s| s.format.content.kind()).ok(), Some(Kind::ConfigFile)),
            "JSON text" => assert_eq!(d.map(|s| s.format.content.kind()).ok(), Some(Kind::Json)),
            _ => assert!(said(&d).starts_with(&want), "{name}: file::read says {}", said(&d)),
        }
        let e = Variant::decode(bytes, &cfg).unwrap_err();
        assert!(e.offset().is_some() && e.to_string().contains(&want), "{name}: Variant::decode says {e}");
        let e = godot_bin::framing::from_store_var::<Variant>(bytes, &cfg).unwrap_err();
        assert!(e.offset().is_some() && e.to_string().contains(&want), "{name}: from_store_var says {e}");
    }
    let png = godot_bin::from_slice::<Variant>(cases[0].0).unwrap_err();
    assert!(png.to_string().starts_with("type id 137 is not a type of godot4.6 at byte 0; not Godot data"), "{png}");
    for rel in ["godot-2.1/samples.tsv", "godot-3.2.3/values.tsv", "godot-3.6/values.tsv", "godot-4.6/values.tsv"] {
        for r in rows(rel) {
            let f = godot_bin::error::ForeignFormat::of(&unhex(r.get(2)));
            assert_eq!(f, None, "{rel} {}", r.get(0));
        }
    }
}
