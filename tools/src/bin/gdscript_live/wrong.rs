//! Wrong values, each with the start of the error the GDScript must give, and values with one part
//! replaced by a value of some kind.

use godot_bin::markers::{Color, StringName};
use godot_bin::{Dictionary, Variant};

use crate::values::Draw;

/// A wrong value and the start of the error `check` must give for it; `~` before it: lenient mode accepts
/// the value; `+` alone: a value strict mode accepts (optional keys left out); `=` alone: a value with keys no
/// field has (a newer game's), accepted and written back byte-identical (the keys kept in `extra`).
pub(crate) type Bad = (Variant, String);

pub(crate) fn set(v: &mut Variant, path: &[&str], to: Variant) {
    let mut cur = v;
    for p in path {
        cur = match p.parse::<usize>() {
            Ok(i) => cur.get_mut(i).expect("index"),
            Err(_) => cur.get_mut(*p).expect("key"),
        };
    }
    *cur = to;
}

pub(crate) fn without(v: &Variant, key: &str) -> Variant {
    let d = v.as_dictionary().expect("a struct");
    let mut out = Dictionary::default();
    for (k, x) in d.entries.iter() {
        if k.as_str() != Some(key) {
            out.insert(k.clone(), x.clone());
        }
    }
    Variant::from(out)
}

/// `v` (a Dictionary) with `key` added last.
pub(crate) fn with(v: &Variant, key: &str, to: Variant) -> Variant {
    let mut d = v.as_dictionary().expect("a struct").clone();
    d.insert(Variant::from(key), to);
    Variant::from(d)
}

pub(crate) fn dict(entries: &[(&str, Variant)]) -> Variant {
    let mut d = Dictionary::default();
    for (k, v) in entries {
        d.insert(Variant::from(*k), v.clone());
    }
    Variant::from(d)
}

pub(crate) fn bad_saves(good: &Variant) -> Vec<Bad> {
    let mut out: Vec<Bad> = vec![
        (without(good, "name"), "~Save: missing key \"name\"".into()),
        (without(good, "max hp"), "~Save: missing key \"max hp\"".into()),
        (without(&without(&without(good, "extra"), "note"), "nick"), "+".into()),
        (with(good, "mana", Variant::from(5i64)), "=".into()),
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
    case(&["level"], Variant::from("x"), "Save.level: expected int, got String");
    case(&["level"], Variant::from(300i64), "Save.level: 300 is out of range");
    case(&["count"], Variant::from(-1i64), "Save.count: -1 is out of range");
    case(&["hp"], Variant::from("1.5"), "Save.hp: expected float");
    case(&["pos"], Variant::from("1, 2"), "Save.pos: expected Vector2, got String");
    case(&["tags"], Variant::from(5i64), "Save.tags: expected ");
    case(&["items", "0", "name"], Variant::from(5i64), "Save.items[0].name: expected String, got int");
    case(&["items", "0"], Variant::from(5i64), "Save.items[0]: expected a Dictionary");
    // A newer game's item: its unknown key is kept and written back after the fields.
    let item = good.get("items").and_then(|a| a.get(0)).expect("an item").clone();
    case(&["items", "0"], with(&item, "rarity", Variant::from("epic")), "=");
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
    case(&["class"], Variant::Nil, "Save.class: expected String, got Nil");
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

pub(crate) fn bad_msgs() -> Vec<Bad> {
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

pub(crate) fn bad_branches() -> Vec<Bad> {
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

pub(crate) fn bad_extras(good: &Variant) -> Vec<Bad> {
    let mut v = good.clone();
    set(&mut v, &["cell"], Variant::from("1,2"));
    vec![(v, "Extras4.cell: expected Vector2i".into())]
}

/// A value of some kind, to put where another was.
pub(crate) fn junk_value(r: &mut Draw, g4: bool) -> Variant {
    match r.below(if g4 { 12 } else { 11 }) {
        0 => Variant::Nil,
        1 => Variant::Bool(r.coin()),
        2 => Variant::Int(r.i64()),
        3 => Variant::Float(r.f64()),
        4 => Variant::String(r.string().into()),
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
        _ => Variant::StringName(StringName(r.string().into())),
    }
}

/// `good` with one value somewhere inside it (or itself) replaced by a value of some kind.
pub(crate) fn mutate(good: &Variant, r: &mut Draw, g4: bool) -> Variant {
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
            Variant::Dictionary(d) => d.iter_mut().nth(i).map(|(_, v)| v).expect("in range"),
            Variant::Array(a) => &mut a.items[i],
            _ => unreachable!("only containers have children"),
        };
    }
}
