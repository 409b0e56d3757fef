//! The container operations the tests name, each one call of the library's byte-level front
//! (`container::open`, `container::encode`).
#![cfg(feature = "containers")]

use godot_bin::container::{self, Compression, Container, Key, Kind, Layout};
use godot_bin::{Error, ErrorKind, Result};

/// How [`decode`] opens a file: the key, the content limit, and whether a plain file is its own content.
#[derive(Clone, Debug)]
pub struct Opts {
    pub key: Option<Key>,
    pub max_size: u64,
    pub allow_plain: bool,
}

impl Opts {
    pub fn new() -> Opts {
        Opts { key: None, max_size: godot_bin::file::MAX_SIZE, allow_plain: true }
    }
    pub fn key(mut self, key: Key) -> Opts {
        self.key = Some(key);
        self
    }
    pub fn max_size(mut self, max: u64) -> Opts {
        self.max_size = max;
        self
    }
    pub fn require_container(mut self) -> Opts {
        self.allow_plain = false;
        self
    }
}

/// The content of `file` (`container::open`), a plain file refused unless `opts` allows it.
pub fn decode(file: &[u8], opts: &Opts) -> Result<Vec<u8>> {
    if !opts.allow_plain && Kind::of(file) == Kind::Plain {
        return Err(Error::from(ErrorKind::NotAContainer));
    }
    container::open(file, opts.key.as_ref(), opts.max_size).map(|(content, _)| content)
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
    container::open(file, Some(key), godot_bin::file::MAX_SIZE).ok()?.1.iv()
}

pub fn compress(content: &[u8], mode: Compression) -> Result<Vec<u8>> {
    container::encode(content, &Container::Compressed(mode))
}

pub fn encrypt(content: &[u8], key: &Key, layout: Layout) -> Result<Vec<u8>> {
    container::encode(content, &Container::Encrypted(key.clone(), layout))
}
