#!/usr/bin/env bash
# Live network and save-file interop with real engines (issue 7).
#
#   scripts/live-net.sh [ENGINE...]     ENGINE: godot-4.6, godot-3.6, godot-3.2.3 (default: godot-4.6 godot-3.6)
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
set -uo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
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
