"""The join code: wrong or missing codes are denied, the right one admits, and the code never
crosses the wire (checked on a recording proxy, in clear text) nor appears in the host's log.
Over TLS the proof is bound to the host's certificate as well: test_tls.py."""

from __future__ import annotations

import base64
import codecs

import pytest

import snapclient
from harness import RecordingProxy, split_frames

CODE = "s3cr3t-Pi-code"


def code_fingerprints(code: str) -> list[bytes]:
    """Byte strings that would betray the code if they appeared on the wire or in a log."""
    raw = code.encode("utf-8")
    forms = {
        raw,
        raw.lower(),
        raw.upper(),
        code.encode("utf-16-le"),
        code.encode("utf-16-be"),
        raw.hex().encode(),
        raw.hex().upper().encode(),
        codecs.encode(code, "rot13").encode(),
        raw[::-1],
    }
    # base64 (standard and URL-safe) at every alignment: the code could be embedded in a longer blob.
    for shift in range(3):
        blob = b"\0" * shift + raw
        full_groups = (len(blob) // 3) * 4
        for encoder in (base64.b64encode, base64.urlsafe_b64encode):
            encoded = encoder(blob)
            forms.add(encoded[4 if shift else 0 : full_groups])
    forms.add(base64.b32encode(raw).rstrip(b"="))
    return sorted(form for form in forms if len(form) >= 8)


def assert_code_absent(data: bytes, where: str) -> None:
    for form in code_fingerprints(CODE):
        assert form not in data, f"join code leaked in {where} as {form!r}"


def test_fingerprints_would_catch_a_leak():
    # The checker itself must be able to fail.
    leak = b'{"code":"' + base64.b64encode(b"xy" + CODE.encode()) + b'"}'
    with pytest.raises(AssertionError):
        assert_code_absent(leak, "a fake capture")
    with pytest.raises(AssertionError):
        assert_code_absent(CODE.encode().hex().encode(), "a fake log")


def test_join_code_wrong_missing_right_through_recording_proxy(start_host, start_join):
    # Clear text (--no-tls on both sides): the link TLS would hide is the one where a leak shows.
    host = start_host("--join-code", CODE, "--log-level", "trace", "--no-tls")
    assert host.server_hello()["joinCodeRequired"] is True
    proxy = RecordingProxy(host.port)
    try:
        wrong = start_join(proxy.port, "wrong", "--no-tls", join_code="not-the-code")
        assert wrong.wait_exit(15) == 2, wrong.describe()
        assert "denied: wrongJoinCode" in wrong.stderr_snapshot(), wrong.describe()

        missing = start_join(proxy.port, "nocode", "--no-tls")
        assert missing.wait_exit(15) == 2, missing.describe()
        assert "denied: wrongJoinCode" in missing.stderr_snapshot(), missing.describe()

        right = start_join(proxy.port, "right", "--no-tls", join_code=CODE)
        assert right.wait_connected(15), right.describe()
        assert host.players() == 1
        right.write_line("typed after joining")
        assert host.wait_stdout(r"^chat right: typed after joining$", 5), host.describe()
        right.write_line("/quit")
        assert right.wait_exit(10) == 0, right.describe()
        assert host.wait_players(0, 5)

        captures = proxy.captures()
    finally:
        proxy.close()

    assert len(captures) == 3, f"expected 3 proxied connections, got {len(captures)}"
    everything = b"".join(c["c2s"] + c["s2c"] for c in captures)
    assert len(everything) > 500
    assert_code_absent(everything, "the proxy capture")
    for capture in captures:
        assert_code_absent(capture["c2s"], "client-to-host bytes")
        assert_code_absent(capture["s2c"], "host-to-client bytes")

    outcomes = []
    for capture in captures:
        to_host, rest_c2s = split_frames(capture["c2s"])
        to_client, rest_s2c = split_frames(capture["s2c"])
        assert rest_c2s == b"" and rest_s2c == b"", "a proxied stream ended inside a frame"
        server_hello = to_client[0]
        assert server_hello["type"] == "serverHello" and server_hello["joinCodeRequired"] is True
        client_hello = to_host[0]
        assert client_hello["type"] == "clientHello"
        answer = to_client[1]
        outcomes.append((client_hello, answer, server_hello, to_host, to_client))

    (wrong_hello, wrong_answer, wrong_sh, _, _), (none_hello, none_answer, _, _, _), \
        (right_hello, right_answer, right_sh, right_to_host, _) = outcomes

    # The wrong code sent a proof, just not the right one.
    assert "proof" in wrong_hello
    assert wrong_hello["proof"] != snapclient.join_proof(CODE, wrong_sh["nonce"])
    assert wrong_hello["proof"] == snapclient.join_proof("not-the-code", wrong_sh["nonce"])
    assert wrong_answer == {"type": "deny", "reason": "wrongJoinCode", "detail": "the join code is wrong"}
    # No code: no proof, denied.
    assert "proof" not in none_hello
    assert none_answer["type"] == "deny" and none_answer["reason"] == "wrongJoinCode"
    # The right code: a clientHello with exactly the proof of section 6, then a welcome.
    assert "proof" in right_hello
    assert right_hello["proof"] == snapclient.join_proof(CODE, right_sh["nonce"])
    assert len(base64.b64decode(right_hello["proof"])) == 32
    assert right_answer["type"] == "welcome" and right_answer["you"]["name"] == "right"
    # After the welcome only ordinary session traffic went to the host.
    assert {m["type"] for m in right_to_host[1:]} <= {"ping", "pong", "app", "bye"}
    # Each connection had its own nonce.
    assert len({o[2]["nonce"] for o in outcomes}) == 3

    # The host's log (at trace level) never shows the code.
    stderr = host.stderr_text.encode("utf-8")
    assert len(stderr) > 0
    assert_code_absent(stderr, "the host's stderr")
    assert_code_absent(host.stdout_text.encode("utf-8"), "the host's stdout")
    # Nor the proofs (they allow an offline guess of the code).
    for hello, *_ in outcomes:
        if "proof" in hello:
            assert hello["proof"] not in host.stderr_text


def test_join_code_python_client(start_host, clients):
    host = start_host("--join-code", CODE)

    with pytest.raises(snapclient.Denied) as wrong:
        snapclient.Client(host.host, host.port, "p1", join_code="S3CR3T-PI-CODE")
    assert wrong.value.reason == "wrongJoinCode"

    with pytest.raises(snapclient.Denied) as missing:
        snapclient.Client(host.host, host.port, "p2")
    assert missing.value.reason == "wrongJoinCode"
    assert missing.value.detail == "this host needs a join code"

    # A proof that is not base64 of 32 bytes is a bad hello, not a wrong code.
    with snapclient.RawConnection(host.host, host.port) as raw:
        answer = raw.handshake("p3", proof="not base64!")
        assert answer["type"] == "deny" and answer["reason"] == "badHello", answer
        assert answer["detail"] == "proof: must be base64 of 32 bytes"
        _, eof = raw.read_until_eof(3)
        assert eof

    # A proof recorded on one connection cannot be replayed on another (fresh nonce).
    with snapclient.RawConnection(host.host, host.port) as first:
        recorded = first.proof(CODE)
    with snapclient.RawConnection(host.host, host.port) as second:
        answer = second.handshake("p4", proof=recorded)
        assert answer["type"] == "deny" and answer["reason"] == "wrongJoinCode", answer

    client = snapclient.Client(host.host, host.port, "p5", join_code=CODE)
    clients.append(client)
    assert client.welcome["you"]["name"] == "p5"
    assert host.players() == 1


def test_no_code_host_ignores_any_proof(start_host):
    host = start_host()
    assert host.server_hello()["joinCodeRequired"] is False
    with snapclient.RawConnection(host.host, host.port) as raw:
        answer = raw.handshake("anyone", proof="garbage, ignored")
        assert answer["type"] == "welcome", answer
