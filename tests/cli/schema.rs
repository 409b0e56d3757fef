//! `godot-bin schema`: a schema inferred from saves (examples/data, the engines' container fixtures),
//! printed as JSON, Rust or GDScript, and read back from its JSON (feature `cli`). That the Rust compiles
//! and reads each engine-written save back byte for byte is `scripts/live.sh schema`.
#![cfg(feature = "cli")]

use std::process::{Command, Output};

use godot_bin::schema::{Def, Schema, Shape};
use godot_bin::value::TypeKind;
use godot_bin::Dialect;

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_godot-bin")).args(args).env_remove("GODOT_BIN_PASSWORD").output().unwrap()
}

fn ok(args: &[&str]) -> (String, String) {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
    (String::from_utf8(o.stdout).unwrap(), err)
}

fn fails(args: &[&str], code: i32) -> String {
    let o = run(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert!(err.contains("error"), "{args:?}: {err}");
    err
}

fn path(rel: &str) -> String {
    format!("{}/{rel}", env!("CARGO_MANIFEST_DIR"))
}

fn fields(schema: &Schema, name: &str) -> Vec<(String, Shape)> {
    match schema.get(name) {
        Some(Def::Struct(s)) => s.fields.iter().map(|f| (f.name.clone(), f.shape.clone())).collect(),
        other => panic!("{name}: {other:?}"),
    }
}

fn shape_of(schema: &Schema, def: &str, field: &str) -> Shape {
    fields(schema, def).into_iter().find(|(n, _)| n == field).unwrap_or_else(|| panic!("{def}.{field}")).1
}

fn builtin(kind: TypeKind) -> Shape {
    Shape::Builtin { name: kind }
}

#[test]
fn a_shipped_save_gives_structs_in_key_order_with_its_godot_types() {
    for (file, dialect) in [("save-godot4.6.sav", Dialect::Godot4_6), ("save-godot3.6.sav", Dialect::Godot3)] {
        let (json, err) = ok(&["schema", "--to", "json", &path(&format!("examples/data/{file}"))]);
        let schema = Schema::from_json(&json).unwrap();
        // The second value of the stream is an Array: its shape is the stream's second.
        assert!(!err.contains("left out"), "{err}");
        assert_eq!(schema.stream.len(), 2, "{file}");
        assert_eq!(schema.stream[0], Shape::Named { name: "Save".into() });
        assert!(matches!(schema.stream[1], Shape::Array { .. }), "{:?}", schema.stream[1]);
        assert_eq!((schema.dialect, schema.root.as_deref()), (dialect, Some("Save")));
        let names: Vec<String> = fields(&schema, "Save").into_iter().map(|(n, _)| n).collect();
        assert_eq!(names, ["tick", "entities", "map", "spawn"], "{file}");
        assert_eq!(
            shape_of(&schema, "Save", "entities"),
            Shape::Array { of: Box::new(Shape::Named { name: "Entity".into() }) }
        );
        let map = if dialect == Dialect::Godot4_6 { builtin(TypeKind::StringName) } else { Shape::String };
        assert_eq!(shape_of(&schema, "Save", "map"), map);
        assert_eq!(shape_of(&schema, "Save", "spawn"), builtin(TypeKind::NodePath));
        let entity = fields(&schema, "Entity");
        let want = [
            ("id", Shape::Int { bits: 64, signed: true }),
            ("pos", builtin(TypeKind::Vector2)),
            ("vel", builtin(TypeKind::Vector3)),
            ("hp", Shape::Float { bits: 64 }),
            ("color", builtin(TypeKind::Color)),
            ("tags", builtin(TypeKind::PackedStringArray)),
            ("big", Shape::Int { bits: 64, signed: true }),
        ];
        for (name, shape) in want {
            assert!(entity.contains(&(name.to_string(), shape.clone())), "{file}: {name}: {entity:?}");
        }
    }
}

#[test]
fn the_rust_names_the_top_type_and_carries_the_schema_version() {
    let save = path("examples/data/save-godot4.6.sav");
    let (json, _) = ok(&["schema", "--to", "json", "--name", "GameState", &save]);
    let schema = Schema::from_json(&json).unwrap();
    assert_eq!(schema.root.as_deref(), Some("GameState"));
    let (rust, _) = ok(&["schema", "--to", "rust", "--name", "GameState", &save]);
    assert!(rust.contains("pub struct GameState {"), "{rust}");
    assert!(rust.contains(&format!("pub const SCHEMA_VERSION: &str = \"{}\";", schema.version())), "{rust}");
    for def in &schema.defs {
        assert!(rust.contains(&format!("pub struct {} {{", def.name())), "{}", def.name());
    }
}

#[test]
fn a_schema_file_is_read_back_as_it_is() {
    let dir = std::env::temp_dir().join(format!("godot_bin_cli_schema_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let schema_file = dir.join("save.schema.json");
    let schema_path = schema_file.to_str().unwrap();
    ok(&["schema", "--to", "json", &path("examples/data/save-godot4.6.sav"), "-o", schema_path]);
    let first = Schema::from_json(&std::fs::read_to_string(&schema_file).unwrap()).unwrap();
    let (again, _) = ok(&["schema", "--to", "json", "--schema", schema_path]);
    assert_eq!(Schema::from_json(&again).unwrap(), first);
    // A schema file beside saves is refused.
    let err = fails(&["schema", "--to", "json", "--schema", schema_path, &path("examples/data/save-godot4.6.sav")], 2);
    assert!(err.contains("--schema"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_json_save_is_inferred_from_never_read_as_a_schema() {
    let dir = std::env::temp_dir().join(format!("godot_bin_cli_schema_sniff_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A save that someone sent: JSON text that is also a valid schema file, whose doc holds a doctest.
    let save = dir.join("save.json");
    let sent = r#"{"dialect": "godot4.6", "root": "Save", "defs": [{"kind": "struct", "name": "Save",
        "doc": "```\nstd::process::exit(3);\n```", "fields": []}]}"#;
    std::fs::write(&save, sent).unwrap();
    let (rust, _) = ok(&["schema", "--to", "rust", save.to_str().unwrap()]);
    // Inferred from: the keys are fields.
    assert!(rust.contains("pub dialect: String,") && rust.contains("pub defs: Vec<"), "{rust}");
    assert!(!rust.contains("exit(3)"), "{rust}");
    // Read as a schema only when asked, and then the doc is text.
    let (rust, _) = ok(&["schema", "--to", "rust", "--schema", save.to_str().unwrap()]);
    assert!(rust.contains("/// \\`\\`\\`\n/// std::process::exit(3);"), "{rust}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn containers_are_opened_and_several_files_make_one_schema() {
    let fixture = |engine: &str, name: &str| path(&format!("tests/fixtures/{engine}/containers/{name}"));
    for engine in ["godot-3.6", "godot-4.6"] {
        let (plain, _) = ok(&["schema", "--to", "json", &fixture(engine, "plain.sav")]);
        let (pass, _) = ok(&["schema", "--to", "json", "--password", "hunter2 \u{e9}", &fixture(engine, "pass.gdec")]);
        let (both, _) = ok(&["schema", "--to", "json", &fixture(engine, "plain.sav"), &fixture(engine, "zstd.gcpf")]);
        assert_eq!(pass, plain, "{engine}");
        assert_eq!(both, plain, "{engine}");
        let schema = Schema::from_json(&plain).unwrap();
        // {1: "sword", 2: "potion"}: int keys in ascending order, String values.
        let inv = Shape::Map { key: Box::new(Shape::Int { bits: 64, signed: true }), value: Box::new(Shape::String) };
        assert_eq!(shape_of(&schema, "Save", "inv"), inv, "{engine}");
    }
    let err = fails(&["schema", "--to", "json", &fixture("godot-4.6", "pass.gdec")], 2);
    assert!(err.contains("--password"), "{err}");
}

#[test]
fn usage_and_data_errors_exit_as_the_other_commands_do() {
    let save = path("examples/data/save-godot4.6.sav");
    let err = fails(&["schema", "--to", "json", &path("no/such/save.sav")], 2);
    assert!(err.contains("cannot read"), "{err}");
    fails(&["schema", "--to", "yaml", &save], 2);
    fails(&["schema", &save], 2);
    fails(&["schema", "--to", "rust"], 2);
    for name in ["two words", "Self", "fn", "class"] {
        let err = fails(&["schema", "--to", "rust", "--name", name, &save], 2);
        assert!(err.contains("type name"), "{err}");
    }
    // Files that read in different dialects.
    let err = fails(
        &["schema", "--to", "json", &path("examples/data/save-godot3.6.sav"), &path("examples/data/save-godot4.6.sav")],
        2,
    );
    assert!(err.contains("--dialect"), "{err}");
    // No Dictionary at all: nothing to infer from (a var_to_bytes(7)).
    let dir = std::env::temp_dir().join(format!("godot_bin_cli_schema_int_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let int = dir.join("int.bin");
    std::fs::write(&int, [2, 0, 0, 0, 7, 0, 0, 0]).unwrap();
    let err = fails(&["schema", "--to", "json", int.to_str().unwrap()], 1);
    assert!(err.contains("no Dictionary"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_of_two_values_gives_two_types_and_map_paths_are_obeyed() {
    let dir = std::env::temp_dir().join(format!("godot_bin_cli_schema_two_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The container and framing of an engine-written save, holding state then settings.
    let shipped = std::fs::read(path("examples/data/save-godot4.6.sav")).unwrap();
    let format = godot_bin::file::read(&shipped, &godot_bin::file::Options::default()).unwrap().format;
    let cfg = godot_bin::Config::default();
    let state = godot_bin::text::from_text(
        r#"{"hp": 3, "world": {"forest": {"trees": 9, "boss": "ent"}, "cave": {"trees": 0, "boss": "bat"},
            "town": {"trees": 2, "boss": "mayor"}}}"#,
        &cfg,
    )
    .unwrap();
    let settings = godot_bin::text::from_text(r#"{"volume": 0.5, "lang": "en"}"#, &cfg).unwrap();
    let bytes = godot_bin::file::Save::new(vec![state, settings], format).to_bytes().unwrap();
    let file = dir.join("two.sav");
    std::fs::write(&file, bytes).unwrap();
    let file = file.to_str().unwrap();
    let (json, _) = ok(&["schema", "--to", "json", file]);
    let schema = Schema::from_json(&json).unwrap();
    let named = |n: &str| Shape::Named { name: n.into() };
    assert_eq!(schema.stream, [named("Save0"), named("Save1")]);
    assert_eq!(fields(&schema, "Save1").len(), 2);
    // The world's keys are places: a map (any keys, in the file's order), and with --map, String to a struct.
    assert!(matches!(shape_of(&schema, "Save0", "world"), Shape::Map { .. }));
    let (json, _) = ok(&["schema", "--to", "json", "--map", "world", file]);
    let schema = Schema::from_json(&json).unwrap();
    let place = Shape::Map { key: Box::new(Shape::String), value: Box::new(named("WorldItem")) };
    assert_eq!(shape_of(&schema, "Save0", "world"), place);
    let (json, _) = ok(&["schema", "--to", "json", "--struct", "world", file]);
    let schema = Schema::from_json(&json).unwrap();
    assert_eq!(shape_of(&schema, "Save0", "world"), named("World"));
    let err = fails(&["schema", "--to", "json", "--map", "nowhere", file], 1);
    assert!(err.contains("--map nowhere"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
