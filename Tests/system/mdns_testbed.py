"""The two-host mDNS test bed (scripts/testbed-mdns) as Python objects: host A is 10.77.0.1,
host B is 10.77.0.2, each with its own system bus and avahi-daemon (`up`; `net_up`: neither),
joined by a veth pair that can lose packets (`loss`)."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
from pathlib import Path
from typing import Callable

from harness import REPO_ROOT, Proc, host_key

TESTBED = REPO_ROOT / "scripts" / "testbed-mdns"
ADDRESS = {"A": "10.77.0.1", "B": "10.77.0.2"}


class Lan:
    def __init__(self, directory: Path, binary: Path):
        self.directory = directory
        self.binary = binary
        self.procs: list[Proc] = []
        # A prefix of our own: test beds of concurrent runs must not tear each other down. The
        # hosts and players on A and B share a state directory of the bed's (one TLS key, made by
        # the first host; join's known hosts).
        self.env = os.environ | {"SNAP_TESTBED": "sn" + secrets.token_hex(3), "XDG_STATE_HOME": str(directory / "state")}

    def up(self) -> None:
        subprocess.run([str(TESTBED), "up", str(self.directory)], check=True, timeout=60, env=self.env)

    def net_up(self) -> None:
        """The two hosts and their link only: no D-Bus, no Avahi (tests of UDP and TCP)."""
        subprocess.run([str(TESTBED), "net", str(self.directory)], check=True, timeout=60, env=self.env)

    def loss(self, percent: int, what: str = "all") -> None:
        """Each way of the link loses `percent` % of its packets (`what`: all, or udp only) at
        random, dropped by the receiver (nftables); `udp-out`: refused by the sender's own
        firewall (its sendto fails); 0 drops nothing again."""
        subprocess.run([str(TESTBED), "loss", str(self.directory), str(percent), what], check=True, timeout=30, env=self.env)

    def down(self) -> None:
        for proc in self.procs:
            proc.stop(timeout=3)
        subprocess.run([str(TESTBED), "down", str(self.directory)], timeout=60, env=self.env)

    def start(self, host: str, *argv: str, label: str | None = None) -> Proc:
        """A process on host A or B."""
        proc = Proc([str(TESTBED), "exec", str(self.directory), host, *argv], label or f"{host}:{argv[0]}", env=self.env)
        self.procs.append(proc)
        return proc

    def run(self, host: str, *argv: str, timeout: float = 30) -> subprocess.CompletedProcess:
        return subprocess.run([str(TESTBED), "exec", str(self.directory), host, *argv],
                              capture_output=True, text=True, timeout=timeout, env=self.env)

    def serve(self, host: str, *args: str) -> "LanHost":
        proc = self.start(host, str(self.binary), "serve", "--port", "0", "--no-bluetooth", *args, label=f"serve@{host}")
        match = proc.wait_stdout(r"^listening on \[::\]:(\d+)$|^listening on 0\.0\.0\.0:(\d+)$", 15)
        if match is None:
            raise RuntimeError(f"host on {host} did not start\n{proc.describe()}")
        return LanHost(proc, host, int(match.group(1) or match.group(2)), host_key(proc))

    def snap(self, host: str, *args: str) -> Proc:
        return self.start(host, str(self.binary), *args, label=f"{args[0]}@{host}")

    def avahi(self, host: str, action: str) -> None:
        subprocess.run([str(TESTBED), "avahi", str(self.directory), host, action], timeout=30, env=self.env,
                       capture_output=True)

    def stop_all(self) -> None:
        for proc in self.procs:
            proc.stop(timeout=3)
        self.procs.clear()


class LanHost:
    def __init__(self, proc: Proc, host: str, port: int, fingerprint: str | None):
        self.proc = proc
        self.host = host
        self.port = port
        self.fingerprint = fingerprint  # the TLS key it printed; None with --no-tls

    @property
    def address(self) -> str:
        return f"{ADDRESS[self.host]}:{self.port}"


def json_lines(proc: Proc, start: int = 0) -> list[dict]:
    objects = []
    for line in proc.stdout_snapshot()[start:]:
        try:
            objects.append(json.loads(line))
        except ValueError:
            pass
    return objects


def wait_json(proc: Proc, predicate: Callable[[dict], bool], timeout: float, start: int = 0) -> dict | None:
    """The first JSON line on stdout (from line `start`) that satisfies `predicate`."""
    found: list[dict] = []

    def check() -> bool:
        for obj in json_lines(proc, start):
            if predicate(obj):
                found.append(obj)
                return True
        return False

    with proc.cond:
        proc.cond.wait_for(check, timeout)
    return found[0] if found else None
