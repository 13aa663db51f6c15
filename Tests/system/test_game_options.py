"""A game's own options come from its registration (docs/ARCHITECTURE.md, "A game's registration
and its options"): `serve --help` lists them under a title per game, `join --help` the Snap!
bot's, they work after a lone `--` too, and the lobby refuses the start options."""

from __future__ import annotations

import subprocess

from harness import HostProcess, Proc, snap_host_binary


def help_text(*command: str) -> str:
    done = subprocess.run([str(snap_host_binary()), *command], capture_output=True, text=True, timeout=10,
                          env={"COLUMNS": "100", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return done.stdout


def section(text: str, title: str) -> str:
    """The lines of the help section `title` (up to the next blank line)."""
    start = text.index(title + "\n")
    end = text.find("\n\n", start)
    return text[start:end if end >= 0 else None]


def test_serve_help_lists_each_games_options_under_its_title():
    text = help_text("serve", "--help")
    trivia = section(text, "TRIVIA (WITH --GAME TRIVIA):")
    for option in ("--questions <file>", "--category <name>", "--mode <mode>", "--question-time", "--rounds", "--result-time",
                   "--teams <names>", "--team-placement <team-placement>"):
        assert option in trivia, trivia
    assert "(values: first, timed, buzzer)" in trivia, trivia
    snap = section(text, "SNAP! (WITH --GAME SNAP):")
    assert "--max-flips" in snap and "--replay-log <file>" in snap and "--seed" in snap, snap
    assert "--points" in section(text, "PONG (WITH --GAME PONG):")
    assert "PUNCHLINE (WITH" not in text and "LOBBY (WITH" not in text  # no options of their own
    assert "--start-when-full" in section(text, "STARTING GAMES (EVERY GAME BUT THE LOBBY):")
    assert help_text("help", "serve") == text


def test_join_help_lists_the_snap_bots_options():
    bot = section(help_text("join", "--help"), "SNAP! (WHEN THE HOST RUNS SNAP):")
    assert "--reaction-ms" in bot and "--reaction-jitter-ms" in bot and "--flip-ms" in bot, bot


def test_a_games_options_may_follow_a_lone_double_dash(processes):
    host = processes.add(HostProcess(snap_host_binary(), "--game", "trivia", "--start-when-full", "--", "--mode", "timed", "--rounds", "2"))
    assert host.wait_stdout(r"^trivia: timed mode, 2 of 70 questions", 5), host.describe()


def test_a_join_bot_option_out_of_range_is_a_usage_error():
    proc = Proc([str(snap_host_binary()), "join", "127.0.0.1:1", "--bot", "--reaction-ms", "-5"], "join")
    assert proc.wait_exit(10) == 64, proc.describe()
    assert "--reaction-ms -5: expected a number of milliseconds, at least 0" in proc.stderr_text, proc.describe()


def test_the_lobby_starts_no_game():
    proc = Proc([str(snap_host_binary()), "serve", "--port", "0", "--no-dnssd", "--no-bluetooth", "--no-web",
                 "--start-after", "5"], "host")
    assert proc.wait_exit(10) == 64, proc.describe()
    assert "the lobby starts no game" in proc.stderr_text, proc.describe()
    assert "Usage: snap-host serve" in proc.stderr_text, proc.describe()


def test_team_names_that_make_no_teams_are_a_usage_error_saying_the_rule():
    for args, said in ((["--teams", "Red"], "--teams Red: 2 to 8 team names; got 1 (separate them with commas: \"Red,Blue\")"),
                       (["--teams", "Red,red"], "--teams Red,red: \"red\" names two teams (ignoring case); each team needs a name of its own"),
                       (["--team-placement", "placed"], "--team-placement needs --teams (the teams' names, \"Red,Blue\")")):
        proc = Proc([str(snap_host_binary()), "serve", "--port", "0", "--no-dnssd", "--no-bluetooth", "--no-web", "--game", "trivia", *args], "host")
        assert proc.wait_exit(10) == 64, proc.describe()
        assert said in proc.stderr_text, proc.describe()


def test_team_mode_is_announced(processes):
    host = processes.add(HostProcess(snap_host_binary(), "--game", "trivia", "--start-when-full", "--teams", "Owls, Larks", "--team-placement", "placed"))
    assert host.wait_stdout(r"^trivia: first mode, 10 of 70 questions \(embedded bank\); teams Owls, Larks \(placed\); ", 5), host.describe()
