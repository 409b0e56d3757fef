//! The ops beyond opening, reading and editing nodes: migrate, the text pane's mapping, export, diff.

use godot_bin::container::Key;
use std::rc::Rc;

use godot_bin::{text, Dialect};
use serde_json::{json, Value};

use crate::edit::{Op, State};
use crate::open::{self, Outcome};
use crate::session::{arg_path, arg_str, arg_usize, parse_dialect, OpError, Reply, Session};
use crate::textmap;

impl Session {
    /// The ops beyond the basic ones.
    pub(crate) fn call_more(&mut self, op: &str, args: &Value, data: &[u8]) -> Result<Reply, OpError> {
        match op {
            "at_byte" => {
                let offset = arg_usize(args, "offset").ok_or_else(|| OpError::new("`offset` is required"))?;
                let doc = self.doc_mut()?;
                let path = doc.with_ranges(|r, src| r.at_byte(src, offset));
                Ok(json!({"path": path}).into())
            }
            "leaves" => self.leaves(args).map(Reply::from),
            "migrate" => self.migrate(args).map(Reply::from),
            "value_text" => {
                let (_, t) = self.value_text(args)?;
                Ok(json!({"text": &*t}).into())
            }
            "locate" => self.locate(args).map(Reply::from),
            "at_text" => self.at_text(args).map(Reply::from),
            "export" => self.export(args),
            "diff" => self.diff(args, data).map(Reply::from),
            _ => Err(OpError::new(format!("unknown op {op:?}"))),
        }
    }

    /// Converts the document's values to another dialect (an encrypted file takes that dialect's layout).
    fn migrate(&mut self, args: &Value) -> Result<Value, OpError> {
        let to = arg_str(args, "to").map(parse_dialect).transpose()?.unwrap_or(Dialect::GODOT4);
        let doc = self.doc_mut()?;
        let from = doc.st.dialect();
        let opts = godot_bin::convert::Options::default();
        let mut values = Vec::with_capacity(doc.st.values.len());
        for (i, v) in doc.st.values.iter().enumerate() {
            let c =
                godot_bin::convert::convert(v, from, to, &opts).map_err(|e| OpError::new(format!("value {i}: {e}")))?;
            values.push(c);
        }
        // The same save in `to`: an encrypted file in its layout, a JSON save in its engine's style.
        let st = State { values, format: doc.st.format.in_dialect(to) };
        doc.history.edit(&mut doc.st, Op::Replace(Box::new(st)))?;
        doc.ranges.clear();
        doc.text.take();
        self.describe()
    }
}

impl Session {
    /// The top value `args.index` and its text form.
    fn value_text(&self, args: &Value) -> Result<(usize, Rc<str>), OpError> {
        let index = arg_usize(args, "index").ok_or_else(|| OpError::new("`index` is required"))?;
        self.top_text(index).map(|t| (index, t))
    }

    /// The text form of top value `index` (kept until the values change).
    fn top_text(&self, index: usize) -> Result<Rc<str>, OpError> {
        let doc = self.doc()?;
        if let Some((i, t)) = &*doc.text.borrow() {
            if *i == index {
                return Ok(t.clone());
            }
        }
        let v = doc.st.values.get(index).ok_or_else(|| OpError::new("no such value"))?;
        let t: Rc<str> = text::to_text(v, &doc.cfg()).into();
        *doc.text.borrow_mut() = Some((index, t.clone()));
        Ok(t)
    }

    /// The character range of the node at `args.path` inside its top value's text form.
    fn locate(&self, args: &Value) -> Result<Value, OpError> {
        let path = arg_path(args, "path")?;
        let doc = self.doc()?;
        let (&index, rel) = path.split_first().ok_or_else(|| OpError::new("no such node"))?;
        let v = doc.st.values.get(index).ok_or_else(|| OpError::new("no such value"))?;
        let cfg = doc.cfg();
        let t = self.top_text(index)?;
        let (s, e) = textmap::locate(v, &t, rel, &cfg);
        Ok(json!({"index": index, "start": textmap::utf16_of(&t, s), "end": textmap::utf16_of(&t, e)}))
    }

    /// The innermost node at a character offset of a top value's text form.
    fn at_text(&self, args: &Value) -> Result<Value, OpError> {
        let (index, t) = self.value_text(args)?;
        let doc = self.doc()?;
        let offset = textmap::byte_of(&t, arg_usize(args, "offset").unwrap_or(0));
        let mut path = vec![index];
        path.extend(textmap::at(&doc.st.values[index], &t, offset, &doc.cfg()));
        Ok(json!({"path": path}))
    }

    /// The values as Godot text or the lossless JSON form, one value per line.
    fn export(&self, args: &Value) -> Result<Reply, OpError> {
        let doc = self.doc()?;
        let cfg = doc.cfg();
        let json = match arg_str(args, "form").unwrap_or("text") {
            "text" => false,
            "json" => true,
            other => return Err(OpError::new(format!("no export form {other:?} (text or json)"))),
        };
        let mut out = String::new();
        for v in &doc.st.values {
            match json {
                true => out.push_str(&godot_bin::json::to_json_string(v, &cfg)),
                false => out.push_str(&text::to_text(v, &cfg)),
            }
            out.push('\n');
        }
        Ok(Reply { result: json!({"bytes": out.len()}), data: Some(out.into_bytes()) })
    }

    /// The changes from the open document to another file (its bytes in `data`).
    fn diff(&self, args: &Value, data: &[u8]) -> Result<Value, OpError> {
        let doc = self.doc()?;
        let key = match arg_str(args, "password") {
            Some(p) => Some(Key::from_password(p)),
            None => match arg_str(args, "key_hex") {
                Some(h) => Some(Key::from_hex(h.trim()).map_err(|e| OpError::new(e.to_string()))?),
                None => doc.key.clone(),
            },
        };
        let other = match open::open(data, key, &open::Overrides::default())? {
            Outcome::NeedPassword => return Err(OpError::new("the other file is encrypted: give its password")),
            Outcome::Opened(o) => o,
        };
        let cfg = doc.cfg();
        let mut changes = crate::diff::Changes::new(&cfg);
        changes.values(&doc.st.values, &other.st.values);
        let right = arg_str(args, "name").unwrap_or("other");
        Ok(json!({"left": doc.name, "right": right, "total": changes.total, "changes": changes.listed}))
    }
}

impl Session {
    /// For the hex pane: the innermost nodes over a byte window `{start, end}`, each
    /// `{path, offset, size, kind}` (kind: the editor kind, or "header" for a container's header or a
    /// dictionary entry's key).
    fn leaves(&mut self, args: &Value) -> Result<Value, OpError> {
        let start = arg_usize(args, "start").unwrap_or(0);
        let end = arg_usize(args, "end").unwrap_or(start + 4096);
        let doc = self.doc_mut()?;
        let found = doc.with_ranges(|r, src| Some(r.leaves(src, start, end))).unwrap_or_default();
        let mut out = Vec::with_capacity(found.len());
        for (path, span, header) in found {
            let kind = match header {
                true => "header",
                false => crate::tree::resolve(&doc.st.values, &path)
                    .map_or("other", |n| crate::names::editor_kind(n.value())),
            };
            out.push(json!({"path": path, "offset": span.at, "size": span.size, "kind": kind}));
        }
        Ok(json!({"leaves": out}))
    }
}
