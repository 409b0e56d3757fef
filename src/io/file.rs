//! Files on disk, written so that a write cut short never costs the file that was there.
//!
//! [`write_atomic`] writes a temporary file beside the target, flushes it to the disk and renames it over
//! the target: a full disk, a killed process or a power cut leaves either the old file or the new one,
//! never a mix, and never a 0-byte file. Every call of this crate that writes a path goes through it
//! ([`framing::save`](crate::framing::save), `container::write_path`, the `godot-bin` command's `-o`).
//!
//! ```
//! let path = std::env::temp_dir().join(format!("godot_bin_file_doc_{}.cfg", std::process::id()));
//! std::fs::write(&path, b"old")?;
//! godot_bin::file::write_atomic(&path, b"[audio]\n")?; // the old file stays whole until this one is
//! assert_eq!(std::fs::read(&path)?, b"[audio]\n");
//! # std::fs::remove_file(&path)?;
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! With the `containers` feature, [`open`] reads "whatever this save is" (plain, compressed or encrypted;
//! a `store_var` stream or one bare value; any dialect) and says how, in a [`Format`]; [`save`] writes
//! values back the same way, atomically. The whole round trip:
//!
//! ```no_run
//! # #[cfg(feature = "containers")] {
//! use godot_bin::{file, Variant};
//! let (mut values, how) = file::open("user_save.dat", Some("hunter2"))?;
//! if let Variant::Dictionary(save) = &mut values[0] {
//!     save.insert(Variant::from("gold"), Variant::Int(999));
//! }
//! file::save("user_save.dat", &values, &how)?;
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "containers")]
use std::fs;
#[cfg(feature = "containers")]
use std::path::Path;

pub use super::atomic::write_atomic;

/// How a file on disk holds its values: what [`open`] found, and what [`save`] writes back.
///
/// ```
/// use godot_bin::container::{Compression, Container, Stored};
/// use godot_bin::detect::Framing;
/// use godot_bin::{file, Dialect, Variant};
/// // A Godot 3 save, compressed with FastLZ, written with store_var.
/// let how = file::Format::new(
///     Stored::new(Container::Compressed(Compression::FastLz)),
///     Framing::Stream { big_endian: false },
///     Dialect::Godot3,
/// );
/// let path = std::env::temp_dir().join(format!("godot_bin_format_doc_{}.sav", std::process::id()));
/// file::save(&path, &[Variant::Int(7)], &how)?;
/// let (values, found) = file::open(&path, None)?;
/// assert_eq!((values, found.stored, found.framing), (vec![Variant::Int(7)], how.stored, how.framing));
/// // (An int reads the same in every dialect: detection names the first of them, Godot 4.6.)
/// assert_eq!(found.dialect, Dialect::Godot4_6);
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "containers")]
#[cfg_attr(docsrs, doc(cfg(feature = "containers")))]
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Format {
    /// The container around the content: plain, compressed with its mode, or encrypted with its key,
    /// layout (and a Godot 4 file's IV).
    pub stored: crate::container::Stored,
    /// A `store_var` stream (each value behind its length) or one bare value (`var_to_bytes`).
    pub framing: crate::detect::Framing,
    /// The dialect the values are read and written in.
    pub dialect: crate::Dialect,
}

#[cfg(feature = "containers")]
impl Format {
    /// A format from its parts.
    ///
    /// ```
    /// use godot_bin::{container::{Container, Stored}, detect::Framing, file::Format, Dialect};
    /// let f = Format::new(Stored::new(Container::Plain), Framing::Bare, Dialect::Godot4_6);
    /// assert_eq!(f.dialect, Dialect::Godot4_6);
    /// ```
    pub fn new(stored: crate::container::Stored, framing: crate::detect::Framing, dialect: crate::Dialect) -> Format {
        Format { stored, framing, dialect }
    }

    /// The bytes of the file holding `values` in this format (see [`save`]).
    ///
    /// ```
    /// use godot_bin::{container::{Container, Stored}, detect::Framing, file::Format, Dialect, Variant};
    /// let f = Format::new(Stored::new(Container::Plain), Framing::Stream { big_endian: false }, Dialect::Godot4_6);
    /// // Godot 4.6 store_var(1): its length, then var_to_bytes(1) (tests/fixtures/godot-4.6/values.tsv "int_1").
    /// assert_eq!(f.encode(&[Variant::Int(1)])?, [8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]);
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn encode(&self, values: &[crate::Variant]) -> crate::Result<Vec<u8>> {
        use crate::detect::Framing;
        use crate::framing::Endian;
        let cfg = crate::Config::new(self.dialect);
        let content = match self.framing {
            Framing::Bare => match values {
                [value] => value.encode(&cfg)?,
                _ => return Err(crate::ErrorKind::NotOneValue(values.len()).into()),
            },
            Framing::Stream { big_endian } => {
                let endian = if big_endian { Endian::Big } else { Endian::Little };
                let mut out = Vec::new();
                for value in values {
                    crate::framing::write_frame(&mut out, &value.encode(&cfg)?, endian)?;
                }
                out
            }
        };
        self.stored.encode(&content)
    }
}

/// Opens the file at `path`, whatever it is, and says how it is stored: the container (plain, compressed,
/// or encrypted with `password`, as `open_encrypted_with_pass` takes it), the framing and the dialect
/// (found by [`detect`](crate::detect::detect); where several dialects read the content to different
/// values, the first of its candidates). The values come in file order: one for a bare value or a
/// `store_var` stream of one value (a save written with a single `store_var`), more for a longer stream.
/// Content is limited to [`container::DEFAULT_MAX_SIZE`](crate::container::DEFAULT_MAX_SIZE) (see
/// [`open_with`] for a raw key or another limit).
///
/// ```
/// use godot_bin::{container::Layout, file, Variant};
/// // An encrypted save Godot 4.6 wrote: store_var(dict), store_var(array), store_var("save-end").
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-4.6/containers/pass.gdec");
/// let (values, how) = file::open(path, Some("hunter2 \u{e9}"))?;
/// assert_eq!((values.len(), &values[2]), (3, &Variant::from("save-end")));
/// assert!(matches!(how.stored.container, godot_bin::container::Container::Encrypted(_, Layout::Godot4)));
/// assert_eq!(how.dialect, godot_bin::Dialect::Godot4_6);
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[cfg(feature = "containers")]
#[cfg_attr(docsrs, doc(cfg(feature = "containers")))]
pub fn open(path: impl AsRef<Path>, password: Option<&str>) -> crate::Result<(Vec<crate::Variant>, Format)> {
    let mut opts = crate::container::ReadOptions::new();
    if let Some(password) = password {
        opts = opts.key(crate::container::Key::from_password(password));
    }
    open_with(path, &opts)
}

/// [`open`] with a raw key, another size limit, or plain files refused ([`container::ReadOptions`](crate::container::ReadOptions)).
///
/// ```
/// use godot_bin::container::{Key, ReadOptions};
/// let key = Key::from_bytes(std::array::from_fn(|i| ((i * 7 + 3) % 256) as u8));
/// let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-3.6/containers/key.gdec");
/// let (values, how) = godot_bin::file::open_with(path, &ReadOptions::new().key(key))?;
/// assert_eq!((values.len(), how.dialect), (3, godot_bin::Dialect::Godot3));
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[cfg(feature = "containers")]
#[cfg_attr(docsrs, doc(cfg(feature = "containers")))]
pub fn open_with(
    path: impl AsRef<Path>,
    opts: &crate::container::ReadOptions,
) -> crate::Result<(Vec<crate::Variant>, Format)> {
    use crate::detect::Framing;
    let file = crate::container::read_file(fs::File::open(path)?, opts)?;
    let (content, stored) = crate::container::open(&file, opts)?;
    drop(file);
    // Only readings that decode under the config the values are then read with are offered.
    let cfg = crate::Config::default();
    let detection = crate::detect::detect_with(&content, &cfg);
    let (Some(framing), Some(dialect)) = (detection.framing, detection.dialect()) else {
        return Err(crate::ErrorKind::NotGodotData(detection.to_string()).into());
    };
    let cfg = cfg.with_dialect(dialect);
    let values = match framing {
        Framing::Bare => vec![crate::Variant::decode(&content, &cfg)?],
        Framing::Stream { big_endian } => {
            let endian = if big_endian { crate::framing::Endian::Big } else { crate::framing::Endian::Little };
            crate::framing::values(&content, &cfg, endian).collect::<Result<_, _>>()?
        }
    };
    Ok((values, Format { stored, framing, dialect }))
}

/// Writes `values` to the file at `path` as `how` says (usually what [`open`] gave), atomically
/// ([`write_atomic`]). An untouched file comes back byte for byte where our encoders are the engine's:
/// plain, FastLZ, and encryption (a Godot 4 file keeps its IV while its content is unchanged, and gets a
/// new random one otherwise); Deflate, GZIP and Zstd files come back with the same content, in another
/// encoder's bytes.
///
/// ```
/// use godot_bin::{file, Variant};
/// let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/godot-3.6/containers/fastlz.gcpf");
/// let (mut values, how) = file::open(fixture, None)?;
/// let copy = std::env::temp_dir().join(format!("godot_bin_save_doc_{}.sav", std::process::id()));
/// file::save(&copy, &values, &how)?;
/// assert_eq!(std::fs::read(&copy)?, std::fs::read(fixture)?);
/// values[2] = Variant::from("edited");
/// file::save(&copy, &values, &how)?;
/// assert_eq!(file::open(&copy, None)?.0[2], Variant::from("edited"));
/// # std::fs::remove_file(&copy)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "containers")]
#[cfg_attr(docsrs, doc(cfg(feature = "containers")))]
pub fn save(path: impl AsRef<Path>, values: &[crate::Variant], how: &Format) -> crate::Result<()> {
    write_atomic(path, &how.encode(values)?)?;
    Ok(())
}
