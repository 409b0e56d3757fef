//! The three panes kept in step: every node's byte range holds the engine's bytes of that node, and its
//! text range in its top value's text form holds its own text; clicking there finds it again.

mod common;

use common::*;
use godot_bin::{Config, Dialect, Variant};
use godot_bin_web::Session;
use serde_json::{json, Value};

/// The rows of the tree, depth first, at most `per` children of each node.
fn walk(s: &mut Session, path: Value, per: usize, out: &mut Vec<Value>) {
    let r = ok(s, "children", json!({"path": path, "start": 0, "count": per}), &[]).result;
    for row in r["rows"].as_array().unwrap().clone() {
        let p = row["path"].clone();
        let kids = row["children"].as_u64().unwrap();
        out.push(row);
        if kids > 0 {
            walk(s, p, per, out);
        }
    }
}

fn utf16_slice(t: &str, start: usize, end: usize) -> String {
    let units: Vec<u16> = t.encode_utf16().collect();
    String::from_utf16(&units[start..end]).unwrap()
}

#[test]
fn byte_and_text_ranges_of_every_node_hold_that_node() {
    let mut checked = 0;
    for (path, args) in saves() {
        let mut s = Session::new();
        let opened = open(&mut s, &path, args);
        let dialect: Dialect = opened["dialect"].as_str().unwrap().parse().unwrap();
        let cfg = Config::new(dialect);
        let content = ok(&mut s, "content", json!({}), &[]).data.unwrap();
        let mut rows = Vec::new();
        walk(&mut s, json!([]), 40, &mut rows);
        for row in rows {
            let p = row["path"].clone();
            let node = ok(&mut s, "node", json!({"path": p}), &[]).result;
            // The preview is the text form cut at 120 characters (a long container's too).
            let full = node["text"].as_str().unwrap();
            let cut: String = full.chars().take(120).collect();
            let want = if full.chars().count() > 120 { format!("{cut}…") } else { cut };
            assert_eq!(row["preview"], want.as_str(), "{} {p}", path.display());
            let (at, size) = (row["offset"].as_u64().unwrap() as usize, row["size"].as_u64().unwrap() as usize);
            let bytes = &content[at..at + size];
            let parent_packed = row["path"].as_array().unwrap().len() > 1 && {
                let parent: Vec<Value> =
                    row["path"].as_array().unwrap()[..row["path"].as_array().unwrap().len() - 1].to_vec();
                let pr = ok(&mut s, "node", json!({"path": parent}), &[]).result;
                pr["row"]["type"].as_str().unwrap().contains("Pool")
                    || pr["row"]["type"].as_str().unwrap().starts_with("Packed")
            };
            if !parent_packed {
                // The engine's bytes at that range are exactly this node.
                let v = Variant::decode(bytes, &cfg).unwrap_or_else(|e| panic!("{} {p}: {e}", path.display()));
                assert_eq!(godot_bin::text::to_text(&v, &cfg), node["text"], "{} {p}", path.display());
            }
            // The innermost node at its first byte is itself (a container: its header).
            assert_eq!(ok(&mut s, "at_byte", json!({"offset": at}), &[]).result["path"], p, "{}", path.display());
            // Its text lies at its located range in the top value's text.
            let index = p[0].as_u64().unwrap();
            let t = ok(&mut s, "value_text", json!({"index": index}), &[]).result["text"].as_str().unwrap().to_string();
            let loc = ok(&mut s, "locate", json!({"path": p}), &[]).result;
            let (a, b) = (loc["start"].as_u64().unwrap() as usize, loc["end"].as_u64().unwrap() as usize);
            if !parent_packed || !node["text"].as_str().unwrap().contains('(') {
                assert_eq!(utf16_slice(&t, a, b), node["text"].as_str().unwrap(), "{} {p}", path.display());
                let found = ok(&mut s, "at_text", json!({"index": index, "offset": a}), &[]).result["path"].clone();
                assert_eq!(found, p, "{}: at_text {a}", path.display());
            }
            checked += 1;
        }
    }
    assert!(checked > 500, "{checked} nodes");
}

#[test]
fn a_big_array_lists_a_page_of_rows_at_once() {
    // 10,000 entities, each a small dictionary: one Godot 4 bare Array.
    let mut items = Vec::new();
    for i in 0..10_000i64 {
        let d: godot_bin::Dictionary =
            [("id", Variant::Int(i)), ("name", Variant::from(format!("entity {i}")))].into_iter().collect();
        items.push(Variant::from(d));
    }
    let bytes = Variant::from(godot_bin::Array::from(items)).encode(&Config::new(Dialect::GODOT4)).unwrap();
    let mut s = Session::new();
    let t = std::time::Instant::now();
    assert_eq!(ok(&mut s, "open", json!({"name": "big.bin"}), &bytes).result["values"], 1);
    let top = ok(&mut s, "children", json!({"path": []}), &[]).result;
    let full = ok(&mut s, "value_text", json!({"index": 0}), &[]).result["text"].as_str().unwrap().to_string();
    let cut: String = full.chars().take(120).collect();
    assert_eq!(top["rows"][0]["preview"], format!("{cut}…"));
    for start in [0, 5000, 9950] {
        let r = ok(&mut s, "children", json!({"path": [0], "start": start, "count": 50}), &[]).result;
        assert_eq!((r["total"].as_u64(), r["rows"].as_array().unwrap().len()), (Some(10_000), 50));
        let row = &r["rows"][49];
        let at = row["offset"].as_u64().unwrap() as usize;
        let size = row["size"].as_u64().unwrap() as usize;
        let v = Variant::decode(&bytes[at..at + size], &Config::new(Dialect::GODOT4)).unwrap();
        assert_eq!(v.get("id").and_then(Variant::as_int), Some(start as i64 + 49));
    }
    let r = ok(&mut s, "set", json!({"path": [0, 9999, 0], "text": "-1"}), &[]).result;
    assert_eq!(r["dirty"], true);
    ok(&mut s, "children", json!({"path": [0], "start": 9950, "count": 50}), &[]);
    // (Debug build, unoptimized: still well under the page's five-second watchdog.)
    assert!(t.elapsed().as_secs_f64() < 5.0, "{:?}", t.elapsed());
}

#[test]
fn the_hex_panes_leaves_tile_the_engine_bytes() {
    for (path, args) in saves() {
        let mut s = Session::new();
        let opened = open(&mut s, &path, args);
        let len = opened["content_len"].as_u64().unwrap();
        // Window by window (a leaf over a window's edge is listed in both).
        let mut at = 0;
        for start in (0..len).step_by(1024) {
            let r = ok(&mut s, "leaves", json!({"start": start, "end": start + 1024}), &[]).result;
            for l in r["leaves"].as_array().unwrap() {
                if l["offset"].as_u64().unwrap() < at {
                    continue;
                }
                assert_eq!(l["offset"].as_u64(), Some(at), "{} window {start}: {l}", path.display());
                at += l["size"].as_u64().unwrap();
            }
        }
        assert_eq!(at, len, "{}", path.display());
        // A window in the middle lists what overlaps it, from the leaf holding its first byte.
        let mid = len / 2;
        let r = ok(&mut s, "leaves", json!({"start": mid, "end": mid + 16}), &[]).result;
        let first = &r["leaves"][0];
        let (o, n) = (first["offset"].as_u64().unwrap(), first["size"].as_u64().unwrap());
        assert!(o <= mid && mid < o + n, "{}: {first}", path.display());
    }
}
