//! Any bytes into a game-state struct, a `serde_json::Value`, a borrowed struct and a `Variant` through the
//! serde data format (`from_slice_with`), for every dialect × objects on/off × single/double precision (the
//! first byte picks the config). Never panics; a `Variant` read through serde is what `Variant::decode`
//! reads; whatever decodes into the struct re-serializes to bytes that read back to the same bytes again.
#![no_main]

use std::collections::BTreeMap;

use godot_bin::{
    from_slice_with,
    markers::{Color, NodePath, Rect2, StringName, Vector2, Vector3},
    packed::PackedStringArray,
    to_vec_with, Config, Dialect, Variant,
};
use libfuzzer_sys::fuzz_target;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug)]
struct Entity {
    id: i64,
    name: String,
    pos: Vector2,
    vel: Vector3,
    hp: f64,
    alive: bool,
    color: Color,
    tags: PackedStringArray,
    target: Option<i64>,
}

#[derive(Serialize, Deserialize, Debug)]
enum Mode {
    Easy,
    Hard,
}

#[derive(Serialize, Deserialize, Debug)]
enum Event {
    Damage { amount: i32, source: String },
    Quit,
}

#[derive(Serialize, Deserialize, Debug)]
enum Action {
    Move(i32, i32),
    Idle,
    Heal(f64),
}

#[derive(Serialize, Deserialize, Debug)]
struct GameState {
    version: i32,
    tick: i64,
    seed: i8,
    ratio: f64,
    scale: f32,
    title: String,
    mode: Mode,
    entities: Vec<Entity>,
    waves: Vec<Vec<Entity>>,
    inventory: BTreeMap<String, u16>,
    #[serde(with = "godot_bin::packed::float32")]
    heights: Vec<f32>,
    #[serde(with = "godot_bin::packed::int32")]
    scores: Vec<i32>,
    #[serde(with = "godot_bin::packed::bytes")]
    blob: Vec<u8>,
    spawn: Vector2,
    bounds: Rect2,
    last_event: Event,
    history: Vec<Action>,
    cursor: (i32, f64),
    #[serde(default)]
    extra: Option<Variant>,
}

/// Borrows its text from the input.
#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    tags: Vec<&'a str>,
    map: Option<StringName>,
    path: Option<NodePath>,
    #[serde(with = "serde_bytes_like")]
    raw: &'a [u8],
}

/// A `&[u8]` field read as borrowed bytes.
mod serde_bytes_like {
    pub fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<&'de [u8], D::Error> {
        <&[u8]>::deserialize(d)
    }
    use serde::Deserialize;
}

fn config(sel: u8) -> Config {
    let d = Dialect::ALL[(sel & 0x0F) as usize % Dialect::ALL.len()];
    Config::new(d).with_allow_objects(sel & 0x10 != 0).with_double_precision(sel & 0x20 != 0)
}

/// Whatever decodes as `T` serializes, and those bytes are a fixed point: decode + serialize gives them back.
fn stable<T: Serialize + serde::de::DeserializeOwned + std::fmt::Debug>(bytes: &[u8], cfg: &Config) {
    let Ok(x) = from_slice_with::<T>(bytes, cfg) else { return };
    let Ok(b1) = to_vec_with(&x, cfg) else { return };
    let y =
        from_slice_with::<T>(&b1, cfg).unwrap_or_else(|e| panic!("{cfg:?}: {x:?} wrote {b1:02x?}, unreadable: {e}"));
    let b2 = to_vec_with(&y, cfg).expect("second serialize");
    assert_eq!(b1, b2, "{cfg:?}: serialize(deserialize(serialize(x))) differs for {x:?}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let cfg = config(sel);
    stable::<GameState>(bytes, &cfg);
    let _ = from_slice_with::<serde_json::Value>(bytes, &cfg);
    let _ = from_slice_with::<Borrowed>(bytes, &cfg);
    let _ = godot_bin::de::from_reader_with::<_, serde_json::Value>(bytes, &cfg);
    // The serde path reads a Variant exactly as the codec does.
    let core = Variant::decode(bytes, &cfg);
    let serde = from_slice_with::<Variant>(bytes, &cfg);
    match (core, serde) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{cfg:?}: from_slice_with::<Variant> != Variant::decode"),
        (Err(_), Err(_)) => {}
        (a, b) => panic!("{cfg:?}: Variant::decode {a:?} but from_slice_with {b:?}"),
    }
});
