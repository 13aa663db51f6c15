"""Pong in a terminal, as a person plays it (tmux): `snap-host join` against a host whose own bot
plays the other side. The court is drawn in place; the arrow keys and w/s move the person's
paddle (its column of `#` on the right goes up, then down); the game reaches game over."""

from __future__ import annotations

import shlex
import time

from test_trivia_tmux import tmux  # noqa: F401  (the fixture)
from trivia_support import snap_host_binary


def paddle_top(screen: str) -> int | None:
    """The row (from the top of the court) of the highest `#` in the court's right column."""
    rows = [line for line in screen.splitlines() if line.startswith("|") and line.endswith("|")]
    tops = [index for index, row in enumerate(rows) if row[-2] == "#"]
    return tops[0] if tops else None


def wait_paddle(tmux, moved, timeout: float) -> int | None:  # noqa: F811
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        top = paddle_top(tmux.screen("me"))
        if top is not None and moved(top):
            return top
        time.sleep(0.05)  # the screen has no event to await; poll it
    return None


def test_a_person_moves_the_paddle_with_keys_and_plays_to_game_over(tmux, tmp_path):  # noqa: F811
    binary = str(snap_host_binary())
    serve = shlex.join([binary, "serve", "--game", "pong", "--points", "1", "--bots", "1", "--host", "127.0.0.1",
                        "--port", "0", "--no-dnssd", "--no-bluetooth", "--no-web"])
    tmux.start(f"{serve} 2>>{shlex.quote(str(tmp_path / 'host.err'))}; sleep 60", name="host", width=110)
    listening = tmux.wait_screen(r"^listening on 127\.0\.0\.1:(\d+)$", 15, name="host")
    assert listening, tmux.screen("host")
    join = shlex.join([binary, "join", f"127.0.0.1:{listening.group(1)}", "--player", "Me"])
    tmux.start(f"{join}; echo \"join exited $?\"; sleep 60", name="me", width=100, height=40)
    assert tmux.wait_screen(r"^connected to .* as Me \(id \d+\)$", 10, name="me"), tmux.screen("me")
    assert tmux.wait_screen(r"you are right", 15, name="me"), tmux.screen("me", history=True)

    start = wait_paddle(tmux, lambda top: True, 10)
    assert start is not None, tmux.screen("me")
    tmux.keys("Up", "Up", "Up", "Up", "Up", "Up", name="me")
    up = wait_paddle(tmux, lambda top: top < start, 5)
    assert up is not None, f"the paddle did not go up from row {start}\n" + tmux.screen("me")
    tmux.keys("s", "s", "s", "s", "s", "s", "s", "s", "s", "s", "s", "s", name="me")
    down = wait_paddle(tmux, lambda top: top > up, 5)
    assert down is not None, f"the paddle did not go down from row {up}\n" + tmux.screen("me")

    assert tmux.wait_screen(r"^game over: winner (Me|Bot 1)", 90, name="me"), tmux.screen("me", history=True)
