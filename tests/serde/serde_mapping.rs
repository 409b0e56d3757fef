//! The serde mapping rule by rule (README "serde mapping"): what each Rust shape becomes, what reads back
//! forgivingly, and the errors. Bytes checked here against the core encoder (itself checked against the
//! engines in engine_fixtures.rs); engine bytes for whole structs are in serde_engine.rs.

use std::collections::{BTreeMap, HashMap};

use godot_bin::de::{from_reader, take_from_slice_with};
use godot_bin::markers::{
    Color, NodePath, Projection, Rect2i, Rid, StringName, Transform3D, Vector2, Vector2i, Vector3, Vector3i,
};
use godot_bin::packed::{
    PackedByteArray, PackedColorArray, PackedFloat32Array, PackedInt64Array, PackedStringArray, PackedVector2Array,
    PackedVector3Array, PackedVector3iArray,
};
use godot_bin::ser::{to_buf, to_buf_with, to_writer};
use godot_bin::*;
use serde::{Deserialize, Serialize};

fn g4() -> Config {
    Config::new(Dialect::Godot4_6)
}

fn enc(v: Variant) -> Vec<u8> {
    v.encode(&g4()).unwrap()
}

fn dict(entries: Vec<(Variant, Variant)>) -> Variant {
    Variant::from(Dictionary::from(entries))
}

#[test]
fn scalars() {
    assert_eq!(to_vec(&true).unwrap(), enc(Variant::Bool(true)));
    for i in [0i64, -1, i32::MAX as i64, i32::MAX as i64 + 1, i64::MIN] {
        assert_eq!(to_vec(&i).unwrap(), enc(Variant::Int(i)), "{i}");
    }
    assert_eq!(to_vec(&200u8).unwrap(), enc(Variant::Int(200)));
    assert_eq!(to_vec(&(i64::MAX as u64)).unwrap(), enc(Variant::Int(i64::MAX)));
    let e = to_vec(&u64::MAX).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(i) if *i == u64::MAX as i128));
    for f in [0.5, 0.1, -0.0, f64::INFINITY, f64::NAN, 1e300] {
        assert_eq!(to_vec(&f).unwrap(), enc(Variant::Float(f)), "{f}");
    }
    assert_eq!(to_vec(&0.1f32).unwrap(), enc(Variant::Float(0.1f32 as f64)));
    assert_eq!(to_vec(&'é').unwrap(), enc(Variant::from("é")));
    assert_eq!(to_vec("x").unwrap(), enc(Variant::from("x")));
    assert_eq!(to_vec(&()).unwrap(), enc(Variant::Nil));
    assert_eq!(to_vec(&None::<i32>).unwrap(), enc(Variant::Nil));
    assert_eq!(to_vec(&Some(3)).unwrap(), enc(Variant::Int(3)));
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Unit;
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Meters(f64);
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Pair(i32, String);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum Shape {
    Empty,
    Circle(f64),
    Rect(i32, i32),
    Poly { sides: u8 },
}

#[test]
fn compounds() {
    assert_eq!(to_vec(&Unit).unwrap(), enc(Variant::Nil));
    assert_eq!(to_vec(&Meters(2.5)).unwrap(), enc(Variant::Float(2.5)));
    assert_eq!(to_vec(&Pair(1, "a".into())).unwrap(), enc(Variant::from(vec![Variant::Int(1), Variant::from("a")])));
    assert_eq!(to_vec(&vec![1u8, 2]).unwrap(), enc(Variant::from(vec![Variant::Int(1), Variant::Int(2)])));
    let m: BTreeMap<i32, bool> = [(2, true), (1, false)].into();
    assert_eq!(
        to_vec(&m).unwrap(),
        enc(dict(vec![(Variant::Int(1), Variant::Bool(false)), (Variant::Int(2), Variant::Bool(true))]))
    );
    assert_eq!(from_slice::<BTreeMap<i32, bool>>(&to_vec(&m).unwrap()).unwrap(), m);
    // Enums, externally tagged.
    assert_eq!(to_vec(&Shape::Empty).unwrap(), enc(Variant::from("Empty")));
    assert_eq!(to_vec(&Shape::Circle(1.5)).unwrap(), enc(dict(vec![(Variant::from("Circle"), Variant::Float(1.5))])));
    assert_eq!(
        to_vec(&Shape::Rect(2, 3)).unwrap(),
        enc(dict(vec![(Variant::from("Rect"), Variant::from(vec![Variant::Int(2), Variant::Int(3)]))]))
    );
    assert_eq!(
        to_vec(&Shape::Poly { sides: 5 }).unwrap(),
        enc(dict(vec![(Variant::from("Poly"), dict(vec![(Variant::from("sides"), Variant::Int(5))]))]))
    );
    for s in [Shape::Empty, Shape::Circle(1.5), Shape::Rect(2, 3), Shape::Poly { sides: 5 }] {
        assert_eq!(from_slice::<Shape>(&to_vec(&s).unwrap()).unwrap(), s);
    }
    // Not a String nor a one-entry Dictionary.
    assert!(from_slice::<Shape>(&enc(Variant::Int(1))).is_err());
    assert!(from_slice::<Shape>(&enc(dict(vec![]))).is_err());
    assert!(from_slice::<Shape>(&enc(Variant::from("Hexagon"))).is_err());
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Player {
    name: String,
    hp: i16,
    speed: f32,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pet: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Strict {
    name: String,
}

#[test]
fn structs_are_dictionaries_with_string_keys_in_field_order() {
    let p = Player { name: "Ann".into(), hp: 7, speed: 1.5, pet: None };
    let want = dict(vec![
        (Variant::from("name"), Variant::from("Ann")),
        (Variant::from("hp"), Variant::Int(7)),
        (Variant::from("speed"), Variant::Float(1.5)),
    ]);
    assert_eq!(to_vec(&p).unwrap(), enc(want));
    // Read forgivingly: StringName keys, 64-bit int, a String name as StringName, an unknown key, keys in any order.
    let godot = dict(vec![
        (Variant::from(StringName::from("speed")), Variant::Int(2)),
        (Variant::from(StringName::from("xp")), Variant::from(vec![Variant::Nil])),
        (Variant::from("name"), Variant::from(StringName::from("Bo"))),
        (Variant::from(StringName::from("hp")), Variant::Int(-3)),
    ]);
    let q: Player = from_slice(&enc(godot.clone())).unwrap();
    assert_eq!(q, Player { name: "Bo".into(), hp: -3, speed: 2.0, pet: None });
    assert!(from_slice::<Strict>(&enc(godot)).is_err());
}

#[test]
fn forgiving_numbers_with_range_checks() {
    let wide = enc(Variant::Int(5_000_000_000));
    assert_eq!(from_slice::<i64>(&wide).unwrap(), 5_000_000_000);
    assert_eq!(from_slice::<u64>(&wide).unwrap(), 5_000_000_000);
    assert_eq!(from_slice::<f64>(&wide).unwrap(), 5e9);
    let e = from_slice::<i32>(&wide).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(5_000_000_000)));
    assert_eq!(e.offset(), Some(0));
    assert!(matches!(from_slice::<u8>(&enc(Variant::Int(-1))).unwrap_err().kind(), ErrorKind::IntegerOutOfRange(-1)));
    assert_eq!(from_slice::<i8>(&enc(Variant::Int(-128))).unwrap(), -128);
    assert_eq!(from_slice::<f32>(&enc(Variant::Float(0.5))).unwrap(), 0.5);
    assert!(from_slice::<i32>(&enc(Variant::Float(1.0))).is_err());
    // Out of range inside a container: the offset of the element.
    let arr = enc(Variant::from(vec![Variant::Int(1), Variant::Int(300)]));
    let e = from_slice::<Vec<u8>>(&arr).unwrap_err();
    assert_eq!(e.offset(), Some(16));
}

#[test]
fn sequences_from_arrays_and_packed_arrays() {
    let arr = enc(Variant::from(vec![Variant::Int(1), Variant::Float(2.5)]));
    assert_eq!(from_slice::<Vec<f64>>(&arr).unwrap(), [1.0, 2.5]);
    assert_eq!(from_slice::<(u8, f32)>(&arr).unwrap(), (1, 2.5));
    assert!(from_slice::<(u8,)>(&arr).is_err(), "leftover elements are an error");
    let packed = enc(Variant::PackedInt32Array(vec![1, -2]));
    assert_eq!(from_slice::<Vec<i64>>(&packed).unwrap(), [1, -2]);
    assert_eq!(from_slice::<Vec<f32>>(&packed).unwrap(), [1.0, -2.0]);
    let f32s = enc(Variant::PackedFloat32Array(vec![0.1, 2.0]));
    assert_eq!(from_slice::<Vec<f32>>(&f32s).unwrap(), [0.1, 2.0]);
    assert_eq!(from_slice::<PackedFloat32Array>(&arr).unwrap().0, [1.0, 2.5], "a packed marker reads an Array too");
    let strs = enc(Variant::PackedStringArray(vec!["a".into(), "bc".into()]));
    assert_eq!(from_slice::<Vec<&str>>(&strs).unwrap(), ["a", "bc"]);
    let v2 = enc(Variant::PackedVector2Array(vec![Vector2::new(1.0, 2.0)]));
    assert_eq!(from_slice::<Vec<[f32; 2]>>(&v2).unwrap(), [[1.0, 2.0]]);
    assert_eq!(from_slice::<Vec<(f64, f64)>>(&v2).unwrap(), [(1.0, 2.0)]);
    assert_eq!(from_slice::<Vector2>(&enc(Variant::Vector2(Vector2::new(3.0, 4.0)))).unwrap(), Vector2::new(3.0, 4.0));
    assert_eq!(from_slice::<[f32; 2]>(&enc(Variant::Vector2(Vector2::new(3.0, 4.0)))).unwrap(), [3.0, 4.0]);
}

#[derive(Deserialize, Debug, PartialEq)]
struct Borrowed<'a> {
    name: &'a str,
    #[serde(borrow)]
    blob: &'a [u8],
}

#[test]
fn borrows_from_the_input() {
    let bytes = enc(dict(vec![
        (Variant::from("name"), Variant::from("Ann")),
        (Variant::from("blob"), Variant::PackedByteArray(vec![1, 2, 3])),
    ]));
    let b: Borrowed = from_slice(&bytes).unwrap();
    assert_eq!(b, Borrowed { name: "Ann", blob: &[1, 2, 3] });
    let start = bytes.as_ptr() as usize;
    assert!((b.name.as_ptr() as usize) >= start && (b.name.as_ptr() as usize) < start + bytes.len());
    assert!((b.blob.as_ptr() as usize) >= start && (b.blob.as_ptr() as usize) < start + bytes.len());
}

/// A byte buffer serialized with `serialize_bytes`, the way `serde_bytes` does it.
struct Raw(Vec<u8>);
impl Serialize for Raw {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

#[test]
fn bytes_are_packed_byte_arrays() {
    assert_eq!(to_vec(&Raw(vec![1, 2, 3, 4, 5])).unwrap(), enc(Variant::PackedByteArray(vec![1, 2, 3, 4, 5])));
    assert_eq!(to_vec(&PackedByteArray::from(vec![9])).unwrap(), enc(Variant::PackedByteArray(vec![9])));
}

#[test]
fn markers_are_native_here_and_plain_elsewhere() {
    let v = Vector2::new(1.0, 2.0);
    assert_eq!(to_vec(&v).unwrap(), enc(Variant::Vector2(v)));
    assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"x":1.0,"y":2.0}"#);
    assert_eq!(serde_json::from_str::<Vector2>(r#"{"x":1.0,"y":2.0}"#).unwrap(), v);
    assert_eq!(serde_json::from_str::<Vector2>("[1.0, 2.0]").unwrap(), v);
    let p = NodePath::from("/root/A:b");
    assert_eq!(to_vec(&p).unwrap(), enc(Variant::from(p.clone())));
    assert_eq!(serde_json::to_string(&p).unwrap(), r#""/root/A:b""#);
    assert_eq!(serde_json::from_str::<NodePath>(r#""/root/A:b""#).unwrap(), p);
    let n = StringName::from("x");
    assert_eq!(to_vec(&n).unwrap(), enc(Variant::from(n.clone())));
    assert_eq!(serde_json::to_string(&n).unwrap(), r#""x""#);
    assert_eq!(serde_json::to_string(&Rid(7)).unwrap(), "7");
    assert_eq!(to_vec(&Rid(7)).unwrap(), enc(Variant::Rid(Rid(7))));
    let c = Color::new(1.0, 0.5, 0.25, 1.0);
    assert_eq!(to_vec(&c).unwrap(), enc(Variant::Color(c)));
    assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"r":1.0,"g":0.5,"b":0.25,"a":1.0}"#);
    let t = Transform3D::IDENTITY;
    assert_eq!(to_vec(&t).unwrap(), enc(Variant::Transform3D(Box::new(t))));
    assert_eq!(from_slice::<Transform3D>(&to_vec(&t).unwrap()).unwrap(), t);
    let pr = Projection::IDENTITY;
    assert_eq!(to_vec(&pr).unwrap(), enc(Variant::Projection(Box::new(pr))));
    assert_eq!(from_slice::<Projection>(&to_vec(&pr).unwrap()).unwrap(), pr);
    let r = Rect2i::new(Vector2i::new(1, 2), Vector2i::new(3, 4));
    assert_eq!(to_vec(&r).unwrap(), enc(Variant::Rect2i(r)));
    assert_eq!(from_slice::<Rect2i>(&to_vec(&r).unwrap()).unwrap(), r);
    let pa = PackedFloat32Array::from(vec![0.5]);
    assert_eq!(serde_json::to_string(&pa).unwrap(), "[0.5]");
    assert_eq!(to_vec(&pa).unwrap(), enc(Variant::PackedFloat32Array(vec![0.5])));
    // Godot 3 writes the same type under its own id (PoolRealArray, 22).
    let pool: PackedFloat32Array = vec![1.0].into();
    assert_eq!(to_vec_with(&pool, &Config::new(Dialect::Godot3)).unwrap()[0], 22);
}

#[test]
fn missing_types_name_type_and_dialect() {
    let g3 = Config::new(Dialect::Godot3);
    let g2 = Config::new(Dialect::Godot2);
    assert_eq!(to_vec_with(&Vector2i::new(1, 2), &g3).unwrap_err().to_string(), "Vector2i is not available in godot3");
    assert_eq!(
        to_vec_with(&StringName::from("a"), &g2).unwrap_err().to_string(),
        "StringName is not available in godot2"
    );
    assert_eq!(
        to_vec_with(&PackedInt64Array::from(vec![1]), &g3).unwrap_err().to_string(),
        "PackedInt64Array is not available in godot3"
    );
}

#[test]
fn double_precision_math_in_godot4() {
    let cfg = Config::new(Dialect::Godot4_6).with_double_precision(true);
    let v = Vector2::new(0.1, 0.2);
    let b = to_vec_with(&v, &cfg).unwrap();
    assert_eq!(b, Variant::Vector2(v).encode(&cfg).unwrap());
    assert_eq!(b.len(), 4 + 16);
    assert_eq!(from_slice_with::<Vector2>(&b, &cfg).unwrap(), v);
    let pa = PackedVector2Array::from(vec![v]);
    let b = to_vec_with(&pa, &cfg).unwrap();
    assert_eq!(b, Variant::PackedVector2Array(vec![v]).encode(&cfg).unwrap());
    assert_eq!(from_slice_with::<PackedVector2Array>(&b, &cfg).unwrap(), pa);
}

#[test]
fn maps_with_any_keys_and_json() {
    let m: HashMap<String, i32> = from_slice(&enc(dict(vec![(Variant::Int(10), Variant::Int(1))]))).unwrap();
    assert_eq!(m["10"], 1, "a non-string key asked for as a string is its text");
    let j: serde_json::Value = from_slice(&enc(dict(vec![
        (Variant::Int(10), Variant::Bool(true)),
        (Variant::Vector2i(Vector2i::new(1, 2)), Variant::Nil),
    ])))
    .unwrap();
    assert_eq!(j["10"], true);
    assert_eq!(j.as_object().unwrap().len(), 2);
}

#[test]
fn depth_limits() {
    let cfg = g4().with_max_depth(3);
    let ok = vec![vec![vec![1]]];
    assert!(to_vec_with(&ok, &cfg).is_ok());
    let deep = vec![vec![vec![vec![1]]]];
    assert!(matches!(to_vec_with(&deep, &cfg).unwrap_err().kind(), ErrorKind::TooDeep { max: 3 }));
    let bytes = to_vec(&deep).unwrap();
    assert!(matches!(
        from_slice_with::<Vec<Vec<Vec<Vec<u8>>>>>(&bytes, &cfg).unwrap_err().kind(),
        ErrorKind::TooDeep { max: 3 }
    ));
    assert!(matches!(from_slice_with::<Variant>(&bytes, &cfg).unwrap_err().kind(), ErrorKind::TooDeep { max: 3 }));
}

#[test]
fn entry_points() {
    let cfg = g4();
    let mut w = Vec::new();
    to_writer(&mut w, &(1, "a")).unwrap();
    assert_eq!(w, to_vec(&(1, "a")).unwrap());
    let mut buf = bytes::BytesMut::new();
    to_buf_with(&mut buf, &[1.5f64], &cfg).unwrap();
    to_buf(&mut buf, &2).unwrap();
    let frozen = buf.freeze();
    let (first, rest) = take_from_slice_with::<Vec<f64>>(&frozen, &cfg).unwrap();
    assert_eq!((first, from_slice::<i32>(rest).unwrap()), (vec![1.5], 2));
    assert_eq!(from_slice_with::<Vec<f64>>(&frozen[..frozen.len() - rest.len()], &cfg).unwrap(), [1.5]);
    let mut old = Vec::new();
    to_buf_with(&mut old, &[1.5f64], &cfg).unwrap();
    assert_eq!(from_slice_with::<Vec<f64>>(&old, &cfg).unwrap(), [1.5]);
    assert_eq!(from_reader::<_, Vec<f64>>(&frozen[..frozen.len() - rest.len()]).unwrap(), [1.5]);
    let e = from_slice::<i32>(&[2, 0, 0, 0, 1, 0, 0, 0, 9]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TrailingBytes(1)));
    assert_eq!(e.offset(), Some(8));
    // A claimed length far beyond the input: an error, no allocation for it.
    let huge = [0x1c, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f];
    assert!(matches!(from_reader::<_, Vec<u8>>(&huge[..]).unwrap_err().kind(), ErrorKind::InvalidLength { .. }));
}

#[test]
fn mutated_inputs_never_panic() {
    #[derive(Deserialize)]
    #[allow(dead_code)]
    struct Any {
        a: Option<Vec<(i32, String)>>,
        b: Option<BTreeMap<String, Vector3>>,
        c: Option<Shape>,
    }
    let seed = enc(dict(vec![
        (Variant::from("a"), Variant::from(vec![Variant::from(vec![Variant::Int(1), Variant::from("x")])])),
        (Variant::from("b"), dict(vec![(Variant::from("k"), Variant::Vector3(Vector3::new(1.0, 2.0, 3.0)))])),
        (Variant::from("c"), dict(vec![(Variant::from("Rect"), Variant::PackedInt32Array(vec![1, 2]))])),
        (Variant::from("d"), Variant::PackedStringArray(vec!["q".into()])),
    ]));
    let mut rng = crate::common::r#gen::Rng(0x9E37_79B9_7F4A_7C15);
    let mut rnd = move || rng.next_u64();
    for dialect in [Dialect::Godot4_6, Dialect::Godot3, Dialect::Godot2, Dialect::Pandemonium5] {
        let cfg = Config::new(dialect);
        for _ in 0..3000 {
            let mut b = seed.clone();
            for _ in 0..(1 + rnd() % 6) {
                let i = (rnd() as usize) % b.len();
                b[i] = rnd() as u8;
            }
            b.truncate((rnd() as usize) % (b.len() + 1));
            let _ = from_slice_with::<Any>(&b, &cfg);
            let _ = from_slice_with::<serde_json::Value>(&b, &cfg);
            let _ = from_slice_with::<Variant>(&b, &cfg);
            let _ = from_slice_with::<Vec<Shape>>(&b, &cfg);
        }
    }
}

#[test]
fn nested_counts_cannot_claim_the_same_bytes_twice() {
    // 64 nested Arrays, each claiming as many elements as the bytes after it could hold: the first
    // claim is honoured, the second cannot be (its bytes are already promised), so nothing is
    // pre-allocated for more elements than the input has.
    let levels = 64;
    let len = levels * 8 + 4096;
    let mut b = Vec::new();
    for _ in 0..levels {
        let remaining_after = (len - b.len() - 8) as u32;
        b.extend_from_slice(&[0x1c, 0, 0, 0]);
        b.extend_from_slice(&(remaining_after / 4).to_le_bytes());
    }
    b.resize(len, 0);
    for r in [from_slice::<serde_json::Value>(&b).map(|_| ()), from_slice::<Vec<Vec<Vec<()>>>>(&b).map(|_| ())] {
        let e = r.unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidLength { .. }), "{e}");
        assert_eq!(e.offset(), Some(12), "the second level's count");
    }
}

/// Someone else's type under a packed array's name: written element by element, same bytes.
struct Foreign(Vec<i64>);
impl Serialize for Foreign {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_newtype_struct("$godot_bin::PackedInt32Array", &self.0)
    }
}

#[test]
fn packed_arrays_bulk_and_element_wise_agree() {
    assert_eq!(to_vec(&Foreign(vec![1, -2])).unwrap(), enc(Variant::PackedInt32Array(vec![1, -2])));
    assert!(matches!(to_vec(&Foreign(vec![1 << 40])).unwrap_err().kind(), ErrorKind::IntegerOutOfRange(_)));
    let v: Vec<Vector2> = (0..1000).map(|i| Vector2::new(i as f64 * 0.1, -(i as f64))).collect();
    assert_eq!(to_vec(&PackedVector2Array::from(v.clone())).unwrap(), enc(Variant::PackedVector2Array(v)));
    let c = vec![Color::new(0.1, 0.2, 0.3, 0.4)];
    assert_eq!(to_vec(&PackedColorArray::from(c.clone())).unwrap(), enc(Variant::PackedColorArray(c)));
    let s = vec!["".to_string(), "x".into(), "xyz".into(), "wxyz".into()];
    assert_eq!(
        to_vec(&PackedStringArray::from(s.clone())).unwrap(),
        enc(Variant::PackedStringArray(s.into_iter().map(Into::into).collect()))
    );
    let cfg = Config::new(Dialect::Pandemonium5);
    let p = vec![Vector3i::new(1, -2, 3)];
    assert_eq!(
        to_vec_with(&PackedVector3iArray::from(p.clone()), &cfg).unwrap(),
        Variant::PackedVector3iArray(p).encode(&cfg).unwrap()
    );
}

/// Enum variant names that are plain ASCII are handed to the variant identifier straight from the input (a
/// fast path, for `"Name"` and `{"Name": payload}`); names the general path reads differently must read as it
/// reads them:
/// a NUL cuts a Godot string, a leading byte order mark is dropped, StringName names the same variant.
#[test]
fn enum_names_fast_path_agrees_with_the_general_path() {
    #[derive(Deserialize, Debug, PartialEq)]
    enum Odd {
        #[serde(rename = "a\u{0}b")]
        Nul,
        #[serde(rename = "\u{feff}c")]
        Bom(i64),
        #[serde(rename = "a")]
        A,
        #[serde(rename = "c")]
        C(i64),
        Move {
            seq: u32,
        },
    }
    let s = |t: &str| Variant::from(t);
    assert_eq!(from_slice::<Odd>(&enc(s("a\u{0}b"))).unwrap(), Odd::A);
    assert_eq!(from_slice::<Odd>(&enc(dict(vec![(s("\u{feff}c"), Variant::Int(2))]))).unwrap(), Odd::C(2));
    assert_eq!(from_slice::<Odd>(&enc(dict(vec![(s("c"), Variant::Int(3))]))).unwrap(), Odd::C(3));
    let name = Variant::StringName("Move".into());
    let payload = dict(vec![(s("seq"), Variant::Int(4))]);
    assert_eq!(from_slice::<Odd>(&enc(dict(vec![(name, payload.clone())]))).unwrap(), Odd::Move { seq: 4 });
    assert_eq!(from_slice::<Odd>(&enc(dict(vec![(s("Move"), payload)]))).unwrap(), Odd::Move { seq: 4 });
    // A name that is no variant, and a Dictionary of two entries, are errors.
    assert!(from_slice::<Odd>(&enc(s("Mov"))).is_err());
    let two = dict(vec![(s("c"), Variant::Int(1)), (s("a"), Variant::Nil)]);
    assert!(from_slice::<Odd>(&enc(two)).is_err());
}

/// Struct keys that are plain ASCII are handed to the field identifier straight from the input (a fast path);
/// everything it does not take must read as the general path reads it: keys out of order, repeated, unknown, String and
/// StringName mixed, and names the general path reads differently (a NUL cuts a Godot string, a leading
/// byte order mark is dropped).
#[test]
fn struct_keys_fast_path_agrees_with_the_general_path() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct Odd {
        #[serde(rename = "a\u{0}b")]
        nul: Option<i64>,
        #[serde(rename = "\u{feff}c")]
        bom: Option<i64>,
        a: Option<i64>,
        c: Option<i64>,
    }
    let s = |t: &str| Variant::from(t);
    // The wire key "a\0b" is read as "a", "\u{feff}c" as "c": they fill `a` and `c`, never the odd names.
    let bytes = enc(dict(vec![(s("a\u{0}b"), Variant::Int(1)), (s("\u{feff}c"), Variant::Int(2))]));
    let got: Odd = from_slice(&bytes).unwrap();
    assert_eq!(got, Odd { nul: None, bom: None, a: Some(1), c: Some(2) });

    #[derive(Deserialize, Debug, PartialEq)]
    struct P {
        x: i64,
        y: String,
        z: f64,
    }
    // Reversed order, an unknown key in between and a StringName key: all as the general path.
    let bytes = enc(dict(vec![
        (s("z"), Variant::Float(0.5)),
        (s("w"), Variant::from(vec![Variant::Int(9)])),
        (Variant::from(StringName::from("y")), s("Y")),
        (s("x"), Variant::Int(1)),
    ]));
    assert_eq!(from_slice::<P>(&bytes).unwrap(), P { x: 1, y: "Y".into(), z: 0.5 });
    let bytes = enc(dict(vec![(s("x"), Variant::Int(1)), (s("x"), Variant::Int(2))]));
    // A key written twice (a hand-built Dictionary keeps both) is the derive's "duplicate field" error.
    let e = from_slice::<P>(&bytes).unwrap_err();
    assert!(e.to_string().contains("duplicate field `x`"), "{e}");
    // A key whose bytes are a field name's prefix or extension is not that field.
    let bytes = enc(dict(vec![(s("xx"), Variant::Int(1)), (s(""), Variant::Int(2))]));
    let e = from_slice::<P>(&bytes).unwrap_err();
    assert!(e.to_string().contains("missing field `x`"), "{e}");
    // The derive's own error carries the offset the input was read up to (here: the end of the Dictionary).
    assert_eq!(e.offset(), Some(bytes.len()));
    // Truncated inside a key that matches a field: an error with the offset, never a wrong read.
    let full = enc(dict(vec![(s("x"), Variant::Int(1)), (s("y"), s("q")), (s("z"), Variant::Float(1.0))]));
    for cut in 0..full.len() {
        assert!(from_slice::<P>(&full[..cut]).is_err(), "cut at {cut}");
    }
    assert_eq!(from_slice::<P>(&full).unwrap(), P { x: 1, y: "q".into(), z: 1.0 });
}

/// Packed real arrays are converted a 4 KiB block at a time with plain casts, and a block holding a NaN is
/// redone element by element so that NaN payloads survive: both ways, the bytes and values must be the core
/// codec's, bit for bit, wherever the NaNs fall (first, middle and last block, signalling, negative, low
/// payload bits only).
#[test]
fn packed_reals_in_bulk_keep_nan_payloads() {
    let nans = [
        f32::from_bits(0x7FC0_0000),
        f32::from_bits(0x7F80_0001), // signalling, low payload bit
        f32::from_bits(0xFFA0_0000), // negative, signalling
        f32::from_bits(0x7FFF_FFFF),
    ];
    let n = 1500; // several 4 KiB blocks of Vector3 (341 per block)
    let mut reals: Vec<f32> = (0..n * 3).map(|i| i as f32 * 0.37 - 100.0).collect();
    for (k, at) in [0usize, 1, 1024, 2049, n * 3 - 1].into_iter().enumerate() {
        reals[at] = nans[k % nans.len()];
    }
    let bits = |v: &[Vector3]| v.iter().flat_map(|p| [p.x.to_bits(), p.y.to_bits(), p.z.to_bits()]).collect::<Vec<_>>();
    let w = godot_bin::markers::widen_exact; // `as f64` would quiet the signalling NaNs
    let v3: Vec<Vector3> = reals.chunks(3).map(|c| Vector3::new(w(c[0]), w(c[1]), w(c[2]))).collect::<Vec<_>>();
    // Through the core codec (element by element, engine-checked): the reference bytes and stored values.
    let core_bytes = enc(Variant::PackedVector3Array(v3.clone()));
    let Variant::PackedVector3Array(stored) = Variant::decode(&core_bytes, &g4()).unwrap() else { panic!() };
    // The stored form keeps the f32 NaN payloads exactly (widened bit for bit); ours must be identical both ways.
    let ours = to_vec(&PackedVector3Array::from(stored.clone())).unwrap();
    assert!(ours == core_bytes, "encode differs from the core codec");
    let back: PackedVector3Array = from_slice(&core_bytes).unwrap();
    assert!(bits(&back) == bits(&stored), "decode differs from the core codec");
    // The f32 payloads on the wire are the ones we started from.
    let wire: Vec<u32> = core_bytes[8..].chunks(4).map(|c| u32::from_le_bytes(c.try_into().unwrap())).collect();
    let first_diff = wire.iter().zip(&reals).position(|(a, b)| *a != b.to_bits());
    assert_eq!(first_diff, None, "wire differs from the reals");
    // No NaN at all: the plain-cast path alone.
    let plain: Vec<Vector2> = (0..1000).map(|i| Vector2::new(i as f64 * 0.5, -(i as f64))).collect();
    let b = enc(Variant::PackedVector2Array(plain.clone()));
    assert_eq!(to_vec(&PackedVector2Array::from(plain.clone())).unwrap(), b);
    assert_eq!(Vec::from(from_slice::<PackedVector2Array>(&b).unwrap()), plain);
}

/// Errors deep inside a value name where they are: struct fields, array positions and map keys (the key
/// re-read from the input only when the error unwinds), with the byte offset after the path.
#[test]
fn errors_name_the_field_path() {
    use std::collections::BTreeMap;
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Item {
        durability: i32,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Entity {
        inventory: Vec<Item>,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Save {
        entities: Vec<Entity>,
        by_name: BTreeMap<String, Item>,
    }
    let item = |d: Variant| Variant::from_iter([("durability", d)]);
    let save = |bad_in_list: bool| {
        let list_item = item(if bad_in_list { Variant::Float(0.75) } else { Variant::Int(1) });
        let entity = Variant::from_iter([("inventory", Variant::from_iter([item(Variant::Int(3)), list_item]))]);
        let by_name = Variant::from_iter([("sword of doom", item(if bad_in_list { 1.into() } else { "x".into() }))]);
        to_vec(&Variant::from_iter([("entities", Variant::from_iter([entity])), ("by_name", by_name)])).unwrap()
    };
    let e = from_slice::<Save>(&save(true)).unwrap_err();
    assert_eq!(e.path(), "entities[0].inventory[1].durability", "{e}");
    assert!(
        e.to_string().starts_with(
            "invalid type: floating point `0.75`, expected i32 at entities[0].inventory[1].durability (byte "
        ),
        "{e}"
    );
    let e = from_slice::<Save>(&save(false)).unwrap_err();
    assert_eq!(e.path(), "by_name[\"sword of doom\"].durability", "{e}");
    // A top-level error has no path.
    assert_eq!(from_slice::<i32>(&to_vec(&0.5).unwrap()).unwrap_err().path(), "");
}

/// A math type read as another with a different number of components says which two, not "missing field".
#[test]
fn math_type_mismatch_names_both_types() {
    let bytes = to_vec(&Vector2::new(1.0, 2.0)).unwrap();
    let e = from_slice::<Vector3>(&bytes).unwrap_err();
    assert_eq!(e.to_string(), "invalid type: Vector2, expected Vector3 at byte 0", "{e}");
    // Inside a struct the path comes too.
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Mob {
        vel: Vector3,
    }
    let bytes = to_vec(&Variant::from_iter([("vel", Variant::Vector2(Vector2::new(1.0, 2.0)))])).unwrap();
    let e = from_slice::<Mob>(&bytes).unwrap_err();
    assert!(e.to_string().starts_with("invalid type: Vector2, expected Vector3 at vel (byte "), "{e}");
    // Sequences of components still read (a Vector3 from an Array of 3 floats).
    let arr = to_vec(&[1.0f64, 2.0, 3.0]).unwrap();
    assert_eq!(from_slice::<Vector3>(&arr).unwrap(), Vector3::new(1.0, 2.0, 3.0));
}

/// Plain ASCII keys and variant names are handed to the identifiers `serde_derive` generates as bytes (no
/// `&str` made first), and to everything else as text. Each kind of identifier must read the same names as
/// the general path: derived ones with renames, aliases and `deny_unknown_fields`, a hand-written field visitor
/// that takes text only (as in serde's own documentation), `#[serde(flatten)]` (read as a map: its other keys
/// are kept as text), `#[serde(other)]`, serde's hand-written `Result`, names of every length around the word
/// sizes, and names that are not ASCII.
#[test]
fn names_reach_every_kind_of_identifier() {
    use serde::de::{self, MapAccess, Visitor};
    let s = |t: &str| Variant::from(t);

    #[derive(Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Named {
        #[serde(alias = "pos_alias")]
        pos: i64,
        #[serde(rename = "exactly8")]
        eight: i64,
        #[serde(rename = "sixteen_bytes_ok")]
        sixteen: i64,
        #[serde(rename = "a_field_name_of_thirty_bytes_")]
        long: i64,
        #[serde(rename = "é")]
        accent: i64,
    }
    let named = |pos_key: &str| {
        enc(dict(vec![
            (s(pos_key), Variant::Int(1)),
            (s("exactly8"), Variant::Int(8)),
            (s("sixteen_bytes_ok"), Variant::Int(16)),
            (s("a_field_name_of_thirty_bytes_"), Variant::Int(30)),
            (s("é"), Variant::Int(2)),
        ]))
    };
    let want = Named { pos: 1, eight: 8, sixteen: 16, long: 30, accent: 2 };
    assert_eq!(from_slice::<Named>(&named("pos")).unwrap(), want);
    assert_eq!(from_slice::<Named>(&named("pos_alias")).unwrap(), want);
    let e = from_slice::<Named>(&named("po")).unwrap_err();
    assert!(e.to_string().contains("unknown field `po`"), "{e}");
    assert!(e.offset().is_some(), "{e}");

    // A field identifier written by hand that takes text only.
    #[derive(Debug, PartialEq)]
    struct Manual {
        secs: i64,
    }
    impl<'de> Deserialize<'de> for Manual {
        fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            enum Field {
                Secs,
                Other,
            }
            impl<'de> Deserialize<'de> for Field {
                fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    struct FieldVisitor;
                    impl<'de> Visitor<'de> for FieldVisitor {
                        type Value = Field;
                        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                            f.write_str("a field name")
                        }
                        fn visit_str<E: de::Error>(self, v: &str) -> Result<Field, E> {
                            Ok(if v == "secs" { Field::Secs } else { Field::Other })
                        }
                    }
                    d.deserialize_identifier(FieldVisitor)
                }
            }
            struct ManualVisitor;
            impl<'de> Visitor<'de> for ManualVisitor {
                type Value = Manual;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("struct Manual")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Manual, A::Error> {
                    let mut secs = None;
                    while let Some(k) = map.next_key::<Field>()? {
                        match k {
                            Field::Secs => secs = Some(map.next_value()?),
                            Field::Other => {
                                map.next_value::<de::IgnoredAny>()?;
                            }
                        }
                    }
                    Ok(Manual { secs: secs.ok_or_else(|| de::Error::missing_field("secs"))? })
                }
            }
            d.deserialize_struct("Manual", &["secs"], ManualVisitor)
        }
    }
    let bytes = enc(dict(vec![(s("other"), Variant::Nil), (s("secs"), Variant::Int(5))]));
    assert_eq!(from_slice::<Manual>(&bytes).unwrap(), Manual { secs: 5 });

    // Flatten: the struct is read as a map; keys it does not name land in the flattened map, as text.
    #[derive(Deserialize, Debug, PartialEq)]
    struct Flat {
        id: i64,
        #[serde(flatten)]
        rest: BTreeMap<String, i64>,
    }
    let bytes = enc(dict(vec![(s("id"), Variant::Int(1)), (s("hp"), Variant::Int(9))]));
    let want = Flat { id: 1, rest: BTreeMap::from([("hp".to_string(), 9)]) };
    assert_eq!(from_slice::<Flat>(&bytes).unwrap(), want);

    // Variants: `#[serde(other)]`, an unknown name, a unit variant given a payload, serde's own `Result`.
    #[derive(Deserialize, Debug, PartialEq)]
    enum Kind {
        Walk,
        Run(i64),
        #[serde(other)]
        Unknown,
    }
    assert_eq!(from_slice::<Kind>(&enc(s("Walk"))).unwrap(), Kind::Walk);
    assert_eq!(from_slice::<Kind>(&enc(s("Fly"))).unwrap(), Kind::Unknown);
    assert_eq!(from_slice::<Kind>(&enc(dict(vec![(s("Run"), Variant::Int(3))]))).unwrap(), Kind::Run(3));
    let e = from_slice::<Kind>(&enc(s("Run"))).unwrap_err();
    assert!(e.to_string().contains("newtype variant"), "{e}");
    #[derive(Deserialize, Debug, PartialEq)]
    enum Strict {
        Walk,
    }
    let e = from_slice::<Strict>(&enc(s("Fly"))).unwrap_err();
    assert!(e.to_string().contains("unknown variant `Fly`"), "{e}");
    let ok = enc(dict(vec![(s("Ok"), Variant::Int(4))]));
    assert_eq!(from_slice::<Result<i64, String>>(&ok).unwrap(), Ok(4));
    let err = enc(dict(vec![(s("Err"), s("no"))]));
    assert_eq!(from_slice::<Result<i64, String>>(&err).unwrap(), Err("no".to_string()));
}
