#!/bin/sh
# Builds the SD card image for the Raspberry Pi 3, 4 and Zero 2 W from
# Debian's archive alone (trixie, arm64) and our package: a FAT boot
# partition, a read-only ext4 root and an ext4 data partition for the
# tournament and the settings. No loop mounts: mkfs.vfat + mcopy,
# mke2fs -d and sfdisk.
#
#   image/build-image.sh OUT.img.xz
# Needs root, mmdebstrap, qemu-user-static with binfmt_misc (for the arm64
# package scripts), dosfstools, mtools, e2fsprogs, fdisk, xz-utils.
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
      arch-test:arch-test"
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
root=$work/root
mmdebstrap --mode=root --arch=arm64 --variant=apt \
    --components="main non-free-firmware" \
    --aptopt='Apt::Install-Recommends "false"' \
    --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright' \
    --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/locale/*' \
    --dpkgopt='path-exclude=/usr/share/info/*' \
    --include=systemd,systemd-sysv,udev,dbus,systemd-timesyncd,kmod,iproute2,tzdata,zstd \
    --include=initramfs-tools,busybox,linux-image-arm64,raspi-firmware,firmware-brcm80211 \
    --include=wpasupplicant,avahi-daemon,libnss-mdns,openssh-server,fdisk,e2fsprogs \
    --include=libegl1,libgles2,libgbm1,libdrm2,libegl-mesa0,libgl1-mesa-dri \
    --include=espeak-ng \
    --skip=download/empty --skip=essential/unlink \
    --setup-hook='mkdir -p "$1"/var/cache/apt/archives/' \
    --setup-hook="sync-in '$cache' /var/cache/apt/archives/" \
    --essential-hook="copy-in '$here/image/files/etc/initramfs-tools' /etc" \
    --essential-hook='mkdir -p "$1"/boot/firmware' \
    --customize-hook="sync-out /var/cache/apt/archives '$cache'" \
    --customize-hook="copy-in '$deb' /tmp" \
    --customize-hook="chroot \"\$1\" apt-get install -y -q /tmp/$(basename "$deb")" \
    --customize-hook="\"$here/image/customize.sh\" \"\$1\" $diskid" \
    "$suite" "$root" "$mirror"
step "root file system ready"
# A gap here is a black TV: stop the build.
"$here/image/check-display-libs.sh" "$root" > "$work/display-libs.txt" || {
    grep '^not ok' "$work/display-libs.txt" >&2
    echo "build-image: the root lacks what the wall's display path loads at run time" >&2; exit 1; }
step "display path checked ($(grep -c '^ok' "$work/display-libs.txt") libraries and drivers load)"

# 3. The boot partition: firmware, kernel, initramfs, device trees, settings.
kver=$(ls "$root"/lib/modules | sort -V | tail -1)
bootdir=$work/boot
mkdir -p "$bootdir"
cp "$root"/usr/lib/raspi-firmware/*.bin "$root"/usr/lib/raspi-firmware/*.elf \
   "$root"/usr/lib/raspi-firmware/*.dat "$bootdir"/
cp "$root"/usr/lib/linux-image-"$kver"/broadcom/bcm2*-rpi-*.dtb "$bootdir"/
[ ! -d "$root"/usr/lib/raspi-firmware/overlays ] ||
    cp -r "$root"/usr/lib/raspi-firmware/overlays "$bootdir"/
cp "$root/boot/vmlinuz-$kver" "$bootdir/vmlinuz"
cp "$root/boot/initrd.img-$kver" "$bootdir/initrd.img"
cp "$here"/image/boot/config.txt "$here"/image/boot/pokerclock.txt "$bootdir"/
sed "s/@DISKID@/$diskid/g" "$here"/image/boot/cmdline.txt > "$bootdir"/cmdline.txt
rm -rf "$root"/boot/firmware/* "$root"/boot/vmlinuz* "$root"/boot/initrd.img*

boot_img=$work/boot.vfat
rm -f "$boot_img"
mkfs.vfat -n PCBOOT -i ${diskid} -C "$boot_img" $((boot_mb * 1024)) >/dev/null
mcopy -s -i "$boot_img" "$bootdir"/* ::/
step "boot partition ready"

# 4. The data partition: the settings and the tournament, owned by the clock.
data=$work/data
uid=$(awk -F: '$1 == "pokerclock" {print $3}' "$root/etc/passwd")
gid=$(awk -F: '$1 == "pokerclock" {print $3}' "$root/etc/group")
mkdir -p "$data/pokerclock/etc" "$data/pokerclock/state" "$data/pokerclock/ssh"
# The appliance serves the panel on port 80: http://pokerclock.local/
sed 's/^port = 8080;.*/port = 80;               # the panel: http:\/\/pokerclock.local\//' \
    "$root/etc/pokerclock/pokerclock.cfg" > "$data/pokerclock/etc/pokerclock.cfg"
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
