//! Speed ratios measured in one run: `cargo bench --bench ratios [-- OPTIONS]`.
//!
//! Absolute times on a small shared machine drift from run to run; ratios taken in the same run do not
//! drift much. Every case of a group is run in turn, round after round (interleaved, so drift hits all of them
//! alike), and each case's median time per operation is reported with its ratio to the group's reference
//! (postcard on the same structs, or a memcpy of the same byte count).
//!
//! Options: `--rounds N` (default 15), `--only GROUP` (game, variant, packed, logs; repeatable),
//! `--engine FILE` (the output of `tests/gd/speed.gd`: adds Godot 4.6's medians and our ratios to them; used
//! by scripts/engine-speed.sh), `--engine-bytes FILE` (the engine's `var_to_bytes` of the same state: checked
//! byte for byte against ours), `--entities N` (default 10,000).

#[path = "common/mod.rs"]
mod data;

use std::cell::RefCell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use godot_bin::{Config, Variant};

struct Case<'a> {
    name: String,
    f: Box<dyn FnMut() + 'a>,
    /// Run after each sample, outside the clock (drops what the sample kept).
    after: Option<Box<dyn FnMut() + 'a>>,
    iters: u32,
    samples: Vec<f64>,
}

fn case<'a>(name: &str, f: impl FnMut() + 'a) -> Case<'a> {
    Case { name: name.to_string(), f: Box::new(f), after: None, iters: 1, samples: Vec::new() }
}

/// A decode whose results are kept and dropped after the sample, off the clock, as GDScript's `bytes_to_var`
/// timing in tests/gd/speed.gd does.
fn case_keep<'a, T: 'a>(name: &str, sink: &'a RefCell<Vec<T>>, mut f: impl FnMut() -> T + 'a) -> Case<'a> {
    let mut c = case(name, move || sink.borrow_mut().push(f()));
    c.after = Some(Box::new(move || sink.borrow_mut().clear()));
    c
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = s.len();
    if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    }
}

/// Runs the cases interleaved for `rounds` rounds; returns each case's median seconds per call.
fn run(cases: &mut [Case], rounds: usize) {
    // Calibrate: enough calls per sample for about 20 ms, after one warm-up call.
    for c in cases.iter_mut() {
        (c.f)();
        let t = Instant::now();
        (c.f)();
        let one = t.elapsed().max(Duration::from_nanos(100));
        c.iters = ((0.02 / one.as_secs_f64()).ceil() as u32).clamp(1, 1_000_000);
    }
    for _ in 0..rounds {
        for c in cases.iter_mut() {
            let t = Instant::now();
            for _ in 0..c.iters {
                (c.f)();
            }
            c.samples.push(t.elapsed().as_secs_f64() / c.iters as f64);
            if let Some(after) = c.after.as_mut() {
                after();
            }
        }
    }
}

fn fmt_time(s: f64) -> String {
    if s >= 1e-3 {
        format!("{:8.2} ms", s * 1e3)
    } else {
        format!("{:8.1} µs", s * 1e6)
    }
}

/// Prints the group's medians, and ratios `case / reference` (below 1: faster than the reference).
fn report(title: &str, bytes: usize, cases: &[Case], refs: &[&str]) -> Vec<(String, f64)> {
    println!("\n## {title} ({bytes} bytes in the Godot format)");
    let meds: Vec<(String, f64)> = cases.iter().map(|c| (c.name.clone(), median(&c.samples))).collect();
    let find = |n: &str| meds.iter().find(|(m, _)| m == n).map(|(_, t)| *t);
    print!("{:<40} {:>11} {:>10}", "case", "median", "MB/s");
    for r in refs {
        print!(" {:>16}", format!("÷ {r}"));
    }
    println!();
    for (name, t) in &meds {
        print!("{:<40} {} {:>10.0}", name, fmt_time(*t), bytes as f64 / t / 1e6);
        for r in refs {
            match find(r) {
                Some(rt) => print!(" {:>16.2}", t / rt),
                None => print!(" {:>16}", "-"),
            }
        }
        println!();
    }
    meds
}

fn memcpy_case<'a>(name: &str, src: &'a [u8], dst: &'a mut [u8]) -> Case<'a> {
    case(name, move || {
        dst.copy_from_slice(black_box(src));
        black_box(&mut *dst);
    })
}

fn main() {
    let mut rounds = 15usize;
    let mut only: Vec<String> = Vec::new();
    let mut engine: Option<String> = None;
    let mut engine_bytes: Option<String> = None;
    let mut entities = 10_000usize;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--rounds" => rounds = args.next().and_then(|s| s.parse().ok()).expect("--rounds N"),
            "--only" => only.push(args.next().expect("--only GROUP")),
            "--engine" => engine = args.next(),
            "--engine-bytes" => engine_bytes = args.next(),
            "--entities" => entities = args.next().and_then(|s| s.parse().ok()).expect("--entities N"),
            _ => {} // `--bench` and filters from cargo
        }
    }
    let want = |g: &str| only.is_empty() || only.iter().any(|o| o == g);
    let cfg = Config::default();
    println!(
        "# godot_bin speed ratios: {rounds} interleaved rounds, medians; ratio < 1 means faster than the reference"
    );

    let state = data::game_state(entities);
    let gb = godot_bin::to_vec(&state).unwrap();
    if let Some(p) = &engine_bytes {
        let eb = std::fs::read(p).expect("--engine-bytes FILE");
        assert!(eb == gb, "our bytes ({}) differ from the engine's ({})", gb.len(), eb.len());
        println!("# same bytes as Godot 4.6's var_to_bytes: {} bytes, identical", gb.len());
    }
    let mut game_meds = Vec::new();
    if want("game") || want("variant") {
        let pc = postcard::to_allocvec(&state).unwrap();
        let mp = rmp_serde::to_vec(&state).unwrap();
        let js = serde_json::to_vec(&state).unwrap();
        let var = Variant::decode(&gb, &cfg).unwrap();
        let mut dst = vec![0u8; gb.len()];
        let typed_sink = RefCell::new(Vec::new());
        let var_sink = RefCell::new(Vec::new());
        let ref_sink = RefCell::new(Vec::new());
        let borrowed_sink = RefCell::new(Vec::new());
        // The borrowed structs read the very same state from both formats.
        assert!(godot_bin::from_slice::<data::GameStateRef>(&gb).unwrap().same_as(&state));
        assert!(postcard::from_bytes::<data::GameStateRef>(&pc).unwrap().same_as(&state));
        let mut cases = vec![
            case("godot_bin typed encode", || {
                black_box(godot_bin::to_vec(black_box(&state)).unwrap());
            }),
            case("godot_bin typed decode", || {
                black_box(godot_bin::from_slice::<data::GameState>(black_box(&gb)).unwrap());
            }),
            case("godot_bin Variant encode", || {
                black_box(black_box(&var).encode(&cfg).unwrap());
            }),
            case("godot_bin Variant decode", || {
                black_box(Variant::decode(black_box(&gb), &cfg).unwrap());
            }),
            case_keep("godot_bin typed decode, drop untimed", &typed_sink, || {
                godot_bin::from_slice::<data::GameState>(black_box(&gb)).unwrap()
            }),
            case_keep("godot_bin Variant decode, drop untimed", &var_sink, || {
                Variant::decode(black_box(&gb), &cfg).unwrap()
            }),
            case("godot_bin VariantRef decode", || {
                black_box(godot_bin::VariantRef::decode(black_box(&gb), &cfg).unwrap());
            }),
            case_keep("godot_bin VariantRef decode, drop untimed", &ref_sink, || {
                godot_bin::VariantRef::decode(black_box(&gb), &cfg).unwrap()
            }),
            case_keep("godot_bin typed decode, &str fields, drop untimed", &borrowed_sink, || {
                godot_bin::from_slice::<data::GameStateRef>(black_box(&gb)).unwrap()
            }),
            case("godot_bin typed decode, &str fields", || {
                black_box(godot_bin::from_slice::<data::GameStateRef>(black_box(&gb)).unwrap());
            }),
            case("postcard decode, &str fields", || {
                black_box(postcard::from_bytes::<data::GameStateRef>(black_box(&pc)).unwrap());
            }),
            case("postcard encode", || {
                black_box(postcard::to_allocvec(black_box(&state)).unwrap());
            }),
            case("postcard decode", || {
                black_box(postcard::from_bytes::<data::GameState>(black_box(&pc)).unwrap());
            }),
            case("rmp-serde encode", || {
                black_box(rmp_serde::to_vec(black_box(&state)).unwrap());
            }),
            case("rmp-serde decode", || {
                black_box(rmp_serde::from_slice::<data::GameState>(black_box(&mp)).unwrap());
            }),
            case("serde_json encode", || {
                black_box(serde_json::to_vec(black_box(&state)).unwrap());
            }),
            case("serde_json decode", || {
                black_box(serde_json::from_slice::<data::GameState>(black_box(&js)).unwrap());
            }),
            case("memcpy (same bytes, into a buffer)", || {
                dst.copy_from_slice(black_box(&gb));
                black_box(&mut dst);
            }),
            case("memcpy (same bytes, to_vec)", || {
                black_box(black_box(&gb[..]).to_vec());
            }),
        ];
        run(&mut cases, rounds);
        println!(
            "\n# payload sizes: godot_bin {} B, postcard {} B, rmp-serde {} B, serde_json {} B",
            gb.len(),
            pc.len(),
            mp.len(),
            js.len()
        );
        let meds = report(&format!("game state, {entities} entities"), gb.len(), &cases, &[]);
        let t = |n: &str| meds.iter().find(|(m, _)| m == n).unwrap().1;
        println!(
            "\nours ÷ postcard (same structs):  encode {:.2}  decode {:.2}",
            t("godot_bin typed encode") / t("postcard encode"),
            t("godot_bin typed decode") / t("postcard decode")
        );
        println!(
            "ours ÷ postcard (&str fields):  decode {:.2}",
            t("godot_bin typed decode, &str fields") / t("postcard decode, &str fields")
        );
        println!(
            "ours ÷ memcpy to_vec (same bytes): encode {:.1}  decode {:.1}",
            t("godot_bin typed encode") / t("memcpy (same bytes, to_vec)"),
            t("godot_bin typed decode") / t("memcpy (same bytes, to_vec)")
        );
        println!(
            "tsv\tpeers\t{:.3}\t{:.3}\t{:.2}\t{:.2}",
            t("godot_bin typed encode") / t("postcard encode"),
            t("godot_bin typed decode") / t("postcard decode"),
            t("godot_bin typed encode") / t("memcpy (same bytes, to_vec)"),
            t("godot_bin typed decode") / t("memcpy (same bytes, to_vec)")
        );
        game_meds = meds;
    }
    if let Some(p) = &engine {
        let text = std::fs::read_to_string(p).expect("--engine FILE");
        let get = |k: &str| {
            text.lines()
                .find_map(|l| {
                    l.strip_prefix(k).and_then(|r| r.strip_prefix(' ')).and_then(|v| v.trim().parse::<f64>().ok())
                })
                .unwrap_or_else(|| panic!("{p}: no `{k}` line"))
        };
        let (ee, ed) = (get("encode_us_median") * 1e-6, get("decode_us_median") * 1e-6);
        let t = |n: &str| game_meds.iter().find(|(m, _)| m == n).expect("run the game group with --engine").1;
        println!("\n## against Godot 4.6's var_to_bytes / bytes_to_var on the same state (engine: median of its runs)");
        println!("(decodes: the result dropped off the clock on both sides, as speed.gd does)");
        println!("{:<28} {:>11} {:>11} {:>14}", "", "engine", "ours", "engine ÷ ours");
        for (label, eng, ours, target) in [
            ("encode, typed serde", ee, t("godot_bin typed encode"), 10.0),
            ("decode, typed serde", ed, t("godot_bin typed decode, drop untimed"), 10.0),
            ("decode, typed, &str fields", ed, t("godot_bin typed decode, &str fields, drop untimed"), 10.0),
            ("encode, Variant", ee, t("godot_bin Variant encode"), 0.0),
            ("decode, Variant", ed, t("godot_bin Variant decode, drop untimed"), 3.0),
            ("decode, VariantRef (borrows)", ed, t("godot_bin VariantRef decode, drop untimed"), 0.0),
        ] {
            let r = eng / ours;
            let verdict = if target == 0.0 {
                "(no target)".to_string()
            } else if r >= target {
                format!("target ≥{target}×: met")
            } else {
                format!("target ≥{target}×: NOT met")
            };
            println!("{label:<28} {} {} {r:>13.1}×  {verdict}", fmt_time(eng), fmt_time(ours));
            // For scripts (scripts/engine-speed.sh): label, engine ms, ours ms, ratio, target.
            println!("tsv\tengine\t{label}\t{:.3}\t{:.3}\t{r:.2}\t{target}", eng * 1e3, ours * 1e3);
        }
    }

    if want("packed") {
        let fl = data::Floats { v: data::floats(data::FLOATS) };
        let flm = data::floats_marker(data::FLOATS);
        let fb = godot_bin::to_vec(&fl).unwrap();
        let fbm = godot_bin::to_vec(&flm).unwrap();
        let fpc = postcard::to_allocvec(&fl).unwrap();
        let mut dst = vec![0u8; fbm.len()];
        let raw = fbm.clone();
        let mut cases = vec![
            case("adapter Vec<f32> encode", || {
                black_box(godot_bin::to_vec(black_box(&fl)).unwrap());
            }),
            case("adapter Vec<f32> decode", || {
                black_box(godot_bin::from_slice::<data::Floats>(black_box(&fb)).unwrap());
            }),
            case("PackedFloat32Array encode", || {
                black_box(godot_bin::to_vec(black_box(&flm)).unwrap());
            }),
            case("PackedFloat32Array decode", || {
                black_box(godot_bin::from_slice::<godot_bin::PackedFloat32Array>(black_box(&fbm)).unwrap());
            }),
            case("postcard Vec<f32> encode", || {
                black_box(postcard::to_allocvec(black_box(&fl)).unwrap());
            }),
            case("postcard Vec<f32> decode", || {
                black_box(postcard::from_bytes::<data::Floats>(black_box(&fpc)).unwrap());
            }),
            memcpy_case("memcpy", &raw, &mut dst),
            case("memcpy to_vec", || {
                black_box(black_box(&raw[..]).to_vec());
            }),
        ];
        run(&mut cases, rounds);
        report(
            &format!("PackedFloat32Array, {} floats", data::FLOATS),
            fbm.len(),
            &cases,
            &["memcpy", "memcpy to_vec"],
        );

        let pt = data::Points { v: data::points(data::POINTS) };
        let ptm = data::points_marker(data::POINTS);
        let pb = godot_bin::to_vec(&pt).unwrap();
        let pbm = godot_bin::to_vec(&ptm).unwrap();
        let ppc = postcard::to_allocvec(&pt).unwrap();
        let mut dst = vec![0u8; pbm.len()];
        let raw = pbm.clone();
        let mut cases = vec![
            case("adapter Vec<[f32;3]> encode", || {
                black_box(godot_bin::to_vec(black_box(&pt)).unwrap());
            }),
            case("adapter Vec<[f32;3]> decode", || {
                black_box(godot_bin::from_slice::<data::Points>(black_box(&pb)).unwrap());
            }),
            case("PackedVector3Array encode", || {
                black_box(godot_bin::to_vec(black_box(&ptm)).unwrap());
            }),
            case("PackedVector3Array decode", || {
                black_box(godot_bin::from_slice::<godot_bin::PackedVector3Array>(black_box(&pbm)).unwrap());
            }),
            case("postcard Vec<[f32;3]> encode", || {
                black_box(postcard::to_allocvec(black_box(&pt)).unwrap());
            }),
            case("postcard Vec<[f32;3]> decode", || {
                black_box(postcard::from_bytes::<data::Points>(black_box(&ppc)).unwrap());
            }),
            memcpy_case("memcpy", &raw, &mut dst),
            case("memcpy to_vec", || {
                black_box(black_box(&raw[..]).to_vec());
            }),
        ];
        run(&mut cases, rounds);
        report(
            &format!("PackedVector3Array, {} Vector3", data::POINTS),
            pbm.len(),
            &cases,
            &["memcpy", "memcpy to_vec"],
        );
    }

    if want("logs") {
        let logs = data::logs(20_000);
        let lb = godot_bin::to_vec(&logs).unwrap();
        let lpc = postcard::to_allocvec(&logs).unwrap();
        let lmp = rmp_serde::to_vec(&logs).unwrap();
        let ljs = serde_json::to_vec(&logs).unwrap();
        let mut dst = vec![0u8; lb.len()];
        let raw = lb.clone();
        let mut cases = vec![
            case("godot_bin encode", || {
                black_box(godot_bin::to_vec(black_box(&logs)).unwrap());
            }),
            case("godot_bin decode", || {
                black_box(godot_bin::from_slice::<Vec<data::LogLine>>(black_box(&lb)).unwrap());
            }),
            case("postcard encode", || {
                black_box(postcard::to_allocvec(black_box(&logs)).unwrap());
            }),
            case("postcard decode", || {
                black_box(postcard::from_bytes::<Vec<data::LogLine>>(black_box(&lpc)).unwrap());
            }),
            case("rmp-serde encode", || {
                black_box(rmp_serde::to_vec(black_box(&logs)).unwrap());
            }),
            case("rmp-serde decode", || {
                black_box(rmp_serde::from_slice::<Vec<data::LogLine>>(black_box(&lmp)).unwrap());
            }),
            case("serde_json encode", || {
                black_box(serde_json::to_vec(black_box(&logs)).unwrap());
            }),
            case("serde_json decode", || {
                black_box(serde_json::from_slice::<Vec<data::LogLine>>(black_box(&ljs)).unwrap());
            }),
            memcpy_case("memcpy", &raw, &mut dst),
        ];
        run(&mut cases, rounds);
        report("string-heavy logs, 20,000 lines", lb.len(), &cases, &["memcpy"]);
    }
}
