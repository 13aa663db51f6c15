"""The real-time channel's datagrams against the real host, byte by byte as docs/PROTOCOL.md
section 19 says, while two `join --bot` players play Pong over TCP and UDP: a third client (a
watcher speaking version 3 by hand) gets a datagram key in its welcome; its probe is answered
with a probe saying "hearing"; its own state reaches the game (which refuses a watcher's paddle,
over the connection); then spoofed, unauthenticated, replayed, stale, oversized, truncated,
malformed and unknown-sender datagrams are dropped, counted and logged, and the game finishes."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
import re
import socket
import struct
import time

from snapclient import RawConnection
from test_pong import GAME_OVER, game_over, join_in_order, start_pong_host


def seal(key: bytes, kind: int, sender: int, seq: int, state_key: str = "", body: bytes = b"", hearing: bool = False,
         fmt: int = 1) -> bytes:
    """A datagram as section 19.3 lays it out, tagged with HMAC-SHA256 (first 16 bytes)."""
    raw_key = state_key.encode()
    head = struct.pack(">BBBBIQ", fmt, kind, 1 if hearing else 0, len(raw_key), sender, seq) + raw_key + body
    return head + hmac.new(key, head, hashlib.sha256).digest()[:16]


def open_datagram(key: bytes, data: bytes) -> dict | None:
    """The fields of a datagram whose tag checks out under `key`, else None."""
    if len(data) < 32 or not hmac.compare_digest(hmac.new(key, data[:-16], hashlib.sha256).digest()[:16], data[-16:]):
        return None
    fmt, kind, flags, key_length, sender, seq = struct.unpack(">BBBBIQ", data[:16])
    return {"format": fmt, "kind": kind, "hearing": bool(flags & 1), "sender": sender, "seq": seq,
            "key": data[16:16 + key_length].decode(), "body": data[16 + key_length:-16]}


def test_datagrams_are_checked_and_the_game_goes_on(procs):
    host, port = start_pong_host("--points", "3")
    procs.append(host)
    ann, bob = join_in_order(port, ["Ann", "Bob"], "--bot", "--once", "--log-level", "debug")
    procs.extend([ann, bob])
    assert ann.wait_line(r"^you are left$", 10), ann.describe()

    with RawConnection("127.0.0.1", port) as watcher:
        assert 3 in watcher.server_hello["versions"]
        welcome = watcher.handshake("Eve", version=3)
        assert welcome["type"] == "welcome" and welcome["version"] == 3, welcome
        offer = welcome["datagram"]
        key = base64.b64decode(offer["key"])
        assert len(key) == 32 and offer["port"] == port  # the TCP port's number, free on UDP too
        me = welcome["you"]["id"]
        udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        udp.settimeout(5)
        target = ("127.0.0.1", offer["port"])

        # A probe is answered by a probe from the host (sender 0) that hears us.
        udp.sendto(seal(key, 2, me, 1), target)
        answer = open_datagram(key, udp.recvfrom(2048)[0])
        assert answer and answer["kind"] == 2 and answer["sender"] == 0 and answer["hearing"], answer

        # Our own state reaches the game: Pong refuses a watcher's paddle, over the connection.
        legit = seal(key, 1, me, 5, "paddle", json.dumps({"kind": "paddle", "y": 10}).encode(), hearing=True)
        udp.sendto(legit, target)
        deadline = time.monotonic() + 5
        refused = None
        while refused is None and time.monotonic() < deadline:
            message = watcher.recv_message(5)
            assert message is not None, "the host closed the watcher"
            if message["type"] == "app" and message["body"].get("kind") == "refused":
                refused = message["body"]
        assert refused == {"kind": "refused", "reason": "notPlaying"}, refused

        bad = {
            "replayed": legit,                                                        # stale
            "stale": seal(key, 1, me, 4, "paddle", b'{"kind":"paddle","y":1}'),       # stale
            "spoofed": seal(key, 1, ann_id(ann), 9, "paddle", b'{"kind":"paddle","y":1}'),  # badTag: Ann's id, Eve's key
            "unauthenticated": seal(key, 1, me, 9, "paddle", b"{}")[:-16] + os.urandom(16),  # badTag
            "truncated": b"\x01\x01\x00\x06",                                           # truncated
            "oversized": seal(key, 1, me, 10, "paddle", b'"' + b"x" * 1300 + b'"'),   # oversized
            "malformed": seal(key, 1, me, 11, "paddle", b"{}", fmt=9),                 # malformed
            "unknown": seal(key, 1, 999, 12, "paddle", b"{}"),                         # unknownSender
        }
        for datagram in bad.values():
            udp.sendto(datagram, target)
        udp.close()

        expected = {"stale": 2, "badTag": 2, "truncated": 1, "oversized": 1, "malformed": 1, "unknownSender": 1}

        def counted() -> bool:
            for line in reversed(host.stderr()):
                if "datagrams dropped" in line:
                    counts = dict(re.findall(r"(\w+)=(\d+)", line))
                    return all(counts.get(reason) == str(n) for reason, n in expected.items())
            return False

        assert wait(counted, 12), "\n".join(line for line in host.stderr() if "datagrams" in line)

    # The game in progress is unaffected: it finishes, both players exit 0.
    for bot in (ann, bob):
        assert bot.wait_exit(120) == 0, bot.describe()
    over = game_over(ann.stdout())
    assert over and GAME_OVER.match(over), ann.describe()
    assert "real-time states over UDP" in "\n".join(ann.stderr()), ann.describe()


def ann_id(ann) -> int:
    match = ann.wait_line(r"^connected to .* as Ann \(id (\d+)\)$", 1)
    assert match, ann.describe()
    return int(match.group(1))


def wait(predicate, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return predicate()
