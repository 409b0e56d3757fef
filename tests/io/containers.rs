//! Encrypted (GDEC) and compressed (GCPF) files written by real engines (tests/fixtures/<engine>/containers,
//! made by scripts/gen.sh containers with tests/gd/gen_containers*.gd): we open every one to the bytes of
//! the same content written plain, and write the same bytes the engine wrote where the engine is
//! deterministic (FastLZ, Godot 3 encryption, Godot 4 encryption given the file's IV).
#![cfg(feature = "containers")]

use crate::common;

use std::path::PathBuf;

use crate::common::containers::{compress, decode, decrypt_as, encrypt, godot4_iv};
use godot_bin::container::{self, encrypt_with_iv, Compression, Key, Layout};
use godot_bin::file::Options;
use godot_bin::framing::{self, Endian};
use godot_bin::ErrorKind;
use godot_bin::{Config, Dialect, Variant};

const ENGINES: [(&str, &str, Layout); 3] = [
    ("godot-3.2.3", "godot3", Layout::Godot3),
    ("godot-3.6", "godot3", Layout::Godot3),
    ("godot-4.6", "godot4.6", Layout::Godot4),
];
const PASSWORD: &str = "hunter2 \u{e9}";
const MODES: [Compression; 4] = [Compression::FastLz, Compression::Deflate, Compression::Zstd, Compression::Gzip];

fn key() -> Key {
    let mut k = [0u8; 32];
    for (i, b) in k.iter_mut().enumerate() {
        *b = ((i * 7 + 3) % 256) as u8;
    }
    Key::from_bytes(k)
}

fn fixture(engine: &str, name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(engine).join("containers").join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn opts() -> Options {
    Options::default()
}

/// The plain file holds three store_var values: a dictionary, a 9000-byte array and a string.
fn values(engine: &str, dialect: &str, plain: &[u8]) -> Vec<Variant> {
    let cfg = Config::new(dialect.parse::<Dialect>().unwrap());
    let v: Vec<Variant> = framing::values(plain, &cfg, Endian::Little).collect::<Result<_, _>>().unwrap();
    assert_eq!(v.len(), 3, "{engine}");
    assert_eq!(v[2], Variant::from("save-end"), "{engine}");
    v
}

#[test]
fn compressed_files_open_to_the_plain_content_in_every_mode() {
    for (engine, dialect, _) in ENGINES {
        let plain = fixture(engine, "plain.sav");
        let want = values(engine, dialect, &plain);
        for mode in MODES {
            let name = format!("{}.gcpf", mode);
            let file = fixture(engine, &name);
            assert_eq!(&file[4..8], &(mode as u32).to_le_bytes(), "{engine} {name}");
            let got = decode(&file, &opts()).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            assert_eq!(got, plain, "{engine} {name}");
            assert_eq!(values(engine, dialect, &got), want);
            for edge in ["tiny", "exact"] {
                let name = format!("{edge}-{}.gcpf", mode);
                let got = decode(&fixture(engine, &name), &opts()).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
                assert_eq!(got, fixture(engine, &format!("{edge}.bin")), "{engine} {name}");
            }
        }
    }
}

#[test]
fn fastlz_files_are_byte_identical_to_the_engines() {
    for (engine, _, _) in ENGINES {
        let plain = fixture(engine, "plain.sav");
        assert_eq!(compress(&plain, Compression::FastLz).unwrap(), fixture(engine, "fastlz.gcpf"), "{engine}");
        let mut edges = vec!["tiny".to_string(), "exact".to_string()];
        // Pseudo-random literals, long runs and repeats ending at every distance from the block's end
        // where FastLZ's loop limits matter.
        edges.extend(["tail40", "tail100", "tail1000"].map(String::from));
        edges.extend([16, 17, 18, 20, 28, 29, 30, 31, 32, 33, 45, 64, 100, 5000].map(|n| format!("len{n}")));
        for edge in edges {
            let content = fixture(engine, &format!("{edge}.bin"));
            let theirs = fixture(engine, &format!("{edge}-fastlz.gcpf"));
            assert_eq!(decode(&theirs, &opts()).unwrap(), content, "{engine} {edge}");
            assert_eq!(compress(&content, Compression::FastLz).unwrap(), theirs, "{engine} {edge}");
        }
    }
}

#[test]
fn deflate_zstd_gzip_we_write_open_to_the_same_content() {
    for (engine, _, _) in ENGINES {
        let plain = fixture(engine, "plain.sav");
        for mode in [Compression::Deflate, Compression::Zstd, Compression::Gzip] {
            let ours = compress(&plain, mode).unwrap();
            let theirs = fixture(engine, &format!("{}.gcpf", mode));
            // Same header and block table length; the blocks themselves come from other encoders.
            assert_eq!(ours[..16], theirs[..16], "{engine} {mode}");
            assert_eq!(decode(&ours, &opts()).unwrap(), plain, "{engine} {mode}");
        }
    }
}

#[test]
fn encrypted_files_open_with_the_password_or_the_key() {
    for (engine, dialect, layout) in ENGINES {
        let plain = fixture(engine, "plain.sav");
        let by_pass = fixture(engine, "pass.gdec");
        let by_key = fixture(engine, "key.gdec");
        let pass = Key::from_password(PASSWORD);
        assert_eq!(decode(&by_pass, &Options { key: Some(pass.clone()), ..opts() }).unwrap(), plain, "{engine}");
        assert_eq!(decode(&by_key, &Options { key: Some(key()), ..opts() }).unwrap(), plain, "{engine}");
        assert_eq!(decrypt_as(&by_key, &key(), layout, 1 << 20).unwrap(), plain, "{engine}");
        values(engine, dialect, &decode(&by_pass, &Options { key: Some(pass.clone()), ..Options::default() }).unwrap());
        for edge in ["tiny", "exact"] {
            let got =
                decode(&fixture(engine, &format!("{edge}.gdec")), &Options { key: Some(key()), ..opts() }).unwrap();
            assert_eq!(got, fixture(engine, &format!("{edge}.bin")), "{engine} {edge}");
        }
        // The wrong secret, each way round: a typed error, never garbage.
        assert!(
            matches!(
                decode(&by_pass, &Options { key: Some(key()), ..opts() }).unwrap_err().kind(),
                ErrorKind::WrongKey
            ),
            "{engine}"
        );
        assert!(
            matches!(decode(&by_key, &Options { key: Some(pass), ..opts() }).unwrap_err().kind(), ErrorKind::WrongKey),
            "{engine}"
        );
        assert!(matches!(decode(&by_key, &opts()).unwrap_err().kind(), ErrorKind::KeyNeeded), "{engine}");
    }
}

#[test]
fn encrypted_files_are_byte_identical_to_the_engines() {
    for (engine, _, layout) in ENGINES {
        let plain = fixture(engine, "plain.sav");
        let mut cases = vec![("pass.gdec", Key::from_password(PASSWORD), plain.clone()), ("key.gdec", key(), plain)];
        for edge in ["tiny", "exact"] {
            cases.push((
                if edge == "tiny" { "tiny.gdec" } else { "exact.gdec" },
                key(),
                fixture(engine, &format!("{edge}.bin")),
            ));
        }
        for (name, k, content) in cases {
            let theirs = fixture(engine, name);
            let ours = match layout {
                Layout::Godot3 => encrypt(&content, &k, Layout::Godot3).unwrap(),
                Layout::Godot4 => encrypt_with_iv(&content, &k, godot4_iv(&theirs, &k).unwrap()),
            };
            assert_eq!(ours, theirs, "{engine} {name}");
        }
    }
}

#[test]
fn the_3x_and_4x_layouts_are_told_apart() {
    // 3.2.3 and 3.6 write the same encrypted bytes; 4.6 another layout of the same content.
    assert_eq!(fixture("godot-3.2.3", "exact.gdec"), fixture("godot-3.6", "exact.gdec"));
    let four = fixture("godot-4.6", "exact.gdec");
    assert!(decrypt_as(&four, &key(), Layout::Godot3, 1 << 20).is_err());
    assert_eq!(container::Kind::of(&four), container::Kind::Encrypted);
}

/// The file `file::save` writes in `write_path_cut_short_leaves_the_old_file_whole`'s child.
const CUT_SHORT_ENV: &str = "GODOT_BIN_WRITE_PATH_CUT_SHORT";

/// The child of `write_path_cut_short_leaves_the_old_file_whole`: writes a 150,000-byte value encrypted
/// (Godot 3's layout) over the file named by $GODOT_BIN_WRITE_PATH_CUT_SHORT.
#[test]
#[ignore = "run by write_path_cut_short_leaves_the_old_file_whole, under a file size limit"]
fn write_path_cut_short_child() {
    let path = std::env::var_os(CUT_SHORT_ENV).expect("run by write_path_cut_short_leaves_the_old_file_whole");
    let format = godot_bin::file::Format::new(
        container::Container::Encrypted(key(), Layout::Godot3),
        godot_bin::file::Content::Bare,
        Dialect::Godot3,
    );
    let save = godot_bin::file::Save::new(vec![Variant::PackedByteArray(vec![7; 150_000])], format);
    godot_bin::file::save(path, &save).unwrap();
}

/// `file::save` cut short (this test binary run again under `ulimit -f 8`, as a full disk would
/// stop it) leaves the old file whole; without the limit the same write gives the whole file.
#[test]
fn write_path_cut_short_leaves_the_old_file_whole() {
    let path = std::env::temp_dir().join(format!("godot-bin-write-path-cut-short-{}.sav", std::process::id()));
    let old = fixture("godot-3.6", "key.gdec");
    std::fs::write(&path, &old).unwrap();
    common::write_cut_short_keeps_the_old_file(&path, &old, "containers::write_path_cut_short_child", CUT_SHORT_ENV);
    let content = decode(&std::fs::read(&path).unwrap(), &Options { key: Some(key()), ..Options::default() }).unwrap();
    assert_eq!(
        Variant::decode(&content, &Config::new(Dialect::Godot3)).unwrap(),
        Variant::PackedByteArray(vec![7; 150_000])
    );
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn an_engine_save_with_one_byte_flipped_opened_with_the_right_password_says_damaged() {
    for (engine, _, _) in ENGINES {
        let file = fixture(engine, "pass.gdec");
        let pass = Key::from_password(PASSWORD);
        // The first, a middle and the last byte of the encrypted content, and the stored MD5's first byte.
        let body = if engine == "godot-4.6" { 44 } else { 32 };
        let md5 = if engine == "godot-4.6" { 4 } else { 8 };
        for at in [body, (body + file.len()) / 2, file.len() - 1, md5] {
            let mut f = file.clone();
            f[at] ^= 0x10;
            let err = decode(&f, &Options { key: Some(pass.clone()), ..opts() }).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::Damaged), "{engine} byte {at}: {err}");
            assert!(err.to_string().contains("likelier damaged"), "{err}");
            let err = decode(&f, &Options { key: Some(key()), ..opts() }).unwrap_err();
            assert!(matches!(err.kind(), ErrorKind::WrongKey), "{engine} byte {at}: {err}");
            assert!(err.to_string().contains("likelier wrong"), "{err}");
        }
    }
}

fn fixture_path(engine: &str, name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(engine).join("containers").join(name)
}

/// Every engine-written save opened with `file::open` and saved back with `file::save`, untouched: the
/// very bytes (a Godot 4 file keeps its IV; Deflate, GZIP and Zstd files their bytes); edited: the edit, in
/// the same container, framing and dialect.
#[test]
fn file_open_then_save_gives_every_engine_save_back() {
    use godot_bin::container::Container;
    use godot_bin::file::{self, Content, Options};
    let dir = std::env::temp_dir().join(format!("godot_bin_roundtrip_{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (engine, dialect, layout) in ENGINES {
        let want = values(engine, dialect, &fixture(engine, "plain.sav"));
        let files = MODES.iter().map(|m| (format!("{}.gcpf", m), None)).chain([
            ("pass.gdec".to_string(), Some(Key::from_password(PASSWORD))),
            ("key.gdec".to_string(), Some(key())),
        ]);
        for (name, k) in files {
            let path = fixture_path(engine, &name);
            let opts = Options { key: k.clone(), ..Options::default() };
            let save = file::open(&path, &opts).unwrap_or_else(|e| panic!("{engine} {name}: {e}"));
            assert_eq!(save.values, want, "{engine} {name}");
            assert_eq!(save.format.content, Content::Stream { big_endian: false }, "{engine} {name}");
            assert_eq!(Layout::for_dialect(save.format.dialect), layout, "{engine} {name}: {:?}", save.format.dialect);
            match (&save.format.stored.container, &k) {
                (Container::Encrypted(used, l), Some(k)) => assert!(used == k && *l == layout, "{engine} {name}"),
                (Container::Compressed(m), None) => assert_eq!(name, format!("{}.gcpf", m)),
                (c, _) => panic!("{engine} {name}: {c:?}"),
            }
            let copy = dir.join(&name);
            file::save(&copy, &save).unwrap();
            assert_eq!(
                std::fs::read(&copy).unwrap(),
                std::fs::read(&path).unwrap(),
                "{engine} {name}: not byte-identical"
            );
            // Edited: the edit comes back, in the same format.
            let mut edited = save;
            edited.values[2] = Variant::from("edited");
            file::save(&copy, &edited).unwrap();
            let again = file::open(&copy, &opts).unwrap();
            assert_eq!(again.values, edited.values, "{engine} {name}");
            assert_eq!(
                (&again.format.stored.container, &again.format.content, again.format.dialect),
                (&edited.format.stored.container, &edited.format.content, edited.format.dialect)
            );
            if layout == Layout::Godot4 && name.ends_with(".gdec") {
                assert_ne!(again.format.stored.iv(), edited.format.stored.iv(), "{engine} {name}: new content, new IV");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `file::open` detects under the config it then reads with: Godot 3.6's `var2bytes(PoolVector2Array())`
/// (fixture row "pv2_empty"), an Object in Godot 4 that reads only where objects are allowed, opens as Godot 3.
#[test]
fn file_open_picks_a_reading_that_decodes() {
    let row = common::rows("godot-3.6/values.tsv").into_iter().find(|r| r.get(0) == "pv2_empty").unwrap();
    let bytes = common::unhex(row.get(2));
    let save = godot_bin::file::read(&bytes, &Default::default()).unwrap();
    assert_eq!(save.format.dialect, Dialect::Godot3);
    assert_eq!(save.values, [Variant::PackedVector2Array(vec![])]);
}
