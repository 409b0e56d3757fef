//! The fast paths checked against the general path.

use super::words::ascii_name;
use crate::{Config, ErrorKind};

/// Strings read straight from the wire (values and a PackedStringArray's elements) give the general
/// path's text: cut at the first NUL, a leading byte order mark dropped.
#[test]
fn plain_strings_as_the_general_path() {
    let cfg = Config::default();
    let field = |b: &[u8]| {
        let mut v = (b.len() as u32).to_le_bytes().to_vec();
        v.extend_from_slice(b);
        v.resize(v.len() + (4 - b.len() % 4) % 4, 0);
        v
    };
    let cases: [(&[u8], &str); 9] = [
        (b"", ""),
        (b"\0", ""),
        (b"npc\0", "npc"),
        (b"hostile\0", "hostile"),
        (b"a\0b\0", "a"),
        (b"ab\0\0", "ab"),
        (b"\xEF\xBB\xBFhi\0", "hi"),
        (b"sixteen_bytes_ok", "sixteen_bytes_ok"),
        (b"seventeen_bytes_x\0", "seventeen_bytes_x"),
    ];
    let mut packed = vec![34, 0, 0, 0];
    packed.extend_from_slice(&(cases.len() as u32).to_le_bytes());
    for (b, want) in cases {
        packed.extend(field(b));
        let value = [&[4u8, 0, 0, 0][..], &field(b)].concat();
        assert_eq!(crate::from_slice_with::<String>(&value, &cfg).unwrap(), want, "{b:?}");
        assert_eq!(crate::from_slice_with::<&str>(&value, &cfg).unwrap(), want, "{b:?}");
    }
    let got = crate::from_slice_with::<Vec<String>>(&packed, &cfg).unwrap();
    assert_eq!(got, cases.map(|(_, w)| w.to_string()));
}

/// An Array or Dictionary header whose count is cut off: the general path's error, at the count.
#[test]
fn container_without_count() {
    #[derive(serde::Deserialize, Debug)]
    struct S {
        _a: i64,
    }
    let cfg = Config::default();
    let e = crate::from_slice_with::<Vec<i64>>(&[28, 0, 0, 0, 1, 0], &cfg).unwrap_err();
    assert_eq!(e.offset(), Some(4), "{e}");
    let e = crate::from_slice_with::<S>(&[27, 0, 0, 0], &cfg).unwrap_err();
    assert_eq!(e.offset(), Some(4), "{e}");
    let e = crate::from_slice_with::<S>(&[27, 0, 0, 0, 9, 0, 0, 0], &cfg).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::InvalidLength { value: 9 }), "{e}");
    assert_eq!(e.offset(), Some(4), "{e}");
}

/// The narrower ints and f32 read straight from the wire: the values, range errors (kind and the int's
/// header offset) and float conversions the general path gives.
#[test]
fn narrow_ints_and_f32_fast() {
    let cfg = Config::default();
    let int = |i: i32| [&[2u8, 0, 0, 0][..], &i.to_le_bytes()].concat();
    let int64 = |i: i64| [&[2u8, 0, 1, 0][..], &i.to_le_bytes()].concat();
    assert_eq!(crate::from_slice_with::<u8>(&int(255), &cfg).unwrap(), 255);
    assert_eq!(crate::from_slice_with::<u32>(&int64(1 << 31), &cfg).unwrap(), 1 << 31);
    assert_eq!(crate::from_slice_with::<i16>(&int(-32768), &cfg).unwrap(), -32768);
    for (bytes, value) in [(int(300), 300i128), (int(-1), -1), (int64(1 << 40), 1 << 40)] {
        let e = crate::from_slice_with::<u8>(&bytes, &cfg).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(v) if *v == value), "{e}");
        assert_eq!(e.offset(), Some(0));
    }
    // In an Array, after one good element: the offset is the bad int's header.
    let arr = [&[28u8, 0, 0, 0, 2, 0, 0, 0][..], &int(1), &int(-5)].concat();
    let e = crate::from_slice_with::<Vec<u16>>(&arr, &cfg).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(-5)), "{e}");
    assert_eq!(e.offset(), Some(16));
    let e = crate::from_slice_with::<u64>(&int64(-7), &cfg).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::IntegerOutOfRange(-7)), "{e}");
    // f32 from a narrow float (a NaN comes out quiet, payload kept) and from a wide one (rounded).
    let nan = f32::from_bits(0x7F80_0001);
    let narrow = [&[3u8, 0, 0, 0][..], &nan.to_bits().to_le_bytes()].concat();
    assert_eq!(crate::from_slice_with::<f32>(&narrow, &cfg).unwrap().to_bits(), 0x7FC0_0001);
    let wide = [&[3u8, 0, 1, 0][..], &0.1f64.to_le_bytes()].concat();
    assert_eq!(crate::from_slice_with::<f32>(&wide, &cfg).unwrap(), 0.1f32);
    assert_eq!(crate::from_slice_with::<f32>(&int(3), &cfg).unwrap(), 3.0);
    // Cut short at the end of the input: the reader's error, at the payload.
    let (short_int, short_int64) = (&int(1)[..6], &int64(1)[..10]);
    let short_float64 = &[&[3u8, 0, 1, 0][..], &1.5f64.to_le_bytes()].concat()[..9];
    for b in [short_int, short_int64, short_float64] {
        assert_eq!(crate::from_slice_with::<i64>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
        assert_eq!(crate::from_slice_with::<u16>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
        assert_eq!(crate::from_slice_with::<f64>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
        assert_eq!(crate::from_slice_with::<f32>(b, &cfg).unwrap_err().offset(), Some(4), "{b:?}");
    }
    assert_eq!(crate::from_slice_with::<bool>(&[1, 0, 0, 0, 1], &cfg).unwrap_err().offset(), Some(4));
    assert!(crate::from_slice_with::<bool>(&[1, 0, 0, 0, 1, 0, 0, 0], &cfg).unwrap());
    assert_eq!(crate::from_slice_with::<f64>(&int64(-2), &cfg).unwrap(), -2.0);
}

/// The word check agrees with the byte-by-byte one (ASCII, no NUL) for every length up to past 24, with
/// a NUL, a high byte or a byte order mark's first byte at every position, and whatever the padding holds.
#[test]
fn ascii_name_is_ascii_without_nul() {
    let plain = |b: &[u8]| b.iter().all(|&c| c != 0 && c < 0x80);
    let base = b"abcdefghijklmnopqrstuvwxyz0123";
    for n in 0..=30 {
        for pad_byte in [0u8, 0x80, b'z'] {
            let padded_of = |b: &[u8]| {
                let mut p = b.to_vec();
                p.resize(n + crate::wire::pad_len(n), pad_byte);
                p
            };
            // The word from the name's first byte as the input gives it (the padding, then more of
            // `pad_byte`), and no word (the input ends before 8 bytes).
            let word_of = |b: &[u8]| {
                let mut p = padded_of(b);
                p.resize(p.len().max(8), pad_byte);
                u64::from_le_bytes(p[..8].try_into().unwrap())
            };
            let b = &base[..n];
            assert!(ascii_name(b, Some(word_of(b))), "{n}");
            assert!(ascii_name(b, None), "{n}");
            for i in 0..n {
                for x in [0u8, 1, 0x7F, 0x80, 0xEF, 0xFF, b'A'] {
                    let mut b = b.to_vec();
                    b[i] = x;
                    assert_eq!(ascii_name(&b, Some(word_of(&b))), plain(&b), "{b:?} padded with {pad_byte}");
                    assert_eq!(ascii_name(&b, None), plain(&b), "{b:?} without a word");
                }
            }
        }
    }
}
