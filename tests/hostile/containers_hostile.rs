//! Hostile containers: lying sizes, truncation, corruption and decompression bombs are typed errors with
//! offsets, within a memory bound measured by a counting allocator (as in tests/hostile/alloc_bounds.rs):
//! opening a container of n input bytes that yields m content bytes never has more than
//! `4·m + 2·n + 1 MiB` bytes allocated at its peak, whatever its header claims.
#![cfg(feature = "containers")]

use std::io::Write;
use std::path::PathBuf;

use crate::common::containers::{compress, decode, encrypt};
use godot_bin::container::{compress_with_block_size, Compression, Key, Layout};
use godot_bin::file::Options;
use godot_bin::ErrorKind;

/// The peak allocated while `f` runs, above what was allocated before, and what `f` returned.
fn peak_of<R>(f: impl FnOnce() -> R) -> (usize, R) {
    let (r, usage) = crate::common::alloc::measure(f);
    (usage.peak_moving, r)
}

/// Fixed allowance: decoder state (inflate window, zstd tables, window and block buffer: 664 KB measured).
const SLACK: usize = 1 << 20;

/// The kind and offset of a failed result (`None` for a success).
fn failure<T>(r: &godot_bin::Result<T>) -> Option<(&ErrorKind, Option<usize>)> {
    r.as_ref().err().map(|e| (e.kind(), e.offset()))
}

/// Opens `file` and checks the memory bound; returns the result.
fn open_bounded(file: &[u8], opts: &Options) -> godot_bin::Result<Vec<u8>> {
    let (peak, r) = peak_of(|| decode(file, opts));
    let m = r.as_ref().map_or(0, Vec::len);
    let bound = 4 * m + 2 * file.len() + SLACK;
    assert!(peak <= bound, "peak {peak} > bound {bound} (input {}, output {m}): {:?}", file.len(), r.as_ref().err());
    r
}

fn opts() -> Options {
    Options { key: Some(key()), ..Options::default() }
}

fn key() -> Key {
    Key::from_password("hunter2")
}

fn header(mode: u32, block_size: u32, total: u32) -> Vec<u8> {
    let mut f = b"GCPF".to_vec();
    for n in [mode, block_size, total] {
        f.extend_from_slice(&n.to_le_bytes());
    }
    f
}

#[test]
fn a_1kb_file_claiming_4gb_is_refused_within_the_bound() {
    // GCPF: total 4 GiB - 1 in 4096-byte blocks (a million-entry table the file does not have).
    let mut f = header(0, 4096, u32::MAX);
    f.resize(1024, 0);
    let (peak, r) = peak_of(|| decode(&f, &opts()));
    assert!(matches!(failure(&r), Some((ErrorKind::TooLarge { declared: 0xffff_ffff, .. }, Some(12)))), "{r:?}");
    assert!(peak < 16 << 10, "peak {peak}");
    println!("GCPF claiming 4 GiB, default limit: peak {peak} bytes");
    // Even with no size limit at all: the table does not fit the file.
    let (peak, r) = peak_of(|| decode(&f, &Options { max_size: Some(u64::MAX), ..opts() }));
    assert!(matches!(failure(&r), Some((ErrorKind::Truncated { .. }, Some(16)))), "{r:?}");
    assert!(peak < 16 << 10, "peak {peak}");
    println!("GCPF claiming 4 GiB, no limit: peak {peak} bytes");
    // One huge block: the table fits, the block decompresses to almost nothing.
    let mut f = header(1, u32::MAX, u32::MAX);
    let block = compress_deflate(&[0; 100]);
    f.extend_from_slice(&(block.len() as u32).to_le_bytes());
    f.extend_from_slice(&0u32.to_le_bytes());
    f.extend_from_slice(&block);
    f.resize(1024, 0);
    let (peak, r) = peak_of(|| decode(&f, &Options { max_size: Some(u64::MAX), ..opts() }));
    assert!(matches!(failure(&r), Some((ErrorKind::Corrupt(w), Some(24))) if w.contains("block 0 ")), "{r:?}");
    assert!(peak < 128 << 10, "peak {peak}");
    println!("GCPF claiming one 4 GiB deflate block, no limit: peak {peak} bytes");
    // GDEC, 3.x and 4.x: a length of 4 GiB in a 1 KB file.
    for (len_at, mode) in [(24usize, true), (20, false)] {
        let mut f = b"GDEC".to_vec();
        if mode {
            f.extend_from_slice(&1u32.to_le_bytes());
        }
        f.resize(1024, 0);
        f[len_at..len_at + 8].copy_from_slice(&(4u64 << 30).to_le_bytes());
        let (peak, r) = peak_of(|| decode(&f, &opts()));
        assert!(matches!(failure(&r), Some((ErrorKind::TooLarge { .. }, _))), "{r:?}");
        assert!(peak < 16 << 10, "peak {peak}");
        let (peak2, r) = peak_of(|| decode(&f, &Options { max_size: Some(u64::MAX), ..opts() }));
        assert!(matches!(failure(&r), Some((ErrorKind::Truncated { .. }, _))), "{r:?}");
        assert!(peak2 < 16 << 10, "peak {peak2}");
        println!(
            "GDEC ({}) claiming 4 GiB: peak {peak} bytes (default limit), {peak2} (no limit)",
            if mode { "3.x" } else { "4.x" }
        );
    }
}

fn compress_deflate(data: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

#[test]
fn decompression_bombs_stop_at_the_declared_block_size() {
    // 8 MiB of zeros in one deflate/gzip/zstd stream, in a file that declares a 4096-byte block.
    let zeros = vec![0u8; 8 << 20];
    let deflate = compress_deflate(&zeros);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&zeros).unwrap();
    let gzip = gz.finish().unwrap();
    let zstd = ruzstd::encoding::compress_to_vec(&zeros[..], ruzstd::encoding::CompressionLevel::Fastest);
    drop(zeros);
    for (mode, block) in [(1u32, deflate), (3, gzip), (2, zstd)] {
        let mut f = header(mode, 4096, 4000);
        f.extend_from_slice(&(block.len() as u32).to_le_bytes());
        f.extend_from_slice(&block);
        let r = open_bounded(&f, &opts());
        assert!(
            matches!(failure(&r), Some((ErrorKind::Corrupt(w), Some(20))) if w.contains("block 0 ")),
            "mode {mode}: {r:?}"
        );
    }
    // A zstd frame header that declares a 100 MiB window for a 4000-byte block: refused before the decoder
    // reserves it.
    let mut f = header(2, 4096, 4000);
    let frame = [0x28, 0xb5, 0x2f, 0xfd, 0x00, (16 << 3) | 4, 0x01, 0x00, 0x00];
    f.extend_from_slice(&(frame.len() as u32).to_le_bytes());
    f.extend_from_slice(&frame);
    let r = open_bounded(&f, &opts());
    assert!(matches!(failure(&r), Some((ErrorKind::Corrupt(w), _)) if w.contains("window")), "{r:?}");
}

#[test]
fn lying_block_sizes_and_totals_are_errors_with_offsets() {
    let content: Vec<u8> = (0..20_000u32).map(|i| (i % 251) as u8 ^ (i / 300) as u8).collect();
    for mode in [Compression::FastLz, Compression::Deflate, Compression::Zstd, Compression::Gzip] {
        let good = compress(&content, mode).unwrap();
        assert_eq!(open_bounded(&good, &opts()).unwrap(), content);
        // A block size entry one too small, one too large, and huge.
        for delta in [-1i64, 1, 1 << 30] {
            let mut f = good.clone();
            let s = u32::from_le_bytes(f[20..24].try_into().unwrap()) as i64 + delta;
            f[20..24].copy_from_slice(&(s as u32).to_le_bytes());
            let r = open_bounded(&f, &opts());
            assert!(
                matches!(failure(&r), Some((ErrorKind::Corrupt(_) | ErrorKind::Truncated { .. }, _))),
                "{mode} {delta}: {r:?}"
            );
        }
        // A total that is not the content's.
        for total in [19_999u32, 20_001, 4095, 0] {
            let mut f = good.clone();
            f[12..16].copy_from_slice(&total.to_le_bytes());
            assert!(open_bounded(&f, &opts()).is_err(), "{mode} total {total}");
        }
        // Block size 0, unknown modes.
        let mut f = good.clone();
        f[8..12].copy_from_slice(&0u32.to_le_bytes());
        assert!(matches!(failure(&open_bounded(&f, &opts())), Some((ErrorKind::Corrupt(_), Some(8)))));
        let mut f = good.clone();
        f[4..8].copy_from_slice(&4u32.to_le_bytes());
        assert!(matches!(failure(&open_bounded(&f, &opts())), Some((ErrorKind::UnknownMode { mode: 4 }, Some(4)))));
    }
}

fn engine_fixture(engine: &str, name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(engine).join("containers").join(name);
    std::fs::read(p).unwrap()
}

#[test]
fn every_truncation_of_engine_files_is_an_error() {
    let k = {
        let mut k = [0u8; 32];
        for (i, b) in k.iter_mut().enumerate() {
            *b = ((i * 7 + 3) % 256) as u8;
        }
        Key::from_bytes(k)
    };
    for engine in ["godot-3.6", "godot-4.6"] {
        for name in
            ["fastlz.gcpf", "deflate.gcpf", "zstd.gcpf", "gzip.gcpf", "key.gdec", "tiny-fastlz.gcpf", "tiny.gdec"]
        {
            let file = engine_fixture(engine, name);
            let o = Options { key: Some(k.clone()), ..Options::default() };
            assert!(open_bounded(&file, &o).is_ok(), "{engine} {name}");
            // Cut anywhere before the content ends: an error (a GCPF file's trailing magic is not needed,
            // as in the engine).
            let needed = if name.ends_with(".gcpf") { file.len() - 4 } else { file.len() };
            for cut in 0..needed {
                let r = open_bounded(&file[..cut], &o);
                assert!(r.is_err(), "{engine} {name} cut at {cut}");
            }
        }
    }
}

#[test]
fn flipped_bytes_never_panic_and_stay_in_the_bound() {
    let content: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 13) as u8).collect();
    let mut files: Vec<Vec<u8>> = [Compression::FastLz, Compression::Deflate, Compression::Zstd, Compression::Gzip]
        .iter()
        .map(|&m| compress(&content, m).unwrap())
        .collect();
    files.push(compress_with_block_size(&content, Compression::FastLz, 100).unwrap());
    files.push(encrypt(&content, &key(), Layout::Godot3).unwrap());
    files.push(encrypt(&content, &key(), Layout::Godot4).unwrap());
    for file in files {
        for i in 0..file.len().min(400) {
            for x in [0x01u8, 0x80, 0xff] {
                let mut f = file.clone();
                f[i] ^= x;
                if let Ok(got) = open_bounded(&f, &opts()) {
                    // Only a change that the format cannot see (padding, an ignored field) may still open, and
                    // encrypted content is MD5-checked.
                    assert!(got == content || &f[..4] == b"GCPF", "byte {i}");
                }
            }
        }
    }
}

#[test]
fn a_flipped_byte_with_the_right_key_says_damaged_and_a_wrong_key_says_wrong_key() {
    let content = b"gold: 100".repeat(10);
    for layout in [Layout::Godot3, Layout::Godot4] {
        let file = encrypt(&content, &key(), layout).unwrap();
        // Every byte of the encrypted content, flipped alone, with the right key: damaged (after the content,
        // a 4.x file's padding is not checked: CFB leaves the content as it was).
        let body = file.len() - 96;
        for at in body..body + content.len() {
            let mut f = file.clone();
            f[at] ^= 1;
            assert!(matches!(failure(&decode(&f, &opts())), Some((ErrorKind::Damaged, _))), "{layout:?} byte {at}");
            // With a wrong key the same damaged file is noise.
            let r = decode(&f, &Options { key: Some(Key::from_password("hunter3")), ..opts() });
            assert!(matches!(failure(&r), Some((ErrorKind::WrongKey, _))), "{layout:?} byte {at}");
        }
        assert!(matches!(
            failure(&decode(&file, &Options { key: Some(Key::from_password("hunter3")), ..opts() })),
            Some((ErrorKind::WrongKey, _))
        ));
    }
}

/// A wrong key never reads as damage: 2,000 wrong keys on files of 1 to 4,000 bytes of data.
#[test]
fn wrong_keys_on_data_of_every_size_say_wrong_key() {
    let mut rng = crate::common::r#gen::Rng(0x9e37_79b9_7f4a_7c15);
    let mut next = || rng.next_u64();
    for i in 0..2000u64 {
        let len = (next() % 4000 + 1) as usize;
        let content: Vec<u8> = (0..len).map(|j| if j % 4 == 0 { (j / 4) as u8 } else { 0 }).collect();
        let layout = if i % 2 == 0 { Layout::Godot3 } else { Layout::Godot4 };
        let file = encrypt(&content, &key(), layout).unwrap();
        let wrong = Key::from_bytes(std::array::from_fn(|k| (next() >> (k % 8)) as u8));
        let r = decode(&file, &Options { key: Some(wrong), ..opts() });
        assert!(matches!(failure(&r), Some((ErrorKind::WrongKey, _))), "{layout:?} {len} byte(s): {r:?}");
    }
}

/// `size` zeros in one block of `size` bytes (the file's second block, empty, is replaced with junk of
/// the same length): every byte of the first block really decompresses, and the file still fails.
fn one_big_block_then_junk(mode: Compression, size: usize) -> Vec<u8> {
    let zeros = vec![0u8; size];
    let mut f = compress_with_block_size(&zeros, mode, size as u32).unwrap();
    drop(zeros);
    let last = u32::from_le_bytes(f[20..24].try_into().unwrap()) as usize;
    let end = f.len() - 4;
    let start = end - last;
    f[start..end].fill(0xff);
    f
}

#[test]
fn a_block_declaring_a_huge_size_that_really_decompresses_then_fails_stays_in_the_bound() {
    // 64 MiB of zeros in one deflate/gzip/zstd block (2 KB to 65 KB of input), then a corrupt last block:
    // the file fails, so its bound is 2·n + 1 MiB, whatever the first block decompressed to.
    let mut over = Vec::new();
    for (mode, size) in [
        (Compression::Zstd, 64usize << 20),
        (Compression::Deflate, 64 << 20),
        (Compression::Gzip, 64 << 20),
        (Compression::FastLz, 8 << 20),
    ] {
        let f = one_big_block_then_junk(mode, size);
        let (peak, r) = peak_of(|| decode(&f, &opts()));
        let bound = 2 * f.len() + SLACK;
        println!("GCPF {mode}, one block of {size} byte(s) then a corrupt one, {} input byte(s): peak {peak}", f.len());
        assert!(matches!(failure(&r), Some((ErrorKind::Corrupt(w), _)) if w.contains("block 1 ")), "{mode}: {r:?}");
        over.extend((peak > bound).then(|| format!("{mode}: peak {peak} > bound {bound}")));
    }
    assert!(over.is_empty(), "{over:?}");
}

#[test]
fn a_zstd_frame_declaring_an_8_mib_window_in_a_small_file_is_refused_before_the_decoder_reserves_it() {
    // A 64 MiB block whose frame asks for an 8 MiB window (allowed for a block that size) and holds 80 RLE
    // blocks of 128 KiB (10 MiB in 330 bytes, which the decoder keeps up to its window), short of 64 MiB.
    let mut f = header(2, 64 << 20, 64 << 20);
    let mut frame = vec![0x28, 0xb5, 0x2f, 0xfd, 0x00, 13 << 3];
    for i in 0..80u32 {
        let h = (128 << 10) << 3 | 1 << 1 | u32::from(i == 79);
        frame.extend_from_slice(&h.to_le_bytes()[..3]);
        frame.push(7);
    }
    f.extend_from_slice(&(frame.len() as u32).to_le_bytes());
    f.extend_from_slice(&0u32.to_le_bytes());
    f.extend_from_slice(&frame);
    let (peak, r) = peak_of(|| decode(&f, &opts()));
    println!("GCPF zstd, a frame asking for an 8 MiB window, {} input byte(s): peak {peak}", f.len());
    assert!(
        matches!(failure(&r), Some((ErrorKind::Corrupt(w), Some(24))) if w.contains("block 0 ") && w.contains("window")),
        "{r:?}"
    );
    open_bounded(&f, &opts()).unwrap_err();
}

#[test]
fn a_block_declaring_a_huge_size_that_decompresses_opens_within_the_bound() {
    for (mode, size) in
        [(Compression::Zstd, 16usize << 20), (Compression::Deflate, 16 << 20), (Compression::FastLz, 4 << 20)]
    {
        let zeros = vec![0u8; size];
        let f = compress_with_block_size(&zeros, mode, size as u32).unwrap();
        drop(zeros);
        let (peak, r) = peak_of(|| decode(&f, &opts()));
        println!("GCPF {mode}, one block of {size} byte(s), {} input byte(s): peak {peak}", f.len());
        assert_eq!(r.unwrap().len(), size);
        open_bounded(&f, &opts()).unwrap();
    }
}

#[test]
fn an_encrypted_header_declaring_2_pow_64_minus_1_bytes_is_refused_with_its_offset() {
    // The MD5 of no bytes, so that a length that wraps to 0 would pass the check with any key.
    let empty_md5 = [0xd4, 0x1d, 0x8c, 0xd9, 0x8f, 0x00, 0xb2, 0x04, 0xe9, 0x80, 0x09, 0x98, 0xec, 0xf8, 0x42, 0x7e];
    for (len_at, godot3) in [(24usize, true), (20, false)] {
        let mut f = b"GDEC".to_vec();
        if godot3 {
            f.extend_from_slice(&1u32.to_le_bytes());
        }
        f.extend_from_slice(&empty_md5);
        f.extend_from_slice(&u64::MAX.to_le_bytes());
        if !godot3 {
            f.extend_from_slice(&[0; 16]);
        }
        assert_eq!(f.len(), len_at + 8 + if godot3 { 0 } else { 16 });
        for max in [u64::MAX, godot_bin::file::MAX_SIZE] {
            let r = decode(&f, &Options { max_size: Some(max), ..opts() });
            assert!(
                matches!(failure(&r), Some((ErrorKind::TooLarge { declared: u64::MAX, .. }, Some(o))) if o == len_at),
                "{} max {max}: {r:?}",
                if godot3 { "3.x" } else { "4.x" }
            );
        }
    }
}
