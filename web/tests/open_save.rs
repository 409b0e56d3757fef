//! Opening every engine-written save and container, and saving it back untouched.

mod common;

use common::*;
use godot_bin_web::Session;
use serde_json::json;

#[test]
fn every_fixture_opens_and_saves_back_byte_identical() {
    let saves = saves();
    assert!(saves.len() >= 15, "{} fixtures", saves.len());
    for (path, args) in saves {
        let mut s = Session::new();
        let r = open(&mut s, &path, args);
        // The engines' scripts stored three values: a dictionary, an array, a marker string.
        assert_eq!(r["values"], 3, "{}: {r}", path.display());
        let engine = path.parent().unwrap().parent().unwrap().file_name().unwrap().to_str().unwrap();
        let want = if engine == "godot-4.6" { "godot4.6" } else { "godot3" };
        assert_eq!(r["dialect"], want, "{}", path.display());
        assert_eq!(save(&mut s), std::fs::read(&path).unwrap(), "{}", path.display());
    }
}

#[test]
fn an_encrypted_file_asks_for_its_password_and_refuses_a_wrong_one() {
    let path = fixtures().join("godot-4.6/containers/pass.gdec");
    let bytes = std::fs::read(&path).unwrap();
    let mut s = Session::new();
    let r = ok(&mut s, "open", json!({"name": "pass.gdec"}), &bytes).result;
    assert_eq!(r["status"], "need_password");
    let e = fails(&mut s, "open", json!({"name": "pass.gdec", "password": "hunter3"}), &bytes);
    assert_eq!(e.message, "wrong password or key");
    let r = ok(&mut s, "open", json!({"name": "pass.gdec", "password": PASSWORD}), &bytes).result;
    assert_eq!((r["container"].as_str(), r["layout"].as_str()), (Some("encrypted"), Some("godot4")));
    for engine in ["godot-3.2.3", "godot-3.6"] {
        let bytes = std::fs::read(fixtures().join(engine).join("containers/pass.gdec")).unwrap();
        let e = fails(&mut s, "open", json!({"name": "pass.gdec", "key_hex": "00".repeat(32)}), &bytes);
        assert_eq!(e.message, "wrong password or key", "{engine}");
    }
}

#[test]
fn config_files_open_as_config_and_save_back_byte_identical() {
    let files = config_files();
    let mut opened = 0;
    for path in files {
        let mut s = Session::new();
        let bytes = std::fs::read(&path).unwrap();
        let r = ok(&mut s, "open", json!({"name": "x"}), &bytes).result;
        if r["framing"] != "config" {
            continue; // (binary fixtures beside the text)
        }
        assert_eq!(r["values"], 1, "{}", path.display());
        // The evidence says what the text was read as, not that it is no binary data.
        let first = r["evidence"][0].as_str().unwrap_or_default();
        assert!(first.starts_with("ConfigFile text, read as godot"), "{}: {first}", path.display());
        assert_eq!(save(&mut s), bytes, "{}", path.display());
        opened += 1;
    }
    assert!(opened >= 3, "{opened} ConfigFile texts opened");
}

#[test]
fn reopen_reads_the_same_bytes_as_told() {
    let path = fixtures().join("godot-4.6/containers/plain.sav");
    let mut s = Session::new();
    open(&mut s, &path, json!({"name": "plain.sav"}));
    // The same bytes as one bare value: the first length is no value, so the read fails at once.
    let r = ok(&mut s, "reopen", json!({"framing": "bare"}), &[]).result;
    assert_eq!(
        (r["status"].as_str(), r["framing"].as_str(), r["values"].as_u64()),
        (Some("partial"), Some("bare"), Some(0))
    );
    assert!(r["error"]["offset"].is_u64(), "{r}");
    let r = ok(&mut s, "reopen", json!({"framing": "stream", "dialect": "godot4.3"}), &[]).result;
    assert_eq!(
        (r["status"].as_str(), r["dialect"].as_str(), r["values"].as_u64()),
        (Some("ok"), Some("godot4.3"), Some(3))
    );
    assert_eq!(save(&mut s), std::fs::read(&path).unwrap());
    assert!(fails(&mut s, "reopen", json!({"dialect": "godot9"}), &[]).message.contains("godot9"));
    // A failed reopen keeps the document open.
    assert_eq!(ok(&mut s, "children", json!({"path": []}), &[]).result["total"], 3);
}

#[test]
fn a_reading_asked_for_that_detection_does_not_offer_is_a_warning_not_an_error() {
    // Godot 3.6's save read as Godot 4.6: its type ids name other types there, and every value still reads.
    let path = fixtures().join("godot-3.6/containers/plain.sav");
    let mut s = Session::new();
    open(&mut s, &path, json!({"name": "plain.sav"}));
    let r = ok(&mut s, "reopen", json!({"dialect": "godot4.6"}), &[]).result;
    assert_eq!((r["dialect"].as_str(), r["values"].as_u64()), (Some("godot4.6"), Some(3)), "{r}");
    assert!(r["error"].is_null(), "{r}");
    let first = r["evidence"][0].as_str().unwrap_or_default();
    assert!(first.starts_with("read as godot4.6 stream: no detected reading"), "{first}");
}

/// JSON saves as the engines write them (`JSON.stringify` / `to_json`, indented, sorted or not, one per line)
/// open as JSON, save back byte-identical, and an edit is written in the file's own style.
#[test]
fn json_saves_open_as_json_and_save_in_their_style() {
    for engine in ["godot-4.6", "godot-3.6"] {
        for name in ["lines.json", "tab.json", "unsorted.json", "sorted.json", "spaces.json"] {
            let path = fixtures().join(engine).join("json").join(name);
            let bytes = std::fs::read(&path).unwrap();
            let mut s = Session::new();
            let r = ok(&mut s, "open", json!({"name": name}), &bytes).result;
            assert_eq!(r["framing"], "json", "{}: {r}", path.display());
            // Godot 3.6's lines.json holds no number that only one engine writes (no `-0`, no `35.0`): it
            // reads as Godot 4, whose writer gives the same text.
            let want = if engine == "godot-4.6" || name == "lines.json" { "godot4.6" } else { "godot3" };
            assert_eq!(r["dialect"], want, "{}", path.display());
            assert_eq!(save(&mut s), bytes, "{}", path.display());
            // An edit: the first int of the first document goes up by one; nothing else of the text changes.
            let rows = ok(&mut s, "children", json!({"path": [0]}), &[]).result;
            let rows = rows["rows"].as_array().unwrap();
            let at = rows.iter().position(|r| r["type"] == "int").unwrap();
            let (key, old) = (rows[at]["label"].as_str().unwrap(), rows[at]["preview"].as_str().unwrap());
            let new = (old.parse::<i64>().unwrap() + 1).to_string();
            ok(&mut s, "set", json!({"path": [0, at], "text": new}), &[]);
            let edited = String::from_utf8(save(&mut s)).unwrap();
            let before = String::from_utf8(bytes).unwrap();
            let sep = if before.contains(&format!("{key}: ")) { ": " } else { ":" };
            let want = before.replacen(&format!("{key}{sep}{old}"), &format!("{key}{sep}{new}"), 1);
            assert_eq!(edited, want, "{}", path.display());
        }
    }
}

/// Every JSON file the engines wrote (`JSON.stringify` / `to_json`, one document or one per line).
fn json_saves() -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for engine in ["godot-3.2.3", "godot-3.6", "godot-4.6"] {
        let Ok(list) = std::fs::read_dir(fixtures().join(engine).join("json")) else { continue };
        out.extend(list.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "json")));
    }
    out.sort();
    out
}

#[test]
fn json_saves_open_as_json_and_save_back_in_their_own_formatting() {
    let files = json_saves();
    assert!(files.len() >= 12, "{} JSON fixtures", files.len());
    for path in files {
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        let mut s = Session::new();
        let bytes = std::fs::read(&path).unwrap();
        let r = open(&mut s, &path, json!({"name": name}));
        assert_eq!(r["framing"], "json", "{}: {r}", path.display());
        assert!(r["values"].as_u64().unwrap() >= 1, "{}: {r}", path.display());
        assert_eq!(save(&mut s), bytes, "{}", path.display());
        // One number changed: the file saved differs from the opened one in that number's text only.
        let rows = ok(&mut s, "children", json!({"path": [0], "start": 0, "count": 100}), &[]).result;
        let Some(row) = rows["rows"].as_array().unwrap().iter().find(|r| r["type"] == "float" || r["type"] == "int")
        else {
            continue;
        };
        let before = row["preview"].as_str().unwrap().to_string();
        let after = if row["type"] == "float" { "12345.5" } else { "12345" };
        ok(&mut s, "set", json!({"path": row["path"], "text": after}), &[]);
        let saved = String::from_utf8(save(&mut s)).unwrap();
        let opened = String::from_utf8(bytes).unwrap();
        let p = common_prefix(&opened, &saved);
        let q = common_suffix(&opened, &saved).min(opened.len().min(saved.len()) - p);
        let (old, new) = (&opened[p..opened.len() - q], &saved[p..saved.len() - q]);
        // Where the number starts (the two may share its first digits).
        let start = saved[..p].trim_end_matches(|c: char| c.is_ascii_digit() || c == '.' || c == '-').len();
        let changed = saved[start..].starts_with(after) && !new.contains('\n') && !old.contains('\n');
        assert!(changed, "{}: {old:?} -> {new:?} (was {before})", path.display());
    }
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

fn common_suffix(a: &str, b: &str) -> usize {
    a.bytes().rev().zip(b.bytes().rev()).take_while(|(x, y)| x == y).count()
}
