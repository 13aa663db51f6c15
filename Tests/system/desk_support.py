"""The host page's API (`/host/api/...`, trivia's quiz library) without a browser: the PIN a host
prints, unlocked over `/host/ws` as the host page does for its token, then requests with that token
as the page makes them (http.client), and raw ones for what no page sends: a head announcing a
body too large, a chunked body that never ends, paths with encoded dots."""

from __future__ import annotations

import http.client
import json
import re
import select
import socket
import time

from wsplayer import WebSocket

HOST_PAGE = r"^host page: http://127\.0\.0\.1:(\d+)/host \(PIN (\d{6})\)$"


def unlock(host, timeout: float = 10) -> str:
    """The token the host gives a page unlocked with the PIN it printed."""
    match = host.wait_stdout(HOST_PAGE, timeout)
    assert match, host.describe()
    socket_ = WebSocket("127.0.0.1", host.web_port, "/host/ws")
    try:
        socket_.send({"pin": match.group(2)})
        reply = json.loads(socket_.receive() or "{}")
    finally:
        socket_.sock.close()
    assert reply.get("type") == "unlocked", reply
    return reply["token"]


class Answer:
    """A response: its status, its body and, for a refusal, the host's sentence."""

    def __init__(self, status: int, body: bytes, headers: dict[str, str] | None = None):
        self.status = status
        self.body = body
        self.headers = headers or {}

    def json(self):
        return json.loads(self.body)

    @property
    def error(self) -> str | None:
        try:
            return self.json().get("error")
        except (ValueError, AttributeError):
            return None

    def __repr__(self) -> str:
        return f"Answer({self.status}, {self.body[:300]!r})"


class Desk:
    """Requests of one host's quiz library with one token."""

    def __init__(self, host, token: str):
        self.port = host.web_port
        self.token = token

    def call(self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None,
             timeout: float = 60) -> Answer:
        """`path` under /host/api/ (as written: percent-escapes are sent as they are)."""
        return self.fetch(method, "/host/api/" + path, body, headers, timeout)

    def fetch(self, method: str, target: str, body: bytes = b"", headers: dict[str, str] | None = None,
              timeout: float = 60) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            sent = {"Authorization": f"Bearer {self.token}", **(headers or {})}
            connection.request(method, target, body=body if body or method in ("POST", "PUT") else None, headers=sent)
            response = connection.getresponse()
            return Answer(response.status, response.read(), {k.lower(): v for k, v in response.getheaders()})
        finally:
            connection.close()

    def upload(self, name: str, data: bytes) -> Answer:
        """A file uploaded as the page does: its name percent-encoded in X-File-Name."""
        from urllib.parse import quote
        return self.call("POST", "quizzes", data, {"X-File-Name": quote(name, safe=""), "Content-Type": "application/octet-stream"})

    def quizzes(self) -> list[dict]:
        answer = self.call("GET", "quizzes")
        assert answer.status == 200, answer
        return answer.json()["quizzes"]

    def head_only(self, method: str, path: str, length: int) -> Answer:
        """A head announcing a `length`-byte body, and none of it sent: the host answers at once."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as sock:
            sock.sendall(self._head(method, path, f"Content-Length: {length}"))
            return _read_response(sock, 30)

    def chunked(self, method: str, path: str, total: int, chunk: int = 256 * 1024) -> tuple[Answer, int]:
        """A chunked body of up to `total` bytes, sent until the host answers (then no more);
        the answer and how many bytes were sent."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as sock:
            sock.sendall(self._head(method, path, "Transfer-Encoding: chunked"))
            piece = f"{chunk:x}\r\n".encode() + b"\x00" * chunk + b"\r\n"
            sent = 0
            deadline = time.monotonic() + 60
            while sent < total and time.monotonic() < deadline:
                readable, _, _ = select.select([sock], [], [], 0)
                if readable:
                    break  # the host has answered: it reads no more
                try:
                    sock.sendall(piece)
                except OSError:
                    break
                sent += chunk
            else:
                try:
                    sock.sendall(b"0\r\n\r\n")
                except OSError:
                    pass
            return _read_response(sock, 30), sent

    def _head(self, method: str, path: str, framing: str) -> bytes:
        return (f"{method} /host/api/{path} HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\nAuthorization: Bearer {self.token}\r\n"
                f"If-Match: \"1\"\r\nX-File-Name: big.csv\r\n{framing}\r\n\r\n").encode()


def _read_response(sock: socket.socket, timeout: float) -> Answer:
    """One HTTP response read off a raw socket (the host closes after a refusal)."""
    sock.settimeout(timeout)
    data = b""
    try:
        while b"\r\n\r\n" not in data or len(data) < _expected(data):
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    except ConnectionResetError:
        pass
    head, _, body = data.partition(b"\r\n\r\n")
    match = re.match(rb"HTTP/1\.1 (\d{3})", head)
    assert match, f"no HTTP response: {data[:200]!r}"
    headers = {}
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.decode("latin-1").partition(":")
        headers[name.strip().lower()] = value.strip()
    return Answer(int(match.group(1)), body, headers)


def _expected(data: bytes) -> int:
    head, _, _ = data.partition(b"\r\n\r\n")
    match = re.search(rb"(?im)^content-length:\s*(\d+)", head)
    return len(head) + 4 + (int(match.group(1)) if match else 0)
