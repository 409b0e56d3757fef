//! Editing engine-written saves: set, insert, remove, undo and redo, then save and read the file back.

mod common;

use common::*;
use godot_bin_web::Session;
use serde_json::{json, Value};

/// The text form of the node at `path`.
fn text_at(s: &mut Session, path: Value) -> String {
    ok(s, "node", json!({"path": path}), &[]).result["text"].as_str().unwrap().to_string()
}

/// Opens `bytes` (saved by the page) in a new session as the original was opened.
fn reopen_saved(bytes: &[u8], args: &Value) -> Session {
    let mut s = Session::new();
    let r = ok(&mut s, "open", args.clone(), bytes).result;
    assert_eq!(r["status"], "ok", "{r}");
    s
}

#[test]
fn an_edit_in_every_fixture_saves_reopens_and_undoes_to_the_same_bytes() {
    for (path, args) in saves() {
        let original = std::fs::read(&path).unwrap();
        let mut s = Session::new();
        let opened = open(&mut s, &path, args.clone());
        let r = ok(&mut s, "set", json!({"path": [2], "text": "\"edited\""}), &[]).result;
        assert_eq!((r["dirty"].as_bool(), r["values"].as_u64()), (Some(true), Some(3)), "{}", path.display());
        let saved = save(&mut s);
        assert_ne!(saved, original, "{}", path.display());
        let mut back = reopen_saved(&saved, &args);
        let again = ok(&mut back, "reopen", json!({}), &[]).result;
        for field in ["container", "compression", "layout", "framing", "dialect", "values"] {
            assert_eq!(again[field], opened[field], "{}: {field}", path.display());
        }
        assert_eq!(text_at(&mut back, json!([2])), "\"edited\"", "{}", path.display());
        assert_eq!(text_at(&mut back, json!([0])), text_at(&mut s, json!([0])), "{}", path.display());
        let r = ok(&mut s, "undo", json!({}), &[]).result;
        assert_eq!((r["dirty"].as_bool(), &r["path"]), (Some(false), &json!([2])), "{}", path.display());
        assert_eq!(save(&mut s), original, "{}: undone", path.display());
        assert_eq!(ok(&mut s, "undo", json!({}), &[]).result["path"], Value::Null);
    }
}

#[test]
fn edits_of_a_godot_4_6_encrypted_save_through_every_op() {
    let path = fixtures().join("godot-4.6/containers/pass.gdec");
    let args = json!({"name": "pass.gdec", "password": PASSWORD});
    let original = std::fs::read(&path).unwrap();
    let mut s = Session::new();
    open(&mut s, &path, args.clone());
    // value 0 is {"name": "hero", "hp": 42, "pos": Vector2(1.5, -2), "inv": {1: "sword", 2: "potion"},
    // "tags": PackedStringArray(…)} as the engine's script stored it.
    let row = |s: &mut Session, p: Value| ok(s, "node", json!({"path": p}), &[]).result;
    assert_eq!(row(&mut s, json!([0, 1]))["key_text"], "\"hp\"");
    assert_eq!(row(&mut s, json!([0, 1]))["int_bits"], 32);
    ok(&mut s, "set", json!({"path": [0, 1], "text": "43"}), &[]);
    ok(&mut s, "set", json!({"path": [0, 2], "text": "Vector2(3, 4.5)"}), &[]);
    let r = ok(&mut s, "insert", json!({"path": [0, 3], "key": "3", "text": "\"shield\""}), &[]).result;
    assert_eq!(r["path"], json!([0, 3, 2]));
    assert_eq!(r["row"]["label"], "3");
    let tags = row(&mut s, json!([0, 4]))["row"]["children"].as_u64().unwrap() as usize;
    ok(&mut s, "insert", json!({"path": [0, 4]}), &[]); // a copy of the last element
    ok(&mut s, "set", json!({"path": [0, 4, tags], "text": "\"new tag\""}), &[]);
    ok(&mut s, "remove", json!({"path": [0, 0]}), &[]);
    let edited_content = ok(&mut s, "content", json!({}), &[]).data.unwrap();
    let saved = save(&mut s);
    let mut back = reopen_saved(&saved, &args);
    assert_eq!(ok(&mut back, "content", json!({}), &[]).data.unwrap(), edited_content);
    // "name" is gone: "hp" is entry 0 now.
    assert_eq!(row(&mut back, json!([0, 0]))["key_text"], "\"hp\"");
    assert_eq!(text_at(&mut back, json!([0, 0])), "43");
    assert_eq!(text_at(&mut back, json!([0, 1])), "Vector2(3, 4.5)");
    assert_eq!(text_at(&mut back, json!([0, 2])), "{\n1: \"sword\",\n2: \"potion\",\n3: \"shield\"\n}");
    assert_eq!(text_at(&mut back, json!([0, 3, tags])), "\"new tag\"");
    for _ in 0..6 {
        assert!(ok(&mut s, "undo", json!({}), &[]).result.get("path").is_some());
    }
    assert_eq!(save(&mut s), original);
    for _ in 0..6 {
        ok(&mut s, "redo", json!({}), &[]);
    }
    assert_eq!(ok(&mut s, "content", json!({}), &[]).data.unwrap(), edited_content);
}

#[test]
fn a_wrong_type_is_refused_unless_retyped_and_typed_containers_keep_their_type() {
    let mut s = Session::new();
    let path = fixtures().join("godot-4.6/containers/plain.sav");
    open(&mut s, &path, json!({"name": "plain.sav"}));
    let e = fails(&mut s, "set", json!({"path": [0, 1], "text": "\"forty\""}), &[]);
    assert!(e.message.contains("retype"), "{}", e.message);
    let e = fails(&mut s, "set", json!({"path": [0, 1], "text": "1 +"}), &[]);
    assert!(e.offset.is_some(), "{e:?}");
    ok(&mut s, "set", json!({"path": [0, 1], "text": "\"forty\"", "retype": true}), &[]);
    // A packed array takes its element type only.
    let e = fails(&mut s, "insert", json!({"path": [1], "text": "300"}), &[]);
    assert!(e.message.contains("packed array"), "{}", e.message);
    assert!(fails(&mut s, "remove", json!({"path": [1]}), &[]).message.contains("top value"));

    // Godot 4.6 var_to_bytes(Array[int]([1, 2, 3])) (tests/fixtures/godot-4.6/values.tsv "tarr_int").
    let tarr = unhex("1c0001000200000003000000020000000100000002000000020000000200000003000000");
    let mut s = Session::new();
    let r = ok(&mut s, "open", json!({"name": "a.bin"}), &tarr).result;
    assert_eq!((r["framing"].as_str(), r["values"].as_u64()), (Some("bare"), Some(1)));
    assert_eq!(ok(&mut s, "children", json!({"path": []}), &[]).result["rows"][0]["type"], "Array[int]");
    let e = fails(&mut s, "insert", json!({"path": [0], "text": "\"x\""}), &[]);
    assert!(e.message.contains("typed"), "{}", e.message);
    ok(&mut s, "insert", json!({"path": [0], "index": 0, "text": "7"}), &[]);
    assert_eq!(text_at(&mut s, json!([0])), "Array[int]([7, 1, 2, 3])");
}
