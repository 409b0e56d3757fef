//! Speed ratios measured in one run: `cargo bench --bench ratios [-- OPTIONS]`.
//!
//! Absolute times on a small shared machine drift from run to run; ratios taken in the same run do not
//! drift much. Every case of a group is run in turn, round after round (interleaved, so drift hits all of them
//! alike), and each case's median time per operation is reported with its ratio to the group's reference
//! (postcard on the same structs, or a memcpy of the same byte count), and its best (the fastest round).
//!
//! Options: `--rounds N` (default 15), `--only GROUP` (game, variant, packed, logs, small; repeatable),
//! `--engine FILE` (the output of `tests/gd/speed.gd`: adds Godot 4.6's medians and bests and our ratios to them; used
//! by scripts/engine-speed.sh), `--engine-bytes FILE` (the engine's `var_to_bytes` of the same state: checked
//! byte for byte against ours), `--entities N` (default 10,000).
//!
//! The `small` group times one small message per call (a 72-byte `Move`, a ~200-byte player state), the same
//! messages in a tight loop (200,000 in one timed call, no closure call or clock per message), and a
//! stream of 1,000 `put_var` frames in one buffer, read and written frame by frame; with `--features tokio`
//! the stream is also read and written through `VarCodec` on a `BytesMut`. Postcard's side of the stream
//! is the same messages behind a u32 length prefix. It runs before the other groups: once they have freed
//! their megabytes, glibc makes postcard's small growing allocations several times slower. Beside ours, two
//! floors for `Move`: a hand-written reader and writer without serde, and the serde floor
//! (benches/common/serde_floor.rs), a minimal serde Deserializer and Serializer for exactly `Msg`'s bytes,
//! driven by the same derived code as ours: the least any serde format for these bytes can cost.

#[path = "common/mod.rs"]
mod data;
#[path = "common/serde_floor.rs"]
mod serde_floor;

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
    /// Operations per call of `f` (a tight loop's messages): samples are per operation.
    ops: u32,
    samples: Vec<f64>,
}

fn case<'a>(name: &str, f: impl FnMut() + 'a) -> Case<'a> {
    Case { name: name.to_string(), f: Box::new(f), after: None, iters: 1, ops: 1, samples: Vec::new() }
}

/// A tight loop of `ops` operations in one call of `f`, timed once per round (no calibration, no closure call
/// or clock per operation): its samples are per operation.
fn case_loop<'a>(name: &str, ops: u32, f: impl FnMut() + 'a) -> Case<'a> {
    Case { ops, ..case(name, f) }
}

/// A decode whose results are kept and dropped after the sample, off the clock, as GDScript's `bytes_to_var`
/// timing in tests/gd/speed.gd does.
fn case_keep<'a, T: 'a>(name: &str, sink: &'a RefCell<Vec<T>>, mut f: impl FnMut() -> T + 'a) -> Case<'a> {
    let mut c = case(name, move || sink.borrow_mut().push(f()));
    c.after = Some(Box::new(move || sink.borrow_mut().clear()));
    c
}

/// A tight loop of [`TIGHT_MSGS`] calls of `f` as one case, written as a user's loop would be
/// (`(0..n).map(|_| f()).filter(ok).count()`), every result checked by `ok` so that none is left unused.
fn tight<'a, T>(name: &str, mut f: impl FnMut() -> T + 'a, ok: impl Fn(&T) -> bool + 'a) -> Case<'a> {
    let n = TIGHT_MSGS as usize;
    case_loop(name, TIGHT_MSGS, move || {
        let k = (0..n).map(|_| f()).filter(|v| ok(v)).count();
        assert_eq!(k, n);
    })
}

/// The smallest sample: the best of the rounds.
fn best(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
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
    // Calibrate: enough calls per sample for about 20 ms, after one warm-up call (a tight loop: one call).
    for c in cases.iter_mut() {
        (c.f)();
        if c.ops > 1 {
            continue;
        }
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
            c.samples.push(t.elapsed().as_secs_f64() / c.iters as f64 / c.ops as f64);
            if let Some(after) = c.after.as_mut() {
                after();
            }
        }
    }
}

fn fmt_time(s: f64) -> String {
    if s >= 1e-3 {
        format!("{:8.2} ms", s * 1e3)
    } else if s >= 1e-6 {
        format!("{:8.1} µs", s * 1e6)
    } else {
        format!("{:8.1} ns", s * 1e9)
    }
}

/// Each case's best sample (see [`best`]), by name.
fn bests(cases: &[Case]) -> Vec<(String, f64)> {
    cases.iter().map(|c| (c.name.clone(), best(&c.samples))).collect()
}

/// Prints the group's medians and bests, and ratios `case / reference` of the medians (below 1: faster than
/// the reference).
fn report(title: &str, bytes: usize, cases: &[Case], refs: &[&str]) -> Vec<(String, f64)> {
    println!("\n## {title} ({bytes} bytes in the Godot format)");
    let meds: Vec<(String, f64)> = cases.iter().map(|c| (c.name.clone(), median(&c.samples))).collect();
    let find = |n: &str| meds.iter().find(|(m, _)| m == n).map(|(_, t)| *t);
    print!("{:<40} {:>11} {:>11} {:>10}", "case", "median", "best", "MB/s");
    for r in refs {
        print!(" {:>16}", format!("÷ {r}"));
    }
    println!();
    for ((name, t), c) in meds.iter().zip(cases) {
        print!("{:<40} {} {} {:>10.0}", name, fmt_time(*t), fmt_time(best(&c.samples)), bytes as f64 / t / 1e6);
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
        "# godot_bin speed ratios: {rounds} interleaved rounds, medians and bests (the fastest round); ratios of medians unless said; ratio < 1 means faster than the reference"
    );

    // The small messages first: after the game group has freed its megabytes, glibc's heap makes the small
    // growing allocations of `postcard::to_allocvec` several times slower, which would flatter our ratios.
    if want("small") {
        small_messages(rounds, &cfg);
    }

    let state = data::game_state(entities);
    let gb = godot_bin::to_vec(&state).unwrap();
    if let Some(p) = &engine_bytes {
        let eb = std::fs::read(p).expect("--engine-bytes FILE");
        assert!(eb == gb, "our bytes ({}) differ from the engine's ({})", gb.len(), eb.len());
        println!("# same bytes as Godot 4.6's var_to_bytes: {} bytes, identical", gb.len());
    }
    let mut game_meds = Vec::new();
    let mut game_bests = Vec::new();
    if want("game") || want("variant") {
        let pc = postcard::to_allocvec(&state).unwrap();
        let mp = rmp_serde::to_vec(&state).unwrap();
        let js = serde_json::to_vec(&state).unwrap();
        let var = Variant::decode(&gb, &cfg).unwrap();
        let mut dst = vec![0u8; gb.len()];
        let typed_sink = RefCell::new(Vec::new());
        let pc_sink = RefCell::new(Vec::new());
        let var_sink = RefCell::new(Vec::new());
        let clone_sink = RefCell::new(Vec::new());
        let ref_sink = RefCell::new(Vec::new());
        let borrowed_sink = RefCell::new(Vec::new());
        // The hand-written floor reads and writes exactly these bytes.
        assert!(floor_decode_state(&gb).unwrap() == state);
        let mut floor_bytes = Vec::new();
        floor_encode_state(&state, &mut floor_bytes);
        assert!(floor_bytes == gb, "the floor encoder's bytes differ from ours");
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
            // A reference for `Variant` decode: the same tree cloned (every allocation and copy the result
            // owns, no parsing, no checks), what any decoder into `Variant` also has to do.
            case("Variant clone (same allocations, no parsing)", || {
                black_box(black_box(&var).clone());
            }),
            case_keep("Variant clone, drop untimed", &clone_sink, || black_box(&var).clone()),
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
            // The floor: the same bytes read and written by hand for this one shape, without serde.
            case("floor: hand-written typed decode", || {
                black_box(floor_decode_state(black_box(&gb)).unwrap());
            }),
            case("floor: hand-written typed encode", || {
                let mut out = Vec::new();
                floor_encode_state(black_box(&state), &mut out);
                black_box(out);
            }),
            case("postcard decode", || {
                black_box(postcard::from_bytes::<data::GameState>(black_box(&pc)).unwrap());
            }),
            case_keep("postcard decode, drop untimed", &pc_sink, || {
                postcard::from_bytes::<data::GameState>(black_box(&pc)).unwrap()
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
            "floor ÷ postcard (same structs, hand-written for this shape):  encode {:.2}  decode {:.2}",
            t("floor: hand-written typed encode") / t("postcard encode"),
            t("floor: hand-written typed decode") / t("postcard decode")
        );
        println!(
            "Variant decode ÷ a clone of the same tree:  freed inside {:.2}  freed after {:.2}",
            t("godot_bin Variant decode") / t("Variant clone (same allocations, no parsing)"),
            t("godot_bin Variant decode, drop untimed") / t("Variant clone, drop untimed")
        );
        println!(
            "ours ÷ postcard (same structs, results dropped off the clock):  decode {:.2}",
            t("godot_bin typed decode, drop untimed") / t("postcard decode, drop untimed")
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
        game_bests = bests(&cases);
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
        // The engine's decode with the freeing of its result inside the clock, as our plain decode cases.
        let edf = get("decode_free_us_median") * 1e-6;
        // The best of the engine's runs, against the best of our rounds.
        let (be, bd, bdf) =
            (get("encode_us_best") * 1e-6, get("decode_us_best") * 1e-6, get("decode_free_us_best") * 1e-6);
        let t = |n: &str| game_meds.iter().find(|(m, _)| m == n).expect("run the game group with --engine").1;
        let b = |n: &str| game_bests.iter().find(|(m, _)| m == n).expect("run the game group with --engine").1;
        println!("\n## against Godot 4.6's var_to_bytes / bytes_to_var on the same state");
        println!("(decodes: the result freed off the clock on both sides, or inside it on both sides;");
        println!(" medians: of the engine's runs and of our rounds; best: the fastest of each, on both sides)");
        println!(
            "{:<28} {:>11} {:>11} {:>14}   {:>11} {:>11} {:>14}",
            "", "engine med", "ours med", "engine ÷ ours", "engine best", "ours best", "engine ÷ ours"
        );
        for (label, eng, engb, ours, target) in [
            ("encode, typed serde", ee, be, "godot_bin typed encode", 20.0),
            ("decode, typed serde", ed, bd, "godot_bin typed decode, drop untimed", 20.0),
            ("decode, typed, freed inside", edf, bdf, "godot_bin typed decode", 20.0),
            ("decode, typed, &str fields", ed, bd, "godot_bin typed decode, &str fields, drop untimed", 0.0),
            ("encode, Variant", ee, be, "godot_bin Variant encode", 0.0),
            ("decode, Variant", ed, bd, "godot_bin Variant decode, drop untimed", 4.0),
            ("decode, Variant, freed inside", edf, bdf, "godot_bin Variant decode", 4.0),
            ("decode, VariantRef (borrows)", ed, bd, "godot_bin VariantRef decode, drop untimed", 0.0),
            ("Variant clone (reference)", ed, bd, "Variant clone, drop untimed", 0.0),
            ("Variant clone, freed inside", edf, bdf, "Variant clone (same allocations, no parsing)", 0.0),
        ] {
            let (ours, oursb) = (t(ours), b(ours));
            let (r, rb) = (eng / ours, engb / oursb);
            let met = |r: f64| if r >= target { "met" } else { "NOT met" };
            let verdict = if target == 0.0 {
                "(no target)".to_string()
            } else {
                format!("target ≥{target}×: median {}, best {}", met(r), met(rb))
            };
            println!(
                "{label:<28} {} {} {r:>13.1}×   {} {} {rb:>13.1}×  {verdict}",
                fmt_time(eng),
                fmt_time(ours),
                fmt_time(engb),
                fmt_time(oursb)
            );
            // For scripts (scripts/engine-speed.sh): label, engine ms, ours ms, ratio, target (medians), then
            // the same three for the best runs.
            println!(
                "tsv\tengine\t{label}\t{:.3}\t{:.3}\t{r:.2}\t{target}\t{:.3}\t{:.3}\t{rb:.2}",
                eng * 1e3,
                ours * 1e3,
                engb * 1e3,
                oursb * 1e3
            );
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
                black_box(godot_bin::from_slice::<godot_bin::packed::PackedFloat32Array>(black_box(&fbm)).unwrap());
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
        assert!(floor_encode_vector3s(&ptm) == pbm, "the PackedVector3Array floor writes other bytes");
        assert!(floor_decode_vector3s(&pbm).as_ref() == Some(&ptm), "the PackedVector3Array floor reads otherwise");
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
                black_box(godot_bin::from_slice::<godot_bin::packed::PackedVector3Array>(black_box(&pbm)).unwrap());
            }),
            // Its own reference: the same bytes read and written by hand, straightforwardly, into and
            // from f64 `Vector3`s, NaNs kept bit for bit: 24 bytes of memory per 12 on the wire.
            case("hand-written PackedVector3Array decode", || {
                black_box(floor_decode_vector3s(black_box(&pbm)).unwrap());
            }),
            case("hand-written PackedVector3Array encode", || {
                black_box(floor_encode_vector3s(black_box(&ptm)));
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
        let meds = report(
            &format!("PackedVector3Array, {} Vector3", data::POINTS),
            pbm.len(),
            &cases,
            &["memcpy", "memcpy to_vec"],
        );
        let t = |n: &str| meds.iter().find(|(m, _)| m == n).unwrap().1;
        let (e, d) = (
            t("PackedVector3Array encode") / t("hand-written PackedVector3Array encode"),
            t("PackedVector3Array decode") / t("hand-written PackedVector3Array decode"),
        );
        println!(
            "PackedVector3Array (f64 Vector3s) ÷ the hand-written reader and writer:  encode {e:.2}  decode {d:.2}"
        );
        println!("tsv\tpacked\tPackedVector3Array÷hand-written\t{e:.3}\t{d:.3}");
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

/// Frames `msgs` as `put_var` does (u32 little-endian length, then the value).
fn godot_stream<T: serde::Serialize>(msgs: &[T], cfg: &Config) -> Vec<u8> {
    let mut out = Vec::new();
    for m in msgs {
        out.extend(godot_bin::framing::put_var(m, cfg, godot_bin::framing::Endian::Little).unwrap());
    }
    out
}

/// The same messages in postcard behind a u32 little-endian length prefix.
fn postcard_stream<T: serde::Serialize>(msgs: &[T]) -> Vec<u8> {
    let mut out = Vec::new();
    for m in msgs {
        postcard_frame(m, &mut out);
    }
    out
}

fn postcard_frame<T: serde::Serialize>(m: &T, out: &mut Vec<u8>) {
    let at = out.len();
    out.extend_from_slice(&[0; 4]);
    let mut out2 = postcard::to_extend(m, std::mem::take(out)).unwrap();
    let n = (out2.len() - at - 4) as u32;
    out2[at..at + 4].copy_from_slice(&n.to_le_bytes());
    *out = out2;
}

/// Reads u32-prefixed frames one by one, calling `f` on each payload; returns the count.
fn each_frame(mut b: &[u8], mut f: impl FnMut(&[u8])) -> usize {
    let mut n = 0;
    while b.len() >= 4 {
        let len = u32::from_le_bytes(b[..4].try_into().unwrap()) as usize;
        f(&b[4..4 + len]);
        b = &b[4 + len..];
        n += 1;
    }
    n
}

const STREAM_MSGS: usize = 1_000;

/// Messages per call of a tight-loop case.
const TIGHT_MSGS: u32 = 200_000;

/// Decodes every frame of a copy of `buf` (copied in, as a socket's bytes arrive) with `codec`, handing each
/// item to `each`; the number of frames.
#[cfg(feature = "tokio")]
fn drain<D: tokio_util::codec::Decoder>(codec: &mut D, buf: &bytes::BytesMut, mut each: impl FnMut(D::Item)) -> usize
where
    D::Error: std::fmt::Debug,
{
    let mut src = buf.clone();
    let mut n = 0;
    while let Some(m) = codec.decode(&mut src).unwrap() {
        each(m);
        n += 1;
    }
    n
}

/// postcard frames (a u32 little-endian length, then the value) as a tokio Decoder that works as
/// `VarCodec` does: the value decoded from the buffer in place, then the frame consumed.
#[cfg(feature = "tokio")]
struct PostcardInPlace;

#[cfg(feature = "tokio")]
impl tokio_util::codec::Decoder for PostcardInPlace {
    type Item = data::Msg;
    type Error = std::io::Error;
    fn decode(&mut self, src: &mut bytes::BytesMut) -> std::io::Result<Option<data::Msg>> {
        let Some(&len) = src.first_chunk::<4>() else { return Ok(None) };
        let len = u32::from_le_bytes(len) as usize;
        if src.len() - 4 < len {
            return Ok(None);
        }
        let v = postcard::from_bytes(&src[4..4 + len]);
        bytes::Buf::advance(src, 4 + len);
        v.map(Some).map_err(std::io::Error::other)
    }
}

fn small_messages(rounds: usize, cfg: &Config) {
    let mv = data::move_msg(7);
    let ps = data::player_state(42);
    let (mvb, psb) = (godot_bin::to_vec_with(&mv, cfg).unwrap(), godot_bin::to_vec_with(&ps, cfg).unwrap());
    let (mvp, psp) = (postcard::to_allocvec(&mv).unwrap(), postcard::to_allocvec(&ps).unwrap());
    assert_eq!(godot_bin::from_slice_with::<data::Msg>(&mvb, cfg).unwrap(), mv);
    // The hand-written floor reads and writes exactly these bytes.
    assert_eq!(floor_decode_move(&mvb), Some(mv.clone()));
    assert_eq!(floor_encode_move(&mv), mvb);
    // So does the serde floor (a minimal Deserializer and Serializer driven by `Msg`'s derived code), for
    // every variant of `Msg`, and it refuses what a correct reader must refuse.
    serde_floor_checks(cfg);
    assert_eq!(godot_bin::from_slice_with::<data::PlayerState>(&psb, cfg).unwrap(), ps);
    let mut cases = vec![
        case("godot_bin Move encode", || {
            black_box(godot_bin::to_vec_with(black_box(&mv), cfg).unwrap());
        }),
        case("godot_bin Move decode", || {
            black_box(godot_bin::from_slice_with::<data::Msg>(black_box(&mvb), cfg).unwrap());
        }),
        case("postcard Move encode", || {
            black_box(postcard::to_allocvec(black_box(&mv)).unwrap());
        }),
        case("postcard Move decode", || {
            black_box(postcard::from_bytes::<data::Msg>(black_box(&mvp)).unwrap());
        }),
        // The floor: what any reader of these bytes must do (every header, count and key checked, the
        // payload read), written by hand for this one message, without serde.
        case("floor: hand-written Move decode", || {
            black_box(floor_decode_move(black_box(&mvb)).unwrap());
        }),
        case("floor: hand-written Move encode", || {
            black_box(floor_encode_move(black_box(&mv)));
        }),
        // The serde floor: the least a serde Deserializer/Serializer for these bytes costs, through the same
        // derived `Msg` code (benches/common/serde_floor.rs).
        case("serde floor: minimal Deserializer Move decode", || {
            black_box(serde_floor::from_slice::<data::Msg>(black_box(&mvb)).unwrap());
        }),
        case("serde floor: minimal Serializer Move encode", || {
            black_box(serde_floor::to_vec(black_box(&mv)).unwrap());
        }),
        case("godot_bin PlayerState encode", || {
            black_box(godot_bin::to_vec_with(black_box(&ps), cfg).unwrap());
        }),
        case("godot_bin PlayerState decode", || {
            black_box(godot_bin::from_slice_with::<data::PlayerState>(black_box(&psb), cfg).unwrap());
        }),
        case("postcard PlayerState encode", || {
            black_box(postcard::to_allocvec(black_box(&ps)).unwrap());
        }),
        case("postcard PlayerState decode", || {
            black_box(postcard::from_bytes::<data::PlayerState>(black_box(&psp)).unwrap());
        }),
    ];
    run(&mut cases, rounds);
    println!(
        "\n# message sizes: Move {} B (postcard {} B), PlayerState {} B (postcard {} B)",
        mvb.len(),
        mvp.len(),
        psb.len(),
        psp.len()
    );
    let meds = report("small messages, one per call", mvb.len(), &cases, &[]);
    let t = |n: &str| meds.iter().find(|(m, _)| m == n).unwrap().1;
    println!(
        "floor ÷ postcard, Move per call:  encode {:.2}  decode {:.2}",
        t("floor: hand-written Move encode") / t("postcard Move encode"),
        t("floor: hand-written Move decode") / t("postcard Move decode")
    );
    let (e, d) = (
        t("serde floor: minimal Serializer Move encode") / t("postcard Move encode"),
        t("serde floor: minimal Deserializer Move decode") / t("postcard Move decode"),
    );
    println!("serde floor ÷ postcard, Move per call:  encode {e:.2}  decode {d:.2}");
    println!("tsv\tsmall\tserde floor Move\t{e:.3}\t{d:.3}");
    for m in ["Move", "PlayerState"] {
        let (e, d) = (
            t(&format!("godot_bin {m} encode")) / t(&format!("postcard {m} encode")),
            t(&format!("godot_bin {m} decode")) / t(&format!("postcard {m} decode")),
        );
        println!("ours ÷ postcard, {m} per call:  encode {e:.2}  decode {d:.2}");
        println!("tsv\tsmall\t{m}\t{e:.3}\t{d:.3}");
    }

    // The same messages in a tight loop: TIGHT_MSGS decodes (or encodes) in one timed call, with no closure
    // call or clock per message, so that a few-nanosecond postcard decode carries no harness cost and the fixed
    // cost per call of ours shows whole. Per message; the best of the rounds beside the median.
    let is_move = |m: &data::Msg| matches!(m, data::Msg::Move { .. });
    let is_42 = |p: &data::PlayerState| p.id == 42;
    let written = |b: &Vec<u8>| !b.is_empty();
    let mut cases = vec![
        tight("godot_bin Move encode", || godot_bin::to_vec_with(black_box(&mv), cfg).unwrap(), written),
        tight(
            "godot_bin Move decode",
            || godot_bin::from_slice_with::<data::Msg>(black_box(&mvb), cfg).unwrap(),
            is_move,
        ),
        tight("postcard Move encode", || postcard::to_allocvec(black_box(&mv)).unwrap(), written),
        tight("postcard Move decode", || postcard::from_bytes::<data::Msg>(black_box(&mvp)).unwrap(), is_move),
        tight(
            "serde floor: minimal Deserializer Move decode",
            || serde_floor::from_slice::<data::Msg>(black_box(&mvb)).unwrap(),
            is_move,
        ),
        tight("godot_bin PlayerState encode", || godot_bin::to_vec_with(black_box(&ps), cfg).unwrap(), written),
        tight(
            "godot_bin PlayerState decode",
            || godot_bin::from_slice_with::<data::PlayerState>(black_box(&psb), cfg).unwrap(),
            is_42,
        ),
        tight("postcard PlayerState encode", || postcard::to_allocvec(black_box(&ps)).unwrap(), written),
        tight(
            "postcard PlayerState decode",
            || postcard::from_bytes::<data::PlayerState>(black_box(&psp)).unwrap(),
            is_42,
        ),
    ];
    run(&mut cases, rounds);
    let meds = report(&format!("small messages, a tight loop of {TIGHT_MSGS}, per message"), mvb.len(), &cases, &[]);
    let bst = bests(&cases);
    let t = |n: &str| meds.iter().find(|(m, _)| m == n).unwrap().1;
    let b = |n: &str| bst.iter().find(|(m, _)| m == n).unwrap().1;
    let d = t("serde floor: minimal Deserializer Move decode") / t("postcard Move decode");
    let db = b("serde floor: minimal Deserializer Move decode") / b("postcard Move decode");
    println!("serde floor ÷ postcard, Move tight loop:  decode {d:.2} (best of rounds {db:.2})");
    for m in ["Move", "PlayerState"] {
        let (e, d) = (
            t(&format!("godot_bin {m} encode")) / t(&format!("postcard {m} encode")),
            t(&format!("godot_bin {m} decode")) / t(&format!("postcard {m} decode")),
        );
        let (eb, db) = (
            b(&format!("godot_bin {m} encode")) / b(&format!("postcard {m} encode")),
            b(&format!("godot_bin {m} decode")) / b(&format!("postcard {m} decode")),
        );
        println!("ours ÷ postcard, {m} tight loop:  encode {e:.2}  decode {d:.2}  (best of rounds: encode {eb:.2}  decode {db:.2})");
        println!("tsv\ttight\t{m}\t{e:.3}\t{d:.3}\t{eb:.3}\t{db:.3}");
    }

    // A stream of many frames in one buffer, as a server reads a socket: messages per second per core.
    let msgs: Vec<data::Msg> = (0..STREAM_MSGS as u32).map(data::move_msg).collect();
    let gs = godot_stream(&msgs, cfg);
    let pcs = postcard_stream(&msgs);
    let mut gout: Vec<u8> = Vec::with_capacity(gs.len());
    let mut pout: Vec<u8> = Vec::with_capacity(pcs.len());
    let mut sout: Vec<u8> = Vec::with_capacity(gs.len());
    {
        let mut check = Vec::new();
        msgs.iter().for_each(|m| serde_floor::frame_into(m, &mut check).unwrap());
        assert!(check == gs, "the serde floor's frames differ from put_var's");
        let mut read = Vec::new();
        each_frame(&gs, |f| read.push(serde_floor::from_slice::<data::Msg>(f).unwrap()));
        assert!(read == msgs, "the serde floor reads the frames otherwise");
        check.clear();
        msgs.iter().for_each(|m| floor_frame_move(m, &mut check));
        assert!(check == gs, "the hand-written floor's frames differ from put_var's");
    }
    let mut hout: Vec<u8> = Vec::with_capacity(gs.len());
    let mut cases = vec![
        case("godot_bin stream decode (decode_packet)", || {
            let n = each_frame(black_box(&gs), |f| {
                black_box(godot_bin::framing::decode_packet::<data::Msg>(f, cfg).unwrap());
            });
            assert_eq!(n, STREAM_MSGS);
        }),
        case("godot_bin stream encode (put_var)", || {
            gout.clear();
            for m in black_box(&msgs) {
                gout.extend(godot_bin::framing::put_var(m, cfg, godot_bin::framing::Endian::Little).unwrap());
            }
            black_box(&gout);
        }),
        case("postcard stream decode", || {
            let n = each_frame(black_box(&pcs), |f| {
                black_box(postcard::from_bytes::<data::Msg>(f).unwrap());
            });
            assert_eq!(n, STREAM_MSGS);
        }),
        case("postcard stream encode", || {
            pout.clear();
            for m in black_box(&msgs) {
                postcard_frame(m, &mut pout);
            }
            black_box(&pout);
        }),
        case("floor: hand-written stream decode", || {
            let n = each_frame(black_box(&gs), |f| {
                black_box(floor_decode_move(f).unwrap());
            });
            assert_eq!(n, STREAM_MSGS);
        }),
        case("floor: hand-written stream encode", || {
            hout.clear();
            for m in black_box(&msgs) {
                floor_frame_move(m, &mut hout);
            }
            black_box(&hout);
        }),
        case("serde floor stream decode", || {
            let n = each_frame(black_box(&gs), |f| {
                black_box(serde_floor::from_slice::<data::Msg>(f).unwrap());
            });
            assert_eq!(n, STREAM_MSGS);
        }),
        // Into the reused buffer, as the VarCodec case writes into its `BytesMut`.
        case("serde floor stream encode", || {
            sout.clear();
            for m in black_box(&msgs) {
                serde_floor::frame_into(m, &mut sout).unwrap();
            }
            black_box(&sout);
        }),
    ];
    #[cfg(feature = "tokio")]
    {
        use tokio_util::codec::Encoder;
        let gsb = bytes::BytesMut::from(&gs[..]);
        let mut codec = godot_bin::tokio_codec::VarCodec::<data::Msg>::new(cfg.clone());
        let mut dst = bytes::BytesMut::with_capacity(gs.len());
        let mut enc = godot_bin::tokio_codec::VarCodec::<data::Msg>::new(cfg.clone());
        cases.push(case("godot_bin stream decode (VarCodec, +copy in)", move || {
            assert_eq!(drain(&mut codec, &gsb, |m| drop(black_box(m))), STREAM_MSGS);
        }));
        // What a postcard user of tokio would write: tokio-util's LengthDelimitedCodec (the same u32 length,
        // little-endian; each frame split off the buffer), then postcard on the frame.
        let pcb = bytes::BytesMut::from(&pcs[..]);
        let mut ldc =
            tokio_util::codec::LengthDelimitedCodec::builder().little_endian().length_field_length(4).new_codec();
        cases.push(case("postcard stream decode (LengthDelimitedCodec, +copy in)", move || {
            let n = drain(&mut ldc, &pcb, |f| drop(black_box(postcard::from_bytes::<data::Msg>(&f).unwrap())));
            assert_eq!(n, STREAM_MSGS);
        }));
        // The least a tokio Decoder for postcard frames does, as VarCodec does it: the value decoded in place
        // from the buffer, then the frame consumed (`advance`).
        let pcb2 = bytes::BytesMut::from(&pcs[..]);
        let mut inplace = PostcardInPlace;
        cases.push(case("postcard stream decode (in-place Decoder, +copy in)", move || {
            assert_eq!(drain(&mut inplace, &pcb2, |m| drop(black_box(m))), STREAM_MSGS);
        }));
        let msgs2 = msgs.clone();
        cases.push(case("godot_bin stream encode (VarCodec)", move || {
            dst.clear();
            for m in black_box(&msgs2) {
                enc.encode(m, &mut dst).unwrap();
            }
            black_box(&dst);
        }));
    }
    #[cfg(not(feature = "tokio"))]
    println!("\n# (the VarCodec stream cases need `--features tokio`)");
    run(&mut cases, rounds);
    let meds = report(&format!("a stream of {STREAM_MSGS} Move frames, per stream"), gs.len(), &cases, &[]);
    let t = |n: &str| meds.iter().find(|(m, _)| m == n).map(|x| x.1);
    println!("\nmessages per second per core (÷ postcard with a u32 prefix):");
    for (ours, theirs) in [
        ("godot_bin stream decode (decode_packet)", "postcard stream decode"),
        ("godot_bin stream encode (put_var)", "postcard stream encode"),
        ("godot_bin stream decode (VarCodec, +copy in)", "postcard stream decode"),
        ("godot_bin stream encode (VarCodec)", "postcard stream encode"),
        ("floor: hand-written stream decode", "postcard stream decode"),
        ("floor: hand-written stream encode", "postcard stream encode"),
        ("serde floor stream decode", "postcard stream decode"),
        ("serde floor stream encode", "postcard stream encode"),
    ] {
        if let (Some(o), Some(p)) = (t(ours), t(theirs)) {
            let rate = |s: f64| STREAM_MSGS as f64 / s / 1e6;
            println!("{ours:<42} {:>7.2} M/s   postcard {:>7.2} M/s   time ÷ postcard {:.2}", rate(o), rate(p), o / p);
            println!("tsv\tstream\t{ours}\t{:.3}", o / p);
        }
    }
    // Both through a tokio Decoder on a BytesMut copied in each round: the same framing work on both sides.
    let ours = "godot_bin stream decode (VarCodec, +copy in)";
    for (theirs, tag) in [
        ("postcard stream decode (in-place Decoder, +copy in)", "in-place Decoder"),
        ("postcard stream decode (LengthDelimitedCodec, +copy in)", "LengthDelimitedCodec"),
    ] {
        if let (Some(o), Some(p)) = (t(ours), t(theirs)) {
            println!("{ours:<42} time ÷ {theirs} {:.2}", o / p);
            println!("tsv\tstream\tVarCodec÷postcard {tag}\t{:.3}", o / p);
        }
    }
}

/// The serde floor (benches/common/serde_floor.rs) against godot_bin: the same bytes both ways for every
/// variant of `Msg` (ints of both widths, a NaN's payload), and the malformed inputs it must refuse.
fn serde_floor_checks(cfg: &Config) {
    use godot_bin::markers::Vector2;
    let nan = f32::from_bits(0x7FA0_1234); // signalling, with a payload
    let msgs = [
        data::move_msg(7),
        data::Msg::Move { to: Vector2::new(godot_bin::markers::widen_exact(nan), 1e30), seq: u32::MAX },
        data::Msg::Chat { text: "héllo".to_string() },
        data::Msg::Chat { text: String::new() },
        data::Msg::Bye,
    ];
    for m in &msgs {
        let b = godot_bin::to_vec_with(m, cfg).unwrap();
        assert!(serde_floor::to_vec(m).unwrap() == b, "the serde floor writes other bytes for {m:?}");
        let back: data::Msg = serde_floor::from_slice(&b).unwrap();
        let ours: data::Msg = godot_bin::from_slice_with(&b, cfg).unwrap();
        assert!(format!("{back:?}") == format!("{ours:?}"), "the serde floor reads {m:?} otherwise");
        if let (data::Msg::Move { to: a, .. }, data::Msg::Move { to: o, .. }) = (&back, &ours) {
            assert!((a.x.to_bits(), a.y.to_bits()) == (o.x.to_bits(), o.y.to_bits()));
        }
        // Every truncation and one byte more are refused.
        for n in 0..b.len() {
            assert!(serde_floor::from_slice::<data::Msg>(&b[..n]).is_err());
        }
        let mut longer = b.clone();
        longer.push(0);
        assert!(serde_floor::from_slice::<data::Msg>(&longer).is_err());
    }
    // Move with a 64-bit int and a 64-bit Vector2 reads as godot_bin reads it.
    let mv = godot_bin::to_vec_with(&data::move_msg(7), cfg).unwrap();
    let w = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    let mut wide = mv[..40].to_vec();
    wide.extend_from_slice(&(5u32 | 1 << 16).to_le_bytes());
    wide.extend_from_slice(&12.5f64.to_le_bytes());
    wide.extend_from_slice(&(-3.25f64).to_le_bytes());
    wide.extend_from_slice(&mv[52..64]);
    wide.extend_from_slice(&(2u32 | 1 << 16).to_le_bytes());
    wide.extend_from_slice(&7i64.to_le_bytes());
    assert_eq!(godot_bin::from_slice_with::<data::Msg>(&wide, cfg).unwrap(), data::move_msg(7));
    assert_eq!(serde_floor::from_slice::<data::Msg>(&wide), Ok(data::move_msg(7)));
    // A header, count or key changed anywhere is refused: each word of the message altered in turn. The
    // floats' words are data and the int's value may change (a negative one is refused by `u32`); padding
    // bytes are not read, as the engine does not read them.
    for at in (0..mv.len()).step_by(4) {
        if matches!(at, 44 | 48 | 68) {
            continue;
        }
        let mut bad = mv.clone();
        bad[at..at + 4].copy_from_slice(&(w(&mv, at) ^ 0x0100_0001).to_le_bytes());
        assert!(serde_floor::from_slice::<data::Msg>(&bad).is_err(), "word at {at} altered, still read");
    }
    // Unknown and duplicated fields, and a missing one.
    let field = |m: &[u8], from: usize, to: usize, key: &[u8; 4]| {
        let mut b = m.to_vec();
        b[from..to].copy_from_slice(key);
        b
    };
    assert!(serde_floor::from_slice::<data::Msg>(&field(&mv, 36, 40, b"tx\0\0")).is_err());
    let mut one = mv[..52].to_vec();
    one[24..28].copy_from_slice(&1u32.to_le_bytes());
    assert!(serde_floor::from_slice::<data::Msg>(&one).is_err());
    let dup = [&mv[..52], &mv[28..52]].concat();
    assert!(godot_bin::from_slice_with::<data::Msg>(&dup, cfg).is_err());
    assert!(serde_floor::from_slice::<data::Msg>(&dup).is_err());
    // Text handed on must be UTF-8.
    let mut chat = godot_bin::to_vec_with(&data::Msg::Chat { text: "hé".to_string() }, cfg).unwrap();
    let last = chat.len() - 2;
    chat[last] = 0xFF;
    assert!(serde_floor::from_slice::<data::Msg>(&chat).is_err());
    // A frame is refused whole: the buffer is left as it was.
    let mut out = vec![1, 2, 3];
    struct Bad;
    impl serde::Serialize for Bad {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bool(true)
        }
    }
    assert!(serde_floor::frame_into(&Bad, &mut out).is_err());
    assert_eq!(out, [1, 2, 3]);
}

/// A Godot 4 `PackedVector3Array` read by hand into f64 `Vector3`s: header, count against the input, then each
/// f32 widened; a NaN keeps its payload bits (a plain `as` would quiet a signalling one), so the rare array
/// holding a NaN is widened again element by element.
fn floor_decode_vector3s(b: &[u8]) -> Option<godot_bin::packed::PackedVector3Array> {
    let word = |at: usize| Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?));
    (word(0)? == 36).then_some(())?;
    let n = word(4)? as usize;
    let payload = b.get(8..8 + n.checked_mul(12)?)?;
    (8 + payload.len() == b.len()).then_some(())?;
    let f = |c: &[u8], i: usize| f32::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3]]);
    // One pass for NaNs (an exponent of all ones), one to widen.
    let nan = payload.chunks_exact(4).fold(false, |m, w| m | (f(w, 0).to_bits() & 0x7fff_ffff > 0x7f80_0000));
    let v: Vec<godot_bin::markers::Vector3> = if nan {
        let w = godot_bin::markers::widen_exact;
        payload.chunks_exact(12).map(|c| godot_bin::markers::Vector3::new(w(f(c, 0)), w(f(c, 4)), w(f(c, 8)))).collect()
    } else {
        payload
            .chunks_exact(12)
            .map(|c| godot_bin::markers::Vector3::new(f(c, 0) as f64, f(c, 4) as f64, f(c, 8) as f64))
            .collect()
    };
    Some(v.into())
}

/// The same bytes written by hand from f64 `Vector3`s (narrowed exactly, as the engine's single-precision build
/// stores them).
fn floor_encode_vector3s(p: &godot_bin::packed::PackedVector3Array) -> Vec<u8> {
    let mut out = vec![0u8; 8 + p.len() * 12];
    out[..4].copy_from_slice(&36u32.to_le_bytes());
    out[4..8].copy_from_slice(&(p.len() as u32).to_le_bytes());
    for (d, v) in out[8..].chunks_exact_mut(12).zip(p.iter()) {
        for (d, x) in d.chunks_exact_mut(4).zip([v.x, v.y, v.z]) {
            d.copy_from_slice(&godot_bin::markers::narrow_exact(x).to_le_bytes());
        }
    }
    out
}

/// The Godot 4 bytes of `{"Move": {"to": Vector2, "seq": int}}` read by hand: the least work a reader does.
fn floor_decode_move(b: &[u8]) -> Option<data::Msg> {
    fn word(b: &[u8], at: &mut usize) -> Option<u32> {
        let w = u32::from_le_bytes(b.get(*at..*at + 4)?.try_into().ok()?);
        *at += 4;
        Some(w)
    }
    fn key(b: &[u8], at: &mut usize, name: &[u8]) -> Option<()> {
        (word(b, at)? == 4 && word(b, at)? as usize == name.len()).then_some(())?;
        let padded = name.len().div_ceil(4) * 4;
        (b.get(*at..*at + name.len())? == name).then_some(())?;
        *at += padded;
        Some(())
    }
    let mut at = 0;
    (word(b, &mut at)? == 27 && word(b, &mut at)? == 1).then_some(())?;
    key(b, &mut at, b"Move")?;
    (word(b, &mut at)? == 27 && word(b, &mut at)? == 2).then_some(())?;
    key(b, &mut at, b"to")?;
    (word(b, &mut at)? == 5).then_some(())?;
    let x = f32::from_bits(word(b, &mut at)?) as f64;
    let y = f32::from_bits(word(b, &mut at)?) as f64;
    key(b, &mut at, b"seq")?;
    (word(b, &mut at)? == 2).then_some(())?;
    let seq = word(b, &mut at)?;
    (at == b.len()).then_some(data::Msg::Move { to: godot_bin::markers::Vector2::new(x, y), seq })
}

/// The same bytes written by hand (narrow floats and a 32-bit int, as the engine writes them).
fn floor_encode_move(m: &data::Msg) -> Vec<u8> {
    let data::Msg::Move { to, seq } = m else { unreachable!() };
    let mut out = Vec::with_capacity(72);
    let mut w = |x: u32| out.extend_from_slice(&x.to_le_bytes());
    w(27);
    w(1);
    w(4);
    w(4);
    w(u32::from_le_bytes(*b"Move"));
    w(27);
    w(2);
    w(4);
    w(2);
    w(u32::from_le_bytes(*b"to\0\0"));
    w(5);
    w((to.x as f32).to_bits());
    w((to.y as f32).to_bits());
    w(4);
    w(3);
    w(u32::from_le_bytes(*b"seq\0"));
    w(2);
    w(*seq);
    out
}

/// The same `Move` appended to `out` behind its u32 byte count, as `put_var` frames it: one write of the 76
/// bytes, built by hand (the stream's floor without serde; a `seq` that fits an i32, as the benchmark's do).
fn floor_frame_move(m: &data::Msg, out: &mut Vec<u8>) {
    let data::Msg::Move { to, seq } = m else { unreachable!() };
    let words: [u32; 19] = [
        72,
        27,
        1,
        4,
        4,
        u32::from_le_bytes(*b"Move"),
        27,
        2,
        4,
        2,
        u32::from_le_bytes(*b"to\0\0"),
        5,
        godot_bin::markers::narrow_exact(to.x).to_bits(),
        godot_bin::markers::narrow_exact(to.y).to_bits(),
        4,
        3,
        u32::from_le_bytes(*b"seq\0"),
        2,
        *seq,
    ];
    let mut b = [0u8; 76];
    for (d, w) in b.chunks_exact_mut(4).zip(words) {
        d.copy_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&b);
}

/// A reader of the Godot 4 bytes of the game state written by hand for that one shape: the least work any
/// reader must do (every header, count and key checked, strings checked as UTF-8 and allocated, the same
/// structs built), without serde. `None` on anything else.
struct FloorReader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> FloorReader<'a> {
    fn word(&mut self) -> Option<u32> {
        let w = u32::from_le_bytes(self.b.get(self.at..self.at + 4)?.try_into().ok()?);
        self.at += 4;
        Some(w)
    }
    fn expect(&mut self, w: u32) -> Option<()> {
        (self.word()? == w).then_some(())
    }
    fn raw_str(&mut self) -> Option<&'a str> {
        let n = self.word()? as usize;
        let s = std::str::from_utf8(self.b.get(self.at..self.at + n)?).ok()?;
        self.at += n.div_ceil(4) * 4;
        Some(s)
    }
    fn key(&mut self, name: &str) -> Option<()> {
        self.expect(4)?;
        let n = self.word()? as usize;
        (self.b.get(self.at..self.at + n)? == name.as_bytes()).then_some(())?;
        self.at += n.div_ceil(4) * 4;
        Some(())
    }
    fn string(&mut self) -> Option<String> {
        self.expect(4)?;
        self.raw_str().map(str::to_owned)
    }
    fn int(&mut self) -> Option<i64> {
        match self.word()? {
            2 => Some(self.word()? as i32 as i64),
            0x1_0002 => Some(self.word()? as u64 as i64 | (self.word()? as i64) << 32),
            _ => None,
        }
    }
    fn float(&mut self) -> Option<f64> {
        match self.word()? {
            3 => Some(f32::from_bits(self.word()?) as f64),
            0x1_0003 => Some(f64::from_bits(self.word()? as u64 | (self.word()? as u64) << 32)),
            _ => None,
        }
    }
    fn reals<const N: usize>(&mut self, header: u32) -> Option<[f64; N]> {
        self.expect(header)?;
        let mut r = [0.0; N];
        for x in &mut r {
            *x = f32::from_bits(self.word()?) as f64;
        }
        Some(r)
    }
    fn count(&mut self, header: u32) -> Option<usize> {
        self.expect(header)?;
        let n = self.word()? as usize;
        // As any reader must: a count the rest of the input cannot hold is refused before allocating.
        (n <= (self.b.len() - self.at) / 4).then_some(n)
    }
    fn item(&mut self) -> Option<data::Item> {
        (self.count(27)? == 3).then_some(())?;
        self.key("item")?;
        let item = self.string()?;
        self.key("count")?;
        let count = self.int()?;
        self.key("durability")?;
        Some(data::Item { item, count, durability: self.float()? })
    }
    fn entity(&mut self) -> Option<data::Entity> {
        (self.count(27)? == 9).then_some(())?;
        self.key("id")?;
        let id = self.int()?;
        self.key("name")?;
        let name = self.string()?;
        self.key("pos")?;
        let [x, y] = self.reals::<2>(5)?;
        self.key("vel")?;
        let [vx, vy, vz] = self.reals::<3>(9)?;
        self.key("hp")?;
        let hp = self.float()?;
        self.key("alive")?;
        self.expect(1)?;
        let alive = self.word()? != 0;
        self.key("color")?;
        let [r, g, b, a] = self.reals::<4>(20)?;
        self.key("tags")?;
        let n = self.count(34)?;
        let mut tags = Vec::with_capacity(n);
        for _ in 0..n {
            // PackedStringArray elements carry their NUL in the length.
            tags.push(self.raw_str()?.strip_suffix('\0')?.to_owned());
        }
        self.key("inventory")?;
        let n = self.count(28)?;
        let mut inventory = Vec::with_capacity(n);
        for _ in 0..n {
            inventory.push(self.item()?);
        }
        Some(data::Entity {
            id,
            name,
            pos: godot_bin::markers::Vector2::new(x, y),
            vel: godot_bin::markers::Vector3::new(vx, vy, vz),
            hp,
            alive,
            color: godot_bin::markers::Color::new(r as f32, g as f32, b as f32, a as f32),
            tags: tags.into(),
            inventory,
        })
    }
}

fn floor_decode_state(b: &[u8]) -> Option<data::GameState> {
    let mut r = FloorReader { b, at: 0 };
    (r.count(27)? == 3).then_some(())?;
    r.key("tick")?;
    let tick = r.int()?;
    r.key("entities")?;
    let n = r.count(28)?;
    let mut entities = Vec::with_capacity(n);
    for _ in 0..n {
        entities.push(r.entity()?);
    }
    r.key("map")?;
    let map = r.string()?;
    (r.at == b.len()).then_some(data::GameState { tick, entities, map })
}

/// The same bytes written by hand (ints 32-bit when they fit, floats 32-bit when exact, as the engine).
fn floor_encode_state(s: &data::GameState, out: &mut Vec<u8>) {
    fn w(out: &mut Vec<u8>, x: u32) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    fn raw_str(out: &mut Vec<u8>, t: &str) {
        w(out, t.len() as u32);
        out.extend_from_slice(t.as_bytes());
        out.resize(out.len() + (4 - t.len() % 4) % 4, 0);
    }
    fn string(out: &mut Vec<u8>, t: &str) {
        w(out, 4);
        raw_str(out, t);
    }
    fn int(out: &mut Vec<u8>, i: i64) {
        if i == i as i32 as i64 {
            w(out, 2);
            w(out, i as i32 as u32);
        } else {
            w(out, 0x1_0002);
            out.extend_from_slice(&i.to_le_bytes());
        }
    }
    fn float(out: &mut Vec<u8>, f: f64) {
        if f == f as f32 as f64 {
            w(out, 3);
            w(out, (f as f32).to_bits());
        } else {
            w(out, 0x1_0003);
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
    fn reals(out: &mut Vec<u8>, header: u32, xs: &[f64]) {
        w(out, header);
        for x in xs {
            w(out, (*x as f32).to_bits());
        }
    }
    w(out, 27);
    w(out, 3);
    string(out, "tick");
    int(out, s.tick);
    string(out, "entities");
    w(out, 28);
    w(out, s.entities.len() as u32);
    for e in &s.entities {
        w(out, 27);
        w(out, 9);
        string(out, "id");
        int(out, e.id);
        string(out, "name");
        string(out, &e.name);
        string(out, "pos");
        reals(out, 5, &[e.pos.x, e.pos.y]);
        string(out, "vel");
        reals(out, 9, &[e.vel.x, e.vel.y, e.vel.z]);
        string(out, "hp");
        float(out, e.hp);
        string(out, "alive");
        w(out, 1);
        w(out, e.alive as u32);
        string(out, "color");
        let c = e.color;
        reals(out, 20, &[c.r as f64, c.g as f64, c.b as f64, c.a as f64]);
        string(out, "tags");
        w(out, 34);
        w(out, e.tags.len() as u32);
        for t in e.tags.iter() {
            w(out, t.len() as u32 + 1);
            out.extend_from_slice(t.as_bytes());
            out.resize(out.len() + 1 + (4 - (t.len() + 1) % 4) % 4, 0);
        }
        string(out, "inventory");
        w(out, 28);
        w(out, e.inventory.len() as u32);
        for it in &e.inventory {
            w(out, 27);
            w(out, 3);
            string(out, "item");
            string(out, &it.item);
            string(out, "count");
            int(out, it.count);
            string(out, "durability");
            float(out, it.durability);
        }
    }
    string(out, "map");
    string(out, &s.map);
}
