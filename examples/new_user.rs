//! The README's quick start, as a new user writes it for a save of their own game (run by
//! `scripts/live.sh new-user` on saves Godot 4.6 and 3.6 wrote with `store_var`, `tests/gd/new_user_save*.gd`).
//!
//! ```text
//! cargo run --example new_user -- FILE [DIALECT]                # read FILE into a Rust struct (default godot4.6)
//! cargo run --example new_user -- --from-slice FILE [DIALECT]   # the usual mistake: from_slice on a store_var file
//! ```
//! Prints the fields on one line, or the error (exit status 1).

use std::collections::HashMap;

use godot_bin::{framing, markers::Vector2, Config, Dialect};
use serde::Deserialize;

#[derive(Deserialize, Debug)]
struct Save {
    player: String,
    level: i64,
    hp: f64,
    pos: Vector2,
    inventory: Vec<String>,
    flags: HashMap<String, bool>,
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let from_slice = args.first().is_some_and(|a| a == "--from-slice");
    if from_slice {
        args.remove(0);
    }
    let Some(path) = args.first() else {
        eprintln!("usage: new_user [--from-slice] FILE [DIALECT]");
        std::process::exit(2);
    };
    let dialect: Dialect = match args.get(1).map_or(Ok(Dialect::Godot4_6), |d| d.parse()) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("new_user: {e}");
            std::process::exit(2);
        }
    };
    let cfg = Config::new(dialect);
    let read = || -> Result<Save, Box<dyn std::error::Error>> {
        if from_slice {
            Ok(godot_bin::from_slice_with(&std::fs::read(path)?, &cfg)?)
        } else {
            let mut file = std::fs::File::open(path)?;
            Ok(framing::read_store_var(&mut file, &cfg)?)
        }
    };
    match read() {
        Ok(s) => println!(
            "player={} level={} hp={} pos=({}, {}) inventory={} met_king={:?}",
            s.player,
            s.level,
            s.hp,
            s.pos.x,
            s.pos.y,
            s.inventory.join(","),
            s.flags.get("met_king")
        ),
        Err(e) => {
            eprintln!("new_user: {e}");
            std::process::exit(1);
        }
    }
}
