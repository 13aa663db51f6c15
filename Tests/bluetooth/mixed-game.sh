#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt (host on hci0, clients on hci1), before the session's checks
# (its host remembers Ann's device as a player's in the shared state directory, so the next
# host forgets a key kept of it: docs/BLUETOOTH.md): one trivia game with a
# player of each kind: Ann over RFCOMM, Tom over TCP, Pat over the web port's WebSocket (what a
# phone's page speaks: Tests/system/wsplayer.py). The three play to game over in one game, and
# every player's final standings are the host's. Tom's TCP link is TLS (RFCOMM and the web port
# are not): he remembers the key the host printed. Needs SNAP_HOST_BIN.
set -uo pipefail
bin="${SNAP_HOST_BIN:?set SNAP_HOST_BIN}"
here="$(cd "$(dirname "$0")" && pwd)"
host_address=00:AA:01:00:00:00
. "$here/checks.sh"
export XDG_STATE_HOME="$PWD/state"  # the host's players' devices and TLS key (and join's tokens and known hosts), as the session's

timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null
"$bin" serve --name "Mixed Host" --game trivia --rounds 2 --question-time 20 --result-time 0.5 --mode timed \
  --max-players 3 --start-when-full --adapter hci0 --host 127.0.0.1 --port 0 --web-port 0 --no-dnssd \
  --heartbeat-interval 1000 --heartbeat-timeout 6000 > mixed.out 2> mixed.err &
host=$!
check "mixed host serves on Bluetooth" wait_for mixed.out "bluetooth on $host_address channel 7" 30
port=$(sed -n 's/^listening on 127\.0\.0\.1:\([0-9]*\)$/\1/p' mixed.out)
web=$(sed -n 's/^web on 127\.0\.0\.1:\([0-9]*\)$/\1/p' mixed.out)
"$bin" join "$host_address" --adapter hci1 --player Ann --bot --once > mixed-ann.out 2> mixed-ann.err &
ann=$!
check "Ann joins over RFCOMM" wait_for mixed-ann.out "connected to Mixed Host as Ann" 60
"$bin" join "127.0.0.1:$port" --player Tom --bot --once > mixed-tom.out 2> mixed-tom.err &
tom=$!
check "Tom joins over TCP" wait_for mixed-tom.out "connected to Mixed Host as Tom" 20
key=$(sed -n 's/^tls key SHA-256 \([0-9a-f]*\)$/\1/p' mixed.out)
check "Tom's link is TLS: he remembered the key the host printed" \
  grep -q "^127\.0\.0\.1:$port ${key:-none} " "$XDG_STATE_HOME/snap-host/known-hosts"
/usr/bin/python3 "$here/../system/wsplayer.py" "127.0.0.1:$web" Pat > mixed-pat.out 2> mixed-pat.err &
pat=$!
check "Pat joins over the WebSocket" wait_for mixed-pat.out "connected as Pat" 20
check "one game with all three: game over" wait_for_seconds mixed.out "^game over" 120
grep -q "^game over" mixed.out || kill $pat $ann $tom 2>/dev/null  # no game: nobody waits for it (the suite hung till its timeout)
check "the host's standings list all three" bash -c "[ \$(grep -c '^final: ' mixed.out) = 3 ]"
wait_or_kill $pat 30
check "Pat (WebSocket) played every question" bash -c "[ \$(grep -c '^answered question' mixed-pat.out) = 2 ]"
check "Pat's final standings are the host's" diff <(grep '^final: ' mixed.out) <(grep '^final: ' mixed-pat.out)
wait_or_kill $ann 30
check "Ann (RFCOMM) reached game over and exited 0" test $? = 0
wait_or_kill $tom 30
check "Tom (TCP) reached game over and exited 0" test $? = 0
grep '^final: ' mixed.out
# Stopping only once Ann's link is down and her key forgotten, or the next host meets a key.
check "the host forgets Ann's link key once her link is down" wait_for_seconds mixed.err "player's link key forgotten" 20
kill -TERM $host; wait $host
check "mixed host exits 0 on SIGTERM" test $? = 0
if [ "$failures" -gt 0 ]; then echo "--- mixed.err"; tail -n 20 mixed.err; tail -n 10 mixed-pat.err mixed-ann.err mixed-tom.err; fi
echo "mixed game: $passes passed, $failures failed"
exit $failures
