"""The person-facing Snap! client, driven as a person would: `snap-host join` runs in a tmux pane
(a real terminal); the test reads the screen with capture-pane and presses keys with send-keys,
without Enter: `s` to snap (falsely, then validly), `f` to flip, `q` to leave."""

from __future__ import annotations

import re
import shlex
import time

from test_snap import join, start_snap_host
from test_trivia_tmux import tmux  # noqa: F401  (the fixture)
from trivia_support import snap_host_binary

TABLE = re.compile(r"^table (\d+): (.*) \| turn: (\S+)$", re.MULTILINE)
SEAT = re.compile(r"(\S+) (\S+) \((\d+)(?:, \w+)?\)")


def last_table(screen: str):
    tables = TABLE.findall(screen)
    if not tables:
        return None
    seq, seats, turn = tables[-1]
    return int(seq), {name: top for name, top, _ in SEAT.findall(seats)}, turn


def rank(top: str) -> str:
    return top[:-1]


def test_a_person_joins_flips_and_snaps_with_keys(tmux):  # noqa: F811
    host, port = start_snap_host("--max-players", "2", "--seed", "3")
    bot = None
    try:
        command = shlex.join([str(snap_host_binary()), "join", f"127.0.0.1:{port}", "--player", "Pat"])
        tmux.start(f"{command}; echo \"join exited $?\"; sleep 60")
        assert tmux.wait_screen(r"^snap: f or space flips, s snaps, q leaves$", 15), tmux.screen()
        # A slow bot: the person has seconds to snap first.
        bot = join(port, "Robo", "--bot", "--once", "--reaction-ms", "4000", "--reaction-jitter-ms", "0", "--flip-ms", "50")
        assert tmux.wait_screen(r"^dealt: Pat 26, Robo 26$", 15), tmux.screen()
        assert tmux.wait_screen(r"^your turn: flip$", 5), tmux.screen()

        # Nothing is face up yet: a snap now is false and pays Robo one card.
        tmux.keys("s")
        assert tmux.wait_screen(r"^false snap: Pat paid 1 card to Robo$", 10), tmux.screen()
        assert tmux.wait_screen(r"Pat - \(25\), Robo - \(27\)", 5), tmux.screen()

        # Flip on each turn until two tops match, then snap.
        deadline = time.monotonic() + 60
        flips = 0
        snapped = False
        while time.monotonic() < deadline and not snapped:
            state = last_table(tmux.screen())
            assert state, tmux.screen()
            seq, tops, turn = state
            if tops["Pat"] != "-" and rank(tops["Pat"]) == rank(tops["Robo"]):
                tmux.keys("s")
                assert tmux.wait_screen(r"^snap: Pat won \d+ cards from Pat, Robo \(snapped: Pat\)$", 10), tmux.screen()
                snapped = True
            elif turn == "Pat":
                tmux.keys("f")
                flips += 1
                assert tmux.wait_screen(rf"^table {seq + 1}: ", 10), tmux.screen()
            else:
                time.sleep(0.05)  # Robo's flip: nothing to await on a screen but the screen
        assert snapped, tmux.screen()
        assert flips >= 1
        assert re.search(r"^flip: Pat \S+$", tmux.screen(), re.MULTILINE), tmux.screen()
        assert host.wait_line(r"^snap: Pat won \d+ cards", 5), host.describe()

        tmux.keys("q")
        assert tmux.wait_screen(r"^join exited 0$", 10), tmux.screen()
        # Pat left: Robo is the last player holding cards and wins.
        assert bot.wait_line(r"^game over: winner Robo with \d+ cards$", 15), bot.describe()
        assert bot.wait_exit(10) == 0, bot.describe()
        assert host.wait_line(r"^game over: winner Robo", 5), host.describe()
    finally:
        if bot is not None:
            bot.stop()
        assert host.stop() == 0, host.describe()
