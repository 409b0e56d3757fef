//! Binary Resource files (`godot_bin::resource`: `RSRC`, and `RSCC` compressed) on any input: read, `check`,
//! `from_slice`, and `to_bytes` never panic and stay within the time and memory limits, and a file read
//! unedited writes back byte-identical. The first byte picks the input: below 0x80 the rest as it is; else
//! an engine-written `.res` (tests/fixtures/*/resources) picked by the low bits, mutated by the rest
//! (common::resource::mutate), so the table offsets stay plausible deep into the file.
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

const FIXTURES: &[&[u8]] = &[
    include_bytes!("../../tests/fixtures/godot-4.6/resources/save_game.res"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/save_game_be.res"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/nested_subresources.res"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/shared_subresource.res"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/editor_save.res"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/unicode.res"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/save_game_compressed.res"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/save_game_rscc_deflate.res"),
    include_bytes!("../../tests/fixtures/godot-3.6/resources/save_game.res"),
    include_bytes!("../../tests/fixtures/godot-3.6/resources/nested_subresources.res"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/save_game_be.res"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/shared_subresource.res"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/hostile_builtin_init.res"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/hostile_script_dotdot.res"),
];

fuzz_target!(|data: &[u8]| common::resource::run(data, FIXTURES));
