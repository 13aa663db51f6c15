"""A crowd in a trivia lobby (docs/TRIVIA.md, "A crowd in the lobby"; issue 26): the lobby's status
is told to everyone waiting at most once per batch (50 ms), not once per arrival, so a room filling
up costs each phone a status per batch and one more join costs each waiting phone one status.

300 phones without browsers (Tests/system/wscrowd.py: WebSocket players on one asyncio loop, each
counting what it is told) arrive together in a real `snap-host serve --game trivia` whose start
rule does not start the game (`--start-when-full` with room for 400); then one more arrives.
Before the statuses were coalesced a lone join already cost each waiting player one status; the
crowd's arrival cost each one status per arrival (300 to the first), which fails this test."""

from __future__ import annotations

import asyncio
import math
import time

from harness import LOOPBACK
from wscrowd import Crowd, CrowdPlayer

CROWD = 300
BATCH = 0.050  # LobbyStatusBatch.interval: the lobby's status goes to everyone at most this often
JITTER_BATCHES = 10  # slack for how late the statuses and the welcome reach this process


def statuses_since(player: CrowdPlayer, count: int) -> list[dict]:
    return player.lobbies[count:]


async def fill_then_one_more(host) -> None:
    crowd = Crowd(LOOPBACK, host.web_port)
    try:
        # The crowd arrives together: each waits for the status that counts everyone.
        started = time.monotonic()
        waiting = await crowd.join([f"P{n}" for n in range(1, CROWD + 1)], timeout=120, at_once=CROWD)
        await crowd.each(waiting, lambda p: p.last_lobby_players() == CROWD, 60, f"the lobby's status with {CROWD} players")
        filled = time.monotonic() - started
        counts = [p.lobby_count() for p in waiting]
        print(f"\nlobby crowd: {CROWD} arrived and were told so in {filled:.2f} s: {sum(counts)} lobby statuses "
              f"to them, {max(counts)} at most to one")  # figures for docs/BENCHMARKS.md (pytest -s)
        first = waiting[0]
        told = first.lobby_count()
        span = first.lobby_times[-1] - first.welcomed_at
        # The first was there for the other 299 arrivals: one status per batch at most (one per
        # arrival, 300, before the statuses were coalesced), and its own at once when it came.
        allowed = 2 + math.ceil(span / BATCH) + JITTER_BATCHES
        assert told <= allowed and told < CROWD, (
            f"the first player was told {told} lobby statuses while {CROWD - 1} others arrived in {span:.2f} s: "
            f"at most {allowed} (one per {BATCH * 1000:.0f} ms batch) expected")

        # One more joins: it is told the lobby at once, then every waiting player once.
        before = [player.lobby_count() for player in waiting]
        (joiner,) = await crowd.join(["Latecomer"], timeout=30)
        await joiner.until(lambda p: p.last_lobby_players() == CROWD + 1, 10, "the joiner's own lobby status")
        await crowd.each(waiting, lambda p: p.last_lobby_players() == CROWD + 1, 10, "the status counting the joiner")
        # The game's start is sent after anything the lobby still owed: once every waiting player
        # has it, nothing more for that join is on its way.
        host.write_line("start")
        await crowd.each([*waiting, joiner], lambda p: p.counts["app.game"] == 1, 30, "the game's start")
        extra = {p.name: [s["players"] for s in statuses_since(p, n)] for p, n in zip(waiting, before) if len(p.lobbies) - n != 1}
        assert not extra, f"waiting players told other than one status for one join (their player counts): {dict(list(extra.items())[:10])}"
        assert all(p.lobbies[-1]["players"] == CROWD + 1 for p in waiting)
        assert joiner.lobbies[0]["players"] == CROWD + 1 and joiner.lobbies[0]["startRule"] == "whenFull"
    finally:
        await crowd.close()


def test_one_more_join_costs_each_waiting_player_one_lobby_status(start_host):
    host = start_host("--game", "trivia", "--max-players", "400", "--start-when-full", "--web-max-per-address", "400",
                      web=True)
    asyncio.run(fill_then_one_more(host))
    assert host.running, host.describe()
