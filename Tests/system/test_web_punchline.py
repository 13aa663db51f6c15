"""Punchline in the living room (docs/PUNCHLINE.md): four phones in Chromium play three rounds to
game over as people would, typing answers and tapping votes, with the TV and the host page open;
the host page hides one answer before the room sees it; axe-core finds nothing critical or
serious on any of its views. Screenshots of each view are looked at (docs/screens/*punchline*)."""

from __future__ import annotations

import re

import pytest

from web_support import TV, Page, available, serious_a11y_violations

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

HOST_PAGE = r"^host page: http://127\.0\.0\.1:(\d+)/host \(PIN (\d{6})\)$"
NAMES = ["Ann", "Bob", "Cy", "Dot"]


def url(host, path: str = "/") -> str:
    return f"http://127.0.0.1:{host.web_port}{path}"


def no_scroll(page: Page, what: str) -> None:
    assert not page.scrolls(), f"{what} scrolls"


def test_four_phones_play_punchline_with_the_tv_and_the_host_hides_an_answer(start_host, pages):
    host = start_host("--game", "punchline", "--max-players", "4", "--start-when-full", "--name", "Living Room", web=True)
    pin = host.wait_stdout(HOST_PAGE, 10).group(2)
    tv = pages(url(host, "/screen"), TV, False)
    control = pages(url(host, "/host"), (1920, 937), False)
    control.wait_visible("pin-view", 10)
    control.type_into("pin", pin)
    control.click("unlock")
    control.wait_visible("control-view", 10)
    phones = {}
    for name in NAMES:
        phone = pages(url(host))
        phone.join(name)
        phone.wait(lambda phone=phone: phone.visible("lobby-view") or phone.visible("game-view"), 10, "the lobby (the fourth: the game)")
        phones[name] = phone
    problems: list[str] = []
    ids = {name: int(host.wait_stdout(rf"^joined: {name} \(id (\d+)\)", 10).group(1)) for name in NAMES}

    for number in (1, 2, 3):
        for name, phone in phones.items():
            phone.wait(lambda phone=phone: phone.text("round").startswith(f"Round {number} of 3") and phone.visible("answer-input"), 30,
                       f"round {number}'s prompt on {name}'s phone")
        prompt = phones["Ann"].text("prompt-text")
        tv.wait(lambda: tv.text("question-title") == prompt, 10, "the prompt on the TV")
        if number == 1:
            phones["Ann"].screenshot("phone-punchline-prompt")
            tv.screenshot("screen-punchline-prompt")
            no_scroll(phones["Ann"], "the prompt on a phone")
            no_scroll(tv, "the prompt on the TV")
            problems += serious_a11y_violations(phones["Ann"], "phone, the prompt") + serious_a11y_violations(tv, "TV, the prompt")
            # Spaces alone are no answer: the host says what is wanted (the box takes one line of 80 characters).
            phones["Ann"].type_into("answer-input", "   ")
            phones["Ann"].click("send-answer")
            phones["Ann"].wait(lambda: phones["Ann"].text("answer-status") == "an answer needs some words", 10, "the refusal in words")
            # Dot writes first; the host page sees it with Dot's name and hides it.
            phones["Dot"].type_into("answer-input", "Dot's rude one")
            phones["Dot"].click("send-answer")
            control.wait(lambda: control.visible(f"hide-{ids['Dot']}"), 10, "Dot's answer with a Hide button on the host page")
            assert "Dot: \u201CDot's rude one\u201D" in control.text("state-standings")
            control.screenshot("host-punchline")
            problems += serious_a11y_violations(control, "host page, an answer to hide")
            control.click(f"hide-{ids['Dot']}")
            control.wait(lambda: "hide" in control.text("outcome").lower(), 10, "the hide's outcome")
        for name in NAMES:
            if number == 1 and name == "Dot":
                continue
            phone = phones[name]
            phone.type_into("answer-input", f"{name}'s answer {number}")
            phone.click("send-answer")
        if number == 1:
            phones["Dot"].wait(lambda: phones["Dot"].visible("ballot"), 15, "the ballot")
        for name, phone in phones.items():
            phone.wait(lambda phone=phone: phone.visible("ballot"), 30, f"the ballot on {name}'s phone")
        tv.wait(lambda: tv.visible("tv-answers"), 10, "the answers on the TV")
        board = tv.text("tv-answers")
        assert all(f"{name}'s answer {number}" in board for name in NAMES if not (number == 1 and name == "Dot")), board
        assert "rude" not in board and not any(f"\n{name}\n" in board for name in NAMES), board  # hidden; and no names
        if number == 1:
            phones["Bob"].screenshot("phone-punchline-ballot")
            tv.screenshot("screen-punchline-ballot")
            no_scroll(phones["Bob"], "the ballot on a phone")
            no_scroll(tv, "the ballot on the TV")
            assert not phones["Bob"].small_targets("#ballot button"), "ballot buttons smaller than 44 px"
            problems += serious_a11y_violations(phones["Bob"], "phone, the ballot") + serious_a11y_violations(tv, "TV, the ballot")
        for name, phone in phones.items():
            own = phone.driver.find_elements("css selector", "#ballot button:disabled")
            assert len(own) == (0 if number == 1 and name == "Dot" else 1), f"{name} should see one answer of its own, disabled"
            assert phone.click_css("#ballot button:not(:disabled)", 0), f"{name} could not vote"
        for name, phone in phones.items():
            phone.wait(lambda phone=phone: phone.visible("reveal-results"), 30, f"round {number}'s results on {name}'s phone")
        tv.wait(lambda: "The results" in tv.text("tv-number"), 10, "the results on the TV")
        results = tv.text("tv-answers")
        assert any(f"{name}'s answer {number}\u201D \u2014 {name} \u00B7" in results for name in NAMES), results  # names revealed
        if number == 1:
            phones["Cy"].screenshot("phone-punchline-reveal")
            tv.screenshot("screen-punchline-reveal")
            no_scroll(phones["Cy"], "the results on a phone")
            no_scroll(tv, "the results on the TV")
            problems += serious_a11y_violations(phones["Cy"], "phone, the results") + serious_a11y_violations(tv, "TV, the results")

    for name, phone in phones.items():
        phone.wait_visible("over-view", 30)
        assert re.match(r"^(You won!|Winner: .+)$", phone.text("over-title")), phone.text("over-title")
    phones["Ann"].screenshot("phone-punchline-over")
    standings = phones["Ann"].text("over-standings").splitlines()
    assert sorted(line.split(" \u2014 ")[0] for line in standings) == sorted(NAMES)
    over = host.wait_stdout(r"^game over: (.+) wins? with (\d+) points", 10)
    assert over, host.describe()
    tv.wait(lambda: any(n in tv.driver.find_element("tag name", "body").text for n in NAMES), 10, "the podium")
    tv.screenshot("screen-punchline-over")
    assert not problems, "\n".join(problems)
