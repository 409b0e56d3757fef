//! Godot Resource files: binary `.res` (`RSRC`), compressed `.res` (`RSCC`, feature `containers`) and text
//! `.tres`. [`ResourceFile::read`] reads a file into a model that keeps everything it holds;
//! [`ResourceFile::to_bytes`] writes it back, byte-identical when nothing was changed (an edited binary file
//! by the saver's rules of its form, text ones as the engine's text saver writes them). [`from_slice`] and [`to_vec_like`]
//! are serde over them, [`check`] reports the scripts a file would load. Reading never runs or loads
//! anything: scripts and external resources stay names in the model.
//!
//! ```
//! use godot_bin::resource::ResourceFile;
//! // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
//! let bytes = std::fs::read("examples/data/shared_subresource-godot4.6.res")?;
//! let file = ResourceFile::read(&bytes)?;
//! assert_eq!(file.to_bytes()?, bytes);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod binary;
mod check;
mod model;
mod serde;
mod text;

pub use self::serde::{from_slice, to_vec_like};
#[cfg(feature = "containers")]
pub(crate) use self::serde::{merged, values_of};
pub use check::{check, Reason, Report, Script};
pub use model::{BinaryFormat, ExtResource, Format, Reference, Resource, ResourceFile, TextFormat};

use crate::error::{Error, ErrorKind, Result};
use model::MAX_DEPTH;

/// The magic of a compressed binary resource (`FileAccessCompressed` under the magic `RSCC`).
const RSCC: &[u8; 4] = b"RSCC";

impl ResourceFile {
    /// Reads a resource file: binary (`RSRC`), compressed binary (`RSCC`, feature `containers`) or text
    /// (`.tres`: `format=1` to `4`).
    ///
    /// ```
    /// use godot_bin::resource::{Format, ResourceFile};
    /// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
    /// let bytes = std::fs::read("examples/data/shared_subresource-godot4.6.res")?;
    /// let file = ResourceFile::read(&bytes)?;
    /// assert!(matches!(file.format, Format::Binary(_)));
    /// assert_eq!(file.to_bytes()?, bytes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(bytes: &[u8]) -> Result<ResourceFile> {
        let mut file = match bytes.get(..4) {
            Some(m) if m == binary::MAGIC => binary::read(bytes, None, MAX_DEPTH)?,
            Some(m) if m == RSCC => read_compressed(bytes)?,
            None if bytes.is_empty() => return Err(Error::at(ErrorKind::EmptyInput, 0)),
            None if binary::MAGIC.starts_with(bytes) || RSCC.starts_with(bytes) => {
                return Err(Error::at(ErrorKind::UnexpectedEof { needed: 4 - bytes.len() }, bytes.len()))
            }
            _ => text::read(bytes)?,
        };
        let model = file.clone();
        file.original = Some(Box::new(model::Original { bytes: bytes.to_vec(), model }));
        Ok(file)
    }

    /// Forgets the bytes the file was read from, so that [`to_bytes`](Self::to_bytes) writes the model by
    /// the saver's rules even when nothing changed (what the engine would write for the same resource).
    ///
    /// ```
    /// use godot_bin::resource::ResourceFile;
    /// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
    /// let bytes = std::fs::read("examples/data/shared_subresource-godot4.6.res")?;
    /// let mut file = ResourceFile::read(&bytes)?;
    /// file.forget_original();
    /// assert_eq!(file.to_bytes()?, bytes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn forget_original(&mut self) {
        self.original = None;
    }

    /// Writes the file: the bytes it was read from when nothing changed, else by the saver's rules of its form.
    ///
    /// ```
    /// use godot_bin::resource::ResourceFile;
    /// // Saved by Godot 4.6 (examples/data/shared_subresource-godot4.6.res).
    /// let bytes = std::fs::read("examples/data/shared_subresource-godot4.6.res")?;
    /// assert_eq!(ResourceFile::read(&bytes)?.to_bytes()?, bytes);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        if let Some(o) = &self.original {
            if o.model == *self {
                return Ok(o.bytes.clone());
            }
        }
        match &self.format {
            Format::Binary(b) => {
                let order: Vec<usize> = (0..self.sub_resources.len()).collect();
                let ext_order: Vec<usize> = (0..self.ext_resources.len()).collect();
                let plain = binary::write(self, b, &order, &ext_order)?;
                match b.compressed {
                    None => Ok(plain),
                    Some((mode, block)) => write_compressed(&plain, mode, block),
                }
            }
            Format::Text(t) => text::write(self, t),
        }
    }
}

/// Whether `bytes` are a resource file to read as one: binary (`RSRC`, `RSCC`) or text that starts with a
/// `[gd_resource …]` tag (a scene's `[gd_scene …]` is not a save).
#[cfg(feature = "containers")]
pub(crate) fn is_resource(bytes: &[u8]) -> bool {
    use crate::error::ForeignFormat;
    match ForeignFormat::of(bytes) {
        Some(ForeignFormat::GodotBinaryResource) => true,
        Some(ForeignFormat::GodotTextResource) => {
            !String::from_utf8_lossy(bytes.get(..4096).unwrap_or(bytes)).contains("[gd_scene")
        }
        _ => false,
    }
}

/// The dialect whose engine wrote a resource file: by the engine version of a binary file's header, by
/// the `format=` of a text file (1 Godot 2, 2 Godot 3, 3 and 4 Godot 4).
#[cfg(feature = "containers")]
pub(crate) fn dialect_of(file: &ResourceFile) -> crate::config::Dialect {
    use crate::config::Dialect;
    let major = match &file.format {
        Format::Binary(b) => b.engine_major,
        Format::Text(t) => t.format + 1,
    };
    match major {
        0..=2 => Dialect::Godot2,
        3 => Dialect::Godot3,
        _ => Dialect::GODOT4,
    }
}

/// A resource file with nothing in it and no structure read from a file: what a save of kind resource is
/// before one is read (writing values into it is refused: a Resource save is written into the structure
/// of a file that was read).
#[cfg(feature = "containers")]
pub(crate) fn blank() -> ResourceFile {
    ResourceFile {
        format: Format::Text(TextFormat { format: 3, load_steps: false }),
        script_class: None,
        uid: None,
        ext_resources: Vec::new(),
        sub_resources: Vec::new(),
        main: Resource { class: "Resource".into(), id: String::new(), properties: Vec::new() },
        original: None,
        text_forms: Vec::new(),
        blank_empty_dictionary: false,
    }
}

/// The bytes of `file` holding the values `new` (in the shape [`values_of`] gives): the bytes it was read
/// from while they are the values read, else `new` written into its structure by the saver's rules.
#[cfg(feature = "containers")]
pub(crate) fn write_values(file: &ResourceFile, new: &crate::value::Variant) -> Result<Vec<u8>> {
    if file.original.is_none() {
        return Err(ErrorKind::InvalidArgument(
            "a Resource save is written into the structure of one that was read (encode --like ORIGINAL)".into(),
        )
        .into());
    }
    merged(file, new, &values_of(file)?)?.to_bytes()
}

/// The bytes of `file` holding the values `new`, as a save of `dialect`: [`write_values`] when the file is
/// of that engine family; a Godot 3 (or 2) file migrated to Godot 4 ([`migrated`]); other ways refused.
#[cfg(feature = "containers")]
pub(crate) fn write_values_as(
    file: &ResourceFile, new: &crate::value::Variant, dialect: crate::config::Dialect,
) -> Result<Vec<u8>> {
    use crate::config::Family;
    let from = dialect_of(file);
    if from.family() == dialect.family() {
        return write_values(file, new);
    }
    if dialect.family() != Family::Godot4 || !matches!(from.family(), Family::Godot3 | Family::Godot2) {
        return Err(ErrorKind::InvalidArgument(format!(
            "a {from} Resource save is not written in {dialect} (Resource saves migrate from Godot 3 to Godot 4 only)"
        ))
        .into());
    }
    if file.original.is_none() {
        return write_values(file, new);
    }
    let mut edited = merged(file, new, &values_of(file)?)?;
    edited.original = None;
    migrated(&mut edited, dialect)?;
    edited.to_bytes()
}

/// A Godot 3 resource file made the file Godot 4 saves for the same resource: text `format=3` (4 when its
/// values need it) with the 4.6 header (no `load_steps`), binary format version 6 (5 before 4.3) with
/// Godot 4's header flags and reserved words, `__meta__` entries as `metadata/…` properties (written last,
/// as the engine does). Ids, paths, classes, scripts and values stay as they are (Godot 4 reads Godot 3's
/// numeric ids as its string ids); the file keeps its form, endianness and compression.
#[cfg(feature = "containers")]
pub(crate) fn migrated(file: &mut ResourceFile, dialect: crate::config::Dialect) -> Result<()> {
    use crate::config::Dialect;
    use crate::value::Variant;
    let minor = match dialect {
        Dialect::Godot4_0 => 0,
        Dialect::Godot4_1 => 1,
        Dialect::Godot4_2 => 2,
        Dialect::Godot4_3 => 3,
        Dialect::Godot4_4 => 4,
        Dialect::Godot4_5 => 5,
        _ => 6,
    };
    match &mut file.format {
        Format::Text(t) => *t = TextFormat { format: 3, load_steps: minor < 6 },
        Format::Binary(b) => {
            b.engine_major = 4;
            b.engine_minor = minor;
            b.version = if minor >= 3 { 6 } else { 5 };
            b.flags = model::FLAG_NAMED_SCENE_IDS | model::FLAG_UIDS;
            if file.script_class.is_some() {
                b.flags |= model::FLAG_HAS_SCRIPT_CLASS;
            }
            b.reserved = vec![0; 11];
            b.use_real64 = false;
        }
    }
    file.blank_empty_dictionary = false;
    for r in file.sub_resources.iter_mut().chain(std::iter::once(&mut file.main)) {
        let Some(at) = r.properties.iter().position(|(n, _)| n == "__meta__") else { continue };
        let (_, meta) = r.properties.remove(at);
        let Variant::Dictionary(d) = meta else {
            return Err(ErrorKind::InvalidData("a __meta__ property that is not a Dictionary").into());
        };
        for (k, v) in d.entries.list {
            let Some(k) = k.as_str() else {
                return Err(ErrorKind::InvalidData("a __meta__ key that is not a String").into());
            };
            r.properties.push((format!("metadata/{k}"), v));
        }
    }
    Ok(())
}

#[cfg(feature = "containers")]
fn read_compressed(bytes: &[u8]) -> Result<ResourceFile> {
    use crate::io::container::compressed;
    let (mode, block) = (crate::wire::le_u32_at(bytes, 4), crate::wire::le_u32_at(bytes, 8));
    let (Some(mode), Some(block)) = (mode, block) else {
        return Err(Error::new(ErrorKind::InvalidData("compressed resource header truncated"), Some(bytes.len())));
    };
    let mut as_gcpf = bytes.to_vec();
    as_gcpf[..4].copy_from_slice(crate::detect::COMPRESSED_MAGIC);
    if as_gcpf.len() >= 4 && as_gcpf.ends_with(RSCC) {
        let n = as_gcpf.len();
        as_gcpf[n - 4..].copy_from_slice(crate::detect::COMPRESSED_MAGIC);
    }
    // What a compressed save may expand to: the save engine's limit for a container of this size.
    let max = crate::io::container::default_max_size(bytes.len());
    // The compressed payload starts after the magic: the engine reads the endianness word next.
    let mut plain = binary::MAGIC.to_vec();
    plain.extend_from_slice(&compressed::decompress(&as_gcpf, max)?);
    binary::read(&plain, Some((mode, block)), MAX_DEPTH)
}

#[cfg(not(feature = "containers"))]
fn read_compressed(_bytes: &[u8]) -> Result<ResourceFile> {
    Err(Error::new(ErrorKind::InvalidData("compressed resources (RSCC) need the feature `containers`"), Some(0)))
}

#[cfg(feature = "containers")]
fn write_compressed(plain: &[u8], mode: u32, block: u32) -> Result<Vec<u8>> {
    use crate::io::container::{compressed, Compression};
    let mode = Compression::from_mode(mode)
        .ok_or(Error::new(ErrorKind::InvalidData("unknown compression mode of the resource"), Some(4)))?;
    let mut out = compressed::compress_blocks(plain.get(4..).unwrap_or_default(), mode, block)?;
    out[..4].copy_from_slice(RSCC);
    let n = out.len();
    out[n - 4..].copy_from_slice(RSCC);
    Ok(out)
}

#[cfg(not(feature = "containers"))]
fn write_compressed(_plain: &[u8], _mode: u32, _block: u32) -> Result<Vec<u8>> {
    Err(Error::new(ErrorKind::InvalidData("compressed resources (RSCC) need the feature `containers`"), None))
}
