#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt, not in the suite: which RFCOMM security levels the test
# bed's pairing (Just Works: bluetoothd with no agent, NoInputNoOutput) can meet, with BlueZ's
# rctest (-E: medium, -S: high) from hci1 to a listener on hci0. Each case starts unpaired.
# Run: scripts/testbed-bt run DIR bash Tests/bluetooth/security-levels.sh (docs/BLUETOOTH.md).
set -uo pipefail
timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null
unpair() {
  timeout 5 btmgmt -i hci0 unpair 00:AA:01:01:00:01 </dev/null >/dev/null 2>&1
  timeout 5 btmgmt -i hci1 unpair 00:AA:01:00:00:00 </dev/null >/dev/null 2>&1
  sleep 3  # the previous link's idle disconnect
}
try() {  # try NAME CHANNEL SERVER-FLAG CLIENT-FLAG
  unpair
  timeout 25 rctest -r $3 -i hci0 -P "$2" > "rc$2-server.log" 2>&1 &
  local server=$!
  sleep 1
  timeout 15 rctest -s $4 -i hci1 -P "$2" -N 3 00:AA:01:00:00:00 > "rc$2-client.log" 2>&1
  timeout 5 hcitool -i hci0 con > "rc$2-acl.log" 2>&1
  kill $server 2>/dev/null; wait $server 2>/dev/null
  if grep -q "Connect from 00:AA:01:01:00:01" "rc$2-server.log"; then echo "$1: connected"; else echo "$1: refused"; fi
  sed 's/^/  /' "rc$2-client.log" | tail -3; sed 's/^/  /' "rc$2-acl.log"
}
try "listener medium, client low" 11 -E ""
try "listener high, client low" 12 -S ""
try "listener high, client high" 13 -S -S
try "listener medium, client medium (again)" 14 -E -E
