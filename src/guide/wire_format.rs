//! The wire format: the dialects, what the engines write and read, where godot_bin differs on purpose, and
//! how each of these facts is checked against bytes real engines wrote.
//!
//! # Dialects
//!
//! A [`Dialect`](crate::Dialect) names one engine family's type table and rules; its `FromStr`/`Display` names
//! are those of the first column (`"godot4.6".parse()`), and `godot-bin --dialect` takes the same names.
//!
//! | name | engines | checked by |
//! |---|---|---|
//! | `godot2` | Godot 2.0–2.1 | 72 values a real Godot 2.1 (2.1.5-rc) build wrote (`tests/fixtures/godot-2.1/samples.tsv`): each decodes and re-encodes identically, but for the engine's uninitialised padding. No packaged engine runs here. |
//! | `godot3` | Godot 3.0–3.6 (3.6's rules) | **live**: the values Godot 3.2.3 and 3.6.2 wrote (375 and 374) re-encode identically; 4,186 and 4,180 decode probes agree with the engine; 2,000 random values per engine go through the real engine and come back byte-identical in CI |
//! | `godot4.0` … `godot4.5` | Godot 4.0–4.5 | per-minor rules from the engines' sources: 4.0–4.2 lack type id 38 and typed containers, 4.3 adds typed arrays, 4.4 typed dictionaries; the 4.3+ wire is the 4.6 wire. Round trips without an engine |
//! | `godot4.6`, `godot4` | Godot 4.6 | **live**: 524 values the engine wrote re-encode identically; 5,959 decode probes agree; 2,000 random values go through the real engine in CI |
//! | `pandemonium-3.5` | Pandemonium v3.5–v3.7 | the type table from the engine's source; round trips without an engine |
//! | `pandemonium-3.8` | Pandemonium v3.8–v4.9 | 89 values a real v4.9.0 build wrote (`tests/fixtures/pandemonium-4.9/samples.tsv`) |
//! | `pandemonium-5`, `pandemonium` | Pandemonium v5.0+ | 142 values a real v5.2.0 build wrote (`tests/fixtures/pandemonium-5.2/samples.tsv`), typed arrays and full objects included |
//!
//! Also: 52 worked examples of the wire layout with where each came from (`tests/fixtures/spec-examples.tsv`,
//! `tests/conformance/spec_examples.rs`), and seeded random values of every type in every dialect, single and double
//! precision, round-trip in `tests/conformance/roundtrip.rs`.
//!
//! ```
//! use godot_bin::{Config, Dialect, Variant};
//! // Godot 4.6's var_to_bytes(1) and Godot 3.6's var2bytes(1): type id 2, then a 32-bit int.
//! let one = [2, 0, 0, 0, 1, 0, 0, 0];
//! for d in ["godot4.6", "godot3"] {
//!     let cfg = Config::new(d.parse::<Dialect>()?);
//!     assert_eq!(Variant::decode(&one, &cfg)?, Variant::Int(1));
//! }
//! // Vector2i exists in Godot 4 only: in Godot 3 writing it is an error that names both.
//! let err = Variant::Vector2i(godot_bin::markers::Vector2i::new(1, 2)).encode(&Config::new(Dialect::Godot3)).unwrap_err();
//! assert!(err.to_string().contains("godot3"));
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # What the engines do, and godot_bin with them
//! - An int is written in 32 bits unless it is outside `i32`; a float in 32 bits only when that is exact
//!   (NaN always goes out in 64 bits).
//! - A PackedStringArray element's length counts a trailing NUL; a String's does not. Padding is written as
//!   zeros.
//! - A null object is a bare NIL header (3.5+, 4.x, Pandemonium). Objects by instance id decode without
//!   `allow_objects`; full objects are refused unless allowed, as in Godot.
//! - Decoding accepts what the engine accepts: padding contents are ignored, Godot 2's "shared" bit is kept
//!   (and masked by later dialects), trailing bytes are ignored by `decode_prefix`, strings are cut at the
//!   first NUL and a leading BOM is dropped.
//! - Header bits 8–15 and unused flag bits are ignored by Godot 3, 4 and Pandemonium (observed on 3.2.3, 3.6
//!   and 4.6); Godot 2 rejects any bit above the type id.
//! - Typed containers (Godot 4.3+) apply the engine's strict conversions when they decode an element
//!   (int↔float↔bool, String↔StringName, String→NodePath, vectors and rects ↔ their integer forms,
//!   int→Color, packed array→Array) and drop what does not convert; typed dictionaries do this for keys
//!   only. Without `allow_objects` every object-typed container becomes `EncodedObjectAsID`-typed, as in the
//!   engine. Pandemonium 5 typed arrays keep exact matches only.
//! - Dictionary keys compare as the engine compares them: String and StringName with the same text are one
//!   key (Godot 4), `0.0` and `-0.0` are one key, all NaNs are one key; a repeated key replaces the value in
//!   place.
//! - Godot 3.x's decoder turns `NodePath("/")` into `NodePath("")`; Godot 3 cannot look up a dictionary key
//!   holding a NaN inside a packed array and writes that entry as `"[Deleted Object]": null`; 3.6.2, like
//!   3.2.3, leaves NodePath padding unwritten.
//!
//! # Where godot_bin differs on purpose
//! Each difference is named and counted by `tests/conformance/engine_fixtures.rs`.
//! - Full objects: the engine instantiates the class through its ClassDB (unknown or abstract classes fail,
//!   unknown properties are dropped, the object's own property list is written back). There is no ClassDB
//!   here: the class name and properties are kept exactly as written.
//! - Objects by id: the engine decodes them to a new `EncodedObjectAsID` with its own instance id; the id is
//!   kept here.
//! - Godot 3 accepts UTF-8 forms of code points above U+10FFFF (and 5- and 6-byte forms); no Rust string can
//!   hold them, so they are refused. Surrogates follow 3.6 (a pair is joined, a lone one becomes a space).
//! - Godot 3.2.3 had no nesting limit; `godot3` applies 3.4+'s 1024 unless `max_depth` raises it (up to
//!   4096).
//! - Typed-container conversions that depend on engine algorithms (Color from a string, Array to a packed
//!   array, Basis/Quaternion/Transform/Projection, Object to RID) are not reproduced: the element is kept as
//!   it was.
//! - Script-typed containers (`Array[MyScript]`, objects allowed): the engine loads the script; here a
//!   `res://` path is required and kept.
//!
//! # Double-precision builds
//! With the config's double precision option, Godot 4 double builds set the 64-bit
//! flag on math types and write f64 components, and so does godot_bin (checked by round trips; no double
//! build is packaged to run live). Godot 2, 3 and Pandemonium double builds are **not interoperable**: their
//! encoders write f32 for most math types but copy raw halves of doubles for Transform2D, Basis and
//! Transform, and use a broken stride for PoolRealArray. For those dialects values stay f64 in memory and are
//! written as every build reads them (f32). Godot 4.0/4.1 double builds write Vector4 and Projection as f64
//! without the flag, which no engine can read: encoding those is an error.
//!
//! # Engine bugs not copied (Pandemonium v3.8+)
//! godot_bin writes the layout the engine's encoder means to write and reads what it really wrote: the
//! PoolVector4iArray encoder writes z into the w slot (its bytes decode as such); its decoders misread
//! Vector4/Vector4i inside containers (consumed length 12 instead of 16), put z into w for
//! PoolVector4(i)Array, and need 248 bytes left for a 64-byte Projection. None of those decoder bugs are
//! copied.
//!
//! # Around the value: framing and files
//! [`framing`](crate::framing) does what the engines do around a value (`store_var` and `put_var` put a u32
//! length before it, `PacketPeer.put_var` sends it bare); [`container`](crate::container) (feature
//! `containers`) opens and writes the encrypted (`GDEC`) and compressed (`GCPF`) files of `FileAccess`;
//! [`config_file`](crate::config_file) reads and writes `ConfigFile` text; [`text`](crate::text) is the
//! `var_to_str` syntax and [`convert`](crate::convert) moves values between dialects. Each module's page
//! has its table.
//!
//! # How it is checked
//! Real engines run here: Godot 3.2.3 (Debian `godot3-server`), 3.6.2 and 4.6.3. `scripts/install-engines.sh`
//! installs them, `scripts/gen.sh fixtures` regenerates every fixture from them in about 12 s
//! (`tests/fixtures/README.md` describes the files), and `scripts/engine.sh ENGINE script.gd` runs a script.
//!
//! | what | checked by |
//! |---|---|
//! | every value an engine wrote decodes and re-encodes identically | `cargo test --all-features --test engine_fixtures -- --nocapture` (prints the counts above) |
//! | random values go through the real engine byte-identically | `bash .ci/run` (2,000 per engine; `LIVE_SEED` picks others) |
//! | `store_var`, `put_var` (both byte orders) and `PacketPeerStream` bytes of Godot 4.6.3 and 3.6.2 are rebuilt and split back from pieces of every size | `tests/io/framing.rs`, `tests/io/tokio_codec.rs` |
//! | the serde game state gives exactly the bytes the engines wrote | [`serde_mapping`](super::serde_mapping) |
//! | the text the engines print parses to the bytes `str_to_var` gives, and the engines read back the text we print | `tests/forms/text_engine.rs` (410 values from 4.6.3, 369 from 3.6.2), `scripts/live.sh text` |
//! | the engines open the encrypted and compressed files we write, and the ConfigFile text | `scripts/live.sh containers`, `scripts/live.sh config-file` |
//! | Godot `StreamPeerTCP` clients talk to `examples/tcp_server`; the engines load our saves and we read theirs; a migrated Godot 3.6 save is byte-identical to Godot 4.6's | `scripts/live.sh net` |
//! | Godot 4.6 assigns our typed containers to typed GDScript variables | `scripts/live.sh typed` |
//!
//! Godot 3.2.3's `str2var` does not read `inf`, `inf_neg` or `nan` inside constructors and containers; the
//! Godot 3 text form is 3.6's.
