//! Text Resource files (`.tres`, `godot_bin::resource`) on any input: read, `check`, `from_slice` and
//! `to_bytes` never panic and stay within the time and memory limits, and a file read unedited writes back
//! text-identical. The first byte picks the input: below 0x80 the rest as it is; else an engine-written
//! `.tres` (tests/fixtures/*/resources) picked by the low bits, mutated by the rest
//! (common::resource::mutate).
#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

const FIXTURES: &[&[u8]] = &[
    include_bytes!("../../tests/fixtures/godot-4.6/resources/save_game.tres"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/nested_subresources.tres"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/shared_subresource.tres"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/editor_save.tres"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/save_game_bundled.tres"),
    include_bytes!("../../tests/fixtures/godot-4.6/resources/unicode.tres"),
    include_bytes!("../../tests/fixtures/godot-3.6/resources/save_game.tres"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/shared_subresource.tres"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/hostile_builtin_in_dict.tres"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/hostile_srl_duplicate_path.tres"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/hostile_srl_comment.tres"),
    include_bytes!("../../tests/fixtures/godot-3.2.3/resources/hostile_srl_string_name.tres"),
];

fuzz_target!(|data: &[u8]| common::resource::run(data, FIXTURES));
