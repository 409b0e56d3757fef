//! Speed ratios measured in one run: `cargo bench --bench ratios [-- OPTIONS]`.
//!
//! Absolute times on a small shared machine drift from run to run; ratios taken in the same run do not
//! drift much. Every case of a group is run in turn, round after round (interleaved, so drift hits all of them
//! alike), and each case's median time per operation is reported with its ratio to the group's reference
//! (postcard on the same structs, or a memcpy of the same byte count), and its best (the fastest round).
//!
//! Options: `--rounds N` (default 15), `--only GROUP` (game, variant, threads, packed, logs, small; repeatable),
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
#[path = "common/floor.rs"]
mod floor;
#[path = "common/harness.rs"]
mod harness;
#[path = "common/serde_floor.rs"]
mod serde_floor;

use std::cell::RefCell;
use std::hint::black_box;

use godot_bin::{Config, Variant};
use harness::{case, case_fresh_thread, case_keep, fmt_time, memcpy_case, report, run, tight};

/// Every case's allocations per operation are counted (the `allocs/op` column): one thread-local add per
/// allocation, on every case alike.
#[global_allocator]
static ALLOC: harness::Counting = harness::Counting;

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
    let mut game: Option<harness::Results> = None;
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
        assert!(floor::decode_state(&gb).unwrap() == state);
        let mut floor_bytes = Vec::new();
        floor::encode_state(&state, &mut floor_bytes);
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
                black_box(floor::decode_state(black_box(&gb)).unwrap());
            }),
            case("floor: hand-written typed encode", || {
                let mut out = Vec::new();
                floor::encode_state(black_box(&state), &mut out);
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
        let t = |n: &str| meds.median(n);
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
        allocations_per_entity(&meds, entities, "");
        game = Some(meds);
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
        let game = game.as_ref().expect("run the game group with --engine");
        let (t, b) = (|n: &str| game.median(n), |n: &str| game.best(n));
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

    if want("threads") {
        threads(&state, &gb, rounds, &cfg);
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
        assert!(floor::encode_vector3s(&ptm) == pbm, "the PackedVector3Array floor writes other bytes");
        assert!(floor::decode_vector3s(&pbm).as_ref() == Some(&ptm), "the PackedVector3Array floor reads otherwise");
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
                black_box(floor::decode_vector3s(black_box(&pbm)).unwrap());
            }),
            case("hand-written PackedVector3Array encode", || {
                black_box(floor::encode_vector3s(black_box(&ptm)));
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
        let t = |n: &str| meds.median(n);
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

/// The decodes of the game state on the thread that runs the rounds and on a thread spawned for each sample,
/// interleaved: a server's worker thread starts with an allocator arena of its own, not yet warm. Results freed
/// inside the clock; ratios to postcard's typed decode on the same kind of thread.
fn threads(state: &data::GameState, gb: &[u8], rounds: usize, cfg: &Config) {
    let pc = postcard::to_allocvec(state).unwrap();
    let typed = || {
        black_box(godot_bin::from_slice::<data::GameState>(black_box(gb)).unwrap());
    };
    let variant = || {
        black_box(Variant::decode(black_box(gb), cfg).unwrap());
    };
    let postcard = || {
        black_box(postcard::from_bytes::<data::GameState>(black_box(&pc)).unwrap());
    };
    let mut cases = vec![
        case("godot_bin typed decode", typed),
        case_fresh_thread("godot_bin typed decode, fresh thread", typed),
        case("godot_bin Variant decode", variant),
        case_fresh_thread("godot_bin Variant decode, fresh thread", variant),
        case("postcard decode", postcard),
        case_fresh_thread("postcard decode, fresh thread", postcard),
    ];
    run(&mut cases, rounds);
    let entities = state.entities.len();
    let title = format!("game state decodes, main thread and a fresh thread a sample, {entities} entities");
    let meds = report(&title, gb.len(), &cases, &[]);
    for (place, suffix) in [("main thread", ""), ("fresh thread", ", fresh thread")] {
        let t = |c: &str| meds.median(&format!("{c}{suffix}"));
        let (typed, variant) =
            (t("godot_bin typed decode") / t("postcard decode"), t("godot_bin Variant decode") / t("postcard decode"));
        println!("{place}: ÷ postcard's typed decode:  godot_bin typed {typed:.2}  Variant {variant:.2}");
        println!("tsv\tthreads\t{place}\t{typed:.3}\t{variant:.3}");
    }
    let fresh = |c: &str| meds.median(&format!("{c}, fresh thread")) / meds.median(c);
    println!(
        "fresh thread ÷ main thread:  godot_bin typed {:.2}  Variant {:.2}  postcard {:.2}",
        fresh("godot_bin typed decode"),
        fresh("godot_bin Variant decode"),
        fresh("postcard decode")
    );
    allocations_per_entity(&meds, entities, ", fresh thread");
}

/// Prints the decodes' allocations per entity (the counting allocator's), where the group has the cases.
fn allocations_per_entity(meds: &harness::Results, entities: usize, suffix: &str) {
    let per = |c: &str| meds.allocs(&format!("{c}{suffix}")).map(|a| a / entities as f64);
    let names =
        ["godot_bin typed decode", "godot_bin Variant decode", "godot_bin VariantRef decode", "postcard decode"];
    let found: Vec<(&str, f64)> = names.iter().filter_map(|&n| Some((n, per(n)?))).collect();
    if found.is_empty() {
        return;
    }
    let list: Vec<String> = found.iter().map(|(n, a)| format!("{n} {a:.2}")).collect();
    println!("allocations per entity{suffix}:  {}", list.join(", "));
    for (n, a) in found {
        println!("tsv\tallocs\t{n}{suffix}\t{a:.3}");
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
    assert_eq!(floor::decode_move(&mvb), Some(mv.clone()));
    assert_eq!(floor::encode_move(&mv), mvb);
    // So does the serde floor (a minimal Deserializer and Serializer driven by `Msg`'s derived code), for
    // every variant of `Msg`, and it refuses what a correct reader must refuse.
    floor::check_serde_floor(cfg);
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
            black_box(floor::decode_move(black_box(&mvb)).unwrap());
        }),
        case("floor: hand-written Move encode", || {
            black_box(floor::encode_move(black_box(&mv)));
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
    let t = |n: &str| meds.median(n);
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
        tight("godot_bin Move encode", TIGHT_MSGS, || godot_bin::to_vec_with(black_box(&mv), cfg).unwrap(), written),
        tight(
            "godot_bin Move decode",
            TIGHT_MSGS,
            || godot_bin::from_slice_with::<data::Msg>(black_box(&mvb), cfg).unwrap(),
            is_move,
        ),
        tight("postcard Move encode", TIGHT_MSGS, || postcard::to_allocvec(black_box(&mv)).unwrap(), written),
        tight(
            "postcard Move decode",
            TIGHT_MSGS,
            || postcard::from_bytes::<data::Msg>(black_box(&mvp)).unwrap(),
            is_move,
        ),
        tight(
            "serde floor: minimal Deserializer Move decode",
            TIGHT_MSGS,
            || serde_floor::from_slice::<data::Msg>(black_box(&mvb)).unwrap(),
            is_move,
        ),
        tight(
            "godot_bin PlayerState encode",
            TIGHT_MSGS,
            || godot_bin::to_vec_with(black_box(&ps), cfg).unwrap(),
            written,
        ),
        tight(
            "godot_bin PlayerState decode",
            TIGHT_MSGS,
            || godot_bin::from_slice_with::<data::PlayerState>(black_box(&psb), cfg).unwrap(),
            is_42,
        ),
        tight("postcard PlayerState encode", TIGHT_MSGS, || postcard::to_allocvec(black_box(&ps)).unwrap(), written),
        tight(
            "postcard PlayerState decode",
            TIGHT_MSGS,
            || postcard::from_bytes::<data::PlayerState>(black_box(&psp)).unwrap(),
            is_42,
        ),
    ];
    run(&mut cases, rounds);
    let meds = report(&format!("small messages, a tight loop of {TIGHT_MSGS}, per message"), mvb.len(), &cases, &[]);
    let (t, b) = (|n: &str| meds.median(n), |n: &str| meds.best(n));
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
        msgs.iter().for_each(|m| floor::frame_move(m, &mut check));
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
                black_box(floor::decode_move(f).unwrap());
            });
            assert_eq!(n, STREAM_MSGS);
        }),
        case("floor: hand-written stream encode", || {
            hout.clear();
            for m in black_box(&msgs) {
                floor::frame_move(m, &mut hout);
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
    let t = |n: &str| meds.get(n);
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
