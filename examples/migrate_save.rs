//! Migrates a Godot 3 save (`File.store_var`) to Godot 4 (`FileAccess.get_var` reads the result), value by
//! value, with [`godot_bin::convert`]: `PoolStringArray` becomes `PackedStringArray`, `Quat` `Quaternion`,
//! `Transform` `Transform3D`, and so on; the values themselves are unchanged.
//!
//! ```text
//! cargo run --example migrate_save -- [IN.sav [OUT.sav [EXPECTED.sav]]]
//! ```
//! IN defaults to `examples/data/save-godot3.6.sav` (written by Godot 3.6). Without OUT it only reports.
//! With EXPECTED (or by default, for the shipped save: `tests/fixtures/cli/save-godot3.6-as-godot4.6.sav`, what
//! Godot 4.6 itself writes for the same game state, from `tests/gd/make_save3_in4.gd`) the result must be
//! byte-identical to it, else the exit status is 1.

use godot_bin::convert::{convert, Options};
use godot_bin::framing::{values, write_var, Endian};
use godot_bin::{Config, Dialect, Variant};

fn migrate(godot3_save: &[u8]) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
    let (from, to) = (Config::new(Dialect::Godot3), Config::new(Dialect::Godot4_6));
    let mut out = Vec::new();
    for (i, v) in values::<Variant>(godot3_save, &from, Endian::Little).enumerate() {
        let v = v?;
        // Options::default(): fail (naming the path) on a value Godot 4 has no counterpart for; there is none
        // in Godot 3, so this never fails on a Godot 3 save.
        let v4 = convert(&v, Dialect::Godot3, Dialect::Godot4_6, &Options::default())
            .map_err(|e| format!("value {i}: {e}"))?;
        write_var(&mut out, &v4, &to, Endian::Little)?;
    }
    Ok(out)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = env!("CARGO_MANIFEST_DIR");
    let shipped = format!("{root}/examples/data/save-godot3.6.sav");
    let args: Vec<String> = std::env::args().skip(1).collect();
    let input = args.first().cloned().unwrap_or(shipped.clone());
    let expected = match args.get(2) {
        Some(p) => Some(p.clone()),
        None if input == shipped => Some(format!("{root}/tests/fixtures/cli/save-godot3.6-as-godot4.6.sav")),
        None => None,
    };
    let old = std::fs::read(&input)?;
    let new = migrate(&old)?;
    println!("{input}: {} bytes of Godot 3 save -> {} bytes of Godot 4.6 save", old.len(), new.len());
    if let Some(out) = args.get(1) {
        std::fs::write(out, &new)?;
        println!("wrote {out}");
    }
    if let Some(exp) = expected {
        let want = std::fs::read(&exp)?;
        if want == new {
            println!("migrate_save: OK, byte-identical to {exp}");
        } else {
            println!("migrate_save: FAIL, differs from {exp} ({} vs {} bytes)", new.len(), want.len());
            std::process::exit(1);
        }
    }
    Ok(())
}
