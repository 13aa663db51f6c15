#!/usr/bin/env python3
"""Records a real handshake between `snap-host join` and `snap-host serve` through a recording
proxy and prints it as hex dumps (the source of docs/PROTOCOL.md section 14.2). Both speak clear
text (`--no-tls`): over TLS the proxy would see only TLS records, and the proof would be bound
to the host's certificate (section 20.3).

Usage: python3 Tests/system/record_handshake.py [path/to/snap-host]
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import snapclient  # noqa: E402
from harness import (HostProcess, JoinProcess, RecordingProxy, is_canonical, snap_host_binary,  # noqa: E402
                     wait_until)

CODE = "tiger-42"


def hexdump(data: bytes) -> str:
    lines = []
    for offset in range(0, len(data), 16):
        chunk = data[offset:offset + 16]
        hexes = " ".join(f"{b:02x}" for b in chunk)
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{offset:08x}  {hexes:<47}  |{text}|")
    return "\n".join(lines)


def frames_with_bytes(stream: bytes) -> list[tuple[dict, bytes]]:
    out = []
    offset = 0
    while offset + 4 <= len(stream):
        length = int.from_bytes(stream[offset:offset + 4], "big")
        frame = stream[offset:offset + 4 + length]
        out.append((snapclient.decode_payload(frame[4:]), frame))
        offset += 4 + length
    return out


def main() -> int:
    binary = Path(sys.argv[1]) if len(sys.argv) > 1 else snap_host_binary()
    host = HostProcess(binary, "--name", "Kitchen Pi", "--join-code", CODE, "--no-tls")
    proxy = RecordingProxy(host.port)
    join = JoinProcess(binary, proxy.port, "Ada", "--no-tls", join_code=CODE, bot=True)
    try:
        assert join.wait_connected(15), join.describe()
        # Let one heartbeat each way happen, then leave.
        wait_until(lambda: b'"type":"pong"' in proxy.captures()[0]["c2s"]
                   and b'"type":"pong"' in proxy.captures()[0]["s2c"], 5)
        join.send_signal(signal.SIGTERM)
        join.wait_exit(10)
        wait_until(lambda: proxy.captures()[0]["c2s"].count(b'"bye"') >= 1, 3)
        capture = proxy.captures()[0]
    finally:
        proxy.close()
        join.stop()
        host.stop()

    h2c = frames_with_bytes(capture["s2c"])
    c2h = frames_with_bytes(capture["c2s"])
    server_hello = h2c[0][0]
    client_hello = c2h[0][0]
    expected = snapclient.join_proof(CODE, server_hello["nonce"])
    print(f"join code {CODE!r}; nonce {server_hello['nonce']}; proof {client_hello.get('proof')} "
          f"({'matches' if client_hello.get('proof') == expected else 'DOES NOT MATCH'} the Python computation)")
    canonical = all(is_canonical(m, b[4:]) for m, b in h2c + c2h)
    print("every frame is byte-identical to json.dumps(sort_keys=True, separators=(',', ':')), "
          f"app bodies apart (their member order is the sending game's): {canonical}")
    print()
    for label, (message, frame) in (("H→C", h2c[0]), ("C→H", c2h[0]), ("H→C", h2c[1])):
        print(f"{label} {message['type']} (payload {len(frame) - 4} = 0x{len(frame) - 4:x} bytes)")
        print("```")
        print(frame[4:].decode())
        print()
        print(hexdump(frame))
        print("```")
        print()
    print("then:")
    # Interleave by direction only (the capture does not keep the order between directions).
    for _, frame in h2c[2:]:
        print("H→C", frame[4:].decode())
    for _, frame in c2h[1:]:
        print("C→H", frame[4:].decode())
    return 0 if canonical and client_hello.get("proof") == expected else 1


if __name__ == "__main__":
    sys.exit(main())
