//! `FileAccessEncrypted` (GDEC) files: opening arbitrary bytes with a key never panics and never gives
//! content whose MD5 was not checked; content encrypted in either layout opens to itself, and with one
//! byte changed either opens to the same content (a padding byte) or is refused.
//!
//! Input: a selector byte (bits 0-1: the key, password "hunter2 é" or three raw keys; bit 2: the 4.x
//! layout; bit 7: encrypt the rest as content, then change the byte at the position given by the next two
//! bytes), then the file or the content.
#![no_main]

use godot_bin::container::{decode, decrypt_as, encrypt, encrypt_with_iv, Key, Layout, ReadOptions};
use libfuzzer_sys::fuzz_target;

const MAX: u64 = 1 << 20;

fn key(i: u8) -> Key {
    match i & 3 {
        0 => Key::from_password("hunter2 \u{e9}"),
        1 => Key::from_bytes(core::array::from_fn(|i| ((i * 7 + 3) % 256) as u8)),
        2 => Key::from_bytes([0; 32]),
        _ => Key::from_bytes([0xff; 32]),
    }
}

fuzz_target!(|data: &[u8]| {
    let [sel, rest @ ..] = data else { return };
    let k = key(*sel);
    let layout = if sel & 4 != 0 { Layout::Godot4 } else { Layout::Godot3 };
    let opts = ReadOptions::new().key(k.clone()).max_size(MAX).require_container();
    if sel & 0x80 != 0 {
        let [a, b, content @ ..] = rest else { return };
        let mut file = match layout {
            Layout::Godot3 => encrypt(content, &k, layout).expect("encrypt"),
            Layout::Godot4 => encrypt_with_iv(content, &k, [*a; 16]),
        };
        assert_eq!(decode(&file, &opts).expect("our own file opens"), content);
        assert_eq!(decrypt_as(&file, &k, layout, MAX).unwrap(), content);
        let at = (usize::from(*a) << 8 | usize::from(*b)) % file.len();
        file[at] ^= 0x5a;
        match decode(&file, &opts) {
            Ok(got) => assert_eq!(got, content, "a changed byte {at} gave other content"),
            Err(e) if matches!(e.kind(), godot_bin::ErrorKind::NotAContainer) => assert!(at < 4),
            Err(_) => {}
        }
        return;
    }
    if let Ok(content) = decode(rest, &opts) {
        assert!(content.len() as u64 <= MAX);
        let again = encrypt(&content, &k, layout).expect("encrypt");
        assert_eq!(decode(&again, &opts).expect("our own file opens"), content);
    }
});
