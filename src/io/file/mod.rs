//! Saves on disk, whatever they are: the one place that decides how a file is opened and written back.
//!
//! [`open`] (a path) and [`read`] (bytes) take a file through every step, each decided here once:
//! 1. its container: plain, compressed (`GCPF`, `open_compressed`) or encrypted (`GDEC`, `open_encrypted`,
//!    with the password or key of the [`Options`]), within the [size limit](Options::max_size);
//! 2. what the content is ([`Kind`]): values as `store_var` / `put_var` write them (each behind a 4-byte
//!    length, little- or big-endian), one bare value (`var_to_bytes`), ConfigFile text (Godot 3's or 4's
//!    syntax, told by which writes more of its lines back as they are) or JSON as the engines' `JSON.stringify`
//!    / `to_json` write it (one document, or one per line as the manual's "Saving games" page does), or a
//!    Resource file (`.res`, compressed `.res`, `.tres`: its main resource's properties as one Dictionary,
//!    with the [`check`](crate::resource::check) report in the evidence);
//! 3. the dialect, found by reading the content in every dialect where the caller does not give it, and the values.
//!
//! The [`Save`] it gives holds the values, the [`Format`] that writes them back the same way, and the
//! [`Report`] a tool shows (what detection saw, the other readings, what is ambiguous). [`save`] writes it
//! back atomically; while the values are those that were read, the file comes back byte for byte (an
//! encrypted Godot 4 file keeps its IV, a compressed one its bytes, ConfigFile text its comments).
//!
//! ```no_run
//! use godot_bin::{file, Variant};
//! let mut save = file::open("user_save.dat", &file::Options { key: Some(godot_bin::container::Key::from_password("hunter2")), ..file::Options::default() })?;
//! if let Variant::Dictionary(d) = &mut save.values[0] {
//!     d.insert(Variant::from("gold"), Variant::Int(999));
//! }
//! file::save("user_save.dat", &save)?;
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! [`write_atomic`] writes a temporary file beside the target, flushes it to the disk and renames it over
//! the target: a full disk, a killed process or a power cut leaves either the old file or the new one,
//! never a mix, and never a 0-byte file. Every call of this crate that writes a path goes through it.

use std::path::Path;

use crate::config::{Config, Dialect};
use crate::config_file::{self, KeyStyle};
use crate::container::{self, Container, Key, Stored};
use crate::detect::{self, Candidate, Framing};
use crate::error::{Error, ErrorKind, Result};
use crate::forms::engine_json::{self, JsonStyle as Style};
use crate::resource::{self, ResourceFile};
use crate::value::Variant;

pub use super::atomic::{remove_unfinished_writes, write_atomic};
pub use crate::forms::engine_json::JsonStyle;

mod partial;

/// The largest file [`open`] reads, and the largest content a container may hold, unless
/// [`Options::max_size`] says otherwise: 256 MiB, far above any save game.
///
/// ```
/// assert_eq!(godot_bin::file::MAX_SIZE, 256 << 20);
/// ```
pub const MAX_SIZE: u64 = container::MAX_SIZE;

/// What a file's content is.
///
/// ```
/// use godot_bin::file::Kind;
/// assert_eq!("stream-be".parse::<Kind>()?, Kind::Stream { big_endian: true });
/// assert_eq!(Kind::ConfigFile.to_string(), "config");
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// Values each behind a 4-byte length: `FileAccess.store_var`, `StreamPeer.put_var` (`big_endian`: the
    /// lengths are, as `FileAccess.big_endian = true` writes them).
    Stream {
        /// Whether the lengths are big-endian.
        big_endian: bool,
    },
    /// One value and nothing else: `var_to_bytes`, `FileAccess.store_buffer(var_to_bytes(v))`.
    Bare,
    /// ConfigFile text (`ConfigFile.save`, `save_encrypted_pass`): one value, a Dictionary of sections.
    ConfigFile,
    /// JSON as `JSON.stringify` / `to_json` write it: a value per document.
    Json,
    /// A Resource file (`ResourceSaver.save`): binary `.res` (`RSRC`, compressed `RSCC`) or text `.tres`.
    /// One value: the main resource's properties as a Dictionary, sub-resources as the Dictionaries of
    /// their properties, external resources as their paths (what [`resource::from_slice`] reads).
    Resource,
}

impl Kind {
    /// The names [`Kind`] is parsed from and printed as.
    ///
    /// ```
    /// use godot_bin::file::Kind;
    /// for name in Kind::NAMES {
    ///     assert_eq!(name.parse::<Kind>()?.to_string(), name);
    /// }
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub const NAMES: [&'static str; 6] = ["stream", "stream-be", "bare", "config", "json", "resource"];

    /// The name: `stream`, `stream-be`, `bare`, `config`, `json` or `resource`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Stream { big_endian: false } => "stream",
            Kind::Stream { big_endian: true } => "stream-be",
            Kind::Bare => "bare",
            Kind::ConfigFile => "config",
            Kind::Json => "json",
            Kind::Resource => "resource",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Kind {
    type Err = Error;

    /// A name of [`Kind::NAMES`]; `none` is `bare` (an older spelling).
    fn from_str(s: &str) -> Result<Kind> {
        Ok(match s {
            "stream" => Kind::Stream { big_endian: false },
            "stream-be" => Kind::Stream { big_endian: true },
            "bare" | "none" => Kind::Bare,
            "config" => Kind::ConfigFile,
            "json" => Kind::Json,
            "resource" => Kind::Resource,
            _ => {
                return Err(ErrorKind::InvalidArgument(format!(
                    "{s:?} is not a kind of content ({})",
                    Kind::NAMES.join(", ")
                ))
                .into())
            }
        })
    }
}

impl From<Framing> for Kind {
    fn from(f: Framing) -> Kind {
        match f {
            Framing::Bare => Kind::Bare,
            Framing::Stream { big_endian } => Kind::Stream { big_endian },
        }
    }
}

/// The content's layout, with what writing it back the same way needs: a ConfigFile's key style, a JSON
/// save's style.
///
/// ```
/// use godot_bin::file::{Content, Kind};
/// assert_eq!(Content::Bare.kind(), Kind::Bare);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Content {
    /// Values each behind a 4-byte length.
    Stream {
        /// Whether the lengths are big-endian.
        big_endian: bool,
    },
    /// One value.
    Bare,
    /// ConfigFile text, keys written in this style.
    ConfigFile(KeyStyle),
    /// JSON text in this style.
    Json(JsonStyle),
    /// A Resource file as read: the structure (form, format version, compression, ids, scripts, external
    /// resources) its values are written back into, and the bytes it was read from. Unchanged values give
    /// back those bytes; changed ones are written into the structure by the engine saver's rules (binary or
    /// text, as the engine that wrote the file saves).
    Resource(Box<ResourceFile>),
}

impl Content {
    /// Content of `kind` as `dialect`'s engine writes it by default: store_var's little-endian lengths,
    /// ConfigFile keys quoted where needed, JSON as Godot 4's `JSON.stringify(data)` or Godot 3's
    /// `to_json(data)` write it.
    ///
    /// ```
    /// use godot_bin::file::{Content, Kind};
    /// use godot_bin::Dialect;
    /// let Content::Json(style) = Content::new(Kind::Json, Dialect::Godot3) else { unreachable!() };
    /// assert!(style.godot3 && style.sort_keys);
    /// ```
    pub fn new(kind: Kind, dialect: Dialect) -> Content {
        match kind {
            Kind::Stream { big_endian } => Content::Stream { big_endian },
            Kind::Bare => Content::Bare,
            Kind::ConfigFile => Content::ConfigFile(KeyStyle::default()),
            Kind::Json => Content::Json(JsonStyle { godot3: !is_godot4(dialect), ..JsonStyle::godot4() }),
            Kind::Resource => Content::Resource(Box::new(resource::blank())),
        }
    }

    /// What kind of content this is.
    ///
    /// ```
    /// use godot_bin::file::{Content, Kind};
    /// assert_eq!(Content::Stream { big_endian: true }.kind(), Kind::Stream { big_endian: true });
    /// ```
    pub fn kind(&self) -> Kind {
        match self {
            Content::Stream { big_endian } => Kind::Stream { big_endian: *big_endian },
            Content::Bare => Kind::Bare,
            Content::ConfigFile(_) => Kind::ConfigFile,
            Content::Json(_) => Kind::Json,
            Content::Resource(_) => Kind::Resource,
        }
    }
}

/// How a file holds its values: what [`open`] found, and what [`save`] writes.
///
/// ```
/// use godot_bin::container::{Compression, Container};
/// use godot_bin::file::{Content, Format, Save};
/// use godot_bin::{Dialect, Variant};
/// // A Godot 3 save, compressed with FastLZ, written with store_var.
/// let how = Format::new(Container::Compressed(Compression::FastLz), Content::Stream { big_endian: false }, Dialect::Godot3);
/// let bytes = Save::new(vec![Variant::Int(7)], how.clone()).to_bytes()?;
/// let save = godot_bin::file::read(&bytes, &Default::default())?;
/// assert_eq!(save.values, [Variant::Int(7)]);
/// assert_eq!(save.format.content, how.content);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Format {
    /// The container around the content: plain, compressed with its mode, or encrypted with its key and
    /// layout (and a Godot 4 file's IV).
    pub stored: Stored,
    /// What the content is, and its style.
    pub content: Content,
    /// The dialect the values are read and written in.
    pub dialect: Dialect,
    /// Full objects and `real_t = double`, as read ([`Options::allow_objects`], [`Options::double_precision`]).
    pub config: Config,
}

impl Format {
    /// A format from its parts (with the dialect's default [`Config`]).
    ///
    /// ```
    /// use godot_bin::container::Container;
    /// use godot_bin::file::{Content, Format, Save};
    /// use godot_bin::{Dialect, Variant};
    /// let f = Format::new(Container::Plain, Content::Stream { big_endian: false }, Dialect::Godot4_6);
    /// // Godot 4.6 store_var(1): its length, then var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1").
    /// assert_eq!(Save::new(vec![Variant::Int(1)], f).to_bytes()?, [8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn new(container: impl Into<Stored>, content: Content, dialect: Dialect) -> Format {
        Format { stored: container.into(), content, dialect, config: Config::new(dialect) }
    }

    /// The same format in `dialect`: an encrypted file in that engine's layout, the values written in its
    /// syntax and type table (converting them is [`convert`](crate::convert)'s).
    ///
    /// ```
    /// use godot_bin::container::{Container, Key, Layout};
    /// use godot_bin::file::{Content, Format};
    /// use godot_bin::Dialect;
    /// let g3 = Format::new(Container::Encrypted(Key::from_password("pw"), Layout::Godot3), Content::Bare, Dialect::Godot3);
    /// let g4 = g3.in_dialect(Dialect::Godot4_6);
    /// assert!(matches!(g4.stored.container, Container::Encrypted(_, Layout::Godot4)));
    /// ```
    pub fn in_dialect(&self, dialect: Dialect) -> Format {
        let stored = match &self.stored.container {
            Container::Encrypted(key, _) => {
                Stored::new(Container::Encrypted(key.clone(), container::Layout::for_dialect(dialect)))
            }
            _ => self.stored.clone(),
        };
        let content = match &self.content {
            Content::Json(style) => Content::Json(JsonStyle { godot3: !is_godot4(dialect), ..style.clone() }),
            c => c.clone(),
        };
        Format { stored, content, dialect, config: self.config.clone().with_dialect(dialect) }
    }

    /// The content holding `values` (before the container): one value for a bare file.
    pub(crate) fn content_bytes(&self, values: &[Variant]) -> Result<Vec<u8>> {
        let one = || match values {
            [v] => Ok(v),
            _ => Err(Error::from(ErrorKind::NotOneValue(values.len()))),
        };
        match &self.content {
            Content::Bare => {
                let v = one()?;
                crate::convert::check_fits(v, self.dialect)?;
                v.encode(&self.config)
            }
            Content::Stream { big_endian } => {
                let endian = if *big_endian { crate::framing::Endian::Big } else { crate::framing::Endian::Little };
                let mut out = Vec::new();
                for (i, v) in values.iter().enumerate() {
                    let at = |e: Error| if values.len() > 1 { e.inside(crate::error::Step::Index(i)) } else { e };
                    crate::convert::check_fits(v, self.dialect).map_err(at)?;
                    crate::framing::write_frame(&mut out, &v.encode(&self.config).map_err(at)?, endian)?;
                }
                Ok(out)
            }
            Content::ConfigFile(style) => {
                let cf = config_file::ConfigFile::from_variant(one()?)?;
                Ok(cf.to_text_with(&self.config, *style).into_bytes())
            }
            Content::Json(style) => Ok(engine_json::write(values, style)?.into_bytes()),
            Content::Resource(file) => resource::write_values_as(file, one()?, self.dialect),
        }
    }
}

/// What [`open`] and [`read`] may be told; everything not given is found.
///
/// ```
/// use godot_bin::container::Key;
/// use godot_bin::file::{read, Kind, Options};
/// use godot_bin::Dialect;
/// let opts = Options {
///     key: Some(Key::from_password("hunter2")),
///     dialect: Some(Dialect::Godot3),
///     kind: Some(Kind::Stream { big_endian: false }),
///     ..Options::default()
/// };
/// // Godot 3.6 store_var(1): its length, then var2bytes(1) (tests/fixtures/godot-3.6/values.tsv "int_1").
/// let save = read(&[8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0], &opts)?;
/// assert_eq!(save.values, [godot_bin::Variant::Int(1)]);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The key of an encrypted file.
    pub key: Option<Key>,
    /// The largest file read and content produced (default: [`MAX_SIZE`] for the file; for a container's
    /// content, 512 times the file's size, at least 1 MiB and at most [`MAX_SIZE`], so that a small file
    /// that claims gigabytes is refused before anything is allocated).
    pub max_size: Option<u64>,
    /// Read in this dialect.
    pub dialect: Option<Dialect>,
    /// Read as this kind of content.
    pub kind: Option<Kind>,
    /// Read full objects (`Config::with_allow_objects`).
    pub allow_objects: bool,
    /// Read math types as doubles (`Config::with_double_precision`).
    pub double_precision: bool,
    /// When the values do not all read: give those before the one that fails, with the error in
    /// [`Save::error`], instead of failing.
    pub partial: bool,
}

impl Options {
    /// The config values are read with in `dialect`.
    fn config(&self, dialect: Dialect) -> Config {
        Config::new(dialect).with_allow_objects(self.allow_objects).with_double_precision(self.double_precision)
    }
}

/// Another reading of the same content: a dialect and kind that read it too, to other values.
///
/// ```
/// use godot_bin::file::{read, Options};
/// // Type 14 with four floats: a Color in Godot 3, a Plane in Godot 4.
/// let save = read(&[14, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f], &Options::default())?;
/// assert_eq!(save.report.others[0].dialect, godot_bin::Dialect::Godot3);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Reading {
    /// The dialect (the most common of those that agree).
    pub dialect: Dialect,
    /// The kind of content.
    pub kind: Kind,
    /// How many values it reads.
    pub values: usize,
    /// What else is worth knowing, in words (the other dialects that agree, how implausible the values look).
    pub note: String,
}

/// What opening a file found, for a tool to show: what detection saw, and the other readings.
///
/// ```
/// let save = godot_bin::file::read(&[2, 0, 0, 0, 1, 0, 0, 0], &Default::default())?;
/// assert!(save.report.evidence[0].contains("one bare value"));
/// assert!(save.report.others.is_empty());
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// What detection saw, one line each (the container, the readings, the choice).
    pub evidence: Vec<String>,
    /// The readings that fit what was given and read the content to other values, best first.
    pub others: Vec<Reading>,
    /// Whether the kind was found (not given) among readings of other kinds, and the dialect among other
    /// dialects: what giving it would settle.
    pub kind_ambiguous: bool,
    /// See [`Report::kind_ambiguous`].
    pub dialect_ambiguous: bool,
    /// Nothing the options allow reads the whole content: the values were read as far as they go in the
    /// kind and dialect given (or most likely), with [`Options::partial`].
    pub guessed: bool,
}

/// An opened save: its values, how to write them back, and what opening it found.
///
/// ```
/// use godot_bin::{file, Variant};
/// // An encrypted save Godot 4.6 wrote: store_var(dict), store_var(array), store_var("save-end").
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-4.6/containers/pass.gdec");
/// let save = file::open(path, &file::Options { key: Some(godot_bin::container::Key::from_password("hunter2 \u{e9}")), ..file::Options::default() })?;
/// assert_eq!((save.values.len(), &save.values[2]), (3, &Variant::from("save-end")));
/// assert_eq!(save.format.dialect, godot_bin::Dialect::Godot4_6);
/// assert_eq!(save.to_bytes()?, std::fs::read(path)?); // untouched: the same bytes
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Debug)]
pub struct Save {
    /// The values, in file order (ConfigFile text: one Dictionary of sections).
    pub values: Vec<Variant>,
    /// How they are written back.
    pub format: Format,
    /// What opening the file found.
    pub report: Report,
    /// Why the values stop short ([`Options::partial`]): the error where reading stopped.
    pub error: Option<Error>,
    /// The file as read, its format and values (what writing back unchanged values gives).
    original: Option<Original>,
}

#[derive(Clone, Debug)]
struct Original {
    file: Vec<u8>,
    content: Vec<u8>,
    format: Format,
    values: Vec<Variant>,
    /// A JSON save's documents in the content (each written back as it was while its value is).
    spans: Vec<std::ops::Range<usize>>,
}

impl Save {
    /// New values in a format (no file behind them).
    ///
    /// ```
    /// use godot_bin::container::Container;
    /// use godot_bin::file::{Content, Format, Save};
    /// use godot_bin::{Dialect, Variant};
    /// let save = Save::new(vec![Variant::Int(1)], Format::new(Container::Plain, Content::Bare, Dialect::Godot4_6));
    /// assert_eq!(save.to_bytes()?, [2, 0, 0, 0, 1, 0, 0, 0]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn new(values: Vec<Variant>, format: Format) -> Save {
        Save { values, format, report: Report::default(), error: None, original: None }
    }

    /// The content as it is now (decrypted, decompressed): the opened content while the values and format
    /// are as read.
    ///
    /// ```
    /// let save = godot_bin::file::read(b"[s]\n\nk=1 ; a comment\n", &Default::default())?;
    /// assert_eq!(save.content()?, b"[s]\n\nk=1 ; a comment\n");
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn content(&self) -> Result<Vec<u8>> {
        if let Some(o) = &self.original {
            if o.format.content == self.format.content && o.format.dialect == self.format.dialect {
                if o.values == self.values {
                    return Ok(o.content.clone());
                }
                if let Content::Json(style) = &self.format.content {
                    return Ok(self.json_patched(o, style)?.into_bytes());
                }
            }
        }
        self.format.content_bytes(&self.values)
    }

    /// A JSON save whose changed documents are written anew and the others kept as they were.
    fn json_patched(&self, o: &Original, style: &JsonStyle) -> Result<String> {
        if !style.lines || self.values.len() != o.values.len() {
            return engine_json::write(&self.values, style);
        }
        let text = String::from_utf8_lossy(&o.content);
        let mut out = String::with_capacity(text.len());
        for ((v, was), span) in self.values.iter().zip(&o.values).zip(&o.spans) {
            if v == was {
                out.push_str(&text[span.clone()]);
            } else {
                engine_json::stringify(&mut out, v, style)?;
            }
            out.push('\n');
        }
        Ok(out)
    }

    /// The whole file as it is now: the opened bytes while nothing changed.
    ///
    /// ```
    /// use godot_bin::{file, Variant};
    /// let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-3.6/containers/fastlz.gcpf");
    /// let mut save = file::open(fixture, &Default::default())?;
    /// assert_eq!(save.to_bytes()?, std::fs::read(fixture)?);
    /// save.values[2] = Variant::from("edited");
    /// assert_eq!(file::read(&save.to_bytes()?, &Default::default())?.values[2], Variant::from("edited"));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        if let Some(o) = &self.original {
            if o.format == self.format && o.values == self.values {
                return Ok(o.file.clone());
            }
        }
        self.format.stored.encode(&self.content()?)
    }
}

/// Opens the file at `path` (see the [module docs](self)).
///
/// ```
/// use godot_bin::{file, Dialect};
/// // A save Godot 4.6 wrote with FileAccess.big_endian = true: store_var's lengths are big-endian.
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-4.6/containers/plain.sav");
/// let save = file::open(path, &file::Options::default())?;
/// assert_eq!(save.format.dialect, Dialect::Godot4_6);
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn open(path: impl AsRef<Path>, opts: &Options) -> Result<Save> {
    use std::io::Read;
    let limit = opts.max_size.unwrap_or(MAX_SIZE);
    let mut file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    (&mut file).take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        let declared = file.metadata().map_or(bytes.len() as u64, |m| m.len());
        return Err(ErrorKind::TooLarge { declared, max: limit }.into());
    }
    read_owned(bytes, opts)
}

/// Reads a file already in memory (see the [module docs](self)).
///
/// ```
/// use godot_bin::{file, Variant};
/// // Godot 4.6 store_var(1): its length, then var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1").
/// let save = file::read(&[8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0], &file::Options::default())?;
/// assert_eq!(save.values, [Variant::Int(1)]);
/// assert_eq!(save.format.content, file::Content::Stream { big_endian: false });
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn read(bytes: &[u8], opts: &Options) -> Result<Save> {
    read_owned(bytes.to_vec(), opts)
}

/// Writes `save` to `path` atomically ([`write_atomic`]): [`Save::to_bytes`].
///
/// ```
/// use godot_bin::{file, Variant};
/// let path = std::env::temp_dir().join(format!("godot_bin_file_save_doc_{}.sav", std::process::id()));
/// let mut save = file::read(&[8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0], &file::Options::default())?;
/// save.values.push(Variant::from("two"));
/// file::save(&path, &save)?;
/// assert_eq!(file::open(&path, &file::Options::default())?.values.len(), 2);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn save(path: impl AsRef<Path>, save: &Save) -> Result<()> {
    Ok(write_atomic(path, &save.to_bytes()?)?)
}

fn read_owned(file: Vec<u8>, opts: &Options) -> Result<Save> {
    let limit = opts.max_size.unwrap_or(MAX_SIZE);
    if file.len() as u64 > limit {
        return Err(ErrorKind::TooLarge { declared: file.len() as u64, max: limit }.into());
    }
    let max_content = opts.max_size.unwrap_or_else(|| container::default_max_size(file.len()));
    let kind = detect::ContainerKind::of(&file);
    let (content, stored) = container::open(&file, opts.key.as_ref(), max_content)?;
    let mut report = Report::default();
    if kind != detect::ContainerKind::Plain {
        report.evidence.push(format!("{kind:?} container, {} byte(s) inside", content.len()));
    }
    let (values, content_kind, dialect, error, spans) = read_content(&content, kind, opts, &mut report)?;
    let format = Format { stored, content: content_kind, dialect, config: opts.config(dialect) };
    let original = Original { file, content, format: format.clone(), values: values.clone(), spans };
    Ok(Save { values, format, report, error, original: Some(original) })
}

type Values = (Vec<Variant>, Content, Dialect, Option<Error>, Vec<std::ops::Range<usize>>);

/// Reads the content: as given, or as detection finds it.
fn read_content(
    content: &[u8], container: detect::ContainerKind, opts: &Options, report: &mut Report,
) -> Result<Values> {
    if content.is_empty() {
        return Err(ErrorKind::EmptyInput.into());
    }
    match opts.kind {
        Some(Kind::ConfigFile) => return read_config(content, opts, report),
        Some(Kind::Json) => return read_json(content, opts, report),
        Some(Kind::Resource) => return read_resource(content, opts, report),
        None if resource::is_resource(content) => return read_resource(content, opts, report),
        _ => {}
    }
    let probe = opts.config(opts.dialect.unwrap_or(Dialect::GODOT4));
    // Out of memory in a reading is this machine's limit, not a reading: the answer, with its offset.
    let found = detect::detect_with(content, &probe)?;
    let fits = |c: &&Candidate| {
        opts.dialect.is_none_or(|d| c.dialects.contains(&d)) && opts.kind.is_none_or(|k| Kind::from(c.framing) == k)
    };
    // In a container, a store_var stream unless told otherwise (what the engines' save code writes).
    let chosen = found
        .candidates
        .iter()
        .filter(fits)
        .find(|c| container == detect::ContainerKind::Plain || opts.kind.is_some() || c.framing != Framing::Bare)
        .or_else(|| found.candidates.iter().find(fits));
    if let Some(c) = chosen {
        report.evidence.extend(found.to_string().lines().map(String::from));
        let others: Vec<&Candidate> = found.candidates.iter().filter(|o| !std::ptr::eq(*o, c)).filter(fits).collect();
        report.kind_ambiguous = opts.kind.is_none() && others.iter().any(|o| o.framing != c.framing);
        report.dialect_ambiguous = opts.dialect.is_none() && others.iter().any(|o| o.framing == c.framing);
        report.others = found.candidates.iter().filter(|o| !std::ptr::eq(*o, c)).map(reading).collect();
        let dialect = opts.dialect.unwrap_or(c.dialect());
        let kind = Kind::from(c.framing);
        let (values, error) = read_values(content, kind, &opts.config(dialect));
        return match error {
            Some(e) if !opts.partial => Err(e),
            error => Ok((values, Content::new(kind, dialect), dialect, error, Vec::new())),
        };
    }
    // No binary reading: text the engines write for saves?
    if opts.kind.is_none() && std::str::from_utf8(content).is_ok_and(looks_like_text) {
        if let Ok(read) = read_json(content, opts, report) {
            return Ok(read);
        }
        if let Ok(read) = read_config(content, opts, report) {
            return Ok(read);
        }
    }
    partial::unread(content, opts, found, report)
}

/// A detection candidate as another reading.
fn reading(c: &Candidate) -> Reading {
    let names: Vec<&str> = c.dialects.iter().map(|d| d.name()).collect();
    Reading {
        dialect: c.dialect(),
        kind: Kind::from(c.framing),
        values: c.values,
        note: format!("{} value(s), {}; also read by {}", c.values, c.framing, names.join(", ")),
    }
}

/// Whether `dialect` is one of Godot 4's (whose writers differ from Godot 3's and Pandemonium's).
fn is_godot4(dialect: Dialect) -> bool {
    dialect.family() == crate::dialect::Family::Godot4
}

/// The values of binary `content` read as `kind` under `cfg`, up to the first that fails.
fn read_values(content: &[u8], kind: Kind, cfg: &Config) -> (Vec<Variant>, Option<Error>) {
    match kind {
        Kind::Stream { big_endian } => {
            let endian = if big_endian { crate::framing::Endian::Big } else { crate::framing::Endian::Little };
            let mut values = Vec::new();
            for v in crate::framing::values::<Variant>(content, cfg, endian) {
                match v {
                    Ok(v) => values.push(v),
                    Err(e) => return (values, Some(e)),
                }
            }
            (values, None)
        }
        _ => match Variant::decode(content, cfg) {
            Ok(v) => (vec![v], None),
            Err(e) => (Vec::new(), Some(e)),
        },
    }
}

/// UTF-8 without control characters but tabs and line breaks.
fn looks_like_text(text: &str) -> bool {
    !text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

fn read_config(content: &[u8], opts: &Options, report: &mut Report) -> Result<Values> {
    let text = std::str::from_utf8(content).map_err(|e| Error::new(ErrorKind::InvalidUtf8, Some(e.valid_up_to())))?;
    let guess = config_file::guess(text, opts.dialect, &opts.config(Dialect::GODOT4))?;
    let value = guess.file.to_variant();
    // The engine takes any text as ConfigFile text (lines that are neither a section nor a key are skipped).
    // Found by detection rather than asked for, the text has to hold a section, or be nothing but blank and
    // comment lines; refused before the report records a reading.
    let holds_section = matches!(&value, Variant::Dictionary(d) if !d.is_empty());
    let only_comments = || text.lines().map(str::trim).all(|l| l.is_empty() || l.starts_with([';', '#']));
    if opts.kind.is_none() && !holds_section && !only_comments() {
        return Err(ErrorKind::NotGodotData("text that holds no ConfigFile section".into()).into());
    }
    report.evidence.push(format!("ConfigFile text, read as {}", guess.dialect));
    if let Some((d, lines)) = guess.other {
        report.others.push(Reading {
            dialect: d,
            kind: Kind::ConfigFile,
            values: 1,
            note: format!("ConfigFile text, {lines} line(s) as written"),
        });
    }
    report.dialect_ambiguous = guess.tie.is_some();
    Ok((vec![value], Content::ConfigFile(guess.key_style), guess.dialect, None, Vec::new()))
}

/// A Resource file: its values, and the check report of the scripts it would load as evidence.
fn read_resource(content: &[u8], opts: &Options, report: &mut Report) -> Result<Values> {
    let file = ResourceFile::read(content)?;
    let dialect = resource::dialect_of(&file);
    if let Some(d) = opts.dialect.filter(|d| d.family() != dialect.family()) {
        return Err(ErrorKind::InvalidArgument(format!("a Resource save of {dialect}, not {d}")).into());
    }
    let form = match &file.format {
        resource::Format::Text(t) => format!("text (.tres, format={})", t.format),
        resource::Format::Binary(b) => format!(
            "binary (.res, format version {}, Godot {}.{}{}{})",
            b.version,
            b.engine_major,
            b.engine_minor,
            if b.big_endian { ", big-endian" } else { "" },
            if b.compressed.is_some() { ", compressed" } else { "" }
        ),
    };
    report.evidence.push(format!(
        "Resource file, {form}: {} sub-resource(s), {} external resource(s)",
        file.sub_resources.len(),
        file.ext_resources.len()
    ));
    report.evidence.extend(resource::check(&file).to_string().lines().map(String::from));
    let value = resource::values_of(&file)?;
    Ok((vec![value], Content::Resource(Box::new(file)), opts.dialect.unwrap_or(dialect), None, Vec::new()))
}

fn read_json(content: &[u8], opts: &Options, report: &mut Report) -> Result<Values> {
    let text = std::str::from_utf8(content).map_err(|e| Error::new(ErrorKind::InvalidUtf8, Some(e.valid_up_to())))?;
    let dialect = opts.dialect.unwrap_or(Dialect::GODOT4);
    let read = engine_json::read(text, &opts.config(dialect))?;
    let dialect = match (opts.dialect, read.style.godot3) {
        (Some(d), _) => d,
        (None, true) => Dialect::Godot3,
        (None, false) => Dialect::GODOT4,
    };
    let Style { godot3, lines, .. } = &read.style;
    report.evidence.push(format!(
        "JSON text ({}, {}), as {} writes it",
        if *lines { format!("{} documents, one per line", read.values.len()) } else { "one document".into() },
        if read.style.indent.is_empty() { "no indent" } else { "indented" },
        if *godot3 { "Godot 3's to_json" } else { "Godot 4's JSON.stringify" }
    ));
    Ok((read.values, Content::Json(read.style), dialect, None, read.spans))
}
