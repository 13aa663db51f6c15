"""The living room: phones play from a real Chromium at `/`, the TV page `/screen` shows the game
(docs/WEB.md). Every page is driven as a person would: typing, clicks, text read from the page."""

from __future__ import annotations

import json
import re
import time

import pytest

from web_support import TV, Page, available, decode_qr

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

QUICK_TRIVIA = ("--game", "trivia", "--rounds", "3", "--question-time", "6", "--result-time", "1")


def url(host, path: str = "/") -> str:
    return f"http://127.0.0.1:{host.web_port}{path}"


def host_standings(host) -> list[tuple[str, int]]:
    lines = [line for line in host.stdout_snapshot() if line.startswith("final: ")]
    return [(m.group(1), int(m.group(2))) for m in (re.match(r"final: \d+\. (.+) (-?\d+)$", line) for line in lines) if m]


def page_standings(page: Page) -> list[tuple[str, int]]:
    out = []
    for line in page.text("over-standings").splitlines():
        name, points = line.rsplit(" \u2014 ", 1)
        out.append((name, int(points)))
    return out


def play_trivia_until_over(page: Page, timeout: float) -> int:
    """Answers every question with the first answer it sees; returns how many it answered."""
    answered, seen = 0, set()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.visible("over-view"):
            return answered
        if page.visible("question-view"):
            number = page.text("question-number")
            if number and number not in seen and page.click_css("#answers button", 0):
                seen.add(number)
                answered += 1
        time.sleep(0.05)
    raise AssertionError(f"no game over within {timeout} s; the page shows:\n{page.text('bar')}")


def test_a_phone_plays_a_whole_trivia_game_against_two_terminal_bots(start_host, start_join, pages):
    host = start_host(*QUICK_TRIVIA, "--max-players", "3", "--start-when-full", "--name", "Living Room", web=True)
    phone = pages(url(host))
    phone.join("Ann")
    phone.wait_visible("lobby-view", 10)
    assert phone.text("me") == "Ann"
    phone.wait(lambda: "Ann" in phone.text("lobby-players"), 5, "Ann in the lobby list")
    phone.screenshot("phone-lobby")
    assert not phone.scrolls(), "the lobby scrolls on a 390x844 phone"
    for name in ("Bot One", "Bot Two"):
        start_join(host.port, name, bot=True)
    phone.wait_visible("question-view", 20)
    assert phone.text("question-text")
    assert len(phone.small_targets("#answers button", 56)) == 0, "answer buttons are too small to tap"
    assert not phone.scrolls(), "a question scrolls on a 390x844 phone"
    assert phone.text("answers").count("A") >= 1  # answers carry letters (and shapes), not colour only
    phone.screenshot("phone-question")
    answered = play_trivia_until_over(phone, 90)
    assert answered >= 1
    assert host.wait_stdout(r"^game over: ", 10)
    assert host.wait_stdout(r"^final: 3\. ", 5)
    phone.wait(lambda: len(page_standings(phone)) == 3, 5, "three lines of standings")
    assert page_standings(phone) == host_standings(host)
    final = host_standings(host)
    ann = dict(final)["Ann"]
    place = 1 + sum(1 for _, points in final if points > ann)  # players on the same points share a place
    assert phone.text("over-place") == f"You scored {ann} of 3, place {place} of 3"
    assert not phone.scrolls()


def scorers(host) -> int:
    """How many scored the last result, as the host printed it (`scored: A, B and 3 more`)."""
    line = [line for line in host.stdout_snapshot() if line.startswith("result ")][-1]
    scored = line.split(" | scored: ", 1)[1].removesuffix(" (tie)")
    if scored == "nobody":
        return 0
    more = re.search(r" and (\d+) more$", scored)
    listed = scored[:more.start()] if more else scored
    return len(listed.split(", ")) + (int(more.group(1)) if more else 0)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 < n % 100 < 14 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def test_a_phone_below_the_best_twenty_sees_its_own_place(start_host, pages):
    """docs/TRIVIA.md, "A big room": 25 bots and a phone that does not answer. The result lists
    the best 20; the phone, last on the board, shows the best five and then its own line at its
    place, set apart; at game over its summary says its place of all 26."""
    host = start_host("--game", "trivia", "--rounds", "1", "--question-time", "3", "--result-time", "4", "--mode", "timed",
                      "--bots", "25", "--max-players", "26", "--start-when-full", web=True)
    phone = pages(url(host))
    phone.join("Zed")
    phone.wait_visible("result-view", 40)
    place = 1 + scorers(host)
    rows = phone.driver.execute_script(
        "return Array.from(document.querySelectorAll('#result-standings li')).map(function (li) {"
        " return [li.textContent, li.className, li.value]; });")
    assert len(rows) == 6, rows
    assert rows[-1] == [f"Zed \u2014 0 \u00B7 {ordinal(place)} of 26", "mine apart", place], rows
    assert all("mine" not in cls for _, cls, _ in rows[:-1]), rows
    assert not phone.scrolls(), "the result scrolls on a 390x844 phone"
    phone.screenshot("phone-big-room")
    assert host.wait_stdout(r"^and 6 more players$", 20)
    phone.wait_visible("over-place", 20)
    phone.wait(lambda: phone.text("over-place") != "", 10, "the phone's summary")
    assert phone.text("over-place") == f"You scored 0 of 1, place {place} of 26"
    assert phone.driver.execute_script("return document.querySelector('#over-standings li.mine.apart').value") == place


def test_a_phone_in_a_room_past_the_listed_players_names_the_first_and_counts_everyone(start_host, pages):
    """docs/PROTOCOL.md, section 21: with three listed players and six bots in, the phone (protocol
    version 4) is named the first three only; its lobby lists its own name first, then theirs,
    and counts all seven from the game's lobby status."""
    host = start_host("--game", "trivia", "--bots", "6", "--listed-players", "3", "--max-players", "10",
                      "--start-when-full", web=True)
    phone = pages(url(host))
    phone.join("Zed")
    phone.wait_visible("lobby-view", 20)
    phone.wait(lambda: phone.text("lobby-status").startswith("7 of 10 players"), 10, "everyone counted")
    names = phone.driver.execute_script(
        "return Array.from(document.querySelectorAll('#lobby-players li')).map(function (li) { return li.textContent; });")
    assert len(names) == 4 and names[0] == "Zed", names  # protocol version 3 would name all seven


def test_a_full_game_and_a_wrong_code_are_told_in_plain_words(start_host, pages):
    host = start_host("--max-players", "2", "--join-code", "tea-time", web=True)
    first = pages(url(host, "/#code=tea-time"))
    first.join("Ann")
    first.wait_visible("lobby-view", 10)
    second = pages(url(host, "/#code=tea-time"))
    second.join("Bob")
    second.wait_visible("lobby-view", 10)
    third = pages(url(host, "/#code=tea-time"))
    third.join("Cy")
    third.wait(lambda: "full" in third.text("join-message"), 10, "the full message")
    assert third.text("join-message") == "The game is full (2 of 2). Try again when someone leaves."
    assert host.players() == 2

    wrong = pages(url(host, "/#code=coffee"))
    wrong.join("Dee")
    wrong.wait(lambda: "code" in wrong.text("join-message"), 10, "the wrong-code message")
    assert wrong.text("join-message") == "Wrong join code. Check the code on the TV and try again."
    assert wrong.visible("code-row")

    typed = pages(url(host))  # no code in the address: the page asks for it
    typed.join("Eve")
    typed.wait(lambda: typed.visible("code-row"), 10, "the code field")
    assert "needs a join code" in typed.text("join-message")
    assert host.players() == 2


def test_a_taken_name_offers_a_button_to_join_as_the_free_one(start_host, start_join, pages):
    host = start_host(web=True)
    alice = start_join(host.port, "Alice", bot=True)
    assert alice.wait_connected(10)
    phone = pages(url(host))
    phone.join("alice")
    phone.wait(lambda: phone.visible("suggested"), 10, "the suggested name's button")
    assert phone.text("join-message") == "Someone here is already called that. Pick another name."
    assert phone.text("suggested") == "Join as alice 2"
    assert len(phone.small_targets("#suggested", 56)) == 0, "the button is too small to tap"
    phone.click("suggested")
    phone.wait_visible("lobby-view", 10)
    assert phone.text("me") == "alice 2"
    assert host.wait_players(2, 5)
    assert not phone.visible("suggested")


def test_a_reload_mid_game_comes_back_as_the_same_player(start_host, start_join, pages):
    host = start_host(*QUICK_TRIVIA, "--max-players", "2", "--start-when-full", "--rounds", "4", web=True)
    phone = pages(url(host))
    phone.join("Ann")
    phone.wait_visible("lobby-view", 10)
    start_join(host.port, "Bot One", bot=True)
    phone.wait_visible("question-view", 20)
    joins = lambda: [line for line in host.stdout_snapshot() if line.startswith("joined: Ann (id ")]
    assert len(joins()) == 1
    phone.driver.refresh()
    assert host.wait_stdout(r"^Ann is reconnecting…$", 10), host.describe()
    assert host.wait_stdout(r"^Ann is back$", 15), host.describe()
    phone.wait(lambda: phone.text("me") == "Ann", 15, "Ann back after the reload")
    assert not phone.visible("join-view")
    play_trivia_until_over(phone, 90)
    assert len(joins()) == 1, "the same seat, not a second join"
    assert not any(line.startswith("left: Ann") for line in host.stdout_snapshot())
    assert any(name == "Ann" for name, _ in host_standings(host))


TWO_ANSWERS = {"questions": [
    {"question": f"Is {n} even?", "answers": [{"text": "yes", "correct": n % 2 == 0}, {"text": "no", "correct": n % 2 == 1}]}
    for n in range(1, 21)
]}


def test_a_page_closed_and_opened_again_keeps_the_name_and_score(start_host, start_join, pages, tmp_path):
    bank = tmp_path / "bank.json"
    bank.write_text(json.dumps(TWO_ANSWERS))
    host = start_host("--game", "trivia", "--questions", str(bank), "--mode", "timed", "--rounds", "10",
                      "--question-time", "3", "--result-time", "0.5", "--max-players", "2", "--start-when-full", web=True)
    phone = pages(url(host))
    phone.join("Ann")
    phone.wait_visible("lobby-view", 10)
    start_join(host.port, "Bot One", bot=True)
    # Answer until Ann has scored (half the answers are right), so that a lost score would show.
    seen = set()
    deadline = time.monotonic() + 60
    while not any("Ann" in line.split("| scored: ")[-1] for line in host.stdout_snapshot() if line.startswith("result ")):
        assert time.monotonic() < deadline, host.describe()
        if phone.visible("question-view"):
            number = phone.text("question-number")
            if number and number not in seen and phone.click_css("#answers button", 0):
                seen.add(number)
        time.sleep(0.05)
    # The tab is closed; a new one is opened on the same address (same browser, same phone).
    driver = phone.driver
    old = driver.current_window_handle
    driver.switch_to.new_window("tab")
    new = driver.current_window_handle
    driver.switch_to.window(old)
    driver.close()
    assert host.wait_stdout(r"^Ann is reconnecting…$", 10), host.describe()
    driver.switch_to.window(new)
    driver.get(url(host))
    assert host.wait_stdout(r"^Ann is back$", 15), host.describe()
    phone.wait(lambda: phone.text("me") == "Ann", 15, "Ann's seat back in the new tab")
    play_trivia_until_over(phone, 90)
    lines = host.stdout_snapshot()
    scored = sum(1 for line in lines if line.startswith("result ") and "Ann" in line.split("| scored: ")[-1])
    assert dict(host_standings(host))["Ann"] == scored >= 1, "every point Ann scored, before and after"
    assert not any(line.startswith("left: Ann") for line in lines)
    assert dict(page_standings(phone))["Ann"] == scored


def test_the_tv_page_shows_the_lobby_the_question_and_a_qr_code_that_decodes(start_host, start_join, pages, tmp_path):
    host = start_host(*QUICK_TRIVIA, "--max-players", "3", "--start-when-full", "--mode", "timed",
                      "--question-time", "8", "--name", "Living Room", web=True)
    printed = host.wait_stdout(r"^join at (\S+) ", 5).group(1)
    tv = pages(url(host, "/screen"), TV, mobile=False)
    tv.wait(lambda: tv.text("host-name") == "Living Room", 10, "the host name")
    assert tv.text("join-url") in printed
    codes = decode_qr(tv.element_screenshot("qr", tmp_path / "qr.png"))
    assert codes == [printed], f"the QR code decodes to {codes}, the host printed {printed}"

    phone = pages(url(host))
    phone.join("Ann")
    tv.wait(lambda: "Ann" in tv.text("tv-players"), 10, "Ann on the TV")
    tv.screenshot("screen-lobby")
    assert not tv.scrolls(), "the TV page scrolls at 1920x1080"
    start_join(host.port, "Bot One", bot=True)
    start_join(host.port, "Cy")  # a person at a terminal who does not answer: the question stays open
    phone.wait_visible("question-view", 20)
    question = phone.text("question-text")
    tv.wait(lambda: tv.text("question-title") == question, 10, "the question on the TV")
    assert "(0 of 3)" in tv.text("answered") or "Bot One" in tv.text("answered")
    chosen = phone.driver.find_elements("css selector", "#answers button")[2].text.split("\n")[-1]
    phone.click_css("#answers button", 2)
    tv.wait(lambda: "Ann" in tv.text("answered"), 5, "Ann among those who answered")
    answered = tv.text("answered")
    assert "of 3)" in answered and chosen not in answered  # who answered, never what
    tv.screenshot("screen-question")
    assert not tv.scrolls()
    play_trivia_until_over(phone, 90)
    tv.wait_visible("tv-over", 10)
    assert tv.text("over-heading").startswith(("Winner", "Game over"))


def test_snap_played_from_two_browsers_to_game_over(start_host, pages):
    host = start_host("--game", "snap", "--max-players", "2", "--max-flips", "60", "--seed", "7", "--name", "Living Room", web=True)
    ann, bob = pages(url(host)), pages(url(host))
    ann.join("Ann")
    bob.join("Bob")
    for page in (ann, bob):
        page.wait_visible("snap-view", 20)
    assert not ann.scrolls(), "the Snap! table scrolls on a 390x844 phone"
    snaps, pictured = 0, False
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (ann.visible("over-view") and bob.visible("over-view")):
        if not pictured and len(ann.driver.find_elements("css selector", "#snap-seats .card:not(.empty)")) == 2:
            ann.screenshot("phone-snap")  # both piles face up: the table mid-game
            pictured = True
        for me, other in ((ann, bob), (bob, ann)):
            if me.visible("snap-view") and me.driver.find_elements("css selector", "#snap-seats .card.match"):
                if me.click_css("#snap"):
                    snaps += 1
            elif me.visible("snap-view") and me.driver.find_element("id", "flip").is_enabled():
                me.click("flip")
        time.sleep(0.05)
    ann.wait_visible("over-view", 10)
    bob.wait_visible("over-view", 10)
    assert host.wait_stdout(r"game over", 5)
    assert ann.text("over-title") in ("You won!",) or ann.text("over-title").startswith("Winner")
    assert (ann.text("over-title") == "You won!") != (bob.text("over-title") == "You won!") or "tied" in host.stdout_text()


def test_phones_and_the_tv_show_the_hosts_pause_kick_end_and_rematch(start_host, pages):
    host = start_host("--game", "trivia", "--rounds", "3", "--question-time", "60", "--start-after", "60",
                      "--max-players", "4", "--name", "Living Room", web=True)
    tv = pages(url(host, "/screen"), TV, mobile=False)
    ann, bob = pages(url(host)), pages(url(host))
    for phone, name in ((ann, "Ann"), (bob, "Bob")):
        phone.join(name)
        phone.wait_visible("lobby-view", 10)
    assert host.wait_players(2, 10)
    # The lobby's countdown ticks on the phone.
    first = ann.wait(lambda: re.search(r"starting in (\d+) s", ann.text("lobby-status")), 5, "the lobby countdown")
    ann.wait(lambda: re.search(r"starting in (\d+) s", ann.text("lobby-status")).group(1) != first.group(1), 3, "the countdown to tick")

    host.write_line("start")  # the host's commands, as lines on its stdin
    for phone in (ann, bob):
        phone.wait_visible("question-view", 10)
    host.write_line("pause")
    for page, notice in ((ann, "notice"), (bob, "notice"), (tv, "tv-notice")):
        page.wait(lambda: page.text(notice) == "Paused by the host", 5, "the pause banner")
    ann.screenshot("phone-paused")
    host.write_line("unpause")
    ann.wait(lambda: ann.text("notice") == "The game goes on!", 5, "the banner going")

    host.write_line("kick Bob")
    bob.wait_visible("end-view", 10)
    assert bob.text("end-message") == "You were removed by the host."
    assert not bob.visible("rejoin")
    ann.wait(lambda: ann.text("notice") == "Bob was removed by the host.", 5, "Bob's removal on Ann's phone")
    tv.wait(lambda: tv.text("tv-notice") == "Bob was removed by the host", 5, "Bob's removal on the TV")

    host.write_line("end")
    ann.wait_visible("over-view", 10)
    assert ann.text("over-title") == "You won!"
    # Back in the lobby with the standings up, the next game counting down.
    shown = ann.wait(lambda: re.match(r"Next game in (\d+) s \u00B7 1 of 4 players", ann.text("over-next")), 5, "the next game's countdown")
    ann.wait(lambda: not ann.text("over-next").startswith(f"Next game in {shown.group(1)} s"), 3, "the countdown to tick")
    ann.screenshot("phone-after-game")
    host.write_line("rematch")
    ann.wait_visible("question-view", 10)
    assert ann.text("question-number") == "Question 1 of 3"
    assert host.players() == 1


def test_buzzer_mode_on_two_phones_and_the_tv(start_host, pages):
    host = start_host("--game", "trivia", "--mode", "buzzer", "--rounds", "1", "--question-time", "60", "--result-time", "1",
                      "--start-when-full", "--max-players", "2", "--name", "Quiz Night", web=True)
    tv = pages(url(host, "/screen"), TV, mobile=False)
    ann, bob = pages(url(host)), pages(url(host))
    ann.join("Ann")
    ann.wait_visible("lobby-view", 10)
    bob.join("Bob")  # the house is full: the game starts
    for phone in (ann, bob):
        phone.wait_visible("buzz", 15)
    # The question with its answers (said out loud, not tapped) and one big BUZZ button.
    assert ann.text("buzz") == "BUZZ"
    assert ann.driver.find_elements("css selector", "#answers button") == []
    assert len(ann.text("answers").splitlines()) >= 2
    assert ann.small_targets("#buzz", 150) == [], "the BUZZ button is too small"
    assert not ann.scrolls(), "a buzzer question scrolls on a 390x844 phone"
    tv.wait(lambda: tv.text("answered") == "Buzz in on your phone!", 10, "the TV's call to buzz")

    ann.click("buzz")
    ann.wait(lambda: ann.text("answer-status") == "You buzzed first! Answer out loud.", 5, "Ann's turn")
    bob.wait(lambda: bob.text("answer-status") == "Ann buzzed first", 5, "Ann's buzz on Bob's phone")
    assert not bob.driver.find_element("id", "buzz").is_enabled()
    tv.wait(lambda: tv.text("answered") == "Ann buzzed first!", 5, "Ann's buzz on the TV")
    awaiting = host.wait_stdout(r"^Ann answers aloud; correct: \d+\) (.*); mark it: y/right or x/wrong$", 5)
    assert awaiting, host.describe()
    # Only the host is told the answer: nothing on the TV or a phone reveals it before the result.
    for page, element in ((tv, "scored"), (ann, "answer-status"), (bob, "answer-status")):
        assert "answer:" not in page.text(element).lower()
    ann.screenshot("phone-buzzer")

    host.write_line("wrong")
    ann.wait(lambda: ann.text("answer-status") == "Locked out for this question", 5, "Ann locked out")
    assert ann.text("buzz") == "LOCKED OUT"
    tv.wait(lambda: tv.text("answered") == "Buzzers open again (locked out: Ann)", 5, "the buzzers reopening on the TV")
    bob.wait(lambda: bob.text("answer-status") == "Buzzers open again: buzz!", 5, "the buzzers reopening for Bob")
    bob.click("buzz")
    ann.wait(lambda: ann.text("answer-status") == "Bob buzzed first", 5, "Bob's buzz on Ann's phone")
    host.write_line("right")
    bob.wait(lambda: bob.text("result-title") == "Correct! +1", 5, "Bob's point")
    assert ann.text("result-title") == "Not this time"
    tv.wait(lambda: tv.text("scored").startswith("The answer: "), 5, "the answer on the TV")
    assert awaiting.group(1) in tv.text("scored")
    assert host.wait_stdout(r"^final: 2\. ", 10)
    assert host_standings(host) == [("Bob", 1), ("Ann", 0)]


def test_a_reload_costs_headers_the_pages_come_with_a_validator_and_304(start_host):
    """Each page and module carries a strong validator (ETag); asked again with it, the real host
    answers 304 with no body, so a reload downloads headers only. Another tag gets the file."""
    import http.client
    host = start_host("--game", "trivia", web=True)

    def fetch(path: str, etag: str | None = None) -> tuple[int, dict, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", host.web_port, timeout=10)
        connection.request("GET", path, headers={"If-None-Match": etag} if etag else {})
        response = connection.getresponse()
        answer = (response.status, {k.lower(): v for k, v in response.getheaders()}, response.read())
        connection.close()
        return answer

    reloaded = 0
    for path in ["/", "/phone.mjs", "/style.css", "/dom.mjs", "/games/trivia.mjs"]:
        status, headers, body = fetch(path)
        assert status == 200 and body and re.fullmatch(r'"[0-9a-f]{16}"', headers["etag"]), (path, headers)
        assert headers["cache-control"] == "no-cache" and "content-security-policy" in headers, headers
        again, headers304, body304 = fetch(path, headers["etag"])
        assert again == 304 and body304 == b"" and headers304["etag"] == headers["etag"], (path, again, headers304)
        assert "content-length" not in headers304, headers304
        other, _, whole = fetch(path, '"0000000000000000"')
        assert other == 200 and whole == body, path
        reloaded += len(body304)
    assert reloaded == 0
