//! Binary Resource saves written by the engines (`tests/fixtures/<engine>/resources/*.res`, plain `RSRC` and
//! compressed `RSCC`, big-endian, hostile ones included): each reads into the model, and the model written
//! again by the saver's rules (the original bytes forgotten) gives the engine's bytes back exactly.

use crate::common::fixture_path;
use godot_bin::resource::{Format, ResourceFile};

fn res_files(engine: &str) -> Vec<std::path::PathBuf> {
    let dir = fixture_path(&format!("{engine}/resources"));
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "res"))
        .collect();
    out.sort();
    out
}

fn round_trip(engine: &str) {
    let files = res_files(engine);
    assert!(files.len() >= 10, "{engine}: only {} .res fixtures", files.len());
    let mut failed = Vec::new();
    let mut compressed = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("fixture");
        let mut file = match ResourceFile::read(&bytes) {
            Ok(f) => f,
            Err(e) => {
                failed.push(format!("{}: read: {e}", path.display()));
                continue;
            }
        };
        assert_eq!(file.to_bytes().expect("unedited write"), bytes, "{}", path.display());
        if let Format::Binary(b) = &file.format {
            compressed += usize::from(b.compressed.is_some());
        }
        file.forget_original();
        match file.to_bytes() {
            // A compressed file's blocks depend on the compressor; its payload is what must match.
            Ok(out) if out == bytes => {}
            Ok(out) if bytes.starts_with(b"RSCC") => {
                let again = ResourceFile::read(&out).expect("our compressed output reads");
                let (mut a, mut b) = (again, ResourceFile::read(&bytes).expect("read"));
                a.forget_original();
                b.forget_original();
                if let (Format::Binary(x), Format::Binary(y)) = (&mut a.format, &mut b.format) {
                    x.compressed = None;
                    y.compressed = None;
                }
                if a.to_bytes().expect("plain") != b.to_bytes().expect("plain") {
                    failed.push(format!("{}: compressed payload differs", path.display()));
                }
            }
            Ok(out) => {
                let at = out.iter().zip(&bytes).position(|(a, b)| a != b).unwrap_or(out.len().min(bytes.len()));
                failed.push(format!(
                    "{}: differs at byte {at} ({} vs {} bytes)",
                    path.display(),
                    out.len(),
                    bytes.len()
                ));
            }
            Err(e) => failed.push(format!("{}: write: {e}", path.display())),
        }
    }
    assert!(failed.is_empty(), "{engine}: {} of {} failed:\n{}", failed.len(), files.len(), failed.join("\n"));
    assert!(compressed > 0, "{engine}: no RSCC fixture read");
}

#[test]
fn resource_binary_round_trip_godot_4_6() {
    round_trip("godot-4.6");
}

#[test]
fn resource_binary_round_trip_godot_3_6() {
    round_trip("godot-3.6");
}

#[test]
fn resource_binary_round_trip_godot_3_2_3() {
    round_trip("godot-3.2.3");
}
