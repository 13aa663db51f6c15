"""The real-time channel across a real link (issue 16): two network namespaces joined by a veth
pair (scripts/testbed-mdns net), `snap-bench realtime-host` on A sending a state at 60 Hz,
`snap-bench realtime-client --watch` on B reporting every 100 ms whether its session uses UDP and
how old its newest state is. With nothing dropped, UDP is in use; with every UDP packet dropped
(nftables on B), states fall back to the reliable link within 2 s and stay fresh, and a client
joining then never uses UDP yet gets states; a sender's own firewall refusing UDP for a moment
does not end UDP; Pong with every datagram dropped still finishes. About 40 s."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from harness import require_root, wait_until
from mdns_testbed import ADDRESS, Lan, json_lines, wait_json

FRESH_MS = 100  # a state this old is fresh: six frames at 60 Hz


@pytest.fixture(scope="module")
def bench_bin(snap_bin) -> Path:
    """snap-bench: $SNAP_BENCH_BIN, or next to snap-host (`swift build --build-tests` builds both)."""
    path = Path(os.environ.get("SNAP_BENCH_BIN") or snap_bin.parent / "snap-bench")
    if not path.exists():
        pytest.fail(f"snap-bench not found at {path}: `swift build --product snap-bench`, or set SNAP_BENCH_BIN")
    return path


@pytest.fixture(scope="module")
def lan(tmp_path_factory, snap_bin):
    require_root("the test bed needs root (network namespaces, nftables)")
    bed = Lan(tmp_path_factory.mktemp("realtime"), snap_bin)
    bed.net_up()
    yield bed
    bed.down()


@pytest.fixture
def net(lan):
    lan.loss(0)
    yield lan
    lan.stop_all()
    lan.loss(0)


def start_host(net, bench_bin) -> int:
    host = net.start("A", str(bench_bin), "realtime-host", "--listen", ADDRESS["A"], "--port", "0", label="realtime-host")
    match = host.wait_stdout(r"^listening on [\d.]+:(\d+) udp (\d+)$", 15)
    assert match, host.describe()
    assert match.group(2) == match.group(1), "the UDP port has the TCP port's number when it is free"
    return int(match.group(1))


def watch(net, bench_bin, port: int):
    client = net.start("B", str(bench_bin), "realtime-client", "--connect", f"{ADDRESS['A']}:{port}",
                       "--ways", "udp", "--watch", "--seconds", "60", label="realtime-client")
    assert wait_json(client, lambda o: o.get("joined") == "udp", 15), client.describe()
    return client


def fresh(udp: bool):
    """A report of the UDP session: using UDP or not, and every state since the last report fresh."""
    return lambda o: o.get("way") == "udp" and o["udp"] is udp and o["worst_ms"] is not None and o["worst_ms"] < FRESH_MS


def reports_from(client, start: int) -> list[dict]:
    return [o for o in json_lines(client, start) if o.get("way") == "udp"]


def test_udp_is_used_and_states_fall_back_to_the_link_within_2s_when_udp_is_dropped(net, bench_bin):
    client = watch(net, bench_bin, start_host(net, bench_bin))
    assert wait_json(client, fresh(udp=True), 5), f"UDP in use with nothing dropped\n{client.describe()}"

    seen = len(client.stdout_snapshot())
    dropped_at = time.monotonic()
    net.loss(100, "udp")
    fell_back = wait_json(client, fresh(udp=False), 5, start=seen)
    assert fell_back, f"states over the link once UDP is dropped\n{client.describe()}"
    # The 1.5 s trust window bounds the gap: no state held since the drop got older than 2 s
    # (the client's own measure), and the report saying so came soon after (it is written every
    # 100 ms; the rest is the time this process took to see it).
    since = reports_from(client, seen)
    assert all(o["worst_ms"] < 2000 for o in since), since
    assert time.monotonic() - dropped_at < 2.5, f"fell back after {time.monotonic() - dropped_at:.2f} s"

    # It stays on the link, fresh, while UDP is dropped (ten more reports: one second).
    settled = len(client.stdout_snapshot())
    assert wait_until(lambda: len(reports_from(client, settled)) >= 10, 5), client.describe()
    after = reports_from(client, settled)
    assert all(o["udp"] is False and o["worst_ms"] < FRESH_MS for o in after), after

    # UDP again as soon as a probe and its answer get through.
    seen = len(client.stdout_snapshot())
    net.loss(0)
    assert wait_json(client, fresh(udp=True), 3, start=seen), f"back on UDP once it gets through\n{client.describe()}"


def test_a_player_joining_while_udp_is_dropped_gets_states_over_the_link(net, bench_bin):
    port = start_host(net, bench_bin)
    net.loss(100, "udp")
    client = watch(net, bench_bin, port)
    joined = len(client.stdout_snapshot())
    joined_at = time.monotonic()
    assert wait_json(client, fresh(udp=False), 2, start=joined), client.describe()
    assert time.monotonic() - joined_at < 2.0
    assert wait_until(lambda: len(reports_from(client, joined)) >= 20, 5), client.describe()
    reports = reports_from(client, joined)
    assert all(o["udp"] is False for o in reports), "no UDP while every datagram is dropped"
    assert reports[-1]["states"] >= 60, "a state per frame keeps coming (60 Hz for 2 s: at least one second's worth)"



def test_a_firewall_refusing_to_send_udp_for_a_moment_does_not_end_udp(net, bench_bin):
    """A sender's own firewall makes its sendto fail (EPERM), and NIO closes a UDP socket on such
    an error: host and client open theirs again, so UDP comes back once the firewall lets go."""
    client = watch(net, bench_bin, start_host(net, bench_bin))
    assert wait_json(client, fresh(udp=True), 5), client.describe()
    seen = len(client.stdout_snapshot())
    net.loss(100, "udp-out")
    assert wait_json(client, fresh(udp=False), 5, start=seen), f"states over the link meanwhile\n{client.describe()}"
    seen = len(client.stdout_snapshot())
    net.loss(0)
    assert wait_json(client, fresh(udp=True), 5, start=seen), f"back on UDP once sending works\n{client.describe()}"


def test_pong_falls_back_to_the_link_when_udp_is_dropped_and_still_finishes(net, snap_bin):
    """Issue 16: Pong between two `join --bot` players on host B against a host on A, with every
    UDP packet dropped from the start: the court and the paddles go over the connections, and the
    game reaches game over."""
    net.loss(100, "udp")
    host = net.start("A", str(snap_bin), "serve", "--game", "pong", "--points", "2", "--host", ADDRESS["A"], "--port", "0",
                     "--no-dnssd", "--no-bluetooth", "--no-web", label="pong-host")
    match = host.wait_stdout(r"^listening on [\d.]+:(\d+)$", 15)
    assert match, host.describe()
    players = []
    for name in ("Ann", "Bob"):
        player = net.start("B", str(snap_bin), "join", f"{ADDRESS['A']}:{match.group(1)}", "--player", name, "--bot", "--once",
                           "--log-level", "debug", label=f"join({name})")
        assert player.wait_stdout(rf"^connected to .* as {name} \(id \d+\)$", 15), player.describe()
        players.append(player)
    for player in players:
        assert player.wait_exit(120) == 0, player.describe()
        out = "\n".join(player.stdout_snapshot())
        err = "\n".join(player.stderr_snapshot())
        assert "game over: winner" in out, player.describe()
        assert "real-time states over the connection" in err and "real-time states over UDP" not in err, player.describe()
