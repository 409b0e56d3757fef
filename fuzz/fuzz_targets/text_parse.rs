//! The text form (`godot_bin::text`, the CLI's parser: `str_to_var` syntax) on any input, for every dialect
//! × objects on/off × single/double precision (the first byte picks the config). Never panics; whatever
//! parses and prints exactly (`to_text_exact`) parses back to the same value; printing never panics.
#![no_main]

use godot_bin::text::{from_text, from_text_many, to_text, to_text_exact};
use godot_bin::{Config, Dialect};
use libfuzzer_sys::fuzz_target;

fn config(sel: u8) -> Config {
    let d = Dialect::ALL[(sel & 0x0F) as usize % Dialect::ALL.len()];
    Config::new(d).with_allow_objects(sel & 0x10 != 0).with_double_precision(sel & 0x20 != 0)
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(bytes) else { return };
    let cfg = config(sel);
    let _ = from_text_many(text, &cfg);
    let Ok(v) = from_text(text, &cfg) else { return };
    let _ = to_text(&v, &cfg);
    if let Ok(printed) = to_text_exact(&v, &cfg) {
        match from_text(&printed, &cfg) {
            Ok(back) => {
                assert_eq!(back, v, "{cfg:?}: {text:?} parsed, printed as {printed:?}, parsed back differently")
            }
            Err(e) => panic!("{cfg:?}: {text:?} parsed, printed exactly as {printed:?}, which does not parse: {e}"),
        }
    }
});
