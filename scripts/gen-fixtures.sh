#!/usr/bin/env bash
# (Re)generate the engine-truth fixtures for every installed engine (or the ones named).
#
#   scripts/gen-fixtures.sh [ENGINE...]      ENGINE: godot-3.2.3 godot-3.6 godot-4.6 (default: all three)
#
# For each engine writes tests/fixtures/<engine>/
#   values.tsv    values the engine encoded (tests/gd/gen_values.gd / gen_values3.gd)
#   probes.tsv    what the engine's decoder does with truncated / mutated / hostile inputs made from
#                 that values.tsv by scripts/make_probes.py, run by scripts/run_probes.py
#   crashes.tsv   probes that crashed or hung the engine (left out of probes.tsv)
# Engines that are not installed are skipped with a message (install: scripts/install-engines.sh); the
# exit status is non-zero if none could be run or a step failed.  Takes well under a minute.
# Object instance ids (ID mode) and 3.x NodePath padding bytes differ from run to run; everything
# else is deterministic.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
FIX="$REPO/tests/fixtures"

engines=("$@")
[ ${#engines[@]} -eq 0 ] && engines=(godot-3.2.3 godot-3.6 godot-4.6)

ran=0
failed=0
for e in "${engines[@]}"; do
    case "$e" in
        godot-4*) gen="$REPO/tests/gd/gen_values.gd"; dialect=4 ;;
        godot-3*) gen="$REPO/tests/gd/gen_values3.gd"; dialect=3 ;;
        *) echo "gen-fixtures: unknown engine $e" >&2; failed=1; continue ;;
    esac
    if ! "$HERE/engine.sh" --check "$e" 2>/dev/null; then
        echo "gen-fixtures: $e is not installed, skipped (run scripts/install-engines.sh)" >&2
        continue
    fi
    t0=$(date +%s.%N)
    tmp="$(mktemp -d /tmp/gen-fixtures.XXXXXX)"
    (cd "$tmp" && ENGINE_TIMEOUT=300 "$HERE/engine.sh" "$e" "$gen" values.tsv >"$tmp/gen.log" 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || [ ! -s "$tmp/values.tsv" ]; then
        echo "gen-fixtures: $e: value generation failed (exit $rc):" >&2
        grep -v -E '^\s+(at|At):' "$tmp/gen.log" | tail -n 20 >&2
        failed=1
        rm -rf "$tmp"
        continue
    fi
    mkdir -p "$FIX/$e"
    cp "$tmp/values.tsv" "$FIX/$e/values.tsv"
    nvals=$(grep -c -v '^#' "$FIX/$e/values.tsv")
    nfail=$(grep -c '^# encode-failed' "$FIX/$e/values.tsv" || true)
    python3 "$HERE/make_probes.py" "$dialect" "$FIX/$e/values.tsv" "$tmp/probes_in.tsv" || { failed=1; rm -rf "$tmp"; continue; }
    python3 "$HERE/run_probes.py" "$e" "$tmp/probes_in.tsv" "$FIX/$e" || { failed=1; rm -rf "$tmp"; continue; }
    rm -rf "$tmp"
    t1=$(date +%s.%N)
    printf 'gen-fixtures: %s: %d values (+%d encode failures), %d probes, %d crashes, %.1f s\n' "$e" "$nvals" "$nfail" \
        "$(grep -c -v '^#' "$FIX/$e/probes.tsv")" "$(grep -c -v '^#' "$FIX/$e/crashes.tsv")" \
        "$(echo "$t1 - $t0" | bc)" >&2
    ran=$((ran + 1))
done
[ $ran -gt 0 ] || { echo "gen-fixtures: no engine was run" >&2; exit 1; }
exit $failed
