//! ConfigFile text (`godot_bin::config_file`) on any input, for every dialect (the first byte picks it):
//! parsing, writing and parsing what was written never panic and stay within the time and memory limits.
//! (That what is written reads back the same is not checked: section names and keys holding `\`, `[`,
//! `]`, `=` or line breaks do not survive yet.)
#![no_main]

use godot_bin::config_file::ConfigFile;
use godot_bin::{Config, Dialect};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    let cfg = Config::new(Dialect::ALL[sel as usize % Dialect::ALL.len()]);
    let Ok(cf) = ConfigFile::parse(text, &cfg) else { return };
    let written = cf.to_text(&cfg);
    let _ = ConfigFile::parse(&written, &cfg);
    let _ = cf.to_variant();
});
