//! Promise 2 of the text form, offline: text that a real engine printed with `var_to_str` (`var2str`),
//! parsed by `godot_bin::text::from_text` and encoded, gives exactly the bytes the engine got from
//! `str_to_var` of that same text. Fixtures: `tests/fixtures/godot-4.6/text.tsv` (tests/gd/gen_text.gd) and
//! `tests/fixtures/godot-3.6/text.tsv` (tests/gd/gen_text3.gd), written by Godot 4.6.3 and 3.6.2.

use godot_bin::{text, Config, Dialect, Variant};

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

struct Row {
    id: String,
    objects: bool,
    text: String,
    bytes: Vec<u8>,
}

fn rows(path: &str) -> Vec<Row> {
    let s = std::fs::read_to_string(path).unwrap();
    s.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            assert_eq!(c.len(), 4, "{l}");
            Row {
                id: c[0].to_owned(),
                objects: c[1] == "objects",
                text: String::from_utf8(unhex(c[2])).unwrap(),
                bytes: unhex(c[3]),
            }
        })
        .collect()
}

fn check(path: &str, dialect: Dialect) -> usize {
    let rows = rows(path);
    let mut bad = Vec::new();
    let mut padding_only = 0;
    for r in &rows {
        let cfg = Config::new(dialect).with_allow_objects(r.objects);
        let ours = text::from_text(&r.text, &cfg)
            .map_err(|e| e.to_string())
            .and_then(|v| v.encode(&cfg).map_err(|e| e.to_string()));
        match ours {
            Ok(b) if b == r.bytes => {}
            // Godot 3 writes NodePath names with uninitialised padding bytes: same length, same value.
            Ok(b)
                if b.len() == r.bytes.len()
                    && Variant::decode(&r.bytes, &cfg).ok() == Variant::decode(&b, &cfg).ok() =>
            {
                padding_only += 1
            }
            Ok(b) => bad.push(format!("{}: {:?}\n  engine {}\n  ours   {}", r.id, r.text, hex(&r.bytes), hex(&b))),
            Err(e) => bad.push(format!("{}: {:?}: {e}", r.id, r.text)),
        }
    }
    assert!(bad.is_empty(), "{} of {} rows differ:\n{}", bad.len(), rows.len(), bad.join("\n"));
    println!(
        "{path}: {} rows identical, {padding_only} identical but for the engine's padding bytes",
        rows.len() - padding_only
    );
    rows.len()
}

#[test]
fn godot4_engine_text_parses_to_engine_bytes() {
    let n = check("tests/fixtures/godot-4.6/text.tsv", Dialect::Godot4_6);
    assert!(n > 300);
}

#[test]
fn godot3_engine_text_parses_to_engine_bytes() {
    let n = check("tests/fixtures/godot-3.6/text.tsv", Dialect::Godot3);
    assert!(n > 300);
}

/// The same fixtures, through our printer: the engine's value, printed by us (when `to_text_exact` says
/// the engine can rebuild it) and read back by us, gives the same bytes. (The live check,
/// scripts/live.sh text, has the engines themselves read our text.)
#[test]
fn our_text_of_engine_values_reads_back() {
    for (path, d) in [
        ("tests/fixtures/godot-4.6/text.tsv", Dialect::Godot4_6),
        ("tests/fixtures/godot-3.6/text.tsv", Dialect::Godot3),
    ] {
        let mut inexact = Vec::new();
        for r in rows(path) {
            let cfg = Config::new(d).with_allow_objects(r.objects);
            let v = Variant::decode(&r.bytes, &cfg).unwrap();
            let t = match text::to_text_exact(&v, &cfg) {
                Ok(t) => t,
                Err(e) => {
                    inexact.push(format!("{}: {e}", r.id));
                    continue;
                }
            };
            let back = text::from_text(&t, &cfg).unwrap_or_else(|e| panic!("{}: {t:?}: {e}", r.id));
            assert_eq!(back, v, "{}: {t}", r.id);
        }
        println!("{path}: {} values with no exact text form:\n  {}", inexact.len(), inexact.join("\n  "));
        assert!(inexact.len() < 10);
    }
}
