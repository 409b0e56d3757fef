//! Prints every value in a Godot save file or captured payload.
//!
//! ```text
//! cargo run --example inspect -- [--dialect D] [--objects] [--raw] FILE
//! cargo run --example inspect -- examples/data/save-godot4.6.sav
//! cargo run --example inspect -- --dialect godot3 examples/data/save-godot3.6.sav
//! ```
//! By default the file is read as a sequence of `store_var`/`put_var` values (u32 length, then the value);
//! `--raw` reads one `var_to_bytes` value instead.

use godot_bin::{Config, Dialect, Variant};

fn main() {
    if let Err(e) = run() {
        eprintln!("inspect: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut dialect = Dialect::GODOT4;
    let (mut objects, mut raw, mut file) = (false, false, None);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--dialect" => dialect = args.next().ok_or("--dialect needs a value")?.parse()?,
            "--objects" => objects = true,
            "--raw" => raw = true,
            _ => file = Some(a),
        }
    }
    let file = file.ok_or("usage: inspect [--dialect D] [--objects] [--raw] FILE")?;
    let bytes = std::fs::read(&file)?;
    let cfg = Config::new(dialect).with_allow_objects(objects);
    if raw {
        println!("{:#?}", Variant::decode(&bytes, &cfg)?);
        return Ok(());
    }
    let mut at = 0;
    let mut n = 0;
    while at < bytes.len() {
        let len_bytes: [u8; 4] = bytes.get(at..at + 4).ok_or("truncated length prefix")?.try_into()?;
        let len = u32::from_le_bytes(len_bytes) as usize;
        let body = bytes.get(at + 4..at + 4 + len).ok_or_else(|| format!("value at byte {at} claims {len} bytes"))?;
        let v = Variant::decode(body, &cfg).map_err(|e| format!("value at byte {}: {e}", at + 4))?;
        println!("value {n} ({len} bytes at {at}):\n{v:#?}");
        at += 4 + len;
        n += 1;
    }
    println!("{n} value(s), {} bytes, dialect {dialect}", bytes.len());
    Ok(())
}
