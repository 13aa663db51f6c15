"""Trivia's quiz library on the host page (docs/TRIVIA.md, "Your own quizzes"), used in Chromium as
a host would: unlock the page, open Quizzes, upload a CSV with a mistake (the page says its line
and column), upload it fixed, edit a question (its text, a second right answer, a picture),
save and reload; a second editor's save of the same revision is refused; download the CSV; choose
the quiz for the next game and start it with two phones, whose first question is the quiz's.
Screenshots of the list, the editor and the next game's form on a 390x844 phone go to
docs/screens/host-quiz*.png."""

from __future__ import annotations

import hashlib
import json
import urllib.request
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from test_host_page import host_pin, unlock
from test_web import url
from web_support import Page, available, no_overlap

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

PICTURE = Path(__file__).resolve().parents[1] / "QuizLibraryTests" / "Fixtures" / "tiny.png"
BROKEN = "question,correct,wrong,category\r\nWhich planet is red?,Mars,Venus,Space\r\nEmpty?,,Nope,Space\r\n"
FIXED = ("question,correct,wrong,category\r\nWhich planet is red?,Mars,Venus,Space\r\n"
         "What is 2 + 2?,4,5,Maths\r\nWhich ocean is the largest?,Pacific,Atlantic,Geography\r\n")


def css(page: Page, selector: str):
    return page.driver.find_element(By.CSS_SELECTOR, selector)


def message(page: Page) -> str:
    return page.text("quiz-message")


def open_quizzes(page: Page) -> None:
    page.wait_visible("tool-quizzes", 10)
    page.click("tool-quizzes")
    page.wait_visible("tool-view", 5)
    page.wait(lambda: "Built-in questions" in page.text("quiz-list"), 10, "the quiz list")


def quiz_id(page: Page, title: str) -> str:
    """The id of the quiz the list shows as `title` (its item's id is quiz-ID)."""
    found = page.driver.execute_script(
        "var title = arguments[0]; return Array.from(document.querySelectorAll('#quiz-list .quiz-item'))"
        ".filter(function (li) { return li.querySelector('.quiz-title').textContent === title; })"
        ".map(function (li) { return li.id.slice(5); });", title)
    assert len(found) == 1, found
    return found[0]


def open_editor(page: Page, quiz: str) -> None:
    page.click(f"edit-{quiz}")
    page.wait(lambda: page.visible("quiz-editor") and css(page, ".question-edit.open .q-text"), 10, "the editor")


def question_text(page: Page) -> str:
    return css(page, ".question-edit.open .q-text").get_attribute("value")


def fits_a_phone(page: Page, what: str) -> None:
    """No scrolling of the page itself (the tool's body scrolls inside it), nothing wider than the
    screen, every button and field big enough to tap."""
    assert not page.scrolls(), f"{what}: the page scrolls"
    wide = page.driver.execute_script(
        "var body = document.getElementById('tool-body'); return body.scrollWidth - body.clientWidth;")
    assert wide <= 0, f"{what}: the tool scrolls sideways by {wide} px"
    small = page.small_targets("#tool-view button, #tool-view select, #tool-view input:not([type=checkbox]), #tool-view textarea", 44)
    assert small == [], f"{what}: too small to tap: {small}"
    boxes = page.small_targets("#tool-view label.correct, #tool-view label.check", 44)
    assert boxes == [], f"{what}: checkboxes' labels too small to tap: {boxes}"


def api(page: Page, host, path: str) -> bytes:
    """A request of the host page's API with its token, as the page makes it."""
    token = page.driver.execute_script("return sessionStorage.getItem('snap.hostToken');")
    request = urllib.request.Request(url(host, "/host/api/" + path), headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read()


def test_the_host_uploads_edits_downloads_and_plays_its_own_quiz(start_host, pages, tmp_path):
    host = start_host("--game", "trivia", "--state-dir", str(tmp_path / "state"), "--start-after", "600",
                      "--question-time", "60", "--name", "Quiz Night", web=True)
    pin = host_pin(host)
    page = pages(url(host, "/host"))
    unlock(page, pin)
    open_quizzes(page)
    assert page.text("tool-title") == "Quizzes"

    # A mistake is told as the host found it: the file, its line and column.
    (tmp_path / "broken").mkdir()
    (tmp_path / "fixed").mkdir()
    broken, fixed = tmp_path / "broken" / "pub quiz.csv", tmp_path / "fixed" / "pub quiz.csv"
    broken.write_text(BROKEN)
    fixed.write_text(FIXED)
    page.driver.find_element(By.ID, "quiz-upload").send_keys(str(broken))
    said = "\u2715 pub quiz.csv:3:8: the correct answer is empty; a question needs a question, a correct answer and at least one wrong answer"
    page.wait(lambda: message(page) == said, 10, "the upload's mistake with its line and column")
    assert css(page, "#quiz-message").get_attribute("role") == "status"
    assert "pub quiz" not in page.text("quiz-list")
    page.driver.find_element(By.ID, "quiz-upload").send_keys(str(fixed))
    page.wait(lambda: message(page) == "\u2713 Added \u201Cpub quiz\u201D: 3 questions.", 10, "the fixed file added")
    page.wait(lambda: "pub quiz" in page.text("quiz-list"), 10, "the new quiz in the list")
    quiz = quiz_id(page, "pub quiz")
    assert "3 questions" in page.text(f"quiz-{quiz}")
    page.screenshot("host-quizzes")
    fits_a_phone(page, "the quiz list")

    # Edit: the first question's text, a second right answer, a picture; then save.
    open_editor(page, quiz)
    assert page.driver.find_element(By.ID, "quiz-title").get_attribute("value") == "pub quiz"
    assert question_text(page) == "Which planet is red?"
    field = css(page, ".question-edit.open .q-text")
    field.clear()
    field.send_keys("Which planet is the red one?")
    boxes = page.driver.find_elements(By.CSS_SELECTOR, ".question-edit.open .answer-edit input[type=checkbox]")
    assert [box.is_selected() for box in boxes] == [True, False]
    boxes[1].click()
    css(page, ".question-edit.open input.q-picture").send_keys(str(PICTURE))
    page.wait(lambda: message(page).startswith("\u2713 Picture added (PNG"), 10, "the picture taken")
    page.wait(lambda: page.driver.execute_script(
        "var img = document.querySelector('.question-edit.open img.thumb'); return img && img.complete && img.naturalWidth > 0;"),
        10, "the picture's thumbnail")
    page.screenshot("host-quiz-editor")
    fits_a_phone(page, "the editor")
    page.driver.execute_script("document.querySelector('.question-edit.open .answers-edit').scrollIntoView();")
    page.screenshot("host-quiz-editor-picture")
    page.click("quiz-save")
    page.wait(lambda: message(page) == "\u2713 Saved \u201Cpub quiz\u201D (revision 2).", 10, "the quiz saved")

    # A second editor, elsewhere, opens the same revision.
    other = pages(url(host, "/host"))
    unlock(other, pin)
    open_quizzes(other)
    open_editor(other, quiz)
    assert question_text(other) == "Which planet is the red one?"

    # Reloaded, the first page shows what was saved; it changes the quiz again (revision 3).
    page.driver.refresh()
    page.wait_visible("control-view", 10)
    open_quizzes(page)
    open_editor(page, quiz)
    assert question_text(page) == "Which planet is the red one?"
    boxes = page.driver.find_elements(By.CSS_SELECTOR, ".question-edit.open .answer-edit input[type=checkbox]")
    assert [box.is_selected() for box in boxes] == [True, True]
    assert page.driver.find_element(By.CSS_SELECTOR, ".question-edit.open img.thumb").is_displayed()
    title = page.driver.find_element(By.ID, "quiz-title")
    title.clear()
    title.send_keys("Pub quiz")
    page.click("quiz-save")
    page.wait(lambda: message(page) == "\u2713 Saved \u201CPub quiz\u201D (revision 3).", 10, "the second save")

    # The second editor's save of revision 2 is refused, and it can reload to see the change.
    field = css(other, ".question-edit.open .q-text")
    field.clear()
    field.send_keys("Which planet is rusty?")
    other.click("quiz-save")
    other.wait(lambda: message(other) == "\u2715 Changed elsewhere: reload to see the other changes.", 10, "the save refused")
    assert other.visible("quiz-reload")
    other.click("quiz-reload")
    other.wait(lambda: other.driver.find_element(By.ID, "quiz-title").get_attribute("value") == "Pub quiz", 10, "the quiz reloaded")
    assert question_text(other) == "Which planet is the red one?"

    # On a laptop (1920x937): the editor uses the width, nothing overlaps, the page does not scroll.
    other.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 937, "deviceScaleFactor": 1, "mobile": False})
    other.wait(lambda: other.driver.execute_script("return innerWidth;") == 1920, 5, "the laptop's width")
    other.screenshot("host-quiz-editor-laptop")
    assert not other.scrolls(), "the editor scrolls the page on a laptop"
    # The questions scroll under the Save bar, which stays at the bottom (sticky): each is checked apart.
    fields = ", ".join(f"#quiz-editor {kind}:not(.editor-foot *)" for kind in ("button", "input", "select", "textarea", "img"))
    assert no_overlap(other, fields, scroller="#tool-body") == []
    assert no_overlap(other, "#quiz-editor .editor-foot .command, #tool-view h2, #quiz-title") == []
    other.click("tool-close")
    other.wait_visible("control-view", 5)

    # The CSV downloads: saved by the browser, the same bytes as the host's answer.
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    page.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    page.click("quiz-close")
    page.wait_visible("quiz-list", 5)
    page.click(f"csv-{quiz}")
    page.wait(lambda: (downloads / "Pub quiz.csv").exists() and not list(downloads.glob("*.crdownload")), 10, "the CSV saved")
    saved = (downloads / "Pub quiz.csv").read_bytes()
    assert saved == api(page, host, f"quizzes/{quiz}/quiz.csv")
    lines = saved.decode("utf-8-sig").splitlines()
    assert lines[0] == "question,correct,correct,wrong,category,time limit,points", lines
    assert lines[1] == "Which planet is the red one?,Mars,Venus,,Space,,", lines
    document = json.loads(api(page, host, f"quizzes/{quiz}"))["document"]
    assert document["questions"][0]["picture"] == hashlib.sha256(PICTURE.read_bytes()).hexdigest()

    # Play next: its categories, the mode; posted, the host says so; two phones come; Start now.
    page.click(f"play-{quiz}")
    page.wait_visible("next-game", 10)
    assert [e.is_selected() for e in page.driver.find_elements(By.CSS_SELECTOR, "#next-game .categories input")] == [True, True, True]
    assert page.text("next-game").count("Space") == 1 and "Geography" in page.text("next-game")
    page.screenshot("host-quiz-next")
    fits_a_phone(page, "the next game's form")
    page.click("next-play")
    page.wait(lambda: message(page) == "\u2713 Next game: \u201CPub quiz\u201D, 3 questions.", 10, "the next game chosen")
    assert host.wait_stdout(r"^next game: Pub quiz, 3 questions, first$", 10), host.describe()
    other.wait(lambda: "Next game: \u201CPub quiz\u201D \u00B7 3 questions" in other.text("state-standings"), 10,
               "the next quiz on the other host page")
    assert not page.visible("next-start")  # nobody waits yet

    phones = []
    for name in ("Ann", "Bob"):
        phone = pages(url(host, "/"))
        phone.join(name)
        phone.wait_visible("lobby-view", 10)
        phones.append(phone)
    page.wait(lambda: page.text("next-start").endswith("Start now (2 players waiting)"), 10, "Start now offered")
    page.click("next-start")
    page.wait(lambda: page.text("tool-outcome") == "\u2713 Started the game", 10, "the start told")
    asked = {"Which planet is the red one?", "What is 2 + 2?", "Which ocean is the largest?"}
    for phone in phones:
        phone.wait_visible("question-view", 10)
        assert phone.text("question-text") in asked, phone.text("question-text")
        assert phone.text("question-number").startswith("Question 1 of 3")
