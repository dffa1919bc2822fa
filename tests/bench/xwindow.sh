# Shared by the benches that measure a real window: an Xvfb display of its
# own (1920x1080), and a process tree's CPU ticks and PSS. Sourced; expects
# $tmp and the array pids (killed on exit by the bench).
tck=$(getconf CLK_TCK)
unset SDL_VIDEODRIVER SDL_RENDER_DRIVER SDL_FRAMEBUFFER_ACCELERATION WAYLAND_DISPLAY
export SDL_AUDIODRIVER=dummy

xvfb_start() {
  local n
  for n in $(seq 90 140); do [ -e /tmp/.X11-unix/X$n ] || [ -e /tmp/.X$n-lock ] || break; done
  Xvfb ":$n" -screen 0 1920x1080x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
  pids+=($!)
  export DISPLAY=":$n"
  for _ in $(seq 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
}
tree() { # pid -> the pid and its descendants
  local all=" $1 " changed=1
  while [ $changed = 1 ]; do
    changed=0
    for st in /proc/[0-9]*/stat; do
      local p pp
      read -r p _ _ pp _ 2>/dev/null <"$st" || continue
      if [[ $all == *" $pp "* && $all != *" $p "* ]]; then all="$all$p "; changed=1; fi
    done
  done
  echo $all
}
ticks() { # pids... -> utime+stime in ticks
  local sum=0
  for p in "$@"; do
    local f; f=$(cat /proc/$p/stat 2>/dev/null) || continue
    f=${f##*) }
    set -- $f
    sum=$((sum + ${12} + ${13}))
  done
  echo $sum
}
pss_kb() { # pids... -> summed Pss
  local sum=0
  for p in "$@"; do
    local v; v=$(awk '/^Pss:/ {print $2}' /proc/$p/smaps_rollup 2>/dev/null)
    sum=$((sum + ${v:-0}))
  done
  echo $sum
}
# The wall's window over the whole screen, as on the venue's TV (there is
# no window manager for F11's fullscreen on this X server).
wall_fullscreen() {
  local win=
  for _ in $(seq 50); do
    win=$(xdotool search --name '^pokerclock$' 2>/dev/null | head -1)
    [ -n "$win" ] && break
    sleep 0.1
  done
  [ -n "$win" ] && xdotool windowmove "$win" 0 0 windowsize "$win" 1920 1080 2>/dev/null
  echo "$win"
}
