"""Trivia's team mode (docs/TRIVIA.md, "Team mode") in Chromium, as a host and four players use
it: the host page's next-game form sets teams Red and Blue (players choose); a player's socket
choosing a team that is not there is refused with the names to choose from and stays; four phones
join, two press Red, one Blue, one chooses nothing; the TV's lobby shows each team with its
members and who is still choosing; Start now places the fourth on the smaller team; the phones
play to game over (each result says the team's rank); the phones' and the TV's game over show the
two teams ranked, their members and their means, which are the mean of the members' points as the
pages show them and as the host printed them; the report keeps each player's team. Screenshots:
docs/screens/phone-team-pick.png (390x844), docs/screens/tv-teams.png (1920x1080, the game over)."""

from __future__ import annotations

import csv
import io
import json
import re
import time
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from test_host_page import host_pin, unlock
from test_web import url
from test_web_quizzes import message, open_quizzes
from web_support import TV, Page, available, serious_a11y_violations
from wsplayer import WebSocket

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

try:
    import axe_selenium_python  # noqa: F401  (pip's; scripts/install-deps --test installs it)
    AXE = True
except ImportError:
    AXE = False


def team_lines(page: Page, list_id: str) -> list[dict]:
    """The teams a standings list shows, read from the page: name (without its rank), rank, mean,
    members as (name, points)."""
    rows = page.driver.execute_script(
        "return Array.from(document.querySelectorAll('#' + arguments[0] + ' li')).map(function (li) {"
        " function t(c) { var e = li.querySelector('.' + c); return e ? e.textContent : ''; }"
        " return [t('team-name'), t('team-mean'), t('team-members')]; });", list_id) or []
    out = []
    for name, mean, members in rows:
        rank, team = re.fullmatch(r"(\d+)\. (.+)", name).groups()
        people = [re.fullmatch(r"(.+) (\d+)", m).groups() for m in members.split(", ")]
        out.append({"rank": int(rank), "name": team, "mean": mean, "members": [(n, int(p)) for n, p in people]})
    return out


def mean_text(points: list[int]) -> str:
    """The mean to one decimal, half up, as the pages write it."""
    tenths = (20 * sum(points) + len(points)) // (2 * len(points))
    return f"{tenths // 10}.{tenths % 10}"


def check_teams(teams: list[dict], host_points: dict[str, int], what: str) -> None:
    assert [t["name"] for t in teams] and sorted(t["name"] for t in teams) == ["Blue", "Red"], f"{what}: {teams}"
    members = {t["name"]: sorted(n for n, _ in t["members"]) for t in teams}
    assert members == {"Red": ["Ann", "Cy"], "Blue": ["Bob", "Dee"]}, f"{what}: {members}"
    for team in teams:
        assert all(host_points[n] == p for n, p in team["members"]), f"{what}: {team} against the host's {host_points}"
        assert team["mean"] == mean_text([p for _, p in team["members"]]), f"{what}: {team}"
    means = [float(t["mean"]) for t in teams]
    assert means == sorted(means, reverse=True), f"{what}: best first: {teams}"
    ranks = [1 + sum(1 for m in means if m > mean) for mean in means]
    assert [t["rank"] for t in teams] == ranks, f"{what}: equal means share a rank: {teams}"


def refused_choice(host, name: str, body: dict) -> dict:
    """A player's socket (`name`) sends `body` to the game in the lobby; the refusal it gets (it
    stays, and then leaves)."""
    ws = WebSocket("127.0.0.1", host.web_port)
    try:
        deadline = time.monotonic() + 10
        sent = False
        while time.monotonic() < deadline:
            text = ws.receive()
            assert text is not None, "the host closed the socket"
            m = json.loads(text)
            if m["type"] == "serverHello":
                ws.send({"type": "clientHello", "version": 1, "name": name})
            elif m["type"] == "ping":
                ws.send({"type": "pong", "seq": m["seq"], "sent": m["sent"], "received": m["sent"], "replied": m["sent"]})
            elif m["type"] == "app" and m.get("from") == 0 and m["body"].get("kind") == "lobby" and not sent:
                ws.send({"type": "app", "body": body})
                sent = True
            elif m["type"] == "app" and m.get("from") == 0 and m["body"].get("kind") == "rejected":
                ws.send({"type": "bye", "reason": "userQuit"})
                return m["body"]
            elif m["type"] in ("bye", "deny"):
                raise AssertionError(f"dropped: {m}")
        raise AssertionError("no refusal within 10 s")
    finally:
        ws.sock.close()


def test_four_phones_in_two_teams_play_to_game_over_and_the_standings_show_the_teams(start_host, pages, tmp_path):
    # Six browser pages from one address (each keeps several connections open) and two sockets:
    # past the default 32 connections per address the gate closed a phone's socket (seen once).
    host = start_host("--game", "trivia", "--state-dir", str(tmp_path / "state"), "--start-when-full", "--max-players", "8", "--web-max-per-address", "200",
                      "--result-time", "3", "--name", "Team Night", web=True)
    pin = host_pin(host)
    tv = pages(url(host, "/screen"), TV, mobile=False)
    control = pages(url(host, "/host"))
    unlock(control, pin)
    problems: list[str] = []

    # The next game: the built-in questions, three, timed, in teams Red and Blue that players choose.
    open_quizzes(control)
    control.click("play-built-in")
    control.wait_visible("next-game", 10)
    control.type_into("next-rounds", "3")
    control.driver.find_element(By.CSS_SELECTOR, "#next-mode option[value=timed]").click()
    control.type_into("next-time", "20")
    assert not control.visible("next-teams"), "teams are off until asked for"
    control.click("next-teams-on")
    control.wait_visible("next-teams", 5)
    control.type_into("next-teams", "Red, Red")
    control.click("next-play")
    control.wait(lambda: message(control) == "\u2715 Teams: \u201CRed\u201D twice; each team needs a name of its own.", 5, "the form's check")
    control.type_into("next-teams", "Red, Blue")
    assert control.driver.find_element(By.ID, "next-team-placement").get_attribute("value") == "choose"
    control.click("next-play")
    control.wait(lambda: message(control) == "\u2713 Next game: \u201CBuilt-in questions\u201D, 3 questions.", 10, "the next game chosen")
    assert host.wait_stdout(r"^next game: Built-in questions, 3 questions, timed, teams Red, Blue \(choose\)$", 10), host.describe()
    control.driver.execute_script("document.getElementById('next-teams-set').scrollIntoView();")
    assert control.small_targets("#next-teams-set input, #next-teams-set select, #next-teams-set label.check", 44) == []
    control.screenshot("host-quiz-teams")

    # A choice of a team that is not there is refused to its sender, with the names there are.
    refused = refused_choice(host, "Eve", {"kind": "team", "team": "Green"})
    assert refused == {"kind": "rejected", "reason": "unknownTeam", "team": "Green", "teams": ["Red", "Blue"]}, refused
    assert refused_choice(host, "Fay", {"kind": "team"})["reason"] == "malformed"
    assert host.running, host.describe()

    phones = {}
    for name in ("Ann", "Bob", "Cy", "Dee"):
        phone = pages(url(host))
        phone.join(name)
        phone.wait_visible("lobby-view", 10)
        phone.wait(lambda: phone.text("my-team") == "Choose your team", 10, "the teams to choose")
        phones[name] = phone
    for name, button in (("Ann", "team-0"), ("Cy", "team-0"), ("Bob", "team-1")):
        phones[name].click(button)
        team = "Red" if button == "team-0" else "Blue"
        phones[name].wait(lambda: phones[name].text("my-team").endswith(f"You're on {team}"), 10, f"{name} on {team}")
    dee = phones["Dee"]
    dee.wait(lambda: "Ann, Cy" in dee.text("team-0") and "Bob" in dee.text("team-1"), 10, "the others' choices on Dee's phone")
    assert dee.text("my-team") == "Choose your team"
    assert not dee.visible("lobby-players"), "the teams list the players"
    assert dee.small_targets("#teams button", 64) == [], "team buttons are too small to tap"
    assert not dee.scrolls(), "the team pick scrolls on a 390x844 phone"
    dee.screenshot("phone-team-pick")
    assert host.wait_stdout(r"^teams: 1\) Red: Ann, Cy \| 2\) Blue: Bob \| choosing: Dee$", 10), host.describe()

    tv.wait(lambda: tv.text("tv-team-0").split("\n")[1:] == ["Ann", "Cy"] and tv.text("tv-team-1").split("\n")[1:] == ["Bob"], 10,
            "the teams on the TV's lobby")
    assert tv.text("tv-choosing") == "Still choosing: Dee"
    assert not tv.scrolls(), "the TV's lobby scrolls"
    tv.screenshot("tv-team-lobby")
    if AXE:
        problems += serious_a11y_violations(dee, "phone, choosing a team")
        problems += serious_a11y_violations(tv, "TV, the teams' lobby")

    # Start now: Dee is placed on the smaller team, Blue; the game tells every phone.
    control.wait(lambda: control.text("next-start").endswith("Start now (4 players waiting)"), 10, "Start now offered")
    control.click("next-start")
    assert host.wait_stdout(r"^teams: 1\) Red: Ann, Cy \| 2\) Blue: Bob, Dee$", 15), host.describe()

    # Play: each phone presses an answer of its own (so the scores differ); every result says the team's rank.
    choice = {"Ann": 0, "Bob": 1, "Cy": 2, "Dee": 0}
    seen = {name: set() for name in phones}
    results, tv_results = set(), None
    deadline = time.monotonic() + 120
    while not all(p.visible("over-view") for p in phones.values()):
        assert time.monotonic() < deadline, "no game over within 120 s: " + host.describe()
        for name, phone in phones.items():
            number = phone.text("question-number") if phone.visible("question-view") else ""
            if number and number not in seen[name] and phone.click_css("#answers button", choice[name]):
                seen[name].add(number)
            team = phone.text("result-team") if phone.visible("result-view") else ""
            if team:
                results.add((name, team))
        if tv_results is None and tv.visible("tv-result-teams"):
            tv_results = tv.text("tv-result-teams")
        time.sleep(0.05)
    assert {name for name, _ in results} == set(phones), f"every phone saw a result: {results}"
    for name, line in results:
        assert re.fullmatch(r"Your team (Red|Blue): (1st|2nd) of 2 \u00B7 \d\.\d points on average", line), line
        assert (" Red:" in line) == (name in ("Ann", "Cy")), line
    assert tv_results and "Red" in tv_results and "Blue" in tv_results, tv_results

    # The host's standings: every player's points and the teams' line.
    assert host.wait_stdout(r"^final: 4\. ", 10), host.describe()
    host_points = {m.group(1): int(m.group(2)) for m in (re.match(r"final: \d+\. (.+) (\d+)$", l) for l in host.stdout_snapshot()) if m}
    assert sorted(host_points) == ["Ann", "Bob", "Cy", "Dee"], host_points
    lines = host.stdout_snapshot()
    last_final = max(i for i, line in enumerate(lines) if line.startswith("final: "))
    printed = lines[last_final + 1]

    tv.wait(lambda: tv.visible("tv-over-teams"), 10, "the TV's game over")
    tv_teams = team_lines(tv, "tv-over-teams")
    check_teams(tv_teams, host_points, "the TV")
    expected = "teams: " + ", ".join(f"{t['rank']}. {t['name']} {t['mean']} ({', '.join(n for n, _ in t['members'])})" for t in tv_teams)
    assert printed == expected, (printed, expected)
    best = [t["name"] for t in tv_teams if t["rank"] == 1]
    assert tv.text("over-heading") == (f"{best[0]} wins!" if len(best) == 1 else "Red and Blue tie!" if best == ["Red", "Blue"] else "Blue and Red tie!")
    for height in (1080, 937):  # a TV, and a laptop's browser window
        tv.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": height, "deviceScaleFactor": 1, "mobile": False})
        clash = tv.driver.execute_script(
            "var ids = ['over-heading', 'tv-over-teams', 'podium', 'over-list', 'over-note', 'small-join'];"
            "var boxes = ids.map(function (id) { var e = document.getElementById(id); return [id, e.getBoundingClientRect()]; })"
            ".filter(function (b) { return b[1].height > 0; }), out = [];"
            "boxes.forEach(function (a, i) { boxes.slice(i + 1).forEach(function (b) {"
            " if (a[1].left < b[1].right && b[1].left < a[1].right && a[1].top < b[1].bottom - 1 && b[1].top < a[1].bottom - 1) out.push(a[0] + '/' + b[0]); }); });"
            "return out;")
        tv.driver.save_screenshot(f"/tmp/tv-over-{height}.png")
        assert clash == [], f"the TV's game over at 1920x{height}: {clash} overlap"
        assert not tv.scrolls(), f"the TV's game over scrolls at 1920x{height}"
    tv.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": False})
    tv.screenshot("tv-teams")
    if AXE:
        problems += serious_a11y_violations(tv, "TV, the teams at game over")

    for name, phone in phones.items():
        phone.wait(lambda: phone.visible("over-teams"), 10, f"{name}'s game over")
        teams = team_lines(phone, "over-teams")
        assert teams == tv_teams, (name, teams, tv_teams)
        mine = next(t for t in teams if any(n == name for n, _ in t["members"]))
        assert phone.text("over-team") == (f"Your team {mine['name']}: {'1st' if mine['rank'] == 1 else '2nd'} of 2 \u00B7 "
                                           f"{mine['mean']} points on average")
        assert phone.text("over-place").startswith(f"You scored {host_points[name]} of 3, place ")
        assert phone.text("over-title") in ("Your team won!", "Red wins!", "Blue wins!", "Red and Blue tie!", "Blue and Red tie!")
        assert not phone.scrolls(), f"{name}'s game over scrolls"
    phones["Ann"].screenshot("phone-team-over")
    if AXE:
        problems += serious_a11y_violations(phones["Ann"], "phone, the teams at game over")
    assert problems == [], "\n".join(problems)

    # The report keeps each player's team and the teams' standings.
    report = host.wait_stdout(r"^report: (.+\.csv)$", 10)
    assert report, host.describe()
    rows = list(csv.reader(io.StringIO(Path(report.group(1)).read_text(encoding="utf-8-sig"))))
    assert rows[0][:4] == ["rank", "name", "team", "points"], rows[0]
    teams_of = {row[1]: row[2] for row in rows[1:5]}
    assert teams_of == {"Ann": "Red", "Cy": "Red", "Bob": "Blue", "Dee": "Blue"}, teams_of
    at = rows.index(["team rank", "team", "mean points", "members"])
    assert [(row[1], row[2]) for row in rows[at + 1:at + 3]] == [(t["name"], t["mean"]) for t in tv_teams], rows[at:]


def test_a_big_team_room_tells_each_phone_its_own_team_and_the_lines_count_the_rest(start_host, pages):
    """Teams in a big room (docs/TRIVIA.md, "Teams in a big room"): 300 phones without browsers
    (wscrowd.py) arrive in a lobby of three teams the host places; each is told its own team alone
    (`yourTeam`), the teams come out even, and the lobby's status stays small (each line names its
    first 8 members and counts them all: with every member named it was about 25 bytes a player).
    Then a browser phone, the 301st: it reads its own team and each team's count; the TV each team's
    first 8 and `and 93 more`. Screenshots: docs/screens/phone-team-big.png, docs/screens/tv-team-big.png."""
    import asyncio
    import threading

    from wscrowd import Crowd

    host = start_host("--game", "trivia", "--teams", "Red,Blue,Amber", "--team-placement", "placed", "--max-players", "400",
                      "--start-when-full", "--web-max-per-address", "400", "--name", "Team Night", web=True)
    crowd_size, ready, done, out = 300, threading.Event(), threading.Event(), {}

    async def crowd_in_lobby() -> None:
        crowd = Crowd("127.0.0.1", host.web_port)
        try:
            players = await crowd.join([f"P{n}" for n in range(1, crowd_size + 1)], timeout=120, at_once=crowd_size)
            await crowd.each(players, lambda p: bool(p.teams) and p.last_lobby_players() == crowd_size, 60, "its team and the full count")
            out["players"] = players
            ready.set()
            while not done.is_set():  # the crowd stays (answering the host's pings) while the browser looks
                await asyncio.sleep(0.1)
        except BaseException as error:  # noqa: BLE001 (reported to the test's thread)
            out["error"] = error
            ready.set()
        finally:
            await crowd.close()

    thread = threading.Thread(target=lambda: asyncio.run(crowd_in_lobby()), daemon=True)
    thread.start()
    try:
        assert ready.wait(180), "the crowd did not get in within 180 s: " + host.describe()
        assert "error" not in out, f"{out.get('error')!r}: {host.describe()}"
        players = out["players"]
        assert all(len(p.teams) >= 1 and p.teams[-1] in (0, 1, 2) for p in players), [p.teams for p in players if not p.teams][:5]
        per_team = [sum(1 for p in players if p.teams[-1] == team) for team in range(3)]
        assert per_team == [100, 100, 100], f"placed on the smallest team as they arrived: {per_team}"
        biggest = max(len(json.dumps(status)) for p in players for status in p.lobbies)
        assert biggest < 1_000, f"a lobby status of {biggest} bytes in a room of {crowd_size} on teams"
        last = players[0].lobbies[-1]
        assert [t["size"] for t in last["teams"]] == [100, 100, 100] and all(len(t["members"]) == 8 for t in last["teams"]), last

        phone = pages(url(host))
        phone.join("Zoe")
        phone.wait_visible("lobby-view", 10)
        phone.wait(lambda: phone.text("my-team").endswith("You're on Red"), 10, "Zoe told her team (the smallest first: Red)")
        members = lambda team: phone.driver.execute_script(  # noqa: E731  (the whole line, cut on the screen or not)
            "return document.querySelector('#team-' + arguments[0] + ' .team-members').textContent;", team)
        phone.wait(lambda: members(0).startswith("101 players: P"), 10, "Red's count, then its first 8")
        assert members(1).startswith("100 players: P") and members(2).startswith("100 players: P"), (members(1), members(2))
        assert phone.visible("team-2") and "Blue" in phone.text("team-1"), "three teams side by side, none pushed off"
        clipped = phone.driver.execute_script(
            "return Array.from(document.querySelectorAll('#teams > *')).filter(function (b) {"
            " var r = b.getBoundingClientRect(); return r.left < 0 || r.right > window.innerWidth; }).map(function (b) { return b.id; });")
        assert clipped == [], f"team buttons past the phone's edge: {clipped}"
        assert not phone.scrolls(), "the big room's team pick scrolls on a 390x844 phone"
        phone.screenshot("phone-team-big")
        tv = pages(url(host, "/screen"), TV, mobile=False)
        tv.wait(lambda: tv.text("tv-team-0").split("\n")[-1] == "and 93 more", 10, "the TV's Red: its first 8, and how many more")
        tv.screenshot("tv-team-big")
        assert not tv.scrolls(), "the TV's lobby of a big room scrolls"
        assert host.wait_stdout(r"^teams: 1\) Red: P\d+, .* and 93 more \| 2\) Blue: .* and 92 more \| 3\) Amber: .* and 92 more$", 10), host.describe()
    finally:
        done.set()
        thread.join(30)
    assert host.running, host.describe()
