//! ConfigFile text, migration, export and diff on the engine fixtures.

mod common;

use common::*;
use godot_bin_web::Session;
use serde_json::json;

#[test]
fn a_config_file_edit_saves_as_config_file_text() {
    for engine in ["godot-3.6", "godot-4.6"] {
        let path = fixtures().join(engine).join("config_file/values.cfg");
        let mut s = Session::new();
        let r = open(&mut s, &path, json!({"name": "values.cfg"}));
        assert_eq!((r["framing"].as_str(), r["values"].as_u64()), (Some("config"), Some(1)));
        let sections = ok(&mut s, "children", json!({"path": [0]}), &[]).result;
        assert!(sections["total"].as_u64().unwrap() >= 1);
        let section = sections["rows"][sections["total"].as_u64().unwrap() as usize - 1]["path"].clone();
        let keys = ok(&mut s, "children", json!({"path": section}), &[]).result;
        let first = keys["rows"][0].clone();
        assert_eq!(first["offset"], serde_json::Value::Null); // text has no byte ranges
        ok(&mut s, "set", json!({"path": first["path"], "text": "\"changed\"", "retype": true}), &[]);
        let saved = save(&mut s);
        let text = String::from_utf8(saved.clone()).unwrap();
        assert!(
            text.contains(&format!("{}=\"changed\"", first["label"].as_str().unwrap().trim_matches('"'))),
            "{text}"
        );
        let mut back = Session::new();
        let r = ok(&mut back, "open", json!({"name": "values.cfg"}), &saved).result;
        assert_eq!((r["framing"].as_str(), r["dialect"].as_str()), (Some("config"), opened_dialect(engine)));
    }
}

fn opened_dialect(engine: &str) -> Option<&'static str> {
    Some(if engine == "godot-4.6" { "godot4.6" } else { "godot3" })
}

#[test]
fn an_encrypted_config_file_opens_with_its_password() {
    let path = fixtures().join("godot-4.6/config_file/values.gdec");
    let mut s = Session::new();
    let r = open(&mut s, &path, json!({"name": "values.gdec", "password": PASSWORD}));
    assert_eq!((r["container"].as_str(), r["framing"].as_str()), (Some("encrypted"), Some("config")));
    let plain = std::fs::read(fixtures().join("godot-4.6/config_file/values.cfg")).unwrap();
    assert_eq!(ok(&mut s, "content", json!({}), &[]).data.unwrap(), plain);
    assert_eq!(save(&mut s), std::fs::read(&path).unwrap());
}

#[test]
fn a_godot_3_6_save_migrates_to_the_bytes_godot_4_6_wrote() {
    // The engines' scripts stored the same values; Godot 4.6's plain.sav is the truth for the migration.
    let mut s = Session::new();
    open(&mut s, &fixtures().join("godot-3.6/containers/plain.sav"), json!({"name": "plain.sav"}));
    let r = ok(&mut s, "migrate", json!({"to": "godot4.6"}), &[]).result;
    assert_eq!((r["dialect"].as_str(), r["dirty"].as_bool()), (Some("godot4.6"), Some(true)));
    let four = std::fs::read(fixtures().join("godot-4.6/containers/plain.sav")).unwrap();
    assert_eq!(save(&mut s), four);
    ok(&mut s, "undo", json!({}), &[]);
    assert_eq!(save(&mut s), std::fs::read(fixtures().join("godot-3.6/containers/plain.sav")).unwrap());

    // An encrypted 3.x file takes Godot 4's layout with the same key.
    let mut s = Session::new();
    open(&mut s, &fixtures().join("godot-3.6/containers/key.gdec"), json!({"name": "k", "key_hex": key_hex()}));
    let r = ok(&mut s, "migrate", json!({}), &[]).result;
    assert_eq!((r["layout"].as_str(), r["dialect"].as_str()), (Some("godot4"), Some("godot4.6")));
    let saved = save(&mut s);
    let mut back = Session::new();
    let r = ok(&mut back, "open", json!({"name": "k", "key_hex": key_hex()}), &saved).result;
    assert_eq!((r["layout"].as_str(), r["dialect"].as_str()), (Some("godot4"), Some("godot4.6")));
    assert_eq!(ok(&mut back, "content", json!({}), &[]).data.unwrap(), four);
}

#[test]
fn export_writes_one_value_per_line() {
    let mut s = Session::new();
    open(&mut s, &fixtures().join("godot-4.6/containers/plain.sav"), json!({"name": "plain.sav"}));
    let text = String::from_utf8(ok(&mut s, "export", json!({"form": "text"}), &[]).data.unwrap()).unwrap();
    assert!(text.ends_with("\"save-end\"\n"), "{text}");
    let json = String::from_utf8(ok(&mut s, "export", json!({"form": "json"}), &[]).data.unwrap()).unwrap();
    assert_eq!(json.lines().count(), 3);
    for line in json.lines() {
        serde_json::from_str::<serde_json::Value>(line).unwrap();
    }
}

#[test]
fn diff_lists_what_changed_was_added_or_removed() {
    let path = fixtures().join("godot-4.6/containers/plain.sav");
    let original = std::fs::read(&path).unwrap();
    let mut s = Session::new();
    open(&mut s, &path, json!({"name": "plain.sav"}));
    ok(&mut s, "set", json!({"path": [0, 1], "text": "43"}), &[]);
    ok(&mut s, "insert", json!({"path": [0, 3], "key": "3", "text": "\"shield\""}), &[]);
    ok(&mut s, "remove", json!({"path": [0, 0]}), &[]);
    let edited = save(&mut s);
    let mut left = Session::new();
    open(&mut left, &path, json!({"name": "plain.sav"}));
    let r = ok(&mut left, "diff", json!({"name": "edited.sav"}), &edited).result;
    assert_eq!(r["total"], 3, "{r}");
    let kinds: Vec<(&str, &str)> = r["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["kind"].as_str().unwrap(), c["display"].as_str().unwrap()))
        .collect();
    assert_eq!(kinds, [("removed", "0 › \"name\""), ("changed", "0 › \"hp\""), ("added", "0 › \"inv\" › 3")]);
    assert_eq!((r["changes"][1]["before"].as_str(), r["changes"][1]["after"].as_str()), (Some("42"), Some("43")));
    let r = ok(&mut left, "diff", json!({}), &original).result;
    assert_eq!(r["total"], 0);
}

#[test]
fn an_edited_config_file_keeps_every_other_line_as_the_engine_wrote_it() {
    let mut checked = 0;
    // The texts ConfigFile.save wrote (the .txt ones are hand-written quirks the engine read).
    for path in config_files().into_iter().filter(|p| p.extension().is_some_and(|e| e == "cfg")) {
        let bytes = std::fs::read(&path).unwrap();
        let mut s = Session::new();
        let r = ok(&mut s, "open", json!({"name": "c"}), &bytes).result;
        assert_eq!(r["framing"], "config", "{}", path.display());
        // The last key of the last section becomes a new string.
        let sections = ok(&mut s, "children", json!({"path": [0]}), &[]).result;
        let Some(n) = sections["total"].as_u64().filter(|n| *n > 0) else { continue };
        let section = sections["rows"][n as usize - 1]["path"].clone();
        let keys = ok(&mut s, "children", json!({"path": section, "count": 1000}), &[]).result;
        let Some(k) = keys["total"].as_u64().filter(|n| *n > 0) else { continue };
        let key = keys["rows"][k as usize - 1].clone();
        ok(&mut s, "set", json!({"path": key["path"], "text": "\"edited value\"", "retype": true}), &[]);
        let saved = String::from_utf8(save(&mut s)).unwrap();
        let original = String::from_utf8(bytes).unwrap();
        let kept: std::collections::HashSet<&str> = saved.lines().collect();
        let lost: Vec<&str> = original.lines().filter(|l| !kept.contains(l)).collect();
        assert!(lost.len() <= 4, "{}: {lost:?}", path.display()); // the edited entry (a value may span lines)
        assert!(saved.contains("=\"edited value\""), "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 3, "{checked}");
}
