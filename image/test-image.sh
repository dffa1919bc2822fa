#!/bin/bash
# Boots the built SD image under qemu-system-aarch64 (-M virt, the image's own
# kernel and initramfs, the image as a virtio disk, a virtio-gpu display that
# Debian's kernel drives through KMS like the Pi's vc4, the panel forwarded to
# 127.0.0.1 only) with a pokerclock.txt on its boot partition, and passes when:
# what the display path loads is in the root; the screen's pictures (qemu's
# screendump) show the wall as the clock's own offscreen rendering of the same
# state and size does, and the countdown moves after a start from the panel;
# the unit's status says the wall is on a screen; /healthz and /api/state
# answer; the settings from pokerclock.txt are applied and the PIN is removed
# from it; the root is read-only; the data partition grew to fill the disk;
# every command acknowledged before a power cut is there after the next boot;
# and a second machine with FOLLOW= shows the master's tournament on its screen.
# Prints the boot times, the clock's memory and the power-cut counts; keeps
# the pictures in build-appliance/pictures/.
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
need="mmdebstrap:mmdebstrap fdtput:device-tree-compiler mcopy:mtools curl:curl e2fsck:e2fsprogs sfdisk:fdisk
      convert:imagemagick compare:imagemagick node:nodejs"
missing=$(for n in $need; do command -v "${n%%:*}" >/dev/null || echo "${n#*:}"; done)
[ -z "$missing" ] || [ "$(id -u)" != 0 ] ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
for n in $need; do
    command -v "${n%%:*}" >/dev/null || { echo "image-test: ${n%%:*} is missing (apt-get install ${n#*:})" >&2; exit 1; }
done

# QEMU 9 or later (raspi4b): this machine's, or Debian trixie's (image/qemu.sh).
qemu=$here/image/qemu.sh
"$qemu" --version | head -1 | sed 's/^/# /' || { echo "image-test: no QEMU with raspi4b" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pokerclock-image-test.XXXXXX")
pics=$appl/pictures
rm -rf "$pics"
mkdir -p "$pics"
declare -A qpid monfd started_ms
cleanup() {
    local m
    for m in "${!qpid[@]}"; do [ -z "${qpid[$m]}" ] || kill "${qpid[$m]}" 2>/dev/null; done
    [ -z "${loop_pid:-}" ] || kill "$loop_pid" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT
failures=0 passes=0
pass() { echo "ok - $*"; passes=$((passes + 1)); }
fail() { echo "not ok - $*"; failures=$((failures + 1)); }
ms() { date +%s%3N; }
secs() { printf '%d.%d s' $(($1 / 1000)) $(($1 % 1000 / 100)); }

# --- what the display path loads at run time, in the root the image was made of
if [ -d "$work/root/usr/lib" ] && [ "$(id -u)" = 0 ]; then
    libs=$("$here/image/check-display-libs.sh" "$work/root"); rc=$?
    echo "$libs" | grep '^not ok' | sed 's/^not ok - /# /'
    [ "$rc" = 0 ] && pass "the display path's libraries and drivers load in the root ($(echo "$libs" | grep -c '^ok') checked)" ||
        fail "the root lacks what the display path loads (see above)"
else
    echo "# the built root is not here (or not root): the display libraries are not checked"
fi

# The screen: 1080p, as on a TV. Regions of the wall, as fractions of it:
# the level, the countdown, the blinds.
W=1920 H=1080
regions="level:0.40,0.14,0.60,0.225 countdown:0.25,0.24,0.75,0.51 blinds:0.35,0.62,0.65,0.74"
geom() { # x0,y0,x1,y1 as fractions -> WxH+X+Y
    echo "$1" | awk -F, -v W=$W -v H=$H '{ printf "%dx%d+%d+%d", ($3-$1)*W, ($4-$2)*H, $1*W, $2*H }'
}
# Pixels of a region of A that differ from B (colour distance over 20%).
region_diff() { # a.png b.png region-name
    local r g
    for r in $regions; do [ "${r%%:*}" = "$3" ] && g=$(geom "${r#*:}"); done
    convert "$1" -crop "$g" +repage "$tmp/ra.png" 2>/dev/null || { echo 999999999; return; }
    convert "$2" -crop "$g" +repage "$tmp/rb.png" 2>/dev/null || { echo 999999999; return; }
    compare -metric AE -fuzz 20% "$tmp/ra.png" "$tmp/rb.png" null: 2>&1 | cut -d' ' -f1 | cut -d. -f1
}
region_px() { local r; for r in $regions; do [ "${r%%:*}" = "$1" ] && geom "${r#*:}"; done | awk -Fx '{ split($2, a, "+"); print $1 * a[1] }'; }
# Whether the region of the reference has something drawn in it (a screen of
# background colour only must not match an empty region).
region_ink() { # ref.png region-name
    local r g
    for r in $regions; do [ "${r%%:*}" = "$2" ] && g=$(geom "${r#*:}"); done
    convert "$1" -crop "$g" +repage -colorspace gray -format '%[fx:standard_deviation > 0.05 ? 1 : 0]' info:
}
# A picture matches the reference when each region differs in under 3% of its
# pixels (edges of glyphs may be smoothed a little differently by the GPU; a
# screen of background colour only differs in about 40% of the countdown).
matches() { # pic.png ref.png [regions...]
    local name d
    for name in "${@:3}"; do
        [ "$(region_ink "$2" "$name")" = 1 ] || return 1
        d=$(region_diff "$1" "$2" "$name")
        [ "$d" -le $(( $(region_px "$name") * 3 / 100 )) ] || return 1
    done
}
explain() { # pic.png ref.png: the differing pixels of each region
    local name; for name in level countdown blinds; do
        printf '%s %s/%s px differ; ' "$name" "$(region_diff "$1" "$2" "$name")" "$(region_px "$name")"; done
}

disk=$tmp/disk.img
cp --sparse=always "$work/pokerclock-arm64.img" "$disk"
# A card larger than the image: the data partition grows on the first boot.
truncate -s +512M "$disk"
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
# A venue's tournament: an example as it comes, port = 8080 and all. The
# appliance's panel stays on port 80 (the test reaches the guest's 80).
mcopy -o -i "$fat" "$here/assets/structures/seated.cfg" ::pokerclock.cfg

port=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
lan=$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')
api=http://127.0.0.1:$port
# The image's hardware watchdog resets a box whose PID 1 stalls for 15 s. An
# emulated arm64 guest on two busy cores stalls that long while systemd runs
# its generators (two guests at once were reset at about 60 s, before any
# unit started), so the test boots give the watchdog a minute; the image's
# own 15 s is checked in its root below. For the same reason they wait up to
# 5 minutes for the disk's partitions to appear (90 s was once too short).
# A lone guest was once starved past a minute too (the guest kernel saw a
# soft lockup of 26 s in modprobe): the test boots give it two minutes, and
# a guest the watchdog resets all the same boots again, as a Pi would; the
# resets are counted and printed, and the boot still has to report in time.
guest_watchdog=120
boot() { # machine-name disk console-log [qemu network arguments...]
    local m=$1 d=$2 log=$3 fd; shift 3
    rm -f "$tmp/$m.mon.in" "$tmp/$m.mon.out"
    mkfifo "$tmp/$m.mon.in" "$tmp/$m.mon.out"
    started_ms[$m]=$(ms)
    "$qemu" -M virt -cpu cortex-a72 -smp 2 -m 1024 \
        -kernel "$work/vmlinuz" -initrd "$work/initrd.img" \
        -append "root=PARTUUID=$diskid-02 rootfstype=ext4 ro rootwait console=ttyAMA0 net.ifnames=0 consoleblank=0 vt.global_cursor_default=0 quiet loglevel=5 pokerclock.test systemd.watchdog_sec=$guest_watchdog systemd.default_device_timeout_sec=300${extra_append:-}" \
        -drive "file=$d,format=raw,if=none,id=hd0" -device virtio-blk-pci,drive=hd0 \
        "$@" -device i6300esb \
        -device virtio-gpu-pci,xres=$W,yres=$H,romfile= -display none \
        -monitor "pipe:$tmp/$m.mon" -serial "file:$log" &
    qpid[$m]=$!
    exec {fd}>"$tmp/$m.mon.in"
    monfd[$m]=$fd
    cat "$tmp/$m.mon.out" > "$tmp/$m.mon.log" &
}
user_net() { echo -netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$port-:80" -device virtio-net-pci,netdev=n0,romfile=; }
# A picture of the machine's screen, as the TV would show it: $pics/NAME.png.
shot() { # machine name
    local f=$tmp/$2.ppm size=0 last=-1 i
    kill -0 "${qpid[$1]}" 2>/dev/null || return 1 # its monitor is gone with it
    rm -f "$f"
    echo "screendump $f" >&"${monfd[$1]}"
    for i in $(seq 100); do
        size=$(stat -c %s "$f" 2>/dev/null || echo 0)
        [ "$size" -gt 0 ] && [ "$size" = "$last" ] && break
        last=$size
        sleep 0.1
    done
    [ "$size" -gt 0 ] && convert "$f" "$pics/$2.png" 2>/dev/null && rm -f "$f"
}
# A guest kernel that hangs under emulation (seen: a modprobe spinning on
# one CPU for minutes, "soft lockup" on the console, while PID 1 still
# feeds the watchdog) is reset once from qemu's monitor, as a hand on the
# power button would; the boot must then report within the timeout again.
hang_after=240
wait_report() { # machine log-file: waits for the report, or fails after the timeout
    local end=$(( $(date +%s) + boot_timeout )) since=$(date +%s) kicked=no
    until grep -q 'POKERCLOCK-REPORT done' "$2" 2>/dev/null; do
        if [ "$(date +%s)" -gt "$end" ] || ! kill -0 "${qpid[$1]}" 2>/dev/null; then
            echo "image-test: no report from the guest; the console said:" >&2
            tail -60 "$2" >&2
            return 1
        fi
        if [ "$kicked" = no ] && [ $(( $(date +%s) - since )) -gt "$hang_after" ] &&
            grep -aq 'soft lockup' "$2"; then
            echo "# the guest hung on its way up ($(grep -ao 'soft lockup.*' "$2" | tail -1 | tr -d '\r')): reset from qemu's monitor"
            grep -aA30 'soft lockup' "$2" | grep -aE 'Modules linked in| [a-z_0-9.]+\+0x' | head -10 | sed 's/^/#   /'
            echo "system_reset" >&"${monfd[$1]}"
            kicked=yes end=$(( $(date +%s) + boot_timeout ))
        fi
        sleep 2
    done
}
# Boots in a console log: the kernel's clock starts again from 0 at each.
# (Lines journald passes on carry the time they were logged and come a few
# seconds out of order: only a step back of more than 10 s is a new boot.)
boots() { grep -aoE '\[ *[0-9]+\.[0-9]+\]' "$1" | tr -d '[] ' |
    awk -F. '$1 + 10 < last { n++ } { last = $1 + 0 } END { print n + 1 }'; }
resets() { # log: says when the guest was reset on its way up
    local n; n=$(boots "$1")
    [ "$n" -le 1 ] || echo "# the guest was reset $((n - 1)) time(s) on its way up and booted again"
}
# How long each part of the test took (CI's time is counted).
part_time() { echo "# time: $1: $(( $(date +%s) - $2 )) s"; }
# The floor: the same machine, kernel and initramfs booting a bare init
# instead of systemd (grep printing the guest's /proc/uptime: the root is
# mounted by then, as for the clock; it then reads the console for ever, so
# the line reaches the serial port before anything stops). Power on to its line is what no image
# can beat; our part of the boot is the clock's time less the floor's.
floor_init="init=/usr/bin/grep -- -H . /proc/uptime /dev/console"
floor_wait() { # machine log: prints "host-seconds guest-seconds" once the marker is there
    # (the caller cuts the power)
    local end=$(( $(date +%s) + boot_timeout )) t
    until grep -aq '^/proc/uptime:' "$2" 2>/dev/null; do
        if [ "$(date +%s)" -gt "$end" ] || ! kill -0 "${qpid[$1]}" 2>/dev/null; then return 1; fi
        sleep 0.1
    done
    t=$(( $(ms) - ${started_ms[$1]} ))
    echo "$(secs "$t" | cut -d' ' -f1) $(grep -a -m1 '^/proc/uptime:' "$2" | tr -d '\r' | sed 's/^[^:]*:\([0-9.]*\).*/\1/')"
}
# The clock's boot against the floor: its first frame (or READY) on the
# guest's clock, the floor's marker, the ratio, our part in floors.
against_floor() { # label clock-seconds floor-guest-seconds
    [ -n "$2" ] && [ -n "$3" ] || { echo "# $1: no figure against the floor (clock '$2', floor '$3')"; return; }
    awk -v l="$1" -v c="$2" -v f="$3" 'BEGIN { printf "# %s: %.1f s on the guest'"'"'s clock, the floor %.1f s: %.2f times the floor, our part %.1f s = %.2f floors\n", l, c, f, c / f, c - f, (c - f) / f }'
}
report() { grep -a "POKERCLOCK-REPORT $2=" "$1" | tail -1 | sed "s/.*POKERCLOCK-REPORT $2=//" | tr -d '\r'; }
report_all() { grep -a "POKERCLOCK-REPORT $2=" "$1" | sed "s/.*POKERCLOCK-REPORT $2=//" | tr -d '\r'; }
expect() { # log, key, value
    local v; v=$(report "$1" "$2")
    if [ "$v" = "$3" ]; then pass "$2 is $3"; else fail "$2 is '$v', expected '$3'"; fi
}
power_cut() { # machine
    local fd=${monfd[$1]}
    kill -9 "${qpid[$1]}" 2>/dev/null; wait "${qpid[$1]}" 2>/dev/null; qpid[$1]=
    exec {fd}>&-
}
command() { curl -sf --max-time 10 -b "$tmp/cookies" -H 'Content-Type: application/json' -d "$1" "$api/api/command"; }
login() { curl -sf --max-time 10 -c "$tmp/cookies" -H 'Content-Type: application/json' -d '{"pin": "4321"}' "$api/api/login" >/dev/null; }
reference() { # name: the clock's own rendering of its state at the screen's size
    curl -sf --max-time 30 -o "$pics/$1.png" "$api/api/screen.png?w=$W&h=$H"
}

# IMAGE_TEST_PARTS: which boots run: virt (the screen, the panel, power
# cuts, settings; the follower), pi3 and pi4 (QEMU's raspi3b and raspi4b),
# pi (both Pis). All unless told.
parts=" ${IMAGE_TEST_PARTS:-virt pi} "
want() { case "$parts" in *" $1 "*) return 0 ;; esac; return 1; }
want pi && parts="$parts pi3 pi4 "

if want virt; then
# --- the floor: the same guest with a bare init
part_started=$(date +%s)
extra_append=" $floor_init"
boot floor "$disk" "$tmp/floor.log" $(user_net)
extra_append=
read -r floor_host floor_guest < <(floor_wait floor "$tmp/floor.log") ||
    fail "the bare init's boot (the floor) printed nothing"
power_cut floor
echo "# virt: power on to the floor's marker (a bare init): ${floor_host:-?} s (the guest's clock: ${floor_guest:-?} s)"
part_time "the floor (virt)" "$part_started"
# --- first boot: power on, pictures of the screen until the wall is on it
part_started=$(date +%s)
boot master "$disk" "$tmp/console1.log" $(user_net)
t0=${started_ms[master]}
panel_ms= first_ms= n=0 checked=0
declare -A shot_ms
end=$(( $(date +%s) + boot_timeout ))
while [ -z "$first_ms" ] && [ "$(date +%s)" -le "$end" ] && kill -0 "${qpid[master]}" 2>/dev/null; do
    if [ -z "$panel_ms" ] && curl -sf --max-time 2 "$api/healthz" >/dev/null; then
        panel_ms=$(( $(ms) - t0 ))
        reference wall-reference || panel_ms=
    fi
    n=$((n + 1))
    now=$(( $(ms) - t0 ))
    shot master "boot-$n" && shot_ms[$n]=$now
    # Once the clock's own rendering is there, look through the pictures so far.
    if [ -n "$panel_ms" ]; then
        while [ "$checked" -lt "$n" ] && [ -z "$first_ms" ]; do
            checked=$((checked + 1))
            [ -f "$pics/boot-$checked.png" ] || continue
            if matches "$pics/boot-$checked.png" "$pics/wall-reference.png" level countdown blinds; then
                first_ms=${shot_ms[$checked]}
                cp "$pics/boot-$checked.png" "$pics/first-picture.png"
            fi
        done
    fi
    sleep 1
done
last_boot=$n
[ -n "$panel_ms" ] && echo "# power on to the panel answering: $(secs "$panel_ms")" || fail "the panel never answered"
if [ -n "$first_ms" ]; then
    echo "# power on to the first picture of the clock on the screen: $(secs "$first_ms")"
    pass "the screen shows the wall: level, countdown and blinds as the clock renders them (first-picture.png)"
else
    cp "$pics/boot-$last_boot.png" "$pics/first-picture.png" 2>/dev/null
    fail "the screen never showed the wall; last picture: $(explain "$pics/boot-$last_boot.png" "$pics/wall-reference.png")"
fi
# Keep the last picture before the wall came (the boot) and the first with it.
for f in "$pics"/boot-*.png; do [ "$f" = "$pics/boot-$((checked - 1)).png" ] || rm -f "$f"; done
[ ! -f "$pics/boot-$((checked - 1)).png" ] || mv "$pics/boot-$((checked - 1)).png" "$pics/before-the-wall.png"

wait_report master "$tmp/console1.log" || exit 1
resets "$tmp/console1.log"
echo "# first boot: clock ready and reported after $(elapsed) s"
log=$tmp/console1.log
expect "$log" active active
expect "$log" restarts 0
report_all "$log" restart_why | sed 's/^/# the clock restarted: /'
status=$(report "$log" status)
case "$status" in "wall on screen: "*) pass "the unit's status says the wall is on a screen: $status" ;;
    *) fail "the unit's status does not say the wall is on a screen: '$status'" ;; esac
report_all "$log" log | sed 's/^/# clock: /'
echo "# clock's memory at ${W}x$H: PSS $(report "$log" pss), RSS $(report "$log" rss); MemAvailable $(report "$log" mem_available) of 1024 MB; libLLVM: $(report "$log" llvm)"
echo "# boot: $(report "$log" boot_time)"
echo "# virt: power on to the clock's first frame $(report "$log" first_frame_s) s, to READY $(report "$log" ready_s) s (the guest's clock); the floor ${floor_guest:-?} s"
against_floor "virt, the first frame" "$(report "$log" first_frame_s)" "${floor_guest:-}"
against_floor "virt, READY" "$(report "$log" ready_s)" "${floor_guest:-}"
report_all "$log" blame | sed 's/^/# blame: /'
report_all "$log" chain | sed 's/^/# critical chain: /'
v=$(report "$log" nofile); [ "$v" = 2048 ] && pass "the clock may hold 2048 descriptors (1,536 connections)" || fail "open files limit is '$v'"
v=$(report "$log" data_mb); [ "${v:-0}" -gt 400 ] && pass "the data partition grew to fill the disk ($v MB)" ||
    fail "the data partition did not grow ($v MB; 128 MB image on a disk 512 MB larger)"
expect "$log" hostname clocktest
expect "$log" root ro
expect "$log" journal /run/log/journal
expect "$log" pin POKERCLOCK_PIN=set
expect "$log" timezone Europe/Oslo
expect "$log" timedatectl Europe/Oslo
expect "$log" listen "80 "
v=$(report "$log" mdns_port)
[ "$v " = "$(report "$log" listen)" ] && pass "avahi announces the port the clock serves ($v)" ||
    fail "avahi announces port '$v', the clock listens on '$(report "$log" listen)'"
expect "$log" resolv_conf ../run/systemd/resolve/stub-resolv.conf
v=$(report "$log" dns)
case "$v" in *10.0.2.3*) pass "DNS from DHCP: $v" ;; *) fail "the DNS server from DHCP (10.0.2.3) is not used: '$v'" ;; esac
expect "$log" timesyncd active
expect "$log" ssh inactive
v=$(report "$log" watchdog); [ -n "$v" ] && [ "$v" != 0 ] && pass "the service watchdog is armed ($v)" || fail "no service watchdog"
v=$(report "$log" hwwatchdog)
case "$v" in *": active, "*) pass "systemd drives the hardware watchdog ($v)" ;; *) fail "the hardware watchdog is not used ($v)" ;; esac
if [ -d "$work/root/etc/systemd" ]; then
    v=$(sed -n 's/^RuntimeWatchdogSec=//p' "$work/root/etc/systemd/system.conf.d/pokerclock-watchdog.conf" 2>/dev/null)
    [ "$v" = 15s ] && pass "the image sets the hardware watchdog to 15 s (the test boots give it ${guest_watchdog} s)" ||
        fail "the image's hardware watchdog timeout is '$v', not 15s"
fi
v=$(report "$log" failed); [ -z "${v// /}" ] && pass "no failed units" || echo "# failed units (not fatal): $v"
grep -a 'pokerclock-setup:' "$log" | sed 's/^/# /' | head -5
grep -a -c 'ALSA' "$log" | sed 's/^/# ALSA lines on the console: /'

if h=$(curl -sf --max-time 10 "$api/healthz") && echo "$h" | grep -q '"ok": *true'; then
    pass "/healthz answers from the guest: $h"
else
    fail "/healthz does not answer ($h)"
fi
if s=$(curl -sf --max-time 10 "$api/api/state") && echo "$s" | grep -q '"seq"'; then
    pass "/api/state answers from the guest"
else
    fail "/api/state does not answer"
fi

# --- a start from the panel: the countdown on the screen moves
started_clock=no
if login; then
    pass "the PIN from pokerclock.txt logs in"
    if command '{"type": "start"}' >/dev/null; then
        started_clock=yes
        # Under emulation the screen may show the start a few seconds late:
        # the first picture is the first whose countdown left the reference's.
        for i in $(seq 10); do
            sleep 1; shot master running-1
            d0=$(region_diff "$pics/wall-reference.png" "$pics/running-1.png" countdown)
            [ "$d0" -le 500 ] || break
        done
        sleep 3; shot master running-2
        d=$(region_diff "$pics/running-1.png" "$pics/running-2.png" countdown)
        [ "$d" -gt 500 ] && [ "$d0" -gt 500 ] &&
            pass "the countdown on the screen moves after a start from the panel ($d0 and $d px changed)" ||
            fail "the countdown on the screen does not move after a start ($d0, $d px changed)"
        command '{"type": "pause"}' >/dev/null
        # Under emulation on a busy machine the screen may show the pause
        # seconds late: the first picture that matches, within 30 s.
        ok=no
        for i in $(seq 15); do
            sleep 2
            shot master paused
            reference paused-reference
            matches "$pics/paused.png" "$pics/paused-reference.png" level countdown blinds && { ok=yes; break; }
        done
        [ "$ok" = yes ] &&
            pass "paused again, the screen shows what the clock renders: $(explain "$pics/paused.png" "$pics/paused-reference.png")" ||
            fail "paused, the screen differs from the clock's rendering: $(explain "$pics/paused.png" "$pics/paused-reference.png")"
        command '{"type": "resume"}' >/dev/null
    fi
else
    fail "the PIN from pokerclock.txt does not log in"
fi

# --- pull the power while commands are being acknowledged
: > "$tmp/acked"; : > "$tmp/sent"
( while :; do
    echo >> "$tmp/sent"
    command '{"type": "register"}' >/dev/null && echo >> "$tmp/acked"
  done ) &
loop_pid=$!
sleep 6
power_cut master
part_time "first boot (virt): pictures, the panel, the power cut" "$part_started"
kill "$loop_pid" 2>/dev/null; wait "$loop_pid" 2>/dev/null; loop_pid=
acked=$(wc -l < "$tmp/acked") sent=$(wc -l < "$tmp/sent")
echo "# power cut after $(elapsed) s, under a command loop: $acked commands acknowledged of $sent sent"
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
rm -f "$tmp/root.ext4"

part_started=$(date +%s)
# --- second boot, with mistakes a volunteer could make: a bad hostname and a
# tournament file with an error. The clock runs on with what it had, and
# pokerclock-errors.txt says what to fix.
# Wi-Fi configured, and no Wi-Fi device (qemu's virt has none): the
# panel must answer as soon as on a boot with a cable only.
printf 'HOSTNAME=bad_name!\r\nPIN=\r\nWIFI_SSID=VenueWifi\r\nWIFI_PASSWORD=secret123\r\n' > "$tmp/pokerclock.txt"
mcopy -o -i "$fat" "$tmp/pokerclock.txt" ::pokerclock.txt
printf 'tournament = { name = "Broken"; levels = ( { small_blind = 200; big_blind = 100; minutes = 20; } ); };\n' > "$tmp/pokerclock.cfg"
mcopy -o -i "$fat" "$tmp/pokerclock.cfg" ::pokerclock.cfg
# And a card flashed by Raspberry Pi Imager as for an image that runs a
# first-boot script (Imager's init_format "systemd"): the words it adds to
# cmdline.txt (the firmware hands them to the kernel: here -append) and the
# script. The script is not run, the words go, and the boot goes on.
imager_run=" systemd.run=/boot/firstrun.sh systemd.run_success_action=reboot systemd.unit=kernel-command-line.target"
mtype -i "$fat" ::cmdline.txt | tr -d '\r\n' > "$tmp/cmdline.txt"
echo "$imager_run" >> "$tmp/cmdline.txt"
mcopy -o -i "$fat" "$tmp/cmdline.txt" ::cmdline.txt
printf '#!/bin/bash\nsystemctl poweroff\n' > "$tmp/firstrun.sh"
mcopy -o -i "$fat" "$tmp/firstrun.sh" ::firstrun.sh
extra_append=$imager_run
boot master "$disk" "$tmp/console2.log" $(user_net)
extra_append=
panel2_ms=
end=$(( $(date +%s) + boot_timeout ))
while [ -z "$panel2_ms" ] && [ "$(date +%s)" -le "$end" ] && kill -0 "${qpid[master]}" 2>/dev/null; do
    curl -sf --max-time 2 "$api/healthz" >/dev/null && panel2_ms=$(( $(ms) - ${started_ms[master]} ))
    sleep 0.5
done
wait_report master "$tmp/console2.log" || exit 1
resets "$tmp/console2.log"
echo "# second boot: clock ready after $(elapsed) s"
expect "$tmp/console2.log" active active
expect "$tmp/console2.log" pin POKERCLOCK_PIN=set
if [ -n "$panel2_ms" ] && [ -n "$panel_ms" ] && [ "$panel2_ms" -le $((panel_ms + 5000)) ]; then
    pass "Wi-Fi configured without a Wi-Fi device: the panel answered after $(secs "$panel2_ms") (cable only: $(secs "$panel_ms"))"
else
    fail "Wi-Fi configured without a Wi-Fi device: the panel answered after $(secs "${panel2_ms:-0}"), cable only after $(secs "${panel_ms:-0}")"
fi
expect "$tmp/console2.log" wifi "inactive 0"
s=$(curl -sf --max-time 10 "$api/api/state")
if [ "$started_clock" = yes ]; then
    echo "$s" | grep -q '"recovered_after_power_loss": *true' &&
        pass "the tournament came back after the power cut, paused" ||
        fail "the tournament did not come back after the power cut: ${s:0:300}"
fi
entries=$(echo "$s" | grep -o '"entries": *[0-9]*' | head -1 | grep -o '[0-9]*$')
echo "# after the power cut: $acked acknowledged, $sent sent, ${entries:-?} registered in the tournament"
[ -n "$entries" ] && [ "$entries" -ge "$acked" ] && [ "$entries" -le "$sent" ] &&
    pass "every acknowledged command survived the power cut ($entries registered; $acked acknowledged, $sent sent)" ||
    fail "acknowledged commands were lost in the power cut (${entries:-?} registered; $acked acknowledged)"
expect "$tmp/console2.log" hostname clocktest
echo "$s" | grep -q '"name": *"Broken"' && fail "the tournament file with an error was used" ||
    pass "the tournament file with an error was not used"
power_cut master
part_time "second boot (virt)" "$part_started"
errors=$(mtype -i "$fat" ::pokerclock-errors.txt 2>/dev/null | tr -d '\r')
echo "$errors" | sed 's/^/# pokerclock-errors.txt: /'
mtype -i "$fat" ::cmdline.txt | grep -q 'systemd\.run' && fail "cmdline.txt still has systemd.run=" ||
    pass "the first-boot script's words are gone from cmdline.txt"
mdir -b -i "$fat" :: | grep -qi firstrun.sh && fail "firstrun.sh is still on the card" ||
    pass "the first-boot script is gone from the card"
echo "$errors" | grep -q 'systemd.run=' && pass "pokerclock-errors.txt says the first-boot script was not run" ||
    fail "pokerclock-errors.txt does not mention the first-boot script"
echo "$errors" | grep -q '^HOSTNAME=bad_name!' && pass "pokerclock-errors.txt names the bad hostname" ||
    fail "pokerclock-errors.txt does not name the bad hostname"
echo "$errors" | grep -q '^pokerclock.cfg:[0-9]*: port = 8080 is not used' &&
    pass "pokerclock-errors.txt says the tournament file's port = 8080 is not used" ||
    fail "pokerclock-errors.txt does not say the tournament file's port is not used"
echo "$errors" | grep -q 'pokerclock.cfg:[0-9]*: .*big_blind' && pass "pokerclock-errors.txt gives the tournament file's line" ||
    fail "pokerclock-errors.txt does not point into pokerclock.cfg"

# --- a third boot, nothing changed on the card (every boot at the venue
# after the first): pokerclock-setup applies nothing again, and this is the
# boot measured against the floor.
part_started=$(date +%s)
boot master "$disk" "$tmp/console5.log" $(user_net)
wait_report master "$tmp/console5.log" || exit 1
resets "$tmp/console5.log"
log=$tmp/console5.log
grep -aq 'pokerclock-setup: .*nothing new to apply' "$log" &&
    pass "nothing new on the card: pokerclock-setup applies nothing again" ||
    fail "nothing new on the card, and pokerclock-setup applied it all again"
expect "$log" active active
expect "$log" restarts 0
report_all "$log" restart_why | sed 's/^/# the clock restarted: /'
expect "$log" hostname clocktest
expect "$log" pin POKERCLOCK_PIN=set
echo "# virt, nothing changed on the card: power on to the clock's first frame $(report "$log" first_frame_s) s, to READY $(report "$log" ready_s) s (the guest's clock); the floor ${floor_guest:-?} s"
against_floor "virt, nothing changed, the first frame" "$(report "$log" first_frame_s)" "${floor_guest:-}"
against_floor "virt, nothing changed, READY" "$(report "$log" ready_s)" "${floor_guest:-}"
echo "# boot (nothing changed): $(report "$log" boot_time)"
report_all "$log" blame | head -8 | sed 's/^/# blame (nothing changed): /'
v=$(report_all "$log" chain)
echo "$v" | sed 's/^/# critical chain (nothing changed): /'
# What the first frame does not need stays off its way: the network, avahi,
# the rest of the system's start (basic.target, udev's pass over every device).
w=$(echo "$v" | grep -o -e 'network[^ ]*' -e 'avahi[^ ]*' -e 'resolved[^ ]*' -e 'basic\.target' \
    -e 'sysinit\.target' -e 'systemd-udev-trigger[^ ]*' -e 'systemd-user-sessions[^ ]*' | sort -u | tr '\n' ' ')
[ -n "$v" ] && [ -z "$w" ] && pass "the clock's critical chain holds only what its first frame needs" ||
    fail "the clock's critical chain holds what its first frame does not need: ${w:-no chain}"
power_cut master
part_time "third boot (virt), nothing changed on the card" "$part_started"

fi # want virt

# --- the Raspberry Pi's own boot path: QEMU's raspi3b and raspi4b, each with
# the kernel, the initramfs and the device tree from the image's own boot
# partition and the image as the SD card (if=sd: the SD controller, its
# regulators and pins as the device tree names them). Neither machine has
# a network the test can reach nor a GPU Linux drives: the report asks the
# panel from inside and says so on the serial console. QEMU's watchdog of
# the Pi (15 s at most) is not armed: an emulated Pi stalls longer than that.
pi_part_offset() { sfdisk -J "$1" | tr -d ' \n' | grep -o '"start":[0-9]*' | head -1 | cut -d: -f2; }
# What QEMU's raspi4b lacks, taken out of a copy of the Pi 4's device tree
# (QEMU takes out a few nodes itself): the HDMI block (its clock, interrupt
# controller, HDMI and DDC I2C: their registers are not there, and Linux's
# drivers stop at the first read), and the firmware's GPIO expander: QEMU
# answers none of its requests, so the SD card's two regulators, switched
# by it on a Pi 4, are switched by two spare SoC GPIOs instead. The SD
# controller still waits for both regulators, and their drivers must be in
# the initramfs.
# And the mini UART's clock: QEMU's mini UART has no divisor latch, so the
# divisor Linux sets for the baud rate lands in its data register (a stray
# character on the console) and, the high byte, in its interrupt enable
# register. At QEMU's Pi 4 core clock the divisor for 115200 baud is 0x262:
# the 2 enables the transmit interrupt, which QEMU holds asserted and Linux
# (which did not ask for it) never clears. From the moment the console's
# interrupt is requested, CPU 0 then runs that handler without end (RCU
# stalls, soft lockups), and the GIC, which serves the lowest pending
# number first, never gets to the SD controller's interrupt (SPI 126 after
# the mini UART's 93): "Timeout waiting for hardware interrupt". Clocked
# from the 54 MHz oscillator, the mini UART's divisor for 115200 baud fits
# in its low byte, and the console stays the one on the GPIO header.
qemu_dtb() { # machine dtb
    local dtb=$2 n exp gpio pin=26 r prop cells
    [ "$1" = raspi4b ] || return 0
    fdtput "$dtb" /soc/aux@7e215000 clocks "$(fdtget "$dtb" /clocks/clk-osc phandle)"
    for n in $(fdtget -l "$dtb" /soc | grep '@7ef0'); do fdtput -t s "$dtb" "/soc/$n" status disabled; done
    exp=$(fdtget "$dtb" /firmware/rpi-firmware/gpio phandle) gpio=$(fdtget "$dtb" /soc/gpio@7e200000 phandle)
    for r in $(fdtget -l "$dtb" / | grep '^regulator-sd'); do
        for prop in gpio gpios; do
            cells=$(fdtget "$dtb" "/$r" "$prop" 2>/dev/null) || continue
            [ "${cells%% *}" = "$exp" ] || continue
            fdtput "$dtb" "/$r" "$prop" "$gpio" "$pin" "${cells##* }"
            pin=$((pin + 1))
        done
    done
}
pi_boot() { # name machine dtb [imager-fixture]
    local m=$1 machine=$2 dtb=$3 imager=${4:-} d=$tmp/$1.img log=$tmp/$1.log pi=$tmp/$1-boot fd size p2 f
    cp --sparse=always "$work/pokerclock-arm64.img" "$d"
    # An emulated SD card is a power of two in size (a real one need not be).
    size=$(stat -c %s "$d") p2=$((1 << 30))
    while [ "$p2" -lt "$size" ]; do p2=$((p2 * 2)); done
    truncate -s "$p2" "$d"
    local bootfat="$d@@$(( $(pi_part_offset "$d") * 512 ))"
    # A card flashed with Raspberry Pi Imager's settings: its files on the
    # boot partition (and the Wi-Fi country on the command line) as that
    # generation of Imager writes them; else a HOSTNAME in pokerclock.txt.
    if [ -n "$imager" ]; then
        for f in user-data network-config meta-data; do
            [ ! -f "$imager/$f" ] || mcopy -o -i "$bootfat" "$imager/$f" "::$f"
        done
        if [ -f "$imager/cmdline.txt" ] && grep -q regdom "$imager/cmdline.txt"; then
            mtype -i "$bootfat" ::cmdline.txt | tr -d '\r\n' > "$tmp/$m.cmdline"
            printf ' %s\n' "$(tr ' ' '\n' < "$imager/cmdline.txt" | grep regdom)" >> "$tmp/$m.cmdline"
            mcopy -o -i "$bootfat" "$tmp/$m.cmdline" ::cmdline.txt
        fi
    else
        printf 'HOSTNAME=%s\n' "$m" > "$tmp/$m.txt"
        mcopy -o -i "$bootfat" "$tmp/$m.txt" ::pokerclock.txt
    fi
    mkdir -p "$pi"
    for f in vmlinuz initrd.img "$dtb" cmdline.txt; do mcopy -n -i "$bootfat" "::$f" "$pi/$f" || return 1; done
    qemu_dtb "$machine" "$pi/$dtb"
    # PI_INITRD=FILE: another initramfs instead of the card's (to see what
    # an older one does on the Pis' own boot path).
    [ -z "${PI_INITRD:-}" ] || cp "$PI_INITRD" "$pi/initrd.img"
    # The card: on the Pi 3 on the SD host controller (QEMU's GPIO-switched
    # SD bus), on the Pi 4 on EMMC2 (QEMU's first SDHCI), as on the boards.
    local card="-drive file=$d,if=sd,format=raw"
    [ "$machine" != raspi4b ] ||
        card="-drive if=none,id=card,file=$d,format=raw -device sd-card,drive=card,bus=/generic-sdhci/sd-bus"
    rm -f "$tmp/$m.mon.in" "$tmp/$m.mon.out"
    mkfifo "$tmp/$m.mon.in" "$tmp/$m.mon.out"
    started_ms[$m]=$(ms)
    "$qemu" -M "$machine" -kernel "$pi/vmlinuz" -initrd "$pi/initrd.img" -dtb "$pi/$dtb" \
        -append "$(tr -d '\r\n' < "$pi/cmdline.txt") console=$(pi_console "$machine") loglevel=7 pokerclock.test systemd.watchdog_sec=off systemd.default_device_timeout_sec=300${pi_append:-}" \
        $card -display none \
        -monitor "pipe:$tmp/$m.mon" $(pi_serials "$machine" "$log") &
    qpid[$m]=$!
    exec {fd}>"$tmp/$m.mon.in"
    monfd[$m]=$fd
    cat "$tmp/$m.mon.out" > "$tmp/$m.mon.log" &
}
# The serial console a technician would use, the GPIO header's mini UART
# (ttyS1, QEMU's second serial port), named last so that it is
# /dev/console (the report's).
pi_console() { echo ttyS1,115200; }
pi_serials() { echo "-serial null -serial file:$2"; }
# Each Pi's serial console is kept: $appl/consoles/MACHINE.log.
keep_console() { mkdir -p "$appl/consoles" && cp "$2" "$appl/consoles/$1.log"; }
pi_test() { # name machine dtb model [imager-fixture]
    local m=$1 log=$tmp/$1.log end t v
    pi_boot "$1" "$2" "$3" "${5:-}" || { fail "$4: the kernel, initramfs or $3 is not on the image's boot partition"; return 1; }
    end=$(( $(date +%s) + boot_timeout ))
    until grep -aq 'POKERCLOCK-REPORT panel=' "$log" 2>/dev/null; do
        if [ "$(date +%s)" -gt "$end" ] || ! kill -0 "${qpid[$m]}" 2>/dev/null ||
            grep -aq 'Gave up waiting for root\|Kernel panic' "$log" 2>/dev/null; then
            fail "$4 ($2): the panel never answered; the console said:"
            grep -a -e 'mmc' -e 'root' -e 'deferred' -e 'regulator' -e 'Gave up' -e 'panic' \
                -e 'self-detected stall' -e 'soft lockup' "$log" | tail -25 | sed 's/^/#   /'
            shot "$m" "$2-screen"
            power_cut "$m"
            keep_console "$2" "$log"
            return 1
        fi
        sleep 2
    done
    t=$(( $(ms) - ${started_ms[$m]} ))
    wait_report "$m" "$log" || { fail "$4 ($2): no report"; power_cut "$m"; keep_console "$2" "$log"; return 1; }
    echo "# $4 ($2): power on to the panel answering (asked inside the guest): $(secs "$t"); $(report "$log" boot_time)"
    echo "# $4 ($2): READY $(report "$log" ready_s) s on the guest's clock"
    grep -a 'mmcblk0: \|mmc0: new' "$log" | head -2 | tr -d '\r' | sed "s/^/# $2: /"
    grep -a 'deferred probe pending' "$log" | tr -d '\r' | sed "s/^/# $2: /"
    v=$(report "$log" root_source)
    case "$v" in /dev/mmcblk0p2) pass "$4 ($2): the root file system is mmcblk0p2, the SD card ($(report "$log" model))" ;;
        *) fail "$4 ($2): the root file system is '$v', not the SD card's mmcblk0p2" ;; esac
    expect "$log" active active
    expect "$log" restarts 0
    v=$(report "$log" panel)
    case "$v" in *'"ok": true'*|*'"ok":true'*) pass "$4 ($2): the panel answers on port 80: $v" ;;
        *) fail "$4 ($2): the panel does not answer: '$v'" ;; esac
    report_all "$log" blame | head -5 | sed "s/^/# $2 blame: /"
    # The screen: QEMU's framebuffer of the Pi. Linux's vc4 needs the Pi's
    # display pipeline (HVS, pixel valves), which QEMU does not emulate, and
    # nothing else draws there: the picture is said, not checked.
    if shot "$m" "$2-screen"; then
        v=$(convert "$pics/$2-screen.png" -format '%wx%h %[fx:maxima]' info: 2>/dev/null |
            awk '{ print $1 ", " ($2 == 0 ? "all black" : "not all black") }')
        echo "# $2: the screen: $pics/$2-screen.png ($v); the clock says: $(report "$log" status)"
    fi
    resets "$log"
    v=$(grep -ac -e 'self-detected stall' -e 'soft lockup' "$log")
    [ "$v" = 0 ] || echo "# $2: the guest's kernel saw $v stalls or soft lockups on its way up (a busy host)"
    power_cut "$m"
    keep_console "$2" "$log"
    pi_floor "$1" "$2" "$3" "$4" "$(report "$log" ready_s)"
    return 0
}
# The Pi's floor: the same card, kernel, initramfs and tree with a bare
# init, after the clock's boot (its console kept beside the clock's).
pi_floor() { # name machine dtb model clock-ready-seconds
    local fh fg
    pi_append=" $floor_init"
    pi_boot "$1-floor" "$2" "$3" || { pi_append=; return 1; }
    pi_append=
    read -r fh fg < <(floor_wait "$1-floor" "$tmp/$1-floor.log")
    power_cut "$1-floor"
    keep_console "$2-floor" "$tmp/$1-floor.log"
    echo "# $4 ($2): power on to the floor's marker (a bare init): ${fh:-?} s (the guest's clock: ${fg:-?} s)"
    against_floor "$4 ($2), READY" "$5" "${fg:-}"
}
# Raspberry Pi Imager's settings, as the card's first boot takes them.
imager_check() { # name log fixture hostname zone ssid keys country
    local m=$1 log=$2 dir=$3 bootfat="$tmp/$1.img@@$(( $(pi_part_offset "$tmp/$1.img") * 512 ))" v
    expect "$log" hostname "$4"
    expect "$log" timedatectl "$5"
    expect "$log" wifi_ssid "$6"
    expect "$log" ssh active
    expect "$log" ssh_keys "$7"
    v=$(report "$log" wifi_conf)
    case "$v" in *"country=$8"*"psk:64"*) pass "Imager ($dir): the Wi-Fi settings: $v" ;;
        *) fail "Imager ($dir): the Wi-Fi settings are '$v'" ;; esac
    case "$dir" in *v1.8|*v2) case "$v" in *scan_ssid=1*) pass "Imager ($dir): the hidden network is asked for by name" ;;
        *) fail "Imager ($dir): the hidden network is not asked for by name" ;; esac ;; esac
    v=$(mdir -b -i "$bootfat" :: 2>/dev/null | grep -i -e user-data -e network-config -e meta-data)
    [ -z "$v" ] && pass "Imager ($dir): its files are gone from the card (the Wi-Fi key with them)" ||
        fail "Imager ($dir): its files are still on the card: $v"
    v=$(mtype -i "$bootfat" ::pokerclock.txt | tr -d '\r')
    echo "$v" | grep -qx "HOSTNAME=$4" && echo "$v" | grep -qx "TIMEZONE=$5" &&
        ! echo "$v" | grep -q "$(sed -n 's/.*password: *"\{0,1\}\([^"]*\)"\{0,1\}/\1/p' "$dir/network-config")" &&
        pass "Imager ($dir): pokerclock.txt took the settings over, without the key" ||
        fail "Imager ($dir): pokerclock.txt: $(echo "$v" | grep -v '^#' | tr '\n' ' ')"
}
rm -rf "$appl/consoles"
if want pi3; then
part_started=$(date +%s)
pi_test pi3 raspi3b bcm2837-rpi-3-b.dtb "Pi 3 B" "$here/tests/appliance/imager/v1.8" &&
    imager_check pi3 "$tmp/pi3.log" "$here/tests/appliance/imager/v1.8" bar-royal Europe/Berlin "Bar Royal" 1 DE
part_time "Pi 3 B (raspi3b)" "$part_started"
fi
if want pi4; then
part_started=$(date +%s)
pi_test pi4 raspi4b bcm2711-rpi-4-b.dtb "Pi 4 B" "$here/tests/appliance/imager/v2" &&
    imager_check pi4 "$tmp/pi4.log" "$here/tests/appliance/imager/v2" clocktwo Europe/Oslo 'Venue "5G"' 2 NO
part_time "Pi 4 B (raspi4b)" "$part_started"
fi

# --- a follower screen: a second card with FOLLOW=http://clocktest.local,
# both on one virtual network (the follower has no other), found by name
# over mDNS. Two guests at once take a few minutes more: FOLLOWER_TEST=auto
# (the default) boots them only when image/ changed in the last commit (or
# git cannot tell), FOLLOWER_TEST=yes always, FOLLOWER_TEST=no never.
follower=${FOLLOWER_TEST:-auto}
want virt || follower=no
if [ "$follower" = auto ]; then
    follower=yes
    if git -C "$here" rev-parse -q --verify HEAD^ >/dev/null 2>&1 &&
        git -C "$here" diff --quiet HEAD^ HEAD -- image/ 2>/dev/null; then
        follower=no
        echo "# the follower's boots are left out: image/ did not change in the last commit (FOLLOWER_TEST=yes runs them)"
    fi
fi
part_started=$(date +%s)
if [ "$follower" = yes ]; then
    disk2=$tmp/follower.img
    cp --sparse=always "$work/pokerclock-arm64.img" "$disk2"
    printf 'HOSTNAME=follower\nFOLLOW=http://clocktest.local\n' > "$tmp/follower.txt"
    mcopy -o -i "$disk2@@$((2048 * 512))" "$tmp/follower.txt" ::pokerclock.txt
    boot master "$disk" "$tmp/console3.log" $(user_net) \
        -netdev "socket,id=n1,listen=127.0.0.1:$lan" -device virtio-net-pci,netdev=n1,romfile=
    sleep 1
    boot follower "$disk2" "$tmp/console4.log" \
        -netdev "socket,id=n1,connect=127.0.0.1:$lan" -device virtio-net-pci,netdev=n1,romfile=
    wait_report master "$tmp/console3.log" || fail "the master did not come up beside the follower"
    wait_report follower "$tmp/console4.log" || fail "the follower did not come up"
    resets "$tmp/console3.log"; resets "$tmp/console4.log"
    expect "$tmp/console4.log" follow http://clocktest.local:80
    echo "# follower's addresses: $(report "$tmp/console4.log" addresses)"
    v=$(report "$tmp/console4.log" resolves)
    case "$v" in "clocktest.local "[0-9]*) pass "the follower finds the master by name: $v" ;;
        *) fail "the follower does not find clocktest.local: '$v'" ;; esac
    reference master-reference
    ok=no
    for i in $(seq 30); do
        shot follower follower
        matches "$pics/follower.png" "$pics/master-reference.png" level countdown blinds && { ok=yes; break; }
        sleep 3
    done
    report_all "$tmp/console4.log" log | sed 's/^/# follower: /'
    [ "$ok" = yes ] &&
        pass "the follower's screen shows the master's tournament: $(explain "$pics/follower.png" "$pics/master-reference.png")" ||
        fail "the follower's screen does not show the master's tournament: $(explain "$pics/follower.png" "$pics/master-reference.png")"
    shot master master
    power_cut follower
    power_cut master
    part_time "master and follower (two guests at once)" "$part_started"
fi

echo "# pictures: $(cd "$pics" && ls *.png | tr '\n' ' ')in $pics"
echo "# image-test: $(elapsed) s in all"
echo "image-test: $passes passed, $failures failed"
[ "$failures" = 0 ]
