#!/usr/bin/env bash
# (Re)generate the container fixtures: files real engines wrote with FileAccessCompressed (GCPF, all four
# modes) and FileAccessEncrypted (GDEC, password and raw key), and the same content as a plain file.
#
#   scripts/gen-containers.sh [ENGINE...]    ENGINE: godot-3.2.3 godot-3.6 godot-4.6 (default: all three)
#
# Writes tests/fixtures/<engine>/containers/* with tests/gd/gen_containers.gd (4.x) / gen_containers3.gd
# (3.x); the script's header lists the files.  Encrypted files of Godot 4 carry a random IV, so they change
# on every run; everything else is deterministic.  Engines that are not installed are skipped with a message.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
engines=("$@")
[ ${#engines[@]} -eq 0 ] && engines=(godot-3.2.3 godot-3.6 godot-4.6)
ran=0
failed=0
for e in "${engines[@]}"; do
    case "$e" in
        godot-4*) gd="$REPO/tests/gd/gen_containers.gd" ;;
        godot-3*) gd="$REPO/tests/gd/gen_containers3.gd" ;;
        *) echo "gen-containers: unknown engine $e" >&2; failed=1; continue ;;
    esac
    if ! "$HERE/engine.sh" --check "$e" 2>/dev/null; then
        echo "gen-containers: $e is not installed, skipped (run scripts/install-engines.sh)" >&2
        continue
    fi
    tmp="$(mktemp -d /tmp/gen-containers.XXXXXX)"
    if ! (cd "$tmp" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$HERE/engine.sh" "$e" "$gd" gen >"$tmp/gen.log" 2>&1) \
        || [ ! -s "$tmp/plain.sav" ]; then
        echo "gen-containers: $e: generation failed:" >&2; tail -n 20 "$tmp/gen.log" >&2
        failed=1; rm -rf "$tmp"; continue
    fi
    rm -f "$tmp/gen.log"
    out="$REPO/tests/fixtures/$e/containers"
    rm -rf "$out"; mkdir -p "$out"
    cp "$tmp"/* "$out/"
    rm -rf "$tmp"
    echo "gen-containers: $e: $(ls "$out" | wc -l) files in tests/fixtures/$e/containers" >&2
    ran=$((ran + 1))
done
[ $ran -gt 0 ] || { echo "gen-containers: no engine was run" >&2; exit 1; }
exit $failed
