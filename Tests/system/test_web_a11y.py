"""Accessibility of the pages (docs/WEB.md, "How it is tested"): axe-core (pip's
axe-selenium-python, which carries it) runs in Chromium on the phone (joining, a question, its
result), the TV (the lobby, a question, the reveal) and the host page (the PIN, the controls, the
quiz library's list, editor and next game's form), and
the test fails on any violation axe rates critical or serious (contrast below 4.5:1 for text, a
button without a name, a form field without a label, ...)."""

from __future__ import annotations

import pytest

from web_support import TV, Page, available, serious_a11y_violations

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

axe_selenium_python = pytest.importorskip("axe_selenium_python", reason="scripts/install-deps --test installs axe-selenium-python")

HOST_PAGE = r"^host page: http://127\.0\.0\.1:\d+/host \(PIN (\d{6})\)$"


def url(host, path: str = "/") -> str:
    return f"http://127.0.0.1:{host.web_port}{path}"


def serious(page: Page, what: str) -> list[str]:
    return serious_a11y_violations(page, what)


def test_axe_finds_nothing_critical_or_serious_on_the_phone_the_tv_and_the_host_page(start_host, start_join, pages):
    host = start_host("--game", "trivia", "--mode", "timed", "--rounds", "1", "--question-time", "8", "--result-time", "8",
                      "--max-players", "3", "--start-when-full", "--name", "Living Room", web=True)
    pin = host.wait_stdout(HOST_PAGE, 10).group(1)
    problems: list[str] = []

    phone = pages(url(host))
    tv = pages(url(host, "/screen"), TV, mobile=False)
    control = pages(url(host, "/host"))
    phone.wait_visible("join-view", 10)
    problems += serious(phone, "phone, joining")
    control.wait_visible("pin-view", 10)
    problems += serious(control, "host page, the PIN")
    control.type_into("pin", pin)
    control.click("unlock")
    control.wait_visible("control-view", 10)

    phone.join("Ann")
    phone.wait_visible("lobby-view", 10)
    tv.wait(lambda: "Ann" in tv.text("tv-players"), 10, "Ann on the TV")
    problems += serious(tv, "TV, the lobby")
    problems += serious(control, "host page, the lobby")

    # The quiz library (trivia's host tool): the list, the editor (a copy of the built-in
    # questions), the next game's form; then back to the controls.
    control.click("tool-quizzes")
    control.wait(lambda: "Built-in questions" in control.text("quiz-list"), 10, "the quiz list")
    problems += serious(control, "host page, the quiz list")
    control.click("copyedit-built-in")
    control.wait(lambda: control.visible("quiz-editor") and control.text("quiz-message").startswith("\u2713 Copied"), 10, "the copy's editor")
    problems += serious(control, "host page, the quiz editor")
    control.click("quiz-close")
    control.wait_visible("play-built-in", 10)
    control.click("play-built-in")
    control.wait_visible("next-game", 10)
    problems += serious(control, "host page, the next game's form")
    control.click("tool-close")
    control.wait_visible("control-view", 5)

    for name in ("Bot One", "Bot Two"):
        start_join(host.port, name, bot=True)
    phone.wait_visible("question-view", 20)
    tv.wait(lambda: tv.text("question-title"), 10, "the question on the TV")
    phone.click_css("#answers button", 2)  # the amber one: its label's contrast was 2.95:1
    phone.wait(lambda: "locked in" in phone.text("answer-status"), 5, "the answer taken")
    problems += serious(phone, "phone, a question")
    problems += serious(tv, "TV, a question")
    problems += serious(control, "host page, a question")

    phone.wait_visible("result-view", 20)
    tv.wait(lambda: tv.text("scored").startswith("The answer: "), 10, "the reveal on the TV")
    problems += serious(phone, "phone, the result")
    problems += serious(tv, "TV, the reveal")
    assert not problems, "\n".join(problems)
