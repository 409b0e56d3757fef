//! Resource bounds on hostile input, measured:
//!
//! * memory: a counting global allocator shows that decoding any input of n bytes never has more than
//!   `CORE_PER_BYTE`·n + `PEAK_CONST` (48·n + 512 KiB) bytes allocated at its peak (the decoded value included), whatever the
//!   counts and lengths in it claim, through `Variant::decode`, `from_slice_with` (into a `Variant`, a
//!   `serde_json::Value` and a struct) and `from_reader_with`; for every dialect, objects on and off, single
//!   and double precision.
//! * stack: nesting 200,000 deep is refused, without overflow, on a 2 MiB thread, through every entry point.
//! * time: a Dictionary decodes in linear time: 1,000,000 entries take at most `MAX_RATIO` (10)× what 250,000
//!   take (4× the size), with distinct int keys, distinct string keys, and a million copies of one key.
//!
//! Allocation is counted per thread (so tests running in parallel do not disturb each other), and the timed
//! test holds a lock that the others take too, so it runs alone.

use std::sync::Mutex;
use std::time::Instant;

use godot_bin::{value::TypeKind, Config, Dialect, ErrorKind, Variant};

// ---------------------------------------------------------------------------------------------------------
// The counting allocator (tests/common/alloc.rs).

/// Bytes allocated at the peak while `f` runs (what it returns included, since it is dropped inside),
/// above what was allocated before.
fn peak_of<R>(f: impl FnOnce() -> R) -> usize {
    crate::common::alloc::measure(|| drop(f())).1.peak_moving
}

/// The constant part of every bound. Nesting costs the decoder a fixed amount per level (its explicit stack of
/// open containers, which grows by doubling), up to the depth limit (1024 by default): for inputs of a few
/// KiB that is the largest term, so it is a constant rather than a multiple.
const PEAK_CONST: usize = 512 << 10;

/// Serialises the timed test against the others.
static SERIAL: Mutex<()> = Mutex::new(());

fn serial() -> std::sync::MutexGuard<'static, ()> {
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

// ---------------------------------------------------------------------------------------------------------
// Inputs.

fn u32s(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn id(d: Dialect, k: TypeKind) -> u32 {
    d.type_id(k).unwrap_or_else(|| panic!("{d} has no {k:?}"))
}

/// Every config: dialect × objects × double precision.
fn configs() -> Vec<Config> {
    let mut v = Vec::new();
    for d in Dialect::ALL {
        for objects in [false, true] {
            for double in [false, true] {
                v.push(Config::new(d).with_allow_objects(objects).with_double_precision(double));
            }
        }
    }
    v
}

const HUGE: [u32; 5] = [0x7FFF_FFFF, 0xFFFF_FFFF, 0x8000_0001, 1 << 24, 4096];

/// Headers whose counts and lengths claim far more than follows: `prefix words` + count + `tail` filler.
fn lying_inputs(d: Dialect) -> Vec<(String, Vec<u8>)> {
    use TypeKind as K;
    // (name, words before the count, whether the count word follows)
    let mut heads: Vec<(String, Vec<u32>, bool)> = Vec::new();
    let simple = [
        K::String,
        K::StringName,
        K::Array,
        K::Dictionary,
        K::PackedByteArray,
        K::PackedInt32Array,
        K::PackedInt64Array,
        K::PackedFloat32Array,
        K::PackedFloat64Array,
        K::PackedStringArray,
        K::PackedVector2Array,
        K::PackedVector3Array,
        K::PackedColorArray,
        K::PackedVector4Array,
        K::PackedVector2iArray,
        K::PackedVector3iArray,
        K::PackedVector4iArray,
        K::Signal,
    ];
    for k in simple.into_iter().filter(|k| d.has_type(*k)) {
        heads.push((format!("{k:?}"), vec![id(d, k)], true));
        if d.family_is_godot4() && matches!(k, K::PackedVector2Array | K::PackedVector3Array | K::PackedVector4Array) {
            heads.push((format!("{k:?} f64"), vec![id(d, k) | 1 << 16], true));
        }
    }
    // NodePath: name count (new format bit), then the subname count, then flags.
    let np = id(d, K::NodePath);
    heads.push(("NodePath (old format length)".into(), vec![np], true));
    for c in HUGE {
        heads.push((format!("NodePath subnames {c:#x}"), vec![np, 0x8000_0000, c, 0], false));
        heads.push((format!("NodePath names {c:#x}, subnames 1"), vec![np, 0x8000_0000 | c, 1, 2], false));
    }
    // A full object: class "A", then the property count.
    let obj = id(d, K::Object);
    heads.push(("Object properties".into(), vec![obj, 1, u32::from(b'A')], true));
    // Godot 4.3+ typed Array[int], 4.4+ typed Dictionary[String, Array].
    if d.has_type(K::PackedVector4Array) && d.family_is_godot4() {
        heads.push(("Array[int]".into(), vec![id(d, K::Array) | 1 << 16, id(d, K::Int)], true));
        heads.push((
            "Dictionary[String, Array]".into(),
            vec![id(d, K::Dictionary) | 1 << 16 | 1 << 18, id(d, K::String), id(d, K::Array)],
            true,
        ));
    }
    if d.has_type(K::TypedArray) {
        heads.push(("TypedArray[int]".into(), vec![id(d, K::TypedArray), id(d, K::Int)], true));
        heads.push(("PackedTypedArray[Array]".into(), vec![id(d, K::PackedTypedArray), id(d, K::Array)], true));
    }
    if d.has_type(K::Image) {
        heads.push(("Image".into(), vec![id(d, K::Image), 4, 0, 1, 1], true));
    }
    let mut out = Vec::new();
    for (name, head, with_count) in heads {
        let claims: &[u32] = if with_count { &HUGE } else { &[0] };
        for &count in claims {
            for tail in [0usize, 12, 256] {
                let mut b = u32s(&head);
                if with_count {
                    b.extend_from_slice(&u32s(&[count]));
                }
                b.extend_from_slice(&vec![0u8; tail]);
                out.push((format!("{d} {name} claiming {count:#x}, {tail} bytes follow"), b));
            }
        }
    }
    out
}

trait FamilyExt {
    fn family_is_godot4(self) -> bool;
}
impl FamilyExt for Dialect {
    fn family_is_godot4(self) -> bool {
        self.has_type(TypeKind::Callable)
    }
}

/// Inputs that make the most of every byte: honest counts of the cheapest elements, so decoding succeeds
/// and builds as much as the input can describe.
fn dense_inputs(d: Dialect, n: usize) -> Vec<(String, Vec<u8>)> {
    use TypeKind as K;
    let nil = id(d, K::Nil);
    let mut out = Vec::new();
    let k = n / 4;
    // Array of Nils: 4 bytes each.
    let mut b = u32s(&[id(d, K::Array), k as u32]);
    b.extend(u32s(&vec![nil; k]));
    out.push((format!("{d} Array of {k} Nils"), b));
    // Dictionary of Nil: Nil (one key, k times) and of distinct int keys.
    let mut b = u32s(&[id(d, K::Dictionary), (k / 2) as u32]);
    b.extend(u32s(&vec![nil; k / 2 * 2]));
    out.push((format!("{d} Dictionary of {} copies of Nil: Nil", k / 2), b));
    let mut words = vec![id(d, K::Dictionary), (k / 3) as u32];
    for i in 0..k / 3 {
        words.extend([id(d, K::Int), i as u32, nil]);
    }
    out.push((format!("{d} Dictionary of {} int keys", k / 3), u32s(&words)));
    // PackedStringArray of empty strings, NodePath of empty names: 4 bytes each.
    if d != Dialect::Godot2 {
        let mut b = u32s(&[id(d, K::PackedStringArray), k as u32]);
        b.extend(u32s(&vec![0; k]));
        out.push((format!("{d} PackedStringArray of {k} empty strings"), b));
    }
    let mut b = u32s(&[id(d, K::NodePath), 0x8000_0000 | k as u32, 0, 0]);
    b.extend(u32s(&vec![0; k]));
    out.push((format!("{d} NodePath of {k} empty names"), b));
    // A full object with k/2 properties "" = Nil.
    if d != Dialect::Godot2 {
        let mut words = vec![id(d, K::Object), 1, u32::from(b'A'), (k / 2) as u32];
        words.extend(vec![0; k / 2 * 2]);
        out.push((format!("{d} Object of {} properties (objects on)", k / 2), u32s(&words)));
    }
    // Arrays and Dictionaries nested to the depth limit (and past it).
    let mut words = Vec::new();
    for _ in 0..k / 2 {
        words.extend([id(d, K::Array), 1]);
    }
    words.push(nil);
    out.push((format!("{d} {} nested Arrays", k / 2), u32s(&words)));
    let mut words = Vec::new();
    for _ in 0..k / 2 {
        words.extend([id(d, K::Dictionary), 1]);
    }
    words.push(nil);
    out.push((format!("{d} {} Dictionaries nested as keys", k / 2), u32s(&words)));
    // Godot 4.3+: Array[Array] holding one PackedByteArray of everything else, which the engine converts to
    // an Array of ints: the largest blow-up the format allows (one 40-byte Variant per input byte).
    if d.family_is_godot4() && d.has_type(K::PackedVector4Array) {
        let m = n.saturating_sub(20);
        let mut b = u32s(&[id(d, K::Array) | 1 << 16, id(d, K::Array), 1, id(d, K::PackedByteArray), m as u32]);
        b.extend_from_slice(&vec![7u8; m]);
        out.push((format!("{d} Array[Array] of a {m}-byte PackedByteArray"), b));
    }
    // Godot 3's lenient UTF-8: lone surrogates throughout.
    if matches!(d, Dialect::Godot3 | Dialect::Pandemonium3_5) {
        let m = n / 3 * 3;
        let mut b = u32s(&[id(d, K::String), m as u32]);
        b.extend(b"\xED\xA0\x80".iter().cycle().take(m));
        b.extend_from_slice(&vec![0u8; (4 - m % 4) % 4]);
        out.push((format!("{d} String of {} lone surrogates", m / 3), b));
    }
    out
}

// ---------------------------------------------------------------------------------------------------------
// The entry points measured.

#[derive(serde::Deserialize)]
#[allow(dead_code)]
struct Save {
    name: String,
    items: Vec<Vec<i64>>,
    tags: Vec<String>,
    map: std::collections::BTreeMap<String, Vec<f32>>,
}

/// A recursive struct: serde recursion all the way down.
#[derive(serde::Deserialize)]
#[allow(dead_code)]
struct Tree(Vec<Tree>);

/// An entry point: name, the decode it runs, and its bound's bytes per input byte.
type Entry = (&'static str, fn(&[u8], &Config) -> bool, usize);

/// The bound through the core codec (`Variant::decode`, and `from_slice_with::<Variant>`, which hands the
/// value to it): peak ≤ CORE_PER_BYTE · n + PEAK_CONST.
const CORE_PER_BYTE: usize = 48;
/// Into a `serde_json::Value` the multiple is serde_json's: one `Value` per element, and a one-byte element
/// (a PackedByteArray's) becomes one Value, in a Vec that grows by doubling.
const JSON_PER_BYTE: usize = 4 * std::mem::size_of::<serde_json::Value>();

const ENTRIES: &[Entry] = &[
    ("Variant::decode", |b, c| Variant::decode(b, c).is_ok(), CORE_PER_BYTE),
    // The save engine given neither dialect nor kind: every dialect and framing in turn, one decoded reading
    // held at a time; then the values twice (the save's, and the ones read, which tell `Save::to_bytes`
    // whether anything changed), the file and its content.
    #[cfg(feature = "containers")]
    (
        "file::read",
        |b, c| {
            let opts = godot_bin::file::Options {
                allow_objects: c.allow_objects(),
                double_precision: c.double_precision(),
                ..godot_bin::file::Options::default()
            };
            godot_bin::file::read(b, &opts).is_ok()
        },
        2 * CORE_PER_BYTE + 2,
    ),
    ("Variant::decode_prefix", |b, c| Variant::decode_prefix(b, c).is_ok(), CORE_PER_BYTE),
    ("from_slice_with::<Variant>", |b, c| godot_bin::from_slice_with::<Variant>(b, c).is_ok(), CORE_PER_BYTE),
    ("from_slice_with::<Save>", |b, c| godot_bin::from_slice_with::<Save>(b, c).is_ok(), CORE_PER_BYTE),
    (
        "from_slice_with::<serde_json::Value>",
        |b, c| godot_bin::from_slice_with::<serde_json::Value>(b, c).is_ok(),
        JSON_PER_BYTE,
    ),
    (
        // Reading to the end adds the input itself, in a buffer that grows by doubling (≤ 2n + transient n).
        "from_reader_with::<serde_json::Value>",
        |b, c| godot_bin::de::from_reader_with::<_, serde_json::Value>(b, c).is_ok(),
        JSON_PER_BYTE + 3,
    ),
];

/// Per entry point: the worst peak/n over inputs of at least 16 KiB (where the constant is amortised), and
/// the largest peak over all inputs, with where each was seen.
type Worst = Vec<((f64, String), (usize, String))>;

fn new_worst() -> Worst {
    vec![((0.0, String::new()), (0, String::new())); ENTRIES.len()]
}

fn report(label: &str, worst: &Worst) {
    for ((entry, _, bound), ((m, at_m), (p, at_p))) in ENTRIES.iter().zip(worst) {
        eprintln!("{label}: {entry} (bound {bound}·n + {PEAK_CONST}): worst peak/n {m:.2} at {at_m}; largest peak {p} at {at_p}");
    }
}

/// Runs every entry point on `bytes` and checks its bound.
fn measure(what: &str, bytes: &[u8], cfg: &Config, worst: &mut Worst) {
    let n = bytes.len();
    for ((entry, f, per_byte), (wm, wp)) in ENTRIES.iter().zip(worst.iter_mut()) {
        let peak = peak_of(|| f(bytes, cfg));
        let at = || {
            format!(
                "{what} ({n} bytes, {} objects={} double={})",
                cfg.dialect(),
                cfg.allow_objects(),
                cfg.double_precision()
            )
        };
        let multiple = peak as f64 / n.max(1) as f64;
        if n >= 16 << 10 && multiple > wm.0 {
            *wm = (multiple, at());
        }
        if peak > wp.0 {
            *wp = (peak, at());
        }
        assert!(
            peak <= per_byte * n + PEAK_CONST,
            "{entry} on {what}: peak {peak} bytes for {n} input bytes > {per_byte}·n + {PEAK_CONST} ({cfg:?})"
        );
    }
}

#[test]
fn hostile_counts_and_lengths_allocate_within_the_bound() {
    let _g = serial();
    let mut worst = new_worst();
    let mut checked = 0;
    for cfg in configs() {
        for (what, bytes) in lying_inputs(cfg.dialect()) {
            measure(&what, &bytes, &cfg, &mut worst);
            checked += 1;
        }
    }
    report(&format!("lying inputs ({checked})"), &worst);
    assert!(checked > 1000);
}

#[test]
fn dense_inputs_allocate_within_the_bound() {
    let _g = serial();
    let mut worst = new_worst();
    // Double precision changes nothing here; objects matter for the full-object input (refused without).
    for cfg in configs().into_iter().filter(|c| !c.double_precision()) {
        for n in [4096, 64 << 10] {
            if n > 4096 && !cfg.allow_objects() {
                continue;
            }
            for (what, bytes) in dense_inputs(cfg.dialect(), n) {
                measure(&what, &bytes, &cfg, &mut worst);
            }
        }
    }
    report("dense inputs", &worst);
}

#[test]
fn engine_written_fixtures_allocate_within_the_bound() {
    let _g = serial();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = [
        ("godot-2.1/samples.tsv", Dialect::Godot2),
        ("godot-3.6/values.tsv", Dialect::Godot3),
        ("godot-4.6/values.tsv", Dialect::Godot4_6),
        ("godot-4.6/probes.tsv", Dialect::Godot4_6),
        ("pandemonium-4.9/samples.tsv", Dialect::Pandemonium3_8),
        ("pandemonium-5.2/samples.tsv", Dialect::Pandemonium5),
    ];
    let mut worst = new_worst();
    let mut count = 0;
    for (file, d) in files {
        let text = std::fs::read_to_string(root.join("tests/fixtures").join(file)).unwrap();
        for (i, line) in text.lines().filter(|l| !l.starts_with('#')).enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            // Of the decode probes (thousands of small hand-made inputs), every third and all the deep ones.
            if file.ends_with("probes.tsv") && i % 3 != 0 && !f[0].contains("nest") {
                continue;
            }
            let Some(hex) = f.get(2) else { continue };
            let Some(bytes) = unhex(hex) else { continue };
            let cfg = Config::new(d).with_allow_objects(matches!(f[1], "1" | "objects"));
            measure(&format!("{file} {}", f[0]), &bytes, &cfg, &mut worst);
            count += 1;
        }
    }
    for sav in ["save-godot3.6.sav", "save-godot4.6.sav"] {
        let bytes = std::fs::read(root.join("examples/data").join(sav)).unwrap();
        let d = if sav.contains("godot3") { Dialect::Godot3 } else { Dialect::Godot4_6 };
        measure(sav, &bytes[4..], &Config::new(d), &mut worst);
        count += 1;
    }
    report(&format!("fixtures ({count})"), &worst);
    assert!(count > 2500);
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok()).collect()
}

// ---------------------------------------------------------------------------------------------------------
// Stack.

#[test]
fn nesting_200000_deep_is_refused_on_a_2_mib_stack_by_every_entry_point() {
    let _g = serial();
    for (kind, name) in [(TypeKind::Array, "Arrays"), (TypeKind::Dictionary, "Dictionaries")] {
        for d in [Dialect::Godot2, Dialect::Godot3, Dialect::Godot4_6, Dialect::Pandemonium5] {
            let mut words = Vec::with_capacity(400_001);
            for _ in 0..200_000 {
                words.extend([id(d, kind), 1]);
            }
            words.push(id(d, TypeKind::Nil));
            let b = u32s(&words);
            let t = std::thread::Builder::new().stack_size(2 << 20).spawn(move || {
                let cfg = Config::new(d);
                let deep = |r: godot_bin::Result<()>, entry: &str| {
                    let e = r.expect_err(entry);
                    // Through serde, the stack budget may refuse before the depth limit does.
                    assert!(
                        matches!(e.kind(), ErrorKind::TooDeep { .. } | ErrorKind::StackBudget { .. }),
                        "{d} {name} {entry}: {e}"
                    );
                };
                deep(Variant::decode(&b, &cfg).map(drop), "Variant::decode");
                deep(Variant::decode(&b, &cfg.clone().with_max_depth(usize::MAX)).map(drop), "decode at the cap");
                deep(godot_bin::from_slice_with::<Variant>(&b, &cfg).map(drop), "from_slice_with::<Variant>");
                deep(godot_bin::from_slice_with::<serde_json::Value>(&b, &cfg).map(drop), "from_slice_with::<Value>");
                // A sequence-shaped struct: refused as too deep, or (for Dictionaries) as the wrong type.
                let tree = godot_bin::from_slice_with::<Tree>(&b, &cfg).map(drop);
                if kind == TypeKind::Array {
                    deep(tree, "from_slice_with::<Tree>");
                } else {
                    assert!(tree.is_err());
                }
                deep(
                    godot_bin::de::from_reader_with::<_, serde_json::Value>(&b[..], &cfg).map(drop),
                    "from_reader_with",
                );
                if d == Dialect::Godot4_6 {
                    deep(godot_bin::from_slice::<serde_json::Value>(&b).map(drop), "from_slice");
                    deep(godot_bin::de::from_reader::<_, serde_json::Value>(&b[..]).map(drop), "from_reader");
                }
            });
            t.unwrap().join().unwrap_or_else(|_| panic!("{d} {name}: panicked"));
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Time.

/// 4× the entries may take at most this many times as long: linear is 4 (seen 4.6–7 in debug builds, the
/// allocator and caches adding some), quadratic would be 16.
const MAX_RATIO: f64 = 10.0;

fn dict_bytes(n: usize, key: impl Fn(usize) -> Variant) -> Vec<u8> {
    let mut b = u32s(&[27, n as u32]);
    let cfg = Config::default();
    for i in 0..n {
        key(i).encode_into(&mut b, &cfg).unwrap();
        b.extend_from_slice(&u32s(&[2, i as u32]));
    }
    b
}

/// The fastest of `runs` timings of decoding `b`, in seconds (noise only ever adds time).
/// Checks the dictionary has `entries` entries.
fn best_decode(b: &[u8], runs: usize, entries: usize) -> f64 {
    let cfg = Config::default();
    let mut t: Vec<f64> = (0..runs)
        .map(|_| {
            let s = Instant::now();
            let v = Variant::decode(b, &cfg).unwrap();
            let e = s.elapsed().as_secs_f64();
            assert!(matches!(&v, Variant::Dictionary(d) if d.entries.len() == entries));
            drop(v);
            e
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[0]
}

#[test]
fn a_million_entry_dictionary_decodes_in_linear_time() {
    let _g = serial();
    type KeyFn = fn(usize) -> Variant;
    let cases: [(&str, KeyFn, bool); 3] = [
        ("distinct int keys", |i| Variant::Int(i as i64 * 7919), true),
        ("distinct string keys", |i| Variant::String(format!("k{i}").into()), true),
        ("one key repeated", |_| Variant::Int(42), false),
    ];
    for (name, key, distinct) in cases {
        let entries = |n: usize| if distinct { n } else { 1 };
        let small = dict_bytes(250_000, key);
        let big = dict_bytes(1_000_000, key);
        let ts = best_decode(&small, 2, entries(250_000));
        let tb = best_decode(&big, 1, entries(1_000_000));
        let ratio = tb / ts;
        eprintln!("{name}: 250k entries {:.1} ms, 1M entries {:.1} ms, ratio {ratio:.2}", ts * 1e3, tb * 1e3);
        assert!(ratio <= MAX_RATIO, "{name}: 4× the entries took {ratio:.2}× as long (250k: {ts:.3}s, 1M: {tb:.3}s)");
    }
}

// ---------------------------------------------------------------------------------------------------------
// The text and JSON readers.

/// Text and JSON forms shaped to cost the most per byte: many empty containers, many one-character
/// strings, many short keys. Their peak while reading n bytes, as a multiple of n, is printed and held to
/// `TEXT_PER_BYTE`·n + `PEAK_CONST` for text and `JSON_PER_TEXT_BYTE`·n + `PEAK_CONST` for JSON (README
/// "Safety"; measured: text 49.5·n on `[{},{},…]`, JSON 76.8·n on the same).
#[cfg(feature = "json")]
#[test]
fn text_and_json_reading_is_bounded_by_the_input() {
    use godot_bin::{json, text};
    let _g = serial();
    let n = 50_000;
    let list =
        |item: &dyn Fn(usize) -> String, sep: &str| format!("[{}]", (0..n).map(item).collect::<Vec<_>>().join(sep));
    let texts = [
        ("text [{},{},…]", list(&|_| "{}".into(), ",")),
        ("text [[],[],…]", list(&|_| "[]".into(), ",")),
        ("text [\"\",\"\",…]", list(&|_| "\"\"".into(), ",")),
        ("text [0,0,…]", list(&|_| "0".into(), ",")),
        ("text {k: 0, …}", format!("{{{}}}", (0..n).map(|i| format!("\"{i}\":0")).collect::<Vec<_>>().join(","))),
    ];
    let cfg = Config::new(Dialect::Godot4_6);
    let mut worst = 0.0f64;
    for (name, src) in &texts {
        let len = src.len();
        let peak = peak_of(|| text::from_text(src, &cfg).unwrap());
        println!("{name}: {len} bytes, peak {peak} ({:.1}·n)", peak as f64 / len as f64);
        worst = worst.max(peak as f64 / len as f64);
        assert!(peak <= TEXT_PER_BYTE * len + PEAK_CONST, "{name}: peak {peak} for {len} bytes");
        // The same text is JSON where the shape allows (the JSON form of these values is plain JSON).
        if !name.contains('k') {
            let peak = peak_of(|| json::from_json_str(src, &cfg).unwrap());
            println!("json{}: {len} bytes, peak {peak} ({:.1}·n)", &name[4..], peak as f64 / len as f64);
            assert!(peak <= JSON_PER_TEXT_BYTE * len + PEAK_CONST, "json {name}: peak {peak} for {len} bytes");
        }
    }
    println!("worst text {worst:.1}·n");
}

/// The text reader's bound per input byte: every `{}` (3 bytes with its comma) becomes a 40-byte `Variant`
/// holding a boxed Dictionary, in a `Vec` that grows by doubling.
#[cfg(feature = "json")]
const TEXT_PER_BYTE: usize = 64;

/// The JSON reader's: serde_json's own tree is built first, then the `Variant`.
#[cfg(feature = "json")]
const JSON_PER_TEXT_BYTE: usize = 96;

/// A dictionary key that is no string, read where serde wants a string (a `serde_json::Value` object key,
/// a `HashMap<String, _>` key), is given as its debug form cut to 80 bytes plus a hash of the rest: the
/// form of a huge key is never held (it was, whole: about 8 more bytes per input byte on top of the key).
#[test]
fn container_keys_read_as_text_stay_short() {
    let _g = serial();
    let d = Dialect::Godot4_6;
    // {Array[Array]([PackedByteArray of m bytes]): 1}, the largest blow-up the format allows, as a key.
    let m = 200_000;
    let mut b = u32s(&[id(d, TypeKind::Dictionary), 1]);
    b.extend(u32s(&[id(d, TypeKind::Array) | 1 << 16, id(d, TypeKind::Array), 1, id(d, TypeKind::PackedByteArray)]));
    b.extend(u32s(&[m as u32]));
    b.extend_from_slice(&vec![7u8; m]);
    b.extend(u32s(&[id(d, TypeKind::Int), 1]));
    let cfg = Config::new(d);
    let v: serde_json::Value = godot_bin::from_slice_with(&b, &cfg).unwrap();
    let key = v.as_object().unwrap().keys().next().unwrap().clone();
    assert!(key.len() < 120, "{} bytes: {}", key.len(), &key[..200]);
    assert!(key.contains('…'), "{key}");
    // The same key, read twice, gives the same text; another key another text.
    let again: serde_json::Value = godot_bin::from_slice_with(&b, &cfg).unwrap();
    assert_eq!(again.as_object().unwrap().keys().next(), Some(&key));
    let mut other = b.clone();
    other[30 + m / 2] = 8;
    let v2: serde_json::Value = godot_bin::from_slice_with(&other, &cfg).unwrap();
    assert_ne!(v2.as_object().unwrap().keys().next(), Some(&key));
    let n = b.len();
    let peak = peak_of(|| godot_bin::from_slice_with::<serde_json::Value>(&b, &cfg).unwrap());
    println!("container key as text: {n} bytes, peak {peak} ({:.1}·n)", peak as f64 / n as f64);
    assert!(peak <= 48 * n + PEAK_CONST, "peak {peak} for {n} bytes");
}
