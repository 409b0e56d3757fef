//! Property tests (proptest), for every dialect, objects on and off, single and double precision:
//!
//! * any Variant the config can hold round-trips: encode, decode back equal, re-encode to the same bytes;
//! * encoding is canonical on whatever bytes happen to decode: decode∘encode∘decode = decode, and
//!   encode∘decode∘encode = encode (mutated encodings and header-shaped random words as input), and
//!   `VariantRef` decodes those inputs exactly as `Variant` does.
//!
//! The value generator here is written independently of `godot_bin::interop::arbitrary` (which the fuzz targets use),
//! from the rules the README states: a Godot 2 int is 32-bit and its float single precision; a single-
//! precision build holds reals as f32 (a Godot 2/3/Pandemonium double build as f32 widened with NaNs quiet,
//! a Godot 4 double build as any f64); text has no NUL and no leading BOM; a null object is written as Nil.

use godot_bin::markers::{widen_exact, widen_like_engine};
use godot_bin::markers::{
    Aabb, Basis, Color, Image, InputEvent, InputEventData, NodePath, Plane, Projection, Quaternion, Rect2, Rect2i, Rid,
    StringName, Transform2D, Transform3D, Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};
use godot_bin::value::{ContainerType, Signal, TypeKind};
use godot_bin::*;
use proptest::prelude::*;
use proptest::strategy::{BoxedStrategy, Union};

/// The fuzz targets' list of values whose encoding is known not to be canonical (one list for both).
use crate::fuzz_common;
use fuzz_common::known_issue;

fn config() -> impl Strategy<Value = Config> {
    (prop::sample::select(Dialect::ALL.to_vec()), any::<bool>(), any::<bool>())
        .prop_map(|(d, objects, double)| Config::new(d).with_allow_objects(objects).with_double_precision(double))
}

fn is_godot4(d: Dialect) -> bool {
    d.has_type(TypeKind::Callable)
}

/// A real as the build holds it.
fn real(cfg: &Config) -> BoxedStrategy<f64> {
    let d = cfg.dialect();
    if !cfg.double_precision() {
        any::<u32>().prop_map(|b| widen_exact(f32::from_bits(b))).boxed()
    } else if is_godot4(d) {
        prop_oneof![any::<u64>().prop_map(f64::from_bits), (-1000i32..1000).prop_map(|x| f64::from(x) / 3.0)].boxed()
    } else {
        any::<u32>().prop_map(|b| widen_like_engine(f32::from_bits(b))).boxed()
    }
}

fn text() -> BoxedStrategy<String> {
    prop::collection::vec(any::<char>(), 0..6)
        .prop_map(|c| {
            let s: String = c.into_iter().filter(|&c| c != '\0').collect();
            s.trim_start_matches('\u{feff}').to_owned()
        })
        .boxed()
}

fn short<T: std::fmt::Debug>(s: impl Strategy<Value = T>) -> impl Strategy<Value = Vec<T>> {
    prop::collection::vec(s, 0..5)
}

/// Values of every kind the config has that hold no other values.
fn leaf(cfg: &Config) -> BoxedStrategy<Variant> {
    use TypeKind as K;
    use Variant as V;
    let d = cfg.dialect();
    let g2 = d == Dialect::Godot2;
    let r = real(cfg);
    let v2 = (r.clone(), r.clone()).prop_map(|(x, y)| Vector2::new(x, y));
    let v3 = (r.clone(), r.clone(), r.clone()).prop_map(|(x, y, z)| Vector3::new(x, y, z));
    let v4 = (r.clone(), r.clone(), r.clone(), r.clone()).prop_map(|(x, y, z, w)| Vector4::new(x, y, z, w));
    let color = any::<[u32; 4]>().prop_map(|c| {
        let c = c.map(f32::from_bits);
        Color::new(c[0], c[1], c[2], c[3])
    });
    let no_wide4 = cfg.double_precision() && matches!(d, Dialect::Godot4_0 | Dialect::Godot4_1);
    let mut arms: Vec<(K, BoxedStrategy<Variant>)> = vec![
        (K::Nil, Just(V::Nil).boxed()),
        (K::Bool, any::<bool>().prop_map(V::Bool).boxed()),
        (
            K::Int,
            if g2 {
                any::<i32>().prop_map(|i| V::Int(i.into())).boxed()
            } else {
                any::<i64>().prop_map(V::Int).boxed()
            },
        ),
        (
            K::Float,
            if g2 {
                any::<u32>().prop_map(|b| V::Float(widen_like_engine(f32::from_bits(b)))).boxed()
            } else {
                any::<u64>().prop_map(|b| V::Float(f64::from_bits(b))).boxed()
            },
        ),
        (K::String, text().prop_map(|s| V::String(s.into())).boxed()),
        (K::StringName, text().prop_map(|s| V::StringName(StringName(s.into()))).boxed()),
        (K::Vector2, v2.clone().prop_map(V::Vector2).boxed()),
        (K::Vector2i, any::<(i32, i32)>().prop_map(|(x, y)| V::Vector2i(Vector2i::new(x, y))).boxed()),
        (K::Rect2, (v2.clone(), v2.clone()).prop_map(|(p, s)| V::Rect2(Rect2::new(p, s))).boxed()),
        (
            K::Rect2i,
            any::<[i32; 4]>()
                .prop_map(|a| V::Rect2i(Rect2i::new(Vector2i::new(a[0], a[1]), Vector2i::new(a[2], a[3]))))
                .boxed(),
        ),
        (K::Vector3, v3.clone().prop_map(V::Vector3).boxed()),
        (K::Vector3i, any::<[i32; 3]>().prop_map(|a| V::Vector3i(Vector3i::new(a[0], a[1], a[2]))).boxed()),
        (
            K::Transform2D,
            (v2.clone(), v2.clone(), v2.clone())
                .prop_map(|(a, b, c)| V::Transform2D(Box::new(Transform2D::new(a, b, c))))
                .boxed(),
        ),
        (K::Vector4i, any::<[i32; 4]>().prop_map(|a| V::Vector4i(Vector4i::new(a[0], a[1], a[2], a[3]))).boxed()),
        (K::Plane, (v3.clone(), r.clone()).prop_map(|(n, x)| V::Plane(Plane::new(n, x))).boxed()),
        (K::Quaternion, v4.clone().prop_map(|q| V::Quaternion(Quaternion::new(q.x, q.y, q.z, q.w))).boxed()),
        (K::Aabb, (v3.clone(), v3.clone()).prop_map(|(p, s)| V::Aabb(Box::new(Aabb::new(p, s)))).boxed()),
        (
            K::Basis,
            (v3.clone(), v3.clone(), v3.clone())
                .prop_map(|(a, b, c)| V::Basis(Box::new(Basis::from_rows(a, b, c))))
                .boxed(),
        ),
        (
            K::Transform3D,
            (v3.clone(), v3.clone(), v3.clone(), v3.clone())
                .prop_map(|(a, b, c, o)| V::Transform3D(Box::new(Transform3D::new(Basis::from_rows(a, b, c), o))))
                .boxed(),
        ),
        (K::Color, color.clone().prop_map(V::Color).boxed()),
        (
            K::NodePath,
            (short(text()), short(text()), any::<bool>(), proptest::option::of(text()))
                .prop_map(move |(names, subnames, absolute, property)| {
                    let empty = names.is_empty() && subnames.is_empty();
                    V::NodePath(Box::new(NodePath {
                        // Godot 3 and Pandemonium read a path without names and subnames as relative.
                        absolute: absolute && (g2 || is_godot4(d) || !empty),
                        names,
                        subnames,
                        // Only Godot 2 has a separate property.
                        property: if g2 { property } else { None },
                    }))
                })
                .boxed(),
        ),
        (
            K::Rid,
            if is_godot4(d) { any::<u64>().prop_map(|x| V::Rid(Rid(x))).boxed() } else { Just(V::Rid(Rid(0))).boxed() },
        ),
        (K::Callable, Just(V::Callable).boxed()),
        (K::Signal, (text(), any::<u64>()).prop_map(|(name, object)| V::Signal(Signal { name, object })).boxed()),
        (K::PackedByteArray, prop::collection::vec(any::<u8>(), 0..9).prop_map(V::PackedByteArray).boxed()),
        (K::PackedInt32Array, short(any::<i32>()).prop_map(V::PackedInt32Array).boxed()),
        (K::PackedInt64Array, short(any::<i64>()).prop_map(V::PackedInt64Array).boxed()),
        (K::PackedFloat32Array, short(any::<u32>().prop_map(f32::from_bits)).prop_map(V::PackedFloat32Array).boxed()),
        (K::PackedFloat64Array, short(any::<u64>().prop_map(f64::from_bits)).prop_map(V::PackedFloat64Array).boxed()),
        (
            K::PackedStringArray,
            short(text()).prop_map(|v| V::PackedStringArray(v.into_iter().map(Into::into).collect())).boxed(),
        ),
        (K::PackedVector2Array, short(v2).prop_map(V::PackedVector2Array).boxed()),
        (K::PackedVector3Array, short(v3).prop_map(V::PackedVector3Array).boxed()),
        (K::PackedColorArray, short(color).prop_map(V::PackedColorArray).boxed()),
        (
            K::PackedVector2iArray,
            short(any::<(i32, i32)>().prop_map(|(x, y)| Vector2i::new(x, y))).prop_map(V::PackedVector2iArray).boxed(),
        ),
        (
            K::PackedVector3iArray,
            short(any::<[i32; 3]>().prop_map(|a| Vector3i::new(a[0], a[1], a[2])))
                .prop_map(V::PackedVector3iArray)
                .boxed(),
        ),
        (
            K::PackedVector4iArray,
            short(any::<[i32; 4]>().prop_map(|a| Vector4i::new(a[0], a[1], a[2], a[3])))
                .prop_map(V::PackedVector4iArray)
                .boxed(),
        ),
        (
            K::Image,
            (0u32..23, any::<[u32; 3]>(), prop::collection::vec(any::<u8>(), 1..9))
                .prop_map(|(format, [mipmaps, width, height], data)| {
                    V::Image(Box::new(Image { format, mipmaps, width, height, data }))
                })
                .boxed(),
        ),
        (
            K::InputEvent,
            (any::<u32>(), any::<[u32; 2]>(), 0u8..10)
                .prop_map(|(device, [a, b], t)| {
                    let data = match t {
                        0 => InputEventData::None,
                        1 => InputEventData::Key { modifiers: a, scancode: b },
                        2 => InputEventData::MouseMotion,
                        3 => InputEventData::MouseButton { button_index: a },
                        4 => InputEventData::JoystickMotion { axis: a, value_bits: b },
                        5 => InputEventData::JoystickButton { button_index: a },
                        6 => InputEventData::ScreenTouch { index: a },
                        7 => InputEventData::ScreenDrag,
                        8 => InputEventData::Action,
                        _ => InputEventData::Other(a.max(9)),
                    };
                    V::InputEvent(InputEvent { device, data })
                })
                .boxed(),
        ),
    ];
    if !no_wide4 {
        arms.push((K::Vector4, v4.clone().prop_map(V::Vector4).boxed()));
        arms.push((
            K::Projection,
            (v4.clone(), v4.clone(), v4.clone(), v4.clone())
                .prop_map(|(a, b, c, e)| V::Projection(Box::new(Projection { columns: [a, b, c, e] })))
                .boxed(),
        ));
        arms.push((K::PackedVector4Array, short(v4).prop_map(V::PackedVector4Array).boxed()));
    }
    if d != Dialect::Godot2 {
        // A null object is written as Nil: only objects by id (and, allowed, full objects below).
        arms.push((K::Object, (1u64..).prop_map(|id| V::Object(Box::new(Object::InstanceId(id)))).boxed()));
    } else {
        arms.push((K::Object, Just(V::Object(Box::new(Object::Null))).boxed()));
    }
    Union::new(arms.into_iter().filter(|(k, _)| d.has_type(*k)).map(|(_, s)| s)).boxed()
}

/// Any value the config holds: leaves, and Arrays, Dictionaries and (allowed) full objects of them.
fn value(cfg: Config) -> BoxedStrategy<Variant> {
    let d = cfg.dialect();
    let g2 = d == Dialect::Godot2;
    let objects = cfg.allow_objects() && !g2;
    let typed_arrays = matches!(d, Dialect::Godot4_3 | Dialect::Godot4_4 | Dialect::Godot4_5 | Dialect::Godot4_6);
    let leaf = leaf(&cfg);
    let leaf_for_typed = leaf.clone();
    leaf.prop_recursive(3, 32, 4, move |inner| {
        let mut arms: Vec<BoxedStrategy<Variant>> = vec![
            (short(inner.clone()), any::<bool>())
                .prop_map(move |(items, shared)| {
                    Variant::from(Array { items, element_type: ContainerType::Untyped, shared: g2 && shared })
                })
                .boxed(),
            // Int and String keys: unique as the engine compares them exactly when they are unique here.
            (
                short((
                    prop_oneof![any::<i32>().prop_map(Variant::from), text().prop_map(Variant::from)],
                    inner.clone(),
                )),
                any::<bool>(),
            )
                .prop_map(move |(pairs, shared)| {
                    let mut d = Dictionary { shared: g2 && shared, ..Default::default() };
                    for (k, v) in pairs {
                        d.insert(k, v);
                    }
                    Variant::from(d)
                })
                .boxed(),
        ];
        if typed_arrays {
            // Array[T] of elements of exactly T (kept unconverted by the engine).
            let lf = leaf_for_typed.clone();
            arms.push(
                short(lf)
                    .prop_filter_map("one kind", |items| {
                        let k = items.first()?.kind();
                        let items: Vec<Variant> = items.into_iter().filter(|v| v.kind() == k).collect();
                        (!matches!(k, TypeKind::Nil | TypeKind::Object)).then(|| {
                            Variant::from(Array { items, element_type: ContainerType::Builtin(k), shared: false })
                        })
                    })
                    .boxed(),
            );
        }
        if objects {
            arms.push(
                (text(), short((text(), inner.clone())))
                    .prop_map(|(class, properties)| {
                        Variant::from(Object::Full { class: format!("C{class}"), properties })
                    })
                    .boxed(),
            );
        }
        Union::new(arms)
    })
    .boxed()
}

fn case() -> impl Strategy<Value = (Config, Variant)> {
    config().prop_flat_map(|cfg| (Just(cfg.clone()), value(cfg)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_value_a_dialect_holds_round_trips((cfg, v) in case()) {
        let bytes = v.encode(&cfg).map_err(|e| TestCaseError::fail(format!("encode: {e}")))?;
        prop_assert_eq!(bytes.len() % 4, 0);
        let back = Variant::decode(&bytes, &cfg).map_err(|e| TestCaseError::fail(format!("decode: {e}")))?;
        prop_assert_eq!(&back, &v);
        prop_assert_eq!(back.encode(&cfg).unwrap(), bytes);
    }

    #[test]
    fn encoding_is_canonical_on_mutated_encodings(
        (cfg, v) in case(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let mut bytes = v.encode(&cfg).unwrap();
        if bytes.is_empty() {
            return Ok(());
        }
        for (i, b) in edits {
            let i = i.index(bytes.len());
            bytes[i] = b;
        }
        if truncate {
            bytes.truncate(cut.index(bytes.len() + 1));
        }
        check_canonical(&bytes, &cfg)?;
    }

    #[test]
    fn encoding_is_canonical_on_header_shaped_words(
        cfg in config(),
        words in prop::collection::vec(prop_oneof![0u32..50, 0u32..8, any::<u32>(), Just(0x8000_0001u32), 0x1_0000u32..0x1_0030], 1..24),
    ) {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        check_canonical(&bytes, &cfg)?;
    }
}

/// decode∘encode∘decode = decode and encode∘decode∘encode = encode, for bytes that decode; and
/// `VariantRef` decodes the bytes as `Variant` does (same value once owned, or same error and offset).
fn check_canonical(bytes: &[u8], cfg: &Config) -> Result<(), TestCaseError> {
    let owned = Variant::decode_prefix(bytes, cfg);
    match (&owned, godot_bin::VariantRef::decode_prefix(bytes, cfg)) {
        (Ok((v, used)), Ok((r, used_r))) => {
            prop_assert_eq!(used_r, *used);
            prop_assert_eq!(&r.to_variant(), v);
        }
        (Err(e), Err(er)) => {
            prop_assert_eq!(format!("{:?}", er.kind()), format!("{:?}", e.kind()));
            prop_assert_eq!(er.offset(), e.offset());
        }
        (a, b) => return Err(TestCaseError::fail(format!("Variant {a:?} but VariantRef {b:?}"))),
    }
    let Ok((v, _)) = owned else { return Ok(()) };
    let enc = match v.encode(cfg) {
        Ok(e) => e,
        // Godot 4.0/4.1 double builds refuse to write Vector4/Projection (documented).
        Err(e) if matches!(e.kind(), ErrorKind::Unsupported { .. }) && cfg.double_precision() => return Ok(()),
        Err(e) => return Err(TestCaseError::fail(format!("decoded {v:?}, but encoding failed: {e}"))),
    };
    let back = Variant::decode(&enc, cfg).map_err(|e| TestCaseError::fail(format!("re-decode of {v:?}: {e}")))?;
    if known_issue(&v, cfg) {
        return Ok(());
    }
    prop_assert_eq!(&back, &v);
    prop_assert_eq!(back.encode(cfg).unwrap(), enc);
    Ok(())
}
