//! FastLZ, the byte-aligned LZ77 codec of `FileAccessCompressed`'s default mode: a compressor that gives
//! the bytes Godot's bundled FastLZ gives (level 1, the level the engine uses for blocks under 64 KiB), and
//! a bounded decompressor for both levels.
//!
//! Written from the format: a stream of instructions, each a literal run (`000LLLLL`, then `L + 1` bytes)
//! or a back-reference (`LLLDDDDD`, an extra length byte when `LLL` is 7, then the low distance byte;
//! level 2 extends lengths with 255-bytes and distances with a 16-bit far form). The first byte's top
//! three bits name the level.
//!
//! ```
//! use godot_bin::container::{compress, decompress, Compression};
//! let data = b"a save file, a save file, a save file".repeat(100);
//! let file = compress(&data, Compression::FastLz)?;
//! assert!(file.len() < data.len() / 10);
//! assert_eq!(decompress(&file, 1 << 20)?, data);
//! # Ok::<(), godot_bin::Error>(())
//! ```

const MAX_COPY: usize = 32;
const MAX_LEN: usize = 264;
const MAX_L1_DISTANCE: usize = 8192;
const MAX_L2_DISTANCE: usize = 8191;
const HASH_LOG: u32 = 13;
const HASH_SIZE: usize = 1 << HASH_LOG;
const HASH_MASK: u32 = (HASH_SIZE as u32) - 1;

fn hash_at(input: &[u8], i: usize) -> usize {
    let rd16 = |j: usize| u32::from(input[j]) | (u32::from(input[j + 1]) << 8);
    let v = rd16(i);
    ((v ^ rd16(i + 1) ^ (v >> (16 - HASH_LOG))) & HASH_MASK) as usize
}

/// Level-1 compression of `input` appended to `out`, instruction for instruction as the engine's FastLZ
/// chooses them (same hash, same match search, same literal batching).
pub(crate) fn compress_level1(input: &[u8], out: &mut Vec<u8>) {
    let n = input.len();
    if n < 4 {
        if n > 0 {
            out.push((n - 1) as u8);
            out.extend_from_slice(input);
        }
        return;
    }
    let ip_bound = n - 2;
    let ip_limit = n.saturating_sub(13);
    let mut htab = vec![0usize; HASH_SIZE];
    let mut copy = 2usize;
    out.push((MAX_COPY - 1) as u8);
    out.push(input[0]);
    out.push(input[1]);
    let mut ip = 2usize;

    while ip < ip_limit {
        let anchor = ip;
        let h = hash_at(input, ip);
        let r = htab[h];
        htab[h] = anchor;
        let mut distance = anchor - r;
        let is_match = distance != 0
            && distance < MAX_L1_DISTANCE
            && input[r] == input[ip]
            && input[r + 1] == input[ip + 1]
            && input[r + 2] == input[ip + 2];
        if !is_match {
            out.push(input[anchor]);
            ip = anchor + 1;
            copy += 1;
            if copy == MAX_COPY {
                copy = 0;
                out.push((MAX_COPY - 1) as u8);
            }
            continue;
        }
        ip = anchor + 3;
        let mut rf = r + 3;
        distance -= 1;
        if distance == 0 {
            // A run of the byte before: the position stops on the first byte that differs.
            let x = input[ip - 1];
            while ip < ip_bound {
                let same = input[rf] == x;
                rf += 1;
                if !same {
                    break;
                }
                ip += 1;
            }
        } else {
            // The position ends one past the first byte that differs; eight compares need no bound
            // check (the loop limit keeps them inside the input), the rest stop at `ip_bound`.
            let mut differed = false;
            for _ in 0..8 {
                let same = input[rf] == input[ip];
                rf += 1;
                ip += 1;
                if !same {
                    differed = true;
                    break;
                }
            }
            if !differed {
                while ip < ip_bound {
                    let same = input[rf] == input[ip];
                    rf += 1;
                    ip += 1;
                    if !same {
                        break;
                    }
                }
            }
        }
        if copy > 0 {
            let at = out.len() - copy - 1;
            out[at] = (copy - 1) as u8;
        } else {
            out.pop();
        }
        copy = 0;
        ip -= 3;
        let mut len = ip - anchor;
        while len > MAX_LEN - 2 {
            out.push(((7 << 5) + (distance >> 8)) as u8);
            out.push((MAX_LEN - 2 - 7 - 2) as u8);
            out.push((distance & 255) as u8);
            len -= MAX_LEN - 2;
        }
        if len < 7 {
            out.push(((len << 5) + (distance >> 8)) as u8);
            out.push((distance & 255) as u8);
        } else {
            out.push(((7 << 5) + (distance >> 8)) as u8);
            out.push((len - 7) as u8);
            out.push((distance & 255) as u8);
        }
        let h = hash_at(input, ip);
        htab[h] = ip;
        ip += 1;
        let h = hash_at(input, ip);
        htab[h] = ip;
        ip += 1;
        out.push((MAX_COPY - 1) as u8);
    }

    while ip < n {
        out.push(input[ip]);
        ip += 1;
        copy += 1;
        if copy == MAX_COPY {
            copy = 0;
            out.push((MAX_COPY - 1) as u8);
        }
    }
    if copy > 0 {
        let at = out.len() - copy - 1;
        out[at] = (copy - 1) as u8;
    } else {
        out.pop();
    }
}

/// Why a FastLZ block did not decode: the offset (in the block) of the instruction that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct FastLzError {
    pub(crate) offset: usize,
    pub(crate) what: &'static str,
}

/// Decompresses a FastLZ block (level 1 or 2) into `out`, producing at most `max_out` bytes; every read
/// and every back-reference is checked (the engine's bounds checks, as errors).
pub(crate) fn decompress(input: &[u8], max_out: usize, out: &mut Vec<u8>) -> Result<(), FastLzError> {
    run(input, max_out, out, false).map(|_| ())
}

/// How many bytes a FastLZ block decompresses to (at most `max_out`; checked as [`decompress`] checks
/// it), in a window of at most twice [`KEPT`] bytes whatever the block's size.
pub(crate) fn decompressed_len(input: &[u8], max_out: usize) -> Result<usize, FastLzError> {
    run(input, max_out, &mut Vec::new(), true)
}

/// The bytes kept behind the output when only counting: more than the farthest back-reference (a level-2
/// far distance, 65535 + 8191 + 1).
const KEPT: usize = 1 << 17;

/// Decompresses into `out`; when `slide`, the oldest output is dropped as it grows past twice [`KEPT`].
/// Returns the bytes produced.
fn run(input: &[u8], max_out: usize, out: &mut Vec<u8>, slide: bool) -> Result<usize, FastLzError> {
    let err = |offset: usize, what: &'static str| Err(FastLzError { offset, what });
    let start = out.len();
    // Bytes produced and dropped since (when sliding).
    let mut dropped = 0usize;
    let Some(&first) = input.first() else {
        return err(0, "empty block");
    };
    let level = (first >> 5) + 1;
    if level > 2 {
        return err(0, "unknown FastLZ level");
    }
    let n = input.len();
    let mut ip = 1usize;
    let mut ctrl = usize::from(first & 31);
    loop {
        let at = ip - 1;
        if ctrl >= 32 {
            let mut len = (ctrl >> 5) - 1;
            let mut ofs = (ctrl & 31) << 8;
            let produced = dropped + out.len() - start;
            if len == 6 {
                // Level 1: one extra length byte; level 2: bytes added while they are 255.
                loop {
                    let Some(&b) = input.get(ip) else { return err(at, "match length past the end") };
                    ip += 1;
                    len += usize::from(b);
                    if level == 1 || b != 255 {
                        break;
                    }
                }
            }
            let Some(&b) = input.get(ip) else { return err(at, "match distance past the end") };
            ip += 1;
            let code = usize::from(b);
            len += 3;
            let back = if level == 2 && code == 255 && ofs == 31 << 8 {
                let (Some(&hi), Some(&lo)) = (input.get(ip), input.get(ip + 1)) else {
                    return err(at, "far distance past the end");
                };
                ip += 2;
                ofs = (usize::from(hi) << 8) | usize::from(lo);
                ofs + MAX_L2_DISTANCE + 1
            } else {
                ofs + code + 1
            };
            if back > produced {
                return err(at, "match refers before the start of the block");
            }
            if produced + len > max_out {
                return err(at, "output longer than the block");
            }
            // In pieces, so that a long level-2 match slides too; `back` stays inside what is kept.
            let mut left = len;
            while left > 0 {
                let piece = left.min(KEPT);
                let from = out.len() - back;
                for k in 0..piece {
                    let b = out[from + k];
                    out.push(b);
                }
                left -= piece;
                if slide {
                    dropped += slide_window(out, start);
                }
            }
        } else {
            let len = ctrl + 1;
            if ip + len > n {
                return err(at, "literal run past the end");
            }
            if dropped + out.len() - start + len > max_out {
                return err(at, "output longer than the block");
            }
            out.extend_from_slice(&input[ip..ip + len]);
            ip += len;
        }
        if slide {
            dropped += slide_window(out, start);
        }
        // Level 1 stops with fewer than two bytes left (a lone trailing byte is ignored, as the engine
        // does); level 2 at the end.
        let done = if level == 1 { ip + 2 > n } else { ip >= n };
        if done {
            return Ok(dropped + out.len() - start);
        }
        ctrl = usize::from(input[ip]);
        ip += 1;
    }
}

/// Drops the oldest output past `start` once more than twice [`KEPT`] bytes are there; returns how many.
fn slide_window(out: &mut Vec<u8>, start: usize) -> usize {
    if out.len() - start <= 2 * KEPT {
        return 0;
    }
    let cut = out.len() - start - KEPT;
    out.drain(start..start + cut);
    cut
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(data: &[u8]) {
        let mut c = Vec::new();
        compress_level1(data, &mut c);
        let mut d = Vec::new();
        decompress(&c, data.len(), &mut d).unwrap();
        assert_eq!(d, data);
        assert_eq!(decompressed_len(&c, data.len()), Ok(data.len()));
        assert!(decompressed_len(&c, data.len() - 1).is_err());
    }

    #[test]
    fn roundtrips() {
        roundtrip(b"abcd");
        roundtrip(&[0u8; 16]);
        roundtrip(&[7u8; 5000]);
        roundtrip(&b"0123456789".repeat(500));
        let noise: Vec<u8> = (0..5000u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
        roundtrip(&noise);
        // Longer than the counting window, with matches across its slides.
        let long: Vec<u8> =
            (0..1_000_000u32).map(|i| (i.wrapping_mul(2654435761) >> 29) as u8 ^ (i / 7000) as u8).collect();
        roundtrip(&long);
    }

    #[test]
    fn a_long_level2_match_is_counted_in_a_bounded_window() {
        // Level 2: a literal, then one match of 3 + 6 + 255 * 4000 + 10 bytes one byte back.
        let mut block = vec![0x20, b'x', 0xe0];
        block.extend(std::iter::repeat_n(255, 4000));
        block.extend([10, 0]);
        let n = 1 + 3 + 6 + 255 * 4000 + 10;
        assert_eq!(decompressed_len(&block, n), Ok(n));
        let mut out = Vec::new();
        decompress(&block, n, &mut out).unwrap();
        assert!(out.len() == n && out.iter().all(|&b| b == b'x'));
    }

    #[test]
    fn hostile_blocks_are_errors() {
        let mut out = Vec::new();
        // A literal "A", then a match 6 bytes back.
        assert!(decompress(&[0x00, b'A', 0x40, 0x05], 100, &mut out).is_err());
        out.clear();
        assert!(decompress(&[0x00, b'A', 0x40, 0x00], 100, &mut out).is_ok());
        assert_eq!(out, b"AAAAA");
        // A literal run longer than the input.
        assert!(decompress(&[0x1f, 1, 2], 100, &mut out).is_err());
        // Output cap.
        assert!(decompress(&[0x03, 1, 2, 3, 4], 3, &mut out).is_err());
        assert!(decompress(&[0xe0], 3, &mut out).is_err());
    }
}
