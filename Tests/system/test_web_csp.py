"""The web port's security headers (docs/WEB.md, "Security headers"): every page is served with
a strict Content-Security-Policy, and in a real Chromium each page still works as a person uses
it (a phone joins and sees the lobby, the TV shows a QR code that decodes, the host page unlocks
with the PIN) without the browser reporting a single violation. A plain HTTP request shows the
headers as sent."""

from __future__ import annotations

import http.client

import pytest

from test_host_page import host_pin, unlock
from test_web import url
from web_support import TV, Page, available, decode_qr

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
OTHER_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

# Runs in each page before its own scripts: the violations the page itself is told of.
WATCH = ("window.violations = [];"
         "document.addEventListener('securitypolicyviolation', function (e) {"
         " window.violations.push(e.violatedDirective + ' ' + (e.blockedURI || e.sample)); });")


def get(port: int, path: str) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def violations(page: Page) -> list[str]:
    """What the browser's console and the page's own listener said about the policy."""
    logged = [e["message"] for e in page.browser_log() if "Content Security Policy" in e["message"]]
    return logged + page.driver.execute_script("return window.violations || [];")


def test_every_response_carries_the_headers(start_host):
    host = start_host("--game", "trivia", web=True)
    for path in ("/", "/screen", "/host", "/?x=1"):
        response = get(host.web_port, path)
        assert response.status == 200, path
        assert response.getheader("Content-Security-Policy") == PAGE_POLICY, path
        assert response.getheader("X-Content-Type-Options") == "nosniff"
        assert response.getheader("X-Frame-Options") == "DENY"
        assert response.getheader("Referrer-Policy") == "no-referrer"
    for path, status in (("/style.css", 200), ("/phone.mjs", 200), ("/games/trivia.mjs", 200), ("/games/snap.mjs", 404), ("/nope", 404), ("/ws", 426), ("/favicon.ico", 204)):
        response = get(host.web_port, path)
        assert response.status == status, path
        assert response.getheader("Content-Security-Policy") == OTHER_POLICY, path
        assert response.getheader("X-Content-Type-Options") == "nosniff", path


def test_the_pages_work_in_chromium_with_no_violation_reported(start_host, tmp_path):
    host = start_host("--game", "trivia", "--name", "Living Room", web=True)
    pin = host_pin(host)
    printed = host.wait_stdout(r"^join at (\S+) ", 5).group(1)

    phone = Page(url(host), script=WATCH)
    tv = Page(url(host, "/screen"), TV, mobile=False, script=WATCH)
    control = Page(url(host, "/host"), script=WATCH)
    try:
        phone.join("Ann")
        phone.wait_visible("lobby-view", 10)
        phone.wait(lambda: "Ann" in phone.text("lobby-players"), 5, "Ann in the lobby list")

        tv.wait(lambda: "Ann" in tv.text("tv-players"), 10, "Ann on the TV")
        codes = decode_qr(tv.element_screenshot("qr", tmp_path / "qr.png"))
        assert codes == [printed], f"the QR code decodes to {codes}, the host printed {printed}"

        unlock(control, pin)
        control.wait(lambda: "Ann" in control.text("host-players"), 10, "Ann among the host page's players")

        for name, page in (("phone", phone), ("TV", tv), ("host", control)):
            assert violations(page) == [], f"the {name} page broke its policy"

        # The watch sees a breach: an inline script put into the phone page is blocked and told.
        phone.driver.execute_script(
            "var s = document.createElement('script'); s.textContent = 'window.ran = true'; document.body.appendChild(s);")
        phone.wait(lambda: violations(phone), 5, "the inline script's violation to be reported")
        assert not phone.driver.execute_script("return window.ran === true;"), "an inline script ran"
    finally:
        for page in (phone, tv, control):
            page.close()
