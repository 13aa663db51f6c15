"""Process helpers for the trivia system tests: `snap-host serve --game trivia` and `snap-host join`
as subprocesses whose output lines can be awaited with a deadline, and parsers for the trivia
lines both print (see docs/TRIVIA.md, "Terminal output").

The binary is $SNAP_HOST_BIN, or .build/debug/snap-host in the repository (harness.py).
"""

from __future__ import annotations

import re
import subprocess

from harness import LOOPBACK, snap_host_binary
from harness import Proc as HarnessProc


class Proc(HarnessProc):
    """`harness.Proc` with stdin closed (bots and hosts read none; `controls`: a pipe, to type the
    host's commands with `write_line`) and the short names these tests use."""

    def __init__(self, argv: list[str], label: str, controls: bool = False):
        super().__init__(argv, label, stdin=subprocess.PIPE if controls else subprocess.DEVNULL)

    def wait_line(self, pattern: str, timeout: float, stream: str = "stdout") -> re.Match | None:
        """The first line of `stream` matching the regex, or None at the deadline or end of output."""
        return self.wait_stdout(pattern, timeout) if stream == "stdout" else self.wait_stderr(pattern, timeout)

    def stdout(self) -> list[str]:
        return self.stdout_snapshot()

    def stderr(self) -> list[str]:
        return self.stderr_snapshot()


def start_host(*args: str, startup: float = 15.0, controls: bool = False) -> tuple[Proc, int]:
    """`snap-host serve --game trivia ...` on 127.0.0.1 with a free port; returns it and the port.
    `controls`: its stdin is a pipe, for the host's line commands (`host.write_line("skip")`)."""
    argv = [str(snap_host_binary()), "serve", "--game", "trivia", "--host", LOOPBACK, "--port", "0",
            "--no-dnssd", "--no-bluetooth", *args]
    host = Proc(argv, "host", controls=controls)
    match = host.wait_line(r"^listening on 127\.0\.0\.1:(\d+)$", startup)
    if match is None:
        host.stop()
        raise RuntimeError("host did not start\n" + host.describe())
    return host, int(match.group(1))


def start_join(port: int, player: str, *args: str, bot: bool = True) -> Proc:
    argv = [str(snap_host_binary()), "join", f"{LOOPBACK}:{port}", "--player", player, *(["--bot"] if bot else []), *args]
    return Proc(argv, f"join({player})")


RESULT = re.compile(r"^result (\d+)/(\d+) \((\w+)\): correct (\d+)\) (.*) \| scored: (.*?)( \(tie\))?$")
FINAL = re.compile(r"^final: (\d+)\. (.+) (\d+)$")


def results(lines: list[str]) -> list[dict]:
    """Every `result N/M (why): correct K) TEXT | scored: A, B` line, parsed."""
    parsed = []
    for line in lines:
        match = RESULT.match(line)
        if match:
            scored = [] if match.group(6) == "nobody" else match.group(6).split(", ")
            parsed.append({"number": int(match.group(1)), "of": int(match.group(2)), "ended": match.group(3),
                           "correct": int(match.group(4)), "scored": scored, "tie": bool(match.group(7))})
    return parsed


def finals(lines: list[str]) -> dict[str, int]:
    """The `final: N. NAME POINTS` lines, as name -> points."""
    return {m.group(2): int(m.group(3)) for m in (FINAL.match(line) for line in lines) if m}


def game_over(lines: list[str]) -> str | None:
    return next((line for line in lines if line.startswith("game over: ")), None)
