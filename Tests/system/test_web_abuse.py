"""Bad input on the web port (docs/WEB.md, "Limits"): slow headers, a 10 MB body, a WebSocket
frame claiming 100 MB, 500 half-open connections, a foreign page's WebSocket, plain garbage. A
trivia game between two terminal players runs meanwhile; it goes on to its end with nobody
dropped, and the host's open files come back to where they were."""

from __future__ import annotations

import base64
import os
import socket
import struct
import threading
import time

from harness import wait_until

HEAD_TIMEOUT = 10  # WebConfiguration.requestHeadTimeout


def connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=30)


def read_all(sock: socket.socket, timeout: float) -> tuple[bytes, bool]:
    """What the host sends until it closes (True) or `timeout` passes (False)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while True:
            chunk = sock.recv(65536)
            if not chunk:
                return data, True
            data += chunk
    except socket.timeout:
        return data, False
    except ConnectionResetError:
        return data, True


def upgrade(port: int, path: str = "/ws", origin: str | None = None) -> tuple[socket.socket, bytes]:
    sock = connect(port)
    key = base64.b64encode(os.urandom(16)).decode()
    extra = f"Origin: {origin}\r\n" if origin else ""
    sock.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                  f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n").encode())
    sock.settimeout(10)
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = sock.recv(1)
        if not chunk:
            break
        head += chunk
    return sock, head


def slow_headers(port: int, result: dict) -> None:
    sock = connect(port)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
    started = time.monotonic()
    closed = False
    while time.monotonic() - started < HEAD_TIMEOUT + 8:
        try:
            sock.sendall(b"X")  # one byte of a never-ending header every second
        except OSError:
            closed = True
            break
        data, closed = read_all(sock, 1.0)
        if closed:
            break
    result["slow"] = (closed, time.monotonic() - started)
    sock.close()


def big_body(port: int, result: dict) -> None:
    sock = connect(port)
    sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 10485760\r\n\r\n")
    sent = 0
    try:
        for _ in range(40):  # up to 10 MB, while the host still reads
            sock.sendall(b"\0" * 262144)
            sent += 262144
    except OSError:
        pass
    data, closed = read_all(sock, 10)
    result["body"] = (data.split(b"\r\n", 1)[0], closed, sent)
    sock.close()


def huge_frame(port: int, result: dict) -> None:
    sock, head = upgrade(port)
    header = struct.pack("!BBQ", 0x81, 0x80 | 127, 100 * 1024 * 1024) + os.urandom(4)
    sock.sendall(header + b"x" * 1000)
    data, closed = read_all(sock, 10)
    result["frame"] = (head.split(b"\r\n", 1)[0], closed, data)
    sock.close()


def half_open(port: int, count: int, result: dict) -> None:
    socks = []
    for _ in range(count):
        try:
            sock = connect(port)
            sock.sendall(b"GET / HT")  # half a request line, then nothing
            socks.append(sock)
        except OSError:
            pass
    closed = 0
    deadline = time.monotonic() + HEAD_TIMEOUT + 10
    for sock in socks:
        _, was_closed = read_all(sock, max(0.1, deadline - time.monotonic()))
        closed += was_closed
        sock.close()
    result["half"] = (len(socks), closed)


def test_abuse_of_the_web_port_disturbs_no_game(start_host, start_join):
    host = start_host("--game", "trivia", "--max-players", "2", "--start-when-full", "--rounds", "4",
                      "--question-time", "4", "--result-time", "1", "--mode", "timed", web=True)
    for name in ("Bot One", "Bot Two"):
        start_join(host.port, name, bot=True)
    assert host.wait_stdout(r"^question 1/4", 20), host.describe()
    time.sleep(0.5)
    baseline = host.fd_count()
    port = host.web_port

    # A foreign page may not open the player's WebSocket, nor the host page's; plain garbage gets a 400.
    for path in ("/ws", "/host/ws"):
        sock, head = upgrade(port, path, origin="http://evil.example")
        assert head.startswith(b"HTTP/1.1 403"), (path, head)
        sock.close()
    sock = connect(port)
    sock.sendall(os.urandom(2000).replace(b"\n", b"?") + b"\r\n\r\n")
    data, closed = read_all(sock, 10)
    assert closed and data.startswith(b"HTTP/1.1 400"), data[:80]
    sock.close()

    # An upgrade whose Connection header lacks `upgrade`, with a request pipelined behind it: the
    # host crashed on it (FuzzHTTP, docs/FUZZING.md). Now it is refused and what follows is served.
    sock = connect(port)
    sock.sendall((f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nCnnection: Upgrade\r\n"
                  "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                  f"HEAD /screen HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n").encode())
    data, closed = read_all(sock, 10)
    assert closed and data.startswith(b"HTTP/1.1 426") and data.count(b"HTTP/1.1 ") == 2, data[:200]
    sock.close()
    assert host.running, host.describe()

    result: dict = {}
    threads = [threading.Thread(target=slow_headers, args=(port, result)),
               threading.Thread(target=big_body, args=(port, result)),
               threading.Thread(target=huge_frame, args=(port, result)),
               threading.Thread(target=half_open, args=(port, 500, result))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)

    closed, after = result["slow"]
    assert closed and after < HEAD_TIMEOUT + 5, f"slow headers: closed={closed} after {after:.1f} s"
    status, closed, _ = result["body"]
    assert status == b"HTTP/1.1 413 Payload Too Large" and closed, result["body"]
    status, closed, data = result["frame"]
    assert status == b"HTTP/1.1 101 Switching Protocols" and closed, result["frame"]
    opened, closed = result["half"]
    assert opened == closed, f"{opened} half-open connections, {closed} closed by the host"

    # The game went on: both players to the end, nobody dropped.
    assert host.wait_stdout(r"^game over", 60), host.describe()
    assert host.wait_stdout(r"^final: 2\. ", 5)
    dropped = [line for line in host.stdout_snapshot() if line.startswith("left: ") and "userQuit" not in line]
    assert not dropped, dropped  # (the bots stay for the next game, as `join` does)
    assert wait_until(lambda: host.fd_count() <= baseline, 20, interval=0.2), \
        f"open files: {host.fd_count()} after the abuse, {baseline} before\n{host.fd_list()}"
