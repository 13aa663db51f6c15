"""scripts/install into a temporary destdir (no systemd needed): what it installs (the binary
stripped), the unit file verified by systemd-analyze, the installed binary serving with the
installed config, and scripts/uninstall removing it again. The release build is skipped
(--binary) to keep CI short."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from harness import REPO_ROOT, Proc, snap_host_binary


def install(destdir, *extra):
    return subprocess.run([str(REPO_ROOT / "scripts" / "install"), "--destdir", str(destdir),
                           "--binary", str(snap_host_binary()), *extra], capture_output=True, text=True, timeout=300)


def test_install_puts_every_piece_in_place_and_uninstall_removes_them(tmp_path):
    dest = tmp_path / "root"
    result = install(dest)
    assert result.returncode == 0, result.stderr
    binary = dest / "usr/local/bin/snap-host"
    unit = dest / "etc/systemd/system/snap-host.service"
    config = dest / "etc/snap-host/config.json"
    policy = dest / "etc/dbus-1/system.d/snap-host.conf"
    for path in (binary, unit, config, policy, dest / "usr/local/share/doc/snap-host/PI.md"):
        assert path.exists(), path
    assert binary.stat().st_mode & 0o111
    sections = subprocess.run(["readelf", "-S", "--wide", str(binary)], capture_output=True, text=True, timeout=60).stdout
    assert ".text" in sections and ".symtab" not in sections and ".debug_info" not in sections, "not stripped"
    text = unit.read_text()
    assert "ExecStart=/usr/local/bin/snap-host serve --config /etc/snap-host/config.json" in text
    assert "User=snap-host" in text and "Restart=on-failure" in text
    # Homes read-only (a bank may live there), replay logs in its own state directory; both run
    # under a real systemd in test_systemd.py.
    assert "ProtectHome=read-only" in text and "StateDirectory=snap-host" in text and "--replay-dir %S/snap-host" in text
    assert "@" not in text.replace("multi-user", ""), "unsubstituted placeholder in the unit"
    assert json.loads(config.read_text())["game"] == "trivia"
    assert 'policy user="snap-host"' in policy.read_text()

    # A config the user edited survives a reinstall (upgrade).
    config.write_text('{"name": "Edited"}')
    assert install(dest).returncode == 0
    assert json.loads(config.read_text()) == {"name": "Edited"}

    result = subprocess.run([str(REPO_ROOT / "scripts" / "uninstall"), "--destdir", str(dest)],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not binary.exists() and not unit.exists() and not policy.exists()
    assert config.exists()  # kept without --purge
    state = dest / "var/lib/snap-host"
    state.mkdir(parents=True)
    (state / "snap-replay.jsonl").write_text("{}\n")
    result = subprocess.run([str(REPO_ROOT / "scripts" / "uninstall"), "--destdir", str(dest), "--purge"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not config.exists() and not state.exists()  # --purge: settings and replay logs


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not installed")
def test_the_unit_file_passes_systemd_analyze_verify(tmp_path):
    dest = tmp_path / "root"
    assert install(dest).returncode == 0
    # verify checks that ExecStart exists: point it at the installed copy.
    text = (dest / "etc/systemd/system/snap-host.service").read_text()
    checked = tmp_path / "snap-host.service"
    checked.write_text(text.replace("/usr/local/bin/snap-host", str(dest / "usr/local/bin/snap-host")))
    result = subprocess.run(["systemd-analyze", "verify", str(checked)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "snap-host.service" not in result.stderr, result.stderr  # no warnings about our unit
    # And it does catch a broken unit.
    broken = tmp_path / "broken.service"
    broken.write_text(checked.read_text().replace("ExecStart=/", "ExecStart="))
    assert subprocess.run(["systemd-analyze", "verify", str(broken)], capture_output=True, timeout=60).returncode != 0


def test_the_tv_screen_unit_passes_systemd_analyze_verify(tmp_path):
    dest = tmp_path / "root"
    done = subprocess.run([str(REPO_ROOT / "scripts/install"), "--destdir", str(dest), "--binary", str(snap_host_binary()),
                           "--no-strip", "--screen", "pi"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    text = (dest / "etc/systemd/system/snap-host-screen.service").read_text()
    assert "User=pi" in text and "http://127.0.0.1:8080/screen" in text and "--kiosk" in text
    # verify checks that ExecStart exists (cage is not installed here) and that the user exists.
    checked = tmp_path / "snap-host-screen.service"
    checked.write_text(text.replace("/usr/bin/cage", str(dest / "usr/local/bin/snap-host")).replace("User=pi", "User=root"))
    result = subprocess.run(["systemd-analyze", "verify", str(checked)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "snap-host-screen.service" not in result.stderr, result.stderr


def test_the_installed_binary_serves_with_the_installed_config(tmp_path):
    dest = tmp_path / "root"
    assert install(dest).returncode == 0
    config = dest / "etc/snap-host/config.json"
    settings = json.loads(config.read_text())
    settings.update({"port": 0, "host": "127.0.0.1", "no-dnssd": True, "no-bluetooth": True, "name": "Installed Pi"})
    config.write_text(json.dumps(settings))
    host = Proc([str(dest / "usr/local/bin/snap-host"), "serve", "--config", str(config)], "installed")
    try:
        match = host.wait_stdout(r"^listening on 127\.0\.0\.1:(\d+)$", 15)
        assert match, host.describe()
        join = Proc([str(dest / "usr/local/bin/snap-host"), "join", f"127.0.0.1:{match.group(1)}", "--player", "Pat",
                     "--bot"], "join")
        try:
            assert join.wait_stdout(r"^connected to Installed Pi as Pat", 10), join.describe()
        finally:
            join.stop()
    finally:
        assert host.stop() == 0, host.describe()
