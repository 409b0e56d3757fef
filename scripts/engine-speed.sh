#!/usr/bin/env bash
# Godot 4.6's own var_to_bytes / bytes_to_var against godot_bin on the same 10,000-entity game state of benches/common/mod.rs.
#
#   scripts/engine-speed.sh [ENTITIES [REPS [ROUNDS [PAIRS]]]]    defaults: 10000 15 9 3
#
# 1. builds the `ratios` bench (release) first, so compiling does not overlap any timing;
# 2. PAIRS times, alternately (so load from other processes hits both sides alike):
#    a. the real Godot 4.6 runs tests/gd/speed.gd (scripts/engine.sh): the state built in GDScript,
#       var_to_bytes and bytes_to_var timed REPS times each with Time.get_ticks_usec, medians and bests (the
#       fastest run) printed, the engine's bytes saved;
#    b. `cargo bench --bench ratios -- --only game` on the same state: checks that our bytes are the engine's
#       byte for byte, times ours (ROUNDS interleaved rounds, medians and bests, postcard/rmp-serde/serde_json/
#       memcpy in the same rounds) and prints engine ÷ ours, median ÷ median and best ÷ best;
# 3. a summary: the median over the pairs of each median ratio, and the best of each side over all pairs with
#    their ratio (the engine's spread is wide, ours narrow: medians flatter us, bests do not).
# Decodes are timed without freeing the result on both sides (GDScript frees it after the clock; so does ratios).
# Exit status: 3 when Godot 4.6 is not installed (scripts/install-engines.sh), else the first failure's.
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-10000}"
REPS="${2:-15}"
ROUNDS="${3:-9}"
PAIRS="${4:-3}"

scripts/engine.sh --check godot-4.6 || exit $?
cargo bench --bench ratios --no-run --quiet

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# engine: $(scripts/engine.sh --version godot-4.6)"
for p in $(seq 1 "$PAIRS"); do
    echo
    echo "######## pair $p of $PAIRS (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    (cd "$tmp" && ENGINE_QUIET=1 "$OLDPWD/scripts/engine.sh" godot-4.6 "$OLDPWD/tests/gd/speed.gd" "$N" "$REPS" state.bin) \
        >"$tmp/engine.txt"
    sed 's/^/# godot-4.6 /' "$tmp/engine.txt"
    grep -q '^decode_us_median ' "$tmp/engine.txt" || { echo "engine-speed.sh: the engine printed no timings" >&2; exit 1; }
    cargo bench --quiet --bench ratios -- --only game --entities "$N" --rounds "$ROUNDS" \
        --engine "$tmp/engine.txt" --engine-bytes "$tmp/state.bin" | tee -a "$tmp/ours.txt" | grep -v "^tsv"
done

echo
echo "######## summary: medians (the median over $PAIRS pairs) and bests (the fastest run of each side over all pairs)"
awk -F'\t' '
    function med(s,   a, n, i, j, t) {
        n = split(s, a, " ")
        for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
        return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function min(s,   a, n, i, x) {
        n = split(s, a, " "); x = a[1]
        for (i = 2; i <= n; i++) if (a[i] + 0 < x + 0) x = a[i]
        return x
    }
    function verdict(r, t) { return (t + 0 == 0) ? "none" : ("≥" t "×: " ((r + 0 >= t + 0) ? "met" : "NOT met")) }
    $1 == "tsv" && $2 == "engine" {
        k = $3
        if (!(k in tgt)) { order[++m] = k; tgt[k] = $7 }
        eng[k] = eng[k] " " $4; ours[k] = ours[k] " " $5; ratio[k] = ratio[k] " " $6
        engb[k] = engb[k] " " $8; oursb[k] = oursb[k] " " $9
    }
    $1 == "tsv" && $2 == "peers" { pe = pe " " $3; pd = pd " " $4; me = me " " $5; md = md " " $6 }
    END {
        printf "%-28s %10s %10s %14s  %-16s %11s %10s %14s  %s\n", "", "engine ms", "ours ms", "engine ÷ ours", \
            "target", "engine best", "ours best", "engine ÷ ours", "target"
        for (i = 1; i <= m; i++) {
            k = order[i]; r = med(ratio[k]); eb = min(engb[k]); ob = min(oursb[k]); rb = eb / ob
            printf "%-28s %10.2f %10.2f %13.1f×  %-16s %11.2f %10.2f %13.1f×  %s\n", k, med(eng[k]), med(ours[k]), r, \
                verdict(r, tgt[k]), eb, ob, rb, verdict(rb, tgt[k])
        }
        printf "ours ÷ postcard (same structs): encode %.2f (target ≤ 3.8: %s), decode %.2f (target ≤ 1: %s)\n", \
            med(pe), (med(pe) <= 3.8) ? "met" : "NOT met", med(pd), (med(pd) <= 1) ? "met" : "NOT met"
        printf "ours ÷ memcpy to_vec (same bytes): encode %.1f, decode %.1f\n", med(me), med(md)
    }' "$tmp/ours.txt"
