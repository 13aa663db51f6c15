"""Process helpers for the trivia system tests: `snap-host serve --game trivia` and `snap-host join`
as subprocesses whose output lines can be awaited with a deadline, and parsers for the trivia
lines both print (see docs/TRIVIA.md, "Terminal output").

The binary is $SNAP_HOST_BIN, or .build/debug/snap-host in the repository.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"


def snap_host_binary() -> Path:
    configured = os.environ.get("SNAP_HOST_BIN")
    path = Path(configured) if configured else REPO_ROOT / ".build" / "debug" / "snap-host"
    return path if path.is_absolute() else REPO_ROOT / path


class Proc:
    """A subprocess whose stdout and stderr lines are collected on threads, so a test waits for
    a line (with a deadline) instead of sleeping."""

    def __init__(self, argv: list[str], label: str):
        self.argv = argv
        self.label = label
        self.cond = threading.Condition()
        self.lines = {"stdout": [], "stderr": []}
        self.eof = {"stdout": False, "stderr": False}
        self.popen = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      start_new_session=True)
        self.threads = [threading.Thread(target=self._pump, args=(name,), daemon=True) for name in ("stdout", "stderr")]
        for thread in self.threads:
            thread.start()

    def _pump(self, name: str) -> None:
        stream = getattr(self.popen, name)
        for raw in iter(stream.readline, b""):
            with self.cond:
                self.lines[name].append(raw.decode("utf-8", errors="replace").rstrip("\n"))
                self.cond.notify_all()
        with self.cond:
            self.eof[name] = True
            self.cond.notify_all()

    def wait_line(self, pattern: str, timeout: float, stream: str = "stdout") -> re.Match | None:
        """The first line of `stream` matching the regex, or None at the deadline or end of output."""
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        index = 0
        with self.cond:
            while True:
                lines = self.lines[stream]
                while index < len(lines):
                    match = regex.search(lines[index])
                    if match:
                        return match
                    index += 1
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.eof[stream]:
                    return None
                self.cond.wait(remaining)

    def stdout(self) -> list[str]:
        with self.cond:
            return list(self.lines["stdout"])

    def stderr(self) -> list[str]:
        with self.cond:
            return list(self.lines["stderr"])

    def wait_exit(self, timeout: float) -> int | None:
        try:
            code = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        for thread in self.threads:
            thread.join(timeout=2)
        return code

    def stop(self) -> int | None:
        """SIGTERM, then SIGKILL if it hangs; the exit code (None if it had to be killed)."""
        if self.popen.poll() is None:
            self.popen.send_signal(signal.SIGTERM)
            code = self.wait_exit(5)
            if code is None:
                self.popen.kill()
                self.popen.wait(5)
            return code
        return self.wait_exit(5)

    def describe(self) -> str:
        return (f"{self.label} rc={self.popen.poll()}\n--- stdout ---\n" + "\n".join(self.stdout())
                + "\n--- stderr (last 30) ---\n" + "\n".join(self.stderr()[-30:]))


def start_host(*args: str, startup: float = 15.0) -> tuple[Proc, int]:
    """`snap-host serve --game trivia ...` on 127.0.0.1 with a free port; returns it and the port."""
    argv = [str(snap_host_binary()), "serve", "--game", "trivia", "--host", LOOPBACK, "--port", "0",
            "--no-dnssd", "--no-bluetooth", *args]
    host = Proc(argv, "host")
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
