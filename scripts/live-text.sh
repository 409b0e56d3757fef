#!/usr/bin/env bash
# Live check of godot-bin's text form, promise 1: text that godot-bin prints, read by the engine's own
# str_to_var (str2var) and written with var_to_bytes (var2bytes), gives back exactly the bytes godot-bin
# decoded.
#
#   scripts/live-text.sh [ENGINE...]        ENGINE: godot-4.6, godot-3.6, godot-3.2.3 (default: godot-4.6 godot-3.6)
#
# Values: LIVE_TEXT_COUNT (default 2000) seeded random values of every type the dialect has (the generator of
# examples/live_roundtrip.rs, seed LIVE_SEED, default 1), as many floats from random bit patterns (as float,
# Vector3 and Color components, PackedFloat32Array elements), plus every engine-written value of
# tests/fixtures/<engine>/text.tsv and the sample saves. examples/live_text.rs decodes each and prints it with
# text::to_text_exact (what `godot-bin decode --to text --exact` prints); values with no exact text form
# (objects by instance id, NaN payloads, floats the engine's parser cannot produce, RIDs in 3.x, non-empty
# Signals) are counted and skipped. The expected bytes are our encoding of the decoded value. Godot 3 writes
# NodePath names with uninitialised padding bytes: such results are accepted when they decode to the same
# value, and counted apart.
# Prints counts per engine; exit 0 if every value matched, 1 on any mismatch, 3 if an engine is not installed.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
cd "$REPO"

engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6)
COUNT="${LIVE_TEXT_COUNT:-2000}"
SEED="${LIVE_SEED:-1}"

cargo build --quiet --example live_text || exit 2
TOOL="$REPO/target/debug/examples/live_text"

work="$(mktemp -d /tmp/godot-live-text.XXXXXX)"
if [ "${LIVE_TEXT_KEEP:-0}" = 1 ]; then echo "live-text: keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
failed=0

for engine in "${engines[@]}"; do
    case "$engine" in
        godot-4.6) dialect=godot4.6; script=tests/gd/live_text.gd; fixtures=tests/fixtures/godot-4.6/text.tsv
                   saves=(examples/data/save-godot4.6.sav tests/fixtures/cli/save-godot3.6-as-godot4.6.sav) ;;
        godot-3.6|godot-3.2.3) dialect=godot3; script=tests/gd/live_text3.gd; fixtures=tests/fixtures/godot-3.6/text.tsv
                   saves=(examples/data/save-godot3.6.sav) ;;
        *) echo "live-text: unknown engine $engine" >&2; exit 2 ;;
    esac
    "$HERE/engine.sh" --check "$engine" || exit 3
    dir="$work/$engine"; mkdir -p "$dir"
    printf 'live-text %s (%s): ' "$engine" "$dialect"
    "$TOOL" prepare "$dialect" "$dir" "$COUNT" "$SEED" "$fixtures" "${saves[@]}" || exit 2
    (cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT="${ENGINE_TIMEOUT:-600}" "$HERE/engine.sh" "$engine" "$REPO/$script" in.tsv out.tsv > engine.log 2>&1)
    printf 'live-text %s (%s): ' "$engine" "$dialect"
    if ! "$TOOL" check "$dialect" "$dir"; then
        failed=1
        tail -5 "$dir/engine.log"
    fi
done
exit $failed
