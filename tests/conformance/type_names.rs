//! The type-name table (`TypeKind::name_in`, `TypeKind::type_constant`) against what the engines print:
//! `tests/fixtures/ENGINE/types.tsv`, written by `scripts/gdscript-names.sh` from `type_string` /
//! `Variant::get_type_name` and the `TYPE_*` constants of each engine.

use godot_bin::value::TypeKind;
use godot_bin::Dialect;

fn rows(engine: &str) -> Vec<(String, String)> {
    let path = format!("{}/tests/fixtures/{engine}/types.tsv", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 3, "{path}: {l}");
            (f[1].to_string(), f[2].to_string())
        })
        .collect()
}

fn check(engine: &str, dialect: Dialect) {
    let rows = rows(engine);
    // Every type the engine has is a kind of the table, with the engine's name and constant.
    for (name, constant) in &rows {
        let found = TypeKind::ALL
            .iter()
            .find(|k| k.type_constant(dialect) == Some(constant.as_str()))
            .unwrap_or_else(|| panic!("{engine}: no kind has {constant} in {dialect}"));
        assert_eq!(found.name_in(dialect), name, "{engine}: the name of {constant}");
    }
    // And the table gives the dialect no type the engine lacks.
    let had = TypeKind::ALL.iter().filter(|k| k.type_constant(dialect).is_some()).count();
    assert_eq!(had, rows.len(), "{engine}: types in {dialect}");
}

#[test]
fn godot_4_6_names() {
    check("godot-4.6", Dialect::Godot4_6);
}

#[test]
fn godot_3_6_names() {
    check("godot-3.6", Dialect::Godot3);
}

#[test]
fn godot_3_2_3_names() {
    check("godot-3.2.3", Dialect::Godot3);
}
