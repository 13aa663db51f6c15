"""Process and network helpers for the system tests: the `snap-host` binary as a subprocess
(serve and join), a recording TCP proxy, and polling with deadlines."""

from __future__ import annotations

import atexit
import os
import re
import signal
import socket
import subprocess
import threading
import time
import weakref
from pathlib import Path
from typing import Callable

import snapclient
from snapclient import wait_until  # re-exported for the tests

REPO_ROOT = Path(__file__).resolve().parents[2]
LOOPBACK = "127.0.0.1"


def snap_host_binary() -> Path:
    """The binary under test: $SNAP_HOST_BIN, else .build/debug/snap-host in the repo."""
    configured = os.environ.get("SNAP_HOST_BIN")
    path = Path(configured) if configured else REPO_ROOT / ".build" / "debug" / "snap-host"
    if not path.is_absolute():
        path = REPO_ROOT / path
    return path


_LIVE: "weakref.WeakSet[Proc]" = weakref.WeakSet()


@atexit.register
def _kill_leftovers() -> None:
    """If the test run dies before its fixtures' teardown, do not leave hosts running."""
    for proc in list(_LIVE):
        if proc.popen.poll() is None:
            proc.popen.kill()


class Proc:
    """A subprocess whose stdout and stderr are read line by line on background threads, so
    the tests can wait for a line with a deadline instead of sleeping."""

    def __init__(self, argv: list[str], label: str, env: dict | None = None, stdin: int = subprocess.PIPE):
        self.argv = argv
        self.label = label
        self.cond = threading.Condition()
        self.stdout_lines: list[str] = []
        self.stderr_lines: list[str] = []
        self._eof = {"stdout": False, "stderr": False}
        self.popen = subprocess.Popen(
            argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
            start_new_session=True, env=env)
        self.pid = self.popen.pid
        _LIVE.add(self)
        self._threads = [
            threading.Thread(target=self._pump, args=(self.popen.stdout, self.stdout_lines, "stdout"), daemon=True),
            threading.Thread(target=self._pump, args=(self.popen.stderr, self.stderr_lines, "stderr"), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    def _pump(self, stream, lines: list[str], name: str) -> None:
        for raw in iter(stream.readline, b""):
            with self.cond:
                lines.append(raw.decode("utf-8", errors="replace").rstrip("\n"))
                self.cond.notify_all()
        with self.cond:
            self._eof[name] = True
            self.cond.notify_all()

    # -- output ------------------------------------------------------------------------

    def _wait_line(self, lines: list[str], stream: str, pattern: str, timeout: float, start: int = 0) -> re.Match | None:
        regex = re.compile(pattern)
        deadline = time.monotonic() + timeout
        index = start
        with self.cond:
            while True:
                while index < len(lines):
                    match = regex.search(lines[index])
                    if match:
                        return match
                    index += 1
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self._eof[stream]:
                    return None
                self.cond.wait(remaining)

    def wait_stdout(self, pattern: str, timeout: float, start: int = 0) -> re.Match | None:
        """The first stdout line (from index `start`) matching the regex, or None by the deadline."""
        return self._wait_line(self.stdout_lines, "stdout", pattern, timeout, start)

    def wait_stderr(self, pattern: str, timeout: float, start: int = 0) -> re.Match | None:
        return self._wait_line(self.stderr_lines, "stderr", pattern, timeout, start)

    def stdout_snapshot(self) -> list[str]:
        with self.cond:
            return list(self.stdout_lines)

    def stderr_snapshot(self) -> list[str]:
        with self.cond:
            return list(self.stderr_lines)

    @property
    def stderr_text(self) -> str:
        return "\n".join(self.stderr_snapshot())

    @property
    def stdout_text(self) -> str:
        return "\n".join(self.stdout_snapshot())

    def write_line(self, line: str) -> None:
        assert self.popen.stdin is not None
        self.popen.stdin.write((line + "\n").encode("utf-8"))
        self.popen.stdin.flush()

    # -- life ----------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.popen.poll() is None

    def send_signal(self, sig: int) -> None:
        self.popen.send_signal(sig)

    def wait_exit(self, timeout: float) -> int | None:
        """The exit code, or None if still running at the deadline. Waits for the output
        threads too, so every line is there once this returns."""
        try:
            code = self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            return None
        for thread in self._threads:
            thread.join(timeout=2)
        return code

    def stop(self, timeout: float = 5.0) -> int | None:
        """SIGTERM, wait, SIGKILL if it hangs. Returns the exit code (None if it had to be killed)."""
        if self.running:
            try:
                self.popen.send_signal(signal.SIGTERM)
            except ProcessLookupError:
                pass
            code = self.wait_exit(timeout)
            if code is None:
                self.popen.kill()
                self.popen.wait(5)
                for thread in self._threads:
                    thread.join(timeout=2)
                return None
            return code
        return self.wait_exit(timeout)

    def sigterm_handled(self) -> bool:
        """Whether the process has a signalfd watching SIGTERM (how libdispatch's signal
        sources, and so the CLI's SIGTERM handling, work on Linux): from then on a SIGTERM is
        handled rather than lost or fatal. Linux-specific, read from /proc."""
        return sigterm_handled(self.pid)

    def wait_sigterm_handled(self, timeout: float = 5.0) -> bool:
        return bool(wait_until(self.sigterm_handled, timeout, interval=0.005))

    def describe(self) -> str:
        return (f"{self.label} {self.argv!r} rc={self.popen.poll()}\n--- stdout ---\n{self.stdout_text}"
                f"\n--- stderr (last 40 lines) ---\n" + "\n".join(self.stderr_snapshot()[-40:]))


TLS_LINE = r"^tls (?:key SHA-256 ([0-9a-f]{64})|off: )"
"""What `serve` prints after `listening on`: its TLS key, or that its TCP port speaks clear text."""


def host_key(proc: Proc, timeout: float = 5.0, start: int = 0) -> str | None:
    """The TLS key a `serve` printed (64 hex digits), None when it serves clear text (--no-tls);
    RuntimeError when it printed neither."""
    match = proc.wait_stdout(TLS_LINE, timeout, start)
    if match is None:
        raise RuntimeError(f"host printed neither its TLS key nor 'tls off'\n{proc.describe()}")
    return match.group(1)


def make_host_key(binary: Path, state_dir: Path) -> str:
    """Makes a host TLS key in `state_dir` as a host's first start does (starts `serve` there
    and stops it); returns its fingerprint."""
    proc = Proc([str(binary), "serve", "--state-dir", str(state_dir), "--port", "0", "--host", LOOPBACK,
                 "--no-dnssd", "--no-bluetooth", "--no-web"], "host(first start)")
    try:
        return host_key(proc, 15) or ""
    finally:
        proc.stop()


class HostProcess(Proc):
    """`snap-host serve` on 127.0.0.1 with a free port. `fingerprint` is the TLS key it printed
    (None with --no-tls); while it runs, snapclient.KNOWN_KEYS has it for its address, so the
    reference client speaks to it as it should (TLS pinned to that key, or clear text)."""

    LISTENING = r"^listening on 127\.0\.0\.1:(\d+)$"

    WEB = r"^web on 127\.0\.0\.1:(\d+)$"

    def __init__(self, binary: Path, *args: str, startup_timeout: float = 15.0, bluetooth: bool = False,
                 web: bool = False):
        """`web`: with the web port (on any free port; `web_port` holds it), else `--no-web`."""
        argv = [str(binary), "serve", "--port", "0", "--host", LOOPBACK, "--no-dnssd",
                *([] if bluetooth else ["--no-bluetooth"]), *(["--web-port", "0"] if web else ["--no-web"]), *args]
        super().__init__(argv, "host")
        match = self.wait_stdout(self.LISTENING, startup_timeout)
        if match is None:
            self.stop()
            raise RuntimeError(f"host did not print 'listening on 127.0.0.1:PORT'\n{self.describe()}")
        self.port = int(match.group(1))
        self.host = LOOPBACK
        try:
            self.fingerprint = host_key(self)
        except RuntimeError:
            self.stop()
            raise
        self.tls = self.fingerprint is not None
        self._known = ((self.host, self.port), self.fingerprint or snapclient.CLEAR_TEXT)
        snapclient.KNOWN_KEYS[self._known[0]] = self._known[1]
        self.web_port = None
        if web:
            match = self.wait_stdout(self.WEB, startup_timeout)
            if match is None:
                self.stop()
                raise RuntimeError(f"host did not print 'web on 127.0.0.1:PORT'\n{self.describe()}")
            self.web_port = int(match.group(1))

    def stop(self, timeout: float = 5.0) -> int | None:
        known = getattr(self, "_known", None)
        if known is not None and snapclient.KNOWN_KEYS.get(known[0]) == known[1]:
            del snapclient.KNOWN_KEYS[known[0]]  # a later host on this port may have another key
        return super().stop(timeout)

    def server_hello(self) -> dict:
        return snapclient.server_hello(self.host, self.port)

    def players(self) -> int:
        """Players admitted, from a fresh serverHello (the probe connection holds no slot)."""
        return snapclient.players(self.host, self.port)

    def wait_players(self, expected: int, timeout: float) -> bool:
        return bool(wait_until(lambda: self.players() == expected, timeout, interval=0.05))

    def fd_list(self) -> list[str]:
        entries = []
        for fd in os.listdir(f"/proc/{self.pid}/fd"):
            try:
                entries.append(f"{fd}->{os.readlink(f'/proc/{self.pid}/fd/{fd}')}")
            except OSError:
                pass
        return sorted(entries)

    def fd_count(self) -> int:
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def closed_lines(self, reason: str) -> list[str]:
        """stderr lines logging `connection closed` with exactly this `reason=` value."""
        pattern = re.compile(r"reason=" + re.escape(reason) + r"(?: [a-z]+=| \[)")
        return [line for line in self.stderr_snapshot() if line.endswith("connection closed") and pattern.search(line)]

    def count_closed(self, reason: str) -> int:
        return len(self.closed_lines(reason))

    def wait_closed_count(self, reason: str, at_least: int, timeout: float) -> bool:
        return bool(wait_until(lambda: self.count_closed(reason) >= at_least, timeout, interval=0.02))


class JoinProcess(Proc):
    """`snap-host join 127.0.0.1:PORT --player NAME [...]`."""

    CONNECTED = r"^connected to (.+) as (.+) \(id (\d+)\)$"

    def __init__(self, binary: Path, port: int, player: str, *args: str, bot: bool = False,
                 join_code: str | None = None, host: str = LOOPBACK):
        argv = [str(binary), "join", f"{host}:{port}", "--player", player]
        if bot:
            argv.append("--bot")
        if join_code is not None:
            argv += ["--join-code", join_code]
        argv += list(args)
        super().__init__(argv, f"join({player})")
        self.player = player
        self.id: int | None = None

    def wait_connected(self, timeout: float = 10.0) -> bool:
        match = self.wait_stdout(self.CONNECTED, timeout)
        if match:
            self.id = int(match.group(3))
        return match is not None

    def has_stderr_line(self, line: str) -> bool:
        return line in self.stderr_snapshot()

    def wait_stderr_line(self, line: str, timeout: float) -> bool:
        return self.wait_stderr("^" + re.escape(line) + "$", timeout) is not None


def sigterm_handled(pid: int) -> bool:
    """True when process `pid` catches SIGTERM: a handler (SigCgt in /proc/PID/status; snap-host
    installs one first thing in main) or a signalfd whose mask includes SIGTERM."""
    bit = 1 << (signal.SIGTERM - 1)
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("SigCgt:") and int(line.split()[1], 16) & bit:
                    return True
        fds = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for fd in fds:
        try:
            if os.readlink(f"/proc/{pid}/fd/{fd}") != "anon_inode:[signalfd]":
                continue
            with open(f"/proc/{pid}/fdinfo/{fd}") as info:
                for line in info:
                    if line.startswith("sigmask:") and int(line.split()[1], 16) & bit:
                        return True
        except OSError:
            continue
    return False


# ---------------------------------------------------------------------------------------------
# A recording TCP proxy
# ---------------------------------------------------------------------------------------------


class RecordingProxy:
    """Listens on 127.0.0.1:<free port> and relays every connection to the target, recording
    every byte in both directions, per connection."""

    def __init__(self, target_port: int, target_host: str = LOOPBACK):
        self.target = (target_host, target_port)
        self.listener = socket.create_server((LOOPBACK, 0))
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.connections: list[dict[str, bytearray]] = []  # {"c2s": ..., "s2c": ...}
        self._sockets: list[socket.socket] = []
        self._closing = False
        self._accepter = threading.Thread(target=self._accept_loop, daemon=True)
        self._accepter.start()

    def _accept_loop(self) -> None:
        while not self._closing:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                client.close()
                continue
            record = {"c2s": bytearray(), "s2c": bytearray()}
            with self.lock:
                self.connections.append(record)
                self._sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, record["c2s"]), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, record["s2c"]), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, record: bytearray) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                try:
                    sink.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
                return
            with self.lock:
                record += data
            try:
                sink.sendall(data)
            except OSError:
                return

    def captures(self) -> list[dict[str, bytes]]:
        with self.lock:
            return [{key: bytes(value) for key, value in record.items()} for record in self.connections]

    def all_bytes(self) -> bytes:
        return b"".join(c["c2s"] + c["s2c"] for c in self.captures())

    def close(self) -> None:
        self._closing = True
        try:
            self.listener.close()
        except OSError:
            pass
        with self.lock:
            sockets = list(self._sockets)
        for sock in sockets:
            try:
                sock.close()
            except OSError:
                pass


def split_frames(stream: bytes) -> tuple[list[dict], bytes]:
    """Splits a recorded byte stream into messages; returns (messages, leftover bytes)."""
    decoder = snapclient.FrameDecoder(max_payload=1 << 24)
    payloads = decoder.feed(stream)
    leftover = stream[len(stream) - decoder.pending:] if decoder.pending else b""
    return [snapclient.decode_payload(p) for p in payloads], leftover


def is_canonical(message: dict, payload: bytes) -> bool:
    """Whether `payload` is exactly the canonical encoding of `message` (sorted keys, no
    spaces, raw UTF-8), allowing any member order inside an `app` body (PROTOCOL.md section 2)."""
    if message["type"] != "app":
        return payload == snapclient.encode_payload(message)
    suffix = snapclient.encode_payload({k: v for k, v in message.items() if k != "body"})[1:]
    head = b'{"body":'
    if not (payload.startswith(head) and payload.endswith(b"," + suffix)):
        return False
    body = payload[len(head):-len(suffix) - 1]
    return b"\n" not in body and snapclient.decode_payload(b'{"type":"x","b":' + body + b"}")["b"] == message["body"]


PACKAGE = REPO_ROOT / "scripts" / "package"


def package_command(binary: Path, out: Path, version: str | None = None) -> list[str]:
    """scripts/package's command line: the .deb of `binary` in `out` (it prints the path)."""
    return [str(PACKAGE), str(binary), "--out", str(out), *(["--version", version] if version else [])]


def build_package(binary: Path, out: Path, version: str | None = None) -> Path:
    """The Debian package of `binary` made by scripts/package in `out`; its path. About half a
    minute for the debug binary (xz compression of 70 MB, on 2 cores)."""
    done = subprocess.run(package_command(binary, out, version), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"scripts/package failed ({done.returncode}):\n{done.stdout}{done.stderr}"
    return Path(done.stdout.strip())


# The lintian tags scripts/pi/debian/lintian-overrides keeps, each with its reason there.
LINTIAN_OVERRIDDEN = {"hardening-no-bindnow", "hardening-no-fortify-functions", "spelling-error-in-binary",
                      "package-supports-alternative-init-but-no-init.d-script", "spelling-error-in-copyright"}


def lintian_findings(deb: Path) -> tuple[list[str], set[str], int, str]:
    """lintian on `deb` at every level, pedantic and experimental included (its --info explains
    tags, it does not show the info level): the tags not overridden, the overridden ones (its O:
    lines), its exit status and output. About 6 s on the 70 MB debug binary, 20 s loaded."""
    done = subprocess.run(["lintian", "--display-level", ">=pedantic", "--display-experimental", "--show-overrides",
                           "--no-tag-display-limit", str(deb)],
                          capture_output=True, text=True, timeout=300, env=os.environ | {"LC_ALL": "C.UTF-8"})
    lines = done.stdout.splitlines()
    tags = [line for line in lines if re.match(r"^[EWIPX]: ", line)]
    overridden = {line.split()[2] for line in lines if line.startswith("O: ")}
    return tags, overridden, done.returncode, done.stdout + done.stderr


def require_root(why: str) -> None:
    """A test bed that needs root: skipped without it, except in CI (which runs as root), where
    that is a failure."""
    if os.geteuid() != 0:
        import pytest
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)


__all__ = [
    "HostProcess", "JoinProcess", "Proc", "RecordingProxy", "split_frames", "snap_host_binary", "wait_until",
    "LOOPBACK", "REPO_ROOT", "sigterm_handled", "is_canonical", "require_root", "host_key", "make_host_key", "TLS_LINE",
    "build_package", "package_command", "PACKAGE", "lintian_findings", "LINTIAN_OVERRIDDEN",
]
