"""Bad input closes only the offending connection, with a deny/bye and a logged reason, while two
legitimate players keep exchanging messages; afterwards no slot and no file descriptor leaks.

The tests in this module share one host (module scope) and run in file order; the last one
checks that players and file descriptors are back to the baseline."""

from __future__ import annotations

import random
import socket
import struct
import threading
import time

import pytest

import snapclient
from harness import HostProcess, snap_host_binary, wait_until
from snapclient import RawConnection, encode_frame, encode_message

HANDSHAKE_TIMEOUT_MS = 1000


class Chatter:
    """Two players sending each other numbered app messages until stopped."""

    def __init__(self, a: snapclient.Client, b: snapclient.Client, period: float = 0.01):
        self.a, self.b = a, b
        self.period = period
        self.sent = {a.id: 0, b.id: 0}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.error: BaseException | None = None
        self._thread.start()

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                for sender, receiver in ((self.a, self.b), (self.b, self.a)):
                    sender.send_app({"n": self.sent[sender.id]}, to=[receiver.id])
                    self.sent[sender.id] += 1
                self._stop.wait(self.period)
        except BaseException as error:  # noqa: BLE001 - reported by check()
            self.error = error

    def received(self, client: snapclient.Client, sender: snapclient.Client) -> list[int]:
        return [body["n"] for body in client.app_bodies(sender.id)]

    def counts(self) -> tuple[int, int]:
        return len(self.received(self.b, self.a)), len(self.received(self.a, self.b))

    def check(self) -> None:
        """Everything received so far arrived exactly once, in order, from the right sender."""
        assert self.error is None, (f"chatter could not send: {self.error!r}; Alice ended {self.a.end_reason} ({self.a.end_detail}),"
                                    f" Bob ended {self.b.end_reason} ({self.b.end_detail}); the host said: {self.host_said()}")
        for client, sender in ((self.b, self.a), (self.a, self.b)):
            numbers = self.received(client, sender)
            assert numbers == list(range(len(numbers))), "app messages lost, duplicated or reordered"
            assert all(m.get("from") == sender.id for m in client.apps)
        assert not self.a.ended and not self.b.ended, (self.a.end_reason, self.b.end_reason)

    def host_said(self) -> list[str]:
        """The host's log lines about the two players' connections (when it closed one, why)."""
        host = getattr(self, "host", None)
        if host is None:
            return []
        ports = {f":{c.local_port}" for c in (self.a, self.b) if getattr(c, "local_port", None)}
        return [line for line in host.stderr_snapshot() if any(port in line for port in ports)][-6:]

    def assert_progress(self, since: tuple[int, int], timeout: float = 3.0) -> None:
        """Both directions received more messages than at `since`."""
        ok = wait_until(lambda: all(now > then for now, then in zip(self.counts(), since)), timeout)
        assert ok, (f"app messages stopped flowing: {since} -> {self.counts()}; Alice ended {self.a.end_reason} ({self.a.end_detail}),"
                    f" Bob ended {self.b.end_reason} ({self.b.end_detail}); the host said: {self.host_said()}")
        self.check()

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)


class Arena:
    def __init__(self) -> None:
        # A long heartbeat timeout: the two players' Python threads may go unscheduled for seconds
        # while a test opens 200 TLS links on a busy machine, and this suite is about bad input,
        # not liveness (a dropped player here is a starved client, not a host that gave up on it).
        self.host = HostProcess(snap_host_binary(), "--handshake-timeout", str(HANDSHAKE_TIMEOUT_MS), "--max-players", "8",
                                "--heartbeat-timeout", "30000")
        self.a = snapclient.Client(self.host.host, self.host.port, "Alice")
        self.b = snapclient.Client(self.host.host, self.host.port, "Bob")
        assert self.a.wait_for(lambda: any(e["type"] == "joined" for e in self.a.events), 5)
        # Baselines, with the two legitimate players connected and nothing else.
        self.baseline_fds = self.stable_fd_count()
        self.baseline_fd_list = self.host.fd_list()
        self.baseline_players = self.host.players()
        for client in (self.a, self.b):
            client.local_port = client.sock.getsockname()[1]
        self.chatter = Chatter(self.a, self.b)
        self.chatter.host = self.host
        self.chatter.assert_progress((0, 0), timeout=5)

    def stable_fd_count(self, timeout: float = 5.0) -> int:
        """The host's fd count once it has been the same for 0.3 s."""
        deadline = time.monotonic() + timeout
        last, since = self.host.fd_count(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.host.fd_count()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= 0.3:
                return now
        return last

    def close(self) -> None:
        self.chatter.stop()
        self.a.close()
        self.b.close()
        self.host.stop()


@pytest.fixture(scope="module")
def arena():
    if not snap_host_binary().exists():
        pytest.fail(f"snap-host binary not found at {snap_host_binary()}")
    arena = Arena()
    yield arena
    arena.close()


def attack(arena: Arena, send, *, reason: str, deny_detail: str | None = None, expect_deny: bool = True,
           reason_prefix: bool = False) -> list[dict]:
    """Opens a raw connection, reads the serverHello, runs `send(conn)`, then asserts the host
    closes the connection (EOF), with a `deny badHello` first when `expect_deny`, that the host
    logs `connection closed` with `reason`, and that the legitimate players were not disturbed."""
    host = arena.host
    progress = arena.chatter.counts()
    logged_before = _count_reason(host, reason, reason_prefix)
    conn = RawConnection(host.host, host.port)
    try:
        send(conn)
        messages, eof = conn.read_until_eof(timeout=5)
    finally:
        conn.close()
    assert eof, f"the host did not close the connection; got {messages}"
    if expect_deny:
        assert messages, "no deny before the host closed"
        assert messages[0]["type"] == "deny" and messages[0]["reason"] == "badHello", messages
        if deny_detail is not None:
            assert messages[0]["detail"] == deny_detail, messages
        assert len(messages) == 1, f"frames after the deny: {messages}"
    assert wait_until(lambda: _count_reason(host, reason, reason_prefix) > logged_before, 5), (
        f"no 'connection closed' with reason={reason!r} in the host's log:\n" + "\n".join(host.stderr_snapshot()[-15:]))
    assert host.running
    arena.chatter.assert_progress(progress)
    return messages


def _count_reason(host: HostProcess, reason: str, prefix: bool) -> int:
    if not prefix:
        return host.count_closed(reason)
    return sum(1 for line in host.stderr_snapshot() if line.endswith("connection closed") and f"reason={reason}" in line)


# -- before admission ---------------------------------------------------------------------------


def test_random_bytes(arena):
    data = bytearray(random.Random(20261122).randbytes(4096))
    data[0] |= 0x80  # the first four bytes are read as a length prefix: make it far over the cap
    length = struct.unpack(">I", bytes(data[:4]))[0]
    reason = f"frame of {length} bytes exceeds the 65536-byte limit"
    attack(arena, lambda c: c.send_bytes(bytes(data)), reason=reason, deny_detail=reason)


def test_random_payload_in_a_valid_frame(arena):
    payload = bytearray(random.Random(7).randbytes(300))
    payload[10] = 0xFF  # never valid UTF-8
    attack(arena, lambda c: c.send_payload(bytes(payload)), reason="frame payload is not valid UTF-8",
           deny_detail="frame payload is not valid UTF-8")


def test_length_prefix_over_the_cap_is_refused_at_once(arena):
    # Only the prefix: the host must refuse it without waiting for 1 MiB of payload (if it waited,
    # the handshake timeout would close the connection with a different reason).
    reason = "frame of 1048576 bytes exceeds the 65536-byte limit"
    attack(arena, lambda c: c.send_bytes(b"\x00\x10\x00\x00"), reason=reason, deny_detail=reason)


def test_length_one_over_the_cap(arena):
    reason = "frame of 65537 bytes exceeds the 65536-byte limit"
    attack(arena, lambda c: c.send_bytes(struct.pack(">I", 65537) + b"{" * 100), reason=reason, deny_detail=reason)


def test_empty_frame(arena):
    attack(arena, lambda c: c.send_bytes(b"\x00\x00\x00\x00"), reason="empty frame (length 0)",
           deny_detail="empty frame (length 0)")


def test_truncated_frame_then_close(arena):
    host = arena.host
    reason = "connection closed inside a frame (14 of 104 bytes)"
    progress = arena.chatter.counts()
    before = host.count_closed(reason)
    with RawConnection(host.host, host.port) as conn:
        conn.send_bytes(struct.pack(">I", 100) + b'{"type":"c')
    assert wait_until(lambda: host.count_closed(reason) > before, 5), "\n".join(host.stderr_snapshot()[-10:])
    arena.chatter.assert_progress(progress)


def test_ping_before_client_hello(arena):
    detail = "ping is not allowed while awaiting clientHello"
    attack(arena, lambda c: c.send_message({"type": "ping", "seq": 0, "sent": 1}), reason=detail, deny_detail=detail)


def test_welcome_before_client_hello(arena):
    welcome = {"type": "welcome", "version": 1, "you": {"id": 7, "name": "me"}, "host": {"id": 0, "name": "h"},
               "peers": [], "heartbeatIntervalMs": 1000, "heartbeatTimeoutMs": 3000}
    detail = "welcome is not allowed while awaiting clientHello"
    attack(arena, lambda c: c.send_message(welcome), reason=detail, deny_detail=detail)


def test_unknown_type_before_client_hello(arena):
    detail = 'unknown message type "hello"'
    attack(arena, lambda c: c.send_message({"type": "hello", "name": "x"}), reason=detail, deny_detail=detail)


def test_not_json(arena):
    messages = attack(arena, lambda c: c.send_payload(b"hello, host"), reason="malformed message:", reason_prefix=True)
    assert messages[0]["detail"].startswith("malformed message:")


def test_client_hello_missing_name(arena):
    detail = "malformed message: missing name"
    attack(arena, lambda c: c.send_message({"type": "clientHello", "version": 1}), reason=detail, deny_detail=detail)


def test_empty_player_name(arena):
    attack(arena, lambda c: c.send_message({"type": "clientHello", "version": 1, "name": ""}),
           reason="denied badHello", deny_detail="player name: must not be empty (1-32 characters)")


def test_blank_player_name(arena):
    attack(arena, lambda c: c.send_message({"type": "clientHello", "version": 1, "name": " \t "}),
           reason="denied badHello", deny_detail="player name: must not be empty (1-32 characters)")


def test_33_character_name(arena):
    attack(arena, lambda c: c.send_message({"type": "clientHello", "version": 1, "name": "x" * 33}),
           reason="denied badHello",
           deny_detail="player name: 33 characters / 33 bytes, the limit is 32 characters and 64 bytes")


def test_name_with_invalid_utf8(arena):
    payload = b'{"name":"bad\xff\xfename","type":"clientHello","version":1}'
    attack(arena, lambda c: c.send_payload(payload), reason="frame payload is not valid UTF-8",
           deny_detail="frame payload is not valid UTF-8")


def test_name_with_control_character(arena):
    attack(arena, lambda c: c.send_message({"type": "clientHello", "version": 1, "name": "bell\u0007"}),
           reason="denied badHello", deny_detail="player name: must not contain control characters")


# -- after admission ----------------------------------------------------------------------------


def _admitted_attack(arena: Arena, name: str, violation: bytes, detail: str) -> None:
    """Admits a raw client, then sends `violation`: the host must answer `bye protocolError`
    with `detail`, close, and tell the others `left protocolError`."""
    host = arena.host
    progress = arena.chatter.counts()
    before = host.count_closed(detail)
    events_before = {id(arena.a): len(arena.a.events), id(arena.b): len(arena.b.events)}
    with RawConnection(host.host, host.port) as conn:
        welcome = conn.handshake(name)
        assert welcome["type"] == "welcome", welcome
        my_id = welcome["you"]["id"]
        conn.send_bytes(violation)
        messages, eof = conn.read_until_eof(timeout=5)
    assert eof, f"the host did not close the connection; got {messages}"
    byes = [m for m in messages if m["type"] == "bye"]
    assert byes == [{"type": "bye", "reason": "protocolError", "detail": detail}], messages
    assert messages[-1]["type"] == "bye", "frames after the bye"
    assert set(m["type"] for m in messages) <= {"ping", "pong", "bye"}, messages
    assert wait_until(lambda: host.count_closed(detail) > before, 5), "\n".join(host.stderr_snapshot()[-10:])
    for observer in (arena.a, arena.b):
        assert observer.wait_for(lambda: any(
            e["type"] == "left" and e["peer"]["id"] == my_id for e in observer.events[events_before[id(observer)]:]), 5), (
            f"{observer.name} did not hear that {name} left; it ended {observer.end_reason} ({observer.end_detail});"
            f" the host said: {arena.chatter.host_said()}")
        left = [e for e in observer.events if e["type"] == "left" and e["peer"]["id"] == my_id]
        assert left == [{"type": "left", "peer": {"id": my_id, "name": name}, "reason": "protocolError"}]
        joined = [e for e in observer.events if e["type"] == "joined" and e["peer"]["id"] == my_id]
        assert joined == [{"type": "joined", "peer": {"id": my_id, "name": name}}]
    assert host.running
    arena.chatter.assert_progress(progress)


def test_client_hello_after_admission(arena):
    _admitted_attack(arena, "Mallory", encode_message({"type": "clientHello", "version": 1, "name": "Mallory"}),
                     "clientHello is not allowed while admitted")


def test_oversized_frame_after_admission(arena):
    _admitted_attack(arena, "Trudy", struct.pack(">I", 70000) + b"x" * 1000,
                     "frame of 70000 bytes exceeds the 65536-byte limit")


def test_welcome_after_admission(arena):
    welcome = {"type": "welcome", "version": 1, "you": {"id": 7, "name": "me"}, "host": {"id": 0, "name": "h"},
               "peers": [], "heartbeatIntervalMs": 1000, "heartbeatTimeoutMs": 3000}
    _admitted_attack(arena, "Eve", encode_message(welcome), "welcome is not allowed while admitted")


def test_a_ping_with_a_time_past_64_bits_after_admission(arena):
    # A 19-digit number overflowed the host's fast scanner before its length check, which killed
    # the process; now the full decoder names the problem and only this connection closes.
    _admitted_attack(arena, "Zed", encode_frame(b'{"type":"ping","seq":1,"sent":9223372036854775808}'),
                     "malformed message: a value is out of range or of the wrong kind")


def test_a_ping_at_the_edge_of_64_bits_is_answered(arena):
    host = arena.host
    with RawConnection(host.host, host.port) as conn:
        assert conn.handshake("Edge")["type"] == "welcome"
        conn.send_message({"type": "ping", "seq": 5, "sent": -9223372036854775808})
        pong = conn.recv_message()
        while pong is not None and pong["type"] != "pong":
            pong = conn.recv_message()
        assert pong is not None and pong["sent"] == -9223372036854775808 and pong["seq"] == 5, pong
    assert host.running


def test_bad_recipients_after_admission(arena):
    _admitted_attack(arena, "Oscar", encode_message({"type": "app", "to": "everyone", "body": 1}),
                     "malformed message: invalid value at to")


# -- a flood of silent sockets ------------------------------------------------------------------


def test_200_silent_sockets_are_closed_after_the_handshake_timeout(arena):
    # Silent after TLS: each finishes the TLS handshake (as open_link does) and then says nothing.
    # (Silence before TLS, and clear text at the TLS port: test_tls.py.)
    host = arena.host
    progress = arena.chatter.counts()
    before = host.count_closed("handshake timeout")
    sockets = []
    opened_at = time.monotonic()
    try:
        for _ in range(200):
            sockets.append(snapclient.open_link(host.host, host.port)[0])
        assert host.players() == arena.baseline_players  # silent sockets hold no slot
        # Read each until EOF: serverHello, then (after ~1 s) deny badHello, then EOF.
        deadline = time.monotonic() + HANDSHAKE_TIMEOUT_MS / 1000 + 5  # the last one's timeout, and then some
        results = [_read_all(s, deadline=deadline) for s in sockets]
    finally:
        for s in sockets:
            s.close()
    elapsed = time.monotonic() - opened_at
    for messages, eof in results:
        assert eof, f"a silent socket was not closed: {messages}"
        assert [m["type"] for m in messages] == ["serverHello", "deny"], messages
        assert messages[1]["reason"] == "badHello"
        assert messages[1]["detail"] == "no clientHello within 1.0 s"
    assert elapsed >= HANDSHAKE_TIMEOUT_MS / 1000 - 0.05, "closed before the handshake timeout"
    assert wait_until(lambda: host.count_closed("handshake timeout") >= before + 200, 5), host.count_closed(
        "handshake timeout") - before
    arena.chatter.assert_progress(progress)


def _read_all(sock: socket.socket, deadline: float) -> tuple[list[dict], bool]:
    decoder = snapclient.FrameDecoder()
    messages = []
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return messages, False
        sock.settimeout(remaining)
        try:
            data = sock.recv(65536)
        except (socket.timeout, TimeoutError):
            return messages, False
        except ConnectionResetError:
            return messages, True
        if not data:
            return messages, True
        messages += [snapclient.decode_payload(p) for p in decoder.feed(data)]


# -- afterwards ---------------------------------------------------------------------------------


def test_afterwards_players_and_file_descriptors_are_back_to_baseline(arena):
    arena.chatter.assert_progress(arena.chatter.counts())
    assert arena.host.players() == arena.baseline_players == 2
    back = wait_until(lambda: arena.host.fd_count() == arena.baseline_fds, 10, interval=0.1)
    now = arena.host.fd_list()
    assert back, (
        f"host fds {len(now)} != baseline {arena.baseline_fds}\n"
        f"new: {sorted(set(now) - set(arena.baseline_fd_list))}\ngone: {sorted(set(arena.baseline_fd_list) - set(now))}")
    # The NIO internals (epoll, eventfd, timerfd, pipes) are the same set as before.
    kinds = lambda entries: sorted(e.split("->", 1)[1].split(":[")[0] for e in entries if "socket:" not in e)  # noqa: E731
    assert kinds(now) == kinds(arena.baseline_fd_list)
    arena.chatter.stop()
    arena.chatter.check()
    sent_a, sent_b = arena.chatter.sent[arena.a.id], arena.chatter.sent[arena.b.id]
    assert arena.b.wait_for(lambda: len(arena.chatter.received(arena.b, arena.a)) == sent_a, 5)
    assert arena.a.wait_for(lambda: len(arena.chatter.received(arena.a, arena.b)) == sent_b, 5)
    arena.chatter.check()
