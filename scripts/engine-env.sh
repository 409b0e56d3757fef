# Sourced by scripts/install-engines.sh and scripts/engine.sh: where the Debian sid chroot with the
# Godot 3.6 and 4.6 engines lives, and which Debian mirror builds it. Nothing here names a machine:
#   GODOT_SID_ROOT    the chroot (default: godot_bin/sid-root under $XDG_CACHE_HOME, else ~/.cache)
#   GODOT_SID_MIRROR  a Debian mirror URL (default: the first Debian archive in this machine's apt sources)

GODOT_SID_ROOT="${GODOT_SID_ROOT:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/godot_bin/sid-root}"

# The first archive URI of this machine's apt sources that serves a Debian release (not its security
# archive): deb822 `*.sources` stanzas (`URIs:`) and one-line `deb URI SUITE …` entries alike.
apt_debian_mirror() {
    local f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk '
            /^[ \t]*$/ { if (uri != "" && suites !~ /security/) { print uri; exit } uri = ""; suites = ""; next }
            /^URIs:/ { uri = $2 }
            /^Suites:/ { suites = $0 }
            END { if (uri != "" && suites !~ /security/) print uri }
        ' "$f"
    done
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/) { if ($(i + 1) !~ /security/) print $i; break } }' "$f"
    done
}

debian_mirror() {
    if [ -n "${GODOT_SID_MIRROR:-}" ]; then
        printf '%s\n' "$GODOT_SID_MIRROR"
    else
        apt_debian_mirror | head -n 1
    fi
}
