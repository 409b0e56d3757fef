//! `to_variant` builds the `Variant` directly (no bytes): differentially against the byte path it replaced,
//! `Variant::decode(to_vec(value))`, over generated values covering serde's whole data model (every scalar
//! width, floats by their bits, chars and text with NUL, bytes, options, units, newtypes, every enum
//! representation, sequences, maps with repeated and non-string keys, structs), the markers (math types,
//! StringName, NodePath, packed arrays, RID, typed containers, Variants Godot 4.6 wrote), for every dialect,
//! objects on and off, both precisions and small depth limits: the same value (same Debug, same bytes when
//! encoded), or the same error.

mod common;

use godot_bin::*;
use proptest::prelude::*;
use serde::ser::{
    Serialize, SerializeMap, SerializeSeq, SerializeStruct, SerializeStructVariant, SerializeTuple,
    SerializeTupleStruct, SerializeTupleVariant, Serializer,
};

/// A value of serde's data model, serialized through each method of a `Serializer`.
#[derive(Debug, Clone)]
enum Tree {
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    I128(i128),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    U128(u128),
    F32(u32),
    F64(u64),
    Char(char),
    Str(String),
    Bytes(Vec<u8>),
    None,
    Some(Box<Tree>),
    Unit,
    UnitStruct,
    UnitVariant(usize),
    NewtypeStruct(Box<Tree>),
    NewtypeVariant(usize, Box<Tree>),
    Seq(Vec<Tree>),
    Tuple(Vec<Tree>),
    TupleStruct(Vec<Tree>),
    TupleVariant(usize, Vec<Tree>),
    Map(Vec<(Tree, Tree)>),
    /// Field names from `NAMES` by index (a hand-written impl may repeat one).
    Struct(Vec<(usize, Tree)>),
    StructVariant(usize, Vec<(usize, Tree)>),
    Marker(Marker),
}

#[derive(Debug, Clone)]
enum Marker {
    Vector2(Vector2),
    Vector3(Vector3),
    Vector4(Vector4),
    Quaternion(Quaternion),
    Plane(Plane),
    Vector3i(Vector3i),
    Color(Color),
    Rect2(Rect2),
    Transform2D(Transform2D),
    StringName(String),
    NodePath(String),
    Rid(u64),
    PackedFloat32(Vec<f32>),
    PackedBytes(Vec<u8>),
    PackedStrings(Vec<String>),
    TypedInts(Vec<i64>),
    TypedDict(Vec<(String, i64)>),
    Variant(Variant),
    /// `(f32, f32)` read as a Vector2 would be: a plain tuple, for contrast.
    F32Pair(f32, f32),
}

const NAMES: [&str; 6] = ["hp", "name", "pos", "x", "a_rather_long_field_name_past_24_bytes", ""];

impl Serialize for Tree {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Tree::Bool(v) => s.serialize_bool(*v),
            Tree::I8(v) => s.serialize_i8(*v),
            Tree::I16(v) => s.serialize_i16(*v),
            Tree::I32(v) => s.serialize_i32(*v),
            Tree::I64(v) => s.serialize_i64(*v),
            Tree::I128(v) => s.serialize_i128(*v),
            Tree::U8(v) => s.serialize_u8(*v),
            Tree::U16(v) => s.serialize_u16(*v),
            Tree::U32(v) => s.serialize_u32(*v),
            Tree::U64(v) => s.serialize_u64(*v),
            Tree::U128(v) => s.serialize_u128(*v),
            Tree::F32(b) => s.serialize_f32(f32::from_bits(*b)),
            Tree::F64(b) => s.serialize_f64(f64::from_bits(*b)),
            Tree::Char(c) => s.serialize_char(*c),
            Tree::Str(x) => s.serialize_str(x),
            Tree::Bytes(b) => s.serialize_bytes(b),
            Tree::None => s.serialize_none(),
            Tree::Some(t) => s.serialize_some(&**t),
            Tree::Unit => s.serialize_unit(),
            Tree::UnitStruct => s.serialize_unit_struct("Marker"),
            Tree::UnitVariant(i) => s.serialize_unit_variant("E", *i as u32, NAMES[*i]),
            Tree::NewtypeStruct(t) => s.serialize_newtype_struct("N", &**t),
            Tree::NewtypeVariant(i, t) => s.serialize_newtype_variant("E", *i as u32, NAMES[*i], &**t),
            Tree::Seq(xs) => {
                let mut q = s.serialize_seq(Some(xs.len()))?;
                xs.iter().try_for_each(|x| q.serialize_element(x))?;
                q.end()
            }
            Tree::Tuple(xs) => {
                let mut q = s.serialize_tuple(xs.len())?;
                xs.iter().try_for_each(|x| q.serialize_element(x))?;
                q.end()
            }
            Tree::TupleStruct(xs) => {
                let mut q = s.serialize_tuple_struct("T", xs.len())?;
                xs.iter().try_for_each(|x| q.serialize_field(x))?;
                q.end()
            }
            Tree::TupleVariant(i, xs) => {
                let mut q = s.serialize_tuple_variant("E", *i as u32, NAMES[*i], xs.len())?;
                xs.iter().try_for_each(|x| q.serialize_field(x))?;
                q.end()
            }
            Tree::Map(kv) => {
                let mut m = s.serialize_map(None)?;
                kv.iter().try_for_each(|(k, v)| m.serialize_entry(k, v))?;
                m.end()
            }
            Tree::Struct(fs) => {
                let mut st = s.serialize_struct("S", fs.len())?;
                fs.iter().try_for_each(|(i, v)| st.serialize_field(NAMES[*i], v))?;
                st.end()
            }
            Tree::StructVariant(i, fs) => {
                let mut st = s.serialize_struct_variant("E", *i as u32, NAMES[*i], fs.len())?;
                fs.iter().try_for_each(|(i, v)| st.serialize_field(NAMES[*i], v))?;
                st.end()
            }
            Tree::Marker(m) => match m {
                Marker::Vector2(v) => v.serialize(s),
                Marker::Vector3(v) => v.serialize(s),
                Marker::Vector4(v) => v.serialize(s),
                Marker::Quaternion(v) => v.serialize(s),
                Marker::Plane(v) => v.serialize(s),
                Marker::Vector3i(v) => v.serialize(s),
                Marker::Color(v) => v.serialize(s),
                Marker::Rect2(v) => v.serialize(s),
                Marker::Transform2D(v) => v.serialize(s),
                Marker::StringName(x) => StringName::from(x.as_str()).serialize(s),
                Marker::NodePath(x) => NodePath::parse(x).serialize(s),
                Marker::Rid(x) => Rid(*x).serialize(s),
                Marker::PackedFloat32(x) => PackedFloat32Array::from(x.clone()).serialize(s),
                Marker::PackedBytes(x) => PackedByteArray::from(x.clone()).serialize(s),
                Marker::PackedStrings(x) => PackedStringArray::from(x.clone()).serialize(s),
                Marker::TypedInts(x) => TypedArray::from(x.clone()).serialize(s),
                Marker::TypedDict(x) => x.iter().cloned().collect::<TypedDictionary<String, i64>>().serialize(s),
                Marker::Variant(v) => v.serialize(s),
                Marker::F32Pair(a, b) => (a, b).serialize(s),
            },
        }
    }
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(NAMES.to_vec()).prop_map(str::to_owned),
        prop::collection::vec(any::<char>(), 0..6).prop_map(|c| c.into_iter().collect()),
        Just("a\0b".to_owned()),
    ]
}

fn float64() -> impl Strategy<Value = u64> {
    prop_oneof![
        any::<u64>(),
        prop::sample::select(vec![
            0.0f64,
            -0.0,
            0.1,
            1.5,
            1e300,
            f64::NAN,
            -f64::NAN,
            f64::INFINITY,
            3.0e38,
            16777217.0
        ])
        .prop_map(f64::to_bits),
        any::<u32>().prop_map(|b| (f32::from_bits(b) as f64).to_bits()),
    ]
}

fn engine_values() -> Vec<Variant> {
    let mut out = Vec::new();
    for row in common::rows("godot-4.6/values.tsv") {
        if let Ok(v) = Variant::decode(&common::unhex(row.get(2)), &Config::default().allow_objects(true)) {
            out.push(v);
        }
    }
    assert!(out.len() > 400, "{}", out.len());
    out
}

fn marker(engine: &[Variant]) -> impl Strategy<Value = Marker> {
    let f = || any::<u32>().prop_map(f32::from_bits);
    let v2 = move || (f(), f()).prop_map(|(x, y)| Vector2::new(x as f64, y as f64));
    prop_oneof![
        v2().prop_map(Marker::Vector2),
        (f(), f(), f()).prop_map(|(x, y, z)| Marker::Vector3(Vector3::new(x as f64, y as f64, z as f64))),
        (any::<u64>(), f(), f(), f()).prop_map(|(x, y, z, w)| Marker::Vector4(Vector4 {
            x: f64::from_bits(x),
            y: y as f64,
            z: z as f64,
            w: w as f64
        })),
        (f(), f(), f(), f()).prop_map(|(x, y, z, w)| Marker::Quaternion(Quaternion {
            x: x as f64,
            y: y as f64,
            z: z as f64,
            w: w as f64
        })),
        (f(), f(), f(), any::<u64>()).prop_map(|(x, y, z, d)| Marker::Plane(Plane {
            normal: Vector3::new(x as f64, y as f64, z as f64),
            d: f64::from_bits(d)
        })),
        (any::<i32>(), any::<i32>(), any::<i32>()).prop_map(|(x, y, z)| Marker::Vector3i(Vector3i::new(x, y, z))),
        (f(), f(), f(), f()).prop_map(|(r, g, b, a)| Marker::Color(Color::new(r, g, b, a))),
        (v2(), v2()).prop_map(|(p, q)| Marker::Rect2(Rect2::new(p, q))),
        (v2(), v2(), v2()).prop_map(|(x, y, origin)| Marker::Transform2D(Transform2D { x, y, origin })),
        text().prop_map(Marker::StringName),
        prop::sample::select(vec!["", "a/b:c", "/root/Node", "..", ":x:y"]).prop_map(|s| Marker::NodePath(s.into())),
        any::<u64>().prop_map(Marker::Rid),
        prop::collection::vec(f(), 0..4).prop_map(Marker::PackedFloat32),
        prop::collection::vec(any::<u8>(), 0..6).prop_map(Marker::PackedBytes),
        prop::collection::vec(text(), 0..3).prop_map(Marker::PackedStrings),
        prop::collection::vec(any::<i64>(), 0..3).prop_map(Marker::TypedInts),
        prop::collection::vec((text(), any::<i64>()), 0..3).prop_map(Marker::TypedDict),
        prop::sample::select(engine.to_vec()).prop_map(Marker::Variant),
        (f(), f()).prop_map(|(a, b)| Marker::F32Pair(a, b)),
    ]
}

fn tree(engine: Vec<Variant>) -> impl Strategy<Value = Tree> {
    let leaf = prop_oneof![
        any::<bool>().prop_map(Tree::Bool),
        any::<i8>().prop_map(Tree::I8),
        any::<i16>().prop_map(Tree::I16),
        any::<i32>().prop_map(Tree::I32),
        prop_oneof![any::<i64>(), -3i64..3, Just(i32::MAX as i64 + 1)].prop_map(Tree::I64),
        prop_oneof![any::<i128>(), (-5i128..5)].prop_map(Tree::I128),
        any::<u8>().prop_map(Tree::U8),
        any::<u16>().prop_map(Tree::U16),
        any::<u32>().prop_map(Tree::U32),
        prop_oneof![any::<u64>(), 0u64..5, Just(i64::MAX as u64), Just(i64::MAX as u64 + 1)].prop_map(Tree::U64),
        prop_oneof![any::<u128>(), 0u128..5].prop_map(Tree::U128),
        any::<u32>().prop_map(Tree::F32),
        float64().prop_map(Tree::F64),
        any::<char>().prop_map(Tree::Char),
        text().prop_map(Tree::Str),
        prop::collection::vec(any::<u8>(), 0..6).prop_map(Tree::Bytes),
        Just(Tree::None),
        Just(Tree::Unit),
        Just(Tree::UnitStruct),
        (0..NAMES.len()).prop_map(Tree::UnitVariant),
        marker(&engine).prop_map(Tree::Marker),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        let field = (0..NAMES.len(), inner.clone());
        prop_oneof![
            inner.clone().prop_map(|t| Tree::Some(Box::new(t))),
            inner.clone().prop_map(|t| Tree::NewtypeStruct(Box::new(t))),
            (0..NAMES.len(), inner.clone()).prop_map(|(i, t)| Tree::NewtypeVariant(i, Box::new(t))),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Tree::Seq),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Tree::Tuple),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Tree::TupleStruct),
            (0..NAMES.len(), prop::collection::vec(inner.clone(), 0..4)).prop_map(|(i, x)| Tree::TupleVariant(i, x)),
            prop::collection::vec((inner.clone(), inner.clone()), 0..4).prop_map(Tree::Map),
            prop::collection::vec(field.clone(), 0..4).prop_map(Tree::Struct),
            (0..NAMES.len(), prop::collection::vec(field, 0..4)).prop_map(|(i, x)| Tree::StructVariant(i, x)),
        ]
    })
}

fn config() -> impl Strategy<Value = Config> {
    (
        prop::sample::select(Dialect::ALL.to_vec()),
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(Config::DEFAULT_MAX_DEPTH), 0usize..5],
    )
        .prop_map(|(d, objects, double, depth)| {
            Config::new(d).allow_objects(objects).double_precision(double).max_depth(depth)
        })
}

/// The direct path against the byte path: the same value (Debug and encoding, so that NaN payloads and
/// float widths count), or the same error.
fn same_as_bytes<T: Serialize + ?Sized + std::fmt::Debug>(t: &T, cfg: &Config) {
    let direct = to_variant_with(t, cfg);
    let bytes = to_vec_with(t, cfg).and_then(|b| Variant::decode(&b, cfg));
    match (direct, bytes) {
        (Ok(a), Ok(b)) => {
            assert_eq!(format!("{a:?}"), format!("{b:?}"), "{t:?} {cfg:?}");
            let (ea, eb) = (a.encode(cfg).map_err(|e| e.to_string()), b.encode(cfg).map_err(|e| e.to_string()));
            assert_eq!(ea, eb, "{t:?} {cfg:?}");
        }
        (Err(a), Err(b)) => {
            assert_eq!((a.to_string(), a.offset()), (b.to_string(), b.offset()), "{t:?} {cfg:?}")
        }
        (a, b) => panic!("{t:?} {cfg:?}: direct {a:?}, through bytes {b:?}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4000, ..ProptestConfig::default() })]

    #[test]
    fn to_variant_is_the_byte_round_trip(t in tree(engine_values()), cfg in config()) {
        same_as_bytes(&t, &cfg);
    }
}

#[test]
fn to_variant_is_the_byte_round_trip_on_game_state_structs() {
    use std::collections::{BTreeMap, HashMap};
    #[derive(serde::Serialize, Debug)]
    enum Kind {
        Mob,
        Chest { gold: u32 },
        Door(bool, String),
        Npc(String),
    }
    #[derive(serde::Serialize, Debug)]
    struct Entity {
        id: u64,
        name: String,
        pos: Vector2,
        cell: Vector2i,
        tint: Color,
        tags: PackedStringArray,
        kind: Kind,
        hp: Option<f32>,
        inv: BTreeMap<u8, i64>,
        extra: HashMap<String, Variant>,
        big: i128,
        letter: char,
        raw: serde_bytes_like::Raw,
    }
    mod serde_bytes_like {
        #[derive(Debug)]
        pub struct Raw(pub Vec<u8>);
        impl serde::Serialize for Raw {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_bytes(&self.0)
            }
        }
    }
    let entities: Vec<Entity> = (0..50u64)
        .map(|i| Entity {
            id: i * 1_000_000_007,
            name: format!("mob{i}"),
            pos: Vector2::new(i as f64 * 0.1, -1.5),
            cell: Vector2i::new(i as i32, -(i as i32)),
            tint: Color::new(0.1, 0.2, 0.3, 1.0),
            tags: vec!["npc".to_string()].into(),
            kind: match i % 4 {
                0 => Kind::Mob,
                1 => Kind::Chest { gold: i as u32 },
                2 => Kind::Door(true, "north".into()),
                _ => Kind::Npc("bob".into()),
            },
            hp: (i % 2 == 0).then_some(0.1),
            inv: [(1u8, i as i64), (2, -1)].into_iter().collect(),
            extra: [("k".to_string(), Variant::Float(0.1))].into_iter().collect(),
            big: i as i128 - 25,
            letter: 'é',
            raw: serde_bytes_like::Raw(vec![i as u8; 3]),
        })
        .collect();
    for d in Dialect::ALL {
        for cfg in [Config::new(d), Config::new(d).double_precision(true), Config::new(d).max_depth(2)] {
            same_as_bytes(&entities, &cfg);
        }
    }
    // u64 beyond i64 and i128 beyond i64: the byte path's error, as it was.
    same_as_bytes(&u64::MAX, &Config::default());
    same_as_bytes(&(i64::MIN as i128 - 1), &Config::default());
    assert!(matches!(to_variant(&u64::MAX).unwrap_err().kind(), ErrorKind::IntegerOutOfRange(_)));
}
