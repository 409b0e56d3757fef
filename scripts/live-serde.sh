#!/usr/bin/env bash
# Live serde interop: files we write with godot_bin's serde Serializer and FileAccess.store_var framing are
# read by real engines with get_var and compared, value by value, with the values the engine builds itself.
#
#   scripts/live-serde.sh [ENGINE...]     ENGINE: godot-4.6, godot-3.6, godot-3.2.3 (default: godot-4.6 godot-3.6)
#
# For each engine: examples/serde_live.rs writes the game state of tests/gd/gen_serde*.gd (and five more
# values) as Rust structs into two store_var files, one with little-endian lengths and one with big-endian
# lengths (FileAccess.big_endian / File.endian_swap); the GDScript's check mode get_var's every value and
# prints OK/FAIL per value. Exit status 0 only if every engine read every value back equal.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6)
cargo build --quiet --example serde_live || exit 2
status=0
for engine in "${engines[@]}"; do
    case "$engine" in
        godot-4.6) dialect=godot4.6; gd=tests/gd/gen_serde.gd ;;
        godot-3.6|godot-3.2.3) dialect=godot3; gd=tests/gd/gen_serde3.gd ;;
        *) echo "live-serde: unknown engine $engine"; exit 2 ;;
    esac
    if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
        echo "live-serde: $engine: SKIPPED (not installed; scripts/install-engines.sh)"; status=1; continue
    fi
    dir="$(mktemp -d)"
    target/debug/examples/serde_live "$dialect" "$dir/ours-le.sav" le >/dev/null &&
        target/debug/examples/serde_live "$dialect" "$dir/ours-be.sav" be >/dev/null || { status=1; continue; }
    out="$(cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=600 "$root/scripts/engine.sh" "$engine" "$root/$gd" check ours-le.sav le ours-be.sav be 2>&1)"
    rc=$?
    ok=$(grep -c '^OK ' <<<"$out")
    fail=$(grep -c '^FAIL' <<<"$out")
    grep '^FAIL' <<<"$out"
    if [ "$rc" = 0 ] && [ "$fail" = 0 ] && [ "$ok" = 12 ]; then
        echo "live-serde: $engine: OK ($ok values read back equal from our store_var files, LE and BE lengths)"
    else
        echo "live-serde: $engine: FAIL (ok=$ok fail=$fail rc=$rc)"; tail -5 <<<"$out"; status=1
    fi
    rm -rf "$dir"
done
exit $status
