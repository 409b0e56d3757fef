#!/usr/bin/env bash
# The save inspector (web/) checked in a real browser, then its saved files checked by the real engines.
#
#   scripts/browser-test.sh [CHECK...]      CHECK: open edit migrate hostile large offline (default: all)
#
# 1. Debian's chromium and chromium-driver (apt-get, as root, when missing), Node's playwright-core
#    (npm ci in web/browser; it never downloads a browser: Chromium is /usr/bin/chromium, CHROMIUM overrides);
# 2. builds the app (scripts/web.sh build), the CLI (cargo build --features cli --bin godot-bin) and the
#    10,000-entity save (tools/src/bin/web_large_save.rs);
# 3. serves the app with `godot-bin web --port 0` (its first line is the URL) and runs
#    web/browser/inspector.test.mjs against it: every engine-written save opens with the right dialect and
#    value count and saves byte-identical; edits through the page's controls; a migration; hostile files; a
#    large save; the page offline once loaded; nothing requested from another host than 127.0.0.1;
#    screenshots into target/web-screenshots/;
# 4. stops the server and runs web/browser/engine-check.mjs: Godot 4.6 and 3.6 (scripts/engine.sh, installed by
#    scripts/install-engines.sh) open what the page saved and see exactly the edits; without engines that part
#    says SKIPPED.
# Output: PASS/FAIL lines, then "browser: RAN|SKIPPED ..." and "browser engine checks: RAN|SKIPPED ...".
# Files: target/web-browser/ (downloads, hostile inputs, logs), target/web-screenshots/.
# Exit status: 0 passed (or the engine part skipped), 1 a check failed, 3 the browser part could not run
# (no Chromium or Node and they could not be installed).
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
cd "$REPO"
OUT="$REPO/target/web-browser"
TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target}"
CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMIUM PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

log() { printf '[browser-test] %s\n' "$*"; }
skip() { echo "browser: SKIPPED - $*"; exit 3; }

# 1. Chromium (Debian's package) and Node.
apt_install() { # packages...
    local missing=() p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    [ "$(id -u)" = 0 ] || { log "not root: cannot apt-get install ${missing[*]}"; return 1; }
    log "apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get -q -o Dpkg::Use-Pty=0 update && apt-get -q -o Dpkg::Use-Pty=0 install -y --no-install-recommends "${missing[@]}"; } \
        >"$OUT/apt.log" 2>&1 || { tail -n 5 "$OUT/apt.log" >&2; return 1; }
}
mkdir -p "$OUT"
if [ "$CHROMIUM" = /usr/bin/chromium ]; then
    apt_install chromium chromium-driver || skip "chromium could not be installed (see $OUT/apt.log)"
fi
[ -x "$CHROMIUM" ] || skip "no Chromium at $CHROMIUM"
command -v node >/dev/null && command -v npm >/dev/null || apt_install nodejs npm || skip "Node.js could not be installed"
log "$("$CHROMIUM" --version 2>/dev/null | head -1), node $(node --version)"
(cd web/browser && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >"$OUT/npm.log" 2>&1) \
    || { tail -n 5 "$OUT/npm.log" >&2; skip "npm ci in web/browser failed (see $OUT/npm.log)"; }

# 2. The app, the CLI, the large save.
scripts/web.sh build >"$OUT/web-build.log" 2>&1 || { tail -n 20 "$OUT/web-build.log"; echo "browser: RAN and FAILED - scripts/web.sh build"; exit 1; }
cargo build --quiet --features cli --bin godot-bin || { echo "browser: RAN and FAILED - cargo build"; exit 1; }
cargo run --quiet -p godot_bin_tools --bin web_large_save -- "$OUT/large.sav" 10000 || { echo "browser: RAN and FAILED - web_large_save"; exit 1; }

# 3. The server, its URL from its first line, the browser test (which starts and stops a second server of its
# own, GODOT_BIN, for the offline check). The server is started as the README says, without --dir: it serves
# the app built into it, which is the web/dist just built (cargo rebuilds the binary when web/dist changes).
export GODOT_BIN="$TARGET_DIR/debug/godot-bin"
(cd "$REPO" && exec "$GODOT_BIN" web --port 0) >"$OUT/server.log" 2>&1 &
server=$!
stop_server() { kill "$server" 2>/dev/null; wait "$server" 2>/dev/null; }
trap stop_server EXIT
url=""
for _ in $(seq 1 100); do
    url="$(head -n 1 "$OUT/server.log" 2>/dev/null)"
    case "$url" in http://127.0.0.1:*) break ;; esac
    kill -0 "$server" 2>/dev/null || break
    sleep 0.1
done
case "$url" in
    http://127.0.0.1:*) log "serving $url" ;;
    *) cat "$OUT/server.log"; echo "browser: RAN and FAILED - godot-bin web printed no URL"; exit 1 ;;
esac
browser_rc=0
node web/browser/inspector.test.mjs "$url" "$OUT" "$@" || browser_rc=$?
# The page attacked (web/attack/attack.mjs): markup and script in every part of a save and in its file name,
# hostile files, edits and diffs, wrong passwords. (The server's own attacks are tests/cli/web.rs.)
attack_rc=0
node web/attack/attack.mjs "$url" "$OUT/attack" || attack_rc=$?
stop_server
trap - EXIT

# 4. The engines judge what the page saved.
engine_rc=0
node web/browser/engine-check.mjs "$OUT" || engine_rc=$?

if [ "$browser_rc" = 0 ]; then
    echo "browser: RAN - Chromium $("$CHROMIUM" --version 2>/dev/null | grep -o '[0-9][0-9.]*' | head -1) opened, edited, migrated and saved the fixtures in the page (screenshots in target/web-screenshots/)"
else
    echo "browser: RAN and FAILED (see the FAIL lines above)"
fi
if [ "$attack_rc" = 0 ]; then
    echo "browser attacks: RAN - nothing in a hostile save ran in the page or hung it"
else
    echo "browser attacks: RAN and FAILED (see the FAIL lines above)"
fi
case "$engine_rc" in
    0) echo "browser engine checks: RAN - Godot 4.6 and 3.6 opened what the page saved and saw exactly the edits" ;;
    3) echo "browser engine checks: SKIPPED - the engines are not installed (scripts/install-engines.sh)" ;;
    *) echo "browser engine checks: RAN and FAILED" ;;
esac
[ "$browser_rc" = 0 ] && [ "$attack_rc" = 0 ] && { [ "$engine_rc" = 0 ] || [ "$engine_rc" = 3 ]; } || exit 1
exit 0
