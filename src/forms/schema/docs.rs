//! Documentation for a schema's types from the Rust source that defines them: serde carries no doc
//! comments, so they are read from the text (`include_str!` of the file, in a `build.rs` or a test).

use super::{Def, Field, Schema, VariantData};

impl Schema {
    /// Takes the `///` doc comments of the structs, enums, fields and variants defined in `source` (Rust
    /// text, e.g. `include_str!("save.rs")`) into the schema's types of the same names. Names are matched as
    /// serde writes them: an item's own `#[serde(rename = "…")]` is followed, a container's `rename_all` is
    /// not (such items keep no documentation). Types and fields not in `source` are left as they are.
    ///
    /// ```
    /// use godot_bin::schema::{Def, Schema};
    /// use godot_bin::Dialect;
    /// use serde::{Deserialize, Serialize};
    ///
    /// const SOURCE: &str = r#"
    /// /// An item in a bag.
    /// #[derive(Serialize, Deserialize)]
    /// struct Item {
    ///     /// Shown in the inventory.
    ///     name: String,
    /// }
    /// "#;
    /// #[derive(Serialize, Deserialize)]
    /// struct Item { name: String }
    ///
    /// let s = Schema::new(Dialect::Godot4_6).add::<Item>()?.with_docs(SOURCE);
    /// let Some(Def::Struct(item)) = s.get("Item") else { unreachable!() };
    /// assert_eq!(item.doc.as_deref(), Some("An item in a bag."));
    /// assert_eq!(item.fields[0].doc.as_deref(), Some("Shown in the inventory."));
    /// # Ok::<(), godot_bin::Error>(())
    /// ```
    pub fn with_docs(mut self, source: &str) -> Schema {
        for item in scan(source) {
            let Some(def) = self.defs.iter_mut().find(|d| d.name() == item.name) else { continue };
            match def {
                Def::Struct(s) => {
                    s.doc = s.doc.take().or(item.doc);
                    attach(&mut s.fields, &item.members);
                }
                Def::Enum(e) => {
                    e.doc = e.doc.take().or(item.doc);
                    for m in &item.members {
                        let Some(v) = e.variants.iter_mut().find(|v| v.name == m.name) else { continue };
                        v.doc = v.doc.take().or_else(|| m.doc.clone());
                        if let VariantData::Struct { fields } = &mut v.data {
                            attach(fields, &m.members);
                        }
                    }
                }
            }
        }
        self
    }
}

fn attach(fields: &mut [Field], members: &[Member]) {
    for m in members {
        if let Some(f) = fields.iter_mut().find(|f| f.name == m.name) {
            f.doc = f.doc.take().or_else(|| m.doc.clone());
        }
    }
}

/// A documented item of the source: a type (its members are fields or variants) or a variant (its members
/// are its fields).
#[derive(Default)]
struct Member {
    name: String,
    doc: Option<String>,
    members: Vec<Member>,
}

/// The structs and enums of `source`, with their members, as far as a line-by-line reading finds them (one
/// item per line, as rustfmt writes them).
fn scan(source: &str) -> Vec<Member> {
    let mut items: Vec<Member> = Vec::new();
    let mut doc: Vec<String> = Vec::new();
    let mut rename: Option<String> = None;
    // The brace depth inside the current type (0: outside), and whether a variant's braces are open.
    let mut depth = 0usize;
    for raw in source.lines() {
        let line = raw.trim();
        if let Some(text) = line.strip_prefix("///") {
            doc.push(text.strip_prefix(' ').unwrap_or(text).to_string());
            continue;
        }
        if line.starts_with("#[") {
            if let Some(r) = renamed(line) {
                rename = Some(r);
            }
            continue;
        }
        let taken_doc = (!doc.is_empty()).then(|| doc.join("\n"));
        doc.clear();
        let taken_rename = rename.take();
        let words: Vec<&str> = without_visibility(line)
            .split(|c: char| c.is_whitespace() || "{(<:,;".contains(c))
            .filter(|w| !w.is_empty())
            .collect();
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        if depth == 0 {
            if let ["struct" | "enum", name, ..] = words.as_slice() {
                items.push(Member {
                    name: taken_rename.unwrap_or_else(|| name.to_string()),
                    doc: taken_doc,
                    members: vec![],
                });
                depth = opens.saturating_sub(closes);
            }
            continue;
        }
        if let (Some(item), Some(first)) = (items.last_mut(), words.first()) {
            let ident = first.strip_prefix("r#").unwrap_or(first);
            let is_ident = ident.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
                && ident.chars().all(|c| c.is_alphanumeric() || c == '_');
            if is_ident && !line.starts_with("//") && !line.starts_with('}') {
                let m =
                    Member { name: taken_rename.unwrap_or_else(|| ident.to_string()), doc: taken_doc, members: vec![] };
                if depth == 1 {
                    item.members.push(m);
                } else if depth == 2 {
                    if let Some(variant) = item.members.last_mut() {
                        variant.members.push(m);
                    }
                }
            }
        }
        depth = (depth + opens).saturating_sub(closes);
    }
    items
}

/// The line without a leading `pub`, `pub(crate)`, `pub(super)`, ….
fn without_visibility(line: &str) -> &str {
    match line.strip_prefix("pub") {
        Some(rest) if rest.starts_with('(') => rest.find(')').map_or(line, |i| rest[i + 1..].trim_start()),
        Some(rest) if rest.starts_with(' ') => rest.trim_start(),
        _ => line,
    }
}

/// The name in a `#[serde(rename = "…")]` line (not `rename_all`).
fn renamed(line: &str) -> Option<String> {
    let at = line.find("rename")?;
    let rest = &line[at + "rename".len()..];
    let rest = rest.trim_start().strip_prefix('=')?.trim_start().strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}
