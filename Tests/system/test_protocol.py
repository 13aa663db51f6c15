"""Conformance of the real host to docs/PROTOCOL.md: message shapes and exact bytes, framing
edge cases, version negotiation, deny precedence, name rules, heartbeats, shutdown."""

from __future__ import annotations

import base64
import signal
import socket
import struct
import uuid

import pytest

import snapclient
from harness import RecordingProxy, is_canonical, split_frames, wait_until
from snapclient import RawConnection, encode_frame, encode_message, encode_payload

CODE = "tiger-42x"


def _canonical(message: dict) -> bytes:
    return encode_frame(encode_payload(message))


def test_server_hello_fields_and_exact_encoding(start_host):
    host = start_host("--name", "Kitchen Pi", "--max-players", "5")
    with RawConnection(host.host, host.port) as first:
        hello = first.server_hello
        raw = bytes(first.received)
    assert set(hello) == {"type", "versions", "serverId", "name", "game", "nonce", "joinCodeRequired", "players",
                          "capacity", "maxFrame"}
    assert hello["versions"] == [1, 2, 3, 4]
    assert hello["name"] == "Kitchen Pi"
    assert hello["game"] == "lobby"
    assert hello["joinCodeRequired"] is False
    assert hello["players"] == 0 and hello["capacity"] == 5
    assert hello["maxFrame"] == 65536
    assert str(uuid.UUID(hello["serverId"])).upper() == hello["serverId"].upper()
    assert len(base64.b64decode(hello["nonce"], validate=True)) == 16
    # The bytes are exactly the canonical encoding: sorted keys, no spaces, one frame.
    assert raw == _canonical(hello)

    second = host.server_hello()
    assert second["serverId"] == hello["serverId"]  # stable for the run
    assert second["nonce"] != hello["nonce"]  # fresh per connection


def test_handshake_frames_are_canonical_and_welcome_is_complete(start_host):
    host = start_host("--name", "Kitchen Pi", "--join-code", CODE)
    with RawConnection(host.host, host.port) as conn:
        proof = conn.proof(CODE)
        hello_len = len(conn.received)
        answer = conn.handshake("Zoë/Ada", proof=proof)
        welcome_bytes = bytes(conn.received[hello_len:hello_len + 4 + struct.unpack(">I", conn.received[hello_len:hello_len + 4])[0]])
    assert answer == {"type": "welcome", "version": 1, "you": {"id": 1, "name": "Zoë/Ada"},
                      "host": {"id": 0, "name": "Kitchen Pi"}, "peers": [],
                      "heartbeatIntervalMs": 1000, "heartbeatTimeoutMs": 3000}
    # Canonical: sorted keys, no spaces, non-ASCII as raw UTF-8, "/" not escaped.
    assert welcome_bytes == _canonical(answer)
    assert "Zoë/Ada".encode("utf-8") in welcome_bytes


def test_swift_client_and_host_frames_are_canonical(start_host, start_join):
    # Clear text (--no-tls on both sides): the recording proxy reads the frames on the wire.
    host = start_host("--join-code", CODE, "--no-tls")
    proxy = RecordingProxy(host.port)
    try:
        join = start_join(proxy.port, "Ada", "--no-tls", join_code=CODE)
        assert join.wait_connected(15), join.describe()
        join.write_line("héllo / wörld")
        assert host.wait_stdout(r"^chat Ada: héllo / wörld$", 5), host.describe()
        assert wait_until(lambda: b'"pong"' in proxy.captures()[0]["c2s"] and b'"pong"' in proxy.captures()[0]["s2c"], 5)
        join.write_line("/quit")
        assert join.wait_exit(10) == 0, join.describe()
        assert wait_until(lambda: b'"bye"' in proxy.captures()[0]["c2s"], 5)
        capture = proxy.captures()[0]
    finally:
        proxy.close()
    for direction in ("c2s", "s2c"):
        stream = capture[direction]
        offset = 0
        while offset < len(stream):
            length = struct.unpack(">I", stream[offset:offset + 4])[0]
            payload = stream[offset + 4:offset + 4 + length]
            assert len(payload) == length, f"{direction}: truncated frame"
            message = snapclient.decode_payload(payload)
            assert is_canonical(message, payload), f"{direction}: not canonical: {payload!r}"
            offset += 4 + length
    types = [m["type"] for m in split_frames(capture["c2s"])[0]]
    assert types[0] == "clientHello" and types[-1] == "bye" and "app" in types and "pong" in types


def test_frames_may_be_split_and_coalesced(start_host, clients):
    host = start_host()
    observer = snapclient.Client(host.host, host.port, "obs")
    clients.append(observer)
    with RawConnection(host.host, host.port) as conn:
        hello = encode_message({"type": "clientHello", "version": 1, "name": "slow"})
        for byte in hello:  # one byte per segment
            conn.send_bytes(bytes([byte]))
        welcome = conn.recv_message(5)
        assert welcome["type"] == "welcome"
        # Three frames in one segment: ping, app, app.
        conn.send_bytes(encode_message({"type": "ping", "seq": 41, "sent": 123})
                        + encode_message({"type": "app", "to": [observer.id], "body": 1})
                        + encode_message({"type": "app", "to": [observer.id], "body": 2}))
        pong = None
        for _ in range(10):
            message = conn.recv_message(5)
            if message["type"] == "pong":
                pong = message
                break
        assert pong is not None and pong["seq"] == 41 and pong["sent"] == 123
        assert pong["replied"] >= pong["received"] > 0
        assert observer.wait_for(lambda: len(observer.apps) == 2, 5)
        assert [m["body"] for m in observer.apps] == [1, 2]


def test_unknown_members_are_ignored(start_host, clients):
    host = start_host()
    observer = snapclient.Client(host.host, host.port, "obs")
    clients.append(observer)
    with RawConnection(host.host, host.port) as conn:
        conn.send_message({"type": "clientHello", "version": 1, "name": "future", "color": "red", "proof": None})
        assert conn.recv_message(5)["type"] == "welcome"
        conn.send_message({"type": "app", "to": "all", "body": {"k": [1, "two"]}, "priority": 9})
        # A client cannot forge `from`: the host sets it from the connection.
        conn.send_message({"type": "app", "to": "all", "body": "forged", "from": 0})
        assert observer.wait_for(lambda: len(observer.apps) == 2, 5)
        assert observer.apps[0]["body"] == {"k": [1, "two"]}
        future_id = next(e["peer"]["id"] for e in observer.events if e["type"] == "joined")
        assert [m["from"] for m in observer.apps] == [future_id, future_id]


def test_version_negotiation(start_host, clients):
    host = start_host()
    # The client picks the highest common version.
    client = snapclient.Client(host.host, host.port, "multi", versions=(1, 2, 5))
    clients.append(client)
    assert client.client_hello["version"] == 2 and client.welcome["version"] == 2
    old = snapclient.Client(host.host, host.port, "old", versions=(1,))
    clients.append(old)
    assert old.welcome["version"] == 1 and "resumeToken" not in old.welcome
    # No common version: the client gives up before sending a hello.
    with pytest.raises(snapclient.Denied) as denied:
        snapclient.Client(host.host, host.port, "future", versions=(5,))
    assert denied.value.reason == "versionMismatch"
    # A hello with a version the host does not speak is denied.
    with RawConnection(host.host, host.port) as conn:
        answer = conn.handshake("future", version=5)
    assert answer == {"type": "deny", "reason": "versionMismatch", "detail": "version 5 is not spoken here (1, 2, 3, 4)"}


def test_version_2_keeps_a_dropped_seat_and_gives_it_back_for_the_token(start_host, clients):
    """docs/PROTOCOL.md, section 18, byte for byte: resumeToken, away, back, resumed; a version 1
    player hears of none of it; a spent or unknown token asks for a new seat."""
    host = start_host("--resume-grace", "2")
    ada = snapclient.Client(host.host, host.port, "Ada", versions=(1, 2))
    bob = snapclient.Client(host.host, host.port, "Bob", versions=(1, 2))
    old = snapclient.Client(host.host, host.port, "Cy", versions=(1,))
    clients.extend([bob, old])
    token = ada.welcome["resumeToken"]
    assert len(base64.b64decode(token)) == 16 and ada.welcome.get("resumed") is None
    assert bob.welcome["resumeToken"] != token
    ada.abort()  # the link drops, no bye
    away = {"type": "away", "peer": {"id": ada.id, "name": "Ada"}, "graceMs": 2000}
    assert bob.wait_for(lambda: away in bob.events, 5), bob.events
    assert host.players() == 3, "the seat is kept"
    again = snapclient.Client(host.host, host.port, "anything", versions=(1, 2), resume=token)
    clients.append(again)
    assert again.welcome["you"] == {"id": ada.id, "name": "Ada"}
    assert again.welcome["resumed"] is True and again.welcome["resumeToken"] == token
    assert sorted(peer["name"] for peer in again.welcome["peers"]) == ["Bob", "Cy"]
    assert bob.wait_for(lambda: {"type": "back", "peer": {"id": ada.id, "name": "Ada"}} in bob.events, 5), bob.events
    assert not any(event["type"] in ("away", "back", "left") for event in old.events), old.events
    # Dropped again, and not back within the grace period: gone, the token spent.
    again.abort()
    left = {"type": "left", "peer": {"id": ada.id, "name": "Ada"}, "reason": "connectionDropped"}
    assert old.wait_for(lambda: left in old.events, 6), old.events
    fresh = snapclient.Client(host.host, host.port, "Ada", versions=(1, 2), resume=token)
    clients.append(fresh)
    assert fresh.id != ada.id and "resumed" not in fresh.welcome


def test_version_4_names_the_listed_players_and_counts_the_others(start_host, clients):
    """docs/PROTOCOL.md, section 21: with two listed players, a version 4 player is named only
    those two and told how many there are; nobody of version 4 hears a later arrival or its
    leaving, while a version 1 player still hears of everyone; a listed player leaving frees
    its place in the list for the next to come."""
    host = start_host("--max-players", "8", "--listed-players", "2")
    ada = snapclient.Client(host.host, host.port, "Ada", versions=(1, 2, 3, 4))
    old = snapclient.Client(host.host, host.port, "Bob", versions=(1,))
    cy = snapclient.Client(host.host, host.port, "Cy", versions=(1, 2, 3, 4))
    clients.extend([ada, old, cy])
    assert ada.welcome["version"] == 4 and ada.welcome["players"] == 1 and ada.welcome["peers"] == []
    assert "players" not in old.welcome, "version 1 has no count"
    assert cy.welcome["peers"] == [{"id": ada.id, "name": "Ada"}, {"id": old.id, "name": "Bob"}]
    assert cy.welcome["players"] == 3
    dee = snapclient.Client(host.host, host.port, "Dee", versions=(1, 2, 3, 4))
    clients.append(dee)
    assert dee.welcome["peers"] == cy.welcome["peers"] and dee.welcome["players"] == 4
    # Bob (version 1) hears Cy and Dee arrive; Ada hears Bob only (listed), never Cy or Dee.
    assert old.wait_for(lambda: [e["peer"]["name"] for e in old.events if e["type"] == "joined"] == ["Cy", "Dee"], 5), old.events
    dee.close()
    assert old.wait_for(lambda: any(e["type"] == "left" and e["peer"]["name"] == "Dee" for e in old.events), 5), old.events
    assert [e["peer"]["name"] for e in ada.events] == ["Bob"], ada.events
    assert cy.events == [], cy.events
    # Bob leaves: everyone hears it (he was listed), and the next to come takes his place.
    old.close()
    assert ada.wait_for(lambda: any(e["type"] == "left" and e["peer"]["name"] == "Bob" for e in ada.events), 5), ada.events
    assert cy.wait_for(lambda: any(e["type"] == "left" and e["peer"]["name"] == "Bob" for e in cy.events), 5), cy.events
    eve = snapclient.Client(host.host, host.port, "Eve", versions=(1, 2, 3, 4))
    clients.append(eve)
    assert eve.welcome["peers"] == [{"id": ada.id, "name": "Ada"}] and eve.welcome["players"] == 3
    assert cy.wait_for(lambda: any(e["type"] == "joined" and e["peer"]["name"] == "Eve" for e in cy.events), 5), cy.events


def test_deny_precedence(start_host, clients):
    host = start_host("--max-players", "1", "--join-code", CODE)
    clients.append(snapclient.Client(host.host, host.port, "Ada", join_code=CODE))
    assert host.players() == 1

    def deny(name: str, version: int = 1, proof: str | None = None, good_proof: bool = False) -> dict:
        with RawConnection(host.host, host.port) as conn:
            if good_proof:
                proof = conn.proof(CODE)
            answer = conn.handshake(name, version=version, proof=proof)
            assert answer["type"] == "deny", answer
            _, eof = conn.read_until_eof(3)
            assert eof
            return answer

    # versionMismatch beats a bad name, a missing proof and a full host.
    assert deny("", version=7)["reason"] == "versionMismatch"
    # badHello (name) beats a missing proof and a full host.
    assert deny("")["reason"] == "badHello"
    # badHello (malformed proof) beats a full host.
    assert deny("Bob", proof="!!")["reason"] == "badHello"
    # wrongJoinCode beats full.
    assert deny("Bob")["reason"] == "wrongJoinCode"
    assert deny("Bob", proof=snapclient.join_proof("other", bytes(16)))["reason"] == "wrongJoinCode"
    # full beats nameTaken.
    answer = deny("ada", good_proof=True)
    assert answer == {"type": "deny", "reason": "full", "detail": "the game is full (1 of 1 players)"}


def test_name_taken_is_case_insensitive_and_names_a_free_variant(start_host, clients):
    host = start_host()
    clients.append(snapclient.Client(host.host, host.port, "Ada"))
    with pytest.raises(snapclient.Denied) as denied:
        snapclient.Client(host.host, host.port, " ADA ")
    assert denied.value.reason == "nameTaken"
    assert denied.value.detail == 'another player is already called ADA; "ADA 2" is free'
    assert denied.value.suggestion == "ADA 2"
    assert host.players() == 1
    # The suggestion is free: taking it is admitted; the next one asked for is "Ada 3", the
    # member sorted among the others (canonical bytes).
    clients.append(snapclient.Client(host.host, host.port, "ADA 2"))
    with RawConnection(host.host, host.port) as conn:
        answer = conn.handshake("ada")
        _, eof = conn.read_until_eof(3)
        raw = bytes(conn.received)
    assert eof
    assert answer == {"type": "deny", "reason": "nameTaken", "suggestion": "ada 3",
                      "detail": 'another player is already called ada; "ada 3" is free'}
    assert raw.endswith(_canonical(answer))


@pytest.mark.parametrize("name, detail", [
    ("👩‍💻" * 6, "player name: 6 characters / 66 bytes, the limit is 32 characters and 64 bytes"),
    ("a\u200bb", "player name: must not contain control characters"),  # zero-width space (Cf)
    ("a\ufffdb", "player name: must not contain control characters"),
    ("line\u2028sep", "player name: must not contain control characters"),
])
def test_bad_names(start_host, name, detail):
    host = start_host()
    with pytest.raises(snapclient.Denied) as denied:
        snapclient.Client(host.host, host.port, name)
    assert denied.value.reason == "badHello"
    assert denied.value.detail == detail


def test_client_bye_server_quit_is_announced_as_user_quit(start_host, clients):
    host = start_host()
    observer = snapclient.Client(host.host, host.port, "obs")
    clients.append(observer)
    leaver = snapclient.Client(host.host, host.port, "odd")
    leaver.close(reason="serverQuit")
    assert observer.wait_for(lambda: any(e["type"] == "left" for e in observer.events), 5)
    assert observer.events[-1] == {"type": "left", "peer": {"id": leaver.id, "name": "odd"}, "reason": "userQuit"}


def test_shutdown_denies_connections_still_in_the_handshake(start_host):
    host = start_host()
    assert host.wait_sigterm_handled(5)
    with RawConnection(host.host, host.port) as conn:
        host.send_signal(signal.SIGTERM)
        messages, eof = conn.read_until_eof(5)
    assert eof
    assert messages == [{"type": "deny", "reason": "inProgress", "detail": "the host is shutting down"}]
    assert host.wait_exit(10) == 0


def test_join_unreachable_host_is_no_network(start_join):
    with socket.socket() as probe:  # a port with nobody listening
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    join = start_join(port, "lonely")
    assert join.wait_exit(15) == 4, join.describe()
    # One sentence, the system's words once: no call name, no errno number, no address twice.
    assert join.stderr_snapshot() == ["disconnected: noNetwork", f"  cannot reach 127.0.0.1:{port}: connection refused"], join.describe()


def test_a_relay_that_would_exceed_max_frame_closes_only_its_sender(start_host, start_join, clients):
    """A client may send an app frame of exactly maxFrame bytes, but the host forwards it with
    `from` instead of `to`; when the sender's id has more digits than the recipient list, the
    forwarded frame would be larger than maxFrame. The host never sends such a frame (its
    recipients, which refuse frames over maxFrame, would be disconnected for something they did
    not do): it closes the sender with `bye protocolError` instead (docs/PROTOCOL.md)."""
    host = start_host("--max-players", "20")
    recipient = snapclient.Client(host.host, host.port, "recipient")  # id 1
    cli_recipient = start_join(host.port, "cli")  # id 2, the Swift client
    assert cli_recipient.wait_connected(15), cli_recipient.describe()
    clients.append(recipient)
    for i in range(7):  # burn ids 3..9
        snapclient.Client(host.host, host.port, f"burn{i}").close()
    sender = snapclient.Client(host.host, host.port, "sender")
    clients.append(sender)
    assert sender.id == 10
    padding = 65536 - len(encode_payload({"type": "app", "to": [recipient.id], "body": ""}))
    message = {"type": "app", "to": [recipient.id], "body": "x" * padding}
    assert len(encode_payload(message)) == 65536  # "to":[1] is one byte shorter than "from":10
    sender.send(message)
    assert sender.wait_ended(5), "the host relayed a frame larger than maxFrame or ignored it"
    assert sender.end_reason == "protocolError" and "once relayed exceeds" in (sender.end_detail or ""), (
        sender.end_reason, sender.end_detail)
    assert host.wait_stderr(r"once relayed exceeds the 65536-byte limit", 5)
    # Nobody else is affected: both recipients stay and still get messages.
    other = snapclient.Client(host.host, host.port, "other")
    clients.append(other)
    other.send_app("marker", to=[recipient.id, cli_recipient_id(cli_recipient)])
    assert recipient.wait_for(lambda: recipient.ended or "marker" in recipient.app_bodies(), 5)
    assert not recipient.ended, f"recipient dropped: {recipient.end_reason} ({recipient.end_detail})"
    assert cli_recipient.wait_exit(1.0) is None, cli_recipient.describe()


def cli_recipient_id(join) -> int:
    return int(join.wait_stdout(r"^connected to .* \(id (\d+)\)$", 5).group(1))


def test_host_prints_chat_of_a_player_who_leaves_right_after(start_host):
    """A chat line sent just before the bye (in the same TCP segment) was sent while the player
    was present: the host must print it with the player's name. Twenty players at once, because
    the lobby's handling of messages and leaves is a race."""
    host = start_host("--max-players", "20")
    names = [f"Quick{i}" for i in range(20)]
    connections = []
    try:
        for name in names:
            conn = RawConnection(host.host, host.port)
            connections.append(conn)
            assert conn.handshake(name)["type"] == "welcome"
        for name, conn in zip(names, connections):
            conn.send_bytes(encode_message({"type": "app", "to": [0], "body": {"kind": "chat", "text": f"bye from {name}"}})
                            + encode_message({"type": "bye", "reason": "userQuit"}))
        for conn in connections:  # the bye has the host close; nothing is left unread
            _, eof = conn.read_until_eof(5)
            assert eof
    finally:
        for conn in connections:
            conn.close()
    assert host.wait_players(0, 5)
    assert wait_until(lambda: sum(line.startswith("chat ") for line in host.stdout_snapshot()) == 20, 5), host.describe()
    chat = sorted(line for line in host.stdout_snapshot() if line.startswith("chat "))
    assert chat == sorted(f"chat {name}: bye from {name}" for name in names)


def test_ipv6_listen_and_join(snap_bin, processes, clients):
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        pytest.skip("no IPv6 loopback here")
    from harness import JoinProcess, Proc
    host = processes.add(Proc([str(snap_bin), "serve", "--port", "0", "--host", "::1", "--no-dnssd", "--no-bluetooth"],
                              "host6"))
    match = host.wait_stdout(r"^listening on \[::1\]:(\d+)$", 15)
    assert match, host.describe()
    port = int(match.group(1))
    client = snapclient.Client("::1", port, "six")
    clients.append(client)
    join = processes.add(JoinProcess(snap_bin, port, "cli6", host="[::1]"))
    assert join.wait_connected(15), join.describe()
    assert client.wait_for(lambda: "cli6" in client.peers.values(), 5)
