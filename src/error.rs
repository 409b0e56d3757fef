//! Errors: one small boxed [`Error`] type carrying an [`ErrorKind`] and, where known, the byte offset.
//!
//! ```
//! use godot_bin::{Dialect, ErrorKind};
//! let err = "godot9".parse::<Dialect>().unwrap_err();
//! assert!(matches!(err.kind(), ErrorKind::Message(_)));
//! assert_eq!(err.offset(), None); // not about any input bytes
//! assert!(err.to_string().contains("godot9"));
//! ```

// With config.rs, layer 1 of src/ (see lib.rs and scripts/check-layers.py): uses the dialect layer only.

use std::fmt;

use crate::dialect::Dialect;

/// What went wrong. Matched on by callers that want to react to one kind of failure.
///
/// ```
/// use godot_bin::{Config, ErrorKind, Variant};
/// let err = Variant::decode(&[0x02, 0, 0, 0, 1], &Config::default()).unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::UnexpectedEof { .. }));
/// assert_eq!(err.offset(), Some(4));
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ended inside a value.
    #[error("unexpected end of input: {needed} more byte(s) needed")]
    UnexpectedEof {
        /// How many more bytes the field being read needed.
        needed: usize,
    },
    /// The input has no bytes at all: there is no value to read. Given by every decoding entry point for an
    /// empty input (where reading the first header would need 4 more bytes), and by the readers of
    /// `store_var` files for a file that holds no value.
    ///
    /// ```
    /// use godot_bin::{Config, ErrorKind, Variant};
    /// let err = Variant::decode(&[], &Config::default()).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::EmptyInput));
    /// assert_eq!(err.to_string(), "empty input: no value to read at byte 0");
    /// ```
    #[error("empty input: no value to read")]
    EmptyInput,
    /// The input ends inside a part whose length field declares more bytes than are there (a
    /// `store_var`/`put_var` frame, a container's block or table): the file or stream was cut short. The
    /// offset is where the part starts.
    ///
    /// ```
    /// use godot_bin::{framing, Config, ErrorKind};
    /// // The first 12 bytes of a save Godot 3.6 wrote with store_var: its length says 920 bytes follow.
    /// let save = std::fs::read("examples/data/save-godot3.6.sav")?;
    /// let err = framing::from_store_var::<godot_bin::Variant>(&save[..12], &Config::new("godot3".parse()?)).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::Truncated { declared: 920, present: 8 }));
    /// assert_eq!(err.offset(), Some(4));
    /// assert!(err.to_string().starts_with("truncated: 920 byte(s) declared, 8 present"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[error("truncated: {declared} byte(s) declared, {present} present")]
    Truncated {
        /// The value's size, as its length field declares it.
        declared: usize,
        /// How many of those bytes the input holds.
        present: usize,
    },
    /// The header's type id is not a type of this dialect.
    #[error("type id {id} is not a type of {dialect}")]
    UnknownType {
        /// The type id read from the header (low 8 bits).
        id: u32,
        /// The dialect that was decoding.
        dialect: Dialect,
    },
    /// The header has bits set that this dialect rejects.
    #[error("invalid header {header:#010x} for {dialect}")]
    InvalidHeader {
        /// The whole 32-bit header.
        header: u32,
        /// The dialect that was decoding.
        dialect: Dialect,
    },
    /// A string's bytes are not valid UTF-8 (by the dialect's rules).
    #[error("string is not valid UTF-8")]
    InvalidUtf8,
    /// A length or count field is negative, overflows, or claims more bytes than the input has.
    #[error("invalid length or count {value}")]
    InvalidLength {
        /// The value read from the length or count field.
        value: u64,
    },
    /// A container's elements fit the input but not the memory this process may still take: the room for
    /// them could not be reserved (a 32-bit target, such as WebAssembly, reaches this on inputs of a few
    /// hundred MiB). The offset is the container's count.
    ///
    /// ```
    /// use godot_bin::ErrorKind;
    /// let kind = ErrorKind::OutOfMemory { elements: 67_000_000, bytes: 2_680_000_000 };
    /// assert_eq!(kind.to_string(), "no memory for 67000000 element(s) (2680000000 bytes)");
    /// ```
    #[error("no memory for {elements} element(s) ({bytes} bytes)")]
    OutOfMemory {
        /// The container's element count.
        elements: u64,
        /// The bytes they need.
        bytes: u64,
    },
    /// Containers are nested deeper than [`Config::with_max_depth`](crate::Config::with_max_depth) allows.
    #[error("value nested deeper than {max} levels")]
    TooDeep {
        /// The configured limit.
        max: usize,
    },
    /// Serde recursion (a derived `Deserialize` calling into the deserializer level by level) used up its
    /// stack budget ([`Config::with_serde_stack`](crate::Config::with_serde_stack), by default
    /// [`Config::DEFAULT_SERDE_STACK`](crate::Config::DEFAULT_SERDE_STACK) bytes) before
    /// [`SERDE_MAX_DEPTH`](crate::de::SERDE_MAX_DEPTH) was reached: the types being read take that much stack
    /// per level.
    #[error("value nested too deeply for serde: {depth} levels used the {budget}-byte stack budget")]
    StackBudget {
        /// The nesting level at which the budget ran out.
        depth: usize,
        /// The budget, in bytes.
        budget: usize,
    },
    /// A full object was met while objects are not allowed ([`Config::with_allow_objects`](crate::Config::with_allow_objects)).
    #[error("objects are not allowed; enable Config::with_allow_objects to decode or encode full objects")]
    ObjectsNotAllowed,
    /// The value, or one inside it, has a type the dialect cannot carry (e.g. Vector2i in Godot 3).
    #[error("{what} is not available in {dialect}")]
    Unsupported {
        /// The type or feature.
        what: &'static str,
        /// The dialect asked for.
        dialect: Dialect,
    },
    /// The bytes are well-formed up to here but not a valid value.
    #[error("invalid data: {0}")]
    InvalidData(&'static str),
    /// Bytes follow the value where the whole input had to be one value.
    #[error("{0} trailing byte(s) after the value")]
    TrailingBytes(usize),
    /// An integer does not fit the target (e.g. a u64 above i64::MAX, or an Int read into an i8).
    #[error("integer {0} out of range for the target type")]
    IntegerOutOfRange(i128),
    /// A message from serde (a derive's error or a custom one).
    #[error("{0}")]
    Message(String),
    /// Reading or writing the underlying stream failed.
    #[error("I/O error: {0}")]
    Io(#[from] std::io::Error),
    /// Text that does not parse in the form it is read as: the `var_to_str` text form, ConfigFile text or
    /// JSON (which one is `form`). The error's [`Position`] is the line and column.
    ///
    /// ```
    /// use godot_bin::error::{Form, Position};
    /// use godot_bin::{text, Config, ErrorKind};
    /// let err = text::from_text("[1,\n  Vector2(1, x)]", &Config::default()).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::Syntax { form: Form::Text, .. }));
    /// assert_eq!(err.position(), Some(&Position::Text { line: 2, column: 14, byte: 17 }));
    /// assert!(err.to_string().starts_with("line 2, column 14: "));
    /// ```
    #[error("{message}")]
    Syntax {
        /// The form the text was read as.
        form: Form,
        /// What is wrong, in words.
        message: String,
    },
    /// A value without the shape a form needs: JSON that is valid but not a value of the JSON form (a
    /// `{"$Vector2": …}` without two numbers), a value with no exact text form, a Dictionary that is not a
    /// ConfigFile's sections. The error's [`Position`] is the path inside the value, where known.
    ///
    /// ```
    /// use godot_bin::error::{Form, Position};
    /// use godot_bin::{text, Config, Dictionary, ErrorKind, Object, Variant};
    /// let mut d = Dictionary::default();
    /// d.insert("owner".into(), Object::InstanceId(9).into());
    /// let err = text::to_text_exact(&vec![Variant::Nil, d.into()].into(), &Config::default()).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::Shape { form: Form::Text, .. }));
    /// assert_eq!(err.position(), Some(&Position::Value("[1].owner".into())));
    /// ```
    #[error("{message}")]
    Shape {
        /// The form the value is read from or written to.
        form: Form,
        /// What is wrong, in words.
        message: String,
    },
    /// A value of one dialect has no counterpart in another ([`convert`](crate::convert)); the error's
    /// [`Position`] is the path inside the value.
    ///
    /// ```
    /// use godot_bin::convert::{convert, Options};
    /// use godot_bin::{Dialect, ErrorKind, Variant};
    /// let v = Variant::from(vec![Variant::Int(1), Variant::Callable]);
    /// let err = convert(&v, Dialect::Godot4_6, Dialect::Godot3, &Options::default()).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::Conversion(_)));
    /// assert_eq!(err.to_string(), "at [1]: Callable has no counterpart in godot3");
    /// ```
    #[error("{0}")]
    Conversion(String),
    /// Neither `GCPF` nor `GDEC` at the start, where only an encrypted or compressed file is accepted.
    #[error("not an encrypted (GDEC) or compressed (GCPF) file")]
    NotAContainer,
    /// An encrypted file, and no key or password was given.
    #[error("the file is encrypted (GDEC): a password or key is needed")]
    KeyNeeded,
    /// The MD5 of the decrypted content does not match the one in the header, and the content decrypts to
    /// noise: the key or password is most likely wrong (a damaged file opened with the right key still
    /// decrypts mostly to data, which is [`ErrorKind::Damaged`]).
    ///
    /// ```
    /// use godot_bin::container::{encode, open, Container, Key, Layout};
    /// use godot_bin::ErrorKind;
    /// let file = encode(&[0; 64], &Container::Encrypted(Key::from_password("right"), Layout::Godot4))?;
    /// let err = open(&file, Some(&Key::from_password("wrong")), 1 << 20).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::WrongKey));
    /// assert!(err.to_string().starts_with("wrong password or key"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[error(
        "wrong password or key, or a damaged file: the MD5 of the decrypted content does not match the file's, \
         and with this password or key the content decrypts to noise, so the password or key is likelier wrong"
    )]
    WrongKey,
    /// The MD5 of the decrypted content does not match the one in the header, but the content decrypts
    /// mostly to data, not noise: the file is most likely damaged (a byte changed after it was written, which
    /// turns the blocks around it to noise) and the key or password right.
    ///
    /// ```
    /// use godot_bin::container::{encode, open, Container, Key, Layout};
    /// use godot_bin::ErrorKind;
    /// let key = Key::from_password("right");
    /// let mut file = encode(&b"gold: 100, level: 2; ".repeat(20), &Container::Encrypted(key.clone(), Layout::Godot3))?;
    /// let last = file.len() - 1;
    /// file[last] ^= 1; // one byte flipped in the last block
    /// let err = open(&file, Some(&key), 1 << 20).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::Damaged));
    /// assert!(err.to_string().starts_with("damaged file, or a wrong password or key"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    #[error(
        "damaged file, or a wrong password or key: the MD5 of the decrypted content does not match the file's, \
         but with this password or key most of it decrypts to data, not noise, so the file is likelier damaged"
    )]
    Damaged,
    /// A compression mode or encryption mode the engines do not write.
    #[error("unknown mode {mode}")]
    UnknownMode {
        /// The number found.
        mode: u32,
    },
    /// A declared size above the limit (a container's content: [`file::Options::max_size`](crate::file::Options::max_size), or the
    /// `max_size` of [`container::open`](crate::container::open)).
    #[error("declared size {declared} is above the limit of {max} byte(s)")]
    TooLarge {
        /// The size declared.
        declared: u64,
        /// The limit.
        max: u64,
    },
    /// A container's compressed block that does not decompress to its declared size, or a header field
    /// that contradicts the others.
    #[error("corrupt container: {0}")]
    Corrupt(String),
    /// An argument out of range: a key that is not 64 hex digits, a block size of 0.
    #[error("invalid argument: {0}")]
    InvalidArgument(String),
    /// The content is no values that any dialect reads: what detection says of it.
    #[error("{0}")]
    NotGodotData(String),
    /// A bare value (`var_to_bytes`) is one value; this many were given.
    #[error("one bare value (var_to_bytes) is one value, not {0}")]
    NotOneValue(usize),
}

/// The text forms a [`ErrorKind::Syntax`] or [`ErrorKind::Shape`] error is about.
///
/// ```
/// use godot_bin::error::Form;
/// use godot_bin::{config_file::ConfigFile, Config, ErrorKind};
/// let err = ConfigFile::parse("[a]\nx=oops(\n", &Config::default()).unwrap_err();
/// assert!(matches!(err.kind(), ErrorKind::Syntax { form: Form::ConfigFile, .. }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Form {
    /// Godot's text form of a value (`var_to_str`, `str_to_var`).
    Text,
    /// ConfigFile text (`[section]`, `key=value`).
    ConfigFile,
    /// JSON: the crate's type-tagged JSON form, or the JSON of a save.
    Json,
}

/// Where an error was found: a byte of the input, a line and column of text, or a place inside a value.
///
/// ```
/// use godot_bin::error::Position;
/// use godot_bin::{Config, Variant};
/// let err = Variant::decode(&[0x02, 0, 0, 0, 1], &Config::default()).unwrap_err();
/// assert_eq!(err.position(), Some(&Position::Byte(4)));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Position {
    /// A byte offset from the start of the input.
    Byte(usize),
    /// A place in text: 1-based line and column (the column counts characters), and the byte offset.
    Text {
        /// The line, from 1.
        line: usize,
        /// The column in characters, from 1.
        column: usize,
        /// The byte offset in the text.
        byte: usize,
    },
    /// A place inside a value: the path from the top (`entities[3].pos`; empty for the value itself).
    Value(String),
}

impl Position {
    /// The line and column of a byte of `text` (the byte is clamped to the text's length).
    pub(crate) fn in_text(text: &str, byte: usize) -> Position {
        let mut byte = byte.min(text.len());
        while !text.is_char_boundary(byte) {
            byte -= 1;
        }
        let before = &text[..byte];
        let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = before[line_start..].chars().count() + 1;
        Position::Text { line, column, byte }
    }
}

#[derive(Debug)]
struct Inner {
    kind: ErrorKind,
    position: Option<Position>,
    hint: Option<Hint>,
    /// Where in the value the error is, innermost step first (added as the error unwinds through serde's
    /// containers, so a success pays nothing).
    path: Vec<Step>,
}

/// One step of an error's path: a struct field or text key, or a position in an array.
#[derive(Debug)]
pub(crate) enum Step {
    Key(std::borrow::Cow<'static, str>),
    Index(usize),
}

/// What the whole input suggests when decoding it failed: the usual mistakes, named with the fix.
///
/// ```
/// use godot_bin::{error::Hint, Config, Variant};
/// // A file Godot 4.6's store_var(1) wrote: a 4-byte length, then var_to_bytes(1)
/// // (tests/fixtures/godot-4.6/values.tsv "int_1").
/// let file = [8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
/// let err = Variant::decode(&file, &Config::default()).unwrap_err();
/// assert_eq!(err.hint(), Some(Hint::StoreVarStream { big_endian: false }));
/// assert!(err.to_string().contains("store_var"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Hint {
    /// The input is a chain of values each behind a 4-byte length, which lands exactly on its end: what
    /// `FileAccess.store_var` and `StreamPeer.put_var` write. Read it with
    /// [`framing::values`](crate::framing::values) or a [`FrameDecoder`](crate::framing::FrameDecoder)
    /// (CLI: `--framing stream`). `big_endian`: the lengths are big-endian (`FileAccess.big_endian`).
    StoreVarStream {
        /// Whether the lengths are big-endian.
        big_endian: bool,
    },
    /// The bytes do not read in the dialect asked for, and read cleanly in `dialect` (found by
    /// reading it in every dialect): a Godot 3 save read with `Dialect::Godot4_6`, for example.
    /// Given by the [`framing`](crate::framing) readers of files.
    OtherDialect {
        /// The dialect that reads the bytes.
        dialect: Dialect,
    },
    /// The bytes are not Godot data: their first bytes are the magic number (or the text) of another
    /// format, named by [`ForeignFormat::of`]. Given with the error the decode really met, never instead
    /// of it.
    NotGodot {
        /// What the bytes look like.
        looks_like: ForeignFormat,
    },
}

/// A format that is not Godot's binary Variant data, told by its first bytes: what a user may hand to a
/// reader of saves by mistake (an image, an archive, Godot's other files, text). The one table of such magic
/// numbers: errors ([`Hint::NotGodot`]) and the detection of `file::read` both use it.
///
/// ```
/// use godot_bin::error::ForeignFormat;
/// assert_eq!(ForeignFormat::of(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Some(ForeignFormat::Png));
/// assert_eq!(ForeignFormat::of(b"GDPC\x02\0\0\0"), Some(ForeignFormat::GodotPack));
/// assert_eq!(ForeignFormat::of(b"[gd_resource type=\"Resource\" format=3]\n"), Some(ForeignFormat::GodotTextResource));
/// assert_eq!(ForeignFormat::of(b"[player]\nname=\"Ada\"\n"), Some(ForeignFormat::ConfigFile));
/// assert_eq!(ForeignFormat::of(b"{\"hp\": 10}"), Some(ForeignFormat::Json));
/// // Godot 4.6 var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1"): Godot data, no match.
/// assert_eq!(ForeignFormat::of(&[2, 0, 0, 0, 1, 0, 0, 0]), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ForeignFormat {
    /// A PNG image (`\x89PNG`).
    Png,
    /// A JPEG image (`FF D8 FF`).
    Jpeg,
    /// A GIF image (`GIF87a`, `GIF89a`).
    Gif,
    /// A WebP image (`RIFF…WEBP`).
    Webp,
    /// A WAV sound (`RIFF…WAVE`).
    Wav,
    /// An Ogg stream (`OggS`).
    Ogg,
    /// A ZIP archive (`PK\x03\x04`, or an empty one).
    Zip,
    /// gzip-compressed data (`1F 8B`).
    Gzip,
    /// A Zstandard frame (`28 B5 2F FD`).
    Zstd,
    /// xz-compressed data (`FD 37 7A 58 5A 00`).
    Xz,
    /// bzip2-compressed data (`BZh`).
    Bzip2,
    /// A 7-Zip archive (`37 7A BC AF 27 1C`).
    SevenZip,
    /// A PDF document (`%PDF-`).
    Pdf,
    /// An ELF executable or library (`\x7fELF`).
    Elf,
    /// A Windows executable or DLL (`MZ`).
    WindowsExecutable,
    /// A Mach-O executable or library (macOS).
    MachO,
    /// An SQLite database (`SQLite format 3`).
    Sqlite,
    /// A Godot resource pack (`.pck`, magic `GDPC`): the exported game's files, not a save.
    GodotPack,
    /// A Godot binary resource (`.res`, `.scn`; magic `RSRC`, or `RSCC` compressed).
    GodotBinaryResource,
    /// A Godot imported texture (`.ctex`, magic `GST2`; `.stex` in 3.x, `GDST`).
    GodotTexture,
    /// A Godot text resource or scene (`.tres`, `.tscn`: `[gd_resource …]`, `[gd_scene …]`).
    GodotTextResource,
    /// ConfigFile text (`ConfigFile.save`, `project.godot`, `.cfg`): `[section]` and `key=value` lines.
    ConfigFile,
    /// JSON text (starts with `{` or `[`).
    Json,
    /// Hexadecimal digits (a hex dump of bytes).
    Hex,
    /// Base64 text.
    Base64,
    /// Other UTF-8 text (`bom`: it starts with a UTF-8 byte-order mark).
    Text {
        /// Whether the text starts with a UTF-8 byte-order mark (`EF BB BF`).
        bom: bool,
    },
}

impl fmt::Display for ForeignFormat {
    /// What the bytes look like, and where the format's own reader is when it is one of Godot's.
    ///
    /// ```
    /// use godot_bin::error::ForeignFormat;
    /// assert_eq!(ForeignFormat::Png.to_string(), "a PNG image");
    /// assert!(ForeignFormat::ConfigFile.to_string().contains("godot-bin config-file"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ForeignFormat::*;
        f.write_str(match self {
            Png => "a PNG image",
            Jpeg => "a JPEG image",
            Gif => "a GIF image",
            Webp => "a WebP image",
            Wav => "a WAV sound",
            Ogg => "an Ogg stream",
            Zip => "a ZIP archive",
            Gzip => "gzip-compressed data (Godot's own compressed files start with GCPF)",
            Zstd => "a Zstandard frame (Godot's own compressed files start with GCPF)",
            Xz => "xz-compressed data",
            Bzip2 => "bzip2-compressed data",
            SevenZip => "a 7-Zip archive",
            Pdf => "a PDF document",
            Elf => "an ELF executable or library",
            WindowsExecutable => "a Windows executable or DLL",
            MachO => "a Mach-O executable or library",
            Sqlite => "an SQLite database",
            GodotPack => "a Godot resource pack (.pck, GDPC), not a save",
            GodotBinaryResource => "a Godot binary resource (.res/.scn, RSRC), not a save",
            GodotTexture => "a Godot imported texture (GST2/GDST), not a save",
            GodotTextResource => "a Godot text resource or scene (.tres/.tscn), not a save",
            ConfigFile => {
                "ConfigFile text ([section], key=value): read it with godot_bin::config_file \
                 (CLI: godot-bin config-file)"
            }
            Json => "JSON text (CLI: godot-bin encode --from json turns the JSON of decode --to json into binary)",
            Hex => "hexadecimal digits (CLI: --in hex)",
            Base64 => "base64 text (CLI: --in base64)",
            Text { bom: true } => "text (UTF-8 with a byte-order mark)",
            Text { bom: false } => "text",
        })
    }
}

impl fmt::Display for Hint {
    /// ```
    /// let h = godot_bin::error::Hint::StoreVarStream { big_endian: true };
    /// assert!(h.to_string().contains("Endian::Big"));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let big_endian = match *self {
            Hint::StoreVarStream { big_endian } => big_endian,
            Hint::NotGodot { looks_like } => return write!(f, "not Godot data: this looks like {looks_like}"),
            Hint::OtherDialect { dialect } => {
                return write!(
                    f,
                    "these bytes read cleanly as {dialect}, not in the dialect asked for: use \
                     Config::new(\"{dialect}\".parse()?) (CLI: --dialect {dialect})"
                );
            }
        };
        f.write_str(
            "the input looks like a store_var/put_var stream (a 4-byte length before each value): read it with \
             godot_bin::file::open (any save), framing::read_store_var (one value), framing::values (every value) or \
             FrameDecoder (CLI: --framing stream)",
        )?;
        if big_endian {
            f.write_str(", with big-endian lengths (Endian::Big)")?;
        }
        Ok(())
    }
}

/// The error type of every fallible operation in this crate: an [`ErrorKind`] plus the byte offset
/// (from the start of the input) at which the problem was found, where known.
///
/// It is one pointer wide, so `Result<T, Error>` stays small.
///
/// ```
/// use godot_bin::{Config, Variant};
/// // A String header claiming 1000 bytes, followed by 4.
/// let bytes = [4, 0, 0, 0, 0xe8, 3, 0, 0, b'a', b'b', b'c', b'd'];
/// let err = Variant::decode(&bytes, &Config::default()).unwrap_err();
/// assert_eq!(err.offset(), Some(4));
/// assert!(err.to_string().contains("at byte 4"));
/// ```
pub struct Error(Box<Inner>);

impl Error {
    /// An error of `kind` at byte `offset`.
    pub(crate) fn new(kind: ErrorKind, offset: Option<usize>) -> Self {
        Error(Box::new(Inner { kind, position: offset.map(Position::Byte), hint: None, path: Vec::new() }))
    }

    /// An error of `kind` found at `position`.
    pub(crate) fn at_position(kind: ErrorKind, position: Position) -> Self {
        Error(Box::new(Inner { kind, position: Some(position), hint: None, path: Vec::new() }))
    }

    /// A syntax error of `form` at byte `byte` of `text` (its line and column computed).
    #[cold]
    pub(crate) fn syntax(form: Form, text: &str, byte: usize, message: impl Into<String>) -> Self {
        Self::at_position(ErrorKind::Syntax { form, message: message.into() }, Position::in_text(text, byte))
    }

    /// A value without the shape `form` needs, at `path` inside it (`None`: no place known).
    #[cold]
    pub(crate) fn shape(form: Form, path: Option<String>, message: impl Into<String>) -> Self {
        let kind = ErrorKind::Shape { form, message: message.into() };
        match path {
            Some(p) => Self::at_position(kind, Position::Value(p)),
            None => Self::new(kind, None),
        }
    }

    pub(crate) fn at(kind: ErrorKind, offset: usize) -> Self {
        Self::new(kind, Some(offset))
    }

    /// Malformed or unusable data ([`ErrorKind::InvalidData`]), at `at` if known: the one constructor of the
    /// serde format's "invalid" errors.
    pub(crate) fn invalid(what: &'static str, at: Option<usize>) -> Self {
        Self::new(ErrorKind::InvalidData(what), at)
    }

    /// The error of a reading of `text[base..]` as the same error in the whole `text`, read as `form`: a
    /// syntax error's line and column are counted in `text`, and its form becomes `form` (a value of a
    /// ConfigFile line is read by the text form's parser).
    #[cold]
    pub(crate) fn within(mut self, form: Form, text: &str, base: usize) -> Self {
        let byte = base + self.offset().unwrap_or(0);
        if let ErrorKind::Syntax { form: f, .. } | ErrorKind::Shape { form: f, .. } = &mut self.0.kind {
            *f = form;
        }
        self.0.position = Some(Position::in_text(text, byte));
        self
    }

    /// Sets the offset if none is known yet.
    pub(crate) fn or_offset(mut self, offset: usize) -> Self {
        if self.0.position.is_none() {
            self.0.position = Some(Position::Byte(offset));
        }
        self
    }

    /// Moves the offset by `by` bytes (from a frame's start to the stream's); an error with no offset gets
    /// `by`, the start of the frame it came from.
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        self.0.position = Some(match self.0.position.take() {
            None => Position::Byte(by),
            Some(Position::Byte(o)) => Position::Byte(o + by),
            Some(Position::Text { line, column, byte }) => Position::Text { line, column, byte: byte + by },
            Some(p @ Position::Value(_)) => p,
        });
        self
    }

    /// The same error with another kind (an empty input's end-of-input error is
    /// [`ErrorKind::EmptyInput`]).
    #[cold]
    pub(crate) fn with_kind(mut self, kind: ErrorKind) -> Self {
        self.0.kind = kind;
        self
    }

    /// Adds `hint` unless the error has one.
    #[cold]
    pub(crate) fn or_hint(mut self, hint: Hint) -> Self {
        self.0.hint.get_or_insert(hint);
        self
    }

    /// Records that the error happened inside `step` (as it unwinds out of a container).
    #[cold]
    pub(crate) fn inside(mut self, step: Step) -> Self {
        self.0.path.push(step);
        self
    }

    /// Where in the value the error is, as a path from the top: `entities[0].inventory[1].durability`
    /// (a key that is not a plain name is quoted: `["my key"]`), or the [`Position::Value`] of an error
    /// of [`convert`](crate::convert), the JSON form or the text form. Empty for an error at the top level or
    /// outside a value.
    ///
    /// ```
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Item { durability: i32 }
    /// #[derive(serde::Deserialize, Debug)]
    /// struct Save { items: Vec<Item> }
    /// let bytes = godot_bin::to_vec(&godot_bin::Variant::from_iter([(
    ///     "items",
    ///     godot_bin::Variant::from_iter([godot_bin::Variant::from_iter([("durability", 0.75)])]),
    /// )]))?;
    /// let err = godot_bin::from_slice::<Save>(&bytes).unwrap_err();
    /// assert_eq!(err.path(), "items[0].durability");
    /// assert!(err.to_string().contains("at items[0].durability (byte"), "{err}");
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn path(&self) -> String {
        if let (true, Some(Position::Value(p))) = (self.0.path.is_empty(), &self.0.position) {
            return p.clone();
        }
        let mut out = String::new();
        for step in self.0.path.iter().rev() {
            match step {
                Step::Index(i) => out.push_str(&format!("[{i}]")),
                Step::Key(k) if !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
                Step::Key(k) => out.push_str(&format!("[{k:?}]")),
            }
        }
        out
    }

    /// What the whole input suggests about this error, if anything: see [`Hint`].
    ///
    /// ```
    /// use godot_bin::{Config, Variant};
    /// // Godot 4.6 var_to_bytes(1) and a stray byte: no hint.
    /// let err = Variant::decode(&[2, 0, 0, 0, 1, 0, 0, 0, 0], &Config::default()).unwrap_err();
    /// assert_eq!(err.hint(), None);
    /// ```
    pub fn hint(&self) -> Option<Hint> {
        self.0.hint
    }

    /// What went wrong.
    ///
    /// ```
    /// use godot_bin::{Config, Dialect, ErrorKind, Variant};
    /// // Godot 4.6 var_to_bytes(PackedStringArray(["ab"])), tests/fixtures/godot-4.6/values.tsv (pstr_1)
    /// let bytes = [0x22, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', 0, 0];
    /// assert!(Variant::decode(&bytes, &Config::new(Dialect::Godot4_6)).is_ok());
    /// // Godot 3 has no type id 0x22.
    /// let err = Variant::decode(&bytes, &Config::new(Dialect::Godot3)).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::UnknownType { id: 0x22, dialect: Dialect::Godot3 }));
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The byte offset in the input at which the problem was found, if known (for an error in text, the
    /// byte of its line and column).
    ///
    /// ```
    /// use godot_bin::{Config, ErrorKind, Variant};
    /// // Godot 4.6 var_to_bytes(1), tests/fixtures/godot-4.6/values.tsv (int_1), plus 4 stray bytes.
    /// let bytes = [0x02, 0, 0, 0, 0x01, 0, 0, 0, 0xde, 0xad, 0xbe, 0xef];
    /// let err = Variant::decode(&bytes, &Config::default()).unwrap_err();
    /// assert!(matches!(err.kind(), ErrorKind::TrailingBytes(4)));
    /// assert_eq!(err.offset(), Some(8));
    /// ```
    pub fn offset(&self) -> Option<usize> {
        match self.0.position {
            Some(Position::Byte(o)) | Some(Position::Text { byte: o, .. }) => Some(o),
            _ => None,
        }
    }

    /// Where the problem was found, if known: a byte, a line and column of text, or a place in a value.
    ///
    /// ```
    /// use godot_bin::error::Position;
    /// use godot_bin::{config_file::ConfigFile, Config};
    /// let err = ConfigFile::parse("[a]\nx=1\ny=Vector2(1, oops)\n", &Config::default()).unwrap_err();
    /// assert!(matches!(err.position(), Some(Position::Text { line: 3, column: 14, .. })));
    /// ```
    pub fn position(&self) -> Option<&Position> {
        self.0.position.as_ref()
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("Error");
        d.field("kind", &self.0.kind).field("position", &self.0.position);
        if let Some(h) = &self.0.hint {
            d.field("hint", h);
        }
        d.finish()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = &self.0.kind;
        match (&self.0.position, self.0.path.is_empty()) {
            (Some(Position::Byte(o)), true) => write!(f, "{kind} at byte {o}")?,
            (Some(Position::Byte(o)), false) => write!(f, "{kind} at {} (byte {o})", self.path())?,
            (Some(Position::Text { line, column, .. }), _) => write!(f, "line {line}, column {column}: {kind}")?,
            (Some(Position::Value(p)), _) if p.is_empty() => write!(f, "at the top-level value: {kind}")?,
            (Some(Position::Value(p)), _) => write!(f, "at {p}: {kind}")?,
            (None, true) => fmt::Display::fmt(kind, f)?,
            (None, false) => write!(f, "{kind} at {}", self.path())?,
        }
        match &self.0.hint {
            Some(h) => write!(f, "; {h}"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.0.kind {
            ErrorKind::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error::new(kind, None)
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::new(ErrorKind::Io(e), None)
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
