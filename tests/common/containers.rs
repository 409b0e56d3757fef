//! The container operations the tests name, each one call of the library's byte-level front
//! (`container::open`, `container::encode`).
#![cfg(feature = "containers")]

use godot_bin::container::{self, Compression, Container, Key, Kind, Layout};
use godot_bin::file::{self, Options};
use godot_bin::{Error, ErrorKind, Result};

/// The content of `file`, which must be a container (a plain file is `NotAContainer` here: these tests are
/// about containers), opened with the key and content limit of `opts` (the save engine's own options;
/// default limit [`file::MAX_SIZE`]).
pub fn decode(file: &[u8], opts: &Options) -> Result<Vec<u8>> {
    if Kind::of(file) == Kind::Plain {
        return Err(Error::from(ErrorKind::NotAContainer));
    }
    container::open(file, opts.key.as_ref(), opts.max_size.unwrap_or(file::MAX_SIZE)).map(|(content, _)| content)
}

/// The content of an encrypted file that must be in `layout`.
pub fn decrypt_as(file: &[u8], key: &Key, layout: Layout, max: u64) -> Result<Vec<u8>> {
    let (content, stored) = container::open(file, Some(key), max)?;
    match stored.container {
        Container::Encrypted(_, found) if found == layout => Ok(content),
        other => Err(Error::from(ErrorKind::InvalidArgument(format!("not a {layout:?} encrypted file: {other:?}")))),
    }
}

/// The IV of a Godot 4 encrypted file (opened with `key`).
pub fn godot4_iv(file: &[u8], key: &Key) -> Option<[u8; 16]> {
    container::open(file, Some(key), file::MAX_SIZE).ok()?.1.iv()
}

pub fn compress(content: &[u8], mode: Compression) -> Result<Vec<u8>> {
    container::encode(content, &Container::Compressed(mode))
}

pub fn encrypt(content: &[u8], key: &Key, layout: Layout) -> Result<Vec<u8>> {
    container::encode(content, &Container::Encrypted(key.clone(), layout))
}
