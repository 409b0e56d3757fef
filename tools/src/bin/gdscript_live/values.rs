//! The Rust types of the live check (a save covering every mapping Godot 3 and 4 share, a data enum, a
//! recursive tree, the types only Godot 4 has) and their seeded random values. Their doc comments become the
//! GDScript's (`Schema::with_docs` of this file).

use godot_bin_tools::r#gen::Rng;
use std::collections::BTreeMap;

use godot_bin::markers::*;
use godot_bin::packed::*;
use godot_bin::typed::{AsDictionary, TypedArray, TypedDictionary};
use godot_bin::Variant;
use serde::{Deserialize, Serialize};

/// A game's save: every mapping Godot 3 and 4 share.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub(crate) struct Save {
    /// The player's name.
    pub(crate) name: String,
    pub(crate) level: u8,
    pub(crate) small: i16,
    pub(crate) count: u32,
    pub(crate) score: i64,
    pub(crate) hp: f32,
    pub(crate) speed: f64,
    pub(crate) alive: bool,
    pub(crate) pos: Vector2,
    pub(crate) area: Rect2,
    pub(crate) dir: Vector3,
    pub(crate) xform2: Transform2D,
    pub(crate) plane: Plane,
    pub(crate) rot: Quaternion,
    pub(crate) bounds: Aabb,
    pub(crate) basis: Basis,
    pub(crate) xform: Transform3D,
    pub(crate) color: Color,
    pub(crate) target: NodePath,
    pub(crate) bytes: PackedByteArray,
    pub(crate) ints: PackedInt32Array,
    pub(crate) reals: PackedFloat32Array,
    pub(crate) tags: PackedStringArray,
    pub(crate) path: PackedVector2Array,
    pub(crate) points: PackedVector3Array,
    pub(crate) palette: PackedColorArray,
    pub(crate) items: Vec<Item>,
    pub(crate) typed_items: TypedArray<AsDictionary<Item>>,
    pub(crate) names: TypedArray<String>,
    pub(crate) stats: BTreeMap<String, i32>,
    pub(crate) by_id: BTreeMap<i32, String>,
    pub(crate) typed_stats: TypedDictionary<String, i64>,
    pub(crate) mood: Mood,
    pub(crate) moods: Vec<Mood>,
    pub(crate) last: Option<Msg>,
    pub(crate) msgs: Vec<Msg>,
    pub(crate) nick: Option<String>,
    pub(crate) best: Option<Item>,
    #[serde(rename = "class")]
    pub(crate) class_: String,
    #[serde(rename = "max hp")]
    pub(crate) max_hp: u16,
    #[serde(default)]
    pub(crate) extra: i32,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub(crate) note: Option<String>,
    pub(crate) pair: (i32, String),
    pub(crate) grid: Vec<Vec<i8>>,
    pub(crate) any: Variant,
}

/// An item in the inventory.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub(crate) struct Item {
    pub(crate) name: String,
    pub(crate) count: u16,
    pub(crate) weight: f32,
}

#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
pub(crate) enum Mood {
    Calm,
    Angry,
    #[serde(rename = "so-so")]
    SoSo,
}

/// A message between a server and the game.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub(crate) enum Msg {
    Hello,
    Chat(String),
    Move(i32, f64),
    Attack { target: u32, power: f32, at: Vector2 },
    Bye,
}

/// A tree of branches (a recursive type).
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub(crate) struct Branch {
    pub(crate) label: String,
    pub(crate) kids: Vec<Branch>,
    pub(crate) leaf: Option<Box<Branch>>,
}

/// The types Godot 4 has and Godot 3 lacks.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
pub(crate) struct Extras4 {
    pub(crate) cell: Vector2i,
    pub(crate) rect: Rect2i,
    pub(crate) voxel: Vector3i,
    pub(crate) v4: Vector4,
    pub(crate) v4i: Vector4i,
    pub(crate) proj: Projection,
    pub(crate) id: StringName,
    pub(crate) rid: Rid,
    pub(crate) longs: PackedInt64Array,
    pub(crate) doubles: PackedFloat64Array,
    pub(crate) quads: PackedVector4Array,
    pub(crate) typed_cells: TypedArray<Vector2i>,
    pub(crate) by_name: TypedDictionary<StringName, f64>,
}

/// The values of this check, drawn from the seeded generator of the tests and tools (`r#gen::Rng`): finite
/// floats only, short strings and containers.
pub(crate) struct Draw(pub(crate) Rng);

impl Draw {
    pub(crate) fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }
    pub(crate) fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
    pub(crate) fn i64(&mut self) -> i64 {
        match self.below(4) {
            0 => self.below(100) as i64 - 50,
            1 => self.next() as i32 as i64,
            _ => self.next() as i64,
        }
    }
    pub(crate) fn f32(&mut self) -> f32 {
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
    pub(crate) fn f64(&mut self) -> f64 {
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
    pub(crate) fn real(&mut self) -> f64 {
        f64::from(self.f32())
    }
    pub(crate) fn string(&mut self) -> String {
        const PARTS: &[&str] = &["a", "Zed", " ", "é", "☃", "\"", "\\", "\n", "key", "0", "🙂"];
        (0..self.below(5)).map(|_| PARTS[self.below(PARTS.len() as u64) as usize]).collect()
    }
    pub(crate) fn v2(&mut self) -> Vector2 {
        Vector2::new(self.real(), self.real())
    }
    pub(crate) fn v3(&mut self) -> Vector3 {
        Vector3::new(self.real(), self.real(), self.real())
    }
    pub(crate) fn v4(&mut self) -> Vector4 {
        Vector4 { x: self.real(), y: self.real(), z: self.real(), w: self.real() }
    }
    pub(crate) fn v2i(&mut self) -> Vector2i {
        Vector2i { x: self.next() as i32, y: self.next() as i32 }
    }
    pub(crate) fn len(&mut self) -> usize {
        self.below(4) as usize
    }
    pub(crate) fn vec<T>(&mut self, mut f: impl FnMut(&mut Draw) -> T) -> Vec<T> {
        (0..self.len()).map(|_| f(self)).collect()
    }
}

pub(crate) fn item(r: &mut Draw) -> Item {
    Item { name: r.string(), count: r.next() as u16, weight: r.f32() }
}

pub(crate) fn mood(r: &mut Draw) -> Mood {
    [Mood::Calm, Mood::Angry, Mood::SoSo][r.below(3) as usize]
}

pub(crate) fn msg(r: &mut Draw) -> Msg {
    match r.below(5) {
        0 => Msg::Hello,
        1 => Msg::Chat(r.string()),
        2 => Msg::Move(r.next() as i32, r.f64()),
        3 => Msg::Attack { target: r.next() as u32, power: r.f32(), at: r.v2() },
        _ => Msg::Bye,
    }
}

pub(crate) fn save(r: &mut Draw) -> Save {
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

pub(crate) fn branch(r: &mut Draw, depth: u32) -> Branch {
    let deeper = depth < 3;
    Branch {
        label: r.string(),
        kids: if deeper { r.vec(|r| branch(r, depth + 1)) } else { vec![] },
        leaf: if deeper && r.coin() { Some(Box::new(branch(r, depth + 1))) } else { None },
    }
}

pub(crate) fn extras4(r: &mut Draw) -> Extras4 {
    Extras4 {
        cell: r.v2i(),
        rect: Rect2i { position: r.v2i(), size: r.v2i() },
        voxel: Vector3i { x: r.next() as i32, y: r.next() as i32, z: r.next() as i32 },
        v4: r.v4(),
        v4i: Vector4i { x: r.next() as i32, y: r.next() as i32, z: r.next() as i32, w: r.next() as i32 },
        proj: Projection { columns: [r.v4(), r.v4(), r.v4(), r.v4()] },
        id: StringName(r.string().into()),
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
            .map(|(k, v)| (StringName(k.into()), v))
            .collect(),
    }
}
