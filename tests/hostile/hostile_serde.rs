//! Serde recursion on hostile nesting: derived `Deserialize` impls recurse once per level, and the stack a
//! level takes depends on the user's types, so a depth number alone cannot keep a thread safe. With the
//! default config every derived type here is refused with an error, never a stack overflow, on a 2 MiB
//! thread (tokio's worker default), in debug and release builds; `Config::DEFAULT_SERDE_STACK` is the mechanism.
//! Run `cargo test --release --test hostile_serde -- --nocapture` for the depths each thread size reaches.

use godot_bin::{Config, Dictionary, ErrorKind, Variant};
use serde::Deserialize;

/// `levels` dictionaries nested under the key "child", the innermost one empty. Built and encoded without
/// recursion (the encoder is iterative); the value is dropped on a big thread by the caller.
fn nested_children(levels: usize) -> Vec<u8> {
    let mut v = Variant::Dictionary(Box::default());
    for _ in 0..levels {
        let mut d = Dictionary::default();
        d.insert("child".into(), v);
        v = Variant::Dictionary(Box::new(d));
    }
    let bytes = v.encode(&Config::default().with_max_depth(Config::MAX_DEPTH_LIMIT)).unwrap();
    // Dropping a few thousand nested dictionaries recurses; do it where there is stack for it.
    std::thread::Builder::new().stack_size(64 << 20).spawn(move || drop(v)).unwrap().join().unwrap();
    bytes
}

macro_rules! wide_node {
    ($name:ident; $($f:ident)*) => {
        #[derive(Deserialize, Debug)]
        #[allow(dead_code)]
        struct $name {
            $($f: Option<String>,)*
            child: Option<Box<$name>>,
        }
    };
}

wide_node!(Wide40; f00 f01 f02 f03 f04 f05 f06 f07 f08 f09 f10 f11 f12 f13 f14 f15 f16 f17 f18 f19
    f20 f21 f22 f23 f24 f25 f26 f27 f28 f29 f30 f31 f32 f33 f34 f35 f36 f37 f38 f39);
wide_node!(Narrow8; f00 f01 f02 f03 f04 f05 f06 f07);

/// Decodes `bytes` as `T` on a thread of `stack` bytes; `Err` with the error kind's name, `Ok` if it
/// decoded. A stack overflow aborts the whole test process, which is the failure this file guards against.
fn decode_on<T: for<'de> Deserialize<'de> + Send + 'static>(bytes: Vec<u8>, stack: usize) -> Result<(), String> {
    decode_with::<T>(bytes, stack, Config::DEFAULT_SERDE_STACK)
}

/// [`decode_on`] with a serde stack budget of `budget` bytes (`Config::serde_stack`).
fn decode_with<T: for<'de> Deserialize<'de> + Send + 'static>(
    bytes: Vec<u8>, stack: usize, budget: usize,
) -> Result<(), String> {
    let cfg = Config::default().with_max_depth(Config::MAX_DEPTH_LIMIT).with_serde_stack(budget);
    std::thread::Builder::new()
        .stack_size(stack)
        .spawn(move || match godot_bin::from_slice_with::<T>(&bytes, &cfg) {
            Ok(v) => {
                // Dropping the nested Boxes recurses too (serde's and std's code, not ours): leave it to a
                // big thread so the measurement is of decoding only.
                let v = Box::new(v);
                std::thread::Builder::new().stack_size(64 << 20).spawn(move || drop(v)).unwrap().join().unwrap();
                Ok(())
            }
            Err(e) => {
                assert!(e.offset().is_some(), "{e}");
                assert!(matches!(e.kind(), ErrorKind::TooDeep { .. } | ErrorKind::StackBudget { .. }), "{e}");
                Err(format!("{e}"))
            }
        })
        .unwrap()
        .join()
        .unwrap()
}

const MIB2: usize = 2 << 20;

#[test]
fn a_40_field_recursive_struct_never_overflows_a_2_mib_thread() {
    for levels in [300, 1000, 4000] {
        let r = decode_on::<Wide40>(nested_children(levels), MIB2);
        println!("Wide40 × {levels} on 2 MiB: {r:?}");
    }
    // Moderate nesting still reads.
    assert_eq!(decode_on::<Wide40>(nested_children(30), MIB2), Ok(()));
}

#[test]
fn an_8_field_recursive_struct_never_overflows_a_2_mib_thread() {
    for levels in [300, 510, 1000, 4000] {
        let r = decode_on::<Narrow8>(nested_children(levels), MIB2);
        println!("Narrow8 × {levels} on 2 MiB: {r:?}");
    }
    assert_eq!(decode_on::<Narrow8>(nested_children(100), MIB2), Ok(()));
}

#[test]
fn serde_json_values_never_overflow_a_2_mib_thread() {
    for levels in [300, 1000, 4000] {
        let r = decode_on::<serde_json::Value>(nested_children(levels), MIB2);
        println!("serde_json::Value × {levels} on 2 MiB: {r:?}");
    }
    assert_eq!(decode_on::<serde_json::Value>(nested_children(100), MIB2), Ok(()));
}

const KIB256: usize = 256 << 10;

/// A 256 KiB thread is safe too once the budget is set to half of it (`Config::serde_stack`): with the
/// default 1 MiB budget these overflow such a thread (an abort, so not tried here).
#[test]
fn a_256_kib_thread_with_a_128_kib_budget_never_overflows() {
    for levels in [300, 1000, 4000] {
        let r = decode_with::<Wide40>(nested_children(levels), KIB256, KIB256 / 2);
        println!("Wide40 × {levels} on 256 KiB: {r:?}");
        assert!(r.is_err());
        let r = decode_with::<Narrow8>(nested_children(levels), KIB256, KIB256 / 2);
        println!("Narrow8 × {levels} on 256 KiB: {r:?}");
        assert!(r.is_err());
        let r = decode_with::<serde_json::Value>(nested_children(levels), KIB256, KIB256 / 2);
        println!("serde_json::Value × {levels} on 256 KiB: {r:?}");
        assert!(r.is_err());
    }
    assert_eq!(decode_with::<Narrow8>(nested_children(10), KIB256, KIB256 / 2), Ok(()));
    assert_eq!(decode_with::<serde_json::Value>(nested_children(10), KIB256, KIB256 / 2), Ok(()));
}

/// What the budget gives: the deepest nesting each type reads on a 2 MiB thread with the default budget and
/// on a 256 KiB thread with a 128 KiB one (printed; asserted only to be refused by the budget or the depth
/// limit, with an offset, above it).
#[test]
fn deepest_nesting_read_per_type() {
    fn deepest<T: for<'de> Deserialize<'de> + Send + 'static>(stack: usize) -> usize {
        let budget = if stack == MIB2 { Config::DEFAULT_SERDE_STACK } else { stack / 2 };
        let (mut lo, mut hi) = (0usize, 600usize); // lo reads, hi does not
        if decode_with::<T>(nested_children(hi), stack, budget).is_ok() {
            return hi;
        }
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if decode_with::<T>(nested_children(mid), stack, budget).is_ok() {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        lo
    }
    let build = if cfg!(debug_assertions) { "debug" } else { "release" };
    println!("{build}: Wide40 reads {} levels on 2 MiB", deepest::<Wide40>(MIB2));
    println!("{build}: Narrow8 reads {} levels on 2 MiB", deepest::<Narrow8>(MIB2));
    println!("{build}: serde_json::Value reads {} levels on 2 MiB", deepest::<serde_json::Value>(MIB2));
    println!("{build}: Wide40 reads {} levels on 256 KiB (128 KiB budget)", deepest::<Wide40>(KIB256));
    println!("{build}: Narrow8 reads {} levels on 256 KiB (128 KiB budget)", deepest::<Narrow8>(KIB256));
    println!(
        "{build}: serde_json::Value reads {} levels on 256 KiB (128 KiB budget)",
        deepest::<serde_json::Value>(KIB256)
    );
}

/// A `Deserialize` impl that reads a PackedByteArray and decodes the next level from it with `from_slice`
/// (`{"next": PackedByteArray}`, the innermost with an empty one): each read starts inside a level of the
/// read around it, so the levels of all of them are held together to the thread's depth limit and to the
/// stack budget the outermost read set.
#[derive(Debug)]
#[allow(dead_code)]
struct Relay(Option<Box<RelayNode>>);

#[derive(Deserialize, Debug)]
#[allow(dead_code)]
struct RelayNode {
    next: Relay,
}

impl<'de> Deserialize<'de> for Relay {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let bytes = Vec::<u8>::deserialize(d)?;
        if bytes.is_empty() {
            return Ok(Relay(None));
        }
        // The inner read's error, its kind kept in the message.
        let inner = godot_bin::from_slice::<RelayNode>(&bytes).map_err(|e| {
            let kind = match e.kind() {
                ErrorKind::TooDeep { .. } => "TooDeep",
                ErrorKind::StackBudget { .. } => "StackBudget",
                _ => "other",
            };
            serde::de::Error::custom(format!("{kind}: {e}"))
        })?;
        Ok(Relay(Some(Box::new(inner))))
    }
}

/// `levels` nested `{"next": PackedByteArray}` values, each holding the encoding of the one inside.
fn relayed(levels: usize) -> Vec<u8> {
    let cfg = Config::default();
    let mut bytes = Vec::new();
    for _ in 0..levels {
        let mut d = Dictionary::default();
        d.insert("next".into(), Variant::PackedByteArray(bytes));
        bytes = Variant::Dictionary(Box::new(d)).encode(&cfg).unwrap();
    }
    bytes
}

#[test]
fn reads_started_inside_a_read_share_its_depth_and_stack_budget() {
    let run = |levels: usize| {
        let bytes = relayed(levels);
        std::thread::Builder::new()
            .stack_size(MIB2)
            .spawn(move || {
                let r = godot_bin::from_slice::<RelayNode>(&bytes).map(|v| {
                    std::thread::Builder::new().stack_size(64 << 20).spawn(move || drop(v)).unwrap().join().unwrap();
                });
                // The same thread reads a small message afterwards: the depth was put back.
                assert_eq!(
                    godot_bin::from_slice::<Vec<i32>>(&[28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]).unwrap(),
                    [7]
                );
                r.map_err(|e| e.to_string())
            })
            .unwrap()
            .join()
            .unwrap()
    };
    assert_eq!(run(20), Ok(()));
    // 3,000 reads one inside the other, each a level deeper than the one around it: refused by the depth
    // limit or the stack budget on a 2 MiB thread, not an overflow.
    let e = run(3000).unwrap_err();
    assert!(e.contains("TooDeep") || e.contains("StackBudget"), "{e}");
}

/// A value that the core decoder reads whole (a typed Array, here of nested Arrays) and hands to serde
/// through a `&Variant` deserializer, inside a level of the streaming read: the `&Variant` levels count on
/// from the streaming read's depth, under the same stack budget.
#[test]
fn whole_values_inside_a_read_count_on_from_its_depth() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Outer {
        inner: Vec<serde_json::Value>,
    }
    // [[[…]]] `levels` deep, as the element of a typed Array of Arrays.
    let nest = |levels: usize| {
        let mut v = Variant::from(Vec::<Variant>::new());
        for _ in 0..levels {
            v = Variant::from(vec![v]);
        }
        let typed = godot_bin::Array {
            element_type: godot_bin::value::ContainerType::Builtin(godot_bin::value::TypeKind::Array),
            ..godot_bin::Array::from(vec![v])
        };
        let mut d = Dictionary::default();
        d.insert("inner".into(), Variant::Array(Box::new(typed)));
        let cfg = Config::default().with_max_depth(Config::MAX_DEPTH_LIMIT);
        let bytes = Variant::Dictionary(Box::new(d)).encode(&cfg).unwrap();
        (bytes, cfg)
    };
    for (levels, ok) in
        [(100, true), (godot_bin::de::SERDE_MAX_DEPTH - 3, true), (godot_bin::de::SERDE_MAX_DEPTH, false)]
    {
        let (bytes, cfg) = nest(levels);
        let cfg = cfg.with_serde_stack(48 << 20);
        let r = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || godot_bin::from_slice_with::<Outer>(&bytes, &cfg).map(drop))
            .unwrap()
            .join()
            .unwrap();
        match r {
            Ok(()) => assert!(ok, "{levels} levels read"),
            Err(e) => {
                assert!(!ok, "{levels}: {e}");
                assert!(matches!(e.kind(), ErrorKind::TooDeep { max: godot_bin::de::SERDE_MAX_DEPTH }), "{e}");
            }
        }
    }
}

/// A field read "or nothing": an error inside it is swallowed and the read goes on (as `serde_with`'s
/// `DefaultOnError` does).
struct Soft<T>(Option<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Soft<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Soft(T::deserialize(d).ok()))
    }
}

#[test]
fn a_swallowed_error_inside_a_level_leaves_the_depth_as_it_was() {
    #[derive(serde::Serialize)]
    struct Sent {
        x: Vec<Vec<&'static str>>,
        d: i64,
    }
    #[derive(Deserialize)]
    struct Read {
        x: Vec<Soft<Vec<u8>>>,
        d: i64,
    }
    // Each element of `x` is an Array holding a String, which a Vec<u8> refuses inside its level: more such
    // elements than the depth limit, each read at depth 2 after the error of the one before.
    let cfg = Config::default();
    let n = cfg.max_depth() + 100;
    let bytes = godot_bin::to_vec(&Sent { x: vec![vec!["x"]; n], d: 5 }).unwrap();
    let r: Read = godot_bin::from_slice_with(&bytes, &cfg).unwrap();
    assert_eq!((r.x.len(), r.x.iter().filter(|s| s.0.is_none()).count(), r.d), (n, n, 5));
}
