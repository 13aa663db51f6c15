"""Pong in the browser (docs/WEB.md): a phone plays a whole game against a bot by dragging a finger
(real touch and mouse actions through chromedriver), the court arriving as real-time states
(protocol version 3, latest-wins); a second phone watches; the TV shows the court, the score, the
players by side and the points that win, and a TV opened late is drawn the court at once."""

from __future__ import annotations

import re
import time

import pytest
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from web_support import TV, Page, available

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

# Counts what the page's WebSocket carries: the version it asked for, each message type heard,
# and the times (ms) at which it sent states.
WATCH_SOCKET = """
window.__wire = {heard: {}, sentStates: [], hello: null};
(function () {
  var Real = window.WebSocket;
  window.WebSocket = function (url) {
    var socket = new Real(url), send = socket.send;
    socket.send = function (text) {
      try {
        var m = JSON.parse(text);
        if (m.type === "clientHello") window.__wire.hello = m;
        if (m.type === "state") window.__wire.sentStates.push({at: performance.now(), key: m.key, seq: m.seq, y: m.body.y});
      } catch (e) {}
      return send.call(socket, text);
    };
    socket.addEventListener("message", function (event) {
      try {
        var m = JSON.parse(event.data), t = m.type;
        window.__wire.heard[t] = (window.__wire.heard[t] || 0) + 1;
        if (t === "welcome") window.__wire.welcome = m;
        if (t === "app" && m.body.kind === "gameOver") window.__wire.over = m.body;
      } catch (e) {}
    });
    return socket;
  };
  window.WebSocket.prototype = Real.prototype;
})();
"""


def url(host, path: str = "/") -> str:
    return f"http://127.0.0.1:{host.web_port}{path}"


def court(page: Page, canvas: str = "pong-court") -> dict:
    """What the phone's canvas shows (its data attributes): tick, paddles, ball height."""
    element = page.driver.find_element(By.ID, canvas)
    read = lambda name: element.get_attribute(f"data-{name}")  # noqa: E731
    return {name: float(read(name)) for name in ("tick", "left", "right", "ball") if read(name) is not None}


def wire(page: Page) -> dict:
    return page.driver.execute_script("return window.__wire")


class Finger:
    """A finger on the phone's pad: real touch actions (pointer type touch) through chromedriver."""

    def __init__(self, page: Page, element_id: str):
        self.page = page
        self.element = page.driver.find_element(By.ID, element_id)

    def point(self, fraction: float) -> tuple[int, int]:
        rect = self.element.rect
        return (int(rect["x"] + rect["width"] / 2),
                int(rect["y"] + max(0.0, min(1.0, fraction)) * (rect["height"] - 1)))

    def drag(self, start: float, end: float, steps: int = 8, step_ms: int = 30) -> None:
        """Puts the finger down at `start` of the pad's height (0 top, 1 bottom), drags it to `end` in
        `steps` moves, and lifts it."""
        builder = ActionBuilder(self.page.driver, mouse=PointerInput(POINTER_TOUCH, "finger"), duration=0)
        builder.pointer_action.move_to_location(*self.point(start))
        builder.pointer_action.pointer_down()
        for step in range(1, steps + 1):
            builder.pointer_action.move_to_location(*self.point(start + (end - start) * step / steps))
            builder.pointer_action.pause(step_ms / 1000)
        builder.pointer_action.pointer_up()
        builder.perform()


def test_a_phone_plays_pong_against_a_bot_to_game_over_and_the_tv_shows_it(start_host, pages):
    host = start_host("--game", "pong", "--points", "5", "--bots", "1", "--name", "Living Room", web=True)
    tv = pages(url(host, "/screen"), TV, mobile=False)
    tv.wait(lambda: tv.text("host-name") == "Living Room", 10, "the host name on the TV")
    ann = pages(url(host), script=WATCH_SOCKET)
    # The browsers that come in during the game are started now (a browser takes seconds to start).
    cy = pages(url(host), script=WATCH_SOCKET)
    late = pages("about:blank", TV, mobile=False)
    console = pages("about:blank")  # the host page, on the host's phone
    cy.wait_visible("join-view", 10)
    ann.join("Ann")
    ann.wait_visible("pong-view", 20)
    assert wire(ann)["hello"]["version"] >= 3, "the page did not ask for protocol version 3 or later (states)"
    role = ann.text("pong-role")
    side = re.match(r"You play (LEFT|RIGHT)", role)
    assert side, role
    side = side.group(1).lower()
    other = "right" if side == "left" else "left"
    assert "first to 5" in role

    # The court arrives as real-time states, and changes.
    ann.wait(lambda: court(ann).get("tick", 0) > 0, 10, "a court drawn")
    first = court(ann)
    ann.wait(lambda: court(ann)["tick"] > first["tick"] + 30, 10, "the court to move on")
    assert wire(ann)["heard"].get("state", 0) > 30, wire(ann)["heard"]
    assert not ann.scrolls(), "the Pong view scrolls on a 390x844 phone"
    # The score, between the names (the bot may have scored already: Ann's paddle has not moved yet).
    assert re.fullmatch(r"\d : \d", ann.text("pong-nums")), ann.text("pong-nums")
    assert ann.text("pong-right-name" if side == "right" else "pong-left-name").startswith(("You", "\u25C0 You"))

    # A real finger moves the paddle: to the top, then the bottom (the host moves it 90 units a second).
    finger = Finger(ann, "pong-pad")
    finger.drag(0.5, 0.0)
    ann.wait(lambda: court(ann)[side] < 8, 5, f"the {side} paddle at the top")
    finger.drag(0.1, 1.0)
    ann.wait(lambda: court(ann)[side] > 52, 5, f"the {side} paddle at the bottom")
    # A mouse dragged on the court itself moves it too (a laptop).
    canvas = ann.driver.find_element(By.ID, "pong-court")
    height = canvas.rect["height"]
    ActionChains(ann.driver, duration=0).move_to_element(canvas).click_and_hold() \
        .move_by_offset(0, int(height * 0.1)).release().perform()  # from the middle (30) to 36
    ann.wait(lambda: abs(court(ann)[side] - 36) < 1.5, 5, f"the {side} paddle a little below the middle")

    # The TV: the court, the score between the two names under LEFT and RIGHT, first to 5.
    tv.wait_visible("tv-pong", 10)
    names = {"left": tv.text("pong-left"), "right": tv.text("pong-right")}
    assert names[side] == "Ann" and names[other], names
    assert tv.text("pong-first") == "first to 5"
    assert re.fullmatch(r"\d : \d", tv.text("tv-pong-score")), tv.text("tv-pong-score")
    tv.wait(lambda: court(tv, "tv-court").get("tick", 0) > 0, 5, "the court on the TV")
    tick = court(tv, "tv-court")["tick"]
    tv.wait(lambda: court(tv, "tv-court")["tick"] > tick, 5, "the TV's court to move on")
    assert not tv.scrolls(), "the TV page scrolls at 1920x1080"

    # A second phone joins during the game: it watches.
    cy.join("Cy")
    cy.wait_visible("pong-view", 20)
    assert cy.text("pong-role").startswith("Watching"), cy.text("pong-role")
    assert not cy.visible("pong-pad")
    cy.wait(lambda: court(cy).get("tick", 0) > 0, 5, "the court on the watcher's phone")
    assert not cy.scrolls()
    cy.screenshot("phone-pong-watching")
    # A TV opened late is drawn the newest court at once.
    late.driver.get(url(host, "/screen"))
    late.wait(lambda: court(late, "tv-court").get("tick", 0) > 0, 5, "the court on a late TV")

    # The host page shows the game: who plays which side and the score.
    pin = host.wait_stdout(r"^host page: http://\S+/host \(PIN (\d+)\)$", 5)
    assert pin, host.stdout_text()
    console.driver.get(url(host, "/host"))
    console.wait_visible("pin-view", 10)
    console.type_into("pin", pin.group(1))
    console.click("unlock")
    console.wait(lambda: console.text("state-title") == "Pong \u00B7 first to 5", 10, "Pong on the host page")
    assert re.fullmatch(rf"Bot 1 \(left\) \d : \d Ann \(right\)|Ann \(left\) \d : \d Bot 1 \(right\)", console.text("state-line"))

    # Play on: the finger follows the ball (short drags to its height) until the game is over.
    pictured, first_point = False, None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not ann.visible("over-view"):
        now = court(ann)
        if "ball" in now and ann.visible("pong-view"):
            aim = now["ball"] / 60
            finger.drag(aim - 0.05, aim, steps=2, step_ms=10)
            if first_point is None and ann.text("pong-nums") != "0 : 0":
                first_point = time.monotonic()
            if not pictured and first_point and time.monotonic() > first_point + 1.6:  # served again: the ball in play
                ann.screenshot("phone-pong")
                tv.screenshot("screen-pong")
                pictured = True
        time.sleep(0.02)
    ann.wait_visible("over-view", 5)
    assert host.wait_stdout(r"^game over: ", 5), host.stdout_text()
    # The last game's (should the bot have won a game before the phone's finger followed the ball).
    last = [line for line in host.stdout_snapshot() if line.startswith("game over: ")][-1]
    over = re.match(r"^game over: winner (.+?): .*$", last)
    assert over, last
    winner = over.group(1)
    title = ann.text("over-title")
    assert title == ("You won!" if winner == "Ann" else f"{winner} won!"), \
        (title, over.group(0), wire(ann)["over"], wire(ann)["welcome"]["you"], host.stdout_text())
    assert re.search(r"\b5\b", ann.text("over-place")) and "first to 5" in ann.text("over-place")
    assert ann.driver.find_element(By.ID, "over-title").value_of_css_property("font-size") == "48px"
    ann.screenshot("phone-pong-over")
    cy.wait_visible("over-view", 5)
    assert cy.text("over-title") == f"{winner} won!"
    tv.wait_visible("tv-over", 5)
    assert tv.text("over-heading").startswith(f"Winner: {winner}")
    tv.screenshot("screen-pong-over")
    console.wait(lambda: console.text("state-title").startswith("Game over: "), 5, "the game over on the host page")
    assert console.text("state-title") == f"Game over: {winner} wins", console.text("state-title")

    # The paddle went as states, numbered from 1, at most about 60 a second, only when it changed.
    sent = [s for s in wire(ann)["sentStates"] if s["key"] == "paddle"]
    assert len(sent) > 10
    assert [s["seq"] for s in sent] == list(range(1, len(sent) + 1))
    assert all(a["y"] != b["y"] for a, b in zip(sent, sent[1:]))
    gaps = [b["at"] - a["at"] for a, b in zip(sent, sent[1:])]
    assert min(gaps) >= 15.5, f"two paddle states {min(gaps):.1f} ms apart"
    assert wire(cy)["sentStates"] == [], "a watcher sent paddle states"
