//! Structure-aware inputs for the binary decoders: dictionaries nested as keys around a large
//! Array / PackedByteArray / typed container, keys and values nested near `max_depth` (up to its cap of
//! 4096), and typed containers whose elements are converted or dropped (Godot 4.3+ typed arrays, 4.4+
//! typed dictionaries, Pandemonium 5 typed arrays), every dialect; a third of them with one mutation
//! (`common/shapes.rs` builds them from the fuzzer's bytes). Each goes through `Variant::decode`,
//! `VariantRef::decode`, `from_slice::<Variant>` and `from_slice::<serde_json::Value>`, which must agree
//! (`common/agree.rs`: no panic, same accept/refuse, error kind and offset inside the input). Unmutated
//! shapes must also do what they say: nested keys are accepted, a deep value is accepted exactly when it
//! is within the depth limit (else `TooDeep` with an offset), and what is accepted encodes to bytes that
//! decode to the same value and encode to the same bytes. Time and memory are held by the limits
//! `scripts/fuzz.sh` gives libFuzzer (`-timeout`, `-malloc_limit_mb`, `-rss_limit_mb`).
#![no_main]

mod common;

use arbitrary::Unstructured;
use common::agree::{agree, Agreed};
use common::shapes::{shape, ShapeKind};
use godot_bin::{Dialect, ErrorKind, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = shape(&mut Unstructured::new(data)) else { return };
    let cfg = &s.cfg;
    let got = agree(&s.bytes, cfg);
    common::agree::other_entry_points(&s.bytes, cfg, &got);
    if s.mutated {
        return;
    }
    match (s.kind, &got) {
        (ShapeKind::Deep { depth }, Agreed::Refused(e)) if depth > cfg.max_depth() => {
            assert!(matches!(e.kind(), ErrorKind::TooDeep { .. }), "{cfg:?}: {depth} deep: {e}");
            return;
        }
        (ShapeKind::Deep { depth }, _) if depth > cfg.max_depth() => {
            panic!("{cfg:?}: {depth} deep, limit {}, but {got:?}", cfg.max_depth())
        }
        (_, Agreed::Refused(e)) => panic!("{cfg:?}: a well-formed {:?} was refused: {e}", s.kind),
        _ => {}
    }
    let Agreed::Accepted { value, .. } = got else { unreachable!() };
    canonical(&value, cfg);
});

/// What decodes encodes, and that encoding is a fixed point (as decode_variant checks).
fn canonical(v: &Variant, cfg: &godot_bin::Config) {
    let enc = match v.encode(cfg) {
        Ok(e) => e,
        // Godot 4.0/4.1 double builds cannot write Vector4/Projection readably: refusing is documented.
        Err(e)
            if matches!(cfg.dialect(), Dialect::Godot4_0 | Dialect::Godot4_1)
                && cfg.double_precision()
                && matches!(e.kind(), ErrorKind::Unsupported { .. }) =>
        {
            return
        }
        Err(e) => panic!("{cfg:?}: decoded {v:?} but encoding it failed: {e}"),
    };
    let back = Variant::decode(&enc, cfg).unwrap_or_else(|e| panic!("{cfg:?}: re-encoded value does not decode: {e}"));
    if common::known_issue(v, cfg) {
        return;
    }
    assert!(back == *v, "{cfg:?}: decode(encode(v)) != v");
    assert!(back.encode(cfg).expect("re-encode") == enc, "{cfg:?}: encoding is not canonical");
}
