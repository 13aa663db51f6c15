"""`serve --config FILE`: the file is honoured, the command line overrides it, and a broken file
stops the start with the file, the key and the problem (exit 78)."""

from __future__ import annotations

import json

import pytest

from harness import HostProcess, Proc, snap_host_binary


def write(tmp_path, content) -> str:
    path = tmp_path / "config.json"
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return str(path)


def test_a_valid_file_is_honoured_and_flags_override_it(tmp_path, processes):
    path = write(tmp_path, {"name": "From File", "max-players": 3, "join-code": "file-code-123"})
    host = processes.add(HostProcess(snap_host_binary(), "--config", path))
    hello = host.server_hello()
    assert hello["name"] == "From File" and hello["capacity"] == 3 and hello["joinCodeRequired"] is True

    overridden = processes.add(HostProcess(snap_host_binary(), "--config", path, "--max-players", "5", "--name", "From Flags"))
    hello = overridden.server_hello()
    assert hello["name"] == "From Flags" and hello["capacity"] == 5 and hello["joinCodeRequired"] is True


def test_a_games_options_are_keys_of_the_file_too(tmp_path, processes):
    path = write(tmp_path, {"game": "trivia", "mode": "timed", "rounds": 2, "category": "Science", "start-when-full": True,
                            "teams": "Red,Blue", "team-placement": "placed"})
    host = processes.add(HostProcess(snap_host_binary(), "--config", path, "--rounds", "3"))
    assert host.wait_stdout(r"^trivia: timed mode, 3 of 9 questions \(embedded bank: Science\); teams Red, Blue \(placed\); ", 5), host.describe()


@pytest.mark.parametrize("content, key, problem", [
    ({"max-players": "lots"}, '"max-players"', "The value 'lots' is invalid"),
    ({"maxplayers": 3}, '"maxplayers"', "Unknown option '--maxplayers'"),
    ({"max-players": 0}, '"max-players"', "max players: 0 is outside 1...10000"),
    ({"game": "chess"}, '"game"', "the games are"),
    ({"game": "pong", "points": 0}, '"points"', "--points 0: expected a whole number from 1 to 99"),
    ({"game": "trivia", "mode": "fastest"}, '"mode"', "--mode fastest: expected first, timed or buzzer"),
    ({"mode": "timed"}, '"mode"', "--mode is Trivia's option: it needs --game trivia"),
    ({"game": "snap", "points": 3}, '"points"', "--points is Pong's option: it needs --game pong"),
    ({"name": None}, '"name"', "expected a string, a number or true/false"),
    ('{"name": ', None, "not valid JSON"),
    ('[1, 2]', None, "must be one JSON object"),
])
def test_a_broken_file_is_refused_naming_file_key_and_problem(tmp_path, content, key, problem):
    path = write(tmp_path, content)
    proc = Proc([str(snap_host_binary()), "serve", "--config", path, "--port", "0", "--no-dnssd"], "host")
    assert proc.wait_exit(10) == 78, proc.describe()
    message = proc.stderr_text
    assert f"config {path}" in message, message
    if key:
        assert f"key {key}" in message, message
    assert problem in message, message
    assert proc.stdout_snapshot() == []  # never started listening


def test_a_missing_file_is_named(tmp_path):
    path = str(tmp_path / "nope.json")
    proc = Proc([str(snap_host_binary()), "serve", "--config", path], "host")
    assert proc.wait_exit(10) == 78
    assert f"config {path}: cannot be read" in proc.stderr_text
