"""Trivia end to end with real processes: `snap-host serve --game trivia` and `snap-host join --bot`
over TCP, the players staying from game to game, the host's commands typed on its stdin, bank
errors, and the command line's rules."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from harness import wait_until
from trivia_support import Proc, finals, game_over, results, snap_host_binary, start_host, start_join

PLAYERS = ["Ann", "Bob", "Cy"]


def games_over(proc) -> int:
    return sum(1 for line in proc.stdout() if line.startswith("game over: "))


@pytest.mark.parametrize("mode", ["first", "timed"])
def test_three_bots_play_a_full_game_agree_and_stay_for_the_next(procs, mode):
    host, port = start_host("--mode", mode, "--rounds", "4", "--question-time", "1.5", "--result-time", "0.2",
                            "--start-when-full", "--max-players", "3", controls=True)
    procs.append(host)
    bots = [start_join(port, name) for name in PLAYERS]
    procs.extend(bots)
    for bot in bots:
        assert bot.wait_line(r"^game over: ", 40), bot.describe()
        # They stay, back in the lobby: full, it rests 10 s before the next game.
        assert bot.wait_line(r"^lobby: 3/3 players, game starts in 10 s$", 10), bot.describe()
        assert bot.running, bot.describe()

    views = []
    for bot in bots:
        lines = bot.stdout()
        seen = results(lines)
        assert [r["number"] for r in seen] == [1, 2, 3, 4], bot.describe()
        points = finals(lines)
        assert set(points) == set(PLAYERS), bot.describe()
        # The final scores are the sum of the per-question results this client saw.
        sums = Counter(name for r in seen for name in r["scored"])
        assert points == {name: sums.get(name, 0) for name in PLAYERS}, bot.describe()
        if mode == "first":
            assert all(len(r["scored"]) <= 1 or r["tie"] for r in seen)
        views.append((game_over(lines), points, [(r["correct"], r["scored"]) for r in seen]))
    # Every client agrees on the winner(s), the standings and every result; so does the host.
    assert all(view == views[0] for view in views), views
    assert views[0][0] is not None and views[0][0].startswith(("game over: winner ", "game over: tied winners ")), views[0]
    assert host.wait_line("^" + views[0][0].replace("(", r"\(").replace(")", r"\)") + "$", 5), host.describe()
    host_lines = host.stdout()
    assert any(line.startswith("question 1/4") for line in host_lines)
    assert any(line.startswith("time left: ") for line in host_lines)
    assert finals(host_lines) == views[0][1]

    # A rematch typed on the host's stdin: the same players play the next game at once.
    host.write_line("rematch")
    assert host.wait_line(r"^host: rematch$", 5), host.describe()
    for bot in bots:
        assert wait_until(lambda: games_over(bot) == 2, 40), bot.describe()
        assert sum(1 for line in bot.stdout() if line.startswith("game: ")) == 2, bot.describe()
        assert "connected to" in bot.stdout()[0] and sum(1 for line in bot.stdout() if line.startswith("connected to")) == 1
    assert host.stop() == 0, host.describe()
    assert games_over(host) == 2, host.describe()
    for bot in bots:
        assert bot.wait_exit(10) == 0, bot.describe()
        assert "disconnected: serverQuit" in bot.stderr(), bot.describe()


def test_join_once_leaves_at_game_over_and_the_next_players_play_the_next_game(procs):
    host, port = start_host("--rounds", "2", "--question-time", "1", "--result-time", "0.2", "--start-when-full",
                            "--max-players", "2")
    procs.append(host)
    first = [start_join(port, name, "--once") for name in ("Ann", "Bob")]
    procs.extend(first)
    for bot in first:
        assert bot.wait_exit(40) == 0, bot.describe()
        assert "disconnected: userQuit" in bot.stderr(), bot.describe()
        assert game_over(bot.stdout()), bot.describe()
    dee = start_join(port, "Dee", "--once")
    procs.append(dee)
    assert dee.wait_line(r"^lobby: 1/2 players, game starts when full$", 10), dee.describe()
    eve = start_join(port, "Eve", "--once")
    procs.append(eve)
    for bot in (dee, eve):
        assert bot.wait_exit(40) == 0, bot.describe()
        assert set(finals(bot.stdout())) == {"Dee", "Eve"}, bot.describe()
    assert host.stop() == 0, host.describe()
    assert games_over(host) == 2, host.describe()


def test_the_host_types_its_commands_and_every_player_is_told(procs):
    host, port = start_host("--rounds", "3", "--question-time", "30", "--result-time", "30", "--start-after", "60",
                            "--max-players", "3", controls=True)
    procs.append(host)
    ann = start_join(port, "Ann", bot=False)  # people who never answer: a question stays open
    procs.append(ann)
    assert ann.wait_line(r"^connected to .* \(id 1\)$", 10), ann.describe()
    bob = start_join(port, "Bob", bot=False)
    procs.append(bob)
    for proc in (host, ann):
        assert proc.wait_line(r"^lobby: 2/3 players, game starts in \d+ s$", 10), proc.describe()

    host.write_line("pause")
    assert host.wait_line(r"^host: nothing to pause: no game is under way$", 5), host.describe()
    host.write_line("start")
    for proc in (host, ann, bob):
        assert proc.wait_line(r"^question 1/3", 5), proc.describe()
    host.write_line("pause")
    for proc in (host, ann, bob):
        assert proc.wait_line(r"^paused by the host$", 5), proc.describe()
    host.write_line("skip")
    assert host.wait_line(r"^host: cannot skip while the game is paused: unpause first$", 5), host.describe()
    host.write_line("unpause")
    for proc in (ann, bob):
        assert proc.wait_line(r"^the game goes on$", 5), proc.describe()
    host.write_line("skip")
    for proc in (host, ann, bob):
        assert proc.wait_line(r"^result 1/3 \(skipped\): correct \d\) .* \| scored: nobody$", 5), proc.describe()
    host.write_line("skip")  # the result is cut short
    assert ann.wait_line(r"^question 2/3", 5), ann.describe()

    host.write_line("kick Zed")
    assert host.wait_line(r"^host: kick: nobody here is called Zed$", 5), host.describe()
    host.write_line("kick bob")
    assert bob.wait_exit(10) == 5, bob.describe()
    assert "you were removed by the host" in bob.stdout(), bob.describe()
    assert "disconnected: kicked" in bob.stderr(), bob.describe()
    assert ann.wait_line(r"^Bob was removed by the host$", 5), ann.describe()
    assert host.wait_line(r"^left: Bob \(id 2\) kicked \[1/3\]$", 5), host.describe()

    host.write_line("end")
    assert ann.wait_line(r"^game over: winner Ann with 0 points \(ended by the host\)$", 5), ann.describe()
    assert ann.wait_line(r"^lobby: 1/3 players, game starts in 60 s$", 5), ann.describe()
    host.write_line("end")
    assert host.wait_line(r"^host: nothing to end: no game is under way$", 5), host.describe()
    host.write_line("rematch")
    assert wait_until(lambda: sum(1 for line in ann.stdout() if line == "game: first mode, 3 questions") == 2, 5), ann.describe()
    host.write_line("resume")
    assert host.wait_line(r'^host: unknown command "resume"; commands: start, skip', 5), host.describe()
    assert ann.running
    assert host.stop() == 0, host.describe()
    assert ann.wait_exit(10) == 0, ann.describe()


def test_start_after_starts_without_a_full_house_and_late_joiners_play_on(procs):
    host, port = start_host("--rounds", "3", "--question-time", "1", "--result-time", "0.2", "--start-after", "0.3",
                            "--max-players", "4")
    procs.append(host)
    first = start_join(port, "Ann", "--once")
    procs.append(first)
    assert first.wait_line(r"^question 1/3", 10), first.describe()
    late = start_join(port, "Bob", "--once")
    procs.append(late)
    assert late.wait_line(r"^game: first mode, 3 questions, you play from question [23]$", 10), late.describe()
    for bot in (first, late):
        assert bot.wait_exit(30) == 0, bot.describe()
    assert finals(first.stdout()) == finals(late.stdout())
    assert "Bob" in finals(late.stdout())


BAD_BANKS = {
    "malformed.json": ('{"questions": [ {"question": "x", ', "not valid JSON"),
    "empty.json": ('{"questions": []}', "the bank has no questions"),
    "one-answer.json": (json.dumps({"questions": [
        {"question": "Fine?", "answers": [{"text": "yes", "correct": True}, {"text": "no"}]},
        {"question": "Lonely?", "answers": [{"text": "only", "correct": True}]}]}),
        'entry 2 ("Lonely?"): only one answer; a question needs 2 to 9'),
    "no-correct.json": (json.dumps({"questions": [{"question": "Which?", "answers": [{"text": "a"}, {"text": "b"}]}]}),
                        'entry 1 ("Which?"): no answer is marked correct'),
}


@pytest.mark.parametrize("name", sorted(BAD_BANKS))
def test_an_unusable_bank_is_named_and_nothing_starts(tmp_path, name):
    text, problem = BAD_BANKS[name]
    path = tmp_path / name
    path.write_text(text)
    proc = Proc([str(snap_host_binary()), "serve", "--game", "trivia", "--questions", str(path), "--port", "0",
                 "--host", "127.0.0.1", "--no-dnssd", "--no-bluetooth"], "host")
    assert proc.wait_exit(15) == 65, proc.describe()
    assert proc.stdout() == [], proc.describe()  # never listened
    errors = "\n".join(proc.stderr())
    assert re.search(rf"^snap-host: {re.escape(str(path))}:\d+:\d+: ", errors, re.MULTILINE), errors  # file:line:column
    assert problem in errors, errors


def test_a_missing_bank_file_is_named(tmp_path):
    missing = tmp_path / "nope.json"
    proc = Proc([str(snap_host_binary()), "serve", "--game", "trivia", "--questions", str(missing), "--port", "0",
                 "--host", "127.0.0.1", "--no-dnssd", "--no-bluetooth"], "host")
    assert proc.wait_exit(15) == 65, proc.describe()
    assert any(f"{missing}: cannot read the file" in line for line in proc.stderr()), proc.describe()


@pytest.mark.parametrize("args, message", [
    (["--mode", "timed"], "--mode is Trivia's option: it needs --game trivia"),
    (["--game", "trivia", "--start-when-full", "--start-after", "3"], "--start-when-full and --start-after exclude each other"),
    (["--game", "trivia", "--rounds", "0"], "--rounds 0: expected a whole number, at least 1"),
    (["--game", "trivia", "--mode", "fastest"], "fastest"),
    (["--game", "chess"], "the games are `lobby`, `trivia`, `snap`, `pong` and `punchline`"),
])
def test_bad_trivia_options_are_refused(args, message):
    proc = Proc([str(snap_host_binary()), "serve", "--port", "0", "--no-dnssd", "--no-bluetooth", *args], "host")
    assert proc.wait_exit(15) == 64, proc.describe()
    assert message in "\n".join(proc.stderr()), proc.describe()
