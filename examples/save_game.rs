//! Save games in Godot's `FileAccess.store_var` format (`File.store_var` in Godot 3), as plain serde structs.
//!
//! ```text
//! cargo run --example save_game                          # read the shipped Godot 4.6 save, write ours, compare
//! cargo run --example save_game -- read  DIALECT IN.sav  # check a save holds the game state below
//! cargo run --example save_game -- write DIALECT OUT.sav # write that game state
//! ```
//! DIALECT is `godot4.6` (or `godot4`) or `godot3`. The game state is the one `tests/gd/make_save.gd`
//! (Godot 4) and `tests/gd/make_save3.gd` (Godot 3) build and store: a dictionary with the tick, three
//! entities, the map name (a StringName in Godot 4, a String in Godot 3) and a NodePath, then a second value
//! `["checkpoint", 3, Transform2D(0.5, Vector2(10, 20))]`. `read` exits 1 if the file holds anything else.
//! `scripts/live.sh net` has real engines write saves for `read`, and load the saves `write` produced
//! (`tests/gd/save_check.gd`, `save_check3.gd`).

use godot_bin::framing::{write_var, Endian, FrameDecoder};
use godot_bin::{
    markers::{Color, NodePath, StringName, Transform2D, Vector2, Vector3},
    packed::PackedStringArray,
    Config, Dialect,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct Entity {
    id: i64,
    name: String,
    pos: Vector2,
    vel: Vector3,
    hp: f64,
    alive: bool,
    color: Color,
    tags: PackedStringArray,
    big: i64,
}

/// The save's first value. `M` is the map name's type: `StringName` in Godot 4 (`&"level_01"`), `String`
/// in Godot 3.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
struct SaveState<M> {
    tick: i64,
    entities: Vec<Entity>,
    map: M,
    spawn: NodePath,
}

/// The save's second value: `["checkpoint", 3, Transform2D(0.5, Vector2(10, 20))]`.
type Checkpoint = (String, i64, Transform2D);

fn state<M: for<'a> From<&'a str>>() -> SaveState<M> {
    let entities = (0..3)
        .map(|i| Entity {
            id: i,
            name: format!("entity_{i}"),
            // Vector components are the engine's f32: these are exact.
            pos: Vector2::new(i as f64 * 1.5, i as f64 * -2.25),
            vel: Vector3::new(1.0, 2.0, 3.0),
            // A GDScript float is an f64.
            hp: 100.0 - i as f64 * 0.01,
            alive: i != 1,
            color: Color::new(0.1, 0.2, 0.3, 1.0),
            tags: vec!["npc".to_string(), "hostile".to_string()].into(),
            big: 5_000_000_000 + i,
        })
        .collect();
    SaveState { tick: 123456, entities, map: M::from("level_01"), spawn: NodePath::from("/root/World/Spawn:position") }
}

fn checkpoint() -> Checkpoint {
    // Transform2D(rotation, origin): columns (cos, sin), (-sin, cos), rounded to the engine's f32.
    let (s, c) = (0.5f64.sin() as f32 as f64, 0.5f64.cos() as f32 as f64);
    ("checkpoint".into(), 3, Transform2D::new(Vector2::new(c, s), Vector2::new(-s, c), Vector2::new(10.0, 20.0)))
}

fn write(dialect: Dialect) -> godot_bin::Result<Vec<u8>> {
    let cfg = Config::new(dialect);
    let mut file = Vec::new();
    if dialect == Dialect::Godot3 {
        write_var(&mut file, &state::<String>(), &cfg, Endian::Little)?;
    } else {
        write_var(&mut file, &state::<StringName>(), &cfg, Endian::Little)?;
    }
    write_var(&mut file, &checkpoint(), &cfg, Endian::Little)?;
    Ok(file)
}

/// Reads the two values of a save and says what differs from the expected game state.
fn read_and_check<M>(file: &[u8], cfg: &Config) -> Result<Vec<String>, godot_bin::Error>
where
    M: DeserializeOwned + PartialEq + std::fmt::Debug + for<'a> From<&'a str>,
{
    let mut frames = FrameDecoder::new(Endian::Little, file.len());
    frames.feed(file);
    let mut problems = Vec::new();
    let missing = || godot_bin::Error::from(godot_bin::ErrorKind::UnexpectedEof { needed: 4 });
    let st: SaveState<M> = frames.next_value(cfg)?.ok_or_else(missing)?;
    let cp: Checkpoint = frames.next_value(cfg)?.ok_or_else(missing)?;
    println!(
        "tick {}, map {:?}, spawn {}, {} entities; checkpoint {:?} {} at {:?}",
        st.tick,
        st.map,
        st.spawn,
        st.entities.len(),
        cp.0,
        cp.1,
        cp.2.origin
    );
    for e in &st.entities {
        println!(
            "  {} {:>9} pos ({}, {}) hp {} alive {} tags {:?}",
            e.id, e.name, e.pos.x, e.pos.y, e.hp, e.alive, e.tags.0
        );
    }
    let want = state::<M>();
    if st != want {
        problems.push(format!("game state differs:\n  read     {st:?}\n  expected {want:?}"));
    }
    if cp != checkpoint() {
        problems.push(format!("checkpoint differs: read {cp:?}, expected {:?}", checkpoint()));
    }
    if frames.buffered() != 0 {
        problems.push(format!("{} byte(s) after the two values", frames.buffered()));
    }
    Ok(problems)
}

fn read(dialect: Dialect, file: &[u8]) -> Result<Vec<String>, godot_bin::Error> {
    let cfg = Config::new(dialect);
    if dialect == Dialect::Godot3 {
        read_and_check::<String>(file, &cfg)
    } else {
        read_and_check::<StringName>(file, &cfg)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/data/save-godot4.6.sav");
            let engine = std::fs::read(path)?;
            println!("{path} (written by Godot 4.6 with FileAccess.store_var):");
            let problems = read(Dialect::Godot4_6, &engine)?;
            let ours = write(Dialect::Godot4_6)?;
            println!(
                "the same state written by godot_bin: {} bytes, {}",
                ours.len(),
                if ours == engine { "byte-identical to the engine's save" } else { "DIFFERENT from the engine's save" }
            );
            if !problems.is_empty() || ours != engine {
                problems.iter().for_each(|p| println!("MISMATCH {p}"));
                std::process::exit(1);
            }
        }
        ["write", dialect, out] => {
            let file = write(dialect.parse()?)?;
            std::fs::write(out, &file)?;
            println!("wrote {} bytes ({dialect}) to {out}", file.len());
        }
        ["read", dialect, input] => {
            let file = std::fs::read(input)?;
            let problems = read(dialect.parse()?, &file)?;
            problems.iter().for_each(|p| println!("MISMATCH {p}"));
            println!("save_game: {input}: {}", if problems.is_empty() { "OK" } else { "FAIL" });
            if !problems.is_empty() {
                std::process::exit(1);
            }
        }
        _ => return Err("usage: save_game [read|write DIALECT FILE]".into()),
    }
    Ok(())
}
