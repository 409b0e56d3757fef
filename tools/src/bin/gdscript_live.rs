//! The Rust half of `scripts/live.sh gdscript`: GDScript generated from Rust types reads what Rust wrote and
//! writes it back byte for byte, in a real engine.
//!
//! ```text
//! gdscript_live prepare DIALECT DIR COUNT SEED   # the .gd files, the values, the wrong values, project.godot
//! gdscript_live check DIALECT DIR COUNT SEED     # the engine's output files against the values
//! ```
//! `prepare-files` / `check-files`: the same for the save alone, written as one file per type
//! (`gdscript::files_per_type`: save.gd, item.gd, msg.gd).
//! For each top type (`Save`, `Msg`, `Branch`, and `Extras4` in Godot 4), `prepare` writes COUNT seeded
//! random values into `<file>.in` (a `store_var` file), `gdscript::for_type`'s file `<file>.gd`, wrong values
//! into `<file>.bad` with the path each error must start with in `<file>.bad.txt`, and `harness.gd`, which is
//! generated from the schema so that it checks every field's `typeof` and class. The engine's harness reads
//! each value with `from_variant`, checks its fields, and writes `to_variant()` with `store_var` into
//! `<file>.out`; `check` requires `<file>.out` to be byte-identical to `<file>.in` and to decode to the same
//! values, every wrong value to be refused with its path, and the engine's log (`engine.log`) to have no
//! script error, parse error or warning. `<file>.junk` holds the values again with one part each replaced by
//! a value of some kind: `from_variant` and `check` must agree on each, and what `to_variant` writes for
//! those accepted (`<file>.junk.out`) must read as the Rust type.
//! `prepare-hostile` / `check-hostile`: a schema whose keys and type names are what an attacker's save or
//! an odd rename gives (empty, control characters, quotes, keywords, the emitter's reserved names, global
//! functions, native classes, ALL_CAPS constants, the generated members, non-ASCII, names equal once
//! sanitized): the file must load with no error or warning and read every value back byte-identical.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use godot_bin::framing::{values, write_store_var, Endian};
use godot_bin::markers::*;
use godot_bin::packed::*;
use godot_bin::schema::{Def, Enum, EnumVariant, Field, Schema, Shape, Struct, VariantData};
use godot_bin::typed::{AsDictionary, TypedArray, TypedDictionary};
use godot_bin::value::TypeKind;
use godot_bin::{gdscript, Config, Dialect, Dictionary, Variant};
use godot_bin_tools::r#gen::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// A game's save: every mapping Godot 3 and 4 share.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Save {
    /// The player's name.
    name: String,
    level: u8,
    small: i16,
    count: u32,
    score: i64,
    hp: f32,
    speed: f64,
    alive: bool,
    pos: Vector2,
    area: Rect2,
    dir: Vector3,
    xform2: Transform2D,
    plane: Plane,
    rot: Quaternion,
    bounds: Aabb,
    basis: Basis,
    xform: Transform3D,
    color: Color,
    target: NodePath,
    bytes: PackedByteArray,
    ints: PackedInt32Array,
    reals: PackedFloat32Array,
    tags: PackedStringArray,
    path: PackedVector2Array,
    points: PackedVector3Array,
    palette: PackedColorArray,
    items: Vec<Item>,
    typed_items: TypedArray<AsDictionary<Item>>,
    names: TypedArray<String>,
    stats: BTreeMap<String, i32>,
    by_id: BTreeMap<i32, String>,
    typed_stats: TypedDictionary<String, i64>,
    mood: Mood,
    moods: Vec<Mood>,
    last: Option<Msg>,
    msgs: Vec<Msg>,
    nick: Option<String>,
    best: Option<Item>,
    #[serde(rename = "class")]
    class_: String,
    #[serde(rename = "max hp")]
    max_hp: u16,
    #[serde(default)]
    extra: i32,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    note: Option<String>,
    pair: (i32, String),
    grid: Vec<Vec<i8>>,
    any: Variant,
}

/// An item in the inventory.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Item {
    name: String,
    count: u16,
    weight: f32,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
enum Mood {
    Calm,
    Angry,
    #[serde(rename = "so-so")]
    SoSo,
}

/// A message between a server and the game.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
enum Msg {
    Hello,
    Chat(String),
    Move(i32, f64),
    Attack { target: u32, power: f32, at: Vector2 },
    Bye,
}

/// A tree of branches (a recursive type).
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Branch {
    label: String,
    kids: Vec<Branch>,
    leaf: Option<Box<Branch>>,
}

/// The types Godot 4 has and Godot 3 lacks.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
struct Extras4 {
    cell: Vector2i,
    rect: Rect2i,
    voxel: Vector3i,
    v4: Vector4,
    v4i: Vector4i,
    proj: Projection,
    id: StringName,
    rid: Rid,
    longs: PackedInt64Array,
    doubles: PackedFloat64Array,
    quads: PackedVector4Array,
    typed_cells: TypedArray<Vector2i>,
    by_name: TypedDictionary<StringName, f64>,
}

/// The values of this check, drawn from the seeded generator of the tests and tools (`r#gen::Rng`): finite
/// floats only, short strings and containers.
struct Draw(Rng);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }
    fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
    fn i64(&mut self) -> i64 {
        match self.below(4) {
            0 => self.below(100) as i64 - 50,
            1 => self.next() as i32 as i64,
            _ => self.next() as i64,
        }
    }
    fn f32(&mut self) -> f32 {
        loop {
            let f = match self.below(3) {
                0 => self.below(2000) as f32 / 8.0 - 125.0,
                _ => f32::from_bits(self.next() as u32),
            };
            if f.is_finite() {
                return f;
            }
        }
    }
    fn f64(&mut self) -> f64 {
        loop {
            let f = match self.below(3) {
                0 => self.below(2000) as f64 / 8.0 - 125.0,
                _ => f64::from_bits(self.next()),
            };
            if f.is_finite() {
                return f;
            }
        }
    }
    fn real(&mut self) -> f64 {
        f64::from(self.f32())
    }
    fn string(&mut self) -> String {
        const PARTS: &[&str] = &["a", "Zed", " ", "é", "☃", "\"", "\\", "\n", "key", "0", "🙂"];
        (0..self.below(5)).map(|_| PARTS[self.below(PARTS.len() as u64) as usize]).collect()
    }
    fn v2(&mut self) -> Vector2 {
        Vector2::new(self.real(), self.real())
    }
    fn v3(&mut self) -> Vector3 {
        Vector3::new(self.real(), self.real(), self.real())
    }
    fn v4(&mut self) -> Vector4 {
        Vector4 { x: self.real(), y: self.real(), z: self.real(), w: self.real() }
    }
    fn v2i(&mut self) -> Vector2i {
        Vector2i { x: self.next() as i32, y: self.next() as i32 }
    }
    fn len(&mut self) -> usize {
        self.below(4) as usize
    }
    fn vec<T>(&mut self, mut f: impl FnMut(&mut Draw) -> T) -> Vec<T> {
        (0..self.len()).map(|_| f(self)).collect()
    }
}

fn item(r: &mut Draw) -> Item {
    Item { name: r.string(), count: r.next() as u16, weight: r.f32() }
}

fn mood(r: &mut Draw) -> Mood {
    [Mood::Calm, Mood::Angry, Mood::SoSo][r.below(3) as usize]
}

fn msg(r: &mut Draw) -> Msg {
    match r.below(5) {
        0 => Msg::Hello,
        1 => Msg::Chat(r.string()),
        2 => Msg::Move(r.next() as i32, r.f64()),
        3 => Msg::Attack { target: r.next() as u32, power: r.f32(), at: r.v2() },
        _ => Msg::Bye,
    }
}

fn save(r: &mut Draw) -> Save {
    let any = match r.below(4) {
        0 => Variant::Nil,
        1 => Variant::from(r.i64()),
        2 => Variant::from(r.string()),
        _ => Variant::from(vec![Variant::from(true), Variant::from(r.f64())]),
    };
    Save {
        name: r.string(),
        level: r.next() as u8,
        small: r.next() as i16,
        count: r.next() as u32,
        score: r.i64(),
        hp: r.f32(),
        speed: r.f64(),
        alive: r.coin(),
        pos: r.v2(),
        area: Rect2 { position: r.v2(), size: r.v2() },
        dir: r.v3(),
        xform2: Transform2D { x: r.v2(), y: r.v2(), origin: r.v2() },
        plane: Plane { normal: r.v3(), d: r.real() },
        rot: Quaternion { x: r.real(), y: r.real(), z: r.real(), w: r.real() },
        bounds: Aabb { position: r.v3(), size: r.v3() },
        basis: Basis { rows: [r.v3(), r.v3(), r.v3()] },
        xform: Transform3D { basis: Basis { rows: [r.v3(), r.v3(), r.v3()] }, origin: r.v3() },
        color: Color { r: r.f32(), g: r.f32(), b: r.f32(), a: r.f32() },
        target: NodePath::parse(["", "a/b", "/root/Main:pos", "..:x:y"][r.below(4) as usize]),
        bytes: r.vec(|r| r.next() as u8).into(),
        ints: r.vec(|r| r.next() as i32).into(),
        reals: r.vec(|r| r.f32()).into(),
        tags: r.vec(|r| r.string()).into(),
        path: r.vec(|r| r.v2()).into(),
        points: r.vec(|r| r.v3()).into(),
        palette: r.vec(|r| Color { r: r.f32(), g: r.f32(), b: r.f32(), a: r.f32() }).into(),
        items: (0..1 + r.len()).map(|_| item(r)).collect(),
        typed_items: r.vec(|r| AsDictionary(item(r))).into(),
        names: r.vec(|r| r.string()).into(),
        stats: r.vec(|r| (r.string(), r.next() as i32)).into_iter().collect(),
        by_id: r.vec(|r| (r.next() as i32, r.string())).into_iter().collect(),
        typed_stats: r.vec(|r| (r.string(), r.i64())).into_iter().collect::<BTreeMap<_, _>>().into_iter().collect(),
        mood: mood(r),
        moods: r.vec(mood),
        last: if r.coin() { Some(msg(r)) } else { None },
        msgs: (0..1 + r.len()).map(|_| msg(r)).collect(),
        nick: if r.coin() { Some(r.string()) } else { None },
        best: if r.coin() { Some(item(r)) } else { None },
        class_: r.string(),
        max_hp: r.next() as u16,
        extra: r.next() as i32,
        note: if r.coin() { Some(r.string()) } else { None },
        pair: (r.next() as i32, r.string()),
        grid: r.vec(|r| r.vec(|r| r.next() as i8)),
        any,
    }
}

fn branch(r: &mut Draw, depth: u32) -> Branch {
    let deeper = depth < 3;
    Branch {
        label: r.string(),
        kids: if deeper { r.vec(|r| branch(r, depth + 1)) } else { vec![] },
        leaf: if deeper && r.coin() { Some(Box::new(branch(r, depth + 1))) } else { None },
    }
}

fn extras4(r: &mut Draw) -> Extras4 {
    Extras4 {
        cell: r.v2i(),
        rect: Rect2i { position: r.v2i(), size: r.v2i() },
        voxel: Vector3i { x: r.next() as i32, y: r.next() as i32, z: r.next() as i32 },
        v4: r.v4(),
        v4i: Vector4i { x: r.next() as i32, y: r.next() as i32, z: r.next() as i32, w: r.next() as i32 },
        proj: Projection { columns: [r.v4(), r.v4(), r.v4(), r.v4()] },
        id: StringName(r.string()),
        rid: Rid(r.below(1 << 40)),
        longs: r.vec(|r| r.i64()).into(),
        doubles: r.vec(|r| r.f64()).into(),
        quads: r.vec(|r| r.v4()).into(),
        typed_cells: r.vec(|r| r.v2i()).into(),
        by_name: r
            .vec(|r| (r.string(), r.f64()))
            .into_iter()
            .collect::<BTreeMap<_, _>>()
            .into_iter()
            .map(|(k, v)| (StringName(k), v))
            .collect(),
    }
}

/// A wrong value and the start of the error `check` must give for it; `~` before it: lenient mode accepts
/// the value; `+` alone: a value strict mode accepts (optional keys left out).
type Bad = (Variant, String);

fn set(v: &mut Variant, path: &[&str], to: Variant) {
    let mut cur = v;
    for p in path {
        cur = match p.parse::<usize>() {
            Ok(i) => cur.get_mut(i).expect("index"),
            Err(_) => cur.get_mut(*p).expect("key"),
        };
    }
    *cur = to;
}

fn without(v: &Variant, key: &str) -> Variant {
    let d = v.as_dictionary().expect("a struct");
    let mut out = Dictionary::default();
    for (k, x) in d.entries.iter() {
        if k.as_str() != Some(key) {
            out.insert(k.clone(), x.clone());
        }
    }
    Variant::from(out)
}

fn dict(entries: &[(&str, Variant)]) -> Variant {
    let mut d = Dictionary::default();
    for (k, v) in entries {
        d.insert(Variant::from(*k), v.clone());
    }
    Variant::from(d)
}

fn bad_saves(good: &Variant) -> Vec<Bad> {
    let mut out: Vec<Bad> = vec![
        (without(good, "name"), "~Save: missing key \"name\"".into()),
        (without(good, "max hp"), "~Save: missing key \"max hp\"".into()),
        (without(&without(&without(good, "extra"), "note"), "nick"), "+".into()),
        (Variant::from(7i64), "Save: expected a Dictionary".into()),
        (Variant::Nil, "Save: expected a Dictionary".into()),
        (Variant::from("garbage"), "Save: expected a Dictionary".into()),
        (Variant::from(vec![Variant::from(1i64)]), "Save: expected a Dictionary".into()),
        (dict(&[]), "~Save: missing key \"name\"".into()),
    ];
    let mut case = |path: &[&str], to: Variant, want: &str| {
        let mut v = good.clone();
        set(&mut v, path, to);
        out.push((v, want.into()));
    };
    case(&["level"], Variant::from("x"), "Save.level: expected int");
    case(&["level"], Variant::from(300i64), "Save.level: 300 is out of range");
    case(&["count"], Variant::from(-1i64), "Save.count: -1 is out of range");
    case(&["hp"], Variant::from("1.5"), "Save.hp: expected float");
    case(&["pos"], Variant::from("1, 2"), "Save.pos: expected Vector2");
    case(&["tags"], Variant::from(5i64), "Save.tags: expected ");
    case(&["items", "0", "name"], Variant::from(5i64), "Save.items[0].name: expected String");
    case(&["items", "0"], Variant::from(5i64), "Save.items[0]: expected a Dictionary");
    case(&["items"], dict(&[]), "Save.items: expected Array");
    case(&["mood"], Variant::from("Sleepy"), "Save.mood: unknown Mood variant Sleepy");
    case(&["mood"], Variant::from(1i64), "Save.mood: expected a Mood name");
    case(&["msgs", "0"], dict(&[("Nope", Variant::from(1i64))]), "Save.msgs[0]: unknown Msg variant Nope");
    case(&["msgs", "0"], Variant::from("Shout"), "Save.msgs[0]: unknown Msg unit variant Shout");
    case(&["msgs", "0"], dict(&[("Chat", Variant::from(5i64))]), "Save.msgs[0].Chat: expected String");
    case(
        &["msgs", "0"],
        dict(&[("Move", Variant::from(vec![Variant::from(1i64)]))]),
        "Save.msgs[0].Move: expected 2 elements",
    );
    case(&["msgs", "0"], dict(&[("Attack", dict(&[]))]), "Save.msgs[0].Attack: missing key \"target\"");
    case(&["pair"], Variant::from(vec![Variant::from(1i64)]), "Save.pair: expected 2 elements");
    case(&["pair"], Variant::from(vec![Variant::from(1i64), Variant::from(2i64)]), "Save.pair[1]: expected String");
    case(&["class"], Variant::Nil, "Save.class: expected String");
    case(&["nick"], Variant::from(3i64), "Save.nick: expected String");
    case(&["best"], Variant::from(3i64), "Save.best: expected a Dictionary");
    case(&["typed_stats"], dict(&[("k", Variant::from("v"))]), "Save.typed_stats[k]: expected int");
    case(&["stats"], Variant::from(vec![]), "Save.stats: expected Dictionary");
    case(
        &["grid"],
        Variant::from(vec![Variant::from(vec![Variant::from(200i64)])]),
        "Save.grid[0][0]: 200 is out of range",
    );
    case(&["alive"], Variant::from(1i64), "Save.alive: expected bool");
    out
}

fn bad_msgs() -> Vec<Bad> {
    vec![
        (Variant::from("Nope"), "Msg: unknown Msg unit variant Nope".into()),
        (Variant::from(3i64), "Msg: expected a Msg".into()),
        (dict(&[("Chat", Variant::Nil)]), "Msg.Chat: expected String".into()),
        (
            dict(&[("Move", Variant::from(vec![Variant::from(1.5), Variant::from(1.5)]))]),
            "Msg.Move[0]: expected int".into(),
        ),
        (
            dict(&[("Attack", dict(&[("target", Variant::from(1i64)), ("power", Variant::from(1i64))]))]),
            "Msg.Attack: missing key \"at\"".into(),
        ),
        (dict(&[("A", Variant::Nil), ("B", Variant::Nil)]), "Msg: expected a Msg".into()),
    ]
}

fn bad_branches() -> Vec<Bad> {
    let leaf = |label: Variant| dict(&[("label", label), ("kids", Variant::from(vec![])), ("leaf", Variant::Nil)]);
    let deep = dict(&[
        ("label", Variant::from("root")),
        ("kids", Variant::from(vec![leaf(Variant::from("a")), leaf(Variant::from(4i64))])),
        ("leaf", Variant::Nil),
    ]);
    vec![
        (deep, "Branch.kids[1].label: expected String".into()),
        (
            dict(&[("label", Variant::from("x")), ("kids", Variant::from(vec![])), ("leaf", Variant::from(2i64))]),
            "Branch.leaf: expected a Dictionary".into(),
        ),
    ]
}

fn bad_extras(good: &Variant) -> Vec<Bad> {
    let mut v = good.clone();
    set(&mut v, &["cell"], Variant::from("1,2"));
    vec![(v, "Extras4.cell: expected Vector2i".into())]
}

/// A value of some kind, to put where another was.
fn junk_value(r: &mut Draw, g4: bool) -> Variant {
    match r.below(if g4 { 12 } else { 11 }) {
        0 => Variant::Nil,
        1 => Variant::Bool(r.coin()),
        2 => Variant::Int(r.i64()),
        3 => Variant::Float(r.f64()),
        4 => Variant::String(r.string()),
        5 => Variant::Vector2(r.v2()),
        6 => Variant::from(vec![Variant::Int(300), Variant::from("x")]),
        7 => dict(&[("name", Variant::Int(1))]),
        8 => {
            let mut d = Dictionary::default();
            d.insert(Variant::Int(1), Variant::Int(2));
            Variant::from(d)
        }
        9 => Variant::PackedByteArray(vec![1, 2]),
        10 => Variant::Color(Color { r: 1.0, g: 0.5, b: 0.25, a: 1.0 }),
        _ => Variant::StringName(StringName(r.string())),
    }
}

/// `good` with one value somewhere inside it (or itself) replaced by a value of some kind.
fn mutate(good: &Variant, r: &mut Draw, g4: bool) -> Variant {
    let mut v = good.clone();
    let mut cur = &mut v;
    loop {
        let n = match &*cur {
            Variant::Dictionary(d) => d.len(),
            Variant::Array(a) => a.len(),
            _ => 0,
        };
        if n == 0 || r.below(4) == 0 {
            *cur = junk_value(r, g4);
            return v;
        }
        let i = r.below(n as u64) as usize;
        cur = match cur {
            Variant::Dictionary(d) => d.entries.value_mut(i).expect("in range"),
            Variant::Array(a) => &mut a.items[i],
            _ => unreachable!("only containers have children"),
        };
    }
}

/// The `TYPE_…` a field of `shape` holds in the engine (`None`: any).
fn type_const(shape: &Shape, g4: bool, schema: &Schema) -> Option<String> {
    let k = match shape {
        Shape::Nil => TypeKind::Nil,
        Shape::Bool => TypeKind::Bool,
        Shape::Int { .. } => TypeKind::Int,
        Shape::Float { .. } => TypeKind::Float,
        Shape::String => TypeKind::String,
        Shape::Array { .. } | Shape::TypedArray { .. } | Shape::Tuple { .. } => TypeKind::Array,
        Shape::Map { .. } | Shape::TypedDictionary { .. } => TypeKind::Dictionary,
        Shape::Builtin { name } => *name,
        Shape::Named { name } => match schema.get(name) {
            Some(Def::Enum(e)) if e.is_unit_only() => TypeKind::Int,
            _ => TypeKind::Object,
        },
        Shape::Option { .. } | Shape::Variant => return None,
    };
    let g3 = |n3: &'static str, n4: &'static str| if g4 { n4 } else { n3 };
    let name = match k {
        TypeKind::Nil => "NIL",
        TypeKind::Bool => "BOOL",
        TypeKind::Int => "INT",
        TypeKind::Float => g3("REAL", "FLOAT"),
        TypeKind::String => "STRING",
        TypeKind::Array => "ARRAY",
        TypeKind::Dictionary => "DICTIONARY",
        TypeKind::Object => "OBJECT",
        TypeKind::Vector2 => "VECTOR2",
        TypeKind::Vector2i => "VECTOR2I",
        TypeKind::Rect2 => "RECT2",
        TypeKind::Rect2i => "RECT2I",
        TypeKind::Vector3 => "VECTOR3",
        TypeKind::Vector3i => "VECTOR3I",
        TypeKind::Transform2D => "TRANSFORM2D",
        TypeKind::Vector4 => "VECTOR4",
        TypeKind::Vector4i => "VECTOR4I",
        TypeKind::Plane => "PLANE",
        TypeKind::Quaternion => g3("QUAT", "QUATERNION"),
        TypeKind::Aabb => "AABB",
        TypeKind::Basis => "BASIS",
        TypeKind::Transform3D => g3("TRANSFORM", "TRANSFORM3D"),
        TypeKind::Projection => "PROJECTION",
        TypeKind::Color => "COLOR",
        TypeKind::StringName => "STRING_NAME",
        TypeKind::NodePath => "NODE_PATH",
        TypeKind::Rid => "RID",
        TypeKind::PackedByteArray => g3("RAW_ARRAY", "PACKED_BYTE_ARRAY"),
        TypeKind::PackedInt32Array => g3("INT_ARRAY", "PACKED_INT32_ARRAY"),
        TypeKind::PackedInt64Array => "PACKED_INT64_ARRAY",
        TypeKind::PackedFloat32Array => g3("REAL_ARRAY", "PACKED_FLOAT32_ARRAY"),
        TypeKind::PackedFloat64Array => "PACKED_FLOAT64_ARRAY",
        TypeKind::PackedStringArray => g3("STRING_ARRAY", "PACKED_STRING_ARRAY"),
        TypeKind::PackedVector2Array => g3("VECTOR2_ARRAY", "PACKED_VECTOR2_ARRAY"),
        TypeKind::PackedVector3Array => g3("VECTOR3_ARRAY", "PACKED_VECTOR3_ARRAY"),
        TypeKind::PackedColorArray => g3("COLOR_ARRAY", "PACKED_COLOR_ARRAY"),
        TypeKind::PackedVector4Array => "PACKED_VECTOR4_ARRAY",
        _ => return None,
    };
    Some(format!("TYPE_{name}"))
}

/// The harness's check of one field: a condition that is true when the value is wrong.
fn field_wrong(shape: &Shape, e: &str, g4: bool, schema: &Schema, cls: &dyn Fn(&str) -> String) -> String {
    match shape {
        Shape::Option { of } => format!("({e} != null and ({}))", field_wrong(of, e, g4, schema, cls)),
        Shape::Variant => "false".into(),
        Shape::Named { name }
            if matches!(schema.get(name), Some(Def::Struct(_)))
                || matches!(schema.get(name), Some(Def::Enum(en)) if !en.is_unit_only() || schema.root.as_deref() == Some(name)) =>
        {
            format!("(typeof({e}) != TYPE_OBJECT or {e}.get_script() != {})", cls(name))
        }
        s => {
            let t = type_const(s, g4, schema).unwrap_or_default();
            let mut c = format!("typeof({e}) != {t}");
            if g4 {
                if let Shape::Array { of } | Shape::TypedArray { of } = s {
                    if !matches!(**of, Shape::Option { .. } | Shape::Variant) {
                        c = format!("({c} or not {e}.is_typed())");
                    }
                }
            }
            if let Shape::Array { of } | Shape::TypedArray { of } = s {
                if let Shape::Named { name } = &**of {
                    if g4 && matches!(schema.get(name), Some(Def::Struct(_))) {
                        c = format!("({c} or {e}.any(func(el): return el.get_script() != {}))", cls(name));
                    }
                }
            }
            c
        }
    }
}

struct Top {
    file: &'static str,
    schema: Schema,
    gd: String,
    /// The class_name, when it is not the root type's name.
    class: Option<&'static str>,
    /// One file per type (`gdscript::files_per_type`): the other files, as (file name, class name, text).
    others: Vec<(String, String, String)>,
}

fn write_values<T: Serialize>(dir: &Path, name: &str, vals: &[T], bad: &[Bad], cfg: &Config) -> Res<()> {
    let mut file = Vec::new();
    for v in vals {
        write_store_var(&mut file, v, cfg)?;
    }
    std::fs::write(dir.join(format!("{name}.in")), &file)?;
    // Values with one part replaced by a value of another kind (or the same kind), as many as there are
    // values: the GDScript must accept or refuse each without a script error.
    let mut junk = Vec::new();
    let mut r = Draw(Rng(0x5eed ^ vals.len() as u64));
    let g4 = cfg.dialect() != Dialect::Godot3;
    for v in vals {
        let m = mutate(&godot_bin::to_variant_with(v, cfg)?, &mut r, g4);
        let _ = write_store_var(&mut junk, &m, cfg);
    }
    std::fs::write(dir.join(format!("{name}.junk")), &junk)?;
    let mut file = Vec::new();
    let mut want = String::new();
    for (v, w) in bad {
        write_store_var(&mut file, v, cfg)?;
        want.push_str(&w.replace('\n', " "));
        want.push('\n');
    }
    std::fs::write(dir.join(format!("{name}.bad")), &file)?;
    std::fs::write(dir.join(format!("{name}.bad.txt")), want)?;
    Ok(())
}

fn top<T: DeserializeOwned + Serialize>(file: &'static str, dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<T>()?;
    let gd = gdscript::for_type::<T>(&Config::new(dialect))?;
    Ok(Top { file, schema, gd, class: None, others: vec![] })
}

/// The save's file, with the doc comments of this source file's types as GDScript doc comments.
fn top_save(dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<Save>()?.with_docs(include_str!("gdscript_live.rs"));
    let gd = gdscript::from_schema(&schema, &gdscript::Options::default())?;
    Ok(Top { file: "save", schema, gd, class: None, others: vec![] })
}

/// The save as one file per type (save.gd, item.gd, msg.gd).
fn top_save_files(dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<Save>()?;
    let mut files = gdscript::files_per_type(&schema, &gdscript::Options::default())?;
    let at = files.iter().position(|(f, _)| f == "save.gd").ok_or("no save.gd")?;
    let (_, gd) = files.remove(at);
    let others = files
        .into_iter()
        .map(|(f, text)| {
            let class = schema.defs.iter().map(|d| d.name().to_string()).find(|n| format!("{}.gd", snake(n)) == f);
            (f, class.unwrap_or_default(), text)
        })
        .collect();
    Ok(Top { file: "save", schema, gd, class: None, others })
}

fn snake(name: &str) -> String {
    let mut s = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            s.push('_');
        }
        s.push(c.to_ascii_lowercase());
    }
    s
}

/// `Msg` is also an inner class of save.gd: its own file takes another class_name, as a project's would.
fn top_msg(dialect: Dialect) -> Res<Top> {
    let schema = Schema::new(dialect).add::<Msg>()?;
    let options = gdscript::Options::default().with_class_name(Some("Message".into())).with_file_name("msg.gd");
    let gd = gdscript::from_schema(&schema, &options)?;
    Ok(Top { file: "msg", schema, gd, class: Some("Message"), others: vec![] })
}

fn tops(dialect: Dialect) -> Res<Vec<Top>> {
    let mut t = vec![top_save(dialect)?, top_msg(dialect)?, top::<Branch>("branch", dialect)?];
    if dialect != Dialect::Godot3 {
        t.push(top::<Extras4>("extras4", dialect)?);
    }
    Ok(t)
}

fn values_of(dialect: Dialect, count: usize, seed: u64) -> (Vec<Save>, Vec<Msg>, Vec<Branch>, Vec<Extras4>) {
    let mut r = Draw(Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1));
    let saves = (0..count).map(|_| save(&mut r)).collect();
    let msgs = (0..count).map(|_| msg(&mut r)).collect();
    let branches = (0..count).map(|_| branch(&mut r, 0)).collect();
    let extras = if dialect == Dialect::Godot3 { vec![] } else { (0..count).map(|_| extras4(&mut r)).collect() };
    (saves, msgs, branches, extras)
}

/// The harness's part for one top type (`@F@`: its file's name): read, write back, refuse, junk.
const RUN: &str = r#"func run_@F@():
	var S = load("res://@F@.gd")
	if S == null:
		fail("@F@.gd did not load")
		return
	var inp = _open("@F@.in", false)
	var out = _open("@F@.out", true)
	var n = 0
	while inp.get_position() < _len(inp):
		var v = inp.get_var()
		var x = S.from_variant(v)
		if x == null or x.get_script() != S:
			fail("@F@ value %d refused: %s" % [n, S.check(v)])
			out.store_var(null)
		else:
			check_@F@(S, x, n)
			out.store_var(x.to_variant())
		n += 1
	out.close()
	print("OK @F@ read ", n)
	var bad = _open("@F@.bad", false)
	var want = _open("@F@.bad.txt", false).get_as_text().split("\n")
	var m = 0
	while bad.get_position() < _len(bad):
		var v = bad.get_var()
		var e = S.check(v)
		var w = want[m]
		m += 1
		if w == "+":
			if S.from_variant(v) == null or e != "":
				fail("@F@ value %d with optional keys left out refused: %s" % [m, e])
			continue
		if w.begins_with("~"):
			w = w.substr(1)
			if S.from_variant(v, true) == null or S.check(v, true) != "":
				fail("@F@ value %d missing a key refused in lenient mode" % m)
		if S.from_variant(v) != null:
			fail("@F@ wrong value %d accepted (want %s)" % [m, w])
		elif not e.begins_with(w):
			fail("@F@ wrong value %d: want %s, got %s" % [m, w, e])
	print("OK @F@ refused ", m)
	var junk = _open("@F@.junk", false)
	var back = _open("@F@.junk.out", true)
	var taken = 0
	var left = 0
	while junk.get_position() < _len(junk):
		var v = junk.get_var()
		var a = S.from_variant(v)
		var e = S.check(v)
		if (a == null) != (e != ""):
			fail("@F@ junk value %d: from_variant and check disagree (%s)" % [taken + left, e])
		if a == null:
			left += 1
		else:
			taken += 1
			back.store_var(a.to_variant())
	back.close()
	print("OK @F@ junk ", taken, " ", left)

"#;

/// Opening a file and its length, in each flavour.
const FILES4: &str = "func _open(name, write):\n\treturn FileAccess.open(name, FileAccess.WRITE if write else FileAccess.READ)\n\nfunc _len(f):\n\treturn f.get_length()\n";
const FILES3: &str = "func _open(name, write):\n\tvar f = File.new()\n\tif f.open(name, File.WRITE if write else File.READ) != OK:\n\t\treturn null\n\treturn f\n\nfunc _len(f):\n\treturn f.get_len()\n";

fn harness(tops: &[Top], g4: bool) -> String {
    let mut h = String::new();
    let _ = writeln!(
        h,
        "# Generated by tools/src/bin/gdscript_live.rs (scripts/live.sh gdscript); reads <file>.in, writes <file>.out."
    );
    let _ = writeln!(h, "extends SceneTree\n\nvar fails = 0\n");
    let _ = writeln!(h, "func fail(msg):\n\tfails += 1\n\tif fails < 40:\n\t\tprint(\"FAIL \", msg)\n");
    let _ = writeln!(h, "{}", if g4 { FILES4 } else { FILES3 });
    let _ = writeln!(h, "func _init():");
    for t in tops {
        let _ = writeln!(h, "\trun_{}()", t.file);
    }
    let _ = writeln!(h, "\tprint(\"DONE fails=\", fails)\n\tquit(1 if fails > 0 else 0)\n");
    for t in tops {
        let f = t.file;
        let root = t.schema.root.clone().unwrap_or_default();
        h.push_str(&RUN.replace("@F@", f));
        // Field checks.
        let _ = writeln!(h, "func check_{f}(S, x, n):\n\tif S == null or n < 0:\n\t\treturn");
        let split = !t.others.is_empty();
        let cls = |name: &str| {
            if name == root {
                "S".to_string()
            } else if split {
                format!("load(\"res://{}.gd\")", snake(name))
            } else {
                format!("S.{name}")
            }
        };
        match t.schema.get(&root) {
            Some(Def::Struct(s)) => {
                for fld in &s.fields {
                    let id = ident_of(&t.gd, &fld.name);
                    let c = field_wrong(&fld.shape, &format!("x.{id}"), g4, &t.schema, &cls);
                    let _ = writeln!(
                        h,
                        "\tif {c}:\n\t\tfail(\"{f} value %d: field {id} has type %d\" % [n, typeof(x.{id})])"
                    );
                }
            }
            Some(Def::Enum(e)) => {
                let _ = writeln!(h, "\tif typeof(x.variant) != TYPE_STRING:\n\t\tfail(\"{f} value %d: variant\" % n)");
                for v in &e.variants {
                    let c = match &v.data {
                        VariantData::Unit => "x.value != null".to_string(),
                        VariantData::Newtype { shape } => field_wrong(shape, "x.value", g4, &t.schema, &cls),
                        VariantData::Tuple { .. } => "typeof(x.value) != TYPE_ARRAY".to_string(),
                        VariantData::Struct { .. } => format!("x.value.get_script() != S.{}{}", e.name, v.name),
                    };
                    let _ = writeln!(
                        h,
                        "\tif x.variant == {:?} and ({c}):\n\t\tfail(\"{f} value %d: {} data\" % n)",
                        v.name, v.name
                    );
                }
            }
            None => {}
        }
        let _ = writeln!(h, "\tpass\n");
    }
    h
}

/// A GDScript string literal, as the emitter writes one.
fn gd_lit(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The GDScript name the generated file gives the field written under `key` (a `# key "…"` note marks a
/// renamed one).
fn ident_of(gd: &str, key: &str) -> String {
    let note = format!("# key {}", gd_lit(key));
    for l in gd.lines() {
        let l = l.trim();
        if l.starts_with("var ") && l.ends_with(&note) {
            return l[4..].split([':', ' ']).next().unwrap_or(key).to_string();
        }
    }
    key.to_string()
}

/// The quoted names of the emitter's list `list` (its source, read at build time).
fn emitter_names(list: &str) -> Vec<String> {
    let src = include_str!("../../../src/forms/schema/gdscript/mod.rs");
    let start = src.find(&format!("const {list}: &[&str] = &[")).expect("the list");
    let body = &src[start..];
    let body = &body[..body.find("];").expect("its end")];
    body.split('"').skip(1).step_by(2).map(String::from).collect()
}

/// Type names that are native classes, odd or equal once sanitized; each a struct `{ x: int }`.
const HOSTILE_TYPES: &[&str] = &["Tree", "Node", "Object", "Timer", "Image", "Resource", "a-b", "a_b", "Ty\n//x", "OK"];

fn hostile_schema(dialect: Dialect) -> Schema {
    let mut keys: Vec<String> = [
        "",
        "_",
        "__",
        "\n//x",
        "a\"b",
        "a\\b",
        "*/",
        "#",
        "a\tb\r",
        "a-b",
        "a_b",
        "a b",
        "OK",
        "TYPE_INT",
        "KEY_A",
        "PI",
        "é",
        "名前",
        "Save",
        "Damage",
        "to_variant",
        "from_variant",
        "check",
        "SCHEMA_VERSION",
        "VARIANTS",
        "_SELF",
        "_in",
        "_at",
        "_err",
        "_o",
        "_r",
        "_d",
        "_k",
        "_lenient",
        "_read",
        "_root_script",
        "_x1",
        "_w3",
        "DAMAGE_NAMES",
        "variant",
        "value",
        "x",
    ]
    .map(String::from)
    .to_vec();
    // The emitter's reserved list holds every GDScript keyword (3.x and 4.x) and its own member names.
    keys.extend(emitter_names("RESERVED"));
    keys.extend(emitter_names("FUNCTIONS"));
    let mut seen = std::collections::HashSet::new();
    keys.retain(|k| seen.insert(k.clone()) && !HOSTILE_TYPES.contains(&k.as_str()));
    let mut fields: Vec<Field> = keys
        .iter()
        .map(|k| {
            if k == "Damage" {
                Field::new(k, Shape::Named { name: "Damage".into() })
            } else {
                Field::new(k, Shape::Int { bits: 32, signed: true })
            }
        })
        .collect();
    fields.extend(HOSTILE_TYPES.iter().map(|t| Field::new(*t, Shape::Named { name: t.to_string() })));
    let mut s = Schema::new(dialect);
    s.defs.push(Def::Struct(Struct { name: "Save".into(), doc: None, fields }));
    for (i, t) in HOSTILE_TYPES.iter().enumerate() {
        let fields = vec![Field::new("x", Shape::Int { bits: 32, signed: true })];
        s.defs.push(Def::Struct(Struct { name: t.to_string(), doc: Some(format!("hostile type {i}")), fields }));
    }
    let variants = ["A", "b\n", "OK"]
        .iter()
        .map(|v| EnumVariant { name: v.to_string(), doc: None, data: VariantData::Unit })
        .collect();
    s.defs.push(Def::Enum(Enum { name: "Damage".into(), doc: None, variants }));
    s.root = Some("Save".into());
    s
}

fn hostile_values(schema: &Schema, count: usize, seed: u64) -> Vec<Variant> {
    let mut r = Draw(Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1));
    let Some(Def::Struct(root)) = schema.get("Save") else { return vec![] };
    (0..count)
        .map(|_| {
            let mut d = Dictionary::default();
            for f in &root.fields {
                let v = match &f.shape {
                    Shape::Named { name } if name == "Damage" => Variant::from(["A", "b\n", "OK"][r.below(3) as usize]),
                    Shape::Named { .. } => dict(&[("x", Variant::from(r.below(1000) as i64 - 500))]),
                    _ => Variant::from(r.below(1 << 31) as i64 - (1 << 30)),
                };
                d.insert(Variant::from(f.name.as_str()), v);
            }
            Variant::from(d)
        })
        .collect()
}

/// The class the generated file gives hostile type `i` (its doc comment names it).
fn hostile_class(gd: &str, i: usize) -> String {
    let mut lines = gd.lines();
    while let Some(l) = lines.next() {
        if l.ends_with(&format!(" hostile type {i}")) {
            if let Some(c) = lines.next().and_then(|c| c.strip_prefix("class ")) {
                return c.split(' ').next().unwrap_or_default().to_string();
            }
        }
    }
    format!("NO_CLASS_FOR_TYPE_{i}")
}

fn prepare_hostile(dialect: Dialect, dir: &Path, count: usize, seed: u64) -> Res<()> {
    let cfg = Config::new(dialect);
    let g4 = dialect != Dialect::Godot3;
    let schema = hostile_schema(dialect);
    let gd = gdscript::from_schema(&schema, &gdscript::Options::default())?;
    let vals = hostile_values(&schema, count, seed);
    write_values(dir, "save", &vals, &[], &cfg)?;
    let top = Top { file: "save", schema, gd, class: None, others: vec![] };
    std::fs::write(dir.join("save.gd"), &top.gd)?;
    let mut h = harness(std::slice::from_ref(&top), g4);
    // The inner classes' names, as the file gives them.
    for (i, t) in HOSTILE_TYPES.iter().enumerate() {
        h = h.replace(&format!("S.{t})"), &format!("S.@{i}@)"));
    }
    for i in 0..HOSTILE_TYPES.len() {
        h = h.replace(&format!("S.@{i}@)"), &format!("S.{})", hostile_class(&top.gd, i)));
    }
    std::fs::write(dir.join("harness.gd"), h)?;
    std::fs::write(dir.join("project.godot"), project(&[top], g4))?;
    Ok(())
}

fn check_hostile(dialect: Dialect, dir: &Path, count: usize) -> Res<String> {
    engine_log_ok(dir)?;
    let inp = std::fs::read(dir.join("save.in"))?;
    let out = std::fs::read(dir.join("save.out"))?;
    if inp != out {
        let at = inp.iter().zip(&out).position(|(a, b)| a != b).unwrap_or(inp.len().min(out.len()));
        return Err(format!("save.out differs from save.in at byte {at} ({} vs {} bytes)", out.len(), inp.len()).into());
    }
    let n = hostile_schema(dialect).defs.first().map_or(0, |d| match d {
        Def::Struct(s) => s.fields.len(),
        Def::Enum(_) => 0,
    });
    Ok(format!(
        "OK (hostile names: {count} values of a struct of {n} fields named by keywords, reserved and global names, native classes, ALL_CAPS, control characters, non-ASCII and clashing keys, with {} types named like native classes or alike once sanitized: loaded with no error or warning, every field typed, written back byte-identical)",
        HOSTILE_TYPES.len()
    ))
}

fn prepare(dialect: Dialect, dir: &Path, count: usize, seed: u64, split: bool) -> Res<()> {
    let cfg = Config::new(dialect);
    let g4 = dialect != Dialect::Godot3;
    let tops = if split { vec![top_save_files(dialect)?] } else { tops(dialect)? };
    let (saves, msgs, branches, extras) = values_of(dialect, count, seed);
    let good = godot_bin::to_variant_with(&saves[0], &cfg)?;
    write_values(dir, "save", &saves, &bad_saves(&good), &cfg)?;
    write_values(dir, "msg", &msgs, &bad_msgs(), &cfg)?;
    write_values(dir, "branch", &branches, &bad_branches(), &cfg)?;
    if g4 && !split {
        let good = godot_bin::to_variant_with(&extras[0], &cfg)?;
        write_values(dir, "extras4", &extras, &bad_extras(&good), &cfg)?;
    }
    for t in &tops {
        std::fs::write(dir.join(format!("{}.gd", t.file)), &t.gd)?;
        for (f, _, text) in &t.others {
            std::fs::write(dir.join(f), text)?;
        }
    }
    std::fs::write(dir.join("harness.gd"), harness(&tops, g4))?;
    std::fs::write(dir.join("project.godot"), project(&tops, g4))?;
    Ok(())
}

/// The check's project.godot: every GDScript warning an error (Godot 3: and the class_name registrations,
/// as the editor writes them).
fn project(tops: &[Top], g4: bool) -> String {
    let mut classes = String::new();
    for t in tops {
        let root = t.class.map(String::from).or_else(|| t.schema.root.clone()).unwrap_or_default();
        let _ = write!(
            classes,
            "{}{{\n\"base\": \"Reference\",\n\"class\": \"{root}\",\n\"language\": \"GDScript\",\n\"path\": \"res://{}.gd\"\n}}",
            if classes.is_empty() { "" } else { ", " },
            t.file
        );
        for (f, class, _) in &t.others {
            let _ = write!(
                classes,
                ", {{\n\"base\": \"Reference\",\n\"class\": \"{class}\",\n\"language\": \"GDScript\",\n\"path\": \"res://{f}\"\n}}"
            );
        }
    }
    if g4 {
        // Every GDScript warning an error, so that a warning in the generated files fails the check.
        let mut p = String::from("config_version=5\n\n[debug]\n\n");
        for w in WARNINGS4 {
            let _ = writeln!(p, "gdscript/warnings/{w}=2");
        }
        p
    } else {
        let mut icons: Vec<String> = tops
            .iter()
            .map(|t| {
                format!("\"{}\": \"\"", t.class.map(String::from).or_else(|| t.schema.root.clone()).unwrap_or_default())
            })
            .collect();
        icons.extend(tops.iter().flat_map(|t| t.others.iter().map(|(_, c, _)| format!("\"{c}\": \"\""))));
        format!(
            "config_version=4\n\n_global_script_classes=[ {classes} ]\n_global_script_class_icons={{\n{}\n}}\n\n[debug]\n\ngdscript/warnings/treat_warnings_as_errors=true\n",
            icons.join(",\n")
        )
    }
}

/// Godot 4.6's GDScript warnings that are on by default (each raised to an error in the check's project).
const WARNINGS4: &[&str] = &[
    "unassigned_variable",
    "unassigned_variable_op_assign",
    "unused_variable",
    "unused_local_constant",
    "unused_private_class_variable",
    "unused_parameter",
    "unused_signal",
    "shadowed_variable",
    "shadowed_variable_base_class",
    "shadowed_global_identifier",
    "unreachable_code",
    "unreachable_pattern",
    "standalone_expression",
    "standalone_ternary",
    "incompatible_ternary",
    "static_called_on_instance",
    "redundant_static_unload",
    "redundant_await",
    "assert_always_true",
    "assert_always_false",
    "integer_division",
    "narrowing_conversion",
    "int_as_enum_without_cast",
    "int_as_enum_without_match",
    "enum_variable_without_default",
    "empty_file",
    "deprecated_keyword",
    "confusable_identifier",
    "confusable_local_declaration",
    "confusable_local_usage",
    "confusable_capture_reassignment",
    "inference_on_variant",
    "native_method_override",
    "get_node_default_without_onready",
    "onready_with_export",
    "missing_tool",
    "missing_await",
];

/// The values back and how many bytes differed in NodePath padding.
fn compare<T: DeserializeOwned + PartialEq + std::fmt::Debug>(
    dir: &Path,
    name: &str,
    want: &[T],
    cfg: &Config,
) -> Res<(usize, usize)> {
    let inp = std::fs::read(dir.join(format!("{name}.in")))?;
    let out = std::fs::read(dir.join(format!("{name}.out"))).map_err(|e| format!("{name}.out: {e}"))?;
    let got: Vec<T> =
        values(&out, cfg, Endian::Little).collect::<Result<_, _>>().map_err(|e| format!("{name}.out: {e}"))?;
    if got.len() != want.len() {
        return Err(format!("{name}: {} values back, {} written", got.len(), want.len()).into());
    }
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        if g != w {
            return Err(format!("{name} value {i} came back different:\n  wrote {w:?}\n  got   {g:?}").into());
        }
    }
    // Godot 3 writes a NodePath's names with uninitialised padding bytes: with the values equal (above), a
    // difference is accepted in 3.x only where our file has a zero padding byte, and counted.
    let padding = dialect_is_3(cfg) && inp.len() == out.len() && inp.iter().zip(&out).all(|(a, b)| a == b || *a == 0);
    if inp != out && !padding {
        let at = inp.iter().zip(&out).position(|(a, b)| a != b).unwrap_or(inp.len().min(out.len()));
        return Err(
            format!("{name}.out differs from {name}.in at byte {at} ({} vs {} bytes)", out.len(), inp.len()).into()
        );
    }
    let padded = inp.iter().zip(&out).filter(|(a, b)| a != b).count();
    // What the GDScript made of the junk it accepted reads as the Rust type.
    let junk = std::fs::read(dir.join(format!("{name}.junk.out"))).map_err(|e| format!("{name}.junk.out: {e}"))?;
    for (i, v) in values::<T>(&junk, cfg, Endian::Little).enumerate() {
        v.map_err(|e| format!("{name}.junk.out value {i}, written by to_variant, does not read back: {e}"))?;
    }
    Ok((got.len(), padded))
}

fn dialect_is_3(cfg: &Config) -> bool {
    cfg.dialect() == Dialect::Godot3
}

/// The engine's log: no script error, parse error, warning or failed check, and the harness finished.
fn engine_log_ok(dir: &Path) -> Res<String> {
    let log = std::fs::read_to_string(dir.join("engine.log")).unwrap_or_default();
    let bad_lines: Vec<&str> = log
        .lines()
        .filter(|l| {
            l.contains("SCRIPT ERROR") || l.contains("Parse Error") || l.contains("WARNING") || l.starts_with("FAIL")
        })
        .collect();
    if !bad_lines.is_empty() {
        return Err(format!(
            "the engine's output has errors:\n  {}",
            bad_lines[..bad_lines.len().min(12)].join("\n  ")
        )
        .into());
    }
    if !log.contains("DONE fails=0") {
        return Err(format!(
            "the harness did not finish: {}",
            log.lines().rev().take(5).collect::<Vec<_>>().join(" | ")
        )
        .into());
    }
    Ok(log)
}

fn check(dialect: Dialect, dir: &Path, count: usize, seed: u64, split: bool) -> Res<String> {
    let cfg = Config::new(dialect);
    let log = engine_log_ok(dir)?;
    let junk: (usize, usize) = log
        .lines()
        .filter_map(|l| l.strip_prefix("OK ").and_then(|r| r.split_once(" junk ")).map(|(_, n)| n.to_string()))
        .map(|n| {
            let mut it = n.split_whitespace().map(|x| x.parse::<usize>().unwrap_or(0));
            (it.next().unwrap_or(0), it.next().unwrap_or(0))
        })
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let refused: usize = log
        .lines()
        .filter_map(|l| {
            l.strip_prefix("OK ")
                .and_then(|r| r.split_once(" refused "))
                .map(|(_, n)| n.trim().parse::<usize>().unwrap_or(0))
        })
        .sum();
    let (saves, msgs, branches, extras) = values_of(dialect, count, seed);
    let mut n = 0;
    let mut padded = 0;
    let mut add = |(a, b): (usize, usize)| {
        n += a;
        padded += b;
    };
    add(compare(dir, "save", &saves, &cfg)?);
    if split {
        let pad = if padded > 0 {
            format!(", but {padded} NodePath padding bytes Godot 3 leaves uninitialised")
        } else {
            String::new()
        };
        return Ok(format!(
            "OK (one file per type: {n} saves read by save.gd with item.gd and msg.gd, written back equal and byte-identical{pad}; {refused} wrong values refused with their path; of {} values with a part replaced, {} accepted (written back readable) and {} refused; no script error or warning)",
            junk.0 + junk.1,
            junk.0,
            junk.1
        ));
    }
    add(compare(dir, "msg", &msgs, &cfg)?);
    add(compare(dir, "branch", &branches, &cfg)?);
    let mut types = 3;
    if dialect != Dialect::Godot3 {
        add(compare(dir, "extras4", &extras, &cfg)?);
        types += 1;
    }
    let pad = if padded > 0 {
        format!(", but {padded} NodePath padding bytes Godot 3 leaves uninitialised")
    } else {
        String::new()
    };
    Ok(format!(
        "OK ({count} values × {types} types = {n} read by from_variant, fields typed, written back by to_variant equal and byte-identical{pad}; {refused} wrong values refused with their path; of {} values with a part replaced, {} accepted (written back readable) and {} refused; no script error or warning)",
        junk.0 + junk.1,
        junk.0,
        junk.1
    ))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = || -> Res<Option<String>> {
        let [mode, dialect, dir, count, seed] = &args[..] else {
            return Err("usage: gdscript_live prepare|check|prepare-files|check-files DIALECT DIR COUNT SEED".into());
        };
        let dialect: Dialect = dialect.parse()?;
        let (dir, count, seed) = (Path::new(dir), count.parse()?, seed.parse()?);
        match mode.as_str() {
            "prepare" => prepare(dialect, dir, count, seed, false).map(|_| None),
            "check" => check(dialect, dir, count, seed, false).map(Some),
            "prepare-files" => prepare(dialect, dir, count, seed, true).map(|_| None),
            "check-files" => check(dialect, dir, count, seed, true).map(Some),
            "prepare-hostile" => prepare_hostile(dialect, dir, count, seed).map(|_| None),
            "check-hostile" => check_hostile(dialect, dir, count).map(Some),
            _ => Err(format!("unknown mode {mode}").into()),
        }
    };
    match run() {
        Ok(Some(line)) => println!("{line}"),
        Ok(None) => {}
        Err(e) => {
            println!("FAIL: {e}");
            std::process::exit(1);
        }
    }
}
