//! The Rust half of `scripts/live.sh text` (promise 1 of godot-bin's text form: the engine's `str_to_var` of
//! the text we print gives back exactly the bytes we decoded).
//!
//! ```text
//! cargo run -p godot_bin_tools --bin live_text -- prepare DIALECT DIR COUNT SEED FIXTURES.tsv [SAVE.sav ...]
//! cargo run -p godot_bin_tools --bin live_text -- check DIALECT DIR
//! ```
//! `prepare` gathers values (COUNT seeded random values of every type the dialect has, every engine-written
//! value of FIXTURES.tsv, every value of the store_var SAVE files), prints each with
//! `godot_bin::text::to_text_exact` (what `godot-bin decode --to text --exact` prints) and writes
//! `DIR/in.tsv` (id, flags, hex of the UTF-8 text) for the engine and `DIR/expected.tsv` (id, flags, hex of
//! our encoding of the decoded value). Values with no exact text form are counted and left out.
//! `check` compares the engine's `DIR/out.tsv` (id, hex of var_to_bytes(str_to_var(text))) with it.

use std::collections::HashMap;
use std::fmt::Write as _;

use godot_bin::framing::{Decoded, Endian, FrameDecoder, MAX_FRAME};
use godot_bin::markers::{Color, Vector3};
use godot_bin::*;

use godot_bin_tools::r#gen::{Gen, Rng};

fn hex(b: &[u8]) -> String {
    b.iter().fold(String::new(), |mut s, x| {
        let _ = write!(s, "{x:02x}");
        s
    })
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).filter_map(|i| u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok()).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("prepare") if args.len() >= 6 => prepare(&args[1..]),
        Some("check") if args.len() == 3 => check(&args[1], &args[2]),
        _ => {
            eprintln!("usage: live_text prepare DIALECT DIR COUNT SEED FIXTURES.tsv [SAVE...] | check DIALECT DIR");
            std::process::exit(2);
        }
    }
}

fn prepare(a: &[String]) {
    let dialect: Dialect = a[0].parse().expect("dialect");
    let dir = &a[1];
    let count: usize = a[2].parse().expect("count");
    let seed: u64 = a[3].parse().expect("seed");
    let mut values: Vec<(String, bool, Vec<u8>)> = Vec::new();
    let mut rng = Rng(seed | 1);
    let cfg = Config::new(dialect);
    for i in 0..count {
        let v = Gen { rng: &mut rng, dialect }.value(0);
        values.push((format!("rand-{i}"), false, v.encode(&cfg).expect("encode")));
    }
    // Floats from random bit patterns (every exponent), as float, math components and packed elements.
    let mut float_rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut bits = move || float_rng.next_u64();
    for i in 0..count {
        let f = f64::from_bits(bits());
        let g = |b: u64| f32::from_bits(b as u32) as f64;
        let v = match i % 4 {
            0 => Variant::Float(f),
            1 => Variant::Vector3(Vector3::new(g(bits()), g(bits()), g(bits()))),
            2 => Variant::PackedFloat32Array(vec![f32::from_bits(bits() as u32), f32::from_bits(bits() as u32)]),
            _ => Variant::Color(Color::new(f32::from_bits(bits() as u32), 0.5, 1.0, f32::from_bits(bits() as u32))),
        };
        values.push((format!("float-{i}"), false, v.encode(&cfg).expect("encode")));
    }
    for l in std::fs::read_to_string(&a[4]).expect("fixtures").lines().filter(|l| !l.starts_with('#')) {
        let c: Vec<&str> = l.split('\t').collect();
        values.push((format!("fixture-{}", c[0]), c[1] == "objects", unhex(c[3])));
    }
    for s in &a[5..] {
        let b = std::fs::read(s).expect("save");
        let mut frames = FrameDecoder::new(Endian::Little, MAX_FRAME);
        frames.feed(&b);
        while let Decoded::Frame(f) = frames.next_frame().expect("a store_var stream") {
            values.push((format!("save-{s}-{}", values.len()), false, f.to_vec()));
        }
    }
    let (mut input, mut expected, mut inexact) = (String::new(), String::new(), Vec::new());
    for (id, objects, bytes) in &values {
        let cfg = Config::new(dialect).with_allow_objects(*objects);
        let v = Variant::decode(bytes, &cfg).unwrap_or_else(|e| panic!("{id}: {e}"));
        let flags = if *objects { "objects" } else { "-" };
        match text::to_text_exact(&v, &cfg) {
            Ok(t) => {
                let _ = writeln!(input, "{id}\t{flags}\t{}", hex(t.as_bytes()));
                let _ = writeln!(expected, "{id}\t{flags}\t{}", hex(&v.encode(&cfg).expect("encode")));
            }
            Err(e) => inexact.push(format!("{id}: {e}")),
        }
    }
    std::fs::write(format!("{dir}/in.tsv"), input).expect("write");
    std::fs::write(format!("{dir}/expected.tsv"), expected).expect("write");
    std::fs::write(format!("{dir}/inexact.txt"), inexact.join("\n") + "\n").expect("write");
    println!("{} values, {} with no exact text form (skipped, see inexact.txt)", values.len(), inexact.len());
}

fn check(dialect: &str, dir: &str) {
    let dialect: Dialect = dialect.parse().expect("dialect");
    let out = std::fs::read_to_string(format!("{dir}/out.tsv")).unwrap_or_default();
    let got: HashMap<&str, &str> =
        out.lines().filter_map(|l| l.split_once('\t')).map(|(a, b)| (a, b.trim_end())).collect();
    let text = std::fs::read_to_string(format!("{dir}/in.tsv")).expect("in");
    let texts: HashMap<&str, &str> =
        text.lines().filter_map(|l| l.split('\t').nth(2).map(|t| (&l[..l.find('\t').unwrap()], t))).collect();
    let exp = std::fs::read_to_string(format!("{dir}/expected.tsv")).expect("expected");
    let (mut same, mut padding, mut differ, mut missing) = (0, 0, 0, 0);
    for l in exp.lines() {
        let c: Vec<&str> = l.split('\t').collect();
        let (id, objects, want) = (c[0], c[1] == "objects", c[2]);
        match got.get(id) {
            None => missing += 1,
            Some(h) if *h == want => same += 1,
            Some(h) => {
                // Godot 3 writes NodePath names with uninitialised padding bytes: accept a same-length
                // encoding that decodes to the same value.
                let cfg = Config::new(dialect).with_allow_objects(objects);
                let eng = unhex(h);
                if eng.len() * 2 == want.len()
                    && Variant::decode(&eng, &cfg).ok() == Variant::decode(&unhex(want), &cfg).ok()
                {
                    padding += 1;
                    continue;
                }
                differ += 1;
                if differ <= 10 {
                    let t = String::from_utf8(unhex(texts.get(id).copied().unwrap_or(""))).unwrap_or_default();
                    eprintln!("{id}: our text {t}\n  engine {h}\n  ours   {want}");
                }
            }
        }
    }
    let n = exp.lines().count();
    println!(
        "{n} checked: {same} identical, {padding} identical but for the engine's uninitialised NodePath padding, {differ} differ, {missing} missing"
    );
    if differ > 0 || missing > 0 || n == 0 {
        std::process::exit(1);
    }
}
