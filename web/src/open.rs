//! Opening a file: the library's save engine (`godot_bin::file`) decides everything (container, kind,
//! framing, dialect, limits); a damaged file opens up to the value that fails.

use godot_bin::container::{Container, Key, Layout, Stored};
use godot_bin::file::{self, Kind, Options, Save};
use godot_bin::{Dialect, ErrorKind};
use serde_json::{json, Value};

use crate::edit::State;
use crate::session::OpError;

/// What the page may override: the dialect, and the kind of content ("stream", "stream-be", "bare",
/// "config", "json").
#[derive(Clone, Default)]
pub(crate) struct Overrides {
    pub(crate) dialect: Option<Dialect>,
    pub(crate) kind: Option<Kind>,
}

/// An opened file.
pub(crate) struct Opened {
    /// The values and how they are written.
    pub(crate) st: State,
    /// The library's reading, its values moved into `st` (what writing back unchanged values gives).
    pub(crate) save: Save,
    /// The content (decrypted, decompressed).
    pub(crate) content: Vec<u8>,
    /// What detection saw, one line each.
    pub(crate) evidence: Vec<String>,
    /// Other readings: `{dialect, framing, note}`.
    pub(crate) alternatives: Vec<Value>,
    /// Why the file opened only in part.
    pub(crate) error: Option<OpError>,
}

/// What opening gave.
pub(crate) enum Outcome {
    /// The file is encrypted and no password or key was given.
    NeedPassword,
    /// The file is open (maybe in part).
    Opened(Box<Opened>),
}

/// Opens `file` with `key` (an encrypted file), as `over` says where it says.
pub(crate) fn open(file: &[u8], key: Option<Key>, over: &Overrides) -> Result<Outcome, OpError> {
    let mut opts = Options { partial: true, ..Options::default() };
    (opts.key, opts.dialect, opts.kind) = (key, over.dialect, over.kind);
    let mut save = match file::read(file, &opts) {
        Ok(save) => save,
        Err(e) if matches!(e.kind(), ErrorKind::KeyNeeded) => return Ok(Outcome::NeedPassword),
        Err(e) if matches!(e.kind(), ErrorKind::WrongKey) => return Err(OpError::new("wrong password or key")),
        Err(e) => return Err(OpError::from_data(&e)),
    };
    let error = save.error.take().map(|e| OpError::from_data(&e));
    let content = save.content().map_err(|e| OpError::from_data(&e))?;
    let alternatives = save
        .report
        .others
        .iter()
        .map(|o| json!({"dialect": o.dialect.name(), "framing": o.kind.to_string(), "note": o.note}))
        .collect();
    let st = State { values: std::mem::take(&mut save.values), format: save.format.clone() };
    let evidence = save.report.evidence.clone();
    Ok(Outcome::Opened(Box::new(Opened { st, save, content, evidence, alternatives, error })))
}

/// The open answer's container fields.
pub(crate) fn container_fields(stored: &Stored, out: &mut serde_json::Map<String, Value>) {
    let (name, compression, layout) = match &stored.container {
        Container::Plain => ("plain", None, None),
        Container::Compressed(c) => ("compressed", Some(c.to_string()), None),
        Container::Encrypted(_, l) => ("encrypted", None, Some(if *l == Layout::Godot3 { "godot3" } else { "godot4" })),
    };
    out.insert("container".into(), name.into());
    if let Some(c) = compression {
        out.insert("compression".into(), c.into());
    }
    if let Some(l) = layout {
        out.insert("layout".into(), l.into());
    }
}
