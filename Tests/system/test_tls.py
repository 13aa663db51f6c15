"""TLS 1.3 on the TCP link (issue 17; docs/PROTOCOL.md section 20), with the real binary:

- a relay with a certificate of its own between `join` and the host is refused where `join`
  knows the host's key (remembered, or given with --fingerprint); trusted on first use, it still
  cannot pass the join code on, since the proof is bound to the certificate `join` was shown;
- a host whose key changed is refused with the sentence naming `snap-host forget-host`, and
  joined again after it;
- clear text, garbage or silence at the TLS port is closed (at once, or at the handshake
  timeout) while the host serves on; `join` and a `--no-tls` host tell each other apart;
- the host's key is made once, kept private and shown the same on every start.

The relay's certificate is a second host key made by the binary itself (a first start in a
directory of its own): a P-256 key and self-signed certificate, as any snap-host would show.
"""

from __future__ import annotations

import hashlib
import os
import socket
import ssl
import stat
import subprocess
import threading
import time
from pathlib import Path

import pytest

import snapclient
from harness import LOOPBACK, Proc, make_host_key, split_frames, wait_until
from snapclient import RawConnection, encode_message

CODE = "tiger-42"
HANDSHAKE_TIMEOUT_MS = 1000


class TLSRelay:
    """A machine in the middle: listens on 127.0.0.1 (`port`, free unless given), ends each
    client's TLS with a certificate of its own, opens TLS to the host (taking any key), and
    passes the plain bytes on both ways, keeping a copy (`captures`). Clients whose TLS
    handshake fails are counted in `refused`."""

    def __init__(self, target_port: int, key_dir: Path, port: int = 0):
        self.target_port = target_port
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.minimum_version = ssl.TLSVersion.TLSv1_3
        self.context.load_cert_chain(key_dir / "tls-cert.pem", key_dir / "tls-key.pem")
        der = ssl.PEM_cert_to_DER_cert((key_dir / "tls-cert.pem").read_text())
        self.fingerprint = hashlib.sha256(der).hexdigest()
        self.listener = socket.create_server((LOOPBACK, port))
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.captures: list[dict[str, bytearray]] = []
        self.refused = 0
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept_loop, daemon=True).start()

    def _accept_loop(self) -> None:
        while True:
            try:
                raw, _ = self.listener.accept()
            except OSError:
                return
            try:
                raw.settimeout(5)
                client = self.context.wrap_socket(raw, server_side=True)
                upstream, _ = snapclient.open_link(LOOPBACK, self.target_port, tls=True)
            except OSError:  # the client gave up on our key (or the host is gone)
                with self.lock:
                    self.refused += 1
                raw.close()
                continue
            client.settimeout(None)
            upstream.settimeout(None)
            record = {"c2s": bytearray(), "s2c": bytearray()}
            with self.lock:
                self.captures.append(record)
                self._sockets += [client, upstream]
            threading.Thread(target=self._pump, args=(client, upstream, record["c2s"]), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, record["s2c"]), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, record: bytearray) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                for sock in (sink, source):
                    try:
                        sock.close()
                    except OSError:
                        pass
                return
            with self.lock:
                record += data
            try:
                sink.sendall(data)
            except OSError:
                return

    def capture(self, index: int) -> dict[str, bytes]:
        with self.lock:
            return {key: bytes(value) for key, value in self.captures[index].items()}

    def close(self) -> None:
        self.listener.close()
        with self.lock:
            sockets = list(self._sockets)
        for sock in sockets:
            try:
                sock.close()
            except OSError:
                pass


@pytest.fixture(scope="module")
def relay_key(snap_bin, tmp_path_factory) -> Path:
    """A key and certificate of the relay's own (not the host's)."""
    directory = tmp_path_factory.mktemp("relay") / "state"
    make_host_key(snap_bin, directory)
    return directory


@pytest.fixture
def relays():
    opened: list[TLSRelay] = []
    yield opened
    for relay in opened:
        relay.close()


def join(snap_bin, processes, endpoint: str, player: str, *args: str) -> Proc:
    return processes.add(Proc([str(snap_bin), "join", endpoint, "--player", player, *args], f"join({player})"))


def known_hosts(state_home: Path) -> dict[str, str]:
    """join's known-hosts file: endpoint -> fingerprint."""
    path = state_home / "snap-host" / "known-hosts"
    if not path.exists():
        return {}
    return {line.split()[0]: line.split()[1] for line in path.read_text().splitlines()}


def refusal(proc: Proc) -> str:
    """The sentence under `disconnected: noNetwork`, the lines of stderr joined."""
    lines = proc.stderr_snapshot()
    assert "disconnected: noNetwork" in lines, proc.describe()
    return " ".join(line.strip() for line in lines[lines.index("disconnected: noNetwork") + 1:])


def short(fingerprint: str) -> str:
    """The first 8 bytes in groups of four hex digits, as join's sentences show a key."""
    return " ".join(fingerprint[i:i + 4] for i in range(0, 16, 4))


# -- a relay with its own certificate ------------------------------------------------------------


def test_a_relay_at_the_address_of_a_remembered_host_is_refused_with_the_sentence(
        start_host, snap_bin, processes, relays, relay_key, state_home, tmp_path):
    host = start_host("--state-dir", str(tmp_path / "host"))
    first = join(snap_bin, processes, f"{LOOPBACK}:{host.port}", "Ann", "--bot")
    assert first.wait_stdout(r"^connected to ", 10), first.describe()
    assert known_hosts(state_home) == {f"{LOOPBACK}:{host.port}": host.fingerprint}
    first.stop()
    # The host moves to another port; a relay takes its old address and passes everything on.
    port = host.port
    host.stop()
    moved = start_host("--state-dir", str(tmp_path / "host"))
    assert moved.fingerprint == host.fingerprint
    relay = TLSRelay(moved.port, relay_key, port=port)
    relays.append(relay)
    assert relay.fingerprint != host.fingerprint

    again = join(snap_bin, processes, f"{LOOPBACK}:{port}", "Ann", "--bot")
    assert again.wait_exit(10) == 4, again.describe()
    sentence = refusal(again)
    assert sentence.startswith(f"{LOOPBACK}:{port} shows TLS key {short(relay.fingerprint)}…, not the key remembered for it since "), sentence
    assert f"({short(host.fingerprint)}…)" in sentence, sentence
    assert f"`snap-host forget-host {LOOPBACK}:{port}`" in sentence and "reading along" in sentence, sentence
    assert known_hosts(state_home) == {f"{LOOPBACK}:{port}": host.fingerprint}, "the remembered key is kept"
    assert wait_until(lambda: relay.refused == 1, 5) and relay.captures == [], "join closed before a byte of the protocol"
    assert moved.players() == 0


def test_a_relay_trusted_on_first_use_cannot_pass_the_join_code_on(
        start_host, snap_bin, processes, relays, relay_key, state_home):
    host = start_host("--join-code", CODE)
    relay = TLSRelay(host.port, relay_key)
    relays.append(relay)
    fooled = join(snap_bin, processes, f"{LOOPBACK}:{relay.port}", "Ann", "--bot", "--join-code", CODE)
    assert fooled.wait_exit(10) == 2, fooled.describe()
    assert "denied: wrongJoinCode" in fooled.stderr_snapshot(), fooled.describe()
    # join did trust the relay (first use) and spoke the protocol through it...
    assert known_hosts(state_home) == {f"{LOOPBACK}:{relay.port}": relay.fingerprint}
    to_host, _ = split_frames(relay.capture(0)["c2s"])
    to_client, _ = split_frames(relay.capture(0)["s2c"])
    hello, proof = to_client[0], to_host[0]["proof"]
    assert to_client[1] == {"type": "deny", "reason": "wrongJoinCode", "detail": "the join code is wrong"}
    # ...but its proof is bound to the certificate it was shown, the relay's, which the host
    # checks against its own.
    assert proof == snapclient.join_proof(CODE, hello["nonce"], bytes.fromhex(relay.fingerprint))
    assert proof != snapclient.join_proof(CODE, hello["nonce"], bytes.fromhex(host.fingerprint))
    assert host.players() == 0
    assert host.wait_stderr(r"reason=denied wrongJoinCode", 5), host.describe()
    # The relay itself passes everything: a proof bound to the host's certificate (which only
    # someone who knows the code can make) goes through it and is welcome.
    with RawConnection(LOOPBACK, relay.port, fingerprint=relay.fingerprint) as conn:
        proof = snapclient.join_proof(CODE, conn.server_hello["nonce"], bytes.fromhex(host.fingerprint))
        assert conn.handshake("Control", proof=proof)["type"] == "welcome"


def test_a_relay_is_refused_by_join_with_the_hosts_fingerprint(start_host, snap_bin, processes, relays, relay_key,
                                                                state_home):
    host = start_host("--join-code", CODE)
    relay = TLSRelay(host.port, relay_key)
    relays.append(relay)
    pinned = join(snap_bin, processes, f"{LOOPBACK}:{relay.port}", "Ann", "--bot", "--join-code", CODE,
                  "--fingerprint", host.fingerprint)
    assert pinned.wait_exit(10) == 4, pinned.describe()
    sentence = refusal(pinned)
    assert sentence == (f"{LOOPBACK}:{relay.port} shows TLS key {short(relay.fingerprint)}…, not the key given with "
                        f"--fingerprint ({short(host.fingerprint)}…): something between you and the host may be "
                        "reading along; not joining"), sentence
    assert wait_until(lambda: relay.refused == 1, 5) and relay.captures == []
    assert known_hosts(state_home) == {}, "a pinned join remembers nothing"
    # The same fingerprint, straight to the host: joined.
    direct = join(snap_bin, processes, f"{LOOPBACK}:{host.port}", "Bea", "--bot", "--join-code", CODE,
                  "--fingerprint", host.fingerprint.upper())
    assert direct.wait_stdout(r"^connected to .+ as Bea ", 10), direct.describe()


# -- a host whose key changed --------------------------------------------------------------------


def test_a_changed_key_is_refused_naming_forget_host_and_joined_after_it(
        start_host, snap_bin, processes, state_home, tmp_path):
    first = start_host("--state-dir", str(tmp_path / "a"))
    port = first.port
    endpoint = f"{LOOPBACK}:{port}"
    ann = join(snap_bin, processes, endpoint, "Ann", "--bot")
    assert ann.wait_stdout(r"^connected to ", 10), ann.describe()
    assert ann.wait_stderr(rf"fingerprint={first.fingerprint} .*host key remembered", 5), ann.describe()
    ann.stop()
    first.stop()

    second = start_host("--state-dir", str(tmp_path / "b"), "--port", str(port))
    assert second.port == port and second.fingerprint != first.fingerprint
    refused = join(snap_bin, processes, endpoint, "Ann", "--bot")
    assert refused.wait_exit(10) == 4, refused.describe()
    sentence = refusal(refused)
    assert f"{endpoint} shows TLS key {short(second.fingerprint)}…, not the key remembered for it" in sentence, sentence
    assert f"`snap-host forget-host {endpoint}`" in sentence, sentence
    assert second.players() == 0

    forgot = subprocess.run([str(snap_bin), "forget-host", endpoint], capture_output=True, text=True, timeout=10)
    assert forgot.returncode == 0, forgot
    assert forgot.stdout.startswith(f"forgot the key of {endpoint} (SHA-256 {first.fingerprint}, remembered since "), forgot
    assert known_hosts(state_home) == {}
    again = subprocess.run([str(snap_bin), "forget-host", endpoint], capture_output=True, text=True, timeout=10)
    assert again.returncode == 1 and f"no key remembered for {endpoint}" in again.stderr, again

    back = join(snap_bin, processes, endpoint, "Ann", "--bot")
    assert back.wait_stdout(r"^connected to .+ as Ann ", 10), back.describe()
    assert known_hosts(state_home) == {endpoint: second.fingerprint}


# -- what is not TLS at a TLS port ---------------------------------------------------------------


def _closed_within(sock: socket.socket, seconds: float) -> tuple[bool, bytes, float]:
    """Reads until the host closes (EOF or reset); (closed, bytes read, seconds it took)."""
    started = time.monotonic()
    received = bytearray()
    while True:
        remaining = seconds - (time.monotonic() - started)
        if remaining <= 0:
            return False, bytes(received), time.monotonic() - started
        sock.settimeout(remaining)
        try:
            data = sock.recv(65536)
        except (socket.timeout, TimeoutError):
            return False, bytes(received), time.monotonic() - started
        except ConnectionResetError:
            return True, bytes(received), time.monotonic() - started
        if not data:
            return True, bytes(received), time.monotonic() - started
        received += data


def test_clear_text_garbage_and_silence_at_the_tls_port_are_closed_and_the_host_serves_on(
        start_host, start_join, clients):
    host = start_host("--handshake-timeout", str(HANDSHAKE_TIMEOUT_MS))
    before = snapclient.Client(host.host, host.port, "Before")
    clients.append(before)
    hello = encode_message({"type": "clientHello", "version": 1, "name": "Plain"})
    garbage = os.urandom(3000)
    timeout = HANDSHAKE_TIMEOUT_MS / 1000
    sockets = {kind: socket.create_connection((host.host, host.port), timeout=5) for kind in ("hello", "garbage", "silent")}
    try:
        opened = time.monotonic()
        sockets["hello"].sendall(hello)
        sockets["garbage"].sendall(garbage)
        results = {kind: _closed_within(sock, timeout + 3) for kind, sock in sockets.items()}
    finally:
        for sock in sockets.values():
            sock.close()
    for kind, (closed, received, _) in results.items():
        assert closed, f"{kind}: the host kept the connection open (got {received[:60]!r})"
        # Nothing of the protocol in clear text: at most a TLS alert record (content type 21).
        assert received == b"" or received[0] == 0x15, f"{kind}: {received[:60]!r}"
    assert results["hello"][2] < timeout / 2 and results["garbage"][2] < timeout / 2, "a bad TLS hello fails at once"
    silent = time.monotonic() - opened  # read last: its close is the last thing that happened
    assert timeout - 0.1 <= silent <= timeout + 2 + 1.5, f"silence closed after {silent:.2f} s"  # + the farewell's linger
    assert host.wait_closed_count("handshake timeout", 1, 5), host.describe()

    assert host.running
    assert not any("Fatal error" in line or "crash" in line.lower() for line in host.stderr_snapshot()), host.describe()
    assert not before.ended, (before.end_reason, before.end_detail)
    after = start_join(host.port, "After", bot=True)
    assert after.wait_connected(10), after.describe()
    assert before.wait_for(lambda: "After" in before.peers.values(), 5), before.peers
    assert host.players() == 2


def test_join_at_a_clear_text_host_says_it_does_not_speak_tls_and_joins_with_no_tls(start_host, start_join, state_home):
    host = start_host("--no-tls")
    assert host.fingerprint is None and host.stdout_snapshot()[1] == "tls off: the TCP port speaks clear text (--no-tls)"
    tls = start_join(host.port, "Tilly", bot=True)
    assert tls.wait_exit(10) == 4, tls.describe()
    assert refusal(tls) == (f"{LOOPBACK}:{host.port} does not speak TLS (a host started with --no-tls, or not a "
                            "snap-host); join with --no-tls to play it without encryption"), tls.describe()
    assert known_hosts(state_home) == {}
    plain = start_join(host.port, "Plato", "--no-tls", bot=True)
    assert plain.wait_connected(10), plain.describe()
    assert host.players() == 1


def test_join_with_no_tls_at_a_tls_host_is_closed_and_told_why(start_host, start_join):
    host = start_host("--handshake-timeout", str(HANDSHAKE_TIMEOUT_MS))
    started = time.monotonic()
    plain = start_join(host.port, "Plato", "--no-tls", bot=True)
    assert plain.wait_exit(HANDSHAKE_TIMEOUT_MS / 1000 + 10) == 3, plain.describe()
    assert time.monotonic() - started < HANDSHAKE_TIMEOUT_MS / 1000 + 5, "closed at the host's handshake timeout"
    assert plain.stderr_snapshot()[-2:] == [
        "disconnected: connectionDropped",
        "  the host closed the connection before sending its serverHello: a host that speaks TLS does that to a clear-text join; "
        "join without --no-tls"], plain.describe()
    assert host.running and host.players() == 0


def test_the_reference_client_pins_the_printed_key_and_binds_its_proof(start_host, clients):
    host = start_host("--join-code", CODE)
    client = snapclient.Client(host.host, host.port, "Py", join_code=CODE, fingerprint=host.fingerprint)
    clients.append(client)
    assert client.sock.version() == "TLSv1.3"
    assert client.binding.hex() == host.fingerprint
    with pytest.raises(snapclient.KeyMismatch):
        snapclient.Client(host.host, host.port, "Other", join_code=CODE, fingerprint="00" * 32)
    # The clear-text form of the proof (no binding) is a wrong code over TLS.
    with RawConnection(host.host, host.port) as conn:
        unbound = snapclient.join_proof(CODE, conn.server_hello["nonce"])
        assert conn.handshake("Unbound", proof=unbound)["reason"] == "wrongJoinCode"
    assert host.players() == 1


# -- the host's key ------------------------------------------------------------------------------


def test_the_host_key_is_made_once_private_and_the_same_on_every_start(snap_bin, start_host, state_home, tmp_path):
    state = tmp_path / "state" / "nested"
    first = start_host("--state-dir", str(state))
    assert first.wait_stderr(rf"directory={state} fingerprint={first.fingerprint} .*made a TLS key", 5), first.describe()
    assert stat.S_IMODE(os.stat(state / "tls-key.pem").st_mode) == 0o600
    assert stat.S_IMODE(os.stat(state).st_mode) == 0o700
    der = ssl.PEM_cert_to_DER_cert((state / "tls-cert.pem").read_text())
    assert hashlib.sha256(der).hexdigest() == first.fingerprint
    key = (state / "tls-key.pem").read_bytes()
    first.stop()

    second = start_host("--state-dir", str(state))
    assert second.fingerprint == first.fingerprint
    assert (state / "tls-key.pem").read_bytes() == key
    assert not second.wait_stderr(r"made a TLS key", 0.5), second.describe()
    second.stop()

    # Without --state-dir: $XDG_STATE_HOME/snap-host.
    default = start_host()
    der = ssl.PEM_cert_to_DER_cert((state_home / "snap-host" / "tls-cert.pem").read_text())
    assert default.fingerprint == hashlib.sha256(der).hexdigest() != first.fingerprint


def test_a_key_without_its_certificate_is_named_and_never_replaced(snap_bin, tmp_path):
    state = tmp_path / "state"
    make_host_key(snap_bin, state)
    key = (state / "tls-key.pem").read_bytes()
    (state / "tls-cert.pem").unlink()
    proc = Proc([str(snap_bin), "serve", "--state-dir", str(state), "--port", "0", "--host", LOOPBACK, "--no-dnssd",
                 "--no-bluetooth", "--no-web"], "host")
    assert proc.wait_exit(15) == 73, proc.describe()
    assert f"snap-host: TLS identity: {state}/tls-cert.pem is missing beside {state}/tls-key.pem" in proc.stderr_text, proc.describe()
    assert proc.stdout_snapshot() == []
    assert (state / "tls-key.pem").read_bytes() == key and not (state / "tls-cert.pem").exists()


def test_join_in_a_read_only_home_plays_on_warned_that_the_key_is_not_remembered(start_host, snap_bin, processes, state_home):
    """A read-only home (a kiosk, a live USB stick): the key cannot be remembered. As OpenSSH does,
    join warns and plays on; the key still guards this link (docs/PROTOCOL.md, section 20.2)."""
    host = start_host()
    endpoint = f"{LOOPBACK}:{host.port}"
    # The state home bound read-only onto itself, in a mount namespace of join's own.
    read_only = (f'mount --bind "$XDG_STATE_HOME" "$XDG_STATE_HOME" && mount -o remount,bind,ro "$XDG_STATE_HOME" '
                 f'&& exec "$0" join {endpoint} --player Rhea --bot')
    rhea = processes.add(Proc(["unshare", "-m", "--propagation", "private", "sh", "-c", read_only, str(snap_bin)], "join(Rhea)"))
    assert rhea.wait_stdout(r"^connected to .+ as Rhea ", 10), rhea.describe()
    assert rhea.wait_stderr(rf"fingerprint={host.fingerprint} .*host key not remembered", 5), rhea.describe()
    assert "Read-only file system" in "\n".join(rhea.stderr_snapshot()), rhea.describe()
    assert host.wait_players(1, 10), host.describe()
    assert known_hosts(state_home) == {}
