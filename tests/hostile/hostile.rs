//! Bad input gets a typed error with a byte offset: truncation, hostile lengths, deep nesting, invalid
//! UTF-8, unknown types, objects when not allowed. Never a panic.

use godot_bin::{Config, Dialect, ErrorKind, Variant};

fn u32s(words: &[u32]) -> Vec<u8> {
    words.iter().flat_map(|w| w.to_le_bytes()).collect()
}

fn err(bytes: &[u8], cfg: &Config) -> godot_bin::Error {
    match Variant::decode_prefix(bytes, cfg) {
        Ok(v) => panic!("accepted {bytes:02x?} as {v:?}"),
        Err(e) => e,
    }
}

#[test]
fn truncation_reports_offset_and_missing_bytes() {
    let cfg = Config::default();
    let e = err(&[2, 0, 1, 0, 1, 2, 3], &cfg); // int64 with 3 of 8 bytes
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { needed: 5 }), "{e}");
    assert_eq!(e.offset(), Some(4));
    let e = err(&[2, 0], &cfg);
    assert_eq!(e.offset(), Some(0));
    // Every prefix of a nested value fails cleanly.
    let full =
        Variant::from(vec![Variant::from("hello"), Variant::Int(1 << 40), Variant::Float(0.1)]).encode(&cfg).unwrap();
    for n in 0..full.len() {
        let e = err(&full[..n], &cfg);
        assert!(e.offset().unwrap() <= n, "prefix {n}: {e}");
    }
}

#[test]
fn hostile_counts_are_refused_before_allocating() {
    for d in Dialect::ALL {
        let cfg = Config::new(d);
        for kind in [
            godot_bin::value::TypeKind::Array,
            godot_bin::value::TypeKind::Dictionary,
            godot_bin::value::TypeKind::PackedFloat32Array,
            godot_bin::value::TypeKind::PackedStringArray,
            godot_bin::value::TypeKind::PackedByteArray,
            godot_bin::value::TypeKind::String,
        ] {
            let id = d.type_id(kind).unwrap();
            for count in [0x7FFF_FFFFu32, 0xFFFF_FFFF, 0x8000_0001, 1 << 20] {
                if kind == godot_bin::value::TypeKind::PackedStringArray && count >= 0x8000_0000 {
                    // The engines read this count signed: negative means an empty array.
                    let v = Variant::decode(&u32s(&[id, count]), &cfg).unwrap();
                    assert_eq!(v, Variant::PackedStringArray(vec![]));
                    continue;
                }
                let e = err(&u32s(&[id, count]), &cfg);
                assert!(matches!(e.kind(), ErrorKind::InvalidLength { .. }), "{d} {kind} {count:#x}: {e}");
                assert_eq!(e.offset(), Some(4), "{d} {kind}");
            }
        }
    }
}

/// A PackedStringArray's count read through serde (the typed fast path, `Vec<String>` and the marker, and
/// the general path, `Variant` through serde) follows the core decoder: a negative count is an empty array,
/// a count the input cannot hold is refused at the count, and every prefix of a real array fails cleanly.
#[test]
fn serde_packed_string_counts_follow_the_core_decoder() {
    for d in Dialect::ALL.into_iter().filter(|d| *d != Dialect::Godot2) {
        let cfg = Config::new(d);
        let id = d.type_id(godot_bin::value::TypeKind::PackedStringArray).unwrap();
        for count in [0x7FFF_FFFFu32, 0xFFFF_FFFF, 0x8000_0001, 1 << 20, 2] {
            let bytes = u32s(&[id, count, 1, u32::from_le_bytes(*b"a\0\0\0")]);
            let typed = godot_bin::from_slice_with::<Vec<String>>(&bytes, &cfg);
            let marker = godot_bin::from_slice_with::<godot_bin::packed::PackedStringArray>(&bytes, &cfg);
            let general = godot_bin::from_slice_with::<Variant>(&bytes, &cfg);
            if count >= 0x8000_0000 {
                // Empty, and the element after the count is then trailing input.
                for e in [typed.unwrap_err(), marker.unwrap_err(), general.unwrap_err()] {
                    assert!(matches!(e.kind(), ErrorKind::TrailingBytes(8)), "{d} {count:#x}: {e}");
                }
                let (v, rest) = godot_bin::de::take_from_slice_with::<Vec<String>>(&bytes, &cfg).unwrap();
                assert!(v.is_empty() && rest.len() == 8, "{d} {count:#x}");
                continue;
            }
            for e in [typed.unwrap_err(), marker.unwrap_err(), general.unwrap_err()] {
                assert!(
                    matches!(e.kind(), ErrorKind::InvalidLength { .. } | ErrorKind::UnexpectedEof { .. }),
                    "{d} {count:#x}: {e}"
                );
                assert_eq!(e.offset(), Some(if count == 2 { 16 } else { 4 }), "{d} {count:#x}: {e}");
            }
        }
        let full = Variant::PackedStringArray(vec!["npc".into(), "hostile".into()]).encode(&cfg).unwrap();
        assert_eq!(godot_bin::from_slice_with::<Vec<String>>(&full, &cfg).unwrap(), ["npc", "hostile"]);
        for n in 0..full.len() {
            let e = godot_bin::from_slice_with::<Vec<String>>(&full[..n], &cfg).unwrap_err();
            assert!(e.offset().unwrap() <= n, "{d} prefix {n}: {e}");
        }
    }
}

#[test]
fn unknown_types_and_header_bits() {
    let g4 = Config::default();
    let e = err(&u32s(&[39]), &g4);
    assert!(matches!(e.kind(), ErrorKind::UnknownType { id: 39, .. }), "{e}");
    // PackedVector4Array (38) is unknown before 4.3.
    assert!(matches!(
        err(&u32s(&[38, 0]), &Config::new(Dialect::Godot4_2)).kind(),
        ErrorKind::UnknownType { id: 38, .. }
    ));
    // Godot 3 and 4 read the type from the low byte and ignore bits 8-15 (seen on 3.2.3, 3.6 and 4.6).
    assert_eq!(Variant::decode(&u32s(&[0x200]), &g4).unwrap(), Variant::Nil);
    assert_eq!(Variant::decode(&u32s(&[0x200]), &Config::new(Dialect::Godot3)).unwrap(), Variant::Nil);
    // Godot 2 has no flags at all.
    assert!(matches!(
        err(&u32s(&[0x1_0002, 0, 0]), &Config::new(Dialect::Godot2)).kind(),
        ErrorKind::InvalidHeader { .. }
    ));
}

#[test]
fn invalid_utf8_is_an_error_with_the_offset_of_the_bad_byte() {
    let mut b = u32s(&[4, 4]);
    b.extend_from_slice(b"ab\xffc");
    let e = err(&b, &Config::default());
    assert!(matches!(e.kind(), ErrorKind::InvalidUtf8));
    assert_eq!(e.offset(), Some(10));
    // Godot 2 never checked UTF-8.
    assert_eq!(Variant::decode(&b, &Config::new(Dialect::Godot2)).unwrap(), Variant::from("ab\u{fffd}c"));
}

#[test]
fn nesting_is_limited_without_exhausting_the_stack() {
    // 200,000 nested one-element arrays, decoded on a 2 MiB thread.
    let mut b = Vec::new();
    for _ in 0..200_000 {
        b.extend_from_slice(&u32s(&[28, 1]));
    }
    b.extend_from_slice(&u32s(&[0]));
    let t = std::thread::Builder::new().stack_size(2 << 20).spawn(move || {
        let e = Variant::decode(&b, &Config::default()).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep { max: 1024 }), "{e}");
        let e = Variant::decode(&b, &Config::default().with_max_depth(usize::MAX)).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep { max: 4096 }), "{e}");
    });
    t.unwrap().join().unwrap();
}

#[test]
fn full_objects_are_refused_unless_allowed() {
    // Godot 4.6 full object RefCounted with script = null (bytes from the spec's engine run).
    let mut b = u32s(&[24, 10]);
    b.extend_from_slice(b"RefCounted\0\0");
    b.extend_from_slice(&u32s(&[1, 6]));
    b.extend_from_slice(b"script\0\0");
    b.extend_from_slice(&u32s(&[0]));
    let e = err(&b, &Config::default());
    assert!(matches!(e.kind(), ErrorKind::ObjectsNotAllowed));
    assert_eq!(e.offset(), Some(0));
    let v = Variant::decode(&b, &Config::default().with_allow_objects(true)).unwrap();
    assert!(matches!(&v, Variant::Object(o) if o.class() == Some("RefCounted")));
    // Encoding a full object needs the permission too.
    assert!(matches!(v.encode(&Config::default()).unwrap_err().kind(), ErrorKind::ObjectsNotAllowed));
    // Objects by id need no permission.
    assert!(Variant::decode(&u32s(&[24 | 1 << 16, 5, 0]), &Config::default()).is_ok());
}

#[test]
fn trailing_bytes_are_reported_by_decode_and_ignored_by_decode_prefix() {
    let b = u32s(&[1, 1, 0xdead]);
    let e = Variant::decode(&b, &Config::default()).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::TrailingBytes(4)));
    assert_eq!(e.offset(), Some(8));
    assert_eq!(Variant::decode_prefix(&b, &Config::default()).unwrap(), (Variant::Bool(true), 8));
}

#[test]
fn arbitrary_mutations_never_panic() {
    let cfg = Config::default().with_allow_objects(true);
    let seed = Variant::from(vec![
        Variant::from("héllo"),
        Variant::Int(-5),
        Variant::PackedStringArray(vec!["a".into(), "bcd".into()]),
        Variant::from(godot_bin::markers::NodePath::from("/root/a:b")),
        Variant::PackedVector3Array(vec![godot_bin::markers::Vector3::new(1.0, 2.0, 3.0)]),
    ])
    .encode(&cfg)
    .unwrap();
    let mut rng = crate::common::r#gen::Rng(0x1234_5678_9abc_def0);
    for _ in 0..20_000 {
        let x = rng.next_u64();
        let mut b = seed.clone();
        for k in 0..1 + (x % 4) {
            let i = ((x >> (8 * k)) as usize) % b.len();
            b[i] = (x >> (16 + k)) as u8;
        }
        for d in [Dialect::Godot2, Dialect::Godot3, Dialect::Godot4_6, Dialect::Pandemonium5] {
            let _ = Variant::decode_prefix(&b, &cfg.clone().with_dialect(d));
        }
    }
}

#[test]
fn values_at_the_depth_cap_encode_and_drop_on_a_small_stack() {
    let t = std::thread::Builder::new().stack_size(2 << 20).spawn(|| {
        let cfg = Config::default().with_max_depth(usize::MAX); // clamped to the 4096 cap
        let mut b = Vec::new();
        for _ in 0..4096 {
            b.extend_from_slice(&u32s(&[28, 1]));
        }
        b.extend_from_slice(&u32s(&[2, 7]));
        let v = Variant::decode(&b, &cfg).unwrap();
        assert_eq!(v.encode(&cfg).unwrap(), b);
        let e = v.encode(&Config::default()).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::TooDeep { max: 1024 }), "{e}");
        drop(v);
        // At the default limit, clone and compare fit too.
        let v = Variant::decode(&b[8 * (4096 - 1024)..], &Config::default()).unwrap();
        assert_eq!(v.clone(), v);
    });
    t.unwrap().join().unwrap();
}

#[test]
fn nested_counts_cannot_claim_the_same_bytes_twice() {
    // 1000 nested arrays, each claiming as many elements as the rest of the input could hold on its own.
    // Before the fix every level reserved capacity for its claim: an 8 KB input made a 359 MB peak.
    // Elements of open containers are promised their 4 bytes each, so the second level is refused.
    let depth = 1000usize;
    let total = depth * 8 + 4;
    let mut words = Vec::new();
    for i in 0..depth {
        words.extend([28, ((total - (i * 8 + 8)) / 4) as u32]);
    }
    words.push(0);
    let e = err(&u32s(&words), &Config::default());
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { .. }), "{e}");
    assert_eq!(e.offset(), Some(12));
    // The same shape with honest counts (one element each) decodes.
    let mut honest = Vec::new();
    for _ in 0..depth {
        honest.extend([28, 1]);
    }
    honest.push(0);
    assert!(Variant::decode(&u32s(&honest), &Config::default()).is_ok());
}

/// A struct read from a Dictionary checks its entry count against the input but promises nothing (it
/// reserves no memory for its entries), so the containers inside it are held to what the open containers'
/// promises leave, as in the core decoder: an Array in a struct in an Array, each Array claiming every slot
/// the rest of the input could hold, is refused at the inner Array's count, as `Variant::decode` refuses it;
/// a struct Dictionary claiming more entries than the input holds is refused at its count.
#[test]
fn structs_check_their_count_and_their_containers_stay_within_the_promises() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Node {
        c: Vec<Node>,
    }
    let cfg = Config::default();
    let key_c = [4u32, 1, u32::from(b'c')];
    // [ {"c": [ {"c": [] } ... ] } ... ], every Array claiming the slots of all the bytes after its count but
    // the 12 its first element's Dictionary header and key take (so that the Dictionary's 2 slots still fit).
    let build = |depth: usize| {
        let total = depth * 28 + 8;
        let mut words = Vec::new();
        for i in 0..depth {
            let after = total - (i * 28 + 8);
            words.extend([28, ((after - 12) / 4) as u32, 27, 1]);
            words.extend(key_c);
        }
        words.extend([28, 0]);
        u32s(&words)
    };
    let bytes = build(50);
    let core = err(&bytes, &cfg);
    assert!(matches!(core.kind(), ErrorKind::InvalidLength { .. }), "{core}");
    let e = godot_bin::from_slice_with::<Vec<Node>>(&bytes, &cfg).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { .. }), "{e}");
    assert_eq!((e.offset(), core.offset()), (Some(32), Some(32)), "the second Array's count");
    // Honest counts (one element each) decode.
    let mut honest = Vec::new();
    for _ in 0..50 {
        honest.extend([28, 1, 27, 1]);
        honest.extend(key_c);
    }
    honest.extend([28, 0]);
    assert!(godot_bin::from_slice_with::<Vec<Node>>(&u32s(&honest), &cfg).is_ok());
    // A struct claiming 1,000 entries in 20 bytes: refused at its count (byte 4).
    let mut lying = u32s(&[27, 1000]);
    lying.extend(u32s(&key_c));
    lying.extend(u32s(&[28, 0]));
    let e = godot_bin::from_slice_with::<Node>(&lying, &cfg).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { value: 1000 }), "{e}");
    assert_eq!(e.offset(), Some(4));
    assert_eq!(err(&lying, &cfg).offset(), Some(4));
}

/// A struct's entries are promised exactly when its keys and values start slots: a struct with fields
/// neither promises nor starts them, one without fields (read as a map) does both. So the counts inside it
/// are refused where the core decoder refuses them: `[(Empty, [u32; n])…]` with lying counts, every claim
/// of the outer and inner Array, the same `InvalidLength` at the same byte as `Variant::decode`, or neither.
#[test]
fn counts_inside_structs_without_fields_follow_the_core_decoder() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Empty {}
    let cfg = Config::default();
    let mut compared = 0;
    for entries in [0u32, 1, 3] {
        for outer in 0..12u32 {
            for inner in 0..12u32 {
                let mut w = vec![28, outer, 28, 2, 27, entries];
                for _ in 0..entries {
                    w.extend([4, 1, u32::from(b'a'), 2, 7]);
                }
                w.extend([28, inner, 2, 5, 2, 5]);
                let bytes = u32s(&w);
                let core = Variant::decode(&bytes, &cfg).err();
                let ours = godot_bin::from_slice_with::<Vec<(Empty, Vec<u32>)>>(&bytes, &cfg).err();
                let too_long = |e: &Option<godot_bin::Error>| {
                    e.as_ref().filter(|e| matches!(e.kind(), ErrorKind::InvalidLength { .. })).map(|e| e.offset())
                };
                assert_eq!(too_long(&ours), too_long(&core), "{entries} entries, counts {outer} and {inner}");
                compared += usize::from(too_long(&core).is_some());
            }
        }
    }
    assert!(compared > 100, "{compared}");
}

/// Each level of serde recursion puts back, on the way out, the depth it found, errors included: after
/// nesting refused at `SERDE_MAX_DEPTH` (on a thread of its own, each time), nesting just inside the limit
/// still reads on the same thread, and so does a small message.
#[test]
fn refused_nesting_leaves_the_depth_as_it_was() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct L(Vec<L>);
    let nested = |depth: usize| {
        let mut words = [28u32, 1].repeat(depth - 1);
        words.extend([28, 0]);
        u32s(&words)
    };
    // A stack budget that the depth limit meets first, even in a debug build.
    let cfg = Config::default().with_serde_stack(48 << 20);
    let (deep, ok) = (nested(godot_bin::de::SERDE_MAX_DEPTH + 10), nested(godot_bin::de::SERDE_MAX_DEPTH - 10));
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            for _ in 0..3 {
                let e = godot_bin::from_slice_with::<L>(&deep, &cfg).unwrap_err();
                assert!(matches!(e.kind(), ErrorKind::TooDeep { max: godot_bin::de::SERDE_MAX_DEPTH }), "{e}");
                assert!(godot_bin::from_slice_with::<L>(&ok, &cfg).is_ok());
                assert_eq!(godot_bin::from_slice_with::<Vec<i32>>(&u32s(&[28, 1, 2, 7]), &cfg).unwrap(), [7]);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn godot2_ints_outside_i32_are_an_error_not_a_different_number() {
    let g2 = Config::new(Dialect::Godot2);
    let e = Variant::Int(5_000_000_000).encode(&g2).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(5_000_000_000)), "{e}");
    let e = godot_bin::to_vec_with(&5_000_000_000i64, &g2).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(5_000_000_000)), "{e}");
    assert_eq!(Variant::Int(i32::MIN as i64).encode(&g2).unwrap(), u32s(&[2, 0x8000_0000]));
    assert_eq!(godot_bin::to_vec_with(&-1i64, &g2).unwrap(), u32s(&[2, u32::MAX]));
}

/// `framing::read_frame` (a `store_var` file or a socket read through `io::Read`): every error names the
/// byte, counted from where the call started reading. (These were `offset: None`.)
#[test]
fn read_frame_errors_carry_offsets() {
    use godot_bin::framing::{read_frame, Endian};
    let read = |mut input: &[u8], max| read_frame(&mut input, Endian::Little, max).unwrap_err();
    // The length field cut after 2 bytes: missing from byte 0.
    let e = read(&[8, 0], 64);
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { needed: 2 }), "{e}");
    assert_eq!(e.offset(), Some(0));
    // 8 bytes announced, 2 there: the value at byte 4 is cut short.
    let e = read(&[8, 0, 0, 0, 1, 0], 64);
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { needed: 6 }), "{e}");
    assert_eq!(e.offset(), Some(4));
    // A length above the limit: the length field, byte 0.
    let e = read(&[0xff, 0xff, 0xff, 0x7f, 0], 64);
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { value: 0x7fff_ffff }), "{e}");
    assert_eq!(e.offset(), Some(0));
}

/// `FrameDecoder::finish` (what the tokio codecs' `decode_eof` calls): a stream that ends inside a frame
/// is an error at the stream offset of the missing part, after earlier whole frames.
#[test]
fn frame_decoder_finish_reports_the_stream_offset() {
    use godot_bin::framing::{put_var, Endian, FrameDecoder};
    let cfg = Config::default();
    let mut stream = put_var(&7i32, &cfg, Endian::Little).unwrap(); // 12 bytes: length 8, int 7
    assert_eq!(stream.len(), 12);
    stream.extend_from_slice(&[8, 0, 0, 0, 2, 0]); // a second frame cut short
    let mut dec = FrameDecoder::new(Endian::Little, 64);
    dec.feed(&stream);
    assert_eq!(dec.next_value::<i32>(&cfg).unwrap(), Some(7));
    assert_eq!(dec.next_value::<i32>(&cfg).unwrap(), None);
    let e = dec.finish().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { needed: 6 }), "{e}");
    assert_eq!(e.offset(), Some(16), "the second frame's value starts at 12 + 4");
    // Cut inside the second length field.
    let mut dec = FrameDecoder::new(Endian::Little, 64);
    dec.feed(&stream[..14]);
    assert_eq!(dec.next_value::<i32>(&cfg).unwrap(), Some(7));
    let e = dec.finish().unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::UnexpectedEof { needed: 2 }), "{e}");
    assert_eq!(e.offset(), Some(12));
}

/// Lengths the wire cannot hold: the engines read every length and count as a signed 32-bit int, and size
/// a packed array's payload in one too. A value beyond that is an `InvalidLength` error before anything is
/// written, through `Variant::encode` and through serde (it was written with a length field our decoders
/// refuse, and from 2³² bytes on the length wrapped). The big buffers are zeroed allocations that are never
/// written to, so the test costs address space, not memory.
#[test]
fn lengths_the_wire_cannot_hold_are_refused_before_writing() {
    let cfg = Config::default();
    let too_long = |e: godot_bin::Error| matches!(e.kind(), ErrorKind::InvalidLength { .. });
    let big = String::from_utf8(vec![0u8; 1 << 31]).unwrap(); // one byte over i32::MAX
    let s = Variant::String(big.into());
    assert!(too_long(s.encode(&cfg).unwrap_err()));
    assert!(too_long(godot_bin::to_vec(&s).unwrap_err()));
    let Variant::String(big) = s else { unreachable!() };
    assert!(too_long(godot_bin::to_vec(&big).unwrap_err()));
    let names = Variant::PackedStringArray(vec![big]);
    assert!(too_long(names.encode(&cfg).unwrap_err()));
    assert!(too_long(godot_bin::to_vec(&names).unwrap_err()));
    drop(names);
    // 2²⁸ int64s: the count fits in 31 bits, the payload (2³¹ bytes) does not.
    let ints = Variant::PackedInt64Array(vec![0i64; 1 << 28]);
    assert!(too_long(ints.encode(&cfg).unwrap_err()));
    assert!(too_long(godot_bin::to_vec(&ints).unwrap_err()));
    let Variant::PackedInt64Array(ints) = ints else { unreachable!() };
    #[derive(serde::Serialize)]
    struct Track {
        #[serde(with = "godot_bin::packed::int64")]
        ticks: Vec<i64>,
    }
    assert!(too_long(godot_bin::to_vec(&Track { ticks: ints }).unwrap_err()));
}

/// `allow_objects` means the same at every entry point: the text and JSON readers refuse a full object
/// unless it is on (they returned it, and only `encode` refused it later), and still read objects by id.
#[cfg(feature = "json")]
#[test]
fn text_and_json_refuse_full_objects_unless_allowed() {
    use godot_bin::{json, text, Object};
    let cfg = Config::new(Dialect::Godot4_6);
    let on = cfg.clone().with_allow_objects(true);
    for src in [r#"[1, Object(Node,"name":"n")]"#, "[1, Object(Node)]"] {
        let e = text::from_text(src, &cfg).unwrap_err();
        assert!(e.to_string().contains("objects are not allowed"), "{src}: {e}");
        assert_eq!(e.offset(), Some(4), "{src}: the Object constructor");
        let v = text::from_text(src, &on).unwrap();
        let Variant::Array(a) = &v else { panic!("{v:?}") };
        assert!(matches!(&a.items[1], Variant::Object(o) if matches!(**o, Object::Full { .. })), "{v:?}");
        // The same value in the JSON form.
        let j = json::to_json_string(&v, &on);
        let e = json::from_json_str(&j, &cfg).unwrap_err();
        assert!(e.to_string().contains("objects are not allowed"), "{j}: {e}");
        assert_eq!(json::from_json_str(&j, &on).unwrap(), v);
    }
    // An object by id is a number, read either way.
    let by_id = r#"Object(EncodedObjectAsID,"object_id":42)"#;
    assert_eq!(text::from_text(by_id, &cfg).unwrap(), Variant::from(Object::InstanceId(42)));
}

/// An enum read from a value of the wrong shape (an Array, empty or not, a multi-entry Dictionary) names
/// the byte of that value. (The Array cases had no offset.)
#[test]
fn enum_shape_errors_carry_offsets() {
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    enum Cmd {
        Stop,
        Go(i32),
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Msg {
        seq: i32,
        cmd: Cmd,
    }
    let cfg = Config::default();
    let two = {
        let mut d = godot_bin::Dictionary::default();
        d.insert("Stop".into(), Variant::Nil);
        d.insert("Go".into(), Variant::Int(1));
        Variant::Dictionary(Box::new(d))
    };
    for cmd in [Variant::from(Vec::<Variant>::new()), Variant::from(vec![Variant::from("Stop")]), two] {
        let mut d = godot_bin::Dictionary::default();
        d.insert("seq".into(), Variant::Int(1));
        d.insert("cmd".into(), cmd.clone());
        let bytes = Variant::Dictionary(Box::new(d)).encode(&cfg).unwrap();
        let e = godot_bin::from_slice::<Msg>(&bytes).unwrap_err();
        // The "cmd" value is the last thing in the input: its header is where its bytes start.
        let at = bytes.len() - cmd.encode(&cfg).unwrap().len();
        assert_eq!(e.offset(), Some(at), "{cmd:?}: {e}");
    }
}

/// Runs the ignored test `child` of this binary again under `ulimit -v` (400 MB of address space): less
/// memory left than 16 million `Variant`s need, as a 32-bit target such as WebAssembly meets it on a few
/// hundred MiB.
#[cfg(unix)]
fn under_a_memory_limit(child: &str) {
    let status = std::process::Command::new("bash")
        .arg("-c")
        .arg("ulimit -v 400000; exec \"$0\" --ignored --exact \"$1\" --test-threads 1")
        .arg(std::env::current_exe().unwrap())
        .arg(child)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&status.stdout);
    assert!(status.status.success(), "{:?}: {out}{}", status.status, String::from_utf8_lossy(&status.stderr));
    assert!(out.contains("1 passed"), "the child did not run: {out}");
}

/// Godot 4's `var_to_bytes` of an Array of `n` Nils: type 28, the count, then a Nil (4 zero bytes) per element.
fn nils(n: u32) -> Vec<u8> {
    let mut bytes = u32s(&[28, n]);
    bytes.resize(8 + 4 * n as usize, 0);
    bytes
}

/// An Array of 16 million Nils (64 MiB, every element where its count says) decoded with less memory left
/// than its 16 million `Variant`s need: an `OutOfMemory` error at the count's offset, not an abort.
#[cfg(unix)]
#[test]
fn a_container_larger_than_the_memory_left_is_an_error() {
    under_a_memory_limit("hostile::out_of_memory_child");
}

#[test]
#[ignore = "run by a_container_larger_than_the_memory_left_is_an_error under a memory limit"]
fn out_of_memory_child() {
    let n = 16u32 << 20;
    let e = Variant::decode(&nils(n), &Config::new(Dialect::GODOT4)).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::OutOfMemory { elements, .. } if *elements == u64::from(n)), "{e}");
    assert_eq!(e.offset(), Some(4));
}

/// The same Array read by `file::read`, which detects the dialect: running out of memory in the Godot 4
/// readings is the answer (with the count's offset, in a bare value and in a `store_var` stream), not a
/// sign that Godot 4 does not read the bytes (Pandemonium 3.8, where type 28 is a PackedInt32Array, would
/// read them as 16 million zeros).
#[cfg(unix)]
#[test]
fn running_out_of_memory_in_detection_is_the_error() {
    under_a_memory_limit("hostile::out_of_memory_in_detection_child");
}

#[test]
#[ignore = "run by running_out_of_memory_in_detection_is_the_error under a memory limit"]
fn out_of_memory_in_detection_child() {
    let n = 16u32 << 20;
    let bare = nils(n);
    let stored = [&(bare.len() as u32).to_le_bytes()[..], &bare].concat();
    drop(bare);
    for (bytes, at) in [(&stored[4..], 4), (&stored[..], 8)] {
        match godot_bin::file::read(bytes, &godot_bin::file::Options::default()) {
            Ok(save) => panic!("read as {} ({:?})", save.format.dialect.name(), save.format.content),
            Err(e) => {
                assert!(
                    matches!(e.kind(), ErrorKind::OutOfMemory { elements, .. } if *elements == u64::from(n)),
                    "{e}"
                );
                assert_eq!(e.offset(), Some(at), "{e}");
            }
        }
    }
}
