"""Fixtures for the system tests: start `snap-host serve` / `snap-host join` as subprocesses and
always clean them up.

The binary is $SNAP_HOST_BIN, or .build/debug/snap-host relative to the repository root.
Run: `SNAP_HOST_BIN=.build/debug/snap-host python3 -m pytest Tests/system`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import HostProcess, JoinProcess, Proc, snap_host_binary  # noqa: E402


@pytest.fixture(scope="session")
def snap_bin() -> Path:
    path = snap_host_binary()
    if not path.exists():
        pytest.fail(f"snap-host binary not found at {path}: build it first (swift build) or set SNAP_HOST_BIN")
    return path


class _Processes:
    """Tracks every process a test starts; teardown stops them all (SIGTERM, then SIGKILL)."""

    def __init__(self) -> None:
        self.procs: list[Proc] = []

    def add(self, proc: Proc) -> Proc:
        self.procs.append(proc)
        return proc

    def stop_all(self) -> None:
        # Clients first, so the host's shutdown is not disturbed by them, then hosts.
        for proc in sorted(self.procs, key=lambda p: isinstance(p, HostProcess)):
            proc.stop()


@pytest.fixture
def processes():
    registry = _Processes()
    yield registry
    registry.stop_all()


@pytest.fixture
def start_host(snap_bin, processes):
    """start_host(*args) -> a HostProcess listening on 127.0.0.1:<free port>."""

    def start(*args: str, **options) -> HostProcess:
        return processes.add(HostProcess(snap_bin, *args, **options))

    return start


@pytest.fixture
def start_join(snap_bin, processes):
    """start_join(port, player, *args, bot=False, join_code=None) -> a JoinProcess."""

    def start(port: int, player: str, *args: str, bot: bool = False, join_code: str | None = None) -> JoinProcess:
        return processes.add(JoinProcess(snap_bin, port, player, *args, bot=bot, join_code=join_code))

    return start


@pytest.fixture
def clients():
    """A list to append snapclient.Client objects to; all are closed at teardown."""
    opened: list = []
    yield opened
    for client in opened:
        try:
            client.close()
        except Exception:
            pass


@pytest.fixture
def procs():
    """Processes a test starts with trivia_support.Proc; stopped at teardown, newest first."""
    started: list = []
    yield started
    for proc in reversed(started):
        proc.stop()
