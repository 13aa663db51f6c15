#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt (host on hci0, clients on hci1): the matchmaking protocol
# over real kernel RFCOMM. Checks: a client joins over RFCOMM and exchanges session messages;
# with capacity 1 a second RFCOMM client is denied `full`; kill -9 of the client frees its slot
# within the heartbeat timeout; garbage bytes on the channel close that connection only; SIGTERM
# of the host gives the RFCOMM client `serverQuit`. Needs SNAP_HOST_BIN.
set -uo pipefail
bin="${SNAP_HOST_BIN:?set SNAP_HOST_BIN}"
. "$(dirname "$0")/../../scripts/testbed-bt-lib"
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
timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null

served=$(now)
"$bin" serve --name "VM Host" --adapter hci0 --host 127.0.0.1 --port 0 --no-dnssd --max-players 1 \
  --heartbeat-interval 500 --heartbeat-timeout 2000 > host.out 2> host.err &
host=$!
check "host serves on Bluetooth" wait_for host.out "bluetooth on $host_address channel 7" 30
cat host.out
tcp_port=$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' host.out)
check "profile registered with bluetoothd" wait_for host.err "RFCOMM profile registered" 10
check "LE advertisement registered" wait_for host.err "LE advertisement registered" 10

"$bin" browse --json --timeout 10 --adapter hci1 > browse.out 2> browse.err
echo "browse finished $(elapsed "$served") s after serve started"; cat browse.out
check "browse on hci1 lists the host with transport bluetooth" grep -q '"name":"VM Host".*"transports":\["bluetooth"\]' browse.out

started=$(now)
"$bin" join "$host_address" --adapter hci1 --player Ann --bot > ann.out 2> ann.err &
ann=$!
check "Ann joins over RFCOMM" wait_for ann.out "connected to VM Host as Ann" 30
echo "join over RFCOMM took $(elapsed "$started") s"
check "Ann's chat reaches the host (session messages)" wait_for host.out "chat Ann: hello from Ann" 10

# The cap is shared by every transport: a TCP player takes the single slot while Ann holds it.
"$bin" join "127.0.0.1:$tcp_port" --player Tom --bot > tom0.out 2> tom0.err
check "a TCP player is denied full while Ann (RFCOMM) holds the slot" grep -q "denied: full" tom0.err

kill -9 $ann
killed=$(now)
check "Ann's slot freed after kill -9" wait_for host.out "left: Ann" 10
echo "slot freed $(elapsed "$killed") s after kill -9 (heartbeat timeout 2 s)"

# RFCOMM allows one connection per channel between two controllers and the VM has one client
# controller, so the slot is taken over TCP and the second RFCOMM client comes from hci1.
"$bin" join "127.0.0.1:$tcp_port" --player Tom --bot > tom.out 2> tom.err &
tom=$!
check "Tom joins over TCP" wait_for tom.out "connected to VM Host as Tom" 15
"$bin" join "$host_address" --adapter hci1 --player Bob --bot > bob.out 2> bob.err
status=$?
check "Bob (RFCOMM) denied full (exit 2)" test "$status" = 2
check "Bob prints denied: full" grep -q "denied: full" bob.err
kill -TERM $tom; wait $tom
check "Tom's slot freed" wait_for host.out "left: Tom" 10

# Garbage on the channel: rctest sends its own data frames, which are no valid frame of ours.
timeout 10 rctest -s -i hci1 -P 7 -N 1 "$host_address" > garbage.out 2>&1
sleep 1
check "host alive after garbage" kill -0 $host
check "garbage connection closed with a logged reason" grep -qi "rfcomm 00:AA:01:01:00:01" host.err

bt_stop_bluetoothd
sleep 1
bt_start_bluetoothd
restarted=$(now)
bt_wait_adapters
check "host registers again after bluetoothd restart" wait_for host.err "bluetoothd (re)started" 10
sleep 2
echo "registered again: $(grep -c 'RFCOMM profile registered' host.err) profile registrations, $(elapsed "$restarted") s after restart"
"$bin" browse --json --timeout 10 --adapter hci1 > browse2.out 2> browse2.err
check "host found again after bluetoothd restart" grep -q '"name":"VM Host"' browse2.out

"$bin" join "$host_address" --adapter hci1 --player Cat --bot > cat.out 2> cat.err &
cat_pid=$!
check "Cat joins after the garbage (slot reusable)" wait_for cat.out "connected to VM Host as Cat" 30

kill -TERM $host
wait $host
check "host exits 0 on SIGTERM" test $? = 0
check "advertisement and profile unregistered on SIGTERM" grep -q "advertisement and profile unregistered" host.err
wait $cat_pid
status=$?
check "Cat told serverQuit" grep -q "disconnected: serverQuit" cat.err
check "Cat exits 0" test "$status" = 0

echo "--- host.err"; tail -20 host.err
echo "bluetooth: $passes passed, $failures failed"
exit $failures
