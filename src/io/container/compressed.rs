//! `FileAccessCompressed` files (magic `GCPF`): the content cut into blocks (4096 bytes unless configured),
//! each compressed on its own.
//!
//! Layout (every number a little-endian u32): `GCPF`, the mode (0 FastLZ, 1 Deflate (zlib stream),
//! 2 Zstd, 3 GZIP), the block size, the total uncompressed size, then `total / block_size + 1` compressed
//! block sizes, the blocks, and `GCPF` again. The last block holds `total % block_size` bytes, so a total
//! that is a multiple of the block size ends with an empty block; FastLZ blocks under 16 bytes are
//! zero-padded to 16 before compressing.
//!
//! ```
//! use godot_bin::container::{compress, decompress, Compression};
//! let file = compress(b"hello", Compression::Zstd)?;
//! assert_eq!(&file[..8], b"GCPF\x02\0\0\0");
//! assert_eq!(decompress(&file, 1 << 20)?, b"hello");
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::io::{Read, Write};

use super::{corrupt, fastlz, too_large, truncated, unknown_mode, Compression, COMPRESSED_MAGIC};
use crate::error::{Error, ErrorKind, Result};

/// The engine's block size (`FileAccessCompressed::configure`'s default, the one `open_compressed` uses).
pub(crate) const ENGINE_BLOCK_SIZE: u32 = 4096;

fn u32_at(bytes: &[u8], at: usize) -> Result<u32> {
    crate::wire::le_u32_at(bytes, at).ok_or_else(|| truncated(at as u64, 4, bytes.len().saturating_sub(at) as u64))
}

pub(crate) fn compress_blocks(payload: &[u8], mode: Compression, block_size: u32) -> Result<Vec<u8>> {
    if block_size == 0 {
        return Err(ErrorKind::InvalidArgument("block size 0".into()).into());
    }
    let total = u32::try_from(payload.len()).map_err(|_| too_large(0, payload.len() as u64, u64::from(u32::MAX)))?;
    let bs = block_size as usize;
    let count = payload.len() / bs + 1;
    let mut out = Vec::with_capacity(16 + 4 * count + payload.len() / 2 + 64);
    out.extend_from_slice(COMPRESSED_MAGIC);
    out.extend_from_slice(&(mode as u32).to_le_bytes());
    out.extend_from_slice(&block_size.to_le_bytes());
    out.extend_from_slice(&total.to_le_bytes());
    let table = out.len();
    out.resize(table + 4 * count, 0);
    for i in 0..count {
        let block = &payload[i * bs..((i + 1) * bs).min(payload.len())];
        let before = out.len();
        compress_block(block, mode, &mut out)?;
        let size = (out.len() - before) as u32;
        out[table + 4 * i..table + 4 * i + 4].copy_from_slice(&size.to_le_bytes());
    }
    out.extend_from_slice(COMPRESSED_MAGIC);
    Ok(out)
}

fn compress_block(block: &[u8], mode: Compression, out: &mut Vec<u8>) -> Result<()> {
    match mode {
        Compression::FastLz => {
            if block.len() < 16 {
                let mut padded = [0u8; 16];
                padded[..block.len()].copy_from_slice(block);
                fastlz::compress_level1(&padded, out);
            } else {
                fastlz::compress_level1(block, out);
            }
        }
        Compression::Deflate => {
            let mut enc = flate2::write::ZlibEncoder::new(out, flate2::Compression::default());
            enc.write_all(block)?;
            enc.finish()?;
        }
        Compression::Gzip => {
            let mut enc = flate2::write::GzEncoder::new(out, flate2::Compression::default());
            enc.write_all(block)?;
            enc.finish()?;
        }
        Compression::Zstd => {
            ruzstd::encoding::compress(block, out, ruzstd::encoding::CompressionLevel::Fastest);
        }
    }
    Ok(())
}

/// Reads a GCPF file. Declared sizes are checked against `max_size` and the input's length before anything
/// is allocated. Every block is then decompressed twice: first into nothing (counted, the decoder's own
/// window aside), so that a block that does not give its declared size fails before any output exists;
/// then into the output, reserved once at the total that the first pass showed the blocks really hold.
/// A failing file therefore costs the decoders' state only, and an opening one its content once.
pub(crate) fn decompress(file: &[u8], max_size: u64) -> Result<Vec<u8>> {
    if file.get(..4) != Some(COMPRESSED_MAGIC) {
        return Err(Error::from(ErrorKind::NotAContainer));
    }
    let mode_raw = u32_at(file, 4)?;
    let mode = Compression::from_mode(mode_raw).ok_or(unknown_mode(4, mode_raw))?;
    let block_size = u32_at(file, 8)?;
    if block_size == 0 {
        return Err(corrupt(8, "block size 0"));
    }
    let total = u32_at(file, 12)?;
    if u64::from(total) > max_size {
        return Err(too_large(12, u64::from(total), max_size));
    }
    let count = u64::from(total / block_size) + 1;
    let table = 16usize;
    if table as u64 + 4 * count > file.len() as u64 {
        return Err(truncated(table as u64, 4 * count, (file.len() - table.min(file.len())) as u64));
    }
    let count = count as usize;
    let total = total as usize;
    let bs = block_size as usize;
    // Where each block is, checked against the file's length for all of them before any decompresses.
    let blocks = || {
        (0..count).scan(table + 4 * count, move |at, i| {
            let csize = u32_at(file, table + 4 * i).expect("inside the table") as usize;
            let start = *at;
            *at = at.saturating_add(csize);
            let want = if i + 1 == count { total % bs } else { bs };
            Some((i, start, csize, want))
        })
    };
    for (_, at, csize, _) in blocks() {
        if file.len().saturating_sub(at) < csize {
            return Err(truncated(at as u64, csize as u64, file.len().saturating_sub(at) as u64));
        }
    }
    let corrupt = |i: usize, at: usize| {
        move |what: String| corrupt(at as u64, format!("compressed block {i} does not decompress to its size: {what}"))
    };
    for (i, at, csize, want) in blocks() {
        let got = decompress_block(&file[at..at + csize], mode, want, file.len(), None).map_err(corrupt(i, at))?;
        if got != want {
            return Err(corrupt(i, at)(format!("decompressed to {got} byte(s), the header says {want}")));
        }
    }
    // (16 more: a FastLZ block under 16 bytes decodes to 16 before its padding is cut.)
    let mut out = Vec::with_capacity(total + 16);
    for (i, at, csize, want) in blocks() {
        let before = out.len();
        decompress_block(&file[at..at + csize], mode, want, file.len(), Some(&mut out)).map_err(corrupt(i, at))?;
        if out.len() - before != want {
            // The first pass saw this block give `want` bytes: only a decoder that changed its mind lands here.
            let got = out.len() - before;
            return Err(corrupt(i, at)(format!("decompressed to {got} byte(s), the header says {want}")));
        }
    }
    Ok(out)
}

/// Decompresses one block, at most `want + 1` bytes of it (one more shows a block that is too long), and
/// says how many it gave: appended to `out`, or, without `out`, counted and dropped as they come. `want`
/// is the block's size from the header (a FastLZ block under 16 bytes decodes to 16, its padding cut);
/// `file_len` the whole file's, which bounds the zstd window a block may ask for.
fn decompress_block(
    src: &[u8],
    mode: Compression,
    want: usize,
    file_len: usize,
    out: Option<&mut Vec<u8>>,
) -> Result<usize, String> {
    match mode {
        Compression::FastLz => {
            let cap = want.max(16);
            let fail = |e: fastlz::FastLzError| format!("FastLZ: {} at byte {} of the block", e.what, e.offset);
            let got = match out {
                Some(out) => {
                    let before = out.len();
                    fastlz::decompress(src, cap, out).map_err(fail)?;
                    let got = out.len() - before;
                    if want < 16 && got >= want {
                        // The engine pads short blocks to 16 bytes and keeps the first `want` of what
                        // decompresses.
                        out.truncate(before + want);
                    }
                    got
                }
                None => fastlz::decompressed_len(src, cap).map_err(fail)?,
            };
            if want < 16 {
                if got < want {
                    return Err(format!("FastLZ: a short block decompressed to {got} byte(s)"));
                }
                return Ok(want);
            }
            Ok(got)
        }
        Compression::Deflate => read_capped(flate2::read::ZlibDecoder::new(src), want, out, "Deflate"),
        Compression::Gzip => read_capped(flate2::read::GzDecoder::new(src), want, out, "GZIP"),
        Compression::Zstd => {
            // The decoder reserves the frame's declared window up front, before a byte decompresses: refuse
            // windows that a block of this size cannot need (the engine's blocks declare at most their own
            // size), above ZSTD_MAX_WINDOW, or above twice the file's size (so that a file that fails costs
            // at most that); ZSTD_MIN_WINDOW is always allowed.
            if let Some(window) = zstd_window(src) {
                let max = (want as u64).min(2 * file_len as u64).clamp(ZSTD_MIN_WINDOW, ZSTD_MAX_WINDOW);
                if window > max {
                    return Err(format!(
                        "Zstd: a window of {window} byte(s) for a block of {want} (at most {max} accepted)"
                    ));
                }
            }
            let dec = ruzstd::decoding::StreamingDecoder::new(src).map_err(|e| format!("Zstd: {e}"))?;
            read_capped(dec, want, out, "Zstd")
        }
    }
}

/// The window every block may declare (what small frames of common encoders ask for).
const ZSTD_MIN_WINDOW: u64 = 128 << 10;
/// The largest window accepted (zstd's recommended decoder minimum; blocks of GDScript files are 4096 bytes).
const ZSTD_MAX_WINDOW: u64 = 8 << 20;

/// The window size a zstd frame header declares (None: not a zstd frame header, left to the decoder).
fn zstd_window(src: &[u8]) -> Option<u64> {
    if src.get(..4)? != [0x28, 0xb5, 0x2f, 0xfd] {
        return None;
    }
    let desc = *src.get(4)?;
    let fcs_flag = desc >> 6;
    let single_segment = desc & 0x20 != 0;
    if !single_segment {
        let wd = *src.get(5)?;
        let base = 1u64 << (10 + u32::from(wd >> 3));
        return Some(base + base / 8 * u64::from(wd & 7));
    }
    let dict_len = [0usize, 1, 2, 4][usize::from(desc & 3)];
    let at = 5 + dict_len;
    let fcs_len = [1usize, 2, 4, 8][usize::from(fcs_flag)];
    let b = src.get(at..at + fcs_len)?;
    let mut v = 0u64;
    for (i, &x) in b.iter().enumerate() {
        v |= u64::from(x) << (8 * i);
    }
    Some(if fcs_len == 2 { v + 256 } else { v })
}

/// Reads at most `want + 1` bytes into `out` (reserved by the caller: only what really decompressed is
/// written), or counts them through a small buffer.
fn read_capped<R: Read>(r: R, want: usize, out: Option<&mut Vec<u8>>, name: &str) -> Result<usize, String> {
    let mut r = r.take(want as u64 + 1);
    let got = match out {
        Some(out) => r.read_to_end(out),
        None => std::io::copy(&mut r, &mut std::io::sink()).map(|n| n as usize),
    };
    got.map_err(|e| format!("{name}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_fastlz_block_may_come_unpadded() {
        // 5 bytes compressed as they are (no padding to 16): the engine reads them, and so do we.
        let mut block = Vec::new();
        fastlz::compress_level1(b"abcde", &mut block);
        let mut f = COMPRESSED_MAGIC.to_vec();
        for n in [0, 4096, 5, block.len() as u32] {
            f.extend_from_slice(&n.to_le_bytes());
        }
        f.extend_from_slice(&block);
        assert_eq!(decompress(&f, 100).unwrap(), b"abcde");
        f[12] = 6; // one byte more than the block holds
        assert!(
            matches!(decompress(&f, 100), Err(e) if matches!(e.kind(), crate::ErrorKind::Corrupt(_)) && e.offset() == Some(20))
        );
    }
}
