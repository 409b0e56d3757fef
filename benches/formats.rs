//! Criterion benchmarks: `cargo bench --bench formats [-- FILTER]`.
//!
//! The 10,000-entity game state (typed serde structs with godot_bin markers, and the `Variant` path),
//! a 4,000,000-element PackedFloat32Array and a 1,000,000-element PackedVector3Array (through the `with`
//! adapters and the marker types), and a string-heavy log dataset; postcard, rmp-serde and serde_json on the
//! same structs, and a memcpy of the same byte count. Throughput is in bytes of the Godot encoding, so MB/s
//! compare directly. For ratios taken in one run use `cargo bench --bench ratios`.

#[path = "common/mod.rs"]
mod data;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use godot_bin::{Config, Variant};

fn group<'a>(c: &'a mut Criterion, name: &str, bytes: usize) -> BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(3));
    g.throughput(Throughput::Bytes(bytes as u64));
    g
}

fn memcpy(g: &mut BenchmarkGroup<criterion::measurement::WallTime>, src: &[u8]) {
    let mut dst = vec![0u8; src.len()];
    g.bench_function("memcpy", |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(src));
            black_box(&mut dst);
        })
    });
    g.bench_function("memcpy_to_vec", |b| b.iter(|| black_box(black_box(src).to_vec())));
}

fn game_state(c: &mut Criterion) {
    let cfg = Config::default();
    let state = data::game_state(10_000);
    let gb = godot_bin::to_vec(&state).unwrap();
    let pc = postcard::to_allocvec(&state).unwrap();
    let mp = rmp_serde::to_vec(&state).unwrap();
    let js = serde_json::to_vec(&state).unwrap();
    let var = Variant::decode(&gb, &cfg).unwrap();

    let mut g = group(c, "game_state_encode", gb.len());
    g.bench_function("godot_bin_typed", |b| b.iter(|| godot_bin::to_vec(black_box(&state)).unwrap()));
    g.bench_function("godot_bin_variant", |b| b.iter(|| black_box(&var).encode(&cfg).unwrap()));
    g.bench_function("postcard", |b| b.iter(|| postcard::to_allocvec(black_box(&state)).unwrap()));
    g.bench_function("rmp_serde", |b| b.iter(|| rmp_serde::to_vec(black_box(&state)).unwrap()));
    g.bench_function("serde_json", |b| b.iter(|| serde_json::to_vec(black_box(&state)).unwrap()));
    memcpy(&mut g, &gb);
    g.finish();

    let mut g = group(c, "game_state_decode", gb.len());
    g.bench_function("godot_bin_typed", |b| {
        b.iter(|| godot_bin::from_slice::<data::GameState>(black_box(&gb)).unwrap())
    });
    g.bench_function("godot_bin_variant", |b| b.iter(|| Variant::decode(black_box(&gb), &cfg).unwrap()));
    g.bench_function("godot_bin_variant_ref", |b| {
        b.iter(|| godot_bin::VariantRef::decode(black_box(&gb), &cfg).unwrap())
    });
    g.bench_function("postcard", |b| b.iter(|| postcard::from_bytes::<data::GameState>(black_box(&pc)).unwrap()));
    g.bench_function("rmp_serde", |b| b.iter(|| rmp_serde::from_slice::<data::GameState>(black_box(&mp)).unwrap()));
    g.bench_function("serde_json", |b| b.iter(|| serde_json::from_slice::<data::GameState>(black_box(&js)).unwrap()));
    g.finish();
}

fn packed(c: &mut Criterion) {
    let fl = data::Floats { v: data::floats(data::FLOATS) };
    let flm = data::floats_marker(data::FLOATS);
    let fb = godot_bin::to_vec(&fl).unwrap();
    let fbm = godot_bin::to_vec(&flm).unwrap();
    let fpc = postcard::to_allocvec(&fl).unwrap();
    let mut g = group(c, "packed_float32_4m", fbm.len());
    g.bench_function("encode_adapter", |b| b.iter(|| godot_bin::to_vec(black_box(&fl)).unwrap()));
    g.bench_function("encode_marker", |b| b.iter(|| godot_bin::to_vec(black_box(&flm)).unwrap()));
    g.bench_function("decode_adapter", |b| b.iter(|| godot_bin::from_slice::<data::Floats>(black_box(&fb)).unwrap()));
    g.bench_function("decode_marker", |b| {
        b.iter(|| godot_bin::from_slice::<godot_bin::packed::PackedFloat32Array>(black_box(&fbm)).unwrap())
    });
    g.bench_function("postcard_encode", |b| b.iter(|| postcard::to_allocvec(black_box(&fl)).unwrap()));
    g.bench_function("postcard_decode", |b| b.iter(|| postcard::from_bytes::<data::Floats>(black_box(&fpc)).unwrap()));
    memcpy(&mut g, &fbm);
    g.finish();

    let pt = data::Points { v: data::points(data::POINTS) };
    let ptm = data::points_marker(data::POINTS);
    let pb = godot_bin::to_vec(&pt).unwrap();
    let pbm = godot_bin::to_vec(&ptm).unwrap();
    let ppc = postcard::to_allocvec(&pt).unwrap();
    let mut g = group(c, "packed_vector3_1m", pbm.len());
    g.bench_function("encode_adapter", |b| b.iter(|| godot_bin::to_vec(black_box(&pt)).unwrap()));
    g.bench_function("encode_marker", |b| b.iter(|| godot_bin::to_vec(black_box(&ptm)).unwrap()));
    g.bench_function("decode_adapter", |b| b.iter(|| godot_bin::from_slice::<data::Points>(black_box(&pb)).unwrap()));
    g.bench_function("decode_marker", |b| {
        b.iter(|| godot_bin::from_slice::<godot_bin::packed::PackedVector3Array>(black_box(&pbm)).unwrap())
    });
    g.bench_function("postcard_encode", |b| b.iter(|| postcard::to_allocvec(black_box(&pt)).unwrap()));
    g.bench_function("postcard_decode", |b| b.iter(|| postcard::from_bytes::<data::Points>(black_box(&ppc)).unwrap()));
    memcpy(&mut g, &pbm);
    g.finish();
}

fn logs(c: &mut Criterion) {
    let logs = data::logs(20_000);
    let lb = godot_bin::to_vec(&logs).unwrap();
    let lpc = postcard::to_allocvec(&logs).unwrap();
    let lmp = rmp_serde::to_vec(&logs).unwrap();
    let ljs = serde_json::to_vec(&logs).unwrap();
    let mut g = group(c, "logs_20k", lb.len());
    g.bench_function("godot_bin_encode", |b| b.iter(|| godot_bin::to_vec(black_box(&logs)).unwrap()));
    g.bench_function("godot_bin_decode", |b| {
        b.iter(|| godot_bin::from_slice::<Vec<data::LogLine>>(black_box(&lb)).unwrap())
    });
    g.bench_function("postcard_encode", |b| b.iter(|| postcard::to_allocvec(black_box(&logs)).unwrap()));
    g.bench_function("postcard_decode", |b| {
        b.iter(|| postcard::from_bytes::<Vec<data::LogLine>>(black_box(&lpc)).unwrap())
    });
    g.bench_function("rmp_serde_encode", |b| b.iter(|| rmp_serde::to_vec(black_box(&logs)).unwrap()));
    g.bench_function("rmp_serde_decode", |b| {
        b.iter(|| rmp_serde::from_slice::<Vec<data::LogLine>>(black_box(&lmp)).unwrap())
    });
    g.bench_function("serde_json_encode", |b| b.iter(|| serde_json::to_vec(black_box(&logs)).unwrap()));
    g.bench_function("serde_json_decode", |b| {
        b.iter(|| serde_json::from_slice::<Vec<data::LogLine>>(black_box(&ljs)).unwrap())
    });
    memcpy(&mut g, &lb);
    g.finish();
}

criterion_group!(benches, game_state, packed, logs);
criterion_main!(benches);
