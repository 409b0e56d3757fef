#!/usr/bin/env bash
# (Re)generate engine-written fixtures for every installed engine (or the ones named).
#
#   scripts/gen.sh KIND [ENGINE...]      ENGINE: godot-3.2.3 godot-3.6 godot-4.6 (default: all three)
#
# KIND, each writing under tests/fixtures/<engine>/:
#   fixtures      values.tsv    values the engine encoded (tests/gd/gen_values.gd / gen_values3.gd)
#                 probes.tsv    what the engine's decoder does with truncated / mutated / hostile inputs made
#                               from that values.tsv by scripts/make_probes.py, run by scripts/run_probes.py
#                 crashes.tsv   probes that crashed or hung the engine (left out of probes.tsv)
#                 Object instance ids (ID mode) and 3.x NodePath padding bytes differ from run to run.
#   containers    containers/*: files the engine wrote with FileAccessCompressed (GCPF, all four modes) and
#                 FileAccessEncrypted (GDEC, password and raw key), and the same content as a plain file
#                 (tests/gd/gen_containers.gd / gen_containers3.gd; the script's header lists the files).
#                 Encrypted files of Godot 4 carry a random IV, so they change on every run.
#   config-file   config_file/*: files the engine wrote with ConfigFile.save / save_encrypted_pass, what its
#                 ConfigFile.load / parse read (as store_var of {section: {key: value}}), and hand-made texts
#                 (tests/gd/config_file.gd / config_file3.gd). values.gdec of Godot 4 carries a random IV.
#   json          json/*: JSON saves the engine wrote with JSON.stringify (4.x) / to_json and JSON.print (3.x): the
#                 "Saving games" manual's one object per line, and one document in several styles (indents, sorted
#                 keys, full precision), with what JSON.parse_string / parse_json read (parsed.tsv), and how the
#                 engine writes floats (floats.tsv) and strings (strings.tsv) (tests/gd/gen_json.gd / gen_json3.gd).
#   streams       streams/*: store_var files the engine wrote with big-endian lengths (FileAccess.big_endian /
#                 File.endian_swap) and the same values little-endian, and StreamPeerBuffer.put_var with
#                 big_endian (tests/gd/gen_streams.gd / gen_streams3.gd).
#   web           web/*: the game saves of the browser tests (web/browser): Godot 4.6 save.gdec (encrypted with
#                 a password), Godot 3.6 save.gcpf (compressed), each with save.sav, the same content plain
#                 (tests/gd/gen_web_saves.gd / gen_web_saves3.gd). Godot 3.6 and 4.6 only (the default).
#                 save.gdec carries a random IV; Godot 3's NodePath padding bytes differ from run to run.
#   resources     resources/*: custom-Resource saves by ResourceSaver (.tres, .res, compressed .res, big-endian,
#                 bundled; the other RSCC modes), each with FILE.dump.txt (what a fresh engine loads from it),
#                 hostile saves that run code when loaded, their payload scripts, files.tsv and a generated
#                 README.md (tests/gd/gen_resources.gd / gen_resources3.gd, then scripts/resource_readme.py).
#                 Deterministic, except the UIDs of the editor_* files (Godot 4.6, saved by the editor).
# Everything else is deterministic. Engines that are not installed are skipped with a message (install:
# scripts/install-engines.sh); the exit status is non-zero if none could be run or a step failed.
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
FIX="$REPO/tests/fixtures"

kind="${1:-}"
case "$kind" in
    fixtures|containers|config-file|json|streams|web|resources) shift ;;
    *) sed -n '2,36p' "$0" >&2; exit 2 ;;
esac
engines=("$@")
if [ ${#engines[@]} -eq 0 ]; then
    if [ "$kind" = web ]; then engines=(godot-3.6 godot-4.6); else engines=(godot-3.2.3 godot-3.6 godot-4.6); fi
fi

# fixtures: the engine's values, then the probes made from them.
gen_fixtures() {
    local e=$1 gen dialect t0 t1 tmp rc nvals nfail
    case "$e" in
        godot-4*) gen="$REPO/tests/gd/gen_values.gd"; dialect=4 ;;
        godot-3*) gen="$REPO/tests/gd/gen_values3.gd"; dialect=3 ;;
    esac
    t0=$(date +%s.%N)
    tmp="$(mktemp -d /tmp/gen-fixtures.XXXXXX)"
    (cd "$tmp" && ENGINE_TIMEOUT=300 "$HERE/engine.sh" "$e" "$gen" values.tsv >"$tmp/gen.log" 2>&1)
    rc=$?
    if [ $rc -ne 0 ] || [ ! -s "$tmp/values.tsv" ]; then
        echo "gen fixtures: $e: value generation failed (exit $rc):" >&2
        grep -v -E '^\s+(at|At):' "$tmp/gen.log" | tail -n 20 >&2
        rm -rf "$tmp"
        return 1
    fi
    mkdir -p "$FIX/$e"
    cp "$tmp/values.tsv" "$FIX/$e/values.tsv"
    nvals=$(grep -c -v '^#' "$FIX/$e/values.tsv")
    nfail=$(grep -c '^# encode-failed' "$FIX/$e/values.tsv" || true)
    python3 "$HERE/make_probes.py" "$dialect" "$FIX/$e/values.tsv" "$tmp/probes_in.tsv" || { rm -rf "$tmp"; return 1; }
    python3 "$HERE/run_probes.py" "$e" "$tmp/probes_in.tsv" "$FIX/$e" || { rm -rf "$tmp"; return 1; }
    rm -rf "$tmp"
    t1=$(date +%s.%N)
    printf 'gen fixtures: %s: %d values (+%d encode failures), %d probes, %d crashes, %.1f s\n' "$e" "$nvals" "$nfail" \
        "$(grep -c -v '^#' "$FIX/$e/probes.tsv")" "$(grep -c -v '^#' "$FIX/$e/crashes.tsv")" \
        "$(echo "$t1 - $t0" | bc)" >&2
}

# containers, config-file: the GDScript's gen mode writes a folder of files, copied whole into the fixtures.
# Args: ENGINE SUBDIR GD4 GD3 REQUIRED_FILE...
gen_folder() {
    local e=$1 sub=$2 gd4=$3 gd3=$4 gd tmp out f
    shift 4
    case "$e" in
        godot-4*) gd="$REPO/tests/gd/$gd4" ;;
        godot-3*) gd="$REPO/tests/gd/$gd3" ;;
    esac
    tmp="$(mktemp -d "/tmp/gen-$kind.XXXXXX")"
    local ok=1
    (cd "$tmp" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$HERE/engine.sh" "$e" "$gd" gen >"$tmp/gen.log" 2>&1) || ok=0
    for f in "$@"; do [ -s "$tmp/$f" ] || ok=0; done
    if [ "$ok" = 0 ]; then
        echo "gen $kind: $e: generation failed:" >&2; tail -n 20 "$tmp/gen.log" >&2
        rm -rf "$tmp"; return 1
    fi
    rm -f "$tmp/gen.log"
    out="$FIX/$e/$sub"
    rm -rf "$out"; mkdir -p "$out"
    cp "$tmp"/* "$out/"
    rm -rf "$tmp"
    echo "gen $kind: $e: $(ls "$out" | wc -l) files in tests/fixtures/$e/$sub" >&2
}

# resources: two engine runs in one folder (gen, then dump in a fresh engine); only the files that files.tsv
# lists, and their dumps, are kept (a run may leave other files behind, e.g. Godot 3.2.3 puts user:// there).
gen_resources() {
    local e=$1 gd tmp out f ok=1 dump
    case "$e" in
        godot-4*) gd="$REPO/tests/gd/gen_resources.gd" ;;
        godot-3*) gd="$REPO/tests/gd/gen_resources3.gd" ;;
    esac
    tmp="$(mktemp -d /tmp/gen-resources.XXXXXX)"
    (cd "$tmp" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$HERE/engine.sh" "$e" "$gd" gen >"$tmp/gen.log" 2>&1) || ok=0
    [ -s "$tmp/files.tsv" ] || ok=0
    if [ "$ok" = 1 ]; then
        (cd "$tmp" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$HERE/engine.sh" "$e" "$gd" dump >>"$tmp/gen.log" 2>&1) || ok=0
    fi
    out="$FIX/$e/resources"
    if [ "$ok" = 1 ]; then
        rm -rf "$out"; mkdir -p "$out"
        cp "$tmp/files.tsv" "$out/"
        while IFS=$'\t' read -r f _ _ _ dump _; do
            case "$f" in '#'*|'') continue ;; esac
            for x in "$f" "$dump"; do
                [ "$x" = - ] && continue
                if [ -f "$tmp/$x" ]; then cp "$tmp/$x" "$out/"; else echo "gen resources: $e: $x missing" >&2; ok=0; fi
            done
        done <"$tmp/files.tsv"
        python3 "$HERE/resource_readme.py" "$out" "$("$HERE/engine.sh" --version "$e")" || ok=0
    fi
    if [ "$ok" = 0 ]; then
        echo "gen resources: $e: generation failed:" >&2; grep -v -E '^\s+(at|At):' "$tmp/gen.log" | tail -n 20 >&2
        rm -rf "$tmp"; return 1
    fi
    rm -rf "$tmp"
    echo "gen resources: $e: $(ls "$out" | wc -l) files, $(du -sb --apparent-size "$out" | cut -f1) bytes in tests/fixtures/$e/resources" >&2
}

ran=0
failed=0
for e in "${engines[@]}"; do
    case "$e" in
        godot-3*|godot-4*) ;;
        *) echo "gen $kind: unknown engine $e" >&2; failed=1; continue ;;
    esac
    if ! "$HERE/engine.sh" --check "$e" 2>/dev/null; then
        echo "gen $kind: $e is not installed, skipped (run scripts/install-engines.sh)" >&2
        continue
    fi
    case "$kind" in
        fixtures) gen_fixtures "$e" ;;
        containers) gen_folder "$e" containers gen_containers.gd gen_containers3.gd plain.sav ;;
        config-file) gen_folder "$e" config_file config_file.gd config_file3.gd values.cfg loaded.sav ;;
        resources) gen_resources "$e" ;;
        json) gen_folder "$e" json gen_json.gd gen_json3.gd lines.json parsed.tsv floats.tsv strings.tsv ;;
        streams) gen_folder "$e" streams gen_streams.gd gen_streams3.gd big_endian.sav little_endian.sav peer_be.bin ;;
        web)
            case "$e" in
                godot-4*) gen_folder "$e" web gen_web_saves.gd gen_web_saves3.gd save.sav save.gdec ;;
                *) gen_folder "$e" web gen_web_saves.gd gen_web_saves3.gd save.sav save.gcpf ;;
            esac ;;
    esac || { failed=1; continue; }
    ran=$((ran + 1))
done
[ $ran -gt 0 ] || { echo "gen $kind: no engine was run" >&2; exit 1; }
exit $failed
