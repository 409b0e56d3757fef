//! The file containers of the engines' `FileAccess`: encrypted files (`open_encrypted`,
//! `open_encrypted_with_pass`; magic `GDEC`) and compressed files (`open_compressed`; magic `GCPF`), read
//! and written (feature `containers`).
//!
//! A container wraps the bytes of a whole file; inside is what the game stored, usually a stream of
//! `store_var` values, read with [`framing::values`](crate::framing::values). [`decode`] finds the
//! container by its magic and opens it; [`encode`] (or [`Writer`]) writes one. [`open`] also says how the
//! file was stored ([`Stored`]: the compression
//! mode, or the key, layout and IV of an encrypted file), and [`Stored::encode`] writes new content back
//! the same way; [`file::open`](crate::file::open) and [`file::save`](crate::file::save) do the same for
//! a whole save on disk, values, framing and dialect included.
//!
//! | engine | here | ours is byte-identical to the engine's |
//! |---|---|---|
//! | `open_compressed(path, WRITE, COMPRESSION_FASTLZ)` (the default) | [`Compression::FastLz`] | yes (3.2.3, 3.6, 4.6) |
//! | `COMPRESSION_DEFLATE`, `COMPRESSION_GZIP` | [`Compression::Deflate`], [`Compression::Gzip`] | no: another deflate encoder, the same content |
//! | `COMPRESSION_ZSTD` | [`Compression::Zstd`] | no: another zstd encoder, the same content |
//! | 3.x `open_encrypted[_with_pass]` | [`Layout::Godot3`] | yes |
//! | 4.x `open_encrypted[_with_pass]` | [`Layout::Godot4`] | with the same IV ([`encrypt_with_iv`]); the engine picks a random one |
//!
//! Hostile files: every declared size is checked (with checked arithmetic) against
//! [`ReadOptions::max_size`] (default [`DEFAULT_MAX_SIZE`]) and against the input's length before anything
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
//! use godot_bin::container::{self, Compression, Container, Key, ReadOptions};
//! use godot_bin::framing::{self, Endian};
//! let cfg = godot_bin::Config::default();
//! // A save as `store_var` writes it, twice over: inside an encrypted file, and a compressed one.
//! let mut save = Vec::new();
//! framing::write_var(&mut save, &("gold", 100), &cfg, Endian::Little)?;
//! let key = Key::from_password("hunter2");
//! for c in [Container::Encrypted(key.clone(), container::Layout::Godot4), Container::Compressed(Compression::FastLz)] {
//!     let file = container::encode(&save, &c)?;
//!     let opened = container::decode(&file, &ReadOptions::new().key(key.clone()))?;
//!     let values: Vec<(String, i64)> = framing::values(&opened, &cfg, Endian::Little).collect::<Result<_, _>>()?;
//!     assert_eq!(values, [("gold".to_string(), 100)]);
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io::{self, Write};

pub(crate) mod compressed;
mod encrypted;
mod fastlz;

use crate::detect::{COMPRESSED_MAGIC, ENCRYPTED_MAGIC};
use crate::error::{Error, ErrorKind, Result};

/// The largest content [`decode`] produces unless told otherwise: 256 MiB, far above any save game.
///
/// ```
/// assert_eq!(godot_bin::container::DEFAULT_MAX_SIZE, 256 << 20);
/// assert_eq!(godot_bin::container::ReadOptions::new().max_size, 256 << 20);
/// ```
pub const DEFAULT_MAX_SIZE: u64 = 256 << 20;

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
    /// The mode for the number in a file's header.
    ///
    /// ```
    /// use godot_bin::container::Compression;
    /// assert_eq!(Compression::from_mode(1), Some(Compression::Deflate));
    /// assert_eq!(Compression::from_mode(4), None); // Brotli: the engine reads it, never writes it
    /// ```
    pub fn from_mode(mode: u32) -> Option<Compression> {
        Some(match mode {
            0 => Compression::FastLz,
            1 => Compression::Deflate,
            2 => Compression::Zstd,
            3 => Compression::Gzip,
            _ => return None,
        })
    }

    /// The lowercase name (`fastlz`, `deflate`, `zstd`, `gzip`).
    ///
    /// ```
    /// assert_eq!(godot_bin::container::Compression::Deflate.name(), "deflate");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Compression::FastLz => "fastlz",
            Compression::Deflate => "deflate",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
        }
    }
}

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
/// use godot_bin::container::{encrypt, Key, Layout};
/// let key = Key::from_bytes([7; 32]);
/// assert_eq!(&encrypt(b"x", &key, Layout::Godot3)?[4..8], &[1, 0, 0, 0]); // 3.x: the mode
/// assert_eq!(encrypt(b"x", &key, Layout::Godot4)?.len(), 44 + 16); // 4.x: an IV in the header
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
/// use godot_bin::container::{detect, Kind};
/// assert_eq!(detect(b"GCPF\0\0\0\0"), Kind::Compressed);
/// assert_eq!(detect(b"GDEC"), Kind::Encrypted);
/// assert_eq!(detect(&[12, 0, 0, 0]), Kind::Plain); // a store_var length
/// ```
#[doc(no_inline)]
pub use crate::detect::ContainerKind as Kind;

/// The [`Kind`] of a file from its start (four bytes are enough).
///
/// ```
/// assert_eq!(godot_bin::container::detect(b"GD"), godot_bin::container::Kind::Plain);
/// ```
pub fn detect(head: &[u8]) -> Kind {
    Kind::of(head)
}

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

/// How [`decode`] opens a file.
///
/// ```
/// use godot_bin::container::{Key, ReadOptions};
/// let opts = ReadOptions::new().key(Key::from_password("pw")).max_size(1 << 20);
/// assert_eq!(opts.max_size, 1 << 20);
/// ```
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// The key for an encrypted file (none: an encrypted file is [`ErrorKind::KeyNeeded`]).
    pub key: Option<Key>,
    /// The largest content to produce; larger declared sizes are refused before allocating.
    pub max_size: u64,
    /// Whether a file without a container is accepted as its own content (default true).
    pub allow_plain: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions { key: None, max_size: DEFAULT_MAX_SIZE, allow_plain: true }
    }
}

impl ReadOptions {
    /// The defaults: no key, [`DEFAULT_MAX_SIZE`], plain files accepted.
    ///
    /// ```
    /// let o = godot_bin::container::ReadOptions::new();
    /// assert!(o.key.is_none() && o.allow_plain);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// With this key (or [`Key::from_password`]).
    ///
    /// ```
    /// use godot_bin::container::{Key, ReadOptions};
    /// assert!(ReadOptions::new().key(Key::from_bytes([0; 32])).key.is_some());
    /// ```
    pub fn key(mut self, key: Key) -> Self {
        self.key = Some(key);
        self
    }

    /// With this limit on the content's size.
    ///
    /// ```
    /// assert_eq!(godot_bin::container::ReadOptions::new().max_size(10).max_size, 10);
    /// ```
    pub fn max_size(mut self, max: u64) -> Self {
        self.max_size = max;
        self
    }

    /// Refuse files without a container ([`ErrorKind::NotAContainer`]).
    ///
    /// ```
    /// use godot_bin::container::{decode, ReadOptions};
    /// assert!(decode(b"abcd", &ReadOptions::new().require_container()).is_err());
    /// ```
    pub fn require_container(mut self) -> Self {
        self.allow_plain = false;
        self
    }
}

/// Opens a file in memory: a compressed file is decompressed, an encrypted one decrypted with
/// `opts.key` (either engine layout, found from the header), anything else is returned as it is (unless
/// [`ReadOptions::require_container`]).
///
/// ```
/// use godot_bin::container::{decode, encode, Compression, Container, ReadOptions};
/// let file = encode(b"content", &Container::Compressed(Compression::Deflate))?;
/// assert_eq!(decode(&file, &ReadOptions::new())?, b"content");
/// assert_eq!(decode(b"plain", &ReadOptions::new())?, b"plain");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn decode(file: &[u8], opts: &ReadOptions) -> Result<Vec<u8>> {
    match detect(file) {
        Kind::Compressed => compressed::decompress(file, opts.max_size),
        Kind::Encrypted => {
            let key = opts.key.as_ref().ok_or(ErrorKind::KeyNeeded)?;
            decrypt(file, key, opts.max_size)
        }
        Kind::Plain if opts.allow_plain => {
            if file.len() as u64 > opts.max_size {
                return Err(too_large(0, file.len() as u64, opts.max_size));
            }
            Ok(file.to_vec())
        }
        Kind::Plain => Err(Error::from(ErrorKind::NotAContainer)),
    }
}

/// Writes `content` inside `container`.
///
/// ```
/// use godot_bin::container::{decode, encode, Container, Key, Layout, ReadOptions};
/// let key = Key::from_password("pw");
/// let file = encode(b"content", &Container::Encrypted(key.clone(), Layout::Godot3))?;
/// assert_eq!(decode(&file, &ReadOptions::new().key(key))?, b"content");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn encode(content: &[u8], container: &Container) -> Result<Vec<u8>> {
    match container {
        Container::Plain => Ok(content.to_vec()),
        Container::Compressed(mode) => compress(content, *mode),
        Container::Encrypted(key, layout) => encrypt(content, key, *layout),
    }
}

/// A compressed file (`GCPF`) of `content` in 4096-byte blocks, as `open_compressed` writes it.
///
/// ```
/// use godot_bin::container::{compress, Compression};
/// let file = compress(&[0; 10_000], Compression::FastLz)?;
/// assert_eq!(&file[12..16], &10_000u32.to_le_bytes()); // the total
/// assert_eq!(&file[file.len() - 4..], b"GCPF");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn compress(content: &[u8], mode: Compression) -> Result<Vec<u8>> {
    compressed::compress_blocks(content, mode, compressed::ENGINE_BLOCK_SIZE)
}

/// [`compress`] with another block size (`FileAccessCompressed::configure` in C++; GDScript always gets
/// 4096). FastLZ blocks of 64 KiB and more are written at level 1, where the engine would pick level 2:
/// the engine reads them all the same.
///
/// ```
/// use godot_bin::container::{compress_with_block_size, decompress, Compression};
/// let file = compress_with_block_size(&[5; 100], Compression::FastLz, 16)?;
/// assert_eq!(&file[8..12], &16u32.to_le_bytes());
/// assert_eq!(decompress(&file, 1000)?, [5; 100]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn compress_with_block_size(content: &[u8], mode: Compression, block_size: u32) -> Result<Vec<u8>> {
    compressed::compress_blocks(content, mode, block_size)
}

/// The content of a compressed file (`GCPF`), at most `max_size` bytes.
///
/// ```
/// use godot_bin::container::{compress, decompress, Compression};
/// let file = compress(&[1; 5000], Compression::Gzip)?;
/// assert_eq!(decompress(&file, 5000)?.len(), 5000);
/// assert!(matches!(decompress(&file, 4999).unwrap_err().kind(), godot_bin::ErrorKind::TooLarge { .. }));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn decompress(file: &[u8], max_size: u64) -> Result<Vec<u8>> {
    compressed::decompress(file, max_size)
}

/// An encrypted file (`GDEC`) of `content` in `layout`; a Godot 4 file gets a random IV from the OS.
///
/// ```
/// use godot_bin::container::{encrypt, Key, Layout};
/// let key = Key::from_bytes([3; 32]);
/// // 3.x is deterministic, 4.x is not (a new IV each time):
/// assert_eq!(encrypt(b"a", &key, Layout::Godot3)?, encrypt(b"a", &key, Layout::Godot3)?);
/// assert_ne!(encrypt(b"a", &key, Layout::Godot4)?, encrypt(b"a", &key, Layout::Godot4)?);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn encrypt(content: &[u8], key: &Key, layout: Layout) -> Result<Vec<u8>> {
    encrypted::encrypt(content, key, layout, None)
}

/// A Godot 4 encrypted file with the given IV (4.x `open_encrypted(path, mode, key, iv)`); with the IV of
/// an engine-written file ([`godot4_iv`]) it gives that file's bytes.
///
/// ```
/// use godot_bin::container::{encrypt_with_iv, godot4_iv, Key};
/// let f = encrypt_with_iv(b"a", &Key::from_bytes([3; 32]), [9; 16]);
/// assert_eq!(godot4_iv(&f), Some([9; 16]));
/// ```
pub fn encrypt_with_iv(content: &[u8], key: &Key, iv: [u8; 16]) -> Vec<u8> {
    encrypted::encrypt(content, key, Layout::Godot4, Some(iv)).expect("no randomness needed with an IV")
}

/// The IV in a Godot 4 encrypted file's header (bytes 28..44), if the file is that long.
///
/// ```
/// assert_eq!(godot_bin::container::godot4_iv(b"GDEC"), None);
/// ```
pub fn godot4_iv(file: &[u8]) -> Option<[u8; 16]> {
    encrypted::iv_of(file)
}

/// The content of an encrypted file (`GDEC`), either layout (found from the header: 3.x has mode 1
/// after the magic).
///
/// ```
/// use godot_bin::container::{decrypt, encrypt, Key, Layout};
/// let file = encrypt(b"secret", &Key::from_password("a"), Layout::Godot4)?;
/// assert_eq!(decrypt(&file, &Key::from_password("a"), 100)?, b"secret");
/// let wrong = decrypt(&file, &Key::from_password("b"), 100).unwrap_err();
/// assert!(matches!(wrong.kind(), godot_bin::ErrorKind::WrongKey));
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn decrypt(file: &[u8], key: &Key, max_size: u64) -> Result<Vec<u8>> {
    decrypt_layout(file, key, max_size).map(|(content, _)| content)
}

/// [`decrypt`], and the layout the file was in.
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
/// use godot_bin::container::{encrypt, open, Container, Key, Layout, ReadOptions, Stored};
/// let key = Key::from_password("hunter2");
/// let file = encrypt(b"gold: 100", &key, Layout::Godot4)?;
/// let (content, stored) = open(&file, &ReadOptions::new().key(key.clone()))?;
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
    /// use godot_bin::container::{encrypt_with_iv, open, Key, ReadOptions};
    /// let key = Key::from_bytes([1; 32]);
    /// let (_, stored) = open(&encrypt_with_iv(b"x", &key, [5; 16]), &ReadOptions::new().key(key))?;
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
    /// use godot_bin::container::{compress, open, Compression, ReadOptions};
    /// let file = compress(b"level 3", Compression::FastLz)?;
    /// let (content, stored) = open(&file, &ReadOptions::new())?;
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

/// Opens a file in memory as [`decode`] does, and says how it was stored, so that [`Stored::encode`]
/// writes it back the same way.
///
/// ```
/// use godot_bin::container::{compress, open, Compression, Container, ReadOptions};
/// let (content, stored) = open(&compress(b"abc", Compression::Gzip)?, &ReadOptions::new())?;
/// assert_eq!((content.as_slice(), stored.container), (&b"abc"[..], Container::Compressed(Compression::Gzip)));
/// let (_, stored) = open(b"plain", &ReadOptions::new())?;
/// assert_eq!(stored.container, Container::Plain);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn open(file: &[u8], opts: &ReadOptions) -> Result<(Vec<u8>, Stored)> {
    match detect(file) {
        Kind::Encrypted => {
            let key = opts.key.as_ref().ok_or(ErrorKind::KeyNeeded)?;
            let (content, layout) = decrypt_layout(file, key, opts.max_size)?;
            let iv = match layout {
                Layout::Godot4 => godot4_iv(file).zip(file.get(4..20).and_then(|m| m.try_into().ok())),
                Layout::Godot3 => None,
            };
            Ok((content, Stored { container: Container::Encrypted(key.clone(), layout), iv }))
        }
        Kind::Compressed => {
            let content = compressed::decompress(file, opts.max_size)?;
            let mode = crate::wire::le_u32_at(file, 4)
                .and_then(Compression::from_mode)
                .expect("a file that decompressed has a known mode");
            Ok((content, Stored::new(Container::Compressed(mode))))
        }
        _ => Ok((decode(file, opts)?, Stored::new(Container::Plain))),
    }
}

/// [`decrypt`] in the given layout only.
///
/// ```
/// use godot_bin::container::{decrypt_as, encrypt, Key, Layout};
/// let key = Key::from_bytes([1; 32]);
/// let file = encrypt(b"x", &key, Layout::Godot3)?;
/// assert!(decrypt_as(&file, &key, Layout::Godot4, 100).is_err());
/// assert_eq!(decrypt_as(&file, &key, Layout::Godot3, 100)?, b"x");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn decrypt_as(file: &[u8], key: &Key, layout: Layout, max_size: u64) -> Result<Vec<u8>> {
    encrypted::decrypt_as(file, key, layout, max_size)
}

/// An [`io::Write`] that collects the content and writes the container around it to the inner writer on
/// [`Writer::finish`] (the engine, too, keeps the content in memory until the file is closed).
/// Composes with [`framing::write_var`](crate::framing::write_var).
///
/// ```
/// use godot_bin::container::{decode, Compression, Container, ReadOptions, Writer};
/// use godot_bin::framing::{self, Endian};
/// let cfg = godot_bin::Config::default();
/// let mut w = Writer::new(Vec::new(), Container::Compressed(Compression::FastLz));
/// framing::write_var(&mut w, &"level 2", &cfg, Endian::Little)?;
/// framing::write_var(&mut w, &42, &cfg, Endian::Little)?;
/// let file = w.finish()?;
/// let content = decode(&file, &ReadOptions::new())?;
/// let v: Vec<godot_bin::Variant> = framing::values(&content, &cfg, Endian::Little).collect::<Result<_, _>>()?;
/// assert_eq!(v, [godot_bin::Variant::from("level 2"), godot_bin::Variant::Int(42)]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Writer<W: Write> {
    inner: W,
    content: Vec<u8>,
    container: Container,
}

impl<W: Write> Writer<W> {
    /// A writer of `container` into `inner`.
    ///
    /// ```
    /// use godot_bin::container::{Container, Writer};
    /// use std::io::Write;
    /// let mut w = Writer::new(Vec::new(), Container::Plain);
    /// w.write_all(b"abc")?;
    /// assert_eq!(w.finish()?, b"abc");
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn new(inner: W, container: Container) -> Self {
        Writer { inner, content: Vec::new(), container }
    }

    /// Encodes the container, writes it to the inner writer, flushes it and returns it.
    ///
    /// ```
    /// use godot_bin::container::{Compression, Container, Writer};
    /// let w = Writer::new(Vec::new(), Container::Compressed(Compression::Zstd));
    /// assert_eq!(&w.finish()?[..4], b"GCPF");
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn finish(mut self) -> Result<W> {
        let file = encode(&self.content, &self.container)?;
        self.inner.write_all(&file)?;
        self.inner.flush()?;
        Ok(self.inner)
    }
}

impl<W: Write> Write for Writer<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.content.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
