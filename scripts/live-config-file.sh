#!/usr/bin/env bash
# Live ConfigFile interop: real engines' ConfigFile.load / load_encrypted_pass read the files godot_bin writes.
#
#   scripts/live-config-file.sh [ENGINE...]     ENGINE: godot-4.6, godot-3.6, godot-3.2.3 (default: all three)
#
# For each engine, examples/config_file_live.rs writes the values of the engine's own ConfigFile
# (tests/fixtures/<engine>/config_file: values.sav, values.cfg) again: from the saved values, re-read from
# the engine's text, through serde (maps of maps), and encrypted as save_encrypted_pass does (keys bare for
# Godot 3.2.3, whose reader does not take quoted keys). The engine loads each file with
# tests/gd/config_file*.gd's check mode and compares every section with the ConfigFile it builds itself.
# The CLI's files are read too: `godot-bin config-file --to config --password PW values.cfg` and the JSON of
# values.cfg written back `--like values.gdec` (encrypted again), both with the dialect detected.
# Exit status 0 only if every engine read every file back equal.
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6 godot-3.2.3)
cargo build --quiet --features containers --example config_file_live || exit 2
cargo build --quiet --features cli --bin godot-bin || exit 2
password="hunter2 é"   # tests/gd/config_file*.gd's PASSWORD
status=0
for engine in "${engines[@]}"; do
    case "$engine" in
        godot-4.6) dialect=godot4.6; keys=quoted; gd=tests/gd/config_file.gd ;;
        godot-3.6) dialect=godot3; keys=quoted; gd=tests/gd/config_file3.gd ;;
        godot-3.2.3) dialect=godot3; keys=bare; gd=tests/gd/config_file3.gd ;;
        *) echo "live-config-file: unknown engine $engine"; exit 2 ;;
    esac
    if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
        echo "live-config-file: $engine: SKIPPED (not installed; scripts/install-engines.sh)"; status=1; continue
    fi
    dir="$(mktemp -d)"
    if ! pairs="$(target/debug/examples/config_file_live "$dialect" "$keys" "tests/fixtures/$engine/config_file" "$dir")"; then
        echo "live-config-file: $engine: FAIL (could not write our files)"; status=1; rm -rf "$dir"; continue
    fi
    fix="tests/fixtures/$engine/config_file"
    bare=(); [ "$keys" = bare ] && bare=(--bare-keys)
    if ! target/debug/godot-bin config-file --to config "${bare[@]}" --password "$password" "$fix/values.cfg" -o "$dir/cli-pass.cfg" \
        || ! target/debug/godot-bin config-file "$fix/values.cfg" -o "$dir/cli.json" \
        || ! target/debug/godot-bin config-file --from json --to config "${bare[@]}" --like "$fix/values.gdec" \
            --password "$password" "$dir/cli.json" -o "$dir/cli-like.cfg"; then
        echo "live-config-file: $engine: FAIL (godot-bin could not write its files)"; status=1; rm -rf "$dir"; continue
    fi
    rm -f "$dir/cli.json"
    pairs="$pairs"$'\n'"cli-pass.cfg pass"$'\n'"cli-like.cfg pass"
    n=$(wc -l <<<"$pairs")
    # shellcheck disable=SC2086
    out="$(cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$root/scripts/engine.sh" "$engine" "$root/$gd" check $pairs 2>&1)"
    rc=$?
    ok=$(grep -c '^OK ' <<<"$out")
    fail=$(grep -c '^FAIL' <<<"$out")
    grep -E '^(FAIL|  )' <<<"$out"
    if [ "$rc" = 0 ] && [ "$fail" = 0 ] && [ "$ok" = "$n" ]; then
        echo "live-config-file: $engine: OK ($ok files we wrote read back equal: from the saved values, re-read, serde, encrypted, the CLI's encrypted)"
    else
        echo "live-config-file: $engine: FAIL (ok=$ok of $n, fail=$fail, rc=$rc)"; tail -5 <<<"$out"; status=1
    fi
    rm -rf "$dir"
done
exit $status
