"""`join`'s name, as a person meets it: on a terminal (a tmux pane) it asks, Enter takes the user
name, a name the host would refuse is asked again, and a taken name is offered its free variant
(y/N); a script's stdin and a bot are never asked, and stderr says which name was taken."""

from __future__ import annotations

import os
import shlex

import snapclient
from harness import Proc
from test_trivia_tmux import tmux  # noqa: F401  (the fixture: a private tmux server)


def join_in_pane(tmux, snap_bin, port: int, *args: str, user: str = "quizzer") -> None:
    join = shlex.join(["env", f"USER={user}", str(snap_bin), "join", f"127.0.0.1:{port}", *args])
    tmux.start(f"{join}; echo \"join exited $?\"; sleep 60")


def test_on_a_terminal_join_asks_and_enter_takes_the_user_name(start_host, snap_bin, tmux):
    host = start_host()
    join_in_pane(tmux, snap_bin, host.port)
    assert tmux.wait_screen(r"^your name \[quizzer\]:$", 10), tmux.screen()
    tmux.keys("x" * 33, "Enter")  # too long: said, and asked again
    assert tmux.wait_screen(r"^player name: 33 characters / 33 bytes, the limit is 32 characters and 64 bytes; try another$", 5), tmux.screen()
    assert tmux.wait_screen(r"try another\nyour name \[quizzer\]:$", 5), tmux.screen()
    assert host.players() == 0, "nothing was sent for a name the rules refuse"
    tmux.keys("Enter")
    assert tmux.wait_screen(r"^connected to .+ as quizzer \(id 1\)$", 10), tmux.screen()
    assert host.wait_players(1, 5)


def test_on_a_terminal_a_typed_name_is_used(start_host, snap_bin, tmux):
    host = start_host()
    join_in_pane(tmux, snap_bin, host.port)
    assert tmux.wait_screen(r"^your name \[quizzer\]:$", 10), tmux.screen()
    tmux.keys("  Zoë  ", "Enter")
    assert tmux.wait_screen(r"^connected to .+ as Zoë \(id 1\)$", 10), tmux.screen()


def test_a_taken_name_is_offered_its_free_variant_and_yes_joins_with_it(start_host, snap_bin, tmux, clients):
    host = start_host()
    clients.append(snapclient.Client(host.host, host.port, "Alice"))
    join_in_pane(tmux, snap_bin, host.port, "--player", "alice")
    assert tmux.wait_screen(r'^denied: nameTaken\n  another player is already called alice; "alice 2" is free\n'
                            r'join as "alice 2" instead\? \[y/N\]$', 10), tmux.screen()
    tmux.keys("y", "Enter")
    assert tmux.wait_screen(r"^connected to .+ as alice 2 \(id 2\)$", 10), tmux.screen()
    assert host.wait_players(2, 5)


def test_a_taken_name_declined_ends_as_a_denial(start_host, snap_bin, tmux, clients):
    host = start_host()
    clients.append(snapclient.Client(host.host, host.port, "Alice"))
    join_in_pane(tmux, snap_bin, host.port, "--player", "Alice")
    assert tmux.wait_screen(r'join as "Alice 2" instead\? \[y/N\]$', 10), tmux.screen()
    tmux.keys("Enter")  # N is the default
    assert tmux.wait_screen(r"^join exited 2$", 10), tmux.screen()
    assert host.players() == 1


def test_a_bot_on_a_terminal_is_never_asked(start_host, snap_bin, tmux):
    host = start_host()
    join_in_pane(tmux, snap_bin, host.port, "--bot", user="botty")
    assert tmux.wait_screen(r"^connected to .+ as botty \(id 1\)$", 10), tmux.screen()
    screen = tmux.screen()
    assert "your name" not in screen and "joining as botty; --player NAME picks another" in screen, screen


def test_without_a_terminal_the_user_name_is_taken_and_stderr_says_so(start_host, snap_bin, processes, clients):
    host = start_host()
    env = dict(os.environ, USER="scripted")
    join = processes.add(Proc([str(snap_bin), "join", f"127.0.0.1:{host.port}"], "join(scripted)", env=env))
    assert join.wait_stdout(r"^connected to .+ as scripted \(id 1\)$", 10), join.describe()
    assert join.stderr_snapshot()[0] == "joining as scripted; --player NAME picks another", join.describe()
    # A taken name is not offered without a terminal: the denial, its sentence, exit 2.
    again = processes.add(Proc([str(snap_bin), "join", f"127.0.0.1:{host.port}"], "join(scripted 2)", env=env))
    assert again.wait_exit(10) == 2, again.describe()
    assert again.stderr_snapshot() == [
        "joining as scripted; --player NAME picks another",
        "denied: nameTaken",
        '  another player is already called scripted; "scripted 2" is free',
    ], again.describe()
