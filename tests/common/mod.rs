//! Shared by every test binary: reading the engine-written TSV fixtures and comparing bytes, the counting
//! global allocator ([`alloc`]) and seeded random values ([`r#gen`]). Each `tests/AREA/main.rs` includes it
//! with `#[path = "../common/mod.rs"] mod common;`.
#![allow(dead_code)]

pub mod alloc;
pub mod r#gen;

use std::path::{Path, PathBuf};

/// One line of a fixture file: its fields split on tabs.
pub struct Row {
    pub line: usize,
    pub fields: Vec<String>,
}

impl Row {
    pub fn get(&self, i: usize) -> &str {
        self.fields.get(i).map(String::as_str).unwrap_or("")
    }
}

pub fn fixture_path(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(rel)
}

/// The data rows of a TSV fixture (lines starting with `#` are comments). Panics if the file is missing,
/// so a test can never pass by reading nothing.
pub fn rows(rel: &str) -> Vec<Row> {
    let path = fixture_path(rel);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rows: Vec<Row> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map(|(i, l)| Row { line: i + 1, fields: l.split('\t').map(str::to_owned).collect() })
        .collect();
    assert!(!rows.is_empty(), "{} has no rows", path.display());
    rows
}

pub fn unhex(s: &str) -> Vec<u8> {
    assert!(s.len().is_multiple_of(2), "odd hex length: {s}");
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex")).collect()
}

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Whether `ours` equals the engine's bytes except where the engine left garbage in padding: same length,
/// and every differing byte is a zero of ours that is not the first byte of a 4-byte word (pad bytes never
/// are, since they follow 1–3 data bytes of the same word).
pub fn equal_modulo_padding(engine: &[u8], ours: &[u8]) -> bool {
    engine.len() == ours.len()
        && engine.iter().zip(ours).enumerate().all(|(i, (e, o))| e == o || (*o == 0 && i % 4 != 0))
}

/// A write cut short, as a full disk would cut it: runs the ignored test `child` of this test binary (it
/// writes the file named by the environment variable `env`, here `path`) under `ulimit -f 8`, which must stop
/// it, and checks that `path` still holds `old`. Then runs `child` without the limit, which must succeed
/// and, where `/proc` tells that the killed child is gone, remove the temporary file it left beside `path`
/// (`.NAME.godot-bin-tmp-PID-N`).
pub fn write_cut_short_keeps_the_old_file(path: &Path, old: &[u8], child: &str, env: &str) {
    let run = |limit: &str| {
        std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("{limit} exec \"$0\" --ignored --exact {child}"))
            .arg(std::env::current_exe().unwrap())
            .env(env, path)
            .output()
            .unwrap()
            .status
    };
    assert!(!run("ulimit -f 8;").success(), "the limit did not stop the write");
    let after = std::fs::read(path).unwrap();
    assert!(after == old, "the old file is not whole: {} bytes where its {} were", after.len(), old.len());
    assert!(run("").success(), "{child} failed without the limit");
    let tmp = format!(".{}.godot-bin-tmp-", path.file_name().unwrap().to_string_lossy());
    let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with(&tmp))
        .collect();
    if std::path::Path::new("/proc/self").exists() {
        assert!(
            left.is_empty(),
            "a temporary file is left: {:?}",
            left.iter().map(|e| e.file_name()).collect::<Vec<_>>()
        );
    }
}
