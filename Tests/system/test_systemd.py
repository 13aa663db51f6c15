"""The installed unit under a real systemd: a Debian 12 machine booted with systemd as init in a
container (scripts/testbed-systemd: debootstrap, systemd-nspawn --boot), snap-host installed in
it by scripts/install, the service started by systemd as user snap-host with the unit's sandbox,
and played: a trivia game from a question bank in a user's home, a Snap! game whose replay log
lands in the service's state directory. Needs root (CI runs as root)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from harness import REPO_ROOT, require_root

TESTBED = REPO_ROOT / "scripts" / "testbed-systemd"
TREE = Path(os.environ.get("SNAP_SYSTEMD_ROOT", REPO_ROOT / ".build" / "systemd-root"))
JOIN = "/usr/local/bin/snap-host join 127.0.0.1:7777 --bot --once"
BANK = {"questions": [
    {"question": "Where does this question bank live?", "category": "Home",
     "answers": [{"text": "in a home folder", "correct": True}, {"text": "in /etc"}]},
    {"question": "Who may write to it?", "category": "Home",
     "answers": [{"text": "its owner", "correct": True}, {"text": "the snap-host service"}]},
]}
SETTINGS = {"name": "Systemd Pi", "no-dnssd": True, "no-bluetooth": True, "web-port": 0}  # web on any free port: the PIN file below


class Machine:
    def __init__(self, directory: Path):
        self.directory = directory

    def run(self, command: str, timeout: float = 30, stdin: str | None = None) -> subprocess.CompletedProcess:
        """`sh -c COMMAND` inside, as root."""
        return subprocess.run([str(TESTBED), "exec", str(self.directory), "sh", "-c", command], input=stdin,
                              capture_output=True, text=True, timeout=timeout)

    def ok(self, command: str, timeout: float = 30, stdin: str | None = None) -> str:
        done = self.run(command, timeout, stdin)
        assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout}{done.stderr}"
        return done.stdout

    def configure(self, settings: dict) -> None:
        self.ok("cat > /etc/snap-host/config.json", stdin=json.dumps(SETTINGS | settings))

    def restart(self) -> str:
        """Restarts the service; returns this run's invocation id once it listens."""
        self.ok("systemctl restart snap-host.service")
        invocation = self.ok("systemctl show -p InvocationID --value snap-host.service").strip()
        assert self.wait_journal(invocation, r"^listening on \[::\]:7777$", 15), self.journal(invocation)
        return invocation

    def journal(self, invocation: str) -> str:
        return self.ok(f"journalctl --no-pager -o cat _SYSTEMD_INVOCATION_ID={invocation}")

    def wait_journal(self, invocation: str, pattern: str, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            if re.search(pattern, self.journal(invocation), re.M):
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)  # the journal has no event to await from outside


@pytest.fixture(scope="module")
def machine(tmp_path_factory, snap_bin):
    require_root("the systemd test bed needs root (systemd-nspawn)")
    prepared = subprocess.run([str(TESTBED), "prepare", str(TREE)], capture_output=True, text=True, timeout=900)
    assert prepared.returncode == 0, prepared.stdout + prepared.stderr
    directory = tmp_path_factory.mktemp("systemd")
    booted = subprocess.run([str(TESTBED), "boot", str(TREE), str(directory), str(snap_bin)],
                            capture_output=True, text=True, timeout=120)
    try:
        assert booted.returncode == 0, booted.stdout + booted.stderr
        bed = Machine(directory)
        # As a person installs it (docs/PI.md), with the binary under test; it starts the unit.
        installed = bed.run("/src/scripts/install --binary /opt/snap-host --no-strip", timeout=120)
        assert installed.returncode == 0, installed.stdout + installed.stderr
        assert "snap-host is running" in installed.stderr, installed.stderr
        yield bed
    finally:
        subprocess.run([str(TESTBED), "down", str(directory)], timeout=60)


def test_the_unit_started_by_systemd_plays_trivia_from_a_bank_in_a_home_folder(machine):
    # A person's bank in their home: readable by others (the folder searchable, the file
    # readable), writable by its owner only: what docs/PI.md asks of a bank under /home.
    machine.ok("useradd --create-home quizmaster && chmod 0711 /home/quizmaster")
    machine.ok("cat > /home/quizmaster/quiz.json && chown quizmaster: /home/quizmaster/quiz.json && "
               "chmod 0644 /home/quizmaster/quiz.json", stdin=json.dumps(BANK))
    machine.configure({"game": "trivia", "questions": "/home/quizmaster/quiz.json", "max-players": 1,
                       "start-when-full": True, "question-time": 5, "result-time": 0.2})
    invocation = machine.restart()
    assert machine.ok("systemctl is-active snap-host.service").strip() == "active"
    main = machine.ok("systemctl show -p MainPID --value snap-host.service").strip()
    assert machine.ok(f"stat -c %U /proc/{main}").strip() == "snap-host", "the service runs as its own user"
    # The host page's PIN: in the service's runtime directory for root to read, never in the journal.
    pin = machine.ok("cat /run/snap-host/host-pin").strip()
    assert re.fullmatch(r"\d{6}", pin), pin
    assert machine.ok("stat -c '%a %U' /run/snap-host/host-pin").strip() == "600 snap-host"

    played = machine.run(f"timeout 60 {JOIN} --player Quizbot < /dev/null", timeout=90)
    assert played.returncode == 0, played.stdout + played.stderr
    asked = re.findall(r"^question \d/2 \[Home\]: (.+)$", played.stdout, re.M)  # in the game's own order
    assert sorted(asked) == ["Where does this question bank live?", "Who may write to it?"], played.stdout
    assert re.search(r"^final: 1\. Quizbot \d+$", played.stdout, re.M), played.stdout
    log = machine.journal(invocation)
    assert "trivia: first mode, 2 of 2 questions (/home/quizmaster/quiz.json)" in log, log
    assert re.search(r"^game over: winner Quizbot", log, re.M), log
    assert "/host (PIN in /run/snap-host/host-pin)" in log and pin not in log, log

    # The sandbox still keeps homes read-only: in the service's view of the files, not even root
    # can write next to the bank.
    touched = machine.run(f"nsenter --target {main} --mount touch /home/quizmaster/written-in-the-sandbox")
    assert touched.returncode != 0 and "Read-only file system" in touched.stderr, touched.stderr

    # What ProtectHome=yes (the unit before) made of the same bank: the host cannot read it.
    machine.ok("mkdir -p /run/systemd/system/snap-host.service.d && "
               "printf '[Service]\\nProtectHome=yes\\n' > /run/systemd/system/snap-host.service.d/hidden-homes.conf && "
               "systemctl daemon-reload && systemctl restart snap-host.service")
    invocation = machine.ok("systemctl show -p InvocationID --value snap-host.service").strip()
    try:
        assert machine.wait_journal(invocation, r"^snap-host: /home/quizmaster/quiz\.json: cannot read the file", 15), \
            machine.journal(invocation)
    finally:
        machine.ok("rm -r /run/systemd/system/snap-host.service.d && systemctl daemon-reload")


def test_the_replay_log_lands_in_the_services_state_directory(machine):
    machine.configure({"game": "snap", "max-players": 2, "max-flips": 200})
    invocation = machine.restart()
    assert "--replay-dir /var/lib/snap-host" in machine.ok("systemctl show -p ExecStart --value snap-host.service")
    bots = " & ".join(f"timeout 60 {JOIN} --player {name} --reaction-ms 3 --flip-ms 2 < /dev/null > /tmp/{name}.out 2>&1"
                      for name in ("Ann", "Bob"))
    machine.ok(f"{bots} & wait", timeout=90)
    for name in ("Ann", "Bob"):
        out = machine.ok(f"cat /tmp/{name}.out")
        assert re.search(r"^game over: ", out, re.M) and "disconnected: userQuit" in out, out
    assert machine.wait_journal(invocation, r"^lobby: back in the lobby", 10), machine.journal(invocation)
    # systemd made the folder (StateDirectory=) for the service's user; the host wrote the log there.
    assert machine.ok("stat -c '%U %G %a' /var/lib/snap-host").split() == ["snap-host", "snap-host", "750"]
    assert machine.ok("stat -c %U /var/lib/snap-host/snap-replay.jsonl").strip() == "snap-host"
    lines = [json.loads(line) for line in machine.ok("cat /var/lib/snap-host/snap-replay.jsonl").splitlines()]
    assert lines[0]["kind"] == "deal" and sorted(p["name"] for p in lines[0]["players"]) == ["Ann", "Bob"], lines[0]
    assert lines[-1]["kind"] == "end" and sum(seat["cards"] for seat in lines[-1]["cards"]) + lines[-1]["removed"] == 52
