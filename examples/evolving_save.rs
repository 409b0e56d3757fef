//! A save across three versions of a game (the guide's `saves_that_evolve` page says why each step is so):
//! version 2 adds `stamina` (`#[serde(default = "…")]`), version 3 renames `hp` to `health` on the wire
//! (`#[serde(alias)]`) and drops `name`. Each version reads the saves of the others as far as it can, and
//! the GDScript each version generates keeps the keys it does not know.
//!
//! ```text
//! cargo run --example evolving_save                # runs the story, checking each step
//! cargo run --example evolving_save -- DIR         # also writes save_v1.gd, save_v2.gd, save_v3.gd into DIR
//! ```
//!
//! The saves here are written by godot_bin (no engine needed); `scripts/live.sh gdscript` checks in Godot 4.6
//! and 3.6 that a generated class reads a value with keys it does not know and writes it back byte-identical.

use godot_bin::gdscript::{self, Options};
use godot_bin::schema::Schema;
use godot_bin::{Config, Dialect, Variant};
use serde::{Deserialize, Serialize};

/// Version 1.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct SaveV1 {
    name: String,
    hp: i32,
}

fn full() -> f32 {
    100.0
}

/// Version 2: `stamina` added, 100 in saves from before it.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct SaveV2 {
    name: String,
    hp: i32,
    #[serde(default = "full")]
    stamina: f32,
}

/// Version 3: `hp` is `health` on the wire (old saves still read), `name` is gone.
///
/// `Schema::add` cannot trace a type with `#[serde(alias)]` (serde lists the alias as one more key of the
/// field): the GDScript comes from [`SaveV3Keys`], the same keys without the alias.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct SaveV3 {
    #[serde(alias = "hp")]
    health: i32,
    #[serde(default = "full")]
    stamina: f32,
}

/// [`SaveV3`] as it is written (for `Schema::add`): the same keys, no alias.
#[derive(Serialize, Deserialize)]
struct SaveV3Keys {
    health: i32,
    #[serde(default = "full")]
    stamina: f32,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let v1 = godot_bin::to_vec(&SaveV1 { name: "Ana".into(), hp: 7 })?;
    let v2: SaveV2 = godot_bin::from_slice(&v1)?;
    assert_eq!(v2, SaveV2 { name: "Ana".into(), hp: 7, stamina: 100.0 });
    println!("version 2 reads version 1's save: {v2:?}");

    let v2_bytes = godot_bin::to_vec(&SaveV2 { stamina: 40.0, ..v2 })?;
    let back: SaveV1 = godot_bin::from_slice(&v2_bytes)?;
    assert_eq!(back, SaveV1 { name: "Ana".into(), hp: 7 });
    println!("version 1 reads version 2's save (stamina skipped): {back:?}");

    let v3: SaveV3 = godot_bin::from_slice(&v2_bytes)?;
    assert_eq!(v3, SaveV3 { health: 7, stamina: 40.0 });
    println!("version 3 reads version 2's save (hp as health, name skipped): {v3:?}");

    // What an older game's generated class does with a newer save: the keys it does not know go to its
    // `extra` Dictionary, and to_variant writes them after its own fields. The Dictionary it writes back:
    let newer: Variant = godot_bin::from_slice(&v2_bytes)?;
    let keys: Vec<String> = newer
        .as_dictionary()
        .map(|d| d.iter().filter_map(|(k, _)| k.as_str().map(String::from)).collect())
        .unwrap_or_default();
    assert_eq!(keys, ["name", "hp", "stamina"]);
    println!("an older game keeps {:?} in `extra` and writes the keys back in this order: {keys:?}", &keys[2..]);

    let cfg = Config::new(Dialect::Godot4_6);
    let files = [
        ("save_v1.gd", gdscript::for_type::<SaveV1>(&cfg)?),
        ("save_v2.gd", from::<SaveV2>("save_v2.gd")?),
        ("save_v3.gd", from::<SaveV3Keys>("save_v3.gd")?),
    ];
    assert!(files[1].1.contains("var stamina: float = 100.0"));
    assert!(Schema::new(Dialect::Godot4_6).add::<SaveV3>().unwrap_err().to_string().contains("serde(alias)"));
    assert!(files.iter().all(|(_, gd)| gd.contains("var extra: Dictionary = {}")));
    if let Some(dir) = std::env::args().nth(1) {
        for (name, gd) in &files {
            std::fs::write(std::path::Path::new(&dir).join(name), gd)?;
        }
        println!("wrote save_v1.gd, save_v2.gd and save_v3.gd into {dir}");
    }
    Ok(())
}

/// The Godot 4.6 GDScript of `T`, saved as `file` (the script preloads itself by its file name).
fn from<T: serde::de::DeserializeOwned + Serialize>(file: &str) -> godot_bin::Result<String> {
    let schema = Schema::new(Dialect::Godot4_6).add::<T>()?;
    gdscript::from_schema(&schema, &Options::default().with_file_name(file))
}
