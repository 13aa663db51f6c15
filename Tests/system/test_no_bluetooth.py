"""Bluetooth missing (this machine's kernel has none: socket(AF_BLUETOOTH) fails with
EAFNOSUPPORT): `serve` says so once, clearly, and keeps serving on the LAN. Runs outside the VM
on purpose; inside the VM the Bluetooth path itself is tested (Tests/bluetooth)."""

from __future__ import annotations

import errno
import socket

import pytest


def _kernel_has_bluetooth() -> bool:
    try:
        probe = socket.socket(31, socket.SOCK_STREAM, 3)  # AF_BLUETOOTH, BTPROTO_RFCOMM
    except OSError as error:
        return error.errno not in (errno.EAFNOSUPPORT, errno.EPROTONOSUPPORT)
    probe.close()
    return True


@pytest.mark.skipif(_kernel_has_bluetooth(), reason="this kernel has Bluetooth (the VM suite covers it)")
def test_host_without_bluetooth_serves_on_the_lan_and_says_why_once(start_host, start_join):
    # No --no-bluetooth: the host tries Bluetooth, finds none, and goes on.
    host = start_host(bluetooth=True)
    assert host.wait_stderr(r"Bluetooth unavailable: .*; serving on the LAN only", 10), host.describe()
    bot = start_join(host.port, "ann", bot=True)
    assert bot.wait_connected(15), bot.describe()
    assert host.wait_stdout(r"^chat ann: ", 5), host.describe()
    messages = [line for line in host.stderr_snapshot() if "Bluetooth unavailable" in line]
    assert len(messages) == 1, host.describe()
    assert "no Bluetooth support" in messages[0], messages


def test_adapter_option_is_validated(snap_bin):
    import subprocess

    result = subprocess.run([str(snap_bin), "serve", "--adapter", "bluetooth0"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 64, result
    assert "expected hciN" in result.stderr
