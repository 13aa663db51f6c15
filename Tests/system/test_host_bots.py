"""The host's own players: `serve --bots N` seats bots in the host's process, over local links,
and they play beside players who joined over TCP, as players like any other (issue 13: the
host's own player is a link; its messages are played, not dropped)."""

from __future__ import annotations

import re
import subprocess

from trivia_support import finals, snap_host_binary, start_host, start_join
from test_snap import FAST_BOT, join, start_snap_host

SNAP_FINAL = re.compile(r"^final: (\d+)\. (.+) (\d+)( \(\w+\))?$")


def test_a_trivia_game_with_the_hosts_own_bot_beside_two_players(procs):
    host, port = start_host("--mode", "timed", "--rounds", "3", "--question-time", "1", "--result-time", "0.2",
                            "--start-when-full", "--max-players", "3", "--bots", "1")
    procs.append(host)
    assert host.wait_line(r"^joined: Bot 1 \(id 1\) \[1/3\]$", 10), host.describe()
    players = [start_join(port, name, "--once") for name in ("Ann", "Bob")]
    procs.extend(players)
    for player in players:
        assert player.wait_exit(40) == 0, player.describe()
        assert set(finals(player.stdout())) == {"Bot 1", "Ann", "Bob"}, player.describe()
    assert host.wait_line(r"^game over: ", 5), host.describe()
    assert finals(host.stdout()) == finals(players[0].stdout())
    # Its answers were played: the host saw Bot 1 answer.
    assert any(line.startswith("answered: Bot 1") for line in host.stdout()), host.describe()
    # It stays for the next game, alone in the lobby once the others left.
    assert host.wait_line(r"^lobby: 1/3 players, game starts when full$", 10), host.describe()
    assert not any(line.startswith("left: Bot 1") for line in host.stdout()), host.describe()
    assert host.stop() == 0, host.describe()


def test_a_snap_game_with_the_hosts_own_bot_beside_two_players(procs):
    host, port = start_snap_host("--max-players", "3", "--start-when-full", "--max-flips", "1500", "--bots", "1")
    procs.append(host)
    assert host.wait_line(r"^joined: Bot 1 \(id 1\) \[1/3\]$", 10), host.describe()
    players = [join(port, name, *FAST_BOT, "--once") for name in ("Ann", "Bob")]
    procs.extend(players)
    for player in players:
        assert player.wait_exit(120) == 0, player.describe()
    seen = [{m.group(2) for m in map(SNAP_FINAL.match, player.stdout()) if m} for player in players]
    assert seen == [{"Bot 1", "Ann", "Bob"}] * 2, [p.describe() for p in players]
    # Its flips were played.
    assert any(re.match(r"^flip: Bot 1 ", line) for line in host.stdout()), host.describe()
    assert host.stop() == 0, host.describe()


def test_more_bots_than_seats_is_refused():
    done = subprocess.run([str(snap_host_binary()), "serve", "--max-players", "2", "--bots", "3", "--no-dnssd", "--no-bluetooth"],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode != 0
    assert "--bots must be 0-2 (at most --max-players)" in done.stderr
