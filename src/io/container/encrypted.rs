//! `FileAccessEncrypted` files (magic `GDEC`): AES-256 over the content zero-padded to 16 bytes, with the
//! MD5 of the content to check the key.
//!
//! * Godot 3.x (3.0–3.6): `GDEC`, u32 mode (1), 16-byte MD5, u64 length, then each 16-byte block
//!   encrypted alone (ECB). Deterministic: the same content and key give the same file.
//! * Godot 4.x: `GDEC`, 16-byte MD5, u64 length, 16-byte IV (random unless given), then the padded content
//!   in CFB-128 mode with that IV.
//!
//! A password becomes the key as the engine makes it: the 32 ASCII bytes of the lowercase MD5 hex of the
//! password's UTF-8.
//!
//! ```
//! use godot_bin::container::{decrypt, encrypt, Key, Layout};
//! let key = Key::from_password("hunter2");
//! let file = encrypt(b"gold: 100", &key, Layout::Godot3)?;
//! assert_eq!(file.len(), 32 + 16); // header, then one block
//! assert_eq!(decrypt(&file, &key, 1 << 20)?, b"gold: 100");
//! assert!(decrypt(&file, &Key::from_password("hunter3"), 1 << 20).is_err());
//! # Ok::<(), godot_bin::Error>(())
//! ```

use aes::cipher::{AsyncStreamCipher, BlockDecrypt, BlockEncrypt, KeyInit, KeyIvInit};
use aes::Aes256;
use md5::{Digest, Md5};

use super::{too_large, truncated, unknown_mode, Key, Layout, ENCRYPTED_MAGIC};
use crate::error::{Error, ErrorKind, Result};

type CfbEnc = cfb_mode::Encryptor<Aes256>;
type CfbDec = cfb_mode::Decryptor<Aes256>;

/// The Godot 3.x header: magic, mode, MD5, length.
const HEADER3: usize = 4 + 4 + 16 + 8;
/// The Godot 4.x header: magic, MD5, length, IV.
const HEADER4: usize = 4 + 16 + 8 + 16;

/// `len` rounded up to whole 16-byte blocks (None when that is past `u64::MAX`).
fn padded(len: u64) -> Option<u64> {
    len.checked_next_multiple_of(16)
}

pub(crate) fn encrypt(payload: &[u8], key: &Key, layout: Layout, iv: Option<[u8; 16]>) -> Result<Vec<u8>> {
    let digest: [u8; 16] = Md5::digest(payload).into();
    let len = payload.len();
    let mut body = vec![0u8; len.next_multiple_of(16)];
    body[..len].copy_from_slice(payload);
    let mut out = Vec::with_capacity(HEADER4 + body.len());
    out.extend_from_slice(ENCRYPTED_MAGIC);
    match layout {
        Layout::Godot3 => {
            let cipher = Aes256::new(key.as_bytes().into());
            for block in body.chunks_exact_mut(16) {
                cipher.encrypt_block(block.into());
            }
            out.extend_from_slice(&1u32.to_le_bytes());
            out.extend_from_slice(&digest);
            out.extend_from_slice(&(len as u64).to_le_bytes());
        }
        Layout::Godot4 => {
            let iv = match iv {
                Some(iv) => iv,
                None => {
                    let mut iv = [0u8; 16];
                    getrandom::fill(&mut iv)
                        .map_err(|e| Error::from(std::io::Error::other(format!("random IV: {e}"))))?;
                    iv
                }
            };
            CfbEnc::new(key.as_bytes().into(), &iv.into()).encrypt(&mut body);
            out.extend_from_slice(&digest);
            out.extend_from_slice(&(len as u64).to_le_bytes());
            out.extend_from_slice(&iv);
        }
    }
    out.extend_from_slice(&body);
    Ok(out)
}

pub(crate) fn decrypt_as(file: &[u8], key: &Key, layout: Layout, max_size: u64) -> Result<Vec<u8>> {
    if file.get(..4) != Some(ENCRYPTED_MAGIC) {
        return Err(Error::from(ErrorKind::NotAContainer));
    }
    let (header, md5_at, len_at) = match layout {
        Layout::Godot3 => (HEADER3, 8, 24),
        Layout::Godot4 => (HEADER4, 4, 20),
    };
    if file.len() < header {
        return Err(truncated(0, header as u64, file.len() as u64));
    }
    if layout == Layout::Godot3 {
        let mode = crate::wire::le_u32_at(file, 4).expect("the header is there");
        if mode != 1 {
            return Err(unknown_mode(4, mode));
        }
    }
    let len = crate::wire::le_u64_at(file, len_at).expect("inside the header");
    if len > max_size {
        return Err(too_large(len_at as u64, len, max_size));
    }
    // The largest length that pads to a whole number of blocks is u64::MAX - 15; a length past it would
    // wrap to a tiny body (and the MD5 of nothing).
    let body_len = padded(len).ok_or(too_large(len_at as u64, len, u64::MAX - 15))?;
    let available = (file.len() - header) as u64;
    if body_len > available {
        return Err(truncated(header as u64, body_len, available));
    }
    let mut body = file[header..header + body_len as usize].to_vec();
    match layout {
        Layout::Godot3 => {
            let cipher = Aes256::new(key.as_bytes().into());
            for block in body.chunks_exact_mut(16) {
                cipher.decrypt_block(block.into());
            }
        }
        Layout::Godot4 => {
            let iv: [u8; 16] = file[HEADER4 - 16..HEADER4].try_into().expect("16 bytes");
            CfbDec::new(key.as_bytes().into(), &iv.into()).decrypt(&mut body);
        }
    }
    body.truncate(len as usize);
    let digest: [u8; 16] = Md5::digest(&body).into();
    if digest[..] != file[md5_at..md5_at + 16] {
        return Err(if looks_like_data(&body) {
            Error::from(ErrorKind::Damaged)
        } else {
            Error::from(ErrorKind::WrongKey)
        });
    }
    Ok(body)
}

/// Whether decrypted bytes are data rather than noise, by how far the byte counts of their distinct
/// 16-byte blocks are from uniform (Pearson's chi-squared over the 256 byte values).
///
/// AES with a wrong key turns every distinct block into noise, indistinguishable from uniform bytes (a
/// repeated block repeats its noise in 3.x's ECB, hence distinct blocks only): the statistic is then 255 on
/// average with a standard deviation of about 23, and with fewer bytes than values it cannot rise far (32
/// noise bytes would need two dozen repeated pairs to reach the threshold). With the right key a damaged
/// file has only the blocks around the damage turned to noise (one block in 3.x's ECB, two in 4.x's CFB),
/// and the rest is what the game stored: `store_var` data full of zero bytes and small numbers, or text,
/// far above the threshold (a 16-byte Variant with four zero bytes gives 432 already, a typical save tens
/// of thousands). Content that is itself noise-like (compressed or random bytes) reads as a wrong key.
/// At most [`SAMPLE_BLOCKS`] distinct blocks are looked at, from the start.
fn looks_like_data(content: &[u8]) -> bool {
    /// Fifteen standard deviations above noise's mean.
    const THRESHOLD: f64 = 600.0;
    let mut seen = std::collections::HashSet::new();
    let mut counts = [0u64; 256];
    let mut n = 0u64;
    for block in content.chunks(16) {
        if seen.len() == SAMPLE_BLOCKS {
            break;
        }
        if seen.insert(block) {
            for &b in block {
                counts[usize::from(b)] += 1;
            }
            n += block.len() as u64;
        }
    }
    if n == 0 {
        return false;
    }
    let n = n as f64;
    let squares: f64 = counts.iter().map(|&c| (c as f64) * (c as f64)).sum();
    256.0 / n * squares - n > THRESHOLD
}

/// The distinct blocks [`looks_like_data`] looks at (64 KiB of content).
const SAMPLE_BLOCKS: usize = 4096;

/// The IV of a Godot 4.x encrypted file (to write the same bytes again with [`super::encrypt_with_iv`]).
pub(crate) fn iv_of(file: &[u8]) -> Option<[u8; 16]> {
    file.get(HEADER4 - 16..HEADER4)?.try_into().ok()
}
