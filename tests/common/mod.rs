//! Helpers shared by the fixture tests: reading the engine-written TSV files and comparing bytes.
#![allow(dead_code)]

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
    assert!(s.len() % 2 == 0, "odd hex length: {s}");
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
