//! Inputs the fuzz targets (fuzz/fuzz_targets/) found, one named test each, with the input inline.
//!
//! Every one also gets the checks the target makes: decoding never panics; what decodes encodes; the
//! encoding is canonical (it decodes to the same value and encodes to the same bytes). Findings that are
//! reported but not yet decided are `#[ignore]`d with the reason, and their other checks still run.

use godot_bin::{Config, Dialect, ErrorKind, Variant};

/// The fuzz targets' config byte: bits 0–3 the dialect (index in `Dialect::ALL`), bit 4 objects, bit 5
/// double precision, bit 6 a depth limit of 8.
fn config(sel: u8) -> Config {
    let d = Dialect::ALL[(sel & 0x0F) as usize % Dialect::ALL.len()];
    let cfg = Config::new(d).with_allow_objects(sel & 0x10 != 0).with_double_precision(sel & 0x20 != 0);
    if sel & 0x40 != 0 {
        cfg.with_max_depth(8)
    } else {
        cfg
    }
}

/// decode_variant's checks on a fuzz input (config byte first). Returns the decoded value, its encoding,
/// and that encoding decoded again.
fn decode_variant(data: &[u8]) -> Option<(Config, Variant, Vec<u8>, Variant)> {
    let (&sel, bytes) = data.split_first()?;
    let cfg = config(sel);
    let (v, used) = Variant::decode_prefix(bytes, &cfg).ok()?;
    assert!(used <= bytes.len());
    let enc = v.encode(&cfg).unwrap_or_else(|e| panic!("{v:?} decoded but does not encode: {e}"));
    let back = Variant::decode(&enc, &cfg).unwrap_or_else(|e| panic!("{enc:02x?} does not decode: {e}"));
    Some((cfg, v, enc, back))
}

// ---------------------------------------------------------------------------------------------------------
// decode_variant: a null object was read as Object(Null) but written as NIL, read back as Nil.
// Godot 3 with objects: OBJECT header (17) with an empty class name; Godot 4.6: OBJECT by id (24 | 1<<16)
// with id 0. Godot 4.6 itself re-encodes the latter as NIL (tests/fixtures/godot-4.6/probes.tsv,
// hand_obj_id_0_a0). Fixed in fe6e54b: a null object decodes as Nil outside Godot 2.

const NULL_OBJECT_EMPTY_CLASS_G3: &[u8] = &[0x11, 17, 0, 0, 0, 0, 0, 0, 0];
const NULL_OBJECT_ID_0_G46: &[u8] = &[0x08, 24, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0];

#[test]
fn null_object_bytes_are_canonical() {
    for input in [NULL_OBJECT_EMPTY_CLASS_G3, NULL_OBJECT_ID_0_G46] {
        let (cfg, v, enc, back) = decode_variant(input).unwrap();
        // Decided: a null object decodes as Nil (what the engines write back), so decoding is a fixed point.
        assert_eq!(v, Variant::Nil);
        assert_eq!(enc, [0, 0, 0, 0], "written as NIL, as the engines do");
        assert_eq!(back.encode(&cfg).unwrap(), enc);
    }
}

#[test]
fn null_object_decodes_to_a_fixed_point() {
    for input in [NULL_OBJECT_EMPTY_CLASS_G3, NULL_OBJECT_ID_0_G46] {
        let (_, v, _, back) = decode_variant(input).unwrap();
        assert_eq!(back, v);
    }
}

// ---------------------------------------------------------------------------------------------------------
// decode_variant: text that starts with two byte order marks. Reading drops one (as the engines'
// parse_utf8 does), leaving "\u{feff}x"; that is written with its one mark, which the next read drops: "x".
// Godot 4.6, StringName (21) of 7 bytes EF BB BF EF BB BF 'x' and one padding byte.

const DOUBLE_BOM_STRING_NAME_G46: &[u8] = &[0x08, 21, 0, 0, 0, 7, 0, 0, 0, 0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, b'x', 0];

#[test]
fn double_bom_text_decodes_and_encodes() {
    let (_, v, enc, back) = decode_variant(DOUBLE_BOM_STRING_NAME_G46).unwrap();
    assert_eq!(v.as_str(), Some("\u{feff}x"));
    assert_eq!(enc[4..8], [4, 0, 0, 0], "one mark and x");
    assert_eq!(back.as_str(), Some("x"));
}

#[test]
#[ignore = "decided: the engines write \"\\u{feff}x\" with one mark and read back \"x\"; we keep their bytes"]
fn double_bom_text_decodes_to_a_fixed_point() {
    let (cfg, v, enc, back) = decode_variant(DOUBLE_BOM_STRING_NAME_G46).unwrap();
    assert_eq!(back, v);
    assert_eq!(back.encode(&cfg).unwrap(), enc);
}

// ---------------------------------------------------------------------------------------------------------
// text_parse: Godot 2 has no StringName, but the text parser accepts `&"a"` as one, and
// to_text_exact printed it as the String `"a"`, which parses back as a String: not exact, and the value
// cannot be encoded for Godot 2 at all. Config byte 0x0C = dialect 12 % 12 = Godot 2. Fixed in ce12fae:
// to_text_exact refuses kinds the dialect lacks.

const STRING_NAME_TEXT_G2: &[u8] = b"\x0c&\"a\"";

#[test]
fn string_name_text_in_godot2_parses_without_panic() {
    let cfg = config(STRING_NAME_TEXT_G2[0]);
    let text = std::str::from_utf8(&STRING_NAME_TEXT_G2[1..]).unwrap();
    if let Ok(v) = godot_bin::text::from_text(text, &cfg) {
        let _ = godot_bin::text::to_text(&v, &cfg);
        let _ = v.encode(&cfg);
    }
}

#[test]
fn string_name_text_in_godot2_is_refused_or_exact() {
    let cfg = config(STRING_NAME_TEXT_G2[0]);
    let text = std::str::from_utf8(&STRING_NAME_TEXT_G2[1..]).unwrap();
    let Ok(v) = godot_bin::text::from_text(text, &cfg) else { return };
    if let Ok(printed) = godot_bin::text::to_text_exact(&v, &cfg) {
        assert_eq!(godot_bin::text::from_text(&printed, &cfg).unwrap(), v, "printed as {printed:?}");
    }
}

// ---------------------------------------------------------------------------------------------------------
// text_parse: Pandemonium 5 (config byte 0x5B: dialect 11, objects on) parses `Array[RID]([])`
// as a typed Array of RID; to_text_exact printed it as `TypedArray( RID ,  )`, which the parser refused
// ("unknown identifier 'TypedArray'"). Fixed in 9a04209 (the parser reads TypedArray).

const TYPED_ARRAY_TEXT_PANDEMONIUM5: &[u8] = b"\x5bArray[RID]([])";

#[test]
fn pandemonium_typed_array_text_parses_without_panic() {
    let cfg = config(TYPED_ARRAY_TEXT_PANDEMONIUM5[0]);
    let text = std::str::from_utf8(&TYPED_ARRAY_TEXT_PANDEMONIUM5[1..]).unwrap();
    if let Ok(v) = godot_bin::text::from_text(text, &cfg) {
        let _ = godot_bin::text::to_text(&v, &cfg);
        let _ = godot_bin::text::to_text_exact(&v, &cfg);
    }
}

#[test]
fn pandemonium_typed_array_text_prints_what_parses() {
    let cfg = config(TYPED_ARRAY_TEXT_PANDEMONIUM5[0]);
    let text = std::str::from_utf8(&TYPED_ARRAY_TEXT_PANDEMONIUM5[1..]).unwrap();
    let v = godot_bin::text::from_text(text, &cfg).unwrap();
    let printed = godot_bin::text::to_text_exact(&v, &cfg).unwrap();
    let back = godot_bin::text::from_text(&printed, &cfg).unwrap_or_else(|e| panic!("{printed:?}: {e}"));
    assert_eq!(back, v);
}

// ---------------------------------------------------------------------------------------------------------
// decode_variant: Pandemonium 5 with objects allowed (config byte 0x1B). A TypedArray (27) whose
// header has the 64-bit flag (here inside 0x00AD001B: bits 8–15 ignored, bit 16 set) and element type
// Object (23) is an array of objects by id: element type Builtin(Object). Written back with objects allowed,
// it gets the class name "Object" (no flag, StringName "Object"), which reads back as Class("Object").

const PANDEMONIUM5_OBJECT_ID_TYPED_ARRAY: &[u8] = &[0x1B, 27, 0, 0xAD, 0, 23, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0];

#[test]
fn pandemonium5_object_id_typed_array_decodes_and_encodes() {
    let (_, v, _, _) = decode_variant(PANDEMONIUM5_OBJECT_ID_TYPED_ARRAY).unwrap();
    assert!(matches!(&v, Variant::Array(a) if a.items.is_empty()), "{v:?}");
}

#[test]
fn pandemonium5_object_id_typed_array_decodes_to_a_fixed_point() {
    let (cfg, v, enc, back) = decode_variant(PANDEMONIUM5_OBJECT_ID_TYPED_ARRAY).unwrap();
    assert_eq!(back, v);
    assert_eq!(back.encode(&cfg).unwrap(), enc);
}

// ---------------------------------------------------------------------------------------------------------
// decode_variant (CI fuzz smoke): Pandemonium 5 without objects (config byte 0x8B). A TypedArray of
// Object in full-object form with an empty class name decoded as Class(""), was written by id (objects are off)
// and read back as Class("EncodedObjectAsID"). Without objects, object arrays now decode as EncodedObjectAsID
// (as Godot 4 does; no bytes change), and an empty class name means no class.

const PANDEMONIUM5_EMPTY_CLASS_TYPED_ARRAY: &[u8] =
    &[0x8B, 0x1B, 0x05, 0, 0, 0x17, 0, 0, 0, 0x18, 0, 0, 0x13, 0, 0, 0, 0, 0, 0, 0, 0];

#[test]
fn pandemonium5_empty_class_typed_array_decodes_to_a_fixed_point() {
    let (cfg, v, enc, back) = decode_variant(PANDEMONIUM5_EMPTY_CLASS_TYPED_ARRAY).unwrap();
    assert_eq!(back, v);
    assert_eq!(back.encode(&cfg).unwrap(), enc);
}

// ---------------------------------------------------------------------------------------------------------
// decode_variant (CI smoke run): a Dictionary with a nil key and a null-object key (OBJECT
// header, class name of NULs). `Variant` reads the null object as Nil and merges the two keys;
// `VariantRef` kept the null object as an opaque owned Nil that did not meet the nil key, so it had two
// entries. Fixed: a null object is `VariantRef::Nil`. Godot 4.6, objects on; the input is the first 45
// bytes of the crash (the rest is never read).

const NIL_KEY_AND_NULL_OBJECT_KEY_G46: &[u8] = &[
    0x18, 0x1b, 0, 0, 0, 2, 0, 0, 0, 0, 0, 4, 0, 1, 0, 0, 0, 111, 0, 0, 0, 24, 0, 0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 4, 0,
    1, 0, 0, 0, 111, 0, 0, 0, 24, 0,
];

#[test]
fn nil_key_and_null_object_key_merge_in_both_decoders() {
    let (&sel, bytes) = NIL_KEY_AND_NULL_OBJECT_KEY_G46.split_first().unwrap();
    let cfg = config(sel);
    let (v, used) = Variant::decode_prefix(bytes, &cfg).unwrap();
    let (r, used_r) = godot_bin::VariantRef::decode_prefix(bytes, &cfg).unwrap();
    assert_eq!(used_r, used);
    let Variant::Dictionary(d) = &v else { panic!("{v:?}") };
    assert_eq!(d.entries, [(Variant::Nil, Variant::Nil)], "the later entry's value wins");
    assert_eq!(r.to_variant(), v);
    let (_, _, enc, back) = decode_variant(NIL_KEY_AND_NULL_OBJECT_KEY_G46).unwrap();
    assert_eq!(back, v);
    assert_eq!(back.encode(&cfg).unwrap(), enc);
}

// ---------------------------------------------------------------------------------------------------------
// structured_binary / tests/conformance/differential.rs (the JSON form of what the decoders accept): a
// single-precision real that is a signalling NaN. Godot 3.6 re-encodes this Vector3 byte for byte
// (tests/fixtures/godot-3.6/probes.tsv `mut_v3_inf_2_bitflip`: y = 0xff800004); we hold y as the f64 with
// the same payload, still signalling. The JSON writer narrowed it with `as f32`, which quiets it
// ("0xffc00004"), so `json::from_json_str` read back another NaN and re-encoding wrote other bytes. Fixed in
// src/json.rs: f32 slots are narrowed and widened bit-exactly (`wire::narrow_exact`/`widen_exact`).

const SIGNALLING_NAN_VECTOR3_G3: &[u8] = &[0x01, 7, 0, 0, 0, 0, 0, 0x80, 0x7f, 0x04, 0, 0x80, 0xff, 0, 0, 0x80, 0x3f];

#[cfg(feature = "json")]
#[test]
fn signalling_nan_real_survives_the_json_form() {
    let (cfg, v, enc, back) = decode_variant(SIGNALLING_NAN_VECTOR3_G3).unwrap();
    assert_eq!(enc, SIGNALLING_NAN_VECTOR3_G3[1..], "the bytes as the engine re-encodes them");
    assert_eq!(back, v);
    let text = godot_bin::json::to_json_string(&v, &cfg);
    assert_eq!(text, r#"{"$Vector3":["inf","0xff800004",1.0]}"#);
    let read = godot_bin::json::from_json_str(&text, &cfg).unwrap();
    assert_eq!(read, v, "{text}");
    assert_eq!(read.encode(&cfg).unwrap(), enc);
}

// ---------------------------------------------------------------------------------------------------------
// differential (the JSON form of what the decoders accept): Pandemonium 5 (config byte 0x0B) reads
// a PackedTypedArray whose element type is TYPED_ARRAY (27): the engine takes any element type id, so the
// array is typed `Builtin(TypedArray)` (its one Bool element is dropped: no conversions in Pandemonium). The
// JSON form wrote `"type": "TypedArray"`, which `json::from_json_str` refused ("unknown built-in type").
// Fixed in src/json.rs: the reader takes every type name the decoders can give an element type.

const PANDEMONIUM5_TYPED_ARRAY_OF_TYPED_ARRAYS: &[u8] =
    &[0x0B, 0x1c, 0, 1, 0, 0x1b, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];

#[cfg(feature = "json")]
#[test]
fn pandemonium5_array_typed_typed_array_survives_the_json_form() {
    let (cfg, v, enc, back) = decode_variant(PANDEMONIUM5_TYPED_ARRAY_OF_TYPED_ARRAYS).unwrap();
    assert_eq!(back, v);
    let text = godot_bin::json::to_json_string(&v, &cfg);
    assert_eq!(text, r#"{"$PackedTypedArray":[],"type":"TypedArray"}"#);
    let read = godot_bin::json::from_json_str(&text, &cfg).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(read, v);
    assert_eq!(read.encode(&cfg).unwrap(), enc);
}

// ---------------------------------------------------------------------------------------------------------
// structured_binary: a typed `Dictionary[Array, int]` (Godot 4.4+) whose key arrives as a PackedByteArray, read
// with `max_depth(1)`. On the wire the dictionary is one level deep (a packed array is no container); the
// engine's conversion turns the key into an Array whose items are one level deeper, which encoding with the
// same config refuses (`TooDeep`, as the engine's own encoder refuses a value past its limit). Decided: the
// decoder counts the levels a conversion creates, so what decodes under a config re-encodes under it. The
// same holds for an element of a typed `Array[Array]`.

const CONVERTED_KEY_DEEPER_THAN_ITS_BYTES_G46: &[u8] =
    &[0x08, 0x1b, 0, 1, 0, 0x1c, 0, 0, 0, 1, 0, 0, 0, 0x1d, 0, 0, 0, 2, 0, 0, 0, 7, 8, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0];

/// Decodes `bytes` with `cfg`; when that succeeds, encoding the value with `cfg` succeeds and decodes to it.
fn decodes_then_encodes(bytes: &[u8], cfg: &Config) -> Result<Variant, godot_bin::Error> {
    let v = Variant::decode(bytes, cfg)?;
    let enc = v.encode(cfg).unwrap_or_else(|e| panic!("decoded under {cfg:?} but not encoded: {v:?}: {e}"));
    assert_eq!(Variant::decode(&enc, cfg).unwrap(), v);
    Ok(v)
}

#[test]
fn converted_key_deeper_than_its_bytes_is_refused_where_encoding_would_be() {
    let (&sel, bytes) = CONVERTED_KEY_DEEPER_THAN_ITS_BYTES_G46.split_first().unwrap();
    let err = decodes_then_encodes(bytes, &config(sel).with_max_depth(1)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::TooDeep { max: 1 }), "{err}");
    assert_eq!(err.offset(), Some(12), "at the key");
    // One level more and it decodes, converted, and encodes with the same config.
    let v = decodes_then_encodes(bytes, &config(sel).with_max_depth(2)).unwrap();
    let Variant::Dictionary(d) = &v else { panic!("{v:?}") };
    assert_eq!(d.entries[0].0, Variant::from(vec![Variant::Int(7), Variant::Int(8)]));
    assert_eq!(v.nesting_depth(), 2);
}

#[test]
fn converted_element_deeper_than_its_bytes_is_refused_where_encoding_would_be() {
    // Array[Array]([PackedByteArray(7, 8)]) as Godot 4.4+ writes a typed array (header flag 1, element type 28).
    let bytes = [0x1c, 0, 1, 0, 0x1c, 0, 0, 0, 1, 0, 0, 0, 0x1d, 0, 0, 0, 2, 0, 0, 0, 7, 8, 0, 0];
    let cfg = Config::new(Dialect::Godot4_6);
    let err = decodes_then_encodes(&bytes, &cfg.clone().with_max_depth(1)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::TooDeep { max: 1 }), "{err}");
    let v = decodes_then_encodes(&bytes, &cfg.clone().with_max_depth(2)).unwrap();
    assert_eq!(v[0], Variant::from(vec![Variant::Int(7), Variant::Int(8)]));
    // An empty packed array converts to an empty Array: nothing deeper, accepted at the limit.
    let empty = [0x1c, 0, 1, 0, 0x1c, 0, 0, 0, 1, 0, 0, 0, 0x1d, 0, 0, 0, 0, 0, 0, 0];
    decodes_then_encodes(&empty, &cfg.with_max_depth(1)).unwrap();
}
