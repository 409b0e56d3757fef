//! Safety: what decoding untrusted input promises, and the test or command that checks each promise.
//!
//! godot_bin reads bytes from the network and from downloaded files, so every decoder is held to the promises
//! below. The fuzz targets check them all on inputs nobody wrote, with time and memory limits taken from
//! these promises.
//!
//! ```
//! use godot_bin::{Config, ErrorKind, Variant};
//! // An Array header claiming 2³¹ − 1 elements with nothing behind it: refused before anything is reserved,
//! // with the byte offset.
//! let bytes = [0x1c, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f];
//! let err = Variant::decode(&bytes, &Config::default()).unwrap_err();
//! assert!(matches!(err.kind(), ErrorKind::InvalidLength { value: 0x7fff_ffff }));
//! assert_eq!(err.offset(), Some(4));
//! ```
//!
//! # The promises
//! - **No panics**, on any input, in any dialect, through `Variant::decode`, `VariantRef::decode`,
//!   `from_slice` / `from_reader`, [`framing`](crate::framing), the tokio codecs, the text and JSON readers
//!   (`tests/hostile/hostile.rs`, `tests/hostile/fuzz_regressions.rs`, every fuzz target).
//! - **Every decoding error carries the byte offset**: of the input for the decoders, of the stream for
//!   `FrameDecoder`, `framing::values` and the tokio codecs (`decode_eof` included), counted from where the
//!   call started for `framing::read_frame`, and the line, column and offset for text (`tests/hostile/hostile.rs`,
//!   `tests/io/tokio_codec.rs`).
//! - **Memory bounded by the input, not by what it claims**: every count and length is checked against the
//!   bytes that remain before anything is reserved. Decoding n bytes into a `Variant` or a `VariantRef`
//!   peaks at most 48·n + 512 KiB (`tests/hostile/alloc_bounds.rs`, `tests/hostile/hostile_keys.rs`; the worst shape is a
//!   Godot 4 `Array[Array]` holding a PackedByteArray, whose every byte becomes a 40-byte `Variant` as in the
//!   engine). Dictionary keys are indexed by a hash built once, bottom-up, while decoding: no key is copied
//!   to be indexed. A key that is no string, read where serde wants a string (a `serde_json::Value` object
//!   key, a `HashMap<String, _>` key), becomes its debug form, cut to 80 bytes plus a hash of the rest. Into
//!   a `serde_json::Value` the multiple is serde_json's own (at most 4 × `size_of::<Value>()` per byte). The
//!   text reader peaks at most 64·n + 512 KiB on n bytes of text and the JSON reader 96·n + 512 KiB
//!   (`tests/hostile/alloc_bounds.rs`). `from_reader` reads to the end: limit untrusted streams with `Read::take`,
//!   and framed ones with `FrameDecoder`'s maximum frame size.
//! - **Linear time**: a dictionary's repeated keys are found through a randomly keyed hash of each key's
//!   structure, computed once per key however deeply keys nest inside keys, and compared only on a hash
//!   match (`tests/hostile/hostile_keys.rs`: dictionaries nested as keys of dictionaries cost what their input does;
//!   repeated keys of every kind merge exactly as a pairwise comparison says). Building a Dictionary key by
//!   key (`insert`, `v[key] = value`, ConfigFile text, `serde_json` into a `Variant`) is linear too.
//! - **No stack overflow on a 2 MiB thread** (tokio's worker default), debug or release, with the default
//!   config and up to `Config::max_depth`'s cap (4096):
//!   - the core decoders, the encoder, `Clone`, `==`, `Hash` and `Debug` of `Variant` / `VariantRef` walk
//!     nesting without recursion (`Debug` prints 64 levels, then `…`; `tests/hostile/hostile_keys.rs`);
//!   - the text and JSON writers, `convert` and `check_fits` run on the caller's stack up to 64 levels,
//!     deeper values on a scoped thread whose stack is sized by the depth (`tests/hostile/hostile_forms.rs`);
//!   - through serde the stack a level takes depends on the user's types, so serde recursion is held to a
//!     stack budget (1 MiB from the outermost value by default, a setting of [`Config`](crate::Config)) as
//!     well as `SERDE_MAX_DEPTH` (512), and refused beyond them with
//!     `ErrorKind::StackBudget` and the offset. Give a thread smaller than 2 MiB a budget of about half its
//!     size (`tests/hostile/hostile_serde.rs`; `cargo test --release --all-features --test hostile_serde --
//!     --nocapture` prints how many levels each test type reads). Decoding into `Variant` uses no recursion.
//!   - Not covered: *dropping* a `Variant` nested thousands of levels deep recurses through Rust's drop glue
//!     (about 1–2 MiB for 4096 levels in a debug build, under 256 KiB in release).
//! - **Lengths the wire can hold**: a string, array or packed array whose length or byte size does not fit
//!   the engines' signed 32-bit fields is an `InvalidLength` error before anything is written, in
//!   `Variant::encode` and through serde (`tests/hostile/hostile.rs`).
//! - **Short error messages**: a path in an error shows each key in at most 80 characters (containers and
//!   packed arrays by their length), whatever the key's size (`tests/hostile/hostile_forms.rs`, `tests/cli/cli.rs`).
//! - **Objects stay refused unless allowed**, at every entry point: the binary decoders and encoder, serde,
//!   the text and JSON readers (`tests/hostile/hostile.rs`). A full object on the wire is a class name and properties
//!   to set: Godot's `bytes_to_var_with_objects` instantiates that class and sets them, a `script` property
//!   included, which runs code the sender chose. godot_bin never runs anything (a full object is only data),
//!   but a program that hands such a value to an engine passes the danger on, so
//!   the config's objects option is off by default, as in the engine: a full
//!   object is an `ObjectsNotAllowed` error, and object-typed containers read as `EncodedObjectAsID`.
//!   Objects by instance id and null objects are plain numbers and always allowed.
//! - **Files**: every size a container declares is checked against its limit (256 MiB by default,
//!   `file::Options::max_size`) and the input's length before anything is allocated; a file of n bytes that
//!   opens to m bytes peaks below 4·m + 2·n + 1 MiB (`tests/hostile/containers_hostile.rs`). The `godot-bin` tool
//!   bounds a container by its file's size: 512 times it, at least 1 MiB (`--max-size` raises it).
//!
//! # Time per byte, measured
//! `cargo bench --features json --bench hostile` times each adversarial shape per input byte against the
//! 10,000-entity game state through the same entry point, in the same run (samples interleaved, so a change
//! in load moves both), and fails above 10×; `.ci/run` runs it. `--building` runs only the paths that build a
//! Dictionary key by key. Worst shape per entry point, release, on a 2-core machine:
//!
//! | entry point | worst shape | × the game state's time per byte |
//! |---|---|---|
//! | `Variant::decode` | a key 4,000 dictionaries deep | 3.5 |
//! | `VariantRef::decode` | arrays 4,000 deep | 6.3 |
//! | `text::from_text` | arrays 4,000 deep | 3.4 |
//! | `from_slice::<serde_json::Value>` | the deep key | 1.2 |
//! | `json::from_json_str` | empty dictionaries (serde_json refuses nesting beyond 128) | 0.9 |
//! | `ConfigFile::parse`, `config_file::from_str` | 30,000 sections | 1.6, 1.5 |
//! | `serde_json` into a `Variant`, directly and through serde's buffer | 30,000 keys | 0.4 |
//! | `v[key] = value` | 30,000 keys set by name against 1,000 | 1.1 |
//!
//! # Fuzzing
//! cargo-fuzz (libFuzzer) on the stable toolchain (`RUSTC_BOOTSTRAP=1` lets it pass nightly-only flags):
//! `scripts/fuzz.sh build` builds every target in `fuzz/fuzz_targets/` (installing cargo-fuzz if missing),
//! `scripts/fuzz.sh smoke 60` runs each for 60 s with a fixed seed (`FUZZ_SEED`; CI), `scripts/fuzz.sh run
//! decode_variant 3600` is a longer random run of one. The corpora are seeded from the fixtures
//! (`fuzz/seed_corpus.py`). Every run has limits taken from the promises, so slowness and memory blow-ups are
//! findings, not just crashes: inputs up to 64 KiB, 5 s per input, 16 MB per allocation and 2 GB in all
//! (`FUZZ_MAX_LEN`, `FUZZ_TIMEOUT`, `FUZZ_MALLOC_MB`, `FUZZ_RSS_MB` change them).
//!
//! | target | what it checks |
//! |---|---|
//! | `decode_variant` | any bytes, every dialect × objects × precision: no panic, canonical re-encoding, `VariantRef` agrees with `Variant` on value, error and offset |
//! | `roundtrip_variant` | arbitrary values a config can hold (feature `arbitrary`) |
//! | `serde_struct`, `framing_stream`, `text_parse`, `config_file` | derived structs, stream framing, the text reader, ConfigFile text |
//! | `differential` | `Variant::decode`, `VariantRef::decode`, `from_slice::<Variant>`, `from_slice::<serde_json::Value>`, `framing::values`, `from_reader` and the JSON form accept or refuse together, with the same error kind and offset |
//! | `structured_binary`, `text_structured` | shapes random bytes rarely reach: keys nested up to the depth cap, typed containers whose elements convert or drop, long constructors, nesting near the limit |
//! | `container_compressed`, `container_encrypted` | the file containers |
//!
//! The agreement property and its documented exceptions are written once in
//! `fuzz/fuzz_targets/common/agree.rs` and also run deterministically by `tests/conformance/differential.rs`. Every crash
//! becomes a named test in `tests/hostile/fuzz_regressions.rs`.
