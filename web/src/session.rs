//! The session: one open document and the ops the page calls on it.

use std::borrow::Cow;

use godot_bin::container::Key;
use godot_bin::file::{Content, Kind, Save};
use godot_bin::{text, Config, Dialect, Variant};
use serde_json::{json, Map, Value};

use crate::edit::{History, Op, State};
use crate::open::{self, Outcome, Overrides};
use crate::tree::{self, Ranges, Source};

/// An op's failure: what went wrong and, where the bytes say, the offset in the content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpError {
    /// What went wrong.
    pub message: String,
    /// The byte offset in the content (or the text) it is about.
    pub offset: Option<usize>,
}

impl OpError {
    /// An error with no offset.
    pub fn new(message: impl Into<String>) -> OpError {
        OpError { message: message.into(), offset: None }
    }

    /// An error at `offset`.
    pub fn at(message: impl Into<String>, offset: usize) -> OpError {
        OpError { message: message.into(), offset: Some(offset) }
    }

    /// A decoding error, with its offset (the page says "at byte N" itself: the message does not).
    pub(crate) fn from_data(e: &godot_bin::Error) -> OpError {
        let mut message = e.to_string();
        if let Some(o) = e.offset() {
            if let Some(i) = message.rfind(&format!(" at byte {o}")) {
                message.replace_range(i..i + format!(" at byte {o}").len(), "");
            }
        }
        OpError { message, offset: e.offset() }
    }

    /// `{message, offset?}`, as the reply carries it.
    pub fn to_json(&self) -> Value {
        match self.offset {
            Some(o) => json!({"message": self.message, "offset": o}),
            None => json!({"message": self.message}),
        }
    }
}

impl std::fmt::Display for OpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.offset {
            Some(o) => write!(f, "{} at byte {o}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for OpError {}

impl From<String> for OpError {
    fn from(message: String) -> OpError {
        OpError::new(message)
    }
}

/// An op's answer: its JSON result, and bytes for the ops that give a file (save, content, export).
#[derive(Debug)]
pub struct Reply {
    /// The result object.
    pub result: Value,
    /// The byte result.
    pub data: Option<Vec<u8>>,
}

impl From<Value> for Reply {
    fn from(result: Value) -> Reply {
        Reply { result, data: None }
    }
}

/// The open document.
pub(crate) struct Doc {
    pub(crate) name: String,
    /// The file's bytes as opened.
    pub(crate) file: Vec<u8>,
    /// The key it opened with (an encrypted file).
    pub(crate) key: Option<Key>,
    /// The content as opened.
    pub(crate) content: Vec<u8>,
    /// The library's reading of the file (its values are in `st` while the document is open): what
    /// writes the values back, the opened bytes while they are unchanged.
    pub(crate) save: Save,
    pub(crate) st: State,
    pub(crate) evidence: Vec<String>,
    pub(crate) alternatives: Vec<Value>,
    /// Why the file opened only in part.
    pub(crate) error: Option<OpError>,
    pub(crate) history: History,
    pub(crate) ranges: Ranges,
    /// The text form of one top value (its index), kept until the values change.
    pub(crate) text: std::cell::RefCell<Option<(usize, std::rc::Rc<str>)>>,
    /// Whether the opened content is what encoding its values gives (the engines may leave stray bytes in
    /// padding): only then is the content of an edited document the opened one patched. Found at the first
    /// edit.
    pub(crate) canonical: Option<bool>,
}

impl Doc {
    pub(crate) fn cfg(&self) -> Config {
        self.st.format.config.clone()
    }

    /// Runs `f` on the library's save holding the values and format as they are now.
    fn with_save<T>(&mut self, f: impl FnOnce(&Save) -> T) -> T {
        std::mem::swap(&mut self.save.values, &mut self.st.values);
        let format = std::mem::replace(&mut self.save.format, self.st.format.clone());
        let out = f(&self.save);
        self.save.format = format;
        std::mem::swap(&mut self.save.values, &mut self.st.values);
        out
    }

    /// The content of the values as they are now: the opened content while no edit is in effect.
    pub(crate) fn current_content(&mut self) -> Result<Cow<'_, [u8]>, OpError> {
        if self.history.clean() {
            return Ok(Cow::Borrowed(&self.content));
        }
        self.with_save(|s| s.content()).map(Cow::Owned).map_err(|e| OpError::new(e.to_string()))
    }

    /// The whole file as it is now: the opened bytes when the values did not change.
    pub(crate) fn save(&mut self) -> Result<Vec<u8>, OpError> {
        if self.history.clean() {
            return Ok(self.file.clone());
        }
        self.with_save(|s| s.to_bytes()).map_err(|e| OpError::new(e.to_string()))
    }

    /// Runs `f` with the byte ranges and where they come from (`None` for ConfigFile text).
    pub(crate) fn with_ranges<T>(&mut self, f: impl FnOnce(&mut Ranges, &Source) -> Option<T>) -> Option<T> {
        let cfg = self.cfg();
        let stream = match self.st.format.content {
            Content::Stream { big_endian } => Some(big_endian),
            Content::Bare => None,
            _ => return None,
        };
        let opened = self.history.clean().then_some(&self.content[..]);
        let src = Source { values: &self.st.values, opened, stream, cfg: &cfg };
        f(&mut self.ranges, &src)
    }

    /// The byte range of the node at `path`.
    pub(crate) fn span(&mut self, path: &[usize]) -> Option<tree::Span> {
        self.with_ranges(|r, src| r.span(src, path))
    }

    /// The row of the node at `path`.
    pub(crate) fn row(&mut self, path: &[usize]) -> Result<Value, OpError> {
        let d = self.st.dialect();
        let cfg = self.cfg();
        let span = self.span(path);
        let node = tree::resolve(&self.st.values, path).ok_or_else(|| OpError::new("no such node"))?;
        let v = node.value();
        let label = match path {
            [i] => format!("value {i}"),
            [parent @ .., i] => {
                let p = tree::resolve(&self.st.values, parent).ok_or_else(|| OpError::new("no such node"))?;
                // A key's text is cut as a preview is (a 1 MB key would otherwise ride on every row).
                match tree::key_of(p.value(), *i) {
                    Some(k) => cut(&text::to_text(k, &cfg)),
                    None => format!("[{i}]"),
                }
            }
            [] => return Err(OpError::new("no such node")),
        };
        Ok(json!({
            "path": path,
            "label": label,
            "type": crate::names::type_name(v, d),
            "offset": span.map(|s| s.at),
            "size": span.map(|s| s.size),
            "preview": preview(v, &cfg),
            "children": tree::child_count(v),
            "kind": crate::names::editor_kind(v),
        }))
    }
}

/// The text form of `v`, cut at 120 characters. A long container is printed from its first
/// [`tree::HEAD`] children only: their text (each a character or more, with a separator) runs past the
/// cut, so the cut text is the same.
fn preview(v: &Variant, cfg: &Config) -> String {
    match tree::head(v) {
        Some(h) => cut(&text::to_text(&h, cfg)),
        None => cut(&text::to_text(v, cfg)),
    }
}

/// `t` cut at 120 characters.
pub(crate) fn cut(t: &str) -> String {
    const MAX: usize = 120;
    match t.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &t[..cut]),
        None => t.to_string(),
    }
}

/// The most bytes of a value whose text form `node` gives (the editor edits at most 64 KiB of text).
const NODE_TEXT_MAX: usize = 256 << 10;

/// The model: at most one open document.
#[derive(Default)]
pub struct Session {
    pub(crate) doc: Option<Doc>,
}

/// An argument of an op.
pub(crate) fn arg_str<'a>(args: &'a Value, name: &str) -> Option<&'a str> {
    args.get(name).and_then(Value::as_str).filter(|s| !s.is_empty())
}

/// A path argument: an array of indices.
pub(crate) fn arg_path(args: &Value, name: &str) -> Result<Vec<usize>, OpError> {
    let bad = || OpError::new(format!("`{name}` must be an array of indices"));
    let list = args.get(name).and_then(Value::as_array).ok_or_else(bad)?;
    list.iter().map(|x| x.as_u64().map(|n| n as usize).ok_or_else(bad)).collect()
}

/// A number argument.
pub(crate) fn arg_usize(args: &Value, name: &str) -> Option<usize> {
    args.get(name).and_then(Value::as_u64).map(|n| n as usize)
}

/// The dialect and framing an open or reopen asks for.
fn overrides(args: &Value) -> Result<Overrides, OpError> {
    let kind = arg_str(args, "framing")
        .map(|f| f.parse::<Kind>().map_err(|_| OpError::new(format!("no framing {f:?} ({})", Kind::NAMES.join(", ")))))
        .transpose()?;
    Ok(Overrides { dialect: arg_str(args, "dialect").map(parse_dialect).transpose()?, kind })
}

pub(crate) fn parse_dialect(s: &str) -> Result<Dialect, OpError> {
    s.parse::<Dialect>().map_err(|e| OpError::new(e.to_string()))
}

impl Session {
    /// A session with nothing open.
    pub fn new() -> Session {
        Session::default()
    }

    /// Runs `op` with its JSON `args` and byte `data`; the answer's `data` is the bytes of `save`,
    /// `content` and `export`. Paths are arrays of indices `[value_index, child_index, …]` (a dictionary's
    /// child `i` is its `i`-th entry's value).
    ///
    /// - `open {name, password?, key_hex?, dialect?, framing?}` + the file; `reopen {dialect?, framing?}`
    /// - `content`, `children {path, start, count}`, `node {path}`, `leaves {start, end}` (the innermost
    ///   nodes over a byte window), `at_byte {offset}`, `value_text {index}`, `locate {path}`,
    ///   `at_text {index, offset}` (offsets in text: UTF-16 code units)
    /// - `set {path, text, retype?}`, `insert {path, index?, key?, text?}`, `remove {path}`, `undo`, `redo`
    /// - `save`, `export {form: "text"|"json"}`, `migrate {to}`, `diff {name?, password?, key_hex?}` + the
    ///   other file
    ///
    /// ```
    /// use serde_json::json;
    /// let mut s = godot_bin_web::Session::new();
    /// // Godot 4.6 store_var(1) (tests/fixtures/godot-4.6/values.tsv "int_1", behind its length).
    /// let file = [8, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
    /// let opened = s.call("open", &json!({"name": "one.sav"}), &file)?.result;
    /// assert_eq!((opened["framing"].as_str(), opened["values"].as_u64()), (Some("stream"), Some(1)));
    /// s.call("set", &json!({"path": [0], "text": "2"}), &[])?;
    /// assert_eq!(s.call("save", &json!({}), &[])?.data.unwrap(), [8, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0]);
    /// s.call("undo", &json!({}), &[])?;
    /// assert_eq!(s.call("save", &json!({}), &[])?.data.unwrap(), file);
    /// # Ok::<(), godot_bin_web::OpError>(())
    /// ```
    pub fn call(&mut self, op: &str, args: &Value, data: &[u8]) -> Result<Reply, OpError> {
        match op {
            "open" => self.open(args, data.to_vec()),
            "reopen" => self.reopen(args),
            "content" => {
                let doc = self.doc_mut()?;
                Ok(Reply { result: json!({}), data: Some(doc.current_content()?.into_owned()) })
            }
            "children" => self.children(args).map(Reply::from),
            "node" => self.node(args).map(Reply::from),
            "set" => self.set(args),
            "insert" => self.insert(args).map(Reply::from),
            "remove" => self.remove(args).map(Reply::from),
            "undo" | "redo" => self.undo_redo(op == "undo").map(Reply::from),
            "save" => Ok(Reply { result: json!({}), data: Some(self.doc_mut()?.save()?) }),
            _ => self.call_more(op, args, data),
        }
    }

    pub(crate) fn doc(&self) -> Result<&Doc, OpError> {
        self.doc.as_ref().ok_or_else(|| OpError::new("no file is open"))
    }

    pub(crate) fn doc_mut(&mut self) -> Result<&mut Doc, OpError> {
        self.doc.as_mut().ok_or_else(|| OpError::new("no file is open"))
    }

    fn open(&mut self, args: &Value, file: Vec<u8>) -> Result<Reply, OpError> {
        let name = arg_str(args, "name").unwrap_or("save").to_string();
        let key = match (arg_str(args, "password"), arg_str(args, "key_hex")) {
            (Some(p), _) => Some(Key::from_password(p)),
            (None, Some(h)) => Some(Key::from_hex(h.trim()).map_err(|e| OpError::new(e.to_string()))?),
            (None, None) => None,
        };
        let over = overrides(args)?;
        self.open_bytes(name, file, key, &over)
    }

    fn reopen(&mut self, args: &Value) -> Result<Reply, OpError> {
        let over = overrides(args)?;
        let doc = self.doc.take().ok_or_else(|| OpError::new("no file is open"))?;
        let (name, file, key) = (doc.name.clone(), doc.file.clone(), doc.key.clone());
        match self.open_bytes(name, file, key, &over) {
            Ok(r) => Ok(r),
            Err(e) => {
                self.doc = Some(doc);
                Err(e)
            }
        }
    }

    fn open_bytes(
        &mut self, name: String, file: Vec<u8>, key: Option<Key>, over: &Overrides,
    ) -> Result<Reply, OpError> {
        match open::open(&file, key.clone(), over)? {
            Outcome::NeedPassword => Ok(json!({"status": "need_password", "name": name}).into()),
            Outcome::Opened(o) => {
                let o = *o;
                self.doc = Some(Doc {
                    name,
                    file,
                    key,
                    content: o.content,
                    save: o.save,
                    st: o.st,
                    evidence: o.evidence,
                    alternatives: o.alternatives,
                    error: o.error,
                    history: History::default(),
                    ranges: Ranges::default(),
                    text: Default::default(),
                    canonical: None,
                });
                Ok(self.describe()?.into())
            }
        }
    }

    /// The open answer for the document as it is.
    pub(crate) fn describe(&self) -> Result<Value, OpError> {
        let doc = self.doc()?;
        let mut out = Map::new();
        out.insert("status".into(), if doc.error.is_some() { "partial" } else { "ok" }.into());
        out.insert("name".into(), doc.name.clone().into());
        open::container_fields(&doc.st.format.stored, &mut out);
        out.insert("framing".into(), doc.st.format.content.kind().to_string().into());
        out.insert("dialect".into(), doc.st.dialect().name().into());
        out.insert("evidence".into(), json!(doc.evidence));
        out.insert("alternatives".into(), json!(doc.alternatives));
        out.insert("values".into(), doc.st.values.len().into());
        out.insert("content_len".into(), doc.content.len().into());
        out.insert("dirty".into(), (!doc.history.clean()).into());
        if let Some(e) = &doc.error {
            out.insert("error".into(), e.to_json());
        }
        Ok(Value::Object(out))
    }

    fn children(&mut self, args: &Value) -> Result<Value, OpError> {
        let path = arg_path(args, "path")?;
        let start = arg_usize(args, "start").unwrap_or(0);
        let count = arg_usize(args, "count").unwrap_or(100);
        let doc = self.doc_mut()?;
        let total = match path.is_empty() {
            true => doc.st.values.len(),
            false => {
                let node = tree::resolve(&doc.st.values, &path).ok_or_else(|| OpError::new("no such node"))?;
                tree::child_count(node.value())
            }
        };
        let end = start.saturating_add(count).min(total);
        let mut rows = Vec::with_capacity(end.saturating_sub(start));
        for i in start..end {
            let mut p = path.clone();
            p.push(i);
            rows.push(doc.row(&p)?);
        }
        Ok(json!({"total": total, "rows": rows}))
    }

    fn node(&mut self, args: &Value) -> Result<Value, OpError> {
        let path = arg_path(args, "path")?;
        let doc = self.doc_mut()?;
        let row = doc.row(&path)?;
        let span = doc.span(&path);
        let cfg = doc.cfg();
        let node = tree::resolve(&doc.st.values, &path).ok_or_else(|| OpError::new("no such node"))?;
        let v = node.value();
        // A large container's text is not printed: the editor offers its elements instead. A leaf (a long
        // String) is edited whole, so its text is always given.
        let children = tree::child_count(v);
        if children > 0 && (span.is_some_and(|s| s.size > NODE_TEXT_MAX) || children > NODE_TEXT_MAX / 8) {
            return Ok(json!({"row": row, "text": null}));
        }
        let full = text::to_text(v, &cfg);
        let mut out = json!({"row": row, "text": full});
        let kind = crate::names::editor_kind(v);
        if kind == "vector" || kind == "color" {
            out["components"] = json!(components(&full));
        }
        // The width on the wire: from the node's size (a packed array's element: from its type).
        let parent = path.split_last().and_then(|(_, p)| tree::resolve(&doc.st.values, p));
        let bits = match parent.as_ref().map(|p| p.value()) {
            Some(Variant::PackedByteArray(_)) => Some(8),
            Some(Variant::PackedInt32Array(_) | Variant::PackedFloat32Array(_)) => Some(32),
            Some(Variant::PackedInt64Array(_) | Variant::PackedFloat64Array(_)) => Some(64),
            _ => span.map(|s| if s.size > 8 { 64 } else { 32 }),
        };
        match v {
            Variant::Int(_) => out["int_bits"] = json!(bits.unwrap_or(64)),
            Variant::Float(_) => out["float_bits"] = json!(bits.unwrap_or(64)),
            _ => {}
        }
        if let (Some((&i, p)), true) = (path.split_last(), path.len() > 1) {
            if let Some(k) = tree::resolve(&doc.st.values, p).and_then(|p| tree::key_of(p.value(), i).cloned()) {
                out["key_text"] = json!(text::to_text(&k, &cfg));
            }
        }
        Ok(out)
    }

    /// The answer of an edit: the row of `path` (if any), whether the document changed, how many values.
    pub(crate) fn edited(&mut self, path: Option<&[usize]>) -> Result<Value, OpError> {
        let doc = self.doc_mut()?;
        doc.ranges.clear();
        self.changed(path)
    }

    /// [`Session::edited`] for an edit that kept the byte ranges true itself.
    fn changed(&mut self, path: Option<&[usize]>) -> Result<Value, OpError> {
        let doc = self.doc_mut()?;
        doc.text.take();
        let mut out = json!({"dirty": !doc.history.clean(), "values": doc.st.values.len()});
        if let Some(p) = path {
            out["path"] = json!(p);
            if !p.is_empty() {
                if let Ok(row) = doc.row(p) {
                    out["row"] = row;
                }
            }
        }
        Ok(out)
    }

    /// Parses `text` in the document's dialect.
    pub(crate) fn parse(&self, text: &str) -> Result<Variant, OpError> {
        let cfg = self.doc()?.cfg();
        let v = text::from_text(text, &cfg).map_err(|e| OpError::at(e.kind().to_string(), e.offset().unwrap_or(0)))?;
        typed_holds(&v, cfg.dialect())?;
        Ok(v)
    }

    fn set(&mut self, args: &Value) -> Result<Reply, OpError> {
        let path = arg_path(args, "path")?;
        let given = arg_str(args, "text").or_else(|| args.get("text").and_then(Value::as_str));
        let value = self.parse(given.ok_or_else(|| OpError::new("`text` is required"))?)?;
        let retype = args.get("retype").and_then(Value::as_bool).unwrap_or(false);
        let doc = self.doc_mut()?;
        let old = tree::resolve(&doc.st.values, &path).ok_or_else(|| OpError::new("no such node"))?;
        let d = doc.st.dialect();
        // The type as Godot names it: an Array[int] is not an Array nor an Array[String] (a typed array
        // that came back untyped would no longer load into the game's typed variable).
        if !retype && crate::names::type_name(old.value(), d) != crate::names::type_name(&value, d) {
            return Err(OpError::new(format!(
                "the value is a {}, not a {} (retype to change its type)",
                crate::names::type_name(old.value(), d),
                crate::names::type_name(&value, d)
            )));
        }
        if let [parent @ .., _] = &path[..] {
            if let Some(p) = tree::resolve(&doc.st.values, parent) {
                check_fits(p.value(), None, &value)?;
            }
        }
        // The bytes of the content as they are then: the new value's bytes in place of the old one's (and the
        // top value's frame length), so that the page patches its copy, and the byte ranges move, rather than
        // the whole content being encoded and sent again.
        let cfg = doc.cfg();
        let in_packed = path.len() > 1
            && tree::resolve(&doc.st.values, &path[..path.len() - 1]).is_some_and(|p| tree::is_packed(p.value()));
        // The content is the opened one while no edit is in effect, else the library's encoding.
        let was_clean = doc.history.clean();
        let before = doc.span(&path).filter(|_| !in_packed && (!was_clean || doc.canonical != Some(false)));
        let old = tree::resolve(&doc.st.values, &path).ok_or_else(|| OpError::new("no such node"))?;
        let old_len = before.and_then(|_| tree::encoded_len(old.value(), &cfg));
        let bytes = before.and_then(|_| value.encode(&cfg).ok());
        doc.history.edit(&mut doc.st, Op::Set { path: path.clone(), value })?;
        let (Some(span), Some(old_len), Some(bytes)) = (before, old_len, bytes) else {
            return self.edited(Some(&path)).map(Reply::from);
        };
        if old_len != span.size {
            return self.edited(Some(&path)).map(Reply::from);
        }
        let delta = bytes.len() as isize - span.size as isize;
        doc.ranges.patch(&path, span.at, delta);
        let frame = match doc.st.format.content {
            Content::Stream { big_endian } => {
                let top = doc.span(&path[..1]).ok_or_else(|| OpError::new("no such node"))?;
                let len = u32::try_from(top.size).map_err(|_| OpError::new("the value is too large"))?;
                Some((top.start, len, big_endian))
            }
            _ => None,
        };
        if was_clean && doc.canonical.is_none() {
            // The first edit: the opened content patched must be what the library writes now.
            let mut patched = doc.content.clone();
            patched.splice(span.at..span.at + span.size, bytes.iter().copied());
            if let Some((at, len, big)) = frame {
                patched[at..at + 4].copy_from_slice(&if big { len.to_be_bytes() } else { len.to_le_bytes() });
            }
            doc.canonical = Some(doc.current_content()?[..] == patched[..]);
            if doc.canonical == Some(false) {
                return self.edited(Some(&path)).map(Reply::from);
            }
        }
        let frame = frame.map(|(at, len, big_endian)| json!({"at": at, "len": len, "big_endian": big_endian}));
        let mut out = self.changed(Some(&path))?;
        out["patch"] = json!({"at": span.at, "remove": span.size, "frame": frame});
        Ok(Reply { result: out, data: Some(bytes) })
    }

    fn insert(&mut self, args: &Value) -> Result<Value, OpError> {
        let path = arg_path(args, "path")?;
        let text = args.get("text").and_then(Value::as_str);
        let key = args.get("key").and_then(Value::as_str).map(|k| self.parse(k)).transpose()?;
        let value = text.map(|t| self.parse(t)).transpose()?;
        let doc = self.doc_mut()?;
        let node = tree::resolve(&doc.st.values, &path).ok_or_else(|| OpError::new("no such node"))?;
        let c = node.value();
        let n = tree::child_count(c);
        let is_dict = matches!(c, Variant::Dictionary(_));
        if !is_dict && !matches!(c, Variant::Array(_) | Variant::PackedTypedArray(_)) && !tree::is_packed(c) {
            return Err(OpError::new("only an Array, a packed array or a Dictionary takes new elements"));
        }
        let index = if is_dict { n } else { arg_usize(args, "index").unwrap_or(n).min(n) };
        if is_dict && key.is_none() {
            return Err(OpError::new("a dictionary entry needs a key"));
        }
        // Without a value: a copy of the element before (a dictionary: of the last entry's value).
        let value = match value {
            Some(v) => v,
            None => {
                let before = if is_dict { n.checked_sub(1) } else { index.checked_sub(1) };
                match before.and_then(|i| tree::child(c, i)) {
                    Some(x) => x.value().clone(),
                    None => return Err(OpError::new("the container is empty: give the new element's text")),
                }
            }
        };
        check_fits(c, key.as_ref(), &value)?;
        doc.history.edit(&mut doc.st, Op::Insert { path: path.clone(), index, key, value })?;
        let mut child = path;
        child.push(index);
        self.edited(Some(&child))
    }

    fn remove(&mut self, args: &Value) -> Result<Value, OpError> {
        let path = arg_path(args, "path")?;
        let doc = self.doc_mut()?;
        doc.history.edit(&mut doc.st, Op::Remove { path: path.clone() })?;
        self.edited(Some(&path[..path.len().saturating_sub(1)]))
    }

    fn undo_redo(&mut self, undo: bool) -> Result<Value, OpError> {
        let doc = self.doc_mut()?;
        let changed = match undo {
            true => doc.history.undo(&mut doc.st)?,
            false => doc.history.redo(&mut doc.st)?,
        };
        self.edited(changed.as_deref())
    }
}

/// Every typed container inside `v` holds its types only (a typed Dictionary typed in by hand may carry
/// another type: saved, the engine would refuse it).
fn typed_holds(v: &Variant, d: Dialect) -> Result<(), OpError> {
    let wrong = |c: &Variant, what: &str, x: &Variant| {
        let (c, x) = (crate::names::type_name(c, d), crate::names::type_name(x, d));
        Err(OpError::new(format!("a {c} cannot hold the {x} {what}")))
    };
    match v {
        Variant::Array(a) | Variant::PackedTypedArray(a) => {
            for x in a.iter() {
                if !crate::edit::fits(x, &a.element_type) {
                    return wrong(v, "element", x);
                }
                typed_holds(x, d)?;
            }
        }
        Variant::Dictionary(m) => {
            for (k, x) in m.iter() {
                if !crate::edit::fits(k, &m.key_type) {
                    return wrong(v, "key", k);
                }
                if !crate::edit::fits(x, &m.value_type) {
                    return wrong(v, "value", x);
                }
                typed_holds(k, d)?;
                typed_holds(x, d)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Whether `value` (with `key`) may go into the container `c`: typed containers take their type only.
fn check_fits(c: &Variant, key: Option<&Variant>, value: &Variant) -> Result<(), OpError> {
    let refuse = |what: &str| Err(OpError::new(format!("this container is typed: the {what} has the wrong type")));
    match c {
        Variant::Array(a) if !crate::edit::fits(value, &a.element_type) => refuse("element"),
        Variant::Dictionary(d) if key.is_some_and(|k| !crate::edit::fits(k, &d.key_type)) => refuse("key"),
        Variant::Dictionary(d) if !crate::edit::fits(value, &d.value_type) => refuse("value"),
        _ => Ok(()),
    }
}

/// The numbers of a vector's or color's text form (`Vector2(1, 2)` -> 1, 2); `null` for one that is not
/// finite.
fn components(text: &str) -> Vec<Option<f64>> {
    let inner = text.split_once('(').map(|(_, r)| r.trim_end_matches(')')).unwrap_or("");
    inner.split(',').map(|s| s.trim().parse::<f64>().ok().filter(|f| f.is_finite())).collect()
}
