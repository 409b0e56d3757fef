//! Values a config can hold (`godot_bin::interop::arbitrary::Holdable`: any dialect, objects on/off, single/double
//! precision) encode, decode back equal, and re-encode to the same bytes; the serde path
//! (`to_vec_with`/`from_slice_with` of a `Variant`) writes and reads the same. Then any value at all
//! (`Variant::arbitrary`) in any config: encoding never panics, and what it writes, if it decodes, is stable.
#![no_main]

mod common;

use arbitrary::{Arbitrary, Unstructured};
use godot_bin::interop::arbitrary::Holdable;
use godot_bin::{Config, Variant};
use libfuzzer_sys::fuzz_target;

fn holdable(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let Holdable { cfg, value } = Holdable::arbitrary(u)?;
    let bytes = value.encode(&cfg).unwrap_or_else(|e| panic!("{cfg:?}: encode {value:?}: {e}"));
    assert_eq!(bytes.len() % 4, 0, "{cfg:?}: {value:?} is not 4-byte aligned");
    let back =
        Variant::decode(&bytes, &cfg).unwrap_or_else(|e| panic!("{cfg:?}: decode {value:?} from {bytes:02x?}: {e}"));
    assert_eq!(back, value, "{cfg:?}: decode(encode(v)) != v; bytes {bytes:02x?}");
    assert_eq!(back.encode(&cfg).expect("re-encode"), bytes, "{cfg:?}: re-encode differs for {value:?}");
    // The serde data format carries a Variant exactly as the codec does.
    let via_serde =
        godot_bin::to_vec_with(&value, &cfg).unwrap_or_else(|e| panic!("{cfg:?}: to_vec_with {value:?}: {e}"));
    assert_eq!(via_serde, bytes, "{cfg:?}: to_vec_with != encode for {value:?}");
    let from_serde: Variant =
        godot_bin::from_slice_with(&bytes, &cfg).unwrap_or_else(|e| panic!("{cfg:?}: from_slice_with {value:?}: {e}"));
    assert_eq!(from_serde, value, "{cfg:?}: from_slice_with != decode");
    Ok(())
}

fn anything(u: &mut Unstructured<'_>) -> arbitrary::Result<()> {
    let cfg = Config::arbitrary(u)?;
    let value = Variant::arbitrary(u)?;
    let Ok(bytes) = value.encode(&cfg) else { return Ok(()) };
    let Ok(back) = Variant::decode(&bytes, &cfg) else { return Ok(()) };
    if common::known_issue(&back, &cfg) {
        return Ok(());
    }
    let again = back.encode(&cfg).unwrap_or_else(|e| panic!("{cfg:?}: {back:?} decoded but does not encode: {e}"));
    assert_eq!(Variant::decode(&again, &cfg).expect("stable decode"), back, "{cfg:?}: not stable for {value:?}");
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else { return };
    let mut u = Unstructured::new(rest);
    let _ = if sel & 1 == 0 { holdable(&mut u) } else { anything(&mut u) };
});
