//! Values written by real Godot 2.1 and Pandemonium v4.9 / v5.2 builds (engines no registry packages; the
//! samples come from `shared/spec`, copied into `tests/fixtures/*/samples.tsv`): every one must decode, and
//! re-encode to the engine's bytes (modulo the garbage those engines leave in padding).

use crate::common;

use common::*;
use godot_bin::{Config, Dialect, Variant};

fn check_samples(rel: &str, dialect: Dialect, garbage_padding: bool) -> usize {
    let mut failures = Vec::new();
    let rows = rows(rel);
    for row in &rows {
        let id = row.get(0);
        let objects = matches!(row.get(1), "1" | "full_objects" | "objects");
        let bytes = unhex(row.get(2));
        let cfg = Config::new(dialect).with_allow_objects(objects);
        let v = match Variant::decode(&bytes, &cfg) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{id}: decode failed: {e} ({})", row.get(3)));
                continue;
            }
        };
        let out = match v.encode(&cfg) {
            Ok(o) => o,
            Err(e) => {
                failures.push(format!("{id}: encode failed: {e}"));
                continue;
            }
        };
        let same = if garbage_padding { equal_modulo_padding(&bytes, &out) } else { bytes == out };
        if !same {
            failures.push(format!("{id}: re-encoded differently\n  engine {}\n  ours   {}", row.get(2), hex(&out)));
            continue;
        }
        // Re-encoding our own output must be stable.
        let again = Variant::decode(&out, &cfg).and_then(|v2| v2.encode(&cfg));
        if again.as_deref().ok() != Some(&out[..]) {
            failures.push(format!("{id}: second round trip differs"));
        }
    }
    assert!(failures.is_empty(), "{} of {} samples failed:\n{}", failures.len(), rows.len(), failures.join("\n"));
    rows.len()
}

#[test]
fn godot_2_1_samples() {
    // Godot 2.1 leaves string, NodePath and byte-array padding uninitialised.
    assert!(check_samples("godot-2.1/samples.tsv", Dialect::Godot2, true) >= 72);
}

#[test]
fn pandemonium_4_9_samples() {
    // Pandemonium never writes NodePath padding (like Godot 3).
    assert!(check_samples("pandemonium-4.9/samples.tsv", Dialect::Pandemonium3_8, true) >= 89);
}

#[test]
fn pandemonium_5_2_samples() {
    assert!(check_samples("pandemonium-5.2/samples.tsv", Dialect::Pandemonium5, true) >= 142);
}
