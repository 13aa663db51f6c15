"""Light pages (docs/WEB.md, "What is served, and how it is kept"), on the real host: a file
asked for with `Accept-Encoding: gzip` comes gzipped and decodes (Python's gzip, not the host's
zlib) to exactly the plain bytes; asked again with its validator, 304 and no body; asked without
gzip, the plain bytes and no Content-Encoding; the names carrying a hash are kept a year and
hold the same bytes. Then a real Chromium phone: what it loads comes compressed and by hashed
names, and a reload takes them from its cache."""

from __future__ import annotations

import gzip
import http.client
import re

import pytest

from web_support import available

HASHED = re.compile(r'"(\.?)(/[a-z0-9/.-]+?\.[0-9a-f]{16}\.(?:mjs|css))"')  # "./x" is relative to the file's folder
IMMUTABLE = "public, max-age=31536000, immutable"


def fetch(port: int, path: str, headers: dict[str, str], method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    """One request on a fresh connection, with exactly `headers` (no Accept-Encoding unless given:
    http.client would add `identity`)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_accept_encoding=True)
    for name, value in headers.items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    answer = (response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
    connection.close()
    return answer


def test_a_file_comes_gzipped_only_when_asked_and_a_validator_gets_304(start_host):
    host = start_host("--game", "trivia", web=True)
    port = host.web_port
    pending = ["/", "/screen", "/host"]
    seen: set[str] = set()
    hashed: set[str] = set()
    while pending:
        path = pending.pop()
        if path in seen:
            continue
        seen.add(path)
        status, headers, body = fetch(port, path, {"Accept-Encoding": "gzip, deflate, br"})
        assert status == 200 and headers.get("content-encoding") == "gzip", (path, status, headers)
        assert headers["vary"] == "Accept-Encoding" and "content-security-policy" in headers, headers
        assert headers["x-content-type-options"] == "nosniff" and int(headers["content-length"]) == len(body)
        plain_status, plain_headers, plain = fetch(port, path, {})
        assert plain_status == 200 and "content-encoding" not in plain_headers, (path, plain_headers)
        assert plain_headers["vary"] == "Accept-Encoding"
        assert gzip.decompress(body) == plain and len(body) < len(plain), path
        assert re.fullmatch(r'"[0-9a-f]{16}-gz"', headers["etag"]) and headers["etag"] != plain_headers["etag"], headers
        assert headers["cache-control"] == plain_headers["cache-control"]

        again, headers304, body304 = fetch(port, path, {"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})
        assert again == 304 and body304 == b"" and "content-length" not in headers304, (path, again, headers304)
        assert headers304["etag"] == headers["etag"] and headers304["vary"] == "Accept-Encoding"
        plain_again, _, _ = fetch(port, path, {"If-None-Match": plain_headers["etag"]})
        assert plain_again == 304, path
        other, _, whole = fetch(port, path, {"Accept-Encoding": "gzip", "If-None-Match": plain_headers["etag"]})
        assert other == 200 and gzip.decompress(whole) == plain, path  # the plain bytes' tag is not the gzip's
        refused, refused_headers, refused_body = fetch(port, path, {"Accept-Encoding": "gzip;q=0, identity"})
        assert refused == 200 and "content-encoding" not in refused_headers and refused_body == plain, path

        head_status, head_headers, head_body = fetch(port, path, {"Accept-Encoding": "gzip"}, method="HEAD")
        assert head_status == 200 and head_body == b"" and head_headers == headers, (path, head_headers)

        match = re.fullmatch(r"(/.*)\.([0-9a-f]{16})(\.mjs|\.css)", path)
        if match:  # a hashed name: kept a year, the same bytes as its plain name
            hashed.add(path)
            assert headers["cache-control"] == IMMUTABLE, (path, headers)
            _, plain_name_headers, plain_name = fetch(port, match.group(1) + match.group(3), {})
            assert plain_name == plain and plain_name_headers["cache-control"] == "no-cache", path
            assert plain_name_headers["etag"] == f'"{match.group(2)}"', "the name's hash is the plain bytes' validator"
        else:
            assert headers["cache-control"] == "no-cache", (path, headers)
        if path.endswith((".mjs", ".css")) or not path.startswith("/games"):
            text = plain.decode()
            folder = path[:path.rindex("/")]
            names = [folder + name if relative else name for relative, name in HASHED.findall(text)]
            assert not re.search(r'(?:from|src=|href=)\s*"\.?/(?:[a-z]+)\.(?:mjs|css)"', text), f"{path} names a file without its hash"
            pending += names
    assert any(name.startswith("/games/trivia.") for name in hashed), sorted(hashed)
    assert {re.sub(r"\.[0-9a-f]{16}", "", name) for name in hashed} >= {
        "/style.css", "/phone.mjs", "/screen.mjs", "/host.mjs", "/dom.mjs", "/link.mjs", "/sha256.mjs", "/feed.mjs",
        "/words.mjs", "/game.mjs", "/games/trivia.mjs", "/games/trivia.watch.mjs", "/tv.css", "/host.css"}, sorted(hashed)


RESOURCES = ("return performance.getEntriesByType('resource').concat(performance.getEntriesByType('navigation'))"
             ".map(function (e) { return {name: new URL(e.name).pathname, kind: e.initiatorType || e.entryType,"
             " transfer: e.transferSize, encoded: e.encodedBodySize, decoded: e.decodedBodySize}; });")


@pytest.mark.skipif(available() is not None, reason=available() or "")
def test_a_phone_gets_the_pages_compressed_and_a_reload_takes_them_from_its_cache(start_host, pages):
    """Chromium reaches the lobby from the gzipped pages, every module it needs and the stylesheet
    by their hashed names (the game's module too); reloaded, it takes its seat back and loads none of them
    again (they are kept: nothing on the wire)."""
    host = start_host("--game", "trivia", web=True)
    phone = pages(f"http://127.0.0.1:{host.web_port}/")
    phone.join("Ann")
    phone.wait_visible("lobby-view", 10)
    phone.wait(lambda: phone.text("lobby-title") == "You're in, Ann!", 10, "the lobby's welcome")
    first = phone.driver.execute_script(RESOURCES)
    files = [entry for entry in first if entry["name"].endswith((".mjs", ".css"))]
    # Only the phone's own: not the TV's or the host page's stylesheet, nor the join code's hash
    # (this host asks for no code: test_web.py joins one that does).
    assert {re.sub(r"\.[0-9a-f]{16}", "", entry["name"]) for entry in files} == {
        "/style.css", "/phone.mjs", "/dom.mjs", "/link.mjs", "/words.mjs", "/game.mjs", "/games/trivia.mjs"}, first
    for entry in files:
        assert re.search(r"\.[0-9a-f]{16}\.(mjs|css)$", entry["name"]), entry
        assert 0 < entry["encoded"] < entry["decoded"] and entry["transfer"] > entry["encoded"], entry  # gzipped, on the wire
    page = next(entry for entry in first if entry["kind"] == "navigation")
    assert 0 < page["encoded"] < page["decoded"], page

    phone.driver.refresh()
    phone.wait_visible("lobby-view", 10)
    phone.wait(lambda: phone.text("lobby-title") == "Welcome back, Ann!", 10, "the seat taken back after the reload")
    again = phone.driver.execute_script(RESOURCES)
    kept = [entry for entry in again if entry["name"].endswith((".mjs", ".css"))]
    assert {entry["name"] for entry in kept} == {entry["name"] for entry in files}, again
    assert all(entry["transfer"] == 0 for entry in kept), f"a kept file came over the wire again: {again}"
    page = next(entry for entry in again if entry["kind"] == "navigation")
    assert page["transfer"] < 1000, page  # the page itself: asked again, 304, headers only
