"""Fixtures for the system tests: start `snap-host serve` / `snap-host join` as subprocesses and
always clean them up.

The binary is $SNAP_HOST_BIN, or .build/debug/snap-host relative to the repository root.
Run: `SNAP_HOST_BIN=.build/debug/snap-host python3 -m pytest Tests/system`.

State: every test runs with an `XDG_STATE_HOME` of its own (fixtures of a wider scope, with one
of the session's), never the user's: a host started without `--state-dir` keeps its TLS key
there, `join` its known-hosts file and resume tokens. Each such directory starts with the same
TLS key (made once per session by the binary itself), so the hosts of a test all show one key,
no test pays for (or logs) a first start unless it asks for one with `--state-dir`, and no test
sees what another left (a remembered key, a resume token).
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import HostProcess, JoinProcess, Proc, build_package, make_host_key, snap_host_binary  # noqa: E402


@pytest.fixture(scope="session")
def snap_bin() -> Path:
    path = snap_host_binary()
    if not path.exists():
        pytest.fail(f"snap-host binary not found at {path}: build it first (swift build) or set SNAP_HOST_BIN")
    return path


@pytest.fixture(scope="session")
def snap_deb(tmp_path_factory, snap_bin) -> Path:
    """The Debian package of the binary under test (scripts/package, its own version), made once
    a session: test_package.py checks it, test_systemd.py installs it."""
    return build_package(snap_bin, tmp_path_factory.mktemp("deb"))


@pytest.fixture(scope="session")
def host_key_files(tmp_path_factory) -> Path | None:
    """A state directory holding the session's TLS key (tls-key.pem, tls-cert.pem), made by the
    binary's first start; None without a binary (tests that need one say so themselves)."""
    if not snap_host_binary().exists():
        return None
    directory = tmp_path_factory.mktemp("host-key") / "snap-host"
    make_host_key(snap_host_binary(), directory)
    return directory


def _state_home(root: Path, key_files: Path | None) -> Path:
    """A fresh XDG_STATE_HOME under `root` whose snap-host directory holds the session's key."""
    directory = root / "snap-host"
    if key_files is None:
        directory.mkdir(parents=True, mode=0o700)
    else:
        shutil.copytree(key_files, directory)  # the key file keeps its mode 0600
    return root


@pytest.fixture(scope="session", autouse=True)
def session_state_home(tmp_path_factory, host_key_files):
    """The session's XDG_STATE_HOME, for what fixtures wider than a test start."""
    os.environ["XDG_STATE_HOME"] = str(_state_home(tmp_path_factory.mktemp("state"), host_key_files))


@pytest.fixture(autouse=True)
def state_home(tmp_path_factory, host_key_files, monkeypatch) -> Path:
    """This test's XDG_STATE_HOME (in the environment every process it starts inherits)."""
    home = _state_home(tmp_path_factory.mktemp("state"), host_key_files)
    monkeypatch.setenv("XDG_STATE_HOME", str(home))
    return home


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
def pages():
    """open(url, size=PHONE, mobile=True, script=None) -> a web_support.Page (a Chromium window);
    all are closed at teardown."""
    from web_support import PHONE, Page  # selenium: only the tests that open pages need it

    opened: list[Page] = []

    def open_page(url: str, size=PHONE, mobile: bool = True, script: str | None = None) -> Page:
        page = Page(url, size, mobile, script)
        opened.append(page)
        return page

    yield open_page
    for page in opened:
        page.close()


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
