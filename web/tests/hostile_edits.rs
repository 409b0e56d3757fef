//! What a hostile save or a hostile edit may not do to the page's answers: swell every row with a huge
//! key, or turn a typed array untyped behind the user's back.

mod common;

use common::*;
use godot_bin_web::Session;
use serde_json::json;

/// Little-endian u32 words.
fn words(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// A Godot 4 String (type 4): its length, its bytes, padded to 4.
fn string(s: &[u8]) -> Vec<u8> {
    let mut out = words(&[4, s.len() as u32]);
    out.extend_from_slice(s);
    out.resize(out.len().next_multiple_of(4), 0);
    out
}

#[test]
fn a_huge_key_is_cut_in_the_rows_and_the_diff_but_whole_in_the_editor() {
    // A bare Dictionary (type 27) of two entries: a 1 MB String key and a short one, each to an int.
    let key = vec![b'k'; 1 << 20];
    let file = |value: u32| {
        let mut f = words(&[27, 2]);
        f.extend(string(&key));
        f.extend(words(&[2, value]));
        f.extend(string(b"b"));
        f.extend(words(&[2, 1]));
        f
    };
    let mut s = Session::new();
    ok(&mut s, "open", json!({"name": "huge-key.sav"}), &file(7));
    let rows = ok(&mut s, "children", json!({"path": [0]}), &[]).result;
    let label = rows["rows"][0]["label"].as_str().unwrap();
    assert!(label.starts_with("\"kkk") && label.chars().count() <= 121, "{} chars", label.len());
    assert_eq!(rows["rows"][1]["label"], "\"b\"");
    let node = ok(&mut s, "node", json!({"path": [0, 0]}), &[]).result;
    assert_eq!(node["key_text"].as_str().map(str::len), Some(key.len() + 2));
    let diff = ok(&mut s, "diff", json!({}), &file(8)).result;
    let display = diff["changes"][0]["display"].as_str().unwrap();
    assert!(display.starts_with("0 › \"kkk") && display.chars().count() <= 125, "{} chars", display.len());
}

#[test]
fn a_typed_array_keeps_its_type_unless_retyped() {
    // A Godot 4.6 Dictionary {"inv": Array[int]([1, 2])}: a typed Array is type 28 with 1 << 16 (a
    // builtin element type), then the element type (2: int).
    let mut file = words(&[27, 1]);
    file.extend(string(b"inv"));
    file.extend(words(&[28 | 1 << 16, 2, 2, 2, 1, 2, 2]));
    let mut s = Session::new();
    ok(&mut s, "open", json!({"name": "typed.sav", "dialect": "godot4.6"}), &file);
    assert_eq!(ok(&mut s, "node", json!({"path": [0, 0]}), &[]).result["row"]["type"], "Array[int]");
    for other in ["[1, 2, 3]", "Array[String]([\"a\"])"] {
        let e = s.call("set", &json!({"path": [0, 0], "text": other}), &[]).unwrap_err();
        assert!(e.message.contains("Array[int]") && e.message.contains("retype"), "{other}: {e}");
    }
    ok(&mut s, "set", json!({"path": [0, 0], "text": "Array[int]([3])"}), &[]);
    let e = s.call("insert", &json!({"path": [0, 0], "text": "\"x\""}), &[]).unwrap_err();
    assert!(e.message.contains("typed"), "{e}");
    ok(&mut s, "set", json!({"path": [0, 0], "text": "[1, 2, 3]", "retype": true}), &[]);
    assert_eq!(ok(&mut s, "node", json!({"path": [0, 0]}), &[]).result["row"]["type"], "Array");
    // Undo past the first edit and redo past the last: nothing to do, no error.
    for _ in 0..4 {
        ok(&mut s, "undo", json!({}), &[]);
    }
    assert_eq!(ok(&mut s, "save", json!({}), &[]).data.unwrap(), file);
    for _ in 0..4 {
        ok(&mut s, "redo", json!({}), &[]);
    }
    assert_eq!(ok(&mut s, "node", json!({"path": [0, 0]}), &[]).result["row"]["type"], "Array");
}

#[test]
fn a_typed_dictionary_typed_in_holds_its_types_only() {
    // A Godot 4.6 Dictionary {"stats": {}}: the empty one is replaced by typed text.
    let mut file = words(&[27, 1]);
    file.extend(string(b"stats"));
    file.extend(words(&[27, 0]));
    let mut s = Session::new();
    ok(&mut s, "open", json!({"name": "stats.sav", "dialect": "godot4.6"}), &file);
    let e = s
        .call(
            "set",
            &json!({"path": [0, 0], "text": "Dictionary[String, int]({\"hp\": \"full\"})", "retype": true}),
            &[],
        )
        .unwrap_err();
    assert!(e.message.contains("Dictionary[String, int]") && e.message.contains("String value"), "{e}");
    let e = s
        .call(
            "insert",
            &json!({"path": [0], "key": "\"more\"", "text": "[Array[int]([1]), Dictionary[int, int]({1: [2]})]"}),
            &[],
        )
        .unwrap_err();
    assert!(e.message.contains("Dictionary[int, int] cannot hold the Array value"), "{e}");
    ok(&mut s, "set", json!({"path": [0, 0], "text": "Dictionary[String, int]({\"hp\": 3})", "retype": true}), &[]);
    assert_eq!(ok(&mut s, "node", json!({"path": [0, 0]}), &[]).result["row"]["type"], "Dictionary[String, int]");
}
