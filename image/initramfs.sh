#!/bin/sh
# In the built root $1: lists the drivers each supported Pi's SD card path
# needs (from the device trees of the kernel in the root), builds the
# initramfs with them, and checks it: fails when a driver the root path
# needs is neither built into the kernel nor in the initramfs. The check's
# lines go to $2.
#
#   image/initramfs.sh ROOT REPORT
set -eu
root=$1 report=$2
here=$(cd "$(dirname "$0")/.." && pwd)
kver=$(ls "$root"/usr/lib/modules | sort -V | tail -1)
mods=$root/usr/lib/modules/$kver
dtbs=$root/usr/lib/linux-image-$kver/broadcom
list=$root/etc/initramfs-tools/pokerclock-root-modules
{
    echo "# The drivers the SD card's path needs on each supported Pi (image/root-drivers.py, $kver)"
    python3 "$here/image/root-drivers.py" modules "$mods" "$dtbs"
} > "$list"
echo "initramfs: the root paths need the modules $(grep -v '^#' "$list" | tr '\n' ' ')"
# update-initramfs was set aside while the packages were installed.
if [ -e "$root/usr/sbin/update-initramfs.distrib" ]; then
    rm -f "$root/usr/sbin/update-initramfs"
    chroot "$root" dpkg-divert --quiet --local --rename --remove /usr/sbin/update-initramfs
fi
if [ -e "$root/boot/initrd.img-$kver" ]; then mode=-u; else mode=-c; fi
chroot "$root" update-initramfs $mode -k "$kver" >/dev/null
chroot "$root" lsinitramfs "/boot/initrd.img-$kver" > "$report.files"
if python3 "$here/image/root-drivers.py" check "$mods" "$dtbs" "$report.files" > "$report"; then
    echo "initramfs: every supported Pi's root path has its drivers ($(grep -c '^ok' "$report") checked)"
else
    grep '^not ok' "$report" >&2
    echo "initramfs: a driver a Pi needs to find its root is missing (above)" >&2
    exit 1
fi
