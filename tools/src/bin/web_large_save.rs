//! Writes the large save the browser tests open (web/browser): the benches' game state of N entities
//! (benches/common, field for field Godot 4's `var_to_bytes` of tests/gd/speed.gd's state, as
//! tests/conformance/speed_state.rs checks), as a store_var file of one value (a length, then the bytes).
//!
//!   cargo run -p godot_bin_tools --bin web_large_save -- OUT_FILE [N]      (N: 10000 by default)
//!
//! An input for the page, not an expected output: the tests judge what the page shows of it.
#[path = "../../../benches/common/mod.rs"]
mod data;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (out, n) = match &args[..] {
        [out] => (out, 10_000),
        [out, n] => (out, n.parse()?),
        _ => return Err("usage: web_large_save OUT_FILE [N]".into()),
    };
    let bytes = godot_bin::to_vec(&data::game_state(n))?;
    let mut file = u32::try_from(bytes.len())?.to_le_bytes().to_vec();
    file.extend_from_slice(&bytes);
    std::fs::write(out, &file)?;
    println!("{} entities, {} bytes", n, file.len());
    Ok(())
}
