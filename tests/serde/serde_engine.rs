//! The serde data format against real engines: game-state structs serialize to exactly the bytes Godot 4.6.3
//! and 3.6.2 wrote for the equivalent Dictionary (tests/fixtures/godot-*/serde.tsv, made by
//! tests/gd/gen_serde*.gd), and read back equal.

use super::state::*;
use crate::common;

use godot_bin::markers::{Basis, Color, NodePath, Rid, StringName, Vector2, Vector2i, Vector3};
use godot_bin::*;

/// (engine dir, config) pairs.
fn engines() -> [(&'static str, Config); 2] {
    [("godot-4.6", Config::new(Dialect::Godot4_6)), ("godot-3.6", Config::new(Dialect::Godot3))]
}

/// The hex of `id`/`framing` in an engine's serde.tsv.
fn engine_bytes(engine: &str, id: &str, framing: &str) -> Vec<u8> {
    let rows = common::rows(&format!("{engine}/serde.tsv"));
    let row = rows
        .iter()
        .find(|r| r.get(0) == id && r.get(1) == framing)
        .unwrap_or_else(|| panic!("{engine}/serde.tsv has no {id} {framing}"));
    common::unhex(row.get(2))
}

fn assert_bytes(engine: &str, what: &str, ours: &[u8], theirs: &[u8]) {
    assert!(
        ours == theirs,
        "{engine} {what}: our bytes differ from the engine's\n ours:   {}\n engine: {}",
        common::hex(ours),
        common::hex(theirs)
    );
}

/// Godot 3.6.2 leaves garbage in NodePath string padding (seen in these fixtures), so bytes holding a
/// NodePath are compared modulo padding: same length, every difference a zero pad byte of ours.
fn assert_bytes_pad(engine: &str, what: &str, ours: &[u8], theirs: &[u8]) {
    assert!(
        common::equal_modulo_padding(theirs, ours),
        "{engine} {what}: our bytes differ from the engine's (modulo padding)\n ours:   {}\n engine: {}",
        common::hex(ours),
        common::hex(theirs)
    );
}

#[test]
fn game_state_serializes_to_the_engines_bytes() {
    for (engine, cfg) in engines() {
        let theirs = engine_bytes(engine, "game_state", "var");
        let ours = to_vec_with(&game_state(), &cfg).unwrap();
        assert_bytes(engine, "game_state", &ours, &theirs);
    }
}

#[test]
fn game_state_deserializes_from_the_engines_bytes() {
    for (engine, cfg) in engines() {
        let theirs = engine_bytes(engine, "game_state", "var");
        let back: GameState = from_slice_with(&theirs, &cfg).unwrap_or_else(|e| panic!("{engine}: {e}"));
        assert_eq!(back, game_state(), "{engine}");
    }
}

#[test]
fn small_values_match_the_engines() {
    for (engine, cfg) in engines() {
        assert_bytes(engine, "entity", &to_vec_with(&entity(7), &cfg).unwrap(), &engine_bytes(engine, "entity", "var"));
        assert_eq!(from_slice_with::<Entity>(&engine_bytes(engine, "entity", "var"), &cfg).unwrap(), entity(7));
        let small = (1, "two", 3.0);
        assert_bytes(engine, "small", &to_vec_with(&small, &cfg).unwrap(), &engine_bytes(engine, "small", "var"));
        assert_eq!(
            from_slice_with::<(u8, &str, f32)>(&engine_bytes(engine, "small", "var"), &cfg).unwrap(),
            (1, "two", 3.0)
        );
        let big = 5_000_000_000u64;
        assert_bytes(engine, "int_big", &to_vec_with(&big, &cfg).unwrap(), &engine_bytes(engine, "int_big", "var"));
        assert_bytes(engine, "str", &to_vec_with("hello", &cfg).unwrap(), &engine_bytes(engine, "str", "var"));
    }
}

#[test]
fn godot4_only_types_round_trip_through_structs() {
    let cfg = Config::new(Dialect::Godot4_6);
    let theirs = engine_bytes("godot-4.6", "extras", "var");
    let x: Extras4 = from_slice_with(&theirs, &cfg).unwrap();
    assert_eq!(x.map, StringName::from("level_01"));
    assert_eq!(x.cell, Vector2i::new(-3, 7));
    assert_eq!(x.spawn_path, NodePath::from("/root/World/Spawn:position"));
    assert_eq!(x.ids.0, [1, -5_000_000_000]);
    assert_eq!(x.weights, [0.1, 2.0]);
    assert_eq!(x.path.0, [Vector2::new(1.0, 2.0), Vector2::new(-0.5, 0.25)]);
    assert_eq!(x.points, [[1.0, 2.0, 3.0]]);
    assert_eq!(x.palette.0, [Color::new(1.0, 0.0, 0.0, 1.0), Color::new(0.0, 0.5, 1.0, 0.25)]);
    assert_eq!(x.quads, [[1.0, 2.0, 3.0, 4.0]]);
    assert_eq!(x.xform.origin, Vector2::new(10.0, 20.0));
    assert_eq!(
        x.basis,
        Basis::from_columns(Vector3::new(1.0, 2.0, 3.0), Vector3::new(4.0, 5.0, 6.0), Vector3::new(7.0, 8.0, 9.0))
    );
    assert_eq!(x.rid_free, Rid(0));
    assert_eq!(x, extras4());
    assert_bytes("godot-4.6", "extras", &to_vec_with(&x, &cfg).unwrap(), &theirs);
    assert_bytes("godot-4.6", "extras", &to_vec_with(&extras4(), &cfg).unwrap(), &theirs);
    // The same struct cannot go to Godot 3: the error names the type and the dialect.
    let err = to_vec_with(&x, &Config::new(Dialect::Godot3)).unwrap_err();
    assert_eq!(err.to_string(), "StringName is not available in godot3");
}

#[test]
fn godot3_types_round_trip_through_structs() {
    let cfg = Config::new(Dialect::Godot3);
    let theirs = engine_bytes("godot-3.6", "extras", "var");
    let x: Extras3 = from_slice_with(&theirs, &cfg).unwrap();
    assert_eq!(x.spawn_path.to_string(), "/root/World/Spawn:position");
    assert_eq!(x.palette, [[1.0, 0.0, 0.0, 1.0], [0.0, 0.5, 1.0, 0.25]]);
    assert_eq!(x, extras3());
    assert_bytes_pad("godot-3.6", "extras", &to_vec_with(&extras3(), &cfg).unwrap(), &theirs);
}

#[test]
fn every_engine_value_goes_through_variant_serde_unchanged() {
    for (engine, cfg) in engines() {
        let mut n = 0;
        for row in common::rows(&format!("{engine}/serde.tsv")) {
            if row.get(1) != "var" {
                continue;
            }
            let theirs = common::unhex(row.get(2));
            let v: Variant = from_slice_with(&theirs, &cfg).unwrap();
            assert_eq!(v, Variant::decode(&theirs, &cfg).unwrap(), "{engine} {}", row.get(0));
            let ours = to_vec_with(&v, &cfg).unwrap();
            assert_eq!(ours, v.encode(&cfg).unwrap(), "{engine} {}", row.get(0));
            assert_bytes_pad(engine, row.get(0), &ours, &theirs);
            let _: serde_json::Value = from_slice_with(&theirs, &cfg).unwrap();
            n += 1;
        }
        assert_eq!(n, 6, "{engine}");
    }
}

#[test]
fn game_state_as_json() {
    let cfg = Config::new(Dialect::Godot4_6);
    let j: serde_json::Value = from_slice_with(&engine_bytes("godot-4.6", "game_state", "var"), &cfg).unwrap();
    assert_eq!(j["tick"], 123_456_789_012i64);
    assert_eq!(j["entities"][1]["name"], "entity_1");
    assert_eq!(j["entities"][1]["pos"]["y"], -2.25);
    assert_eq!(j["entities"][0]["tags"][1], "hostile");
    assert_eq!(j["blob"][3], 255);
    assert_eq!(j["history"][1], "Idle");
    // And the struct reads the same from JSON as from the engine's bytes (markers are plain structs there).
    let s: GameState = serde_json::from_value(j).unwrap();
    let mut expect = game_state();
    // JSON has one number type: f32 fields come back as the nearest f32, as they are.
    expect.scale = 0.5;
    assert_eq!(s, expect);
}

#[test]
fn game_state_store_var_and_put_var_match_the_engines() {
    use godot_bin::framing::{self, Endian};
    for (engine, cfg) in engines() {
        for (framing_name, endian) in [
            ("store_var", Endian::Little),
            ("store_var_be", Endian::Big),
            ("put_var", Endian::Little),
            ("put_var_be", Endian::Big),
            ("packet_stream", Endian::Little),
        ] {
            let theirs = engine_bytes(engine, "game_state", framing_name);
            let ours = framing::put_var(&game_state(), &cfg, endian).unwrap();
            assert_bytes(engine, framing_name, &ours, &theirs);
            let back: Vec<GameState> = framing::values(&theirs, &cfg, endian).collect::<Result<_>>().unwrap();
            assert_eq!(back, [game_state()], "{engine} {framing_name}");
        }
    }
}
