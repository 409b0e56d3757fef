//! Worst-case time as a ratio, not a timer: `cargo bench --features json --bench hostile`.
//!
//! For every entry point, the decode time per input byte of each adversarial shape (keys nested as keys,
//! a key nested to the depth cap, one key repeated, many distinct keys, many empty containers, nesting at
//! the depth cap) is compared with the time per byte of the 10,000-entity game state (benches/common) through
//! the same entry point, in the same run, their samples interleaved. Linear time means a bounded ratio; the
//! promise (README "Safety") is at most 10x. Prints every ratio and exits non-zero if one is above the
//! bound. `--bound X` changes it; `--building` runs only the building paths below.
//!
//! The same bound holds for the paths that build a `Dictionary` key by key rather than decode one: a
//! ConfigFile with many keys or many sections (`ConfigFile::parse`, `config_file::from_str`), and a big
//! JSON object read as a `Variant` by serde_json, directly and through serde's buffer (an untagged enum), and
//! keys set one by one by name (`v[key] = value`, and `TypedDictionary::insert` then `get`, against 1,000
//! keys handled the same way).
//! Their game state is its ConfigFile text or its serde_json text.
//!
//! And for the code generators: `Schema::infer` on hostile saves (100,000 top-level keys, 60,000 distinct
//! Strings in one Array, a map of 80,000 String values) against the game state, per byte of their
//! encoding; `rust::from_schema` and `gdscript::from_schema` on hostile schema files (20,000 types, a
//! struct of 20,000 fields whose names all make one identifier) against a schema of 200 game-state-like
//! types, per byte of the schema file. `--schema` runs only these.

#[path = "common/mod.rs"]
mod data;
#[path = "common/harness.rs"]
mod harness;
#[path = "common/hostile_shapes.rs"]
mod hostile_shapes;

use std::hint::black_box;

use godot_bin::config_file::{self, ConfigFile};
use godot_bin::schema::{Def, Field, Schema, Shape, Struct};
use godot_bin::typed::TypedDictionary;
use godot_bin::{json, text, Config, Dialect, Variant, VariantRef};
use hostile_shapes::{deep_arrays, deep_keys, dictionary, empties, nested_keys, u32s, INT, STRING};

/// Seconds per call of `base` and of `shape`: the medians of 7 rounds of the harness, the two interleaved
/// (base, shape, base, shape, …) so that a change in the machine's load between them moves both: the ratio is
/// what counts.
fn time_pair(base: impl FnMut(), shape: impl FnMut()) -> (f64, f64) {
    let mut cases = [harness::case("game state", base), harness::case("shape", shape)];
    harness::run(&mut cases, 7);
    (harness::median(&cases[0].samples), harness::median(&cases[1].samples))
}

type Entry = (&'static str, fn(&[u8], &Config));

/// A ConfigFile of `sections` sections of `keys` keys each, every value an Int.
fn config_text(sections: usize, keys: usize, cfg: &Config) -> Vec<u8> {
    let mut cf = ConfigFile::new();
    for s in 0..sections {
        for k in 0..keys {
            cf.set(&format!("section{s:07}"), &format!("key{k:07}"), k as i64);
        }
    }
    cf.to_text(cfg).into_bytes()
}

/// A JSON object of `n` keys, every value an int.
fn json_object(n: usize) -> Vec<u8> {
    let body: Vec<String> = (0..n).map(|i| format!("\"key{i:07}\":{i}")).collect();
    format!("{{{}}}", body.join(",")).into_bytes()
}

/// A value that serde buffers before it knows which variant it is (so the `Variant` inside is read from
/// serde's buffer, not from the format).
#[derive(serde::Deserialize)]
#[serde(untagged)]
#[allow(dead_code)]
enum Buffered {
    Value(Variant),
}

/// Named inputs.
type Shapes<'a> = &'a [(&'a str, Vec<u8>)];

/// Times each building entry point on its shapes against the game state through it; the worst ratio.
fn building(cfg: &Config) -> f64 {
    let state = data::game_state(10_000);
    let state_variant = Variant::decode(&godot_bin::to_vec(&state).unwrap(), cfg).unwrap();
    let mut cf = ConfigFile::new();
    cf.set("state", "value", state_variant);
    let config_state = cf.to_text(cfg).into_bytes();
    let json_state = serde_json::to_vec(&state).unwrap();
    // 30,000 keys: about 0.5 MB, where a scan per key took seconds.
    let config_shapes =
        [("30,000 keys in one section", config_text(1, 30_000, cfg)), ("30,000 sections", config_text(30_000, 1, cfg))];
    let json_shapes = [("an object of 30,000 keys", json_object(30_000))];
    // Keys set one by one by name (`v[key] = value`), against a small dictionary built the same way.
    let key_lines = |n: usize| (0..n).map(|i| format!("k{i:07}\n")).collect::<String>().into_bytes();
    let few_keys = key_lines(1_000);
    let key_shapes = [("30,000 keys set by name", key_lines(30_000))];
    let typed_shapes = [("60,000 keys inserted and looked up", key_lines(60_000))];
    #[allow(unused_mut)]
    let mut entries: Vec<(Entry, &[u8], Shapes)> = vec![
        (
            ("ConfigFile::parse", |t, c| drop(black_box(ConfigFile::parse(std::str::from_utf8(t).unwrap(), c)))),
            &config_state,
            &config_shapes,
        ),
        (
            ("config_file::from_str::<Variant>", |t, c| {
                drop(black_box(config_file::from_str::<Variant>(std::str::from_utf8(t).unwrap(), c)))
            }),
            &config_state,
            &config_shapes,
        ),
        (
            ("serde_json::from_slice::<Variant>", |t, _| drop(black_box(serde_json::from_slice::<Variant>(t)))),
            &json_state,
            &json_shapes,
        ),
        (
            ("serde_json::from_slice::<untagged enum holding a Variant>", |t, _| {
                drop(black_box(serde_json::from_slice::<Buffered>(t)))
            }),
            &json_state,
            &json_shapes,
        ),
        (
            ("Variant[key] = value", |t, _| {
                let mut v = Variant::Nil;
                for key in std::str::from_utf8(t).unwrap().lines() {
                    v[key] = Variant::Int(1);
                }
                drop(black_box(v))
            }),
            &few_keys,
            &key_shapes,
        ),
        (
            ("TypedDictionary::insert, then get", |t, _| {
                let mut d = TypedDictionary::<String, i64>::default();
                let text = std::str::from_utf8(t).unwrap();
                for key in text.lines() {
                    d.insert(key.to_string(), 1);
                }
                for key in text.lines() {
                    black_box(d.get(key));
                }
                drop(black_box(d))
            }),
            &few_keys,
            &typed_shapes,
        ),
    ];
    // A save found to be ConfigFile text: detection, both dialects' readings and the report around them.
    #[cfg(feature = "containers")]
    entries.push((
        ("file::read (ConfigFile text)", |t, _| {
            drop(black_box(godot_bin::file::read(t, &godot_bin::file::Options::default())))
        }),
        &config_state,
        &config_shapes,
    ));
    let mut worst: f64 = 0.0;
    for ((entry, f), base_in, shapes) in entries {
        println!("{entry}: game state {} bytes", base_in.len());
        f(base_in, cfg);
        for (name, input) in shapes {
            let (base, shape) = time_pair(|| f(base_in, cfg), || f(input, cfg));
            let (base, per_byte) = (base / base_in.len() as f64, shape / input.len() as f64);
            let ratio = per_byte / base;
            worst = worst.max(ratio);
            println!(
                "  {name}: {:.2} ns/byte ({} bytes), {ratio:.1}x the game state ({:.2} ns/byte alongside)",
                per_byte * 1e9,
                input.len(),
                base * 1e9
            );
        }
    }
    worst
}

/// A schema of `n` structs shaped like the game state's entity (nine fields of the usual kinds), each
/// holding the next: an ordinary big schema file.
fn ordinary_schema(n: usize) -> Schema {
    use godot_bin::value::TypeKind;
    let mut s = Schema::new(Dialect::Godot4_6);
    for i in 0..n {
        let mut fields = vec![
            Field::new("id", Shape::Int { bits: 64, signed: true }),
            Field::new("name", Shape::String),
            Field::new("pos", Shape::Builtin { name: TypeKind::Vector2 }),
            Field::new("vel", Shape::Builtin { name: TypeKind::Vector3 }),
            Field::new("hp", Shape::Float { bits: 64 }),
            Field::new("alive", Shape::Bool),
            Field::new("color", Shape::Builtin { name: TypeKind::Color }),
            Field::new("tags", Shape::Builtin { name: TypeKind::PackedStringArray }),
        ];
        if i + 1 < n {
            fields.push(Field::new(
                "next",
                Shape::Array { of: Box::new(Shape::Named { name: format!("Type{}", i + 1) }) },
            ));
        }
        s.defs.push(Def::Struct(Struct { name: format!("Type{i}"), doc: Some(format!("Type number {i}.")), fields }));
    }
    s.root = Some("Type0".into());
    s
}

/// Times `Schema::infer` and the emitters on their hostile shapes against their game state; the worst
/// ratio.
fn schema_paths(cfg: &Config) -> f64 {
    let state = Variant::decode(&godot_bin::to_vec(&data::game_state(10_000)).unwrap(), cfg).unwrap();
    let state_len = state.encode(cfg).unwrap().len();
    let strings =
        |n: usize, f: &dyn Fn(usize) -> String| -> Vec<Variant> { (0..n).map(|i| Variant::from(f(i))).collect() };
    let keys: Variant = {
        let d: godot_bin::Dictionary = (0..100_000).map(|i| (format!("key{i:07}"), i as i64)).collect();
        Variant::Dictionary(Box::new(d))
    };
    let array: Variant = {
        let mut d = godot_bin::Dictionary::default();
        d.insert("names".into(), Variant::Array(Box::new(strings(60_000, &|i| format!("name{i:07}")).into())));
        Variant::Dictionary(Box::new(d))
    };
    let map: Variant = {
        let inner: godot_bin::Dictionary = (0..80_000).map(|i| (format!("k{i:07}"), format!("value{i:07}"))).collect();
        let mut d = godot_bin::Dictionary::default();
        d.insert("map".into(), Variant::Dictionary(Box::new(inner)));
        Variant::Dictionary(Box::new(d))
    };
    let mut worst: f64 = 0.0;
    let mut report = |what: &str, name: &str, base: f64, base_len: usize, shape: f64, len: usize| {
        let (base, per_byte) = (base / base_len as f64, shape / len as f64);
        let ratio = per_byte / base;
        worst = worst.max(ratio);
        println!(
            "  {what}: {name}: {:.2} ns/byte ({len} bytes), {ratio:.1}x the game state ({:.2} ns/byte alongside)",
            per_byte * 1e9,
            base * 1e9
        );
    };
    println!("Schema::infer: game state {state_len} bytes");
    let infer = |v: &Variant| drop(black_box(Schema::infer(std::slice::from_ref(v), Dialect::Godot4_6, "Save")));
    for (name, v) in [
        ("100,000 top-level keys", &keys),
        ("60,000 distinct Strings in one Array", &array),
        ("a map of 80,000 String values", &map),
    ] {
        let len = v.encode(cfg).unwrap().len();
        let (base, shape) = time_pair(|| infer(&state), || infer(v));
        report("Schema::infer", name, base, state_len, shape, len);
    }
    // The emitters, per byte of the schema file.
    let ordinary = ordinary_schema(200);
    let many_types = ordinary_schema(20_000);
    let mut one_ident = Schema::new(Dialect::Godot4_6);
    let punct = ["", " ", "-", ".", "!", "?", "+", "*"];
    let fields = (0..20_000)
        .map(|i| Field::new(format!("a{}b{}", punct[i % 8], punct[(i / 8) % 8].repeat(i / 64 + 1)), Shape::Bool));
    one_ident.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields: fields.collect() }));
    let ordinary_len = ordinary.to_json().len();
    println!("schema emitters: ordinary schema (200 types) {ordinary_len} bytes of schema file");
    type Emit = (&'static str, fn(&Schema));
    let emitters: [Emit; 2] = [
        ("rust::from_schema", |s| drop(black_box(godot_bin::schema::rust::from_schema(s)))),
        ("gdscript::from_schema", |s| {
            drop(black_box(godot_bin::gdscript::from_schema(s, &godot_bin::gdscript::Options::default())))
        }),
    ];
    for (what, f) in emitters {
        for (name, s) in [("20,000 types", &many_types), ("20,000 fields of one identifier", &one_ident)] {
            let len = s.to_json().len();
            let (base, shape) = time_pair(|| f(&ordinary), || f(s));
            report(what, name, base, ordinary_len, shape, len);
        }
    }
    worst
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bound: f64 =
        args.iter().position(|a| a == "--bound").and_then(|i| args.get(i + 1)?.parse().ok()).unwrap_or(10.0);
    let cfg = Config::new(Dialect::Godot4_6).with_max_depth(Config::MAX_DEPTH_LIMIT);
    let state = godot_bin::to_vec(&data::game_state(10_000)).unwrap();
    let shapes: Vec<(&str, Vec<u8>)> = vec![
        ("keys nested as keys (200 levels, 4,000-int key)", nested_keys(200, 8, 4000)),
        // Within serde_json's 128 levels (three JSON levels a Dictionary), so the JSON reader reads it.
        ("keys nested as keys (40 levels, 4,000-int key)", nested_keys(40, 8, 4000)),
        ("a key 4,000 dictionaries deep, 20 times", deep_keys(4000, 20)),
        ("one key 100,000 times", dictionary(100_000, |_| [INT, 1].iter().flat_map(|w| w.to_le_bytes()).collect())),
        (
            "100,000 distinct string keys",
            dictionary(100_000, |i| {
                let s = format!("k{i:07}");
                let mut out = Vec::new();
                u32s(&mut out, &[STRING, s.len() as u32]);
                out.extend_from_slice(s.as_bytes());
                out
            }),
        ),
        ("100,000 empty dictionaries", empties(100_000)),
        ("arrays 4,000 deep, 20 times", deep_arrays(4000, 20)),
    ];
    let entries: [Entry; 5] = [
        ("Variant::decode", |b, c| drop(black_box(Variant::decode(b, c)))),
        ("VariantRef::decode", |b, c| drop(black_box(VariantRef::decode(b, c)))),
        ("from_slice::<serde_json::Value>", |b, c| {
            drop(black_box(godot_bin::from_slice_with::<serde_json::Value>(b, c)))
        }),
        // The text and JSON readers, on the text of the same value (timed per byte of that text).
        ("text::from_text", |t, c| drop(black_box(text::from_text(std::str::from_utf8(t).unwrap(), c)))),
        ("json::from_json_str", |t, c| drop(black_box(json::from_json_str(std::str::from_utf8(t).unwrap(), c)))),
    ];
    let form = |entry: &str, bytes: &[u8]| -> Option<Vec<u8>> {
        let v = Variant::decode(bytes, &cfg).ok()?;
        let out = match entry {
            "text::from_text" => Some(text::to_text(&v, &cfg).into_bytes()),
            "json::from_json_str" => Some(json::to_json_string(&v, &cfg).into_bytes()),
            _ => Some(bytes.to_vec()),
        };
        // Deep values are dropped on a thread with room for their depth.
        std::thread::Builder::new().stack_size(256 << 20).spawn(move || drop(v)).unwrap().join().unwrap();
        out
    };
    let only_building = args.iter().any(|a| a == "--building");
    let only_schema = args.iter().any(|a| a == "--schema");
    let mut worst: f64 = schema_paths(&cfg);
    if only_schema {
        println!("worst ratio {worst:.1}x (bound {bound}x)");
        std::process::exit(if worst > bound { 1 } else { 0 });
    }
    worst = worst.max(building(&cfg));
    for (entry, f) in entries.into_iter().filter(|_| !only_building) {
        let base_in = form(entry, &state).unwrap();
        let base_len = base_in.len();
        println!("{entry}: game state {base_len} bytes");
        for (name, bytes) in &shapes {
            let Some(input) = form(entry, bytes) else { continue };
            let (base_in, input2) = (base_in.clone(), input.clone());
            // Run on a big thread: results of deep shapes are dropped inside the timing.
            let (base, shape) = std::thread::Builder::new()
                .stack_size(256 << 20)
                .spawn(move || {
                    let cfg = Config::new(Dialect::Godot4_6).with_max_depth(Config::MAX_DEPTH_LIMIT);
                    time_pair(|| f(&base_in, &cfg), || f(&input2, &cfg))
                })
                .unwrap()
                .join()
                .unwrap();
            let (base, per_byte) = (base / base_len as f64, shape / input.len() as f64);
            let ratio = per_byte / base;
            worst = worst.max(ratio);
            println!(
                "  {name}: {:.2} ns/byte ({} bytes), {ratio:.1}x the game state ({:.2} ns/byte alongside)",
                per_byte * 1e9,
                input.len(),
                base * 1e9
            );
        }
    }
    println!("worst ratio {worst:.1}x (bound {bound}x)");
    if worst > bound {
        std::process::exit(1);
    }
}
