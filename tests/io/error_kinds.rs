//! One `match` on `Error::kind()` tells apart what went wrong in any module: a wrong password, a damaged
//! file, a syntax error in ConfigFile text, JSON or the text form (each with its line and column).

use crate::common::containers::decode;
use godot_bin::config_file::ConfigFile;
use godot_bin::container::Key;
use godot_bin::error::{Form, Position};
use godot_bin::file::Options;
use godot_bin::{json, text, Config, Error, ErrorKind};

/// What a tool would tell its user, decided by the kind alone.
fn verdict(e: &Error) -> String {
    match e.kind() {
        ErrorKind::WrongKey => "wrong password".into(),
        ErrorKind::Damaged => "damaged".into(),
        ErrorKind::Syntax { form, .. } => {
            let Some(&Position::Text { line, column, .. }) = e.position() else {
                panic!("a syntax error has a line and column: {e}")
            };
            let form = match form {
                Form::ConfigFile => "ConfigFile",
                Form::Json => "JSON",
                Form::Text => "text",
                _ => "another form",
            };
            format!("{form} syntax at {line}:{column}")
        }
        other => format!("other: {other}"),
    }
}

#[test]
fn one_match_tells_every_failure_apart() {
    let cfg = Config::default();
    // A save Godot 4.6 encrypted with open_encrypted_with_pass("hunter2 é").
    let file =
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-4.6/containers/pass.gdec")).unwrap();
    let right = || Options { key: Some(Key::from_password("hunter2 \u{e9}")), ..Options::default() };
    assert!(decode(&file, &right()).is_ok());
    let wrong = decode(&file, &Options { key: Some(Key::from_password("hunter3")), ..Options::default() }).unwrap_err();
    // The same file with one byte of its content flipped (after the 4.6 header: magic, mode, MD5, length, IV).
    let mut damaged = file.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x10;
    let damaged = decode(&damaged, &right()).unwrap_err();
    let config = ConfigFile::parse("[video]\nsize=Vector2(1280, 720)\nvsync=tru e\n", &cfg).unwrap_err();
    let json = json::from_json_str("{\"hp\": 10,\n \"mp\": }", &cfg).unwrap_err();
    let text = text::from_text("[1,\n  Vector2(1, x)]", &cfg).unwrap_err();
    let got: Vec<String> = [&wrong, &damaged, &config, &json, &text].into_iter().map(verdict).collect();
    assert_eq!(
        got,
        ["wrong password", "damaged", "ConfigFile syntax at 3:7", "JSON syntax at 2:8", "text syntax at 2:14"],
        "{wrong}\n{damaged}\n{config}\n{json}\n{text}"
    );
}

#[test]
fn messages_lead_with_the_place() {
    let cfg = Config::default();
    let e = ConfigFile::parse("[a]\nx=1\ny=Vector2(1, oops)\n", &cfg).unwrap_err();
    assert!(e.to_string().starts_with("line 3, column 14: "), "{e}");
    let e = json::from_json_str(r#"{"a": {"$Vector2": [1]}}"#, &cfg).unwrap_err();
    assert_eq!(e.to_string(), "at a: Vector2 needs 2 numbers");
    assert!(matches!(e.kind(), ErrorKind::Shape { form: Form::Json, .. }));
    assert_eq!(e.path(), "a");
}
