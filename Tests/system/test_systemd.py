"""The Debian package under a real systemd: a Debian 12 machine booted with systemd as init in a
container (scripts/testbed-systemd: debootstrap, systemd-nspawn --boot), the package of the binary
under test (scripts/package) installed in it with apt as a person would, the service started by
systemd as user snap-host with the unit's sandbox, and played: a trivia game from a question bank
in a user's home, a Snap! game whose replay log lands in the service's state directory, a phone
(Chromium, from this side of the machine's network) answering a question. Then an upgrade to a
newer package (settings and TLS key kept, the service restarted on the new binary) and a purge
that leaves nothing behind. Before all that, the same tree not booted (as a chroot making an SD
card's image): the package installs, enabled for the next boot. Needs root (CI runs as root)."""

from __future__ import annotations

import ctypes
import json
import os
import re
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

import web_support
from harness import REPO_ROOT, package_command, require_root

TESTBED = REPO_ROOT / "scripts" / "testbed-systemd"
TREE = Path(os.environ.get("SNAP_SYSTEMD_ROOT", REPO_ROOT / ".build" / "systemd-root"))
JOIN = "/usr/bin/snap-host join 127.0.0.1:7777 --bot --once"
VERSION = re.search(r'^let snapHostVersion = "([^"]+)"$', (REPO_ROOT / "Sources/snap-host/Version.swift").read_text(),
                    re.M).group(1)  # the package first installed: the binary's own version
UPGRADE_VERSION = "0.2.1"  # the same binary packaged again as a newer version
BANK = {"questions": [
    {"question": "Where does this question bank live?", "category": "Home",
     "answers": [{"text": "in a home folder", "correct": True}, {"text": "in /etc"}]},
    {"question": "Who may write to it?", "category": "Home",
     "answers": [{"text": "its owner", "correct": True}, {"text": "the snap-host service"}]},
]}
SETTINGS = {"name": "Systemd Pi", "no-dnssd": True, "no-bluetooth": True, "web-port": 0}  # web on any free port: the PIN file below


class Machine:
    def __init__(self, directory: Path, packages: "Packages"):
        self.directory = directory
        self.packages = packages  # at /debs inside
        self.leader = int((directory / "leader.pid").read_text())  # the machine's init, in its namespaces

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

    def install(self, deb: Path) -> str:
        """`apt install ./PACKAGE.deb` inside, as a person installs it; apt's output. The machine
        has no network: everything the package depends on must be in its tree already."""
        return self.ok(f"cd /debs && DEBIAN_FRONTEND=noninteractive apt install -y ./{deb.name} 2>&1", timeout=180)

    def service(self, prop: str) -> str:
        return self.ok(f"systemctl show -p {prop} --value snap-host.service").strip()

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


class Packages:
    """The folder seen as /debs inside: the package of the binary under test, and the newer one
    for the upgrade test, which scripts/package makes meanwhile (beside the first, on the second
    core, then while the machine boots and plays)."""

    def __init__(self, folder: Path, first: Path, upgrade: subprocess.Popen):
        self.folder = folder
        self.first = first
        self.upgrade = upgrade

    def newer(self) -> Path:
        out, err = self.upgrade.communicate(timeout=600)
        assert self.upgrade.returncode == 0, out + err
        return Path(out.strip())


@pytest.fixture(scope="module")
def tree() -> Path:
    require_root("the systemd test bed needs root (systemd-nspawn)")
    prepared = subprocess.run([str(TESTBED), "prepare", str(TREE)], capture_output=True, text=True, timeout=900)
    assert prepared.returncode == 0, prepared.stdout + prepared.stderr
    return TREE


@pytest.fixture(scope="module")
def packages(tmp_path_factory, snap_bin, request, tree):
    folder = tmp_path_factory.mktemp("debs")  # readable by apt's own user too
    folder.chmod(0o755)
    upgrade = subprocess.Popen(package_command(snap_bin, folder, UPGRADE_VERSION), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        first = Path(shutil.copy(request.getfixturevalue("snap_deb"), folder))
        yield Packages(folder, first, upgrade)
    finally:
        if upgrade.poll() is None:
            os.killpg(upgrade.pid, 9)
        upgrade.communicate()


@pytest.fixture(scope="module")
def machine(tmp_path_factory, snap_bin, tree, packages):
    directory = tmp_path_factory.mktemp("systemd")
    booted = subprocess.run([str(TESTBED), "boot", str(tree), str(directory), str(snap_bin), str(packages.folder)],
                            capture_output=True, text=True, timeout=120)
    try:
        assert booted.returncode == 0, booted.stdout + booted.stderr
        bed = Machine(directory, packages)
        # As a person installs it (docs/PI.md): apt, the package of the binary under test. Its
        # postinst makes the user, enables the unit and starts it.
        installed = bed.install(packages.first)
        assert "snap-host is running" in installed, installed
        yield bed
    finally:
        subprocess.run([str(TESTBED), "down", str(directory)], timeout=60)


def test_where_systemd_does_not_run_the_package_installs_enabled_for_the_next_boot(tree, packages):
    """As in a chroot making an SD card's image: the same tree, not booted (systemd-nspawn runs
    apt as its only process, under a throw-away overlay): the install succeeds, enables the unit
    for the next boot, starts nothing and says how to start it by hand."""
    script = (f"cd /debs && DEBIAN_FRONTEND=noninteractive apt install -y ./{packages.first.name} 2>&1; echo apt=$?; "
              "test -d /run/systemd/system || echo no-systemd; "
              "readlink /etc/systemd/system/multi-user.target.wants/snap-host.service; getent passwd snap-host; "
              "pgrep -x snap-host || echo not-running")
    done = subprocess.run(["systemd-nspawn", "--quiet", "--register=no", "--keep-unit", "--directory", str(tree),
                           "--volatile=overlay", "--private-network", f"--bind-ro={packages.folder}:/debs",
                           "sh", "-c", script],
                          capture_output=True, text=True, timeout=180)
    out = done.stdout
    assert done.returncode == 0 and "apt=0" in out and "no-systemd" in out, out + done.stderr
    assert "systemd is not running here: snap-host.service starts at the next boot, or run " \
           "/usr/bin/snap-host serve --config /etc/snap-host/config.json" in out, out
    assert "/lib/systemd/system/snap-host.service" in out, "not enabled for the next boot:\n" + out
    assert "snap-host:x:" in out and "not-running" in out, out


def test_the_package_installs_the_service_enabled_and_running_as_its_own_user(machine):
    assert machine.ok("dpkg-query -W -f '${db:Status-Abbrev} ${Version}' snap-host").split() == ["ii", VERSION]
    assert machine.ok("systemctl is-enabled snap-host.service").strip() == "enabled"
    assert machine.ok("systemctl is-active snap-host.service").strip() == "active"
    # The package's unit (systemd names it by /lib, merged into /usr/lib on Debian 12).
    assert machine.ok(f"realpath {machine.service('FragmentPath')}").strip() == "/usr/lib/systemd/system/snap-host.service"
    invocation = machine.service("InvocationID")
    assert machine.wait_journal(invocation, r"^listening on \[::\]:7777$", 15), machine.journal(invocation)
    main = machine.service("MainPID")
    assert machine.ok(f"stat -c %U /proc/{main}").strip() == "snap-host"
    # The system user: no home, no shell; in group bluetooth, which BlueZ (recommended) made.
    user = machine.ok("getent passwd snap-host").strip().split(":")
    assert user[5:] == ["/nonexistent", "/usr/sbin/nologin"] and int(user[2]) < 1000, user
    assert machine.ok("id -nG snap-host").split() == ["snap-host", "bluetooth"]
    assert machine.run("test -e /nonexistent").returncode != 0
    # The settings the package ships, and the binary's own word on what it is.
    assert json.loads(machine.ok("cat /etc/snap-host/config.json")) == \
        json.loads((REPO_ROOT / "scripts/pi/config.json").read_text())
    assert machine.ok("/usr/bin/snap-host --version").strip() == f"{VERSION} (linux amd64)"
    assert machine.ok("dpkg -L snap-host | grep -c ^/usr/local/ || true").strip() == "0"


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


class Relay:
    """127.0.0.1:<free port> on this side, each connection relayed to 127.0.0.1:PORT in the
    machine's network namespace (it has its own, with only a loopback): how a phone on the LAN
    reaches the Pi's web port, for a browser that runs here. A socket belongs to the namespace
    of the thread that made it, and setns(2) moves only the calling thread: each connection
    inside is made by a short thread of its own, the test's threads stay where they are."""

    def __init__(self, leader: int, port: int):
        self.netns = os.open(f"/proc/{leader}/ns/net", os.O_RDONLY)
        self.target = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def _inside(self) -> socket.socket:
        made: dict = {}

        def connect() -> None:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.setns(self.netns, 0x40000000) != 0:  # CLONE_NEWNET
                made["error"] = OSError(ctypes.get_errno(), "setns")
                return
            try:
                made["socket"] = socket.create_connection(("127.0.0.1", self.target), timeout=5)
            except OSError as error:
                made["error"] = error

        thread = threading.Thread(target=connect)
        thread.start()
        thread.join()
        if "error" in made:
            raise made["error"]
        made["socket"].settimeout(None)
        return made["socket"]

    def _accept(self) -> None:
        while True:
            try:
                outside, _ = self.listener.accept()
            except OSError:
                return
            try:
                inside = self._inside()
            except OSError:
                outside.close()
                continue
            self.sockets += [outside, inside]
            for source, sink in ((outside, inside), (inside, outside)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        while True:
            try:
                data = source.recv(65536)
                if not data:
                    sink.shutdown(socket.SHUT_WR)
                    return
                sink.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        self.listener.close()
        for sock in self.sockets:
            sock.close()
        os.close(self.netns)


@pytest.mark.skipif(web_support.available() is not None, reason=web_support.available() or "")
def test_a_phone_answers_a_question_on_the_installed_service(machine):
    machine.configure({"game": "trivia", "max-players": 1, "start-when-full": True, "rounds": 1,
                       "question-time": 30, "result-time": 0.2, "web-port": 8080})
    invocation = machine.restart()
    assert machine.wait_journal(invocation, r"^web on \[::\]:8080$", 10), machine.journal(invocation)
    relay = Relay(machine.leader, 8080)
    phone = None
    try:
        phone = web_support.Page(f"http://127.0.0.1:{relay.port}/")
        phone.join("Ann")
        phone.wait_visible("question-view", 20)
        question = phone.text("question-text")
        assert question and phone.click_css("#answers button", 0), "no answer button to click"
        phone.wait_visible("over-view", 40)
        assert re.fullmatch(r"You scored [01] of 1, place 1 of 1", phone.text("over-place")), phone.text("over-place")
    finally:
        if phone is not None:
            phone.close()
        relay.close()
    log = machine.journal(invocation)
    assert question in log and re.search(r"^answered: Ann\b", log, re.M), log
    assert re.search(r"^game over: winner Ann with [01] points?$", log, re.M), log


def test_an_upgrade_keeps_the_settings_and_the_key_and_restarts_the_service_on_the_new_binary(machine):
    machine.configure({"name": "Before the upgrade", "game": "trivia"})
    before = machine.restart()
    key = machine.ok("sha256sum /var/lib/snap-host/tls-key.pem /var/lib/snap-host/tls-cert.pem")
    fingerprint = re.search(r"^tls key SHA-256 ([0-9a-f]{64})$", machine.journal(before), re.M)
    assert fingerprint, machine.journal(before)
    settings = machine.ok("cat /etc/snap-host/config.json")
    main = machine.service("MainPID")
    inode = machine.ok("stat -c %i /usr/bin/snap-host").strip()

    newer = machine.packages.newer()  # made while the tests above ran
    assert newer.name == f"snap-host_{UPGRADE_VERSION}_amd64.deb" and newer.parent == machine.packages.folder
    upgraded = machine.install(newer)
    assert f"Unpacking snap-host ({UPGRADE_VERSION}) over ({VERSION})" in upgraded, upgraded
    assert "snap-host is running" in upgraded, upgraded

    assert machine.ok("dpkg-query -W -f '${Version}' snap-host") == UPGRADE_VERSION
    assert machine.ok("cat /etc/snap-host/config.json") == settings, "the edited settings were replaced"
    assert machine.ok("sha256sum /var/lib/snap-host/tls-key.pem /var/lib/snap-host/tls-cert.pem") == key
    # Restarted, on the new file: a new process whose executable is the binary the package
    # installed now (dpkg put a new file in place; the old process ran the one it replaced).
    assert machine.ok("systemctl is-active snap-host.service").strip() == "active"
    assert machine.ok("systemctl is-enabled snap-host.service").strip() == "enabled"
    after = machine.service("InvocationID")
    assert after != before and machine.service("MainPID") not in (main, "0")
    assert machine.wait_journal(after, r"^listening on \[::\]:7777$", 15), machine.journal(after)
    new_inode = machine.ok("stat -c %i /usr/bin/snap-host").strip()
    assert new_inode != inode
    assert machine.ok(f"stat -L -c %i /proc/{machine.service('MainPID')}/exe").strip() == new_inode
    # The same binary packaged twice: it calls itself the version it was built as.
    assert machine.ok("/usr/bin/snap-host --version").strip() == f"{VERSION} (linux amd64)"
    assert f"tls key SHA-256 {fingerprint.group(1)}" in machine.journal(after), "the host shows another key"


def test_purge_leaves_nothing_behind(machine):
    uid, gid = machine.ok("id -u snap-host").strip(), machine.ok("getent group snap-host | cut -d: -f3").strip()
    assert machine.run("test -d /var/lib/snap-host && test -d /run/snap-host").returncode == 0  # what is to go
    machine.ok("echo '{}' > /etc/snap-host/added-by-the-admin.json")
    purged = machine.ok("DEBIAN_FRONTEND=noninteractive apt purge -y snap-host 2>&1", timeout=120)
    assert "Purging configuration files for snap-host" in purged, purged

    for path in ("/usr/bin/snap-host", "/usr/lib/systemd/system/snap-host.service", "/etc/snap-host",
                 "/usr/share/dbus-1/system.d/snap-host.conf", "/usr/share/doc/snap-host", "/var/lib/snap-host",
                 "/run/snap-host", "/usr/share/man/man1/snap-host.1.gz"):
        assert machine.run(f"test -e {path} || test -L {path}").returncode != 0, f"{path} is still there"
    assert machine.run("getent passwd snap-host").returncode == 2, "the user is still there"
    assert machine.run("getent group snap-host").returncode == 2, "the group is still there"
    assert "snap-host" not in machine.ok("getent group bluetooth")
    # No file of its uid anywhere (why the user could go), no enablement or mask symlink, no
    # state of deb-systemd-helper's, no unit systemd knows.
    leftovers = machine.ok(f"find / /run /tmp /var/tmp -xdev \\( -uid {uid} -o -gid {gid} \\) -print 2>/dev/null; "
                           "find /etc/systemd /var/lib/systemd /run/systemd -name '*snap-host*' 2>/dev/null; true")
    assert leftovers == "", leftovers
    assert machine.service("LoadState") == "not-found" and machine.service("ActiveState") == "inactive"
    assert machine.run("systemctl list-unit-files snap-host.service | grep -q snap-host").returncode != 0
    # dpkg knows nothing of it: no package, no file.
    assert machine.run("dpkg-query -W snap-host").returncode != 0
    searched = machine.run("dpkg -S snap-host")
    assert searched.returncode == 1 and searched.stdout == "", searched.stdout + searched.stderr
