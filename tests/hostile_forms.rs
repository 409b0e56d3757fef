//! The other forms (text, JSON, dialect conversion) on hostile values: error messages name a path with a
//! short rendering of each key, never whole keys.
#![cfg(feature = "json")]

use godot_bin::convert::{check_fits, convert, Options};
use godot_bin::{text, Config, Dialect, Dictionary, Variant, Vector2i};

/// `levels` dictionaries, each keyed by a big Array (`width` ints) and, as the key's value, the next one;
/// the innermost value is a Vector2i (no counterpart in Godot 3 without coercion).
fn keyed_by_big_arrays(levels: usize, width: i64) -> Variant {
    let mut v = Variant::Vector2i(Vector2i::new(1, 2));
    for l in 0..levels as i64 {
        let key = Variant::from((0..width).map(|i| Variant::Int(l * width + i)).collect::<Vec<_>>());
        let mut d = Dictionary::default();
        d.insert(key, v);
        v = Variant::Dictionary(Box::new(d));
    }
    v
}

/// A 20-level path of 1000-int keys (22 KB on the wire in Godot 4) made a message of several MB: every
/// key was rendered whole. Now each key is a short summary and the message grows with the depth only.
#[test]
fn error_paths_render_keys_short() {
    let v = keyed_by_big_arrays(20, 1000);
    let wire = v.encode(&Config::new(Dialect::Godot4_6)).unwrap().len();
    let checks = [
        ("check_fits", check_fits(&v, Dialect::Godot3).unwrap_err().path),
        ("convert", convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default()).unwrap_err().path),
    ];
    for (name, path) in checks {
        assert!(path.starts_with("[[… 1000 items]]"), "{name}: {}", &path[..path.len().min(200)]);
        assert!(path.len() < 20 * 30, "{name}: a {}-byte path for {wire} bytes of input", path.len());
    }
    // to_text_exact names where it loses something (here a NaN payload) under a 100,000-character key.
    let mut d = Dictionary::default();
    d.insert(Variant::from("x".repeat(100_000)), Variant::Float(f64::from_bits(0x7ff8_0000_0000_0001)));
    let e = text::to_text_exact(&Variant::Dictionary(Box::new(d)), &Config::new(Dialect::Godot4_6)).unwrap_err();
    let shown = e.to_string();
    assert!(shown.len() < 400, "{} bytes: {}", shown.len(), &shown[..200]);
    assert!(shown.contains("xxxx\"…]"), "{shown}");
}
