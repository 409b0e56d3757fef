#!/usr/bin/env bash
# Writes src/forms/schema/gdscript/native_classes.txt: the native class and singleton names of Godot 4.6,
# 3.6 and 3.2.3 (tests/gd/class_names.gd run in each engine), unioned, sorted, one per line. The GDScript
# emitter never names a class or a field like one of them. Run it again when an engine is added.
#
#   scripts/gdscript-names.sh [ENGINE...]   (default: godot-4.6 godot-3.6 godot-3.2.3)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6 godot-3.2.3)
out="$root/src/forms/schema/gdscript/native_classes.txt"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for engine in "${engines[@]}"; do
    (cd "$tmp" && ENGINE_QUIET=1 ENGINE_TIMEOUT=120 "$root/scripts/engine.sh" "$engine" "$root/tests/gd/class_names.gd") \
        | sed -n 's/^CLASS //p' | tr -d '\r' >"$tmp/$engine.txt"
    n=$(wc -l <"$tmp/$engine.txt")
    [ "$n" -gt 100 ] || { echo "gdscript-names: $engine printed only $n names" >&2; exit 1; }
    echo "gdscript-names: $engine: $n names" >&2
done
cat "$tmp"/*.txt | LC_ALL=C sort -u >"$out"
echo "gdscript-names: $(wc -l <"$out") names in ${out#"$root"/}" >&2
