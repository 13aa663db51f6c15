"""The pages in WebKit, Safari's engine (docs/WEB.md, "How it is tested"): Debian's WebKitGTK
(MiniBrowser) driven through WebKitWebDriver (webkit2gtk-driver) on an Xvfb display of the test's
own. A phone joins a trivia game with two bots, presses an answer and reads the result; the TV
page shows the player, the question and the reveal; the host page unlocks with the PIN and shows
the question, and its quiz library copies the built-in quiz, edits a question and saves it. The same ES modules as in Chromium: the game's module loaded by its name."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

WEBDRIVER = Path("/usr/bin/WebKitWebDriver")
MINIBROWSER = Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
XVFB = Path("/usr/bin/Xvfb")
MISSING = next((f"{path} is missing (scripts/install-deps --test installs webkit2gtk-driver and xvfb)"
                for path in (WEBDRIVER, MINIBROWSER, XVFB) if not path.exists()), None)
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

HOST_PAGE = r"^host page: http://127\.0\.0\.1:\d+/host \(PIN (\d{6})\)$"


@pytest.fixture
def display():
    """An Xvfb display for the browser windows (MiniBrowser has no headless mode)."""
    for number in range(90, 130):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            break
    server = subprocess.Popen([str(XVFB), f":{number}", "-nolisten", "tcp", "-screen", "0", "1920x1080x24"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 10
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        assert server.poll() is None and time.monotonic() < deadline, "Xvfb did not start"
        time.sleep(0.05)
    yield f":{number}"
    server.terminate()
    server.wait(timeout=10)


class WebKitPage:
    """One MiniBrowser window on one page."""

    def __init__(self, url: str, display: str):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.service import Service

        options = webdriver.WebKitGTKOptions()
        options.binary_location = str(MINIBROWSER)
        options.add_argument("--automation")
        service = Service(executable_path=str(WEBDRIVER), env={**os.environ, "DISPLAY": display})
        self.driver = webdriver.WebKitGTK(service=service, options=options)
        self.driver.get(url)

    def element(self, element_id: str):
        from selenium.webdriver.common.by import By
        found = self.driver.find_elements(By.ID, element_id)
        return found[0] if found else None

    def text(self, element_id: str) -> str:
        try:
            element = self.element(element_id)
            return element.text if element else ""
        except Exception:  # redrawn meanwhile
            return ""

    def visible(self, element_id: str) -> bool:
        try:
            element = self.element(element_id)
            return bool(element and element.is_displayed())
        except Exception:
            return False

    def wait(self, condition, timeout: float, what: str):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = condition()
            if value:
                return value
            time.sleep(0.1)
        raise AssertionError(f"WebKit: timed out after {timeout} s waiting for {what}; the page shows:\n{self.text('bar') or self.driver.title}")

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass


def test_a_phone_the_tv_and_the_host_page_work_in_webkit(start_host, display):
    host = start_host("--game", "trivia", "--mode", "timed", "--rounds", "1", "--question-time", "10", "--result-time", "10",
                      "--max-players", "3", "--start-when-full", "--bots", "2", "--name", "Living Room", web=True)
    pin = host.wait_stdout(HOST_PAGE, 10).group(1)
    base = f"http://127.0.0.1:{host.web_port}"
    opened: list[WebKitPage] = []
    try:
        tv = WebKitPage(base + "/screen", display)
        opened.append(tv)
        control = WebKitPage(base + "/host", display)
        opened.append(control)
        tv.wait(lambda: tv.text("host-name") == "Living Room", 15, "the host's name on the TV")
        control.wait(lambda: control.visible("pin-view"), 15, "the PIN form")
        control.element("pin").send_keys(pin)
        control.element("unlock").click()
        control.wait(lambda: control.visible("control-view"), 10, "the host controls")

        phone = WebKitPage(base + "/", display)
        opened.append(phone)
        phone.wait(lambda: phone.visible("join-view"), 15, "the join form")
        phone.element("name").send_keys("Ann")
        phone.element("join").click()
        phone.wait(lambda: phone.visible("question-view"), 30, "the question (the game's module, loaded by its name)")
        assert phone.text("question-text")
        tv.wait(lambda: "Answered:" in tv.text("answered"), 10, "the question on the TV")
        assert tv.text("question-title") == phone.text("question-text")
        control.wait(lambda: control.text("state-title").startswith("Question 1 of 1"), 10, "the question on the host page")

        from selenium.webdriver.common.by import By
        phone.driver.find_elements(By.CSS_SELECTOR, "#answers button")[0].click()
        phone.wait(lambda: "locked in" in phone.text("answer-status"), 10, "the answer taken")
        tv.wait(lambda: "Ann" in tv.text("answered"), 10, "Ann among who answered on the TV")
        phone.wait(lambda: phone.visible("result-view"), 30, "the result")
        assert phone.text("result-answer").startswith("The answer: ")
        tv.wait(lambda: tv.text("scored").startswith("The answer: "), 10, "the reveal on the TV")

        # The host page's quiz library (the game's host tools): copy the built-in quiz, edit a
        # question on the copy, save it, and find it in the list.
        control.element("tool-quizzes").click()
        control.wait(lambda: "Built-in questions" in control.text("quiz-list"), 15, "the quiz list")
        control.element("copyedit-built-in").click()
        editing = ".question-edit.open .q-text"
        control.wait(lambda: control.visible("quiz-editor") and control.driver.find_elements(By.CSS_SELECTOR, editing),
                     15, "the editor on the copy")
        field = control.driver.find_element(By.CSS_SELECTOR, editing)
        field.clear()
        field.send_keys("Which planet is the red one?")
        control.element("quiz-save").click()
        control.wait(lambda: control.text("quiz-message").startswith("\u2713 Saved \u201CCopy of Built-in questions\u201D (revision 2)"),
                     10, "the copy saved")
        control.element("quiz-close").click()
        control.wait(lambda: "Copy of Built-in questions" in control.text("quiz-list"), 10, "the copy in the list")
    finally:
        for page in opened:
            page.close()


def test_team_mode_in_webkit(start_host, display):
    """Team mode's pages in WebKit: the phone's team buttons, the TV's teams, the result's team line."""
    host = start_host("--game", "trivia", "--mode", "timed", "--rounds", "1", "--question-time", "10", "--result-time", "10",
                      "--max-players", "3", "--start-when-full", "--bots", "1", "--teams", "Red,Blue", "--name", "Living Room", web=True)
    base = f"http://127.0.0.1:{host.web_port}"
    opened: list[WebKitPage] = []
    try:
        tv = WebKitPage(base + "/screen", display)
        opened.append(tv)
        phone = WebKitPage(base + "/", display)
        opened.append(phone)
        phone.wait(lambda: phone.visible("join-view"), 15, "the join form")
        phone.element("name").send_keys("Ann")
        phone.element("join").click()
        phone.wait(lambda: phone.text("my-team") == "Choose your team", 15, "the teams to choose")
        phone.element("team-1").click()
        phone.wait(lambda: phone.text("my-team").endswith("You're on Blue"), 10, "Ann on Blue")
        tv.wait(lambda: "Ann" in tv.text("tv-team-1") and "Ann" not in tv.text("tv-team-0"), 10, "Ann under Blue on the TV")
        assert "Bot 1" in tv.text("tv-choosing")
        host.write_line("start")
        phone.wait(lambda: phone.visible("question-view"), 15, "the question")
        from selenium.webdriver.common.by import By
        phone.driver.find_elements(By.CSS_SELECTOR, "#answers button")[0].click()
        phone.wait(lambda: phone.visible("result-view"), 30, "the result")
        assert phone.text("result-team").startswith("Your team Blue: ")
        board = lambda: tv.driver.execute_script("var e = document.getElementById('tv-result-teams'); return e ? e.textContent : '';")
        # Read as the DOM's text: WebKitWebDriver's element text left the members' line out, which the screen shows.
        tv.wait(lambda: re.search(r"Blue\d\.\dAnn [01]", board()), 10, "the teams' standings on the TV")
        assert re.search(r"Red\d\.\dBot 1 [01]", board()), board()
    finally:
        for page in opened:
            page.close()


def test_a_phone_below_the_best_twenty_shows_its_place_in_webkit(start_host, display):
    """docs/TRIVIA.md, "A big room", in WebKit (an iPhone's engine): 25 bots and a phone that does
    not answer; the result lists the best five, then the phone's own line, set apart, with its
    place of 26."""
    from selenium.webdriver.common.by import By
    host = start_host("--game", "trivia", "--rounds", "1", "--question-time", "3", "--result-time", "6", "--mode", "timed",
                      "--bots", "25", "--max-players", "26", "--start-when-full", web=True)
    phone = WebKitPage(f"http://127.0.0.1:{host.web_port}/", display)
    try:
        phone.wait(lambda: phone.visible("join-view"), 15, "the join form")
        phone.element("name").send_keys("Zed")
        phone.element("join").click()
        phone.wait(lambda: phone.visible("result-view"), 40, "the result")
        rows = phone.driver.find_elements(By.CSS_SELECTOR, "#result-standings li")
        assert len(rows) == 6, [r.text for r in rows]
        assert rows[-1].get_attribute("class") == "mine apart"
        assert re.fullmatch(r"Zed \u2014 0 \u00B7 \d+(st|nd|rd|th) of 26", rows[-1].text), rows[-1].text
    finally:
        phone.close()
