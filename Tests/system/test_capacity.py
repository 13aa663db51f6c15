"""Admission up to the cap: extras are denied `full`, a freed slot is reusable at once."""

from __future__ import annotations

import signal
import time

import pytest

import snapclient
from harness import wait_until


def test_cap_of_three_denies_extras_and_reuses_a_freed_slot(start_host, start_join):
    host = start_host("--max-players", "3")
    hello = host.server_hello()
    assert hello["capacity"] == 3
    assert hello["players"] == 0

    bots = [start_join(host.port, f"bot{i}", bot=True) for i in range(3)]
    for bot in bots:
        assert bot.wait_connected(15), bot.describe()
    # Each bot greets once it is set up (after its signal handling is installed).
    for bot in bots:
        assert host.wait_stdout(rf"^chat {bot.player}: ", 5), host.describe()
    assert host.players() == 3

    extras = [start_join(host.port, f"extra{i}") for i in (4, 5)]
    for extra in extras:
        code = extra.wait_exit(15)
        assert code == 2, extra.describe()
        assert "denied: full" in extra.stderr_snapshot(), extra.describe()
        assert extra.wait_stdout(r"^connected to", 0) is None, extra.describe()
    assert host.count_closed("denied full") >= 2, host.stderr_text

    # The admitted bots were not disturbed by the denials.
    assert all(bot.running for bot in bots)
    assert host.players() == 3

    # One admitted player leaves (SIGTERM: bye userQuit); its slot is free at once.
    victim = bots[1]
    assert victim.wait_sigterm_handled(5), "the join process never set up its SIGTERM handling"
    victim.send_signal(signal.SIGTERM)
    assert victim.wait_exit(10) == 0, victim.describe()
    assert "disconnected: userQuit" in victim.stderr_snapshot(), victim.describe()

    started = time.monotonic()
    newcomer = start_join(host.port, "late", bot=True)
    assert newcomer.wait_connected(3.0), newcomer.describe() + "\n" + host.describe()
    elapsed = time.monotonic() - started
    assert elapsed < 3.0
    assert host.players() == 3

    # The ids are never reused: the newcomer gets id 4, not the victim's id.
    assert newcomer.id == 4, newcomer.describe()
    # The remaining bots saw the victim leave and the newcomer join.
    for bot in (bots[0], bots[2]):
        assert bot.wait_stdout(r"^left: bot1\b", 5), bot.describe()
        assert bot.wait_stdout(r"^joined: late\b", 5), bot.describe()

    # And the cap still holds after the slot was reused.
    extra = start_join(host.port, "extra6")
    assert extra.wait_exit(15) == 2, extra.describe()
    assert "denied: full" in extra.stderr_snapshot()


def test_denied_full_detail_and_python_client(start_host, clients):
    host = start_host("--max-players", "2")
    for name in ("a", "b"):
        clients.append(snapclient.Client(host.host, host.port, name))
    with pytest.raises(snapclient.Denied) as denied:
        snapclient.Client(host.host, host.port, "c")
    assert denied.value.reason == "full"
    assert denied.value.detail == "the game is full (2 of 2 players)"
    # A leaving player (bye userQuit) frees the slot for the next hello at once.
    clients[0].close()
    assert wait_until(lambda: host.players() == 1, 3)
    clients.append(snapclient.Client(host.host, host.port, "c"))
    assert clients[-1].id == 3
    assert host.players() == 2
