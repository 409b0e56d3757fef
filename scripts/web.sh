#!/usr/bin/env bash
# The save inspector (web/): builds the model as WebAssembly and assembles the static app.
#
#   scripts/web.sh build [OUT]    OUT (default web/dist): every file of web/www + godot_bin_web.wasm
#
# The folder it makes is the whole app: any static host serves it (`godot-bin web` does, on 127.0.0.1).
set -euo pipefail
caller="$(pwd)"
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown

build() {
    local out="${1:-web/dist}"
    # An OUT given is relative to where the script was called from.
    if [ -n "${1:-}" ] && [ "${out#/}" = "$out" ]; then
        out="$caller/$out"
    fi
    if ! rustup target list --installed 2>/dev/null | grep -qx "$target"; then
        rustup target add "$target"
    fi
    # Small and fast: the workspace's release profile, optimized for size, LTO, no debug info.
    CARGO_PROFILE_RELEASE_OPT_LEVEL=s \
    CARGO_PROFILE_RELEASE_LTO=true \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
    CARGO_PROFILE_RELEASE_DEBUG=0 \
    CARGO_PROFILE_RELEASE_STRIP=true \
    CARGO_PROFILE_RELEASE_PANIC=abort \
        cargo build -p godot_bin_web --release --target "$target"
    local wasm
    wasm="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
    wasm="$wasm/$target/release/godot_bin_web.wasm"
    [ -d web/www ] || { echo "web/www is missing" >&2; exit 1; }
    rm -rf "$out"
    mkdir -p "$out"
    cp -R web/www/. "$out/"
    cp "$wasm" "$out/godot_bin_web.wasm"
    echo "built $out ($(wc -c < "$out/godot_bin_web.wasm") bytes of wasm); serve it with: godot-bin web --dir $out"
}

case "${1:-}" in
    build) shift; build "$@" ;;
    *)
        echo "usage: scripts/web.sh build [OUT]" >&2
        exit 2
        ;;
esac
