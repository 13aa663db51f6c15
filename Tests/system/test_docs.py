"""The docs link only to what is in the repository: every relative link in README.md and
docs/*.md names a file or folder that exists, and a `#anchor` names a heading of the file it
points into (GitHub's anchors: lower case, punctuation dropped, spaces as dashes); a file named in
the prose (`Sources/.../X.swift`, `docs/X.md`, `X.md`, `../X`) exists too. Pure Python: no binary
needed."""

from __future__ import annotations

import re
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
DOCS = [REPO_ROOT / "README.md", *sorted((REPO_ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
CODE_SPAN = re.compile(r"`[^`\n]*`")
INLINE_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE_DEFINITION = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$", re.M)
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)
EXTERNAL = re.compile(r"^(?:[a-z][a-z0-9+.-]*:|//)", re.I)
# A file named in the prose: a path from the repository's top folders, or a relative one, with an
# extension (a folder to be made, such as a new game's `Sources/Pong`, is not a file named), or
# a bare Markdown file name.
MENTION = re.compile(r"(?<![\w/.+-])((?:(?:Sources|Tests|scripts|docs)/|\.\./)[\w./+-]*\.[a-z]{1,5}|[A-Z][A-Z_]*\.md)\b")


def prose(text: str) -> str:
    """The text without code blocks and code spans (a link there is an example, not a link)."""
    return CODE_SPAN.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    body = prose(text)
    return INLINE_LINK.findall(body) + REFERENCE_DEFINITION.findall(body)


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: markup dropped, lower case, punctuation other than `-` and
    `_` removed, each space a dash."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.replace("`", "").lower()
    text = "".join(ch for ch in text if ch.isalnum() or ch in " -_")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", path.read_text())):
        base = anchor(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(doc: Path) -> list[str]:
    problems = []
    for target in links(doc.read_text()):
        if EXTERNAL.match(target):
            continue
        path_part, _, fragment = target.partition("#")
        resolved = (doc.parent / path_part).resolve() if path_part else doc
        try:
            resolved.relative_to(REPO_ROOT)
        except ValueError:
            problems.append(f"{target}: outside the repository")
            continue
        if not resolved.exists():
            problems.append(f"{target}: no such file")
        elif fragment and resolved.suffix == ".md" and fragment not in anchors(resolved):
            problems.append(f"{target}: no heading #{fragment} in {resolved.relative_to(REPO_ROOT)}")
    return problems


def missing_mentions(doc: Path) -> list[str]:
    """Files the prose names (code included: a path there is still a claim) that do not exist:
    looked for from the repository's top, then beside the doc."""
    problems = []
    for name in MENTION.findall(doc.read_text()):
        candidates = [REPO_ROOT / name, doc.parent / name]
        if not any(path.resolve().is_relative_to(REPO_ROOT) and path.exists() for path in candidates):
            problems.append(f"{name}: named, but not in the repository")
    return problems


def test_every_file_the_docs_name_exists():
    problems = {str(doc.relative_to(REPO_ROOT)): missing_mentions(doc) for doc in DOCS}
    problems = {doc: found for doc, found in problems.items() if found}
    assert problems == {}


STALE_BLUETOOTH = re.compile(r"once (?:that|it|bluetooth) lands|still to come|coming soon|not (?:yet )?(?:done|there|supported) yet", re.I)


def test_no_doc_but_the_bluetooth_status_page_says_bluetooth_is_still_to_come():
    """Bluetooth is done (docs/BLUETOOTH.md keeps its own list of next steps)."""
    stale = [f"{doc.name}: {line.strip()}" for doc in DOCS if doc.name != "BLUETOOTH.md"
             for line in doc.read_text().splitlines()
             if re.search(r"bluetooth|rfcomm", line, re.I) and STALE_BLUETOOTH.search(line)]
    assert stale == []


def test_every_relative_link_in_the_docs_resolves():
    problems = {str(doc.relative_to(REPO_ROOT)): broken_links(doc) for doc in DOCS}
    problems = {doc: found for doc, found in problems.items() if found}
    assert problems == {}


def test_the_checker_finds_a_missing_file_and_a_missing_heading(tmp_path, monkeypatch):
    monkeypatch.setattr(__import__(__name__), "REPO_ROOT", tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/A.md").write_text("# A title\n\n## Second, part (two)\n")
    doc = tmp_path / "README.md"
    doc.write_text(
        "See [a](docs/A.md), [b](docs/A.md#second-part-two), [top](#readme), [c](docs/B.md),\n"
        "[d](docs/A.md#nowhere), [e](https://example.com/x.md), ![pic](docs/pic.png),\n"
        "`[not a link](docs/C.md)`, [up](../outside.md)\n\n# Readme\n\n[ref]: docs/D.md\n"
        "```\n[in code](docs/E.md)\n```\n")
    assert broken_links(doc) == [
        "docs/B.md: no such file",
        "docs/A.md#nowhere: no heading #nowhere in docs/A.md",
        "docs/pic.png: no such file",
        "../outside.md: outside the repository",
        "docs/D.md: no such file",
    ]
    page = tmp_path / "docs/B.md"
    page.write_text("`Sources/X/Y.swift`, docs/A.md, A.md, DESIGN.md, ../../shared/notes.md, `Sources/Pong`\n")
    assert missing_mentions(page) == [
        "Sources/X/Y.swift: named, but not in the repository",
        "DESIGN.md: named, but not in the repository",
        "../../shared/notes.md: named, but not in the repository",
    ]
