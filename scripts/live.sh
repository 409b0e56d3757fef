#!/usr/bin/env bash
# Live checks against real engines (installed by scripts/install-engines.sh, run by scripts/engine.sh).
#
#   scripts/live.sh CHECK [ENGINE...]      ENGINE: godot-4.6, godot-3.6, godot-3.2.3
#   scripts/live.sh all                    every check with the engines .ci/run uses
#
# CHECK (each described at its function below; the default engines in parentheses):
#   roundtrip    the engine decodes and re-encodes values we encode, byte-identical (all three)
#   serde        the engine reads store_var files our serde Serializer wrote (godot-4.6 godot-3.6)
#   net          StreamPeerTCP / PacketPeerStream clients against examples/tcp_server, saves both ways,
#                migrate_save byte-identical to Godot 4.6 (godot-4.6 godot-3.6)
#   text         the engine's str_to_var reads the text we print back to the very bytes (godot-4.6 godot-3.6)
#   containers   the engine opens the encrypted and compressed files we write (all three)
#   config-file  the engine's ConfigFile.load / load_encrypted_pass read the ConfigFile text we write (all three)
#   typed        Godot 4.6 assigns our TypedArray / TypedDictionary values to typed variables (godot-4.6 only)
#   gdscript     GDScript generated from Rust types reads our values, checks every field, writes them back
#                byte-identical, refuses wrong values with their path (all three)
#   new-user     a new user's first hour: the README's ways to read a save, and the usual mistakes
#                (godot-4.6 godot-3.6)
#   schema       every engine-written save and state in the fixtures: the Rust that `godot-bin schema`
#                infers from it compiles and reads it back byte-identical (no engine needed)
#   resources    the hostile Resource saves of tests/fixtures/<engine>/resources run their code when the engine
#                loads them (a marker file appears), the forms an engine refuses are refused, the ones
#                (.res and .tres) stripped by `godot-bin check --strip` load and run nothing, and saves
#                (.res, compressed .res, .tres) edited through `decode --to json | encode --like` load with
#                the edits (all three); in Godot 4.6, Godot 3.6's saves edited so and migrated by
#                `godot-bin convert --to-dialect godot4` load with the edits
# The Rust halves are the binaries of tools/ (cargo build -p godot_bin_tools), the examples and the CLI.
# Exit status 0 only if every check ran and passed (an engine that is not installed makes it non-zero).
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

# Run by check_roundtrip, once per engine:
#
#   engine_roundtrip ENGINE IN.tsv OUT.tsv
#
# ENGINE: godot-3.2.3, godot-3.6 or godot-4.6 (install with scripts/install-engines.sh).
# IN.tsv lines:  id<TAB>allow_objects(0/1)<TAB>hex         ('#' lines and blank lines are skipped)
# OUT.tsv lines: id<TAB>accepted(0/1)<TAB>reencoded_hex    (- = rejected, ! = accepted but re-encoding failed)
# Runs unattended (stdin is not read).  Exit status: 0 = every line processed; 3 = engine not installed;
# 1 = the engine crashed/hung part-way (OUT.tsv then holds the lines done so far and the message names
# the id that was being decoded); 2 = usage error.  ENGINE_TIMEOUT (seconds, default 900) bounds the run.
engine_roundtrip() (
    if [ $# -ne 3 ]; then
        echo "usage: engine_roundtrip ENGINE IN.tsv OUT.tsv" >&2
        exit 2
    fi
    ENGINE="$1"; IN="$2"; OUT="$3"
    [ -f "$IN" ] || { echo "live-roundtrip: input $IN not found" >&2; exit 2; }
    "$root/scripts/engine.sh" --check "$ENGINE" || exit 3
    case "$ENGINE" in
        godot-4*) SCRIPT="$root/tests/gd/roundtrip.gd" ;;
        *) SCRIPT="$root/tests/gd/roundtrip3.gd" ;;
    esac

    tmp="$(mktemp -d /tmp/godot-roundtrip.XXXXXX)"
    trap 'rm -rf "$tmp"' EXIT
    cp "$IN" "$tmp/roundtrip_in.tsv"
    (cd "$tmp" && "$root/scripts/engine.sh" "$ENGINE" "$SCRIPT" roundtrip_in.tsv roundtrip_out.tsv \
        </dev/null >"$tmp/stdout.log" 2>"$tmp/stderr.log")
    rc=$?
    touch "$tmp/roundtrip_out.tsv"
    cp "$tmp/roundtrip_out.tsv" "$OUT"

    want=$(grep -c -v -E '^(#|$)' "$IN" || true)
    got=$(grep -c -v -E '^$' "$OUT" || true)
    if [ "$got" -ne "$want" ] || [ "$rc" -ne 0 ]; then
        last=$(grep -o -E '^@@P [0-9]+' "$tmp/stderr.log" | tail -n 1 | cut -d' ' -f2)
        id="?"
        if [ -n "$last" ]; then
            id=$(grep -v -E '^(#|$)' "$IN" | sed -n "$((last + 1))p" | cut -f1)
        fi
        echo "live-roundtrip: $ENGINE stopped after $got of $want values (exit $rc); it was decoding id '$id'" >&2
        grep -v '^@@P ' "$tmp/stderr.log" | tail -n 20 >&2
        exit 1
    fi
    if grep -q -P '^[^\t]*\tE\t' "$OUT"; then
        echo "live-roundtrip: warning: the driver hit a script error on some values (accepted = E)" >&2
    fi
    echo "live-roundtrip: $ENGINE: $got values, $(grep -c -P '^[^\t]*\t1\t' "$OUT" || true) accepted -> $OUT" >&2
    exit 0
)

# The engine decodes and re-encodes LIVE_COUNT (default 2000) seeded random values of every type the dialect
# has (seed LIVE_SEED, default 1), which tools/src/bin/live_roundtrip.rs writes; it then requires every value
# accepted and re-encoded byte-identically. Files and logs: target/live/.
check_roundtrip() (
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-3.2.3 godot-3.6 godot-4.6)
    mkdir -p target/live
    failed=0
    for engine in "${engines[@]}"; do
        case "$engine" in
            godot-4.6) dialect=godot4.6 ;;
            godot-3.6|godot-3.2.3) dialect=godot3 ;;
            *) echo "live roundtrip: unknown engine $engine"; exit 2 ;;
        esac
        ours=target/live/$engine-ours.tsv; theirs=target/live/$engine-engine.tsv
        target/debug/live_roundtrip gen "$dialect" "$ours" "${LIVE_COUNT:-2000}" "${LIVE_SEED:-1}" || { failed=1; continue; }
        if ! engine_roundtrip "$engine" "$ours" "$theirs" > "target/live/$engine.log" 2>&1; then
            echo "live roundtrip: $engine failed to run; last lines of its log:"; tail -20 "target/live/$engine.log"; failed=1; continue
        fi
        target/debug/live_roundtrip check "$engine" "$ours" "$theirs" || failed=1
    done
    exit $failed
)

# Live serde interop: files we write with godot_bin's serde Serializer and FileAccess.store_var framing are
# read by real engines with get_var and compared, value by value, with the values the engine builds itself.
#
# For each engine: tools/src/bin/serde_live.rs writes the game state of tests/gd/gen_serde*.gd (and five more
# values) as Rust structs into two store_var files, one with little-endian lengths and one with big-endian
# lengths (FileAccess.big_endian / File.endian_swap); the GDScript's check mode get_var's every value and
# prints OK/FAIL per value. Exit status 0 only if every engine read every value back equal.
check_serde() (
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6)
    status=0
    for engine in "${engines[@]}"; do
        case "$engine" in
            godot-4.6) dialect=godot4.6; gd=tests/gd/gen_serde.gd ;;
            godot-3.6|godot-3.2.3) dialect=godot3; gd=tests/gd/gen_serde3.gd ;;
            *) echo "live-serde: unknown engine $engine"; exit 2 ;;
        esac
        if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
            echo "live-serde: $engine: SKIPPED (not installed; scripts/install-engines.sh)"; status=1; continue
        fi
        dir="$(mktemp -d)"
        target/debug/serde_live "$dialect" "$dir/ours-le.sav" le >/dev/null &&
            target/debug/serde_live "$dialect" "$dir/ours-be.sav" be >/dev/null || { status=1; continue; }
        out="$(cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=600 "$root/scripts/engine.sh" "$engine" "$root/$gd" check ours-le.sav le ours-be.sav be 2>&1)"
        rc=$?
        ok=$(grep -c '^OK ' <<<"$out")
        fail=$(grep -c '^FAIL' <<<"$out")
        grep '^FAIL' <<<"$out"
        if [ "$rc" = 0 ] && [ "$fail" = 0 ] && [ "$ok" = 12 ]; then
            echo "live-serde: $engine: OK ($ok values read back equal from our store_var files, LE and BE lengths)"
        else
            echo "live-serde: $engine: FAIL (ok=$ok fail=$fail rc=$rc)"; tail -5 <<<"$out"; status=1
        fi
        rm -rf "$dir"
    done
    exit $status
)

# Live network and save-file interop with real engines.
#
# For each engine (Godot 3.2.3 runs the Godot 3 scripts too):
#   net   examples/tcp_server (tokio, godot_bin::tokio_codec) listens on 127.0.0.1 on a free port; the engine
#         runs tests/gd/net_client.gd (net_client3.gd for 3.x) headless in `stream` mode, which connects with
#         StreamPeerTCP, put_var's game-state messages and get_var's the replies. The server checks every message
#         decodes to the expected Rust value; the client checks every reply is byte-for-byte the GDScript value
#         it builds. The client opens with a message the server does not know, at once followed by its hello:
#         the server must skip it (one "unknown skipped") and answer the hello, not drop the client.
#   packet the same with PacketPeerStream framing: tcp_server --framing packet-stream (PacketStreamCodec)
#         against the same client in `packet` mode, a PacketPeerStream wrapping a StreamPeerTCP that
#         put_var's / get_var's the messages (three inputs in one burst, checking get_available_packet_count()).
#   load  examples/save_game writes a store_var save; the engine loads it (tests/gd/save_check*.gd) and
#         compares each value with the one it builds.
#   read  the engine writes a fresh save (tests/gd/make_save*.gd); examples/save_game reads it into serde
#         structs and compares with the expected Rust values.
# With both engines: Godot 3.6 writes a fresh save, examples/migrate_save converts it to Godot 4, and the
# result must be byte-identical to what Godot 4.6 writes for the same game state (tests/gd/make_save3_in4.gd).
#
# Everything is time-bounded (the server exits after its clients or 60 s; engine runs are killed after
# ENGINE_TIMEOUT, default 90 s). Exit status 0 only if every check passed; the last line is a summary.
# Logs: target/live-net/.
check_net() (
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6)
    export ENGINE_QUIET=1 ENGINE_TIMEOUT="${ENGINE_TIMEOUT:-90}"
    logs="$root/target/live-net"
    rm -rf "$logs" && mkdir -p "$logs"
    # --all-features: the same build as `cargo test --all-features` (CI), so nothing is rebuilt.
    cargo build --quiet --all-features --example tcp_server --example save_game --example migrate_save || {
        echo "live-net: FAIL (build)"; exit 2; }
    bin="$root/target/debug/examples"
    results=()
    failed=0
    note() { results+=("$1"); case "$1" in *FAIL*|*SKIPPED*) failed=1 ;; esac; }

    # Runs the engine client against a fresh server; echoes "ok" or a reason. KIND: net (put_var framing, the
    # client runs in stream mode) or packet (PacketPeerStream framing, packet mode); the client's summary line is
    # "net_client (MODE): ...".
    net_check() {
        local engine=$1 dialect=$2 gd=$3 dir=$4 kind=$5
        local framing=var mode=stream
        [ "$kind" = packet ] && framing=packet-stream mode=packet
        local srv_out="$logs/$engine-$kind-server.log" cl_out="$logs/$engine-$kind-client.log"
        "$bin/tcp_server" 0 --dialect "$dialect" --framing "$framing" --clients 1 --timeout 60 >"$srv_out" 2>&1 &
        local srv=$!
        local port="" i
        for i in $(seq 1 200); do
            port=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' "$srv_out")
            [ -n "$port" ] && break
            kill -0 "$srv" 2>/dev/null || break
            sleep 0.05
        done
        if [ -z "$port" ]; then
            kill "$srv" 2>/dev/null; wait "$srv" 2>/dev/null
            echo "server did not start"; return
        fi
        (cd "$dir" && timeout -k 5 $((ENGINE_TIMEOUT + 30)) "$root/scripts/engine.sh" "$engine" "$root/$gd" "$mode" "$port" "$engine") >"$cl_out" 2>&1
        local cl_rc=$?
        # The server exits once its client is done (or after its own 60 s limit); wait at most 70 s for it, 2 s if
        # the client failed (it may never have connected).
        local ticks=700
        [ "$cl_rc" = 0 ] || ticks=20
        for i in $(seq 1 "$ticks"); do kill -0 "$srv" 2>/dev/null || break; sleep 0.1; done
        if kill -0 "$srv" 2>/dev/null; then kill "$srv" 2>/dev/null; fi
        wait "$srv"
        local srv_rc=$?
        local cl_sum srv_sum
        cl_sum=$(grep "^net_client ($mode):" "$cl_out" | tail -1)
        srv_sum=$(grep '^tcp_server:' "$srv_out" | tail -1)
        grep -E '^(FAIL|MISMATCH)' "$cl_out" "$srv_out" | head -5 >&2
        if [ "$cl_rc" = 0 ] && [ "$srv_rc" = 0 ] && [ "$cl_sum" = "net_client ($mode): 5 ok, 0 fail" ] \
            && [[ "$srv_sum" == "tcp_server: OK ("*", $framing): 1/1 clients finished, 5 messages checked, 1 unknown skipped, 0 mismatches" ]]; then
            echo "ok"
        else
            echo "client rc=$cl_rc '${cl_sum:-no summary}', server rc=$srv_rc '${srv_sum:-no summary}'"
        fi
    }

    have=()
    for engine in "${engines[@]}"; do
        case "$engine" in
            godot-4.6) dialect=godot4.6; gd3=""; check=tests/gd/save_check.gd; make=tests/gd/make_save.gd; made=save-godot4.6.sav ;;
            godot-3.6|godot-3.2.3) dialect=godot3; gd3=3; check=tests/gd/save_check3.gd; make=tests/gd/make_save3.gd; made=save-godot3.6.sav ;;
            *) echo "live-net: unknown engine $engine (godot-4.6, godot-3.6, godot-3.2.3)"; exit 2 ;;
        esac
        if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
            note "$engine SKIPPED (not installed; scripts/install-engines.sh)"; continue
        fi
        have+=("$engine")
        dir="$(mktemp -d)"

        r=$(net_check "$engine" "$dialect" "tests/gd/net_client$gd3.gd" "$dir" net)
        if [ "$r" = ok ]; then note "$engine net OK (an unknown message skipped, then 5 each way)"; else note "$engine net FAIL: $r"; fi
        r=$(net_check "$engine" "$dialect" "tests/gd/net_client$gd3.gd" "$dir" packet)
        if [ "$r" = ok ]; then note "$engine packet OK (an unknown message skipped, then 5 each way)"; else note "$engine packet FAIL: $r"; fi

        # load: the engine get_var's a save we wrote.
        "$bin/save_game" write "$dialect" "$dir/ours.sav" >"$logs/$engine-save-write.log" 2>&1
        (cd "$dir" && timeout -k 5 $((ENGINE_TIMEOUT + 30)) "$root/scripts/engine.sh" "$engine" "$root/$check" ours.sav) \
            >"$logs/$engine-save-check.log" 2>&1
        rc=$?
        if [ "$rc" = 0 ] && grep -qx 'save_check: 2 ok, 0 fail' "$logs/$engine-save-check.log"; then
            note "$engine load OK"
        else
            note "$engine load FAIL (rc=$rc: $(grep -E '^(FAIL|save_check)' "$logs/$engine-save-check.log" | head -3 | tr '\n' ' '))"
        fi

        # read: we read a save the engine just wrote.
        (cd "$dir" && timeout -k 5 $((ENGINE_TIMEOUT + 30)) "$root/scripts/engine.sh" "$engine" "$root/$make") \
            >"$logs/$engine-make-save.log" 2>&1
        if [ -f "$dir/$made" ] && "$bin/save_game" read "$dialect" "$dir/$made" >"$logs/$engine-save-read.log" 2>&1; then
            note "$engine read OK"
            cp "$dir/$made" "$logs/$engine-made.sav"
        else
            note "$engine read FAIL ($(tail -1 "$logs/$engine-save-read.log" 2>/dev/null || echo 'no save written'))"
        fi
        rm -rf "$dir"
    done

    # migrate: Godot 3.6's fresh save, converted by us, against Godot 4.6's own save of the same state.
    if [ -f "$logs/godot-3.6-made.sav" ] && [[ " ${have[*]} " == *" godot-4.6 "* ]]; then
        dir="$(mktemp -d)"
        (cd "$dir" && timeout -k 5 $((ENGINE_TIMEOUT + 30)) "$root/scripts/engine.sh" godot-4.6 "$root/tests/gd/make_save3_in4.gd") \
            >"$logs/migrate-make.log" 2>&1
        if [ -f "$dir/save-godot3.6-as-godot4.6.sav" ] && "$bin/migrate_save" "$logs/godot-3.6-made.sav" "$logs/migrated.sav" \
            "$dir/save-godot3.6-as-godot4.6.sav" >"$logs/migrate.log" 2>&1; then
            note "migrate OK (byte-identical to Godot 4.6's save)"
        else
            note "migrate FAIL ($(tail -1 "$logs/migrate.log" 2>/dev/null || echo 'Godot 4.6 wrote no save'))"
        fi
        rm -rf "$dir"
    fi

    summary=$(IFS=';'; echo "${results[*]}" | sed 's/;/; /g')
    if [ "$failed" = 0 ] && [ ${#results[@]} -gt 0 ]; then
        echo "live-net: OK - $summary"
    else
        echo "live-net: FAIL - $summary"
        exit 1
    fi
)

# Live check of godot-bin's text form, promise 1: text that godot-bin prints, read by the engine's own
# str_to_var (str2var) and written with var_to_bytes (var2bytes), gives back exactly the bytes godot-bin
# decoded.
#
# Values: LIVE_TEXT_COUNT (default 2000) seeded random values of every type the dialect has (the generator of
# tools/src/bin/live_roundtrip.rs, seed LIVE_SEED, default 1), as many floats from random bit patterns (as float,
# Vector3 and Color components, PackedFloat32Array elements), plus every engine-written value of
# tests/fixtures/<engine>/text.tsv and the sample saves. tools/src/bin/live_text.rs decodes each and prints it with
# text::to_text_exact (what `godot-bin decode --to text --exact` prints); values with no exact text form
# (objects by instance id, NaN payloads, floats the engine's parser cannot produce, RIDs in 3.x, non-empty
# Signals) are counted and skipped. The expected bytes are our encoding of the decoded value. Godot 3 writes
# NodePath names with uninitialised padding bytes: such results are accepted when they decode to the same
# value, and counted apart.
# Prints counts per engine; exit 0 if every value matched, 1 on any mismatch, 3 if an engine is not installed.
check_text() (
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6)
    COUNT="${LIVE_TEXT_COUNT:-2000}"
    SEED="${LIVE_SEED:-1}"

    TOOL="$root/target/debug/live_text"

    work="$(mktemp -d /tmp/godot-live-text.XXXXXX)"
    if [ "${LIVE_TEXT_KEEP:-0}" = 1 ]; then echo "live-text: keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
    failed=0

    for engine in "${engines[@]}"; do
        case "$engine" in
            godot-4.6) dialect=godot4.6; script=tests/gd/live_text.gd; fixtures=tests/fixtures/godot-4.6/text.tsv
                       saves=(examples/data/save-godot4.6.sav tests/fixtures/cli/save-godot3.6-as-godot4.6.sav) ;;
            godot-3.6|godot-3.2.3) dialect=godot3; script=tests/gd/live_text3.gd; fixtures=tests/fixtures/godot-3.6/text.tsv
                       saves=(examples/data/save-godot3.6.sav) ;;
            *) echo "live-text: unknown engine $engine" >&2; exit 2 ;;
        esac
        "$root/scripts/engine.sh" --check "$engine" || exit 3
        dir="$work/$engine"; mkdir -p "$dir"
        printf 'live-text %s (%s): ' "$engine" "$dialect"
        "$TOOL" prepare "$dialect" "$dir" "$COUNT" "$SEED" "$fixtures" "${saves[@]}" || exit 2
        (cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT="${ENGINE_TIMEOUT:-600}" "$root/scripts/engine.sh" "$engine" "$root/$script" in.tsv out.tsv > engine.log 2>&1)
        printf 'live-text %s (%s): ' "$engine" "$dialect"
        if ! "$TOOL" check "$dialect" "$dir"; then
            failed=1
            tail -5 "$dir/engine.log"
        fi
    done
    exit $failed
)

# Live container interop: real engines open the encrypted (GDEC) and compressed (GCPF) files godot_bin writes.
#
# For each engine, tools/src/bin/containers_live.rs decodes the engine's own store_var file
# (tests/fixtures/<engine>/containers/plain.sav), encodes the values again, and writes them plain, encrypted
# with a password and with a key (the engine's layout), and compressed in all four modes; and the raw
# edge-case bytes (5 bytes; 8192 bytes = two full blocks) compressed and encrypted. The engine opens each
# file (FileAccess.open_compressed / open_encrypted[_with_pass]; File in 3.x) with tests/gd/gen_containers*.gd's
# check mode and compares what it reads with the values it builds itself. Exit status 0 only if every
# engine read every file back equal.
check_containers() (
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6 godot-3.2.3)
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
        if ! pairs="$(target/debug/containers_live "$dialect" "tests/fixtures/$engine/containers" "$dir")"; then
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
)

# Live ConfigFile interop: real engines' ConfigFile.load / load_encrypted_pass read the files godot_bin writes.
#
# For each engine, tools/src/bin/config_file_live.rs writes the values of the engine's own ConfigFile
# (tests/fixtures/<engine>/config_file: values.sav, values.cfg) again: from the saved values, re-read from
# the engine's text, through serde (maps of maps), and encrypted as save_encrypted_pass does (keys bare for
# Godot 3.2.3, whose reader does not take quoted keys). The engine loads each file with
# tests/gd/config_file*.gd's check mode and compares every section with the ConfigFile it builds itself.
# The CLI's files are read too: `godot-bin config-file --to config --password PW values.cfg` and the JSON of
# values.cfg written back `--like values.gdec` (encrypted again), both with the dialect detected.
# Exit status 0 only if every engine read every file back equal.
check_config_file() (
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6 godot-3.2.3)
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
        if ! pairs="$(target/debug/config_file_live "$dialect" "$keys" "tests/fixtures/$engine/config_file" "$dir")"; then
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
)

# Live typed containers: Godot 4.6 assigns the TypedArray / TypedDictionary values we write to typed GDScript
# variables (var names: Array[String] = …), and sees the plain Vec we write beside them as untyped.
#
check_typed() (
    if ! scripts/engine.sh --check godot-4.6 2>/dev/null; then
        echo "live-typed: godot-4.6: SKIPPED (not installed; scripts/install-engines.sh)"; exit 1
    fi
    dir="$(mktemp -d)"
    target/debug/typed_live "$dir/typed.sav" >/dev/null || exit 1
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
)

# Live GDScript from Rust types: the files `gdscript::for_type` writes, run in real engines.
#
# tools/src/bin/gdscript_live.rs (prepare) writes, per top type (a save struct covering every mapping the
# dialect has, a data enum, a recursive tree, and in Godot 4 the types Godot 3 lacks), LIVE_GDSCRIPT_COUNT
# (default 200) seeded random values (seed LIVE_SEED, default 1) into a store_var file, the generated .gd,
# wrong values with the path each error must name, a harness generated from the schema and a project.godot
# that makes every GDScript warning an error (Godot 3: the class_name registrations, as the editor writes
# them). The engine reads each value with from_variant, checks every field's typeof and class, and writes
# to_variant() back with store_var; gdscript_live (check) requires the files byte-identical, the values equal,
# every wrong value refused with its path, and no SCRIPT ERROR, parse error or WARNING in the engine's output;
# as many values again with one part replaced by a value of some kind must each be accepted (and written back
# as bytes the Rust type reads) or refused, by from_variant and check alike.
# Then the same for the save written as one file per type (gdscript::files_per_type). Godot 4.6 runs it
# for the dialects godot4.6 and godot4.3 (typed arrays, no typed dictionaries), Godot 3 for godot3.
# Two lines per engine and dialect; exit 0 only if every engine passed.
check_gdscript() (
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6 godot-3.2.3)
    count="${LIVE_GDSCRIPT_COUNT:-200}"
    seed="${LIVE_SEED:-1}"
    status=0
    for engine in "${engines[@]}"; do
        case "$engine" in
            godot-4.6) dialects=(godot4.6 godot4.3) ;;
            godot-3.6|godot-3.2.3) dialects=(godot3) ;;
            *) echo "live-gdscript: unknown engine $engine"; exit 2 ;;
        esac
        if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
            echo "live-gdscript: $engine: SKIPPED (not installed; scripts/install-engines.sh)"; status=1; continue
        fi
        for dialect in "${dialects[@]}"; do
            for mode in "" -files -hostile; do
                dir="$(mktemp -d)"
                if ! target/debug/gdscript_live "prepare$mode" "$dialect" "$dir" "$count" "$seed"; then
                    echo "live-gdscript: $engine: FAIL (could not write the files)"; status=1; rm -rf "$dir"; continue
                fi
                (cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=300 "$root/scripts/engine.sh" "$engine" "$dir/harness.gd" >engine.log 2>&1)
                rc=$?
                if line="$(target/debug/gdscript_live "check$mode" "$dialect" "$dir" "$count" "$seed")" && [ "$rc" = 0 ]; then
                    echo "live-gdscript: $engine ($dialect): $line"
                else
                    echo "live-gdscript: $engine ($dialect): FAIL (engine exit $rc) ${line#FAIL: }"; status=1
                    [ "${LIVE_GDSCRIPT_KEEP:-0}" = 1 ] && echo "live-gdscript: kept $dir"
                fi
                [ "${LIVE_GDSCRIPT_KEEP:-0}" = 1 ] || rm -rf "$dir"
            done
        done
    done
    exit $status
)

# A new user's first hour, checked with real engines: Godot writes a plain store_var save, and we read it the
# ways the README shows, then make the usual mistakes and check that the errors say what to do.
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
check_new_user() (
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
)

# The schema inferred from each engine-written save and state in the fixtures (the list and what is left out:
# tools/src/bin/schema_check.rs) is printed as Rust, all of it in one generated crate (target/schema-check,
# built in the workspace's target directory), whose program reads every Dictionary value of each file
# into its top type and writes it back: the engine's bytes are required. Where the GDScript emitter prints
# the same schemas, Godot 4.6 and 3.6 then load each file's GDScript and read every Dictionary value of the
# file with its from_variant (harnesses written by the same tool into target/schema-check/gd-ENGINE).
check_schema() (
    target/debug/schema_check "$root" || exit 1
    status=0
    for engine in godot-4.6 godot-3.6; do
        dirs=("$root/target/schema-check/gd-$engine"/*/)
        [ -f "${dirs[0]}harness.gd" ] || continue
        if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
            echo "live-schema: $engine: SKIPPED (not installed; scripts/install-engines.sh)"; status=1; continue
        fi
        ok=0; bad=0
        for dir in "${dirs[@]}"; do
            out="$(cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=120 "$root/scripts/engine.sh" "$engine" "${dir}harness.gd" 2>&1)"
            rc=$?
            if [ "$rc" = 0 ] && ! grep -q 'SCRIPT ERROR' <<<"$out"; then
                ok=$((ok + 1))
            else
                bad=$((bad + 1))
                echo "live-schema: $engine: FAIL $(basename "$dir") (exit $rc): $(grep -E '^FAIL|^DONE|SCRIPT ERROR' <<<"$out" | head -3 | tr '\n' ' ')"
            fi
        done
        if [ "$bad" = 0 ]; then
            echo "live-schema: $engine: OK ($ok files: the generated GDScript loads and from_variant reads every Dictionary value)"
        else
            echo "live-schema: $engine: FAIL ($bad of $((ok + bad)) files)"; status=1
        fi
    done
    exit $status
)

# Live proof that the hostile Resource saves are hostile: for each engine, its own fixtures
# (tests/fixtures/<engine>/resources, made by scripts/gen.sh resources) are copied to a fresh folder and
# tests/gd/gen_resources*.gd's prove mode loads every save files.tsv lists as hostile or inert, each in its
# own engine process: a project in proj/ (so that res://../ is still inside the folder), the save copied to
# user:// (with the payload script it needs, beside it or above the project), loaded with the cache off.
# hostile: the payload's marker file (in user://, inside the run folder) must appear; inert (a form this
# engine refuses, e.g. &"..." in Godot 3): the load must fail and no marker appear. One OK/FAIL line per file;
# exit status 0 only if every listed file of every engine behaved so.
check_resources() (
    cargo build --quiet --all-features --bin godot-bin || { echo "live-resources: FAIL (build)"; exit 2; }
    engines=("$@")
    [ ${#engines[@]} -gt 0 ] || engines=(godot-4.6 godot-3.6 godot-3.2.3)
    status=0
    for engine in "${engines[@]}"; do
        case "$engine" in
            godot-4.6) gd=tests/gd/gen_resources.gd ;;
            godot-3.6|godot-3.2.3) gd=tests/gd/gen_resources3.gd ;;
            *) echo "live-resources: unknown engine $engine"; exit 2 ;;
        esac
        if ! scripts/engine.sh --check "$engine" 2>/dev/null; then
            echo "live-resources: $engine: SKIPPED (not installed; scripts/install-engines.sh)"; status=1; continue
        fi
        fix="tests/fixtures/$engine/resources"
        want_run=$(awk -F'\t' '$2 == "hostile"' "$fix/files.tsv" | wc -l)
        want_refused=$(awk -F'\t' '$2 == "inert"' "$fix/files.tsv" | wc -l)
        dir="$(mktemp -d)"
        cp "$fix"/* "$dir/"
        # Each hostile save (binary or text) stripped by `godot-bin check --strip`: listed as "stripped", it
        # must load and run nothing.
        want_stripped=0
        for f in $(awk -F'\t' '$2 == "hostile" && $1 ~ /\.t?res$/ {print $1}' "$fix/files.tsv"); do
            if "$root/target/debug/godot-bin" check --strip -o "$dir/stripped_$f" "$fix/$f" 2>/dev/null; then
                awk -F'\t' -v f="$f" 'BEGIN {OFS = "\t"} $1 == f {$1 = "stripped_" f; $2 = "stripped"; print}' \
                    "$fix/files.tsv" >>"$dir/files.tsv"
                want_stripped=$((want_stripped + 1))
            else
                echo "$engine: FAIL godot-bin check --strip $f"; status=1
            fi
        done
        # Saves edited through the JSON form (`decode --to json | encode --like`), binary and text: listed as
        # "edited", they must load with the edits.
        want_edited=0
        for f in save_game.res save_game_compressed.res save_game.tres; do
            if "$root/target/debug/godot-bin" decode --to json "$fix/$f" 2>/dev/null \
                | sed 's/"level":7,/"level":99,/; s/"player_name":"Ayla"/"player_name":"Edited"/' \
                | "$root/target/debug/godot-bin" encode --from json --like "$fix/$f" -o "$dir/edited_$f" 2>/dev/null; then
                awk -F'\t' -v f="$f" 'BEGIN {OFS = "\t"} $1 == f {$1 = "edited_" f; $2 = "edited"; print}' \
                    "$fix/files.tsv" >>"$dir/files.tsv"
                want_edited=$((want_edited + 1))
            else
                echo "$engine: FAIL godot-bin decode | encode --like $f"; status=1
            fi
        done
        # Godot 4: Godot 3.6's saves, edited the same way, then migrated by `godot-bin convert --to-dialect
        # godot4`: listed as "edited", they must load in this engine with the edits.
        if [ "$engine" = godot-4.6 ]; then
            for f in save_game.tres save_game.res save_game_compressed.res save_game_be.res; do
                three="tests/fixtures/godot-3.6/resources/$f"
                row=$f; [ "$f" = save_game_be.res ] && row=save_game.res
                if "$root/target/debug/godot-bin" decode --to json "$three" 2>/dev/null \
                    | sed 's/"level":7,/"level":99,/; s/"player_name":"Ayla"/"player_name":"Edited"/' \
                    | "$root/target/debug/godot-bin" encode --from json --like "$three" -o "$dir/g3_$f" 2>/dev/null \
                    && "$root/target/debug/godot-bin" convert --to-dialect godot4 "$dir/g3_$f" -o "$dir/migrated_$f" 2>/dev/null; then
                    awk -F'\t' -v r="$row" -v f="migrated_$f" 'BEGIN {OFS = "\t"} $1 == r {$1 = f; $2 = "edited"; print}' \
                        "$fix/files.tsv" >>"$dir/files.tsv"
                    want_edited=$((want_edited + 1))
                else
                    echo "$engine: FAIL godot-bin convert --to-dialect godot4 (3.6's $f)"; status=1
                fi
                rm -f "$dir/g3_$f"
            done
        fi
        out="$(cd "$dir" && ENGINE_QUIET=1 ENGINE_TIMEOUT=600 "$root/scripts/engine.sh" "$engine" "$root/$gd" prove 2>&1)"
        rc=$?
        rm -rf "$dir"
        grep -E '^(OK |FAIL|       )' <<<"$out" | sed "s/^/$engine: /"
        ran=$(grep -c "^OK .*ran the file's code" <<<"$out")
        refused=$(grep -c '^OK .*refused to load it, as expected' <<<"$out")
        stripped=$(grep -c '^OK .*stripped, it loads' <<<"$out")
        edited=$(grep -c '^OK .*edited by godot-bin, it loads with the edits' <<<"$out")
        fail=$(grep -c '^FAIL' <<<"$out")
        if [ "$rc" = 0 ] && [ "$fail" = 0 ] && [ "$ran" = "$want_run" ] && [ "$refused" = "$want_refused" ] && [ "$ran" -gt 0 ] \
            && [ "$stripped" = "$want_stripped" ] && [ "$stripped" -gt 0 ] && [ "$edited" = "$want_edited" ] && [ "$edited" -gt 0 ]; then
            echo "live-resources: $engine: OK ($ran hostile saves ran their code when loaded, $refused forms refused as expected, $stripped stripped by godot-bin load and run nothing, $edited edited by godot-bin load with the edits)"
        else
            echo "live-resources: $engine: FAIL (ran=$ran of $want_run, refused=$refused of $want_refused, stripped=$stripped of $want_stripped, edited=$edited of $want_edited, fail=$fail, rc=$rc)"
            tail -5 <<<"$out"; status=1
        fi
    done
    exit $status
)

check="${1:-}"
[ $# -gt 0 ] && shift
tools() { cargo build --quiet -p godot_bin_tools || { echo "live: FAIL (building tools/)"; exit 2; }; }
case "$check" in
    roundtrip|serde|net|text|containers|config-file|typed|gdscript|new-user|schema|resources)
        tools
        "check_${check//-/_}" "$@" ;;
    all)
        tools
        failed=0
        check_roundtrip godot-3.2.3 godot-3.6 godot-4.6 || failed=1
        check_serde godot-4.6 godot-3.6 godot-3.2.3 || failed=1
        check_net godot-4.6 godot-3.6 godot-3.2.3 || failed=1
        check_text godot-4.6 godot-3.6 || failed=1
        check_containers godot-4.6 godot-3.6 godot-3.2.3 || failed=1
        check_config_file godot-4.6 godot-3.6 godot-3.2.3 || failed=1
        check_typed || failed=1
        check_gdscript godot-4.6 godot-3.6 godot-3.2.3 || failed=1
        check_new_user godot-4.6 godot-3.6 || failed=1
        check_schema || failed=1
        check_resources godot-4.6 godot-3.6 godot-3.2.3 || failed=1
        exit $failed ;;
    *) sed -n '2,25p' "$0" >&2; exit 2 ;;
esac
