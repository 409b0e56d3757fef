#!/usr/bin/env bash
# Live typed containers: Godot 4.6 assigns the TypedArray / TypedDictionary values we write to typed GDScript
# variables (var names: Array[String] = …), and sees the plain Vec we write beside them as untyped.
#
#   scripts/live-typed.sh      (exit 0 only if Godot 4.6 printed 5 OK lines and no FAIL)
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
cargo build --quiet --example typed_live || exit 2
if ! scripts/engine.sh --check godot-4.6 2>/dev/null; then
    echo "live-typed: godot-4.6: SKIPPED (not installed; scripts/install-engines.sh)"; exit 1
fi
dir="$(mktemp -d)"
target/debug/examples/typed_live "$dir/typed.sav" >/dev/null || exit 1
out="$(cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=120 "$root/scripts/engine.sh" godot-4.6 "$root/tests/gd/typed_check.gd" typed.sav 2>&1)"
rc=$?
rm -rf "$dir"
ok=$(grep -c '^OK ' <<<"$out")
grep '^FAIL' <<<"$out"
if [ "$rc" = 0 ] && [ "$ok" = 5 ]; then
    echo "live-typed: godot-4.6: OK (Array[String], Dictionary[String, int] and Array[Vector2] and Array[Dictionary] of a derived struct assigned to typed variables; the plain Vec untyped)"
else
    echo "live-typed: godot-4.6: FAIL (ok=$ok rc=$rc)"; tail -5 <<<"$out"; exit 1
fi
