//! Dictionary keys that are themselves containers, as an attacker would nest them (big keys repeated, keys
//! nested in keys, deep keys): the work and memory of finding repeated keys must follow the size of the
//! input, not the size times the nesting, and deep keys must not exhaust the stack.
//!
//! Work is measured without a clock: a counting allocator adds up every byte allocated while decoding.
//! Indexing a key by a copy of it (what the decoders did) allocates the whole key again at every level that
//! encloses it; hashing bottom-up allocates nothing per level. Peak memory is measured the same way.

use godot_bin::{Config, Dialect, Variant, VariantRef};

/// (bytes allocated in all, peak bytes held) while `f` runs, its result dropped inside.
fn cost_of<R>(f: impl FnOnce() -> R) -> (usize, usize) {
    let usage = crate::common::alloc::measure(|| drop(f())).1;
    (usage.allocated, usage.peak)
}

// The shapes, written word by word with Godot 4's type ids (tests/fixtures/godot-4.6: int 2, Dictionary 27,
// Array 28); `benches/hostile.rs` times the same ones.
#[path = "../../benches/common/hostile_shapes.rs"]
mod shapes;
use shapes::{deep_key, nested_keys, u32s, ARRAY, DICTIONARY, INT};

fn deep_cfg() -> Config {
    Config::new(Dialect::Godot4_6).with_max_depth(Config::MAX_DEPTH_LIMIT)
}

#[test]
fn nested_container_keys_cost_what_the_input_does() {
    // 200 levels of 20 entries around a 20,000-int Array: about 290 KB. Indexing the keys by copies
    // allocated the Array again at each of the 200 levels (≈ 160 MB); bottom-up hashing allocates only
    // what the value holds.
    let bytes = nested_keys(200, 20, 20_000);
    let n = bytes.len();
    let cfg = deep_cfg();
    let (total, peak) = cost_of(|| Variant::decode(&bytes, &cfg).unwrap());
    assert!(total <= 48 * n + (512 << 10), "Variant: {total} bytes allocated for {n} input bytes");
    assert!(peak <= 48 * n + (512 << 10), "Variant: peak {peak} for {n} input bytes");
    let (total, peak) = cost_of(|| VariantRef::decode(&bytes, &cfg).unwrap());
    assert!(total <= 48 * n + (512 << 10), "VariantRef: {total} bytes allocated for {n} input bytes");
    assert!(peak <= 48 * n + (512 << 10), "VariantRef: peak {peak} for {n} input bytes");
}

#[test]
fn nested_container_keys_decode_to_what_they_say() {
    let bytes = nested_keys(30, 20, 100);
    let cfg = deep_cfg();
    let v = Variant::decode(&bytes, &cfg).unwrap();
    // Every level kept its 20 entries (no key taken for another), and the bytes come back.
    let mut level = &v;
    for _ in 0..30 {
        let Variant::Dictionary(d) = level else { panic!("not a dictionary: {level:?}") };
        assert_eq!(d.entries.len(), 20);
        level = &d.entries[0].0;
    }
    assert_eq!(v.encode(&cfg).unwrap(), bytes);
    assert_eq!(VariantRef::decode(&bytes, &cfg).unwrap().to_variant(), v);
}

/// Two container keys equal all the way down are one key (the later value replaces the earlier, as in
/// the engine); keys that differ only in their innermost int are two.
#[test]
fn repeated_container_keys_are_found_past_the_index_size() {
    let key = |inner: u32| {
        let mut k = Vec::new();
        for _ in 0..5 {
            u32s(&mut k, &[DICTIONARY, 1]);
        }
        u32s(&mut k, &[ARRAY, 2, INT, 1, INT, inner]);
        for _ in 0..5 {
            u32s(&mut k, &[INT, 0]);
        }
        k
    };
    for entries in [3u32, 40] {
        // `entries` distinct int keys, then the container key twice (values 1 and 2), then a near twin.
        let mut bytes = Vec::new();
        u32s(&mut bytes, &[DICTIONARY, entries + 3]);
        for e in 0..entries {
            u32s(&mut bytes, &[INT, e, INT, e]);
        }
        for (inner, value) in [(9, 1), (9, 2), (8, 3)] {
            bytes.extend(key(inner));
            u32s(&mut bytes, &[INT, value]);
        }
        let cfg = deep_cfg();
        for v in [Variant::decode(&bytes, &cfg).unwrap(), VariantRef::decode(&bytes, &cfg).unwrap().to_variant()] {
            let Variant::Dictionary(d) = &v else { panic!() };
            let tail: Vec<_> = d.entries[entries as usize..].iter().map(|(_, v)| v.clone()).collect();
            assert_eq!(tail, [Variant::Int(2), Variant::Int(3)], "{entries} entries before");
        }
    }
}

/// A key made of 4,000 nested dictionaries (the depth cap allows 4,096), on a 2 MiB thread (tokio's
/// worker default): decoding it and every walk of the value (Debug, Clone, ==, Hash, encode, drop) finish.
#[test]
fn a_key_4000_dictionaries_deep_fits_a_2_mib_thread() {
    let bytes = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut bytes = Vec::new();
            u32s(&mut bytes, &[DICTIONARY, 2]);
            bytes.extend(deep_key(4_000));
            u32s(&mut bytes, &[INT, 1]);
            bytes.extend(deep_key(4_000));
            u32s(&mut bytes, &[INT, 2]);
            let cfg = deep_cfg();
            let v = Variant::decode(&bytes, &cfg).unwrap();
            let Variant::Dictionary(d) = &v else { panic!() };
            // The same key twice: one entry, the later value.
            assert_eq!(d.entries.len(), 1);
            assert_eq!(d.entries[0].1, Variant::Int(2));
            let text = format!("{v:?}");
            assert!(text.len() < 100_000, "Debug printed {} bytes", text.len());
            let c = v.clone();
            assert!(c == v);
            use std::hash::{BuildHasher, RandomState};
            let s = RandomState::new();
            assert_eq!(s.hash_one(&c), s.hash_one(&v));
            let r = VariantRef::decode(&bytes, &cfg).unwrap();
            assert!(format!("{r:?}").len() < 100_000);
            assert!(r.to_variant() == v);
            assert_eq!(v.encode(&cfg).unwrap().len(), bytes.len() - deep_key(4_000).len() - 8);
            bytes
        })
        .unwrap()
        .join();
    assert!(bytes.is_ok(), "the 2 MiB thread panicked");
}

/// A typed `Dictionary[Array, int]` whose keys arrive as PackedByteArrays: the engine converts each into an
/// Array of ints (a 40-byte `Variant` per input byte, as in the engine). Indexing those keys by copies
/// doubled that (≈ 80·n); the promise is 48·n + 512 KiB.
#[test]
fn converted_container_keys_stay_within_the_memory_promise() {
    const PACKED_BYTE_ARRAY: u32 = 29;
    let mut bytes = Vec::new();
    // Key type: builtin (1) Array; value type: untyped.
    u32s(&mut bytes, &[DICTIONARY | 1 << 16, ARRAY, 20]);
    for e in 0..20u32 {
        u32s(&mut bytes, &[PACKED_BYTE_ARRAY, 10_000]);
        bytes.extend((0..10_000u32).map(|i| (i + e) as u8));
        u32s(&mut bytes, &[INT, e]);
    }
    let n = bytes.len();
    let cfg = Config::new(Dialect::Godot4_6);
    let (_, peak) = cost_of(|| {
        let v = Variant::decode(&bytes, &cfg).unwrap();
        let Variant::Dictionary(d) = &v else { panic!() };
        assert_eq!(d.entries.len(), 20);
        assert!(matches!(&d.entries[3].0, Variant::Array(a) if a.items.len() == 10_000));
        v
    });
    assert!(peak <= 48 * n + (512 << 10), "Variant: peak {peak} for {n} input bytes ({}·n)", peak / n);
    let (_, peak) = cost_of(|| VariantRef::decode(&bytes, &cfg).unwrap());
    assert!(peak <= 48 * n + (512 << 10), "VariantRef: peak {peak} for {n} input bytes ({}·n)", peak / n);
}

/// Keys as Godot 4 compares them: a StringName is the String of its text, every NaN one float, -0.0 the
/// same as 0.0 (also inside Vector2/3/4), anything else exactly (containers compared deep, floats by bits).
fn godot4_same_key(a: &Variant, b: &Variant) -> bool {
    fn f(x: f64) -> u64 {
        if x.is_nan() {
            f64::NAN.to_bits()
        } else if x == 0.0 {
            0
        } else {
            x.to_bits()
        }
    }
    use godot_bin::markers::StringName;
    match (a, b) {
        (
            Variant::String(x) | Variant::StringName(StringName(x)),
            Variant::String(y) | Variant::StringName(StringName(y)),
        ) => x == y,
        (Variant::Float(x), Variant::Float(y)) => f(*x) == f(*y),
        (Variant::Vector2(x), Variant::Vector2(y)) => f(x.x) == f(y.x) && f(x.y) == f(y.y),
        (Variant::Vector3(x), Variant::Vector3(y)) => f(x.x) == f(y.x) && f(x.y) == f(y.y) && f(x.z) == f(y.z),
        _ => a == b,
    }
}

/// Random dictionaries whose keys repeat (ints, texts, StringNames, ±0.0 and NaNs, vectors, and container
/// keys holding such values), below and past the index size: both decoders merge exactly the keys a
/// straightforward pairwise comparison merges, first place and last value.
#[test]
fn repeated_keys_merge_as_a_pairwise_comparison_says() {
    use godot_bin::markers::{StringName, Vector2};
    let mut rng = crate::common::r#gen::Rng(0x9E37_79B9_7F4A_7C15);
    let mut next = move |n: u64| rng.below(n);
    let cfg = deep_cfg();
    let mut text_rounds = 0;
    for round in 0..300 {
        let mut pool: Vec<Variant> = vec![
            Variant::Int(1),
            Variant::from("a"),
            Variant::StringName(StringName::from("a")),
            Variant::Float(0.0),
            Variant::Float(-0.0),
            Variant::Float(f64::NAN),
            Variant::Float(f64::from_bits(f64::NAN.to_bits() | 1)),
            Variant::Vector2(Vector2::new(-0.0, 1.0)),
            Variant::Vector2(Vector2::new(0.0, 1.0)),
        ];
        // Container keys made of the leaves above (so nested floats and names compare exactly).
        for _ in 0..6 {
            let a = pool[next(pool.len() as u64) as usize].clone();
            let b = pool[next(pool.len() as u64) as usize].clone();
            pool.push(if next(2) == 0 {
                Variant::from(vec![a, b])
            } else {
                Variant::Dictionary(Box::new(godot_bin::Dictionary::from(vec![(a, b)])))
            });
        }
        let n = 1 + next(if round % 2 == 0 { 12 } else { 60 }) as usize;
        let raw: Vec<(Variant, Variant)> =
            (0..n).map(|i| (pool[next(pool.len() as u64) as usize].clone(), Variant::Int(i as i64))).collect();
        let mut expected: Vec<(Variant, Variant)> = Vec::new();
        for (k, v) in &raw {
            match expected.iter_mut().find(|(ek, _)| godot4_same_key(ek, k)) {
                Some(e) => e.1 = v.clone(),
                None => expected.push((k.clone(), v.clone())),
            }
        }
        // The encoder writes every entry it is given, repeated keys included.
        let raw = Variant::Dictionary(Box::new(godot_bin::Dictionary::from(raw)));
        let bytes = raw.encode(&cfg).unwrap();
        let expected = Variant::Dictionary(Box::new(godot_bin::Dictionary::from(expected)));
        assert_eq!(Variant::decode(&bytes, &cfg).unwrap(), expected, "round {round}");
        assert_eq!(VariantRef::decode(&bytes, &cfg).unwrap().to_variant(), expected, "round {round}");
        // The text reader too, where the text says exactly the same (a NaN payload has no text form).
        if let Ok(t) = godot_bin::text::to_text_exact(&raw, &cfg) {
            assert_eq!(godot_bin::text::from_text(&t, &cfg).unwrap(), expected, "round {round}: {t}");
            text_rounds += 1;
        }
        // And the JSON reader, which hashes keys bottom-up the same way.
        #[cfg(feature = "json")]
        {
            let j = godot_bin::json::to_json_string(&raw, &cfg);
            assert_eq!(godot_bin::json::from_json_str(&j, &cfg).unwrap(), expected, "round {round}: {j}");
        }
    }
    assert!(text_rounds > 50, "only {text_rounds} rounds checked the text reader");
}

/// Comparisons made by [`Counted`] keys on this thread; a test sets `BUDGET`, past which a comparison
/// panics (a scanning dictionary would otherwise run for minutes before failing).
mod counted {
    use std::cell::Cell;

    thread_local! {
        pub static COMPARISONS: Cell<u64> = const { Cell::new(0) };
        pub static BUDGET: Cell<u64> = const { Cell::new(u64::MAX) };
    }

    /// Comparisons so far, then counting from zero with `budget` allowed.
    pub fn reset(budget: u64) -> u64 {
        BUDGET.with(|b| b.set(budget));
        COMPARISONS.with(|c| c.replace(0))
    }

    pub fn count() {
        let n = COMPARISONS.with(|c| {
            c.set(c.get() + 1);
            c.get()
        });
        assert!(n <= BUDGET.with(Cell::get), "over {n} key comparisons: the dictionary scans");
    }
}

/// A key that counts its comparisons; its float is compared as `f64` compares (a NaN equals nothing).
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
struct Counted(f64);

impl PartialEq for Counted {
    fn eq(&self, o: &Self) -> bool {
        counted::count();
        self.0 == o.0
    }
}

impl godot_bin::typed::Element for Counted {
    fn container_type() -> godot_bin::value::ContainerType {
        godot_bin::value::ContainerType::Builtin(godot_bin::value::TypeKind::Float)
    }
}

/// 60,000 entries inserted one by one and then looked up, built by inserts, by collecting, from a `Vec` and
/// by decoding: a few comparisons per operation, not one per entry (a scan made 1.8 billion).
#[test]
fn typed_dictionary_lookups_compare_a_few_keys_however_it_was_built() {
    use godot_bin::typed::TypedDictionary;
    const N: usize = 60_000;
    let key = |i: usize| Counted(i as f64 * 0.5);
    let budget = 4 * N as u64;
    counted::reset(budget);
    let mut inserted = TypedDictionary::<Counted, i64>::default();
    for i in 0..N {
        assert_eq!(inserted.insert(key(i), i as i64), None);
    }
    assert_eq!(inserted.insert(key(7), -7), Some(7));
    let n = counted::reset(budget);
    assert!(n <= 3 * N as u64, "{n} comparisons for {N} inserts");
    let collected: TypedDictionary<Counted, i64> = (0..N).map(|i| (key(i), i as i64)).collect();
    let from_vec = TypedDictionary::from((0..N).map(|i| (key(i), i as i64)).collect::<Vec<_>>());
    let bytes = godot_bin::to_vec(&collected).unwrap();
    let decoded: TypedDictionary<Counted, i64> = godot_bin::from_slice(&bytes).unwrap();
    let n = counted::reset(budget);
    assert!(n <= 3 * 3 * N as u64, "{n} comparisons building three of {N} entries");
    for (what, d) in
        [("inserted", &inserted), ("collected", &collected), ("from a Vec", &from_vec), ("decoded", &decoded)]
    {
        assert_eq!(d.len(), N, "{what}");
        for i in (0..N).rev() {
            let want = if what == "inserted" && i == 7 { -7 } else { i as i64 };
            assert_eq!(d.get(&key(i)), Some(&want), "{what}: key {i}");
        }
        assert_eq!(d.get(&Counted(-1.0)), None);
        let n = counted::reset(budget);
        assert!(n <= 3 * N as u64, "{what}: {n} comparisons for {N} lookups");
    }
    counted::reset(u64::MAX);
}

/// Keys that equal nothing, not even themselves (NaN floats), as a hostile save can hold 60,000 of them in a
/// `Dictionary[float, …]`: each is appended, none is ever found, and none makes the next insert scan them all
/// (they share one hash).
#[test]
fn typed_dictionary_nan_keys_do_not_pile_up_in_one_bucket() {
    use godot_bin::typed::TypedDictionary;
    const N: usize = 60_000;
    counted::reset(4 * N as u64);
    let mut d = TypedDictionary::<Counted, i64>::default();
    for i in 0..N {
        assert_eq!(d.insert(Counted(f64::NAN), i as i64), None);
        assert_eq!(d.get(&Counted(f64::NAN)), None);
    }
    assert_eq!(d.len(), N);
    let n = counted::reset(u64::MAX);
    assert!(n <= 3 * N as u64, "{n} comparisons for {N} NaN inserts and lookups");
    // The same as `f64` keys, and through the decoder, which merges repeated keys as the engine compares
    // them (a NaN key is the same key as another NaN there).
    let floats: TypedDictionary<f64, i64> = (0..N).map(|i| (f64::NAN, i as i64)).collect();
    assert_eq!(floats.len(), N);
    let back: TypedDictionary<f64, i64> = godot_bin::from_slice(&godot_bin::to_vec(&floats).unwrap()).unwrap();
    assert_eq!(back.len(), 1);
    assert!(!back.contains_key(&f64::NAN));
}
