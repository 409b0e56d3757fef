//! Writes the files scripts/live.sh containers hands to a real engine: the values of an engine-written
//! store_var file (tests/fixtures/<engine>/containers/plain.sav), decoded and encoded again by godot_bin,
//! in every container the engine reads, and raw bytes in compressed and encrypted files.
//!
//!   cargo run -p godot_bin_tools --bin containers_live -- DIALECT FIXTURE_DIR OUT_DIR
//!
//! Prints one `FILE KIND` pair per line, the arguments of tests/gd/gen_containers*.gd's check mode.
use std::path::Path;

use godot_bin::container::{self, Compression, Container, Key, Layout};
use godot_bin::framing::{self, Endian};
use godot_bin::{Config, Dialect, Variant};

const PASSWORD: &str = "hunter2 \u{e9}";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dialect, fixtures, out] = &args[..] else {
        return Err("usage: containers_live DIALECT FIXTURE_DIR OUT_DIR".into());
    };
    let dialect: Dialect = dialect.parse()?;
    let cfg = Config::new(dialect);
    let (fixtures, out) = (Path::new(fixtures), Path::new(out));
    let plain = std::fs::read(fixtures.join("plain.sav"))?;
    let values: Vec<Variant> = framing::values(&plain, &cfg, Endian::Little).collect::<Result<_, _>>()?;
    let mut ours = Vec::new();
    for v in &values {
        framing::write_var(&mut ours, v, &cfg, Endian::Little)?;
    }
    let key = Key::from_bytes(std::array::from_fn(|i| ((i * 7 + 3) % 256) as u8));
    let layout = Layout::for_dialect(dialect);
    let mut files: Vec<(String, Container, Vec<u8>, &str)> = vec![
        ("ours-plain.sav".into(), Container::Plain, ours.clone(), "plain"),
        ("ours-pass.gdec".into(), Container::Encrypted(Key::from_password(PASSWORD), layout), ours.clone(), "pass"),
        ("ours-key.gdec".into(), Container::Encrypted(key.clone(), layout), ours.clone(), "key"),
    ];
    for mode in [Compression::FastLz, Compression::Deflate, Compression::Zstd, Compression::Gzip] {
        files.push((format!("ours-{mode}.gcpf"), Container::Compressed(mode), ours.clone(), "compressed"));
        for edge in ["tiny", "exact"] {
            let raw = std::fs::read(fixtures.join(format!("{edge}.bin")))?;
            let kind = if edge == "tiny" { "tiny-compressed" } else { "exact-compressed" };
            files.push((format!("ours-{edge}-{mode}.gcpf"), Container::Compressed(mode), raw, kind));
        }
    }
    for edge in ["tiny", "exact"] {
        let raw = std::fs::read(fixtures.join(format!("{edge}.bin")))?;
        let kind = if edge == "tiny" { "tiny-key" } else { "exact-key" };
        files.push((format!("ours-{edge}.gdec"), Container::Encrypted(key.clone(), layout), raw, kind));
    }
    for (name, c, content, kind) in files {
        godot_bin::file::write_atomic(out.join(&name), &container::encode(&content, &c)?)?;
        println!("{name} {kind}");
    }
    Ok(())
}
