"""The person-facing trivia client, driven as a person would: `snap-host join` runs in a tmux
pane (a real terminal), the test reads the screen with capture-pane and presses a key with
send-keys, without Enter."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import time

import pytest

from trivia_support import snap_host_binary, start_host, start_join


class Tmux:
    """A private tmux server (its own socket), so no one else's sessions are touched. Each
    terminal is a session of its own, `player` unless named."""

    def __init__(self) -> None:
        self.socket = f"snap-trivia-{os.getpid()}-{time.monotonic_ns()}"

    def run(self, *args: str) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True).stdout

    def start(self, command: str, name: str = "player", width: int = 100, height: int = 40) -> None:
        self.run("new-session", "-d", "-s", name, "-x", str(width), "-y", str(height), command)

    def screen(self, name: str = "player", history: bool = False) -> str:
        """What the terminal shows; with `history`, the lines scrolled away above it too."""
        return self.run("capture-pane", "-p", "-t", name, *(["-S", "-3000"] if history else []))

    def wait_screen(self, pattern: str, timeout: float, name: str = "player") -> re.Match | None:
        """The first match of `pattern` in the terminal's lines (scrolled away or shown)."""
        regex = re.compile(pattern, re.MULTILINE)
        deadline = time.monotonic() + timeout
        while True:
            match = regex.search(self.screen(name, history=True))
            if match or time.monotonic() > deadline:
                return match
            time.sleep(0.05)  # the screen has no event to await; poll it

    def count(self, pattern: str, name: str = "player") -> int:
        """How many lines of the terminal (scrolled away or shown) match `pattern`."""
        return len(re.findall(pattern, self.screen(name, history=True), re.MULTILINE))

    def keys(self, *keys: str, name: str = "player") -> None:
        self.run("send-keys", "-t", name, *keys)

    def kill(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


@pytest.fixture
def tmux():
    if shutil.which("tmux") is None:
        pytest.fail("tmux is not installed (scripts/install-deps --test installs it)")
    session = Tmux()
    yield session
    session.kill()


def test_a_person_joins_sees_a_question_answers_with_a_key_sees_the_result_and_stays(tmp_path, tmux):
    bank = tmp_path / "bank.json"
    bank.write_text(json.dumps({"questions": [{
        "question": "Which answer is right?", "category": "Testing",
        "answers": [{"text": "wrong one"}, {"text": "the right one", "correct": True}, {"text": "wrong two"}]}]}))
    host, port = start_host("--questions", str(bank), "--start-when-full", "--max-players", "1",
                            "--question-time", "30", "--result-time", "0.5")
    try:
        join = shlex.join([str(snap_host_binary()), "join", f"127.0.0.1:{port}", "--player", "Pat"])
        tmux.start(f"{join}; echo \"join exited $?\"; sleep 60")
        screen = tmux.wait_screen(r"^question 1/1 \[Testing\]: Which answer is right\?$", 15)
        assert screen, tmux.screen()
        answers = dict(re.findall(r"^  (\d)\) (.+)$", tmux.screen(), re.MULTILINE))
        assert sorted(answers.values()) == ["the right one", "wrong one", "wrong two"], tmux.screen()
        assert tmux.wait_screen(r"time left: \d+ s", 5), tmux.screen()
        right = next(key for key, text in answers.items() if text == "the right one")

        tmux.keys(right)  # one key, no Enter
        assert tmux.wait_screen(rf"^you answered {right}\) the right one$", 10), tmux.screen()
        assert tmux.wait_screen(rf"^result 1/1 \((everyoneAnswered|firstCorrect)\): correct {right}\) the right one \| scored: Pat$", 10), tmux.screen()
        assert tmux.wait_screen(r"^you: \+1$", 5), tmux.screen()
        assert tmux.wait_screen(r"^game over: winner Pat with 1 point$", 10), tmux.screen()
        assert tmux.wait_screen(r"^final: 1\. Pat 1$", 5), tmux.screen()
        # Pat stays, back in the lobby: the next game counts down, ticking on the screen.
        assert tmux.wait_screen(r"^lobby: 1/1 players, game starts in 10 s$", 5), tmux.screen()
        assert tmux.wait_screen(r"^game starts in [1-8] s$", 5), tmux.screen()
        # The key was read without echo, and the countdown line was cleared, not left behind.
        final_screen = tmux.screen()
        assert not re.search(rf"^{right}$", final_screen, re.MULTILINE), final_screen
        assert not re.search(r"^time left", final_screen, re.MULTILINE), final_screen
        assert host.wait_line(r"^game over: winner Pat with 1 point$", 5), host.describe()
        tmux.keys("q")
        assert tmux.wait_screen(r"^join exited 0$", 10), tmux.screen()
    finally:
        assert host.stop() == 0, host.describe()


def test_a_person_chooses_a_team_with_a_key_in_the_lobby_and_plays_for_it(tmp_path, tmux):
    """Team mode on a terminal (docs/TRIVIA.md, "Team mode"): the lobby lists the teams numbered,
    a key chooses one, the game and the result say the team."""
    bank = tmp_path / "bank.json"
    bank.write_text(json.dumps({"questions": [{
        "question": "Which answer is right?", "answers": [{"text": "wrong one"}, {"text": "the right one", "correct": True}]}]}))
    host, port = start_host("--questions", str(bank), "--start-when-full", "--max-players", "2", "--teams", "Red,Blue",
                            "--question-time", "30", "--result-time", "0.5")
    bot = None
    try:
        join = shlex.join([str(snap_host_binary()), "join", f"127.0.0.1:{port}", "--player", "Pat"])
        tmux.start(f"{join}; echo \"join exited $?\"; sleep 60")
        assert tmux.wait_screen(r"^teams: 1\) Red: nobody yet \| 2\) Blue: nobody yet \| choosing: Pat$", 15), tmux.screen()
        assert tmux.wait_screen(r"^you have no team yet: press 1-2 to choose one$", 5), tmux.screen()
        tmux.keys("2")
        assert tmux.wait_screen(r"^you chose Blue$", 5), tmux.screen()
        assert tmux.wait_screen(r"^teams: 1\) Red: nobody yet \| 2\) Blue: Pat$", 5), tmux.screen()
        assert tmux.wait_screen(r"^you're on Blue: press 1-2 to change$", 5), tmux.screen()
        assert host.wait_line(r"^teams: 1\) Red: nobody yet \| 2\) Blue: Pat$", 5), host.describe()
        tmux.keys("9")
        assert tmux.wait_screen(r"^\(there is no team 9\)$", 5), tmux.screen()

        bot = start_join(port, "Bot")  # the lobby is full: the game starts, the bot placed on Red
        assert tmux.wait_screen(r"^game: first mode, 1 question, you play for Blue$", 15), tmux.screen()
        assert host.wait_line(r"^teams: 1\) Red: Bot \| 2\) Blue: Pat$", 5), host.describe()
        answers = dict(re.findall(r"^  (\d)\) (.+)$", tmux.screen(), re.MULTILINE))
        tmux.keys(next(key for key, text in answers.items() if text == "the right one"))
        assert tmux.wait_screen(r"^teams: 1\. Blue 1\.0 \(Pat\), \d\. Red \d\.\d \(Bot\)$", 15), tmux.screen()
        assert tmux.wait_screen(r"^your team Blue: place 1 of 2, mean 1\.0$", 5), tmux.screen()
        tmux.keys("q")
        assert tmux.wait_screen(r"^join exited 0$", 10), tmux.screen()
    finally:
        if bot:
            bot.stop()
        assert host.stop() == 0, host.describe()
