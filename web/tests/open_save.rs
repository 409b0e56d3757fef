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
        assert_eq!(save(&mut s), bytes, "{}", path.display());
        opened += 1;
    }
    assert!(opened >= 3, "{opened} ConfigFile texts opened");
}
