//! The benchmarks' game state is the real format: `to_vec(&game_state(3))` is byte for byte what
//! Godot 4.6.3's `var_to_bytes` wrote for the same GDScript state (`tests/gd/speed.gd 3 1 speed_state_3.bin`,
//! kept as tests/fixtures/godot-4.6/speed_state_3.bin), and every path the benchmarks time reads it back.

use crate::bench_state as data;

use godot_bin::{Config, Variant};

const ENGINE: &[u8] = include_bytes!("../fixtures/godot-4.6/speed_state_3.bin");

#[test]
fn game_state_encodes_to_the_engines_bytes() {
    let state = data::game_state(3);
    let ours = godot_bin::to_vec(&state).unwrap();
    assert_eq!(ours.len(), ENGINE.len());
    assert!(ours == ENGINE, "typed serde bytes differ from Godot 4.6's var_to_bytes");
    assert_eq!(godot_bin::from_slice::<data::GameState>(ENGINE).unwrap(), state);

    let cfg = Config::default();
    let v = Variant::decode(ENGINE, &cfg).unwrap();
    assert_eq!(v.encode(&cfg).unwrap(), ENGINE);
    assert_eq!(godot_bin::from_slice::<data::GameState>(&v.encode(&cfg).unwrap()).unwrap(), state);
}

#[test]
fn packed_payloads_round_trip_through_adapters_and_markers() {
    let f = data::Floats { v: data::floats(1000) };
    let b = godot_bin::to_vec(&f).unwrap();
    assert_eq!(godot_bin::from_slice::<data::Floats>(&b).unwrap(), f);
    let m = data::floats_marker(1000);
    let bm = godot_bin::to_vec(&m).unwrap();
    // A PackedFloat32Array (type 32), 1000 elements, then the payload as is.
    assert_eq!(bm[..8], [32, 0, 0, 0, 0xe8, 3, 0, 0]);
    assert_eq!(bm.len(), 8 + 4000);
    assert_eq!(godot_bin::from_slice::<godot_bin::packed::PackedFloat32Array>(&bm).unwrap(), m);

    let p = data::Points { v: data::points(1000) };
    let b = godot_bin::to_vec(&p).unwrap();
    assert_eq!(godot_bin::from_slice::<data::Points>(&b).unwrap(), p);
    let m = data::points_marker(1000);
    let bm = godot_bin::to_vec(&m).unwrap();
    assert_eq!(bm.len(), 8 + 12_000);
    assert_eq!(godot_bin::from_slice::<godot_bin::packed::PackedVector3Array>(&bm).unwrap(), m);

    let logs = data::logs(100);
    let b = godot_bin::to_vec(&logs).unwrap();
    assert_eq!(godot_bin::from_slice::<Vec<data::LogLine>>(&b).unwrap(), logs);
}
