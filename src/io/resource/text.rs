//! Text resources (`.tres`, the engines' `ResourceFormatLoaderText`): tags and property lines in the text
//! grammar of `var_to_str` (forms/text), read into the model as the engine reads them: the last of a
//! repeated attribute wins, comments are skipped wherever white space may stand, a tag may span lines, and
//! a path attribute may be written as a StringName or a NodePath. The forms a file uses that the engines'
//! own savers never write are kept beside the model for the script report. [`write`] writes the model as
//! the engine's `ResourceFormatSaverText` writes the same resource.

use super::model::*;
use crate::config::{Config, Dialect};
use crate::error::{Error, ErrorKind, Result};
use crate::forms::text::{
    push_quoted, resource_key_at, resource_tag_at, resource_value_at, to_resource_text, ResourceStyle, ResourceTag,
};
use crate::value::Variant;

/// What a tag of the file does that the engines' savers never do (read the same by the engine).
pub(super) const DUPLICATE_ATTRIBUTE: &str = "an attribute written twice (the engine keeps the last)";
pub(super) const TAG_ACROSS_LINES: &str = "a tag across lines";
pub(super) const COMMENT_IN_TAG: &str = "a comment inside the tag";
pub(super) const PATH_NOT_A_STRING: &str = "a path written as a StringName or NodePath";

fn attr<'t>(tag: &'t ResourceTag, name: &str) -> Option<&'t Variant> {
    tag.attrs.iter().rev().find(|(k, _)| k == name).map(|(_, v)| v)
}

/// An attribute as text: a String, a StringName, a NodePath (as the engine turns it into a String) or a
/// number (Godot 3's ids).
fn attr_text(tag: &ResourceTag, name: &str) -> Option<String> {
    Some(match attr(tag, name)? {
        Variant::String(s) => s.to_string(),
        Variant::StringName(s) => s.0.to_string(),
        Variant::NodePath(p) => p.to_string(),
        Variant::Int(i) => i.to_string(),
        _ => return None,
    })
}

fn missing(tag: &ResourceTag, what: &'static str) -> Error {
    Error::new(ErrorKind::InvalidData(what), Some(tag.start))
}

/// The odd forms of a tag (see the constants above).
fn forms_of(tag: &ResourceTag) -> Vec<&'static str> {
    let mut out = Vec::new();
    let names: Vec<&str> = tag.attrs.iter().map(|(k, _)| k.as_str()).collect();
    if names.iter().enumerate().any(|(i, n)| names[..i].contains(n)) {
        out.push(DUPLICATE_ATTRIBUTE);
    }
    if tag.lines {
        out.push(TAG_ACROSS_LINES);
    }
    if tag.comment {
        out.push(COMMENT_IN_TAG);
    }
    if matches!(attr(tag, REF_PATH), Some(Variant::StringName(_) | Variant::NodePath(_))) {
        out.push(PATH_NOT_A_STRING);
    }
    out
}

/// Reads the properties after a tag, up to the next tag; returns them and where the next tag starts.
fn properties(text: &str, mut at: usize, cfg: &Config) -> Result<(Vec<(String, Variant)>, usize)> {
    let mut props = Vec::new();
    while let Some((key, after)) = resource_key_at(text, at)? {
        let (v, end) = resource_value_at(text, after, cfg)?;
        props.push((key, v));
        at = end;
    }
    Ok((props, at))
}

/// Reads a text resource.
pub(super) fn read(bytes: &[u8]) -> Result<ResourceFile> {
    let text = std::str::from_utf8(bytes).map_err(|e| Error::at(ErrorKind::InvalidUtf8, e.valid_up_to()))?;
    let head = resource_tag_at(text, 0, &Config::default())?
        .ok_or_else(|| Error::new(ErrorKind::InvalidData("an empty text resource"), Some(0)))?;
    if head.name != "gd_resource" {
        return Err(Error::new(ErrorKind::InvalidData("not a text resource (no [gd_resource] tag first)"), Some(0)));
    }
    let format = match attr(&head, "format") {
        Some(Variant::Int(f)) if (1..=4).contains(f) => *f as u32,
        _ => return Err(missing(&head, "a text resource's format= is not 1 to 4")),
    };
    let dialect = if format >= 3 { Dialect::Godot4_6 } else { Dialect::Godot3 };
    let cfg = Config::new(dialect);
    let class = attr_text(&head, "type").ok_or_else(|| missing(&head, "a text resource without type="))?;
    let mut file = ResourceFile {
        format: Format::Text(TextFormat { format, load_steps: attr(&head, "load_steps").is_some() }),
        script_class: attr_text(&head, "script_class"),
        uid: attr_text(&head, "uid"),
        ext_resources: Vec::new(),
        sub_resources: Vec::new(),
        main: Resource { class, id: String::new(), properties: Vec::new() },
        original: None,
        text_forms: Vec::new(),
        blank_empty_dictionary: format <= 2 && text.contains("{\n\n}"),
    };
    let mut at = head.end;
    let mut main_seen = false;
    while let Some(tag) = resource_tag_at(text, at, &cfg)? {
        let forms = forms_of(&tag);
        let (props, next) = properties(text, tag.end, &cfg)?;
        match tag.name.as_str() {
            "ext_resource" if !main_seen => {
                let id = attr_text(&tag, REF_ID).ok_or_else(|| missing(&tag, "an [ext_resource] without id="))?;
                let e = ExtResource {
                    class: attr_text(&tag, "type").unwrap_or_default(),
                    path: attr_text(&tag, REF_PATH).ok_or_else(|| missing(&tag, "an [ext_resource] without path="))?,
                    id,
                    uid: attr_text(&tag, REF_UID),
                };
                if !forms.is_empty() {
                    file.text_forms.push((Reference::Ext(e.id.clone()), forms));
                }
                if !props.is_empty() {
                    return Err(missing(&tag, "properties after an [ext_resource]"));
                }
                file.ext_resources.push(e);
            }
            "sub_resource" if !main_seen => {
                let id = attr_text(&tag, REF_ID).ok_or_else(|| missing(&tag, "a [sub_resource] without id="))?;
                let class = attr_text(&tag, "type").ok_or_else(|| missing(&tag, "a [sub_resource] without type="))?;
                if !forms.is_empty() {
                    file.text_forms.push((Reference::Sub(id.clone()), forms));
                }
                file.sub_resources.push(Resource { class, id, properties: props });
            }
            "resource" if !main_seen => {
                main_seen = true;
                file.main.properties = props;
            }
            "node" | "connection" | "editable" => {
                return Err(Error::new(
                    ErrorKind::InvalidData("a scene (.tscn) is not a resource save"),
                    Some(tag.start),
                ))
            }
            _ => {
                return Err(Error::new(
                    ErrorKind::InvalidData("a tag out of place in a text resource"),
                    Some(tag.start),
                ))
            }
        }
        at = next;
    }
    if !main_seen {
        return Err(Error::new(ErrorKind::InvalidData("a text resource without [resource]"), Some(text.len())));
    }
    Ok(file)
}

/// The text format a file is written in: Godot 4's `format=3` becomes `4` when the file now holds what
/// only format 4 can (a `PackedVector4Array`, or a `PackedByteArray` over 64 bytes); a `4` stays (the
/// engine chooses it for default values the file does not store, too).
fn format_needed(file: &ResourceFile, t: &TextFormat) -> u32 {
    if t.format != 3 {
        return t.format;
    }
    let mut needs_4 = false;
    for r in file.sub_resources.iter().chain(std::iter::once(&file.main)) {
        for (_, v) in &r.properties {
            each_value(v, |x| match x {
                Variant::PackedVector4Array(_) => needs_4 = true,
                Variant::PackedByteArray(b) if b.len() > 64 => needs_4 = true,
                _ => {}
            });
        }
    }
    if needs_4 {
        4
    } else {
        3
    }
}

/// An attribute's value in a tag: `"text"` (only `\\` and `"` escaped), or Godot 3's integer ids bare.
fn push_attr(out: &mut String, name: &str, value: &str, bare_number: bool) {
    out.push(' ');
    out.push_str(name);
    out.push('=');
    let number = !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit());
    if bare_number && number {
        out.push_str(value);
    } else {
        push_quoted(out, value);
    }
}

/// A property name as the saver writes it (`property_name_encode`): as it is, or quoted when it holds
/// white space, `=`, `"`, `;`, brackets or anything outside printable ASCII.
fn push_name(out: &mut String, name: &str) {
    let plain =
        !name.is_empty() && name.chars().all(|c| ('!'..='~').contains(&c) && !matches!(c, '=' | '"' | ';' | '[' | ']'));
    if plain {
        out.push_str(name);
    } else {
        push_quoted(out, name);
    }
}

/// Writes a text resource as the engine's saver writes the same resource: the header (`type`,
/// `script_class`, `load_steps`, `format`, `uid`), the external resources, the sub-resources in the
/// model's order and `[resource]`, each property as `name = value` in the text form of the file's dialect.
pub(super) fn write(file: &ResourceFile, t: &TextFormat) -> Result<Vec<u8>> {
    let format = format_needed(file, t);
    let godot4 = format >= 3;
    let cfg = Config::new(if godot4 { Dialect::Godot4_6 } else { Dialect::Godot3 });
    let style = ResourceStyle { base64_bytes: format >= 4, blank_empty_dictionary: file.blank_empty_dictionary };
    let mut out = String::from("[gd_resource");
    push_attr(&mut out, "type", &file.main.class, false);
    if let Some(c) = &file.script_class {
        push_attr(&mut out, "script_class", c, false);
    }
    let steps = file.ext_resources.len() + file.sub_resources.len() + 1;
    // Godot 2, 3 and 4 up to 4.5 count the resources when there is more than one; 4.6 never does.
    if steps > 1 && (t.load_steps || !godot4) {
        out.push_str(&format!(" load_steps={steps}"));
    }
    out.push_str(&format!(" format={format}"));
    if let Some(uid) = &file.uid {
        push_attr(&mut out, "uid", uid, false);
    }
    out.push_str("]\n\n");
    for e in &file.ext_resources {
        out.push_str("[ext_resource");
        if godot4 {
            push_attr(&mut out, "type", &e.class, false);
            if let Some(uid) = &e.uid {
                push_attr(&mut out, REF_UID, uid, false);
            }
            push_attr(&mut out, REF_PATH, &e.path, false);
        } else {
            push_attr(&mut out, REF_PATH, &e.path, false);
            push_attr(&mut out, "type", &e.class, false);
        }
        push_attr(&mut out, REF_ID, &e.id, !godot4);
        out.push_str("]\n");
    }
    if !file.ext_resources.is_empty() {
        out.push('\n');
    }
    for r in &file.sub_resources {
        out.push_str("[sub_resource");
        push_attr(&mut out, "type", &r.class, false);
        push_attr(&mut out, REF_ID, &r.id, !godot4);
        out.push_str("]\n");
        properties_text(&mut out, r, &cfg, style)?;
        out.push('\n');
    }
    out.push_str("[resource]\n");
    properties_text(&mut out, &file.main, &cfg, style)?;
    Ok(out.into_bytes())
}

fn properties_text(out: &mut String, r: &Resource, cfg: &Config, style: ResourceStyle) -> Result<()> {
    for (name, v) in &r.properties {
        push_name(out, name);
        out.push_str(" = ");
        out.push_str(&to_resource_text(v, cfg, style)?);
        out.push('\n');
    }
    Ok(())
}
