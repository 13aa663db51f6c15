"""DNS-SD discovery between two real hosts: network namespaces with their own avahi-daemon
(scripts/testbed-mdns). Issue 3's "Must show"."""

from __future__ import annotations

import signal
import subprocess
import time
import uuid

import pytest

from harness import require_root, wait_until
from mdns_testbed import Lan, json_lines, wait_json


@pytest.fixture(scope="module")
def lan(tmp_path_factory, snap_bin):
    require_root("the mDNS test bed needs root (network namespaces)")
    bed = Lan(tmp_path_factory.mktemp("mdns"), snap_bin)
    bed.up()
    yield bed
    bed.down()


@pytest.fixture
def net(lan):
    yield lan
    lan.stop_all()
    lan.avahi("A", "start")  # tests that stop it leave it running again (start is a no-op if running)


def watch(net, host="B"):
    return net.snap(host, "browse", "--watch", "--json")


def named(name, event=None):
    return lambda o: o.get("name") == name and (event is None or o.get("event") == event)


def test_host_is_listed_with_its_fields_joined_by_name_and_player_counts_follow(net):
    watcher = watch(net)
    time.sleep(0.3)  # the browser's first query is not what is measured; the host's announcement is
    host = net.serve("A", "--name", "Kitchen Pi", "--max-players", "4")
    listening_at = time.monotonic()
    found = wait_json(watcher, named("Kitchen Pi", "found"), 5)
    assert found, watcher.describe()
    assert time.monotonic() - listening_at < 2.0
    assert found["game"] == "lobby" and found["players"] == 0 and found["capacity"] == 4
    assert found["transports"] == ["dnssd"] and found["state"] == "lobby" and found["joinCode"] is False
    assert found["tls"] == host.fingerprint  # the key it printed, from its TXT record
    uuid.UUID(found["id"])
    # IPv4 and IPv6 resolve separately: the entry gains the other address as an update.
    with_ipv4 = wait_json(watcher, lambda o: o.get("name") == "Kitchen Pi" and o.get("join") == host.address, 5)
    assert with_ipv4 and with_ipv4["id"] == found["id"], watcher.describe()
    assert time.monotonic() - listening_at < 2.0

    listing = net.run("B", str(net.binary), "browse", "--json", "--timeout", "2")
    assert listing.returncode == 0
    assert any('"name":"Kitchen Pi"' in line and f'"join":"{host.address}"' in line for line in listing.stdout.splitlines()), listing

    seen = len(watcher.stdout_snapshot())
    player = net.snap("B", "join", "Kitchen Pi", "--player", "Bo", "--bot")  # over TLS, pinned to the TXT key
    assert player.wait_stdout(r"^connected to Kitchen Pi as Bo", 10), player.describe()
    joined_at = time.monotonic()
    assert wait_json(watcher, lambda o: o.get("name") == "Kitchen Pi" and o.get("players") == 1, 5, start=seen), watcher.describe()
    assert time.monotonic() - joined_at < 2.0

    seen = len(watcher.stdout_snapshot())
    player.send_signal(signal.SIGTERM)
    assert player.wait_exit(5) == 0
    left_at = time.monotonic()
    assert wait_json(watcher, lambda o: o.get("name") == "Kitchen Pi" and o.get("players") == 0, 5, start=seen), watcher.describe()
    assert time.monotonic() - left_at < 2.0


def avahi_resolved(net, service_type: str, escaped_name: str) -> list[str]:
    """`avahi-browse` on B: the resolved lines of `escaped_name` (spaces as `\\032`) on A, waited for."""
    def lines():
        # `avahi-browse -rt` waits for every resolver it started; one that stalls (seen once in
        # CI) holds it past any deadline, so a slow call counts as "not yet" and is asked again.
        try:
            out = net.run("B", "avahi-browse", "-rpt", service_type, timeout=5).stdout
        except subprocess.TimeoutExpired:
            return []
        return [l for l in out.splitlines() if l.startswith("=") and escaped_name in l and "10.77.0.1" in l]
    return wait_until(lines, 20) or []


def test_avahi_tools_see_our_host_and_we_see_theirs(net):
    host = net.serve("A", "--name", "Interop Host")
    lines = avahi_resolved(net, "_snap._tcp", "Interop\\032Host")
    assert lines, "avahi-browse on B did not resolve our host"
    assert '"game=lobby"' in lines[0] and '"proto=1"' in lines[0] and f";{host.port};" in lines[0]
    assert f'"udp={host.port}"' in lines[0], "the real-time channel's UDP port (the TCP port's number)"
    assert f'"tls={host.fingerprint}"' in lines[0], "the TLS key the host printed"

    server_id = str(uuid.uuid4())
    net.start("A", "avahi-publish", "-s", "Published By Avahi", "_snap._tcp", "7100", f"id={server_id}", "game=trivia",
              "proto=1", "players=2", "cap=6", "state=lobby", "code=1")
    watcher = watch(net)
    found = wait_json(watcher, named("Published By Avahi", "found"), 10)
    assert found, watcher.describe()
    assert found["id"] == server_id and found["players"] == 2 and found["capacity"] == 6 and found["joinCode"] is True
    assert wait_json(watcher, lambda o: o.get("name") == "Published By Avahi" and o.get("join") == "10.77.0.1:7100", 5)


def test_the_phone_page_is_advertised_as_http_with_the_same_name_and_opens_from_the_other_host(net):
    host = net.serve("A", "--name", "Web Host", "--web-port", "0")
    web_port = int(host.proc.wait_stdout(r"^web on \S+:(\d+)$", 10).group(1))
    printed = host.proc.wait_stdout(r"^join at (http://10\.77\.0\.1:\d+/) ", 5)
    assert printed, host.proc.describe()
    lines = avahi_resolved(net, "_http._tcp", "Web\\032Host")
    assert lines, "avahi-browse on B did not resolve the host's web page"
    assert f";{web_port};" in lines[0] and '"path=/"' in lines[0], lines[0]
    page = net.run("B", "python3", "-c", f"import urllib.request; print(urllib.request.urlopen('{printed.group(1)}', timeout=5).read().decode())")
    assert "Join the game" in page.stdout, page.stderr


def test_two_hosts_with_one_name_are_both_advertised_one_renamed_both_joinable(net):
    watcher = watch(net)
    first = net.serve("A", "--name", "Twin")
    assert wait_json(watcher, named("Twin", "found"), 10), watcher.describe()
    second = net.serve("B", "--name", "Twin")
    # mDNS conflict resolution picks the loser; whichever it is renames itself and says so.
    assert wait_json(watcher, named("Twin #2", "found"), 10), watcher.describe()
    renamed = [h for h in (first, second) if h.proc.wait_stderr(r"from=Twin to=Twin #2.*renamed", 0.5)]
    assert len(renamed) == 1, first.proc.describe() + second.proc.describe()
    ids = {o["id"] for o in json_lines(watcher) if o.get("event") == "found" and o["name"] in ("Twin", "Twin #2")}
    assert len(ids) == 2
    for name in ("Twin", "Twin #2"):
        player = net.snap("B", "join", name, "--player", f"P{len(name)}", "--bot")
        match = player.wait_stdout(rf"^connected to {name} as P{len(name)}", 10)
        assert match, player.describe()  # the renamed host also greets players by its new name
    assert first.proc.running and second.proc.running


def test_a_stopped_host_leaves_within_2s_and_a_killed_one_within_10s(net):
    watcher = watch(net)
    host = net.serve("A", "--name", "Leaves Cleanly")
    assert wait_json(watcher, named("Leaves Cleanly", "found"), 10), watcher.describe()
    host.proc.send_signal(signal.SIGTERM)
    assert host.proc.wait_exit(5) == 0
    stopped_at = time.monotonic()
    assert wait_json(watcher, named("Leaves Cleanly", "lost"), 5), watcher.describe()
    assert time.monotonic() - stopped_at < 2.0

    host = net.serve("A", "--name", "Gets Killed")
    assert wait_json(watcher, named("Gets Killed", "found"), 10), watcher.describe()
    host.proc.send_signal(signal.SIGKILL)
    killed_at = time.monotonic()
    assert wait_json(watcher, named("Gets Killed", "lost"), 12), watcher.describe()
    assert time.monotonic() - killed_at < 10.0


def test_a_host_that_vanishes_without_any_goodbye_is_dropped_by_the_liveness_probe(net):
    watcher = watch(net)
    host = net.serve("A", "--name", "Power Cut")
    assert wait_json(watcher, named("Power Cut", "found"), 10), watcher.describe()
    # No goodbye at all: the daemon dies first (kill -9 sends nothing), then the host.
    net.run("A", "sh", "-c", "kill -9 $(cat /run/avahi-daemon/pid)")
    host.proc.send_signal(signal.SIGKILL)
    gone_at = time.monotonic()
    lost = wait_json(watcher, named("Power Cut", "lost"), 12)
    assert lost, watcher.describe()
    assert lost["reason"] == "unreachable"
    assert time.monotonic() - gone_at < 10.0


def test_the_host_is_listed_again_after_avahi_daemon_restarts(net):
    host = net.serve("A", "--name", "Survivor")
    watcher = watch(net)
    assert wait_json(watcher, named("Survivor", "found"), 10), watcher.describe()
    net.avahi("A", "stop")
    assert wait_json(watcher, named("Survivor", "lost"), 5), watcher.describe()
    seen = len(watcher.stdout_snapshot())
    net.avahi("A", "start")
    restarted_at = time.monotonic()
    assert wait_json(watcher, named("Survivor", "found"), 6, start=seen), watcher.describe()
    assert time.monotonic() - restarted_at < 5.0
    # Live TXT updates work on the new registration.
    seen = len(watcher.stdout_snapshot())
    player = net.snap("B", "join", host.address, "--player", "After", "--bot")
    assert player.wait_stdout(r"^connected to Survivor", 10), player.describe()
    assert wait_json(watcher, lambda o: o.get("name") == "Survivor" and o.get("players") == 1, 5, start=seen), watcher.describe()
    assert host.proc.running


def test_bad_records_are_reported_as_incompatible_without_hurting_the_browser(net):
    good_id = str(uuid.uuid4())
    base = {"id": good_id, "game": "trivia", "proto": "1", "players": "1", "cap": "4", "state": "lobby", "code": "0"}
    records = {
        "Bad Missing": {k: v for k, v in base.items() if k != "players"} | {"id": str(uuid.uuid4())},
        "Bad Long": base | {"id": str(uuid.uuid4()), "game": "g" * 200},
        "Bad Number": base | {"id": str(uuid.uuid4()), "players": "many"},
        "Bad Version": base | {"id": str(uuid.uuid4()), "proto": "9"},
        "Good One": base,
    }
    watcher = watch(net)
    for name, txt in records.items():
        net.start("A", "avahi-publish", "-s", name, "_snap._tcp", "7200", *[f"{k}={v}" for k, v in txt.items()])
    reasons = {
        "Bad Missing": "players is missing",
        "Bad Long": "game:",
        "Bad Number": "players",
        "Bad Version": "protocol version 9",
    }
    for name, fragment in reasons.items():
        report = wait_json(watcher, lambda o, n=name: o.get("event") == "incompatible" and o.get("name") == n, 10)
        assert report, f"{name}: no incompatible report\n{watcher.describe()}"
        assert fragment in report["reason"], report
    assert wait_json(watcher, named("Good One", "found"), 10), watcher.describe()
    assert watcher.running


def test_without_avahi_daemon_the_host_says_how_to_start_it_serves_anyway_and_advertises_once_it_runs(net):
    net.avahi("A", "stop")
    host = net.serve("A", "--name", "Patient Host")
    assert host.proc.wait_stderr(r"avahi-daemon not reachable.*systemctl start avahi-daemon", 5), host.proc.describe()
    player = net.snap("B", "join", host.address, "--player", "Direct", "--bot")
    assert player.wait_stdout(r"^connected to Patient Host as Direct", 10), player.describe()
    watcher = watch(net)
    net.avahi("A", "start")
    started_at = time.monotonic()
    found = wait_json(watcher, named("Patient Host", "found"), 6)
    assert found, watcher.describe()
    assert time.monotonic() - started_at < 5.0
    assert found["players"] == 1


def test_join_by_name_takes_only_the_advertised_key_and_a_clear_text_host_only_with_no_tls(net):
    host = net.serve("A", "--name", "Keyed Host")
    # Another record for the same address and port, with another key: an impostor's
    # advertisement, or a host whose record went stale. join pins the key of the record it
    # finds, so the real host's key is refused.
    impostor_key = "ab" * 32
    net.start("A", "avahi-publish", "-s", "Keyed Impostor", "_snap._tcp", str(host.port), f"id={uuid.uuid4()}",
              "game=lobby", "proto=1", "players=0", "cap=8", "state=lobby", "code=0", f"tls={impostor_key}")
    fooled = net.snap("B", "join", "Keyed Impostor", "--player", "Ivy", "--bot")
    assert fooled.wait_exit(15) == 4, fooled.describe()
    assert any(f"shows TLS key {' '.join(host.fingerprint[i:i + 4] for i in range(0, 16, 4))}…, not the key advertised "
               "on the LAN (abab abab abab abab…)" in line for line in fooled.stderr_snapshot()), fooled.describe()
    joined = net.snap("B", "join", "Keyed Host", "--player", "Kim", "--bot")
    assert joined.wait_stdout(r"^connected to Keyed Host as Kim", 10), joined.describe()

    plain = net.serve("A", "--name", "Plain Host", "--no-tls")
    assert plain.fingerprint is None
    watcher = watch(net)
    found = wait_json(watcher, named("Plain Host", "found"), 10)
    assert found and found["tls"] is None, watcher.describe()
    refused = net.snap("B", "join", "Plain Host", "--player", "Pat", "--bot")
    assert refused.wait_exit(15) == 4, refused.describe()
    assert any("Plain Host speaks only clear text (started with --no-tls, or an older snap-host); join with --no-tls "
               "to play it without encryption" in line for line in refused.stderr_snapshot()), refused.describe()
    clear = net.snap("B", "join", "Plain Host", "--player", "Pat", "--bot", "--no-tls")
    assert clear.wait_stdout(r"^connected to Plain Host as Pat", 10), clear.describe()
