"""A host and its players as an ordinary user, as the installed service (user `snap-host`, no
capabilities) and a person's `join` run: TCP (TLS, with the key the host's first start makes in
the user's state directory), the web port's WebSocket and the client's connect work without
privileges. (The other system tests run as root in CI, which once hid that every
TCP socket was given SO_DEBUG instead of TCP_NODELAY: refused with EACCES to anyone but root.)"""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from harness import LOOPBACK, Proc

AS_NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]


@pytest.fixture
def unprivileged():
    if os.geteuid() != 0:
        return []  # already an ordinary user: every test here is one
    if shutil.which("setpriv") is None:
        pytest.fail("setpriv (util-linux) is missing")
    return AS_NOBODY


@pytest.fixture
def user_environment(unprivileged):
    """The environment of the user's processes: an XDG_STATE_HOME of the user's own (the host's
    TLS key, join's known hosts), outside root's private temporary folders."""
    state = tempfile.mkdtemp(prefix="snap-host-user-state-")
    if unprivileged:
        os.chown(state, pwd.getpwnam("nobody").pw_uid, grp.getgrnam("nogroup").gr_gid)
    yield dict(os.environ, XDG_STATE_HOME=state)
    shutil.rmtree(state, ignore_errors=True)


def test_an_ordinary_user_hosts_and_joins_over_tcp_and_the_web_port(snap_bin, processes, unprivileged, user_environment):
    host = processes.add(Proc([*unprivileged, str(snap_bin), "serve", "--game", "trivia", "--port", "0", "--host", LOOPBACK,
                               "--web-port", "0", "--no-dnssd", "--no-bluetooth", "--max-players", "2", "--start-when-full",
                               "--rounds", "1", "--question-time", "3", "--result-time", "0"], "host(nobody)",
                              env=user_environment))
    port = host.wait_stdout(r"^listening on 127\.0\.0\.1:(\d+)$", 15)
    web = host.wait_stdout(r"^web on 127\.0\.0\.1:(\d+)$", 15)
    assert port and web, host.describe()
    join = processes.add(Proc([*unprivileged, str(snap_bin), "join", f"{LOOPBACK}:{port.group(1)}", "--player", "Tcp",
                               "--bot", "--once"], "join(nobody)", env=user_environment))
    assert join.wait_stdout(r"^connected to .+ as Tcp \(id 1\)$", 10), join.describe()
    phone = processes.add(Proc([*unprivileged, sys.executable, str(Path(__file__).with_name("wsplayer.py")),
                                f"{LOOPBACK}:{web.group(1)}", "Web"], "wsplayer(nobody)"))
    assert phone.wait_stdout(r"^connected as Web \(id 2\)$", 10), phone.describe()
    assert phone.wait_exit(30) == 0, phone.describe()
    assert join.wait_exit(30) == 0, join.describe()
    assert host.wait_stdout(r"^game over: ", 5), host.describe()
