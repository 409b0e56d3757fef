//! Rust types traced into a schema (`Schema::add`): each shape is the one the type's serde mapping writes,
//! as the type definitions below say; serde attributes are followed or refused.

use std::collections::{BTreeMap, HashMap};

use godot_bin::markers::{Color, NodePath, StringName, Vector2, Vector3};
use godot_bin::packed::{PackedFloat32Array, PackedStringArray};
use godot_bin::schema::{Def, Enum, Field, Schema, Shape, Struct, VariantData};
use godot_bin::typed::{AsDictionary, TypedArray, TypedDictionary};
use godot_bin::value::TypeKind;
use godot_bin::{Dialect, Variant};
use serde::{Deserialize, Serialize};

fn builtin(name: TypeKind) -> Shape {
    Shape::Builtin { name }
}
fn named(name: &str) -> Shape {
    Shape::Named { name: name.into() }
}
fn boxed(s: Shape) -> Box<Shape> {
    Box::new(s)
}
fn int(bits: u8, signed: bool) -> Shape {
    Shape::Int { bits, signed }
}
fn schema<T: serde::de::DeserializeOwned + Serialize>() -> Schema {
    Schema::new(Dialect::Godot4_6).add::<T>().unwrap()
}
fn def<'a>(s: &'a Schema, name: &str) -> &'a Def {
    s.get(name).unwrap_or_else(|| panic!("{name} missing from {s:#?}"))
}
fn strukt<'a>(s: &'a Schema, name: &str) -> &'a Struct {
    match def(s, name) {
        Def::Struct(st) => st,
        other => panic!("{name} is not a struct: {other:?}"),
    }
}
fn enm<'a>(s: &'a Schema, name: &str) -> &'a Enum {
    match def(s, name) {
        Def::Enum(e) => e,
        other => panic!("{name} is not an enum: {other:?}"),
    }
}
fn shapes(st: &Struct) -> Vec<(&str, &Shape)> {
    st.fields.iter().map(|f| (f.name.as_str(), &f.shape)).collect()
}

#[derive(Serialize, Deserialize)]
struct Item {
    name: String,
    count: u16,
}

#[derive(Serialize, Deserialize)]
enum Mood {
    Calm,
    #[serde(rename = "angry")]
    Angry,
}

#[derive(Serialize, Deserialize)]
struct Save {
    tick: i64,
    hp: f32,
    ratio: f64,
    alive: bool,
    pos: Vector2,
    at: Vector3,
    tint: Color,
    spawn: NodePath,
    id: StringName,
    items: Vec<Item>,
    typed_items: TypedArray<AsDictionary<Item>>,
    ids: TypedArray<i64>,
    weights: PackedFloat32Array,
    tags: PackedStringArray,
    stats: BTreeMap<String, i32>,
    by_id: HashMap<i64, String>,
    counts: TypedDictionary<String, i64>,
    nickname: Option<String>,
    best: Option<Item>,
    pair: (u8, String),
    mood: Mood,
    extra: Variant,
    #[serde(rename = "Level")]
    level: u8,
}

#[test]
fn every_field_has_the_shape_its_serde_mapping_writes() {
    let s = schema::<Save>();
    assert_eq!(s.root.as_deref(), Some("Save"));
    let save = strukt(&s, "Save");
    let want = vec![
        ("tick", int(64, true)),
        ("hp", Shape::Float { bits: 32 }),
        ("ratio", Shape::Float { bits: 64 }),
        ("alive", Shape::Bool),
        ("pos", builtin(TypeKind::Vector2)),
        ("at", builtin(TypeKind::Vector3)),
        ("tint", builtin(TypeKind::Color)),
        ("spawn", builtin(TypeKind::NodePath)),
        ("id", builtin(TypeKind::StringName)),
        ("items", Shape::Array { of: boxed(named("Item")) }),
        ("typed_items", Shape::TypedArray { of: boxed(named("Item")) }),
        ("ids", Shape::TypedArray { of: boxed(int(64, true)) }),
        ("weights", builtin(TypeKind::PackedFloat32Array)),
        ("tags", builtin(TypeKind::PackedStringArray)),
        ("stats", Shape::Map { key: boxed(Shape::String), value: boxed(int(32, true)) }),
        ("by_id", Shape::Map { key: boxed(int(64, true)), value: boxed(Shape::String) }),
        ("counts", Shape::TypedDictionary { key: boxed(Shape::String), value: boxed(int(64, true)) }),
        ("nickname", Shape::Option { of: boxed(Shape::String) }),
        ("best", Shape::Option { of: boxed(named("Item")) }),
        ("pair", Shape::Tuple { of: vec![int(8, false), Shape::String] }),
        ("mood", named("Mood")),
        ("extra", Shape::Variant),
        ("Level", int(8, false)),
    ];
    let got = shapes(save);
    assert_eq!(got.len(), want.len(), "{got:#?}");
    for ((name, shape), (want_name, want_shape)) in got.iter().zip(&want) {
        assert_eq!((*name, *shape), (*want_name, want_shape));
    }
    assert_eq!(shapes(strukt(&s, "Item")), vec![("name", &Shape::String), ("count", &int(16, false))]);
    let mood = enm(&s, "Mood");
    assert!(mood.is_unit_only());
    assert_eq!(mood.variants.iter().map(|v| v.name.as_str()).collect::<Vec<_>>(), ["Calm", "angry"]);
    // Only an Option may be missing here (serde reads a missing Option as None).
    for f in &save.fields {
        assert_eq!(f.optional, matches!(f.shape, Shape::Option { .. }), "{}", f.name);
        assert!(!f.omit_if_null, "{}", f.name);
    }
}

#[derive(Serialize, Deserialize)]
enum Msg {
    Move { to: Vector2, seq: u32 },
    Chat(String),
    Pair(i32, bool),
    Bye,
}

#[test]
fn every_variant_of_an_enum_is_traced() {
    let s = schema::<Msg>();
    let msg = enm(&s, "Msg");
    let data: Vec<_> = msg.variants.iter().map(|v| (v.name.as_str(), &v.data)).collect();
    assert_eq!(data[0].0, "Move");
    match data[0].1 {
        VariantData::Struct { fields } => {
            assert_eq!(fields, &vec![Field::new("to", builtin(TypeKind::Vector2)), Field::new("seq", int(32, false))])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(data[1], ("Chat", &VariantData::Newtype { shape: Shape::String }));
    assert_eq!(data[2], ("Pair", &VariantData::Tuple { of: vec![int(32, true), Shape::Bool] }));
    assert_eq!(data[3], ("Bye", &VariantData::Unit));
}

#[derive(Serialize, Deserialize)]
struct Tree {
    label: String,
    children: Vec<Tree>,
    parent: Option<Box<Tree>>,
}

#[derive(Serialize, Deserialize)]
enum Expr {
    Add(Box<Expr>, Box<Expr>),
    Neg(Box<Expr>),
    Lit(i64),
}

#[test]
fn recursive_types_are_named_inside_themselves() {
    let s = schema::<Tree>();
    assert_eq!(s.defs.len(), 1);
    assert_eq!(
        shapes(strukt(&s, "Tree")),
        vec![
            ("label", &Shape::String),
            ("children", &Shape::Array { of: boxed(named("Tree")) }),
            ("parent", &Shape::Option { of: boxed(named("Tree")) }),
        ]
    );
    let s = schema::<Expr>();
    let e = enm(&s, "Expr");
    assert_eq!(e.variants[0].data, VariantData::Tuple { of: vec![named("Expr"), named("Expr")] });
    assert_eq!(e.variants[1].data, VariantData::Newtype { shape: named("Expr") });
    assert_eq!(e.variants[2].data, VariantData::Newtype { shape: int(64, true) });
}

#[derive(Serialize, Deserialize)]
struct Options {
    #[serde(default)]
    level: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    title: Option<String>,
    required: String,
    maybe: Option<bool>,
}

#[test]
fn defaults_and_skipped_options_are_found() {
    let s = schema::<Options>();
    let o = strukt(&s, "Options");
    let flags: Vec<_> = o.fields.iter().map(|f| (f.name.as_str(), f.optional, f.omit_if_null)).collect();
    assert_eq!(
        flags,
        [("level", true, false), ("title", true, true), ("required", false, false), ("maybe", true, false)]
    );
}

fn full() -> f32 {
    100.0
}

fn hero() -> String {
    "hero \"one\"".into()
}

#[derive(Serialize, Deserialize)]
struct Player {
    #[serde(default = "full")]
    stamina: f32,
    #[serde(default = "hero")]
    title: String,
    #[serde(default)]
    level: u32,
    name: String,
}

#[derive(Serialize, Deserialize)]
struct Party {
    lead: Player,
}

#[test]
fn default_values_are_traced_into_the_gdscript_initialisers() {
    let s = schema::<Party>();
    let p = strukt(&s, "Player");
    let defaults: Vec<_> = p.fields.iter().map(|f| (f.name.as_str(), f.default.clone())).collect();
    assert_eq!(
        defaults,
        [
            ("stamina", Some(Variant::Float(100.0))),
            ("title", Some(Variant::from("hero \"one\""))),
            ("level", Some(Variant::Int(0))),
            ("name", None)
        ]
    );
    let gd = godot_bin::gdscript::from_schema(&s, &Default::default()).unwrap();
    assert!(gd.contains("var stamina: float = 100.0\n"), "{gd}");
    assert!(gd.contains("var title: String = \"hero \\\"one\\\"\"\n"), "{gd}");
    assert!(gd.contains("var level: int = 0\n"), "{gd}");
    // The schema file keeps them.
    assert_eq!(Schema::from_json(&s.to_json()).unwrap(), s);
}

#[derive(Serialize, Deserialize)]
struct Wrapper {
    inner: Options,
    list: Vec<Msg>,
}

#[test]
fn types_used_by_others_are_traced_whole() {
    let s = schema::<Wrapper>();
    let names: Vec<_> = s.defs.iter().map(Def::name).collect();
    assert_eq!(names, ["Wrapper", "Options", "Msg"]);
    // The struct inside an enum's variant is reached, and its flags found.
    assert!(strukt(&s, "Options").fields[1].omit_if_null);
    assert_eq!(enm(&s, "Msg").variants.len(), 4);
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "type")]
enum Internal {
    A { x: i32 },
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "t", content = "c")]
enum Adjacent {
    A(i32),
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Untagged {
    A(i32),
}

#[derive(Serialize, Deserialize)]
struct Flat {
    #[serde(flatten)]
    item: Item,
}

#[derive(Serialize, Deserialize)]
struct SkipsAVec {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    list: Vec<i32>,
}

#[test]
fn what_the_gdscript_side_could_not_follow_is_refused_by_name() {
    fn err<T: serde::de::DeserializeOwned + Serialize>() -> String {
        Schema::new(Dialect::Godot4_6).add::<T>().unwrap_err().to_string()
    }
    let e = err::<Internal>();
    assert!(e.contains("internally tagged") && e.contains("Internal"), "{e}");
    let e = err::<Untagged>();
    assert!(e.contains("untagged"), "{e}");
    let e = err::<Adjacent>();
    assert!(e.contains("adjacently tagged"), "{e}");
    let e = err::<Flat>();
    assert!(e.contains("flatten"), "{e}");
    let e = err::<SkipsAVec>();
    assert!(e.contains("SkipsAVec.list") && e.contains("skip_serializing_if"), "{e}");
}

#[test]
fn a_schema_keeps_each_type_once_and_its_first_type_as_root() {
    let s = Schema::new(Dialect::Godot4_6).add::<Wrapper>().unwrap().add::<Msg>().unwrap().add::<Save>().unwrap();
    assert_eq!(s.root.as_deref(), Some("Wrapper"));
    let mut names: Vec<_> = s.defs.iter().map(Def::name).collect();
    names.sort();
    assert_eq!(names, ["Item", "Mood", "Msg", "Options", "Save", "Wrapper"]);
    let again = Schema::new(Dialect::Godot4_6).add::<Wrapper>().unwrap().add::<Msg>().unwrap().add::<Save>().unwrap();
    assert_eq!(s.version(), again.version());
    assert_ne!(s.version(), Schema::new(Dialect::Godot4_6).add::<Wrapper>().unwrap().version());
}

/// The source of the types of `docs_are_read_from_the_source`, as a user would `include_str!` it.
const DOCUMENTED: &str = r#"
/// The player's save.
/// Written every minute.
#[derive(Serialize, Deserialize)]
pub struct Documented {
    /// Game ticks since the start.
    pub tick: i64,
    #[serde(rename = "Where")]
    /// Where the player stands.
    pub(crate) pos: Vector2,
    undocumented: bool,
    /// What happened last.
    last: Event,
}

/// Something that happened.
#[derive(Serialize, Deserialize)]
enum Event {
    /// Nothing yet.
    Nothing,
    /// A hit.
    Hit {
        /// How much.
        damage: u32,
    },
}
"#;

#[derive(Serialize, Deserialize)]
pub struct Documented {
    pub tick: i64,
    #[serde(rename = "Where")]
    pub(crate) pos: Vector2,
    undocumented: bool,
    last: Event,
}

#[derive(Serialize, Deserialize)]
enum Event {
    Nothing,
    Hit { damage: u32 },
}

#[test]
fn docs_are_read_from_the_source() {
    let s = schema::<Documented>().with_docs(DOCUMENTED);
    let d = strukt(&s, "Documented");
    assert_eq!(d.doc.as_deref(), Some("The player's save.\nWritten every minute."));
    let docs: Vec<_> = d.fields.iter().map(|f| (f.name.as_str(), f.doc.as_deref())).collect();
    assert_eq!(
        docs,
        [
            ("tick", Some("Game ticks since the start.")),
            ("Where", Some("Where the player stands.")),
            ("undocumented", None),
            ("last", Some("What happened last."))
        ]
    );
    let e = enm(&s, "Event");
    assert_eq!(e.doc.as_deref(), Some("Something that happened."));
    assert_eq!(e.variants[0].doc.as_deref(), Some("Nothing yet."));
    assert_eq!(e.variants[1].doc.as_deref(), Some("A hit."));
    let VariantData::Struct { fields } = &e.variants[1].data else { panic!() };
    assert_eq!(fields[0].doc.as_deref(), Some("How much."));
}

#[derive(Serialize, Deserialize)]
struct Pair<T> {
    x: T,
}

#[derive(Serialize, Deserialize)]
struct TwoPairs {
    a: Pair<i32>,
    b: Pair<String>,
}

#[test]
fn a_generic_type_with_two_parameters_is_refused() {
    let e = Schema::new(Dialect::Godot4_6).add::<TwoPairs>().unwrap_err().to_string();
    assert!(e.contains("Pair.x was read as int and as String") && e.contains("generic"), "{e}");
    let e = Schema::new(Dialect::Godot4_6).add::<Pair<i32>>().unwrap().add::<Pair<String>>().unwrap_err().to_string();
    assert!(e.contains("Pair") && e.contains("two different types"), "{e}");
}
