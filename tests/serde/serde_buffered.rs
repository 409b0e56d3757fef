//! serde's buffering (`#[serde(flatten)]`, untagged, internally and adjacently tagged enums) against Godot types.
//!
//! serde buffers such values in its private `Content` through `deserialize_any`, which knows only plain data: a
//! Vector2 arrives as a map `{x, y}`, a StringName as a string, a PackedStringArray as a sequence. Our own
//! markers (`Vector2`, `StringName`, …) rebuild themselves from that, so typed fields keep working; a `Variant`
//! cannot tell, and used to become the plain shape silently (a Dictionary where Godot wrote a Vector2, a
//! different byte string when written back). It now refuses with an error that says what to do instead.
//!
//! Every input is what Godot 4.6.3's `var_to_bytes` wrote (`tests/fixtures/godot-4.6/buffered.tsv`, from
//! `tests/gd/gen_buffered.gd`).

use crate::common;
use crate::common::alloc as counting;

use std::collections::{BTreeMap, HashMap};

use godot_bin::{
    from_slice, from_variant,
    markers::{StringName, Vector2},
    to_vec, Variant,
};
use serde::Deserialize;

fn engine(id: &str) -> Vec<u8> {
    let rows = common::rows("godot-4.6/buffered.tsv");
    let row = rows.iter().find(|r| r.get(0) == id).unwrap_or_else(|| panic!("no row {id}"));
    common::unhex(row.get(1))
}

/// Anything read through an untagged enum goes through serde's buffer.
#[derive(Deserialize, Debug)]
#[serde(untagged)]
enum Buffered<T> {
    V(T),
}

#[derive(Deserialize, Debug)]
struct Known {
    hp: i64,
    name: String,
    #[serde(flatten)]
    rest: BTreeMap<String, Variant>,
}

fn message(e: &godot_bin::Error) -> String {
    e.to_string()
}

#[test]
fn flatten_into_variant_refuses_godot_types_instead_of_changing_them() {
    let bytes = engine("save");
    let err =
        from_slice::<Known>(&bytes).expect_err("a Vector2 read as a flattened Variant must not become a Dictionary");
    let m = message(&err);
    // Names the first value that would change, the mechanism, and the way that keeps it.
    assert!(
        m.contains("Vector2") || m.contains("StringName") || m.contains("NodePath") || m.contains("PackedStringArray"),
        "{m}"
    );
    assert!(m.contains("flatten"), "{m}");
    assert!(m.contains("from_variant"), "{m}");
    assert!(err.offset().is_some(), "{m}");
}

#[test]
fn untagged_variant_refuses_instead_of_writing_other_bytes() {
    let bytes = engine("save");
    // Directly, a Variant is exact: decode → encode gives Godot's bytes.
    let v: Variant = from_slice(&bytes).unwrap();
    assert_eq!(to_vec(&v).unwrap(), bytes);
    // Through serde's buffer the same read used to give a Dictionary for the Vector2, a String for the
    // StringName and NodePath, an Array for the PackedStringArray, and other bytes when written back.
    let r = from_slice::<Buffered<Variant>>(&bytes);
    assert!(r.is_err(), "silently changed: {r:?}");
}

#[test]
fn each_godot_type_is_caught_alone() {
    // One Godot-only value at a time, each inside a Dictionary Godot wrote.
    let bytes = engine("save");
    let whole: Variant = from_slice(&bytes).unwrap();
    for key in ["pos", "anim", "path", "tags"] {
        let one: Variant = [("hp", Variant::Int(1)), (key, whole[key].clone())].into_iter().collect();
        let b = to_vec(&one).unwrap();
        let err = from_slice::<Buffered<Variant>>(&b).expect_err(key);
        let type_name = match key {
            "pos" => "Vector2",
            "anim" => "StringName",
            "path" => "NodePath",
            _ => "PackedStringArray",
        };
        assert!(message(&err).contains(type_name), "{key}: {err}");
    }
}

#[test]
fn plain_values_still_pass_through_the_buffer_byte_identical() {
    let bytes = engine("plain");
    let k: Known = from_slice(&bytes).unwrap();
    assert_eq!((k.hp, k.name.as_str()), (10, "slime"));
    assert_eq!(k.rest["inv"]["gold"], Variant::Int(5));
    // decode → encode through the buffer: Godot's bytes again.
    let Buffered::V(v) = from_slice::<Buffered<Variant>>(&bytes).unwrap();
    assert_eq!(to_vec(&v).unwrap(), bytes);
}

#[test]
fn typed_fields_keep_their_types_through_tags() {
    // Internally tagged: the markers rebuild themselves from the buffered components.
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(tag = "kind")]
    enum Entity {
        Mob { pos: Vector2, anim: StringName },
    }
    let e: Entity = from_slice(&engine("tagged")).unwrap();
    assert_eq!(e, Entity::Mob { pos: Vector2::new(1.5, -2.0), anim: StringName::from("idle") });
    // A String field may read a StringName, buffered or not (the serde mapping's choice).
    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(tag = "kind")]
    enum Loose {
        Mob { anim: String },
    }
    assert_eq!(from_slice::<Loose>(&engine("tagged")).unwrap(), Loose::Mob { anim: "idle".into() });
}

#[test]
fn no_false_alarm_for_plain_lookalikes() {
    // A real Dictionary {x: 1.5, y: -2.0} (not a Vector2) in a tagged enum's Variant field.
    #[derive(Deserialize, Debug)]
    #[serde(tag = "kind")]
    enum Entity {
        Mob { hp: i64, inv: Variant },
    }
    let Entity::Mob { hp, inv } = from_slice(&engine("tagged_plain")).unwrap();
    assert_eq!(hp, 3);
    assert_eq!(inv["x"], Variant::Float(1.5));
    // A Vector2 read by its marker beside a flattened rest of plain values.
    #[derive(Deserialize, Debug)]
    struct Mixed {
        pos: Vector2,
        #[serde(flatten)]
        rest: HashMap<String, Variant>,
    }
    let m: Mixed = from_slice(&engine("mixed")).unwrap();
    assert_eq!(m.pos, Vector2::new(1.5, -2.0));
    assert_eq!(m.rest["inv"]["gold"], Variant::Int(5));
}

#[test]
fn other_formats_types_see_the_plain_shape_unchanged() {
    let bytes = engine("save");
    let direct: serde_json::Value = from_slice(&bytes).unwrap();
    assert_eq!(direct["pos"], serde_json::json!({"x": 1.5, "y": -2.0}));
    assert_eq!(direct["anim"], "idle");
    // Through the buffer too: no magic keys, no error (the plain shape is what serde_json::Value is).
    let Buffered::V(j) = from_slice::<Buffered<serde_json::Value>>(&bytes).unwrap();
    assert_eq!(j, direct);
    // And a Variant read from JSON through serde's buffer is untouched by any of this.
    let Buffered::V(v) = serde_json::from_str::<Buffered<Variant>>(r#"{"x": 1.5, "y": -2.0}"#).unwrap();
    assert_eq!(v["x"], Variant::Float(1.5));
}

#[test]
fn the_documented_alternative_keeps_every_type() {
    // Read the whole value as a Variant, take the known fields with from_variant, write the Variant back.
    #[derive(Deserialize)]
    struct Fields {
        hp: i64,
        name: String,
    }
    let bytes = engine("save");
    let mut save: Variant = from_slice(&bytes).unwrap();
    let known: Fields = from_variant(&save).unwrap();
    assert_eq!((known.hp, known.name.as_str()), (10, "slime"));
    assert_eq!(save["pos"], Variant::Vector2(Vector2::new(1.5, -2.0)));
    assert!(matches!(save["anim"], Variant::StringName(_)));
    assert_eq!(to_vec(&save).unwrap(), bytes);
    save["hp"] = Variant::Int(known.hp + 1);
    let again: Variant = from_slice(&to_vec(&save).unwrap()).unwrap();
    assert_eq!(again["hp"], Variant::Int(11));
    assert!(matches!(again["path"], Variant::NodePath(_)));
}

#[test]
fn from_variant_with_flatten_refuses_too() {
    let save: Variant = from_slice(&engine("save")).unwrap();
    let err = from_variant::<Known>(&save).expect_err("from_variant buffers the same way");
    assert!(message(&err).contains("flatten"), "{err}");
    // And reading with from_variant does not leave anything behind for later reads on this thread.
    let Buffered::V(v) = serde_json::from_str::<Buffered<Variant>>(r#""idle""#).unwrap();
    assert_eq!(v, Variant::from("idle"));
}

#[test]
fn many_buffered_values_no_false_alarm() {
    // 2,000 internally tagged entities, each with a Vector2 (read by its marker) and a plain Dictionary read
    // as a Variant: every Vector2 is noted, none of them is mistaken for a `gold` Dictionary.
    #[derive(Deserialize)]
    #[serde(tag = "kind")]
    enum Entity {
        Mob { pos: Vector2, extra: Variant },
    }
    let tagged: Variant = from_slice(&engine("tagged")).unwrap();
    let list: Vec<Variant> = (0..2000)
        .map(|i| {
            let mut e = tagged.clone();
            e["pos"] = Variant::Vector2(Vector2::new(i as f64, 0.0));
            e["extra"] = [("gold", Variant::Int(i))].into_iter().collect();
            e
        })
        .collect();
    let bytes = to_vec(&list).unwrap();
    let read: Vec<Entity> = from_slice(&bytes).unwrap();
    let Entity::Mob { pos, extra } = &read[1999];
    assert_eq!((pos.x, &extra["gold"]), (1999.0, &Variant::Int(1999)));
}

#[test]
fn a_stringname_key_is_caught_too() {
    // Godot 4.6's var_to_bytes({"x": 1, &"y": 2}) (tests/fixtures/godot-4.6/values.tsv `dict_str_vs_sname`).
    let row = common::rows("godot-4.6/values.tsv").into_iter().find(|r| r.get(0) == "dict_str_vs_sname").unwrap();
    let bytes = common::unhex(row.get(2));
    let v: Variant = from_slice(&bytes).unwrap();
    assert_eq!(to_vec(&v).unwrap(), bytes);
    let err = from_slice::<Buffered<Variant>>(&bytes).expect_err("the StringName key would become a String");
    assert!(message(&err).contains("StringName"), "{err}");
    // Read as plain data (a map of Strings), it is fine: that is what the type asks for.
    let Buffered::V(m) = from_slice::<Buffered<BTreeMap<String, i64>>>(&bytes).unwrap();
    assert_eq!(m["y"], 2);
}

#[test]
fn noting_is_bounded_by_the_input_not_its_nesting() {
    use godot_bin::{value::ContainerType, Array};
    // 150 typed arrays, each inside the next, around 100,000 ints: every level is a Godot-only value (a typed
    // Array) holding all the levels below. Noting each level's plain form would cost 150 times the input;
    // the per-read budget stops that and refuses instead (an error, quickly, never a silent change).
    let mut v = Variant::PackedInt32Array((0..100_000).collect());
    for _ in 0..150 {
        let element_type = ContainerType::Builtin(v.kind());
        v = Variant::Array(Box::new(Array { items: vec![v], element_type, shared: false }));
    }
    let bytes = to_vec(&v).unwrap();
    let t = std::time::Instant::now();
    let err = from_slice::<Buffered<Variant>>(&bytes).expect_err("typed arrays would become plain Arrays");
    let typed = t.elapsed();
    assert!(message(&err).contains("went through serde's buffering"), "{err}");
    // The same shape with plain Arrays, nothing to note: what serde's buffering itself costs.
    let mut plain = Variant::from((0..100_000).map(Variant::Int).collect::<Vec<_>>());
    for _ in 0..150 {
        plain = Variant::from(vec![plain]);
    }
    let t = std::time::Instant::now();
    let Buffered::V(back) = from_slice::<Buffered<Variant>>(&to_vec(&plain).unwrap()).unwrap();
    let untyped = t.elapsed();
    assert_eq!(back, plain);
    // Noting every level took 4.9 s here (debug build), 65 times the plain read; with the budget 0.17 s.
    eprintln!("typed, refused: {typed:?}; plain, read: {untyped:?}");
    assert!(typed < untyped * 10, "typed {typed:?} vs plain {untyped:?}");
    // 300,000 StringNames in one Array: more than the budget, refused as well.
    let names = Variant::from((0..300_000).map(|i| Variant::StringName(format!("n{i}").into())).collect::<Vec<_>>());
    let err = from_slice::<Buffered<Variant>>(&to_vec(&names).unwrap()).expect_err("StringNames would become Strings");
    assert!(message(&err).contains("went through serde's buffering"), "{err}");
}

#[test]
fn many_distinct_math_values_no_false_alarm() {
    // 500 entities with a distinct Transform2D each (read by its marker; nested components in serde's
    // buffer) and a plain Dictionary read as a Variant: no false alarm.
    use godot_bin::markers::Transform2D;
    #[derive(Deserialize)]
    #[serde(tag = "kind")]
    enum Entity {
        Mob { pos: Transform2D, extra: Variant },
    }
    let tagged: Variant = from_slice(&engine("tagged")).unwrap();
    let list: Vec<Variant> = (0..500)
        .map(|i| {
            let mut e = tagged.clone();
            let t = Transform2D {
                x: Vector2::new(1.0, 0.0),
                y: Vector2::new(0.0, 1.0),
                origin: Vector2::new(i as f64, 2.0),
            };
            e["pos"] = Variant::Transform2D(Box::new(t));
            e["extra"] = [("gold", Variant::Int(i))].into_iter().collect();
            e
        })
        .collect();
    let read: Vec<Entity> = from_slice(&to_vec(&list).unwrap()).unwrap();
    let Entity::Mob { pos, extra } = &read[499];
    assert_eq!((pos.origin.x, &extra["gold"]), (499.0, &Variant::Int(499)));
}

/// Godot 4.6's `var_to_bytes(PackedByteArray(1, 38, 75, 112, 149))` (tests/fixtures/godot-4.6/values.tsv
/// `pba_len5`), as a Variant.
fn engine_bytes() -> Variant {
    let row = common::rows("godot-4.6/values.tsv").into_iter().find(|r| r.get(0) == "pba_len5").unwrap();
    let v: Variant = from_slice(&common::unhex(row.get(2))).unwrap();
    assert!(matches!(v, Variant::PackedByteArray(_)));
    v
}

#[test]
fn a_packed_byte_array_is_refused_like_the_other_godot_types() {
    let raw = engine_bytes();
    let one: Variant =
        [("hp", Variant::Int(1)), ("name", Variant::from("a")), ("raw", raw.clone())].into_iter().collect();
    let bytes = to_vec(&one).unwrap();
    // Untagged, flattened, internally tagged, and from a Variant: each used to give an Array of ints.
    let err = from_slice::<Buffered<Variant>>(&bytes).expect_err("a PackedByteArray would become an Array");
    assert!(message(&err).contains("PackedByteArray"), "{err}");
    assert!(message(&err).contains("from_variant"), "{err}");
    let err = from_slice::<Known>(&bytes).expect_err("flattened, it would become an Array");
    assert!(message(&err).contains("PackedByteArray") && err.offset().is_some(), "{err}");
    #[derive(Deserialize, Debug)]
    #[serde(tag = "kind")]
    enum Entity {
        #[allow(dead_code)]
        Mob { extra: Variant },
    }
    let tagged: Variant = [("kind", Variant::from("Mob")), ("extra", raw.clone())].into_iter().collect();
    let err = from_slice::<Entity>(&to_vec(&tagged).unwrap()).expect_err("tagged, it would become an Array");
    assert!(message(&err).contains("PackedByteArray"), "{err}");
    let err = from_variant::<Buffered<Variant>>(&one).expect_err("from_variant buffers the same way");
    assert!(message(&err).contains("PackedByteArray"), "{err}");
    // Read directly, it stays a PackedByteArray, and typed fields read it through the buffer as before.
    let direct: Variant = from_slice(&bytes).unwrap();
    assert_eq!(direct["raw"], raw);
    #[derive(Deserialize, Debug)]
    #[serde(tag = "kind")]
    enum Typed {
        Mob { extra: Vec<u8> },
    }
    let Typed::Mob { extra } = from_slice(&to_vec(&tagged).unwrap()).unwrap();
    assert_eq!(extra, [1, 38, 75, 112, 149]);
    #[derive(Deserialize, Debug)]
    #[serde(tag = "kind")]
    enum Marker {
        Mob { extra: godot_bin::packed::PackedByteArray },
    }
    let Marker::Mob { extra } = from_slice(&to_vec(&tagged).unwrap()).unwrap();
    assert_eq!(extra.0, [1, 38, 75, 112, 149]);
}

#[test]
fn a_plain_array_of_small_ints_beside_a_packed_byte_array_passes() {
    // A typed field holds the bytes; a Variant field holds a real Array of other small ints.
    #[derive(Deserialize, Debug)]
    #[serde(tag = "kind")]
    enum Entity {
        Mob { raw: Vec<u8>, list: Variant },
    }
    let v: Variant = [
        ("kind", Variant::from("Mob")),
        ("raw", engine_bytes()),
        ("list", Variant::from(vec![Variant::Int(1), Variant::Int(38), Variant::Int(75)])),
    ]
    .into_iter()
    .collect();
    let Entity::Mob { raw, list } = from_slice(&to_vec(&v).unwrap()).unwrap();
    assert_eq!((raw.len(), list[2].clone()), (5, Variant::Int(75)));
}

#[test]
fn a_packed_byte_array_through_the_buffer_allocates_in_proportion() {
    // serde's buffer holds each byte as one `Content` (32 bytes: serde's own, the same for a `Vec<u8>` field).
    // The rest is ours: the decoded array and the note keep the bytes once each, and the Variant being
    // rebuilt keeps its small ints as bytes until it is refused (an Array of 40-byte Variants before: 74
    // bytes allocated per byte). Measured: 35 bytes per byte refused, 35 for a typed `Vec<u8>` field
    // through a tag. Bound: 40 bytes per byte, plus 1 MiB.
    #[derive(Deserialize, Debug)]
    #[serde(tag = "kind")]
    enum Typed {
        #[allow(dead_code)]
        Mob { raw: Vec<u8> },
    }
    for n in [1usize << 16, 1 << 20] {
        let raw = Variant::PackedByteArray((0..n).map(|i| i as u8).collect());
        let v: Variant = [("hp", Variant::Int(1)), ("kind", Variant::from("Mob")), ("raw", raw)].into_iter().collect();
        let bytes = to_vec(&v).unwrap();
        let bound = 40 * n + (1 << 20);
        let (r, used) = counting::allocated_during(|| from_slice::<Known>(&bytes).map(|_| ()));
        assert!(r.is_err() && used <= bound, "flatten, {n} bytes: {used} allocated");
        let (r, used) = counting::allocated_during(|| from_slice::<Buffered<Variant>>(&bytes).map(|_| ()));
        assert!(r.is_err() && used <= bound, "untagged, {n} bytes: {used} allocated");
        let (r, used) = counting::allocated_during(|| from_slice::<Typed>(&bytes).map(|_| ()));
        assert!(r.is_ok() && used <= 40 * n + (1 << 20), "tagged Vec<u8>, {n} bytes: {used} allocated");
    }
}
