//! Hostile binary resources (`.res`): truncation, lying counts, deep nesting, offsets that make the reader
//! read the same bytes again, string-table names repeated past the file's size, cycles between
//! sub-resources, and every byte of engine-written saves changed. Each gives a typed error with a byte
//! offset (or reads), never a panic, and the reader's peak memory stays under `BOUND·n + SLACK` for an
//! input of n bytes (measured by the counting allocator of tests/common/alloc.rs).

use godot_bin::resource::{Reference, ResourceFile};
use godot_bin::ErrorKind;

use crate::common::fixture_path;

/// Bytes of peak memory per input byte the reader may use (the model, the kept copy of the input and the
/// model as read, to tell later whether anything changed).
const BOUND: usize = 48;
/// Fixed allowance (tables, a decompressor's state).
const SLACK: usize = 1 << 20;

/// Reads `bytes`, checks the memory bound and, for a failure, that the error has an offset inside the input.
fn read_bounded(bytes: &[u8]) -> godot_bin::Result<ResourceFile> {
    let (r, usage) = crate::common::alloc::measure(|| ResourceFile::read(bytes));
    let bound = BOUND * bytes.len() + SLACK;
    assert!(usage.peak_moving <= bound, "peak {} > bound {bound} (input {})", usage.peak_moving, bytes.len());
    if let Err(e) = &r {
        let at = e.offset().unwrap_or_else(|| panic!("no offset: {e}"));
        assert!(at <= bytes.len(), "offset {at} past the input ({}): {e}", bytes.len());
    }
    r
}

fn fixture(rel: &str) -> Vec<u8> {
    let path = fixture_path(rel);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A little-endian Godot 3 (format version 3) binary resource, built field by field: `strings` is the
/// string table, `resources` the internal resources (the last is the main one) as (class, properties),
/// each property a string-table index and the bytes of its value.
struct Res {
    strings: Vec<String>,
    resources: Vec<(String, Props)>,
}

/// A resource's properties: string-table index and value bytes.
type Props = Vec<(u32, Vec<u8>)>;

fn u32s(out: &mut Vec<u8>, x: u32) {
    out.extend_from_slice(&x.to_le_bytes());
}

fn ustring(out: &mut Vec<u8>, s: &str) {
    u32s(out, s.len() as u32 + 1);
    out.extend_from_slice(s.as_bytes());
    out.push(0);
}

impl Res {
    fn bytes(&self) -> Vec<u8> {
        self.bytes_and_slots().0
    }

    /// The file and where each internal resource's offset (a u64) lies in it.
    fn bytes_and_slots(&self) -> (Vec<u8>, Vec<usize>) {
        let mut out = b"RSRC".to_vec();
        for x in [0, 0, 3, 6, 3] {
            u32s(&mut out, x); // little-endian, no real64, engine 3.6, format version 3
        }
        let main_class = self.resources.last().map(|r| r.0.as_str()).unwrap_or("Resource");
        ustring(&mut out, main_class);
        out.extend_from_slice(&0u64.to_le_bytes());
        out.resize(out.len() + 14 * 4, 0);
        u32s(&mut out, self.strings.len() as u32);
        for s in &self.strings {
            ustring(&mut out, s);
        }
        u32s(&mut out, 0); // no external resources
        u32s(&mut out, self.resources.len() as u32);
        let mut slots = Vec::new();
        for i in 0..self.resources.len() {
            let path =
                if i + 1 == self.resources.len() { "res://main.res".to_owned() } else { format!("local://{}", i + 1) };
            ustring(&mut out, &path);
            slots.push(out.len());
            out.extend_from_slice(&0u64.to_le_bytes());
        }
        for (i, (class, props)) in self.resources.iter().enumerate() {
            let at = out.len() as u64;
            out[slots[i]..slots[i] + 8].copy_from_slice(&at.to_le_bytes());
            ustring(&mut out, class);
            u32s(&mut out, props.len() as u32);
            for (name, value) in props {
                u32s(&mut out, *name);
                out.extend_from_slice(value);
            }
        }
        out.extend_from_slice(b"RSRC");
        (out, slots)
    }
}

/// The value bytes of an Int (the resource format's type id 3).
fn int(x: i32) -> Vec<u8> {
    let mut v = Vec::new();
    u32s(&mut v, 3);
    v.extend_from_slice(&x.to_le_bytes());
    v
}

/// The value bytes of a reference to sub-resource `n` (object kind 2, Godot 3's number).
fn sub(n: u32) -> Vec<u8> {
    let mut v = Vec::new();
    for x in [24, 2, n] {
        u32s(&mut v, x);
    }
    v
}

fn one(props: Props) -> Res {
    Res { strings: vec!["a".into()], resources: vec![("Resource".into(), props)] }
}

#[test]
fn the_built_file_reads() {
    // The builder itself is right: a file it makes reads back with its values.
    let file = read_bounded(&one(vec![(0, int(7))]).bytes()).expect("reads");
    assert_eq!(file.main.get("a"), Some(&godot_bin::Variant::Int(7)));
}

#[test]
fn every_prefix_of_engine_saves_is_a_typed_error() {
    for rel in [
        "godot-4.6/resources/save_game.res",
        "godot-4.6/resources/save_game_be.res",
        "godot-3.6/resources/save_game.res",
        "godot-3.2.3/resources/save_game.res",
    ] {
        let bytes = fixture(rel);
        read_bounded(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}"));
        // The closing magic is not needed (the engine reads the resources by their offsets): a file that
        // lacks only (part of) it reads.
        for n in 0..bytes.len() - 4 {
            let e = read_bounded(&bytes[..n]).err().unwrap_or_else(|| panic!("{rel}: prefix {n} read"));
            assert!(
                matches!(
                    e.kind(),
                    ErrorKind::EmptyInput
                        | ErrorKind::UnexpectedEof { .. }
                        | ErrorKind::InvalidLength { .. }
                        | ErrorKind::InvalidData(_)
                ),
                "{rel}: prefix {n}: {e}"
            );
        }
    }
}

#[cfg(feature = "containers")]
#[test]
fn every_prefix_of_a_compressed_save_is_a_typed_error() {
    let bytes = fixture("godot-4.6/resources/save_game_compressed.res");
    read_bounded(&bytes).expect("reads");
    // As above, the container's closing magic is not needed.
    for n in 0..bytes.len() - 4 {
        assert!(read_bounded(&bytes[..n]).is_err(), "prefix {n} read");
    }
}

#[test]
fn every_byte_of_engine_saves_changed_reads_or_fails_within_bounds() {
    for rel in ["godot-4.6/resources/save_game.res", "godot-3.6/resources/nested_subresources.res"] {
        let bytes = fixture(rel);
        let mut failed = 0;
        for i in 0..bytes.len() {
            for x in [0x00, 0xff, 0x7f, bytes[i] ^ 0x01] {
                let mut b = bytes.clone();
                b[i] = x;
                failed += usize::from(read_bounded(&b).is_err());
            }
        }
        // The counts, offsets and type ids that changed must have been noticed somewhere.
        assert!(failed > bytes.len(), "{rel}: only {failed} of {} changed files refused", 4 * bytes.len());
    }
}

#[test]
fn huge_counts_are_invalid_lengths_at_their_field() {
    let good = one(vec![(0, int(7))]).bytes();
    // The string table's count: after the header (4 + 5·4), the class string (4 + 9), the import offset
    // (8) and 14 reserved words.
    let at = 4 + 20 + 13 + 8 + 56;
    let mut b = good.clone();
    b[at..at + 4].copy_from_slice(&0x7fff_ffffu32.to_le_bytes());
    let e = read_bounded(&b).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { value: 0x7fff_ffff }), "{e}");
    assert_eq!(e.offset(), Some(at));
    // An Array claiming two billion elements.
    let mut arr = Vec::new();
    for x in [30, 0x7fff_fff0] {
        u32s(&mut arr, x);
    }
    let e = read_bounded(&one(vec![(0, arr)]).bytes()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { .. }), "{e}");
    // A PackedFloat32Array claiming four billion floats.
    let mut packed = Vec::new();
    for x in [33, u32::MAX] {
        u32s(&mut packed, x);
    }
    let e = read_bounded(&one(vec![(0, packed)]).bytes()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { .. }), "{e}");
}

#[test]
fn deep_nesting_is_too_deep_not_a_stack_overflow() {
    // A million Arrays of one element each, nested.
    let mut v = Vec::new();
    for _ in 0..1_000_000 {
        u32s(&mut v, 30);
        u32s(&mut v, 1);
    }
    v.extend_from_slice(&int(1));
    let e = read_bounded(&one(vec![(0, v)]).bytes()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TooDeep { .. }), "{e}");
    // Dictionaries nested as values.
    let mut v = Vec::new();
    for _ in 0..100_000 {
        for x in [26, 1] {
            u32s(&mut v, x);
        }
        v.extend_from_slice(&int(0));
    }
    v.extend_from_slice(&int(1));
    let e = read_bounded(&one(vec![(0, v)]).bytes()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TooDeep { .. }), "{e}");
}

#[test]
fn offsets_that_read_the_same_bytes_again_are_refused() {
    // 5000 internal resources whose offsets all point at one resource's data (a 100 KB file that would
    // otherwise become 5000 copies of its 1000 properties).
    let n = 5000;
    let big: Props = (0..1000).map(|_| (0, int(1))).collect();
    let resources = (0..n).map(|i| ("Resource".to_owned(), if i == 0 { big.clone() } else { Vec::new() })).collect();
    let (good, slots) = Res { strings: vec!["a".into()], resources }.bytes_and_slots();
    read_bounded(&good).expect("the file as built reads");
    let with = |offset: &[u8]| {
        let mut b = good.clone();
        for &at in &slots {
            b[at..at + 8].copy_from_slice(offset);
        }
        read_bounded(&b).unwrap_err()
    };
    let e = with(&good[slots[0]..slots[0] + 8]);
    assert!(matches!(e.kind(), ErrorKind::InvalidData(_)), "{e}");
    assert!(e.to_string().contains("another resource's data"), "{e}");
    assert_eq!(e.offset(), Some(slots[1]));
    // An offset into the header, and one past the end.
    let e = with(&8u64.to_le_bytes());
    assert!(e.to_string().contains("inside the tables"), "{e}");
    let e = with(&u64::MAX.to_le_bytes());
    assert!(e.to_string().contains("past the end"), "{e}");
}

#[test]
fn a_long_name_repeated_is_refused_within_the_bound() {
    // One 100 KB property name stored 20000 times (8 bytes each): 100 KB + 160 KB of input naming 2 GB.
    let name = "n".repeat(100_000);
    let props: Props = (0..20_000).map(|_| (0, int(1))).collect();
    let res = Res { strings: vec![name], resources: vec![("Resource".into(), props)] };
    let e = read_bounded(&res.bytes()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidData(_)), "{e}");
    assert!(e.to_string().contains("string table"), "{e}");
}

/// Sub-resource 1 holds 2, 2 holds 1, the main resource holds 1.
fn cycle() -> Res {
    Res {
        strings: vec!["a".into()],
        resources: vec![
            ("Resource".into(), vec![(0, sub(2))]),
            ("Resource".into(), vec![(0, sub(1))]),
            ("Resource".into(), vec![(0, sub(1))]),
        ],
    }
}

#[test]
fn cycles_between_sub_resources_read_as_references() {
    // Sub-resource 1 holds 2, 2 holds 1, the main resource holds 1: reading follows no reference.
    let res = cycle();
    let file = read_bounded(&res.bytes()).expect("reads");
    assert_eq!(file.main.get("a").and_then(Reference::of), Some(Reference::Sub("1".into())));
    assert_eq!(file.sub_resources[0].get("a").and_then(Reference::of), Some(Reference::Sub("2".into())));
}

#[test]
fn serde_refuses_cycles_and_exponential_sharing() {
    // The cycle above, read through serde: an error, not endless expansion.
    let res = cycle();
    let e = godot_bin::resource::from_slice::<godot_bin::Variant>(&res.bytes()).unwrap_err();
    assert!(e.to_string().contains("hold each other"), "{e}");
    // 60 sub-resources, each holding the next one 4 times (4^60 copies if expanded): refused within the
    // memory bound.
    let n = 60;
    let resources: Vec<(String, Props)> = (1..=n)
        .map(|i| {
            let props = if i == n { vec![(0, int(1))] } else { (0..4).map(|_| (0, sub(i + 1))).collect() };
            ("Resource".to_owned(), props)
        })
        .chain(std::iter::once(("Resource".to_owned(), vec![(0, sub(1))])))
        .collect();
    let bytes = Res { strings: vec!["a".into()], resources }.bytes();
    let (r, usage) =
        crate::common::alloc::measure(|| godot_bin::resource::from_slice::<godot_bin::Variant>(&bytes).map(drop));
    let e = r.unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidData(_) | ErrorKind::TooDeep { .. }), "{e}");
    assert!(usage.peak_moving <= BOUND * bytes.len() + SLACK, "peak {}", usage.peak_moving);
}

#[test]
fn every_prefix_of_text_saves_reads_or_is_a_typed_error() {
    for rel in ["godot-4.6/resources/save_game.tres", "godot-3.6/resources/hostile_srl_node_path.tres"] {
        let bytes = fixture(rel);
        read_bounded(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}"));
        let mut refused = 0;
        for n in 0..bytes.len() {
            refused += usize::from(read_bounded(&bytes[..n]).is_err());
        }
        // A prefix that ends between two property lines is a whole (shorter) file; most are not.
        assert!(refused > bytes.len() / 2, "{rel}: only {refused} of {} prefixes refused", bytes.len());
    }
}

#[test]
fn deep_text_nesting_is_an_error() {
    let mut text = "[gd_resource type=\"Resource\" format=3]\n\n[resource]\na = ".to_owned();
    text.push_str(&"[".repeat(100_000));
    let e = read_bounded(text.as_bytes()).unwrap_err();
    assert!(e.to_string().contains("nested deeper"), "{e}");
}
