"""Faults: crashed or silent clients free their slots; a crashed or stopped host is reported to
every client with the right reason and exit code."""

from __future__ import annotations

import re
import signal
import time

import snapclient
from harness import wait_until

HEARTBEAT_TIMEOUT = 3.0
HEARTBEAT_INTERVAL = 1.0


def test_killed_join_process_frees_its_slot(start_host, start_join):
    """A killed `join` is seen at once (its socket closes): away, its seat kept for the resume
    grace period (here 1 s), then gone with connectionDropped and its slot free."""
    host = start_host("--resume-grace", "1")
    victim = start_join(host.port, "victim", bot=True)
    witness = start_join(host.port, "witness", bot=True)
    assert victim.wait_connected(15) and witness.wait_connected(15), victim.describe() + witness.describe()
    assert host.players() == 2

    victim.send_signal(signal.SIGKILL)
    killed_at = time.monotonic()
    assert host.wait_stdout(r"^victim is reconnecting…$", HEARTBEAT_TIMEOUT), host.describe()
    assert witness.wait_stdout(r"^victim is reconnecting…$", 5), witness.describe()
    assert wait_until(lambda: host.players() == 1, HEARTBEAT_TIMEOUT + 1, interval=0.05), host.describe()
    assert time.monotonic() - killed_at <= HEARTBEAT_TIMEOUT + 1.5
    assert victim.wait_exit(5) == -signal.SIGKILL

    assert host.wait_stderr(r"player left$", 5) is not None
    assert any("reason=connectionDropped" in line and line.endswith("player left") and "name=victim" in line
               for line in host.stderr_snapshot()), host.stderr_text
    assert host.wait_stdout(r"^left: victim \(id \d+\) connectionDropped \[1/8\]$", 5), host.describe()
    assert witness.wait_stdout(r"^left: victim\b.*\bconnectionDropped\b", 5), witness.describe()
    assert witness.running


def test_silent_client_is_dropped_after_the_heartbeat_timeout(start_host, clients):
    host = start_host()
    silent = snapclient.Client(host.host, host.port, "silent")
    observer = snapclient.Client(host.host, host.port, "observer")
    clients += [silent, observer]
    # Let the heartbeats run both ways first.
    assert silent.wait_for(lambda: silent.pings_received >= 1 and silent.pongs_received >= 1, 5)
    assert host.players() == 2
    closed_before = host.count_closed("heartbeat timeout")

    silent.pause()  # socket stays open; no reads, no pongs, no pings
    paused_at = time.monotonic()
    # Not dropped early: it was heard at most one interval before the pause.
    early = wait_until(lambda: host.players() != 2, HEARTBEAT_TIMEOUT - HEARTBEAT_INTERVAL - 0.2, interval=0.1)
    assert not early, "the silent client was dropped before the heartbeat timeout"
    dropped = wait_until(lambda: host.players() == 1, HEARTBEAT_TIMEOUT + HEARTBEAT_INTERVAL + 0.5 - (
        time.monotonic() - paused_at), interval=0.05)
    elapsed = time.monotonic() - paused_at
    assert dropped, f"not dropped {elapsed:.2f} s after going silent"
    assert elapsed <= HEARTBEAT_TIMEOUT + HEARTBEAT_INTERVAL + 0.5

    assert host.wait_closed_count("heartbeat timeout", closed_before + 1, 3), host.stderr_text
    assert not observer.ended
    assert observer.wait_for(lambda: any(
        e["type"] == "left" and e["peer"]["id"] == silent.id for e in observer.events), 3)
    left = [e for e in observer.events if e["type"] == "left" and e["peer"]["id"] == silent.id]
    assert left == [{"type": "left", "peer": {"id": silent.id, "name": "silent"}, "reason": "connectionDropped"}]

    # On waking up, the silent client finds the host's bye connectionDropped, then EOF.
    silent.resume()
    assert silent.wait_ended(5) == "connectionDropped"
    assert silent.bye is not None and silent.bye["reason"] == "connectionDropped", silent.bye
    assert silent.bye.get("detail") == "no frame within the heartbeat timeout"


def test_host_killed_every_join_reports_connection_dropped(start_host, start_join):
    host = start_host()
    joins = [start_join(host.port, f"j{i}", bot=True) for i in range(3)]
    for join in joins:
        assert join.wait_connected(15), join.describe()
    host.send_signal(signal.SIGKILL)
    killed_at = time.monotonic()
    for join in joins:
        remaining = max(0.1, 3.0 - (time.monotonic() - killed_at))
        assert join.wait_stderr(r"^disconnected: connectionDropped$", remaining), join.describe()
    for join in joins:
        assert join.wait_exit(5) == 3, join.describe()


def test_host_sigterm_every_join_reports_server_quit(start_host, start_join, clients):
    host = start_host()
    joins = [start_join(host.port, f"j{i}", bot=True) for i in range(3)]
    for join in joins:
        assert join.wait_connected(15), join.describe()
    python_client = snapclient.Client(host.host, host.port, "py")
    clients.append(python_client)

    host.send_signal(signal.SIGTERM)
    assert host.wait_exit(10) == 0, host.describe()
    for join in joins:
        assert join.wait_exit(5) == 0, join.describe()
        assert "disconnected: serverQuit" in join.stderr_snapshot(), join.describe()
    assert python_client.wait_ended(5) == "serverQuit"
    assert python_client.bye is not None and python_client.bye["reason"] == "serverQuit"
    # Nobody is told `left` on shutdown: everyone gets the bye.
    assert not any(e["type"] == "left" for e in python_client.events)


def test_join_sigterm_says_bye_user_quit(start_host, start_join, clients):
    """SIGTERM on an admitted `join`: it says bye userQuit, prints `disconnected: userQuit`,
    exits 0; the host logs `player left` with reason=userQuit and tells the others. Fifteen
    players, signalled at different moments of their heartbeat cycle."""
    host = start_host()
    observer = snapclient.Client(host.host, host.port, "observer")
    clients.append(observer)
    outcomes = []
    for i in range(15):
        name = f"quitter{i}"
        quitter = start_join(host.port, name, bot=True)
        assert quitter.wait_connected(15), quitter.describe()
        assert quitter.wait_sigterm_handled(5), "the join process never set up its SIGTERM handling"
        # Vary where in the 1 s heartbeat cycle the signal lands (scenario, not synchronisation).
        time.sleep(i * 0.033)
        quitter.send_signal(signal.SIGTERM)
        code = quitter.wait_exit(10)
        assert code == 0, quitter.describe()
        assert "disconnected: userQuit" in quitter.stderr_snapshot(), quitter.describe()
        line = host.wait_stderr(rf"name={name} .*player left$", 5)
        assert line is not None, host.stderr_text
        reason = re.search(r"\breason=(\w+)", line.string).group(1)
        assert observer.wait_for(lambda: any(
            e["type"] == "left" and e["peer"]["id"] == quitter.id for e in observer.events), 5)
        announced = next(e for e in observer.events if e["type"] == "left" and e["peer"]["id"] == quitter.id)
        outcomes.append((name, reason, announced["reason"]))
    wrong = [outcome for outcome in outcomes if outcome[1:] != ("userQuit", "userQuit")]
    assert not wrong, (f"{len(wrong)} of {len(outcomes)} SIGTERMed joins were logged/announced as "
                       f"(host log reason, left.reason) {wrong}; the bye userQuit never reached the host")
    assert host.players() == 1
    assert host.count_closed("bye userQuit") == 15, host.stderr_text


def test_join_sigterm_right_after_connected_line(start_host, start_join):
    """The contract holds from the moment `connected to` is printed: SIGTERM then must still
    say bye userQuit and exit 0 (not die of the signal, not ignore it). Repeated, because the
    window between printing and installing the handler is short."""
    host = start_host()
    outcomes = []
    for i in range(10):
        join = start_join(host.port, f"early{i}")
        assert join.wait_connected(15), join.describe()
        join.send_signal(signal.SIGTERM)
        code = join.wait_exit(3)
        printed = "disconnected: userQuit" in join.stderr_snapshot()
        if code is None:  # the signal was lost; do not leave it running
            join.stop()
        outcomes.append((code, printed))
    assert outcomes == [(0, True)] * 10, (
        f"(exit code, printed disconnected: userQuit) per attempt: {outcomes}; "
        "-15 = killed by the signal's default action, None = the signal was ignored (still running after 3 s)")
    assert host.wait_players(0, 5)


def test_host_sigterm_right_after_listening_line(snap_bin):
    """From the moment `listening on` is printed, SIGTERM must lead to an orderly exit 0."""
    from harness import HostProcess
    codes = []
    for _ in range(5):
        host = HostProcess(snap_bin)
        host.send_signal(signal.SIGTERM)
        code = host.wait_exit(5)
        if code is None:
            host.stop()
        codes.append(code)
    assert codes == [0] * 5, f"exit codes: {codes} (-15 = killed by the signal's default action)"
