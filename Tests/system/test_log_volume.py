"""A host that runs for months must not grow its log with every game: at `notice` (the level of
the shipped Pi config) players joining, leaving, being killed and games being played log nothing;
at `info` they do (so the check can fail)."""

from __future__ import annotations

import signal

from trivia_support import start_host, start_join

GAMES = 3


def play_games(level: str) -> tuple[list[str], list[int]]:
    """Plays GAMES quick trivia games (two bots each; in the second a third bot is killed) and
    returns the host's stderr and its line count after each game."""
    host, port = start_host("--log-level", level, "--resume-grace", "0.5", "--mode", "timed", "--rounds", "1", "--question-time", "0.5",
                            "--result-time", "0", "--start-when-full", "--max-players", "2")
    counts: list[int] = []
    try:
        for game in range(1, GAMES + 1):
            if game == 2:
                victim = start_join(port, "Victim")
                assert host.wait_line(r"^joined: Victim ", 10), host.describe()
                victim.popen.send_signal(signal.SIGKILL)
                assert victim.wait_exit(5) is not None
                assert host.wait_line(r"^left: Victim .* connectionDropped", 10), host.describe()
            start = len(host.stdout())
            bots = [start_join(port, f"g{game}p{n}", "--once") for n in (1, 2)]
            for bot in bots:
                assert bot.wait_exit(30) == 0, bot.describe()
            assert host.wait_stdout(r"^game over: ", 10, start), host.describe()
            assert host.wait_stdout(r"^left: g\d+p2 ", 10, start), host.describe()
            counts.append(len(host.stderr()))
    finally:
        assert host.stop() == 0, host.describe()
    return host.stderr(), counts


def test_games_and_players_log_nothing_at_notice():
    _, counts = play_games("notice")
    assert counts[0] == counts[-1], f"stderr grew from {counts[0]} to {counts[-1]} lines over {GAMES - 1} games at notice"


def test_the_same_games_do_log_at_info():
    lines, counts = play_games("info")
    assert counts[-1] > counts[0], counts
    assert any("player joined" in line for line in lines)
