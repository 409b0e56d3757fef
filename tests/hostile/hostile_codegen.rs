//! Generated code holds data only as data: docs and keys from a schema file or a save someone sent reach
//! the generated Rust and GDScript only as plain-text comments and escaped string literals, and the names
//! given through the API are checked as identifiers.

use std::process::Command;

use godot_bin::gdscript::{self, Options};
use godot_bin::schema::{rust, Def, Enum, EnumVariant, Field, Schema, Shape, Struct};
use godot_bin::{Config, Dialect, Variant};

/// Docs a sender might put in a schema file: every way markdown makes a code block.
fn hostile_docs(marker: &str) -> Vec<String> {
    let code = format!("std::fs::write({marker:?}, \"ran\").unwrap();");
    vec![
        format!("Fenced.\n```\n{code}\n```"),
        format!("Fenced, tagged.\n```rust\n{code}\n```"),
        format!("Tildes.\n~~~\n{code}\n~~~"),
        format!("Indented.\n\n    {code}\n"),
        format!("Tab.\n\n\t{code}\n"),
        format!("In a list.\n- item\n\n      ```\n      {code}\n      ```"),
        format!("In a quote.\n> ```\n> {code}\n> ```"),
        format!("Escaped fence.\n\\```\n{code}\n\\```"),
        format!("HTML.\n<pre>\n{code}\n</pre>"),
    ]
}

fn hostile_schema(marker: &str) -> Schema {
    let docs = hostile_docs(marker);
    let mut s = Schema::new(Dialect::Godot4_6);
    let fields = docs
        .iter()
        .enumerate()
        .map(|(i, d)| Field { doc: Some(d.clone()), ..Field::new(format!("f{i}"), Shape::Bool) })
        .collect();
    s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: Some(docs[0].clone()), fields }));
    let variants = docs
        .iter()
        .enumerate()
        .map(|(i, d)| EnumVariant { doc: Some(d.clone()), ..EnumVariant::unit(format!("V{i}")) });
    s.defs.push(Def::Enum(Enum { name: "Mood".into(), doc: Some(docs[1].clone()), variants: variants.collect() }));
    s.root = Some("Save".into());
    s
}

/// The `///` lines of the generated Rust, on one item of a crate of their own, through `rustdoc --test`:
/// its output (which names how many doctests ran).
fn rustdoc_test(code: &str, dir: &std::path::Path) -> String {
    let docs: String =
        code.lines().map(str::trim_start).filter(|l| l.starts_with("///")).map(|l| format!("{l}\n")).collect();
    assert!(docs.lines().count() > 20, "{code}");
    let lib = dir.join("lib.rs");
    std::fs::write(&lib, format!("//! Probe.\n{docs}pub struct Probe;\n")).unwrap();
    let rustdoc = std::env::var("RUSTDOC").unwrap_or_else(|_| "rustdoc".into());
    let out = Command::new(rustdoc)
        .args(["--test", "--edition", "2021", "--crate-name", "probe", "--crate-type", "lib"])
        .arg(&lib)
        .current_dir(dir)
        .output()
        .expect("rustdoc runs");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}");
    text
}

#[test]
fn docs_from_a_schema_file_become_no_doctest() {
    let dir = std::env::temp_dir().join(format!("godot_bin_codegen_docs_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let marker = dir.join("ran.txt");
    let code = rust::from_schema(&hostile_schema(marker.to_str().unwrap())).unwrap();
    let out = rustdoc_test(&code, &dir);
    assert!(out.contains("running 0 tests"), "{out}\n{code}");
    assert!(!marker.exists(), "a doc ran");
    // The text is still there, as text.
    assert!(code.contains("/// \\`\\`\\`rust") && code.contains("/// std::fs::write("), "{code}");
    std::fs::remove_dir_all(&dir).unwrap();
}

const BIDI: [char; 12] = [
    '\u{202a}', '\u{202b}', '\u{202c}', '\u{202d}', '\u{202e}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}',
    '\u{200e}', '\u{200f}', '\u{61c}',
];

/// A save whose keys, values and enum names hold every bidirectional control.
fn bidi_save() -> Variant {
    let mut text = String::from("{");
    for (i, c) in BIDI.iter().enumerate() {
        text.push_str(&format!("\"k{i}{c}\": \"v{c}\", "));
    }
    text.push_str("\"items\": [{\"a\u{202e}b\": 1}, {\"a\u{202e}b\": 2}]}");
    godot_bin::text::from_text(&text, &Config::new(Dialect::Godot4_6)).unwrap()
}

#[test]
fn bidirectional_controls_reach_no_generated_file_as_they_are() {
    let save = bidi_save();
    let mut schema = Schema::infer(&[save], Dialect::Godot4_6, "Save").unwrap();
    // A doc too.
    if let Def::Struct(s) = &mut schema.defs[0] {
        s.doc = Some(format!("Left{}right", BIDI.iter().collect::<String>()));
    }
    let rs = rust::from_schema(&schema).unwrap();
    let gd4 = gdscript::from_schema(&schema, &Options::default()).unwrap();
    schema.dialect = Dialect::Godot3;
    let gd3 = gdscript::from_schema(&schema, &Options::default()).unwrap();
    for (name, code) in [("rust", &rs), ("gdscript 4", &gd4), ("gdscript 3", &gd3)] {
        for c in BIDI {
            assert!(!code.contains(c), "{name} holds U+{:04X}:\n{code}", u32::from(c));
        }
    }
    assert!(rs.contains("#[serde(rename = \"k4\\u{202e}\")]"), "{rs}");
    assert!(gd4.contains("\"k4\\u202e\""), "{gd4}");
}

#[test]
fn names_given_through_the_api_are_identifiers() {
    let mut s = Schema::new(Dialect::Godot4_6);
    s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields: vec![] }));
    for bad in [
        "Save\nstatic func _static_init():\n\tOS.crash(\"x\")",
        "two words",
        "",
        "1st",
        "if",
        "class",
        "Node",
        "Save\u{202e}",
    ] {
        let err = gdscript::from_schema(&s, &Options::default().with_class_name(Some(bad.into()))).unwrap_err();
        assert!(err.to_string().contains("class name"), "{bad:?}: {err}");
    }
    for bad in ["../x.gd", "a/b.gd", "x.gd\")\nfunc f():", "save", ".gd", "x y.gd", "res://a.gd"] {
        let err = gdscript::from_schema(&s, &Options::default().with_file_name(bad)).unwrap_err();
        assert!(err.to_string().contains("file name"), "{bad:?}: {err}");
    }
    let ok = gdscript::from_schema(
        &s,
        &Options::default().with_class_name(Some("SaveGame".into())).with_file_name("save_game.gd"),
    );
    assert!(ok.unwrap().contains("class_name SaveGame\n"));
    for bad in ["two words", "if", "Self", "fn", "", "9lives", "a\u{202e}"] {
        let err = Schema::infer(&[Variant::Dictionary(Default::default())], Dialect::Godot4_6, bad).unwrap_err();
        assert!(err.to_string().contains("type name"), "{bad:?}: {err}");
    }
}
