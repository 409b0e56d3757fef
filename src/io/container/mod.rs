//! The file containers of the engines' `FileAccess`: encrypted files (`open_encrypted`,
//! `open_encrypted_with_pass`; magic `GDEC`) and compressed files (`open_compressed`; magic `GCPF`), read
//! and written (feature `containers`).
//!
//! A container wraps the bytes of a whole file; inside is what the game stored, usually a stream of
//! `store_var` values. Most callers never touch this module: [`file::read`](crate::file::read),
//! [`file::open`](crate::file::open) and [`file::save`](crate::file::save) open and write a whole save,
//! container, values, framing and dialect included. Here is the byte level beneath them: [`open`] finds
//! the container by its magic, opens it and says how the file was stored ([`Stored`]: the compression
//! mode, or the key, layout and IV of an encrypted file); [`Stored::encode`] writes new content back the
//! same way, and [`encode`] writes content into any [`Container`].
//!
//! | engine | here | ours is byte-identical to the engine's |
//! |---|---|---|
//! | `open_compressed(path, WRITE, COMPRESSION_FASTLZ)` (the default) | [`Compression::FastLz`] | yes (3.2.3, 3.6, 4.6) |
//! | `COMPRESSION_DEFLATE`, `COMPRESSION_GZIP` | [`Compression::Deflate`], [`Compression::Gzip`] | no: another deflate encoder, the same content |
//! | `COMPRESSION_ZSTD` | [`Compression::Zstd`] | no: another zstd encoder, the same content |
//! | 3.x `open_encrypted[_with_pass]` | [`Layout::Godot3`] | yes |
//! | 4.x `open_encrypted[_with_pass]` | [`Layout::Godot4`] | with the same IV ([`Stored::encode`] of the content it held, or [`encrypt_with_iv`]); the engine picks a random one |
//!
//! Hostile files: every declared size is checked (with checked arithmetic) against
//! [`open`]'s `max_size` (the save engine's is [`file::MAX_SIZE`](crate::file::MAX_SIZE)) and against the input's length before anything
//! is allocated. A compressed file's blocks are decompressed a first time into nothing, each stopped one
//! byte past its declared size, and only when every block gave its size is the output allocated (once, at
//! the total the blocks were seen to hold) and filled: a file that fails costs the decoders' state, never
//! what its blocks claim or what they produced before the failure (a zstd frame may ask for a window of at
//! most its block's size, 8 MiB, and twice the file's size, 128 KiB always allowed). Opening a file of n
//! bytes to m bytes of content peaks under 4·m + 2·n + 1 MiB (`tests/hostile/containers_hostile.rs` measures it).
//! Truncated or corrupt parts are errors with their byte offset.
//! The content's MD5 is checked, so a wrong key or password never gives garbage: a mismatch is
//! [`ErrorKind::WrongKey`](crate::ErrorKind::WrongKey) when the content decrypts to noise (the key is likelier wrong) and
//! [`ErrorKind::Damaged`](crate::ErrorKind::Damaged) when most of it decrypts to data (the file is likelier damaged). Every
//! declared size is checked arithmetic: a length that would wrap is [`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge).
//!
//! ```
//! use godot_bin::container::{self, Compression, Container, Key};
//! use godot_bin::framing::{self, Endian};
//! let cfg = godot_bin::Config::default();
//! // A save as `store_var` writes it, twice over: inside an encrypted file, and a compressed one.
//! let mut save = Vec::new();
//! framing::write_var(&mut save, &("gold", 100), &cfg, Endian::Little)?;
//! let key = Key::from_password("hunter2");
//! for c in [Container::Encrypted(key.clone(), container::Layout::Godot4), Container::Compressed(Compression::FastLz)] {
//!     let file = container::encode(&save, &c)?;
//!     let (opened, stored) = container::open(&file, Some(&key), godot_bin::file::MAX_SIZE)?;
//!     assert_eq!(stored.container, c);
//!     let values: Vec<(String, i64)> = framing::values(&opened, &cfg, Endian::Little).collect::<Result<_, _>>()?;
//!     assert_eq!(values, [("gold".to_string(), 100)]);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

pub(crate) mod compressed;
mod encrypted;
mod fastlz;

use crate::detect::{COMPRESSED_MAGIC, ENCRYPTED_MAGIC};
use crate::error::{Error, ErrorKind, Result};

/// The largest content a container may hold when no limit is given (the save engine's
/// [`file::MAX_SIZE`](crate::file::MAX_SIZE)): 256 MiB, far above any save game.
pub(crate) const MAX_SIZE: u64 = 256 << 20;

/// The content limit of a container of `file_len` bytes when none is given: 512 times its size (far above
/// what the engines' compression reaches on a save), at least 1 MiB, at most [`MAX_SIZE`]. A small file
/// that claims gigabytes is refused before anything is allocated.
pub(crate) fn default_max_size(file_len: usize) -> u64 {
    (file_len as u64).saturating_mul(512).clamp(1 << 20, MAX_SIZE)
}

/// A part the header declares that the file does not hold whole: `needed` bytes at `offset`, `available`
/// there.
#[cold]
pub(crate) fn truncated(offset: u64, needed: u64, available: u64) -> Error {
    Error::new(ErrorKind::Truncated { declared: needed as usize, present: available as usize }, Some(offset as usize))
}

/// A size declared at `offset` above the limit `max`.
#[cold]
pub(crate) fn too_large(offset: u64, declared: u64, max: u64) -> Error {
    Error::new(ErrorKind::TooLarge { declared, max }, Some(offset as usize))
}

/// A mode number at `offset` that the engines do not write.
#[cold]
pub(crate) fn unknown_mode(offset: u64, mode: u32) -> Error {
    Error::new(ErrorKind::UnknownMode { mode }, Some(offset as usize))
}

/// A header field or block at `offset` that contradicts the rest.
#[cold]
pub(crate) fn corrupt(offset: u64, what: impl Into<String>) -> Error {
    Error::new(ErrorKind::Corrupt(what.into()), Some(offset as usize))
}

/// A `FileAccessCompressed` mode (`FileAccess.COMPRESSION_*`; the number is the one in the file).
///
/// ```
/// use godot_bin::container::Compression;
/// assert_eq!("zstd".parse::<Compression>(), Ok(Compression::Zstd));
/// assert_eq!(Compression::Gzip as u32, 3);
/// assert_eq!(Compression::default(), Compression::FastLz);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Compression {
    /// `COMPRESSION_FASTLZ` (0), the engine's default.
    #[default]
    FastLz = 0,
    /// `COMPRESSION_DEFLATE` (1): a zlib stream.
    Deflate = 1,
    /// `COMPRESSION_ZSTD` (2).
    Zstd = 2,
    /// `COMPRESSION_GZIP` (3).
    Gzip = 3,
}

impl Compression {
    /// The mode for the number in a file's header (not 4, Brotli, which the engine reads but never
    /// writes).
    pub(crate) fn from_mode(mode: u32) -> Option<Compression> {
        Some(match mode {
            0 => Compression::FastLz,
            1 => Compression::Deflate,
            2 => Compression::Zstd,
            3 => Compression::Gzip,
            _ => return None,
        })
    }

    /// The lowercase name (`fastlz`, `deflate`, `zstd`, `gzip`): what `Display` writes and `FromStr` reads.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Compression::FastLz => "fastlz",
            Compression::Deflate => "deflate",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
        }
    }
}

/// ```
/// use godot_bin::container::Compression;
/// assert_eq!(Compression::Deflate.to_string(), "deflate");
/// assert_eq!("zstd".parse::<Compression>(), Ok(Compression::Zstd));
/// ```
impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Compression {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s.to_ascii_lowercase().as_str() {
            "fastlz" => Ok(Compression::FastLz),
            "deflate" => Ok(Compression::Deflate),
            "zstd" => Ok(Compression::Zstd),
            "gzip" => Ok(Compression::Gzip),
            _ => Err(format!("unknown compression '{s}' (fastlz, deflate, zstd, gzip)")),
        }
    }
}

/// The layout of an encrypted file: the engines' major versions write different ones.
///
/// ```
/// use godot_bin::container::{encode, Container, Key, Layout};
/// let key = Key::from_bytes([7; 32]);
/// let three = encode(b"x", &Container::Encrypted(key.clone(), Layout::Godot3))?;
/// assert_eq!(&three[4..8], &[1, 0, 0, 0]); // 3.x: the mode
/// assert_eq!(encode(b"x", &Container::Encrypted(key, Layout::Godot4))?.len(), 44 + 16); // 4.x: an IV in the header
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Godot 3.x: AES-256 ECB, no IV.
    Godot3,
    /// Godot 4.x: AES-256 CFB with a 16-byte IV after the header.
    Godot4,
}

impl Layout {
    /// The layout the engine of `dialect` writes: [`Layout::Godot4`] for Godot 4.x, [`Layout::Godot3`] for
    /// Godot 3.x and Pandemonium (whose `FileAccessEncrypted` source is 3.x's; not run against a
    /// Pandemonium engine), and Godot 2.1 (an assumption: neither its source nor an engine was checked).
    ///
    /// ```
    /// use godot_bin::{container::Layout, Dialect};
    /// assert_eq!(Layout::for_dialect(Dialect::Godot4_6), Layout::Godot4);
    /// assert_eq!(Layout::for_dialect(Dialect::Godot3), Layout::Godot3);
    /// ```
    pub fn for_dialect(dialect: crate::Dialect) -> Layout {
        match dialect.family() {
            crate::config::Family::Godot4 => Layout::Godot4,
            _ => Layout::Godot3,
        }
    }
}

/// A 32-byte AES-256 key, as `open_encrypted` takes it or as `open_encrypted_with_pass` makes it.
///
/// ```
/// use godot_bin::container::Key;
/// let k = Key::from_password("hunter2");
/// assert_eq!(k.as_bytes(), b"2ab96390c7dbe3439de74d0c9b0b1767"); // MD5 hex of "hunter2"
/// assert_eq!(Key::from_hex(&"00".repeat(32))?, Key::from_bytes([0; 32]));
/// assert!(Key::from_hex("abc").is_err());
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Key([u8; 32]);

impl fmt::Debug for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Key(..)")
    }
}

impl Key {
    /// The key `open_encrypted_with_pass(path, mode, password)` uses: the lowercase MD5 hex of the
    /// password's UTF-8, as 32 ASCII bytes.
    ///
    /// ```
    /// let k = godot_bin::container::Key::from_password("");
    /// assert_eq!(k.as_bytes(), b"d41d8cd98f00b204e9800998ecf8427e");
    /// ```
    pub fn from_password(password: &str) -> Key {
        use md5::{Digest, Md5};
        let digest = Md5::digest(password.as_bytes());
        let mut key = [0u8; 32];
        for (i, b) in digest.iter().enumerate() {
            key[2 * i] = b"0123456789abcdef"[usize::from(b >> 4)];
            key[2 * i + 1] = b"0123456789abcdef"[usize::from(b & 15)];
        }
        Key(key)
    }

    /// The key as given to `open_encrypted(path, mode, key)`.
    ///
    /// ```
    /// let k = godot_bin::container::Key::from_bytes([1; 32]);
    /// assert_eq!(k.as_bytes(), &[1; 32]);
    /// ```
    pub fn from_bytes(key: [u8; 32]) -> Key {
        Key(key)
    }

    /// A key from 64 hex digits (either case; spaces around are ignored).
    ///
    /// ```
    /// let k = godot_bin::container::Key::from_hex(&"aB".repeat(32))?;
    /// assert_eq!(k.as_bytes(), &[0xab; 32]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn from_hex(hex: &str) -> Result<Key> {
        let hex = hex.trim().as_bytes();
        if hex.len() != 64 {
            return Err(Error::from(ErrorKind::InvalidArgument(format!(
                "a key is 64 hex digits (32 bytes): {} character(s)",
                hex.len()
            ))));
        }
        let digit = |c: u8| {
            (c as char).to_digit(16).ok_or_else(|| {
                Error::from(ErrorKind::InvalidArgument(format!(
                    "a key is 64 hex digits (32 bytes): '{}' is not a hex digit",
                    c as char
                )))
            })
        };
        let mut key = [0u8; 32];
        for i in 0..32 {
            key[i] = (digit(hex[2 * i])? << 4 | digit(hex[2 * i + 1])?) as u8;
        }
        Ok(Key(key))
    }

    /// The 32 bytes.
    ///
    /// ```
    /// assert_eq!(godot_bin::container::Key::from_bytes([9; 32]).as_bytes().len(), 32);
    /// ```
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

/// What a file is, by its first four bytes.
///
/// ```
/// use godot_bin::container::Kind;
/// assert_eq!(Kind::of(b"GCPF\0\0\0\0"), Kind::Compressed);
/// assert_eq!(Kind::of(b"GDEC"), Kind::Encrypted);
/// assert_eq!(Kind::of(&[12, 0, 0, 0]), Kind::Plain); // a store_var length
/// ```
#[doc(no_inline)]
pub use crate::detect::ContainerKind as Kind;

/// What [`encode`] writes around the content.
///
/// ```
/// use godot_bin::container::{encode, Compression, Container};
/// assert_eq!(encode(b"abc", &Container::Plain)?, b"abc");
/// assert_eq!(&encode(b"abc", &Container::Compressed(Compression::Gzip))?[..4], b"GCPF");
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Container {
    /// No container.
    Plain,
    /// `FileAccess.open_compressed` with this mode (4096-byte blocks, as the engine).
    Compressed(Compression),
    /// `FileAccess.open_encrypted` with this key, in this engine's layout (a Godot 4 file gets a random IV).
    Encrypted(Key, Layout),
}

/// Writes `content` inside `container`.
///
/// ```
/// use godot_bin::container::{encode, open, Compression, Container, Key, Layout};
/// let key = Key::from_password("pw");
/// let file = encode(b"content", &Container::Encrypted(key.clone(), Layout::Godot3))?;
/// assert_eq!(open(&file, Some(&key), 100)?.0, b"content");
/// // 3.x encryption is deterministic, 4.x is not (a new IV each time):
/// assert_eq!(file, encode(b"content", &Container::Encrypted(key.clone(), Layout::Godot3))?);
/// let four = Container::Encrypted(key, Layout::Godot4);
/// assert_ne!(encode(b"a", &four)?, encode(b"a", &four)?);
/// // A compressed file: 4096-byte blocks, the total at bytes 12..16, the magic at both ends.
/// let file = encode(&[0; 10_000], &Container::Compressed(Compression::FastLz))?;
/// assert_eq!(&file[12..16], &10_000u32.to_le_bytes());
/// assert_eq!(&file[file.len() - 4..], b"GCPF");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn encode(content: &[u8], container: &Container) -> Result<Vec<u8>> {
    match container {
        Container::Plain => Ok(content.to_vec()),
        Container::Compressed(mode) => compressed::compress_blocks(content, *mode, compressed::ENGINE_BLOCK_SIZE),
        Container::Encrypted(key, layout) => encrypted::encrypt(content, key, *layout, None),
    }
}

/// A compressed file (`GCPF`) of `content` in blocks of `block_size` bytes: what
/// [`Container::Compressed`] writes with the engine's 4096, with another block size
/// (`FileAccessCompressed::configure` in C++; GDScript always gets 4096). FastLZ blocks of 64 KiB and more are written at level 1, where the engine would pick level 2:
/// the engine reads them all the same.
///
/// ```
/// use godot_bin::container::{compress_with_block_size, open, Compression};
/// let file = compress_with_block_size(&[5; 100], Compression::FastLz, 16)?;
/// assert_eq!(&file[8..12], &16u32.to_le_bytes());
/// assert_eq!(open(&file, None, 1000)?.0, [5; 100]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn compress_with_block_size(content: &[u8], mode: Compression, block_size: u32) -> Result<Vec<u8>> {
    compressed::compress_blocks(content, mode, block_size)
}

/// A Godot 4 encrypted file with the given IV (4.x `open_encrypted(path, mode, key, iv)`); with the IV of
/// an engine-written file ([`Stored::iv`]) it gives that file's bytes.
///
/// ```
/// use godot_bin::container::{encrypt_with_iv, open, Key};
/// let key = Key::from_bytes([3; 32]);
/// let f = encrypt_with_iv(b"a", &key, [9; 16]);
/// assert_eq!(open(&f, Some(&key), 10)?.1.iv(), Some([9; 16]));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn encrypt_with_iv(content: &[u8], key: &Key, iv: [u8; 16]) -> Vec<u8> {
    encrypted::encrypt(content, key, Layout::Godot4, Some(iv)).expect("no randomness needed with an IV")
}

/// The content of an encrypted file (`GDEC`) and the layout it was in (found from the header: 3.x has
/// mode 1 after the magic).
fn decrypt_layout(file: &[u8], key: &Key, max_size: u64) -> Result<(Vec<u8>, Layout)> {
    // A 3.x header has mode 1 where a 4.x header has the first bytes of an MD5: read it as 3.x, and as 4.x
    // only if that fails (a 4.x MD5 starting 01 00 00 00); the 3.x reading's error is the one reported.
    if file.get(4..8) != Some(&1u32.to_le_bytes()[..]) {
        return Ok((encrypted::decrypt_as(file, key, Layout::Godot4, max_size)?, Layout::Godot4));
    }
    let as3 = encrypted::decrypt_as(file, key, Layout::Godot3, max_size);
    if as3.is_err() {
        if let Ok(content) = encrypted::decrypt_as(file, key, Layout::Godot4, max_size) {
            return Ok((content, Layout::Godot4));
        }
    }
    Ok((as3?, Layout::Godot3))
}

/// What [`open`] found around a file's content: the [`Container`] that writes it back the same way (the
/// compression mode; the key and layout of an encrypted file), and for a Godot 4 encrypted file the IV it
/// was written with, so that [`Stored::encode`] gives the same bytes again for the same content.
///
/// The IV is kept only for the content the file held: different content gets a new random IV (as the
/// engine gives it), since one IV for two contents under one key would show where they differ.
///
/// ```
/// use godot_bin::container::{encode, open, Container, Key, Layout};
/// let key = Key::from_password("hunter2");
/// let file = encode(b"gold: 100", &Container::Encrypted(key.clone(), Layout::Godot4))?;
/// let (content, stored) = open(&file, Some(&key), 100)?;
/// assert_eq!(stored.container, Container::Encrypted(key, Layout::Godot4));
/// assert_eq!(stored.encode(&content)?, file); // the same content: the same IV, the same bytes
/// assert_ne!(stored.encode(b"gold: 999")?[28..44], file[28..44]); // other content: a new IV
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stored {
    /// The container; for an encrypted file, with the key it opened with.
    pub container: Container,
    /// A Godot 4 encrypted file's IV and the MD5 of the content it was written for.
    iv: Option<([u8; 16], [u8; 16])>,
}

impl Stored {
    /// Content stored in `container` (a Godot 4 encrypted file gets a random IV).
    ///
    /// ```
    /// use godot_bin::container::{Compression, Container, Stored};
    /// let s = Stored::new(Container::Compressed(Compression::Zstd));
    /// assert_eq!(&s.encode(b"abc")?[..8], b"GCPF\x02\0\0\0");
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn new(container: Container) -> Stored {
        Stored { container, iv: None }
    }

    /// The IV of the Godot 4 encrypted file this came from.
    ///
    /// ```
    /// use godot_bin::container::{encrypt_with_iv, open, Key};
    /// let key = Key::from_bytes([1; 32]);
    /// let (_, stored) = open(&encrypt_with_iv(b"x", &key, [5; 16]), Some(&key), 100)?;
    /// assert_eq!(stored.iv(), Some([5; 16]));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn iv(&self) -> Option<[u8; 16]> {
        self.iv.map(|(iv, _)| iv)
    }

    /// `content` in this container: the file's own IV when `content` is what the file held (so an
    /// untouched file comes back byte for byte), else as [`encode`] writes it.
    ///
    /// ```
    /// use godot_bin::container::{encode, open, Compression, Container};
    /// let file = encode(b"level 3", &Container::Compressed(Compression::FastLz))?;
    /// let (content, stored) = open(&file, None, 100)?;
    /// assert_eq!(stored.encode(&content)?, file);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn encode(&self, content: &[u8]) -> Result<Vec<u8>> {
        use md5::{Digest, Md5};
        match (&self.container, self.iv) {
            (Container::Encrypted(key, Layout::Godot4), Some((iv, md5)))
                if <[u8; 16]>::from(Md5::digest(content)) == md5 =>
            {
                Ok(encrypt_with_iv(content, key, iv))
            }
            (container, _) => encode(content, container),
        }
    }
}

impl From<Container> for Stored {
    /// ```
    /// use godot_bin::container::{Container, Stored};
    /// assert_eq!(Stored::from(Container::Plain).container, Container::Plain);
    /// ```
    fn from(container: Container) -> Stored {
        Stored::new(container)
    }
}

/// Opens a file in memory: a compressed file is decompressed, an encrypted one decrypted with `key`
/// (either engine layout, found from the header), anything else is its own content. Returns the content
/// and how the file was stored, so that [`Stored::encode`] writes it back the same way. No content over
/// `max_size` bytes is produced: larger declared sizes are refused before anything is allocated
/// ([`ErrorKind::TooLarge`](crate::ErrorKind::TooLarge)). An encrypted file without a key is
/// [`ErrorKind::KeyNeeded`](crate::ErrorKind::KeyNeeded); with a wrong one,
/// [`ErrorKind::WrongKey`](crate::ErrorKind::WrongKey).
///
/// ```
/// use godot_bin::container::{encode, open, Compression, Container, Key, Layout};
/// let file = encode(b"abc", &Container::Compressed(Compression::Gzip))?;
/// let (content, stored) = open(&file, None, 100)?;
/// assert_eq!((content.as_slice(), stored.container), (&b"abc"[..], Container::Compressed(Compression::Gzip)));
/// assert_eq!(open(b"plain", None, 100)?.1.container, Container::Plain);
/// assert!(matches!(open(&file, None, 2).unwrap_err().kind(), godot_bin::ErrorKind::TooLarge { .. }));
/// let secret = encode(b"secret", &Container::Encrypted(Key::from_password("a"), Layout::Godot4))?;
/// assert_eq!(open(&secret, Some(&Key::from_password("a")), 100)?.0, b"secret");
/// let wrong = open(&secret, Some(&Key::from_password("b")), 100).unwrap_err();
/// assert!(matches!(wrong.kind(), godot_bin::ErrorKind::WrongKey));
/// assert!(matches!(open(&secret, None, 100).unwrap_err().kind(), godot_bin::ErrorKind::KeyNeeded));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn open(file: &[u8], key: Option<&Key>, max_size: u64) -> Result<(Vec<u8>, Stored)> {
    match Kind::of(file) {
        Kind::Encrypted => {
            let key = key.ok_or(ErrorKind::KeyNeeded)?;
            let (content, layout) = decrypt_layout(file, key, max_size)?;
            let iv = match layout {
                Layout::Godot4 => encrypted::iv_of(file).zip(file.get(4..20).and_then(|m| m.try_into().ok())),
                Layout::Godot3 => None,
            };
            Ok((content, Stored { container: Container::Encrypted(key.clone(), layout), iv }))
        }
        Kind::Compressed => {
            let content = compressed::decompress(file, max_size)?;
            let mode = crate::wire::le_u32_at(file, 4)
                .and_then(Compression::from_mode)
                .expect("a file that decompressed has a known mode");
            Ok((content, Stored::new(Container::Compressed(mode))))
        }
        Kind::Plain => {
            if file.len() as u64 > max_size {
                return Err(too_large(0, file.len() as u64, max_size));
            }
            Ok((file.to_vec(), Stored::new(Container::Plain)))
        }
    }
}
