//! Seeded randomness: [`Rng`], the one generator of the tests and tools, and [`Gen`], random `Variant`s of every
//! type a dialect can carry, as a single-precision engine holds them. Shared by the tests (`tests/common`) and
//! tools/ (`tools/src/lib.rs`: values for the real engines).
#![allow(dead_code)]

use godot_bin::markers::{
    Aabb, Basis, Color, NodePath, Plane, Projection, Quaternion, Rect2, Rect2i, Rid, Transform2D, Transform3D, Vector2,
    Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};
use godot_bin::value::{ContainerType, Signal, TypeKind};
use godot_bin::*;

/// The seeded generator of the tests and of tools/ (xorshift64*), so runs are repeatable: `Rng(seed)` with any
/// seed but 0. tools/ reaches it as `godot_bin_tools::r#gen::Rng`.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// A number below `n` (not 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
    /// True `pct` times in 100.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }
    /// One of `xs` (not empty).
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len() as u64) as usize]
    }
    /// `n` random bytes.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next_u64() as u8).collect()
    }
    /// An int: small, 32-bit, 64-bit, or one of the edges of the 32- and 64-bit ranges.
    pub fn int(&mut self) -> i64 {
        match self.below(4) {
            0 => self.below(200) as i64 - 100,
            1 => self.next_u64() as i32 as i64,
            2 => self.next_u64() as i64,
            _ => [0, i32::MAX as i64, i32::MIN as i64, i32::MAX as i64 + 1, i32::MIN as i64 - 1, i64::MAX, i64::MIN]
                [self.below(7) as usize],
        }
    }
    /// A double: small, from random bits (NaNs with payloads too), an f32's, or an edge (±0, infinities, NaN).
    pub fn f64(&mut self) -> f64 {
        match self.below(5) {
            0 => (self.below(2001) as f64 - 1000.0) / 8.0,
            1 => f64::from_bits(self.next_u64()),
            2 => f32::from_bits(self.next_u64() as u32) as f64,
            3 => [0.0, -0.0, 0.1, 1e300, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, 5e-324][self.below(8) as usize],
            _ => self.below(1 << 20) as f64 * 0.001,
        }
    }
    /// A real_t component as a single-precision engine holds it.
    pub fn real(&mut self) -> f64 {
        let x = self.f64();
        godot_bin::markers::widen_exact(godot_bin::markers::narrow_exact(x))
    }
    /// A float from random bits (30 in 100) or a small one.
    pub fn f32(&mut self) -> f32 {
        if self.chance(30) {
            f32::from_bits(self.next_u64() as u32)
        } else {
            (self.below(4001) as f32 - 2000.0) / 16.0
        }
    }
    /// Up to 11 pieces of text: ASCII, accents, CJK, an emoji, a combining mark, right-to-left, escapes.
    pub fn string(&mut self) -> String {
        const PIECES: &[&str] = &[
            "a", "Z", "0", " ", "_", "é", "ß", "Ω", "ж", "中", "文", "😀", "\u{301}", "ש", "\n", "\t", "\"", "\\", ":",
            "/",
        ];
        let n = self.below(12);
        let mut s: String = (0..n).map(|_| PIECES[self.below(PIECES.len() as u64) as usize]).collect();
        if s.starts_with('\u{feff}') {
            s.insert(0, 'x');
        }
        s
    }
    /// An identifier of 1 to 6 lowercase letters.
    pub fn name(&mut self) -> String {
        let n = 1 + self.below(6);
        (0..n).map(|_| (b'a' + self.below(26) as u8) as char).collect()
    }
}

/// Random values of every type a dialect has.
pub struct Gen<'a> {
    pub rng: &'a mut Rng,
    pub dialect: Dialect,
}

impl Gen<'_> {
    fn kinds(&self) -> Vec<TypeKind> {
        let all = TypeKind::ALL;
        all.into_iter().filter(|k| self.dialect.has_type(*k)).collect()
    }

    pub fn value(&mut self, depth: usize) -> Variant {
        let kinds = self.kinds();
        let mut k = kinds[self.rng.below(kinds.len() as u64) as usize];
        if depth > 3 && matches!(k, TypeKind::Array | TypeKind::Dictionary) {
            k = TypeKind::Int;
        }
        self.of_kind(k, depth)
    }

    fn v2(&mut self) -> Vector2 {
        Vector2::new(self.rng.real(), self.rng.real())
    }
    fn v3(&mut self) -> Vector3 {
        Vector3::new(self.rng.real(), self.rng.real(), self.rng.real())
    }
    fn v4(&mut self) -> Vector4 {
        Vector4::new(self.rng.real(), self.rng.real(), self.rng.real(), self.rng.real())
    }
    fn i(&mut self) -> i32 {
        self.rng.next_u64() as i32
    }
    fn color(&mut self) -> Color {
        Color::new(self.rng.f32(), self.rng.f32(), self.rng.f32(), self.rng.f32())
    }
    fn len(&mut self) -> usize {
        self.rng.below(6) as usize
    }

    fn of_kind(&mut self, k: TypeKind, depth: usize) -> Variant {
        use TypeKind as K;
        use Variant as V;
        match k {
            K::Nil => V::Nil,
            K::Bool => V::Bool(self.rng.chance(50)),
            K::Int => {
                V::Int(if self.dialect == Dialect::Godot2 { self.rng.int() as i32 as i64 } else { self.rng.int() })
            }
            K::Float => {
                let f = self.rng.f64();
                V::Float(if self.dialect == Dialect::Godot2 { self.rng.f32() as f64 } else { f })
            }
            K::String => V::String(self.rng.string().into()),
            K::StringName => V::StringName(self.rng.string().into()),
            K::Vector2 => V::Vector2(self.v2()),
            K::Vector2i => V::Vector2i(Vector2i::new(self.i(), self.i())),
            K::Rect2 => V::Rect2(Rect2::new(self.v2(), self.v2())),
            K::Rect2i => V::Rect2i(Rect2i::new(Vector2i::new(self.i(), self.i()), Vector2i::new(self.i(), self.i()))),
            K::Vector3 => V::Vector3(self.v3()),
            K::Vector3i => V::Vector3i(Vector3i::new(self.i(), self.i(), self.i())),
            K::Transform2D => V::Transform2D(Box::new(Transform2D::new(self.v2(), self.v2(), self.v2()))),
            K::Vector4 => V::Vector4(self.v4()),
            K::Vector4i => V::Vector4i(Vector4i::new(self.i(), self.i(), self.i(), self.i())),
            K::Plane => V::Plane(Plane::new(self.v3(), self.rng.real())),
            K::Quaternion => {
                let v = self.v4();
                V::Quaternion(Quaternion::new(v.x, v.y, v.z, v.w))
            }
            K::Aabb => V::Aabb(Box::new(Aabb::new(self.v3(), self.v3()))),
            K::Basis => V::Basis(Box::new(Basis::from_rows(self.v3(), self.v3(), self.v3()))),
            K::Transform3D => {
                V::Transform3D(Box::new(Transform3D::new(Basis::from_rows(self.v3(), self.v3(), self.v3()), self.v3())))
            }
            K::Projection => {
                V::Projection(Box::new(Projection { columns: [self.v4(), self.v4(), self.v4(), self.v4()] }))
            }
            K::Color => V::Color(self.color()),
            K::NodePath => {
                let names: Vec<String> = (0..self.len()).map(|_| self.rng.name()).collect();
                let subnames: Vec<String> = (0..self.rng.below(3)).map(|_| self.rng.name()).collect();
                // Godot 3's decoder cannot hold an absolute empty path (it becomes NodePath("")).
                let g4 = self.dialect >= Dialect::Godot4_0 && self.dialect <= Dialect::Godot4_6;
                let empty = names.is_empty() && subnames.is_empty();
                let absolute = self.rng.chance(50) && (g4 || !empty);
                V::from(NodePath { names, subnames, absolute, property: None })
            }
            K::Rid => V::Rid(Rid(if self.dialect.has_type(K::Callable) { self.rng.next_u64() } else { 0 })),
            K::Callable => V::Callable,
            K::Signal => V::Signal(Signal { name: self.rng.name(), object: self.rng.next_u64() >> 1 }),
            K::Array => {
                let typed =
                    self.dialect >= Dialect::Godot4_3 && self.dialect <= Dialect::Godot4_6 && self.rng.chance(30);
                if typed {
                    let ek = [K::Int, K::Float, K::String, K::Vector2, K::Color][self.rng.below(5) as usize];
                    let items = (0..self.len()).map(|_| self.of_kind(ek, depth + 1)).collect();
                    V::from(Array { items, element_type: ContainerType::Builtin(ek), shared: false })
                } else {
                    let items = (0..self.len()).map(|_| self.value(depth + 1)).collect();
                    V::from(Array {
                        items,
                        element_type: ContainerType::Untyped,
                        shared: self.dialect == Dialect::Godot2,
                    })
                }
            }
            K::Dictionary => {
                let typed =
                    self.dialect >= Dialect::Godot4_4 && self.dialect <= Dialect::Godot4_6 && self.rng.chance(30);
                let mut d = Dictionary { shared: self.dialect == Dialect::Godot2, ..Default::default() };
                if typed {
                    d.key_type = ContainerType::Builtin(K::String);
                    d.value_type = ContainerType::Builtin(K::Int);
                }
                for _ in 0..self.len() {
                    let (key, val) = if typed {
                        (V::String(self.rng.string().into()), self.of_kind(K::Int, depth + 1))
                    } else {
                        // Keys of one simple kind per entry; the value anything.
                        // Godot 3 cannot look up a key holding a NaN inside a packed array (it writes such an
                        // entry as "[Deleted Object]": null), so container keys are for Godot 4 only.
                        let g4 = self.dialect >= Dialect::Godot4_0 && self.dialect <= Dialect::Godot4_6;
                        let key = match self.rng.below(3) {
                            0 => V::Int(self.rng.int() as i32 as i64),
                            1 => V::String(self.rng.string().into()),
                            _ if g4 => self.value(depth + 1),
                            _ => self.value(4),
                        };
                        (key, self.value(depth + 1))
                    };
                    d.insert(key, val);
                }
                V::from(d)
            }
            K::PackedByteArray => {
                V::PackedByteArray((0..self.rng.below(10)).map(|_| self.rng.next_u64() as u8).collect())
            }
            K::PackedInt32Array => V::PackedInt32Array((0..self.len()).map(|_| self.i()).collect()),
            K::PackedInt64Array => V::PackedInt64Array((0..self.len()).map(|_| self.rng.next_u64() as i64).collect()),
            K::PackedFloat32Array => V::PackedFloat32Array((0..self.len()).map(|_| self.rng.f32()).collect()),
            K::PackedFloat64Array => V::PackedFloat64Array((0..self.len()).map(|_| self.rng.f64()).collect()),
            K::PackedStringArray => V::PackedStringArray((0..self.len()).map(|_| self.rng.string().into()).collect()),
            K::PackedVector2Array => V::PackedVector2Array((0..self.len()).map(|_| self.v2()).collect()),
            K::PackedVector3Array => V::PackedVector3Array((0..self.len()).map(|_| self.v3()).collect()),
            K::PackedVector4Array => V::PackedVector4Array((0..self.len()).map(|_| self.v4()).collect()),
            K::PackedColorArray => V::PackedColorArray((0..self.len()).map(|_| self.color()).collect()),
            K::PackedVector2iArray => {
                V::PackedVector2iArray((0..self.len()).map(|_| Vector2i::new(self.i(), self.i())).collect())
            }
            K::PackedVector3iArray => {
                V::PackedVector3iArray((0..self.len()).map(|_| Vector3i::new(self.i(), self.i(), self.i())).collect())
            }
            K::PackedVector4iArray => V::PackedVector4iArray(
                (0..self.len()).map(|_| Vector4i::new(self.i(), self.i(), self.i(), self.i())).collect(),
            ),
            _ => V::Nil,
        }
    }
}
