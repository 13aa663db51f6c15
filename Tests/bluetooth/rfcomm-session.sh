#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt (host on hci0, clients on hci1): the matchmaking protocol
# over real kernel RFCOMM. Checks: a client joins over RFCOMM and exchanges session messages;
# both ends demand security level medium and the link is encrypted;
# with capacity 1 a second RFCOMM client is denied `full`; kill -9 of the client leaves its seat
# away (still counted) and the client started again takes it back over RFCOMM; garbage bytes on
# the channel close that connection only; SIGTERM of the host gives the RFCOMM client
# `serverQuit`; a channel nobody listens on reads `cannot reach ADDRESS (RFCOMM channel 9, from
# hci1): connection refused`; the next run of the host, after one stopped with an RFCOMM player
# connected, lets that player's device join. Needs SNAP_HOST_BIN.
set -uo pipefail
bin="${SNAP_HOST_BIN:?set SNAP_HOST_BIN}"
. "$(dirname "$0")/../../scripts/testbed-bt-lib"
host_address=00:AA:01:00:00:00
. "$(dirname "$0")/checks.sh"
export XDG_STATE_HOME="$PWD/state"  # join's resume tokens, in the test's own directory

# The host's adapter must accept connections (page scan); a host normally is (bluetoothd does
# it when discoverable or with paired devices); here it is switched on.
timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null

# A player already browsing when the host starts: the listing must come within 5 s.
"$bin" browse --watch --json --adapter hci1 > watch.out 2> watch.err &
watcher=$!
check "scanner on hci1 running" wait_for watch.err "Bluetooth discovery started" 20

served=$(now)
"$bin" serve --name "VM Host" --adapter hci0 --host 127.0.0.1 --port 0 --no-dnssd --max-players 1 \
  --heartbeat-interval 1000 --heartbeat-timeout 6000 > host.out 2> host.err &
host=$!
# Two figures from one run, polled every 0.05 s: serve's start-up (under TCG, with the TLS key
# made on first start, its load-dependent part) until the advertisement is registered, and from
# there the running scanner's listing (the part discovery owns; it once took 5.46 s in all on a
# loaded CI machine, start-up included, so the two are bounded separately).
# The start-up is bounded for liveness only (60 s): 2-4 s idle, but 30.7 s with the machine's two
# cores busy (the debug binary's start under TCG, before its first log line, was 20 s of it).
( deadline=$(( $(date +%s) + 90 ))
  while [ "$(date +%s)" -le "$deadline" ]; do grep -q "LE advertisement registered" host.err 2>/dev/null && { now > advertised.at; exit; }; sleep 0.05; done ) &
listed_at=never; advertised_at=never
wait_for_seconds watch.out '"name":"VM Host".*"transports":\["bluetooth"\]' 90 && listed_at=$(now)
wait_for_seconds advertised.at . 90 && advertised_at=$(cat advertised.at)
span() { if [ "$1" = never ] || [ "$2" = never ]; then echo never; else awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", (b-a < 0 ? 0 : b-a)}'; fi; }
startup=$(span "$served" "$advertised_at")
scanned=$(span "$advertised_at" "$listed_at")
echo "advertisement registered $startup s after serve started; listed by the running scanner $scanned s after that"; head -1 watch.out
check "browse (scanning before serve) lists the host with transport bluetooth within 5 s of its advertisement" \
  awk -v t="$scanned" 'BEGIN { exit !(t != "never" && t <= 5) }'
check "serve registers its advertisement within 60 s of starting (TCG; liveness)" awk -v t="$startup" 'BEGIN { exit !(t != "never" && t <= 60) }'
kill $watcher; wait $watcher 2>/dev/null
check "host serves on Bluetooth" wait_for host.out "bluetooth on $host_address channel 7" 30
cat host.out
tcp_port=$(sed -n 's/^listening on 127.0.0.1:\([0-9]*\)$/\1/p' host.out)
check "profile registered with bluetoothd" wait_for host.err "RFCOMM profile registered" 10
check "LE advertisement registered" wait_for host.err "LE advertisement registered" 10


# A player who starts browsing after the host (20 s). The scanner lists only a host it hears
# (not one bluetoothd merely remembers), and under the emulator the one LE report per scan start
# races the kernel's discovery start and is dropped about half the time (docs/BLUETOOTH.md,
# "Ageing"): a new scanner heard the host 1.1-10.5 s after it started (one round a second).
"$bin" browse --json --timeout 20 --adapter hci1 > browse.out 2> browse.err
cat browse.out
check "browse (started after serve) lists the host with transport bluetooth" grep -q '"name":"VM Host".*"transports":\["bluetooth"\]' browse.out

started=$(now)
"$bin" join "$host_address" --adapter hci1 --player Ann --bot --log-level debug > ann.out 2> ann.err &
ann=$!
check "Ann joins over RFCOMM" wait_for ann.out "connected to VM Host as Ann" 60
check "Ann's channel came from the host's SDP record (no --channel)" grep -q "channel=7 fromSDP=true" ann.err
# Security level medium on both ends (docs/BLUETOOTH.md, "Security level"): the kernel opens the
# channel only on an encrypted link, and the link shows it.
check "Ann's socket demanded security level medium" grep -q "security=medium .*RFCOMM connected" ann.err
check "the host accepted Ann's link at security level medium" wait_for host.err "remote=00:AA:01:01:00:01 security=medium .*RFCOMM link accepted" 5
timeout 5 hcitool -i hci0 con > acl.out 2>&1; cat acl.out
acl_encrypted() { grep "ACL 00:AA:01:01:00:01 " acl.out | grep -w AUTH | grep -qw ENCRYPT; }
check "hci0's ACL link to hci1 is authenticated and encrypted (hcitool con: AUTH ENCRYPT)" acl_encrypted
check "the LE advertisement follows the player count" wait_for host.err "players=1 .*LE advertisement updated" 10
echo "join over RFCOMM took $(elapsed "$started") s"
check "Ann's chat reaches the host (session messages)" wait_for host.out "chat Ann: hello from Ann" 10

# The cap is shared by every transport: a TCP player takes the single slot while Ann holds it.
timeout 30 "$bin" join "127.0.0.1:$tcp_port" --player Tom --bot > tom0.out 2> tom0.err
check "a TCP player is denied full while Ann (RFCOMM) holds the slot" grep -q "denied: full" tom0.err

# kill -9: the host keeps Ann's seat for the resume grace period (docs/PROTOCOL.md, section 18).
kill -9 $ann
killed=$(now)
check "Ann's seat is kept after kill -9 (she is reconnecting)" wait_for host.out "^Ann is reconnecting" 10
echo "Ann seen away $(elapsed "$killed") s after kill -9 (heartbeat timeout 6 s)"
timeout 30 "$bin" join "127.0.0.1:$tcp_port" --player Tom --bot > tom1.out 2> tom1.err
check "her seat still counts: a TCP player is denied full" grep -q "denied: full" tom1.err

# The same controller joins again at once (a new link, a new just-works pairing: refused with
# EACCES when the host kept a key from an earlier one; docs/BLUETOOTH.md) and takes the seat back.
started=$(now)
"$bin" join "$host_address" --adapter hci1 --player Ann --bot > ann2.out 2> ann2.err &
ann=$!
check "Ann rejoins over RFCOMM right after kill -9" wait_for ann2.out "connected to VM Host as Ann" 30
check "and takes her seat back over RFCOMM (same id)" wait_for ann2.out "^resumed: " 5
check "the host saw her back" wait_for host.out "^Ann is back" 5
echo "rejoin over RFCOMM took $(elapsed "$started") s"; cat ann2.err | grep -v "^20" | head -3
kill -TERM $ann; wait $ann
check "Ann's slot freed after leaving" wait_for host.out "left: Ann.*userQuit" 10

# By name over Bluetooth (the host is not on the LAN here: --no-dnssd).
"$bin" join "VM Host" --via bluetooth --adapter hci1 --search-timeout 15 --player Dan --bot > dan.out 2> dan.err &
dan=$!
check "Dan joins by name --via bluetooth" wait_for dan.out "connected to VM Host as Dan" 40
kill -TERM $dan; wait $dan
check "Dan's slot freed" wait_for host.out "left: Dan.*userQuit" 10

# RFCOMM allows one connection per channel between two controllers and the VM has one client
# controller, so the slot is taken over TCP and the second RFCOMM client comes from hci1.
"$bin" join "127.0.0.1:$tcp_port" --player Tom --bot > tom.out 2> tom.err &
tom=$!
check "Tom joins over TCP" wait_for tom.out "connected to VM Host as Tom" 15
timeout 60 "$bin" join "$host_address" --adapter hci1 --player Bob --bot > bob.out 2> bob.err
status=$?
check "Bob (RFCOMM) denied full (exit 2)" test "$status" = 2
check "Bob prints denied: full" grep -q "denied: full" bob.err

# Garbage on the channel while Tom plays: rctest sends its own data (zeros and a counter), no
# valid frame of ours. That connection alone is closed, with a reason; Tom stays.
lines_before=$(wc -l < host.err)
timeout 10 rctest -s -i hci1 -P 7 -N 1 "$host_address" > garbage.out 2>&1
garbage_closed() {  # (Bob's denial can be logged late: not that one)
  tail -n +"$((lines_before + 1))" host.err | grep "reason=.*remote=rfcomm 00:AA:01:01:00:01.*connection closed" | grep -qv "reason=denied"
}
check "garbage connection closed with a logged reason" wait_for_condition garbage_closed 10
tail -n +"$((lines_before + 1))" host.err | grep "remote=rfcomm" | head -2
check "host alive after garbage" kill -0 $host
check "Tom (TCP) still playing after the garbage" bash -c "kill -0 $tom && ! grep -q 'left: Tom' host.out"
kill -TERM $tom; wait $tom
check "Tom's slot freed" wait_for host.out "left: Tom.*userQuit" 10

# Nobody on channel 9: refused (after the connect's retries), said once in the errno's words, as
# over TCP (no call name, no errno number, no address twice).
started=$(now)
timeout 120 "$bin" join "$host_address" --adapter hci1 --channel 9 --player Eve > eve.out 2> eve.err
status=$?
echo "refused after $(elapsed "$started") s (the connect's retries)"; cat eve.err
# The words are the errno's: `connection refused`, or `permission denied` when the emulated pair
# still holds a stale link key for this device (docs/BLUETOOTH.md, the key gap): either way said once.
check "a channel nobody listens on: exit 4, 'cannot reach $host_address (RFCOMM channel 9, from hci1): connection refused'" \
  bash -c "test $status = 4 && grep -qxE '  cannot reach $host_address \(RFCOMM channel 9, from hci1\): (connection refused|permission denied)' eve.err"

registrations() { echo "$(grep -c 'RFCOMM profile registered' host.err) $(grep -c 'LE advertisement registered' host.err)"; }
bt_stop_bluetoothd
sleep 1
bt_start_bluetoothd
restarted=$(now)
bt_wait_adapters
adapters_back=$(now)
# Registered again: both the profile and the advertisement a second time (polled every 0.1 s),
# timed when seen (timed at the check, the greps in between under load made 3.9 s read over 5),
# within the host's retry window (every 0.5 s for 10 s; 0.4-1.0 s idle, 2.4-3.9 s under load).
registered_at=""
for _ in $(seq 300); do [ "$(registrations)" = "2 2" ] && { registered_at=$(now); break; }; sleep 0.1; done
back_to_registered=$(awk -v a="$adapters_back" -v b="${registered_at:-0}" 'BEGIN { printf "%.2f", b - a }')
echo "profile and advertisement registered again $(awk -v a="$restarted" -v b="${registered_at:-0}" 'BEGIN { printf "%.2f", b - a }') s after bluetoothd started, $back_to_registered s after its adapters were back ($(registrations) registrations)"
check "host registers the profile and advertisement again within 10 s of bluetoothd's adapters being back (its retry window)" \
  awk -v t="$back_to_registered" -v r="$registered_at" 'BEGIN { exit !(r != "" && t <= 10) }'
# A new scanner: bluetoothd forgot every device, so this needs a fresh LE report. Under the
# emulator the one report per scan start is often lost (docs/BLUETOOTH.md: once six scan starts
# in a row, 3 s apart); each of the scanner's restarts is another chance: up to 60 s here.
"$bin" browse --watch --json --adapter hci1 > browse2.out 2> browse2.err &
watcher=$!
found_from=$(now)
check "host found again after bluetoothd restart" wait_for_seconds browse2.out '"name":"VM Host"' 60
echo "found again $(elapsed "$found_from") s after the scanner started"
kill $watcher; wait $watcher 2>/dev/null

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

# The host stopped while Cat was connected: her link went down after it had unregistered, so
# nothing forgot a key hci0 kept of it. The next run of the host knows her device as a player's
# (remembered in its state directory) and forgets such a key when it registers.
check "the host remembered the players' device in its state directory" \
  grep -qx "/org/bluez/hci0/dev_00_AA_01_01_00_01" "$XDG_STATE_HOME/snap-host/bluetooth-players"
echo "hci0 holds a key of hci1 before the next run: $(timeout 3 dbus-send --system --print-reply --dest=org.bluez \
  /org/bluez/hci0/dev_00_AA_01_01_00_01 org.freedesktop.DBus.Properties.Get string:org.bluez.Device1 string:Paired 2>/dev/null | grep -o 'boolean [a-z]*' || echo 'no device')"
"$bin" serve --name "VM Host 2" --adapter hci0 --host 127.0.0.1 --port 0 --no-dnssd --max-players 1 \
  --heartbeat-interval 1000 --heartbeat-timeout 6000 > host2.out 2> host2.err &
host=$!
check "the next host run serves on Bluetooth" wait_for host2.err "RFCOMM profile registered" 30
"$bin" join "$host_address" --adapter hci1 --player Fay --bot --log-level debug > fay.out 2> fay.err &
fay=$!
check "Fay joins the next host run over RFCOMM (no key left of Cat's link)" wait_for fay.out "connected to VM Host 2 as Fay" 30
kill -TERM $fay; wait $fay
kill -TERM $host; wait $host
check "the next host run exits 0 on SIGTERM" test $? = 0
grep "link key" host2.err

echo "--- host.err"; tail -20 host.err
if [ "$failures" -gt 0 ]; then
  echo "--- bluetoothd.log"; tail -15 "$SNAP_BT_DIR/bluetoothd.log"
  echo "(every log of this run, btmon's included: $SNAP_BT_DIR)"
fi
echo "bluetooth: $passes passed, $failures failed"
exit $failures
