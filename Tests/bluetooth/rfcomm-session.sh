#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt (host on hci0, clients on hci1 and hci2): the matchmaking protocol
# over real kernel RFCOMM. Checks: a client joins over RFCOMM and exchanges session messages;
# with capacity 1 a second RFCOMM client (on hci2) is denied `full`; kill -9 of the client frees its slot
# within the heartbeat timeout; garbage bytes on the channel close that connection only; SIGTERM
# of the host gives the RFCOMM client `serverQuit`. Needs SNAP_HOST_BIN.
set -uo pipefail
bin="${SNAP_HOST_BIN:?set SNAP_HOST_BIN}"
host_address=00:AA:01:00:00:00
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
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN{printf "%.2f", b-a}'; }

# The host's adapter must accept connections (page scan); a host normally is (bluetoothd does
# it when discoverable or with paired devices); here it is switched on.
btmgmt -i hci0 connectable on >/dev/null

"$bin" serve --name "VM Host" --adapter hci0 --host 127.0.0.1 --port 0 --no-dnssd --max-players 1 \
  --heartbeat-interval 500 --heartbeat-timeout 2000 > host.out 2> host.err &
host=$!
check "host serves on Bluetooth" wait_for host.out "bluetooth on $host_address channel 7" 30
cat host.out

started=$(now)
"$bin" join "$host_address" --adapter hci1 --player Ann --bot > ann.out 2> ann.err &
ann=$!
check "Ann joins over RFCOMM" wait_for ann.out "connected to VM Host as Ann" 30
echo "join over RFCOMM took $(elapsed "$started") s"
check "Ann's chat reaches the host (session messages)" wait_for host.out "chat Ann: hello from Ann" 10

"$bin" join "$host_address" --adapter hci2 --player Bob --bot > bob.out 2> bob.err
status=$?
check "Bob denied full (exit 2)" test "$status" = 2
check "Bob prints denied: full" grep -q "denied: full" bob.err

kill -9 $ann
killed=$(now)
check "Ann's slot freed after kill -9" wait_for host.out "left: Ann" 10
echo "slot freed $(elapsed "$killed") s after kill -9 (heartbeat timeout 2 s)"

# Garbage on the channel: rctest sends its own data frames, which are no valid frame of ours.
timeout 10 rctest -s -i hci1 -P 7 -N 1 "$host_address" > garbage.out 2>&1
sleep 1
check "host alive after garbage" kill -0 $host
check "garbage connection closed with a logged reason" grep -qi "rfcomm 00:AA:01:01:00:01" host.err

"$bin" join "$host_address" --adapter hci1 --player Cat --bot > cat.out 2> cat.err &
cat_pid=$!
check "Cat joins after the garbage (slot reusable)" wait_for cat.out "connected to VM Host as Cat" 30

kill -TERM $host
wait $host
check "host exits 0 on SIGTERM" test $? = 0
wait $cat_pid
status=$?
check "Cat told serverQuit" grep -q "disconnected: serverQuit" cat.err
check "Cat exits 0" test "$status" = 0

echo "--- host.err"; tail -20 host.err
echo "bluetooth: $passes passed, $failures failed"
exit $failures
