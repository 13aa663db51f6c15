"""Bad uploads to trivia's quiz library while a game goes on (issue 25; docs/TRIVIA.md, "What the
host says to a bad file"): a real host plays a trivia game with three phones (wsplayer.py, web
players answering every question) while, question after question, the test sends the host page's
API the files a careless or hostile host page could: bodies over the limits (by Content-Length
and chunked), zip bombs, .xlsx files with a DTD or an entity, names leaving their folder, pictures
that are none, files cut short, CSVs in other encodings. Each is refused with its status and a
sentence naming what was wrong and what is allowed. Then every phone had every question to game
over, nobody was dropped, the scores add up, the library is as it was and every quiz loads, and the
host logged no crash. In Chromium, three of them chosen on the host page show the host's sentence."""

from __future__ import annotations

import hashlib
import re
import sys
from collections import Counter
from pathlib import Path

import pytest

import bad_files as bad
from desk_support import Desk, unlock
from trivia_support import Proc, finals, results

ROUNDS = 10
PLAYERS = ["Ann", "Bob", "Cy"]
WSPLAYER = Path(__file__).resolve().parent / "wsplayer.py"
MB = 1_000_000


def expect(answer, status: int, sentence: str | re.Pattern) -> None:
    """The host refused with `status` and said `sentence` (exactly, or matching the pattern)."""
    said = answer.error
    if isinstance(sentence, re.Pattern):
        assert answer.status == status and said is not None and sentence.fullmatch(said), answer
    else:
        assert (answer.status, said) == (status, sentence), answer


def sizes_by_length(desk: Desk, quiz: str) -> None:
    """Bodies announced past their limits: refused before any byte of them is read."""
    expect(desk.head_only("POST", "quizzes", 20 * MB + 1), 413, "The request is too large (20.1 MB): at most 20 MB.")
    expect(desk.head_only("PUT", f"quizzes/{quiz}", 5 * MB + 1), 413, "The request is too large (5.1 MB): at most 5 MB.")
    expect(desk.head_only("POST", f"quizzes/{quiz}/pictures", 2 * MB + 1), 413, "The request is too large (2.1 MB): at most 2 MB.")


def sizes_chunked(desk: Desk, quiz: str) -> None:
    """Chunked bodies, whose size no head tells: refused once they pass the limit, long before
    their end (what was sent after is never read). A picture that would take its quiz past
    50 MB is refused by the library."""
    for method, path, limit in (("POST", "quizzes", 20 * MB), ("PUT", f"quizzes/{quiz}", 5 * MB),
                                ("POST", f"quizzes/{quiz}/pictures", 2 * MB)):
        answer, sent = desk.chunked(method, path, total=limit + 64 * MB)
        expect(answer, 413, f"The request is too large: at most {limit // MB} MB.")
        assert limit <= sent < limit + 64 * MB, f"{path}: {sent} bytes sent before the refusal"
    expect(desk.call("POST", f"quizzes/{quiz}/pictures", bad.png(padding=1_990_000)), 413,
           re.compile(r"the quiz would be 5\d\.\d MB; a quiz may be at most 50 MB, pictures included"))


def zip_bombs(desk: Desk, files: dict[str, bytes]) -> None:
    expect(desk.upload("bomb.xlsx", files["entries"]), 422,
           "bomb.xlsx: the zip holds 10,010 entries; at most 10,000 are read")
    expect(desk.upload("bomb.xlsx", files["entry"]), 422,
           "bomb.xlsx: xl/media/zeros.bin: 25,000,000 bytes uncompressed; an entry may hold at most 20,000,000 bytes")
    expect(desk.upload("bomb.xlsx", files["total"]), 422,
           "bomb.xlsx: the entries hold more than 100,000,000 bytes uncompressed in all; at most 100,000,000 bytes are read")
    expect(desk.upload("bomb.xlsx", files["lying"]), 422,
           "bomb.xlsx: xl/workbook.xml: it inflates to more than the 1,000 bytes its zip directory record declares; "
           "stopped there (a zip bomb?)")


def xml_declarations(desk: Desk, files: dict[str, bytes]) -> None:
    expect(desk.upload("laughs.xlsx", files["doctype"]), 422,
           "laughs.xlsx: xl/workbook.xml:1: a <!DOCTYPE> declaration, which is refused: DTDs and their entities are never read")
    expect(desk.upload("entity.xlsx", files["entity"]), 422,
           "entity.xlsx: xl/sharedStrings.xml:2: the entity &xxe; is not defined; "
           "only &lt; &gt; &amp; &quot; &apos; and numeric references (&#38; &#x26;) are read")


def traversal(desk: Desk, quiz: str, files: dict[str, bytes]) -> None:
    """Names that would leave their folder: an upload's file name, a zip entry's, a question's
    picture, quiz ids in request paths, a picture's path."""
    good_csv = bad.csv_bank(3)
    for name in ("../../../etc/cron.d/quiz.csv", "..\\..\\quiz.csv", "/etc/cron.d/quiz.csv"):
        expect(desk.upload(name, good_csv), 400,
               f"The file's name \u201C{name}\u201D has a folder in it; a file is uploaded by its own name, like pub quiz.csv.")
    expect(desk.upload("evil.xlsx", files["traversal"]), 422,
           "evil.xlsx: xl/../../../etc/cron.d/evil: path traversal: the name climbs out of the archive's folder with '..'; "
           "entry names must stay inside the archive's folder")
    document = bad.questions_json(1, pictures=["../../../etc/passwd"])
    picture_rule = "\"picture\" must be a picture of the quiz library: 64 hex digits, its SHA-256"
    expect(desk.upload("pictures.json", bad.snap_json(document)), 422,
           re.compile(r"pictures\.json:\d+:\d+: entry 1 \(\"Question 1: which is right\?\"\): " + re.escape(picture_rule)))
    edit = bad.snap_json({"title": "Pub quiz", "document": document})
    expect(desk.call("PUT", f"quizzes/{quiz}", edit, {"If-Match": '"2"'}), 422,
           re.compile(r"Pub quiz\.json:\d+:\d+: entry 1 \(\"Question 1: which is right\?\"\): " + re.escape(picture_rule)))
    rule = ("; its parts are names, percent-encoded as UTF-8: never empty, \u201C.\u201D or \u201C..\u201D, "
            "with no \u201C/\u201D or NUL encoded in them.")
    dots, slash = "has a \u201C..\u201D part", "has a \u201C/\u201D encoded inside a part (%2F)"
    for method, path, body, wrong in (("PUT", "quizzes/%2e%2e", edit, dots), ("POST", "quizzes/%2E%2E%2Fquizzes/pictures", bad.png(), slash),
                                      ("DELETE", "quizzes/..%2f..%2fbuilt-in", b"", slash), ("GET", "quizzes/%2e%2e/quiz.json", b"", dots)):
        expect(desk.call(method, path, body, {"If-Match": '"1"'}), 400, f"The path /host/api/{path} {wrong}{rule}")
    expect(desk.call("PUT", "quizzes/..%5c..%5cetc", edit, {"If-Match": '"1"'}), 422,
           "\u201C..\\..\\etc\u201D is not a quiz id: an id is 1 to 32 letters, digits, '-' or '_'")
    for path, wrong in ((f"/games/trivia/files/pictures/{quiz}/..%2f..%2f{quiz}%2fquiz.json", slash),
                        ("/games/trivia/files/pictures/%2e%2e/%2e%2e", dots)):
        expect(desk.fetch("GET", path), 400, f"The path {path} {wrong}{rule}")
    expect(desk.fetch("GET", f"/games/trivia/files/pictures/{quiz}/passwd"), 404, "No such file.")


def not_pictures(desk: Desk, quiz: str) -> None:
    path = f"quizzes/{quiz}/pictures"
    expect(desk.call("POST", path, b"Not a picture at all, just text in a file named cat.png\n"), 422,
           "not a PNG, JPEG, WebP or GIF picture (it looks like text)")
    expect(desk.call("POST", path, bad.png(100_000, 100_000)), 422,
           "the picture is 100000\u00D7100000 pixels; a picture may be at most 8192 pixels wide and 8192 high")
    expect(desk.call("POST", path, bad.png(8000, 8000)), 422,
           "the picture is 8000\u00D78000 pixels (64 megapixels); a picture may have at most 40 megapixels")
    expect(desk.call("POST", path, bad.png_with_wrong_crc()), 422,
           "not a valid PNG picture: the IHDR chunk's checksum (CRC) is wrong")


def truncated(desk: Desk, quiz: str, files: dict[str, bytes]) -> None:
    kahoot = bad.KAHOOT.read_bytes()
    expect(desk.upload("cut.xlsx", kahoot[: len(kahoot) // 2]), 422,
           re.compile(r"cut\.xlsx: truncated: the file ends inside .+"))
    whole = bad.snap_json(bad.questions_json(5))
    expect(desk.upload("cut.json", whole[: len(whole) // 2]), 422,
           re.compile(r"cut\.json:1:\d+: not valid JSON: .*found the end of the file"))
    picture = bad.png(padding=100)
    expect(desk.call("POST", f"quizzes/{quiz}/pictures", picture[: len(picture) // 2]), 422,
           "the PNG picture is truncated: its bytes end before the picture does")
    expect(desk.upload("empty.csv", b""), 422, "empty.csv: the file is empty.")


def encodings(desk: Desk) -> None:
    expect(desk.upload("utf16.csv", bad.csv_bank(3, "utf-16")), 422,
           "utf16.csv:1:1: the file is UTF-16 text (it starts with UTF-16's byte-order mark); "
           "save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet)")
    expect(desk.upload("utf16.csv", bad.csv_bank(3, "utf-16-le")), 422,
           "utf16.csv:1:2: the file holds NUL characters, as UTF-16 text does; save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet)")
    expect(desk.upload("latin1.csv", bad.csv_bank(3, "latin-1")), 422,
           "latin1.csv:2:4: the file is not UTF-8 text: byte 0xE9 is not UTF-8 here (Latin-1 or Windows-1252 text?); "
           "save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet)")


def test_bad_uploads_are_refused_each_with_its_message_while_a_game_goes_on(start_host, tmp_path):
    bank = tmp_path / "game.csv"
    bank.write_text("question,correct,wrong,wrong\n" + "".join(f"Game question {n}?,Yes,No,Maybe\n" for n in range(1, ROUNDS + 1)))
    host = start_host("--game", "trivia", "--state-dir", str(tmp_path / "state"), "--questions", str(bank),
                      "--rounds", str(ROUNDS), "--mode", "first", "--question-time", "20", "--result-time", "1.5",
                      "--start-when-full", "--max-players", "3", web=True)
    desk = Desk(host, unlock(host))

    # The library before the game: a quiz with two pictures, and 25 more pictures of nearly 2 MB:
    # the quiz is then nearly 50 MB, the most one may be.
    made = desk.upload("Pub quiz.csv", bad.csv_bank(4))
    assert made.status == 201, made
    quiz = made.json()["id"]
    hashes = []
    for _ in range(2):
        added = desk.call("POST", f"quizzes/{quiz}/pictures", bad.png(padding=1000))
        assert added.status == 201, added
        hashes.append(added.json()["hash"])
    saved = desk.call("PUT", f"quizzes/{quiz}", bad.snap_json({"title": "Pub quiz", "document": bad.questions_json(4, pictures=hashes)}),
                      {"If-Match": '"1"'})
    assert saved.status == 200, saved
    for _ in range(25):
        assert desk.call("POST", f"quizzes/{quiz}/pictures", bad.png(padding=1_990_000)).status == 201
    before = desk.quizzes()
    assert [q["title"] for q in before] == ["Built-in questions", "game", "Pub quiz"], before

    files = {"entries": bad.many_entries(10_001), "entry": bad.entry_bomb(25 * MB), "total": bad.total_bomb(6, 18 * MB),
             "lying": bad.lying_bomb(1000, 10 * MB), "doctype": bad.with_doctype(), "entity": bad.with_external_entity(),
             "traversal": bad.with_traversal()}

    players = [Proc([sys.executable, str(WSPLAYER), f"127.0.0.1:{host.web_port}", name], name) for name in PLAYERS]
    try:
        # One kind of bad upload after each question is asked, so all of them land mid-game.
        batches = [lambda: sizes_by_length(desk, quiz), lambda: sizes_chunked(desk, quiz), lambda: zip_bombs(desk, files),
                   lambda: xml_declarations(desk, files), lambda: traversal(desk, quiz, files),
                   lambda: not_pictures(desk, quiz), lambda: truncated(desk, quiz, files), lambda: encodings(desk)]
        assert len(batches) < ROUNDS
        for number, batch in enumerate(batches, 1):
            assert host.wait_stdout(rf"^question {number}/{ROUNDS}", 30), host.describe()
            batch()
        assert not any(line.startswith("game over: ") for line in host.stdout_snapshot()), "the game ended before the last bad upload"

        # The game went on: every phone had every question, to the end; nobody was dropped.
        assert host.wait_stdout(r"^game over: ", 60), host.describe()
        for player in players:
            assert player.wait_exit(15) == 0, player.describe()
            lines = player.stdout()
            assert [int(m.group(1)) for m in map(re.compile(r"^answered question (\d+)$").match, lines) if m] == \
                list(range(1, ROUNDS + 1)), player.describe()
        host_lines = host.stdout_snapshot()
        during = host_lines[:next(i for i, line in enumerate(host_lines) if line.startswith("game over: "))]
        assert [line for line in during if line.startswith("left: ")] == [], "a player was dropped"
        # The scores add up: each player's points are the questions it scored, and every phone says so.
        seen = results(host_lines)
        assert [r["number"] for r in seen] == list(range(1, ROUNDS + 1)), host.describe()
        sums = Counter(name for r in seen for name in r["scored"])
        standings = finals(host_lines)
        assert standings == {name: sums.get(name, 0) for name in PLAYERS}, (standings, sums)
        for player in players:
            assert finals(player.stdout()) == standings, player.describe()
    finally:
        for player in players:
            player.stop()

    # The library is as it was, every quiz loads, its pictures are served; the host logged no crash.
    assert desk.quizzes() == before
    for entry in before:
        loaded = desk.call("GET", f"quizzes/{entry['id']}")
        assert loaded.status == 200, (entry, loaded)
    for hash_ in hashes:
        served = desk.fetch("GET", f"/games/trivia/files/pictures/{quiz}/{hash_}")
        assert served.status == 200 and hashlib.sha256(served.body).hexdigest() == hash_
    assert host.running, host.describe()
    log = host.stderr_snapshot()
    alarms = [line for line in log if line.split(" ")[1:2] in (["error"], ["critical"])
              or any(sign in line for sign in ("Fatal error", "Crash", "Backtrace"))]
    assert alarms == [], "\n".join(alarms)


def browsers_missing() -> str | None:
    try:
        from web_support import available
    except ImportError as error:
        return f"selenium is missing ({error})"
    return available()


@pytest.mark.skipif(browsers_missing() is not None, reason=browsers_missing() or "")
def test_the_page_shows_the_hosts_sentence_for_a_bad_file(start_host, pages, tmp_path):
    """What a host sees on its phone: a file too large (refused from its head, the rest of it never
    read: the browser still shows the answer), a zip bomb, a CSV in Latin-1, chosen on the page."""
    from test_host_page import host_pin
    from test_host_page import unlock as unlock_page
    from test_web import url
    from test_web_quizzes import message, open_quizzes
    from selenium.webdriver.common.by import By

    host = start_host("--game", "trivia", "--state-dir", str(tmp_path / "state"), web=True)
    page = pages(url(host, "/host"))
    unlock_page(page, host_pin(host))
    open_quizzes(page)
    files = tmp_path / "files"
    files.mkdir()
    for name, data, said in (
            ("big.csv", b"q,a,b\n" * 4_200_000, "The request is too large (25.2 MB): at most 20 MB."),
            ("bomb.xlsx", bad.entry_bomb(25 * MB),
             "bomb.xlsx: xl/media/zeros.bin: 25,000,000 bytes uncompressed; an entry may hold at most 20,000,000 bytes"),
            ("latin1.csv", bad.csv_bank(3, "latin-1"), "latin1.csv:2:4: the file is not UTF-8 text: byte 0xE9 is not UTF-8 here "
             "(Latin-1 or Windows-1252 text?); save it as UTF-8 (\"CSV UTF-8\" in a spreadsheet)")):
        (files / name).write_bytes(data)
        page.driver.find_element(By.ID, "quiz-upload").send_keys(str(files / name))
        page.wait(lambda: message(page) == "\u2715 " + said, 30, f"{name}: the host's sentence")
    assert page.text("quiz-list").count("Built-in questions") == 1 and "big" not in page.text("quiz-list")
