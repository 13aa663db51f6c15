"""Pong end to end with real processes: `snap-host serve --game pong` and `snap-host join --bot`
over TCP. Two bots play to game over and leave (`--once`), a third join watches; a player who
leaves forfeits; the host pauses, refuses to skip, and ends a game; bad options are refused."""

from __future__ import annotations

import re
import signal

import pytest

from harness import wait_until
from trivia_support import LOOPBACK, Proc, snap_host_binary

GAME_OVER = re.compile(r"^game over: winner (\w+): Ann (\d+) - (\d+) Bob( \(.*\))?$")


def start_pong_host(*args: str, controls: bool = False) -> tuple[Proc, int]:
    argv = [str(snap_host_binary()), "serve", "--game", "pong", "--host", LOOPBACK, "--port", "0",
            "--no-dnssd", "--no-bluetooth", "--web-port", "0", *args]
    host = Proc(argv, "host", controls=controls)
    match = host.wait_line(r"^listening on 127\.0\.0\.1:(\d+)$", 15)
    if match is None:
        host.stop()
        raise RuntimeError("host did not start\n" + host.describe())
    return host, int(match.group(1))


def join(port: int, player: str, *args: str) -> Proc:
    return Proc([str(snap_host_binary()), "join", f"{LOOPBACK}:{port}", "--player", player, *args], f"join({player})")


def join_in_order(port: int, names: list[str], *args: str) -> list[Proc]:
    """Joins one after the other, each admitted before the next knocks (the first two play)."""
    procs = []
    for name in names:
        proc = join(port, name, *args)
        assert proc.wait_line(rf"^connected to .* as {name} \(id \d+\)$", 10), proc.describe()
        procs.append(proc)
    return procs


def game_over(lines: list[str]) -> str | None:
    return next((line for line in lines if line.startswith("game over: ")), None)


def test_two_bots_play_to_three_points_and_a_third_join_watches(procs):
    host, port = start_pong_host("--points", "3")
    procs.append(host)
    assert host.wait_line(r"^pong: a game starts 3 s after a second player arrives; first to 3 points$", 5), host.describe()
    ann, bob = join_in_order(port, ["Ann", "Bob"], "--bot", "--once")
    procs.extend([ann, bob])
    for bot, side in ((ann, "left"), (bob, "right")):
        assert bot.wait_line(r"^pong: Ann \(left\) vs Bob \(right\), first to 3 points$", 10), bot.describe()
        assert bot.wait_line(rf"^you are {side}$", 5), bot.describe()
    cy = join(port, "Cy", "--bot")  # joins during the game: watches
    procs.append(cy)
    assert cy.wait_line(r"^pong: Ann \(left\) vs Bob \(right\), first to 3 points$", 10), cy.describe()
    assert cy.wait_line(r"^watching$", 5), cy.describe()

    for bot in (ann, bob):
        assert bot.wait_exit(90) == 0, bot.describe()
        assert "disconnected: userQuit" in bot.stderr(), bot.describe()
    over = game_over(ann.stdout())
    match = over and GAME_OVER.match(over)
    assert match, ann.describe()
    winner, left, right = match.group(1), int(match.group(2)), int(match.group(3))
    assert winner in ("Ann", "Bob") and max(left, right) == 3 and min(left, right) < 3, over
    assert (left == 3) == (winner == "Ann"), over
    assert game_over(bob.stdout()) == over, bob.describe()
    assert ("you: won" in ann.stdout()) == (winner == "Ann") and ("you: won" in bob.stdout()) == (winner == "Bob")
    # Every point was told, in order, ending on the final score.
    points = [line for line in ann.stdout() if line.startswith("point: ")]
    assert len(points) == left + right, points
    assert points[-1] == f"point: {winner} scores: Ann {left} - {right} Bob", points
    # The host's screen and log name the winner; the watcher saw it all.
    assert host.wait_line("^" + re.escape(over) + "$", 5), host.describe()
    assert host.wait_line(r"^lobby: back in the lobby$", 5), host.describe()
    assert cy.wait_line("^" + re.escape(over) + "$", 5), cy.describe()
    assert [line for line in cy.stdout() if line.startswith("point: ")] == points
    assert "you: won" not in cy.stdout() and "you: lost" not in cy.stdout()
    assert wait_until(lambda: any("game over" in line and winner in line for line in host.stderr()), 5), host.describe()
    assert host.stop() == 0, host.describe()
    assert cy.wait_exit(10) == 0, cy.describe()
    assert "disconnected: serverQuit" in cy.stderr(), cy.describe()


def test_a_player_who_leaves_forfeits(procs):
    host, port = start_pong_host("--points", "99", "--resume-grace", "0")
    procs.append(host)
    ann, bob = join_in_order(port, ["Ann", "Bob"], "--bot")
    procs.extend([ann, bob])
    assert ann.wait_line(r"^you are left$", 10), ann.describe()
    bob.popen.send_signal(signal.SIGKILL)
    bob.wait_exit(5)
    assert ann.wait_line(r"^game over: winner Ann: Ann \d+ - \d+ Bob \(Bob left\)$", 15), ann.describe()
    assert ann.wait_line(r"^you: won$", 5), ann.describe()
    assert host.wait_line(r"^game over: winner Ann: .* \(Bob left\)$", 5), host.describe()
    assert ann.wait_line(r"^lobby: 1/8 players, waiting for a second player$", 5), ann.describe()
    assert host.stop() == 0, host.describe()


def test_the_host_pauses_refuses_to_skip_and_ends_the_game(procs):
    host, port = start_pong_host("--points", "99", controls=True)
    procs.append(host)
    ann, bob = join_in_order(port, ["Ann", "Bob"], "--bot")
    procs.extend([ann, bob])
    for bot in (ann, bob):
        assert bot.wait_line(r"^pong: Ann \(left\) vs Bob \(right\), first to 99 points$", 10), bot.describe()
    host.write_line("skip")
    assert host.wait_line(r"^host: nothing to skip: this game has no turn or question to skip \(pause or end it instead\)$", 5), host.describe()
    host.write_line("pause")
    for bot in (ann, bob):
        assert bot.wait_line(r"^paused by the host$", 5), bot.describe()
    host.write_line("pause")
    assert host.wait_line(r"^host: nothing to pause: the game is already paused$", 5), host.describe()
    host.write_line("unpause")
    for bot in (ann, bob):
        assert bot.wait_line(r"^the game goes on$", 5), bot.describe()
    host.write_line("end")
    for bot in (ann, bob):
        assert bot.wait_line(r"^game over: (winner (Ann|Bob)|no winner): Ann \d+ - \d+ Bob \(ended by the host\)$", 5), bot.describe()
        assert bot.wait_line(r"^lobby: 2/8 players, game starts in 3 s$", 5), bot.describe()
    host.write_line("rematch")
    for bot in (ann, bob):
        assert wait_until(lambda: sum(1 for line in bot.stdout() if line.startswith("pong: Ann (left) vs Bob")) == 2, 10), bot.describe()
    assert host.stop() == 0, host.describe()


@pytest.mark.parametrize("args, message", [
    (["--game", "pong", "--points", "0"], "--points 0: expected a whole number from 1 to 99"),
    (["--game", "pong", "--points", "100"], "--points 100: expected a whole number from 1 to 99"),
    (["--points", "3"], "--points is Pong's option: it needs --game pong"),
    (["--game", "snap", "--points", "3"], "--points is Pong's option: it needs --game pong"),
    (["--game", "pong", "--max-flips", "3"], "--max-flips is Snap!'s option: it needs --game snap"),
    (["--game", "pong", "--max-players", "1"], "pong needs --max-players of at least 2"),
])
def test_bad_pong_options_are_refused(args, message):
    proc = Proc([str(snap_host_binary()), "serve", "--port", "0", "--no-dnssd", "--no-bluetooth", *args], "host")
    assert proc.wait_exit(15) == 64, proc.describe()
    assert message in "\n".join(proc.stderr()), proc.describe()
