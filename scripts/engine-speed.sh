#!/usr/bin/env bash
# Godot 4.6's own var_to_bytes / bytes_to_var against godot_bin on the same 10,000-entity game state (issue 6).
#
#   scripts/engine-speed.sh [ENTITIES [REPS [ROUNDS]]]    defaults: 10000 15 15
#
# 1. builds the `ratios` bench (release) first, so compiling does not overlap the engine's timing;
# 2. runs tests/gd/speed.gd in the real Godot 4.6 (scripts/engine.sh): the state built in GDScript,
#    var_to_bytes and bytes_to_var timed REPS times each with Time.get_ticks_usec (median reported), and the
#    engine's bytes saved;
# 3. runs `cargo bench --bench ratios -- --only game` on the same state: checks that our bytes are the engine's
#    byte for byte, times ours (ROUNDS interleaved rounds, medians) and prints engine ÷ ours per target.
# Exit status: 3 when Godot 4.6 is not installed (scripts/install-engines.sh), else the first failure's.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
REPS="${2:-15}"
ROUNDS="${3:-15}"

scripts/engine.sh --check godot-4.6 || exit $?
cargo bench --bench ratios --no-run --quiet

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# engine: $(scripts/engine.sh --version godot-4.6)"
(cd "$tmp" && ENGINE_QUIET=1 "$OLDPWD/scripts/engine.sh" godot-4.6 "$OLDPWD/tests/gd/speed.gd" "$N" "$REPS" state.bin) \
    >"$tmp/engine.txt"
sed 's/^/# godot-4.6 /' "$tmp/engine.txt"
grep -q '^decode_us_median ' "$tmp/engine.txt" || { echo "engine-speed.sh: the engine printed no timings" >&2; exit 1; }
cargo bench --quiet --bench ratios -- --only game --entities "$N" --rounds "$ROUNDS" \
    --engine "$tmp/engine.txt" --engine-bytes "$tmp/state.bin"
