"""Files a host may be handed as quizzes or pictures, good and bad, made here from real ones: PNGs
built chunk by chunk (zlib's CRCs, a 1-pixel image), .xlsx files rewritten from the LibreOffice
fixture with Python's zipfile (zip bombs, a DTD, a name leaving the folder), banks in other
encodings, and files cut short. Standard library only."""

from __future__ import annotations

import io
import json
import os
import struct
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KAHOOT = ROOT / "Tests" / "SpreadsheetTests" / "Fixtures" / "libreoffice-kahoot.xlsx"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


# -- pictures ------------------------------------------------------------------------------

def png_chunk(kind: bytes, data: bytes, crc: int | None = None) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) if crc is None else crc)


def png(width: int = 1, height: int = 1, padding: int = 0) -> bytes:
    """A PNG whose header says `width`×`height` (its one row of image data is a single red
    pixel: the header is all a checker reads of the size) with `padding` random bytes in a
    private ancillary chunk, which viewers skip: a picture of any size in bytes."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    data = png_chunk(b"IHDR", header)
    if padding:
        data += png_chunk(b"prVt", os.urandom(padding))
    return PNG_SIGNATURE + data + png_chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00")) + png_chunk(b"IEND", b"")


def png_with_wrong_crc() -> bytes:
    """A 1×1 PNG whose header was edited to say 4000×4000 and its checksum left as it was."""
    good = png()
    header = struct.pack(">IIBBBBB", 4000, 4000, 8, 2, 0, 0, 0)
    return PNG_SIGNATURE + png_chunk(b"IHDR", header, crc=zlib.crc32(b"IHDR" + good[16:29])) + good[33:]


# -- banks ---------------------------------------------------------------------------------

def questions_json(count: int, tag: str = "", pictures: list[str] | None = None, filler: int = 0) -> dict:
    """snap-host's JSON with `count` questions (`tag` in each text, `filler` characters of
    padding in each answer), the i-th naming pictures[i % len] when given."""
    questions = []
    pad = "x" * min(filler, 190)
    for number in range(count):
        question = {"question": f"Question {number + 1}{tag}: which is right?",
                    "answers": [{"text": f"Right {number}{pad}", "correct": True}, {"text": f"Wrong {number}{pad}"},
                                {"text": f"Also wrong {number}{pad}"}]}
        if pictures:
            question["picture"] = pictures[number % len(pictures)]
        questions.append(question)
    return {"questions": questions}


def csv_bank(rows: int, encoding: str = "utf-8") -> bytes:
    lines = ["question,correct,wrong,wrong"] + [f"Caf\u00e9 question {n}?,Oui,Non,Peut-\u00eatre" for n in range(1, rows + 1)]
    return ("\r\n".join(lines) + "\r\n").encode(encoding)


# -- .xlsx ---------------------------------------------------------------------------------

def kahoot_entries() -> list[tuple[str, bytes]]:
    with zipfile.ZipFile(KAHOOT) as archive:
        return [(info.filename, archive.read(info)) for info in archive.infolist()]


def zipped(entries: list[tuple[str, bytes]], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=method) as archive:
        for name, data in entries:
            archive.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data, compress_type=method)
    return buffer.getvalue()


def xlsx(replace: dict[str, bytes] | None = None, add: list[tuple[str, bytes]] | None = None) -> bytes:
    """The LibreOffice fixture with entries replaced and added."""
    replace = replace or {}
    entries = [(name, replace.get(name, data)) for name, data in kahoot_entries()]
    return zipped(entries + (add or []))


def many_entries(count: int) -> bytes:
    """The fixture and `count` more (empty, stored): past the entry cap."""
    return xlsx(add=[(f"customXml/item{n}.xml", b"") for n in range(count)])


def entry_bomb(size: int) -> bytes:
    """An entry of `size` zero bytes, deflated (a thousandth of that)."""
    return xlsx(add=[("xl/media/zeros.bin", bytes(size))])


def total_bomb(entries: int, size: int) -> bytes:
    """`entries` entries of `size` zeros each: each under the entry cap, together over the total."""
    return xlsx(add=[(f"xl/media/zeros{n}.bin", bytes(size)) for n in range(entries)])


def lying_bomb(declared: int, size: int) -> bytes:
    """xl/workbook.xml inflating to `size` zeros while the zip's records say `declared` bytes."""
    data = bytearray(xlsx(replace={"xl/workbook.xml": bytes(size)}))
    name = b"xl/workbook.xml"
    for signature, size_at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        at = data.find(signature)
        while at >= 0:
            if data[at + name_at:at + name_at + len(name)] == name:
                data[at + size_at:at + size_at + 4] = declared.to_bytes(4, "little")
            at = data.find(signature, at + 4)
    return bytes(data)


def with_doctype() -> bytes:
    """xl/workbook.xml starting with the billion laughs: a DTD of entities, each ten of the last."""
    entities = ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{n} "{("&lol" + str(n - 1) + ";") * 10}">' for n in range(1, 10)]
    original = dict(kahoot_entries())["xl/workbook.xml"]
    declaration, _, rest = original.partition(b"?>")
    laughs = f"<!DOCTYPE workbook [{''.join(entities)}]>".encode()
    return xlsx(replace={"xl/workbook.xml": declaration + b"?>" + laughs + rest.replace(b'name="libreoffice-kahoot"', b'name="&lol9;"')})


def with_external_entity() -> bytes:
    """A shared string naming an entity no DTD defines (`&xxe;`: an external one, had it been)."""
    original = dict(kahoot_entries())["xl/sharedStrings.xml"]
    at = original.index(b"<t") + original[original.index(b"<t"):].index(b">") + 1
    return xlsx(replace={"xl/sharedStrings.xml": original[:at] + b"&xxe;" + original[at:]})


def with_traversal() -> bytes:
    return xlsx(add=[("xl/../../../etc/cron.d/evil", b"* * * * * root true\n")])


def snap_json(questions: dict) -> bytes:
    return json.dumps(questions).encode()
