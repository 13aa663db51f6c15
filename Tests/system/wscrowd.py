"""A crowd of phones without browsers, on one asyncio loop: each is a player over the host's
WebSocket (`/ws`, protocol version 1, as Sources/Web/Pages/link.mjs speaks it) that answers pings
and counts every message it receives by its type (and an `app` message from the host by its
body's `kind`), keeping the lobby statuses it was told. Hundreds of them cost one thread.

    crowd = Crowd("127.0.0.1", web_port)
    players = await crowd.join([f"P{i}" for i in range(300)], timeout=60)
    await crowd.each(players, lambda p: p.last_lobby_players() == 300, 30, "the lobby's status with 300")
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import struct
import time
from collections import Counter
from typing import Callable

from wsplayer import client_frame, now_us


class CrowdPlayer:
    """One phone: its link, what it was told (counted), and its lobby statuses in order."""

    def __init__(self, name: str):
        self.name = name
        self.id: int | None = None
        self.counts: Counter[str] = Counter()
        self.lobbies: list[dict] = []
        self.teams: list[int | None] = []  # trivia's team mode: each yourTeam's team, in order
        self.ended: str | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._task: asyncio.Task | None = None
        self._answered = asyncio.Event()  # welcomed, denied, or the link ended
        self._change = asyncio.Event()  # set at every message and at the link's end
        self.welcomed_at: float | None = None  # time.monotonic() of the welcome
        self.lobby_times: list[float] = []  # time.monotonic() of each lobby status

    @property
    def welcomed(self) -> bool:
        return self.id is not None

    def lobby_count(self) -> int:
        """How many lobby statuses it was told."""
        return len(self.lobbies)

    def last_lobby_players(self) -> int | None:
        """The player count of the newest lobby status it was told."""
        return self.lobbies[-1]["players"] if self.lobbies else None

    async def connect(self, host: str, port: int) -> None:
        reader, writer = await asyncio.open_connection(host, port)
        self._writer = writer
        key = base64.b64encode(os.urandom(16)).decode()
        writer.write((f"GET /ws HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                      f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = await reader.readuntil(b"\r\n\r\n")
        if not head.startswith(b"HTTP/1.1 101"):
            status = head.split(b"\r\n", 1)[0].decode()
            raise ConnectionError(f"{self.name}: {status}")
        self._task = asyncio.create_task(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while True:
                first, second = await reader.readexactly(2)
                length = second & 0x7F
                if length == 126:
                    length = struct.unpack("!H", await reader.readexactly(2))[0]
                elif length == 127:
                    length = struct.unpack("!Q", await reader.readexactly(8))[0]
                payload = await reader.readexactly(length)
                opcode = first & 0x0F
                if opcode == 8:
                    self.ended = "closed"
                    return
                if opcode == 9:
                    self._send(0xA, payload)
                elif opcode == 1:
                    self._heard(json.loads(payload), now_us())
        except (asyncio.IncompleteReadError, ConnectionError) as error:
            self.ended = f"link ended: {error!r}"
        finally:
            self._answered.set()
            self._change.set()

    def _heard(self, message: dict, received: int) -> None:
        kind = message.get("type")
        if kind == "app" and message.get("from") == 0:
            body = message.get("body", {})
            self.counts[f"app.{body.get('kind')}"] += 1
            if body.get("kind") == "lobby":
                self.lobbies.append(body)
                self.lobby_times.append(time.monotonic())
            elif body.get("kind") == "yourTeam":
                self.teams.append(body.get("team"))
        else:
            self.counts[kind] += 1
        if kind == "serverHello":
            self.send({"type": "clientHello", "version": 1, "name": self.name})
        elif kind == "welcome":
            self.id = message["you"]["id"]
            self.welcomed_at = time.monotonic()
            self._answered.set()
        elif kind == "ping":
            self.send({"type": "pong", "seq": message["seq"], "sent": message["sent"], "received": received, "replied": now_us()})
        elif kind in ("deny", "bye"):
            self.ended = f"{kind}: {message.get('reason')}"
            self._answered.set()
        self._change.set()

    def _send(self, opcode: int, payload: bytes) -> None:
        if self._writer is None or self._writer.is_closing():
            return
        self._writer.write(client_frame(opcode, payload))

    def send(self, message: dict) -> None:
        self._send(1, json.dumps(message, separators=(",", ":")).encode())

    async def until(self, condition: Callable[["CrowdPlayer"], bool], timeout: float, what: str) -> None:
        """Returns once `condition(self)` holds (checked at each of its messages); fails at the
        deadline, or if its link ends first."""
        deadline = time.monotonic() + timeout
        while not condition(self):
            if self.ended:
                raise AssertionError(f"waiting for {what}: {self.name}'s {self.ended}")
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"{self.name}: no {what} within {timeout} s (its counts: {dict(self.counts)})")
            self._change.clear()
            try:
                await asyncio.wait_for(self._change.wait(), remaining)
            except TimeoutError:
                pass

    async def welcome(self) -> None:
        """Awaits the host's answer to the hello; fails unless it was a welcome."""
        await self._answered.wait()
        if not self.welcomed:
            raise AssertionError(f"{self.name} was not admitted: {self.ended}")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._writer is not None:
            self._writer.close()


class Crowd:
    """Players on one loop."""

    def __init__(self, host: str, port: int):
        self.host = host
        self.port = port
        self.players: list[CrowdPlayer] = []

    async def each(self, players: list[CrowdPlayer], condition: Callable[[CrowdPlayer], bool], timeout: float,
                   what: str) -> None:
        """Returns once `condition(player)` holds for every one of `players`; fails at the deadline."""
        await asyncio.gather(*(player.until(condition, timeout, what) for player in players))

    async def join(self, names: list[str], timeout: float, at_once: int = 50) -> list[CrowdPlayer]:
        """Connects these players (`at_once` handshakes at a time) and awaits every welcome."""
        joining = [CrowdPlayer(name) for name in names]
        self.players.extend(joining)
        gate = asyncio.Semaphore(at_once)

        async def connect(player: CrowdPlayer) -> None:
            async with gate:
                await player.connect(self.host, self.port)
                await player.welcome()

        await asyncio.wait_for(asyncio.gather(*(connect(p) for p in joining)), timeout)
        return joining

    async def close(self) -> None:
        for player in self.players:
            await player.close()
