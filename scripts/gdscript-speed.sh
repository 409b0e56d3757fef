#!/usr/bin/env bash
# The speed of generated GDScript in Godot 4.6: from_variant + to_variant of each value that
# `scripts/live.sh gdscript` checks (a message `Msg`, a save `Save` of every Godot type), against the engine's
# own bytes_to_var of the same bytes, and a client's round trip with the generated class and with plain
# Dictionaries (tests/gd/gdscript_speed.gd prints what each line is).
#
#   scripts/gdscript-speed.sh [COUNT [REPS [DIALECT]]]    defaults: 200 15 godot4.6
#
# Exit status: 3 when Godot 4.6 is not installed (scripts/install-engines.sh), else the first failure's.
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT="${1:-200}"
REPS="${2:-15}"
DIALECT="${3:-godot4.6}"
scripts/engine.sh --check godot-4.6 || exit $?
cargo build --quiet -p godot_bin_tools
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
target/debug/gdscript_live prepare "$DIALECT" "$tmp" "$COUNT" 1
cp tests/gd/gdscript_speed.gd "$tmp/"
echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# engine: $(scripts/engine.sh --version godot-4.6), dialect $DIALECT, $COUNT values per type, $REPS rounds"
(cd "$tmp" && ENGINE_QUIET=1 "$OLDPWD/scripts/engine.sh" godot-4.6 gdscript_speed.gd "$REPS" msg,save)
