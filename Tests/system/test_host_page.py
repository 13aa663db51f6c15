"""The host page (`/host`, docs/WEB.md): unlocked by the host PIN that `serve` prints, guarded
against guessing, and then the host's controls from a browser, as a person uses them: typing the
PIN, pressing the big buttons, confirming a kick; the players' terminals (`join --bot`) show each
command. Screenshots at phone (390x844) and laptop (1366x768) size go to docs/screens/host-*.png."""

from __future__ import annotations

import os
import re
import socket
import subprocess

import pytest

from harness import wait_until
from test_web import url
from web_support import Page, available

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

LAPTOP = (1366, 768)
HOST_PAGE = r"^host page: http://127\.0\.0\.1:(\d+)/host \(PIN (\d{6})\)$"


def host_pin(host) -> str:
    match = host.wait_stdout(HOST_PAGE, 10)
    assert match, host.describe()
    assert int(match.group(1)) == host.web_port
    return match.group(2)


def unlock(page: Page, pin: str) -> None:
    page.wait_visible("pin-view", 10)
    page.type_into("pin", pin)
    page.click("unlock")
    page.wait_visible("control-view", 10)


def outcome(page: Page, sentence: str) -> None:
    page.wait(lambda: page.text("outcome") == sentence, 10, f"the outcome {sentence!r}")


def fits(page: Page) -> None:
    """No scrolling, and every button big enough to tap."""
    assert not page.scrolls(), "the host page scrolls"
    assert page.small_targets("#control-view button, #pin-view button", 44) == [], "buttons too small to tap"


def test_a_wrong_pin_is_told_and_five_lock_this_device_out_for_a_minute(start_host, pages):  # noqa: F811
    host = start_host("--game", "trivia", web=True)
    pin = host_pin(host)
    wrong = [f"{(int(pin) + n) % 1_000_000:06d}" for n in range(1, 6)]
    page = pages(url(host, "/host"))
    page.wait_visible("pin-view", 10)
    assert not page.visible("control-view")
    for n, guess in enumerate(wrong[:4]):
        page.type_into("pin", guess)
        page.click("unlock")
        left = 4 - n
        said = f"Wrong PIN. {left} more {'try' if left == 1 else 'tries'}, then a pause."
        page.wait(lambda: page.text("pin-message") == said, 10, said)
        if n == 0:
            page.screenshot("host-pin")
            fits(page)
    page.type_into("pin", wrong[4])
    page.click("unlock")
    page.wait(lambda: page.text("pin-message") == "Too many wrong PINs from this device. Wait 60 seconds, then try again.", 10,
              "the lock with the wait in words")
    page.wait(lambda: re.fullmatch(r"Too many wrong PINs from this device\. Wait 5\d seconds, then try again\.",
                                   page.text("pin-message")), 5, "the wait to tick down")
    assert not page.driver.find_element("id", "unlock").is_enabled()
    assert not page.visible("control-view")

    # The right PIN from the locked address is not heard either, until the minute is over.
    other = pages(url(host, "/host"))
    other.wait_visible("pin-view", 10)
    other.type_into("pin", pin)
    other.click("unlock")
    other.wait(lambda: re.fullmatch(r"Too many wrong PINs from this device\. Wait \d+ seconds, then try again\.",
                                    other.text("pin-message")), 10, "the right PIN refused while locked")
    assert not other.visible("control-view")

    # The logs say what happened, with the address, and never a PIN; nor does the TV.
    logs = host.stderr_text
    assert logs.count("wrong host PIN") == 4 and "host page locked" in logs, logs
    assert all(guess not in logs for guess in [pin, *wrong])
    tv = pages(url(host, "/screen"), (1920, 1080), mobile=False)
    tv.wait(lambda: tv.text("host-name") not in ("", "snap-host"), 10, "the TV's hello")
    assert pin not in tv.driver.page_source


def test_the_host_page_skips_kicks_ends_and_rematches_and_the_players_see_it(start_host, start_join, pages):  # noqa: F811
    host = start_host("--game", "trivia", "--rounds", "3", "--question-time", "60", "--result-time", "60",
                      "--start-after", "60", "--max-players", "4", "--name", "Living Room", web=True)
    pin = host_pin(host)
    phone = pages(url(host, "/host"))
    unlock(phone, pin)
    # The controls show on `unlocked`; the name comes with the feed's hello just after.
    phone.wait(lambda: phone.text("host-name") == "Living Room", 10, "the host's name from the hello")
    bots = {name: start_join(host.port, name, bot=True) for name in ("Bot One", "Bot Two")}
    for bot in bots.values():
        assert bot.wait_connected(), bot.describe()
    phone.wait(lambda: "Bot One" in phone.text("host-players") and "Bot Two" in phone.text("host-players"), 10, "both bots listed")
    assert f"Bot Two id {bots['Bot Two'].id}" in phone.text("host-players")
    first = phone.wait(lambda: re.fullmatch(r"2 of 4 players \u00B7 the game starts in (\d+) s", phone.text("state-line")), 10,
                       "the lobby's countdown")
    phone.wait(lambda: not phone.text("state-line").endswith(f" {first.group(1)} s"), 3, "the countdown to tick")

    # A command that makes no sense now is refused in words.
    phone.click("cmd-skip")
    outcome(phone, "\u2715 Nothing to skip: no game is under way")
    phone.screenshot("host-lobby")
    fits(phone)

    # Start now; then skip the first question before the bots answer it (they think for 3 s).
    phone.click("cmd-startNow")
    outcome(phone, "\u2713 Started the game")
    phone.wait(lambda: phone.text("state-title").startswith("Question 1 of 3"), 10, "question 1")
    phone.click("cmd-skip")
    outcome(phone, "\u2713 Skipped question 1")
    for bot in bots.values():
        assert bot.wait_stdout(r"^result 1/3 \(skipped\): correct ", 10), bot.describe()
    phone.wait(lambda: phone.text("state-title") == "Question 1 of 3: the answer", 5, "the result")

    # Kick Bot Two, after a question.
    two = bots["Bot Two"]
    phone.click(f"kick-{two.id}")
    phone.wait_visible("confirm", 5)
    assert phone.text("confirm-text") == "Remove Bot Two from the game? (No ban: they may join again.)"
    assert not phone.visible("commands")
    phone.screenshot("host-kick")
    fits(phone)
    phone.click("confirm-yes")
    outcome(phone, "\u2713 Removed Bot Two")
    assert two.wait_stdout(r"^you were removed by the host$", 10), two.describe()
    assert two.wait_exit(10) == 5, two.describe()
    assert bots["Bot One"].wait_stdout(r"^Bot Two was removed by the host$", 10), bots["Bot One"].describe()
    phone.wait(lambda: "Bot Two" not in phone.text("host-players"), 5, "Bot Two gone from the list")
    assert phone.text("players-title") == "Players: 1 of 4"
    # The host's own screen shows the page's commands as it shows its keys'.
    assert host.wait_stdout(r"^host: skip$", 5) and host.wait_stdout(rf"^host: kick Bot Two \(id {two.id}\)$", 5), host.describe()

    # A reload comes back unlocked (the page's token), without the PIN, and sees the game as it is.
    phone.driver.refresh()
    phone.wait(lambda: phone.visible("control-view") and phone.text("state-title") == "Question 1 of 3: the answer", 10,
               "the page back after a reload")
    assert not phone.visible("pin-view") and "Bot Two" not in phone.text("host-players")

    # A rematch during a game is refused; End (confirmed) ends it.
    phone.click("cmd-rematch")
    outcome(phone, "\u2715 Cannot rematch: a game is under way (end it first)")
    phone.click("cmd-end")
    phone.wait_visible("confirm", 5)
    assert phone.text("confirm-text") == "End the game now? Everyone sees the standings as they are."
    phone.click("confirm-yes")
    outcome(phone, "\u2713 Ended the game")
    one = bots["Bot One"]
    assert one.wait_stdout(r"^game over: .*\(ended by the host\)$", 10), one.describe()
    phone.wait(lambda: phone.text("state-title").startswith("Game over"), 5, "game over on the page")
    phone.wait(lambda: re.fullmatch(r"Next game: 1 of 4 players \u00B7 the game starts in \d+ s", phone.text("state-line")), 5,
               "the next game's countdown")
    assert "Bot One" in phone.text("state-standings")
    phone.screenshot("host-over")
    fits(phone)

    # A laptop unlocks too and sees the same; its rematch starts the next game for Bot One.
    laptop = pages(url(host, "/host"), LAPTOP, mobile=False)
    unlock(laptop, pin)
    laptop.wait(lambda: laptop.text("state-title").startswith("Game over"), 10, "game over on the laptop")
    laptop.screenshot("host-laptop")
    fits(laptop)
    laptop.click("cmd-rematch")
    for page in (laptop, phone):
        outcome(page, "\u2713 Rematch: a new game with the same players")
        page.wait(lambda: page.text("state-title").startswith("Question 1 of 3"), 10, "the rematch's first question")
    assert wait_until(lambda: sum(bool(re.match(r"question 1/3( \[.*\])?: ", line)) for line in one.stdout_snapshot()) == 2, 10), \
        one.describe()
    assert sum(line.startswith("connected to ") for line in one.stdout_snapshot()) == 1  # never joined again

    # Pause shows as Continue, and the page says so; the bot is told.
    phone.click("cmd-pause")
    outcome(phone, "\u2713 Paused the game")
    phone.wait(lambda: phone.visible("cmd-unpause") and phone.text("cmd-unpause").endswith("Continue"), 5, "the Continue button")
    assert not phone.driver.find_elements("id", "cmd-pause")  # one button: it says what it does
    assert phone.text("state-title").startswith("Paused \u00B7 Question")
    assert one.wait_stdout(r"^paused by the host$", 5), one.describe()
    phone.click("cmd-unpause")
    outcome(phone, "\u2713 The game goes on")
    assert one.wait_stdout(r"^the game goes on$", 5), one.describe()

    # The host's log says who unlocked, never the PIN.
    logs = host.stderr_text
    assert logs.count("host page unlocked") == 2 and "host page back" in logs and pin not in logs, logs


def test_the_pin_stays_off_the_journal_and_goes_to_a_file_when_asked(start_host, tmp_path):
    host = start_host("--host-pin-file", str(tmp_path / "pin"), web=True)
    line = host.wait_stdout(r"^host page: ", 10)
    assert line, host.describe()
    assert re.fullmatch(rf"host page: http://127\.0\.0\.1:{host.web_port}/host \(PIN in {re.escape(str(tmp_path))}/pin\)",
                        line.string), line.string
    pin = (tmp_path / "pin").read_text().strip()
    assert re.fullmatch(r"\d{6}", pin)
    assert (tmp_path / "pin").stat().st_mode & 0o777 == 0o600
    assert pin not in host.stdout_text and pin not in host.stderr_text


def test_a_long_player_list_scrolls_in_its_own_box_and_the_page_does_not(start_host, pages):  # noqa: F811
    host = start_host("--max-players", "16", "--bots", "14", web=True)
    page = pages(url(host, "/host"))
    unlock(page, host_pin(host))
    page.wait(lambda: page.text("players-title") == "Players: 14 of 16", 10, "14 players listed")
    fits(page)
    box = page.driver.execute_script(
        "var e = document.getElementById('host-players'); return [e.scrollHeight, e.clientHeight];")
    assert box[0] > box[1] > 100, box  # the list scrolls inside its box, which keeps a useful height


def test_no_pin_is_printed_when_stdout_is_the_journal(snap_bin):
    """As under systemd with StandardOutput=journal: stdout a socket, $JOURNAL_STREAM set."""
    ours, theirs = socket.socketpair()
    env = dict(os.environ, JOURNAL_STREAM="8:4242")
    serve = subprocess.Popen([str(snap_bin), "serve", "--port", "0", "--web-port", "0", "--host", "127.0.0.1", "--no-dnssd",
                              "--no-bluetooth", "--host-pin", "482913"],
                             stdin=subprocess.DEVNULL, stdout=theirs.fileno(), stderr=subprocess.PIPE, env=env)
    theirs.close()
    try:
        ours.settimeout(10)
        seen = b""
        while b"host page: " not in seen or not seen.endswith(b"\n"):
            chunk = ours.recv(4096)
            assert chunk, seen
            seen += chunk
    finally:
        serve.terminate()
        _, errors = serve.communicate(timeout=10)
        ours.close()
    line = next(line for line in seen.decode().splitlines() if line.startswith("host page: "))
    assert re.fullmatch(r"host page: http://127\.0\.0\.1:\d+/host \(PIN not shown: stdout is the journal; see --host-pin-file\)", line)
    assert b"482913" not in seen and b"482913" not in errors
