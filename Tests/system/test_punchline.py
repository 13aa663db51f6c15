"""Punchline end to end with real processes: `snap-host serve --game punchline`, two bots filling
seats on the host (`--bots`) and a person on a terminal (`join`, typed lines): three rounds of
writing and voting to game over; a refused answer says what is allowed; the host hides an answer
by a line on its stdin; the host's log holds no answer's text."""

from __future__ import annotations

import re

from trivia_support import LOOPBACK, Proc, snap_host_binary


class Cursor:
    """Reads a process's stdout in order: each wait starts after the line the last one matched
    (the same line comes every round)."""

    def __init__(self, proc: Proc):
        self.proc, self.at = proc, 0

    def next(self, pattern: str, timeout: float) -> re.Match | None:
        match = self.proc.wait_stdout(pattern, timeout, start=self.at)
        if match:
            lines = self.proc.stdout_snapshot()
            self.at = next(i for i in range(self.at, len(lines)) if re.search(pattern, lines[i])) + 1
        return match


def person(port: int, name: str, *args: str) -> Proc:
    """`join` with its stdin a pipe: a person typing lines."""
    return Proc([str(snap_host_binary()), "join", f"{LOOPBACK}:{port}", "--player", name, *args], f"join({name})", controls=True)


def start_host(*args: str) -> tuple[Proc, int]:
    argv = [str(snap_host_binary()), "serve", "--game", "punchline", "--host", LOOPBACK, "--port", "0",
            "--no-dnssd", "--no-bluetooth", "--no-web", *args]
    host = Proc(argv, "host", controls=True)
    match = host.wait_line(r"^listening on 127\.0\.0\.1:(\d+)$", 15)
    assert match, host.describe()
    return host, int(match.group(1))


def test_a_person_and_two_bots_play_three_rounds_to_game_over(procs):
    host, port = start_host("--max-players", "3", "--start-when-full", "--bots", "2")
    procs.append(host)
    assert host.wait_line(r"^punchline: a game starts when 3 players are here; 3 rounds, up to 8 write$", 5), host.describe()
    ann = person(port, "Ann", "--once")
    procs.append(ann)
    screen = Cursor(ann)
    for number in (1, 2, 3):
        assert screen.next(rf"^round {number}/3: (.+) \(\d+ s\)$", 30), ann.describe()
        assert screen.next(r"^type your answer and Enter$", 5), ann.describe()
        if number == 1:
            ann.write_line("two\tcolumns")  # a tab: one line of text only
            assert screen.next(r"^refused: an answer is one line of text: no line breaks, tabs or control characters$", 5), ann.describe()
            ann.write_line("x" * 81)
            assert screen.next(r"^refused: an answer is at most 80 characters$", 5), ann.describe()
        ann.write_line(f"Ann's answer {number}")
        assert screen.next(r"^answer in \(you may change it until the time is up\)$", 5), ann.describe()
        assert host.wait_line(rf"^answer from Ann \(id \d+\): Ann's answer {number}   \[hide \d+\]$", 5), host.describe()
        assert screen.next(rf"^  [A-C]: Ann's answer {number}$", 30), ann.describe()  # on the ballot, without a name
        mine = screen.next(r"^yours: ([A-C])$", 5)
        assert mine, ann.describe()
        ann.write_line(mine.group(1))  # one's own: refused
        assert screen.next(r"^refused: vote for someone else's answer, not your own$", 5), ann.describe()
        other = next(letter for letter in "ABC" if letter != mine.group(1))
        ann.write_line(other.lower())
        assert screen.next(rf"^vote: {other}$", 5), ann.describe()
        assert screen.next(rf"^results of round {number}/3: ", 40), ann.describe()
        assert screen.next(rf"^  [A-C]: Ann's answer {number}, Ann, ", 5), ann.describe()  # names revealed
        assert screen.next(r"^scores: ", 5), ann.describe()
    assert screen.next(r"^game over: .+ wins? with \d+ points$", 30), ann.describe()
    assert ann.wait_exit(15) == 0, ann.describe()
    assert host.wait_line(r"^game over: ", 5), host.describe()
    # The log is another stream than the screen: await its line rather than read it at once.
    assert host.wait_line(r"game over", 10, stream="stderr"), host.describe()
    log = host.stderr_text
    assert "game started" in log and "round closed" in log
    assert "Ann's answer" not in log  # what players type stays out of the log
    assert host.stop() == 0, host.describe()


def test_the_host_hides_an_answer_before_the_room_sees_it(procs):
    host, port = start_host("--max-players", "3", "--start-when-full", "--bots", "1")
    procs.append(host)
    people = [person(port, name) for name in ("Ann", "Bob")]
    procs.extend(people)
    ann, bob = people
    for each in people:
        assert each.wait_line(r"^round 1/3: ", 30), each.describe()
    ann.write_line("something rude")
    author = host.wait_line(r"^answer from Ann \(id (\d+)\): something rude   \[hide \d+\]$", 5)
    assert author, host.describe()
    host.write_line(f"hide {author.group(1)}")
    assert host.wait_line(rf"^host: hide player={author.group(1)}$", 5), host.describe()
    bob.write_line("something kind")
    assert bob.wait_line(r"^answer in ", 5), bob.describe()
    host.write_line("skip")  # writing ends now: the bot's answer may be in or not
    for each in people:
        assert each.wait_line(r"^(vote: |results of round 1/3)", 10), each.describe()
    shown = "\n".join(ann.stdout() + bob.stdout())
    assert "something kind" in shown, shown
    assert "something rude" not in shown, shown
    host.write_line("hide Zed")
    assert host.wait_line(r"^host: hide: nobody here is called Zed$|^hide: nobody here is called Zed$", 5), host.describe()
    assert host.stop() == 0, host.describe()


def test_punchline_needs_two_players_and_has_no_other_games_options(procs):
    for args, message in ((["--max-players", "1"], "punchline needs --max-players of at least 2"),
                          (["--points", "3"], "--points is Pong's option: it needs --game pong")):
        proc = Proc([str(snap_host_binary()), "serve", "--game", "punchline", "--no-dnssd", "--no-bluetooth", "--port", "0", *args], "serve")
        procs.append(proc)
        assert proc.wait_exit(10) == 64, proc.describe()
        assert message in proc.stderr_text, proc.describe()
