"""Resume (docs/PROTOCOL.md, "Version 2"): a `join` killed with SIGKILL mid-game and started again
within the grace period takes its seat back, with its name, id and score (trivia) or its cards
(Snap!); meanwhile the others see it reconnecting; after the grace period the seat is free again."""

from __future__ import annotations

import json
import re
import signal
import socket
import threading

from test_snap import TABLE, start_snap_host
from trivia_support import Proc, finals, results, start_host, start_join, snap_host_binary, LOOPBACK

BANK = {"questions": [
    {"question": f"Is {n} even?", "answers": [{"text": "yes", "correct": n % 2 == 0}, {"text": "no", "correct": n % 2 == 1}]}
    for n in range(1, 21)
]}


def two_answer_bank(tmp_path):
    path = tmp_path / "bank.json"
    path.write_text(json.dumps(BANK))
    return path


def connected_id(join: Proc, name: str, timeout: float = 10) -> int:
    match = join.wait_line(rf"^connected to .* as {name} \(id (\d+)\)$", timeout)
    assert match, join.describe()
    return int(match.group(1))


def test_a_killed_join_started_again_keeps_its_name_id_and_score(tmp_path):
    host, port = start_host("--questions", str(two_answer_bank(tmp_path)), "--mode", "timed", "--rounds", "14",
                            "--question-time", "1.5", "--result-time", "0.3", "--start-after", "1")
    ann = bob = bob_again = None
    try:
        ann = start_join(port, "Ann")
        bob = start_join(port, "Bob")
        bob_id = connected_id(bob, "Bob")
        # Wait until Bob has scored (half the answers are right), so that a lost score would show.
        assert host.wait_line(r"^result [1-9]/14 .*\| scored: .*\bBob\b", 40), host.describe()
        scored_before = sum(1 for r in results(host.stdout()) if "Bob" in r["scored"])
        bob.send_signal(signal.SIGKILL)
        bob.wait_exit(5)
        assert host.wait_line(r"^Bob is reconnecting…$", 10), host.describe()
        assert ann.wait_line(r"^Bob is reconnecting…$", 10), ann.describe()
        bob_again = start_join(port, "Bob")
        assert connected_id(bob_again, "Bob") == bob_id, "the same seat"
        assert bob_again.wait_line(r"^resumed: ", 5), bob_again.describe()
        assert host.wait_line(r"^Bob is back$", 10), host.describe()
        assert host.wait_line(r"^final: 2\. ", 60), host.describe()
        lines = host.stdout()
        scored = sum(1 for r in results(lines) if "Bob" in r["scored"])
        assert scored >= scored_before >= 1
        assert finals(lines).get("Bob") == scored, host.describe() + bob_again.describe()
        assert not any(re.match(r"^left: Bob", line) for line in lines), "Bob never left"
    finally:
        for proc in (ann, bob, bob_again, host):
            if proc:
                proc.stop()


def test_a_join_back_just_after_the_game_ended_is_shown_the_standings(tmp_path):
    # Bob's link drops mid-game and he is back only after the game over he never heard: he is
    # told the standings (and `--once` exits on them) instead of waiting for ever in the lobby.
    host, port = start_host("--questions", str(two_answer_bank(tmp_path)), "--mode", "timed", "--rounds", "2",
                            "--question-time", "1.5", "--result-time", "0.3", "--start-after", "1")
    ann = bob = bob_again = None
    try:
        ann = start_join(port, "Ann")
        bob = start_join(port, "Bob", "--once")
        bob_id = connected_id(bob, "Bob")
        assert host.wait_line(r"^question 1/2\b", 20), host.describe()
        bob.send_signal(signal.SIGKILL)
        bob.wait_exit(5)
        assert host.wait_line(r"^Bob is reconnecting…$", 10), host.describe()
        assert host.wait_line(r"^final: 2\. ", 20), host.describe()
        standings = finals(host.stdout())
        bob_again = start_join(port, "Bob", "--once")
        assert connected_id(bob_again, "Bob") == bob_id, "the same seat"
        assert bob_again.wait_exit(10) == 0, bob_again.describe()
        assert finals(bob_again.stdout()) == standings, bob_again.describe()
        assert not any(line.startswith("question ") for line in bob_again.stdout()), "the missed game's end, not another game's"
        # Telling Bob again is no news to the room: the host shows the game's end once.
        assert host.wait_line(r"^Bob is back$", 5), host.describe()
        assert sum(line.startswith("game over: ") for line in host.stdout()) == 1, host.describe()
        assert finals(host.stdout()) == standings, host.describe()
    finally:
        for proc in (ann, bob, bob_again, host):
            if proc:
                proc.stop()


def test_a_join_back_mid_question_is_told_it_again_and_the_host_shows_it_once(tmp_path):
    # Nobody answers, so question 1 stays open while Bob is away and when he is back.
    host, port = start_host("--questions", str(two_answer_bank(tmp_path)), "--mode", "timed", "--rounds", "2",
                            "--question-time", "60", "--start-after", "1")
    ann = bob = bob_again = None
    try:
        ann = start_join(port, "Ann", bot=False)
        bob = start_join(port, "Bob", bot=False)
        bob_id = connected_id(bob, "Bob")
        assert host.wait_line(r"^question 1/2\b", 20), host.describe()
        assert bob.wait_line(r"^question 1/2\b", 10), bob.describe()
        bob.send_signal(signal.SIGKILL)
        bob.wait_exit(5)
        assert host.wait_line(r"^Bob is reconnecting…$", 10), host.describe()
        bob_again = start_join(port, "Bob", bot=False)
        assert connected_id(bob_again, "Bob") == bob_id, "the same seat"
        assert host.wait_line(r"^back: Bob plays on from question 1$", 10), host.describe()
        # Told again after the game so far: once Bob shows it, the host has done with the telling.
        assert bob_again.wait_line(r"^question 1/2\b", 10), bob_again.describe()
        assert ann.running and ann.wait_line(r"^Bob is back$", 10), ann.describe()
        asked = [line for line in host.stdout() if line.startswith("question ")]
        assert len(asked) == 1, "the host showed the question again:\n" + host.describe()
    finally:
        for proc in (ann, bob, bob_again, host):
            if proc:
                proc.stop()


def test_after_the_grace_period_the_seat_is_free_again():
    host, port = start_host("--resume-grace", "1", "--start-after", "600")
    bob = bob_again = None
    try:
        bob = start_join(port, "Bob")
        first_id = connected_id(bob, "Bob")
        bob.send_signal(signal.SIGKILL)
        bob.wait_exit(5)
        assert host.wait_line(r"^Bob is reconnecting…$", 10), host.describe()
        assert host.wait_line(rf"^left: Bob \(id {first_id}\) connectionDropped", 10), host.describe()
        bob_again = start_join(port, "Bob")
        assert connected_id(bob_again, "Bob") != first_id, "a new seat"
        assert not bob_again.wait_line(r"^resumed: ", 1), bob_again.describe()
    finally:
        for proc in (bob, bob_again, host):
            if proc:
                proc.stop()


def test_a_second_join_with_the_same_name_does_not_take_a_live_seat():
    host, port = start_host("--start-after", "600")
    first = second = None
    try:
        first = start_join(port, "Bob")
        connected_id(first, "Bob")
        second = start_join(port, "Bob")
        assert second.wait_line(r"^denied: nameTaken$", 10, stream="stderr"), second.describe()
        assert first.running, "the first Bob plays on"
    finally:
        for proc in (first, second, host):
            if proc:
                proc.stop()


def snap_cards(line: str, name: str) -> tuple[int, str] | None:
    """Bob's card count and status on a `table N: ...` line."""
    match = TABLE.match(line)
    if not match:
        return None
    seat = re.search(rf"\b{name} \S+ \((\d+)(?:, (\w+))?\)", match.group(1))
    return (int(seat.group(1)), seat.group(2) or "playing") if seat else None


def test_a_resumed_snap_player_keeps_its_cards():
    # Slow bots: the game lasts long enough to kill and restart one of them.
    slow = ("--bot", "--reaction-ms", "400", "--reaction-jitter-ms", "50", "--flip-ms", "300")
    host, port = start_snap_host("--start-when-full", "--max-players", "3", "--max-flips", "400")
    players = {}
    bob_again = None
    try:
        for name in ("Ann", "Bob", "Cy"):
            players[name] = Proc([str(snap_host_binary()), "join", f"{LOOPBACK}:{port}", "--player", name, *slow],
                                 f"join({name})")
        assert host.wait_line(r"^table \d+: .*\bBob \S+ \(\d+\)", 20), host.describe()
        bob_id = connected_id(players["Bob"], "Bob")
        assert host.wait_line(r"^flip: ", 20), host.describe()
        players["Bob"].send_signal(signal.SIGKILL)
        players["Bob"].wait_exit(5)
        assert host.wait_line(r"^away: Bob is reconnecting; their turns are skipped$", 10), host.describe()
        bob_again = Proc([str(snap_host_binary()), "join", f"{LOOPBACK}:{port}", "--player", "Bob", *slow], "join(Bob again)")
        assert connected_id(bob_again, "Bob") == bob_id
        assert bob_again.wait_line(r"^resumed: ", 5), bob_again.describe()
        assert host.wait_line(r"^back: Bob$", 10), host.describe()
        back = host.stdout().index("back: Bob")
        assert host.wait_stdout(r"^table \d+: ", 10, back + 1), host.describe()  # the table after the event
        lines = host.stdout()
        before = [snap_cards(line, "Bob") for line in lines[:back] if snap_cards(line, "Bob")]
        after = snap_cards(lines[back + 1], "Bob")
        assert before[-1][1] == "away" and before[-1][0] > 0, before[-1]
        assert after == (before[-1][0], "playing"), "the same cards, and playing again"
        # The resumed player sees its own cards on the table it is sent.
        assert bob_again.wait_line(rf"^table \d+: .*\bBob \S+ \({after[0]}\)", 10), bob_again.describe()
    finally:
        for proc in (*players.values(), bob_again, host):
            if proc:
                proc.stop()


class CuttableRelay:
    """A TCP relay to the host whose connections can be cut (both sockets closed, as a Wi-Fi
    blip or a NAT timeout would) while it goes on accepting new ones."""

    def __init__(self, port: int):
        self.target = port
        self.listener = socket.create_server((LOOPBACK, 0))
        self.port = self.listener.getsockname()[1]
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                inner, _ = self.listener.accept()
            except OSError:
                return
            outer = socket.create_connection((LOOPBACK, self.target))
            with self.lock:
                self.pairs.append((inner, outer))
            for a, b in ((inner, outer), (outer, inner)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass

    def cut(self) -> None:
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for pair in pairs:
            for sock in pair:
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()

    def close(self) -> None:
        self.cut()
        self.listener.close()


def test_a_join_whose_link_drops_reconnects_by_itself_to_its_seat():
    host, port = start_host("--start-after", "600")
    relay = CuttableRelay(port)
    bob = None
    try:
        bob = Proc([str(snap_host_binary()), "join", f"{LOOPBACK}:{relay.port}", "--player", "Bob", "--bot"], "join(Bob)")
        first_id = connected_id(bob, "Bob")
        relay.cut()
        assert bob.wait_line(r"^connection lost: reconnecting to keep your seat…$", 10, stream="stderr"), bob.describe()
        assert host.wait_line(r"^Bob is reconnecting…$", 10), host.describe()
        assert bob.wait_line(r"^resumed: ", 10), bob.describe()
        assert host.wait_line(r"^Bob is back$", 10), host.describe()
        assert bob.running, "the same join plays on"
        assert len([line for line in bob.stdout() if line.startswith(f"connected to ") and f"(id {first_id})" in line]) == 2
    finally:
        for proc in (bob, host):
            if proc:
                proc.stop()
        relay.close()
