"""The pages in Gecko, Firefox's engine (docs/WEB.md, "How it is tested"): Debian's `firefox-esr`,
headless, driven through its own Marionette protocol by Mozilla's Python client
(`marionette_driver`, pip; Debian 12 has no geckodriver). One Firefox for the module, a window
per device. A phone (390x844) joins a trivia game with two bots, presses an answer and reads the
result; the TV page (1920x1080) shows the player, the question and the reveal; the host page
unlocks with the PIN and shows the question. Then the host page's quiz tools: the Quizzes view
lists the built-in quiz, a copy opens in the editor, a question's text is changed and saved, and
the page, reloaded, reads it back. The same ES modules as in Chromium and WebKit."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gecko_support import Firefox, GeckoPage, Pages, missing, png_pixels

pytestmark = pytest.mark.skipif(missing() is not None, reason=missing() or "")

HOST_PAGE = r"^host page: http://127\.0\.0\.1:\d+/host \(PIN (\d{6})\)$"
PHONE = (390, 844)
TV = (1920, 1080)
SCREENSHOT = Path("/tmp/snap-host-gecko-phone.png")  # the phone's question, to look at (not a docs/screens one)
EDITOR_SCREENSHOT = Path("/tmp/snap-host-gecko-quiz-editor.png")
EDITED = "Which engine draws this page?"


@pytest.fixture(scope="module")
def firefox(tmp_path_factory):
    """One Firefox for the module's tests: its start-up is most of their time."""
    browser = Firefox(tmp_path_factory.mktemp("gecko"))
    yield browser
    browser.close()


@pytest.fixture
def gecko_pages(firefox):
    """Opens pages (a window each) in the module's Firefox; closes them after the test."""
    pages = Pages(firefox)
    yield pages
    pages.close()


def unlock(control: GeckoPage, pin: str) -> None:
    control.wait_visible("pin-view", 15)
    control.type_into("#pin", pin)
    control.click("unlock")
    control.wait_visible("control-view", 10)


def test_a_phone_the_tv_and_the_host_page_work_in_gecko(start_host, gecko_pages):
    host = start_host("--game", "trivia", "--mode", "timed", "--rounds", "1", "--question-time", "10", "--result-time", "10",
                      "--max-players", "3", "--start-when-full", "--bots", "2", "--name", "Living Room", web=True)
    pin = host.wait_stdout(HOST_PAGE, 10).group(1)
    base = f"http://127.0.0.1:{host.web_port}"
    tv = gecko_pages(base + "/screen", TV)
    control = gecko_pages(base + "/host", PHONE)
    tv.wait(lambda: tv.text("host-name") == "Living Room", 15, "the host's name on the TV")
    unlock(control, pin)

    phone = gecko_pages(base + "/", PHONE)
    phone.wait_visible("join-view", 15)
    phone.type_into("#name", "Ann")
    phone.click("join")
    phone.wait_visible("question-view", 30)  # the game's module, loaded by its name
    question = phone.text("question-text")
    assert question
    tv.wait(lambda: "Answered:" in tv.text("answered"), 10, "the question on the TV")
    assert tv.text("question-title") == question
    control.wait(lambda: control.text("state-title").startswith("Question 1 of 1"), 10, "the question on the host page")

    answers = phone.elements("#answers button")
    assert len(answers) >= 2, [a.text for a in answers]
    assert not phone.scrolls(), "the phone's question scrolls in Gecko"
    phone.screenshot(SCREENSHOT)
    answers[0].click()
    phone.wait(lambda: "locked in" in phone.text("answer-status"), 10, "the answer taken")
    tv.wait(lambda: "Ann" in tv.text("answered"), 10, "Ann among who answered on the TV")
    phone.wait(lambda: phone.visible("result-view"), 30, "the result")
    assert phone.text("result-answer").startswith("The answer: ")
    tv.wait(lambda: tv.text("scored").startswith("The answer: "), 10, "the reveal on the TV")
    assert gecko_pages.errors() == []


def quiz_titles(control: GeckoPage) -> list[str]:
    return [title.text for title in control.elements("#quiz-list .quiz-title")]


def open_quizzes(control: GeckoPage) -> None:
    control.wait_visible("tool-quizzes", 10)
    control.click("tool-quizzes")
    control.wait_visible("tool-view", 5)
    control.wait(lambda: "Built-in questions" in quiz_titles(control), 10, "the built-in quiz in the list")


def test_the_host_page_quiz_tools_work_in_gecko(start_host, gecko_pages, tmp_path):
    host = start_host("--game", "trivia", "--state-dir", str(tmp_path / "state"), "--start-after", "600",
                      "--name", "Quiz Night", web=True)
    pin = host.wait_stdout(HOST_PAGE, 10).group(1)
    control = gecko_pages(f"http://127.0.0.1:{host.web_port}/host", PHONE)
    unlock(control, pin)
    open_quizzes(control)
    assert control.text("tool-title") == "Quizzes"
    assert quiz_titles(control) == ["Built-in questions"]

    # The built-in quiz is read-only: a copy opens in the editor.
    control.click("copyedit-built-in")
    control.wait(lambda: control.visible("quiz-editor") and control.elements(".question-edit.open .q-text"), 10, "the editor")
    copied = re.fullmatch(r"\u2713 Copied: this is \u201C(.+)\u201D, yours to change\.", control.text("quiz-message"))
    assert copied, control.text("quiz-message")
    title = copied.group(1)
    assert control.value("#quiz-title") == title
    first = control.value(".question-edit.open .q-text")
    assert first and first != EDITED

    # The editor scrolls inside the page: where its scroll bar takes room (Firefox on a desktop),
    # the bar is drawn in the page's dark colours, not a light strip down the view.
    left, width, top, height = control.script(
        "var body = document.getElementById('tool-body'), box = body.getBoundingClientRect();"
        "return [Math.round(box.left + body.clientLeft + body.clientWidth), body.offsetWidth - body.clientLeft * 2 - body.clientWidth,"
        " Math.round(box.top + body.clientTop), body.clientHeight];")
    step, rows = png_pixels(control.screenshot(EDITOR_SCREENSHOT))
    if width > 0:
        bar = [sum(row[x * step:x * step + 3]) / 3 for row in rows[top:top + height] for x in range(left, left + width)]
        assert sum(bar) / len(bar) < 110, f"the editor's scroll bar is light on the dark page: {sum(bar) / len(bar):.0f} of 255"

    # The first question's text, typed anew; saved.
    control.type_into(".question-edit.open .q-text", EDITED)
    control.wait(lambda: "not saved yet" in control.elements(".questions-title")[0].text, 5, "the editor to see the change")
    assert EDITED in control.elements(".question-edit.open .question-open")[0].text
    control.click("quiz-save")
    control.wait(lambda: control.text("quiz-message") == f"\u2713 Saved \u201C{title}\u201D (revision 2).", 10, "the quiz saved")

    # Read back: the page reloaded, the list has the copy beside the built-in quiz, its editor the new text.
    control.reload()
    control.wait_visible("control-view", 15)
    open_quizzes(control)
    control.wait(lambda: title in quiz_titles(control), 10, "the copy in the list")
    assert sorted(quiz_titles(control)) == sorted(["Built-in questions", title])
    item = next(li for li in control.elements("#quiz-list .quiz-item") if li.find_element("css selector", ".quiz-title").text == title)
    edit = [button for button in item.find_elements("css selector", "button") if button.text.endswith("Edit")]
    assert len(edit) == 1, [button.text for button in item.find_elements("css selector", "button")]
    edit[0].click()
    control.wait(lambda: control.value(".question-edit.open .q-text") == EDITED, 10, "the saved text in the editor")
    assert not control.scrolls(), "the host page scrolls in Gecko"
    assert gecko_pages.errors() == []


def test_a_phone_below_the_best_twenty_shows_its_place_in_gecko(start_host, gecko_pages):
    """docs/TRIVIA.md, "A big room", in Gecko: 25 bots and a phone that does not answer; the
    result lists the best five, then the phone's own line, set apart, with its place of 26."""
    host = start_host("--game", "trivia", "--rounds", "1", "--question-time", "3", "--result-time", "6", "--mode", "timed",
                      "--bots", "25", "--max-players", "26", "--start-when-full", web=True)
    phone = gecko_pages(f"http://127.0.0.1:{host.web_port}/", PHONE)
    phone.wait_visible("join-view", 15)
    phone.type_into("#name", "Zed")
    phone.click("join")
    phone.wait_visible("result-view", 40)
    rows = phone.elements("#result-standings li")
    assert len(rows) == 6, [r.text for r in rows]
    assert rows[-1].get_attribute("class") == "mine apart"
    assert re.fullmatch(r"Zed \u2014 0 \u00B7 \d+(st|nd|rd|th) of 26", rows[-1].text), rows[-1].text
    assert not phone.scrolls(), "the result scrolls in Gecko"
