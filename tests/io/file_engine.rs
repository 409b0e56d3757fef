//! The one save engine (`godot_bin::file`) on every kind of save the engines write: store_var streams with
//! big-endian lengths, JSON saves in each engine's styles, ConfigFile text; each read as the engine wrote
//! it, written back byte for byte while unchanged, and with exactly the edit when edited.

use godot_bin::file::{self, Content, Kind, Options};
use godot_bin::{Dialect, Variant};

fn fixture(engine: &str, path: &str) -> Vec<u8> {
    let p = format!("{}/tests/fixtures/{engine}/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

const ENGINES: [(&str, Dialect); 3] =
    [("godot-3.2.3", Dialect::Godot3), ("godot-3.6", Dialect::Godot3), ("godot-4.6", Dialect::Godot4_6)];

/// A store_var file with big-endian lengths (`FileAccess.big_endian`, `File.endian_swap`) and a big-endian
/// `StreamPeerBuffer`'s put_var: the same values as the little-endian file, found without being told.
#[test]
fn big_endian_streams_read_as_the_engine_wrote_them() {
    for (engine, dialect) in ENGINES {
        let little = file::read(&fixture(engine, "streams/little_endian.sav"), &Options::default()).unwrap();
        assert_eq!(little.format.content, Content::Stream { big_endian: false }, "{engine}");
        assert_eq!(little.values.len(), 3, "{engine}");
        for name in ["streams/big_endian.sav", "streams/peer_be.bin"] {
            let bytes = fixture(engine, name);
            let save = file::read(&bytes, &Options::default()).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            assert_eq!(save.format.content, Content::Stream { big_endian: true }, "{engine} {name}");
            assert_eq!(save.values, little.values, "{engine} {name}");
            assert!(save.format.dialect == dialect || engine != "godot-4.6", "{engine}: {}", save.format.dialect);
            assert_eq!(save.to_bytes().unwrap(), bytes, "{engine} {name}");
            // Re-encoded (not the kept bytes): the engine's bytes again.
            assert_eq!(
                file::Save::new(save.values.clone(), save.format.clone()).to_bytes().unwrap(),
                bytes,
                "{engine} {name}"
            );
        }
    }
}

/// The JSON saves the engines wrote (the manual's one object per line, and one document in each style):
/// read, the same bytes back untouched, and an edit in the engine's style.
#[test]
fn json_saves_round_trip_and_edit() {
    for (engine, dialect) in ENGINES {
        for name in ["lines.json", "sorted.json", "tab.json", "spaces.json", "unsorted.json"] {
            let bytes = fixture(engine, &format!("json/{name}"));
            let opts = Options { dialect: Some(dialect), ..Options::default() };
            let save = file::read(&bytes, &opts).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            assert_eq!(save.format.content.kind(), Kind::Json, "{engine} {name}");
            assert_eq!(save.to_bytes().unwrap(), bytes, "{engine} {name}");
            // Detected without the dialect too, where the text tells (and it reads the same values).
            let found = file::read(&bytes, &Options::default()).unwrap();
            assert_eq!(found.values, save.values, "{engine} {name}");
            let mut edited = save;
            if name == "lines.json" {
                // One node edited: the other lines stay as they were.
                edited.values[1]["level"] = Variant::Int(2);
                let text = String::from_utf8(edited.to_bytes().unwrap()).unwrap();
                let was = String::from_utf8(bytes.clone()).unwrap();
                let (new, old): (Vec<&str>, Vec<&str>) = (text.lines().collect(), was.lines().collect());
                assert_eq!((new[0], new[2]), (old[0], old[2]), "{engine}");
                assert_eq!(new[1], old[1].replace("\"level\":1", "\"level\":2"), "{engine}");
            } else {
                edited.values[0]["version"] = Variant::Int(4);
                let text = String::from_utf8(edited.to_bytes().unwrap()).unwrap();
                let was = String::from_utf8(bytes.clone()).unwrap();
                let sep = if was.contains(": ") { ": " } else { ":" };
                let expect = was.replace(&format!("\"version\"{sep}3"), &format!("\"version\"{sep}4"));
                assert_eq!(text, expect, "{engine} {name}");
            }
        }
    }
}

/// ConfigFile text the engines saved: the engine is found from the text, the same bytes come back
/// untouched, and an edited value is written in that engine's syntax.
#[test]
fn config_files_are_found_and_written_back() {
    for (engine, dialect) in [("godot-3.6", Dialect::Godot3), ("godot-4.6", Dialect::Godot4_6)] {
        let bytes = fixture(engine, "config_file/values.cfg");
        let save = file::read(&bytes, &Options::default()).unwrap();
        assert_eq!((save.format.content.kind(), save.format.dialect), (Kind::ConfigFile, dialect), "{engine}");
        assert_eq!(save.to_bytes().unwrap(), bytes, "{engine}");
        let mut edited = save;
        edited.values[0]["player"]["name"] = Variant::from("Edited");
        let again =
            file::read(&edited.to_bytes().unwrap(), &Options { dialect: Some(dialect), ..Options::default() }).unwrap();
        assert_eq!(again.values, edited.values, "{engine}");
    }
    // Encrypted ConfigFile text (save_encrypted_pass).
    let bytes = fixture("godot-4.6", "config_file/values.gdec");
    let save = file::read(
        &bytes,
        &Options { key: Some(godot_bin::container::Key::from_password("hunter2 \u{e9}")), ..Options::default() },
    )
    .unwrap();
    assert_eq!(save.format.content.kind(), Kind::ConfigFile);
    assert_eq!(save.to_bytes().unwrap(), bytes);
}

/// A partial read gives the values before the failure and the error; without it, the error.
#[test]
fn a_damaged_stream_reads_up_to_the_failure() {
    let mut bytes = fixture("godot-4.6", "streams/little_endian.sav");
    let first = 4 + u32::from_le_bytes(bytes[..4].try_into().unwrap()) as usize;
    bytes[first + 4] = 0x7f; // the second value's type: none
    let e = file::read(&bytes, &Options { dialect: Some(Dialect::Godot4_6), ..Options::default() }).unwrap_err();
    assert_eq!(e.offset(), Some(first + 4), "{e}");
    let save = file::read(&bytes, &Options { partial: true, ..Options::default() }).unwrap();
    assert_eq!(save.values.len(), 1);
    assert_eq!(save.error.map(|e| e.offset()), Some(Some(first + 4)));
}

/// The size limit: a small file claiming a huge content is refused before anything is allocated.
#[test]
fn the_size_limit_is_the_libraries() {
    let bytes = fixture("godot-4.6", "containers/fastlz.gcpf");
    let e = file::read(&bytes, &Options { max_size: Some(10), ..Options::default() }).unwrap_err();
    assert!(matches!(e.kind(), godot_bin::ErrorKind::TooLarge { .. }), "{e}");
}

/// Godot 4.6's `ConfigFile.load` takes any text (lines that are neither a section nor a key are skipped:
/// a table of numbers loads as an empty ConfigFile, error OK). Detection does not take such text for a
/// ConfigFile save; asked for one, it reads as the engine does.
#[test]
fn text_without_a_section_is_no_config_file_unless_asked() {
    let table = fixture("godot-4.6", "json/floats.tsv");
    let e = file::read(&table, &Options::default()).unwrap_err();
    assert!(matches!(e.kind(), godot_bin::ErrorKind::NotGodotData(_)), "{e}");
    let asked = file::read(&table, &Options { kind: Some(Kind::ConfigFile), ..Options::default() }).unwrap();
    assert_eq!(asked.values, [godot_bin::Variant::from(godot_bin::Dictionary::default())]);
    // Comments and blank lines only: an empty ConfigFile, found by detection too.
    let empty = file::read(b"; saved by the game\n\n", &Options::default()).unwrap();
    assert_eq!(empty.format.content.kind(), Kind::ConfigFile);
}

/// Resource saves the engines wrote (`.res`, compressed `.res`, `.tres`) through the save engine: found
/// without being told, one value (the main resource's properties, sub-resources expanded), the check
/// report in the evidence, the same bytes back untouched, and an edit read back as made (a text save: the
/// engine's text with the edited line changed).
#[test]
fn resource_saves_open_edit_and_save() {
    for (engine, dialect) in ENGINES {
        for name in ["save_game.res", "save_game_compressed.res", "save_game_be.res", "save_game.tres"] {
            let bytes = fixture(engine, &format!("resources/{name}"));
            let save = file::read(&bytes, &Options::default()).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            assert_eq!(save.format.content.kind(), Kind::Resource, "{engine} {name}");
            assert_eq!(save.format.dialect, dialect, "{engine} {name}");
            assert_eq!(save.report.evidence.last().unwrap(), "ok: 3 script(s), all the game's own (res://)");
            let [Variant::Dictionary(d)] = &save.values[..] else { panic!("{engine} {name}: {:?}", save.values) };
            assert_eq!(d.get(&Variant::from("level")), Some(&Variant::Int(7)), "{engine} {name}");
            assert_eq!(save.to_bytes().unwrap(), bytes, "{engine} {name}");
            let mut edited = save;
            let Variant::Dictionary(d) = &mut edited.values[0] else { unreachable!() };
            d.insert(Variant::from("level"), Variant::Int(99));
            let out = edited.to_bytes().unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            let mut again = file::read(&out, &Options::default()).unwrap();
            if name.ends_with(".tres") {
                // The text saver's output: the engine's file with the one line changed. Godot 4.6 wrote
                // `floats64` holding -2.4999999999999996e-300, which its parser (and ours) loads as -0.0;
                // the saver writes any zero as `0` (the engine's own save of the loaded file does too).
                let (a, b) = (String::from_utf8(out).unwrap(), String::from_utf8(bytes).unwrap());
                let mut changed: Vec<_> = a.lines().zip(b.lines()).filter(|(x, y)| x != y).collect();
                changed.retain(|(x, _)| *x != "floats64 = PackedFloat64Array(0.1, 0.3333333333333333, 0, 1e+300)");
                assert_eq!(changed, [("level = 99", "level = 7")], "{engine} {name}");
                assert_eq!(a.lines().count(), b.lines().count(), "{engine} {name}");
                for v in [&mut again.values[0], &mut edited.values[0]] {
                    let Variant::Dictionary(d) = v else { unreachable!() };
                    d.insert(Variant::from("floats64"), Variant::Nil);
                }
            }
            assert_eq!(again.values, edited.values, "{engine} {name}");
        }
    }
    let hostile = fixture("godot-4.6", "resources/hostile_builtin_init.res");
    let save = file::read(&hostile, &Options::default()).unwrap();
    assert!(save.report.evidence.iter().any(|l| l.starts_with("an embedded script")), "{:?}", save.report.evidence);
}

/// Godot 3 Resource saves (every engine-written `.tres` and `.res`, plain, compressed and big-endian, of
/// Godot 3.6 and 3.2.3, the hostile ones aside) migrated to Godot 4.6 through the save engine (what
/// `godot-bin convert --to-dialect godot4` does): the file is a Godot 4 one of the same form (text
/// `format=3` or `4`, binary format version 6), and it reads back as the same values, the main resource's
/// `__meta__` entries now `metadata/…` properties.
#[test]
fn resource_saves_migrate_from_godot_3_to_godot_4() {
    use godot_bin::resource::{Format, ResourceFile};
    let mut migrated = 0;
    for engine in ["godot-3.6", "godot-3.2.3"] {
        let dir = godot_bin_fixture_dir(engine);
        let mut names: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| (n.ends_with(".res") || n.ends_with(".tres")) && !n.starts_with("hostile_"))
            .collect();
        names.sort();
        for name in names {
            let bytes = std::fs::read(format!("{dir}/{name}")).unwrap();
            let save = file::read(&bytes, &Options::default()).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            assert_eq!(save.format.dialect, Dialect::Godot3, "{engine} {name}");
            let out = file::Save::new(save.values.clone(), save.format.in_dialect(Dialect::Godot4_6))
                .to_bytes()
                .unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            let file = ResourceFile::read(&out).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            match (&file.format, name.ends_with(".tres")) {
                (Format::Text(t), true) => assert!(t.format == 3 || t.format == 4, "{engine} {name}"),
                (Format::Binary(b), false) => assert_eq!((b.engine_major, b.version), (4, 6), "{engine} {name}"),
                (f, _) => panic!("{engine} {name}: {f:?}"),
            }
            let again = file::read(&out, &Options::default()).unwrap();
            assert_eq!(again.format.dialect, Dialect::Godot4_6, "{engine} {name}");
            let [Variant::Dictionary(was)] = &save.values[..] else { panic!("{engine} {name}") };
            let mut want = godot_bin::Dictionary::default();
            let mut meta = Vec::new();
            for (k, v) in was.iter() {
                match (k.as_str(), v) {
                    (Some("__meta__"), Variant::Dictionary(m)) => {
                        meta.extend(m.iter().map(|(k, v)| (format!("metadata/{}", k.as_str().unwrap()), v.clone())))
                    }
                    _ => {
                        want.insert(k.clone(), v.clone());
                    }
                }
            }
            for (k, v) in meta {
                want.insert(Variant::from(k), v);
            }
            assert_eq!(again.values, [Variant::from(want)], "{engine} {name}");
            migrated += 1;
        }
    }
    assert!(migrated >= 40, "only {migrated} saves migrated");
}

fn godot_bin_fixture_dir(engine: &str) -> String {
    format!("{}/tests/fixtures/{engine}/resources", env!("CARGO_MANIFEST_DIR"))
}
