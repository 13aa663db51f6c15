#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt (host on hci0, clients on hci1): Pong between a player over
# RFCOMM and one over TCP. RFCOMM carries no datagrams, so Ann's court and paddle go over her
# connection (the real-time channel's fallback, coalesced); Tom's go over UDP. Both play to game
# over. Needs SNAP_HOST_BIN.
set -uo pipefail
bin="${SNAP_HOST_BIN:?set SNAP_HOST_BIN}"
here="$(cd "$(dirname "$0")" && pwd)"
host_address=00:AA:01:00:00:00
. "$here/checks.sh"
export XDG_STATE_HOME="$PWD/state"  # the host's players' devices (and join's tokens), as the other scripts'

timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null
# The handshake timeout is 15 s (3 by default), as the mixed game's: Tom's TLS handshake and
# hello took longer under load (denied badHello, "no clientHello within 3.0 s").
"$bin" serve --name "Pong Host" --game pong --points 2 --max-players 2 --adapter hci0 --host 127.0.0.1 --port 0 \
  --no-dnssd --heartbeat-interval 1000 --heartbeat-timeout 6000 --handshake-timeout 15000 > pong.out 2> pong.err &
host=$!
check "pong host serves on Bluetooth" wait_for pong.out "bluetooth on $host_address channel 7" 30
port=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' pong.out)
# hci0 holds her link, so the emulator's early drop (checks.sh, hold) does not take it: she
# would come back, but a player away at the very game over waits for the next one.
hold 00:AA:01:01:00:01
"$bin" join "$host_address" --adapter hci1 --player Ann --bot --once --log-level debug > pong-ann.out 2> pong-ann.err &
ann=$!
check "Ann joins Pong over RFCOMM" wait_for_seconds pong-ann.out "connected to Pong Host as Ann" 60
check "hci0 holds Ann's link" held 00:AA:01:01:00:01
"$bin" join "127.0.0.1:$port" --player Tom --bot --once --log-level debug > pong-tom.out 2> pong-tom.err &
tom=$!
check "Tom joins Pong over TCP" wait_for_seconds pong-tom.out "connected to Pong Host as Tom" 20
if grep -q "connected to Pong Host as Tom" pong-tom.out && grep -q "connected to Pong Host as Ann" pong-ann.out; then
  check "the game reaches game over" wait_for_seconds pong.out "game over" 240
else
  check "the game reaches game over" false  # no game without both: not waited for (the VM's time is bounded)
fi
wait_or_kill $ann 30
check "Ann (RFCOMM) reached game over and exited 0" test $? = 0
# Once she has left: without the holds her link drops at once (the phantom reference), and her
# bye in flight was lost (the host then kept her seat for the grace, and her key with it).
unhold 00:AA:01:01:00:01
wait_or_kill $tom 30
check "Tom (TCP) reached game over and exited 0" test $? = 0
check "Ann's states went over her connection (no UDP over RFCOMM)" bash -c \
  "grep -q 'real-time states over the connection' pong-ann.err && ! grep -q 'real-time states over UDP' pong-ann.err"
check "Tom's states went over UDP" grep -q "real-time states over UDP" pong-tom.err
check "the host forgets Ann's link key once her link is down" wait_for_seconds pong.err "player's link key forgotten" 20
kill -TERM $host; wait $host
check "pong host exits 0 on SIGTERM" test $? = 0
if [ "$failures" -gt 0 ]; then echo "--- pong.err"; tail -n 20 pong.err; tail -n 15 pong-ann.err pong-tom.err pong-tom.out; fi
echo "pong: $passes passed, $failures failed"
exit $failures
