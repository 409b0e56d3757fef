//! The worked examples of our wire notes (`shared/spec/wire-format.md`), with where each came from: most
//! were written by a real engine (Godot 3.2.3, 4.6.3, 2.1, Pandemonium 5.2), the rest read from engine
//! source. Each decodes to the stated kind and re-encodes to the same bytes.

use crate::common;

use common::*;
use godot_bin::{Config, Dialect, Variant};

#[test]
fn spec_worked_examples_decode_and_reencode() {
    let rows = rows("spec-examples.tsv");
    let mut failures = Vec::new();
    for row in &rows {
        let (id, dialect, source, kind, h) = (row.get(0), row.get(1), row.get(2), row.get(3), row.get(4));
        let d: Dialect = dialect.parse().unwrap();
        // The example of a double-precision build; the full objects need objects allowed.
        let cfg =
            Config::new(d).with_double_precision(id.ends_with("-double")).with_allow_objects(id.ends_with("-full"));
        let bytes = unhex(h);
        match Variant::decode(&bytes, &cfg) {
            Err(e) => failures.push(format!("{dialect} {id} ({source}): {e}")),
            Ok(v) => {
                if format!("{:?}", v.kind()) != kind {
                    failures.push(format!("{dialect} {id}: kind {:?}, expected {kind}", v.kind()));
                }
                match v.encode(&cfg) {
                    Ok(out) if out == bytes => {}
                    Ok(out) => failures.push(format!("{dialect} {id}: re-encoded {} from {h}", hex(&out))),
                    Err(e) => failures.push(format!("{dialect} {id}: {e}")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{} of {}:\n{}", failures.len(), rows.len(), failures.join("\n"));
}
