//! Writes the files scripts/live.sh config-file hands to a real engine's `ConfigFile.load`: the values of an
//! engine-written ConfigFile (tests/fixtures/<engine>/config_file), written again by godot_bin.
//!
//!   cargo run -p godot_bin_tools --bin config_file_live -- DIALECT KEYS FIXTURE_DIR OUT_DIR
//!
//! KEYS: `quoted` (Godot 3.6, 4.x) or `bare` (Godot 3.2.3). Writes
//!   from-values.cfg  the values the engine saved (its store_var of them, values.sav), as a ConfigFile
//!   reparsed.cfg     the engine's values.cfg, read and written again
//!   serde.cfg        values.cfg read with `config_file::from_str` into a Variant, written with `to_string`
//!   encrypted.cfg    from-values.cfg as `save_encrypted_pass` writes it (the password of the GDScript)
//! and prints one `FILE KIND` pair per line, the arguments of tests/gd/config_file*.gd's check mode.
use std::path::Path;

use godot_bin::config_file::{self, ConfigFile, KeyStyle};
use godot_bin::container::{self, Container, Key, Layout};
use godot_bin::{Config, Dialect, Variant};

const PASSWORD: &str = "hunter2 \u{e9}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dialect, keys, fixtures, out] = &args[..] else {
        return Err("usage: config_file_live DIALECT quoted|bare FIXTURE_DIR OUT_DIR".into());
    };
    let dialect: Dialect = dialect.parse()?;
    let style = match keys.as_str() {
        "quoted" => KeyStyle::Quoted,
        "bare" => KeyStyle::Bare,
        other => return Err(format!("KEYS is quoted or bare, not {other}").into()),
    };
    let cfg = Config::new(dialect);
    let (fixtures, out) = (Path::new(fixtures), Path::new(out));
    let saved: Variant = godot_bin::framing::from_store_var(&std::fs::read(fixtures.join("values.sav"))?, &cfg)?;
    let engine_text = std::fs::read_to_string(fixtures.join("values.cfg"))?;

    let from_values = ConfigFile::from_variant(&saved)?;
    let reparsed = ConfigFile::parse(&engine_text, &cfg)?;
    // serde, into a Variant (a map type that keeps the order, as the engine's check compares it).
    let through_serde: Variant = config_file::from_str(&engine_text, &cfg)?;
    let serde_text = config_file::to_string(&through_serde, &cfg)?;
    let text = from_values.to_text_with(&cfg, style);
    let encrypted = container::encode(
        text.as_bytes(),
        &Container::Encrypted(Key::from_password(PASSWORD), Layout::for_dialect(dialect)),
    )?;

    let files: [(&str, Vec<u8>, &str); 4] = [
        ("from-values.cfg", text.clone().into_bytes(), "text"),
        ("reparsed.cfg", reparsed.to_text_with(&cfg, style).into_bytes(), "text"),
        ("serde.cfg", serde_text.into_bytes(), "text"),
        ("encrypted.cfg", encrypted, "pass"),
    ];
    for (name, bytes, kind) in files {
        std::fs::write(out.join(name), bytes)?;
        println!("{name} {kind}");
    }
    Ok(())
}
