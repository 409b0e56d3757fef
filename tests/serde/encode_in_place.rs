//! The encoders write straight into the caller's buffer: encoding a value of about 10,000 bytes into a
//! `BytesMut` (or `Vec<u8>`) with room reserved allocates nothing, through `to_buf_with`,
//! `framing::put_var_into`, `VarCodec::encode`, the `Serializer` and `Variant::encode_into`. Counted with a
//! counting allocator, as in tests/io/tokio_in_place.rs (the old code serialized into a `Vec` of its own and
//! copied it: at least the value's size allocated per call).

use bytes::BytesMut;
use godot_bin::framing::{self, Endian};
use godot_bin::{markers::Vector3, packed::PackedFloat32Array, Config, ErrorKind, Variant};
use serde::Serialize;

use crate::common::alloc::allocated_during;

#[derive(Serialize)]
struct Entity {
    name: String,
    id: u32,
    hp: f32,
    pos: Vector3,
    tags: Vec<&'static str>,
}

/// A save-game-like value: structs, strings, ints, floats, a math marker, a packed array (written in bulk
/// through the Serializer's hand-over) and a `Variant` (written by the core encoder through the other one).
#[derive(Serialize)]
struct World {
    entities: Vec<Entity>,
    heights: PackedFloat32Array,
    extra: Variant,
}

fn world() -> World {
    World {
        entities: (0..55)
            .map(|i| Entity {
                name: format!("entity number {i}"),
                id: i,
                hp: 0.5 * i as f32,
                pos: Vector3::new(i as f64, 2.0, 3.5),
                tags: vec!["npc", "friendly"],
            })
            .collect(),
        heights: (0..300).map(|i| i as f32 * 0.25).collect(),
        extra: Variant::PackedInt32Array((0..100).collect()),
    }
}

#[test]
fn to_buf_with_into_bytes_mut_allocates_nothing() {
    let (cfg, w) = (Config::default(), world());
    let expected = godot_bin::to_vec_with(&w, &cfg).unwrap();
    assert!((9_000..12_000).contains(&expected.len()), "{}", expected.len());
    let mut buf = BytesMut::with_capacity(2 * expected.len());
    let (r, n) = allocated_during(|| {
        godot_bin::ser::to_buf_with(&mut buf, &w, &cfg)?;
        godot_bin::ser::to_buf_with(&mut buf, &w, &cfg)
    });
    r.unwrap();
    println!("to_buf_with, 2 x {} bytes into a BytesMut with room: {n} bytes allocated", expected.len());
    assert_eq!(buf, [&expected[..], &expected[..]].concat());
    assert_eq!(n, 0);

    // A Vec<u8> with room: the same.
    let mut v = Vec::with_capacity(expected.len());
    let (r, n) = allocated_during(|| godot_bin::ser::to_buf_with(&mut v, &w, &cfg));
    r.unwrap();
    println!("to_buf_with, {} bytes into a Vec<u8> with room: {n} bytes allocated", expected.len());
    assert_eq!(v, expected);
    assert_eq!(n, 0);
}

#[test]
fn put_var_into_bytes_mut_allocates_nothing() {
    let (cfg, w) = (Config::default(), world());
    let expected = framing::put_var(&w, &cfg, Endian::Big).unwrap();
    let mut buf = BytesMut::with_capacity(2 * expected.len());
    let (r, n) = allocated_during(|| {
        framing::put_var_into(&w, &mut buf, &cfg, Endian::Big)?;
        framing::put_var_into(&w, &mut buf, &cfg, Endian::Big)
    });
    assert_eq!(r.unwrap(), expected.len() - 4);
    println!("put_var_into, 2 x {} bytes into a BytesMut with room: {n} bytes allocated", expected.len());
    assert_eq!(buf, [&expected[..], &expected[..]].concat());
    assert_eq!(n, 0);
}

#[cfg(feature = "tokio")]
#[test]
fn var_codec_encodes_into_the_buffer_only() {
    use tokio_util::codec::Encoder;
    let (cfg, w) = (Config::default(), world());
    let expected = framing::put_var(&w, &cfg, Endian::Little).unwrap();
    let mut dst = BytesMut::with_capacity(2 * expected.len());
    let mut codec = godot_bin::tokio_codec::VarCodec::<()>::new(cfg);
    let (r, n) = allocated_during(|| {
        codec.encode(&w, &mut dst)?;
        codec.encode(&w, &mut dst)
    });
    r.unwrap();
    println!("VarCodec::encode, 2 x {} bytes into a BytesMut with room: {n} bytes allocated", expected.len());
    assert_eq!(dst, [&expected[..], &expected[..]].concat());
    assert_eq!(n, 0);

    // A frame over the codec's limit is refused and leaves the buffer as it was.
    let mut small = godot_bin::tokio_codec::VarCodec::<()>::default().max_frame(100);
    let err = small.encode(&w, &mut dst).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidLength { .. }), "{err}");
    assert_eq!(dst.len(), 2 * expected.len());
}

#[test]
fn serializer_and_variant_write_into_bytes_mut() {
    let (cfg, w) = (Config::default(), world());
    let expected = godot_bin::to_vec_with(&w, &cfg).unwrap();
    let mut buf = BytesMut::with_capacity(expected.len());
    let (r, n) = allocated_during(|| w.serialize(&mut godot_bin::ser::Serializer::new(&mut buf, &cfg)));
    r.unwrap();
    assert_eq!(buf, expected);
    assert_eq!(n, 0);

    // Variant::encode_into a BytesMut: the same bytes as Variant::encode. (The core encoder keeps a small
    // stack of the containers it is in, on the heap: a leaf value allocates nothing.)
    let v = Variant::PackedFloat64Array((0..1250).map(f64::from).collect());
    let expected = v.encode(&cfg).unwrap();
    let mut buf = BytesMut::with_capacity(expected.len());
    let (r, n) = allocated_during(|| v.encode_into(&mut buf, &cfg));
    r.unwrap();
    println!("Variant::encode_into, {} bytes into a BytesMut with room: {n} bytes allocated", expected.len());
    assert_eq!(buf, expected);
    assert_eq!(n, 0);

    // A Variant holding containers: only that stack (one small Vec, sized by the nesting, not the bytes).
    let nested = Variant::from(vec![Variant::from(vec![Variant::Int(1); 1000]), Variant::from("x")]);
    let expected = nested.encode(&cfg).unwrap();
    let mut buf = BytesMut::with_capacity(expected.len());
    let (r, n) = allocated_during(|| nested.encode_into(&mut buf, &cfg));
    r.unwrap();
    println!(
        "Variant::encode_into, nested Arrays, {} bytes: {n} bytes allocated (the container stack)",
        expected.len()
    );
    assert_eq!(buf, expected);
    assert!(n <= 1024, "{n}");
}

#[test]
fn to_buf_with_into_a_slice_too_small_is_an_error() {
    let (cfg, w) = (Config::default(), world());
    let expected = godot_bin::to_vec_with(&w, &cfg).unwrap();
    let mut space = vec![0xeeu8; expected.len() - 1];
    let mut slice = &mut space[..];
    let err = godot_bin::ser::to_buf_with(&mut slice, &w, &cfg).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::InvalidLength { value } if *value == expected.len() as u64), "{err}");
    assert_eq!(slice.len(), expected.len() - 1); // nothing written
    let mut space = vec![0u8; expected.len() + 3];
    let mut slice = &mut space[..];
    godot_bin::ser::to_buf_with(&mut slice, &w, &cfg).unwrap();
    assert_eq!(slice.len(), 3);
    assert_eq!(&space[..expected.len()], expected);
}

#[test]
fn errors_leave_the_buffer_as_it_was() {
    let cfg = Config::default();
    let mut buf = BytesMut::from(&b"keep"[..]);
    // u64 above i64::MAX cannot be written: an error after the Array's header went in.
    let err = framing::put_var_into(&(1u8, u64::MAX), &mut buf, &cfg, Endian::Little).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::IntegerOutOfRange(_)), "{err}");
    assert_eq!(&buf[..], b"keep");
    let err = godot_bin::ser::to_buf_with(&mut buf, &(1u8, u64::MAX), &cfg).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::IntegerOutOfRange(_)), "{err}");
    assert_eq!(&buf[..], b"keep");
}
