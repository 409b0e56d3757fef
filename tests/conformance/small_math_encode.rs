//! The serde encoder's small math markers (at most 4 reals: Vector2/3/4, Color, Quaternion, Plane, Rect2)
//! write what the core encoder writes for the same value, in every dialect, single and double precision:
//! 32-bit reals, 64-bit ones with the flag, and the same errors (a type the dialect lacks, Godot 4.0/4.1's
//! double-precision Vector4, the depth limit).

use godot_bin::{
    markers::{Color, Plane, Quaternion, Rect2, Vector2, Vector3, Vector4},
    to_vec_with, Config, Dialect, Variant,
};

fn same<T: serde::Serialize>(v: &T, var: Variant, cfg: &Config) {
    let typed = to_vec_with(v, cfg).map_err(|e| e.to_string());
    let core = var.encode(cfg).map_err(|e| e.to_string());
    assert_eq!(typed, core, "{var:?} in {:?}, double precision {}", cfg.dialect(), cfg.double_precision());
    // Inside a struct variant and a framed stream too (the in-place writes).
    let mut buf = bytes::BytesMut::new();
    let framed = godot_bin::framing::put_var_into(v, &mut buf, cfg, godot_bin::framing::Endian::Little);
    assert_eq!(framed.is_ok(), core.is_ok());
    if let Ok(core) = core {
        assert_eq!(&buf[4..], &core[..]);
    } else {
        assert!(buf.is_empty());
    }
}

#[test]
fn small_math_markers_match_the_core_encoder() {
    // A signalling NaN with a payload, a value exact in f32, one that is not, an infinity.
    let snan = f32::from_bits(0x7F80_0001);
    let xs = [0.1, 1.5, f64::INFINITY, godot_bin::markers::widen_exact(snan)];
    for d in Dialect::ALL {
        for double in [false, true] {
            let cfg = Config::new(d).with_double_precision(double);
            let [a, b, c, e] = xs;
            same(&Vector2::new(a, b), Variant::Vector2(Vector2::new(a, b)), &cfg);
            same(&Vector3::new(a, b, c), Variant::Vector3(Vector3::new(a, b, c)), &cfg);
            same(&Vector4::new(a, b, c, e), Variant::Vector4(Vector4::new(a, b, c, e)), &cfg);
            same(&Quaternion::new(e, a, b, c), Variant::Quaternion(Quaternion::new(e, a, b, c)), &cfg);
            let plane = Plane { normal: Vector3::new(a, b, c), d: e };
            same(&plane, Variant::Plane(plane), &cfg);
            let rect = Rect2 { position: Vector2::new(a, b), size: Vector2::new(c, e) };
            same(&rect, Variant::Rect2(rect), &cfg);
            let color = Color { r: 0.1, g: snan, b: 1.0, a: -0.0 };
            same(&color, Variant::Color(color), &cfg);
        }
    }
}

#[test]
fn small_math_marker_depth() {
    let v = vec![vec![Vector2::new(1.0, 2.0)]];
    let ok = Config::default().with_max_depth(2);
    assert!(to_vec_with(&v, &ok).is_ok());
    let deep = Config::default().with_max_depth(1);
    let err = to_vec_with(&v, &deep).unwrap_err();
    assert!(matches!(err.kind(), godot_bin::ErrorKind::TooDeep { max: 1 }), "{err}");
}
