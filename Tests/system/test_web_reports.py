"""A trivia game's report from the host page (docs/TRIVIA.md, "Results to take home"), in
Chromium as the host and two players use it: the host uploads a quiz (snap-host's JSON) on a
phone-sized host page, gives its first question a picture in the editor, and plays it next
(timed, answers in the quiz's order, short times) with two phones; the TV (1920x1080) shows the
picture large; "=Bob" (a name a spreadsheet would run as a formula) answers the picture question
wrong after half a second, Zoë right after two; both answer the second right. At game over "Past
games" lists the game (when, quiz, players, winner), its summary shows the ranks, the hardest
question with its share right, the fastest right answer, and each question's answers as bars
with their letters and counts; "Download CSV" saves the report, whose rows hold each player's
letters, right or wrong, and times that agree with when the test clicked; LibreOffice opens it as
a table (converted to .xlsx, its cells read back). Screenshots: docs/screens/tv-picture-question.png,
host-report-summary.png (390x844) and host-reports-laptop.png (1920x937)."""

from __future__ import annotations

import csv
import io
import json
import math
import os
import shutil
import struct
import subprocess
import time
import warnings
import zipfile
import zlib
from datetime import datetime, timedelta
from pathlib import Path
from xml.etree import ElementTree

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_host_page import host_pin, unlock
from test_web import url
from test_web_quizzes import css, fits_a_phone, message, open_editor, quiz_id
from web_support import TV, Page, available, no_overlap, serious_a11y_violations

pytestmark = pytest.mark.skipif(available() is not None, reason=available() or "")

LAPTOP = (1920, 937)
QUIZ = {"questions": [
    {"question": "Which planet is this?", "category": "Space",
     "answers": [{"text": "Venus"}, {"text": "Mars", "correct": True}, {"text": "Jupiter"}, {"text": "Saturn"}]},
    {"question": "What is 2 + 2?", "category": "Maths",
     "answers": [{"text": "3"}, {"text": "5"}, {"text": "4", "correct": True}, {"text": "22"}]},
]}
QUESTION_TIME = 15  # seconds: a liveness bound; a question closes as soon as both have answered
ANN, BOB = "Zo\u00EB", "=Bob"  # an accent; a name a spreadsheet would run as a formula


def planet_png(width: int = 800, height: int = 500) -> bytes:
    """A picture of a red planet on a starry sky (a PNG written here: no imaging library needed)."""
    cx, cy, r = width / 2, height / 2, height * 0.4
    rows = []
    for y in range(height):
        row = bytearray([0])  # filter: none
        for x in range(width):
            dx, dy = (x - cx) / r, (y - cy) / r
            d = dx * dx + dy * dy
            if d <= 1:
                light = 0.45 + 0.55 * max(0.0, -0.5 * dx - 0.6 * dy + 0.6 * math.sqrt(1 - d))
                spot = 0.75 if math.sin(9 * dx + 2) * math.cos(7 * dy) > 0.55 else 1.0
                row += bytes(min(255, int(c * light * spot)) for c in (214, 92, 52))
            elif (x * 7919 + y * 104729) % 997 == 0:
                row += b"\xff\xff\xf0"
            else:
                row += b"\x0c\x0e\x24"
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")


def open_tool(page: Page, tool: str, ready) -> None:
    page.wait_visible(f"tool-{tool}", 10)
    page.click(f"tool-{tool}")
    page.wait_visible("tool-view", 5)
    page.wait(ready, 10, f"the {tool} tool")


def close_tool(page: Page) -> None:
    page.click("tool-close")
    page.wait_visible("control-view", 5)


def answer(phone: Page, letter: str) -> tuple[float, float]:
    """Presses the answer with `letter` (as the player sees it); the time before and after the press."""
    buttons = phone.driver.find_elements(By.CSS_SELECTOR, "#answers button")
    chosen = [b for b in buttons if b.find_element(By.CSS_SELECTOR, ".letter").text == letter]
    assert len(chosen) == 1, [b.text for b in buttons]
    before = time.monotonic()
    chosen[0].click()
    after = time.monotonic()
    # Taken: said on the phone, or (the last answer closes the question) the result shown at once.
    phone.wait(lambda: phone.text("answer-status").startswith(f"Answer {letter} locked in") or phone.visible("result-view"), 10,
               f"answer {letter} taken")
    return before, after


def wait_question(phone: Page, text: str) -> float:
    """Waits for the question `text` on the phone; when it was seen."""
    phone.wait(lambda: phone.visible("question-view") and phone.text("question-text") == text, 20, f"the question {text!r}")
    return time.monotonic()


def until(moment: float) -> None:
    """The player thinks until `moment` (a deliberate delay: how long it took is what the report measures)."""
    left = moment - time.monotonic()
    if left > 0:
        time.sleep(left)


def xlsx_cells(path: Path) -> dict[str, tuple[str, str]]:
    """The first sheet's cells of an .xlsx: reference -> (type, text); "s" (text) or "n" (a number)."""
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    with zipfile.ZipFile(path) as z:
        shared = []
        if "xl/sharedStrings.xml" in z.namelist():
            for si in ElementTree.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", ns):
                shared.append("".join(t.text or "" for t in si.iter(f"{{{ns['m']}}}t")))
        sheet = ElementTree.fromstring(z.read("xl/worksheets/sheet1.xml"))
    cells = {}
    for c in sheet.iter(f"{{{ns['m']}}}c"):
        kind, value = c.get("t", "n"), c.find("m:v", ns)
        if kind == "s":
            cells[c.get("r")] = ("s", shared[int(value.text)])
        elif kind == "inlineStr":
            cells[c.get("r")] = ("s", "".join(t.text or "" for t in c.iter(f"{{{ns['m']}}}t")))
        elif value is not None:
            cells[c.get("r")] = ("n" if kind == "n" else kind, value.text)
    return cells


def libreoffice_table(report: Path, scratch: Path) -> dict[str, tuple[str, str]]:
    """The report opened by LibreOffice's CSV import as its Text Import dialog reads it (comma,
    double quotes, UTF-8, from row 1: what a person confirms there) and saved as .xlsx. (Given no
    options at all, a headless LibreOffice 7.4 reads the file in a legacy charset: the test names
    the dialog's choices.)"""
    home = scratch / "home"
    home.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{scratch / 'profile'}", "--headless", "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx",
         "--outdir", str(scratch), str(report)],
        env={**os.environ, "HOME": str(home)}, capture_output=True, text=True, timeout=180)
    xlsx = scratch / (report.stem + ".xlsx")
    assert done.returncode == 0 and xlsx.exists(), f"soffice: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return xlsx_cells(xlsx)


def test_the_host_page_shows_and_downloads_a_games_report(start_host, pages, tmp_path):
    host = start_host("--game", "trivia", "--state-dir", str(tmp_path / "state"), "--start-after", "600", "--name", "Quiz Night", web=True)
    pin = host_pin(host)
    page = pages(url(host, "/host"))
    unlock(page, pin)

    # Before any game: "No games yet".
    open_tool(page, "past-games", lambda: page.text("past-games"))
    assert page.text("tool-title") == "Past games"
    page.wait(lambda: page.text("past-games").startswith("No games yet"), 10, "the empty list")
    assert "When a game ends, its report shows here" in page.text("reports-empty")
    close_tool(page)

    # The quiz, uploaded; its first question given a picture in the editor and saved.
    quiz_file, picture = tmp_path / "Pub quiz.json", tmp_path / "planet.png"
    quiz_file.write_text(json.dumps(QUIZ))
    picture.write_bytes(planet_png())
    open_tool(page, "quizzes", lambda: "Built-in questions" in page.text("quiz-list"))
    page.driver.find_element(By.ID, "quiz-upload").send_keys(str(quiz_file))
    page.wait(lambda: message(page) == "\u2713 Added \u201CPub quiz\u201D: 2 questions.", 10, "the quiz added")
    page.wait(lambda: "Pub quiz" in page.text("quiz-list"), 10, "the quiz in the list")
    quiz = quiz_id(page, "Pub quiz")
    open_editor(page, quiz)
    css(page, ".question-edit.open input.q-picture").send_keys(str(picture))
    page.wait(lambda: message(page).startswith("\u2713 Picture added (PNG, 800\u00D7500)"), 10, "the picture taken")
    page.click("quiz-save")
    page.wait(lambda: message(page) == "\u2713 Saved \u201CPub quiz\u201D (revision 2).", 10, "the quiz saved")
    page.click("quiz-close")
    page.wait_visible("quiz-list", 5)

    # Played next: timed, in the quiz's order, answers as written, short times.
    page.click(f"play-{quiz}")
    page.wait_visible("next-game", 10)
    Select(page.driver.find_element(By.ID, "next-mode")).select_by_value("timed")
    page.type_into("next-time", str(QUESTION_TIME))
    page.type_into("next-result-time", "1")
    for box in ("next-shuffle-questions", "next-shuffle-answers"):
        if page.driver.find_element(By.ID, box).is_selected():
            page.click(box)
    page.click("next-play")
    page.wait(lambda: message(page) == "\u2713 Next game: \u201CPub quiz\u201D, 2 questions.", 10, "the next game chosen")
    assert host.wait_stdout(r"^next game: Pub quiz, 2 questions, timed$", 10), host.describe()

    tv = pages(url(host, "/screen"), TV, mobile=False)
    tv.wait_visible("qr", 10)
    ann, bob = pages(url(host, "/")), pages(url(host, "/"))
    for phone, name in ((ann, ANN), (bob, BOB)):
        phone.join(name)
        phone.wait_visible("lobby-view", 10)
    page.wait(lambda: page.text("next-start").endswith("Start now (2 players waiting)"), 10, "Start now offered")
    started = time.monotonic()
    page.click("next-start")

    # Question 1: the picture, large on the TV; =Bob answers D (wrong) after half a second, Zoë B
    # (right) after two.
    seen = {name: wait_question(phone, "Which planet is this?") for name, phone in ((ANN, ann), (BOB, bob))}
    tv.wait(lambda: tv.text("question-title") == "Which planet is this?", 10, "the question on the TV")
    tv.wait(lambda: tv.driver.execute_script(
        "var img = document.getElementById('tv-picture'); return img && img.complete && img.naturalWidth === 800;"), 10, "the picture on the TV")
    tv.screenshot("tv-picture-question")
    box = tv.driver.execute_script("var r = document.getElementById('tv-picture').getBoundingClientRect(); return [r.width, r.height];")
    assert box[1] >= 0.3 * TV[1], f"the picture is {box[0]}x{box[1]} px on a 1920x1080 TV: not large"
    assert not tv.scrolls(), "the TV page scrolls with the picture"
    assert no_overlap(tv, "#question-title, #tv-picture, #tv-answers .answer, .small-join") == []
    assert not ann.visible("question-picture"), "the picture is the TV's (pictures on phones: off)"
    until(seen[BOB] + 0.5)
    bob_q1 = answer(bob, "D")
    until(seen[ANN] + 2.1)
    ann_q1 = answer(ann, "B")
    ann.wait(lambda: ann.text("result-title") == "Correct! +1", 10, "Zoë's result")
    bob.wait(lambda: bob.text("result-title") == "Not this time", 10, "=Bob's result")

    # Question 2: both answer C (right), =Bob after half a second, Zoë after one.
    seen = {name: wait_question(phone, "What is 2 + 2?") for name, phone in ((ANN, ann), (BOB, bob))}
    until(seen[BOB] + 0.5)
    bob_q2 = answer(bob, "C")
    until(seen[ANN] + 1.0)
    ann_q2 = answer(ann, "C")
    kept = host.wait_stdout(r"^report: (.+/reports/(\d{8}-\d{6}-[0-9a-z]+)\.csv)$", 20)
    assert kept, host.describe()
    report_id = kept.group(2)
    for phone in (ann, bob):
        phone.wait_visible("over-view", 10)
    assert ann.text("over-title") == "You won!"

    # Past games: the game listed, then its summary.
    close_tool(page)
    open_tool(page, "past-games", lambda: "Pub quiz" in page.text("report-list"))
    item = page.text(f"report-{report_id}")
    now = datetime.now()
    times = {(now + timedelta(minutes=m)).strftime("%H:%M") for m in (-1, 0, 1)}
    assert any(f"Today, {t} \u00B7 2 players \u00B7 2 questions" in item for t in times), item
    assert f"Winner: {ANN}" in item, item
    page.click(f"report-open-{report_id}")
    page.wait_visible("report-view", 10)
    assert page.text("report-title") == "Pub quiz"
    assert page.text("report-meta").endswith("\u00B7 timed \u00B7 2 questions \u00B7 2 players"), page.text("report-meta")
    assert page.text("report-hardest").splitlines() == ["HARDEST QUESTION", "Question 1: Which planet is this?", "1 of 2 got it right (50%)"], \
        page.text("report-hardest")
    fastest = page.text("report-fastest").splitlines()
    assert fastest[0] == "FASTEST RIGHT ANSWER" and fastest[1].startswith(f"{BOB} \u00B7 0.") and fastest[2] == "Question 2: What is 2 + 2?", fastest
    ranks = [li.text.split("\n") for li in page.driver.find_elements(By.CSS_SELECTOR, "#report-ranks li")]
    assert ranks == [["1", ANN, "2 points"], ["2", BOB, "1 point"]], ranks

    def spread(number: int) -> list[tuple[str, str, str]]:
        rows = page.driver.find_elements(By.CSS_SELECTOR, f"#report-q{number} .spread-row")
        return [(r.find_element(By.CSS_SELECTOR, ".letter").text, r.find_element(By.CSS_SELECTOR, ".answer-text").text,
                 r.find_element(By.CSS_SELECTOR, ".chose").text) for r in rows]

    assert spread(1) == [("A", "Venus", "0"), ("B", "Mars \u2713 right", "1"), ("C", "Jupiter", "0"), ("D", "Saturn", "1")], spread(1)
    assert spread(2) == [("A", "3", "0"), ("B", "5", "0"), ("C", "4 \u2713 right", "2"), ("D", "22", "0")], spread(2)
    assert "1 of 2 got it right (50%)" in page.text("report-q1") and "2 of 2 got it right (100%)" in page.text("report-q2")
    page.screenshot("host-report-summary")
    fits_a_phone(page, "the game's summary")
    assert serious_a11y_violations(page, "the game's summary") == []

    # The CSV, downloaded through the page's button, as the host keeps it.
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    page.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)})
    page.click("report-csv")
    name = f"Pub quiz report {report_id}.csv"
    page.wait(lambda: (downloads / name).exists() and not list(downloads.glob("*.crdownload")), 10, "the CSV saved")
    page.wait(lambda: page.text("reports-message") == f"\u2713 Downloaded \u201C{name}\u201D.", 5, "the download told")
    saved = (downloads / name).read_bytes()
    assert saved == Path(kept.group(1)).read_bytes(), "the file the host keeps"
    assert saved.startswith(b"\xef\xbb\xbf") and b"\r\n" in saved and b"\n" not in saved.replace(b"\r\n", b"")
    rows = list(csv.reader(io.StringIO(saved.decode("utf-8-sig"), newline="")))
    blank = rows.index([])
    players, questions = rows[:blank], rows[blank + 1:]
    assert players[0] == ["rank", "name", "points", "right answers", "Q1 answer", "Q1 right", "Q1 ms", "Q2 answer", "Q2 right", "Q2 ms"]
    assert [row[:4] for row in players[1:]] == [["1", ANN, "2", "2"], ["2", "'" + BOB, "1", "1"]], "=Bob stays text: '=Bob"
    by_name = {row[1].lstrip("'"): row for row in players[1:]}
    assert by_name[ANN][4:6] + by_name[ANN][7:9] == ["B: Mars", "right", "C: 4", "right"]
    assert by_name[BOB][4:6] + by_name[BOB][7:9] == ["D: Saturn", "wrong", "C: 4", "right"]
    # Times: from the question to the press, as long as the player waited at least, never more
    # than from a moment before the question was asked to the click, below the question's limit.
    q2_asked_after = ann_q1[0]  # question 2 comes once Zoë's answer closed question 1
    for who, column, waited, (_, clicked), asked_after in (
            (ANN, 6, 2.1, ann_q1, started), (BOB, 6, 0.5, bob_q1, started),
            (ANN, 9, 1.0, ann_q2, q2_asked_after), (BOB, 9, 0.5, bob_q2, q2_asked_after)):
        ms = int(by_name[who][column])
        assert waited * 1000 <= ms <= (clicked - asked_after) * 1000 + 50, f"{who} {players[0][column]}: {ms} ms, waited {waited} s"
        assert 0 < ms < QUESTION_TIME * 1000
    assert questions[0][:6] == ["question", "text", "right answers", "got it right", "of", "% right"]
    assert questions[1][:6] == ["1", "Which planet is this?", "B: Mars", "1", "2", "50"]
    assert questions[1][6:] == ["A: Venus", "0", "B: Mars", "1", "C: Jupiter", "0", "D: Saturn", "1"]
    assert questions[2][:6] == ["2", "What is 2 + 2?", "C: 4", "2", "2", "100"]
    assert questions[2][6:] == ["A: 3", "0", "B: 5", "0", "C: 4", "2", "D: 22", "0"]

    # On a laptop (1920x937): the same summary, nothing overlapping, no scrolling of the page.
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": LAPTOP[0], "height": LAPTOP[1], "deviceScaleFactor": 1, "mobile": False})
    page.wait(lambda: page.driver.execute_script("return innerWidth;") == LAPTOP[0], 5, "the laptop's width")
    assert not page.scrolls(), "the host page scrolls on a laptop"
    assert no_overlap(page, "#report-view .highlight, #report-view .report-question, #report-ranks li, #report-view .report-buttons .command") == []
    page.screenshot("host-reports-laptop")

    # LibreOffice opens the downloaded file as a table: a cell each, numbers as numbers.
    if shutil.which("soffice") is None:
        warnings.warn("soffice missing (scripts/install-deps --test installs libreoffice-calc-nogui): the report's CSV was not opened")
        return
    cells = libreoffice_table(downloads / name, tmp_path / "soffice")
    assert cells["A1"] == ("s", "rank") and cells["B2"] == ("s", ANN) and cells["B3"] == ("s", "'" + BOB), (cells["A1"], cells["B2"], cells["B3"])
    assert cells["E2"] == ("s", "B: Mars") and cells["F2"] == ("s", "right") and cells["E3"] == ("s", "D: Saturn")
    assert cells["C2"] == ("n", "2") and cells["G2"] == ("n", by_name[ANN][6]) and cells["J3"] == ("n", by_name[BOB][9])
    assert "A4" not in cells, "a blank row between the tables"
    assert cells["A5"] == ("s", "question") and cells["B6"] == ("s", "Which planet is this?") and cells["F6"] == ("n", "50")
    assert cells["N6"] == ("n", "1") and cells["K7"] == ("s", "C: 4") and cells["L7"] == ("n", "2")
