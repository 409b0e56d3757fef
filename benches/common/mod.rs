//! The data sets of the speed benchmarks, shared by the benches (`ratios`, `instructions`, `hostile`) and
//! `tests/conformance/speed_state.rs`. The game state mirrors `tests/gd/speed.gd` field for field and in the same key
//! order, so `godot_bin::to_vec(&game_state(n))` is the engine's `var_to_bytes(state(n))` byte for byte.
#![allow(dead_code)]

use godot_bin::{
    markers::{Color, Vector2, Vector3},
    packed::{PackedFloat32Array, PackedStringArray, PackedVector3Array},
};
use serde::{Deserialize, Serialize};

/// One inventory slot: `{"item": "sword_%d" % j, "count": j*3, "durability": 0.5 + j}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Item {
    pub item: String,
    pub count: i64,
    pub durability: f64,
}

/// One entity of the game state (Godot 4 Dictionary keys in this order).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Entity {
    pub id: i64,
    pub name: String,
    pub pos: Vector2,
    pub vel: Vector3,
    pub hp: f64,
    pub alive: bool,
    pub color: Color,
    pub tags: PackedStringArray,
    pub inventory: Vec<Item>,
}

/// `{"tick": 123456, "entities": [...], "map": "level_01"}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct GameState {
    pub tick: i64,
    pub entities: Vec<Entity>,
    pub map: String,
}

/// [`Item`] with its string borrowed from the input (decode only): the "borrowed strings on decode" lever.
#[derive(Deserialize, Debug, PartialEq)]
pub struct ItemRef<'a> {
    #[serde(borrow)]
    pub item: &'a str,
    pub count: i64,
    pub durability: f64,
}

/// [`Entity`] with `&str` name and tags (the same bytes decode into it; postcard's too).
#[derive(Deserialize, Debug, PartialEq)]
pub struct EntityRef<'a> {
    pub id: i64,
    #[serde(borrow)]
    pub name: &'a str,
    pub pos: Vector2,
    pub vel: Vector3,
    pub hp: f64,
    pub alive: bool,
    pub color: Color,
    #[serde(borrow)]
    pub tags: Vec<&'a str>,
    #[serde(borrow)]
    pub inventory: Vec<ItemRef<'a>>,
}

/// [`GameState`] read with borrowed strings.
#[derive(Deserialize, Debug, PartialEq)]
pub struct GameStateRef<'a> {
    pub tick: i64,
    #[serde(borrow)]
    pub entities: Vec<EntityRef<'a>>,
    #[serde(borrow)]
    pub map: &'a str,
}

impl GameStateRef<'_> {
    /// Whether this is `s` read back (every field compared).
    pub fn same_as(&self, s: &GameState) -> bool {
        self.tick == s.tick
            && self.map == s.map
            && self.entities.len() == s.entities.len()
            && self.entities.iter().zip(&s.entities).all(|(a, b)| {
                a.id == b.id
                    && a.name == b.name
                    && a.pos == b.pos
                    && a.vel == b.vel
                    && a.hp.to_bits() == b.hp.to_bits()
                    && a.alive == b.alive
                    && a.color == b.color
                    && a.tags.len() == b.tags.len()
                    && a.tags.iter().zip(b.tags.iter()).all(|(x, y)| x == y)
                    && a.inventory.len() == b.inventory.len()
                    && a.inventory.iter().zip(&b.inventory).all(|(x, y)| {
                        x.item == y.item && x.count == y.count && x.durability.to_bits() == y.durability.to_bits()
                    })
            })
    }
}

/// The game state with `n` entities (10,000 in the benchmarks, about 6 MB in Godot 4).
pub fn game_state(n: usize) -> GameState {
    let entities = (0..n)
        .map(|i| {
            let f = i as f64;
            Entity {
                id: i as i64,
                name: format!("entity_{i}"),
                pos: Vector2::new(f * 1.5, f * -2.25),
                vel: Vector3::new(1.0, 2.0, 3.0),
                hp: 100.0 - f * 0.01,
                alive: true,
                color: Color::new(0.1, 0.2, 0.3, 1.0),
                tags: vec!["npc".to_string(), "hostile".to_string()].into(),
                inventory: (0..4)
                    .map(|j| Item { item: format!("sword_{j}"), count: j * 3, durability: 0.5 + j as f64 })
                    .collect(),
            }
        })
        .collect();
    GameState { tick: 123456, entities, map: "level_01".to_string() }
}

/// A packed-float payload through the `#[serde(with = "godot_bin::packed::float32")]` adapter.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Floats {
    #[serde(with = "godot_bin::packed::float32")]
    pub v: Vec<f32>,
}

/// A PackedVector3Array payload through the `#[serde(with = "godot_bin::packed::vector3")]` adapter.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct Points {
    #[serde(with = "godot_bin::packed::vector3")]
    pub v: Vec<[f32; 3]>,
}

/// The 4,000,000-element float array.
pub const FLOATS: usize = 4_000_000;
/// Vector3 elements: the same 16,000,000 payload bytes as [`FLOATS`] floats would be 1,333,333; we use a round
/// 1,000,000 (12 MB).
pub const POINTS: usize = 1_000_000;

pub fn floats(n: usize) -> Vec<f32> {
    (0..n).map(|i| i as f32 * 0.25 - 1000.0).collect()
}

pub fn points(n: usize) -> Vec<[f32; 3]> {
    (0..n).map(|i| [i as f32, -(i as f32) * 0.5, 1.0 + i as f32 * 0.125]).collect()
}

pub fn floats_marker(n: usize) -> PackedFloat32Array {
    floats(n).into()
}

pub fn points_marker(n: usize) -> PackedVector3Array {
    points(n).into_iter().map(|[x, y, z]| Vector3::new(x as f64, y as f64, z as f64)).collect()
}

/// One structured log line: string-heavy (four strings and a string list per record, few numbers).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct LogLine {
    pub ts: i64,
    pub level: String,
    pub target: String,
    pub message: String,
    pub fields: Vec<String>,
}

/// `n` log lines (20,000 in the benchmarks, about 3 MB).
pub fn logs(n: usize) -> Vec<LogLine> {
    const LEVELS: [&str; 4] = ["INFO", "WARN", "DEBUG", "ERROR"];
    (0..n)
        .map(|i| LogLine {
            ts: 1_700_000_000_000 + i as i64 * 37,
            level: LEVELS[i % 4].to_string(),
            target: format!("game::systems::ai::planner{}", i % 13),
            message: format!(
                "entity {i} re-planned its route after losing sight of the player near waypoint {}",
                i % 97
            ),
            fields: vec![format!("entity_id={i}"), format!("zone=forest_{}", i % 7), "reason=lost_target".to_string()],
        })
        .collect()
}

/// The small network message of the speed targets: a game server decodes thousands of `Move`s a second.
/// Each variant is written as Godot writes a one-entry Dictionary `{"Move": {"to": Vector2, "seq": int}}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub enum Msg {
    Move { to: Vector2, seq: u32 },
    Chat { text: String },
    Bye,
}

/// The `Move` message of the speed targets (72 bytes in the Godot 4 format).
pub fn move_msg(seq: u32) -> Msg {
    Msg::Move { to: Vector2::new(12.5, -3.25), seq }
}

/// A player's state as a server broadcasts it each tick: about 200 bytes in the Godot 4 format.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct PlayerState {
    pub id: u32,
    pub name: String,
    pub pos: Vector2,
    pub vel: Vector2,
    pub hp: f32,
    pub anim: String,
    pub on_floor: bool,
    pub ammo: [u16; 4],
}

/// The ~200-byte [`PlayerState`] of the speed targets.
pub fn player_state(id: u32) -> PlayerState {
    PlayerState {
        id,
        name: "player_one".to_string(),
        pos: Vector2::new(512.25, 300.5),
        vel: Vector2::new(-4.5, 0.0),
        hp: 87.5,
        anim: "run_left".to_string(),
        on_floor: true,
        ammo: [30, 120, 4, 0],
    }
}
