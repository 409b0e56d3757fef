//! Every value the engines wrote with var_to_bytes (tests/fixtures/<engine>/values.tsv), and every input
//! probed against them (probes.tsv), opened as the page opens a file: no panic, and an engine-written
//! value saves back byte-identical, and every node's byte range holds that node's engine bytes.

mod common;

use common::*;
use godot_bin::{Config, Dialect, Variant};
use godot_bin_web::Session;
use serde_json::json;

/// (id, hex) of the rows of `file` under each engine, with `col` the hex column.
fn rows(file: &str, col: usize) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for engine in ["godot-3.2.3", "godot-3.6", "godot-4.6"] {
        let Ok(text) = std::fs::read_to_string(fixtures().join(engine).join(file)) else { continue };
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let cols: Vec<&str> = line.split('\t').collect();
            if let Some(hex) = cols.get(col).filter(|h| h.len() % 2 == 0 && h.bytes().all(|b| b.is_ascii_hexdigit())) {
                out.push((format!("{engine} {}", cols[0]), unhex(hex)));
            }
        }
    }
    out
}

/// What a walk checks the nodes against: the engine's bytes, read in the document's dialect.
struct Bytes<'a> {
    id: &'a str,
    content: &'a [u8],
    cfg: Config,
}

/// Lists the tree under `path`, a page of each container; with `bytes`, each node's byte range (but a
/// packed array's element's) holds exactly that node.
fn walk(s: &mut Session, path: serde_json::Value, depth: usize, bytes: Option<&Bytes>) {
    let r = ok(s, "children", json!({"path": path, "count": 20}), &[]).result;
    let packed = r["rows"].as_array().unwrap().first().is_some_and(|_| {
        let p = path.as_array().unwrap();
        !p.is_empty() && {
            let parent = ok(s, "node", json!({"path": path}), &[]).result;
            let t = parent["row"]["type"].as_str().unwrap().to_string();
            t.starts_with("Packed") || t.starts_with("Pool")
        }
    });
    for row in r["rows"].as_array().unwrap().clone() {
        let node = ok(s, "node", json!({"path": row["path"]}), &[]).result;
        if let (Some(b), false, Some(at), Some(n)) = (bytes, packed, row["offset"].as_u64(), row["size"].as_u64()) {
            let v = Variant::decode(&b.content[at as usize..(at + n) as usize], &b.cfg)
                .unwrap_or_else(|e| panic!("{} {row}: {e}", b.id));
            assert_eq!(godot_bin::text::to_text(&v, &b.cfg), node["text"], "{}", row["path"]);
        }
        if row["children"].as_u64().unwrap() > 0 && depth < 8 {
            walk(s, row["path"].clone(), depth + 1, bytes);
        }
    }
}

#[test]
fn every_engine_written_value_opens_and_saves_back_byte_identical() {
    let rows = rows("values.tsv", 2);
    let total = rows.len();
    assert!(total > 1000, "{total}");
    let mut saved = 0;
    for (id, bytes) in rows {
        let mut s = Session::new();
        let Ok(r) = s.call("open", &json!({"name": id}), &bytes) else { continue };
        if r.result["status"] != "ok" {
            continue; // (values that need full objects: read without them, as saves are)
        }
        let cfg = Config::new(r.result["dialect"].as_str().unwrap().parse::<Dialect>().unwrap());
        walk(&mut s, json!([]), 0, Some(&Bytes { id: &id, content: &bytes, cfg }));
        assert_eq!(save(&mut s), bytes, "{id}");
        saved += 1;
    }
    eprintln!("{saved} of {total} values opened and saved back");
    assert!(saved * 10 >= total * 9, "{saved} of {total}");
}

#[test]
fn every_probe_gives_an_answer() {
    let rows = rows("probes.tsv", 2);
    assert!(rows.len() > 1000, "{}", rows.len());
    for (_, bytes) in rows {
        let mut s = Session::new();
        if let Ok(r) = s.call("open", &json!({"name": "probe"}), &bytes) {
            if r.result["values"].as_u64().unwrap_or(0) > 0 {
                walk(&mut s, json!([]), 0, None);
            }
        }
    }
}
