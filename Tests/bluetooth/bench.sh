#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt: Bluetooth benchmarks between hci0 (host) and hci1
# (client), each against a baseline in the same run (scripts/bench-bluetooth runs it):
#  1. RFCOMM throughput: BlueZ's rctest (raw kernel RFCOMM) vs our session (snap-bench);
#  2. small-message round trip: raw RFCOMM sockets vs our session (snap-bench);
#  3. time from `serve` starting to the host listed by a scanner on hci1;
#  4. time from a host going away (SIGTERM, kill -9) to `browse --watch` reporting it lost.
# SNAP_BT_BENCH_PARTS picks them: "rfcomm" (1-2) and "discovery" (3-4), both by default.
# Needs SNAP_HOST_BIN, and SNAP_BENCH_BIN for rfcomm. Prints Markdown.
set -uo pipefail
bin="${SNAP_HOST_BIN:?set SNAP_HOST_BIN}"
parts=" ${SNAP_BT_BENCH_PARTS:-rfcomm discovery} "
runs="${SNAP_BT_BENCH_RUNS:-3}"
host_address=00:AA:01:00:00:00
export XDG_STATE_HOME="$PWD/state"
timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null
now() { date +%s.%N; }

if [[ "$parts" == *" rfcomm "* ]]; then
bench="${SNAP_BENCH_BIN:?set SNAP_BENCH_BIN}"

echo "### RFCOMM throughput, rctest (raw kernel RFCOMM, 1,000 blocks of 1,000 bytes), hci1 -> hci0"
echo
echo "Steady: the receiver's own rate for each 100 kB it reads (rctest -r -b 100000 logs one per"
echo "100 kB), the median of the ten but the first (which includes the sender starting). Overall:"
echo "1 MB over the time around the sender, which closes with SO_LINGER (-L): its connect and"
echo "pairing included."
echo
echo "| run | rctest steady kB/s | rctest overall kB/s |"
echo "|---|---|---|"
rates=()
median() { sort -n | awk '{v[NR]=$1} END {if (NR) printf "%.1f", v[int((NR+1)/2)]}'; }
for run in $(seq "$runs"); do
  timeout 60 rctest -r -i hci0 -P 13 -b 100000 > "rctest-recv-$run.log" 2>&1 &
  receiver=$!
  sleep 1  # rctest has no readiness signal; its listen is immediate
  started=$(now)
  timeout 60 rctest -s -L 10 -i hci1 -P 13 -b 1000 -N 1000 "$host_address" > "rctest-send-$run.log" 2>&1
  took=$(awk -v a="$started" -v b="$(now)" 'BEGIN{printf "%.3f", b-a}')
  kill $receiver 2>/dev/null; wait $receiver 2>/dev/null
  if grep -q "Send failed\|Can't connect" "rctest-send-$run.log"; then steady=n/a; overall=n/a; else
    overall=$(awk -v t="$took" 'BEGIN{printf "%.1f", 1000*1000/t/1024}')
    steady=$(grep -o '[0-9.]* kB/s' "rctest-recv-$run.log" | awk 'NR > 1 {print $1}' | median)
    [ -n "$steady" ] && rates+=("$steady") || steady=n/a
  fi
  echo "| $run | $steady | $overall |"
done
rctest_median=""; [ ${#rates[@]} -gt 0 ] && rctest_median=$(printf '%s\n' "${rates[@]}" | median)
echo
echo "rctest steady median: ${rctest_median:-n/a} kB/s"
echo

# hci0 may have kept a link key from rctest's pairing while hci1 did not; the kernel then leaves
# hci1's next pairing to an agent and bluetoothd refuses it (EACCES; docs/BLUETOOTH.md). The
# benchmark measures data, not pairing: forget the key first.
timeout 10 btmgmt -i hci0 unpair 00:AA:01:01:00:01 </dev/null >/dev/null 2>&1
timeout 300 "$bench" bluetooth --runs "$runs" --host-adapter hci0 --client-adapter hci1 ${rctest_median:+--rctest-kbps "$rctest_median"}

fi

[[ "$parts" == *" discovery "* ]] || exit 0

echo "### Time from serve to listed by a scanner on hci1 (s)"
echo
echo "| run | scanner already running | scanner started after serve |"
echo "|---|---|---|"
for run in $(seq "$runs"); do
  "$bin" browse --watch --json --adapter hci1 > watch.out 2> watch.err &
  watcher=$!
  for _ in $(seq 200); do grep -q "Bluetooth discovery started" watch.err && break; sleep 0.1; done
  started=$(now)
  "$bin" serve --name "Bench Host $run" --adapter hci0 --host 127.0.0.1 --port 0 --no-dnssd > serve.out 2> serve.err &
  host=$!
  running=n/a
  for _ in $(seq 300); do
    if grep -q "\"name\":\"Bench Host $run\"" watch.out; then running=$(awk -v a="$started" -v b="$(now)" 'BEGIN{printf "%.2f", b-a}'); break; fi
    sleep 0.05
  done
  kill $watcher; wait $watcher 2>/dev/null
  started=$(now)
  after=n/a
  "$bin" browse --watch --json --adapter hci1 > watch2.out 2> watch2.err &
  watcher=$!
  for _ in $(seq 300); do
    if grep -q "\"name\":\"Bench Host $run\"" watch2.out; then after=$(awk -v a="$started" -v b="$(now)" 'BEGIN{printf "%.2f", b-a}'); break; fi
    sleep 0.05
  done
  kill $watcher; wait $watcher 2>/dev/null
  kill -TERM $host; wait $host
  echo "| $run | $running | $after (from starting the scanner) |"
done

echo
echo "### Time from a host going away to \`browse --watch\` on hci1 reporting it lost (s)"
echo
echo "Each host is heard for 15 s first (its rhythm known: 8 gaps between hearings), then"
echo "stopped (SIGTERM: its advertisement withdrawn) or killed (kill -9: bluetoothd drops it)."
echo
echo "| run | stopped (SIGTERM) | killed (kill -9) |"
echo "|---|---|---|"
# gone NAME SIGNAL: serve NAME, let the watcher hear it for 15 s, send SIGNAL, print the seconds until the lost line
gone() {
  "$bin" serve --name "$1" --adapter hci0 --host 127.0.0.1 --port 0 --no-dnssd > serve.out 2> serve.err &
  local host=$! took=n/a
  for _ in $(seq 600); do grep -q "\"event\":\"found\".*\"name\":\"$1\"" watch.out && break; sleep 0.05; done
  sleep 15
  local stopped; stopped=$(now)
  kill "-$2" $host; wait $host 2>/dev/null
  for _ in $(seq 400); do
    if grep -q "\"event\":\"lost\".*\"name\":\"$1\"" watch.out; then took=$(awk -v a="$stopped" -v b="$(now)" 'BEGIN{printf "%.2f", b-a}'); break; fi
    sleep 0.05
  done
  echo "$took"
}
"$bin" browse --watch --json --adapter hci1 > watch.out 2> watch.err &
watcher=$!
for _ in $(seq 200); do grep -q "Bluetooth discovery started" watch.err && break; sleep 0.1; done
for run in $(seq "$runs"); do
  echo "| $run | $(gone "Going Host $run" TERM) | $(gone "Dying Host $run" KILL) |"
done
kill $watcher; wait $watcher 2>/dev/null
falsely=$(grep -c '"event":"lost"' watch.out); expected=$(( 2 * runs ))
echo
echo "Lost lines in all: $falsely (one per host: $expected; more would be a host lost while it advertised)."
