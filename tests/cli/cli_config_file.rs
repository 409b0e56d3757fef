//! `godot-bin config-file` on ConfigFile text written by real engines (tests/fixtures/<engine>/config_file;
//! feature `cli`).
#![cfg(feature = "cli")]

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_godot-bin")).args(args).env_remove("GODOT_BIN_PASSWORD").output().unwrap()
}

fn ok(args: &[&str]) -> Vec<u8> {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

fn fixture(engine: &str, name: &str) -> String {
    format!("{}/tests/fixtures/{engine}/config_file/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn config_to_json_and_back_is_the_engine_file() {
    for (engine, dialect) in [("godot-4.6", "godot4.6"), ("godot-3.6", "godot3")] {
        let cfg = fixture(engine, "values.cfg");
        let json = ok(&["config-file", "--dialect", dialect, &cfg]);
        let j: serde_json::Value = serde_json::from_slice(&json).unwrap();
        assert!(j.get("player").is_some(), "{engine}: {j}");
        let dir = std::env::temp_dir().join(format!("godot-bin-cfg-{}-{engine}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let jpath = dir.join("v.json");
        std::fs::write(&jpath, &json).unwrap();
        let back =
            ok(&["config-file", "--dialect", dialect, "--from", "json", "--to", "config", jpath.to_str().unwrap()]);
        assert_eq!(String::from_utf8(back).unwrap(), std::fs::read_to_string(&cfg).unwrap(), "{engine}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn encrypted_input_and_errors() {
    let gdec = fixture("godot-4.6", "values.gdec");
    let json = ok(&["config-file", "--dialect", "godot4.6", "--password", "hunter2 \u{e9}", &gdec]);
    let plain = ok(&["config-file", "--dialect", "godot4.6", &fixture("godot-4.6", "values.cfg")]);
    assert_eq!(json, plain);
    let o = run(&["config-file", "--dialect", "godot4.6", "--password", "nope", &gdec]);
    assert_eq!(o.status.code(), Some(1));
    let bad = std::env::temp_dir().join(format!("godot-bin-cfg-bad-{}.cfg", std::process::id()));
    std::fs::write(&bad, "[a]\nx=Vector2(1,\n").unwrap();
    let o = run(&["config-file", "--dialect", "godot4.6", bad.to_str().unwrap()]);
    std::fs::remove_file(&bad).unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 3, column 1"), "{}", String::from_utf8_lossy(&o.stderr));
}

fn fails(args: &[&str], code: i32) -> String {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    err
}

const PASSWORD: &str = "hunter2 \u{e9}";

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("godot-bin-cfg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A jq edit writes `1` where the original had `0.8`; with `--like ORIGINAL` the value is a float again
/// (`master=1.0`, a float in Godot; without it `master=1`, an int). The dialect comes from ORIGINAL.
#[test]
fn like_keeps_a_float_a_float_after_a_jq_edit() {
    let dir = temp_dir("like");
    let cfg = dir.join("settings.cfg");
    std::fs::write(&cfg, "[audio]\n\nmaster=0.8\npos=Vector2( 1, 0.5 )\n").unwrap();
    let c = cfg.to_str().unwrap();
    let json = String::from_utf8(ok(&["config-file", c])).unwrap();
    assert!(json.contains("\"master\":0.8"), "{json}");
    // What `jq '.audio.master = 1 | .audio.pos["$Vector2"][0] = 2'` prints.
    let edited = json.replace("\"master\":0.8", "\"master\":1").replace("[1.0,0.5]", "[2,0.5]");
    assert_ne!(edited, json);
    let j = dir.join("edited.json");
    std::fs::write(&j, &edited).unwrap();
    let back = ok(&["config-file", "--from", "json", "--to", "config", "--like", c, j.to_str().unwrap()]);
    assert_eq!(String::from_utf8(back).unwrap(), "[audio]\n\nmaster=1.0\npos=Vector2( 2, 0.5 )\n");
    let without = ok(&["config-file", "--dialect", "godot3", "--from", "json", "--to", "config", j.to_str().unwrap()]);
    assert_eq!(String::from_utf8(without).unwrap(), "[audio]\n\nmaster=1\npos=Vector2( 2, 0.5 )\n");
    // Written over the original with -o.
    ok(&["config-file", "--from", "json", "--to", "config", "--like", c, j.to_str().unwrap(), "-o", c]);
    assert_eq!(std::fs::read_to_string(&cfg).unwrap(), "[audio]\n\nmaster=1.0\npos=Vector2( 2, 0.5 )\n");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Without --dialect the engines' own files are read in their dialect (3.x and 4.x syntax differ:
/// `PoolStringArray( … )` / `PackedStringArray(…)`, `Vector2( 1, 2 )` / `Vector2(1, 2)`), and written back
/// byte-identical; where the text or JSON does not tell, the message names --dialect.
#[test]
fn dialect_is_detected_from_the_text() {
    for (engine, dialect) in [("godot-4.6", "godot4.6"), ("godot-3.6", "godot3"), ("godot-3.2.3", "godot3")] {
        let cfg = fixture(engine, "values.cfg");
        let given = ok(&["config-file", "--dialect", dialect, "--to", "config", "--bare-keys", &cfg]);
        assert_eq!(ok(&["config-file", "--to", "config", "--bare-keys", &cfg]), given, "{engine}");
        assert_eq!(ok(&["config-file", &cfg]), ok(&["config-file", "--dialect", dialect, &cfg]), "{engine}");
        if engine != "godot-3.2.3" {
            let same = ok(&["config-file", "--to", "config", &cfg]);
            assert_eq!(same, std::fs::read(&cfg).unwrap(), "{engine}");
        }
    }
    let dir = temp_dir("detect");
    let odd = dir.join("odd.cfg");
    std::fs::write(&odd, "[a]\nv=Vector2(1,2)\n").unwrap();
    let e = fails(&["config-file", "--to", "config", odd.to_str().unwrap()], 2);
    assert!(e.contains("--dialect godot3") && e.contains("Godot 3.x or 4.x"), "{e}");
    // The same text to JSON: the dialects read the same values, so nothing needs telling.
    ok(&["config-file", odd.to_str().unwrap()]);
    let json = dir.join("v.json");
    std::fs::write(&json, r#"{"a":{"v":{"$Vector2":[1.0,2.0]}}}"#).unwrap();
    let e = fails(&["config-file", "--from", "json", "--to", "config", json.to_str().unwrap()], 2);
    assert!(e.contains("--dialect") && e.contains("--like"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// ConfigFile text is written encrypted as `save_encrypted_pass` does when a password is given, and an
/// encrypted input or ORIGINAL stays encrypted (in the dialect's layout; --plain writes the text).
/// scripts/live.sh config-file has the engines read such files with `load_encrypted_pass`.
#[test]
fn a_password_writes_an_encrypted_config_file() {
    use crate::common::containers::decrypt_as;
    use godot_bin::container::{Key, Layout};
    let key = Key::from_password(PASSWORD);
    for (engine, layout) in [("godot-4.6", Layout::Godot4), ("godot-3.6", Layout::Godot3)] {
        let cfg = fixture(engine, "values.cfg");
        let text = std::fs::read(&cfg).unwrap();
        let enc = ok(&["config-file", "--to", "config", "--password", PASSWORD, &cfg]);
        assert_eq!(decrypt_as(&enc, &key, layout, 1 << 20).unwrap(), text, "{engine}");
        if layout == Layout::Godot3 {
            // No IV in 3.x's layout: the very bytes of the engine's save_encrypted_pass.
            assert_eq!(enc, std::fs::read(fixture(engine, "values.gdec")).unwrap(), "{engine}");
        }
        // An encrypted input stays encrypted; --plain writes the text; JSON is never encrypted.
        let gdec = fixture(engine, "values.gdec");
        let again = ok(&["config-file", "--to", "config", "--password", PASSWORD, &gdec]);
        assert_eq!(decrypt_as(&again, &key, layout, 1 << 20).unwrap(), text, "{engine}");
        assert_eq!(ok(&["config-file", "--to", "config", "--password", PASSWORD, "--plain", &gdec]), text);
        let json = ok(&["config-file", "--password", PASSWORD, &gdec]);
        assert_eq!(json, ok(&["config-file", &cfg]), "{engine}");
        // JSON back --like the encrypted original: encrypted again.
        let dir = temp_dir(engine);
        let j = dir.join("v.json");
        std::fs::write(&j, &json).unwrap();
        let out = dir.join("out.cfg");
        let args = ["config-file", "--from", "json", "--to", "config", "--like", &gdec, j.to_str().unwrap()];
        let o = Command::new(env!("CARGO_BIN_EXE_godot-bin"))
            .args(args)
            .args(["-o", out.to_str().unwrap()])
            .env("GODOT_BIN_PASSWORD", PASSWORD)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        assert_eq!(decrypt_as(&std::fs::read(&out).unwrap(), &key, layout, 1 << 20).unwrap(), text, "{engine}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
    let e = fails(&["config-file", "--to", "config", "--encrypt", &fixture("godot-4.6", "values.cfg")], 2);
    assert!(e.contains("GODOT_BIN_PASSWORD"), "{e}");
}
