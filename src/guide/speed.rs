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
//! The 10,000-entity game state (6,158,440 bytes, byte-identical to Godot 4.6's `var_to_bytes`, which the
//! script checks) against the real Godot 4.6.3, by `scripts/engine-speed.sh` (engine and ours alternated 3
//! times, medians of the 3 pairs). Decodes are timed both ways on both sides: with the decoded value freed
//! after the clock stops (as a GDScript timing of `bytes_to_var` usually is), and with the freeing inside the
//! clock (freeing the engine's nested Dictionaries costs it about as much as its decode). The targets are for
//! the freeing inside the clock.
//!
//! | 10,000-entity state | Godot 4.6 | godot_bin | engine ÷ ours | target |
//! |---|---|---|---|---|
//! | encode, typed serde | 112–113 ms | 3.1 ms | 36.5–37.1× | ≥ 20×: met |
//! | decode, typed serde, freed inside the clock | 138–141 ms | 6.2–6.4 ms | 22.4× | ≥ 20×: met |
//! | decode, typed serde, freed after the clock | 68–69 ms | 4.7–5.2 ms | 14.1–14.7× | — |
//! | decode, typed serde (`&str` fields), freed after | 68–69 ms | 3.3–3.5 ms | 19.8–21.1× | — |
//! | encode, `Variant` | 112–113 ms | 10.7 ms | 10.6–10.7× | — |
//! | decode, `Variant`, freed inside the clock | 138–141 ms | 37.6–39.0 ms | 3.7× | ≥ 4×: not met (see below) |
//! | decode, `Variant`, freed after the clock | 68–69 ms | 16.5–17.2 ms | 4.0–4.2× | — |
//! | decode, `VariantRef` (borrows from the input), freed after | 68–69 ms | 12.4–13.1 ms | 5.3–5.7× | — |
//! | reference: a clone of the decoded `Variant` tree, freed inside / after | 138–141 / 68–69 ms | 42–43 / 21 ms | 3.3–3.5× / 3.2× | — |
//!
//! The last row is not a decode: it clones the tree a `Variant` decode returns (the same 41 allocations an
//! entity, the same copies, no parsing, no checks), and the decode takes 0.93–0.98 of its time. With
//! `Variant`'s storage (a `String` per key, a boxed `Dictionary` with its own `Vec` of entries), 4× the
//! engine's decode-and-free is out of reach for any decoder: the clone alone is 3.3–3.5×.
//!
//! ## Medians and bests
//! `engine-speed.sh` prints the best run of each side beside the medians, both for the engine (the fastest
//! of its `REPS` runs in each of the 3 pairs) and for us (the fastest of the rounds): the engine's spread is
//! wide (in the run below its best decode was 0.55–0.62× its median; ours 0.8–0.9×), so medians flatter us,
//! and the best of each side against the other does not. One run of `scripts/engine-speed.sh`, with another
//! build running on the 2 cores (load average about 2; the table above is from quieter runs):
//!
//! | 10,000-entity state | Godot 4.6, median / best | godot_bin, median / best | engine ÷ ours, medians / bests | target |
//! |---|---|---|---|---|
//! | encode, typed serde | 180 / 75 ms | 4.1 / 3.0 ms | 44.6× / 25.5× | ≥ 20×: median met, best met |
//! | decode, typed serde, freed inside the clock | 227 / 141 ms | 8.0 / 7.4 ms | 26.0× / 19.1× | ≥ 20×: median met, best not met |
//! | decode, typed serde, freed after the clock | 80 / 45 ms | 7.8 / 6.3 ms | 9.8× / 7.1× | — |
//! | decode, typed serde (`&str` fields), freed after | 80 / 45 ms | 6.9 / 4.3 ms | 11.2× / 10.4× | — |
//! | encode, `Variant` | 180 / 75 ms | 15.3 / 12.1 ms | 11.7× / 6.3× | — |
//! | decode, `Variant`, freed inside the clock | 227 / 141 ms | 52.3 / 43.1 ms | 4.0× / 3.3× | ≥ 4×: median met, best not met |
//! | decode, `Variant`, freed after the clock | 80 / 45 ms | 22.2 / 18.1 ms | 3.5× / 2.5× | — |
//! | decode, `VariantRef` (borrows from the input), freed after | 80 / 45 ms | 19.0 / 13.2 ms | 4.0× / 3.4× | — |
//! | reference: a clone of the decoded `Variant` tree, freed inside | 227 / 141 ms | 57.0 / 48.1 ms | 3.6× / 2.9× | — |
//! | the same clone, freed after | 80 / 45 ms | 24.8 / 22.3 ms | 3.1× / 2.0× | — |
//!
//! Best against best, the typed decode freed inside the clock is 19.1× the engine, 5% short of its target
//! (20× the engine's best is 7.0 ms; ours took 7.4 ms; best and median of the ratios run below: postcard
//! 5.5–5.9 ms, the hand floor 5.9–6.3 ms), and the `Variant` decode freed inside 3.3× (4× would be 35 ms;
//! ours took 43 ms, and a plain clone of the same tree 48 ms: the allocations of `Variant`'s storage, 41 an
//! entity, bound it).
//!
//! # Against postcard
//! `cargo bench --features tokio --bench ratios`, on the same structs (results freed inside the timing on
//! both sides unless said; postcard's bytes are 3.8× fewer). Two floors say how far each target is from what
//! any implementation of this format could do. The hand floor is a reader and a writer of the very same bytes
//! written by hand for that one shape (every header, count and key checked, strings checked and allocated,
//! the same structs built, no serde). The serde floor (`Move` only; `benches/common/serde_floor.rs`) is a
//! minimal serde `Deserializer` and `Serializer` for exactly `Move`'s bytes, driven by the same derived code
//! with the same checks: the least any serde format for these bytes costs.
//!
//! | case | ours ÷ postcard | hand floor ÷ postcard | serde floor ÷ postcard | target |
//! |---|---|---|---|---|
//! | 10,000-entity state, typed encode | 2.59–3.00× | 1.99–2.26× | — | ≤ 3.8×: met |
//! | 10,000-entity state, typed decode | 1.34–1.46× (freed after the clock: 1.41–2.13×) | 1.15–1.27× | — | ≤ 1×: not met (the hand floor is above it) |
//! | 72-byte `Move` message, encode per call (`to_vec_with`) | 0.30–0.39× | 0.19–0.23× | 0.28–0.38× | ≤ 1.5×: met |
//! | 72-byte `Move` message, decode per call (`from_slice_with`) | 3.10–3.49× | 1.96–2.00× | 1.72–1.87× | ≤ 4×: met |
//! | 232-byte `PlayerState`, encode / decode per call | 0.45–0.55× / 1.43–1.64× | — | — | — |
//! | 72-byte `Move`, decode in a tight loop of 200,000, median / best | 7.75× / 7.62× | — | 3.78× / 3.82× | ≤ 4×: not met (the serde floor is at it) |
//! | 72-byte `Move`, encode in a tight loop, median / best | 0.58× / 0.57× | — | — | ≤ 1.5×: met |
//! | 232-byte `PlayerState` in a tight loop, encode / decode (medians) | 0.68× / 2.02× | — | — | — |
//! | 1,000 `Move` frames in one buffer, `VarCodec` encode | 1.04–1.39× | 0.37–0.41× | 0.81–0.93× | ≤ 1.5×: met |
//! | the same, `VarCodec` decode (the buffer copied in each round) | 3.51–3.94× | 2.03–2.17× | 1.61–2.45× | ≤ 4×: met |
//! | the same through `put_var` (a `Vec` a frame) / `decode_packet` | 2.00–2.26× / 2.94–3.89× | — | — | — |
//!
//! The tight-loop rows are one run of `cargo bench --features tokio --bench ratios` with another build running
//! (load average 2–3): there each decode is one step of `(0..200_000).map(|_| from_slice_with::<Msg>(..))
//! .filter(..).count()`, with no closure call or clock per message, and postcard decodes a `Move` in 5–6 ns,
//! the serde floor in 20–23 ns and godot_bin in 40–46 ns. The fixed cost of a call shows whole there: the
//! serde floor alone is 3.8× postcard. In that same run the per-call ratios were 3.53× (ours) and 2.44×
//! (serde floor) on `Move` decode.
//!
//! Per call, postcard decodes a `Move` in about 10 ns and godot_bin in 30–35 ns; the serde floor alone takes
//! 1.7–1.9× postcard's time, and the rest is spread over every layer. postcard's per-call encode allocates a growing
//! `Vec` each call, so the stream encode (into one reused buffer on both sides) is the like-for-like encode
//! case. Behind a tokio `Decoder` on the same `BytesMut`, postcard takes 9.2–12.0 µs per 1,000 frames in a
//! minimal in-place decoder (ours ÷ it 3.30–4.73×) and 62–64 µs behind tokio-util's `LengthDelimitedCodec`
//! (ours ÷ it 0.59–0.68×). The small-message ratios move most with the machine's load: under load the same
//! build measured up to 5× on `Move` decode.
//!
//! # Packed arrays and strings
//! ÷ a `to_vec` memcpy of the same bytes (target ≤ 2×):
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
//! # In instructions
//! Instruction counts do not drift with the machine's load, so they compare two builds exactly (they are not
//! times: an allocator's slow path or a cache miss costs many instructions' time). `scripts/instructions.sh`
//! (valgrind's callgrind; each case at two lengths, the counts differenced), per decode:
//!
//! | case | godot_bin | serde floor | postcard |
//! |---|---|---|---|
//! | 72-byte `Move`, in a tight loop | 486 | 261 | 75 |
//! | 232-byte `PlayerState`, in a tight loop | 1,716 | — | 1,029 |
//! | 10,000-entity state, typed, freed inside | 77.2 M | — | 61.3 M |
//! | the same state as `Variant`, freed inside | 283.7 M | — | — |
//!
//! # How to measure
//! | what | command |
//! |---|---|
//! | instructions per decode (exact on a busy machine; needs valgrind) | `scripts/instructions.sh [CASE...]` |
//! | against the real Godot 4.6 (installed by `scripts/install-engines.sh`) | `scripts/engine-speed.sh [ENTITIES [REPS [ROUNDS [PAIRS]]]]` |
//! | ÷ postcard, the floors, packed arrays, logs | `cargo bench --features tokio --bench ratios [-- --only game\|variant\|packed\|logs\|small] [--rounds N]` |
//! | criterion benches, with rmp-serde and serde_json too | `cargo bench --bench formats [-- FILTER]` |
//! | the adversarial shapes ([`safety`](super::safety)) | `cargo bench --features json --bench hostile [-- --building]` |
