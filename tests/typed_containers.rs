//! `TypedArray<T>` / `TypedDictionary<K, V>` against the typed values Godot 4.6.3's `var_to_bytes` wrote
//! (tests/fixtures/godot-4.6/values.tsv, `tarr_*` / `tdict_*`): read into the Rust type and written back,
//! the bytes are the engine's, byte for byte. In dialects without typed containers they are plain ones.

mod common;

use common::*;
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
