"""An .xlsx written by a real spreadsheet program reads as what was put in it (issue 25's
Must-show): the test writes a CSV in the layout of Kahoot's quiz template (instructions above,
the header row 8, questions from row 9, their number in column A), LibreOffice converts it
(`soffice --headless --convert-to xlsx`, in a profile of its own), and the Swift reader
(SpreadsheetTests.LibreOfficeTests, given the file in SNAP_XLSX_FIXTURE) must see every cell
with its text and type: numbers as LibreOffice types them, text with its commas, quotes, line
break and non-ASCII characters, and TRUE and FALSE as the booleans LibreOffice makes of them.

The same converter made the committed fixture Tests/SpreadsheetTests/Fixtures/libreoffice-kahoot.xlsx
(and its .cells.json), which `swift test` reads on every run, LibreOffice or not:
`python3 Tests/system/test_xlsx.py` writes them again."""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from harness import REPO_ROOT  # noqa: E402

FIXTURES = REPO_ROOT / "Tests" / "SpreadsheetTests" / "Fixtures"
NAME = "libreoffice-kahoot"  # the sheet LibreOffice makes is named after the CSV file
SWIFT_TEST = "SpreadsheetTests.LibreOfficeTests"
ENV_TEST = "theFileSNAP_XLSX_FIXTURENamesReadsAsWritten()"

HEADER = ["", "Question - max 120 characters", "Answer 1 - max 75 characters", "Answer 2 - max 75 characters",
          "Answer 3 - max 75 characters", "Answer 4 - max 75 characters",
          "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs", "Correct answer(s) - choose at least one"]
ROWS = [
    ["", "Quiz template"],
    ["", "Add questions, at least two answer alternatives, time limit and choose correct answers (at least one)."],
    ["", "Remember: questions have a limit of 120 characters and answers can have 75 characters max."],
    ["", "If several answers are correct, separate them with a comma."],
    [], [], [],
    HEADER,
    ["1", "Which planet is known as the Red Planet?", "Venus", "Mars", "Jupiter", "Saturn", "20", "2"],
    ["2", "Which of these are prime numbers?", "2", "9", "11", "15", "30", "1,3"],
    ["3", 'Who wrote "Romeo & Juliet"?', "Marlowe", "Shakespeare", "", "", "10", "2"],
    ["4", "Café, crème or thé?\nPick the French one", "Café", "Tea", "Crème", "Thé", "60", "1,3,4"],
    ["5", "Is 0.5 a half? <b>yes</b>", "True", "False", "", "", "5", "1"],
]


def expected_cells(rows: list[list[str]]) -> dict[str, list[str]]:
    """Each non-empty field by its cell reference, as LibreOffice's CSV import types it:
    ["number", text] for a whole number, ["boolean", "TRUE"/"FALSE"] for true and false in any
    case, ["text", text] for anything else."""
    cells = {}
    for row, fields in enumerate(rows, start=1):
        for column, field in enumerate(fields):
            reference = f"{chr(ord('A') + column)}{row}"
            if re.fullmatch(r"0|[1-9][0-9]*", field):
                cells[reference] = ["number", field]
            elif field.lower() in ("true", "false"):
                cells[reference] = ["boolean", field.upper()]
            elif field:
                cells[reference] = ["text", field]
    return cells


def cells_json(cells: dict[str, list[str]]) -> str:
    """{"sheet": NAME, "cells": {...}}, a cell a line, row by row."""
    def order(reference: str) -> tuple[int, str]:
        return int(reference.lstrip("ABCDEFGH")), reference
    lines = [f"  {json.dumps(ref)}: {json.dumps(cells[ref], ensure_ascii=False)}" for ref in sorted(cells, key=order)]
    return '{"sheet": %s, "cells": {\n%s\n}}\n' % (json.dumps(NAME), ",\n".join(lines))


def convert(csv_path: Path, outdir: Path, scratch: Path) -> Path:
    """`soffice --headless --convert-to xlsx` with a home and a profile of its own (a running
    LibreOffice of the user's is neither touched nor handed the job)."""
    home = scratch / "home"
    home.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        ["soffice", f"-env:UserInstallation=file://{scratch / 'profile'}", "--headless",
         "--infilter=CSV:44,34,76,1", "--convert-to", "xlsx", "--outdir", str(outdir), str(csv_path)],
        env={**os.environ, "HOME": str(home)}, capture_output=True, text=True, timeout=180)
    xlsx = outdir / (csv_path.stem + ".xlsx")
    assert done.returncode == 0 and xlsx.exists(), f"soffice: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return xlsx


def make(directory: Path, rows: list[list[str]] = ROWS) -> Path:
    """Writes NAME.csv (UTF-8), converts it to NAME.xlsx beside it and writes NAME.cells.json,
    what the reader must see; the .xlsx's path."""
    csv_path = directory / f"{NAME}.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows(rows)
    xlsx = convert(csv_path, directory, directory / "soffice")
    (directory / f"{NAME}.cells.json").write_text(cells_json(expected_cells(rows)), encoding="utf-8")
    return xlsx


def swift_test(xlsx: Path) -> subprocess.CompletedProcess:
    """SpreadsheetTests.LibreOfficeTests on `xlsx` (built already: scripts/test builds first)."""
    return subprocess.run(["swift", "test", "--skip-build", "--filter", SWIFT_TEST], cwd=REPO_ROOT,
                          env={**os.environ, "SNAP_XLSX_FIXTURE": str(xlsx)}, capture_output=True, text=True, timeout=300)


needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None,
                                   reason="soffice missing (scripts/install-deps --test installs libreoffice-calc-nogui)")


@needs_soffice
def test_an_xlsx_libreoffice_writes_reads_as_written(tmp_path: Path):
    xlsx = make(tmp_path)
    done = swift_test(xlsx)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-4000:]
    assert re.search(rf"✔ Test {re.escape(ENV_TEST)} passed", output), output[-4000:]  # ran, not skipped

    # The check can fail: a cell the file does not hold as expected fails the Swift test.
    expected = json.loads((tmp_path / f"{NAME}.cells.json").read_text())
    expected["cells"]["G9"] = ["text", "20"]  # LibreOffice wrote a number
    (tmp_path / f"{NAME}.cells.json").write_text(json.dumps(expected))
    wrong = swift_test(xlsx)
    assert wrong.returncode != 0 and f"✘ Test {ENV_TEST} failed" in wrong.stdout + wrong.stderr, (wrong.stdout + wrong.stderr)[-4000:]


def test_the_committed_fixture_is_of_these_rows():
    """The committed fixture's expected cells are still those of ROWS (the Swift test reads the
    fixture against them): a change to ROWS needs `python3 Tests/system/test_xlsx.py`."""
    committed = json.loads((FIXTURES / f"{NAME}.cells.json").read_text(encoding="utf-8"))
    assert committed == {"sheet": NAME, "cells": expected_cells(ROWS)}
    assert (FIXTURES / f"{NAME}.xlsx").read_bytes()[:4] == b"PK\x03\x04"


if __name__ == "__main__":
    # Writes the committed fixture again: the .xlsx LibreOffice makes now and its expected cells.
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        made = make(Path(scratch))
        shutil.copyfile(made, FIXTURES / made.name)
        shutil.copyfile(Path(scratch) / f"{NAME}.cells.json", FIXTURES / f"{NAME}.cells.json")
    print(f"wrote {FIXTURES / (NAME + '.xlsx')} and {NAME}.cells.json")
