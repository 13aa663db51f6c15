#!/usr/bin/env python3
"""Records the fixtures of the page modules' tests (Tests/js/fixtures/GAME.json) from a real host:
starts `snap-host serve --game GAME` with a bot, joins it as a phone over /ws (a player called
Ann who answers, flips, writes and votes, or stands still) and watches its TV feed (/screen/ws), and writes what each
heard, in order, to the end of the first game. Pong's 60 states a second are thinned to one in
20 (and every one around a point): the pages keep only the newest anyway.

    python3 Tests/js/record.py SNAP_HOST_BIN trivia|snap|pong|punchline
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "system"))
from wsplayer import WebSocket, now_us  # noqa: E402

HERE = Path(__file__).resolve().parent
ARGS = {
    "trivia": ["--bots", "2", "--rounds", "2", "--question-time", "2", "--result-time", "1", "--start-after", "1", "--max-players", "4"],
    "snap": ["--bots", "1", "--max-players", "2", "--max-flips", "12", "--seed", "7"],
    "pong": ["--bots", "1", "--points", "1"],
    "punchline": ["--bots", "2", "--max-players", "3", "--start-when-full"],
}


def thin(messages: list[dict]) -> list[dict]:
    """Pong's courts: one in 20, and the last before each other message."""
    out = []
    for n, m in enumerate(messages):
        court = m.get("type") == "state" or (m.get("type") == "app" and m.get("body", {}).get("kind") == "court")
        if court and n % 20 and not (n + 1 < len(messages) and messages[n + 1].get("type") not in ("state", "ping")):
            continue
        out.append(m)
    return out


def main() -> int:
    binary, game = sys.argv[1], sys.argv[2]
    host = subprocess.Popen([binary, "serve", "--game", game, "--name", "Living Room", "--port", "0", "--web-port", "0",
                             "--no-tls", "--no-dnssd", "--no-bluetooth", "--no-udp", *ARGS[game]],
                            stdout=subprocess.PIPE, stdin=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        port = None
        for line in host.stdout:
            if line.startswith("web on "):
                port = int(line.strip().rsplit(":", 1)[1])
                break
        screen_log: list[dict] = []
        done = threading.Event()

        def watch() -> None:
            screen = WebSocket("127.0.0.1", port, "/screen/ws")
            while not done.is_set():
                text = screen.receive()
                if text is None:
                    return
                m = json.loads(text)
                if m["type"] == "hello":
                    m["qr"] = "<svg/>"  # the QR code's SVG: long, and no page module reads it
                screen_log.append(m)
                if m["type"] == "sent" and m.get("to") == "all" and m["body"].get("kind") == "gameOver":
                    return

        watcher = threading.Thread(target=watch)
        watcher.start()
        time.sleep(0.3)  # the TV is open before anyone joins, as in a living room
        ws = WebSocket("127.0.0.1", port)
        player_log: list[dict] = []
        me = None
        ballot = None
        while True:
            text = ws.receive()
            if text is None:
                break
            received = now_us()
            m = json.loads(text)
            if m["type"] == "ping":
                ws.send({"type": "pong", "seq": m["seq"], "sent": m["sent"], "received": received, "replied": now_us()})
                continue
            player_log.append(m)
            if m["type"] == "serverHello":
                ws.send({"type": "clientHello", "version": max(v for v in m["versions"] if v <= 3), "name": "Ann"})
            elif m["type"] == "welcome":
                me = m["you"]
            elif m["type"] == "app":
                body = m["body"]
                if body.get("kind") == "question":
                    ws.send({"type": "app", "body": {"kind": "answer", "question": body["number"], "choice": 0, "pressedAt": now_us()}})
                elif body.get("kind") == "prompt":
                    ws.send({"type": "app", "body": {"kind": "answer", "round": body["round"], "text": f"Ann's answer {body['round']}"}})
                elif body.get("kind") == "ballot":
                    ballot = body
                elif body.get("kind") == "yours" and ballot:
                    letter = next(a["letter"] for a in ballot["answers"] if a["letter"] != body["letter"])
                    ws.send({"type": "app", "body": {"kind": "vote", "round": body["round"], "letter": letter}})
                elif body.get("kind") == "table" and body.get("turn") == me["id"]:
                    ws.send({"type": "app", "body": {"kind": "flip"}})
                elif body.get("kind") == "gameOver":
                    ws.send({"type": "bye", "reason": "userQuit"})
                    break
        watcher.join(timeout=10)
        done.set()
        path = HERE / "fixtures" / f"{game}.json"
        path.write_text(json.dumps({"me": me, "player": thin(player_log), "screen": thin(screen_log)}, indent=None, ensure_ascii=False)
                        .replace('}, {"', '},\n{"') + "\n")
        print(f"{path}: {len(player_log)} player messages, {len(screen_log)} screen messages")
        return 0
    finally:
        host.terminate()
        host.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
