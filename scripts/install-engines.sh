#!/usr/bin/env bash
# Install the Godot engines used to produce and check godot_bin's fixtures.
#
#   godot-3.2.3  Debian bookworm package godot3-server, on this host (binary godot3-server)
#   godot-3.6    Debian sid, inside a chroot at $GODOT_SID_ROOT (binary godot3-server or godot3)
#   godot-4.6    Debian sid, inside the same chroot (binary godot)
#
# Idempotent: every step checks whether it is already done.  Re-run it freely.
# The chroot lives OUTSIDE the repository, under the user's cache directory (scripts/engine-env.sh); it is
# about 600 MB. Run scripts/engine.sh ENGINE script.gd [args] to run a script on one of the engines.
#
# Environment:
#   GODOT_SID_ROOT   chroot directory (default $XDG_CACHE_HOME/godot_bin/sid-root, else ~/.cache/…)
#   GODOT_SID_MIRROR Debian mirror (default: the first Debian archive in this machine's apt sources)
#   SKIP_SID=1       only install the host engine (3.2.3)
#   SKIP_HOST=1      only install the sid engines
# Exit status: 0 when every requested engine runs, non-zero (with a message) otherwise.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=engine-env.sh
. "$HERE/engine-env.sh"
ROOT="$GODOT_SID_ROOT"
APT_OPTS=(-o Acquire::Check-Valid-Until=false -o Dpkg::Use-Pty=0 -q)
VERSIONS_FILE="$(dirname "$ROOT")/engine-versions.txt"

log() { printf '[install-engines] %s\n' "$*"; }
die() { printf '[install-engines] ERROR: %s\n' "$*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (apt-get, debootstrap, chroot, mount)"
export DEBIAN_FRONTEND=noninteractive

HOST_UPDATED=0
host_apt_update() {
    if [ "$HOST_UPDATED" = 0 ]; then
        log "apt-get update (host)"
        apt-get "${APT_OPTS[@]}" update >/dev/null || die "apt-get update failed on the host"
        HOST_UPDATED=1
    fi
}

host_install() { # packages...
    local missing=()
    local p
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
    done
    if [ "${#missing[@]}" -eq 0 ]; then
        log "host: already installed: $*"
        return 0
    fi
    host_apt_update
    log "host: apt-get install ${missing[*]}"
    apt-get "${APT_OPTS[@]}" install -y --no-install-recommends "${missing[@]}" >/tmp/install-engines-apt.log 2>&1 \
        || { tail -n 20 /tmp/install-engines-apt.log >&2; die "apt-get install ${missing[*]} failed on the host"; }
}

# ---------------------------------------------------------------- Godot 3.2.3 (host)
if [ "${SKIP_HOST:-0}" != 1 ]; then
    host_install godot3-server
    command -v godot3-server >/dev/null || die "godot3-server not on PATH after install"
fi

# ---------------------------------------------------------------- sid chroot (3.6 + 4.6)
sid_mount_proc() {
    if ! mountpoint -q "$ROOT/proc"; then
        mount --bind /proc "$ROOT/proc" || die "cannot bind-mount /proc into $ROOT"
    fi
}

if [ "${SKIP_SID:-0}" != 1 ]; then
    host_install debootstrap ca-certificates
    MIRROR="$(debian_mirror)"
    [ -n "$MIRROR" ] || die "no Debian archive in this machine's apt sources; set GODOT_SID_MIRROR to a Debian mirror URL"
    mkdir -p "$(dirname "$ROOT")"
    if [ ! -f "$ROOT/.godot-bin-debootstrap-done" ]; then
        if [ -e "$ROOT" ] && [ -n "$(ls -A "$ROOT" 2>/dev/null)" ]; then
            log "sid root $ROOT exists but debootstrap did not finish; removing it and starting over"
            mountpoint -q "$ROOT/proc" && umount "$ROOT/proc"
            mountpoint -q "$ROOT/dev" && umount "$ROOT/dev"
            rm -rf --one-file-system "$ROOT"
        fi
        log "debootstrap --variant=minbase sid $ROOT $MIRROR (takes a few minutes)"
        debootstrap --variant=minbase sid "$ROOT" "$MIRROR" >"$(dirname "$ROOT")/debootstrap.log" 2>&1 \
            || die "debootstrap failed, see $(dirname "$ROOT")/debootstrap.log"
        touch "$ROOT/.godot-bin-debootstrap-done"
    else
        log "sid root already bootstrapped: $ROOT"
    fi
    cp -L /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
    sid_mount_proc

    in_root() { chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }

    need_sid=0
    in_root sh -c 'command -v godot' >/dev/null 2>&1 || need_sid=1
    in_root sh -c 'command -v godot3-server || command -v godot3' >/dev/null 2>&1 || need_sid=1
    [ -s "$ROOT/etc/ssl/certs/ca-certificates.crt" ] || need_sid=1   # Godot 4 logs an error without it
    if [ "$need_sid" = 1 ]; then
        log "sid: apt-get update"
        in_root apt-get "${APT_OPTS[@]}" update >/dev/null || die "apt-get update failed inside $ROOT"
        # Which package gives a headless Godot 3.6?  Prefer a *-server package, then godot3.
        g3pkg=""
        for cand in godot3-server godot3-headless godot3; do
            if in_root apt-cache show "$cand" >/dev/null 2>&1; then g3pkg="$cand"; break; fi
        done
        [ -n "$g3pkg" ] || die "no Godot 3 package (godot3-server/godot3-headless/godot3) in sid"
        in_root apt-cache show godot >/dev/null 2>&1 || die "no 'godot' package in sid"
        log "sid: apt-get install --no-install-recommends godot $g3pkg ca-certificates"
        in_root apt-get "${APT_OPTS[@]}" install -y --no-install-recommends godot "$g3pkg" ca-certificates \
            >"$(dirname "$ROOT")/apt-sid.log" 2>&1 \
            || { tail -n 20 "$(dirname "$ROOT")/apt-sid.log" >&2; die "apt-get install godot $g3pkg failed inside $ROOT"; }
    else
        log "sid: godot and godot3 already installed"
    fi
fi

# ---------------------------------------------------------------- smoke test + versions
log "checking that every engine runs a trivial script"
tmpd="$(mktemp -d)"
trap 'rm -rf "$tmpd"' EXIT
cat >"$tmpd/hello4.gd" <<'EOF'
extends SceneTree
func _init():
	var f = FileAccess.open("hello.txt", FileAccess.WRITE)
	f.store_string(var_to_str(var_to_bytes([1, "x"])) + "\n")
	f.close()
	quit()
EOF
cat >"$tmpd/hello3.gd" <<'EOF'
extends SceneTree
func _init():
	var f = File.new()
	f.open("hello.txt", File.WRITE)
	f.store_string(var2str(var2bytes([1, "x"])) + "\n")
	f.close()
	quit()
EOF
engines=()
[ "${SKIP_HOST:-0}" != 1 ] && engines+=(godot-3.2.3)
[ "${SKIP_SID:-0}" != 1 ] && engines+=(godot-3.6 godot-4.6)
: >"$tmpd/versions"
for e in "${engines[@]}"; do
    case "$e" in godot-4*) s=hello4.gd ;; *) s=hello3.gd ;; esac
    rm -f "$tmpd/hello.txt"
    ver="$(GODOT_SID_ROOT="$ROOT" "$HERE/engine.sh" --version "$e")" || die "$e: --version failed"
    (cd "$tmpd" && GODOT_SID_ROOT="$ROOT" "$HERE/engine.sh" "$e" "$s" >"$tmpd/run.log" 2>&1) \
        || { cat "$tmpd/run.log" >&2; die "$e: trivial script failed"; }
    [ -s "$tmpd/hello.txt" ] || { cat "$tmpd/run.log" >&2; die "$e: trivial script wrote nothing"; }
    log "$e OK: --version = $ver; var_to_bytes([1,\"x\"]) = $(tr -d '\n' <"$tmpd/hello.txt" | tr -s ' ')"
    case "$e" in
        godot-3.2.3) pkg="$(dpkg-query -W -f='${Package} ${Version}' godot3-server 2>/dev/null || true)" ;;
        godot-3.6) pkg="$(chroot "$ROOT" dpkg-query -W -f='${Package} ${Version}\n' godot3-server godot3 2>/dev/null | head -n 1 || true)" ;;
        godot-4.6) pkg="$(chroot "$ROOT" dpkg-query -W -f='${Package} ${Version}' godot 2>/dev/null || true)" ;;
    esac
    printf '%s\t%s\t%s\n' "$e" "$ver" "$pkg" >>"$tmpd/versions"
done
if [ "${SKIP_SID:-0}" != 1 ] && [ "${SKIP_HOST:-0}" != 1 ]; then
    cp "$tmpd/versions" "$VERSIONS_FILE"
    log "versions recorded in $VERSIONS_FILE"
fi
log "done"
