//! Structure-aware inputs for the text reader (`text::from_text`), every dialect: long
//! constructors printed by `text::to_text` in the dialect's syntax (`PackedInt32Array(` / `PoolIntArray(` /
//! `IntArray(` with thousands of elements, packed vectors, colors and strings, typed `Array[…](…)`,
//! `Dictionary[…, …]({…})`, Pandemonium `TypedArray(…)`), `[[[…` and `{{…` (dictionaries as keys) and
//! `{"a": {…` nested near `max_depth` (up to its cap of 4096), and dictionaries nested as keys around a
//! long Array; a third of them with one mutation (`common/shapes.rs`). Checks: no panic; an error's offset
//! lies inside the text; `from_text_many` reads the same one value; unmutated shapes do what they say
//! (printed text parses, a deep value is accepted exactly when within the depth limit); a parsed value that
//! prints exactly parses back equal; a parsed value that encodes reads back through the four binary
//! decoders alike (`common/agree.rs`). Time and memory: libFuzzer's limits from `scripts/fuzz.sh`.
#![no_main]

mod common;

use arbitrary::Unstructured;
use common::shapes::{text_shape, TextKind};
use godot_bin::text::{from_text, from_text_many, to_text_exact};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(s) = text_shape(&mut Unstructured::new(data)) else { return };
    let (cfg, text) = (&s.cfg, s.text.as_str());
    let parsed = from_text(text, cfg);
    if let Err(e) = &parsed {
        assert!(e.offset().is_some_and(|o| o <= text.len()), "{cfg:?}: error offset {:?} beyond {} bytes: {e}", e.offset(), text.len());
    }
    if let Ok(v) = &parsed {
        match from_text_many(text, cfg) {
            Ok(vs) => assert!(vs.len() == 1 && vs[0] == *v, "{cfg:?}: from_text_many read {} values", vs.len()),
            Err(e) => panic!("{cfg:?}: from_text read it, from_text_many refused: {e}"),
        }
    }
    if !s.mutated {
        let limit = cfg.max_depth();
        match (s.kind, &parsed) {
            (TextKind::Deep { depth }, Ok(_)) => {
                assert!(depth <= limit, "{cfg:?}: {depth} deep accepted, limit {limit}")
            }
            (TextKind::Deep { depth }, Err(e)) => assert!(depth > limit, "{cfg:?}: {depth} deep, limit {limit}: {e}"),
            (k, Err(e)) => panic!("{cfg:?}: generated {k:?} text refused: {e}\n{:.400}", text),
            _ => {}
        }
    }
    let Ok(v) = parsed else { return };
    if let Ok(printed) = to_text_exact(&v, cfg) {
        match from_text(&printed, cfg) {
            Ok(back) => assert!(back == v, "{cfg:?}: parsed, printed exactly, parsed back differently"),
            Err(e) => panic!("{cfg:?}: parsed, printed exactly as {printed:.400}, which does not parse: {e}"),
        }
    }
    if let Ok(bytes) = v.encode(cfg) {
        common::agree::agree(&bytes, cfg);
    }
});
