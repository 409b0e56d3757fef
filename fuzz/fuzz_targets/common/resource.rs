//! Shared by resource_binary and resource_text: the engine-written Resource files the targets mutate, the
//! mutations, and the properties every input must keep.

use godot_bin::resource::{check, from_slice, Format, ResourceFile};
use godot_bin::Variant;

/// One input: its first byte below 0x80, the rest as it is; else the rest mutates (`mutate`) the fixture
/// the first byte's low bits pick. Then `exercise`.
pub fn run(data: &[u8], fixtures: &[&[u8]]) {
    let Some((&sel, rest)) = data.split_first() else { return };
    if sel < 0x80 {
        exercise(rest);
    } else {
        exercise(&mutate(fixtures[usize::from(sel & 0x7F) % fixtures.len()], rest));
    }
}

/// Applies the mutations described by `ops` to `base`: each 4 bytes are (operation, position low, position
/// high, value); operations 0 overwrite a byte, 1 overwrite a little-endian word with the value repeated, 2
/// insert a byte, 3 remove a byte, 4 truncate.
pub fn mutate(base: &[u8], ops: &[u8]) -> Vec<u8> {
    let mut out = base.to_vec();
    for op in ops.chunks_exact(4) {
        if out.is_empty() {
            break;
        }
        let pos = usize::from(u16::from_le_bytes([op[1], op[2]])) % out.len();
        match op[0] % 5 {
            0 => out[pos] = op[3],
            1 => {
                let end = (pos + 4).min(out.len());
                out[pos..end].fill(op[3]);
            }
            2 => out.insert(pos, op[3]),
            3 => {
                out.remove(pos);
            }
            _ => out.truncate(pos),
        }
    }
    out
}

/// What every input must satisfy: reading never panics; a file that reads is checked, serde-read, and written
/// back byte-identical unedited; a binary file written again by the saver's rules (its original forgotten)
/// reads again.
pub fn exercise(bytes: &[u8]) {
    let _ = from_slice::<Variant>(bytes);
    let Ok(file) = ResourceFile::read(bytes) else { return };
    let report = check(&file);
    let _ = report.passes();
    let written = file.to_bytes().expect("an unedited file writes back");
    assert!(written == bytes, "an unedited read did not write back identical");
    if matches!(file.format, Format::Binary(_)) {
        let mut fresh = file.clone();
        fresh.forget_original();
        if let Ok(again) = fresh.to_bytes() {
            let _ = ResourceFile::read(&again);
        }
    }
}
