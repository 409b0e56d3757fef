//! The Rust half of the live interop check that `.ci/run` runs when real engines are installed.
//!
//! ```text
//! cargo run -p godot_bin_tools --bin live_roundtrip -- gen DIALECT OUT.tsv [COUNT] [SEED]   # values we encode
//! cargo run -p godot_bin_tools --bin live_roundtrip -- check DIALECT OURS.tsv ENGINE.tsv     # engine's re-encodings
//! ```
//! `gen` writes `id<TAB>allow_objects<TAB>hex` lines of seeded random values of every type the dialect has;
//! `scripts/live.sh roundtrip` has the engine decode each and re-encode it; `check` requires every value
//! accepted and re-encoded byte-identically.

use std::collections::HashMap;
use std::fmt::Write as _;

use godot_bin::*;

use godot_bin_tools::r#gen::{Gen, Rng};

fn hex(b: &[u8]) -> String {
    b.iter().fold(String::new(), |mut s, x| {
        let _ = write!(s, "{x:02x}");
        s
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: live_roundtrip gen DIALECT OUT.tsv [COUNT] [SEED] | check DIALECT OURS.tsv ENGINE.tsv";
    match args.first().map(String::as_str) {
        Some("gen") if args.len() >= 3 => {
            let dialect: Dialect = args[1].parse().expect("dialect");
            let count: usize = args.get(3).map(|s| s.parse().expect("count")).unwrap_or(2000);
            let seed: u64 = args.get(4).map(|s| s.parse().expect("seed")).unwrap_or(0x5EED_0001);
            let mut rng = Rng(seed | 1);
            let cfg = Config::new(dialect);
            let mut out = String::new();
            for i in 0..count {
                let v = Gen { rng: &mut rng, dialect }.value(0);
                let bytes = v.encode(&cfg).unwrap_or_else(|e| panic!("encoding {v:?}: {e}"));
                let _ = writeln!(out, "live-{i}\t0\t{}", hex(&bytes));
            }
            std::fs::write(&args[2], out).expect("write");
            println!("wrote {count} values for {dialect} to {}", args[2]);
        }
        Some("check") if args.len() == 4 => {
            let ours = std::fs::read_to_string(&args[2]).expect("ours");
            let engine = std::fs::read_to_string(&args[3]).expect("engine");
            let theirs: HashMap<&str, (&str, &str)> = engine
                .lines()
                .filter_map(|l| {
                    let f: Vec<&str> = l.split('\t').collect();
                    (f.len() >= 3).then(|| (f[0], (f[1], f[2])))
                })
                .collect();
            // Godot 3 leaves NodePath padding unwritten (heap garbage): compare those bytes as padding.
            let garbage_padding = args[1].starts_with("godot-3");
            let same = |engine: &str, ours: &str| {
                engine == ours
                    || garbage_padding
                        && engine.len() == ours.len()
                        && (0..ours.len() / 2).all(|i| {
                            let (e, o) = (&engine[2 * i..2 * i + 2], &ours[2 * i..2 * i + 2]);
                            e == o || (o == "00" && i % 4 != 0)
                        })
            };
            let (mut ok, mut bad) = (0, 0);
            for l in ours.lines() {
                let f: Vec<&str> = l.split('\t').collect();
                match theirs.get(f[0]) {
                    Some(("1", h)) if same(h, f[2]) => ok += 1,
                    other => {
                        bad += 1;
                        if bad <= 20 {
                            eprintln!("{}: ours {}\n   engine {:?}", f[0], f[2], other);
                        }
                    }
                }
            }
            println!("{}: {ok} passed, {bad} failed", args[1]);
            if bad > 0 || ok == 0 {
                std::process::exit(1);
            }
        }
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    }
}
