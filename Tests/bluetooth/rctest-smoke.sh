#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt: BlueZ's own rctest moves data over kernel RFCOMM from
# hci1 to hci0 (the test bed itself works). hci0 must be connectable (page scan) to be reached.
set -euo pipefail
timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null
timeout 20 rctest -r -i hci0 -P 10 > rctest-server.log 2>&1 &
server=$!
sleep 1
timeout 15 rctest -s -i hci1 -P 10 -N 20 00:AA:01:00:00:00 > rctest-client.log 2>&1
wait $server || true
cat rctest-server.log rctest-client.log
grep -q "Connect from 00:AA:01:01:00:01" rctest-server.log
echo "rctest-smoke: ok"
