"""The host's controls, as a person runs an evening: `snap-host serve` in one terminal (tmux) and
three people with `snap-host join` in three more. The host presses keys, without Enter (the
footer lists them): start, pause, unpause, skip, kick (then the player's id), end and rematch;
each player's screen shows what happened, and after the game over the same players play a
second game without joining again."""

from __future__ import annotations

import json
import re
import shlex

from test_trivia_tmux import tmux  # noqa: F401  (the fixture)
from trivia_support import snap_host_binary

PEOPLE = ["Ann", "Bob", "Cy"]


def answers(screen: str, number: int) -> dict[str, str]:
    """The numbered answers under `question N/2` on a screen: text -> key."""
    block = screen[screen.rindex(f"question {number}/2"):]
    return {text: key for key, text in re.findall(r"^  (\d)\) (.+)$", block, re.MULTILINE)[:3]}


def test_the_host_runs_the_evening_with_keys_and_every_player_sees_it(tmp_path, tmux):  # noqa: F811
    bank = tmp_path / "bank.json"
    bank.write_text(json.dumps({"questions": [
        {"question": text, "answers": [{"text": "right", "correct": True}, {"text": "wrong a"}, {"text": "wrong b"}]}
        for text in ("First?", "Second?")
    ]}))
    binary = str(snap_host_binary())
    serve = shlex.join([binary, "serve", "--game", "trivia", "--mode", "timed", "--questions", str(bank), "--question-time", "60",
                        "--result-time", "60", "--start-after", "60", "--max-players", "4", "--host", "127.0.0.1",
                        "--port", "0", "--no-dnssd", "--no-bluetooth", "--no-web"])
    tmux.start(f"{serve} 2>>{shlex.quote(str(tmp_path / 'host.err'))}; echo \"serve exited $?\"; sleep 60", name="host", width=110)
    listening = tmux.wait_screen(r"^listening on 127\.0\.0\.1:(\d+)$", 15, name="host")
    assert listening, tmux.screen("host")
    port = listening.group(1)
    assert tmux.wait_screen(r"keys: \[s\] start  \[n\] skip  \[p\] pause  \[u\] unpause  \[k\] kick  \[e\] end  \[r\] rematch",
                            5, name="host"), tmux.screen("host")

    for id, name in enumerate(PEOPLE, start=1):
        join = shlex.join([binary, "join", f"127.0.0.1:{port}", "--player", name])
        tmux.start(f"{join}; echo \"join exited $?\"; sleep 60", name=name)
        assert tmux.wait_screen(rf"^connected to .* as {name} \(id {id}\)$", 10, name=name), tmux.screen(name)
    for name in PEOPLE:
        assert tmux.wait_screen(r"^lobby: 3/4 players, game starts in \d+ s$", 10, name=name), tmux.screen(name)

    # Start now, without waiting out the minute.
    tmux.keys("s", name="host")
    for name in ["host", *PEOPLE]:
        assert tmux.wait_screen(r"^question 1/2: (First|Second)\?$", 10, name=name), tmux.screen(name)
    right = answers(tmux.screen("Ann", history=True), 1)["right"]

    # Pause: the players are told, and a key pressed meanwhile counts for nothing.
    tmux.keys("p", name="host")
    for name in PEOPLE:
        assert tmux.wait_screen(r"^paused by the host$", 5, name=name), tmux.screen(name)
    tmux.keys(right, name="Bob")
    assert tmux.wait_screen(r"^\(the game is paused\)$", 5, name="Bob"), tmux.screen("Bob")
    tmux.keys("u", name="host")
    for name in PEOPLE:
        assert tmux.wait_screen(r"^the game goes on$", 5, name=name), tmux.screen(name)

    # Ann answers; the host skips the question: it closes at once, Ann's answer counted.
    tmux.keys(right, name="Ann")
    assert tmux.wait_screen(rf"^you answered {right}\) right ", 5, name="Ann"), tmux.screen("Ann")
    tmux.keys("n", name="host")
    for name in ["host", *PEOPLE]:
        assert tmux.wait_screen(rf"^result 1/2 \(skipped\): correct {right}\) right \| scored: Ann$", 5, name=name), tmux.screen(name)

    # Kick: the host is asked whom, and types Cy's id.
    tmux.keys("k", name="host")
    assert tmux.wait_screen(r"^host: kick which player\? 1 Ann, 2 Bob, 3 Cy \(type the id; any other key cancels\)$", 5,
                            name="host"), tmux.screen("host")
    tmux.keys("3", name="host")
    assert tmux.wait_screen(r"^you were removed by the host$", 5, name="Cy"), tmux.screen("Cy")
    assert tmux.wait_screen(r"^join exited 5$", 5, name="Cy"), tmux.screen("Cy")
    for name in ["Ann", "Bob"]:
        assert tmux.wait_screen(r"^Cy was removed by the host$", 5, name=name), tmux.screen(name)
    assert tmux.wait_screen(r"^left: Cy \(id 3\) kicked \[2/4\]$", 5, name="host"), tmux.screen("host")

    # Skip again: the result's minute is cut short; then end: game over now, the standings as they are.
    tmux.keys("n", name="host")
    for name in ["Ann", "Bob"]:
        assert tmux.wait_screen(r"^question 2/2: (First|Second)\?$", 5, name=name), tmux.screen(name)
    tmux.keys("e", name="host")
    for name in ["host", "Ann", "Bob"]:
        assert tmux.wait_screen(r"^game over: winner Ann with 1 point \(ended by the host\)$", 5, name=name), tmux.screen(name)
        assert tmux.wait_screen(r"^final: 2\. Bob 0$", 5, name=name), tmux.screen(name)
    # Both stay in the lobby; its countdown ticks on their screens.
    for name in ["Ann", "Bob"]:
        assert tmux.wait_screen(r"^lobby: 2/4 players, game starts in 60 s$", 5, name=name), tmux.screen(name)
        assert tmux.wait_screen(r"^game starts in 5[0-8] s$", 5, name=name), tmux.screen(name)
    # A key that makes no sense now is refused in words.
    tmux.keys("n", name="host")
    assert tmux.wait_screen(r"^host: nothing to skip: no game is under way$", 5, name="host"), tmux.screen("host")

    # Rematch: the same two play a second game at once, to its end.
    tmux.keys("r", name="host")
    for name in ["Ann", "Bob"]:
        assert tmux.wait_screen(r"^question 1/2: (First|Second)\?$(?![\s\S]*^game over)", 5, name=name), tmux.screen(name)
    for number in (1, 2):
        for name in ["Ann", "Bob"]:
            key = answers(tmux.screen(name, history=True), number)["right" if name == "Bob" else "wrong a"]
            tmux.keys(key, name=name)
        for name in ["Ann", "Bob"]:
            assert tmux.wait_screen(rf"^result {number}/2 \(everyoneAnswered\): correct \d\) right \| scored: Bob$", 10,
                                    name=name), tmux.screen(name)
        tmux.keys("n", name="host")  # no minute-long result
        if number == 1:
            for name in ["Ann", "Bob"]:
                assert tmux.wait_screen(r"^question 2/2: (First|Second)\?$(?![\s\S]*^game over)", 5, name=name), tmux.screen(name)
    for name in ["Ann", "Bob"]:
        assert tmux.wait_screen(r"^game over: winner Bob with 2 points$", 10, name=name), tmux.screen(name)
        assert tmux.count(r"^game over: ", name=name) == 2, tmux.screen(name, history=True)
        assert tmux.count(r"^connected to ", name=name) == 1, tmux.screen(name, history=True)  # never joined again

    for name in ["Ann", "Bob"]:
        tmux.keys("q", name=name)
        assert tmux.wait_screen(r"^join exited 0$", 10, name=name), tmux.screen(name)
    tmux.keys("C-c", name="host")
    assert tmux.wait_screen(r"^serve exited 0$", 10, name="host"), tmux.screen("host")
