//! Identifiers: the names GDScript and the engines already use (the word lists beside this file and the
//! type-name table), and how a schema's name becomes a GDScript identifier that clashes with none of them.

use std::collections::HashSet;
use std::sync::OnceLock;

use crate::config::Dialect;
use crate::types::TypeKind;

/// GDScript's reserved words and the generated classes' own names (`reserved.txt`).
const RESERVED: &str = include_str!("reserved.txt");

/// The global functions and the Object/RefCounted/Reference methods a member would shadow (`functions.txt`).
const FUNCTIONS: &str = include_str!("functions.txt");

/// The native class and singleton names of Godot 4.6, 3.6 and 3.2.3, one a line (scripts/gdscript-names.sh
/// asks the engines): no generated class or field is named like one.
const NATIVE_CLASSES: &str = include_str!("native_classes.txt");

/// The names of a word list: one a line, `#` comment lines and blank lines left out.
fn words(list: &'static str) -> impl Iterator<Item = &'static str> {
    list.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The reserved words, read once.
fn reserved() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| words(RESERVED).collect())
}

/// Every name a generated identifier must not take, read once: the reserved words, the functions, the
/// native classes, and every type's name in each engine the emitter writes for.
fn taken() -> &'static HashSet<&'static str> {
    static SET: OnceLock<HashSet<&'static str>> = OnceLock::new();
    SET.get_or_init(|| {
        let mut s: HashSet<&'static str> =
            words(RESERVED).chain(words(FUNCTIONS)).chain(words(NATIVE_CLASSES)).collect();
        for d in Dialect::ALL.into_iter().filter(|d| *d != Dialect::Godot2) {
            s.extend(TypeKind::ALL.iter().map(|k| k.name_in(d)));
        }
        s
    })
}

/// Whether `s` is one of GDScript's reserved words.
pub(in crate::forms::schema) fn is_reserved_word(s: &str) -> bool {
    reserved().contains(s)
}

/// Whether `s` may be the `class_name` of a generated script as it is: an ASCII identifier that is no
/// reserved word, type, global function or native class of the engines.
pub(super) fn is_class_name(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !taken().contains(s)
}

/// Whether a GDScript name would clash with the language or the engine: a reserved word, a type, a
/// global function or method, a native class, or a name with no lowercase letter (a global constant such
/// as `OK` or `KEY_A` may have it).
fn clashes(s: &str) -> bool {
    taken().contains(s) || !s.chars().any(|c| c.is_ascii_lowercase()) || is_local(s)
}

/// A name like the locals the generated functions make (`_x1`, `_w12`).
fn is_local(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('_') else { return false };
    let letters = rest.chars().take_while(|c| c.is_ascii_lowercase()).count();
    letters > 0 && rest.len() > letters && rest[letters..].chars().all(|c| c.is_ascii_digit())
}

/// `name` with only the characters of a GDScript identifier: others become `_`, a name with no letter
/// gets `key` before it, a leading digit a `_`.
pub(super) fn plain_ident(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
    if !s.chars().any(|c| c.is_ascii_alphabetic()) {
        s.insert_str(0, "key");
    } else if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    s
}

/// `name` made a GDScript identifier that clashes with nothing of the language or engine
/// ([`plain_ident`], then a `_` after it if it [`clashes`]; no listed name ends with `_`).
pub(super) fn ident(name: &str) -> String {
    let mut s = plain_ident(name);
    if clashes(&s) {
        s.push('_');
    }
    s
}

/// `SaveGame` → `save_game`.
pub(super) fn snake(name: &str) -> String {
    let mut s = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    plain_ident(&s)
}

/// `CALM` from `Calm`, for a GDScript enum's constants.
pub(super) fn upper(name: &str) -> String {
    let mut s = plain_ident(&snake(name).trim_end_matches('_').to_ascii_uppercase());
    while reserved().contains(s.as_str()) {
        s.push('_');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_word_lists_are_plain_names_and_none_ends_with_an_underscore() {
        for list in [RESERVED, FUNCTIONS, NATIVE_CLASSES] {
            for w in words(list) {
                assert!(w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), "{w:?}");
                assert!(!w.ends_with('_'), "{w:?}: ident() adds one `_` to leave a clash");
            }
        }
        assert!(words(FUNCTIONS).count() > 200 && words(RESERVED).count() > 70);
    }

    #[test]
    fn identifiers_leave_every_taken_name() {
        for (name, want) in [
            ("if", "if_"),
            ("print", "print_"),
            ("Node", "Node_"),
            ("PoolVector2Array", "PoolVector2Array_"),
            ("Transform", "Transform_"),
            ("float", "float_"),
            ("OK", "OK_"),
            ("_x1", "_x1_"),
            ("max hp", "max_hp"),
            ("1st", "_1st"),
            ("", "key"),
            ("hp", "hp"),
        ] {
            assert_eq!(ident(name), want, "{name:?}");
        }
        assert_eq!(upper("SoSo"), "SO_SO");
        assert_eq!(upper("Pi"), "PI_");
        assert_eq!(snake("SaveGame"), "save_game");
    }
}
