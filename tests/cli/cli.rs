//! The `godot-bin` binary, run on fixtures written by real engines (feature `cli`).
#![cfg(feature = "cli")]

use std::io::Write;
use std::process::{Command, Output, Stdio};

use godot_bin::{Config, Dialect, Variant};

const SAVE4: &str = "examples/data/save-godot4.6.sav";
const SAVE3: &str = "examples/data/save-godot3.6.sav";
/// Written by Godot 4.6 from the same game state as SAVE3 (tests/gd/make_save3_in4.gd).
const SAVE3_AS_4: &str = "tests/fixtures/cli/save-godot3.6-as-godot4.6.sav";

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_godot-bin"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn godot-bin");
    let mut i = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = i.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap();
    out
}

fn ok(args: &[&str], stdin: &[u8]) -> Vec<u8> {
    let o = run(args, stdin);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

fn fails(args: &[&str], stdin: &[u8], code: i32) -> String {
    let o = run(args, stdin);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(code), "{args:?}: stdout {:?} stderr {err}", String::from_utf8_lossy(&o.stdout));
    err
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap()).collect()
}

fn file(p: &str) -> Vec<u8> {
    std::fs::read(p).unwrap()
}

/// Splits a store_var stream into its values.
fn frames(b: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut p = 0;
    while p < b.len() {
        let n = u32::from_le_bytes(b[p..p + 4].try_into().unwrap()) as usize;
        out.push(&b[p + 4..p + 4 + n]);
        p += 4 + n;
    }
    out
}

#[test]
fn decode_godot4_save_as_text() {
    let t = String::from_utf8(ok(&["decode", "--dialect", "godot4.6", "--framing", "stream", SAVE4], b"")).unwrap();
    assert!(t.starts_with("{\n\"tick\": 123456,\n\"entities\": [{\n\"id\": 0,"), "{t}");
    assert!(t.contains("\"map\": &\"level_01\""));
    assert!(t.contains("\"tags\": PackedStringArray(\"npc\", \"hostile\")"));
    assert!(t.contains("\"spawn\": NodePath(\"/root/World/Spawn:position\")"));
    assert!(t.contains("\"hp\": 99.99,"));
    assert!(t.ends_with("[\"checkpoint\", 3, Transform2D(0.87758255, 0.47942555, -0.47942555, 0.87758255, 10, 20)]\n"));
    // and back, byte for byte
    let b = ok(&["encode", "--dialect", "godot4.6", "--framing", "stream"], t.as_bytes());
    assert_eq!(b, file(SAVE4));
}

#[test]
fn decode_godot3_save_as_text() {
    let t = String::from_utf8(ok(&["decode", "--dialect", "godot3", "--framing", "stream", SAVE3], b"")).unwrap();
    assert!(t.contains("\"tags\": PoolStringArray( \"npc\", \"hostile\" )"), "{t}");
    assert!(t.contains("\"pos\": Vector2( 1.5, -2.25 )"));
    assert!(t.contains("[ \"checkpoint\", 3, Transform2D( "));
    let b = ok(&["encode", "--dialect", "godot3", "--framing", "stream"], t.as_bytes());
    // Godot 3.6 leaves garbage in NodePath padding; we write zeros. Same values, same length.
    let canonical =
        ok(&["convert", "--from-dialect", "godot3", "--to-dialect", "godot3", "--framing", "stream", SAVE3], b"");
    assert_eq!(b, canonical);
    assert_eq!(b.len(), file(SAVE3).len());
    let cfg = Config::new(Dialect::Godot3);
    for (x, y) in frames(&b).into_iter().zip(frames(&file(SAVE3))) {
        assert_eq!(Variant::decode(x, &cfg).unwrap(), Variant::decode(y, &cfg).unwrap());
    }
}

#[test]
fn json_round_trips_and_is_jq_friendly() {
    for (d, f) in [("godot4.6", SAVE4), ("godot3", SAVE3)] {
        let j = ok(&["decode", "--dialect", d, "--framing", "stream", "--to", "json", f], b"");
        let first: serde_json::Value = serde_json::from_slice(j.split(|c| *c == b'\n').next().unwrap()).unwrap();
        assert_eq!(first["entities"][1]["pos"], serde_json::json!({"$Vector2": [1.5, -2.25]}));
        assert_eq!(first["entities"][2]["big"], serde_json::json!(5000000002i64));
        let b = ok(&["encode", "--dialect", d, "--framing", "stream", "--from", "json"], &j);
        let canonical = ok(&["convert", "--from-dialect", d, "--to-dialect", d, "--framing", "stream", f], b"");
        assert_eq!(b, canonical, "{d}");
    }
    assert_eq!(
        ok(&["convert", "--from-dialect", "godot4", "--to-dialect", "godot4", "--framing", "stream", SAVE4], b""),
        file(SAVE4)
    );
}

/// `convert --from-dialect godot3 --to-dialect godot4` gives what Godot 4.6 itself writes for the same game state.
#[test]
fn convert_godot3_save_to_godot4_matches_the_engine() {
    let b = ok(&["convert", "--from-dialect", "godot3", "--to-dialect", "godot4", "--framing", "stream", SAVE3], b"");
    assert_eq!(hex(&b), hex(&file(SAVE3_AS_4)));
    // and back: Godot 3.6's bytes but for its padding garbage
    let back =
        ok(&["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--framing", "stream", SAVE3_AS_4], b"");
    let canonical =
        ok(&["convert", "--from-dialect", "godot3", "--to-dialect", "godot3", "--framing", "stream", SAVE3], b"");
    assert_eq!(back, canonical);
}

#[test]
fn convert_errors_name_the_path() {
    // The Godot 4.6 save has a StringName (becomes a String) - fine; a Vector2i has no Godot 3 counterpart.
    ok(&["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--framing", "stream", SAVE4], b"");
    let b =
        ok(&["encode", "--dialect", "godot4", "--out", "hex"], b"{\"entities\": [1, 2, 3, {\"pos\": Vector2i(1, 2)}]}");
    let err = fails(&["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--in", "hex"], &b, 1);
    assert!(err.contains("at entities[3].pos: Vector2i has no counterpart in godot3"), "{err}");
    let g3 = ok(
        &["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--in", "hex", "--out", "hex", "--coerce"],
        &b,
    );
    let t = ok(&["decode", "--dialect", "godot3", "--in", "hex"], &g3);
    assert_eq!(String::from_utf8(t).unwrap(), "{\n\"entities\": [ 1, 2, 3, {\n\"pos\": Vector2( 1, 2 )\n} ]\n}\n");
}

#[test]
fn hex_and_base64() {
    // Godot 4 var_to_bytes(Vector2(1, 2))
    let h = "050000000000803f00000040";
    let t = ok(&["decode", "--dialect", "godot4", "--in", "hex"], format!("{h}\n").as_bytes());
    assert_eq!(t, b"Vector2(1, 2)\n");
    assert_eq!(ok(&["decode", "--dialect", "godot4", "--in", "hex"], b"05 00 00 00 00 00 80 3F 00 00 00 40"), t);
    assert_eq!(ok(&["encode", "--dialect", "godot4", "--out", "hex"], b"Vector2(1, 2)"), format!("{h}\n").as_bytes());
    let b64 = ok(&["encode", "--dialect", "godot4", "--out", "base64"], b"Vector2(1, 2)");
    assert_eq!(b64, b"BQAAAAAAgD8AAABA\n");
    assert_eq!(ok(&["decode", "--dialect", "godot4", "--in", "base64"], &b64), t);
    assert_eq!(ok(&["encode", "--dialect", "godot4"], b"Vector2(1, 2)"), unhex(h));
    // raw from a file argument and from stdin agree
    assert_eq!(
        ok(&["decode", "--dialect", "godot4", "--framing", "stream", "-"], &file(SAVE4)),
        ok(&["decode", "--dialect", "godot4", "--framing", "stream", SAVE4], b"")
    );
}

#[test]
fn exit_codes() {
    // 1: bad data, with the byte offset
    let err = fails(&["decode", "--dialect", "godot4", "--in", "hex"], b"0200000001", 1);
    assert!(err.contains("at byte 4"), "{err}");
    // (with no --framing the stream is detected: decode_detects_dialect_and_framing_of_real_saves)
    let err = fails(&["decode", "--dialect", "godot4", "--framing", "none"], &file(SAVE4), 1);
    assert!(err.contains("at byte"), "{err}");
    let err = fails(&["decode", "--dialect", "godot4", "--framing", "stream"], &file(SAVE4)[..500], 1);
    assert!(err.contains("at byte 4"), "{err}");
    let mut cut = file(SAVE4);
    cut.truncate(cut.len() - 3);
    let err = fails(&["decode", "--dialect", "godot4", "--framing", "stream"], &cut, 1);
    assert!(err.contains("truncated: ") && err.contains("byte(s) declared"), "{err}");
    // a value error inside the second frame reports the offset in the file
    let mut bad = file(SAVE4);
    let second = 4 + u32::from_le_bytes(bad[..4].try_into().unwrap()) as usize + 4;
    bad[second] = 0x7f; // unknown type id
    let err = fails(&["decode", "--dialect", "godot4", "--framing", "stream"], &bad, 1);
    assert!(err.contains(&format!("at byte {second}")), "{err}");
    fails(&["decode", "--dialect", "godot4", "--in", "hex"], b"0g", 1);
    fails(&["decode", "--dialect", "godot4", "--in", "base64"], b"AA*A", 1);
    // text errors: line and column
    let err = fails(&["encode", "--dialect", "godot4"], b"{\n\"a\": Vector2(1, x)\n}", 1);
    assert!(err.contains("line 2, column 17"), "{err}");
    fails(&["encode", "--dialect", "godot4", "--from", "json"], b"{\"$Vector2\": [1]}", 1);
    fails(&["encode", "--dialect", "godot4"], b"1 2", 1);
    fails(&["encode", "--dialect", "godot3"], b"Vector2i(1, 2)", 1);
    // full objects need --objects
    let err = fails(&["encode", "--dialect", "godot4"], b"Object(RefCounted,\"script\":null)", 1);
    assert!(err.contains("objects"), "{err}");
    ok(&["encode", "--dialect", "godot4", "--objects"], b"Object(RefCounted,\"script\":null)");
    // --exact: an object by instance id has no exact text form
    let id = ok(&["encode", "--dialect", "godot4", "--out", "hex"], b"Object(EncodedObjectAsID,\"object_id\":5)");
    ok(&["decode", "--dialect", "godot4", "--in", "hex"], &id);
    fails(&["decode", "--dialect", "godot4", "--in", "hex", "--exact"], &id, 1);
    // 2: bad usage
    fails(&["decode", "--dialect", "godot5"], b"", 2);
    fails(&["encode"], b"", 2); // encode must be told the dialect to write (decode detects it)
    fails(&["decode", "--dialect", "godot4", "--in", "octal"], b"", 2);
    fails(&["frobnicate"], b"", 2);
    fails(&["decode", "--dialect", "godot4", "/nonexistent/file"], b"", 2);
    ok(&["--help"], b"");
}

fn text_rows(path: &str) -> Vec<(String, bool, String, Vec<u8>)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (c[0].to_owned(), c[1] == "objects", String::from_utf8(unhex(c[2])).unwrap(), unhex(c[3]))
        })
        .collect()
}

/// Promise 2 through the binary: every engine-printed text of the fixtures, fed to `encode --from text` as
/// one stream, gives the engine's bytes for it.
#[test]
fn encode_engine_text_gives_engine_bytes() {
    for (path, d) in [
        ("tests/fixtures/godot-4.6/text.tsv", Dialect::Godot4_6),
        ("tests/fixtures/godot-3.6/text.tsv", Dialect::Godot3),
    ] {
        let rows = text_rows(path);
        let cfg = Config::new(d).with_allow_objects(true);
        for objects in [false, true] {
            let sel: Vec<_> = rows.iter().filter(|r| r.1 == objects).collect();
            let input: String = sel.iter().map(|r| format!("{}\n", r.2)).collect();
            let mut args = vec!["encode", "--dialect", d.name(), "--framing", "stream"];
            if objects {
                args.push("--objects");
            }
            let out = ok(&args, input.as_bytes());
            let got = frames(&out);
            assert_eq!(got.len(), sel.len());
            let mut padding_only = 0;
            for (r, g) in sel.iter().zip(got) {
                if *g != r.3[..] {
                    // Godot 3's NodePath padding garbage: same length, same value
                    assert_eq!(g.len(), r.3.len(), "{}", r.0);
                    assert_eq!(Variant::decode(g, &cfg).unwrap(), Variant::decode(&r.3, &cfg).unwrap(), "{}", r.0);
                    padding_only += 1;
                }
            }
            assert!(padding_only <= 6, "{path}: {padding_only}");
        }
    }
}

/// 1023 nested arrays (inside the default depth limit of 1024) go through text both ways and out as JSON.
#[test]
fn deep_values() {
    let h = format!("{}0200000007000000", "1c00000001000000".repeat(1023));
    let t = ok(&["decode", "--dialect", "godot4", "--in", "hex"], h.as_bytes());
    assert_eq!(ok(&["encode", "--dialect", "godot4", "--out", "hex"], &t), format!("{h}\n").as_bytes());
    ok(&["decode", "--dialect", "godot4", "--in", "hex", "--to", "json"], h.as_bytes());
    ok(&["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--in", "hex"], h.as_bytes());
}

/// Errors behind big keys, end to end: a value whose path to the failing part crosses many big keys (here 20
/// dictionaries, each keyed by a 1,000-int Array) gives short errors from `convert`, `decode --exact` and
/// `encode` (stdin): each key is named by a summary, so the message grows with the depth, not with the keys.
/// (The earlier renderer wrote every key whole: megabytes of stderr for this input, and 655 MB of memory
/// for a 77 KB file.)
#[test]
fn errors_under_big_keys_stay_short() {
    use godot_bin::{markers::Vector2i, Dictionary};
    let under_big_keys = |mut v: Variant| {
        for l in 0..20i64 {
            let key = Variant::from((0..1000).map(|i| Variant::Int(l * 1000 + i)).collect::<Vec<_>>());
            let mut d = Dictionary::default();
            d.insert(key, v);
            v = Variant::Dictionary(Box::new(d));
        }
        v.encode(&Config::new(Dialect::Godot4_6)).unwrap()
    };
    // No Godot 3 counterpart (convert, encode), and a NaN payload no text can carry (decode --exact).
    let wire = under_big_keys(Variant::Vector2i(Vector2i::new(1, 2)));
    let nan = under_big_keys(Variant::Float(f64::from_bits(0x7ff8_0000_0000_0001)));
    let text = ok(&["decode", "--dialect", "godot4", "--to", "text"], &wire);
    let errors = [
        ("convert", fails(&["convert", "--from-dialect", "godot4", "--to-dialect", "godot3"], &wire, 1)),
        ("decode --exact", fails(&["decode", "--dialect", "godot4", "--exact"], &nan, 1)),
        ("encode", fails(&["encode", "--dialect", "godot3"], &text, 1)),
    ];
    for (what, err) in errors {
        assert!(err.contains("[… 1000 items]"), "{what}: {}", &err[..err.len().min(300)]);
        assert!(err.len() < 1500, "{what}: {} bytes of stderr for {} bytes of input", err.len(), wire.len());
    }
}

/// A new user's first command on a real save, with no flags: the dialect and framing are detected (and
/// said on stderr), and the output is what the explicit flags give. `info` shows the detection.
#[test]
fn decode_detects_dialect_and_framing_of_real_saves() {
    for (save, dialect) in [(SAVE4, "godot4.6"), (SAVE3, "godot3")] {
        let o = run(&["decode", save], b"");
        assert_eq!(o.status.code(), Some(0), "{save}: {}", String::from_utf8_lossy(&o.stderr));
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(
            stderr.contains(&format!("reading as {dialect}, store_var")) && stderr.contains("detected"),
            "{stderr}"
        );
        assert_eq!(o.stdout, ok(&["decode", "--dialect", dialect, "--framing", "stream", save], b""), "{save}");
        let info = String::from_utf8(ok(&["info", save], b"")).unwrap();
        assert!(info.starts_with("store_var/put_var stream: 2 value(s), ") && info.contains(dialect), "{info}");
    }
}

/// The usual mistakes on a real save say what to do: the wrong dialect names the one that reads it, and
/// a store_var file read as one value says store_var.
#[test]
fn wrong_flags_on_a_real_save_name_the_right_ones() {
    let err = fails(&["decode", "--dialect", "godot4", SAVE3], b"", 1);
    assert!(err.contains("--dialect godot3 --framing stream"), "{err}");
    let err = fails(&["decode", "--dialect", "godot4.6", "--framing", "none", SAVE4], b"", 1);
    assert!(err.contains("store_var") && err.contains("--framing stream"), "{err}");
    let err = fails(&["decode"], &[0xff; 16], 1);
    assert!(err.contains("no dialect reads these bytes") && err.contains("--dialect"), "{err}");
    // convert's input dialect is --from-dialect: its hints name that flag, not decode's --dialect.
    let err = fails(&["convert", "--from-dialect", "godot4", "--to-dialect", "godot4.6", SAVE3], b"", 1);
    assert!(err.contains("try --from-dialect godot3 --framing stream"), "{err}");
    assert!(!err.contains("try --dialect"), "{err}");
    let err = fails(&["convert", "--to-dialect", "godot4"], &[0xff; 16], 1);
    assert!(err.contains("give --from-dialect"), "{err}");
}

/// Every flag means one thing: --dialect/--from-dialect/--to-dialect are dialects, --from/--to forms. The old
/// `convert --from D1 --to D2` (and `--dialect D1`) still work, hidden, and give the same bytes; without an
/// input dialect, convert detects it as decode does (and says so on stderr).
#[test]
fn convert_flags_new_old_and_detected_agree() {
    let new = ok(&["convert", "--from-dialect", "godot3", "--to-dialect", "godot4", "--framing", "stream", SAVE3], b"");
    assert_eq!(new, file(SAVE3_AS_4));
    assert_eq!(ok(&["convert", "--from", "godot3", "--to", "godot4", "--framing", "stream", SAVE3], b""), new);
    assert_eq!(
        ok(&["convert", "--dialect", "godot3", "--to-dialect", "godot4", "--framing", "stream", SAVE3], b""),
        new
    );
    let o = run(&["convert", "--to-dialect", "godot4", SAVE3], b"");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.stdout, new);
    assert!(String::from_utf8_lossy(&o.stderr).contains("reading as godot3"), "{}", String::from_utf8_lossy(&o.stderr));
    // The help shows one spelling per meaning.
    let help = String::from_utf8(ok(&["convert", "--help"], b"")).unwrap();
    assert!(help.contains("--from-dialect") && help.contains("--to-dialect"), "{help}");
    assert!(!help.contains("--from <") && !help.contains("--to <"), "{help}");
}

/// The README's jq workflow with the real jq: `decode --to json | jq -c . | encode --from json --like
/// ORIGINAL` gives back the very bytes (jq 1.6 prints 1.0 as 1 and -0.0 as -0; without --like those come
/// back as ints and +0.0). Needs jq on PATH: CI installs it (.ci/run); elsewhere the test says it skipped.
#[test]
fn jq_round_trip_is_byte_identical_with_like() {
    if Command::new("jq").arg("--version").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "jq is not installed, and CI must run this test");
        eprintln!("jq not found: skipped");
        return;
    }
    let jq = |json: &[u8]| {
        let mut child = Command::new("jq")
            .arg("-c")
            .arg(".")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("spawn jq");
        child.stdin.take().unwrap().write_all(json).unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success());
        out.stdout
    };
    for (save, dialect) in [(SAVE4, "godot4"), (SAVE3, "godot3")] {
        let json = ok(&["decode", "--dialect", dialect, "--framing", "stream", "--to", "json", save], b"");
        let edited = jq(&json);
        assert_ne!(edited, json, "{save}: jq changed nothing, so this test shows nothing");
        let enc = ["encode", "--dialect", dialect, "--framing", "stream", "--from", "json"];
        let plain = ok(&enc, &json); // what the JSON itself gives (for 3.6: zeros in NodePath padding)
        let original = file(save);
        let without = ok(&enc, &edited);
        assert_ne!(without, plain, "{save}: jq's output encoded the same without --like");
        // With --like the values are the original's again: its very bytes (3.6's NodePath padding included).
        let with = ok(&[&enc[..], &["--like", save]].concat(), &edited);
        assert_eq!(with, original, "{save}");
        if save == SAVE4 {
            assert_eq!(plain, original, "Godot 4.6 writes zeros in padding: the JSON alone gives the engine's file");
        }
        // A new user's spelling: no flags but the forms; the dialect and framing come from --like.
        let detected = ok(&["decode", "--to", "json", save], b"");
        assert_eq!(detected, json, "{save}");
        assert_eq!(ok(&["encode", "--from", "json", "--like", save], &jq(&detected)), original, "{save}");
    }
    // encode needs a dialect from somewhere.
    let err = fails(&["encode", "--from", "json"], b"1", 2);
    assert!(err.contains("--dialect") && err.contains("--like"), "{err}");
}

/// A fresh, empty folder for one test's files.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("godot-bin-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The names in a folder (to see that no temporary file was left beside the output).
fn names(dir: &std::path::Path) -> Vec<String> {
    let mut n: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    n.sort();
    n
}

/// `convert … save.sav -o save.sav` reads the save before replacing it: the result is the converted save (with
/// `> save.sav` the shell empties the file before the command reads it).
#[test]
fn output_may_be_the_input_file() {
    let dir = temp_dir("o-input");
    let save = dir.join("save.sav");
    std::fs::copy(SAVE3, &save).unwrap();
    let s = save.to_str().unwrap();
    ok(&["convert", "--to-dialect", "godot4", s, "-o", s], b"");
    assert_eq!(hex(&file(s)), hex(&file(SAVE3_AS_4)), "converted in place: what Godot 4.6 writes");
    assert_eq!(names(&dir), ["save.sav"]);
    // decode and encode back over the same text file
    let txt = dir.join("save.txt");
    let t = txt.to_str().unwrap();
    ok(&["decode", "--framing", "stream", s, "--output", t], b"");
    ok(&["encode", "--dialect", "godot4", "--framing", "stream", t, "-o", t], b"");
    assert_eq!(file(t), file(SAVE3_AS_4));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A command that fails with `-o good.sav` leaves good.sav as it was (not a 0-byte file, as `> good.sav` does).
#[test]
fn a_failing_command_leaves_the_output_file_alone() {
    let dir = temp_dir("o-fail");
    let good = dir.join("good.sav");
    std::fs::copy(SAVE4, &good).unwrap();
    let g = good.to_str().unwrap();
    let err = fails(
        &["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--framing", "none", "-o", g],
        b"\x7f\0\0\0",
        1,
    );
    assert!(err.contains("at byte"), "{err}");
    fails(&["encode", "--dialect", "godot4", "--output", g], b"Vector2(1, ", 1);
    fails(&["decode", "--dialect", "godot4", "-o", g], b"", 1);
    assert_eq!(file(g), file(SAVE4));
    assert_eq!(names(&dir), ["good.sav"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A write cut short (here by a file size limit of 8 blocks, as a full disk would) leaves the old file
/// whole: `-o` writes a temporary file and renames it, so the old one is never opened for writing. The
/// same command without the limit writes the whole 150,000-byte file.
#[test]
fn a_write_cut_short_leaves_the_old_file_whole() {
    let dir = temp_dir("o-ulimit");
    let out = dir.join("save.sav");
    let o = out.to_str().unwrap();
    std::fs::copy(SAVE4, &out).unwrap();
    // A PackedByteArray of 149,992 bytes: 150,000 bytes of Godot 4 binary.
    let json = format!("{{\"$PackedByteArray\":\"{}AA==\"}}", "AAAA".repeat(49_997)); // 3 * 49,997 + 1 zeros
    let input = dir.join("big.json");
    std::fs::write(&input, &json).unwrap();
    let args = ["encode", "--dialect", "godot4", "--from", "json", input.to_str().unwrap(), "-o", o];
    let cut = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 8; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_godot-bin"))
        .args(args)
        .output()
        .unwrap();
    assert!(!cut.status.success(), "the limit did not stop the write: {cut:?}");
    assert_eq!(file(o), file(SAVE4), "the old file is whole");
    ok(&args, b"");
    let written = file(o);
    assert_eq!(written.len(), 150_000);
    assert_eq!(written[..8], [29, 0, 0, 0, 0xe8, 0x49, 0x02, 0]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file size limit (`ulimit -f`) reached while `-o` writes: the system's SIGXFSZ does not end the process
/// where it stands. The write fails ("File too large"), the temporary file is removed, the old file is
/// whole, and the command says so with status 1.
#[cfg(unix)]
#[test]
fn a_file_size_limit_leaves_no_temporary_file() {
    let dir = temp_dir("o-xfsz");
    let out = dir.join("save.sav");
    std::fs::copy(SAVE4, &out).unwrap();
    let input = dir.join("big.bin");
    // A PackedByteArray (Godot 4 type 29) of 150,000 bytes, converted to Godot 3's form.
    let mut bytes = [29u32, 150_000].iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>();
    bytes.resize(bytes.len() + 150_000, 7);
    std::fs::write(&input, &bytes).unwrap();
    let cut = Command::new("bash")
        .arg("-c")
        .arg("ulimit -f 8; exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_godot-bin"))
        .args(["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--framing", "none"])
        .args([input.to_str().unwrap(), "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&cut.stderr);
    assert_eq!(cut.status.code(), Some(1), "not a failed write but {:?}: {err}", cut.status);
    assert!(err.contains("too large"), "{err}");
    assert_eq!(file(out.to_str().unwrap()), file(SAVE4), "the old file is whole");
    std::fs::remove_file(&input).unwrap();
    assert_eq!(names(&dir), ["save.sav"], "a temporary file is left");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-o` and `--output` name the output file; the byte encoding is `--out-encoding` (the old `--out` still
/// works), so `--output` is not taken for it.
#[test]
fn output_flags_and_the_encoding_flag_are_apart() {
    let dir = temp_dir("o-flags");
    let (a, b) = (dir.join("a.hex"), dir.join("b.hex"));
    let enc = ["encode", "--dialect", "godot4"];
    ok(&[&enc[..], &["--out-encoding", "hex", "-o", a.to_str().unwrap()]].concat(), b"Vector2(1, 2)");
    ok(&[&enc[..], &["--out", "hex", "--output", b.to_str().unwrap()]].concat(), b"Vector2(1, 2)");
    assert_eq!(file(a.to_str().unwrap()), b"050000000000803f00000040\n");
    assert_eq!(file(a.to_str().unwrap()), file(b.to_str().unwrap()));
    assert_eq!(
        ok(&[&enc[..], &["--out-encoding", "hex", "-o", "-"]].concat(), b"Vector2(1, 2)"),
        file(a.to_str().unwrap())
    );
    // --in-encoding reads it back, as --in does
    let t = ok(&["decode", "--dialect", "godot4", "--in-encoding", "hex", a.to_str().unwrap()], b"");
    assert_eq!(t, b"Vector2(1, 2)\n");
    // info and config-file write with -o too
    let i = dir.join("info.txt");
    ok(&["info", SAVE4, "-o", i.to_str().unwrap()], b"");
    assert_eq!(file(i.to_str().unwrap()), ok(&["info", SAVE4], b""));
    let help = String::from_utf8(ok(&["convert", "--help"], b"")).unwrap();
    assert!(help.contains("-o, --output <FILE>") && help.contains("--out-encoding"), "{help}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Raw binary is not written to a terminal (it would garble it): the message names -o and --out-encoding;
/// hex is. The terminal is util-linux `script`'s pseudo-terminal.
#[test]
fn raw_binary_is_not_written_to_a_terminal() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("util-linux script not found: skipped");
        return;
    }
    let on_tty = |args: &str| {
        let o = Command::new("script")
            .args(["-qec", &format!("{} {args} {SAVE4}", env!("CARGO_BIN_EXE_godot-bin")), "/dev/null"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let (code, out) = on_tty("convert --to-dialect godot3");
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("-o FILE") && out.contains("--out-encoding hex"), "{out}");
    let (code, out) = on_tty("convert --to-dialect godot3 --out-encoding hex");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.lines().any(|l| l.starts_with("98030000")), "{out}"); // stderr says what was detected
}

/// The bytes of fixture row `id` in `path` (a values.tsv an engine wrote).
fn fixture_row(path: &str, id: &str) -> Vec<u8> {
    let text = std::fs::read_to_string(path).unwrap();
    let line = text.lines().find(|l| l.split('\t').next() == Some(id)).unwrap_or_else(|| panic!("{path}: no {id}"));
    unhex(line.split('\t').nth(2).unwrap())
}

/// An empty input is an error that says so, in every command that reads values and whatever flags are
/// given (`--framing stream` read zero values and exited 0); `info` says it too.
#[test]
fn empty_input_says_empty_input() {
    for args in [
        &["decode"][..],
        &["decode", "--dialect", "godot4", "--framing", "stream"],
        &["decode", "--dialect", "godot3"],
        &["decode", "--dialect", "godot4", "--framing", "none"],
        &["convert", "--to-dialect", "godot4"],
        &["convert", "--from-dialect", "godot3", "--to-dialect", "godot4", "--framing", "stream"],
    ] {
        let err = fails(args, b"", 1);
        assert!(err.contains("empty input"), "{args:?}: {err}");
    }
    assert_eq!(ok(&["info"], b""), b"empty input: no value to read\n");
}

/// A store_var save cut short (the first 300 bytes of Godot 3.6's) says "truncated" with the sizes, with or
/// without --dialect (it said "type id 152 … at byte 0", the length read as a type).
#[test]
fn truncated_save_says_truncated() {
    let cut = &file(SAVE3)[..300];
    for args in [
        &["decode"][..],
        &["decode", "--dialect", "godot3"],
        &["convert", "--from-dialect", "godot3", "--to-dialect", "godot4"],
    ] {
        let err = fails(args, cut, 1);
        assert!(err.contains("truncated: 920 byte(s) declared, 296 present at byte 4"), "{args:?}: {err}");
    }
    // Read as one value, as asked: the decoder's own error, and what the bytes are.
    let err = fails(&["decode", "--dialect", "godot3", "--framing", "none"], cut, 1);
    assert!(err.contains("at byte 0") && err.contains("truncated: 920 byte(s) declared"), "{err}");
}

/// Bytes of another format say what they look like: alone when nothing was asked, after the decoder's own
/// error (with its byte) when a dialect was.
#[test]
fn other_formats_say_what_they_look_like() {
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x10";
    let err = fails(&["decode"], png, 1);
    assert_eq!(err.trim_end(), "godot-bin: error: not Godot data: this looks like a PNG image");
    let err = fails(&["decode", "--dialect", "godot4"], png, 1);
    assert!(
        err.contains("type id 137 is not a type of godot4.6 at byte 0; not Godot data: this looks like a PNG image"),
        "{err}"
    );
    let err = fails(&["decode", "--dialect", "godot4", "--framing", "stream"], png, 1);
    assert!(err.contains("at byte 4") && err.contains("looks like a PNG image"), "{err}");
    // ConfigFile text Godot 4.6 saved: read as what it is, and said so.
    let o = run(&["decode"], &file("tests/fixtures/godot-4.6/config_file/values.cfg"));
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("ConfigFile text"), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with('{'), "{}", String::from_utf8_lossy(&o.stdout));
}

/// Detection offers only readings that decode under the flags given: Godot 3.6's
/// var2bytes(PoolVector2Array()) was read as a Godot 4.6 Object and refused (objects not allowed), though
/// four dialects read it.
#[test]
fn detection_never_picks_a_reading_that_fails() {
    let pv2 = fixture_row("tests/fixtures/godot-3.6/values.tsv", "pv2_empty");
    let o = run(&["decode"], &pv2);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("reading as godot3") && stderr.contains("the dialect is ambiguous"), "{stderr}");
    assert!(stderr.contains("give --dialect to choose") && !stderr.contains("--framing"), "{stderr}");
    assert_eq!(o.stdout, ok(&["decode", "--dialect", "godot3", "--framing", "none"], &pv2));
    // With --objects the Godot 4.6 Object reads, and is what detection prefers.
    let o = run(&["decode", "--objects"], &pv2);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("reading as godot4.6"));
}

/// Godot 3.6's var2bytes("") also reads as a store_var stream of one null, in every dialect: with --dialect
/// given, the open question is the framing, and the message names --framing (never the --dialect given).
/// The help says the framing is detected when reading, as it is.
#[test]
fn an_ambiguous_framing_names_the_framing_flag() {
    let empty_string = fixture_row("tests/fixtures/godot-3.6/values.tsv", "str_len0");
    for args in [
        &["decode", "--dialect", "godot3"][..],
        &["decode"],
        &["convert", "--from-dialect", "godot3", "--to-dialect", "godot4"],
    ] {
        let o = run(args, &empty_string);
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(
            stderr.contains("the framing is ambiguous") && stderr.contains("give --framing bare"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("dialect is ambiguous") && !stderr.contains("give --dialect"), "{args:?}: {stderr}");
    }
    assert_eq!(ok(&["decode", "--dialect", "godot3", "--framing", "none"], &empty_string), b"\"\"\n");
    let help = String::from_utf8(ok(&["decode", "--help"], b"")).unwrap();
    assert!(help.contains("detected from the bytes when not given") && !help.contains("default: none"), "{help}");
}

/// A store_var file Godot 4.6 wrote with `FileAccess.big_endian = true` (and Godot 3.6 with
/// `File.endian_swap`): decode reads it without flags, to what the same values little-endian give, and says
/// so; `--framing stream-be` reads it as asked.
#[test]
fn decode_reads_big_endian_streams_a_real_godot_wrote() {
    for engine in ["godot-4.6", "godot-3.6"] {
        let big = format!("tests/fixtures/{engine}/streams/big_endian.sav");
        let little = format!("tests/fixtures/{engine}/streams/little_endian.sav");
        let o = run(&["decode", &big], b"");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{engine}: {stderr}");
        assert!(stderr.contains("big-endian lengths"), "{engine}: {stderr}");
        assert_eq!(o.stdout, ok(&["decode", &little], b""), "{engine}");
        assert_eq!(ok(&["decode", "--framing", "stream-be", &big], b""), o.stdout, "{engine}");
    }
}

/// The ids of the embedded scripts of a binary resource, found in its bytes (`local://GDScript_…` in its
/// internal resource table), without the library's reader.
fn embedded_ids(bytes: &[u8]) -> Vec<String> {
    let needle = b"local://GDScript_";
    let mut out = Vec::new();
    for at in (0..bytes.len().saturating_sub(needle.len())).filter(|&i| bytes[i..].starts_with(needle)) {
        let end = bytes[at..].iter().position(|&b| b == 0).map_or(bytes.len(), |n| at + n);
        out.push(String::from_utf8_lossy(&bytes[at + 8..end]).into_owned());
    }
    out
}

/// The README's two `godot-bin check` lines, as written there: an ordinary `.tres` save passes, one with an
/// embedded script exits 1 naming it.
#[test]
fn readme_check_lines_hold() {
    let out = String::from_utf8(ok(&["check", "examples/data/shared_subresource-godot4.6.tres"], b"")).unwrap();
    assert_eq!(out, "ok: 3 script(s), all the game's own (res://)\n");
    let o = run(&["check", "tests/fixtures/godot-4.6/resources/hostile_builtin_init.tres"], b"");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.starts_with("an embedded script (its code came with the file)"), "{out}");
}

/// `godot-bin info` on a Resource save prints `check`'s report after what the file is: the game's own
/// scripts counted, an embedded script named with its id; a save that is not a resource gets no report.
#[test]
fn info_prints_the_check_report_of_a_resource() {
    let dir = "tests/fixtures/godot-4.6/resources";
    for name in ["save_game.tres", "save_game.res", "save_game_compressed.res"] {
        let out = String::from_utf8(ok(&["info", &format!("{dir}/{name}")], b"")).unwrap();
        assert!(out.ends_with("\nok: 3 script(s), all the game's own (res://)\n"), "{name}: {out}");
    }
    let path = format!("{dir}/hostile_builtin_init.res");
    let ids = embedded_ids(&std::fs::read(&path).unwrap());
    let out = String::from_utf8(ok(&["info", &path], b"")).unwrap();
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("an embedded script") && last.contains(&ids[0]), "{out}");
    let out = String::from_utf8(ok(&["info", "examples/data/save-godot4.6.sav"], b"")).unwrap();
    assert!(!out.contains("script(s)") && !out.contains("embedded script"), "{out}");
}

#[test]
fn check_exits_1_naming_each_script_from_outside_the_game() {
    let dir = "tests/fixtures/godot-4.6/resources";
    // An embedded GDScript (its _init runs when Godot loads the file): named with its id.
    let path = format!("{dir}/hostile_builtin_init.res");
    let ids = embedded_ids(&std::fs::read(&path).unwrap());
    assert_eq!(ids.len(), 1, "{ids:?}");
    let o = run(&["check", &path], b"");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains("embedded script") && out.contains(&ids[0]), "{out}");
    // Script paths outside res://, one reason each.
    for (case, says) in [("user", "user://"), ("absolute", "absolute path"), ("dotdot", "'..'")] {
        let o = run(&["check", &format!("{dir}/hostile_script_{case}.res")], b"");
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(1), "{case}: {out}");
        assert!(out.contains(says), "{case}: {out}");
    }
    // Ordinary saves, plain and compressed, from standard input too.
    for name in ["save_game.res", "nested_subresources.res", "save_game_compressed.res"] {
        let out = String::from_utf8(ok(&["check", &format!("{dir}/{name}")], b"")).unwrap();
        assert!(out.starts_with("ok: 3 script(s), all the game's own"), "{name}: {out}");
    }
    let bytes = std::fs::read(format!("{dir}/save_game.res")).unwrap();
    ok(&["check"], &bytes);
    // Not a resource: not checked, so not exit 0.
    let err = fails(&["check"], b"not a resource", 1);
    assert!(err.contains("not checked"), "{err}");
}

/// The Resource saves real engines wrote (tests/fixtures/<engine>/resources), with the form each is in.
fn resource_fixtures() -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    for engine in ["godot-4.6", "godot-3.6", "godot-3.2.3"] {
        let dir = format!("tests/fixtures/{engine}/resources");
        for name in names(std::path::Path::new(&dir)) {
            let path = format!("{dir}/{name}");
            let form = match std::fs::read(&path).unwrap().get(..4) {
                Some(b"RSRC") => "binary",
                Some(b"RSCC") => "compressed",
                _ if name.ends_with(".tres") => "text",
                _ => continue,
            };
            out.push((path, form));
        }
    }
    out
}

/// `decode --to json FILE | encode --from json --like FILE` gives back the very bytes of every Resource save
/// the engines wrote (binary, compressed and text; Godot 4.6, 3.6 and 3.2.3), the hostile ones included.
#[test]
fn resource_json_round_trip_is_byte_identical_with_like() {
    let files = resource_fixtures();
    for (engine, form) in
        [("4.6", "binary"), ("4.6", "compressed"), ("4.6", "text"), ("3.6", "text"), ("3.2.3", "compressed")]
    {
        let n = files.iter().filter(|(p, f)| *f == form && p.contains(&format!("godot-{engine}/"))).count();
        assert!(n >= 3, "godot-{engine}: {n} {form} resource(s)");
    }
    for (path, form) in &files {
        let json = ok(&["decode", "--to", "json", path], b"");
        assert!(json.starts_with(b"{"), "{path}: {}", String::from_utf8_lossy(&json));
        let back = ok(&["encode", "--from", "json", "--like", path], &json);
        assert!(back == file(path), "{path} ({form}): encode --like does not give back the file");
    }
}

/// An edit made in the JSON form lands in a Resource save, binary or text (the others kept), and `info`
/// says the file is a Resource save; the edited text is the engine's with the edited line changed.
#[test]
fn resource_json_edit_lands_in_the_file() {
    for path in [
        "tests/fixtures/godot-4.6/resources/save_game_compressed.res",
        "tests/fixtures/godot-3.6/resources/save_game.res",
        "tests/fixtures/godot-3.2.3/resources/save_game_be.res",
    ] {
        let info = String::from_utf8(ok(&["info", path], b"")).unwrap();
        assert!(info.starts_with("Resource file, binary"), "{path}: {info}");
        let json = String::from_utf8(ok(&["decode", "--to", "json", path], b"")).unwrap();
        let edited = json.replacen("\"level\":7,", "\"level\":99,", 1);
        assert_ne!(edited, json, "{path}: {json}");
        let out = temp_dir("resource_json_edit").join("edited.res");
        let out = out.to_str().unwrap();
        ok(&["encode", "--from", "json", "--like", path, "-o", out], edited.as_bytes());
        assert_eq!(String::from_utf8(ok(&["decode", "--to", "json", out], b"")).unwrap(), edited, "{path}");
        assert_eq!(&std::fs::read(out).unwrap()[..4], &file(path)[..4], "{path}: same form");
    }
    for path in [
        "tests/fixtures/godot-4.6/resources/editor_save.tres",
        "tests/fixtures/godot-3.6/resources/save_game.tres",
        "tests/fixtures/godot-3.2.3/resources/save_game.tres",
    ] {
        let json = String::from_utf8(ok(&["decode", "--to", "json", path], b"")).unwrap();
        let (from, to) =
            if path.contains("editor") { ("\"level\":2,", "\"level\":9,") } else { ("\"level\":7,", "\"level\":9,") };
        let edited = json.replacen(from, to, 1);
        assert_ne!(edited, json, "{path}: {json}");
        let out = String::from_utf8(ok(&["encode", "--from", "json", "--like", path], edited.as_bytes())).unwrap();
        let was = String::from_utf8(file(path)).unwrap();
        let changed: Vec<_> = out.lines().zip(was.lines()).filter(|(a, b)| a != b).collect();
        assert_eq!(changed.len(), 1, "{path}: {changed:?}");
        assert!(changed[0].0 == "level = 9" && changed[0].1.starts_with("level = "), "{path}: {changed:?}");
        assert_eq!(out.lines().count(), was.lines().count(), "{path}");
    }
}

/// `check --strip -o OUT` on hostile saves, binary and text: OUT passes `check` (exit 0) and holds the
/// data properties of the original.
#[test]
fn check_strip_writes_a_save_that_passes() {
    let dir = "tests/fixtures/godot-4.6/resources";
    for name in [
        "hostile_builtin_in_dict.res",
        "hostile_script_user.res",
        "hostile_builtin_init.res",
        "hostile_script_user.tres",
        "hostile_builtin_in_array.tres",
        "hostile_srl_duplicate_path.tres",
        "hostile_srl_comment.tres",
    ] {
        let out = temp_dir("check_strip").join(format!("stripped-{name}"));
        let out = out.to_str().unwrap();
        let path = format!("{dir}/{name}");
        fails(&["check", &path], b"", 1);
        ok(&["check", "--strip", &path, "-o", out], b"");
        assert!(String::from_utf8(ok(&["check", out], b"")).unwrap().starts_with("ok: "), "{name}");
        let was = String::from_utf8(ok(&["decode", "--to", "json", &path], b"")).unwrap();
        let now = String::from_utf8(ok(&["decode", "--to", "json", out], b"")).unwrap();
        for key in ["\"player_name\":\"mallory\"", "\"level\":3"] {
            assert!(!was.contains(key) || now.contains(key), "{name}: {key} lost: {now}");
        }
        assert!(now.contains("\"player_name\""), "{name}: {now}");
    }
}

/// Ctrl+C (SIGINT) or SIGTERM while `-o` writes: the process removes its temporary file before it ends
/// (status 128 + the signal), and the target is whole (the old file, or the new one if its rename was
/// done). The signal is sent as soon as the temporary file is seen; an input that finished first is tried
/// again larger.
#[cfg(unix)]
#[test]
fn a_signal_during_a_write_leaves_no_temporary_file() {
    let dir = temp_dir("o-signal");
    let out = dir.join("save.sav");
    let input = dir.join("big.bin");
    let temps = || -> Vec<String> {
        std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.starts_with(".save.sav.godot-bin-tmp-"))
            .collect()
    };
    for (signal, number) in [("TERM", 15), ("INT", 2)] {
        let mut caught = false;
        for mib in [16u32, 32, 64, 128] {
            std::fs::copy(SAVE4, &out).unwrap();
            // A PackedByteArray (Godot 4 type 29) of `mib` MiB, converted to Godot 3's form.
            let n = mib << 20;
            let mut bytes = [29u32, n].iter().flat_map(|w| w.to_le_bytes()).collect::<Vec<u8>>();
            bytes.resize(bytes.len() + n as usize, 7);
            std::fs::write(&input, &bytes).unwrap();
            let args = ["convert", "--from-dialect", "godot4", "--to-dialect", "godot3", "--framing", "none"];
            let mut child = Command::new(env!("CARGO_BIN_EXE_godot-bin"))
                .args(args)
                .args([input.to_str().unwrap(), "-o", out.to_str().unwrap()])
                .stdin(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let seen = loop {
                if child.try_wait().unwrap().is_some() {
                    break false;
                }
                if !temps().is_empty() {
                    break true;
                }
                std::thread::yield_now();
            };
            if !seen {
                continue;
            }
            let kill = Command::new("kill").args([&format!("-{signal}"), &child.id().to_string()]).status().unwrap();
            assert!(kill.success());
            let status = child.wait().unwrap();
            assert_eq!(temps(), Vec::<String>::new(), "SIG{signal} left the temporary file ({status:?})");
            assert_eq!(status.code(), Some(128 + number), "SIG{signal}");
            let now = file(out.to_str().unwrap());
            assert!(now == file(SAVE4) || now.len() == bytes.len(), "SIG{signal}: the target is whole");
            caught = true;
            break;
        }
        assert!(caught, "SIG{signal}: every write finished before its temporary file was seen");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
