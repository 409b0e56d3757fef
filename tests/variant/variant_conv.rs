//! `from_variant` reads what `from_slice` reads from the same value's bytes, on every value Godot 4.6 and
//! 3.6 wrote; `to_variant` gives what decoding `to_vec` gives.

use crate::common;

use common::*;
use godot_bin::{from_variant, to_variant_with, Config, Dialect, Variant};

#[test]
fn from_variant_reads_what_from_slice_reads_on_engine_values() {
    let mut checked = 0;
    for (rel, d) in [("godot-4.6/values.tsv", Dialect::Godot4_6), ("godot-3.6/values.tsv", Dialect::Godot3)] {
        for row in rows(rel) {
            let cfg = Config::new(d).with_allow_objects(row.get(1) == "objects");
            let bytes = unhex(row.get(2));
            let Ok(v) = Variant::decode(&bytes, &cfg) else { continue };
            // As serde_json::Value (the generic serde shape of every value)…
            // (the stack budget is met at a depth that depends on each path's frames: compared by kind)
            let kind = |e: godot_bin::Error| match e.kind() {
                godot_bin::ErrorKind::StackBudget { .. } => "stack budget".to_string(),
                k => k.to_string(),
            };
            let streamed = godot_bin::from_slice_with::<serde_json::Value>(&bytes, &cfg).map_err(kind);
            let walked = from_variant::<serde_json::Value>(&v).map_err(kind);
            assert_eq!(walked, streamed, "{rel} {}", row.get(0));
            // …and as a Variant, which comes back whole.
            assert_eq!(from_variant::<Variant>(&v).unwrap(), v, "{rel} {}", row.get(0));
            // to_variant of the value is the value (it is written and read in the same dialect).
            assert_eq!(to_variant_with(&v, &cfg).unwrap(), v, "{rel} {}", row.get(0));
            checked += 1;
        }
    }
    assert!(checked > 850, "{checked}");
}
