#!/usr/bin/env bash
# A new user's first hour, checked with real engines: Godot writes a plain store_var save, and we read it the
# ways the README shows, then make the usual mistakes and check that the errors say what to do.
#
#   scripts/live-new-user.sh [ENGINE...]     ENGINE: godot-4.6, godot-3.6 (default: both)
#
# For each engine (its save from tests/gd/new_user_save.gd / new_user_save3.gd):
#   write      the engine writes the save with store_var
#   decode     `cargo run --features cli -- decode FILE`, no flags: detects the dialect and prints the values
#   struct     the README's quick start (framing::read_store_var into a derived struct; examples/new_user.rs)
#   jq         `decode --to json FILE | jq -c . | encode --from json --like FILE` gives the very bytes back
#   from_slice the mistake of reading a store_var file with from_slice: the error mentions store_var
#   dialect    the wrong dialect, in the CLI and in the API: the error names the right one
# One OK/FAIL line per check; exit status 0 only if every check of every engine is OK (an engine that is not
# installed is SKIPPED and makes the status 1, as in the other live scripts).
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
engines=("$@")
[ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6)
command -v jq >/dev/null || { echo "live-new-user: jq not found (apt-get install jq)"; exit 2; }
# What a new user types; built once here (into cargo's target directory, wherever CARGO_TARGET_DIR puts it) so
# that the checks below do not each print cargo's progress. The engines are found by scripts/engine.sh
# (scripts/engine-env.sh: GODOT_SID_ROOT if set, else the default chroot of scripts/install-engines.sh).
cargo build --quiet --features cli --bin godot-bin --example new_user || { echo "live-new-user: FAIL (build)"; exit 2; }
cli() { cargo run --quiet --features cli -- "$@"; }
new_user() { cargo run --quiet --features cli --example new_user -- "$@"; }
status=0
check() { # NAME ENGINE OK? DETAIL
    if [ "$3" = 0 ]; then echo "OK   $2 $1: $4"; else echo "FAIL $2 $1: $4"; status=1; fi
}
for engine in "${engines[@]}"; do
    case "$engine" in
        godot-4.6) dialect=godot4.6; wrong=godot3; gd=tests/gd/new_user_save.gd; save=new-user-godot4.sav
                   vec='Vector2(12.5, -3)' ;;
        godot-3.6) dialect=godot3; wrong=godot4.6; gd=tests/gd/new_user_save3.gd; save=new-user-godot3.sav
                   vec='Vector2( 12.5, -3 )' ;;
        *) echo "live-new-user: unknown engine $engine"; exit 2 ;;
    esac
    if ! why="$(scripts/engine.sh --check "$engine" 2>&1)"; then
        echo "live-new-user: $engine: SKIPPED (${why#engine.sh: })"; status=1; continue
    fi
    dir="$(mktemp -d)"
    f="$dir/$save"
    (cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=120 "$root/scripts/engine.sh" "$engine" "$root/$gd" >/dev/null 2>&1)
    [ -s "$f" ]; check write "$engine" $? "$save, $(stat -c %s "$f" 2>/dev/null || echo 0) bytes from store_var"

    out="$(cli decode "$f" 2>"$dir/err")"; rc=$?; err="$(cat "$dir/err")"
    grep -q "reading as $dialect, store_var/put_var stream (1 value(s)), detected" <<<"$err" &&
        grep -qF '"player": "Ayla"' <<<"$out" && grep -qF "$vec" <<<"$out" && [ "$rc" = 0 ]
    check decode "$engine" $? "no flags: stderr '${err%%$'\n'*}', stdout has \"player\": \"Ayla\" and $vec"

    out="$(new_user "$f" "$dialect" 2>&1)"; rc=$?
    [ "$rc" = 0 ] && [ "$out" = "player=Ayla level=3 hp=87.5 pos=(12.5, -3) inventory=sword,potion met_king=Some(true)" ]
    check struct "$engine" $? "read_store_var into struct Save: $out"

    cli decode --to json "$f" 2>/dev/null | jq -c . | cli encode --from json --like "$f" >"$dir/back.sav" 2>"$dir/err"
    cmp -s "$f" "$dir/back.sav"
    check jq "$engine" $? "decode --to json | jq -c . | encode --from json --like: $(stat -c %s "$dir/back.sav") bytes, $(cmp -s "$f" "$dir/back.sav" && echo identical || echo "DIFFERENT $(head -c 200 "$dir/err")")"

    out="$(new_user --from-slice "$f" "$dialect" 2>&1)"; rc=$?
    [ "$rc" = 1 ] && grep -q "store_var" <<<"$out"
    check from_slice "$engine" $? "${out:0:160}…"

    err="$(cli decode --dialect "$wrong" "$f" 2>&1 >/dev/null)"; rc=$?
    out="$(new_user "$f" "$wrong" 2>&1)"; rc2=$?
    [ "$rc" = 1 ] && grep -q "try --dialect $dialect" <<<"$err" && [ "$rc2" = 1 ] && grep -q "read cleanly as $dialect" <<<"$out"
    check dialect "$engine" $? "CLI --dialect $wrong: '…${err##*; }'; API: '…${out##*; }'"
    rm -rf "$dir"
done
exit $status
