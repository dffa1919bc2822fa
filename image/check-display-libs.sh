#!/bin/sh
# Checks, in a built arm64 root, that what the wall's display path loads at
# run time is there and resolves: the libraries SDL's KMSDRM backend and its
# EGL loader open with dlopen (no package depends on them), the EGL vendor
# library of Mesa, Mesa's GBM backend and the DRI drivers for the Pi's GPU
# (vc4, v3d), qemu's virtio-gpu and the software fallback. Each is loaded
# through the root's own dynamic loader (qemu-user runs it here).
#
#   image/check-display-libs.sh ROOT      prints one line each; fails on a gap
set -u
root=$1
lib=/usr/lib/aarch64-linux-gnu
failed=0
ok() { echo "ok - display path: $*"; }
bad() { echo "not ok - display path: $*"; failed=1; }
resolves() { # a file in the root: loads, with every library it needs
    [ -e "$root$1" ] || { bad "$1 is missing"; return; }
    out=$(chroot "$root" /lib/ld-linux-aarch64.so.1 --list "$1" 2>&1)
    if [ $? -ne 0 ] || echo "$out" | grep -q 'not found'; then
        bad "$1 does not load: $(echo "$out" | grep 'not found' | tr -s ' \t' ' ' | head -3 | tr '\n' ';')"
    else
        ok "$1 loads"
    fi
}

sdl=$(ls "$root$lib"/libSDL2-2.0.so.0 2>/dev/null)
[ -n "$sdl" ] || { bad "libSDL2 is not in the root"; exit 1; }
resolves "$lib/libSDL2-2.0.so.0"
# What SDL names for dlopen on the console (KMSDRM + EGL + GLES2): if SDL
# changes these names, the check follows the library in the image.
for so in libdrm.so.2 libgbm.so.1 libEGL.so.1 libGLESv2.so.2; do
    strings "$sdl" | grep -qx "$so" || bad "SDL no longer names $so (update this check)"
    resolves "$lib/$so"
done
# libEGL.so.1 is glvnd's dispatcher: it finds Mesa through a vendor file.
vendor=$(grep -ho '"library_path" *: *"[^"]*"' "$root"/usr/share/glvnd/egl_vendor.d/*mesa*.json 2>/dev/null |
    head -1 | sed 's/.*: *"//; s/"$//')
if [ -z "$vendor" ]; then bad "no Mesa EGL vendor file in /usr/share/glvnd/egl_vendor.d"
else resolves "$lib/$vendor"; fi
# Mesa's GBM backend (Mesa 24.3 and later keep it apart from libgbm).
[ ! -d "$root$lib/gbm" ] || for f in "$root$lib"/gbm/*.so; do resolves "${f#"$root"}"; done
# The DRI drivers: the Pi 4/400/5 (v3d), Pi 3/Zero 2 W (vc4), qemu's
# virtio-gpu, and the software renderer for a display without a GPU.
for d in v3d vc4 virtio_gpu kms_swrast swrast; do
    resolves "$lib/dri/${d}_dri.so"
done
exit $failed
