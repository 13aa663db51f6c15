#!/usr/bin/env bash
# Inside the VM of scripts/testbed-bt: Bluetooth benchmarks between hci0 (host) and hci1
# (client), each against a baseline in the same run (scripts/bench-bluetooth runs it):
#  1. RFCOMM throughput: BlueZ's rctest (raw kernel RFCOMM) vs our session (snap-bench);
#  2. small-message round trip: raw RFCOMM sockets vs our session (snap-bench);
#  3. time from `serve` starting to the host listed by a scanner on hci1.
# Needs SNAP_HOST_BIN and SNAP_BENCH_BIN. Prints Markdown.
set -uo pipefail
bin="${SNAP_HOST_BIN:?set SNAP_HOST_BIN}"
bench="${SNAP_BENCH_BIN:?set SNAP_BENCH_BIN}"
runs="${SNAP_BT_BENCH_RUNS:-3}"
host_address=00:AA:01:00:00:00
timeout 10 btmgmt -i hci0 connectable on </dev/null >/dev/null
now() { date +%s.%N; }

echo "### RFCOMM throughput, rctest (raw kernel RFCOMM, 64 KiB blocks)"
echo
echo "| run | rctest kB/s |"
echo "|---|---|"
for run in $(seq "$runs"); do
  timeout 60 rctest -r -i hci0 -P 13 -b 65536 > rctest-recv.log 2>&1 &
  receiver=$!
  sleep 1  # rctest has no readiness signal; its listen is immediate
  timeout 60 rctest -s -i hci1 -P 13 -b 65536 -N 32 "$host_address" > rctest-send.log 2>&1
  sleep 2; kill $receiver 2>/dev/null; wait $receiver 2>/dev/null
  # "65536 bytes in 0.12 sec, 520.83 kB/s" per block: total bytes / total seconds.
  rate=$(grep -o '[0-9]* bytes in [0-9.]* sec' rctest-recv.log | awk '{b+=$1; s+=$4} END {if (s>0) printf "%.1f", b/s/1024; else print "n/a"}')
  echo "| $run | $rate |"
done
echo

"$bench" bluetooth --runs "$runs" --host-adapter hci0 --client-adapter hci1

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
