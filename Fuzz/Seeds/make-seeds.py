#!/usr/bin/env python3
"""Writes the committed seed corpora, Fuzz/Corpus/<Target>/<name>: real frames, bodies, bank
files, TXT records, datagrams and HTTP requests, from the protocol's own examples
(docs/PROTOCOL.md, docs/GAMES.md, Tests/system/banks). The D-Bus seeds come from
make-dbus-seeds.c (libdbus marshals them). Run from anywhere; it replaces the seeds it makes."""
import base64, hashlib, hmac, os, re, struct, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "Fuzz", "Corpus")


def write(target, name, data):
    os.makedirs(os.path.join(CORPUS, target), exist_ok=True)
    with open(os.path.join(CORPUS, target, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def frame(payload):
    payload = payload.encode() if isinstance(payload, str) else payload
    return struct.pack(">I", len(payload)) + payload


MESSAGES = {
    "serverHello": '{"capacity":8,"game":"lobby","joinCodeRequired":true,"maxFrame":65536,"name":"Kitchen Pi","nonce":"AAECAwQFBgcICQoLDA0ODw==","players":0,"serverId":"6F1C2E4A-9B3D-4E8F-A1B2-C3D4E5F60718","type":"serverHello","version":3}',
    "clientHello": '{"name":"Ada","proof":"YJkVcaRuCbqO7s6Alb7S5XOBZxQ+0ibZz2Y8S/E3Ja8=","type":"clientHello","version":1}',
    "welcome": '{"datagram":{"key":"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=","port":4001},"heartbeatIntervalMs":1000,"heartbeatTimeoutMs":3000,"host":{"id":0,"name":"Kitchen Pi"},"peers":[{"id":2,"name":"Bo"}],"resume":"dG9rZW4=","type":"welcome","version":3,"you":{"id":1,"name":"Ada"}}',
    "deny": '{"detail":"the game is full","reason":"full","type":"deny"}',
    "joined": '{"peer":{"id":2,"name":"Bo"},"type":"joined"}',
    "left": '{"peer":{"id":2,"name":"Bo"},"reason":"userQuit","type":"left"}',
    "ping": '{"sent":183911027345,"seq":0,"type":"ping"}',
    "pong": '{"received":183911027400,"replied":183911027410,"sent":183911027345,"seq":0,"type":"pong"}',
    "app": '{"body":{"kind":"chat","text":"hi"},"from":1,"to":"all","type":"app"}',
    "app-peers": '{"body":[1,2.5,"\\u00e9",null,true],"to":[2,3],"type":"app"}',
    "bye": '{"reason":"userQuit","type":"bye"}',
    "away": '{"peer":{"id":2,"name":"Bo"},"type":"away"}',
    "back": '{"peer":{"id":2,"name":"Bo"},"type":"back"}',
    "state": '{"body":{"ball":[50,30]},"from":0,"key":"court","seq":812,"type":"state"}',
}

GAME_BODIES = {
    "trivia-answer": '{"kind":"answer","question":1,"choice":2,"pressedAt":987654321}',
    "trivia-buzz": '{"kind":"buzz","question":1,"pressedAt":81234567890}',
    "snap-flip": '{"kind":"flip"}',
    "snap-snap": '{"kind":"snap","pressedAt":81234567890}',
    "pong-paddle": '{"kind":"paddle","y":31.5}',
    "chat": '{"kind":"chat","text":"hi"}',
    "pause": '{"kind":"pause","paused":false,"deadline":123456789,"leftMs":5000}',
}


def frames():
    for name, message in MESSAGES.items():
        write("FuzzFrame", name, b"\xff" + frame(message))
    write("FuzzFrame", "handshake-split", b"\x02" + frame(MESSAGES["clientHello"]) + frame(MESSAGES["ping"]) + frame(MESSAGES["bye"]))
    write("FuzzFrame", "truncated", b"\x00" + frame(MESSAGES["ping"])[:-3])


def json_texts():
    for name, message in MESSAGES.items():
        write("FuzzJSON", name, message)
    for name, body in GAME_BODIES.items():
        write("FuzzJSON", name, body)
    write("FuzzJSON", "numbers", '[0,-0,1.5,-2.25e3,1E+2,12345678901234567890,0.1,1e-7]')
    write("FuzzJSON", "strings", '["\\"\\\\\\/\\b\\f\\n\\r\\t","\\u00e9\\ud83d\\ude00","café ☕"]')
    write("FuzzJSON", "nested", '{"a":{"b":[[{"c":[]}]]},"d":{}}')
    write("FuzzJSON", "spaced", ' \t\r\n{ "type" : "ping" , "seq" : 1 , "sent" : 5 } \n')
    with open(os.path.join(ROOT, "Tests", "system", "banks", "opentdb.json"), "rb") as f:
        write("FuzzJSON", "opentdb", f.read())


def games():
    selectors = {"trivia": [0, 1, 2], "snap": [3], "pong": [4]}
    for game, choices in selectors.items():
        bodies = [b for n, b in GAME_BODIES.items() if n.startswith(game) or n in ("chat", "pause")]
        for choice in choices:
            write("FuzzGames", f"{game}-{choice}", bytes([choice]) + b"\xff".join(b.encode() for b in bodies * 3))
    write("FuzzGames", "trivia-answers", bytes([0]) + b"\xff".join(
        f'{{"kind":"answer","question":{q},"choice":{c},"pressedAt":{1000 * q}}}'.encode() for q in range(1, 4) for c in range(4)))


def banks():
    banks_dir = os.path.join(ROOT, "Tests", "system", "banks")
    for name in sorted(os.listdir(banks_dir)):
        with open(os.path.join(banks_dir, name), "rb") as f:
            data = f.read()
        selector = 1 if name.endswith(".csv") else 0
        write("FuzzBank", name, bytes([selector]) + data)
        write("FuzzBank", "sniffed-" + name, bytes([2]) + data)
    with open(os.path.join(ROOT, "Sources", "Trivia", "Bank", "EmbeddedQuestions.swift"), encoding="utf-8") as f:
        embedded = f.read()
    text = embedded[embedded.index('#"""') + 4:embedded.index('"""#')]
    lines = text.strip().split("\n")
    small = "\n".join(lines[:4]).rstrip(",") + "\n]}\n"
    write("FuzzBank", "own-format.json", b"\x00" + small.encode())
    write("FuzzBank", "bom.csv", b"\x01\xef\xbb\xbfquestion,correct,wrong\r\n\"A, \"\"quoted\"\" one\",yes,no\r\n")
    # Banks in other encodings (issue 25's bad uploads): UTF-16 with and without its byte-order
    # mark, Latin-1.
    other = "question,correct,wrong\r\nCaf\u00e9?,Oui,Non\r\n"
    write("FuzzBank", "utf16-bom.csv", b"\x01" + other.encode("utf-16"))
    write("FuzzBank", "utf16be.csv", b"\x01" + other.encode("utf-16-be"))
    write("FuzzBank", "latin1.csv", b"\x01" + other.encode("latin-1"))


def txt_record(pairs):
    out = b""
    for pair in pairs:
        data = pair.encode()
        out += bytes([len(data)]) + data
    return out


def txt():
    base = ["id=6f1c2e4a-9b3d-4e8f-a1b2-c3d4e5f60718", "game=trivia", "proto=3", "players=1", "cap=8",
            "state=lobby", "code=0", "rev=4"]
    write("FuzzTXT", "lan", txt_record(base))
    write("FuzzTXT", "udp", txt_record(base + ["udp=4000"]))
    write("FuzzTXT", "bluetooth", txt_record(base + ["bt=AA:BB:CC:DD:EE:FF", "rfcomm=5"]))
    write("FuzzTXT", "odd", txt_record(["ID=x", "flag", "=empty", "game=a=b"]) + b"\x00\x05ab")


def datagram(kind, sender, seq, key=b"", body=b"", hearing=1):
    head = bytes([1, kind, hearing, len(key)]) + struct.pack(">IQ", sender, seq) + key + body
    tag_key = bytes((i * 7 + 1) & 0xFF for i in range(32))  # the target's key
    return head + hmac.new(tag_key, head, hashlib.sha256).digest()[:16]


def datagrams():
    write("FuzzDatagram", "probe", datagram(2, 1, 7))
    write("FuzzDatagram", "state-paddle", datagram(1, 1, 42, b"paddle", b'{"kind":"paddle","y":31.5}'))
    write("FuzzDatagram", "state-court", datagram(1, 0, 812, b"court", b'{"ball":[50,30],"left":20,"right":70}', hearing=0))


def http():
    host = "Host: 10.0.0.5:8080\r\n"
    upgrade = (host + "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
               "Sec-WebSocket-Version: 13\r\nOrigin: http://10.0.0.5:8080\r\n\r\n")

    def ws(payload, opcode=1, fin=True):
        payload = payload.encode() if isinstance(payload, str) else payload
        mask = b"\x12\x34\x56\x78"
        head = bytes([(0x80 if fin else 0) | opcode])
        n = len(payload)
        head += bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    write("FuzzHTTP", "get-page", b"\x00GET / HTTP/1.1\r\n" + host.encode() + b"Accept: text/html\r\n\r\n")
    write("FuzzHTTP", "get-pipelined", b"\x03GET /style.css?v=1 HTTP/1.1\r\n" + host.encode() + b"\r\nHEAD /screen HTTP/1.1\r\n" + host.encode() + b"\r\n")
    write("FuzzHTTP", "post-refused", b"\x01POST / HTTP/1.1\r\n" + host.encode() + b"Content-Length: 5\r\n\r\nhello")
    write("FuzzHTTP", "chunked", b"\x01POST /ws HTTP/1.1\r\n" + host.encode() + b"Transfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
    write("FuzzHTTP", "ws-player", b"\x04GET /ws HTTP/1.1\r\n" + upgrade.encode()
          + ws(MESSAGES["clientHello"]) + ws(MESSAGES["ping"]) + ws('{"body":{"kind":"chat","text":"hi"},"type":"app"}')
          + ws(b"hi", opcode=9) + ws(MESSAGES["bye"]) + ws(b"\x03\xe8", opcode=8))
    write("FuzzHTTP", "ws-player-fragments", b"\x02GET /ws HTTP/1.1\r\n" + upgrade.encode()
          + ws('{"name":"Ada",', fin=False) + ws('"type":"clientHello","version":3}', opcode=0))
    write("FuzzHTTP", "ws-screen", b"\x02GET /screen/ws HTTP/1.1\r\n" + upgrade.encode() + ws('{"hello":1}'))
    write("FuzzHTTP", "ws-host", b"\x02GET /host/ws HTTP/1.1\r\n" + upgrade.encode()
          + ws('{"pin":"482913"}') + ws('{"command":"pause"}') + ws('{"token":"abc"}'))
    write("FuzzHTTP", "ws-bad-origin", b"\x05GET /ws HTTP/1.1\r\n" + upgrade.replace("http://10.0.0.5:8080", "http://evil.example").encode())


def clock_times():
    for index, text in enumerate(["20:00", "07:30", "7:30", "00:10", "23:59", "25:00", "7pm", "20.00", " 20:00", "٢٠:٠٠"]):
        write("FuzzClockTime", f"time-{index}", text)


def xlsx():
    """FuzzXLSX: the SpreadsheetTests fixtures (Python zipfile's workbook, stored and deflated;
    LibreOffice's), zlib's deflate streams, a workbook's parts as text, and small bad files."""
    import zipfile, zlib, io
    fixtures = os.path.join(ROOT, "Tests", "SpreadsheetTests", "Fixtures")
    for name in ("handwritten-deflated.xlsx", "handwritten-stored.xlsx", "libreoffice-kahoot.xlsx"):
        with open(os.path.join(fixtures, name), "rb") as f:
            write("FuzzXLSX", name, b"\x00" + f.read())
    for name in ("text.dynamic.deflate", "text.fixed.deflate"):
        with open(os.path.join(fixtures, name), "rb") as f:
            write("FuzzXLSX", name, b"\x01" + f.read()[:2048])
    with zipfile.ZipFile(os.path.join(fixtures, "handwritten-stored.xlsx")) as z:
        parts = [z.read(name) for name in ("xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml", "xl/worksheets/sheet1.xml")]
    write("FuzzXLSX", "parts", b"\x02" + b"\x00".join(parts))
    laughs = b'<!DOCTYPE w [<!ENTITY a "aa"><!ENTITY b "&a;&a;">]><workbook><sheets><sheet name="&b;" r:id="rId1"/></sheets></workbook>'
    write("FuzzXLSX", "parts-doctype", b"\x02" + b"\x00".join([laughs] + parts[1:]))

    def zipped(entries, method=zipfile.ZIP_DEFLATED):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", compression=method) as z:
            for name, data in entries:
                z.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data, compress_type=method)
        return buffer.getvalue()
    write("FuzzXLSX", "traversal.xlsx", b"\x00" + zipped([("xl/workbook.xml", parts[0]), ("../evil", b"x")]))
    write("FuzzXLSX", "csv.xlsx", b"\x00Question,Answer 1,Answer 2\r\nWho?,Me,You\r\n")
    # 64 KB of zeros whose directory record says 1,000 bytes: the inflate cap stops it.
    bomb = bytearray(zipped([("xl/worksheets/sheet1.xml", bytes(65536))]))
    directory = bomb.rindex(b"PK\x01\x02")
    bomb[directory + 24:directory + 28] = (1000).to_bytes(4, "little")
    write("FuzzXLSX", "bomb.xlsx", b"\x00" + bytes(bomb))
    # Issue 25's bad uploads, small enough for the target's caps: more entries than 32, entries
    # over 2 MiB together, an undefined (external) entity, a file cut short.
    write("FuzzXLSX", "many-entries.xlsx", b"\x00" + zipped([(f"customXml/item{n}.xml", b"") for n in range(40)], zipfile.ZIP_STORED))
    write("FuzzXLSX", "total-bomb.xlsx", b"\x00" + zipped([(f"xl/media/zeros{n}.bin", bytes(900_000)) for n in range(3)]))
    write("FuzzXLSX", "parts-entity", b"\x02" + b"\x00".join(parts[:2] + [parts[2].replace(b"<t>", b"<t>&xxe;", 1)] + parts[3:]))
    with open(os.path.join(fixtures, "libreoffice-kahoot.xlsx"), "rb") as f:
        kahoot = f.read()
    write("FuzzXLSX", "cut.xlsx", b"\x00" + kahoot[: len(kahoot) // 2])


def pictures():
    """The quiz library's picture fixtures (Tests/QuizLibraryTests/Fixtures, made by a real encoder
    with make-fixtures.py there), two cut short, and a few files that are not pictures."""
    fixtures = os.path.join(ROOT, "Tests", "QuizLibraryTests", "Fixtures")
    for name in sorted(os.listdir(fixtures)):
        if name.endswith((".png", ".jpg", ".gif", ".webp")):
            with open(os.path.join(fixtures, name), "rb") as f:
                data = f.read()
            write("FuzzPicture", name, data)
            if name in ("tiny.png", "progressive.jpg"):
                write("FuzzPicture", "truncated-" + name, data[: len(data) // 2])
    write("FuzzPicture", "zip", b"PK\x03\x04\x14\x00\x06\x00\x08\x00")
    import zlib
    # PNGs whose header lies (issue 25's bad uploads): too wide, too many pixels, a size edited
    # without its checksum.
    def chunk(kind, data, crc=None):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) if crc is None else crc)
    def png(width, height, crc=None):
        header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header, crc) + chunk(b"IDAT", zlib.compress(b"\x00\xff\x00\x00"))
                + chunk(b"IEND", b""))
    write("FuzzPicture", "lying-wide.png", png(100_000, 100_000))
    write("FuzzPicture", "lying-pixels.png", png(8000, 8000))
    write("FuzzPicture", "lying-crc.png", png(4000, 4000, crc=zlib.crc32(b"IHDR" + struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0))))
    write("FuzzPicture", "svg", b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')


def uploads():
    """FuzzUpload: the host page's quiz library requests as the page sends them: uploads of the
    bank files of Tests/system/banks and the LibreOffice .xlsx, an edit, a picture, the next
    game's plan, and paths that must not reach the desk."""
    banks = os.path.join(ROOT, "Tests", "system", "banks")
    for name in sorted(os.listdir(banks))[:6]:
        with open(os.path.join(banks, name), "rb") as f:
            write("FuzzUpload", "upload-" + name, b"POST quizzes\nX-File-Name: " + name.encode() + b"\x00" + f.read())
    with open(os.path.join(ROOT, "Tests", "SpreadsheetTests", "Fixtures", "libreoffice-kahoot.xlsx"), "rb") as f:
        write("FuzzUpload", "upload-kahoot", b"POST quizzes\nX-File-Name: kahoot.xlsx\x00" + f.read())
    write("FuzzUpload", "edit", b'PUT quizzes/built-in\nIf-Match: "1"\x00{"title":"Mine","document":{"questions":[{"question":"Q?","answers":[{"text":"a","correct":true},{"text":"b"}],"points":"double"}]}}')
    write("FuzzUpload", "next", b'POST next-game\x00{"quiz":"built-in","mode":"timed","rounds":3,"categories":["Space"],"shuffleAnswers":false}')
    with open(os.path.join(ROOT, "Tests", "QuizLibraryTests", "Fixtures", "tiny.png"), "rb") as f:
        write("FuzzUpload", "picture", b"POST quizzes/built-in/pictures\x00" + f.read())
    write("FuzzUpload", "list", b"GET quizzes\x00")
    write("FuzzUpload", "csv", b"GET quizzes/built-in/quiz.csv\x00")
    write("FuzzUpload", "traversal", b"GET quizzes/%2e%2e/quiz.json\x00")
    # Issue 25's bad uploads: a name with folders, a question's picture naming a path, a path
    # with an encoded slash, a CSV in UTF-16.
    write("FuzzUpload", "upload-traversal-name", b"POST quizzes\nX-File-Name: ..%2F..%2Fetc%2Fcron.d%2Fquiz.csv\x00question,correct,wrong\r\nQ?,a,b\r\n")
    write("FuzzUpload", "edit-picture-path", b'PUT quizzes/built-in\nIf-Match: "1"\x00{"title":"Mine","document":{"questions":[{"question":"Q?","answers":[{"text":"a","correct":true},{"text":"b"}],"picture":"../../../etc/passwd"}]}}')
    write("FuzzUpload", "encoded-slash", b"POST quizzes/..%2F..%2Fbuilt-in/pictures\x00x")
    write("FuzzUpload", "upload-utf16", b"POST quizzes\nX-File-Name: utf16.csv\x00" + "question,correct,wrong\r\nQ?,a,b\r\n".encode("utf-16"))


def dbus():
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-dbus-seeds.c")
    binary = "/tmp/make-dbus-seeds"
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "dbus-1"], check=True, capture_output=True, text=True).stdout.split()
    subprocess.run(["cc", "-o", binary, source] + flags, check=True)
    os.makedirs(os.path.join(CORPUS, "FuzzDBus"), exist_ok=True)
    subprocess.run([binary, os.path.join(CORPUS, "FuzzDBus")], check=True)


for make in (frames, json_texts, games, banks, txt, datagrams, http, clock_times, xlsx, pictures, uploads, dbus):
    make()
