"""The Raspberry Pi's build, proven under emulation (docs/PI.md): the aarch64 binary that
scripts/build-pi cross-compiles runs under qemu-user in an arm64 Debian 13 tree (the base of
Raspberry Pi OS trixie; scripts/testbed-arm64) and serves a trivia game to the end to a phone in
(x86) Chromium and a terminal `join` over TLS, its TV page showing a QR code that decodes; its
arm64 package passes lintian, installs there with apt, and the installed binary serves.

What emulation cannot tell: how fast a real Pi is (docs/PI.md, "Proven under emulation, not on a Pi"). Needs root (chroot,
mounts, binfmt_misc). The binary is $SNAP_PI_BIN (default .build-pi/snap-host: scripts/build-pi);
scripts/test runs this file after the build, which runs beside the other tests."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest

from harness import LINTIAN_OVERRIDDEN, REPO_ROOT, HostProcess, JoinProcess, lintian_findings, require_root
from web_support import TV, available, decode_qr

TESTBED = REPO_ROOT / "scripts" / "testbed-arm64"
PI_BIN = Path(os.environ.get("SNAP_PI_BIN", REPO_ROOT / ".build-pi" / "snap-host"))
ARM64_ROOT = Path(os.environ.get("SNAP_ARM64_ROOT", "/var/cache/snap-host/pi/arm64-root"))
TRIXIE_GLIBC = "2.41"  # Debian 13's, and Raspberry Pi OS trixie's
QUICK_TRIVIA = ("--game", "trivia", "--rounds", "2", "--question-time", "10", "--result-time", "1")


class Arm64:
    """A throw-away overlay of the arm64 tree (scripts/testbed-arm64 up): programs run in it by
    chroot, the aarch64 ones under qemu-user; /tmp is the host's."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.root = directory / "root"

    def run(self, *argv: str, timeout: float = 120) -> subprocess.CompletedProcess:
        return subprocess.run([str(TESTBED), "exec", str(self.directory), *argv], capture_output=True, text=True,
                              timeout=timeout, env=os.environ | {"XDG_STATE_HOME": os.environ.get("XDG_STATE_HOME", "")})

    def ok(self, *argv: str, timeout: float = 120) -> str:
        done = self.run(*argv, timeout=timeout)
        assert done.returncode == 0, f"{argv}: exit {done.returncode}\n{done.stdout}{done.stderr}"
        return done.stdout

    def launcher(self, program: str) -> Path:
        """A file that runs `program` in the tree with its arguments, as the same process (each
        step execs the next): what the harness starts in place of a binary."""
        path = self.directory / f"run-{Path(program).name}"
        path.write_text(f'#!/bin/sh\nexec "{TESTBED}" exec "{self.directory}" "{program}" "$@"\n')
        path.chmod(0o755)
        return path


@pytest.fixture(scope="module")
def prepared():
    require_root("the arm64 tree needs root (chroot, mounts, binfmt_misc)")
    if not PI_BIN.exists():
        pytest.fail(f"no arm64 binary at {PI_BIN}: make it with scripts/build-pi")
    done = subprocess.run([str(TESTBED), "prepare", str(ARM64_ROOT)], capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def arm64(prepared, tmp_path_factory):
    directory = tmp_path_factory.mktemp("arm64")
    up = subprocess.run([str(TESTBED), "up", str(ARM64_ROOT), str(directory)], capture_output=True, text=True, timeout=60)
    try:
        assert up.returncode == 0, up.stdout + up.stderr
        yield Arm64(directory)
    finally:
        subprocess.run([str(TESTBED), "down", str(directory)], timeout=60)


def test_the_binary_is_aarch64_and_needs_no_newer_glibc_than_trixies(arm64):
    described = subprocess.run(["file", "-b", str(PI_BIN)], capture_output=True, text=True, check=True).stdout
    assert described.startswith("ELF 64-bit LSB") and "ARM aarch64" in described, described
    assert "not stripped" not in described, described
    # What a Pi downloads stays under 30 MB (issue 25; docs/PI.md, "Size").
    assert PI_BIN.stat().st_size < 30_000_000, f"{PI_BIN} is {PI_BIN.stat().st_size:,} bytes, above 30 MB"
    needed = set(re.findall(r"GLIBC_([0-9.]+)", subprocess.run(["readelf", "-V", "--wide", str(PI_BIN)],
                                                                capture_output=True, text=True, check=True).stdout))
    highest = max(needed, key=lambda version: tuple(int(part) for part in version.split(".")))
    assert tuple(map(int, highest.split("."))) <= tuple(map(int, TRIXIE_GLIBC.split("."))), highest
    # No Swift runtime to find at run time: it is linked in.
    dynamic = subprocess.run(["readelf", "-d", str(PI_BIN)], capture_output=True, text=True, check=True).stdout
    assert "libswift" not in dynamic and "libFoundation" not in dynamic, dynamic
    # It runs as aarch64 in the arm64 tree.
    shutil.copy(PI_BIN, arm64.root / "usr/local/bin/snap-host")
    assert arm64.ok("uname", "-m").strip() == "aarch64"
    assert arm64.ok("/usr/local/bin/snap-host", "--version").strip() == f"{version()} (linux arm64)"


def test_the_arm64_host_plays_trivia_with_a_phone_and_a_terminal_over_tls(arm64, start_join, pages, tmp_path, processes):
    shutil.copy(PI_BIN, arm64.root / "usr/local/bin/snap-host")
    host = processes.add(HostProcess(arm64.launcher("/usr/local/bin/snap-host"), *QUICK_TRIVIA, "--max-players", "2",
                                     "--start-when-full", "--name", "Emulated Pi", web=True, startup_timeout=120))
    assert host.fingerprint, "the host speaks TLS: it printed its key"
    base = f"http://127.0.0.1:{host.web_port}"

    # The TV page: its QR code decodes to the address the host printed.
    printed = host.wait_stdout(r"^join at (\S+) ", 10).group(1)
    tv = pages(f"{base}/screen", TV, mobile=False)
    tv.wait(lambda: tv.text("host-name") == "Emulated Pi", 30, "the host name on the TV")
    codes = decode_qr(tv.element_screenshot("qr", tmp_path / "qr.png"))
    assert codes == [printed], f"the QR code decodes to {codes}, the host printed {printed}"

    phone = pages(f"{base}/")
    phone.join("Ann")
    phone.wait_visible("lobby-view", 30)
    # A terminal player over TLS (join refuses a host that does not speak it): a bot, to the end.
    terminal = start_join(host.port, "Tux", "--once", bot=True)
    assert terminal.wait_connected(60), terminal.describe()
    answered, seen = 0, set()
    phone.wait_visible("question-view", 60)

    def over() -> bool:
        nonlocal answered
        if phone.visible("over-view"):
            return True
        number = phone.text("question-number")
        if phone.visible("question-view") and number and number not in seen and phone.click_css("#answers button", 0):
            seen.add(number)
            answered += 1
        return False

    phone.wait(over, 120, "the game over on the phone")
    assert answered == 2, f"the phone answered {answered} of 2 questions"
    assert host.wait_stdout(r"^game over: ", 30), host.describe()
    finals = [line for line in host.stdout_snapshot() if line.startswith("final: ")]
    assert sorted(re.sub(r"^final: \d+\. (.+) -?\d+$", r"\1", line) for line in finals) == ["Ann", "Tux"], finals
    assert terminal.wait_exit(30) == 0, terminal.describe()
    assert re.search(r"^final: ", terminal.stdout_text, re.M), terminal.describe()
    tv.wait_visible("tv-over", 30)
    assert host.stop(30) == 0, "SIGTERM: the players told, the host exits 0 (under emulation too)\n" + host.describe()


def test_the_arm64_package_installs_with_apt_and_its_binary_serves(arm64, snap_bin, tmp_path, processes):
    made = subprocess.run([str(REPO_ROOT / "scripts" / "package"), str(PI_BIN), "--out", str(tmp_path)],
                          capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stdout + made.stderr
    package = Path(made.stdout.strip().splitlines()[-1])
    assert package.name == f"snap-host_{version()}_arm64.deb", package
    tags, overridden, status, output = lintian_findings(package)
    assert not tags and status == 0, "lintian on the arm64 package:\n" + output
    assert overridden <= LINTIAN_OVERRIDDEN, output
    # As a Pi owner does; no systemd runs in the tree, so the service is installed but not started.
    installed = arm64.run("apt-get", "install", "-y", str(package), timeout=600)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    assert arm64.ok("dpkg-query", "-W", "-f=${Status} ${Architecture}", "snap-host") == "install ok installed arm64"
    assert arm64.ok("id", "-u", "snap-host").strip().isdigit(), "postinst made the system user"
    assert arm64.ok("/usr/bin/snap-host", "--version").strip() == f"{version()} (linux arm64)"
    assert (arm64.root / "etc/snap-host/config.json").exists()

    host = processes.add(HostProcess(arm64.launcher("/usr/bin/snap-host"), "--config", "/etc/snap-host/config.json",
                                     web=True, startup_timeout=120))
    with urllib.request.urlopen(f"http://127.0.0.1:{host.web_port}/", timeout=30) as reply:
        assert reply.status == 200 and b"<html" in reply.read().lower()
    player = processes.add(JoinProcess(snap_bin, host.port, "Pi Owner", bot=True))
    assert player.wait_connected(60), player.describe()
    assert host.wait_stdout(r"Pi Owner", 30), host.describe()


def version() -> str:
    source = (REPO_ROOT / "Sources" / "snap-host" / "Version.swift").read_text()
    return re.search(r'^let snapHostVersion = "([^"]+)"', source, re.M).group(1)


pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")
