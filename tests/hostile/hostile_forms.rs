//! The other forms (text, JSON, dialect conversion) on hostile values: error messages name a path with a
//! short rendering of each key, never whole keys.
#![cfg(feature = "json")]

use godot_bin::convert::{check_fits, convert, Options};
use godot_bin::{markers::Vector2i, text, Config, Dialect, Dictionary, Variant};

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
        ("check_fits", check_fits(&v, Dialect::Godot3).unwrap_err().path()),
        ("convert", convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default()).unwrap_err().path()),
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

/// A value `depth` levels deep: Arrays, or Dictionaries keyed "k", around an int. Built without recursion.
fn deep(depth: usize, dicts: bool) -> Variant {
    let mut v = Variant::Int(1);
    for _ in 0..depth {
        v = if dicts {
            let mut d = Dictionary::default();
            d.insert("k".into(), v);
            Variant::Dictionary(Box::new(d))
        } else {
            Variant::from(vec![v])
        };
    }
    v
}

/// Runs `f` on a value 4096 levels deep (the cap of `Config::max_depth`) on a 2 MiB thread; the value is
/// built and dropped on a big thread (dropping recurses through std's drop glue).
fn on_2_mib(dicts: bool, f: fn(&Variant) -> Option<Variant>) {
    let v = std::thread::Builder::new().stack_size(64 << 20).spawn(move || deep(4096, dicts)).unwrap().join().unwrap();
    let v = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let made = f(&v);
            (v, made)
        })
        .unwrap()
        .join()
        .unwrap();
    std::thread::Builder::new().stack_size(64 << 20).spawn(move || drop(v)).unwrap().join().unwrap();
}

/// The text and JSON writers, `convert` and `check_fits` on values nested to `Config::max_depth`'s cap
/// (4096): no stack overflow on a 2 MiB thread, in debug and release builds.
#[test]
fn deep_values_through_every_form_fit_a_2_mib_thread() {
    for dicts in [false, true] {
        on_2_mib(dicts, |v| {
            let g4 = Config::new(Dialect::Godot4_6).with_max_depth(Config::MAX_DEPTH_LIMIT);
            let t = text::to_text(v, &g4);
            assert!(t.len() > 4096);
            assert!(text::to_text_exact(v, &g4).is_ok());
            let j = godot_bin::json::to_json_string(v, &g4);
            assert!(j.len() > 4096);
            assert!(check_fits(v, Dialect::Godot3).is_ok());
            // The converted value is as deep: handed out, to be dropped with the input.
            Some(convert(v, Dialect::Godot4_6, Dialect::Godot3, &Options::default()).unwrap())
        });
    }
}
