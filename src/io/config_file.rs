//! The engines' `ConfigFile`: INI-like text whose values are in the `var_to_str` syntax of the dialect,
//! read and written as `ConfigFile.load`/`parse` and `ConfigFile.save` do, and a serde mapping on top.
//!
//! * [`ConfigFile`] keeps sections in order, each an ordered list of `key → Variant`; the keys outside any
//!   section are the section named `""`. [`ConfigFile::parse`] reads text, [`ConfigFile::to_text`] writes
//!   it byte for byte as `ConfigFile.save` does (sections in order, `[name]`, a blank line, `key=value`
//!   lines, a blank line between sections).
//! * [`from_str`] and [`to_string`] map a Rust value to the file: sections are struct fields (or map
//!   entries), keys are the fields of those; the keys outside any section are the field named `""`
//!   (`#[serde(rename = "")]`).
//! * `save_encrypted_pass`/`save_encrypted` files (a GDEC container around the same text; feature
//!   `containers`) open with [`file::read`](crate::file::read) / [`file::open`](crate::file::open) given the
//!   password, and are written back the same way by [`file::save`](crate::file::save).
//!
//! What the engines do, and so what we do:
//! * A key is written bare unless it holds `=`, `"`, `;`, `[`, `]`, a space or control character, or
//!   anything outside ASCII: then it is quoted like a string (Godot 3.6 and 4.x; Godot 3.2.3 writes every key
//!   bare, [`KeyStyle::Bare`]). Reading, the characters of a bare key up to `=` are the key, whitespace
//!   inside it dropped.
//! * `;` starts a comment wherever a key or header may start. `#` is **not** a comment for the engines'
//!   reader (it becomes part of the next key), so it is not one here either.
//! * Setting a key to `null` erases it (and a section left empty); so `key=null` in a file erases the key.
//! * Godot 4.6 escapes `]` in a section name as `\]`; Godot 3 writes it as is. Header names are trimmed.
//! * String values are written with only `"` and `\` escaped (newlines and tabs as they are), as
//!   `ConfigFile.save` does. Godot 3.2.3 writes an empty Dictionary as `{\n\n}` where 3.6 (and we) write
//!   `{\n}`; 3.2.3 reads ours back equal.
//! * Keys outside any section: Godot 4 writes them under no header, Godot 3 under `[]`. The engines' own
//!   readers ignore a `[]` header, so after `[]` following another section they put the keys into that
//!   previous section. We read `[]` as "the keys outside any section" instead, because that is what the
//!   writer meant: Godot 3's own output reads back to the values it saved. For the same reason we always
//!   write the section-less keys first (the engine writes them where the `""` section was first created,
//!   which is first unless a program set a sectioned key before any section-less one).
//!
//! ```
//! use godot_bin::config_file::ConfigFile;
//! use godot_bin::{Config, Dialect, Variant, markers::Vector2};
//! let g4 = Config::new(Dialect::Godot4_6);
//! let mut cf = ConfigFile::new();
//! cf.set("", "version", 2);
//! cf.set("player", "pos", Vector2::new(1.0, 2.5));
//! cf.set("player", "name", "Zoë");
//! let text = cf.to_text(&g4);
//! assert_eq!(text, "version=2\n\n[player]\n\npos=Vector2(1, 2.5)\nname=\"Zoë\"\n");
//! let back = ConfigFile::parse(&text, &g4)?;
//! assert_eq!(back.get("player", "pos"), Some(&Variant::Vector2(Vector2::new(1.0, 2.5))));
//! assert_eq!(back, cf);
//! # Ok::<(), godot_bin::Error>(())
//! ```

use std::collections::HashMap;

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::error::{Error, Form};
use crate::text::{from_text, to_text};
use crate::{Config, Dialect, Dictionary, Variant};

/// How keys are written.
///
/// ```
/// use godot_bin::config_file::{ConfigFile, KeyStyle};
/// use godot_bin::{Config, Dialect};
/// let mut cf = ConfigFile::new();
/// cf.set("s", "two words", 1);
/// let g3 = Config::new(Dialect::Godot3);
/// assert_eq!(cf.to_text_with(&g3, KeyStyle::Quoted), "[s]\n\n\"two words\"=1\n");
/// assert_eq!(cf.to_text_with(&g3, KeyStyle::Bare), "[s]\n\ntwo words=1\n");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KeyStyle {
    /// Keys that hold `=`, `"`, `;`, `[`, `]`, whitespace, control or non-ASCII characters are quoted and
    /// escaped like strings (Godot 3.6 and 4.x; the default).
    #[default]
    Quoted,
    /// Every key as is (Godot 3.2.3). Keys with such characters do not read back the same.
    Bare,
}

#[derive(Clone, Debug)]
struct Section {
    name: String,
    /// Erased entries stay as `Nil` (a value is never nil), so erasing is O(1).
    entries: Vec<(String, Variant)>,
    index: HashMap<String, usize>,
}

impl Section {
    fn live(&self) -> impl Iterator<Item = (&str, &Variant)> {
        self.entries.iter().filter(|(_, v)| !v.is_nil()).map(|(k, v)| (k.as_str(), v))
    }
}

/// The content of a `ConfigFile`: sections in order, each an ordered list of keys and their values. The
/// keys outside any section are the section `""`. Like the engine's, no value is `null`: setting one erases
/// the key.
///
/// ```
/// use godot_bin::config_file::ConfigFile;
/// use godot_bin::{Config, Variant};
/// let cf = ConfigFile::parse("; settings\n[audio]\nvolume=0.5\nmuted=false\n", &Config::default())?;
/// assert_eq!(cf.sections().collect::<Vec<_>>(), ["audio"]);
/// assert_eq!(cf.get("audio", "volume"), Some(&Variant::Float(0.5)));
/// # Ok::<(), godot_bin::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct ConfigFile {
    /// Sections erased stay (empty) until a new one of that name is appended.
    sections: Vec<Section>,
    index: HashMap<String, usize>,
}

impl PartialEq for ConfigFile {
    fn eq(&self, other: &Self) -> bool {
        self.sections().eq(other.sections()) && self.sections().all(|s| self.entries(s).eq(other.entries(s)))
    }
}

impl ConfigFile {
    /// An empty config file.
    ///
    /// ```
    /// let cf = godot_bin::config_file::ConfigFile::new();
    /// assert_eq!(cf.sections().count(), 0);
    /// ```
    pub fn new() -> Self {
        Self::default()
    }

    /// The section names, in order (`""` for the keys outside any section).
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// let mut cf = ConfigFile::new();
    /// cf.set("b", "k", 1);
    /// cf.set("a", "k", 1);
    /// assert_eq!(cf.sections().collect::<Vec<_>>(), ["b", "a"]);
    /// ```
    pub fn sections(&self) -> impl Iterator<Item = &str> {
        self.sections.iter().filter(|s| s.live().next().is_some()).map(|s| s.name.as_str())
    }

    /// The keys and values of `section`, in order (nothing if there is no such section).
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// use godot_bin::Variant;
    /// let mut cf = ConfigFile::new();
    /// cf.set("s", "x", 1);
    /// cf.set("s", "y", "two");
    /// let keys: Vec<&str> = cf.entries("s").map(|(k, _)| k).collect();
    /// assert_eq!(keys, ["x", "y"]);
    /// ```
    pub fn entries(&self, section: &str) -> impl Iterator<Item = (&str, &Variant)> + use<'_> {
        self.index.get(section).map(|&i| &self.sections[i]).into_iter().flat_map(|s| s.live())
    }

    /// The value of `key` in `section`.
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// use godot_bin::Variant;
    /// let mut cf = ConfigFile::new();
    /// cf.set("s", "x", 1);
    /// assert_eq!(cf.get("s", "x"), Some(&Variant::Int(1)));
    /// assert_eq!(cf.get("s", "y"), None);
    /// ```
    pub fn get(&self, section: &str, key: &str) -> Option<&Variant> {
        let s = &self.sections[*self.index.get(section)?];
        let v = &s.entries[*s.index.get(key)?].1;
        (!v.is_nil()).then_some(v)
    }

    /// Sets `key` in `section` to `value`, as the engine's `set_value` does: a new key goes last, an
    /// existing one keeps its place, and a `null` value erases the key (and the section once empty).
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// use godot_bin::Variant;
    /// let mut cf = ConfigFile::new();
    /// cf.set("s", "x", 1);
    /// cf.set("s", "x", Variant::Nil);
    /// assert_eq!(cf.get("s", "x"), None);
    /// assert_eq!(cf.sections().count(), 0);
    /// ```
    pub fn set(&mut self, section: &str, key: &str, value: impl Into<Variant>) {
        let value = value.into();
        if value.is_nil() {
            let Some(&si) = self.index.get(section) else { return };
            let s = &mut self.sections[si];
            if let Some(ki) = s.index.remove(key) {
                s.entries[ki].1 = Variant::Nil;
            }
            if s.index.is_empty() {
                self.index.remove(section);
                s.entries = Vec::new();
            }
            return;
        }
        let si = match self.index.get(section) {
            Some(&i) => i,
            None => {
                self.sections.push(Section { name: section.to_owned(), entries: Vec::new(), index: HashMap::new() });
                self.index.insert(section.to_owned(), self.sections.len() - 1);
                self.sections.len() - 1
            }
        };
        let s = &mut self.sections[si];
        match s.index.get(key) {
            Some(&ki) => s.entries[ki].1 = value,
            None => {
                s.entries.push((key.to_owned(), value));
                s.index.insert(key.to_owned(), s.entries.len() - 1);
            }
        }
    }

    /// Reads config file text as the engine's `ConfigFile.parse`/`load` does, values in the syntax of
    /// `cfg`'s dialect (see the [module docs](self) for the rules). Errors carry the line and column.
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// use godot_bin::{Config, Dialect, Variant};
    /// let text = "top=1\n\n[]\n\n[s]\n\n\"a key\"=PoolIntArray( 1, 2 )\nerased=null\n";
    /// let cf = ConfigFile::parse(text, &Config::new(Dialect::Godot3))?;
    /// assert_eq!(cf.get("", "top"), Some(&Variant::Int(1)));
    /// assert!(cf.get("s", "a key").is_some());
    /// assert_eq!(cf.get("s", "erased"), None);
    /// let err = ConfigFile::parse("[open", &Config::default()).unwrap_err();
    /// assert!(matches!(err.position(), Some(godot_bin::error::Position::Text { line: 1, column: 1, .. })));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn parse(text: &str, cfg: &Config) -> Result<Self, Error> {
        let escapes_headers = is_godot4(cfg.dialect());
        let b = text.as_bytes();
        let mut cf = ConfigFile::new();
        let mut section = String::new();
        let mut key = String::new();
        let mut key_start: Option<usize> = None;
        let mut i = 0;
        while i < b.len() {
            let c = b[i];
            match c {
                b';' => {
                    // A comment, up to the end of the line.
                    i = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| i + p + 1);
                }
                b'[' if key.is_empty() && key_start.is_none() => {
                    let start = i;
                    i += 1;
                    let mut name = String::new();
                    loop {
                        let Some(ch) = text[i..].chars().next() else {
                            return Err(Error::syntax(
                                Form::ConfigFile,
                                text,
                                start,
                                "section header without a closing ']'",
                            ));
                        };
                        i += ch.len_utf8();
                        match ch {
                            '\\' if escapes_headers && text[i..].starts_with(']') => {
                                name.push(']');
                                i += 1;
                            }
                            ']' => break,
                            _ => name.push(ch),
                        }
                    }
                    // An empty header (Godot 3's `[]`) is the section-less part; see the module docs.
                    section = name.trim().to_owned();
                }
                b'"' => {
                    let end = string_end(b, i);
                    match from_text(&text[i..end], cfg) {
                        Ok(Variant::String(s)) => key = s.into(),
                        Ok(_) => return Err(Error::syntax(Form::ConfigFile, text, i, "a quoted key must be a string")),
                        Err(e) => return Err(e.within(Form::ConfigFile, text, i)),
                    }
                    key_start.get_or_insert(i);
                    i = end;
                }
                b'=' => {
                    i += 1;
                    // Like the engine's tokenizer: whitespace and `;` comments before the value.
                    while i < b.len() && (b[i] <= b' ' || b[i] == b';') {
                        if b[i] == b';' {
                            i = b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |p| i + p);
                        }
                        i += 1;
                    }
                    if i >= b.len() {
                        return Err(Error::syntax(Form::ConfigFile, text, i, "a value was expected after '='"));
                    }
                    let end = value_end(b, i);
                    let value = from_text(&text[i..end], cfg).map_err(|e| e.within(Form::ConfigFile, text, i))?;
                    // The engine drops a key that is empty.
                    if !key.is_empty() {
                        cf.set(&section, &key, value);
                    }
                    key.clear();
                    key_start = None;
                    i = end;
                }
                c if c <= b' ' => i += 1,
                _ => {
                    let ch = text[i..].chars().next().unwrap_or('\u{fffd}');
                    key.push(ch);
                    key_start.get_or_insert(i);
                    i += ch.len_utf8().max(1);
                }
            }
        }
        // Like the engine, a key cut off by the end of the text (no `=`) is dropped.
        Ok(cf)
    }

    /// Writes the file as the engine's `ConfigFile.save` of `cfg`'s dialect does (keys quoted where needed,
    /// [`KeyStyle::Quoted`]); the section-less keys first. Values are printed as [`crate::text::to_text`]
    /// prints them.
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// use godot_bin::{Config, Dialect, markers::Vector2};
    /// let mut cf = ConfigFile::new();
    /// cf.set("", "v", 1);
    /// cf.set("s", "p", Vector2::new(1.0, 2.0));
    /// assert_eq!(cf.to_text(&Config::new(Dialect::Godot3)), "[]\n\nv=1\n\n[s]\n\np=Vector2( 1, 2 )\n");
    /// assert_eq!(cf.to_text(&Config::new(Dialect::Godot4_6)), "v=1\n\n[s]\n\np=Vector2(1, 2)\n");
    /// ```
    pub fn to_text(&self, cfg: &Config) -> String {
        self.to_text_with(cfg, KeyStyle::Quoted)
    }

    /// [`ConfigFile::to_text`] with the given way of writing keys ([`KeyStyle::Bare`] is Godot 3.2.3's).
    ///
    /// ```
    /// use godot_bin::config_file::{ConfigFile, KeyStyle};
    /// use godot_bin::Config;
    /// let mut cf = ConfigFile::new();
    /// cf.set("s", "k=v", 1);
    /// assert_eq!(cf.to_text_with(&Config::default(), KeyStyle::Quoted), "[s]\n\n\"k=v\"=1\n");
    /// ```
    pub fn to_text_with(&self, cfg: &Config, style: KeyStyle) -> String {
        let godot4 = is_godot4(cfg.dialect());
        let mut out = String::new();
        let order = self.sections().filter(|s| s.is_empty()).chain(self.sections().filter(|s| !s.is_empty()));
        for (n, name) in order.enumerate() {
            if n > 0 {
                out.push('\n');
            }
            if !name.is_empty() || !godot4 {
                out.push('[');
                if godot4 {
                    out.push_str(&name.replace(']', "\\]"));
                    // Godot 4's loader reads `\]` as a `]` inside the name, so a name ending in a backslash
                    // would swallow its closing bracket (Godot 4.6's own saver writes it so, and the file then
                    // loads as one garbage section). A space before the bracket keeps it: the loader trims
                    // names (as Godot 3.x and 4.6 do: `[a\ ]` loads as `a\` in all three).
                    if name.ends_with('\\') {
                        out.push(' ');
                    }
                } else {
                    out.push_str(name);
                }
                out.push_str("]\n\n");
            }
            for (k, v) in self.entries(name) {
                write_key(&mut out, k, style);
                out.push('=');
                out.push_str(&multiline_strings(&to_text(v, cfg)));
                out.push('\n');
            }
        }
        out
    }

    /// The file as a Dictionary of Dictionaries: section name → (key → value), in order; the section-less
    /// keys under `""`.
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// use godot_bin::Variant;
    /// let mut cf = ConfigFile::new();
    /// cf.set("s", "x", 1);
    /// assert_eq!(cf.to_variant()["s"]["x"], Variant::Int(1));
    /// ```
    pub fn to_variant(&self) -> Variant {
        let mut outer = Dictionary::default();
        for name in self.sections() {
            let inner: Dictionary = self.entries(name).map(|(k, v)| (k, v.clone())).collect();
            outer.insert(Variant::from(name), inner.into());
        }
        outer.into()
    }

    /// The file a Dictionary of Dictionaries describes (as [`ConfigFile::to_variant`] makes them). Keys must
    /// be strings (or StringNames); `null` values are left out, as the engine's `set_value` does.
    ///
    /// ```
    /// use godot_bin::config_file::ConfigFile;
    /// use godot_bin::{Dictionary, Variant};
    /// let inner: Dictionary = [("x", Variant::Int(1)), ("gone", Variant::Nil)].into_iter().collect();
    /// let outer: Variant = [("s", Variant::from(inner))].into_iter().collect();
    /// let cf = ConfigFile::from_variant(&outer)?;
    /// assert_eq!(cf.entries("s").count(), 1);
    /// assert!(ConfigFile::from_variant(&Variant::Int(3)).is_err());
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn from_variant(v: &Variant) -> Result<Self, Error> {
        let Variant::Dictionary(outer) = v else {
            return Err(Error::shape(
                Form::ConfigFile,
                None,
                format!("a config file is a Dictionary of sections, not a {:?}", v.kind()),
            ));
        };
        let mut cf = ConfigFile::new();
        for (name, section) in &outer.entries {
            let name = name.as_str().ok_or_else(|| {
                Error::shape(
                    Form::ConfigFile,
                    None,
                    format!("a section name must be a string, not a {:?}", name.kind()),
                )
            })?;
            let inner = match section {
                Variant::Dictionary(d) => d,
                Variant::Nil => continue,
                other => {
                    return Err(Error::shape(
                        Form::ConfigFile,
                        None,
                        format!("section {name:?} must be a Dictionary of keys, not a {:?}", other.kind()),
                    ))
                }
            };
            for (key, value) in &inner.entries {
                let key = key.as_str().ok_or_else(|| {
                    Error::shape(
                        Form::ConfigFile,
                        None,
                        format!("a key of section {name:?} must be a string, not a {:?}", key.kind()),
                    )
                })?;
                cf.set(name, key, value.clone());
            }
        }
        Ok(cf)
    }
}

/// Reads a Rust value from config file text: sections are its fields (or map entries), keys theirs; the
/// section-less keys are the field named `""`.
///
/// ```
/// use godot_bin::{config_file, Config, Dialect, markers::Vector2};
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Settings { video: Video }
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Video { size: Vector2, vsync: bool }
/// let text = "[video]\n\nsize=Vector2(1280, 720)\nvsync=true\n";
/// let s: Settings = config_file::from_str(text, &Config::new(Dialect::Godot4_6))?;
/// assert_eq!(s, Settings { video: Video { size: Vector2::new(1280.0, 720.0), vsync: true } });
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn from_str<T: DeserializeOwned>(text: &str, cfg: &Config) -> Result<T, Error> {
    let cf = ConfigFile::parse(text, cfg)?;
    crate::from_variant(&cf.to_variant())
}

/// Writes a Rust value as config file text, as the engine's `ConfigFile.save` would: its fields (or map
/// entries) are the sections, theirs the keys (`None` fields are left out, as `set_value(…, null)` erases).
///
/// ```
/// use godot_bin::{config_file, Config, Dialect, markers::Color};
/// #[derive(serde::Serialize)]
/// struct Settings { #[serde(rename = "")] top: Top, ui: Ui }
/// #[derive(serde::Serialize)]
/// struct Top { version: i64 }
/// #[derive(serde::Serialize)]
/// struct Ui { accent: Color, font: Option<String> }
/// let s = Settings { top: Top { version: 3 }, ui: Ui { accent: Color::new(1.0, 0.5, 0.0, 1.0), font: None } };
/// let text = config_file::to_string(&s, &Config::new(Dialect::Godot4_6))?;
/// assert_eq!(text, "version=3\n\n[ui]\n\naccent=Color(1, 0.5, 0, 1)\n");
/// # Ok::<(), godot_bin::Error>(())
/// ```
pub fn to_string<T: ?Sized + Serialize>(value: &T, cfg: &Config) -> Result<String, Error> {
    let v = crate::to_variant_with(value, cfg)?;
    Ok(ConfigFile::from_variant(&v)?.to_text(cfg))
}

/// ConfigFile text read without knowing which engine wrote it ([`guess`]).
#[cfg(feature = "containers")]
pub(crate) struct Guess {
    pub(crate) file: ConfigFile,
    /// The dialect whose syntax reads it (Godot 4.6 or Godot 3 when none was given).
    pub(crate) dialect: Dialect,
    /// The key style that writes more of the text's lines as they are.
    pub(crate) key_style: KeyStyle,
    /// The other family, when it reads the text too, writes as many of its lines as they are, and writes
    /// it otherwise: the text does not say which engine wrote it, and writing it back depends on that.
    pub(crate) tie: Option<Dialect>,
    /// The other family's reading, when it reads the text to other values (the dialect and how many lines
    /// it writes as they are).
    pub(crate) other: Option<(Dialect, usize)>,
}

/// Reads `text` as ConfigFile text in `dialect`, or when none is given in Godot 4's syntax and Godot 3's
/// (they differ: `PackedStringArray(…)` / `PoolStringArray( … )`, `Transform3D` / `Transform`, `Color(1, 2,
/// 3, 4)` / `Color( 1, 2, 3, 4 )`): the one that reads it; when both do, to different values, the one that
/// writes more of the text's lines as they are (Godot 4 on a tie that matters, said in [`Guess::tie`]). The
/// key style is the one that writes more of its lines as they are. An error is the first dialect's.
#[cfg(feature = "containers")]
pub(crate) fn guess(text: &str, dialect: Option<Dialect>, cfg: &Config) -> Result<Guess, Error> {
    let lines: std::collections::HashSet<&str> = text.lines().collect();
    let written = |cf: &ConfigFile, cfg: &Config, style| {
        cf.to_text_with(cfg, style).lines().filter(|l| lines.contains(l)).count()
    };
    let read = |d: Dialect| -> Result<(ConfigFile, Dialect, KeyStyle, usize, String), Error> {
        let cfg = cfg.clone().with_dialect(d);
        let cf = ConfigFile::parse(text, &cfg)?;
        let (quoted, bare) = (written(&cf, &cfg, KeyStyle::Quoted), written(&cf, &cfg, KeyStyle::Bare));
        let style = if bare > quoted { KeyStyle::Bare } else { KeyStyle::Quoted };
        let out = cf.to_text_with(&cfg, style);
        Ok((cf, d, style, quoted.max(bare), out))
    };
    let candidates = match dialect {
        Some(d) => vec![d],
        None => vec![Dialect::Godot4_6, Dialect::Godot3],
    };
    let mut first_error = None;
    let mut read: Vec<_> = candidates
        .into_iter()
        .filter_map(|d| read(d).map_err(|e| first_error.get_or_insert(e).kind().to_string()).ok())
        .collect();
    if read.is_empty() {
        return Err(first_error.expect("a dialect was tried"));
    }
    let best = (0..read.len()).max_by_key(|&i| (read[i].3, std::cmp::Reverse(i))).expect("one reading");
    let (file, dialect, key_style, lines_kept, out) = read.swap_remove(best);
    let second = read.pop();
    let tie = second.as_ref().filter(|o| o.3 == lines_kept && o.4 != out).map(|o| o.1);
    let other = second.filter(|o| o.0.to_variant() != file.to_variant()).map(|o| (o.1, o.3));
    Ok(Guess { tie, other, file, dialect, key_style })
}

fn is_godot4(d: Dialect) -> bool {
    matches!(
        d,
        Dialect::Godot4_0
            | Dialect::Godot4_1
            | Dialect::Godot4_2
            | Dialect::Godot4_3
            | Dialect::Godot4_4
            | Dialect::Godot4_5
            | Dialect::Godot4_6
    )
}

/// The engines' `ConfigFile.save` (and `var_to_str`) write a String value with only `"` and `\\` escaped:
/// newlines, tabs and other control characters go into the file as they are. [`to_text`] escapes those;
/// this turns its escapes back into the characters inside String literals, and leaves the literals that
/// the engine escapes fully (`&"…"` StringNames, `^"…"`, and those inside `NodePath(…)`,
/// `PackedStringArray(…)` / `PoolStringArray(…)`) as they are.
fn multiline_strings(text: &str) -> String {
    if !text.contains('\\') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    // What each open bracket belongs to: the constructor name before a `(`, else "".
    let mut stack: Vec<&str> = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'(' => {
                let start = text[..i].rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).map_or(0, |p| p + 1);
                stack.push(&text[start..i]);
            }
            b'[' | b'{' => stack.push(""),
            b')' | b']' | b'}' => {
                stack.pop();
            }
            b'"' => {
                let end = string_end(b, i);
                let literal = &text[i..end];
                let prefixed = i > 0 && matches!(b[i - 1], b'&' | b'^' | b'@');
                let in_escaped = matches!(
                    stack.last(),
                    Some(&("NodePath" | "PackedStringArray" | "PoolStringArray" | "StringName"))
                );
                if prefixed || in_escaped {
                    out.push_str(literal);
                } else {
                    unescape_controls(&mut out, literal);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        let ch = text[i..].chars().next().unwrap_or('\u{fffd}');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// Copies a string literal, turning `\\n`, `\\t`, `\\r`, `\\b`, `\\f` and `\\u00XX` (a control character) into the
/// characters; `\\"` and `\\\\` stay.
fn unescape_controls(out: &mut String, literal: &str) {
    let mut chars = literal.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.peek().copied() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('b') => out.push('\u{8}'),
            Some('f') => out.push('\u{c}'),
            Some('u') => {
                let hex: String = chars.clone().skip(1).take(4).collect();
                match u32::from_str_radix(&hex, 16).ok().filter(|&n| hex.len() == 4 && n < 0x20) {
                    Some(n) => {
                        out.push(char::from_u32(n).unwrap_or('\u{fffd}'));
                        for _ in 0..5 {
                            chars.next();
                        }
                    }
                    None => out.push('\\'),
                }
                continue;
            }
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => {
                out.push('\\');
                continue;
            }
        }
        chars.next();
    }
}

fn write_key(out: &mut String, key: &str, style: KeyStyle) {
    let needs_quotes = |c: char| matches!(c, '=' | '"' | ';' | '[' | ']') || !('!'..='~').contains(&c);
    if style == KeyStyle::Bare || !key.chars().any(needs_quotes) {
        out.push_str(key);
        return;
    }
    crate::forms::text::push_quoted(out, key);
}

/// The end of the string literal starting with the `"` at `start` (the end of the text if it is open).
fn string_end(b: &[u8], start: usize) -> usize {
    let mut i = start + 1;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The end of the bracketed group opening at `start` (strings inside skipped; the end of the text if it
/// never closes: the value parser then reports where).
fn group_end(b: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i = string_end(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'+' | b'-')
}

/// The end of the value starting at `start`: a string (`"…"`, `&"…"`, `^"…"`), a bracketed array or
/// dictionary, or a word (number, `true`, …) with, for a constructor, its `[types]` and `( … )`.
fn value_end(b: &[u8], start: usize) -> usize {
    match b[start] {
        b'"' => string_end(b, start),
        b'&' | b'^' | b'@' if b.get(start + 1) == Some(&b'"') => string_end(b, start + 1),
        b'[' | b'{' | b'(' => group_end(b, start),
        c if is_word(c) => {
            let mut i = start;
            while i < b.len() && is_word(b[i]) {
                i += 1;
            }
            let word = &b[start..i];
            if !(word[0].is_ascii_alphabetic() || word[0] == b'_')
                || matches!(word, b"true" | b"false" | b"null" | b"nil" | b"inf" | b"inf_neg" | b"nan")
            {
                return i;
            }
            let skip_blank = |mut j: usize| {
                while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                    j += 1;
                }
                j
            };
            let mut j = skip_blank(i);
            if b.get(j) == Some(&b'[') && matches!(word, b"Array" | b"Dictionary") {
                i = group_end(b, j);
                j = skip_blank(i);
            }
            if b.get(j) == Some(&b'(') {
                i = group_end(b, j);
            }
            i
        }
        // Not the start of any value: one character, which the value parser then reports.
        c => {
            start
                + if c < 0x80 {
                    1
                } else if c >= 0xf0 {
                    4
                } else if c >= 0xe0 {
                    3
                } else {
                    2
                }
        }
    }
}
