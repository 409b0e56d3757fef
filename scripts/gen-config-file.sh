#!/usr/bin/env bash
# (Re)generate the ConfigFile fixtures: files real engines wrote with ConfigFile.save / save_encrypted_pass,
# what their ConfigFile.load / parse read (as store_var of {section: {key: value}}), and hand-made texts.
#
#   scripts/gen-config-file.sh [ENGINE...]    ENGINE: godot-3.2.3 godot-3.6 godot-4.6 (default: all three)
#
# Writes tests/fixtures/<engine>/config_file/* with tests/gd/config_file.gd (4.x) / config_file3.gd (3.x);
# the script's header lists the files.  values.gdec of Godot 4 carries a random IV, so it changes on every
# run; everything else is deterministic.  Engines that are not installed are skipped with a message.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
engines=("$@")
[ ${#engines[@]} -eq 0 ] && engines=(godot-3.2.3 godot-3.6 godot-4.6)
ran=0
failed=0
for e in "${engines[@]}"; do
    case "$e" in
        godot-4*) gd="$REPO/tests/gd/config_file.gd" ;;
        godot-3*) gd="$REPO/tests/gd/config_file3.gd" ;;
        *) echo "gen-config-file: unknown engine $e" >&2; failed=1; continue ;;
    esac
    if ! "$HERE/engine.sh" --check "$e" 2>/dev/null; then
        echo "gen-config-file: $e is not installed, skipped (run scripts/install-engines.sh)" >&2
        continue
    fi
    tmp="$(mktemp -d /tmp/gen-config-file.XXXXXX)"
    if ! (cd "$tmp" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$HERE/engine.sh" "$e" "$gd" gen >"$tmp/gen.log" 2>&1) \
        || [ ! -s "$tmp/values.cfg" ] || [ ! -s "$tmp/loaded.sav" ]; then
        echo "gen-config-file: $e: generation failed:" >&2; tail -n 20 "$tmp/gen.log" >&2
        failed=1; rm -rf "$tmp"; continue
    fi
    rm -f "$tmp/gen.log"
    out="$REPO/tests/fixtures/$e/config_file"
    rm -rf "$out"; mkdir -p "$out"
    cp "$tmp"/* "$out/"
    rm -rf "$tmp"
    echo "gen-config-file: $e: $(ls "$out" | wc -l) files in tests/fixtures/$e/config_file" >&2
    ran=$((ran + 1))
done
[ $ran -gt 0 ] || { echo "gen-config-file: no engine was run" >&2; exit 1; }
exit $failed
