"""Trivia's buzzer mode end to end with real processes: `snap-host serve --game trivia --mode buzzer`
and two `snap-host join --bot --once` players to game over, the host marking each buzzer answer
with lines typed on its stdin (`right`, `wrong`), as docs/TRIVIA.md ("Buzzer mode") says."""

from __future__ import annotations

import re
from collections import Counter

from harness import wait_until
from trivia_support import finals, game_over, results, start_host, start_join

PLAYERS = ["Ann", "Bob"]
# The host's marks, in turn: right, then wrong twice (with two players: everyone locked out), ...
MARKS = [True, False, False, True, False, True]
AWAITING = r"^(\S+) answers aloud; correct: \d+\) .*; mark it: y/right or x/wrong$"


def test_bots_buzz_the_host_marks_and_the_scores_are_the_right_marks(procs):
    host, port = start_host("--mode", "buzzer", "--rounds", "4", "--question-time", "2", "--result-time", "0.2",
                            "--start-when-full", "--max-players", "2", controls=True)
    procs.append(host)
    host.write_line("right")  # nothing awaits a mark in the lobby
    assert host.wait_line(r"^host: nothing to mark: no game is under way$", 5), host.describe()
    bots = [start_join(port, name, "--once") for name in PLAYERS]
    procs.extend(bots)

    marks: list[tuple[str, bool]] = []
    seen = 0
    while True:
        match = host.wait_stdout(AWAITING + "|^game over: ", 30, start=seen)
        assert match, host.describe()
        lines = host.stdout()
        seen = lines.index(match.string, seen) + 1
        if match.string.startswith("game over: "):
            break
        right = MARKS[len(marks) % len(MARKS)]
        host.write_line("right" if right else "wrong")
        marks.append((match.group(1), right))
        if len(marks) == 1:  # the result is up at once: a second mark finds nothing to mark
            host.write_line("right")
            assert host.wait_line(r"^host: nothing to mark: no player has buzzed and awaits a mark$", 5), host.describe()

    assert len(marks) >= 4, host.describe()
    assert wait_until(lambda: len(finals(host.stdout())) == len(PLAYERS), 5), host.describe()
    expected = {name: sum(1 for who, right in marks if who == name and right) for name in PLAYERS}
    host_lines = host.stdout()
    assert finals(host_lines) == expected, host.describe()
    buzzed = [m.group(1) for m in (re.match(r"^buzzer: (\S+) buzzed first$", line) for line in host_lines) if m]
    assert buzzed == [name for name, _ in marks]
    assert [line for line in host_lines if line.startswith("host: mark ")] == \
        [f"host: mark {'right' if right else 'wrong'}" for _, right in marks]
    # Two wrong answers in one question lock both players out: nobody scores it.
    assert any(r["ended"] == "allLockedOut" and r["scored"] == [] for r in results(host_lines)), host.describe()

    shown_marks = [f"mark: {name} is right" if right else f"mark: {name} is wrong, locked out of this question"
                   for name, right in marks]
    for bot, name in zip(bots, PLAYERS):
        assert bot.wait_exit(20) == 0, bot.describe()
        lines = bot.stdout()
        # Every client saw who buzzed first and every mark, in the host's order, and the same scores.
        assert [line for line in lines if line.startswith("buzzer: ")] == [f"buzzer: {who} buzzed first" for who, _ in marks]
        assert [line for line in lines if line.startswith("mark: ")] == shown_marks, bot.describe()
        assert finals(lines) == expected, bot.describe()
        assert game_over(lines) == game_over(host_lines)
        sums = Counter(who for r in results(lines) for who in r["scored"])
        assert {n: sums.get(n, 0) for n in PLAYERS} == expected
        # The winner is told to answer aloud; a player marked wrong, that it is locked out.
        assert lines.count("you buzzed first: answer out loud!") == sum(1 for who, _ in marks if who == name)
        assert lines.count("you are locked out of this question") == sum(1 for who, right in marks if who == name and not right)
        # The correct answer reaches a player only in a result, never while an answer awaits its mark.
        assert not any("answers aloud" in line for line in lines), bot.describe()
    assert host.stop() == 0, host.describe()
