//! ConfigFile against real engines: files Godot 3.2.3, 3.6 and 4.6 wrote with `ConfigFile.save` /
//! `save_encrypted_pass` (tests/fixtures/<engine>/config_file, written by tests/gd/config_file*.gd through
//! scripts/gen.sh config-file). We read each to what the engine's own `ConfigFile.load`/`parse` read
//! (store_var'd by the engine), and what we write for the values the engine saved is its file, byte for byte.

use std::path::PathBuf;

use godot_bin::config_file::{self, ConfigFile, KeyStyle};
use godot_bin::error::Position;
use godot_bin::framing::from_store_var;
use godot_bin::{Config, Dialect, Variant};

/// Godot 3.2.3 writes an empty Dictionary as `{\n\n}`, 3.6 as `{\n}`; the text module writes 3.6's form
/// (one `Dialect::Godot3` for both). Everything else of 3.2.3's file is compared byte for byte: this is the
/// engine's text with that one known difference replaced (and checked to be there).
fn engine_text_as_ours(engine: &str, text: &str) -> String {
    if engine == "godot-3.2.3" {
        assert!(text.contains("{\n\n}"), "{engine}: the known difference is gone");
        text.replace("{\n\n}", "{\n}")
    } else {
        text.to_owned()
    }
}

const ENGINES: [(&str, Dialect, KeyStyle); 3] = [
    ("godot-3.2.3", Dialect::Godot3, KeyStyle::Bare),
    ("godot-3.6", Dialect::Godot3, KeyStyle::Quoted),
    ("godot-4.6", Dialect::Godot4_6, KeyStyle::Quoted),
];

fn dir(engine: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(engine).join("config_file")
}

fn read(engine: &str, name: &str) -> Vec<u8> {
    let p = dir(engine).join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn text(engine: &str, name: &str) -> String {
    String::from_utf8(read(engine, name)).unwrap()
}

fn engine_value(engine: &str, name: &str, cfg: &Config) -> Variant {
    from_store_var::<Variant>(&read(engine, name), cfg).unwrap()
}

#[test]
fn we_read_engine_files_as_the_engine_loads_them() {
    for (engine, dialect, _) in ENGINES {
        let cfg = Config::new(dialect);
        let cf = ConfigFile::parse(&text(engine, "values.cfg"), &cfg).unwrap();
        assert_eq!(cf.to_variant(), engine_value(engine, "loaded.sav", &cfg), "{engine}: values.cfg");
        // The saved values are exact in text (chosen so), so loading gives what was saved.
        assert_eq!(cf.to_variant(), engine_value(engine, "values.sav", &cfg), "{engine}: values.cfg vs saved");
        assert!(cf.sections().count() >= 5, "{engine}");
    }
}

#[test]
fn what_we_write_is_the_engine_file_byte_for_byte() {
    for (engine, dialect, style) in ENGINES {
        let cfg = Config::new(dialect);
        let want = engine_text_as_ours(engine, &text(engine, "values.cfg"));
        // From the values the engine saved (its store_var of them), not from the text.
        let saved = ConfigFile::from_variant(&engine_value(engine, "values.sav", &cfg)).unwrap();
        assert_eq!(saved.to_text_with(&cfg, style), want, "{engine}: from the saved values");
        // And what we read from the file writes back as the file.
        let parsed = ConfigFile::parse(&want, &cfg).unwrap();
        assert_eq!(parsed.to_text_with(&cfg, style), want, "{engine}: parse then write");
    }
}

#[test]
fn quirky_text_reads_as_the_engine_parses_it() {
    for (engine, dialect, _) in ENGINES {
        let cfg = Config::new(dialect);
        let cf = ConfigFile::parse(&text(engine, "quirks.txt"), &cfg).unwrap();
        assert_eq!(cf.to_variant(), engine_value(engine, "quirks.sav", &cfg), "{engine}: quirks.txt");
    }
}

#[test]
fn empty_header_is_the_sectionless_part_unlike_the_engines_loader() {
    // Documented deviation: the engines ignore `[]`, so `y` lands in section "a" for them; for us `[]` is the
    // section-less part that Godot 3 writes it for.
    for (engine, dialect, _) in ENGINES {
        let cfg = Config::new(dialect);
        let ours = ConfigFile::parse(&text(engine, "empty_header.txt"), &cfg).unwrap();
        let theirs = engine_value(engine, "empty_header.sav", &cfg);
        assert_eq!(theirs["a"]["y"], Variant::Int(2), "{engine}: the engine's reading changed");
        assert_eq!(theirs[""].as_dictionary().map(|d| d.entries.len()), Some(1), "{engine}");
        assert_eq!(ours.get("", "y"), Some(&Variant::Int(2)), "{engine}");
        assert_eq!(ours.get("a", "y"), None, "{engine}");
        assert_eq!(ours.get("", "top"), Some(&Variant::Int(1)), "{engine}");
        assert_eq!(ours.get("a", "x"), Some(&Variant::Int(1)), "{engine}");
    }
}

#[cfg(feature = "containers")]
#[test]
fn encrypted_engine_files_read_and_are_byte_identical() {
    use godot_bin::container::{self, Container, Key, Layout};
    use godot_bin::file;
    let key = Key::from_password("hunter2 \u{e9}");
    for (engine, dialect, style) in ENGINES {
        let cfg = Config::new(dialect);
        let file = read(engine, "values.gdec");
        let (text, stored) = container::open(&file, Some(&key), 1 << 20).unwrap();
        let cf = ConfigFile::parse(std::str::from_utf8(&text).unwrap(), &cfg).unwrap();
        assert_eq!(cf.to_variant(), engine_value(engine, "loaded.sav", &cfg), "{engine}: values.gdec");
        assert!(container::open(&file, Some(&Key::from_password("wrong")), 1 << 20).is_err(), "{engine}");
        // The save engine opens it as a ConfigFile with the password, and writes it back as it was.
        let save = file::read(
            &file,
            &file::Options {
                key: Some(godot_bin::container::Key::from_password("hunter2 \u{e9}")),
                dialect: Some(dialect),
                ..file::Options::default()
            },
        )
        .unwrap();
        assert_eq!(save.format.content.kind(), file::Kind::ConfigFile, "{engine}");
        assert_eq!(save.values, [cf.to_variant()], "{engine}");
        assert_eq!(save.to_bytes().unwrap(), file, "{engine}: values.gdec through file::read");
        if dialect == Dialect::Godot4_6 {
            // Godot 4 picks a random IV; with the file's IV ours is the engine's file byte for byte.
            let ours = container::encrypt_with_iv(cf.to_text(&cfg).as_bytes(), &key, stored.iv().unwrap());
            assert_eq!(ours, file, "{engine}: values.gdec byte for byte with its IV");
        }
        if dialect == Dialect::Godot3 && engine != "godot-3.2.3" {
            // Godot 3's encryption is deterministic (no IV): the whole file is the engine's.
            let plain = cf.to_text_with(&cfg, style);
            let ours = container::encode(plain.as_bytes(), &Container::Encrypted(key.clone(), Layout::Godot3)).unwrap();
            assert_eq!(ours, file, "{engine}: values.gdec byte for byte");
        }
    }
}

#[test]
fn serde_reads_and_writes_engine_files() {
    #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
    struct Top {
        version: i64,
        title: String,
    }
    #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
    struct Player {
        name: String,
        pos: godot_bin::markers::Vector2,
        vel: godot_bin::markers::Vector3,
        tint: godot_bin::markers::Color,
        hp: i64,
        big: i64,
        ratio: f64,
        alive: bool,
        inv: Variant,
        tags: Vec<String>,
    }
    #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
    struct Save {
        #[serde(rename = "")]
        top: Top,
        player: Player,
    }
    for (engine, dialect, _) in ENGINES {
        let cfg = Config::new(dialect);
        let want = engine_text_as_ours(engine, &text(engine, "values.cfg"));
        let s: Save = config_file::from_str(&want, &cfg).unwrap();
        assert_eq!(s.top.version, 3, "{engine}");
        assert_eq!(s.player.pos, godot_bin::markers::Vector2::new(1.5, -2.0), "{engine}");
        assert_eq!(s.player.tags, ["a", "b c", "q\"d"], "{engine}");
        let inv = s.player.inv.as_dictionary().unwrap();
        assert_eq!(inv.get(&Variant::Int(1)).and_then(Variant::as_str), Some("sword"), "{engine}");
        // Written back, the two sections are exactly the engine's (the rest of its file is other sections).
        let ours = config_file::to_string(&s, &cfg).unwrap();
        let again: Save = config_file::from_str(&ours, &cfg).unwrap();
        assert_eq!(again, s, "{engine}");
        let cut = want.find("\n[packed]").unwrap() + 1;
        let mut head = want[..cut].to_owned();
        head.pop(); // the blank line before the next section
        if dialect == Dialect::Godot3 {
            // tags is a PoolStringArray in the file; a Vec<String> is an Array
            head = head.replace("PoolStringArray( \"a\", \"b c\", \"q\\\"d\" )", "[ \"a\", \"b c\", \"q\\\"d\" ]");
        } else {
            head = head.replace("PackedStringArray(\"a\", \"b c\", \"q\\\"d\")", "[\"a\", \"b c\", \"q\\\"d\"]");
        }
        assert_eq!(ours, head, "{engine}");
    }
}

#[test]
fn errors_have_lines_and_columns_and_never_panic() {
    let cfg = Config::default();
    for (text, line, column) in [
        ("[a]\nx=Vector2(1,\n", 3, 1),
        ("[a\n", 1, 1),
        ("x=\n", 2, 1),
        ("x=1\ny=[1, 2\n", 3, 1),
        ("\"open key=1", 1, 1),
        ("x=é\n", 1, 3),
        ("x=&\"a\" y=Vector2(1 2)\n", 1, 20),
    ] {
        let err = ConfigFile::parse(text, &cfg).unwrap_err();
        assert!(
            matches!(err.position(), Some(&Position::Text { line: l, column: c, .. }) if (l, c) == (line, column)),
            "{text:?}: {err}"
        );
    }
    // Arbitrary bytes: an error or a value, never a panic.
    let pieces = ["[", "]", "=", "\"", "\\", ";", "\n", "a", "1", "(", ")", "{", "}", "é", "Vector2", " ", ","];
    let mut x: u64 = 1;
    for _ in 0..20000 {
        let mut s = String::new();
        for _ in 0..(x % 12) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            s.push_str(pieces[(x >> 33) as usize % pieces.len()]);
        }
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let _ = ConfigFile::parse(&s, &cfg);
    }
}

#[test]
fn what_we_write_reads_back_equal() {
    for (engine, dialect, style) in ENGINES {
        let cfg = Config::new(dialect);
        let cf = ConfigFile::from_variant(&engine_value(engine, "values.sav", &cfg)).unwrap();
        let back = ConfigFile::parse(&cf.to_text_with(&cfg, style), &cfg).unwrap();
        assert_eq!(back, cf, "{engine}");
    }
}

/// A section name ending in a backslash: Godot 4.6's loader reads `\]` as a `]` inside the name, so the
/// engine's own spelling `[a\]` runs on to the next `]` and the file loads as one garbage section. Ours
/// writes `[a\ ]`, which Godot 4.6, 3.6 and 3.2.3 all load as `a\` (their loaders trim header names:
/// checked with `ConfigFile.parse` in each engine). Every such name reads back to the same sections.
#[test]
fn a_section_name_ending_in_a_backslash_loads_again() {
    let cfg = Config::new(Dialect::Godot4_6);
    for name in ["a\\", "\\", "i\\\\", "b]", "g\\]", "e\nf", "c\"d"] {
        let mut cf = ConfigFile::new();
        cf.set(name, "k", 1);
        cf.set("z", "k", 2);
        let text = cf.to_text(&cfg);
        let back = ConfigFile::parse(&text, &cfg).unwrap();
        assert_eq!(back.sections().collect::<Vec<_>>(), [name, "z"], "{text:?}");
        assert_eq!(back.get(name, "k"), Some(&Variant::Int(1)), "{text:?}");
    }
    // The spelling the engines were shown to load as `a\`.
    let back = ConfigFile::parse("[a\\ ]\nk=1\n[z]\nk=2\n", &cfg).unwrap();
    assert_eq!(back.sections().collect::<Vec<_>>(), ["a\\", "z"]);
}
