//! `godot_bin::resource::from_slice` / `to_vec_like` on the engines' binary Resource saves: what serde reads
//! from each `.res` equals what the engine itself loaded from it (`FILE.dump.txt`, written by the engine:
//! tests/gd/gen_resources.gd), every property the engine holds at other than its default was read, and
//! writing the read value back into the file gives the file's bytes; an edit reads back as made.

use std::collections::BTreeMap;

use crate::common::fixture_path;
use godot_bin::resource::{from_slice, to_vec_like};
use godot_bin::{text, Config, Dialect, Variant};

fn get<'a>(d: &'a Variant, key: &str) -> Option<&'a Variant> {
    match d {
        Variant::Dictionary(d) => d.get(&Variant::from(key)),
        _ => None,
    }
}

/// Floats as the engine's text dump holds them: Godot 3's `var2str` keeps 6 significant digits, Godot 4's
/// 17, and the engines' text parser (which `text::from_text` follows) is not correctly rounded for large or
/// small exponents and reads numbers below about 1e-290 as 0.
fn close(a: f64, b: f64, godot3: bool) -> bool {
    let rel = if godot3 { 1e-5 } else { 1e-15 };
    a == b
        || (a.is_nan() && b.is_nan())
        || (a - b).abs() <= rel * a.abs().max(b.abs())
        || (b == 0.0 && a.abs() < 1e-290)
}

/// The floats of a float or packed float value.
fn floats(v: &Variant) -> Option<Vec<f64>> {
    match v {
        Variant::Float(x) => Some(vec![*x]),
        Variant::PackedFloat32Array(a) => Some(a.iter().map(|&x| f64::from(x)).collect()),
        Variant::PackedFloat64Array(a) => Some(a.clone()),
        _ => None,
    }
}

/// Compares a value serde read with what the engine loaded (`theirs`, from the dump); `at` names it.
fn same(ours: &Variant, theirs: &Variant, godot3: bool, at: &str, errors: &mut Vec<String>) {
    // A resource the engine loaded is a NODE: a sub-resource reads as its properties, an external one
    // as its path.
    if get(theirs, "class").is_some() && get(theirs, "properties").is_some() {
        match ours {
            Variant::String(path) => {
                if Some(path.as_str()) != get(theirs, "path").and_then(Variant::as_str) {
                    errors.push(format!("{at}: path {path:?} vs {:?}", get(theirs, "path")));
                }
            }
            _ => node(ours, theirs, godot3, at, errors),
        }
        return;
    }
    if let Some(items) = get(theirs, "items").filter(|_| get(theirs, "typed_array").is_some()) {
        return same(ours, items, godot3, at, errors);
    }
    if let Some(entries) = get(theirs, "entries").filter(|_| get(theirs, "typed_dictionary").is_some()) {
        return same(ours, entries, godot3, at, errors);
    }
    match (ours, theirs) {
        (Variant::Array(a), Variant::Array(b)) if a.items.len() == b.items.len() => {
            for (i, (x, y)) in a.items.iter().zip(&b.items).enumerate() {
                same(x, y, godot3, &format!("{at}[{i}]"), errors);
            }
        }
        (Variant::Dictionary(a), Variant::Dictionary(b)) if a.len() == b.len() => {
            for (k, x) in a.iter() {
                match b.get(k) {
                    Some(y) => same(x, y, godot3, &format!("{at}[{k:?}]"), errors),
                    None => errors.push(format!("{at}: key {k:?} not in the engine's")),
                }
            }
        }
        _ if std::mem::discriminant(ours) == std::mem::discriminant(theirs)
            && floats(ours)
                .zip(floats(theirs))
                .is_some_and(|(a, b)| a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| close(*x, *y, godot3))) => {}
        // Godot 3's dump cannot tell these apart from their text.
        _ if godot3 && text::to_text(ours, &Default::default()) == text::to_text(theirs, &Default::default()) => {}
        _ if ours == theirs => {}
        _ => errors.push(format!("{at}: {ours:?} vs the engine's {theirs:?}")),
    }
}

/// Nil, or an empty container (typed with an object class in the dump's wrapper or not).
fn is_empty(v: &Variant) -> bool {
    if let Some(inner) = get(v, "items").or_else(|| get(v, "entries")) {
        return is_empty(inner);
    }
    match v {
        Variant::Nil => true,
        Variant::Array(a) => a.items.is_empty(),
        Variant::Dictionary(d) => d.len() == 0,
        _ => false,
    }
}

/// Compares the properties serde read of one resource with the engine's NODE.
fn node(ours: &Variant, theirs: &Variant, godot3: bool, at: &str, errors: &mut Vec<String>) {
    let Variant::Dictionary(d) = ours else {
        errors.push(format!("{at}: a resource read as {ours:?}"));
        return;
    };
    let props = get(theirs, "properties").expect("NODE properties");
    for (k, v) in d.iter() {
        let name = k.as_str().expect("a property name");
        if name == "script" {
            // A null script reference is no script: "" in the dump; an embedded script (a bundled save)
            // reads as its properties, the dump names it by its path inside the file (`…::id`).
            let path = get(theirs, "script").and_then(Variant::as_str).unwrap_or("-");
            let embedded = matches!(v, Variant::Dictionary(_)) && path.contains("::");
            if !embedded && v.as_str().unwrap_or("") != path {
                errors.push(format!("{at}.script: {v:?} vs {:?}", get(theirs, "script")));
            }
            continue;
        }
        match get(props, name) {
            // Godot 4.6 does not assign a sub-resource whose script is embedded (a bundled save) to a
            // property typed with the game's class: it loads such properties empty.
            Some(t) if at.starts_with("save_game_bundled.tres") && !godot3 && is_empty(t) => {}
            Some(t) => same(v, t, godot3, &format!("{at}.{name}"), errors),
            // Godot 3 loads `__meta__` into the object's metadata, not a property.
            None if name == "__meta__" => {}
            None => errors.push(format!("{at}.{name}: not a property the engine loaded")),
        }
    }
    // What the engine holds at other than a fresh instance's value was saved, so it was read.
    let strings = |v: Option<&Variant>| match v {
        Some(Variant::PackedStringArray(s)) => s.clone(),
        _ => Vec::new(),
    };
    let at_default = strings(get(theirs, "at_default"));
    for name in strings(get(theirs, "order")) {
        if !at_default.contains(&name) && d.get(&Variant::from(name.as_str())).is_none() {
            errors.push(format!("{at}.{name}: the engine holds it (not at its default), serde did not read it"));
        }
    }
}

fn check_engine(engine: &str, dialect: Dialect) {
    let dir = fixture_path(&format!("{engine}/resources"));
    let godot3 = engine.starts_with("godot-3");
    let mut n = 0;
    let mut errors = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    for path in names.iter().filter(|p| p.extension().is_some_and(|x| x == "res" || x == "tres")) {
        let ext = path.extension().unwrap().to_string_lossy().into_owned();
        let dump_path = path.with_extension(format!("{ext}.dump.txt"));
        let Ok(dump) = std::fs::read_to_string(&dump_path) else { continue };
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let dump = text::from_text(&dump, &Config::new(dialect)).unwrap_or_else(|e| panic!("{name} dump: {e}"));
        let bytes = std::fs::read(path).unwrap();
        let ours: Variant = from_slice(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        node(&ours, get(&dump, "resource").expect("resource"), godot3, &name, &mut errors);
        // Written back unchanged: the file's own bytes.
        match to_vec_like(&ours, &bytes) {
            Ok(out) if out == bytes => {}
            Ok(_) => errors.push(format!("{name}: written back unchanged, the bytes differ")),
            Err(e) => errors.push(format!("{name}: written back: {e}")),
        }
        n += 1;
    }
    assert!(n >= 20, "{engine}: only {n} saves with dumps");
    assert!(errors.is_empty(), "{engine}: {} difference(s):\n{}", errors.len(), errors.join("\n"));
}

#[test]
fn resource_from_slice_reads_what_godot_4_6_loads() {
    check_engine("godot-4.6", Dialect::Godot4_6);
}

#[test]
fn resource_from_slice_reads_what_godot_3_6_loads() {
    check_engine("godot-3.6", Dialect::Godot3);
}

#[test]
fn resource_from_slice_reads_what_godot_3_2_3_loads() {
    check_engine("godot-3.2.3", Dialect::Godot3);
}

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Item {
    #[serde(default)]
    name: String,
    #[serde(default)]
    count: i64,
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(serde::Serialize, serde::Deserialize, Debug)]
struct Save {
    player_name: String,
    level: i64,
    items: Vec<Item>,
}

#[test]
fn resource_edits_read_back_as_made() {
    let mut edited_files = 0;
    for engine in ["godot-4.6", "godot-3.6", "godot-3.2.3"] {
        for name in ["save_game.res", "save_game_compressed.res", "save_game_be.res", "save_game.tres"] {
            let path = fixture_path(&format!("{engine}/resources/{name}"));
            let Ok(original) = std::fs::read(&path) else { continue };
            let mut save: Save = from_slice(&original).unwrap_or_else(|e| panic!("{engine}/{name}: {e}"));
            assert!(to_vec_like(&save, &original).unwrap() == original, "{engine}/{name}: unchanged");
            let before = save.items.len();
            assert!(before >= 2, "{engine}/{name}: {} items", save.items.len());
            save.player_name = "Zoë".into();
            save.level += 1;
            save.items[0].count = 99;
            save.items.remove(1);
            save.items.push(Item { name: "torch".into(), count: 2, tags: vec!["light".into()] });
            save.items.push(Item { name: "rope".into(), count: 1, tags: vec![] });
            let edited = to_vec_like(&save, &original).unwrap_or_else(|e| panic!("{engine}/{name}: {e}"));
            assert_ne!(edited, original);
            let again: Save = from_slice(&edited).unwrap_or_else(|e| panic!("{engine}/{name} edited: {e}"));
            assert_eq!((again.player_name.as_str(), again.level), ("Zoë", save.level), "{engine}/{name}");
            assert_eq!(again.items, save.items, "{engine}/{name}");
            // What the edit did not touch reads as before.
            let (Variant::Dictionary(a), Variant::Dictionary(b)) =
                (from_slice::<Variant>(&original).unwrap(), from_slice::<Variant>(&edited).unwrap())
            else {
                panic!("{engine}/{name}: not maps")
            };
            let untouched = |d: &godot_bin::Dictionary| -> BTreeMap<String, String> {
                d.iter()
                    .filter(|(k, _)| !matches!(k.as_str(), Some("player_name" | "level" | "items")))
                    // Godot 4.6's text holds a float its parser loads as -0.0; the text saver writes any
                    // zero as `0` (as the engine's own save of the loaded file does).
                    .filter(|(k, _)| !(name.ends_with(".tres") && k.as_str() == Some("floats64")))
                    .map(|(k, v)| (format!("{k:?}"), format!("{v:?}")))
                    .collect()
            };
            assert_eq!(untouched(&a), untouched(&b), "{engine}/{name}: what the edit did not touch");
            assert!(untouched(&a).len() > 10, "{engine}/{name}");
            // The added items are sub-resources with their siblings' class and script.
            let file = godot_bin::resource::ResourceFile::read(&edited).unwrap();
            let torch = file.sub_resources.iter().find(|r| r.get("name").and_then(Variant::as_str) == Some("torch"));
            let first = file.sub_resources.iter().find(|r| r.get("count") == Some(&Variant::Int(99)));
            let (torch, first) = (torch.expect("torch"), first.expect("first item"));
            assert_eq!((&torch.class, torch.get("script")), (&first.class, first.get("script")), "{engine}/{name}");
            edited_files += 1;
        }
    }
    assert!(edited_files >= 10, "only {edited_files} saves edited");
}
