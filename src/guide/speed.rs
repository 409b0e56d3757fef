//! Speed: the current ratios against the real Godot 4.6 and against postcard, the targets, and how to
//! measure them yourself.
//!
//! All numbers are ratios taken in one run on a 2-core machine, with the compared cases alternated or their
//! samples interleaved: absolute times drift with the machine's load, ratios much less. Ranges are over
//! repeated runs. `benches/README.md` in the source says what each bench does and how to run it.
//!
//! ```
//! // The benches' game state is the real format: what encodes here is what Godot 4.6's var_to_bytes gives
//! // for the same Dictionary (`tests/conformance/speed_state.rs` checks it byte for byte).
//! use godot_bin::markers::Vector2;
//! #[derive(serde::Serialize)]
//! struct Entity { name: String, pos: Vector2, hp: i64 }
//! let bytes = godot_bin::to_vec(&Entity { name: "a".into(), pos: Vector2::new(1.0, 2.0), hp: 3 })?;
//! assert_eq!(bytes[..8], [0x1b, 0, 0, 0, 3, 0, 0, 0]); // a Dictionary of 3 entries
//! # Ok::<(), godot_bin::Error>(())
//! ```
//!
//! # Against Godot 4.6
//! The 10,000-entity game state (6,158,440 bytes, byte-identical to Godot 4.6's `var_to_bytes`, which the script
//! checks) against the real Godot 4.6.3, by `scripts/engine-speed.sh` (engine and ours alternated 3 times a run).
//! Decodes are timed both ways on both sides: with the decoded value freed after the clock stops (as a GDScript timing
//! of `bytes_to_var` usually is), and with the freeing inside the clock (freeing the engine's nested Dictionaries costs
//! it about twice its decode). The targets are for the freeing inside the clock. Each side has a median and a best: the
//! engine's runs spread widely (its decode median, freed after the clock, was 48 ms in one run below and 63 ms in the
//! other), so medians flatter us, and the best of each side against the other does not. Two runs on a quiet machine
//! (load average about 1), as ranges over the runs:
//!
//! | 10,000-entity state | Godot 4.6, median / best | godot_bin, median / best | engine ÷ ours, medians / bests | target |
//! |---|---|---|---|---|
//! | encode, typed serde | 113–125 / 58–61 ms | 3.8–4.3 / 2.8–2.9 ms | 28.2–32.1× / 20.8–20.9× | ≥ 20×: met |
//! | decode, typed serde, freed inside the clock | 152–164 / 129–139 ms | 6.9–9.8 / 6.1–6.6 ms | 16.5–26.2× / 21.0–21.1× | ≥ 20×: best met, median in one run of two |
//! | decode, typed serde, freed after the clock | 48–63 / 42 ms | 5.4–8.5 / 4.9–5.2 ms | 6.0–12.3× / 8.2–8.6× | — |
//! | decode, typed serde (`&str` fields), freed after | 48–63 / 42 ms | 4.0–5.5 / 3.6–3.9 ms | 8.9–16.6× / 10.8–11.5× | — |
//! | encode, `Variant` | 113–125 / 58–61 ms | 12.6–15.7 / 10.7–11.7 ms | 7.7–9.9× / 5.2–5.4× | — |
//! | decode, `Variant`, freed inside the clock | 152–164 / 129–139 ms | 45.5–50.7 / 35.4–42.1 ms | 3.0–4.3× / 3.3–3.6× | ≥ 4×: not met (see below) |
//! | decode, `Variant`, freed after the clock | 48–63 / 42 ms | 17.8–22.4 / 17.2–18.3 ms | 2.2–3.6× / 2.3–2.4× | — |
//! | decode, `VariantRef` (borrows from the input), freed after | 48–63 / 42 ms | 13.4–16.4 / 12.6–12.7 ms | 3.0–4.8× / 3.3–3.4× | — |
//! | reference: a clone of the decoded `Variant` tree, freed inside | 152–164 / 129–139 ms | 48.9–61.9 / 37.2–45.0 ms | 2.6–3.8× / 3.1–3.5× | — |
//! | the same clone, freed after | 48–63 / 42 ms | 23.6–31.8 / 20.3–22.9 ms | 1.6–3.0× / 1.9–2.1× | — |
//!
//! The clone rows are not a decode: they clone the tree a `Variant` decode returns (the same allocations
//! an entity, the same copies, no parsing, no checks), and the decode takes less time than the clone in
//! every run. The `Variant` rows of this table were taken when `Variant` held a `String` per key and
//! made 41 allocations an entity (then 4× the engine's best decode-and-free was out of reach: the clone
//! alone was 3.1–3.5×); its texts are now inline up to 24 bytes ([`GString`](crate::GString)), 13
//! allocations an entity, and the rows wait for a run of `scripts/engine-speed.sh` on a quiet machine. Best against best, the typed decode freed inside is 21.0–21.1× the engine (20× the engine's
//! best is 6.4–6.9 ms; ours took 6.1–6.6 ms).
//!
//! # Against postcard
//! `cargo bench --features tokio --bench ratios`, on the same structs (results freed inside the timing on
//! both sides unless said; postcard's bytes are 3.8× fewer). Two floors say how far each target is from what
//! any implementation of this format could do. The hand floor is a reader and a writer of the very same bytes
//! written by hand for that one shape (every header, count and key checked, strings checked and allocated,
//! the same structs built, no serde). The serde floor (`Move` only; `benches/common/serde_floor.rs`) is a
//! minimal serde `Deserializer` and `Serializer` for exactly `Move`'s bytes, driven by the same derived code
//! with the same checks: the least any serde format for these bytes costs. Three runs of 15 rounds on a quiet
//! machine (load average about 1), as ranges over the runs:
//!
//! | case | ours ÷ postcard | hand floor ÷ postcard | serde floor ÷ postcard | target |
//! |---|---|---|---|---|
//! | 10,000-entity state, typed encode | 2.50–2.94× | 2.84–3.47× | — | ≤ 3.8×: met |
//! | 10,000-entity state, typed decode | 1.08–1.21× (freed after the clock: 1.20–1.52×) | 1.03–1.10× | — | ≤ 1×: not met (the hand floor is above it) |
//! | 72-byte `Move` message, encode per call (`to_vec_with`) | 0.43–0.47× | 0.21–0.22× | 0.44–0.49× | ≤ 1.5×: met |
//! | 72-byte `Move` message, decode per call (`from_slice_with`) | 3.61–4.16× | 1.67–1.88× | 1.73–1.97× | ≤ 4×: met in two runs of three |
//! | 232-byte `PlayerState`, encode / decode per call | 0.88–0.91× / 1.40–1.47× | — | — | — |
//! | 72-byte `Move`, decode in a tight loop of 200,000, median / best | 6.97–7.62× / 7.45–7.67× | — | 3.86–4.21× / 3.86–4.13× | ≤ 4×: not met (the serde floor is at it) |
//! | 72-byte `Move`, encode in a tight loop, median / best | 0.50–0.52× / 0.51–0.52× | — | — | ≤ 1.5×: met |
//! | 232-byte `PlayerState` in a tight loop, encode / decode (medians) | 0.92–0.97× / 1.61–1.63× | — | — | — |
//! | 1,000 `Move` frames in one buffer, `VarCodec` encode | 1.56–1.67× | 0.30–0.32× | 0.67–0.74× | ≤ 1.5×: not met |
//! | the same, `VarCodec` decode (the buffer copied in each round) | 3.84–4.40× | 1.71–2.10× | 1.45–1.71× | ≤ 4×: met in one run of three |
//! | the same through `put_var` (a `Vec` a frame) / `decode_packet` | 2.42–2.56× / 3.92–4.40× | — | — | — |
//!
//! In the tight loop each decode is one step of `(0..200_000).map(|_| from_slice_with::<Msg>(..))
//! .filter(..).count()`, with no closure call or clock per message: postcard decodes a `Move` in about 5 ns,
//! the serde floor in 20–21 ns and godot_bin in 37–39 ns. The fixed cost of a call shows whole there,
//! and the serde floor alone is about 4× postcard. Per call, postcard takes 11–13 ns, the serde floor
//! 22–23 ns and godot_bin 46–48 ns.
//!
//! postcard's per-call encode allocates a growing `Vec` each call, so the stream encode (into one reused buffer on both
//! sides) is the like-for-like encode case. There, godot_bin writes 76 bytes a `Move` frame where postcard writes 22;
//! the code that measured 1.04–1.39× when this row was first written measured 1.62–1.64× in runs alternated with the
//! current code's: the machine moved, not the code. Behind a tokio `Decoder` on the same `BytesMut`, postcard takes
//! 11–13 µs per 1,000 frames in a minimal in-place decoder (ours ÷ it 3.72–3.95×) and 58–59 µs behind tokio-util's
//! `LengthDelimitedCodec` (ours ÷ it 0.75–0.80×). The small-message ratios move most with the machine's load: under
//! load the same build measured up to 5× on `Move` decode per call.
//!
//! # Packed arrays and strings
//! ÷ a `to_vec` memcpy of the same bytes (target ≤ 2×; ranges from earlier runs, which a run of the current
//! code on a quiet machine matched or bettered: 0.84–0.96× for f32, 1.19–1.58× for the `[f32; 3]` adapter,
//! 1.96–1.99× for `PackedVector3Array`):
//!
//! | packed array | encode | decode |
//! |---|---|---|
//! | 4,000,000 f32, `packed::float32` adapter / `PackedFloat32Array` | 1.07–1.08× / 1.03–1.05× (met) | 1.08–1.10× / 1.05–1.10× (met) |
//! | 1,000,000 Vector3, `packed::vector3` adapter (`[f32; 3]`) | 1.18–1.51× (met) | 1.25–1.33× (met) |
//! | 1,000,000 Vector3, `PackedVector3Array` (f64 `Vector3`s) | 2.54–2.84× | 2.91–3.81× |
//!
//! `PackedVector3Array` holds `f64` components, so it reads or writes twice the wire's bytes in memory, and
//! is measured against its own reference: a straightforward hand-written reader and writer of the same bytes
//! and the same `f64` `Vector3`s take 2.17–2.32× (decode) and 3.55–3.75× (encode) the memcpy; ours ÷ them is
//! 1.34–1.64× on decode and 0.72–0.77× on encode. The `[f32; 3]` adapter is the like-for-like case.
//! String-heavy logs (20,000 lines, 6.4 MB): encode 1.37–1.44×, decode 1.03–1.07× postcard's time.
//!
//! # `Variant` decode, and worker threads
//! `cargo bench --features tokio --bench ratios -- --only game --only threads`: the game state decoded as
//! `Variant` and as the typed structs, ÷ postcard's typed decode of the same structs, on the main thread
//! and on a freshly spawned thread (whose allocator arena is not yet warm, as a server's new worker's is).
//! The harness counts allocations per decode. Runs on the shared 2-core machine under load (load average
//! 6–8), so the ratios are rough; the instruction counts below are exact.
//!
//! | 10,000-entity state | allocations an entity | `Variant` ÷ postcard, main / fresh thread | typed ÷ postcard, main / fresh thread |
//! |---|---|---|---|
//! | texts as `String` (before [`GString`](crate::GString)) | 41 | 7.72 / 7.56 (one run) | 1.22 / 0.95 |
//! | texts inline up to 24 bytes | 13 | 3.96–4.54 / 4.60–4.69 (three runs) | 1.01–1.36 / 0.70–0.92 |
//! | postcard, typed | 9 | — | — |
//!
//! The 13 left are the two allocations of each Dictionary (the box and its entries) and of the Array, and
//! the PackedStringArray's `Vec`; the typed decode makes postcard's 9 (the strings and `Vec`s the structs own).
//!
//! **Another allocator** is a choice for the program, not for this library. Measured by loading mimalloc or
//! jemalloc into the same bench binary (`LD_PRELOAD=/path/to/libmimalloc.so.2 target/release/deps/ratios-…
//! --only threads`; Debian's `libmimalloc2.0`, `libjemalloc2`), under the same load: a fresh thread then
//! decodes a `Variant` about as fast as the main thread (fresh ÷ main 0.6–1.0, against 1.4–1.6 with glibc's
//! allocator), but postcard's decode gains more than ours, so the ratios ÷ postcard grow (`Variant` 6.9–8.4×
//! on the main thread). A server that decodes `Variant`s on short-lived worker threads can try it in its own
//! binary and measure its own load:
//!
//! ```text
//! // Cargo.toml: mimalloc = "0.1"
//! #[global_allocator]
//! static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
//! ```
//!
//! # In instructions
//! Instruction counts do not drift with the machine's load, so they compare two builds exactly (they are not
//! times: an allocator's slow path or a cache miss costs many instructions' time). `scripts/instructions.sh`
//! (valgrind's callgrind; each case at two lengths, the counts differenced), per decode:
//!
//! | case | godot_bin | serde floor | postcard |
//! |---|---|---|---|
//! | a lone int into a `u8` (a read's fixed cost), in a tight loop | 81 | — | — |
//! | 72-byte `Move`, in a tight loop | 486 | 261 | 75 |
//! | 232-byte `PlayerState`, in a tight loop | 1,716 | — | 1,029 |
//! | 10,000-entity state, typed, freed inside | 77.2 M | — | 61.3 M |
//! | the same state as `Variant`, freed inside | 176.7 M (284.2 M when its texts were `String`s) | — | 61.3 M (typed) |
//!
//! # How to measure
//! | what | command |
//! |---|---|
//! | instructions per decode (exact on a busy machine; needs valgrind) | `scripts/instructions.sh [CASE...]` |
//! | against the real Godot 4.6 (installed by `scripts/install-engines.sh`) | `scripts/engine-speed.sh [ENTITIES [REPS [ROUNDS [PAIRS]]]]` |
//! | ÷ postcard (rmp-serde and serde_json beside it), the floors, packed arrays, logs, decode on a freshly spawned thread | `cargo bench --features tokio --bench ratios [-- --only game\|variant\|packed\|logs\|small\|threads] [--rounds N]` |
//! | the adversarial shapes ([`safety`](super::safety)) | `cargo bench --features json --bench hostile [-- --building]` |
