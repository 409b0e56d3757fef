//! The engine-written Resource saves are all there: every file that `tests/fixtures/<engine>/resources/files.tsv`
//! lists exists, every save has the dump of what the engine loaded from it, the dump is text that
//! `godot_bin::text::from_text` reads (a Dictionary naming the file and holding the loaded resource), nothing in
//! the folder is unlisted, and each engine's set holds the cases and forms the Resource readers are tested
//! with. Made by `scripts/gen.sh resources` (tests/gd/gen_resources.gd, gen_resources3.gd).

use crate::common::fixture_path;
use godot_bin::{text, Config, Dialect, Variant};
use std::collections::BTreeSet;

struct Row {
    file: String,
    kind: String,
    case: String,
    form: String,
    dump: String,
    needs: String,
}

fn rows(engine: &str) -> Vec<Row> {
    let path = fixture_path(&format!("{engine}/resources/files.tsv"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            assert_eq!(c.len(), 7, "{engine}/resources/files.tsv: {l}");
            Row {
                file: c[0].to_owned(),
                kind: c[1].to_owned(),
                case: c[2].to_owned(),
                form: c[3].to_owned(),
                dump: c[4].to_owned(),
                needs: c[5].to_owned(),
            }
        })
        .collect()
}

fn get<'a>(d: &'a Variant, key: &str) -> Option<&'a Variant> {
    match d {
        Variant::Dictionary(d) => d.get(&Variant::from(key)),
        _ => None,
    }
}

fn string(v: Option<&Variant>) -> Option<&str> {
    match v {
        Some(Variant::String(s)) => Some(s.as_str()),
        _ => None,
    }
}

/// Checks one engine's folder; returns the set of (case, form) of its saves and the hostile cases.
fn check(engine: &str, dialect: Dialect) -> (BTreeSet<(String, String)>, BTreeSet<String>) {
    let dir = fixture_path(&format!("{engine}/resources"));
    let rows = rows(engine);
    let cfg = Config::new(dialect);
    let mut listed = BTreeSet::from(["files.tsv".to_owned(), "README.md".to_owned()]);
    let readme = std::fs::read_to_string(dir.join("README.md")).unwrap();
    let mut saves = BTreeSet::new();
    let mut hostile = BTreeSet::new();
    for r in &rows {
        let bytes = std::fs::read(dir.join(&r.file)).unwrap_or_else(|e| panic!("{engine}: {}: {e}", r.file));
        assert!(!bytes.is_empty(), "{engine}: {} is empty", r.file);
        assert!(readme.contains(&format!("| {} |", r.file)), "{engine}: README.md does not list {}", r.file);
        listed.insert(r.file.clone());
        match r.kind.as_str() {
            "save" => {
                assert_eq!(r.dump, format!("{}.dump.txt", r.file), "{engine}: {}", r.file);
                let dump = std::fs::read_to_string(dir.join(&r.dump))
                    .unwrap_or_else(|e| panic!("{engine}: the dump of {}: {e}", r.file));
                let v = text::from_text(&dump, &cfg).unwrap_or_else(|e| panic!("{engine}: {}: {e}", r.dump));
                assert_eq!(string(get(&v, "file")), Some(r.file.as_str()), "{engine}: {}", r.dump);
                let res = get(&v, "resource").unwrap_or_else(|| panic!("{engine}: {} has no resource", r.dump));
                assert_eq!(string(get(res, "class")), Some("Resource"), "{engine}: {}", r.dump);
                assert!(
                    matches!(get(res, "properties"), Some(Variant::Dictionary(_))),
                    "{engine}: {} has no properties",
                    r.dump
                );
                listed.insert(r.dump.clone());
                saves.insert((r.case.clone(), r.form.clone()));
            }
            "hostile" | "inert" => {
                assert_eq!(r.dump, "-", "{engine}: {}", r.file);
                if r.needs != "-" {
                    let payload = r.needs.split(':').next().unwrap();
                    assert!(
                        rows.iter().any(|p| p.kind == "payload" && p.file == payload),
                        "{engine}: {} needs {payload}, which is not listed",
                        r.file
                    );
                }
                if r.kind == "hostile" {
                    hostile.insert(r.case.clone());
                }
            }
            "script" | "payload" => assert!(r.file.ends_with(".gd"), "{engine}: {}", r.file),
            k => panic!("{engine}: {}: unknown kind {k}", r.file),
        }
    }
    let present: BTreeSet<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    let unlisted: Vec<&String> = present.difference(&listed).collect();
    assert!(unlisted.is_empty(), "{engine}: files not in files.tsv: {unlisted:?}");
    (saves, hostile)
}

fn require(engine: &str, saves: &BTreeSet<(String, String)>, hostile: &BTreeSet<String>, dialect4: bool) {
    let mut cases = vec!["save_game", "empty", "defaults_only", "long_string", "unicode", "nested_subresources"];
    cases.push("shared_subresource");
    if dialect4 {
        cases.extend(["blob_64", "blob_65"]);
    }
    for case in cases {
        for form in ["tres", "res", "res-rscc-zstd"] {
            assert!(saves.contains(&(case.to_owned(), form.to_owned())), "{engine}: no {case} as {form}");
        }
    }
    for form in ["res-big-endian", "res-rscc-fastlz", "res-rscc-deflate", "res-rscc-gzip", "tres-bundled"] {
        assert!(saves.contains(&("save_game".to_owned(), form.to_owned())), "{engine}: no save_game as {form}");
    }
    if dialect4 {
        for form in ["tres-editor", "res-editor", "res-rscc-zstd-editor"] {
            assert!(saves.contains(&("editor_save".to_owned(), form.to_owned())), "{engine}: no editor_save as {form}");
        }
    }
    let mut want = vec![
        "hostile_builtin_init",
        "hostile_builtin_setter",
        "hostile_builtin_main",
        "hostile_builtin_in_dict",
        "hostile_builtin_in_array",
        "hostile_script_user",
        "hostile_script_absolute",
        "hostile_srl_duplicate_path",
        "hostile_srl_comment",
        "hostile_srl_line_breaks",
        "hostile_srl_node_path",
    ];
    if dialect4 {
        want.extend([
            "hostile_builtin_static_init",
            "hostile_script_dotdot",
            "hostile_srl_string_name",
            "hostile_srl_string_name_legacy",
        ]);
    }
    for case in want {
        assert!(hostile.contains(case), "{engine}: no hostile {case}");
    }
}

#[test]
fn godot_4_6_resource_fixtures_are_complete() {
    let (saves, hostile) = check("godot-4.6", Dialect::Godot4_6);
    require("godot-4.6", &saves, &hostile, true);
}

#[test]
fn godot_3_6_resource_fixtures_are_complete() {
    let (saves, hostile) = check("godot-3.6", Dialect::Godot3);
    require("godot-3.6", &saves, &hostile, false);
}

#[test]
fn godot_3_2_3_resource_fixtures_are_complete() {
    let (saves, hostile) = check("godot-3.2.3", Dialect::Godot3);
    require("godot-3.2.3", &saves, &hostile, false);
}
