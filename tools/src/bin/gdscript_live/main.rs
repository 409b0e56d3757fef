//! The Rust half of `scripts/live.sh gdscript`: GDScript generated from Rust types reads what Rust wrote and
//! writes it back byte for byte, in a real engine.
//!
//! ```text
//! gdscript_live prepare DIALECT DIR COUNT SEED   # the .gd files, the values, the wrong values, project.godot
//! gdscript_live check DIALECT DIR COUNT SEED     # the engine's output files against the values
//! ```
//! `prepare-files` / `check-files`: the same for the save alone, written as one file per type
//! (`gdscript::files_per_type`: save.gd, item.gd, msg.gd).
//! For each top type (`Save`, `Msg`, `Branch`, and `Extras4` in Godot 4), `prepare` writes COUNT seeded
//! random values into `<file>.in` (a `store_var` file), `gdscript::for_type`'s file `<file>.gd`, wrong values
//! into `<file>.bad` with the path each error must start with in `<file>.bad.txt`, `checks.gd`, which is
//! generated from the schema and checks every field's `typeof` and class, and the engine's harness
//! (`tests/gd/gdscript_live.gd`, or `gdscript_live3.gd` for Godot 3, as `harness.gd`). The harness reads
//! each value with `from_variant`, checks its fields, and writes `to_variant()` with `store_var` into
//! `<file>.out`; `check` requires `<file>.out` to be byte-identical to `<file>.in` and to decode to the same
//! values, every wrong value to be refused with its path, and the engine's log (`engine.log`) to have no
//! script error, parse error or warning. `<file>.junk` holds the values again with one part each replaced by
//! a value of some kind: `from_variant` and `check` must agree on each, and what `to_variant` writes for
//! those accepted (`<file>.junk.out`) must read as the Rust type.
//! `prepare-hostile` / `check-hostile`: a schema whose keys and type names are what an attacker's save or
//! an odd rename gives (empty, control characters, quotes, keywords, the emitter's reserved names, global
//! functions, native classes, ALL_CAPS constants, the generated members, non-ASCII, names equal once
//! sanitized): the file must load with no error or warning and read every value back byte-identical.

mod harness;
mod hostile;
mod values;
mod wrong;

use std::path::Path;

use godot_bin::framing::{values, Endian};
use godot_bin::{Config, Dialect};
use serde::de::DeserializeOwned;

use harness::{checks, top_save_files, tops, values_of, write_harness, write_values};
use hostile::{check_hostile, prepare_hostile};
use wrong::{bad_branches, bad_extras, bad_msgs, bad_saves};

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn prepare(dialect: Dialect, dir: &Path, count: usize, seed: u64, split: bool) -> Res<()> {
    let cfg = Config::new(dialect);
    let g4 = dialect != Dialect::Godot3;
    let tops = if split { vec![top_save_files(dialect)?] } else { tops(dialect)? };
    let (saves, msgs, branches, extras) = values_of(dialect, count, seed);
    let good = godot_bin::to_variant_with(&saves[0], &cfg)?;
    write_values(dir, "save", &saves, &bad_saves(&good), &cfg)?;
    write_values(dir, "msg", &msgs, &bad_msgs(), &cfg)?;
    write_values(dir, "branch", &branches, &bad_branches(), &cfg)?;
    if g4 && !split {
        let good = godot_bin::to_variant_with(&extras[0], &cfg)?;
        write_values(dir, "extras4", &extras, &bad_extras(&good), &cfg)?;
    }
    for t in &tops {
        std::fs::write(dir.join(format!("{}.gd", t.file)), &t.gd)?;
        for (f, _, text) in &t.others {
            std::fs::write(dir.join(f), text)?;
        }
    }
    write_harness(dir, &tops, dialect, &checks(&tops, dialect))
}

/// The values back and how many bytes differed in NodePath padding.
fn compare<T: DeserializeOwned + PartialEq + std::fmt::Debug>(
    dir: &Path,
    name: &str,
    want: &[T],
    cfg: &Config,
) -> Res<(usize, usize)> {
    let inp = std::fs::read(dir.join(format!("{name}.in")))?;
    let out = std::fs::read(dir.join(format!("{name}.out"))).map_err(|e| format!("{name}.out: {e}"))?;
    let got: Vec<T> =
        values(&out, cfg, Endian::Little).collect::<Result<_, _>>().map_err(|e| format!("{name}.out: {e}"))?;
    if got.len() != want.len() {
        return Err(format!("{name}: {} values back, {} written", got.len(), want.len()).into());
    }
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if g != w {
            return Err(format!("{name} value {i} came back different:\n  wrote {w:?}\n  got   {g:?}").into());
        }
    }
    // Godot 3 writes a NodePath's names with uninitialised padding bytes: with the values equal (above), a
    // difference is accepted in 3.x only where our file has a zero padding byte, and counted.
    let padding = dialect_is_3(cfg) && inp.len() == out.len() && inp.iter().zip(&out).all(|(a, b)| a == b || *a == 0);
    if inp != out && !padding {
        let at = inp.iter().zip(&out).position(|(a, b)| a != b).unwrap_or(inp.len().min(out.len()));
        return Err(
            format!("{name}.out differs from {name}.in at byte {at} ({} vs {} bytes)", out.len(), inp.len()).into()
        );
    }
    let padded = inp.iter().zip(&out).filter(|(a, b)| a != b).count();
    // What the GDScript made of the junk it accepted reads as the Rust type.
    let junk = std::fs::read(dir.join(format!("{name}.junk.out"))).map_err(|e| format!("{name}.junk.out: {e}"))?;
    for (i, v) in values::<T>(&junk, cfg, Endian::Little).enumerate() {
        v.map_err(|e| format!("{name}.junk.out value {i}, written by to_variant, does not read back: {e}"))?;
    }
    Ok((got.len(), padded))
}

fn dialect_is_3(cfg: &Config) -> bool {
    cfg.dialect() == Dialect::Godot3
}

/// The engine's log: no script error, parse error, warning or failed check, and the harness finished.
pub(crate) fn engine_log_ok(dir: &Path) -> Res<String> {
    let log = std::fs::read_to_string(dir.join("engine.log")).unwrap_or_default();
    let bad_lines: Vec<&str> = log
        .lines()
        .filter(|l| {
            l.contains("SCRIPT ERROR") || l.contains("Parse Error") || l.contains("WARNING") || l.starts_with("FAIL")
        })
        .collect();
    if !bad_lines.is_empty() {
        return Err(format!(
            "the engine's output has errors:\n  {}",
            bad_lines[..bad_lines.len().min(12)].join("\n  ")
        )
        .into());
    }
    if !log.contains("DONE fails=0") {
        return Err(format!(
            "the harness did not finish: {}",
            log.lines().rev().take(5).collect::<Vec<_>>().join(" | ")
        )
        .into());
    }
    Ok(log)
}

fn check(dialect: Dialect, dir: &Path, count: usize, seed: u64, split: bool) -> Res<String> {
    let cfg = Config::new(dialect);
    let log = engine_log_ok(dir)?;
    let junk: (usize, usize) = log
        .lines()
        .filter_map(|l| l.strip_prefix("OK ").and_then(|r| r.split_once(" junk ")).map(|(_, n)| n.to_string()))
        .map(|n| {
            let mut it = n.split_whitespace().map(|x| x.parse::<usize>().unwrap_or(0));
            (it.next().unwrap_or(0), it.next().unwrap_or(0))
        })
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let refused: usize = log
        .lines()
        .filter_map(|l| {
            l.strip_prefix("OK ")
                .and_then(|r| r.split_once(" refused "))
                .map(|(_, n)| n.trim().parse::<usize>().unwrap_or(0))
        })
        .sum();
    let (saves, msgs, branches, extras) = values_of(dialect, count, seed);
    let mut n = 0;
    let mut padded = 0;
    let mut add = |(a, b): (usize, usize)| {
        n += a;
        padded += b;
    };
    add(compare(dir, "save", &saves, &cfg)?);
    if split {
        let pad = if padded > 0 {
            format!(", but {padded} NodePath padding bytes Godot 3 leaves uninitialised")
        } else {
            String::new()
        };
        return Ok(format!(
            "OK (one file per type: {n} saves read by save.gd with item.gd and msg.gd, written back equal and byte-identical{pad}; {refused} wrong values refused with their path; of {} values with a part replaced, {} accepted (written back readable) and {} refused; no script error or warning)",
            junk.0 + junk.1,
            junk.0,
            junk.1
        ));
    }
    add(compare(dir, "msg", &msgs, &cfg)?);
    add(compare(dir, "branch", &branches, &cfg)?);
    let mut types = 3;
    if dialect != Dialect::Godot3 {
        add(compare(dir, "extras4", &extras, &cfg)?);
        types += 1;
    }
    let pad = if padded > 0 {
        format!(", but {padded} NodePath padding bytes Godot 3 leaves uninitialised")
    } else {
        String::new()
    };
    Ok(format!(
        "OK ({count} values × {types} types = {n} read by from_variant, fields typed, written back by to_variant equal and byte-identical{pad}; {refused} wrong values refused with their path; of {} values with a part replaced, {} accepted (written back readable) and {} refused; no script error or warning)",
        junk.0 + junk.1,
        junk.0,
        junk.1
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = || -> Res<Option<String>> {
        let [mode, dialect, dir, count, seed] = &args[..] else {
            return Err("usage: gdscript_live prepare|check|prepare-files|check-files DIALECT DIR COUNT SEED".into());
        };
        let dialect: Dialect = dialect.parse()?;
        let (dir, count, seed) = (Path::new(dir), count.parse()?, seed.parse()?);
        match mode.as_str() {
            "prepare" => prepare(dialect, dir, count, seed, false).map(|_| None),
            "check" => check(dialect, dir, count, seed, false).map(Some),
            "prepare-files" => prepare(dialect, dir, count, seed, true).map(|_| None),
            "check-files" => check(dialect, dir, count, seed, true).map(Some),
            "prepare-hostile" => prepare_hostile(dialect, dir, count, seed).map(|_| None),
            "check-hostile" => check_hostile(dialect, dir, count).map(Some),
            _ => Err(format!("unknown mode {mode}").into()),
        }
    };
    match run() {
        Ok(Some(line)) => println!("{line}"),
        Ok(None) => {}
        Err(e) => {
            println!("FAIL: {e}");
            std::process::exit(1);
        }
    }
}
