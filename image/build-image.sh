#!/bin/sh
# Builds the SD card image for the Raspberry Pi 3, 4, 400, 5, 500 and Zero 2 W
# from Debian's archive alone (trixie, arm64, with the kernel from
# trixie-backports: the first with the Pi 5's RP1 drivers) and our package:
# a FAT boot partition, a read-only ext4 root and an ext4 data partition for
# the tournament and the settings. No loop mounts: mkfs.vfat + mcopy,
# mke2fs -d and sfdisk.
#
#   image/build-image.sh OUT.img.xz
# Needs root, mmdebstrap, qemu-user-static with binfmt_misc (for the arm64
# package scripts), dosfstools, mtools, e2fsprogs, fdisk, xz-utils, python3
# and device-tree-compiler (the drivers' and the Pi 5's device tree checks).
set -eu
out=$(realpath -m "$1")
here=$(cd "$(dirname "$0")/.." && pwd)
# Kept out of build/: the Makefile looks through build/ for *.d files, and a
# root file system is full of directories named like that.
appl=${APPLIANCE_DIR:-$here/build-appliance}
suite=${SUITE:-trixie}
# Debian's archive as this machine's apt reaches it (a local mirror or proxy
# works then too); MIRROR=http://... overrides it.
mirror=${MIRROR:-$("$here/image/host-mirror.sh")}
work=$appl/image
cache=$appl/apt-cache/$suite-arm64
# The disk's identifier: partitions are found as PARTUUID=5043c10c-0N.
diskid=5043c10c
boot_mb=256 data_mb=128
started=$(date +%s)
echo "build-image: Debian $suite from $mirror"
step() { echo "build-image: $* ($(( $(date +%s) - started )) s)"; }

[ "$(id -u)" = 0 ] || { echo "build-image: run as root (the root file system keeps owners)" >&2; exit 1; }
need="mmdebstrap:mmdebstrap mkfs.vfat:dosfstools mcopy:mtools mke2fs:e2fsprogs sfdisk:fdisk
      xz:xz-utils update-binfmts:binfmt-support qemu-aarch64-static:qemu-user-static
      arch-test:arch-test python3:python3 dtc:device-tree-compiler fdtoverlay:device-tree-compiler"
missing=$(for n in $need; do command -v "${n%%:*}" >/dev/null || echo "${n#*:}"; done)
[ -z "$missing" ] || apt-get update -q
[ -z "$missing" ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
for n in $need; do
    command -v "${n%%:*}" >/dev/null || { echo "build-image: ${n%%:*} is missing (apt-get install ${n#*:})" >&2; exit 1; }
done
# arm64 programs run through qemu-user: binfmt_misc must know about them.
if [ "$(dpkg --print-architecture)" != arm64 ]; then
    [ -e /proc/sys/fs/binfmt_misc/status ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc ||
        { echo "build-image: binfmt_misc is not available; cannot run arm64 package scripts" >&2; exit 1; }
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64 ||
        { echo "build-image: cannot register qemu-aarch64 with binfmt_misc (apt-get install qemu-user-static binfmt-support)" >&2; exit 1; }
fi

rm -rf "$work"
mkdir -p "$work" "$cache"

# 1. Our package, built against trixie's arm64 libraries (cross-compiled in a
#    trixie chroot: much faster than compiling under qemu).
MIRROR=$mirror "$here/image/build-deb.sh" "$work/deb" arm64 "$suite"
deb=$(ls "$work"/deb/pokerclock_*_arm64.deb)
step "package built"

# 2. The root file system. The last --include is what SDL's KMSDRM backend
#    loads at run time with dlopen (EGL, GLES2, GBM, DRM, Mesa's drivers):
#    no package depends on those, and without them the TV stays black.
#    The kernel comes from trixie-backports (pinned): trixie's 6.12 has no
#    driver for the Pi 5's RP1 (its network, USB and GPIOs). The initramfs
#    is built once, by image/initramfs.sh, when the drivers it needs are
#    known: until then update-initramfs is set aside (dpkg-divert).
root=$work/root
mmdebstrap --mode=root --arch=arm64 --variant=apt \
    --components="main non-free-firmware" \
    --aptopt='Apt::Install-Recommends "false"' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --include=systemd,systemd-sysv,udev,dbus,systemd-timesyncd,systemd-resolved,kmod,iproute2,tzdata,zstd \
    --include=initramfs-tools,busybox,linux-image-arm64,raspi-firmware,firmware-brcm80211 \
    --include=wpasupplicant,avahi-daemon,libnss-mdns,openssh-server,fdisk,e2fsprogs \
    --include=libegl1,libgles2,libgbm1,libdrm2,libegl-mesa0,libgl1-mesa-dri \
    --include=espeak-ng \
    --skip=download/empty --skip=essential/unlink \
    --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
    --setup-hook="sync-in '$cache' /var/cache/apt/archives/" \
    --setup-hook='mkdir -p "$1"/etc/apt/preferences.d' \
    --setup-hook="printf 'Package: linux-*\\nPin: release n=$suite-backports\\nPin-Priority: 990\\n' > \"\$1\"/etc/apt/preferences.d/kernel-from-backports" \
    --essential-hook="copy-in '$here/image/files/etc/initramfs-tools' /etc" \
    --essential-hook='chroot "$1" dpkg-divert --quiet --local --rename --add /usr/sbin/update-initramfs' \
    --essential-hook='ln -sf /bin/true "$1"/usr/sbin/update-initramfs' \
    --essential-hook='mkdir -p "$1"/boot/firmware' \
    --customize-hook="sync-out /var/cache/apt/archives '$cache'" \
    --customize-hook="copy-in '$deb' /tmp" \
    --customize-hook="chroot \"\$1\" apt-get install -y -q /tmp/$(basename "$deb")" \
    --customize-hook="\"$here/image/customize.sh\" \"\$1\" $diskid" \
    --customize-hook="\"$here/image/initramfs.sh\" \"\$1\" '$work/root-drivers.txt'" \
    "$suite" "$root" "deb $mirror $suite main non-free-firmware" \
    "deb $mirror $suite-backports main non-free-firmware"
# Names are looked up through systemd-resolved (the DNS servers the DHCP
# server gave), not through the build machine's resolv.conf.
ln -sfn ../run/systemd/resolve/stub-resolv.conf "$root"/etc/resolv.conf
step "root file system ready"
# A gap here is a black TV: stop the build.
"$here/image/check-display-libs.sh" "$root" > "$work/display-libs.txt" || {
    grep '^not ok' "$work/display-libs.txt" >&2
    echo "build-image: the root lacks what the wall's display path loads at run time" >&2; exit 1; }
step "display path checked ($(grep -c '^ok' "$work/display-libs.txt") libraries and drivers load)"
# And the kernel's side of the screen and the network on every model (the
# Pi 5's are checked nowhere else): a driver for each device and for what
# it waits for, built in or a module in the root.
kver=$(ls "$root"/usr/lib/modules | sort -V | tail -1)
python3 "$here/image/root-drivers.py" devices "$root/usr/lib/modules/$kver" \
    "$root/usr/lib/linux-image-$kver/broadcom" > "$work/device-drivers.txt" || {
    grep '^not ok' "$work/device-drivers.txt" >&2
    echo "build-image: a model's screen or network has no driver in the kernel (above)" >&2; exit 1; }
step "screens and networks checked ($(grep -c '^ok' "$work/device-drivers.txt") drivers)"

# 3. The boot partition: firmware, kernel, initramfs, device trees, settings.
kernel=$root/boot/vmlinuz-$kver
[ -f "$kernel" ] || kernel=$root/usr/lib/modules/$kver/vmlinuz
dtbs=$root/usr/lib/linux-image-$kver/broadcom
bootdir=$work/boot
mkdir -p "$bootdir"
cp "$root"/usr/lib/raspi-firmware/*.bin "$root"/usr/lib/raspi-firmware/*.elf \
   "$root"/usr/lib/raspi-firmware/*.dat "$bootdir"/
cp "$dtbs"/bcm2*-rpi-*.dtb "$bootdir"/
[ ! -d "$root"/usr/lib/raspi-firmware/overlays ] ||
    cp -r "$root"/usr/lib/raspi-firmware/overlays "$bootdir"/
# The Pi 5's firmware applies the overlay bcm2712d0 on a board with the D0
# stepping (2 and 16 GB, newer 4 and 8 GB, the Pi 500): ours turns Linux's
# C1 device tree into its D0 one, so a D0 board runs on the D0 tree
# whichever of the two the firmware loaded. Checked: the C1 tree with the
# overlay applied is the D0 tree.
mkdir -p "$bootdir"/overlays
python3 "$here/image/dt-overlay.py" "$dtbs"/bcm2712-rpi-5-b.dtb "$dtbs"/bcm2712-d-rpi-5-b.dtb > "$work"/bcm2712d0.dts
dtc -q -@ -I dts -O dtb -o "$bootdir"/overlays/bcm2712d0.dtbo "$work"/bcm2712d0.dts
fdtoverlay -i "$dtbs"/bcm2712-rpi-5-b.dtb -o "$work"/bcm2712-d0-by-overlay.dtb "$bootdir"/overlays/bcm2712d0.dtbo
python3 "$here/image/dt-overlay.py" "$work"/bcm2712-d0-by-overlay.dtb "$dtbs"/bcm2712-d-rpi-5-b.dtb 2>&1 >/dev/null |
    grep -qx 'dt-overlay: 0 node(s) differ' ||
    { echo "build-image: the bcm2712d0 overlay does not make the D0 device tree" >&2; exit 1; }
cp "$kernel" "$bootdir/vmlinuz"
cp "$root/boot/initrd.img-$kver" "$bootdir/initrd.img"
cp "$here"/image/boot/config.txt "$here"/image/boot/pokerclock.txt "$bootdir"/
sed "s/@DISKID@/$diskid/g" "$here"/image/boot/cmdline.txt > "$bootdir"/cmdline.txt
# The kernel and the initramfs are read from the boot partition only.
rm -rf "$root"/boot/firmware/* "$root"/boot/vmlinuz* "$root"/boot/initrd.img* "$root/usr/lib/modules/$kver/vmlinuz"

boot_img=$work/boot.vfat
rm -f "$boot_img"
mkfs.vfat -n PCBOOT -i ${diskid} -C "$boot_img" $((boot_mb * 1024)) >/dev/null
mcopy -s -i "$boot_img" "$bootdir"/* ::/
step "boot partition ready (kernel $kver)"

# 4. The data partition: the settings and the tournament, owned by the clock.
data=$work/data
uid=$(awk -F: '$1 == "pokerclock" {print $3}' "$root/etc/passwd")
gid=$(awk -F: '$1 == "pokerclock" {print $3}' "$root/etc/group")
mkdir -p "$data/pokerclock/etc" "$data/pokerclock/state" "$data/pokerclock/ssh"
# The port of the panel is the unit's (--port 80), whatever this file says.
cp "$root/etc/pokerclock/pokerclock.cfg" "$data/pokerclock/etc/pokerclock.cfg"
ln -s /usr/share/zoneinfo/Etc/UTC "$data/pokerclock/localtime"
chown "$uid:$gid" "$data/pokerclock/state"
chmod 0750 "$data/pokerclock/state"
chown "0:$gid" "$data/pokerclock/etc/pokerclock.cfg"
chmod 0640 "$data/pokerclock/etc/pokerclock.cfg"
chmod 0700 "$data/pokerclock/ssh"
data_img=$work/data.ext4
rm -f "$data_img"
mke2fs -q -t ext4 -L pcdata -d "$data" "$data_img" ${data_mb}M
# The package's files under /etc/pokerclock are replaced by the data partition.
rm -rf "$root"/etc/pokerclock/* "$root"/var/lib/pokerclock/*

# 5. The root partition, read-only on the Pi.
root_mb=$(( $(du -sm "$root" | cut -f1) * 115 / 100 + 64 ))
root_img=$work/root.ext4
rm -f "$root_img"
mke2fs -q -t ext4 -L pcroot -d "$root" "$root_img" ${root_mb}M
step "root partition ready (${root_mb} MB)"

# 6. The disk: partition table, then each file system at its offset.
img=$work/pokerclock-arm64.img
total_mb=$((1 + boot_mb + root_mb + data_mb + 1))
rm -f "$img"
truncate -s ${total_mb}M "$img"
sfdisk -q "$img" <<EOF
label: dos
label-id: 0x$diskid
unit: sectors
start=2048, size=$((boot_mb * 2048)), type=c, bootable
size=$((root_mb * 2048)), type=83
size=$((data_mb * 2048)), type=83
EOF
off=2048
for p in "$boot_img:$boot_mb" "$root_img:$root_mb" "$data_img:$data_mb"; do
    dd if="${p%:*}" of="$img" bs=512 seek=$off conv=notrunc,sparse status=none
    off=$((off + ${p#*:} * 2048))
done
step "disk image assembled ($(du -h --apparent-size "$img" | cut -f1))"

rm -f "$out"
xz -T0 -3 -c "$img" > "$out.tmp" && mv "$out.tmp" "$out"
# Kept for make image-test: the disk, its kernel and initramfs.
cp "$bootdir/vmlinuz" "$bootdir/initrd.img" "$work"/
step "wrote $out ($(du -h "$out" | cut -f1))"

# Raspberry Pi Imager's repository entry beside the image (docs/venue.md: "With
# Raspberry Pi Imager"). IMAGER_URL: where the image will be downloaded
# from (default: this file, for Imager on this machine); IMAGER_ICON_URL
# likewise for the icon.
manifest=$(dirname "$out")/pokerclock.rpi-imager-manifest
icon=$(dirname "$out")/pokerclock-icon.svg
cp "$here"/web/favicon.svg "$icon"
python3 "$here/image/imager-entry.py" "$img" "$out" "${IMAGER_URL:-file://$out}" \
    "${IMAGER_ICON_URL:-file://$icon}" > "$manifest"
step "wrote $manifest (Raspberry Pi Imager's entry for the image)"
