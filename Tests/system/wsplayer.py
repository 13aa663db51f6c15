#!/usr/bin/env python3
"""A phone without the browser: a player over the host's WebSocket (`/ws`), speaking what the
phone page (Sources/Web/Pages/link.mjs) speaks: the handshake, pongs with clock stamps, and
trivia answers (the first answer, at once). Standard library only, so it runs anywhere the tests
run, the Bluetooth VM included. Prints `connected as NAME (id N)`, then `final: P. NAME POINTS`
lines at game over, and exits 0; a deny prints `denied: REASON` and exits 2.

    wsplayer.py HOST:WEBPORT NAME [--code CODE]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import json
import os
import socket
import struct
import sys
import time


def now_us() -> int:
    return time.monotonic_ns() // 1000


def client_frame(opcode: int, payload: bytes) -> bytes:
    """One whole WebSocket message as a client sends it (RFC 6455: FIN set, masked), payloads
    under 64 KiB."""
    mask = os.urandom(4)
    header = bytes([0x80 | opcode])
    if len(payload) < 126:
        header += bytes([0x80 | len(payload)])
    else:
        header += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class WebSocket:
    def __init__(self, host: str, port: int, path: str = "/ws"):
        self.sock = socket.create_connection((host, port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("closed during the upgrade")
            head += chunk
        if not head.startswith(b"HTTP/1.1 101"):
            raise ConnectionError(head.split(b"\r\n", 1)[0].decode())
        self.buffer = b""

    def _read(self, count: int) -> bytes:
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def receive(self) -> str | None:
        """The next text message; None at a close message."""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read(8))[0]
            payload = self._read(length)
            opcode = first & 0x0F
            if opcode == 1:
                return payload.decode()
            if opcode == 8:
                return None
            if opcode == 9:
                self._send(0xA, payload)

    def _send(self, opcode: int, payload: bytes) -> None:
        self.sock.sendall(client_frame(opcode, payload))

    def send(self, message: dict) -> None:
        self._send(1, json.dumps(message, separators=(",", ":")).encode())


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("target")
    parser.add_argument("name")
    parser.add_argument("--code")
    args = parser.parse_args()
    host, port = args.target.rsplit(":", 1)
    ws = WebSocket(host, int(port))
    me = None
    while True:
        text = ws.receive()
        if text is None:
            print("disconnected: closed", file=sys.stderr)
            return 3
        received = now_us()
        message = json.loads(text)
        kind = message["type"]
        if kind == "serverHello":
            hello = {"type": "clientHello", "version": 1, "name": args.name}
            if message["joinCodeRequired"]:
                nonce = base64.b64decode(message["nonce"])
                mac = hmac.new((args.code or "").encode(), b"snap-host join v1" + nonce, hashlib.sha256).digest()
                hello["proof"] = base64.b64encode(mac).decode()
            ws.send(hello)
        elif kind == "welcome":
            me = message["you"]
            print(f"connected as {me['name']} (id {me['id']})", flush=True)
        elif kind == "deny":
            print(f"denied: {message['reason']}", file=sys.stderr)
            return 2
        elif kind == "bye":
            print(f"disconnected: {message['reason']}", file=sys.stderr)
            return 0 if message["reason"] in ("serverQuit", "userQuit") else 3
        elif kind == "ping":
            ws.send({"type": "pong", "seq": message["seq"], "sent": message["sent"], "received": received, "replied": now_us()})
        elif kind == "app" and message.get("from") == 0:
            body = message["body"]
            if body.get("kind") == "question":
                ws.send({"type": "app", "body": {"kind": "answer", "question": body["number"], "choice": 0, "pressedAt": now_us()}})
                print(f"answered question {body['number']}", flush=True)
            elif body.get("kind") == "gameOver":
                for place, line in enumerate(body["standings"], 1):
                    print(f"final: {place}. {line['name']} {line['points']}", flush=True)
                ws.send({"type": "bye", "reason": "userQuit"})
                return 0


if __name__ == "__main__":
    sys.exit(main())
