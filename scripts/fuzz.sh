#!/usr/bin/env bash
# Fuzzing godot_bin with cargo-fuzz (libFuzzer + AddressSanitizer) on the stable toolchain.
#
#   scripts/fuzz.sh build                  build every target (fuzz/fuzz_targets/*.rs)
#   scripts/fuzz.sh smoke [SECONDS]        run every target for SECONDS each (default 60); fails if any crashes
#   scripts/fuzz.sh run TARGET [SECONDS]   run one target, for SECONDS or (default) until stopped
#   scripts/fuzz.sh seed                   write the seed corpora from the fixtures (fuzz/seed_corpus.py)
#   scripts/fuzz.sh list                   the targets
#
# cargo-fuzz passes nightly-only flags to rustc (-Zsanitizer=address, -Cpasses=sancov-module, ...);
# RUSTC_BOOTSTRAP=1 lets the stable compiler accept them, so no nightly toolchain is needed. cargo-fuzz is
# installed from crates.io if it is missing. A crash leaves its input in fuzz/artifacts/TARGET/ (smoke
# logs: fuzz/artifacts/smoke-TARGET.log); `RUSTC_BOOTSTRAP=1 cargo fuzz run TARGET fuzz/artifacts/TARGET/crash-…`
# runs just that input. Every crash becomes a named test in tests/hostile/fuzz_regressions.rs. Corpora (fuzz/corpus,
# seeded from the fixtures on first use) are not committed.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTC_BOOTSTRAP=1
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
CARGO_FUZZ_VERSION=0.13.2

ensure_cargo_fuzz() {
    if ! cargo fuzz --version >/dev/null 2>&1; then
        echo "installing cargo-fuzz $CARGO_FUZZ_VERSION from crates.io"
        cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
    fi
}

targets() {
    (cd fuzz && cargo fuzz list)
}

seed() {
    python3 fuzz/seed_corpus.py
}

# run_target TARGET SECONDS|"" [extra libFuzzer args...]
run_target() {
    local target=$1 secs=$2
    shift 2
    [ -d "fuzz/corpus/$target" ] || seed
    mkdir -p "fuzz/corpus/$target"
    # Limits from the README's promises, so that slowness and memory blow-ups are findings, not just
    # crashes: inputs up to MAX_LEN bytes; one input may take TIMEOUT seconds (linear time: the largest
    # input decodes in milliseconds even under AddressSanitizer); one allocation may not exceed
    # MALLOC_MB (the promise is 48 x input + 512 KiB in all, about 3.6 MB at 64 KiB; text and JSON ~4x
    # that), and the whole process RSS_MB (AddressSanitizer's own ~600 MB included).
    local args=(-max_len="${FUZZ_MAX_LEN:-65536}" -timeout="${FUZZ_TIMEOUT:-5}"
        -malloc_limit_mb="${FUZZ_MALLOC_MB:-16}" -rss_limit_mb="${FUZZ_RSS_MB:-2048}" -print_final_stats=1)
    [ -n "$secs" ] && args+=(-max_total_time="$secs")
    [ -n "${FUZZ_SEED:-}" ] && args+=(-seed="$FUZZ_SEED")
    cargo fuzz run "$target" "fuzz/corpus/$target" "$@" -- "${args[@]}"
}

cmd=${1:-}
case "$cmd" in
    build)
        ensure_cargo_fuzz
        cargo fuzz build
        ;;
    smoke)
        secs=${2:-60}
        # CI's smoke run replays a fixed sequence (FUZZ_SEED, default 1), so it cannot turn red at random;
        # `run` stays random for exploration.
        export FUZZ_SEED=${FUZZ_SEED:-1}
        ensure_cargo_fuzz
        cargo fuzz build
        failed=()
        for t in $(targets); do
            log=fuzz/artifacts/smoke-$t.log
            mkdir -p fuzz/artifacts
            echo "== $t: ${secs}s"
            if run_target "$t" "$secs" > "$log" 2>&1; then
                grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)' "$log" |
                    sed "s/^/$t /"
            else
                echo "$t FAILED; the end of its log ($log):"
                tail -60 "$log"
                failed+=("$t")
            fi
        done
        if [ ${#failed[@]} -gt 0 ]; then
            echo "fuzz smoke: crashes in ${failed[*]}"
            exit 1
        fi
        echo "fuzz smoke: every target ran ${secs}s without a crash"
        ;;
    run)
        [ $# -ge 2 ] || { echo "usage: $0 run TARGET [SECONDS]" >&2; exit 2; }
        ensure_cargo_fuzz
        run_target "$2" "${3:-}"
        ;;
    seed)
        seed
        ;;
    list)
        ensure_cargo_fuzz
        targets
        ;;
    *)
        sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
        exit 2
        ;;
esac
