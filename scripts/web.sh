#!/usr/bin/env bash
# The save inspector (web/): builds the model as WebAssembly into the static app, web/dist (the page's files,
# written by hand, and the wasm built from web/src and the library).
#
#   scripts/web.sh build [OUT]    the model as web/dist/godot_bin_web.wasm; with OUT, a copy of the whole app
#                                 (web/dist: the page's files and that wasm) into OUT
#   scripts/web.sh check          web/dist is what its sources build: their digest is the one web/dist.sources
#                                 records, and (with the Rust version recorded there) a fresh build is
#                                 byte-identical to it
#
# web/dist is the whole app: any static host serves it. It is committed with its wasm, and `godot-bin web`
# serves the copy built into the binary, so that the tool installed with cargo needs no wasm32 toolchain; run
# `scripts/web.sh build` after changing the library, web/ or this script, and commit the wasm and
# web/dist.sources with the change (CI runs `scripts/web.sh check`).
set -euo pipefail
caller="$(pwd)"
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown

# The files the app is built from, one digest: what web/dist.sources records.
sources_digest() {
    { find src web/src web/dist -type f -not -path 'src/bin/*' -not -name godot_bin_web.wasm
      printf '%s\n' Cargo.toml Cargo.lock .cargo/config.toml web/Cargo.toml scripts/web.sh
    } | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -d' ' -f1
}

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
        cargo build -p godot_bin_web --release --target "$target" \
            --config "target.$target.rustflags=['--remap-path-prefix=$(pwd)=/godot_bin', '--remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo']"
    local wasm
    wasm="$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')"
    wasm="$wasm/$target/release/godot_bin_web.wasm"
    if [ "$out" = web/dist ]; then
        cp "$wasm" web/dist/godot_bin_web.wasm
    else
        rm -rf "$out"
        mkdir -p "$out"
        cp -R web/dist/. "$out/"
        cp "$wasm" "$out/godot_bin_web.wasm"
    fi
    if [ -z "${1:-}" ]; then
        printf 'sources %s\nrustc %s\n' "$(sources_digest)" "$(rustc --version)" > web/dist.sources
    fi
    echo "built $out ($(wc -c < "$out/godot_bin_web.wasm") bytes of wasm); serve it with: godot-bin web --dir $out"
}

check() {
    local recorded built_with fresh
    recorded="$(sed -n 's/^sources //p' web/dist.sources 2>/dev/null)"
    built_with="$(sed -n 's/^rustc //p' web/dist.sources 2>/dev/null)"
    if [ "$recorded" != "$(sources_digest)" ]; then
        echo "web/dist is older than its sources: run scripts/web.sh build and commit web/dist and web/dist.sources" >&2
        exit 1
    fi
    if [ "$built_with" != "$(rustc --version)" ]; then
        echo "web/dist matches its sources' digest; not rebuilt to compare bytes: it was built with $built_with, this is $(rustc --version)"
        return 0
    fi
    fresh="$(mktemp -d)"
    build "$fresh/dist" >/dev/null
    if ! diff -r web/dist "$fresh/dist"; then
        rm -rf "$fresh"
        echo "web/dist differs from a fresh build of its sources: run scripts/web.sh build and commit web/dist" >&2
        exit 1
    fi
    rm -rf "$fresh"
    echo "web/dist is byte-identical to a fresh build of its sources ($built_with)"
}

case "${1:-}" in
    build) shift; build "$@" ;;
    check) check ;;
    *)
        echo "usage: scripts/web.sh build [OUT] | check" >&2
        exit 2
        ;;
esac
