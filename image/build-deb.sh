#!/bin/sh
# Builds the pokerclock .deb: on this machine for its own Debian release, or in
# a throwaway mmdebstrap chroot of another release, cross-compiled for ARCH
# with Debian's multiarch packages (nothing is added to this machine's apt).
#
#   image/build-deb.sh OUTDIR [ARCH] [SUITE]
#   ARCH: amd64, arm64 (default: this machine's); SUITE: bookworm, trixie
#   (default: build here, against this machine's libraries)
set -eu
out=$(realpath -m "$1")
arch=${2:-$(dpkg --print-architecture)}
suite=${3:-}
here=$(cd "$(dirname "$0")/.." && pwd)
# Kept out of build/: the Makefile looks through build/ for *.d files, and a
# root file system is full of directories named like that.
appl=${APPLIANCE_DIR:-$here/build-appliance}
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/pokerclock-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The source without build products (dpkg-buildpackage writes into ..).
mkdir -p "$work/src"
(cd "$here" && tar -c --exclude=./build --exclude='./build-*' --exclude=./.git \
    --exclude=node_modules --exclude=./state --exclude=./pokerclock \
    --exclude='*.img' --exclude='*.img.xz' --exclude=./debian/pokerclock \
    --exclude=./debian/.debhelper --exclude=./debian/files .) | tar -x -C "$work/src"

host=$(dpkg --print-architecture)
started=$(date +%s)
if [ -z "$suite" ] && [ "$arch" = "$host" ]; then
    for t in dpkg-buildpackage dh; do
        command -v $t >/dev/null || { echo "build-deb: $t is missing (apt-get install debhelper dpkg-dev)" >&2; exit 1; }
    done
    (cd "$work/src" && dpkg-buildpackage -us -uc -b)
    mv "$work"/*.deb "$out"/
else
    command -v mmdebstrap >/dev/null || { echo "build-deb: mmdebstrap is missing (apt-get install mmdebstrap)" >&2; exit 1; }
    suite=${suite:-bookworm}
    # Downloaded packages are kept between builds.
    cache="$appl/apt-cache/$suite-$host"
    mkdir -p "$cache"
    if [ "$arch" = "$host" ]; then
        archs=$host; aflag=; tools=build-essential
    else
        archs=$host,$arch; aflag="-a$arch"; tools="build-essential,crossbuild-essential-$arch"
    fi
    mmdebstrap --mode=auto --variant=apt --architectures="$archs" \
        --include="$tools,debhelper,pkgconf,fakeroot" \
        --aptopt='Apt::Install-Recommends "false"' \
        --skip=download/empty --skip=essential/unlink --skip=cleanup/apt \
        --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
        --setup-hook="sync-in '$cache' /var/cache/apt/archives/" \
        --customize-hook='mkdir -p "$1"/build' \
        --customize-hook="copy-in '$work/src' /build" \
        --customize-hook="chroot \"\$1\" sh -ec 'cd /build/src && apt-get -y build-dep $aflag ./ && DEB_BUILD_OPTIONS=nocheck dpkg-buildpackage $aflag -Pnocheck -us -uc -b && mkdir -p /build/out && mv /build/*.deb /build/out/'" \
        --customize-hook="sync-out /build/out '$out'" \
        --customize-hook="sync-out /var/cache/apt/archives '$cache'" \
        "$suite" /dev/null "${MIRROR:-$("$here/image/host-mirror.sh")}"
fi
echo "build-deb: $(ls "$out"/*.deb | tr '\n' ' ')in $(( $(date +%s) - started )) s"
