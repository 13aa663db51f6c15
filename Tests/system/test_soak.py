"""Soak: a trivia host runs games back to back for SNAP_SOAK_SECONDS (default 600, as in CI)
while bots join and leave at random and are killed now and then. The host's resident memory and
open file descriptors (less one per connected player) are sampled every 10 s and must stay within
10 % of their value after the first game; every bot that should be admitted is admitted.
SNAP_SOAK_SECONDS=0 skips it (for quick local runs)."""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from harness import HostProcess, JoinProcess, snap_host_binary

DURATION = float(os.environ.get("SNAP_SOAK_SECONDS", "600"))
CAPACITY = 8
SAMPLE_EVERY = 10.0


def settled_fds(host) -> int:
    """Open files less one per admitted player. Connections in flight (a bot closing at game
    over, the probe that reads the player count) inflate a single reading, so take the least of
    three readings 50 ms apart: a real leak stays in all of them."""
    readings = []
    for _ in range(3):
        fds = host.fd_count()
        readings.append(fds - host.players())
        time.sleep(0.05)
    return min(readings)


def resident_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


@pytest.mark.skipif(DURATION <= 0, reason="SNAP_SOAK_SECONDS=0")
def test_a_host_plays_games_back_to_back_without_growing():
    rng = random.Random(20261122)
    binary = snap_host_binary()
    host = HostProcess(binary, "--game", "trivia", "--max-players", str(CAPACITY), "--mode", "timed", "--rounds", "2",
                       "--question-time", "1", "--result-time", "0.2", "--start-after", "1",
                       # A killed bot's seat is kept for 1 s (the resume path runs too) and then freed, so that
                       # killed bots do not fill the host while new ones arrive.
                       "--resume-grace", "1")
    bots: list[JoinProcess] = []
    started = admitted = killed = left = 0
    not_admitted: list[str] = []
    samples: list[tuple[float, int, int]] = []
    baseline = None
    try:
        deadline = time.monotonic() + DURATION
        next_sample = time.monotonic()
        while time.monotonic() < deadline:
            bots = [bot for bot in bots if bot.running]  # bots leave by themselves at game over (--once)
            action = rng.random()
            if len(bots) < 3 or (len(bots) < CAPACITY - 2 and action < 0.5):
                started += 1
                bot = JoinProcess(binary, host.port, f"bot{started}", "--once", bot=True)
                bots.append(bot)
                if bot.wait_connected(10):
                    admitted += 1
                else:
                    not_admitted.append(bot.describe())
            elif action < 0.62 and bots:
                victim = bots.pop(rng.randrange(len(bots)))
                victim.send_signal(signal.SIGKILL)
                victim.wait_exit(5)
                killed += 1
            elif action < 0.75 and bots:
                leaver = bots.pop(rng.randrange(len(bots)))
                leaver.stop()
                left += 1
            games = sum(1 for line in host.stdout_snapshot() if line.startswith("game over: "))
            if baseline is None and games >= 1:
                baseline = (resident_kib(host.pid), settled_fds(host))
            if baseline is not None and time.monotonic() >= next_sample:
                samples.append((time.monotonic(), resident_kib(host.pid), settled_fds(host)))
                next_sample = time.monotonic() + SAMPLE_EVERY
            time.sleep(rng.uniform(0.2, 1.0))  # the pace of arrivals (scenario, not synchronisation)
        for bot in bots:
            bot.stop()
        games = sum(1 for line in host.stdout_snapshot() if line.startswith("game over: "))
    finally:
        for bot in bots:
            bot.stop()
        code = host.stop()

    report = (f"games {games}, bots started {started}, admitted {admitted}, killed {killed}, left {left}; "
              f"baseline (rss KiB, fds less players) {baseline}; samples {[(round(t), r, f) for t, r, f in samples]}")
    print(report)
    assert code == 0, host.describe()
    assert not not_admitted, f"{len(not_admitted)} bots were not admitted:\n" + "\n".join(not_admitted[:3])
    assert baseline is not None, "no game finished"
    assert games >= max(2, int(DURATION / 60)), report
    assert killed > 0 and left > 0, report
    rss0, fds0 = baseline
    for _, rss, fds in samples:
        assert abs(rss - rss0) <= 0.10 * rss0, f"resident memory left the 10 % band: {rss} KiB vs {rss0} KiB\n{report}"
        assert abs(fds - fds0) <= max(1, 0.10 * fds0), f"open files left the 10 % band: {fds} vs {fds0}\n{report}"
