#!/usr/bin/env bash
# Live round-trip through a real engine: it decodes bytes our encoder wrote and re-encodes them.
#
#   scripts/live-roundtrip.sh ENGINE IN.tsv OUT.tsv
#
# ENGINE: godot-3.2.3, godot-3.6 or godot-4.6 (install with scripts/install-engines.sh).
# IN.tsv lines:  id<TAB>allow_objects(0/1)<TAB>hex         ('#' lines and blank lines are skipped)
# OUT.tsv lines: id<TAB>accepted(0/1)<TAB>reencoded_hex    (- = rejected, ! = accepted but re-encoding failed)
# Runs unattended (stdin is not read).  Exit status: 0 = every line processed; 3 = engine not installed;
# 1 = the engine crashed/hung part-way (OUT.tsv then holds the lines done so far and the message names
# the id that was being decoded); 2 = usage error.  ENGINE_TIMEOUT (seconds, default 900) bounds the run.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"

if [ $# -ne 3 ]; then
    sed -n '2,12p' "$0" >&2
    exit 2
fi
ENGINE="$1"; IN="$2"; OUT="$3"
[ -f "$IN" ] || { echo "live-roundtrip: input $IN not found" >&2; exit 2; }
"$HERE/engine.sh" --check "$ENGINE" || exit 3
case "$ENGINE" in
    godot-4*) SCRIPT="$REPO/tests/gd/roundtrip.gd" ;;
    *) SCRIPT="$REPO/tests/gd/roundtrip3.gd" ;;
esac

tmp="$(mktemp -d /tmp/godot-roundtrip.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
cp "$IN" "$tmp/roundtrip_in.tsv"
(cd "$tmp" && "$HERE/engine.sh" "$ENGINE" "$SCRIPT" roundtrip_in.tsv roundtrip_out.tsv \
    </dev/null >"$tmp/stdout.log" 2>"$tmp/stderr.log")
rc=$?
touch "$tmp/roundtrip_out.tsv"
cp "$tmp/roundtrip_out.tsv" "$OUT"

want=$(grep -c -v -E '^(#|$)' "$IN" || true)
got=$(grep -c -v -E '^$' "$OUT" || true)
if [ "$got" -ne "$want" ] || [ "$rc" -ne 0 ]; then
    last=$(grep -o -E '^@@P [0-9]+' "$tmp/stderr.log" | tail -n 1 | cut -d' ' -f2)
    id="?"
    if [ -n "$last" ]; then
        id=$(grep -v -E '^(#|$)' "$IN" | sed -n "$((last + 1))p" | cut -f1)
    fi
    echo "live-roundtrip: $ENGINE stopped after $got of $want values (exit $rc); it was decoding id '$id'" >&2
    grep -v '^@@P ' "$tmp/stderr.log" | tail -n 20 >&2
    exit 1
fi
if grep -q -P '^[^\t]*\tE\t' "$OUT"; then
    echo "live-roundtrip: warning: the driver hit a script error on some values (accepted = E)" >&2
fi
echo "live-roundtrip: $ENGINE: $got values, $(grep -c -P '^[^\t]*\t1\t' "$OUT" || true) accepted -> $OUT" >&2
exit 0
