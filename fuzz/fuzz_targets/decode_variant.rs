//! Any bytes, decoded by every dialect × objects on/off × single/double precision (the first byte picks
//! the config). Never panics; whatever decodes re-encodes, and that encoding is canonical: it decodes to the
//! same value and encodes to the same bytes again. `VariantRef` decodes every input as `Variant` does: the
//! same value (once owned), or the same error at the same offset.
#![no_main]

mod common;

use godot_bin::{Config, Dialect, ErrorKind, Variant, VariantRef};
use libfuzzer_sys::fuzz_target;

/// The config byte: bits 0–3 the dialect (mod 12), bit 4 objects, bit 5 double precision, bit 6 a small
/// depth limit (8).
fn config(sel: u8) -> Config {
    let d = Dialect::ALL[(sel & 0x0F) as usize % Dialect::ALL.len()];
    let cfg = Config::new(d).with_allow_objects(sel & 0x10 != 0).with_double_precision(sel & 0x20 != 0);
    if sel & 0x40 != 0 {
        cfg.with_max_depth(8)
    } else {
        cfg
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let cfg = config(sel);
    let owned = Variant::decode_prefix(bytes, &cfg);
    match (&owned, VariantRef::decode_prefix(bytes, &cfg)) {
        (Ok((v, used)), Ok((r, used_r))) => {
            assert_eq!(used_r, *used, "{cfg:?}: VariantRef took other bytes");
            assert_eq!(&r.to_variant(), v, "{cfg:?}: VariantRef decoded another value");
        }
        (Err(e), Err(er)) => {
            assert_eq!(format!("{:?}", er.kind()), format!("{:?}", e.kind()), "{cfg:?}: other error");
            assert_eq!(er.offset(), e.offset(), "{cfg:?}: other error offset");
        }
        (a, b) => panic!("{cfg:?}: Variant::decode {a:?} but VariantRef::decode {b:?}"),
    }
    let Ok((v, used)) = owned else { return };
    assert!(used <= bytes.len(), "used {used} of {}", bytes.len());
    let enc = match v.encode(&cfg) {
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
    let back = match Variant::decode(&enc, &cfg) {
        Ok(b) => b,
        Err(e) => panic!("{cfg:?}: decoded {v:?}, encoded {enc:02x?}, which does not decode: {e}"),
    };
    if common::known_issue(&v, &cfg) {
        return;
    }
    let again = back.encode(&cfg).expect("re-encode");
    assert_eq!(again, enc, "{cfg:?}: encoding is not canonical for {v:?}");
    assert_eq!(back, v, "{cfg:?}: decode(encode(v)) != v; bytes {enc:02x?}");
});
