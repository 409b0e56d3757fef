//! Hostile binary shapes, written word by word with Godot 4's type ids (int 2, String 4, Dictionary 27, Array
//! 28): dictionaries nested as keys of dictionaries, keys nested to the depth cap, one key repeated, many keys,
//! many empty containers, deep arrays. No deep `Variant` is built to write them. Shared by `benches/hostile.rs`
//! (time per byte against the game state's) and `tests/hostile/hostile_keys.rs` (work and memory).
#![allow(dead_code)]

pub const INT: u32 = 2;
pub const STRING: u32 = 4;
pub const DICTIONARY: u32 = 27;
pub const ARRAY: u32 = 28;

/// Appends `words`, little-endian.
pub fn u32s(out: &mut Vec<u8>, words: &[u32]) {
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
}

/// `levels` dictionaries, each the first key of the next, each with `entries` entries (the others int keys),
/// the innermost key an Array of `ints` ints (the shape that was quadratic).
pub fn nested_keys(levels: usize, entries: u32, ints: u32) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..levels {
        u32s(&mut out, &[DICTIONARY, entries]);
    }
    u32s(&mut out, &[ARRAY, ints]);
    for i in 0..ints {
        u32s(&mut out, &[INT, i]);
    }
    for level in 0..levels {
        // The value of the container key, then the other entries.
        u32s(&mut out, &[INT, level as u32]);
        for e in 1..entries {
            u32s(&mut out, &[INT, 1_000_000 + e, INT, e]);
        }
    }
    out
}

/// `depth` one-entry dictionaries, each the key of the one around it, the innermost key the int 7 (every
/// value the int 0).
pub fn deep_key(depth: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..depth {
        u32s(&mut out, &[DICTIONARY, 1]);
    }
    u32s(&mut out, &[INT, 7]);
    for _ in 0..depth {
        u32s(&mut out, &[INT, 0]);
    }
    out
}

/// An Array of `times` one-entry dictionaries whose key is [`deep_key`]`(depth)`.
pub fn deep_keys(depth: usize, times: u32) -> Vec<u8> {
    let mut out = Vec::new();
    u32s(&mut out, &[ARRAY, times]);
    let key = deep_key(depth);
    for _ in 0..times {
        u32s(&mut out, &[DICTIONARY, 1]);
        out.extend_from_slice(&key);
        u32s(&mut out, &[INT, 0]);
    }
    out
}

/// A Dictionary of `n` entries whose keys are `key(i)` and values the int `i`.
pub fn dictionary(n: u32, key: impl Fn(u32) -> Vec<u8>) -> Vec<u8> {
    let mut out = Vec::new();
    u32s(&mut out, &[DICTIONARY, n]);
    for i in 0..n {
        out.extend(key(i));
        u32s(&mut out, &[INT, i]);
    }
    out
}

/// `n` empty Dictionaries in an Array.
pub fn empties(n: u32) -> Vec<u8> {
    let mut out = Vec::new();
    u32s(&mut out, &[ARRAY, n]);
    for _ in 0..n {
        u32s(&mut out, &[DICTIONARY, 0]);
    }
    out
}

/// Arrays nested `depth` deep, `times` times side by side.
pub fn deep_arrays(depth: usize, times: u32) -> Vec<u8> {
    let mut out = Vec::new();
    u32s(&mut out, &[ARRAY, times]);
    for _ in 0..times {
        for _ in 0..depth {
            u32s(&mut out, &[ARRAY, 1]);
        }
        u32s(&mut out, &[INT, 1]);
    }
    out
}
