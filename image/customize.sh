#!/bin/sh
# Turns the Debian root in $1 into the appliance: our files and units, a
# read-only root with the settings and the tournament on the data partition,
# no login on the console, SSH off, nothing that writes to the SD card.
set -eu
root=$1 diskid=$2
here=$(cd "$(dirname "$0")/.." && pwd)

cp -r --no-preserve=ownership "$here"/image/files/. "$root"/
install -D -m 0644 "$here"/systemd/system.conf.d/pokerclock-watchdog.conf \
    "$root"/etc/systemd/system.conf.d/pokerclock-watchdog.conf
install -D -m 0644 "$here"/systemd/journald.conf.d/pokerclock-volatile.conf \
    "$root"/etc/systemd/journald.conf.d/pokerclock-volatile.conf
chmod 0755 "$root"/usr/local/sbin/pokerclock-setup "$root"/usr/local/sbin/pokerclock-report \
    "$root"/usr/local/sbin/pokerclock-imager "$root"/etc/systemd/system-generators/pokerclock-no-firstrun
# avahi announces the port the unit gives the clock.
. "$here"/image/files/etc/default/pokerclock-appliance
sed -i "s/@PORT@/$PORT/" "$root"/etc/avahi/services/pokerclock.service

cat > "$root"/etc/fstab <<EOF2
# The root is read-only: pulling the power never damages it.
PARTUUID=$diskid-02  /               ext4   ro,noatime,errors=remount-ro  0 1
# Written only when pokerclock.txt has news (then remounted for a moment).
PARTUUID=$diskid-01  /boot/firmware  vfat   ro,noatime,fmask=0133,dmask=0022,flush  0 2
# The tournament and the settings.
PARTUUID=$diskid-03  /data           ext4   rw,noatime,nodev,nosuid,commit=5  0 2
/data/pokerclock/state  /var/lib/pokerclock  none  bind,x-systemd.requires=/data  0 0
/data/pokerclock/etc    /etc/pokerclock      none  bind,x-systemd.requires=/data  0 0
# What the system itself writes lives in memory.
tmpfs  /var/lib/systemd  tmpfs  mode=0755,size=16m  0 0
tmpfs  /var/log          tmpfs  mode=0755,size=32m  0 0
tmpfs  /var/tmp          tmpfs  mode=1777,size=64m  0 0
tmpfs  /tmp              tmpfs  mode=1777,size=64m  0 0
EOF2
mkdir -p "$root"/data "$root"/var/lib/pokerclock "$root"/etc/pokerclock "$root"/boot/firmware

echo pokerclock > "$root"/etc/hostname
printf '127.0.0.1\tlocalhost\n127.0.1.1\tpokerclock\n::1\t\tlocalhost ip6-localhost ip6-loopback\n' > "$root"/etc/hosts
# Empty: systemd makes one per boot in memory (each card differs).
: > "$root"/etc/machine-id
rm -f "$root"/var/lib/dbus/machine-id
# Settings that change after the build point into the data partition.
# The zone of the data partition, mirrored here by pokerclock-setup.
ln -sfn ../usr/share/zoneinfo/Etc/UTC "$root"/etc/localtime
echo Etc/UTC > "$root"/etc/timezone
mkdir -p "$root"/etc/wpa_supplicant
ln -sfn /data/pokerclock/wpa_supplicant-wlan0.conf "$root"/etc/wpa_supplicant/wpa_supplicant-wlan0.conf
# Host keys are made on the card when SSH is turned on, never shared by images.
rm -f "$root"/etc/ssh/ssh_host_*

c() { chroot "$root" "$@"; }
c systemctl enable pokerclock-setup.service pokerclock-grow.service pokerclock-report.service systemd-networkd.service \
    systemd-timesyncd.service avahi-daemon.service pokerclock.service
c systemctl disable ssh.service ssh.socket getty@tty1.service 2>/dev/null || true
c systemctl mask systemd-networkd-wait-online.service apt-daily.timer apt-daily-upgrade.timer \
    dpkg-db-backup.timer e2scrub_all.timer e2scrub_reap.service fstrim.timer \
    systemd-update-utmp.service systemd-update-utmp-runlevel.service 2>/dev/null || true
# The Pi's serial console is for technicians; the TV belongs to the clock.
c systemctl mask serial-getty@ttyS1.service 2>/dev/null || true

# No package lists or downloaded packages in the image.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/*.bin "$root"/tmp/*.deb
