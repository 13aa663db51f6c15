#!/usr/bin/env python3
"""Writes the committed fixtures of SpreadsheetTests (Fixtures/), with Python's zipfile and zlib
as the independent writer the Swift reader is checked against:

- handwritten-deflated.xlsx and handwritten-stored.xlsx: one workbook (the XML below, written by
  hand: shared strings with rich text and phonetic runs, numbers, booleans, errors, a formula's
  text, inline strings, CDATA, cells and rows without `r`, a prefixed namespace, a chart sheet
  left out), its entries deflated at level 9 (zlib's dynamic Huffman blocks) and stored.
- text.txt and its raw DEFLATE streams (RFC 1951, no zlib header): text.stored.deflate (level 0:
  several stored blocks), text.fixed.deflate (Z_FIXED: fixed Huffman), text.dynamic.deflate (level 9:
  dynamic Huffman), text.blocks.deflate (all three kinds and an empty stored block, one stream).
- zeros.deflate: 100 MB of zeros deflated (about 100 KB), the zip bomb's payload.

The LibreOffice fixture (libreoffice-kahoot.xlsx) comes from Tests/system/test_xlsx.py. Run from
anywhere; it replaces the files it makes and checks each stream has the block types it claims."""
import os, random, zipfile, zlib

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "Fixtures")
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"

WORKBOOK = {
    "[Content_Types].xml": '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    "_rels/.rels": f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="{MAIN}" xmlns:r="{RELS}">
  <!-- three sheets: a worksheet, one whose target is absolute, and a chart sheet (left out) -->
  <sheets>
    <sheet name="Quiz" sheetId="1" r:id="rId1"/>
    <sheet name="Notes &amp; more" sheetId="2" r:id="rId2"/>
    <sheet name="Chart" sheetId="3" r:id="rId4"/>
  </sheets>
</workbook>""",
    "xl/_rels/workbook.xml.rels": f"""<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="{PKG}">
  <Relationship Id="rId1" Type="{RELS}/worksheet" Target="worksheets/sheet1.xml"/>
  <Relationship Id="rId2" Type="{RELS}/worksheet" Target="/xl/worksheets/sheet2.xml"/>
  <Relationship Id="rId3" Type="{RELS}/sharedStrings" Target="./sharedStrings.xml"/>
  <Relationship Id="rId4" Type="{RELS}/chartsheet" Target="chartsheets/sheet1.xml"/>
  <Relationship Id="rId5" Type="{RELS}/hyperlink" Target="https://example.com/" TargetMode="External"/>
</Relationships>""",
    "xl/sharedStrings.xml": f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<sst xmlns="{MAIN}" count="5" uniqueCount="5">
  <si><t>Question - max 120 characters</t></si>
  <si><r><rPr><b/></rPr><t>Capital of </t></r><r><t xml:space="preserve">France?</t></r></si>
  <si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>
  <si><t>&lt;b&gt; &amp; &quot;caf&#233;&quot; &#x1F600;</t></si>
  <si><t>two\r\nlines</t></si>
</sst>""",
    "xl/worksheets/sheet1.xml": f"""<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="{MAIN}" xmlns:r="{RELS}"><dimension ref="A1:XFD7"/>
<sheetData>
<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="b"><v>1</v></c><c r="C1" t="b"><v>0</v></c><c r="D1" t="e"><v>#N/A</v></c></row>
<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><v>20</v></c><c r="C2" t="n"><v>1.5</v></c><c r="D2" t="str"><f>"Par"&amp;"is"</f><v>Paris</v></c><c r="E2" s="1"/><c r="F2" t="s"><v>2</v></c></row>
<row><c t="s"><v>3</v></c><c t="inlineStr"><is><r><t>in</t></r><r><rPr><i/></rPr><t>line</t></r></is></c><c><v>-2.5E-3</v></c><c t="s"><v>4</v></c></row>
<row r="7" spans="1:16384"><c r="XFD7"><v>7</v></c></row>
</sheetData></worksheet>""",
    "xl/worksheets/sheet2.xml": f"""<?xml version="1.0" encoding="UTF-8"?>
<?some-processing instruction?>
<x:worksheet xmlns:x="{MAIN}"><x:sheetData><x:row r="3"><x:c r="B3" t="inlineStr"><x:is><x:t><![CDATA[<b>bold</b> & more]]></x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>""",
}


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def raw_deflate(data, level=9, strategy=zlib.Z_DEFAULT_STRATEGY):
    # memLevel 1: level 0 then writes stored blocks of at most a few KB (several in the stream)
    compressor = zlib.compressobj(level, zlib.DEFLATED, -15, 1 if level == 0 else 9, strategy)
    return compressor.compress(data) + compressor.flush()


def first_block_type(stream):
    return (stream[0] >> 1) & 3


def workbooks():
    for name, method in (("handwritten-deflated.xlsx", zipfile.ZIP_DEFLATED), ("handwritten-stored.xlsx", zipfile.ZIP_STORED)):
        path = os.path.join(HERE, name)
        with zipfile.ZipFile(path, "w", compression=method, compresslevel=9 if method == zipfile.ZIP_DEFLATED else None) as z:
            for part, text in WORKBOOK.items():
                info = zipfile.ZipInfo(part, date_time=(2026, 1, 1, 0, 0, 0))
                info.compress_type = method
                z.writestr(info, text.encode())
    # The deflated sheet must be dynamic Huffman (what the test claims to cover).
    with zipfile.ZipFile(os.path.join(HERE, "handwritten-deflated.xlsx")) as z:
        info = z.getinfo("xl/worksheets/sheet1.xml")
    with open(os.path.join(HERE, "handwritten-deflated.xlsx"), "rb") as f:
        f.seek(info.header_offset + 26)
        lengths = f.read(4)
        f.seek(info.header_offset + 30 + lengths[0] + 256 * lengths[1] + lengths[2] + 256 * lengths[3])
        assert first_block_type(f.read(1)) == 2, "sheet1.xml should be a dynamic Huffman block"


def streams():
    words = random.Random(25)
    vocabulary = "quiz question answer correct time limit points team player score round Kahoot spreadsheet cell row".split()
    text = "\n".join(" ".join(words.choice(vocabulary) for _ in range(words.randint(3, 12))) for _ in range(500)).encode()
    write("text.txt", text)
    stored, fixed, dynamic = raw_deflate(text, 0), raw_deflate(text, 9, zlib.Z_FIXED), raw_deflate(text, 9)
    assert (first_block_type(stored), first_block_type(fixed), first_block_type(dynamic)) == (0, 1, 2)
    write("text.stored.deflate", stored)
    write("text.fixed.deflate", fixed)
    write("text.dynamic.deflate", dynamic)
    # One stream of every kind: a stored block written by hand, a dynamic middle ended by a sync
    # flush (its empty stored block aligns to a byte), then a fixed final part (zlib cannot change
    # strategy mid-stream, so each part is its own compressor's).
    third = len(text) // 3
    head = raw_stored_block(text[:third], final=False)
    middle = zlib.compressobj(9, zlib.DEFLATED, -15)
    middle_bytes = middle.compress(text[third:2 * third]) + middle.flush(zlib.Z_SYNC_FLUSH)
    assert first_block_type(middle_bytes) == 2
    tail = raw_deflate(text[2 * third:], 9, zlib.Z_FIXED)  # byte-aligned after the sync flush
    assert first_block_type(tail) == 1
    blocks = head + middle_bytes + tail
    assert zlib.decompress(blocks, -15) == text
    write("text.blocks.deflate", blocks)


def raw_stored_block(data, final):
    assert len(data) < 65536
    return bytes([1 if final else 0]) + len(data).to_bytes(2, "little") + (len(data) ^ 0xFFFF).to_bytes(2, "little") + data


def bomb():
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    chunk = bytes(1 << 20)
    payload = b"".join(compressor.compress(chunk) for _ in range(100)) + compressor.flush()
    write("zeros.deflate", payload)


os.makedirs(HERE, exist_ok=True)
workbooks()
streams()
bomb()
