"""A live session: routing of app messages (list, all, host), ordering and exactly-once delivery,
joined/left events, heartbeats and clock estimates, and chat through the `join` CLI."""

from __future__ import annotations

import re

import pytest

import snapclient
from harness import wait_until

N = 200


def _marker_seen(client: snapclient.Client, sender: int, tag: str) -> bool:
    return any(isinstance(b, dict) and b.get("marker") == tag for b in client.app_bodies(sender))


def test_routing_to_a_list_and_to_all(start_host, clients):
    host = start_host()
    a = snapclient.Client(host.host, host.port, "A")
    b = snapclient.Client(host.host, host.port, "B")
    c = snapclient.Client(host.host, host.port, "C")
    clients += [a, b, c]

    for i in range(N):
        a.send_app({"seq": i, "route": "B-only"}, to=[b.id])
    for i in range(N):
        a.send_app({"seq": i, "route": "all"}, to="all")
    a.send_app({"marker": "end"}, to="all")  # sent last: once it is in, everything before it is too
    for client in (b, c):
        assert client.wait_for(lambda client=client: _marker_seen(client, a.id, "end"), 10), len(client.apps)

    b_only = [m for m in b.apps if isinstance(m["body"], dict) and m["body"].get("route") == "B-only"]
    b_all = [m for m in b.apps if isinstance(m["body"], dict) and m["body"].get("route") == "all"]
    c_only = [m for m in c.apps if isinstance(m["body"], dict) and m["body"].get("route") == "B-only"]
    c_all = [m for m in c.apps if isinstance(m["body"], dict) and m["body"].get("route") == "all"]
    assert [m["body"]["seq"] for m in b_only] == list(range(N))
    assert [m["body"]["seq"] for m in b_all] == list(range(N))
    assert [m["body"]["seq"] for m in c_all] == list(range(N))
    assert c_only == []
    # The host sets `from` on every delivered message and does not pass `to` on.
    for message in b.apps + c.apps:
        assert message["from"] == a.id
        assert "to" not in message
    # "all" is everyone but the sender.
    b.send_app({"marker": "b-done"}, to=[a.id])
    assert a.wait_for(lambda: _marker_seen(a, b.id, "b-done"), 30)
    assert [m["body"] for m in a.apps] == [{"marker": "b-done"}]
    # Duplicates in the list are delivered once; a list naming the sender sends it back to the sender.
    a.send_app({"marker": "dup"}, to=[b.id, b.id, a.id])
    assert b.wait_for(lambda: _marker_seen(b, a.id, "dup"), 30)
    assert a.wait_for(lambda: _marker_seen(a, a.id, "dup"), 30)
    a.send_app({"marker": "after-dup"}, to=[b.id])
    assert b.wait_for(lambda: _marker_seen(b, a.id, "after-dup"), 30)
    assert sum(1 for m in b.apps if m["body"] == {"marker": "dup"}) == 1


def test_messages_to_the_host(start_host, clients):
    host = start_host("--name", "Lobby Host")
    a = snapclient.Client(host.host, host.port, "Ann")
    b = snapclient.Client(host.host, host.port, "Ben")
    clients += [a, b]
    assert a.welcome["host"] == {"id": 0, "name": "Lobby Host"}

    a.send_app({"kind": "chat", "text": "to the host, no to"})
    assert host.wait_stdout(r"^chat Ann: to the host, no to$", 5), host.describe()
    a.send_app({"kind": "chat", "text": "to the host by id 0"}, to=[0])
    assert host.wait_stdout(r"^chat Ann: to the host by id 0$", 5), host.describe()
    b.send_app({"kind": "chat", "text": "to everybody"}, to="all")
    assert host.wait_stdout(r"^chat Ben: to everybody$", 5), host.describe()
    assert a.wait_for(lambda: any(m["body"] == {"kind": "chat", "text": "to everybody"} for m in a.apps), 30)
    # Host-only messages did not reach the other client (ordering: the marker comes after them).
    a.send_app({"marker": "m"}, to=[b.id])
    assert b.wait_for(lambda: _marker_seen(b, a.id, "m"), 30)
    assert [m["body"] for m in b.apps] == [{"marker": "m"}]
    # Host lines, in order.
    chat_lines = [line for line in host.stdout_snapshot() if line.startswith("chat ")]
    assert chat_lines == ["chat Ann: to the host, no to", "chat Ann: to the host by id 0", "chat Ben: to everybody"]


def test_joined_and_left_events(start_host, clients):
    host = start_host("--max-players", "5")
    a = snapclient.Client(host.host, host.port, "Ada")
    clients.append(a)
    assert a.id == 1 and a.welcome["peers"] == []
    assert host.wait_stdout(r"^joined: Ada \(id 1\) \[1/5\]$", 5), host.describe()

    b = snapclient.Client(host.host, host.port, "Bea")
    clients.append(b)
    assert b.welcome["peers"] == [{"id": a.id, "name": "Ada"}]
    assert a.wait_for(lambda: len(a.events) >= 1, 30)
    assert a.events == [{"type": "joined", "peer": {"id": b.id, "name": "Bea"}}]

    c = snapclient.Client(host.host, host.port, "  Cy  ")  # trimmed by the host
    clients.append(c)
    assert c.welcome["you"] == {"id": 3, "name": "Cy"}
    assert c.welcome["peers"] == [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Bea"}]
    for observer in (a, b):
        assert observer.wait_for(lambda o=observer: any(
            e == {"type": "joined", "peer": {"id": 3, "name": "Cy"}} for e in o.events), 5)
    assert host.wait_stdout(r"^joined: Cy \(id 3\) \[3/5\]$", 5), host.describe()

    # C leaves properly: userQuit.
    c.close()
    for observer in (a, b):
        assert observer.wait_for(lambda o=observer: any(e["type"] == "left" for e in o.events), 30)
        assert [e for e in observer.events if e["type"] == "left"] == [
            {"type": "left", "peer": {"id": 3, "name": "Cy"}, "reason": "userQuit"}]
    assert host.wait_stdout(r"^left: Cy \(id 3\) userQuit \[2/5\]$", 5), host.describe()

    # B's connection drops without a bye: connectionDropped.
    b.abort()
    assert a.wait_for(lambda: sum(e["type"] == "left" for e in a.events) == 2, 30)
    assert a.events[-1] == {"type": "left", "peer": {"id": 2, "name": "Bea"}, "reason": "connectionDropped"}
    assert host.wait_stdout(r"^left: Bea \(id 2\) connectionDropped \[1/5\]$", 5), host.describe()
    assert a.peers == {}
    assert host.players() == 1

    # A newcomer gets a fresh id (ids are never reused) and sees only A.
    d = snapclient.Client(host.host, host.port, "Cy")
    clients.append(d)
    assert d.id == 4
    assert d.welcome["peers"] == [{"id": 1, "name": "Ada"}]


def test_heartbeats_and_clock_estimate(start_host, clients):
    host = start_host("--heartbeat-interval", "200", "--heartbeat-timeout", "1000")
    client = snapclient.Client(host.host, host.port, "tick")
    clients.append(client)
    assert client.welcome["heartbeatIntervalMs"] == 200
    assert client.welcome["heartbeatTimeoutMs"] == 1000
    # The host pings about every 200 ms and answers ours.
    assert client.wait_for(lambda: client.pings_received >= 5 and client.pongs_received >= 5, 30)
    estimate = client.clock
    assert estimate is not None and estimate["roundTrip"] >= 0
    # Both sides use the same monotonic clock here, so the true offset is 0; the estimate must be
    # within half the round trip (plus scheduling slack) of it. A host sending milliseconds or
    # wall-clock time would be far off.
    assert abs(estimate["offset"]) <= estimate["roundTrip"] // 2 + 2000, estimate
    assert estimate["roundTrip"] < 100_000, estimate
    assert not client.ended


def test_chat_through_the_join_cli(start_host, start_join, clients):
    host = start_host()
    py = snapclient.Client(host.host, host.port, "Py")
    clients.append(py)
    cli = start_join(host.port, "Cli")
    assert cli.wait_connected(15), cli.describe()
    match = re.match(r"^connected to (.+) as Cli \(id (\d+)\)$", cli.stdout_snapshot()[0])
    assert match and match.group(1) == host.server_hello()["name"], cli.describe()
    assert py.wait_for(lambda: any(e["type"] == "joined" and e["peer"]["name"] == "Cli" for e in py.events), 30)

    cli.write_line("hello from the terminal")
    assert py.wait_for(lambda: any(m["body"] == {"kind": "chat", "text": "hello from the terminal"} for m in py.apps), 30)
    message = next(m for m in py.apps if m["body"] == {"kind": "chat", "text": "hello from the terminal"})
    assert message["from"] == cli.id
    assert host.wait_stdout(r"^chat Cli: hello from the terminal$", 5), host.describe()

    py.send_app({"kind": "chat", "text": "hi Cli"}, to="all")
    assert cli.wait_stdout(r"^chat Py: hi Cli$", 5), cli.describe()

    late = snapclient.Client(host.host, host.port, "Late")
    clients.append(late)
    assert cli.wait_stdout(r"^joined: Late\b", 5), cli.describe()
    late.close()
    assert cli.wait_stdout(r"^left: Late\b.*\buserQuit\b", 5), cli.describe()

    cli.write_line("/quit")
    assert cli.wait_exit(10) == 0, cli.describe()
    assert "disconnected: userQuit" in cli.stderr_snapshot()
    assert py.wait_for(lambda: any(e["type"] == "left" and e["peer"]["name"] == "Cli" for e in py.events), 30)
    left = next(e for e in py.events if e["type"] == "left" and e["peer"]["name"] == "Cli")
    assert left["reason"] == "userQuit"


def test_join_cli_survives_stdin_eof(start_host, start_join, clients):
    host = start_host()
    cli = start_join(host.port, "NoInput")
    assert cli.wait_connected(15), cli.describe()
    cli.popen.stdin.close()  # EOF just stops reading
    py = snapclient.Client(host.host, host.port, "Py")
    clients.append(py)
    py.send_app({"kind": "chat", "text": "still there?"}, to="all")
    assert cli.wait_stdout(r"^chat Py: still there\?$", 5), cli.describe()
    assert cli.running
    assert host.players() == 2


@pytest.mark.parametrize("name", ["x" * 32, "👩‍💻" * 5, "Zoë"])
def test_valid_names_are_admitted(start_host, clients, name):
    host = start_host()
    client = snapclient.Client(host.host, host.port, name)
    clients.append(client)
    assert client.welcome["you"]["name"] == name


def test_the_hosts_kick_on_the_wire(start_host, clients):
    """`kick NAME` typed on the host's stdin (the lobby game): the player gets `bye kicked`, the
    others `left kicked` (docs/PROTOCOL.md, section 12); the slot and the name are free at once."""
    host = start_host("--max-players", "3")
    a = snapclient.Client(host.host, host.port, "A", versions=(1, 2))
    b = snapclient.Client(host.host, host.port, "B", versions=(1, 2))
    old = snapclient.Client(host.host, host.port, "Old", versions=(1,))  # version 1 has no `kicked`
    clients += [a, b, old]
    host.write_line("kick b")
    assert host.wait_stdout(r"^host: kick B \(id 2\)$", 5), host.describe()
    assert b.wait_for(lambda: b.end_reason is not None, 30)
    assert b.bye == {"type": "bye", "reason": "kicked", "detail": "removed by the host"}
    assert b.end_reason == "kicked"
    assert a.wait_for(lambda: any(e["type"] == "left" for e in a.events), 30)
    assert [e for e in a.events if e["type"] == "left"] == [{"type": "left", "peer": {"id": b.id, "name": "B"}, "reason": "kicked"}]
    assert old.wait_for(lambda: any(e["type"] == "left" for e in old.events), 30)
    assert [e for e in old.events if e["type"] == "left"] == [{"type": "left", "peer": {"id": b.id, "name": "B"}, "reason": "userQuit"}]
    host.write_line("kick old")
    assert old.wait_for(lambda: old.end_reason is not None, 30)
    assert old.bye == {"type": "bye", "reason": "serverQuit", "detail": "removed by the host"}
    host.write_line("kick 9")
    assert host.wait_stdout(r"^host: cannot kick: no player with id 9 is here$", 5), host.describe()
    host.write_line("skip")
    assert host.wait_stdout(r"^host: nothing to skip: this host runs no game$", 5), host.describe()
    again = snapclient.Client(host.host, host.port, "B")
    clients.append(again)
    assert again.id != b.id and host.players() == 2  # A and the new B
