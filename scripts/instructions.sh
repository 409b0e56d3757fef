#!/usr/bin/env bash
# Instructions per decode, counted by valgrind's callgrind (benches/instructions.rs): exact and the same on a
# loaded machine, so two builds compare change by change. Not times: ratios and engine-speed.sh measure those.
#
#   scripts/instructions.sh [CASE...]    default: every case (int, move, move-serde-floor, move-postcard, player,
#                                        player-postcard, state, state-postcard, variant)
#
# Each case runs at two lengths; the difference of the two counts over the difference of the lengths is the
# count per operation (building the data and the process's set-up drop out). Exit status 3 when valgrind is
# missing (Debian: apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "valgrind is not installed (Debian: apt-get install valgrind)"; exit 3; }
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(int move move-serde-floor move-postcard player player-postcard state state-postcard variant)
bin=$(cargo bench --bench instructions --no-run 2>&1 | tee /dev/stderr | sed -n 's/.*Executable .*(\(.*\))$/\1/p' | tail -1)
[ -x "$bin" ] || { echo "the instructions bench did not build"; exit 1; }
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" "$2" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '%-18s %16s\n' case "instructions/op"
for c in "${cases[@]}"; do
    case $c in
        state*|variant) short=1; long=3 ;;
        *) short=20000; long=120000 ;;
    esac
    a=$(count "$c" $short); b=$(count "$c" $long)
    [ -n "$a" ] && [ -n "$b" ] || { echo "$c: no count (did the case fail?)"; exit 1; }
    printf '%-18s %16d\n' "$c" $(( (b - a) / (long - short) ))
done
