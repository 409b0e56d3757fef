//! Writes the large save the browser tests open (web/browser): the benches' game state of N entities
//! (benches/common, field for field Godot 4's `var_to_bytes` of tests/gd/speed.gd's state, as
//! tests/conformance/speed_state.rs checks), as a store_var file of one value (a length, then the bytes).
//!
//!   cargo run -p godot_bin_tools --bin web_large_save -- OUT_FILE [N [PASSWORD]]   (N: 10000 by default)
//!
//! With a PASSWORD the file is encrypted as Godot 4's `FileAccess.open_encrypted_with_pass` writes it.
//!
//! An input for the page, not an expected output: the tests judge what the page shows of it.
#[path = "../../../benches/common/mod.rs"]
mod data;

use godot_bin::container;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, n, password) = match &args[..] {
        [out] => (out, 10_000, None),
        [out, n] => (out, n.parse()?, None),
        [out, n, password] => (out, n.parse()?, Some(password)),
        _ => return Err("usage: web_large_save OUT_FILE [N [PASSWORD]]".into()),
    };
    let bytes = godot_bin::to_vec(&data::game_state(n))?;
    let mut file = u32::try_from(bytes.len())?.to_le_bytes().to_vec();
    file.extend_from_slice(&bytes);
    if let Some(password) = password {
        let key = container::Key::from_password(password);
        file = container::encode(&file, &container::Container::Encrypted(key, container::Layout::Godot4))?;
    }
    std::fs::write(out, &file)?;
    println!("{} entities, {} bytes", n, file.len());
    Ok(())
}
