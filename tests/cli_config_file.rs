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
