#!/bin/sh
# Runs qemu-system-aarch64 of version 9 or later (the first with the Pi 4's
# machine, raspi4b): this machine's own when it has raspi4b, else Debian
# trixie's, unpacked once into build-appliance/qemu-trixie with mmdebstrap
# from Debian's archive (Debian 12 has QEMU 7.2) and run from there through
# its own dynamic loader (no chroot, no mounts: paths stay this machine's).
#
#   image/qemu.sh QEMU-ARGUMENTS...       image/qemu.sh --version
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
appl=${APPLIANCE_DIR:-$here/build-appliance}
if command -v qemu-system-aarch64 >/dev/null &&
    qemu-system-aarch64 -M help 2>/dev/null | grep -q '^raspi4b '; then
    exec qemu-system-aarch64 "$@"
fi
q=$appl/qemu-trixie
if [ ! -x "$q/usr/bin/qemu-system-aarch64" ]; then
    command -v mmdebstrap >/dev/null || {
        echo "qemu.sh: mmdebstrap is missing (apt-get install mmdebstrap)" >&2; exit 1; }
    mirror=${MIRROR:-$("$here/image/host-mirror.sh")}
    echo "qemu.sh: unpacking Debian trixie's qemu-system-arm into $q" >&2
    rm -rf "$q.new"
    mmdebstrap --mode=root --variant=essential --include=qemu-system-arm \
        --aptopt='Apt::Install-Recommends "false"' \
        --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
        --dpkgopt='path-exclude=/usr/share/locale/*' \
        trixie "$q.new" "$mirror" >&2
    rm -rf "$q" && mv "$q.new" "$q"
fi
lib=$q/usr/lib/x86_64-linux-gnu
[ "$(uname -m)" = x86_64 ] || lib=$q/usr/lib/$(uname -m)-linux-gnu
export QEMU_MODULE_DIR="$lib/qemu"
exec "$q"/lib64/ld-linux-*.so.2 --library-path "$lib" "$q/usr/bin/qemu-system-aarch64" \
    -L "$q/usr/share/qemu" -L "$q/usr/share/seabios" -L "$q/usr/lib/ipxe/qemu" "$@"
