//! The text parser on hostile input: random token soup and random bytes never panic, and errors point inside
//! the text. (It is also a fuzz target candidate: `godot_bin::text::from_text` takes any `&str`.)

use godot_bin::error::Position;
use godot_bin::{text, Config, Dialect};

use crate::common::r#gen::Rng;

const TOKENS: &[&str] = &[
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ",",
    ":",
    "&",
    "@",
    "\"",
    "\"a\"",
    "\"\\u",
    "\"\\ud83d\\ude00\"",
    "\\",
    "1",
    "-",
    "-1.5e+300",
    "1e",
    "0.",
    ".5",
    "9999999999999999999999",
    "inf",
    "inf_neg",
    "nan",
    "-inf",
    "null",
    "true",
    "Vector2",
    "Vector2i",
    "Color",
    "Array",
    "Array[int]",
    "Array[Node]",
    "Dictionary",
    "Dictionary[String, int]",
    "Object",
    "Object(Node,",
    "NodePath",
    "PackedByteArray",
    "PackedByteArray(\"AQ==\")",
    "PoolVector3Array",
    "RID",
    "Transform3D",
    "Projection",
    "StringName",
    " ",
    "\n",
    ";",
    "é",
    "😀",
    "\u{0}",
    "Basis(",
    "Signal()",
    "Callable()",
    "EncodedObjectAsID",
    "\"object_id\":",
];

#[test]
fn token_soup_never_panics() {
    let mut r = Rng(0x9E37_79B9_7F4A_7C15);
    let cfgs = [
        Config::new(Dialect::Godot4_6).with_allow_objects(true),
        Config::new(Dialect::Godot3),
        Config::new(Dialect::Pandemonium5),
        Config::new(Dialect::Godot2),
    ];
    for i in 0..40_000 {
        let n = (r.next_u64() % 24) as usize;
        let s: String = (0..n).map(|_| *r.pick(TOKENS)).collect();
        let cfg = &cfgs[i % cfgs.len()];
        match text::from_text(&s, cfg) {
            Ok(v) => {
                let _ = v.encode(cfg);
                let _ = text::to_text(&v, cfg);
            }
            Err(e) => assert!(
                e.offset().is_some_and(|o| o <= s.len())
                    && matches!(e.position(), Some(Position::Text { line, .. }) if *line >= 1),
                "{s:?}: {e:?}"
            ),
        }
        let _ = text::from_text_many(&s, cfg);
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut r = Rng(12345);
    for _ in 0..20_000 {
        let n = (r.next_u64() % 40) as usize;
        let b: Vec<u8> = (0..n).map(|_| (r.next_u64() % 128) as u8).collect();
        let s = String::from_utf8_lossy(&b);
        let _ = text::from_text(&s, &Config::default());
        // The same bytes where the grammar wants a number: the engine's float parser on any text.
        let _ = text::from_text(&format!("Vector2(1e{s}, -.{s})"), &Config::default());
    }
}

#[test]
fn nesting_is_limited_without_recursion() {
    let cfg = Config::default();
    for open in ["[", "{\"a\": ", "Array[int]([", "Object(Node,\"p\":", "Dictionary[int, int]({1: "] {
        let s = open.repeat(200_000);
        let e = text::from_text(&s, &cfg).unwrap_err();
        assert!(e.to_string().contains("nested deeper") || e.to_string().contains("expected"), "{open}: {e}");
    }
    // 1000 levels (inside the default limit of 1024) read and print back.
    let s = format!("{}1{}", "[".repeat(1000), "]".repeat(1000));
    let v = text::from_text(&s, &cfg).unwrap();
    assert_eq!(text::to_text(&v, &cfg), s);
}
