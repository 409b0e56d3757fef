#!/usr/bin/env bash
# Run a GDScript headless on one of the installed engines (see scripts/install-engines.sh).
#
#   scripts/engine.sh ENGINE SCRIPT.gd [ARGS...]   run SCRIPT.gd (a SceneTree script) with `-s`
#   scripts/engine.sh --version ENGINE             print the engine's --version
#   scripts/engine.sh --check ENGINE               exit 0 if ENGINE is installed, else 3 (with a message)
#
# ENGINE: godot-3.2.3 (host package godot3-server), godot-3.6 or godot-4.6 (Debian sid chroot).
#
# I/O convention: the current directory is the script's I/O directory.  Its regular files (not
# sub-directories) are copied into a fresh run directory (inside the chroot for the sid engines), the
# script runs there as its working directory and opens its files by relative name, and afterwards every
# file it created or changed is copied back (files it did not touch are not).  ARGS are passed to the
# script after `--` (read them with OS.get_cmdline_args()).  Exit status: the engine's (124 = timeout,
# 128+N = killed by signal N), 3 = engine not installed, 2 = usage error.
#
# Environment: GODOT_SID_ROOT (chroot, default under the user's cache dir: scripts/engine-env.sh); ENGINE_TIMEOUT (seconds, default
# 900; note a 3.x script that hits a script error before quit() never exits); ENGINE_QUIET=1 (drop the
# engine's banner lines from stdout).
set -uo pipefail

# shellcheck source=engine-env.sh
. "$(dirname "${BASH_SOURCE[0]}")/engine-env.sh"
ROOT="$GODOT_SID_ROOT"
TIMEOUT="${ENGINE_TIMEOUT:-900}"

die() { printf 'engine.sh: %s\n' "$*" >&2; exit 2; }

mode=run
case "${1:-}" in
    --version) mode=version; shift ;;
    --check) mode=check; shift ;;
    -h|--help|"") sed -n '2,20p' "$0"; exit 2 ;;
esac
ENGINE="${1:-}"; shift || true

in_root_env=(env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/tmp LANG=en_US.UTF-8)

ensure_root_mounts() {
    [ -d "$ROOT" ] || die "$ENGINE: sid chroot $ROOT missing; run scripts/install-engines.sh"
    if ! mountpoint -q "$ROOT/proc"; then
        mount --bind /proc "$ROOT/proc" || die "cannot bind-mount /proc into $ROOT"
    fi
    if [ ! -c "$ROOT/dev/null" ] || [ ! -c "$ROOT/dev/urandom" ]; then
        mountpoint -q "$ROOT/dev" || mount --bind /dev "$ROOT/dev" || die "cannot bind-mount /dev into $ROOT"
    fi
}

# Resolve the engine: sets WHERE (host|root), BIN and FLAGS.
case "$ENGINE" in
    godot-3.2.3)
        WHERE=host
        BIN="$(command -v godot3-server || true)"
        FLAGS=(--no-window)
        [ -n "$BIN" ] || { printf 'engine.sh: godot-3.2.3 not installed (host godot3-server); run scripts/install-engines.sh\n' >&2; exit 3; }
        ;;
    godot-3.6|godot-4.6)
        WHERE=root
        [ -x "$ROOT/bin/sh" ] || { printf 'engine.sh: %s not installed (no sid chroot at %s); run scripts/install-engines.sh\n' "$ENGINE" "$ROOT" >&2; exit 3; }
        if [ "$ENGINE" = godot-4.6 ]; then
            BIN=/usr/bin/godot; FLAGS=(--headless)
        else
            BIN=""
            for c in /usr/bin/godot3-server /usr/bin/godot3-headless /usr/bin/godot3-runner /usr/bin/godot3; do
                if [ -x "$ROOT$c" ]; then BIN="$c"; break; fi
            done
            FLAGS=(--no-window)
        fi
        [ -n "$BIN" ] && [ -x "$ROOT$BIN" ] || { printf 'engine.sh: %s not installed in %s; run scripts/install-engines.sh\n' "$ENGINE" "$ROOT" >&2; exit 3; }
        ;;
    *) die "unknown engine '$ENGINE' (godot-3.2.3, godot-3.6, godot-4.6)" ;;
esac

if [ "$mode" = check ]; then exit 0; fi

if [ "$mode" = version ]; then
    if [ "$WHERE" = host ]; then
        HOME=/tmp "$BIN" --version 2>/dev/null | tail -n 1
    else
        ensure_root_mounts
        chroot "$ROOT" "${in_root_env[@]}" "$BIN" --version 2>/dev/null | tail -n 1
    fi
    exit 0
fi

SCRIPT="${1:-}"; shift || true
[ -n "$SCRIPT" ] && [ -f "$SCRIPT" ] || die "script '$SCRIPT' not found"
SCRIPT_ABS="$(cd "$(dirname "$SCRIPT")" && pwd)/$(basename "$SCRIPT")"
IO_DIR="$(pwd)"

filter() { if [ "${ENGINE_QUIET:-0}" = 1 ]; then grep -v -E '^(Godot Engine v|$)' || true; else cat; fi; }

if [ "$WHERE" = host ]; then
    run_dir="$(mktemp -d /tmp/godot-run.XXXXXX)"
    run_path="$run_dir"
else
    ensure_root_mounts
    run_dir="$(mktemp -d "$ROOT/tmp/godot-run.XXXXXX")"
    run_path="/tmp/$(basename "$run_dir")"
fi
cleanup() { rm -rf "$run_dir"; }
trap cleanup EXIT
# Copy the regular files of the I/O directory (not sub-directories), then the script.
find "$IO_DIR" -maxdepth 1 -type f -exec cp -p {} "$run_dir/" \;
script_name="__engine_sh_$(basename "$SCRIPT_ABS")"
cp "$SCRIPT_ABS" "$run_dir/$script_name"
mkdir -p "$run_dir/.home"
# Checksums of what was copied in: only files the script creates or changes are copied back (so files
# the caller writes meanwhile, e.g. its own logs in the same directory, are left alone).
manifest="$(mktemp /tmp/godot-manifest.XXXXXX)"
(cd "$run_dir" && find . -maxdepth 1 -type f -exec md5sum {} + >"$manifest")
if [ "$WHERE" = host ]; then
    (cd "$run_dir" && exec env HOME="$run_path/.home" XDG_DATA_HOME="$run_path/.home/data" \
        XDG_CONFIG_HOME="$run_path/.home/config" XDG_CACHE_HOME="$run_path/.home/cache" LANG=en_US.UTF-8 \
        timeout -k 10 "$TIMEOUT" "$BIN" "${FLAGS[@]}" -s "$run_path/$script_name" -- "$@") < /dev/null | filter
else
    chroot "$ROOT" "${in_root_env[@]}" HOME="$run_path/.home" XDG_DATA_HOME="$run_path/.home/data" \
        XDG_CONFIG_HOME="$run_path/.home/config" XDG_CACHE_HOME="$run_path/.home/cache" \
        sh -c 'cd "$1" && shift && exec "$@"' sh "$run_path" \
        timeout -k 10 "$TIMEOUT" "$BIN" "${FLAGS[@]}" -s "$run_path/$script_name" -- "$@" < /dev/null | filter
fi
rc=${PIPESTATUS[0]}
# Copy back every regular file the script created or changed (sub-directories such as logs/ are not).
for f in "$run_dir"/* "$run_dir"/.[!.]*; do
    [ -f "$f" ] || continue
    b="$(basename "$f")"
    case "$b" in "$script_name") continue ;; esac
    sum="$(md5sum <"$f" | cut -d' ' -f1)"
    if ! grep -q -F "$sum  ./$b" "$manifest"; then
        cp "$f" "$IO_DIR/$b"
    fi
done
rm -f "$manifest"
exit "$rc"
