"""Trivia's buzzer mode end to end with real processes: `snap-host serve --game trivia --mode buzzer`
and two `snap-host join --bot --once` players to game over, the host marking each buzzer answer
with lines typed on its stdin (`right`, `wrong`); and, as people would, in tmux: players buzz
with space and `b`, the host marks with `y` and `x`, its footer showing those keys while an
answer awaits its mark. As docs/TRIVIA.md ("Buzzer mode") says."""

from __future__ import annotations

import re
import shlex
from collections import Counter

from harness import wait_until
from test_trivia_tmux import tmux  # noqa: F401  (the fixture)
from trivia_support import finals, game_over, results, snap_host_binary, start_host, start_join

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


def footer(tmux, name: str) -> str:  # noqa: F811
    """The host terminal's last line as shown now (the status line: countdown and keys)."""
    lines = [line for line in tmux.screen(name).splitlines() if line.strip()]
    return lines[-1] if lines else ""


def test_people_buzz_with_keys_and_the_host_marks_with_keys_its_footer_showing_them(tmp_path, tmux):  # noqa: F811
    binary = str(snap_host_binary())
    serve = shlex.join([binary, "serve", "--game", "trivia", "--mode", "buzzer", "--rounds", "1", "--question-time", "60",
                        "--result-time", "0.5", "--start-when-full", "--max-players", "2", "--host", "127.0.0.1",
                        "--port", "0", "--no-dnssd", "--no-bluetooth", "--no-web"])
    tmux.start(f"{serve} 2>>{shlex.quote(str(tmp_path / 'host.err'))}; echo \"serve exited $?\"; sleep 60", name="host", width=120)
    listening = tmux.wait_screen(r"^listening on 127\.0\.0\.1:(\d+)$", 15, name="host")
    assert listening, tmux.screen("host")
    for name in PLAYERS:
        join = shlex.join([binary, "join", f"127.0.0.1:{listening.group(1)}", "--player", name])
        tmux.start(f"{join}; echo \"join exited $?\"; sleep 60", name=name)
    for name in ["host", *PLAYERS]:
        assert tmux.wait_screen(r"^question 1/1", 15, name=name), tmux.screen(name)
    assert tmux.wait_screen(r"^buzzer mode: press space or b", 5, name="Ann"), tmux.screen("Ann")
    assert "[y] right" not in footer(tmux, "host")

    tmux.keys("Space", name="Ann")
    assert tmux.wait_screen(r"^you buzzed first: answer out loud!$", 5, name="Ann"), tmux.screen("Ann")
    assert tmux.wait_screen(r"^buzzer: Ann buzzed first$", 5, name="Bob"), tmux.screen("Bob")
    assert tmux.wait_screen(r"^Ann answers aloud; correct: \d\) .+; mark it: y/right or x/wrong$", 5, name="host"), tmux.screen("host")
    assert wait_until(lambda: footer(tmux, "host").startswith("keys: [y] right  [x] wrong"), 5), tmux.screen("host")
    tmux.keys("b", name="Bob")
    assert tmux.wait_screen(r"^\(Ann is answering\)$", 5, name="Bob"), tmux.screen("Bob")

    tmux.keys("x", name="host")
    assert tmux.wait_screen(r"^you are locked out of this question$", 5, name="Ann"), tmux.screen("Ann")
    assert tmux.wait_screen(r"^buzzers open again, \d+ s left \(locked out: Ann\)$", 5, name="Bob"), tmux.screen("Bob")
    assert wait_until(lambda: "[y] right" not in footer(tmux, "host") and "[s] start" in footer(tmux, "host"), 5), tmux.screen("host")
    tmux.keys("Space", name="Ann")
    assert tmux.wait_screen(r"^\(you are locked out of this question\)$", 5, name="Ann"), tmux.screen("Ann")
    tmux.keys("y", name="host")  # nothing awaits a mark
    assert tmux.wait_screen(r"^host: nothing to mark: no player has buzzed and awaits a mark$", 5, name="host"), tmux.screen("host")

    tmux.keys("b", name="Bob")
    assert tmux.wait_screen(r"^you buzzed first: answer out loud!$", 5, name="Bob"), tmux.screen("Bob")
    assert wait_until(lambda: footer(tmux, "host").startswith("keys: [y] right"), 5), tmux.screen("host")
    tmux.keys("y", name="host")
    for name in ["host", *PLAYERS]:
        assert tmux.wait_screen(r"^result 1/1 \(rightAnswer\): correct \d\) .+ \| scored: Bob$", 5, name=name), tmux.screen(name)
        assert tmux.wait_screen(r"^final: 1\. Bob 1$", 5, name=name), tmux.screen(name)
    assert tmux.wait_screen(r"^you: \+1$", 5, name="Bob"), tmux.screen("Bob")
