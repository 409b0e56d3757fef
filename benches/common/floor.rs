//! The floors of the speed benchmarks (`benches/ratios.rs`): readers and writers of the very same bytes written
//! by hand for one shape each, without serde (the game state, the `Move` message and its `put_var` frame, a
//! `PackedVector3Array`): the least work any reader or writer of these bytes does. Every header, count and key
//! is checked, strings are checked and allocated, the same structs are built; `None` on anything else.
//! Beside them, [`check_serde_floor`]: the serde floor (`serde_floor.rs`) against godot_bin.
//!
//! Included as `#[path = "common/floor.rs"] mod floor;` beside `mod data` (`common/mod.rs`) and
//! `mod serde_floor` (`common/serde_floor.rs`).
#![allow(dead_code)]

use godot_bin::Config;

use crate::{data, serde_floor};

/// The serde floor (benches/common/serde_floor.rs) against godot_bin: the same bytes both ways for every
/// variant of `Msg` (ints of both widths, a NaN's payload), and the malformed inputs it must refuse.
pub fn check_serde_floor(cfg: &Config) {
    use godot_bin::markers::Vector2;
    let nan = f32::from_bits(0x7FA0_1234); // signalling, with a payload
    let msgs = [
        data::move_msg(7),
        data::Msg::Move { to: Vector2::new(godot_bin::markers::widen_exact(nan), 1e30), seq: u32::MAX },
        data::Msg::Chat { text: "héllo".to_string() },
        data::Msg::Chat { text: String::new() },
        data::Msg::Bye,
    ];
    for m in &msgs {
        let b = godot_bin::to_vec_with(m, cfg).unwrap();
        assert!(serde_floor::to_vec(m).unwrap() == b, "the serde floor writes other bytes for {m:?}");
        let back: data::Msg = serde_floor::from_slice(&b).unwrap();
        let ours: data::Msg = godot_bin::from_slice_with(&b, cfg).unwrap();
        assert!(format!("{back:?}") == format!("{ours:?}"), "the serde floor reads {m:?} otherwise");
        if let (data::Msg::Move { to: a, .. }, data::Msg::Move { to: o, .. }) = (&back, &ours) {
            assert!((a.x.to_bits(), a.y.to_bits()) == (o.x.to_bits(), o.y.to_bits()));
        }
        // Every truncation and one byte more are refused.
        for n in 0..b.len() {
            assert!(serde_floor::from_slice::<data::Msg>(&b[..n]).is_err());
        }
        let mut longer = b.clone();
        longer.push(0);
        assert!(serde_floor::from_slice::<data::Msg>(&longer).is_err());
    }
    // Move with a 64-bit int and a 64-bit Vector2 reads as godot_bin reads it.
    let mv = godot_bin::to_vec_with(&data::move_msg(7), cfg).unwrap();
    let w = |b: &[u8], at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
    let mut wide = mv[..40].to_vec();
    wide.extend_from_slice(&(5u32 | 1 << 16).to_le_bytes());
    wide.extend_from_slice(&12.5f64.to_le_bytes());
    wide.extend_from_slice(&(-3.25f64).to_le_bytes());
    wide.extend_from_slice(&mv[52..64]);
    wide.extend_from_slice(&(2u32 | 1 << 16).to_le_bytes());
    wide.extend_from_slice(&7i64.to_le_bytes());
    assert_eq!(godot_bin::from_slice_with::<data::Msg>(&wide, cfg).unwrap(), data::move_msg(7));
    assert_eq!(serde_floor::from_slice::<data::Msg>(&wide), Ok(data::move_msg(7)));
    // A header, count or key changed anywhere is refused: each word of the message altered in turn. The
    // floats' words are data and the int's value may change (a negative one is refused by `u32`); padding
    // bytes are not read, as the engine does not read them.
    for at in (0..mv.len()).step_by(4) {
        if matches!(at, 44 | 48 | 68) {
            continue;
        }
        let mut bad = mv.clone();
        bad[at..at + 4].copy_from_slice(&(w(&mv, at) ^ 0x0100_0001).to_le_bytes());
        assert!(serde_floor::from_slice::<data::Msg>(&bad).is_err(), "word at {at} altered, still read");
    }
    // Unknown and duplicated fields, and a missing one.
    let field = |m: &[u8], from: usize, to: usize, key: &[u8; 4]| {
        let mut b = m.to_vec();
        b[from..to].copy_from_slice(key);
        b
    };
    assert!(serde_floor::from_slice::<data::Msg>(&field(&mv, 36, 40, b"tx\0\0")).is_err());
    let mut one = mv[..52].to_vec();
    one[24..28].copy_from_slice(&1u32.to_le_bytes());
    assert!(serde_floor::from_slice::<data::Msg>(&one).is_err());
    let dup = [&mv[..52], &mv[28..52]].concat();
    assert!(godot_bin::from_slice_with::<data::Msg>(&dup, cfg).is_err());
    assert!(serde_floor::from_slice::<data::Msg>(&dup).is_err());
    // Text handed on must be UTF-8.
    let mut chat = godot_bin::to_vec_with(&data::Msg::Chat { text: "hé".to_string() }, cfg).unwrap();
    let last = chat.len() - 2;
    chat[last] = 0xFF;
    assert!(serde_floor::from_slice::<data::Msg>(&chat).is_err());
    // A frame is refused whole: the buffer is left as it was.
    let mut out = vec![1, 2, 3];
    struct Bad;
    impl serde::Serialize for Bad {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bool(true)
        }
    }
    assert!(serde_floor::frame_into(&Bad, &mut out).is_err());
    assert_eq!(out, [1, 2, 3]);
}

/// A Godot 4 `PackedVector3Array` read by hand into f64 `Vector3`s: header, count against the input, then each
/// f32 widened; a NaN keeps its payload bits (a plain `as` would quiet a signalling one), so the rare array
/// holding a NaN is widened again element by element.
pub fn decode_vector3s(b: &[u8]) -> Option<godot_bin::packed::PackedVector3Array> {
    let word = |at: usize| Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?));
    (word(0)? == 36).then_some(())?;
    let n = word(4)? as usize;
    let payload = b.get(8..8 + n.checked_mul(12)?)?;
    (8 + payload.len() == b.len()).then_some(())?;
    let f = |c: &[u8], i: usize| f32::from_le_bytes([c[i], c[i + 1], c[i + 2], c[i + 3]]);
    // One pass for NaNs (an exponent of all ones), one to widen.
    let nan = payload.chunks_exact(4).fold(false, |m, w| m | (f(w, 0).to_bits() & 0x7fff_ffff > 0x7f80_0000));
    let v: Vec<godot_bin::markers::Vector3> = if nan {
        let w = godot_bin::markers::widen_exact;
        payload.chunks_exact(12).map(|c| godot_bin::markers::Vector3::new(w(f(c, 0)), w(f(c, 4)), w(f(c, 8)))).collect()
    } else {
        payload
            .chunks_exact(12)
            .map(|c| godot_bin::markers::Vector3::new(f(c, 0) as f64, f(c, 4) as f64, f(c, 8) as f64))
            .collect()
    };
    Some(v.into())
}

/// The same bytes written by hand from f64 `Vector3`s (narrowed exactly, as the engine's single-precision build
/// stores them).
pub fn encode_vector3s(p: &godot_bin::packed::PackedVector3Array) -> Vec<u8> {
    let mut out = vec![0u8; 8 + p.len() * 12];
    out[..4].copy_from_slice(&36u32.to_le_bytes());
    out[4..8].copy_from_slice(&(p.len() as u32).to_le_bytes());
    for (d, v) in out[8..].chunks_exact_mut(12).zip(p.iter()) {
        for (d, x) in d.chunks_exact_mut(4).zip([v.x, v.y, v.z]) {
            d.copy_from_slice(&godot_bin::markers::narrow_exact(x).to_le_bytes());
        }
    }
    out
}

/// The Godot 4 bytes of `{"Move": {"to": Vector2, "seq": int}}` read by hand: the least work a reader does.
pub fn decode_move(b: &[u8]) -> Option<data::Msg> {
    fn word(b: &[u8], at: &mut usize) -> Option<u32> {
        let w = u32::from_le_bytes(b.get(*at..*at + 4)?.try_into().ok()?);
        *at += 4;
        Some(w)
    }
    fn key(b: &[u8], at: &mut usize, name: &[u8]) -> Option<()> {
        (word(b, at)? == 4 && word(b, at)? as usize == name.len()).then_some(())?;
        let padded = name.len().div_ceil(4) * 4;
        (b.get(*at..*at + name.len())? == name).then_some(())?;
        *at += padded;
        Some(())
    }
    let mut at = 0;
    (word(b, &mut at)? == 27 && word(b, &mut at)? == 1).then_some(())?;
    key(b, &mut at, b"Move")?;
    (word(b, &mut at)? == 27 && word(b, &mut at)? == 2).then_some(())?;
    key(b, &mut at, b"to")?;
    (word(b, &mut at)? == 5).then_some(())?;
    let x = f32::from_bits(word(b, &mut at)?) as f64;
    let y = f32::from_bits(word(b, &mut at)?) as f64;
    key(b, &mut at, b"seq")?;
    (word(b, &mut at)? == 2).then_some(())?;
    let seq = word(b, &mut at)?;
    (at == b.len()).then_some(data::Msg::Move { to: godot_bin::markers::Vector2::new(x, y), seq })
}

/// The same bytes written by hand (narrow floats and a 32-bit int, as the engine writes them).
pub fn encode_move(m: &data::Msg) -> Vec<u8> {
    let data::Msg::Move { to, seq } = m else { unreachable!() };
    let mut out = Vec::with_capacity(72);
    let mut w = |x: u32| out.extend_from_slice(&x.to_le_bytes());
    w(27);
    w(1);
    w(4);
    w(4);
    w(u32::from_le_bytes(*b"Move"));
    w(27);
    w(2);
    w(4);
    w(2);
    w(u32::from_le_bytes(*b"to\0\0"));
    w(5);
    w((to.x as f32).to_bits());
    w((to.y as f32).to_bits());
    w(4);
    w(3);
    w(u32::from_le_bytes(*b"seq\0"));
    w(2);
    w(*seq);
    out
}

/// The same `Move` appended to `out` behind its u32 byte count, as `put_var` frames it: one write of the 76
/// bytes, built by hand (the stream's floor without serde; a `seq` that fits an i32, as the benchmark's do).
pub fn frame_move(m: &data::Msg, out: &mut Vec<u8>) {
    let data::Msg::Move { to, seq } = m else { unreachable!() };
    let words: [u32; 19] = [
        72,
        27,
        1,
        4,
        4,
        u32::from_le_bytes(*b"Move"),
        27,
        2,
        4,
        2,
        u32::from_le_bytes(*b"to\0\0"),
        5,
        godot_bin::markers::narrow_exact(to.x).to_bits(),
        godot_bin::markers::narrow_exact(to.y).to_bits(),
        4,
        3,
        u32::from_le_bytes(*b"seq\0"),
        2,
        *seq,
    ];
    let mut b = [0u8; 76];
    for (d, w) in b.chunks_exact_mut(4).zip(words) {
        d.copy_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(&b);
}

/// A reader of the Godot 4 bytes of the game state written by hand for that one shape: the least work any
/// reader must do (every header, count and key checked, strings checked as UTF-8 and allocated, the same
/// structs built), without serde. `None` on anything else.
struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn word(&mut self) -> Option<u32> {
        let w = u32::from_le_bytes(self.b.get(self.at..self.at + 4)?.try_into().ok()?);
        self.at += 4;
        Some(w)
    }
    fn expect(&mut self, w: u32) -> Option<()> {
        (self.word()? == w).then_some(())
    }
    fn raw_str(&mut self) -> Option<&'a str> {
        let n = self.word()? as usize;
        let s = std::str::from_utf8(self.b.get(self.at..self.at + n)?).ok()?;
        self.at += n.div_ceil(4) * 4;
        Some(s)
    }
    fn key(&mut self, name: &str) -> Option<()> {
        self.expect(4)?;
        let n = self.word()? as usize;
        (self.b.get(self.at..self.at + n)? == name.as_bytes()).then_some(())?;
        self.at += n.div_ceil(4) * 4;
        Some(())
    }
    fn string(&mut self) -> Option<String> {
        self.expect(4)?;
        self.raw_str().map(str::to_owned)
    }
    fn int(&mut self) -> Option<i64> {
        match self.word()? {
            2 => Some(self.word()? as i32 as i64),
            0x1_0002 => Some(self.word()? as u64 as i64 | (self.word()? as i64) << 32),
            _ => None,
        }
    }
    fn float(&mut self) -> Option<f64> {
        match self.word()? {
            3 => Some(f32::from_bits(self.word()?) as f64),
            0x1_0003 => Some(f64::from_bits(self.word()? as u64 | (self.word()? as u64) << 32)),
            _ => None,
        }
    }
    fn reals<const N: usize>(&mut self, header: u32) -> Option<[f64; N]> {
        self.expect(header)?;
        let mut r = [0.0; N];
        for x in &mut r {
            *x = f32::from_bits(self.word()?) as f64;
        }
        Some(r)
    }
    fn count(&mut self, header: u32) -> Option<usize> {
        self.expect(header)?;
        let n = self.word()? as usize;
        // As any reader must: a count the rest of the input cannot hold is refused before allocating.
        (n <= (self.b.len() - self.at) / 4).then_some(n)
    }
    fn item(&mut self) -> Option<data::Item> {
        (self.count(27)? == 3).then_some(())?;
        self.key("item")?;
        let item = self.string()?;
        self.key("count")?;
        let count = self.int()?;
        self.key("durability")?;
        Some(data::Item { item, count, durability: self.float()? })
    }
    fn entity(&mut self) -> Option<data::Entity> {
        (self.count(27)? == 9).then_some(())?;
        self.key("id")?;
        let id = self.int()?;
        self.key("name")?;
        let name = self.string()?;
        self.key("pos")?;
        let [x, y] = self.reals::<2>(5)?;
        self.key("vel")?;
        let [vx, vy, vz] = self.reals::<3>(9)?;
        self.key("hp")?;
        let hp = self.float()?;
        self.key("alive")?;
        self.expect(1)?;
        let alive = self.word()? != 0;
        self.key("color")?;
        let [r, g, b, a] = self.reals::<4>(20)?;
        self.key("tags")?;
        let n = self.count(34)?;
        let mut tags = Vec::with_capacity(n);
        for _ in 0..n {
            // PackedStringArray elements carry their NUL in the length.
            tags.push(self.raw_str()?.strip_suffix('\0')?.to_owned());
        }
        self.key("inventory")?;
        let n = self.count(28)?;
        let mut inventory = Vec::with_capacity(n);
        for _ in 0..n {
            inventory.push(self.item()?);
        }
        Some(data::Entity {
            id,
            name,
            pos: godot_bin::markers::Vector2::new(x, y),
            vel: godot_bin::markers::Vector3::new(vx, vy, vz),
            hp,
            alive,
            color: godot_bin::markers::Color::new(r as f32, g as f32, b as f32, a as f32),
            tags: tags.into(),
            inventory,
        })
    }
}

pub fn decode_state(b: &[u8]) -> Option<data::GameState> {
    let mut r = Reader { b, at: 0 };
    (r.count(27)? == 3).then_some(())?;
    r.key("tick")?;
    let tick = r.int()?;
    r.key("entities")?;
    let n = r.count(28)?;
    let mut entities = Vec::with_capacity(n);
    for _ in 0..n {
        entities.push(r.entity()?);
    }
    r.key("map")?;
    let map = r.string()?;
    (r.at == b.len()).then_some(data::GameState { tick, entities, map })
}

/// The same bytes written by hand (ints 32-bit when they fit, floats 32-bit when exact, as the engine).
pub fn encode_state(s: &data::GameState, out: &mut Vec<u8>) {
    fn w(out: &mut Vec<u8>, x: u32) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    fn raw_str(out: &mut Vec<u8>, t: &str) {
        w(out, t.len() as u32);
        out.extend_from_slice(t.as_bytes());
        out.resize(out.len() + (4 - t.len() % 4) % 4, 0);
    }
    fn string(out: &mut Vec<u8>, t: &str) {
        w(out, 4);
        raw_str(out, t);
    }
    fn int(out: &mut Vec<u8>, i: i64) {
        if i == i as i32 as i64 {
            w(out, 2);
            w(out, i as i32 as u32);
        } else {
            w(out, 0x1_0002);
            out.extend_from_slice(&i.to_le_bytes());
        }
    }
    fn float(out: &mut Vec<u8>, f: f64) {
        if f == f as f32 as f64 {
            w(out, 3);
            w(out, (f as f32).to_bits());
        } else {
            w(out, 0x1_0003);
            out.extend_from_slice(&f.to_le_bytes());
        }
    }
    fn reals(out: &mut Vec<u8>, header: u32, xs: &[f64]) {
        w(out, header);
        for x in xs {
            w(out, (*x as f32).to_bits());
        }
    }
    w(out, 27);
    w(out, 3);
    string(out, "tick");
    int(out, s.tick);
    string(out, "entities");
    w(out, 28);
    w(out, s.entities.len() as u32);
    for e in &s.entities {
        w(out, 27);
        w(out, 9);
        string(out, "id");
        int(out, e.id);
        string(out, "name");
        string(out, &e.name);
        string(out, "pos");
        reals(out, 5, &[e.pos.x, e.pos.y]);
        string(out, "vel");
        reals(out, 9, &[e.vel.x, e.vel.y, e.vel.z]);
        string(out, "hp");
        float(out, e.hp);
        string(out, "alive");
        w(out, 1);
        w(out, e.alive as u32);
        string(out, "color");
        let c = e.color;
        reals(out, 20, &[c.r as f64, c.g as f64, c.b as f64, c.a as f64]);
        string(out, "tags");
        w(out, 34);
        w(out, e.tags.len() as u32);
        for t in e.tags.iter() {
            w(out, t.len() as u32 + 1);
            out.extend_from_slice(t.as_bytes());
            out.resize(out.len() + 1 + (4 - (t.len() + 1) % 4) % 4, 0);
        }
        string(out, "inventory");
        w(out, 28);
        w(out, e.inventory.len() as u32);
        for it in &e.inventory {
            w(out, 27);
            w(out, 3);
            string(out, "item");
            string(out, &it.item);
            string(out, "count");
            int(out, it.count);
            string(out, "durability");
            float(out, it.durability);
        }
    }
    string(out, "map");
    string(out, &s.map);
}
