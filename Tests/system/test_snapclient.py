"""Offline checks of the reference client against docs/PROTOCOL.md (no binary needed): the
worked proof example, the framing rules, the clock math, and the fixed-nonce handshake bytes."""

from __future__ import annotations

import base64
import re
import struct
from pathlib import Path

import pytest

import snapclient
from snapclient import FrameDecoder, ProtocolError, clock_sample, encode_message, join_proof

PROTOCOL_MD = Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md"


def test_worked_proof_example_from_the_spec():
    nonce = bytes(range(16))
    assert base64.b64encode(nonce).decode() == "AAECAwQFBgcICQoLDA0ODw=="
    assert join_proof("tiger-42", nonce) == "YJkVcaRuCbqO7s6Alb7S5XOBZxQ+0ibZz2Y8S/E3Ja8="
    assert join_proof("tiger-42", "AAECAwQFBgcICQoLDA0ODw==") == "YJkVcaRuCbqO7s6Alb7S5XOBZxQ+0ibZz2Y8S/E3Ja8="
    text = PROTOCOL_MD.read_text(encoding="utf-8")
    assert "YJkVcaRuCbqO7s6Alb7S5XOBZxQ+0ibZz2Y8S/E3Ja8=" in text


def test_worked_proof_example_over_tls_from_the_spec():
    # Section 20.3: the same code and nonce, bound to a certificate whose SHA-256 is 32 bytes of ab.
    proof = join_proof("tiger-42", bytes(range(16)), bytes([0xAB]) * 32)
    assert proof == "ih0A0fFvL35E2dNkonIhljJhvMDxftwoYflIuWBA4fg="
    assert proof in PROTOCOL_MD.read_text(encoding="utf-8")
    assert join_proof("tiger-42", bytes(range(16)), b"") == "YJkVcaRuCbqO7s6Alb7S5XOBZxQ+0ibZz2Y8S/E3Ja8="


def _hexdump_bytes(block: str) -> bytes:
    data = bytearray()
    for line in block.splitlines():
        match = re.match(r"^[0-9a-f]{8}  ((?:[0-9a-f]{2} ?)+)", line)
        if match:
            data += bytes.fromhex(match.group(1).replace(" ", ""))
    return bytes(data)


def test_fixed_nonce_handshake_bytes_in_the_spec():
    text = PROTOCOL_MD.read_text(encoding="utf-8")
    section = text[text.index("### 14.1"):text.index("### 14.2")]
    dumps = re.findall(r"```\n(.*?)```", section, flags=re.S)
    frames = [_hexdump_bytes(d) for d in dumps if re.search(r"^00000000  ", d, flags=re.M)]
    assert len(frames) == 3
    server_hello = {"type": "serverHello", "versions": [1], "serverId": "6F1C2E4A-9B3D-4E8F-A1B2-C3D4E5F60718",
                    "name": "Kitchen Pi", "game": "lobby", "nonce": "AAECAwQFBgcICQoLDA0ODw==",
                    "joinCodeRequired": True, "players": 0, "capacity": 8, "maxFrame": 65536}
    client_hello = {"type": "clientHello", "version": 1, "name": "Ada",
                    "proof": join_proof("tiger-42", bytes(range(16)))}
    welcome = {"type": "welcome", "version": 1, "you": {"id": 1, "name": "Ada"},
               "host": {"id": 0, "name": "Kitchen Pi"}, "peers": [],
               "heartbeatIntervalMs": 1000, "heartbeatTimeoutMs": 3000}
    assert frames == [encode_message(server_hello), encode_message(client_hello), encode_message(welcome)]


def test_frame_decoder_reassembles_split_and_coalesced_frames():
    stream = encode_message({"type": "ping", "seq": 1, "sent": 2}) + encode_message({"type": "bye", "reason": "userQuit"})
    decoder = FrameDecoder()
    payloads = []
    for byte in stream:
        payloads += decoder.feed(bytes([byte]))
    assert [snapclient.decode_payload(p)["type"] for p in payloads] == ["ping", "bye"]
    assert FrameDecoder().feed(stream) == payloads


def test_frame_decoder_refuses_at_the_prefix():
    with pytest.raises(ProtocolError, match="empty frame"):
        FrameDecoder().feed(b"\x00\x00\x00\x00")
    with pytest.raises(ProtocolError, match="frame of 65537 bytes exceeds the 65536-byte limit"):
        FrameDecoder().feed(struct.pack(">I", 65537))  # no payload needed to refuse
    assert FrameDecoder().feed(struct.pack(">I", 65536)) == []  # at the cap: waits for the payload


def test_truncated_stream_is_an_error():
    decoder = FrameDecoder()
    decoder.feed(struct.pack(">I", 100) + b"{")
    with pytest.raises(ProtocolError, match="inside a frame"):
        decoder.finish()


def test_payload_rules():
    with pytest.raises(ProtocolError, match="UTF-8"):
        snapclient.decode_payload(b'{"type":"app","body":"\xff"}')
    with pytest.raises(ProtocolError, match="not a JSON object"):
        snapclient.decode_payload(b"[1]")
    with pytest.raises(ProtocolError, match="missing type"):
        snapclient.decode_payload(b'{"name":"x"}')
    assert snapclient.encode_payload({"type": "x", "b": "é/"}) == '{"b":"é/","type":"x"}'.encode()


def test_clock_math():
    # Peer clock 1000 us ahead, 100 us each way, 10 us processing.
    t0 = 5_000
    t1 = t0 + 100 + 1_000
    t2 = t1 + 10
    t3 = t2 - 1_000 + 100
    offset, rtt = clock_sample(t0, t1, t2, t3)
    assert (offset, rtt) == (1_000, 200)
