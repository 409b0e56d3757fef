//! The check of scripts/live.sh schema: every engine-written save and state in the fixtures, through a
//! schema inferred from it ([`Schema::infer`], as `godot-bin schema` does) and the Rust it prints
//! ([`rust::from_schema`]), comes back byte for byte.
//!
//!   cargo run -p godot_bin_tools --bin schema_check -- [REPO_ROOT]
//!
//! Writes ONE cargo crate (under REPO_ROOT/target/schema-check/, depending on godot_bin by path and on
//! serde) with a module per file, whose main opens each file as it is on disk (its container too), reads
//! every Dictionary value into the module's top type `Save`, writes it again and requires the engine's
//! bytes; it is built with the workspace's target directory, so godot_bin is not built again. Prints one
//! summary line; exit status 1 on any failure.
//!
//! Included: examples/data/*.sav; tests/fixtures/cli/*.sav (a 3.6 save converted to 4.6 by godot_bin);
//! per engine, containers/plain.sav and the same content compressed (FastLZ, Deflate, Zstd, GZIP) and
//! encrypted (password, key); config_file/*.sav (the engines' store_var of their ConfigFile sections);
//! godot-4.6/speed_state_3.bin; the `var` rows of serde.tsv (game states) and godot-4.6/buffered.tsv;
//! and, as single values rather than saves, the Dictionary rows of each engine's values.tsv (those whose
//! top type can be a struct: String keys, untyped; the others are listed as left out, with the reason).
//! Left out: the other rows of values.tsv, probes.tsv and crashes.tsv, and the 2.1 and Pandemonium
//! samples.tsv (single test values and mutations, not saves), the containers' raw-byte edge files (`*.bin`,
//! `tiny*`, `exact*`, `len*`, `tail*`: bytes, not values), ConfigFile text (`*.cfg`, `*.txt`,
//! `values.gdec`: text).
//! A file with no Dictionary value has no top type: it is counted as left out.
//!
//! One file is built here: a Dictionary whose keys and inferred enum values are names an attacker chooses
//! (quotes, newlines, `*/`, keywords, the empty key, the generated code's own names): its Rust must still
//! compile and give back the same bytes.
//!
//! One more module comes from a traced schema ([`Schema::add`] of the types in `mod traced` below, which
//! cover the serde mapping): it reads a file those types wrote and must write the same bytes.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use godot_bin::container::Key;
use godot_bin::file::Content;
use godot_bin::gdscript;
use godot_bin::schema::{rust, Schema};
use godot_bin::Variant;

const PASSWORD: &str = "hunter2 \u{e9}";

/// Rust types covering the serde mapping, traced into a schema ([`Schema::add`]): the Rust printed from
/// it must read what these types write and write the same bytes (the emitter prints any traced schema).
mod traced {
    use std::collections::BTreeMap;

    use godot_bin::markers::{Color, NodePath, StringName, Transform2D, Vector2, Vector2i, Vector3};
    use godot_bin::packed::{PackedByteArray, PackedFloat32Array, PackedInt64Array, PackedStringArray};
    use godot_bin::typed::{AsDictionary, TypedArray, TypedDictionary};
    use godot_bin::Variant;
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize)]
    pub struct Item {
        pub name: String,
        pub count: u16,
        pub weight: f32,
    }

    #[derive(Serialize, Deserialize)]
    pub enum Mood {
        Calm,
        #[serde(rename = "angry")]
        Angry,
    }

    #[derive(Serialize, Deserialize)]
    pub enum Msg {
        Bye,
        Chat(String),
        Move(i32, i32),
        Hit { by: u8, at: Vector2 },
    }

    #[derive(Serialize, Deserialize)]
    pub struct Everything {
        pub tick: i64,
        pub big: i64,
        pub small: i8,
        pub unsigned: u32,
        pub hp: f32,
        pub ratio: f64,
        pub alive: bool,
        pub pos: Vector2,
        pub cell: Vector2i,
        pub at: Vector3,
        pub xform: Transform2D,
        pub tint: Color,
        pub spawn: NodePath,
        pub id: StringName,
        pub items: Vec<Item>,
        pub typed_items: TypedArray<AsDictionary<Item>>,
        pub ids: TypedArray<i64>,
        pub moods: TypedArray<String>,
        pub bytes: PackedByteArray,
        pub weights: PackedFloat32Array,
        pub longs: PackedInt64Array,
        pub tags: PackedStringArray,
        pub stats: BTreeMap<String, i32>,
        pub by_id: BTreeMap<i64, Item>,
        pub counts: TypedDictionary<String, i64>,
        pub nickname: Option<String>,
        pub best: Option<Item>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub missing: Option<u8>,
        pub pair: (u8, String),
        pub mood: Mood,
        pub log: Vec<Msg>,
        pub extra: Variant,
        #[serde(rename = "Level")]
        pub level: u8,
        #[serde(rename = "type")]
        pub kind: String,
    }

    /// A value of every field, some of each variant.
    pub fn sample() -> Everything {
        let item = |name: &str, count: u16| Item { name: name.into(), count, weight: 0.25 * f32::from(count) };
        Everything {
            tick: 7,
            big: 5_000_000_000,
            small: -3,
            unsigned: 4_000_000_000,
            hp: 87.5,
            ratio: 0.1,
            alive: true,
            pos: Vector2::new(1.5, -2.0),
            cell: Vector2i::new(3, -4),
            at: Vector3::new(0.5, 1.0, -8.0),
            xform: Transform2D::IDENTITY,
            tint: Color::new(1.0, 0.5, 0.25, 1.0),
            spawn: NodePath::from("/root/World:position"),
            id: StringName::from("hero"),
            items: vec![item("sword", 1), item("potion", 3)],
            typed_items: vec![AsDictionary(item("shield", 2))].into(),
            ids: vec![1, 2, 5_000_000_000].into(),
            moods: vec!["calm".to_string()].into(),
            bytes: vec![0, 1, 255].into(),
            weights: vec![0.5, -1.25].into(),
            longs: vec![1, -5_000_000_000].into(),
            tags: vec!["a".to_string(), "b c".to_string()].into(),
            stats: [("dex".to_string(), 3), ("str".to_string(), -1)].into_iter().collect(),
            by_id: [(2, item("bow", 1)), (10, item("arrow", 20))].into_iter().collect(),
            counts: [("z".to_string(), 1), ("a".to_string(), 2)].into_iter().collect(),
            nickname: None,
            best: Some(item("crown", 1)),
            missing: None,
            pair: (200, "x".into()),
            mood: Mood::Angry,
            log: vec![
                Msg::Bye,
                Msg::Chat("hi".into()),
                Msg::Move(1, -1),
                Msg::Hit { by: 4, at: Vector2::new(0.0, 1.0) },
            ],
            extra: Variant::from("anything"),
            level: 3,
            kind: "npc".into(),
        }
    }
}

/// A file the check reads: its path, how to open it, and its module's name.
struct Sample {
    path: PathBuf,
    module: String,
    /// The password (`Some("")`: the raw key of the fixtures' key.gdec).
    secret: Option<&'static str>,
    /// A single test value (values.tsv) rather than a save: checked when it is a Dictionary the top type
    /// can be a struct of, else left out without a word.
    extra: bool,
}

fn main() {
    match run() {
        Ok(true) => {}
        Ok(false) => std::process::exit(1),
        Err(e) => {
            println!("schema-check: FAIL ({e})");
            std::process::exit(1);
        }
    }
}

fn fixture_key() -> Key {
    Key::from_bytes(std::array::from_fn(|i| ((i * 7 + 3) % 256) as u8))
}

fn options(secret: Option<&str>) -> godot_bin::file::Options {
    match secret {
        Some("") => godot_bin::file::Options { key: Some(fixture_key()), ..godot_bin::file::Options::default() },
        Some(p) => godot_bin::file::Options {
            key: Some(godot_bin::container::Key::from_password(p)),
            ..godot_bin::file::Options::default()
        },
        None => godot_bin::file::Options::default(),
    }
}

fn module_name(rel: &str) -> String {
    let mut m: String =
        rel.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    m.insert_str(0, "f_");
    m
}

fn samples(root: &Path, scratch: &Path) -> Result<Vec<Sample>, Box<dyn std::error::Error>> {
    let mut out = Vec::new();
    let mut add = |rel: String, secret: Option<&'static str>, path: PathBuf| {
        out.push(Sample { path, module: module_name(&rel), secret, extra: rel.contains("values.tsv") });
    };
    for rel in [
        "examples/data/save-godot3.6.sav",
        "examples/data/save-godot4.6.sav",
        "tests/fixtures/cli/save-godot3.6-as-godot4.6.sav",
    ] {
        add(rel.to_string(), None, root.join(rel));
    }
    for engine in ["godot-3.2.3", "godot-3.6", "godot-4.6"] {
        for (file, secret) in [
            ("plain.sav", None),
            ("fastlz.gcpf", None),
            ("deflate.gcpf", None),
            ("zstd.gcpf", None),
            ("gzip.gcpf", None),
            ("pass.gdec", Some(PASSWORD)),
            ("key.gdec", Some("")),
        ] {
            let rel = format!("tests/fixtures/{engine}/containers/{file}");
            add(rel.clone(), secret, root.join(rel));
        }
        for file in ["values.sav", "loaded.sav", "quirks.sav", "empty_header.sav"] {
            let rel = format!("tests/fixtures/{engine}/config_file/{file}");
            add(rel.clone(), None, root.join(rel));
        }
    }
    add(
        "tests/fixtures/godot-4.6/speed_state_3.bin".into(),
        None,
        root.join("tests/fixtures/godot-4.6/speed_state_3.bin"),
    );
    // Names an attacker chooses: keys that are no Rust identifiers (quotes, a newline, `*/`, keywords, the
    // empty key, names that collide once made identifiers, the names the generated code uses) and an
    // inferred enum whose values hold control characters and code (its names become renames and docs).
    let mut hostile = String::from(
        r#"{"a\"b": 1, "fn": 2, "\n//x": 3, "*/": 4, "type": 5, "": 6, "\u00e9": 7, "1abc": 8, "a-b": 9, "a_b": 10,
        "a b": 11, "self": {"Self": 1, "super": "x", "crate": [1, 2]}, "Save": 3, "r#x": 1, "SCHEMA_VERSION": 5,
        "String": "s", "Vec": [1], "Variant": {"Option": 1}, "list": ["#,
    );
    for i in 0..12 {
        let kind = [r"a\rb", r"x\n*/ fn evil() {}", r"c\u2028d"][i % 3];
        hostile.push_str(&format!(r#"{}{{"kind": "{kind}", "n": {i}}}"#, if i > 0 { ", " } else { "" }));
    }
    hostile.push_str("]}");
    let value = godot_bin::text::from_text(&hostile, &godot_bin::Config::default())?;
    let path = scratch.join("hostile_names.bin");
    std::fs::write(&path, value.encode(&godot_bin::Config::default())?)?;
    add("hostile names (built here)".into(), None, path);
    // Rows of TSV fixtures: written to files, as a save would be.
    let rows = [
        ("tests/fixtures/godot-3.6/serde.tsv", "var"),
        ("tests/fixtures/godot-4.6/serde.tsv", "var"),
        ("tests/fixtures/godot-4.6/buffered.tsv", ""),
        ("tests/fixtures/godot-3.2.3/values.tsv", "-"),
        ("tests/fixtures/godot-3.6/values.tsv", "-"),
        ("tests/fixtures/godot-4.6/values.tsv", "-"),
    ];
    for (rel, framing) in rows {
        let text = std::fs::read_to_string(root.join(rel))?;
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let cols: Vec<&str> = line.split('\t').collect();
            let (id, hex) = match (framing, cols.as_slice()) {
                ("", [id, hex, ..]) => (*id, *hex),
                (f, [id, fr, hex, ..]) if fr == &f => (*id, *hex),
                _ => continue,
            };
            let bytes = unhex(hex).ok_or_else(|| format!("{rel}: row {id} is not hex"))?;
            let name = format!("{rel}:{id}");
            let path = scratch.join(format!("{}.bin", module_name(&name)));
            std::fs::write(&path, bytes)?;
            add(name, None, path);
        }
    }
    Ok(out)
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    (0..s.len()).step_by(2).map(|i| s.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok())).collect()
}

fn run() -> Result<bool, Box<dyn std::error::Error>> {
    let root = match std::env::args().nth(1) {
        Some(r) => PathBuf::from(r),
        None => std::env::current_dir()?,
    };
    let root = root.canonicalize()?;
    let krate = root.join("target/schema-check");
    let scratch = krate.join("data");
    let _ = std::fs::remove_dir_all(krate.join("src"));
    std::fs::create_dir_all(krate.join("src"))?;
    std::fs::create_dir_all(&scratch)?;

    let mut gd = Gd::new(&krate)?;
    let mut failures = Vec::new();
    let mut left_out = Vec::new();
    let mut checked = Vec::new();
    let mut main = String::from(MAIN_HEAD);
    let mut mods = String::new();
    for s in samples(&root, &scratch)? {
        let shown = s.path.strip_prefix(&root).unwrap_or(&s.path).display().to_string();
        let (values, how) = match godot_bin::file::open(&s.path, &options(s.secret)) {
            Ok(v) => (v.values, v.format),
            Err(_) if s.extra => continue,
            Err(e) => {
                failures.push(format!("{shown}: cannot open: {e}"));
                continue;
            }
        };
        let dicts: Vec<Variant> = values.iter().filter(|v| matches!(v, Variant::Dictionary(_))).cloned().collect();
        if dicts.is_empty() {
            if !s.extra {
                left_out.push(format!("{shown} (no Dictionary value)"));
            }
            continue;
        }
        let schema = match Schema::infer(&dicts, how.dialect, "Save") {
            Ok(s) => s,
            Err(e) if s.extra => {
                left_out.push(format!("{shown} ({e})"));
                continue;
            }
            Err(e) => {
                failures.push(format!("{shown}: no schema: {e}"));
                continue;
            }
        };
        let code = match rust::from_schema(&schema) {
            Ok(c) => c,
            Err(e) => {
                failures.push(format!("{shown}: no Rust: {e}"));
                continue;
            }
        };
        std::fs::write(krate.join("src").join(format!("{}.rs", s.module)), code)?;
        let _ = writeln!(mods, "mod {};", s.module);
        let (stream, big) = match how.content {
            Content::Stream { big_endian } => (true, big_endian),
            _ => (false, false),
        };
        let _ = writeln!(
            main,
            "    check::<{m}::Save>(&mut failed, &mut values, {path:?}, {secret:?}, {dialect:?}, {stream}, {big});",
            m = s.module,
            path = s.path.display().to_string(),
            secret = s.secret,
            dialect = how.dialect.to_string(),
        );
        gd.add(&s.module, &schema, &s.path, s.secret, dicts.len(), stream)?;
        checked.push(shown);
    }
    // The traced types: their schema's Rust reads what they write and writes it back.
    match traced_module(&krate, &scratch) {
        Ok(path) => {
            let _ = writeln!(mods, "mod traced;");
            let _ = writeln!(
                main,
                "    check::<traced::Everything>(&mut failed, &mut values, {:?}, None, \"godot4.6\", false, false);",
                path.display().to_string()
            );
            checked.push("the traced types (tools/src/bin/schema_check.rs, traced)".into());
        }
        Err(e) => failures.push(format!("the traced types: {e}")),
    }
    main.push_str(MAIN_TAIL);
    let gd_note = gd.finish();
    std::fs::write(krate.join("src/main.rs"), format!("{mods}\n{main}"))?;
    let manifest = format!(
        "[package]\nname = \"schema_check_generated\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         [dependencies]\ngodot_bin = {{ path = {root:?}, features = [\"containers\", \"json\"] }}\n\
         serde = {{ version = \"1.0.200\", features = [\"derive\"] }}\n\n[workspace]\n",
        root = root.display().to_string()
    );
    std::fs::write(krate.join("Cargo.toml"), manifest)?;
    if let Ok(lock) = std::fs::read(root.join("Cargo.lock")) {
        std::fs::write(krate.join("Cargo.lock"), lock)?;
    }

    let build = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--quiet", "--offline", "--manifest-path"])
        .arg(krate.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()?;
    if !build.status.success() {
        let err = String::from_utf8_lossy(&build.stderr);
        let head: String = err.lines().take(40).collect::<Vec<_>>().join("\n");
        println!("{head}");
        println!(
            "schema-check: FAIL (the generated crate does not build: {} module(s), target/schema-check)",
            checked.len()
        );
        return Ok(false);
    }
    let exe = root.join("target/debug/schema_check_generated");
    let ran = Command::new(&exe).output()?;
    let stdout = String::from_utf8_lossy(&ran.stdout);
    for line in stdout.lines().filter(|l| l.starts_with("FAIL")) {
        failures.push(line.to_string());
    }
    let values = stdout.lines().find_map(|l| l.strip_prefix("VALUES ")).unwrap_or("0").to_string();
    let padding = stdout.lines().filter(|l| l.starts_with("PADDING ")).count();
    if !ran.status.success() && failures.is_empty() {
        failures.push(format!("the generated program failed: {}", String::from_utf8_lossy(&ran.stderr)));
    }
    for f in &failures {
        println!("  {f}");
    }
    for l in &left_out {
        println!("  left out: {l}");
    }
    println!("  GDScript: {gd_note}");
    let ok = failures.is_empty();
    println!(
        "schema-check: {} ({} files: {} Dictionary values read into the Rust types printed from their \
         schema (inferred from each file; for one, traced from Rust types) and written back byte-identical in one \
         generated crate, {} of them Godot 3 values whose NodePath padding the engine \
         left as garbage, written as godot_bin's Variant writes them; {} failure(s); {} left out)",
        if ok { "OK" } else { "FAIL" },
        checked.len(),
        values,
        padding,
        failures.len(),
        left_out.len()
    );
    Ok(ok)
}

/// The engine half: per file, a directory (target/schema-check/gd-ENGINE/MODULE) with the GDScript printed
/// from the file's schema (under the emitter's default file name: the top type's name in snake case), the
/// file's content (its container opened) as `data.dat`, and `harness.gd` (tests/gd/schema_check.gd or
/// schema_check3.gd) with its `harness.txt`: it loads the script and requires `from_variant` to give an
/// instance for every Dictionary value of the file (their number is in `harness.txt`). `scripts/live.sh
/// schema` runs the harnesses. None while the GDScript emitter is not there.
struct Gd {
    roots: [PathBuf; 2],
    /// Why no GDScript was written, if none was.
    unavailable: Option<String>,
    count: usize,
}

impl Gd {
    fn new(krate: &Path) -> Result<Gd, Box<dyn std::error::Error>> {
        let roots = [krate.join("gd-godot-4.6"), krate.join("gd-godot-3.6")];
        for d in &roots {
            let _ = std::fs::remove_dir_all(d);
        }
        Ok(Gd { roots, unavailable: None, count: 0 })
    }

    fn add(
        &mut self, module: &str, schema: &Schema, path: &Path, secret: Option<&str>, dictionaries: usize, stream: bool,
    ) -> Result<(), Box<dyn std::error::Error>> {
        let four = schema.dialect.to_string().starts_with("godot4");
        if self.unavailable.is_some() || !(four || schema.dialect.to_string().starts_with("godot3")) {
            return Ok(());
        }
        let code = match gdscript::from_schema(schema, &gdscript::Options::default()) {
            Ok(c) => c,
            Err(e) => {
                self.unavailable = Some(e.to_string());
                return Ok(());
            }
        };
        let dir = self.roots[if four { 0 } else { 1 }].join(module);
        std::fs::create_dir_all(&dir)?;
        let root = schema.root.as_deref().unwrap_or("Save");
        let script = format!("{}.gd", snake(root));
        std::fs::write(dir.join(&script), code)?;
        let content = godot_bin::file::open(path, &options(secret))?.content()?;
        std::fs::write(dir.join("data.dat"), content)?;
        std::fs::write(dir.join("harness.gd"), if four { HARNESS4 } else { HARNESS3 })?;
        std::fs::write(dir.join("harness.txt"), format!("{script}\t{stream}\t{dictionaries}\t{root}\n"))?;
        self.count += 1;
        Ok(())
    }

    /// Says what was written.
    fn finish(&self) -> String {
        match &self.unavailable {
            Some(why) => format!("no harness written (the GDScript emitter says: {why})"),
            None => format!("{} harnesses written for the engines (target/schema-check/gd-*)", self.count),
        }
    }
}

/// `GameState` → `game_state`.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_lowercase());
    }
    out
}

/// The engine's harness, one per flavour (tests/gd), written into each folder as `harness.gd`; it reads its
/// arguments from the folder's `harness.txt`.
const HARNESS4: &str = include_str!("../../../tests/gd/schema_check.gd");
const HARNESS3: &str = include_str!("../../../tests/gd/schema_check3.gd");

/// Writes the module of the traced types' schema and a file of their sample value; returns its path.
fn traced_module(krate: &Path, scratch: &Path) -> Result<PathBuf, Box<dyn std::error::Error>> {
    let schema = Schema::new(godot_bin::Dialect::Godot4_6).add::<traced::Everything>()?;
    std::fs::write(krate.join("src/traced.rs"), rust::from_schema(&schema)?)?;
    let path = scratch.join("traced.bin");
    std::fs::write(&path, godot_bin::to_vec(&traced::sample())?)?;
    Ok(path)
}

/// The generated program's main: [`MAIN_HEAD`], one `check` call per file, [`MAIN_TAIL`].
const MAIN_HEAD: &str = r#"use godot_bin::container::Key;
use godot_bin::framing::{Decoded, Endian, FrameDecoder};
use godot_bin::{Config, Dialect};

/// Reads `path` as it is on disk, reads each Dictionary value into `T` and writes it again: the bytes
/// must be the engine's.
fn check<T: serde::Serialize + serde::de::DeserializeOwned>(
    failed: &mut u32,
    values: &mut u32,
    path: &str,
    secret: Option<&str>,
    dialect: &str,
    stream: bool,
    big_endian: bool,
) {
    let fail = |failed: &mut u32, why: String| {
        println!("FAIL {path}: {why}");
        *failed += 1;
    };
    let key = match secret {
        Some("") => Some(Key::from_bytes(std::array::from_fn(|i| ((i * 7 + 3) % 256) as u8))),
        Some(p) => Some(Key::from_password(p)),
        None => None,
    };
    let file = match std::fs::read(path) {
        Ok(f) => f,
        Err(e) => return fail(failed, e.to_string()),
    };
    let content = match godot_bin::container::open(&file, key.as_ref(), godot_bin::file::MAX_SIZE) {
        Ok((c, _)) => c,
        Err(e) => return fail(failed, e.to_string()),
    };
    let cfg = Config::new(dialect.parse::<Dialect>().expect("a dialect name"));
    let mut frames: Vec<Vec<u8>> = Vec::new();
    if stream {
        let endian = if big_endian { Endian::Big } else { Endian::Little };
        let mut dec = FrameDecoder::new(endian, content.len());
        dec.feed(&content);
        while let Ok(Decoded::Frame(body)) = dec.next_frame() {
            frames.push(body.to_vec());
        }
        if dec.finish().is_err() {
            return fail(failed, "a frame is cut short".into());
        }
    } else {
        frames.push(content.clone());
    }
    for (i, frame) in frames.iter().map(Vec::as_slice).enumerate() {
        // godot_bin's own re-encoding of the value: where it differs from the engine's bytes (Godot 3
        // leaves heap garbage in a NodePath's padding; godot_bin writes zeros), that is what is required.
        let again = match godot_bin::Variant::decode(frame, &cfg) {
            Ok(v @ godot_bin::Variant::Dictionary(_)) => v.encode(&cfg).ok(),
            _ => continue,
        };
        let typed: T = match godot_bin::from_slice_with(frame, &cfg) {
            Ok(t) => t,
            Err(e) => return fail(failed, format!("value {}: read into Save: {e}", i + 1)),
        };
        match godot_bin::to_vec_with(&typed, &cfg) {
            Ok(back) if back == frame => *values += 1,
            Ok(back) if again.as_deref().is_some_and(|a| a == back && a != frame) && dialect.starts_with("godot3") => {
                *values += 1;
                println!("PADDING {path}");
            }
            Ok(back) => {
                let at = back.iter().zip(frame).position(|(a, b)| a != b).unwrap_or(back.len().min(frame.len()));
                return fail(failed, format!("value {}: written back differs at byte {at} ({} bytes, the engine's {})", i + 1, back.len(), frame.len()));
            }
            Err(e) => return fail(failed, format!("value {}: write: {e}", i + 1)),
        }
    }
}

fn main() {
    let mut failed = 0;
    let mut values = 0;
"#;

const MAIN_TAIL: &str = r#"    println!("VALUES {values}");
    std::process::exit(if failed == 0 { 0 } else { 1 });
}
"#;
