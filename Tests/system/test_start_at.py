"""A scheduled start (`serve --start-at HH:MM`, docs/GAMES.md, "The lobby between games"): the
lobby counts down on every screen (the host's terminal, each `join`, the TV page, the phone page)
and the game starts on time with whoever is there.

No fake clock: HH:MM is the next minute boundary of this machine's local clock that is at least
20 s away (when the next one is closer the test takes the one after), so the test waits 20-80 s
for it."""

from __future__ import annotations

import re
import threading
import time

import web_support
from web_support import TV, Page

COUNTDOWN = r"game starts at {hhmm}, in (\d+ s|\d+:\d\d)$"
LEAD = 20.0  # seconds at least between the host's start and the scheduled minute


def next_minute(lead: float = LEAD) -> int:
    """The epoch second of the next minute boundary at least `lead` seconds away (local time zones
    are whole minutes off UTC, so it is a boundary of the local clock too)."""
    now = time.time()
    boundary = (int(now) // 60 + 1) * 60
    return boundary if boundary - now >= lead else boundary + 60


def countdown_values(lines: list[str], hhmm: str, until: str) -> list[str]:
    """The remaining times the countdown lines show, before the first line matching `until`."""
    pattern = re.compile(COUNTDOWN.format(hhmm=re.escape(hhmm)))
    values = []
    for line in lines:
        if re.search(until, line):
            break
        match = pattern.search(line)
        if match:
            values.append(match.group(1))
    return values


def test_a_scheduled_start_counts_down_on_every_screen_and_starts_on_time(start_host, start_join):
    boundary = next_minute()
    hhmm = time.strftime("%H:%M", time.localtime(boundary))
    host = start_host("--game", "trivia", "--start-at", hhmm, "--max-players", "4", "--rounds", "1",
                      "--question-time", "3", "--result-time", "0", web=True)
    started: list[float] = []

    def stamp_the_start() -> None:  # when the game's first line arrives, however busy the test is then
        if host.wait_stdout(r"^game: ", boundary - time.time() + 15):
            started.append(time.time())

    watcher = threading.Thread(target=stamp_the_start, daemon=True)
    watcher.start()
    assert host.wait_stdout("^trivia: .*; the first game starts at " + re.escape(hhmm) + " with whoever is here, the next ones 10 s after", 5), host.describe()
    # Nobody is here yet, and the host already counts down.
    assert host.wait_stdout(r"^lobby: 0/4 players, " + COUNTDOWN.format(hhmm=re.escape(hhmm)), 5), host.describe()

    pages: list[Page] = []
    browser = web_support.available() is None
    try:
        if browser:
            tv = Page(f"http://127.0.0.1:{host.web_port}/screen", TV, mobile=False)
            pages.append(tv)
            tv_first = tv.wait(lambda: re.match(r"Game starts at " + re.escape(hhmm) + r", in (\d+ s|\d+:\d\d)$", tv.text("lobby-line")),
                               15, "the TV's countdown")
            phone = Page(f"http://127.0.0.1:{host.web_port}/")
            pages.append(phone)
            phone.join("Ann")
            phone.wait_visible("lobby-view", 10)
            first = phone.wait(lambda: re.search(r"\u00B7 Game starts at " + re.escape(hhmm) + r", in (\d+ s|\d+:\d\d)$", phone.text("lobby-status")),
                               5, "the phone's countdown")
            phone.wait(lambda: phone.text("lobby-status") != first.group(0) and "Game starts at " + hhmm in phone.text("lobby-status"),
                       3, "the phone's countdown to tick")
            tv.wait(lambda: tv.text("lobby-line") != tv_first.group(0), 3, "the TV's countdown to tick")
        bots = [start_join(host.port, name, "--once", bot=True) for name in ("Bot One", "Bot Two")]
        for bot in bots:
            assert bot.wait_connected(10), bot.describe()

        watcher.join(boundary - time.time() + 20)
        assert started, f"no game started by {hhmm}\n{host.describe()}"
        late = started[0] - boundary
        assert 0 <= late <= 1.0, f"the game started {late:+.3f} s from {hhmm}\n{host.describe()}"
        game = host.wait_stdout(r"^game: first mode, 1 question, players: (.*)$", 1)
        assert game and sorted(game.group(1).split(", ")) == (["Ann"] if browser else []) + ["Bot One", "Bot Two"], host.describe()
        print(f"started {late:+.3f} s after {hhmm}")

        shown = {"host": countdown_values(host.stdout_snapshot(), hhmm, r"^game: ")}
        for bot in bots:
            assert bot.wait_stdout(r"^game: first mode, 1 question$", 5), bot.describe()
            shown[bot.player] = countdown_values(bot.stdout_snapshot(), hhmm, r"^game: ")
            # At game over each player is told its own score and place.
            assert bot.wait_stdout(r"^you scored [01] of 1, place [1-3] of [23]$", 15), bot.describe()
        for screen, values in shown.items():
            assert len(set(values)) >= 2, f"{screen} showed the countdown {values}"

        if browser:
            phone.wait_visible("over-view", 15)
            assert re.match(r"You scored 0 of 1, place [1-3] of 3$", phone.text("over-place")), phone.text("over-place")
    finally:
        for page in pages:
            page.close()
