//! The Rust half of `scripts/live.sh serde`: writes the game state of tests/gd/gen_serde*.gd with godot_bin's
//! serde Serializer into a `FileAccess.store_var` file, for a real engine to `get_var` and compare.
//!
//! ```text
//! cargo run -p godot_bin_tools --bin serde_live -- DIALECT OUT.sav [le|be]
//! ```
//! The file holds, in order: the game state, the extras (Godot 4 or Godot 3 ones), entity 7, `[1, "two", 3.0]`,
//! 5000000000 and "hello" — the values the GDScript builds itself.

use godot_bin::framing::{write_var, Endian};
use godot_bin::{Config, Dialect};
use godot_bin_tools::serde_state::*;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 2 {
        return Err("usage: serde_live DIALECT OUT.sav [le|be]".into());
    }
    let dialect: Dialect = args[0].parse()?;
    let endian = if args.get(2).map(String::as_str) == Some("be") { Endian::Big } else { Endian::Little };
    let cfg = Config::new(dialect);
    let mut file = Vec::new();
    write_var(&mut file, &game_state(), &cfg, endian)?;
    if dialect == Dialect::Godot3 {
        write_var(&mut file, &extras3(), &cfg, endian)?;
    } else {
        write_var(&mut file, &extras4(), &cfg, endian)?;
    }
    write_var(&mut file, &entity(7), &cfg, endian)?;
    write_var(&mut file, &(1, "two", 3.0), &cfg, endian)?;
    write_var(&mut file, &5_000_000_000i64, &cfg, endian)?;
    write_var(&mut file, "hello", &cfg, endian)?;
    std::fs::write(&args[1], &file)?;
    println!("wrote {} bytes for {dialect} ({endian:?} lengths) to {}", file.len(), args[1]);
    Ok(())
}
