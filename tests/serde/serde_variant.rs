//! `Variant` and `serde_json::Value` through the serde data format, over every value real engines wrote
//! (tests/fixtures: values.tsv of Godot 4.6.3, 3.6.2, 3.2.3; samples.tsv of Godot 2.1 and Pandemonium
//! v4.9 / v5.2; the spec's worked examples; the decode probes): `from_slice_with::<Variant>` gives what
//! `Variant::decode` gives, `to_vec_with` of it gives what `Variant::encode` gives, and reading the bytes
//! as a `serde_json::Value` succeeds.

use crate::common;

use godot_bin::de::{take_from_slice_with, SERDE_MAX_DEPTH};
use godot_bin::*;

struct Stats {
    checked: usize,
    skipped: usize,
}

fn check(what: &str, bytes: &[u8], cfg: &Config, failures: &mut Vec<String>, stats: &mut Stats) {
    let Ok(v) = Variant::decode(bytes, cfg) else {
        // Not one whole value for the core decoder either: serde must fail too, without panicking.
        stats.skipped += 1;
        if from_slice_with::<Variant>(bytes, cfg).is_ok() {
            failures.push(format!("{what}: serde accepted what Variant::decode rejects"));
        }
        return;
    };
    stats.checked += 1;
    match from_slice_with::<Variant>(bytes, cfg) {
        Ok(s) if s == v => {}
        Ok(s) => return failures.push(format!("{what}: serde gave {s:?}, decode gave {v:?}")),
        Err(e) => return failures.push(format!("{what}: serde failed: {e}")),
    }
    match (to_vec_with(&v, cfg), v.encode(cfg)) {
        (Ok(a), Ok(b)) if a == b => {}
        (Err(_), Err(_)) => {}
        (a, b) => failures.push(format!(
            "{what}: to_vec_with {:?} != encode {:?}",
            a.map(|x| common::hex(&x)),
            b.map(|x| common::hex(&x))
        )),
    }
    match from_slice_with::<serde_json::Value>(bytes, cfg) {
        Ok(_) => {}
        // Deeper than serde recursion may go: only nesting beyond SERDE_MAX_DEPTH may fail.
        Err(e) if matches!(e.kind(), ErrorKind::TooDeep { max: SERDE_MAX_DEPTH }) && depth(&v) > SERDE_MAX_DEPTH => {}
        // Or beyond what Config::DEFAULT_SERDE_STACK holds of serde_json's frames (about 369 levels of Arrays in a
        // debug build); never below serde_json's own default limit, 128.
        Err(e) if matches!(e.kind(), ErrorKind::StackBudget { .. }) && depth(&v) > 128 => {}
        Err(e) => failures.push(format!("{what}: as serde_json::Value: {e}")),
    }
}

/// Nesting depth of containers (1 for a flat Array).
fn depth(v: &Variant) -> usize {
    v.nesting_depth()
}

fn run(rel: &str, dialect_of: impl Fn(&common::Row) -> (Dialect, bool, usize)) -> Stats {
    let mut failures = Vec::new();
    let mut stats = Stats { checked: 0, skipped: 0 };
    for row in common::rows(rel) {
        let (dialect, objects, hex_col) = dialect_of(&row);
        let cfg = Config::new(dialect).with_allow_objects(objects);
        let bytes = common::unhex(row.get(hex_col));
        check(&format!("{rel}:{} {}", row.line, row.get(0)), &bytes, &cfg, &mut failures, &mut stats);
    }
    assert!(failures.is_empty(), "{} failures in {rel}:\n{}", failures.len(), failures.join("\n"));
    assert!(stats.checked > 0, "{rel}: nothing checked");
    eprintln!("{rel}: {} values checked, {} not decodable (skipped)", stats.checked, stats.skipped);
    stats
}

fn values(engine: &str, dialect: Dialect) {
    run(&format!("{engine}/values.tsv"), |r| (dialect, r.get(1) == "objects", 2));
}

#[test]
fn godot_4_6_values() {
    values("godot-4.6", Dialect::Godot4_6);
}

#[test]
fn godot_3_6_values() {
    values("godot-3.6", Dialect::Godot3);
}

#[test]
fn godot_3_2_3_values() {
    values("godot-3.2.3", Dialect::Godot3);
}

#[test]
fn samples_of_engines_without_packages() {
    for (rel, d) in [
        ("godot-2.1/samples.tsv", Dialect::Godot2),
        ("pandemonium-4.9/samples.tsv", Dialect::Pandemonium3_8),
        ("pandemonium-5.2/samples.tsv", Dialect::Pandemonium5),
    ] {
        run(rel, |r| (d, matches!(r.get(1), "1" | "objects" | "full_objects"), 2));
    }
}

#[test]
fn spec_examples() {
    run("spec-examples.tsv", |r| (r.get(1).parse().expect("dialect"), true, 4));
}

/// The decode probes (truncated, malformed and odd inputs the engines were asked to decode): serde reads the
/// same prefix `Variant::decode_prefix` reads, and never panics on the rest.
#[test]
fn probes() {
    for (engine, d) in
        [("godot-4.6", Dialect::Godot4_6), ("godot-3.6", Dialect::Godot3), ("godot-3.2.3", Dialect::Godot3)]
    {
        let mut same = 0;
        for row in common::rows(&format!("{engine}/probes.tsv")) {
            let cfg = Config::new(d).with_allow_objects(row.get(1) == "1");
            let bytes = common::unhex(row.get(2));
            let core = Variant::decode_prefix(&bytes, &cfg);
            let ours = take_from_slice_with::<Variant>(&bytes, &cfg);
            match (&core, &ours) {
                (Ok((a, used)), Ok((b, rest))) => {
                    assert_eq!(a, b, "{engine} {}", row.get(0));
                    assert_eq!(*used, bytes.len() - rest.len(), "{engine} {}", row.get(0));
                }
                (Err(_), Err(_)) => {}
                _ => panic!("{engine} {}: core {:?} vs serde {:?}", row.get(0), core.map(|x| x.0), ours.map(|x| x.0)),
            }
            same += 1;
            let _ = take_from_slice_with::<serde_json::Value>(&bytes, &cfg);
        }
        eprintln!("{engine}: {same} probes agree");
        // Inputs that crashed or hung the engine: serde reads them like the core decoder, without panicking.
        let crashes = common::fixture_path(&format!("{engine}/crashes.tsv"));
        for line in std::fs::read_to_string(crashes).unwrap().lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let f: Vec<&str> = line.split('\t').collect();
            let cfg = Config::new(d).with_allow_objects(f.get(1) == Some(&"1"));
            let bytes = common::unhex(f.get(2).copied().unwrap_or(""));
            let core = Variant::decode_prefix(&bytes, &cfg).map(|x| x.0);
            let ours = take_from_slice_with::<Variant>(&bytes, &cfg).map(|x| x.0);
            assert_eq!(core.ok(), ours.ok(), "{engine} crash input {}", f[0]);
            let _ = take_from_slice_with::<serde_json::Value>(&bytes, &cfg);
        }
    }
}
