//! `TypedArray<T>` / `TypedDictionary<K, V>` against the typed values Godot 4.6.3's `var_to_bytes` wrote
//! (tests/fixtures/godot-4.6/values.tsv, `tarr_*` / `tdict_*`): read into the Rust type and written back,
//! the bytes are the engine's, byte for byte. In dialects without typed containers they are plain ones.

use crate::common;

use common::*;
use godot_bin::markers::{Color, NodePath, Rect2, StringName, Transform3D, Vector2, Vector2i, Vector3};
use godot_bin::packed::{PackedByteArray, PackedStringArray, PackedVector4Array};
use godot_bin::typed::{AsDictionary, Element, TypedArray, TypedDictionary};
use godot_bin::value::{ContainerType, TypeKind};
use godot_bin::*;
use serde::{de::DeserializeOwned, Serialize};

fn engine(id: &str) -> Vec<u8> {
    let row =
        rows("godot-4.6/values.tsv").into_iter().find(|r| r.get(0) == id).unwrap_or_else(|| panic!("no row {id}"));
    unhex(row.get(2))
}

/// Reads the engine's bytes as `T` and writes them back: the engine's bytes again.
fn same<T: DeserializeOwned + Serialize>(id: &str) {
    let bytes = engine(id);
    let v: T = from_slice(&bytes).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(hex(&to_vec(&v).unwrap()), hex(&bytes), "{id}");
}

#[test]
fn typed_arrays_are_the_engines_bytes() {
    same::<TypedArray<i64>>("tarr_int_empty");
    same::<TypedArray<i64>>("tarr_int");
    same::<TypedArray<i64>>("tarr_int_big");
    same::<TypedArray<f64>>("tarr_float");
    same::<TypedArray<f64>>("tarr_float_empty");
    same::<TypedArray<String>>("tarr_string");
    same::<TypedArray<StringName>>("tarr_sname");
    same::<TypedArray<Vector2>>("tarr_vector2");
    same::<TypedArray<Vector2>>("tarr_vector2_empty");
    same::<TypedArray<Vec<Variant>>>("tarr_array");
    same::<TypedArray<std::collections::BTreeMap<String, i64>>>("tarr_dict");
    same::<TypedArray<PackedByteArray>>("tarr_pba");
    same::<TypedArray<bool>>("tarr_empty_type1");
    same::<TypedArray<Vector2i>>("tarr_empty_type6");
    same::<TypedArray<Rect2>>("tarr_empty_type7");
    same::<TypedArray<Vector3>>("tarr_empty_type9");
    same::<TypedArray<Transform3D>>("tarr_empty_type18");
    same::<TypedArray<Color>>("tarr_empty_type20");
    same::<TypedArray<NodePath>>("tarr_empty_type22");
    same::<TypedArray<PackedStringArray>>("tarr_empty_type34");
    same::<TypedArray<PackedVector4Array>>("tarr_empty_type38");
    same::<(TypedArray<i64>, TypedArray<String>)>("tarr_nested_typed");
}

#[test]
fn typed_dictionaries_are_the_engines_bytes() {
    same::<TypedDictionary<String, i64>>("tdict_str_int");
    same::<TypedDictionary<String, i64>>("tdict_str_int_empty");
    same::<TypedDictionary<String, i64>>("tdict_str_int_many");
    same::<TypedDictionary<i64, Vector2>>("tdict_int_v2");
    same::<TypedDictionary<StringName, Vec<Variant>>>("tdict_sname_array");
    same::<TypedDictionary<String, Variant>>("tdict_key_only");
    same::<TypedDictionary<Variant, f64>>("tdict_value_only");
    same::<TypedDictionary<f64, Color>>("tdict_float_color");
    same::<TypedDictionary<Vector2i, PackedStringArray>>("tdict_v2i_pstr");
    same::<(TypedDictionary<String, i64>,)>("tdict_in_array");
}

#[test]
fn dialects_without_typed_containers_get_plain_ones() {
    let a = TypedArray::from(vec![1i64, 2]);
    let d: TypedDictionary<String, i64> = [("a".to_string(), 1)].into_iter().collect();
    for dialect in [Dialect::Godot3, Dialect::Godot4_2, Dialect::Godot2] {
        let cfg = Config::new(dialect);
        assert_eq!(to_vec_with(&a, &cfg).unwrap(), to_vec_with(&vec![1i64, 2], &cfg).unwrap(), "{dialect}");
        let plain: std::collections::BTreeMap<String, i64> = [("a".to_string(), 1)].into_iter().collect();
        assert_eq!(to_vec_with(&d, &cfg).unwrap(), to_vec_with(&plain, &cfg).unwrap(), "{dialect}");
    }
    // Godot 4.3 has typed arrays but not typed dictionaries.
    let cfg = Config::new(Dialect::Godot4_3);
    assert_eq!(to_vec_with(&a, &cfg).unwrap(), to_vec(&a).unwrap());
    assert_ne!(to_vec_with(&d, &cfg).unwrap(), to_vec(&d).unwrap());
}

/// Reads the engine's bytes as `T` under `Config::strict_typed_containers` and writes them back.
fn same_strict<T: DeserializeOwned + Serialize>(id: &str) {
    let bytes = engine(id);
    let cfg = Config::default().with_strict_typed_containers(true);
    let v: T = from_slice_with(&bytes, &cfg).unwrap_or_else(|e| panic!("{id}: {e}"));
    assert_eq!(hex(&to_vec(&v).unwrap()), hex(&bytes), "{id}");
}

#[test]
fn strict_typed_containers_refuse_a_plain_vec_or_map_and_name_the_type_to_use() {
    use std::collections::BTreeMap;
    let strict = Config::default().with_strict_typed_containers(true);
    // Godot's Array[Dictionary] read into a Vec: by default the type is dropped (and written back untyped).
    let bytes = engine("tarr_dict");
    let plain: Vec<BTreeMap<String, i64>> = from_slice(&bytes).unwrap();
    assert_ne!(hex(&to_vec(&plain).unwrap()), hex(&bytes));
    let err = from_slice_with::<Vec<BTreeMap<String, i64>>>(&bytes, &strict).unwrap_err();
    let m = err.to_string();
    assert!(m.contains("Array[Dictionary]") && m.contains("TypedArray<T>"), "{m}");
    assert_eq!(err.offset(), Some(0), "{m}");
    // A Dictionary[String, int] read into a map.
    let err = from_slice_with::<BTreeMap<String, i64>>(&engine("tdict_str_int"), &strict).unwrap_err();
    assert!(err.to_string().contains("Dictionary[String, int]") && err.to_string().contains("TypedDictionary"));
    // As a struct's field: the error is at the field's value.
    #[derive(serde::Deserialize, Debug)]
    struct Save {
        #[allow(dead_code)]
        items: Vec<BTreeMap<String, i64>>,
    }
    let typed: Variant = from_slice(&bytes).unwrap();
    let save: Variant = [("items", typed.clone())].into_iter().collect();
    let save_bytes = to_vec(&save).unwrap();
    assert!(from_slice::<Save>(&save_bytes).is_ok());
    let err = from_slice_with::<Save>(&save_bytes, &strict).unwrap_err();
    // {"items": …}: the Dictionary header and count, the key "items" (4 + 4 + 8), then the value.
    assert_eq!(err.offset(), Some(24), "{err}");
    // A Variant keeps the type, and untyped containers read as before.
    let v: Variant = from_slice_with(&save_bytes, &strict).unwrap();
    assert_eq!(v["items"], typed);
    assert_eq!(from_slice_with::<Vec<i64>>(&to_vec(&vec![1i64, 2]).unwrap(), &strict).unwrap(), [1, 2]);
}

#[test]
fn strict_typed_containers_read_every_typed_value_into_its_typed_type() {
    same_strict::<TypedArray<i64>>("tarr_int");
    same_strict::<TypedArray<i64>>("tarr_int_empty");
    same_strict::<TypedArray<Vec<Variant>>>("tarr_array");
    same_strict::<TypedArray<std::collections::BTreeMap<String, i64>>>("tarr_dict");
    same_strict::<TypedArray<PackedByteArray>>("tarr_pba");
    same_strict::<(TypedArray<i64>, TypedArray<String>)>("tarr_nested_typed");
    same_strict::<TypedDictionary<String, i64>>("tdict_str_int");
    same_strict::<TypedDictionary<StringName, Vec<Variant>>>("tdict_sname_array");
    same_strict::<TypedDictionary<Variant, f64>>("tdict_value_only");
    same_strict::<(TypedDictionary<String, i64>,)>("tdict_in_array");
    same_strict::<Variant>("tarr_dict");
}

#[test]
fn a_derive_only_struct_is_an_array_of_dictionary_element() {
    #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
    struct Entry {
        a: i64,
    }
    // Godot 4.6's Array[Dictionary]([{"a": 1}]), read into derived structs and written back byte for byte.
    same::<TypedArray<AsDictionary<Entry>>>("tarr_dict");
    same_strict::<TypedArray<AsDictionary<Entry>>>("tarr_dict");
    let v: TypedArray<AsDictionary<Entry>> = from_slice(&engine("tarr_dict")).unwrap();
    assert_eq!(v[0].a, 1);
    assert_eq!(<AsDictionary<Entry> as Element>::container_type(), ContainerType::Builtin(TypeKind::Dictionary));
    // As a typed Dictionary's value: Dictionary[String, Dictionary].
    let d: TypedDictionary<String, AsDictionary<Entry>> =
        [("k".to_string(), AsDictionary(Entry { a: 2 }))].into_iter().collect();
    let back: Variant = from_slice(&to_vec(&d).unwrap()).unwrap();
    let Variant::Dictionary(back) = back else { panic!() };
    assert_eq!(back.value_type, ContainerType::Builtin(TypeKind::Dictionary));
}

/// The index finds what a scan by `==` finds: the two zeros of a bare float key are one key, a repeated key
/// keeps its first place and takes the later value (as the engine reads one), below and past the few
/// entries that are scanned.
#[test]
fn typed_dictionary_keys_are_found_as_equality_says() {
    for n in [3, 16, 17, 100] {
        let mut d: TypedDictionary<f64, i64> = (0..n).map(|i| (i as f64, i)).collect();
        assert_eq!(d.insert(-0.0, -1), Some(0), "{n}");
        assert_eq!(d.get(&0.0), Some(&-1));
        assert_eq!(d.get(&((n - 1) as f64)), Some(&(n - 1)));
        let mut pairs: Vec<(f64, i64)> = d.iter().map(|(k, v)| (*k, *v)).collect();
        pairs.push((1.0, 100));
        let again = TypedDictionary::from(pairs);
        assert_eq!(again.len(), n as usize, "{n}");
        assert_eq!(again[1], (1.0, 100));
        let names: TypedDictionary<StringName, Vector2> =
            (0..n).map(|i| (StringName(format!("n{i}").into()), Vector2::new(i as f64, -0.0))).collect();
        assert_eq!(names.get(&StringName("n2".into())), Some(&Vector2::new(2.0, -0.0)));
        let by_vector: TypedDictionary<Vector2, i64> = names.iter().map(|(_, v)| (*v, 1)).collect();
        assert!(by_vector.contains_key(&Vector2::new(1.0, -0.0)), "{n}");
        // Markers compare floats by bits: another zero is another key.
        assert!(!by_vector.contains_key(&Vector2::new(1.0, 0.0)), "{n}");
        let variants: TypedDictionary<Variant, i64> = (0..n).map(|i| (Variant::from(format!("k{i}")), i)).collect();
        assert_eq!(variants.get(&Variant::from("k2")), Some(&2));
        assert_eq!(variants.get(&Variant::StringName(StringName("k2".into()))), None);
    }
    // A decoded dictionary whose key repeats: one entry, the first place, the later value.
    let g4 = Config::new(Dialect::Godot4_6);
    let twice = Variant::Dictionary(Box::new(Dictionary::from(vec![
        (Variant::from("a"), Variant::Int(1)),
        (Variant::from("b"), Variant::Int(2)),
        (Variant::from("a"), Variant::Int(3)),
    ])));
    let back: TypedDictionary<String, i64> = godot_bin::from_slice(&twice.encode(&g4).unwrap()).unwrap();
    assert_eq!(back[..], [("a".to_string(), 3), ("b".to_string(), 2)]);
}
