//! Binary Resource saves written by the engines (`tests/fixtures/<engine>/resources/*.res`, plain `RSRC` and
//! compressed `RSCC`, big-endian, hostile ones included): each reads into the model, and the model written
//! again by the saver's rules (the original bytes forgotten) gives the engine's bytes back exactly; the
//! script report flags every hostile one (the saves whose code the engine runs) and passes the others.

use crate::common::fixture_path;
use godot_bin::resource::{check, Format, Reason, ResourceFile};

fn files_ending(engine: &str, ext: &str) -> Vec<std::path::PathBuf> {
    let dir = fixture_path(&format!("{engine}/resources"));
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    out.sort();
    out
}

fn res_files(engine: &str) -> Vec<std::path::PathBuf> {
    files_ending(engine, "res")
}

/// Every `.tres` reads, and unedited comes back text-identical; the model written again by the saver's
/// rules (the original text forgotten) is the engine's text exactly, for every file the engine's saver
/// wrote (the `hostile_srl_*` files are engine saves edited by the generator into forms no saver writes).
fn text_round_trip(engine: &str) {
    let files = files_ending(engine, "tres");
    assert!(files.len() >= 10, "{engine}: only {} .tres fixtures", files.len());
    let (mut failed, mut rewritten) = (Vec::new(), 0);
    for path in &files {
        let bytes = std::fs::read(path).expect("fixture");
        let mut file = ResourceFile::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(matches!(file.format, Format::Text(_)), "{}", path.display());
        assert!(file.to_bytes().expect("unedited write") == bytes, "{}", path.display());
        let name = path.file_name().and_then(|n| n.to_str()).expect("name");
        if name.starts_with("hostile_srl_") {
            continue;
        }
        file.forget_original();
        match file.to_bytes() {
            Ok(out) if out == bytes => rewritten += 1,
            Ok(out) if misread_by_the_engine_only(&out, &bytes) => rewritten += 1,
            Ok(out) => {
                let (a, b) = (String::from_utf8_lossy(&out), String::from_utf8_lossy(&bytes));
                let line = a.lines().zip(b.lines()).position(|(x, y)| x != y).unwrap_or(a.lines().count());
                failed.push(format!(
                    "{name}: line {} differs: ours {:?}, engine's {:?}",
                    line + 1,
                    a.lines().nth(line),
                    b.lines().nth(line)
                ));
            }
            Err(e) => failed.push(format!("{name}: write: {e}")),
        }
    }
    assert!(failed.is_empty(), "{engine}: {} failed:\n{}", failed.len(), failed.join("\n"));
    assert!(rewritten >= 10, "{engine}: only {rewritten} .tres written again");
}

/// Whether our text differs from the engine's only in floats that the engine's own parser does not read as
/// the number written (Godot 4.6 writes `-2.4999999999999996e-300` and loads it as zero; its dump in
/// `save_game.tres.dump.txt` shows `0`): the model holds what the engine loads, and we write that.
fn misread_by_the_engine_only(ours: &[u8], engine: &[u8]) -> bool {
    let (ours, engine) = (String::from_utf8_lossy(ours), String::from_utf8_lossy(engine));
    let split = |l: &str| -> Vec<String> {
        l.split(|c: char| " ,()[]{}:=".contains(c)).filter(|t| !t.is_empty()).map(str::to_owned).collect()
    };
    let mut misread = 0;
    for (a, b) in ours.lines().zip(engine.lines()).filter(|(a, b)| a != b) {
        let (ta, tb) = (split(a), split(b));
        if ta.len() != tb.len() {
            return false;
        }
        for (x, y) in ta.iter().zip(&tb).filter(|(x, y)| x != y) {
            let (Ok(written), Ok(ours)) = (y.parse::<f64>(), x.parse::<f64>()) else { return false };
            // The engine's parser on the token (the text form's, which is the engine's arithmetic).
            let loaded = match godot_bin::text::from_text(y, &Default::default()) {
                Ok(godot_bin::Variant::Float(f)) => f,
                Ok(godot_bin::Variant::Int(i)) => i as f64,
                _ => return false,
            };
            if loaded == written || loaded != ours {
                return false;
            }
            misread += 1;
        }
    }
    misread > 0 && ours.lines().count() == engine.lines().count()
}

#[test]
fn resource_text_round_trip_all_engines() {
    for engine in ["godot-4.6", "godot-3.6", "godot-3.2.3"] {
        text_round_trip(engine);
    }
}

fn round_trip(engine: &str) {
    let files = res_files(engine);
    assert!(files.len() >= 10, "{engine}: only {} .res fixtures", files.len());
    let mut failed = Vec::new();
    let mut compressed = 0;
    for path in &files {
        let bytes = std::fs::read(path).expect("fixture");
        let mut file = match ResourceFile::read(&bytes) {
            Ok(f) => f,
            Err(e) => {
                failed.push(format!("{}: read: {e}", path.display()));
                continue;
            }
        };
        assert_eq!(file.to_bytes().expect("unedited write"), bytes, "{}", path.display());
        if let Format::Binary(b) = &file.format {
            compressed += usize::from(b.compressed.is_some());
        }
        file.forget_original();
        match file.to_bytes() {
            // A compressed file's blocks depend on the compressor; its payload is what must match.
            Ok(out) if out == bytes => {}
            Ok(out) if bytes.starts_with(b"RSCC") => {
                let again = ResourceFile::read(&out).expect("our compressed output reads");
                let (mut a, mut b) = (again, ResourceFile::read(&bytes).expect("read"));
                a.forget_original();
                b.forget_original();
                if let (Format::Binary(x), Format::Binary(y)) = (&mut a.format, &mut b.format) {
                    x.compressed = None;
                    y.compressed = None;
                }
                if a.to_bytes().expect("plain") != b.to_bytes().expect("plain") {
                    failed.push(format!("{}: compressed payload differs", path.display()));
                }
            }
            Ok(out) => {
                let at = out.iter().zip(&bytes).position(|(a, b)| a != b).unwrap_or(out.len().min(bytes.len()));
                failed.push(format!(
                    "{}: differs at byte {at} ({} vs {} bytes)",
                    path.display(),
                    out.len(),
                    bytes.len()
                ));
            }
            Err(e) => failed.push(format!("{}: write: {e}", path.display())),
        }
    }
    assert!(failed.is_empty(), "{engine}: {} of {} failed:\n{}", failed.len(), files.len(), failed.join("\n"));
    assert!(compressed > 0, "{engine}: no RSCC fixture read");
}

#[test]
fn resource_binary_round_trip_godot_4_6() {
    round_trip("godot-4.6");
}

#[test]
fn resource_binary_round_trip_godot_3_6() {
    round_trip("godot-3.6");
}

#[test]
fn resource_binary_round_trip_godot_3_2_3() {
    round_trip("godot-3.2.3");
}

/// The files the fixtures' README lists as saves whose code the engine runs when it loads them (its
/// section "Hostile saves: the engine runs their code", proved by `scripts/live.sh resources`).
fn runs_code(engine: &str) -> std::collections::BTreeSet<String> {
    let path = fixture_path(&format!("{engine}/resources/README.md"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let section =
        text.split("\n## ").find(|s| s.starts_with("Hostile saves: the engine runs their code")).expect("section");
    section
        .lines()
        .filter_map(|l| l.strip_prefix("| ")?.split(' ').next().map(str::to_owned))
        .filter(|f| f.ends_with(".res") || f.ends_with(".tres"))
        .collect()
}

/// The reason the fixture's name says its script has (the generator names each hostile case).
fn expected_reason(name: &str) -> Reason {
    if name.starts_with("hostile_builtin_") || name.starts_with("save_game_bundled") {
        Reason::Embedded
    } else if name.starts_with("hostile_srl_") {
        // The published bypasses name the payload beside the save (a relative path), in odd forms.
        Reason::RelativePath
    } else if name.starts_with("hostile_script_user") {
        Reason::UserPath
    } else if name.starts_with("hostile_script_absolute") {
        Reason::AbsolutePath
    } else if name.starts_with("hostile_script_dotdot") {
        Reason::ParentPath
    } else {
        panic!("{name}: no reason known for this case")
    }
}

fn check_engine(engine: &str) {
    let runs = runs_code(engine);
    assert!(runs.len() >= 14, "{engine}: only {} hostile saves listed", runs.len());
    let (mut flagged, mut passed) = (std::collections::BTreeSet::new(), 0);
    for path in res_files(engine).into_iter().chain(files_ending(engine, "tres")) {
        let name = path.file_name().and_then(|n| n.to_str()).expect("name").to_owned();
        let file = ResourceFile::read(&std::fs::read(&path).expect("fixture")).expect("reads");
        let report = check(&file);
        // Every hostile save is flagged: those the engine runs, and those this engine refuses but another
        // runs (Godot 3 refuses `res://../`, Godot 4.6 loads it).
        if runs.contains(&name) || name.starts_with("hostile_") || name.starts_with("save_game_bundled") {
            let want = expected_reason(&name);
            assert!(!report.passes(), "{engine}/{name}: passes check, but the engine runs its code");
            assert!(report.flagged().any(|s| s.reason == Some(want)), "{engine}/{name}: no {want:?} in {report:?}");
            if name.starts_with("hostile_srl_") {
                assert!(report.flagged().all(|s| !s.forms.is_empty()), "{engine}/{name}: the form not named");
            }
            flagged.insert(name);
        } else {
            assert!(report.passes(), "{engine}/{name}: an ordinary save flagged: {report:?}");
            assert!(!report.scripts.is_empty() || name.starts_with("blob_"), "{engine}/{name}: no script found");
            passed += 1;
        }
    }
    assert!(runs.is_subset(&flagged), "{engine}: a listed hostile save is missing: {runs:?} vs {flagged:?}");
    assert!(passed >= 10, "{engine}: only {passed} ordinary saves");
}

#[test]
fn resource_check_flags_every_hostile_save_and_passes_the_others_godot_4_6() {
    check_engine("godot-4.6");
}

#[test]
fn resource_check_flags_every_hostile_save_and_passes_the_others_godot_3_6() {
    check_engine("godot-3.6");
}

#[test]
fn resource_check_flags_every_hostile_save_and_passes_the_others_godot_3_2_3() {
    check_engine("godot-3.2.3");
}

/// `ResourceFile::strip` on every hostile save of an engine: afterwards `check` passes, every property
/// of every resource kept is as it was but a `script` naming what was removed (dropped) and values naming
/// it (null), and the file written (binary or text) and read again is the stripped model and passes `check`.
fn strip_engine(engine: &str) {
    let mut stripped = 0;
    for path in res_files(engine).into_iter().chain(files_ending(engine, "tres")) {
        let name = path.file_name().and_then(|n| n.to_str()).expect("name").to_owned();
        let bytes = std::fs::read(&path).expect("fixture");
        let original = ResourceFile::read(&bytes).expect("reads");
        if check(&original).passes() {
            continue;
        }
        let mut file = original.clone();
        let removed = file.strip();
        assert_eq!(removed, check(&original), "{engine}/{name}: strip reports the check of the file before");
        assert!(check(&file).passes(), "{engine}/{name}: {:?}", check(&file));
        let gone: Vec<String> = removed
            .scripts
            .iter()
            .filter(|s| s.reason.is_some())
            .map(|s| godot_bin::text::to_text(&s.reference.to_variant(), &Default::default()))
            .collect();
        let names_gone = |v: &godot_bin::Variant| {
            let t = godot_bin::text::to_text(v, &Default::default());
            gone.iter().any(|g| t.contains(g.as_str()))
        };
        let mut kept = 0;
        for r in original.sub_resources.iter().chain(std::iter::once(&original.main)) {
            let Some(now) = file.sub_resources.iter().chain(std::iter::once(&file.main)).find(|x| x.id == r.id) else {
                assert!(gone.iter().any(|g| g.contains(&format!("\"{}\"", r.id))), "{engine}/{name}: {} lost", r.id);
                continue;
            };
            for (prop, v) in &r.properties {
                match now.get(prop) {
                    Some(after) if after == v => kept += 1,
                    Some(after) => assert!(names_gone(v) && !names_gone(after), "{engine}/{name}: {prop} changed"),
                    None => assert!(prop == "script" && names_gone(v), "{engine}/{name}: {prop} lost"),
                }
            }
        }
        assert!(kept > 0 || name.contains("builtin_main"), "{engine}/{name}: no data kept");
        let mut again = ResourceFile::read(&file.to_bytes().expect("writes")).expect("reads back");
        assert!(check(&again).passes(), "{engine}/{name}: written and read again fails check");
        let mut want = file.clone();
        if name.ends_with(".tres") {
            // The text saver writes every zero as `0`: a -0.0 comes back as 0.0 (in the engine too).
            unsigned_zeros(&mut again);
            unsigned_zeros(&mut want);
            // `load_steps=` is written only when the file holds more than one resource.
            if let (Format::Text(a), Format::Text(w)) = (&again.format, &mut want.format) {
                assert_eq!(a.format, w.format, "{engine}/{name}");
                w.load_steps = a.load_steps;
            }
        }
        assert!(again == want, "{engine}/{name}: written and read again differs");
        stripped += 1;
    }
    assert!(stripped >= 14, "{engine}: only {stripped} hostile saves stripped");
}

fn unsigned_zeros(file: &mut ResourceFile) {
    fn fix(v: &mut godot_bin::Variant) {
        use godot_bin::Variant as V;
        match v {
            V::Float(x) if *x == 0.0 => *x = 0.0,
            V::PackedFloat64Array(a) => a.iter_mut().filter(|x| **x == 0.0).for_each(|x| *x = 0.0),
            V::PackedFloat32Array(a) => a.iter_mut().filter(|x| **x == 0.0).for_each(|x| *x = 0.0),
            V::Array(a) => a.items.iter_mut().for_each(fix),
            V::Dictionary(d) => d.iter_mut().for_each(|(_, x)| fix(x)),
            _ => {}
        }
    }
    for r in file.sub_resources.iter_mut().chain(std::iter::once(&mut file.main)) {
        r.properties.iter_mut().for_each(|(_, v)| fix(v));
    }
}

#[test]
fn resource_strip_leaves_the_data_and_passes_check_all_engines() {
    for engine in ["godot-4.6", "godot-3.6", "godot-3.2.3"] {
        strip_engine(engine);
    }
}
