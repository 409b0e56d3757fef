//! The game state of tests/gd/gen_serde*.gd as Rust structs, shared by tests/serde/serde_engine.rs and
//! tools/src/bin/serde_live.rs. Every field mirrors the GDScript value; real_t components are written as the
//! engine holds them in a single-precision build.
#![allow(dead_code)]

use godot_bin::markers::{Basis, Color, NodePath, Rect2, Rid, StringName, Transform2D, Vector2, Vector2i, Vector3};
use godot_bin::packed::{PackedColorArray, PackedInt64Array, PackedStringArray, PackedVector2Array};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub struct Entity {
    pub id: i64,
    pub name: String,
    pub pos: Vector2,
    pub vel: Vector3,
    pub hp: f64,
    pub speed: f64,
    pub alive: bool,
    pub color: Color,
    pub tags: PackedStringArray,
    pub big: i64,
    pub target: Option<i64>,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub enum Mode {
    Easy,
    Hard,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub enum Event {
    Damage { amount: i32, source: String },
    Quit,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub enum Action {
    Move(i32, i32),
    Idle,
    Heal(f64),
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct Inventory {
    pub sword: u32,
    pub potion: u16,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct GameState {
    pub version: i32,
    pub tick: i64,
    pub seed: i8,
    pub ratio: f64,
    pub scale: f32,
    pub title: String,
    pub mode: Mode,
    pub entities: Vec<Entity>,
    pub waves: Vec<Vec<Entity>>,
    pub inventory: Inventory,
    #[serde(with = "godot_bin::packed::float32")]
    pub heights: Vec<f32>,
    #[serde(with = "godot_bin::packed::int32")]
    pub scores: Vec<i32>,
    #[serde(with = "godot_bin::packed::bytes")]
    pub blob: Vec<u8>,
    pub spawn: Vector2,
    pub bounds: Rect2,
    pub last_event: Event,
    pub history: Vec<Action>,
    pub cursor: (i32, f64),
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct Extras4 {
    pub map: StringName,
    pub cell: Vector2i,
    pub spawn_path: NodePath,
    pub ids: PackedInt64Array,
    #[serde(with = "godot_bin::packed::float64")]
    pub weights: Vec<f64>,
    pub path: PackedVector2Array,
    #[serde(with = "godot_bin::packed::vector3")]
    pub points: Vec<[f32; 3]>,
    pub palette: PackedColorArray,
    #[serde(with = "godot_bin::packed::vector4")]
    pub quads: Vec<[f32; 4]>,
    pub xform: Transform2D,
    pub basis: Basis,
    pub rid_free: Rid,
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub struct Extras3 {
    pub spawn_path: NodePath,
    pub path: PackedVector2Array,
    #[serde(with = "godot_bin::packed::vector3")]
    pub points: Vec<[f32; 3]>,
    #[serde(with = "godot_bin::packed::color")]
    pub palette: Vec<[f32; 4]>,
    pub xform: Transform2D,
    pub basis: Basis,
}

/// A real_t component as the engine holds it in a single-precision build.
pub fn real(x: f64) -> f64 {
    x as f32 as f64
}

pub fn entity(i: i64) -> Entity {
    let f = i as f64;
    Entity {
        id: i,
        name: format!("entity_{i}"),
        pos: Vector2::new(f * 1.5, f * -2.25),
        vel: Vector3::new(real(0.1 * f), 2.0, -3.0),
        hp: 100.0 - f * 0.01,
        speed: 1.5 + f,
        alive: i != 1,
        color: Color::new(0.1, 0.2, 0.3, 1.0),
        tags: if i % 2 == 0 { vec!["npc".into(), "hostile".into()] } else { vec!["ally".into()] }.into(),
        big: 5_000_000_000 + i,
        target: None,
    }
}

pub fn game_state() -> GameState {
    GameState {
        version: 3,
        tick: 123_456_789_012,
        seed: -7,
        ratio: 0.1,
        scale: 0.5,
        title: "Level One \u{2713}".into(),
        mode: Mode::Hard,
        entities: vec![entity(0), entity(1), entity(2)],
        waves: vec![vec![entity(3)], vec![], vec![entity(4), entity(5)]],
        inventory: Inventory { sword: 1, potion: 12 },
        heights: vec![0.5, 1.25, -2.0],
        scores: vec![1, -2, 300_000],
        blob: vec![1, 2, 3, 255, 0],
        spawn: Vector2::new(10.0, 20.0),
        bounds: Rect2::new(Vector2::new(0.0, 0.0), Vector2::new(640.0, 480.0)),
        last_event: Event::Damage { amount: 5, source: "trap".into() },
        history: vec![Action::Move(1, -1), Action::Idle, Action::Heal(2.5)],
        cursor: (3, 4.75),
    }
}

/// The Godot 4 only extras of gen_serde.gd.
pub fn extras4() -> Extras4 {
    let (s, c) = (real(0.5f64.sin()), real(0.5f64.cos()));
    Extras4 {
        map: StringName::from("level_01"),
        cell: Vector2i::new(-3, 7),
        spawn_path: NodePath::from("/root/World/Spawn:position"),
        ids: vec![1, -5_000_000_000].into(),
        weights: vec![0.1, 2.0],
        path: vec![Vector2::new(1.0, 2.0), Vector2::new(-0.5, 0.25)].into(),
        points: vec![[1.0, 2.0, 3.0]],
        palette: vec![Color::new(1.0, 0.0, 0.0, 1.0), Color::new(0.0, 0.5, 1.0, 0.25)].into(),
        quads: vec![[1.0, 2.0, 3.0, 4.0]],
        xform: Transform2D::new(Vector2::new(c, s), Vector2::new(-s, c), Vector2::new(10.0, 20.0)),
        basis: Basis::from_columns(
            Vector3::new(1.0, 2.0, 3.0),
            Vector3::new(4.0, 5.0, 6.0),
            Vector3::new(7.0, 8.0, 9.0),
        ),
        rid_free: Rid(0),
    }
}

/// The extras of gen_serde3.gd.
pub fn extras3() -> Extras3 {
    let (s, c) = (real(0.5f64.sin()), real(0.5f64.cos()));
    Extras3 {
        spawn_path: NodePath::from("/root/World/Spawn:position"),
        path: vec![Vector2::new(1.0, 2.0), Vector2::new(-0.5, 0.25)].into(),
        points: vec![[1.0, 2.0, 3.0]],
        palette: vec![[1.0, 0.0, 0.0, 1.0], [0.0, 0.5, 1.0, 0.25]],
        xform: Transform2D::new(Vector2::new(c, s), Vector2::new(-s, c), Vector2::new(10.0, 20.0)),
        basis: Basis::from_columns(
            Vector3::new(1.0, 2.0, 3.0),
            Vector3::new(4.0, 5.0, 6.0),
            Vector3::new(7.0, 8.0, 9.0),
        ),
    }
}
