//! The Rust half of `scripts/live.sh typed`: typed containers written with `TypedArray` /
//! `TypedDictionary` into a `FileAccess.store_var` file, for Godot 4.6 to assign to typed GDScript
//! variables (tests/gd/typed_check.gd), plus the same array as a plain `Vec` (which a typed variable refuses).
//!
//! ```text
//! cargo run -p godot_bin_tools --bin typed_live -- OUT.sav
//! ```
//! The file holds, in order: `Array[String](["a", "bc"])`, `Dictionary[String, int]({"hp": 42, "mp": 7})`,
//! `Array[Vector2]([Vector2(1, 2)])`, `["a", "bc"]` untyped, and `Array[Dictionary]([{"name": "potion",
//! "count": 3}])` from a struct that only derives `Serialize` (`TypedArray<AsDictionary<Item>>`).

use godot_bin::framing::{write_var, Endian};
use godot_bin::{
    markers::Vector2,
    typed::{AsDictionary, TypedArray, TypedDictionary},
    Config, Dialect,
};

#[derive(serde::Serialize)]
struct Item {
    name: String,
    count: i64,
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = std::env::args().nth(1).ok_or("usage: typed_live OUT.sav")?;
    let cfg = Config::new(Dialect::Godot4_6);
    let names = vec!["a".to_string(), "bc".to_string()];
    let mut file = Vec::new();
    write_var(&mut file, &TypedArray::from(names.clone()), &cfg, Endian::Little)?;
    let stats: TypedDictionary<String, i64> = [("hp".to_string(), 42), ("mp".to_string(), 7)].into_iter().collect();
    write_var(&mut file, &stats, &cfg, Endian::Little)?;
    write_var(&mut file, &TypedArray::from(vec![Vector2::new(1.0, 2.0)]), &cfg, Endian::Little)?;
    write_var(&mut file, &names, &cfg, Endian::Little)?;
    let items = TypedArray::from(vec![AsDictionary(Item { name: "potion".into(), count: 3 })]);
    write_var(&mut file, &items, &cfg, Endian::Little)?;
    std::fs::write(&out, &file)?;
    println!("wrote {} bytes to {out}", file.len());
    Ok(())
}
