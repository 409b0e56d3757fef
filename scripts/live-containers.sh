#!/usr/bin/env bash
# Live container interop: real engines open the encrypted (GDEC) and compressed (GCPF) files godot_bin writes.
#
#   scripts/live-containers.sh [ENGINE...]     ENGINE: godot-4.6, godot-3.6, godot-3.2.3 (default: all three)
#
# For each engine, examples/containers_live.rs decodes the engine's own store_var file
# (tests/fixtures/<engine>/containers/plain.sav), encodes the values again, and writes them plain, encrypted
# with a password and with a key (the engine's layout), and compressed in all four modes; and the raw
# edge-case bytes (5 bytes; 8192 bytes = two full blocks) compressed and encrypted. The engine opens each
# file (FileAccess.open_compressed / open_encrypted[_with_pass]; File in 3.x) with tests/gd/gen_containers*.gd's
# check mode and compares what it reads with the values it builds itself. Exit status 0 only if every
# engine read every file back equal.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6 godot-3.2.3)
cargo build --quiet --features containers --example containers_live || exit 2
status=0
for engine in "${engines[@]}"; do
    case "$engine" in
        godot-4.6) dialect=godot4.6; gd=tests/gd/gen_containers.gd ;;
        godot-3.6|godot-3.2.3) dialect=godot3; gd=tests/gd/gen_containers3.gd ;;
        *) echo "live-containers: unknown engine $engine"; exit 2 ;;
    esac
    if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
        echo "live-containers: $engine: SKIPPED (not installed; scripts/install-engines.sh)"; status=1; continue
    fi
    dir="$(mktemp -d)"
    if ! pairs="$(target/debug/examples/containers_live "$dialect" "tests/fixtures/$engine/containers" "$dir")"; then
        echo "live-containers: $engine: FAIL (could not write our files)"; status=1; rm -rf "$dir"; continue
    fi
    n=$(wc -l <<<"$pairs")
    # shellcheck disable=SC2086
    out="$(cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$root/scripts/engine.sh" "$engine" "$root/$gd" check $pairs 2>&1)"
    rc=$?
    ok=$(grep -c '^OK ' <<<"$out")
    fail=$(grep -c '^FAIL' <<<"$out")
    grep -E '^(FAIL|  )' <<<"$out"
    if [ "$rc" = 0 ] && [ "$fail" = 0 ] && [ "$ok" = "$n" ]; then
        echo "live-containers: $engine: OK ($ok files we wrote read back equal: plain, encrypted by password and key, 4 compression modes, edge sizes)"
    else
        echo "live-containers: $engine: FAIL (ok=$ok of $n, fail=$fail, rc=$rc)"; tail -5 <<<"$out"; status=1
    fi
    rm -rf "$dir"
done
exit $status
