"""Question banks people already have, end to end: `snap-host serve --game trivia --questions FILE`
with a CSV file (as a spreadsheet exports it) and an Open Trivia DB download, played by bots to
game over; `--category` and the default of 10 questions; broken files stop `serve` with exit 65
and FILE:LINE:COLUMN on stderr. The files are in Tests/system/banks/."""

from __future__ import annotations

import csv
import html
import json
import re
from pathlib import Path

import pytest

from trivia_support import Proc, finals, game_over, results, snap_host_binary, start_host, start_join

BANKS = Path(__file__).resolve().parent / "banks"
QUESTION = re.compile(r"^question (\d+)/(\d+)(?: \[(.+?)\])?: (.*)$")
QUICK = ("--question-time", "1.5", "--result-time", "0.2", "--start-when-full", "--max-players", "2")


def csv_bank() -> dict[str, str]:
    """pub-quiz.csv as question -> category, read by Python's own csv module."""
    with open(BANKS / "pub-quiz.csv", encoding="utf-8-sig", newline="") as file:
        rows = list(csv.reader(file))
    return {row[0]: row[-1] for row in rows[1:]}


def opentdb_bank() -> dict[str, str]:
    """opentdb.json as question -> category, decoded by Python's html module."""
    results = json.loads((BANKS / "opentdb.json").read_text(encoding="utf-8"))["results"]
    return {html.unescape(r["question"]): html.unescape(r["category"]) for r in results}


def asked(lines: list[str]) -> list[tuple[int, int, str | None, str]]:
    """Every `question N/M [Category]: text` line (a question's first line)."""
    return [(int(m.group(1)), int(m.group(2)), m.group(3), m.group(4)) for m in map(QUESTION.match, lines) if m]


def play_to_game_over(procs, *args: str) -> tuple[Proc, list[Proc]]:
    """A host with `args` and two bots that play one game; returns them once the bots exited."""
    host, port = start_host(*args, *QUICK)
    procs.append(host)
    bots = [start_join(port, name, "--once") for name in ("Ann", "Bob")]
    procs.extend(bots)
    for bot in bots:
        assert bot.wait_exit(60) == 0, bot.describe()
    line = game_over(bots[0].stdout())
    assert line is not None and line == game_over(bots[1].stdout()), bots[0].describe()
    assert finals(bots[0].stdout()) == finals(bots[1].stdout())
    assert set(finals(bots[0].stdout())) == {"Ann", "Bob"}
    assert host.wait_line("^" + re.escape(line) + "$", 5), host.describe()
    return host, bots


def check_questions(lines: list[str], bank: dict[str, str], count: int) -> list[str]:
    """The questions a client saw: `count` of them, numbered, each from the bank with its
    category; returns their categories."""
    seen = asked(lines)
    assert [number for number, *_ in seen] == list(range(1, count + 1)), lines
    assert all(of == count for _, of, _, _ in seen), lines
    categories = []
    for _, _, category, text in seen:
        # A question may span lines (a quoted CSV field with a line break): its first line is shown here.
        matches = [q for q in bank if q.split("\n")[0] == text]
        assert len(matches) == 1, (text, list(bank))
        assert category == bank[matches[0]], (text, category)
        categories.append(category)
    assert len(set(text for *_, text in seen)) == count, "a question was asked twice"
    return categories


def test_a_csv_bank_plays_to_game_over(procs):
    path = BANKS / "pub-quiz.csv"
    bank = csv_bank()
    host, bots = play_to_game_over(procs, "--questions", str(path), "--rounds", "4")
    assert f"trivia: first mode, 4 of {len(bank)} questions ({path}); a game starts when 2 players are here" in host.stdout(), host.describe()
    for bot in bots:
        check_questions(bot.stdout(), bank, 4)
        assert len(results(bot.stdout())) == 4, bot.describe()
    check_questions(host.stdout(), bank, 4)


def test_an_open_trivia_db_download_plays_with_its_entities_decoded(procs):
    path = BANKS / "opentdb.json"
    bank = opentdb_bank()
    assert "&quot;" in json.loads(path.read_text())["results"][0]["question"]  # the file is escaped
    host, bots = play_to_game_over(procs, "--questions", str(path), "--rounds", "12")
    assert f"trivia: first mode, 12 of 12 questions ({path}); a game starts when 2 players are here" in host.stdout()
    for proc in (*bots, host):
        lines = proc.stdout()
        check_questions(lines, bank, 12)
        # Entities decoded in questions and answers alike: "H₂O", "Björk", "Québec City", "&" alone.
        text = "\n".join(lines)
        assert "H₂O" in text and "Björk" in text and "[Science & Nature]" in text, proc.describe()
        assert not re.search(r"&(#\d+|#x[0-9a-f]+|[a-z]+);", text, re.IGNORECASE), proc.describe()


def test_category_draws_only_from_the_named_categories_and_rounds_default_to_ten(procs):
    path = BANKS / "pub-quiz.csv"
    bank = csv_bank()
    # Comma-separated and repeated, in any case: Music (3) + Sport (2) + Art (3) = 8 questions < 10.
    host, bots = play_to_game_over(procs, "--questions", str(path), "--category", "music, SPORT", "--category", "art")
    assert f"trivia: first mode, 8 of 8 questions ({path}: Music, Sport, Art); a game starts when 2 players are here" in host.stdout(), host.describe()
    for bot in bots:
        assert bot.wait_line(r"^game: first mode, 8 questions$", 1), bot.describe()
        assert set(check_questions(bot.stdout(), bank, 8)) == {"Music", "Sport", "Art"}


def test_the_default_game_is_ten_questions_of_the_built_in_bank():
    host, _ = start_host("--start-when-full", "--max-players", "2")
    try:
        assert host.wait_line(r"^trivia: first mode, 10 of 70 questions \(embedded bank\); ", 5), host.describe()
    finally:
        host.stop()


def test_an_unknown_category_lists_the_banks_categories():
    proc = Proc([str(snap_host_binary()), "serve", "--game", "trivia", "--category", "Sciense", "--port", "0",
                 "--host", "127.0.0.1", "--no-dnssd", "--no-bluetooth", "--no-web"], "host")
    assert proc.wait_exit(15) == 64, proc.describe()
    assert proc.stdout() == [], proc.describe()
    errors = "\n".join(proc.stderr())
    assert ('--category: no category "Sciense" in embedded bank; its categories are Arts & Letters (3), Food (4), '
            "Geography (11), History (7), Math (7), Music (3), Nature (7), Science (9), Space (7), Sports (5), "
            "Technology (7)") in errors, errors


BROKEN = {
    "broken-row.csv": "6:18: no wrong answer; a question needs a question, a correct answer and at least one wrong answer",
    "broken-quote.csv": '2:1: a quoted field is not closed (it opens here); a quote inside quotes is written twice ("")',
    "broken-syntax.json": "3:69: not valid JSON: expected a value, found ']'",
    "broken-entry.json": '3:3: entry 2 ("Cafés are French?"): missing "incorrect_answers"',
    "broken-response.json": "1:18: Open Trivia DB answered response_code 1 (no results: too few questions for that query), "
                            "so the file holds no questions; fetch them again",
}


@pytest.mark.parametrize("name", sorted(BROKEN))
def test_a_broken_bank_names_file_line_and_column_and_exits_65(name):
    path = BANKS / name
    proc = Proc([str(snap_host_binary()), "serve", "--game", "trivia", "--questions", str(path), "--port", "0",
                 "--host", "127.0.0.1", "--no-dnssd", "--no-bluetooth", "--no-web"], "host")
    assert proc.wait_exit(15) == 65, proc.describe()
    assert proc.stdout() == [], proc.describe()  # never listened
    assert proc.stderr() == [f"snap-host: {path}:{BROKEN[name]}"], proc.describe()


def test_a_headerless_csv_row_too_short_is_named_by_line_and_column(tmp_path):
    path = tmp_path / "questions.csv"
    path.write_text("".join(f"Question {n}?,right,wrong\n" for n in range(1, 14)) + "Lonely?,Yes\n")
    proc = Proc([str(snap_host_binary()), "serve", "--game", "trivia", "--questions", str(path), "--port", "0",
                 "--host", "127.0.0.1", "--no-dnssd", "--no-bluetooth", "--no-web"], "host")
    assert proc.wait_exit(15) == 65, proc.describe()
    assert proc.stderr() == [f"snap-host: {path}:14:12: row has 2 fields; a question needs a question, a correct answer "
                             "and at least one wrong answer"], proc.describe()
