# Sourced by the Bluetooth suite's scripts: counting checks and waiting for log lines.
failures=0
passes=0
check() {  # check NAME CONDITION...: prints ok/FAIL
  local name=$1; shift
  if "$@"; then echo "ok: $name"; passes=$((passes + 1)); else echo "FAIL: $name"; failures=$((failures + 1)); fi
}
wait_for() {  # wait_for FILE PATTERN SECONDS
  local i
  for i in $(seq $(( $3 * 10 ))); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}
wait_for_seconds() {  # wait_for_seconds FILE PATTERN SECONDS: by the clock (wait_for counts polls, slower under TCG)
  local deadline=$(( $(date +%s) + $3 ))
  while [ "$(date +%s)" -le "$deadline" ]; do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.2; done
  return 1
}
wait_for_condition() {  # wait_for_condition FUNCTION SECONDS
  local i
  for i in $(seq $(( $2 * 10 ))); do "$1" && return 0; sleep 0.1; done
  return 1
}
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.2f", b-a}'; }
wait_or_kill() {  # wait_or_kill PID SECONDS: its exit status; 124 after killing it at SECONDS (a bot away at game over never hears it)
  local pid=$1 deadline=$(( $(date +%s) + $2 ))
  while kill -0 "$pid" 2>/dev/null; do
    if [ "$(date +%s)" -ge "$deadline" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; return 124; fi
    sleep 0.5
  done
  wait "$pid"
}
links() { timeout 3 hcitool -i "$1" con 2>/dev/null | grep -c "ACL"; }  # links ADAPTER: its ACL links
# The emulator's early drop (docs/BLUETOOTH.md): btvirt never sends hci0 the IO Capability
# Request of a pairing, so hci0's kernel drops a reference to the link that it never took and
# disconnects the link as idle while a channel is still open (seen under load 6-9 s after a
# join, and during a join's pairing: the link dropped between its SDP lookup and its RFCOMM
# connect). So hci0 holds a player's link itself, by two l2ping channels (each holds a reference:
# one more than the phantom drop takes; one taken within the kernel's 2 s idle timeout also
# cancels the disconnect), from the moment the player's join has made it. (Held from before the
# join, hci0 made the link, and its bluetoothd then unpaired the player's device at the link's
# end: the seat's key was lost.) They stop once the player has left (a link that stays up keeps
# its key on the host; without them the link drops at once, the phantom reference, and a bye
# still in flight was lost).
hold() {  # hold ADDRESS: in the background, hci0 holds its link to ADDRESS as soon as it is up (60 s)
  local file="hold-${1//:/}"
  rm -f "$file.pids" "$file"-[12].log
  (
    deadline=$(( $(date +%s) + 60 ))
    until timeout 3 hcitool -i hci0 con 2>/dev/null | grep -q "$1"; do
      [ "$(date +%s)" -ge "$deadline" ] && exit 1
      sleep 0.1
    done
    for i in 1 2; do
      stdbuf -oL l2ping -i hci0 "$1" > "$file-$i.log" 2>&1 &  # (line by line: held() reads its replies)
      echo $! >> "$file.pids"
    done
  ) &
}
held() {  # held ADDRESS: both of hci0's l2pings to ADDRESS answered, within 30 s
  local deadline=$(( $(date +%s) + 30 ))
  while [ "$(date +%s)" -le "$deadline" ]; do
    [ "$(grep -l "bytes from" "hold-${1//:/}"-[12].log 2>/dev/null | wc -l)" = 2 ] && return 0
    sleep 0.2
  done
  return 1
}
unhold() {  # unhold ADDRESS: hci0 no longer holds that link
  local file="hold-${1//:/}"
  [ -f "$file.pids" ] && kill $(cat "$file.pids") 2>/dev/null
  rm -f "$file.pids"
}
