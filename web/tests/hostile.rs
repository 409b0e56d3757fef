//! Damaged and hostile files: an error with its offset (the values before it open), never a panic, a
//! hang or a huge allocation.

mod common;

use common::*;
use godot_bin_web::Session;
use serde_json::json;

/// Opens `bytes`: the answer (an error is an answer too); must be quick.
fn try_open(bytes: &[u8]) -> Result<serde_json::Value, godot_bin_web::OpError> {
    let t = std::time::Instant::now();
    let r = Session::new().call("open", &json!({"name": "hostile"}), bytes).map(|r| r.result);
    assert!(t.elapsed().as_secs_f64() < 2.0, "{:?}", t.elapsed());
    r
}

#[test]
fn a_stream_cut_short_opens_the_values_before_the_cut() {
    let file = std::fs::read(fixtures().join("godot-4.6/containers/plain.sav")).unwrap();
    let first = u32::from_le_bytes(file[..4].try_into().unwrap()) as usize;
    // Cut inside the second value: the first opens, the error names where the second runs out.
    let cut = &file[..4 + first + 20];
    let r = try_open(cut).unwrap();
    assert_eq!((r["status"].as_str(), r["values"].as_u64()), (Some("partial"), Some(1)), "{r}");
    assert_eq!(r["framing"], "stream");
    let offset = r["error"]["offset"].as_u64().expect("an offset") as usize;
    assert!(offset >= 4 + first && offset <= cut.len(), "{r}");
    let mut s = Session::new();
    ok(&mut s, "open", json!({"name": "cut"}), cut);
    assert_eq!(ok(&mut s, "children", json!({"path": []}), &[]).result["total"], 1);
}

#[test]
fn every_truncation_of_a_save_gives_an_answer() {
    let file = std::fs::read(fixtures().join("godot-3.6/containers/plain.sav")).unwrap();
    for n in (0..file.len()).step_by(7) {
        match try_open(&file[..n]) {
            Ok(r) if r["status"] == "partial" => {
                let off = r["error"]["offset"].as_u64();
                assert!(off.is_none_or(|o| o as usize <= n), "{n}: {r}");
            }
            Ok(r) => assert_eq!(r["status"], "ok", "{n}: {r}"),
            Err(e) => assert!(!e.message.is_empty()),
        }
    }
}

#[test]
fn a_claimed_100_mb_length_is_an_error_with_its_offset() {
    // A store_var stream whose first value claims 100 MB, and a bare String that does.
    let mut framed = 100_000_000u32.to_le_bytes().to_vec();
    framed.extend_from_slice(&[4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0]);
    let mut bare = vec![4, 0, 0, 0];
    bare.extend_from_slice(&100_000_000u32.to_le_bytes());
    bare.extend_from_slice(b"abcd");
    for bytes in [framed, bare] {
        let r = try_open(&bytes).unwrap();
        assert_eq!((r["status"].as_str(), r["values"].as_u64()), (Some("partial"), Some(0)), "{r}");
        assert!(r["error"]["offset"].is_u64(), "{r}");
    }
}

#[test]
fn a_deep_nest_is_an_error_with_its_offset() {
    // 100,000 Arrays of one element, each in the next (Godot 4 type 28).
    let mut bytes = Vec::new();
    for _ in 0..100_000 {
        bytes.extend_from_slice(&[28, 0, 0, 0, 1, 0, 0, 0]);
    }
    bytes.extend_from_slice(&[2, 0, 0, 0, 1, 0, 0, 0]);
    let r = try_open(&bytes).unwrap();
    assert_eq!(
        (r["status"].as_str(), r["framing"].as_str(), r["values"].as_u64()),
        (Some("partial"), Some("bare"), Some(0)),
        "{r}"
    );
    assert!(r["error"]["message"].as_str().unwrap().contains("deep"), "{r}");
    assert!(r["error"]["offset"].is_u64(), "{r}");
    let mut framed = (bytes.len() as u32).to_le_bytes().to_vec();
    framed.extend_from_slice(&bytes);
    let r = try_open(&framed).unwrap();
    assert_eq!(r["status"], "partial", "{r}");
}

#[test]
fn damaged_containers_and_foreign_files_are_errors() {
    let file = std::fs::read(fixtures().join("godot-4.6/containers/zstd.gcpf")).unwrap();
    assert!(try_open(&file[..file.len() / 2]).is_err());
    let mut enc = std::fs::read(fixtures().join("godot-4.6/containers/pass.gdec")).unwrap();
    let last = enc.len() - 1;
    enc[last] ^= 0x55;
    let e = Session::new().call("open", &json!({"name": "x", "password": PASSWORD}), &enc).unwrap_err();
    assert!(!e.message.is_empty());
    let r = try_open(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR").unwrap();
    assert_eq!(r["status"], "partial");
    assert!(r["error"]["message"].as_str().unwrap().contains("PNG"), "{r}");
}

#[test]
fn a_damaged_value_in_a_stream_opens_the_values_before_it() {
    let mut file = std::fs::read(fixtures().join("godot-4.6/containers/plain.sav")).unwrap();
    let len = |f: &[u8], at: usize| u32::from_le_bytes(f[at..at + 4].try_into().unwrap()) as usize;
    let second = 4 + len(&file, 0);
    let third = second + 4 + len(&file, second);
    file[third + 4] = 0xff; // no type 255 in any dialect
    let r = try_open(&file).unwrap();
    assert_eq!(
        (r["status"].as_str(), r["framing"].as_str(), r["values"].as_u64()),
        (Some("partial"), Some("stream"), Some(2)),
        "{r}"
    );
    assert_eq!(r["error"]["offset"].as_u64(), Some(third as u64 + 4), "{r}");
}

#[test]
fn the_offset_is_in_its_field_not_repeated_in_the_message() {
    // A String that claims 100 MB with 4 bytes present.
    let mut bytes = vec![4, 0, 0, 0];
    bytes.extend_from_slice(&100_000_000u32.to_le_bytes());
    bytes.extend_from_slice(b"abcd");
    let r = try_open(&bytes).unwrap();
    let (message, offset) =
        (r["error"]["message"].as_str().unwrap(), r["error"]["offset"].as_u64().unwrap_or_else(|| panic!("{r}")));
    assert!(!message.contains(&format!("at byte {offset}")), "{r}");
}
