//! Reading a file: its container, then its framing and dialect (detected, or as overridden), then its
//! values; a damaged file opens up to the value that fails.

use godot_bin::config_file::{ConfigFile, KeyStyle};
use godot_bin::container::{self, Key, Kind, ReadOptions, Stored};
use godot_bin::detect::{self, Candidate, Unreadable};
use godot_bin::{Config, Dialect, Variant};
use serde_json::{json, Value};

use crate::edit::State;
use crate::session::OpError;

/// How the values are laid out in the content.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Framing {
    /// `store_var` values, each behind its 4-byte length (big-endian lengths if so).
    Stream { big_endian: bool },
    /// One bare value (`var_to_bytes`).
    Bare,
    /// ConfigFile text: one value, a Dictionary of sections; keys written bare (as Godot 3.2.3 does) or
    /// quoted where needed (3.6 and 4.x).
    Config { bare_keys: bool },
}

impl Framing {
    /// The contract's spelling: "stream", "bare", "config".
    pub(crate) fn name(self) -> &'static str {
        match self {
            Framing::Stream { .. } => "stream",
            Framing::Bare => "bare",
            Framing::Config { .. } => "config",
        }
    }

    fn of(f: detect::Framing) -> Framing {
        match f {
            detect::Framing::Bare => Framing::Bare,
            detect::Framing::Stream { big_endian } => Framing::Stream { big_endian },
        }
    }
}

/// What the page may override.
#[derive(Clone, Default)]
pub(crate) struct Overrides {
    /// Read in this dialect.
    pub(crate) dialect: Option<Dialect>,
    /// Read with this framing ("stream", "bare" or "config").
    pub(crate) framing: Option<String>,
}

/// An opened file.
pub(crate) struct Opened {
    /// The values and how they are written.
    pub(crate) st: State,
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

/// The config values are read and written with.
pub(crate) fn config(d: Dialect) -> Config {
    Config::new(d)
}

fn container_error(e: godot_bin::Error) -> OpError {
    match e.kind() {
        godot_bin::ErrorKind::WrongKey => OpError::new("wrong password or key"),
        _ => OpError::new(e.to_string()),
    }
}

/// Opens `file` with `key` (an encrypted file), as `over` says where it says.
pub(crate) fn open(file: &[u8], key: Option<Key>, over: &Overrides) -> Result<Outcome, OpError> {
    if file.len() > crate::MAX_FILE {
        return Err(OpError::new(format!("the file is {} bytes; the largest opened is 256 MiB", file.len())));
    }
    let kind = container::detect(file);
    if kind == Kind::Encrypted && key.is_none() {
        return Ok(Outcome::NeedPassword);
    }
    let mut opts = ReadOptions::new();
    if let Some(k) = key {
        opts = opts.key(k);
    }
    let (content, stored) = container::open(file, &opts).map_err(container_error)?;
    let mut evidence = Vec::new();
    if kind != Kind::Plain {
        evidence.push(format!("{kind:?} container, {} byte(s) inside", content.len()));
    }
    let read = read_content(&content, over, &mut evidence);
    let (values, framing, dialect, alternatives, error) = read;
    let st = State { values, dialect, stored, framing };
    Ok(Outcome::Opened(Box::new(Opened { st, content, evidence, alternatives, error })))
}

type Read = (Vec<Variant>, Framing, Dialect, Vec<Value>, Option<OpError>);

/// Reads the content: detected, or as overridden.
fn read_content(content: &[u8], over: &Overrides, evidence: &mut Vec<String>) -> Read {
    let want = over.framing.as_deref();
    if want == Some("config") {
        return read_config(content, over.dialect, evidence);
    }
    let det = detect::detect_with(content, &Config::default());
    let before = evidence.len();
    evidence.extend(det.to_string().lines().map(String::from));
    let fits = |c: &&Candidate| {
        over.dialect.is_none_or(|d| c.dialects.contains(&d)) && want.is_none_or(|f| Framing::of(c.framing).name() == f)
    };
    let chosen = det.candidates.iter().find(fits);
    let alternatives = det
        .candidates
        .iter()
        .filter(|c| chosen.is_none_or(|x| !std::ptr::eq(*c, x)))
        .map(|c| {
            let names: Vec<&str> = c.dialects.iter().map(|d| d.name()).collect();
            json!({
                "dialect": c.dialect().name(),
                "framing": Framing::of(c.framing).name(),
                "note": format!("{} value(s), {}; also read by {}", c.values, c.framing, names.join(", ")),
            })
        })
        .collect();
    if let Some(c) = chosen {
        let dialect = over.dialect.unwrap_or(c.dialect());
        let framing = Framing::of(c.framing);
        let (values, error) = read_values(content, framing, dialect);
        return (values, framing, dialect, alternatives, error);
    }
    if det.candidates.is_empty() && want.is_none() && !content.is_empty() {
        if let Some(text) = as_text(content) {
            // Detection's lines say only that these bytes are not binary values ("looks like ConfigFile
            // text"): the reading's own line replaces them.
            let said = evidence.split_off(before);
            if let Some(read) = try_config(text, over.dialect, evidence) {
                return read;
            }
            evidence.extend(said);
        }
    }
    // Nothing reads the whole content as asked: read as far as it goes.
    let dialect = over.dialect.unwrap_or(Dialect::GODOT4);
    let framing = match want {
        Some("bare") => Framing::Bare,
        Some(_) => Framing::Stream { big_endian: false },
        None => match det.unreadable {
            Some(Unreadable::Truncated { framing, .. }) => Framing::of(framing),
            _ => {
                // A stream if its frames read one value or more before the failure, not all of them
                // null (a 4-byte null frame is what most bytes of anything else read as), and a bare
                // value fails inside the first frame (else the bare value got further: a deep nest).
                let stream = Framing::Stream { big_endian: false };
                let framed = !read_values(content, stream, dialect).0.iter().all(Variant::is_nil);
                let first_end =
                    content.get(..4).map_or(0, |b| 4 + u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
                let bare_fails_at = read_values(content, Framing::Bare, dialect).1.and_then(|e| e.offset).unwrap_or(0);
                match framed && bare_fails_at < first_end {
                    true => stream,
                    false => Framing::Bare,
                }
            }
        },
    };
    let (values, error) = read_values(content, framing, dialect);
    if error.is_none() {
        // The reading asked for reads it all, though detection offers no such reading: a warning in the
        // evidence's first line, not an error (nothing failed).
        let line =
            format!("read as {} {}: no detected reading, the values may be wrong", dialect.name(), framing.name());
        evidence.insert(before, line);
    }
    (values, framing, dialect, alternatives, error)
}

/// The values of `content` read with `framing` in `dialect`, up to the first that fails.
pub(crate) fn read_values(content: &[u8], framing: Framing, dialect: Dialect) -> (Vec<Variant>, Option<OpError>) {
    let cfg = config(dialect);
    match framing {
        Framing::Bare => match Variant::decode(content, &cfg) {
            Ok(v) => (vec![v], None),
            Err(e) => (Vec::new(), Some(OpError::from_data(&e))),
        },
        Framing::Stream { big_endian } => {
            let endian = if big_endian { godot_bin::framing::Endian::Big } else { godot_bin::framing::Endian::Little };
            let mut values = Vec::new();
            for v in godot_bin::framing::values::<Variant>(content, &cfg, endian) {
                match v {
                    Ok(v) => values.push(v),
                    Err(e) => return (values, Some(OpError::from_data(&e))),
                }
            }
            (values, None)
        }
        Framing::Config { .. } => (Vec::new(), Some(OpError::new("ConfigFile text is read by read_config"))),
    }
}

/// The content as text: UTF-8 without control characters but tabs and line breaks.
fn as_text(content: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(content).ok()?;
    let control = |c: char| c.is_control() && !matches!(c, '\t' | '\n' | '\r');
    (!text.chars().any(control)).then_some(text)
}

/// The content as ConfigFile text if it reads as one (in `dialect`, or in Godot 4.x or 3.x).
fn try_config(text: &str, dialect: Option<Dialect>, evidence: &mut Vec<String>) -> Option<Read> {
    let dialects = match dialect {
        Some(d) => vec![d],
        None => vec![Dialect::GODOT4, Dialect::Godot3],
    };
    let mut read: Vec<(Dialect, ConfigFile, usize)> = dialects
        .into_iter()
        .filter_map(|d| {
            let cf = ConfigFile::parse(text, &config(d)).ok()?;
            // How many of the text's lines this dialect writes as they are.
            let lines: std::collections::HashSet<&str> = text.lines().collect();
            let same = cf.to_text(&config(d)).lines().filter(|l| lines.contains(l)).count();
            Some((d, cf, same))
        })
        .collect();
    // The dialect that writes more of the text as it is (the first on a tie).
    let best = (0..read.len()).max_by_key(|&i| (read[i].2, std::cmp::Reverse(i)))?;
    let alternatives = read
        .iter()
        .enumerate()
        .filter(|(i, (_, cf, _))| *i != best && cf.to_variant() != read[best].1.to_variant())
        .map(|(_, (d, _, n))| {
            json!({"dialect": d.name(), "framing": "config", "note": format!("ConfigFile text, {n} line(s) as written")})
        })
        .collect();
    let (d, cf, _) = read.swap_remove(best);
    evidence.push(format!("ConfigFile text, read as {d}"));
    // The key style that writes more of the text's lines as they are.
    let lines: std::collections::HashSet<&str> = text.lines().collect();
    let same = |style| cf.to_text_with(&config(d), style).lines().filter(|l| lines.contains(l)).count();
    let bare_keys = same(KeyStyle::Bare) > same(KeyStyle::Quoted);
    Some((vec![cf.to_variant()], Framing::Config { bare_keys }, d, alternatives, None))
}

/// The content as ConfigFile text, as asked: a text that does not parse opens with no values and the error.
fn read_config(content: &[u8], dialect: Option<Dialect>, evidence: &mut Vec<String>) -> Read {
    let d = dialect.unwrap_or(Dialect::GODOT4);
    let text = match std::str::from_utf8(content) {
        Ok(t) => t,
        Err(e) => {
            let err = OpError::at(format!("not UTF-8 text at byte {}", e.valid_up_to()), e.valid_up_to());
            return (Vec::new(), Framing::Config { bare_keys: false }, d, Vec::new(), Some(err));
        }
    };
    if let Some(read) = try_config(text, dialect, evidence) {
        return read;
    }
    let err = match ConfigFile::parse(text, &config(d)) {
        Err(e) => OpError::at(e.to_string(), e.offset().unwrap_or(0)),
        Ok(_) => OpError::new("not ConfigFile text"),
    };
    (Vec::new(), Framing::Config { bare_keys: false }, d, Vec::new(), Some(err))
}

/// The open answer's container fields.
pub(crate) fn container_fields(stored: &Stored, out: &mut serde_json::Map<String, Value>) {
    use godot_bin::container::{Container, Layout};
    let (name, compression, layout) = match &stored.container {
        Container::Plain => ("plain", None, None),
        Container::Compressed(c) => ("compressed", Some(c.name()), None),
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
