#!/bin/bash
# Boots the built SD image under qemu-system-aarch64 (-M virt, the image's own
# kernel and initramfs, the image as a virtio disk, the panel forwarded to
# 127.0.0.1 only) with a pokerclock.txt on its boot partition, and passes when:
# the clock reports ready to systemd, /healthz and /api/state answer, the
# settings from pokerclock.txt are applied and the PIN is removed from it,
# the root is read-only, and after pulling the power (killing qemu) the root
# file system is clean and the clock comes back with its tournament.
#
#   image/test-image.sh [IMAGE.img.xz]   (uses the raw image build-image left)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
# Kept out of build/: the Makefile looks through build/ for *.d files, and a
# root file system is full of directories named like that.
appl=${APPLIANCE_DIR:-$here/build-appliance}
work=$appl/image
diskid=5043c10c
boot_timeout=${BOOT_TIMEOUT:-600}
started=$(date +%s)
elapsed() { echo $(( $(date +%s) - started )); }

for f in pokerclock-arm64.img vmlinuz initrd.img; do
    [ -f "$work/$f" ] || { echo "image-test: $work/$f is missing: run make image first" >&2; exit 1; }
done
need="qemu-system-aarch64:qemu-system-arm mcopy:mtools curl:curl e2fsck:e2fsprogs sfdisk:fdisk"
missing=$(for n in $need; do command -v "${n%%:*}" >/dev/null || echo "${n#*:}"; done)
[ -z "$missing" ] || [ "$(id -u)" != 0 ] ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
for n in $need; do
    command -v "${n%%:*}" >/dev/null || { echo "image-test: ${n%%:*} is missing (apt-get install ${n#*:})" >&2; exit 1; }
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pokerclock-image-test.XXXXXX")
qemu_pid=
cleanup() {
    [ -z "$qemu_pid" ] || kill "$qemu_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
failures=0 passes=0
pass() { echo "ok - $*"; passes=$((passes + 1)); }
fail() { echo "not ok - $*"; failures=$((failures + 1)); }

disk=$tmp/disk.img
cp --sparse=always "$work/pokerclock-arm64.img" "$disk"
fat="$disk@@$((2048 * 512))"
part_offset() { sfdisk -J "$disk" | tr -d ' \n' | grep -o '"start":[0-9]*' | sed -n "${1}p" | cut -d: -f2; }

cat > "$tmp/pokerclock.txt" <<'EOF'
# written by the boot test
HOSTNAME=clocktest
WIFI_SSID=
WIFI_PASSWORD=
PIN=4321
TIMEZONE=Europe/Oslo
SSH=no
EOF
mcopy -o -i "$fat" "$tmp/pokerclock.txt" ::pokerclock.txt

port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
boot() { # log file
    qemu-system-aarch64 -M virt -cpu cortex-a72 -smp 2 -m 1024 \
        -kernel "$work/vmlinuz" -initrd "$work/initrd.img" \
        -append "root=PARTUUID=$diskid-02 rootfstype=ext4 ro rootwait console=ttyAMA0 net.ifnames=0 consoleblank=0 pokerclock.test" \
        -drive "file=$disk,format=raw,if=none,id=hd0" -device virtio-blk-pci,drive=hd0 \
        -netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$port-:80" -device virtio-net-pci,netdev=n0,romfile= \
        -device i6300esb -display none -monitor none -serial "file:$1" -no-reboot &
    qemu_pid=$!
}
wait_report() { # log file: waits for the report, or fails after the timeout
    local end=$(( $(date +%s) + boot_timeout ))
    until grep -q 'POKERCLOCK-REPORT done' "$1" 2>/dev/null; do
        if [ "$(date +%s)" -gt "$end" ] || ! kill -0 "$qemu_pid" 2>/dev/null; then
            echo "image-test: no report from the guest; the console said:" >&2
            tail -60 "$1" >&2
            return 1
        fi
        sleep 2
    done
}
report() { grep -a "POKERCLOCK-REPORT $2=" "$1" | tail -1 | sed "s/.*POKERCLOCK-REPORT $2=//" | tr -d '\r'; }
expect() { # log, key, value
    local v; v=$(report "$1" "$2")
    if [ "$v" = "$3" ]; then pass "$2 is $3"; else fail "$2 is '$v', expected '$3'"; fi
}
power_cut() { kill -9 "$qemu_pid" 2>/dev/null; wait "$qemu_pid" 2>/dev/null; qemu_pid=; }

# --- first boot
boot "$tmp/console1.log"
wait_report "$tmp/console1.log" || exit 1
echo "# first boot: clock ready after $(elapsed) s"
log=$tmp/console1.log
expect "$log" active active
expect "$log" hostname clocktest
expect "$log" root ro
expect "$log" journal /run/log/journal
expect "$log" pin POKERCLOCK_PIN=set
expect "$log" timezone Europe/Oslo
expect "$log" ssh inactive
v=$(report "$log" watchdog); [ -n "$v" ] && [ "$v" != 0 ] && pass "the service watchdog is armed ($v)" || fail "no service watchdog"
v=$(report "$log" hwwatchdog)
case "$v" in *": active, "*) pass "systemd drives the hardware watchdog ($v)" ;; *) fail "the hardware watchdog is not used ($v)" ;; esac
v=$(report "$log" failed); [ -z "${v// /}" ] && pass "no failed units" || echo "# failed units (not fatal): $v"
grep -a 'pokerclock-setup:' "$log" | sed 's/^/# /' | head -5

if h=$(curl -sf --max-time 10 "http://127.0.0.1:$port/healthz") && echo "$h" | grep -q '"ok": *true'; then
    pass "/healthz answers from the guest: $h"
else
    fail "/healthz does not answer ($h)"
fi
if s=$(curl -sf --max-time 10 "http://127.0.0.1:$port/api/state") && echo "$s" | grep -q '"seq"'; then
    pass "/api/state answers from the guest"
else
    fail "/api/state does not answer"
fi
# Start the tournament when the panel's API is there (PIN from pokerclock.txt).
started_clock=no
if curl -sf --max-time 10 -c "$tmp/cookies" -H 'Content-Type: application/json' \
        -d '{"pin": "4321"}' "http://127.0.0.1:$port/api/login" >/dev/null; then
    pass "the PIN from pokerclock.txt logs in"
    if curl -sf --max-time 10 -b "$tmp/cookies" -H 'Content-Type: application/json' \
            -d '{"type": "start"}' "http://127.0.0.1:$port/api/command" >/dev/null; then
        started_clock=yes
        sleep 6 # one checkpoint
    fi
else
    echo "# /api/login is not available: the tournament is not started before the power cut"
fi

# --- pull the power
power_cut
echo "# power cut after $(elapsed) s"
if mtype -i "$fat" ::pokerclock.txt | tr -d '\r' | grep -qx 'PIN='; then
    pass "the PIN was removed from pokerclock.txt"
else
    fail "pokerclock.txt still has the PIN: $(mtype -i "$fat" ::pokerclock.txt | grep PIN)"
fi
mtype -i "$fat" ::pokerclock.txt | tr -d '\r' | grep -qx 'HOSTNAME=clocktest' &&
    pass "the other settings stay in pokerclock.txt" || fail "pokerclock.txt lost its HOSTNAME"
root_start=$(part_offset 2)
root_size=$(sfdisk -J "$disk" | tr -d ' \n' | grep -o '"size":[0-9]*' | sed -n 2p | cut -d: -f2)
dd if="$disk" of="$tmp/root.ext4" bs=512 skip="$root_start" count="$root_size" conv=sparse status=none
if e2fsck -fn "$tmp/root.ext4" >"$tmp/fsck.log" 2>&1; then
    pass "the root file system is clean after the power cut"
else
    fail "the root file system needs repair after the power cut: $(tail -3 "$tmp/fsck.log")"
fi

# --- second boot, with mistakes a volunteer could make: a bad hostname and a
# tournament file with an error. The clock runs on with what it had, and
# pokerclock-errors.txt says what to fix.
printf 'HOSTNAME=bad_name!\r\nPIN=\r\n' > "$tmp/pokerclock.txt"
mcopy -o -i "$fat" "$tmp/pokerclock.txt" ::pokerclock.txt
printf 'tournament = { name = "Broken"; levels = ( { small_blind = 200; big_blind = 100; minutes = 20; } ); };\n' > "$tmp/pokerclock.cfg"
mcopy -o -i "$fat" "$tmp/pokerclock.cfg" ::pokerclock.cfg
boot "$tmp/console2.log"
wait_report "$tmp/console2.log" || exit 1
echo "# second boot: clock ready after $(elapsed) s"
expect "$tmp/console2.log" active active
expect "$tmp/console2.log" pin POKERCLOCK_PIN=set
s=$(curl -sf --max-time 10 "http://127.0.0.1:$port/api/state")
if [ "$started_clock" = yes ]; then
    echo "$s" | grep -q '"recovered_after_power_loss": *true' &&
        pass "the tournament came back after the power cut, paused" ||
        fail "the tournament did not come back after the power cut: ${s:0:300}"
else
    [ -n "$s" ] && pass "/api/state answers after the power cut" || fail "/api/state does not answer after the power cut"
fi
expect "$tmp/console2.log" hostname clocktest
echo "$s" | grep -q '"name": *"Broken"' && fail "the tournament file with an error was used" ||
    pass "the tournament file with an error was not used"
power_cut
errors=$(mtype -i "$fat" ::pokerclock-errors.txt 2>/dev/null | tr -d '\r')
echo "$errors" | sed 's/^/# pokerclock-errors.txt: /'
echo "$errors" | grep -q '^HOSTNAME=bad_name!' && pass "pokerclock-errors.txt names the bad hostname" ||
    fail "pokerclock-errors.txt does not name the bad hostname"
echo "$errors" | grep -q 'pokerclock.cfg:[0-9]*:' && pass "pokerclock-errors.txt gives the tournament file's line" ||
    fail "pokerclock-errors.txt does not point into pokerclock.cfg"

echo "# image-test: $(elapsed) s in all"
echo "image-test: $passes passed, $failures failed"
[ "$failures" = 0 ]
