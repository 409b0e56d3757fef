//! Helpers of the model's tests: the engine fixtures and the ops called as the page calls them.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use godot_bin_web::{OpError, Reply, Session};
use serde_json::{json, Value};

/// The repository's engine fixtures.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures")
}

/// The password of the fixtures' `pass.gdec` files.
pub const PASSWORD: &str = "hunter2 \u{e9}";

/// The key of the fixtures' `key.gdec` files (byte i is (7i + 3) mod 256), as hex.
pub fn key_hex() -> String {
    (0..32).map(|i| format!("{:02x}", (i * 7 + 3) % 256)).collect()
}

/// Every engine-written container and save the page must open: (path, open args).
pub fn saves() -> Vec<(PathBuf, Value)> {
    let mut out = Vec::new();
    for engine in ["godot-3.2.3", "godot-3.6", "godot-4.6"] {
        let dir = fixtures().join(engine).join("containers");
        let Ok(list) = std::fs::read_dir(&dir) else { continue };
        let mut names: Vec<String> = list.filter_map(|e| e.ok()?.file_name().into_string().ok()).collect();
        names.sort();
        for n in names {
            let skip = ["len", "tail", "tiny", "exact"].iter().any(|p| n.starts_with(p));
            let args = match n.as_str() {
                "plain.sav" => json!({"name": n}),
                "pass.gdec" => json!({"name": n, "password": PASSWORD}),
                "key.gdec" => json!({"name": n, "key_hex": key_hex()}),
                _ if n.ends_with(".gcpf") => json!({"name": n}),
                _ => continue,
            };
            if !skip {
                out.push((dir.join(&n), args));
            }
        }
    }
    out
}

/// Every engine-written ConfigFile text.
pub fn config_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for engine in ["godot-3.2.3", "godot-3.6", "godot-4.6"] {
        let dir = fixtures().join(engine).join("config_file");
        let Ok(list) = std::fs::read_dir(&dir) else { continue };
        for e in list.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "sav" || x == "cfg" || x == "txt") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Calls `op`, which must succeed.
pub fn ok(s: &mut Session, op: &str, args: Value, data: &[u8]) -> Reply {
    match s.call(op, &args, data) {
        Ok(r) => r,
        Err(e) => panic!("{op} {args}: {e:?}"),
    }
}

/// Calls `op`, which must fail.
pub fn fails(s: &mut Session, op: &str, args: Value, data: &[u8]) -> OpError {
    match s.call(op, &args, data) {
        Ok(r) => panic!("{op} {args}: expected an error, got {}", r.result),
        Err(e) => e,
    }
}

/// Opens `path` with `args` (status ok), returns the answer.
pub fn open(s: &mut Session, path: &Path, args: Value) -> Value {
    let bytes = std::fs::read(path).unwrap();
    let r = ok(s, "open", args, &bytes).result;
    assert_eq!(r["status"], "ok", "{}: {r}", path.display());
    r
}

/// The saved file's bytes.
pub fn save(s: &mut Session) -> Vec<u8> {
    ok(s, "save", json!({}), &[]).data.expect("save gives bytes")
}

/// Bytes from hex.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}
