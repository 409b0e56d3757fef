//! `FileAccessCompressed` (GCPF) files: opening arbitrary bytes never panics, never produces more than the
//! limit, and what opens compresses and opens again to the same content; arbitrary content compressed in
//! any mode and block size opens to itself (this runs our FastLZ compressor on every shape of input).
//!
//! Input: a selector byte, then the file (bit 7 clear) or the content (bit 7 set: bits 0-1 the mode, bits
//! 2-3 the block size 4096, 100, 65536 or 200000).
#![no_main]

use godot_bin::container::{compress_with_block_size, encode, open, Compression, Container, Kind};
use libfuzzer_sys::fuzz_target;

const MAX: u64 = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let [sel, rest @ ..] = data else { return };
    let mode = [Compression::FastLz, Compression::Deflate, Compression::Zstd, Compression::Gzip][usize::from(sel & 3)];
    if sel & 0x80 != 0 {
        let bs = [4096, 100, 65536, 200_000][usize::from((sel >> 2) & 3)];
        let file = compress_with_block_size(rest, mode, bs).expect("compress");
        let (back, _) = open(&file, None, MAX).expect("our own file opens");
        assert_eq!(back, rest, "{mode} block size {bs}");
        return;
    }
    if Kind::of(rest) == Kind::Plain {
        return;
    }
    if let Ok((content, _)) = open(rest, None, MAX) {
        assert!(content.len() as u64 <= MAX);
        let again = encode(&content, &Container::Compressed(mode)).expect("compress");
        assert_eq!(open(&again, None, MAX).expect("our own file opens").0, content);
    }
});
