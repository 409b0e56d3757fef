//! The differential property on any bytes: `Variant::decode`, `VariantRef::decode`,
//! `from_slice_with::<Variant>` and `from_slice_with::<serde_json::Value>` accept or refuse together, with
//! the same error kind at the same offset (inside the input), and serde_json's value is the plain-data form
//! of the `Variant` where that form is defined. The exceptions, each with its reason, are in
//! `common/agree.rs` (shared with `tests/conformance/differential.rs`). Then the other entry points on the same bytes
//! (`other_entry_points`: `framing::values`, `from_reader`, and the JSON form of an accepted value read
//! back equal).
//!
//! Input: the config byte of decode_variant (bits 0–3 the dialect, bit 4 objects, bit 5 double precision,
//! bit 6 a depth limit of 8), then the bytes.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let cfg = common::config(sel);
    let agreed = common::agree::agree(bytes, &cfg);
    common::agree::other_entry_points(bytes, &cfg, &agreed);
});
