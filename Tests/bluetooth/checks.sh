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
