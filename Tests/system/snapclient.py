"""A reference client for the snap-host wire protocol, version 1, written from docs/PROTOCOL.md.

Python 3.11, standard library only. It is both a usable client and the test suite's probe:

* :func:`open_link` opens the host's TCP port: TLS 1.3 by default (PROTOCOL.md section 20: any
  certificate, then the key is checked by its SHA-256, against the one the caller knows, if it
  knows one), or clear text for a host started with `serve --no-tls`; :data:`KNOWN_KEYS` holds
  what the test harness learnt from the hosts it started (their printed key, or clear text);
* frame helpers: :func:`encode_message`, :func:`encode_frame`, :class:`FrameDecoder`,
  :func:`decode_payload`;
* :func:`join_proof` computes the join-code proof, bound to the host's certificate on TLS;
* :class:`Client` does the handshake (raising :class:`Denied` on a ``deny``), then runs a
  reader thread that answers pings, records app messages, ``joined``/``left`` events and the
  final ``bye``, and a heartbeat thread that pings the host and drops it when it goes silent;
* :class:`RawConnection` for bad-input tests: open a socket, read the ``serverHello``, send
  arbitrary bytes, read whatever comes back until EOF.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import select
import socket
import ssl
import struct
import threading
import time
from typing import Any, Callable, Iterable

PROTOCOL_VERSIONS = (1,)  # what tests speak unless they ask for more
SPOKEN_VERSIONS = (1, 2)  # every version this client can speak (section 18: resume, away, back)
DEFAULT_MAX_FRAME = 65536
NONCE_BYTES = 16
PROOF_CONTEXT = b"snap-host join v1"
HOST_ID = 0
CLOCK_WINDOW = 16


# --------------------------------------------------------------------------------------------
# The link: TLS 1.3 or clear text
# --------------------------------------------------------------------------------------------


CLEAR_TEXT = "clear text"
"""The value in :data:`KNOWN_KEYS` of a host that speaks clear text (`serve --no-tls`)."""

KNOWN_KEYS: dict[tuple[str, int], str] = {}
"""What is known of the hosts at (address, port): the SHA-256 of the host's certificate (64
lower-case hex digits, as `serve` prints it after `tls key SHA-256`), or :data:`CLEAR_TEXT`. The
test harness fills it for the hosts it starts and empties it when they stop; a host not in it is
spoken to over TLS and any key is taken."""


class KeyMismatch(ssl.SSLError):
    """The host showed a TLS key other than the one expected: not the host we meant."""

    def __init__(self, shown: str, expected: str):
        super().__init__(f"the host shows TLS key {shown}, not {expected}")
        self.shown = shown
        self.expected = expected


def tls_context() -> ssl.SSLContext:
    """TLS 1.3 only; no CA, no name, no dates: a snap-host's certificate is its own, and the
    client checks its SHA-256 instead (:func:`open_link`)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    return context


_TLS = tls_context()


def _link_kind(host: str, port: int, tls: bool | None, fingerprint: str | None) -> tuple[bool, str | None]:
    """(whether to speak TLS, the key to insist on) from the arguments, else :data:`KNOWN_KEYS`."""
    known = KNOWN_KEYS.get((host, port))
    if tls is None:
        tls = known != CLEAR_TEXT
    if fingerprint is None and tls and known not in (None, CLEAR_TEXT):
        fingerprint = known
    return tls, fingerprint.lower() if fingerprint else None


def open_link(host: str, port: int, *, tls: bool | None = None, fingerprint: str | None = None,
              timeout: float = 5.0) -> tuple[socket.socket, bytes]:
    """Connects to a host's TCP port; returns the socket and the link's channel binding for the
    join-code proof: on TLS the SHA-256 of the certificate the host showed, on clear text b"".

    `tls`: True for TLS 1.3, False for clear text, None to go by :data:`KNOWN_KEYS` (TLS unless
    the host is known to speak clear text). `fingerprint`: the key the host must show (64 hex
    digits), else the one in :data:`KNOWN_KEYS`, else any; another raises :class:`KeyMismatch`.
    The TLS handshake is done before this returns (within `timeout`). Closing the socket sends
    no TLS close_notify (Python's `ssl` sends one only by reading on for the host's, in the same
    call): to the host a closed link is the TCP connection's end, as it was in clear text."""
    tls, fingerprint = _link_kind(host, port, tls, fingerprint)
    sock = socket.create_connection((host, port), timeout=timeout)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    if not tls:
        return sock, b""
    try:
        secured = _TLS.wrap_socket(sock)
    except BaseException:
        sock.close()
        raise
    binding = hashlib.sha256(secured.getpeercert(binary_form=True)).digest()
    if fingerprint is not None and binding.hex() != fingerprint:
        secured.close()
        raise KeyMismatch(binding.hex(), fingerprint)
    return secured, binding


# --------------------------------------------------------------------------------------------
# Framing and encoding
# --------------------------------------------------------------------------------------------


class ProtocolError(Exception):
    """The peer broke the wire protocol (or a frame could not be decoded)."""


class Denied(Exception):
    """The host refused us with a ``deny`` frame."""

    def __init__(self, reason: str, detail: str | None = None, suggestion: str | None = None):
        super().__init__(f"denied: {reason}" + (f" ({detail})" if detail else ""))
        self.reason = reason
        self.detail = detail
        self.suggestion = suggestion  # with nameTaken: a free name


def encode_payload(message: dict) -> bytes:
    """The JSON payload of a message, the way the host encodes: sorted keys, no spaces, UTF-8."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def encode_frame(payload: bytes) -> bytes:
    """A frame: 4-byte big-endian payload length, then the payload."""
    return struct.pack(">I", len(payload)) + payload


def encode_message(message: dict) -> bytes:
    """One message as a complete frame."""
    return encode_frame(encode_payload(message))


def decode_payload(payload: bytes) -> dict:
    """Decodes a frame payload into a message object; raises ProtocolError if it is not one."""
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProtocolError("frame payload is not valid UTF-8") from error
    try:
        message = json.loads(text)
    except json.JSONDecodeError as error:
        raise ProtocolError(f"malformed message: not JSON ({error})") from error
    if not isinstance(message, dict):
        raise ProtocolError("malformed message: not a JSON object")
    if not isinstance(message.get("type"), str):
        raise ProtocolError("malformed message: missing type")
    return message


class FrameDecoder:
    """Splits a byte stream into frame payloads. Refuses a zero length or a length over the cap
    as soon as the 4-byte prefix is there."""

    def __init__(self, max_payload: int = DEFAULT_MAX_FRAME):
        self.max_payload = max_payload
        self._buffer = bytearray()

    def feed(self, data: bytes) -> list[bytes]:
        self._buffer += data
        payloads = []
        while len(self._buffer) >= 4:
            (length,) = struct.unpack_from(">I", self._buffer)
            if length == 0:
                raise ProtocolError("empty frame (length 0)")
            if length > self.max_payload:
                raise ProtocolError(f"frame of {length} bytes exceeds the {self.max_payload}-byte limit")
            if len(self._buffer) < 4 + length:
                break
            payloads.append(bytes(self._buffer[4 : 4 + length]))
            del self._buffer[: 4 + length]
        return payloads

    @property
    def pending(self) -> int:
        """Bytes of an incomplete frame held back."""
        return len(self._buffer)

    def finish(self) -> None:
        """The stream ended: an incomplete frame is an error."""
        if self._buffer:
            raise ProtocolError(f"connection closed inside a frame ({len(self._buffer)} bytes pending)")


def join_proof(code: str, nonce: bytes | str, binding: bytes = b"") -> str:
    """base64(HMAC-SHA256(key = UTF-8 of the code, message = b"snap-host join v1" + nonce + binding)).
    `nonce` is the 16 raw bytes, or the base64 text from the serverHello; `binding` the link's
    channel binding: on TLS the SHA-256 of the host's certificate (DER), on clear text empty."""
    if isinstance(nonce, str):
        nonce = base64.b64decode(nonce, validate=True)
    mac = hmac.new(code.encode("utf-8"), PROOF_CONTEXT + nonce + binding, hashlib.sha256).digest()
    return base64.b64encode(mac).decode("ascii")


def monotonic_us() -> int:
    """This side's clock as carried in pings and pongs: the monotonic clock in microseconds."""
    return time.monotonic_ns() // 1000


def clock_sample(t0: int, t1: int, t2: int, t3: int) -> tuple[int, int]:
    """(offset, round trip) of one ping/pong exchange, in microseconds (NTP-style).
    Python's // floors where Swift's / truncates; they differ by at most 1 us for negative odd sums."""
    offset = int(((t1 - t0) + (t2 - t3)) / 2)
    rtt = (t3 - t0) - (t2 - t1)
    return offset, rtt


def wait_until(predicate: Callable[[], Any], timeout: float, interval: float = 0.01) -> Any:
    """Polls `predicate` until it returns something truthy (returned) or `timeout` seconds pass
    (returns the last falsy value)."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            return value
        time.sleep(interval)


def _recv_frame(sock: socket.socket, decoder: FrameDecoder, pending: list[bytes], deadline: float) -> dict | None:
    """Reads one message from `sock` with a deadline; None on EOF. `pending` holds payloads
    already split off but not yet returned."""
    while not pending:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("no frame before the deadline")
        sock.settimeout(remaining)
        data = sock.recv(65536)
        if not data:
            decoder.finish()
            return None
        pending.extend(decoder.feed(data))
    return decode_payload(pending.pop(0))


# --------------------------------------------------------------------------------------------
# Client
# --------------------------------------------------------------------------------------------


class Client:
    """A player connected to a host.

    After construction the client is admitted (``welcome`` holds the welcome), or the
    constructor raised :class:`Denied` / :class:`ProtocolError` / ``OSError``.

    Recorded by the reader thread (guarded by ``cond``):
      * ``apps``: every ``app`` message received, as dicts (with ``from`` set by the host);
      * ``events``: every ``joined`` / ``left`` (and, in version 2, ``away`` / ``back``) message, as dicts;
      * ``peers``: the other clients now present, ``{id: name}``;
      * ``bye``: the host's ``bye`` if one came; ``end_reason`` once the connection ended:
        ``userQuit``, ``serverQuit``, ``connectionDropped``, ``protocolError`` or ``kicked``;
      * ``pings_received``, ``pongs_received``, ``clock``: heartbeat bookkeeping.
    """

    def __init__(
        self,
        host: str,
        port: int,
        name: str,
        join_code: str | None = None,
        *,
        versions: Iterable[int] = PROTOCOL_VERSIONS,
        timeout: float = 5.0,
        heartbeat: bool = True,
        resume: str | None = None,
        tls: bool | None = None,
        fingerprint: str | None = None,
    ):
        """`resume`: a resume token from an earlier welcome (version 2) to take that seat back.
        `tls`, `fingerprint`: how the link is opened (:func:`open_link`)."""
        self.name = name
        self._resume = resume
        self.cond = threading.Condition()
        self.apps: list[dict] = []
        self.events: list[dict] = []
        self.peers: dict[int, str] = {}
        self.bye: dict | None = None
        self.end_reason: str | None = None
        self.end_detail: str | None = None
        self.pings_received = 0
        self.pongs_received = 0
        self._samples: list[tuple[int, int]] = []  # (offset, rtt)
        self._send_lock = threading.Lock()
        self._running = threading.Event()  # cleared while paused
        self._running.set()
        self._stop = threading.Event()
        self._closing: str | None = None  # our bye's reason, once sent
        self._decoder = FrameDecoder()
        self._pending: list[bytes] = []
        self._last_heard = time.monotonic()
        self._ping_seq = 0

        self.sock, self.binding = open_link(host, port, tls=tls, fingerprint=fingerprint, timeout=timeout)
        try:
            self._handshake(name, join_code, tuple(versions), time.monotonic() + timeout)
        except BaseException:
            self.sock.close()
            raise
        self.heartbeat_interval = self.welcome["heartbeatIntervalMs"] / 1000.0
        self.heartbeat_timeout = self.welcome["heartbeatTimeoutMs"] / 1000.0
        self._last_heard = time.monotonic()
        self.sock.settimeout(0.05)
        self._reader = threading.Thread(target=self._read_loop, name=f"snapclient-reader-{name}", daemon=True)
        self._reader.start()
        self._pinger = None
        if heartbeat:
            self._pinger = threading.Thread(target=self._ping_loop, name=f"snapclient-pinger-{name}", daemon=True)
            self._pinger.start()

    # -- handshake ------------------------------------------------------------------------

    def _handshake(self, name: str, join_code: str | None, versions: tuple[int, ...], deadline: float) -> None:
        hello = _recv_frame(self.sock, self._decoder, self._pending, deadline)
        if hello is None:
            raise ProtocolError("connection closed before serverHello")
        if hello["type"] != "serverHello":
            raise ProtocolError(f"expected serverHello, got {hello['type']}")
        self.server_hello = hello
        self._decoder.max_payload = max(1, int(hello.get("maxFrame", DEFAULT_MAX_FRAME)))
        common = set(versions) & set(hello["versions"])
        if not common:
            raise Denied("versionMismatch", f"host speaks {hello['versions']}, we speak {list(versions)}")
        self.version = max(common)
        nonce = base64.b64decode(hello["nonce"], validate=True)
        if len(nonce) != NONCE_BYTES:
            raise ProtocolError(f"nonce must be {NONCE_BYTES} bytes, got {len(nonce)}")
        client_hello: dict[str, Any] = {"type": "clientHello", "version": self.version, "name": name}
        if hello["joinCodeRequired"] and join_code is not None:
            client_hello["proof"] = join_proof(join_code, nonce, self.binding)
        if self.version >= 2 and self._resume is not None:
            client_hello["resume"] = self._resume
        self.client_hello = client_hello
        self._send_raw(encode_message(client_hello))
        answer = _recv_frame(self.sock, self._decoder, self._pending, deadline)
        if answer is None:
            raise ProtocolError("connection closed before welcome")
        if answer["type"] == "deny":
            raise Denied(answer["reason"], answer.get("detail"), answer.get("suggestion"))
        if answer["type"] != "welcome":
            raise ProtocolError(f"expected welcome or deny, got {answer['type']}")
        self.welcome = answer
        self.id: int = answer["you"]["id"]
        self.host_peer: dict = answer["host"]
        self.peers = {peer["id"]: peer["name"] for peer in answer["peers"]}

    def _recv(self) -> bytes:
        """The next bytes from the host (socket.timeout after 50 ms without any). On TLS the read
        holds the send lock: OpenSSL's SSL object must not be used by two threads at once, and a
        TLS 1.3 read may write (the host's session tickets arrive just after the handshake, while
        another thread sends); two threads in one SSL object corrupted the link now and then under
        load (the host saw it close without a bye). It waits for data first without the lock, so
        senders are held back only while bytes are being read."""
        if not isinstance(self.sock, ssl.SSLSocket):
            return self.sock.recv(65536)
        if not self.sock.pending():
            readable, _, _ = select.select([self.sock], [], [], 0.05)
            if not readable:
                raise socket.timeout()
        with self._send_lock:
            return self.sock.recv(65536)

    # -- sending --------------------------------------------------------------------------

    def _send_raw(self, data: bytes) -> None:
        with self._send_lock:
            self.sock.sendall(data)

    def send(self, message: dict) -> None:
        """Sends one message."""
        self._send_raw(encode_message(message))

    def send_app(self, body: Any, to: None | str | list[int] = None) -> None:
        """Sends a game message: `to` None = the host's game, "all" = everyone else (host
        included), or a list of peer ids (0 = host)."""
        message: dict[str, Any] = {"type": "app", "body": body}
        if to is not None:
            message["to"] = to
        self.send(message)

    def ping(self) -> None:
        """Sends a ping now."""
        seq = self._ping_seq
        self._ping_seq = (self._ping_seq + 1) & 0xFFFFFFFF
        self.send({"type": "ping", "seq": seq, "sent": monotonic_us()})

    # -- liveness -------------------------------------------------------------------------

    def pause(self) -> None:
        """Stops reading and sending (pongs and pings), keeping the socket open: to the host
        this client has gone silent."""
        self._running.clear()

    def resume(self) -> None:
        self._last_heard = time.monotonic()
        self._running.set()

    @property
    def ended(self) -> bool:
        return self.end_reason is not None

    @property
    def clock(self) -> dict | None:
        """Estimate of the host's clock: offset (host minus local) and round trip of the
        lowest-round-trip sample among the last 16, in microseconds."""
        with self.cond:
            if not self._samples:
                return None
            offset, rtt = min(self._samples, key=lambda sample: sample[1])
            return {"offset": offset, "roundTrip": rtt, "samples": len(self._samples)}

    # -- reader ---------------------------------------------------------------------------

    def _end(self, reason: str, detail: str | None = None) -> None:
        with self.cond:
            if self.end_reason is None:
                self.end_reason = reason
                self.end_detail = detail
            self.cond.notify_all()
        self._stop.set()
        try:
            self.sock.close()
        except OSError:
            pass

    def _violation(self, detail: str) -> None:
        try:
            self.send({"type": "bye", "reason": "protocolError", "detail": detail})
        except OSError:
            pass
        self._end("protocolError", detail)

    def _read_loop(self) -> None:
        while not self._stop.is_set():
            if not self._running.is_set():
                self._running.wait(0.05)
                continue
            while self._pending and not self._stop.is_set() and self._running.is_set():
                payload = self._pending.pop(0)
                try:
                    self._handle(decode_payload(payload), monotonic_us())
                except ProtocolError as error:
                    self._violation(str(error))
                    return
            if self._stop.is_set() or not self._running.is_set():
                continue
            try:
                data = self._recv()
            except (socket.timeout, TimeoutError):
                continue
            except OSError as error:
                if not self._stop.is_set():
                    self._end(self._closing or "connectionDropped", f"recv failed: {error}")
                return
            received_at = monotonic_us()
            if not data:
                try:
                    self._decoder.finish()
                except ProtocolError as error:
                    self._end("connectionDropped", str(error))
                    return
                if self._closing is not None:
                    self._end(self._closing)
                else:
                    self._end("connectionDropped", "connection closed without bye")
                return
            self._last_heard = time.monotonic()
            try:
                payloads = self._decoder.feed(data)
            except ProtocolError as error:
                self._violation(str(error))
                return
            for index, payload in enumerate(payloads):
                try:
                    message = decode_payload(payload)
                    self._handle(message, received_at)
                except ProtocolError as error:
                    self._violation(str(error))
                    return
                if self._stop.is_set():
                    return
                if not self._running.is_set():
                    self._pending.extend(payloads[index + 1 :])
                    break

    def _handle(self, message: dict, received_at: int) -> None:
        kind = message["type"]
        if kind == "ping" and self._closing is not None:
            return  # we said bye; nothing more is sent
        if kind == "ping":
            pong = {
                "type": "pong",
                "seq": message["seq"],
                "sent": message["sent"],
                "received": received_at,
                "replied": monotonic_us(),
            }
            try:
                self.send(pong)
            except OSError:
                pass
            with self.cond:
                self.pings_received += 1
                self.cond.notify_all()
        elif kind == "pong":
            t3 = monotonic_us()
            sample = clock_sample(message["sent"], message["received"], message["replied"], t3)
            with self.cond:
                self.pongs_received += 1
                if sample[1] >= 0:
                    self._samples.append(sample)
                    del self._samples[:-CLOCK_WINDOW]
                self.cond.notify_all()
        elif kind == "app":
            with self.cond:
                self.apps.append(message)
                self.cond.notify_all()
        elif kind == "joined":
            with self.cond:
                self.peers[message["peer"]["id"]] = message["peer"]["name"]
                self.events.append(message)
                self.cond.notify_all()
        elif kind == "left":
            with self.cond:
                self.peers.pop(message["peer"]["id"], None)
                self.events.append(message)
                self.cond.notify_all()
        elif kind in ("away", "back") and self.version >= 2:
            with self.cond:
                self.events.append(message)
                self.cond.notify_all()
        elif kind == "bye":
            with self.cond:
                self.bye = message
            self._end(message["reason"], message.get("detail"))
        elif kind in ("serverHello", "clientHello", "welcome", "deny"):
            raise ProtocolError(f"{kind} is not allowed while connected")
        else:
            raise ProtocolError(f'unknown message type "{kind[:40]}"')

    def _ping_loop(self) -> None:
        next_ping = time.monotonic()
        while not self._stop.is_set() and self._closing is None:
            if not self._running.is_set():
                self._running.wait(0.05)
                next_ping = time.monotonic()
                continue
            now = time.monotonic()
            if now - self._last_heard > self.heartbeat_timeout:
                self._end("connectionDropped", "heartbeat timeout")
                return
            if now >= next_ping:
                try:
                    self.ping()
                except OSError:
                    return
                next_ping = now + self.heartbeat_interval
            self._stop.wait(min(0.05, max(0.0, next_ping - time.monotonic())))

    # -- waiting --------------------------------------------------------------------------

    def wait_for(self, predicate: Callable[[], Any], timeout: float) -> Any:
        """Waits until `predicate()` (evaluated under `cond`) is truthy; returns its value."""
        with self.cond:
            return self.cond.wait_for(predicate, timeout)

    def app_bodies(self, sender: int | None = None) -> list[Any]:
        with self.cond:
            return [m["body"] for m in self.apps if sender is None or m.get("from") == sender]

    def wait_ended(self, timeout: float) -> str | None:
        return self.wait_for(lambda: self.end_reason, timeout)

    # -- closing --------------------------------------------------------------------------

    def close(self, reason: str = "userQuit", linger: float = 2.0) -> None:
        """Says bye (userQuit) and closes gracefully: half-close, then read until the host's EOF
        (at most `linger` seconds). Closing a socket that still has unread data makes the OS
        send RST, which can destroy frames the host has not read yet, the bye included. (TLS
        has no half-close that leaves reading possible in Python's `ssl`: there the bye alone
        tells the host to close.)"""
        if self.end_reason is None and self._closing is None:
            with self._send_lock:
                self._closing = reason
                try:
                    self.sock.sendall(encode_message({"type": "bye", "reason": reason}))
                    if not isinstance(self.sock, ssl.SSLSocket):
                        self.sock.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
            self._running.set()
            self._reader.join(timeout=linger)
            self._end(reason)
        self._stop.set()
        self._running.set()
        self._reader.join(timeout=2)
        if self._pinger is not None:
            self._pinger.join(timeout=2)

    def abort(self) -> None:
        """Closes the socket without a bye (the host sees the connection drop)."""
        self._end("connectionDropped", "aborted locally")
        self._running.set()
        self._reader.join(timeout=2)

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()


# --------------------------------------------------------------------------------------------
# Raw access for bad-input tests
# --------------------------------------------------------------------------------------------


class RawConnection:
    """A bare connection to a host (TLS unless the host speaks clear text, :func:`open_link`):
    read the serverHello, then send anything. Over TLS the bytes sent are the protocol's, inside
    TLS records: what the host's framing sees is exactly them."""

    def __init__(self, host: str, port: int, timeout: float = 5.0, read_hello: bool = True, *,
                 tls: bool | None = None, fingerprint: str | None = None):
        self.sock, self.binding = open_link(host, port, tls=tls, fingerprint=fingerprint, timeout=timeout)
        self.decoder = FrameDecoder()
        self._pending: list[bytes] = []
        self.received = bytearray()  # every byte received, for byte-exact checks
        self.server_hello: dict | None = None
        if read_hello:
            hello = self.recv_message(timeout)
            if hello is None or hello["type"] != "serverHello":
                raise ProtocolError(f"expected serverHello, got {hello!r}")
            self.server_hello = hello

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send_message(self, message: dict) -> None:
        self.sock.sendall(encode_message(message))

    def send_payload(self, payload: bytes) -> None:
        """Sends arbitrary payload bytes with a correct length prefix."""
        self.sock.sendall(encode_frame(payload))

    def recv_message(self, timeout: float = 5.0) -> dict | None:
        """The next message, or None on EOF; TimeoutError when none came in time."""
        deadline = time.monotonic() + timeout
        while not self._pending:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no frame before the deadline")
            self.sock.settimeout(remaining)
            data = self.sock.recv(65536)
            if not data:
                self.decoder.finish()
                return None
            self.received += data
            self._pending.extend(self.decoder.feed(data))
        return decode_payload(self._pending.pop(0))

    def read_until_eof(self, timeout: float = 5.0) -> tuple[list[dict], bool]:
        """Reads messages until the host closes. Returns (messages, eof_seen); eof_seen is
        False when the deadline passed first. A connection reset counts as closed."""
        messages: list[dict] = []
        deadline = time.monotonic() + timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return messages, False
            try:
                message = self.recv_message(remaining)
            except TimeoutError:
                return messages, False
            except ConnectionResetError:
                return messages, True
            if message is None:
                return messages, True
            messages.append(message)

    def proof(self, code: str) -> str:
        """The join-code proof for this link (its nonce and channel binding)."""
        assert self.server_hello is not None
        return join_proof(code, self.server_hello["nonce"], self.binding)

    def handshake(self, name: str, version: int = 1, proof: str | None = None, timeout: float = 5.0) -> dict:
        """Sends a clientHello and returns the answer (welcome or deny)."""
        hello: dict[str, Any] = {"type": "clientHello", "version": version, "name": name}
        if proof is not None:
            hello["proof"] = proof
        self.send_message(hello)
        answer = self.recv_message(timeout)
        if answer is None:
            raise ProtocolError("connection closed before welcome")
        return answer

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass

    def __enter__(self) -> "RawConnection":
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()


def server_hello(host: str, port: int, timeout: float = 5.0, **link: Any) -> dict:
    """Opens a connection, reads the serverHello, closes: the host's public state. `link`:
    `tls`, `fingerprint` (:func:`open_link`)."""
    with RawConnection(host, port, timeout, **link) as connection:
        assert connection.server_hello is not None
        return connection.server_hello


def players(host: str, port: int, timeout: float = 5.0, **link: Any) -> int:
    """Players admitted now, from a fresh serverHello."""
    return int(server_hello(host, port, timeout, **link)["players"])
