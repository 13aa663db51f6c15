"""A save interrupted by SIGKILL leaves the previous quiz loadable (issue 25; docs/TRIVIA.md, "Your
own quizzes"): a real host holds a quiz of 1,000 questions and three pictures; a new revision is
saved and the host is killed (SIGKILL) at each point of the save: while the body arrives, with the
store's temporary file just made (empty), with it written and flushed but not yet renamed, and
just after the rename that puts it in place. Killed at the point chosen, not at a lucky moment:
strace, attached to the running host, holds one kind of system call back (fchmod, which follows
the temporary file's creation, or rename, before or after it runs) for a minute, and the test
kills the host once the disk shows that point. Started again on the same state directory, the
host has the quiz whole, as the old revision or, once renamed, the new one, never a mix; the
temporary files are swept; every picture the quiz names is there and served, and no other is
kept. The same for a picture being added and for a quiz being created by an upload."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import threading
from pathlib import Path

import pytest

import bad_files as bad
from desk_support import Desk, unlock
from harness import wait_until

pytestmark = pytest.mark.skipif(shutil.which("strace") is None, reason="strace is missing (scripts/install-deps --test installs it)")

TEMPORARY = ".tmp-"
QUESTIONS = 1000


RENAME = "rename,renameat,renameat2"


class Held:
    """strace attached to a running host (every thread), holding each of the system `calls` back
    for a minute, before it runs (`when="enter"`) or after (`"exit"`); the other calls run as they
    would. A durable write is open (the temporary file), fchmod, write, fsync, close, rename
    (DurableFile.replace): holding fchmod holds it with its temporary file made and empty."""

    def __init__(self, host, calls: str, when: str, log: Path):
        self.process = subprocess.Popen(
            ["strace", "-f", "-qq", "-o", str(log), "-p", str(host.pid), "-e", f"trace={calls}",
             "-e", f"inject={calls}:delay_{when}=60s"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        tasks = Path(f"/proc/{host.pid}/task")
        attached = wait_until(lambda: all(tracer(task) == self.process.pid for task in tasks.iterdir()), 20, interval=0.02)
        assert attached, f"strace did not attach to every thread of the host: {self.stop()}"

    def stop(self) -> str:
        if self.process.poll() is None:
            self.process.kill()
        return self.process.communicate(timeout=10)[1].decode(errors="replace")


def tracer(task: Path) -> int:
    try:
        for line in (task / "status").read_text().splitlines():
            if line.startswith("TracerPid:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def temporaries(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob(TEMPORARY + "*"))


def envelope(path: Path) -> dict | None:
    """A quiz.json (or a temporary one) as JSON; None while it is not whole."""
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None


def kill(host, held: Held | None = None) -> None:
    """SIGKILL, and the host is gone. A traced host's thread held by strace gets it pending and
    stays stopped until strace goes (killed after it, never before: a call held back would run);
    then it dies without running the call, and the host's exit reaches the test."""
    os.kill(host.pid, signal.SIGKILL)
    if held is not None:
        held.stop()
    assert host.wait_exit(10) == -signal.SIGKILL, host.describe()


def in_background(call) -> threading.Thread:
    """A request whose answer never comes (the host dies meanwhile)."""
    def run():
        try:
            call()
        except OSError:
            pass
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def texts(document: dict) -> list[tuple[str, str | None]]:
    return [(q["question"], q.get("picture")) for q in document["questions"]]


class Library:
    """The host's state directory and what the test knows it holds."""

    def __init__(self, start_host, state: Path):
        self.start_host = start_host
        self.state = state
        self.folder = state / "quizzes"

    def start(self):
        host = self.start_host("--game", "trivia", "--state-dir", str(self.state), web=True)
        return host, Desk(host, unlock(host))


def test_a_save_killed_at_any_point_leaves_the_quiz_whole(start_host, tmp_path):
    library = Library(start_host, tmp_path / "state")
    host, desk = library.start()
    made = desk.upload("Big quiz.json", bad.snap_json(bad.questions_json(QUESTIONS, filler=150)))
    assert made.status == 201, made
    quiz = made.json()["id"]
    pictures = {}
    for _ in range(3):
        data = bad.png(padding=500_000)
        answer = desk.call("POST", f"quizzes/{quiz}/pictures", data)
        assert answer.status == 201, answer
        pictures[answer.json()["hash"]] = data
    first, second, third = pictures
    document = bad.questions_json(QUESTIONS, tag=" (revision 2)", pictures=[first, second], filler=150)
    saved = desk.call("PUT", f"quizzes/{quiz}", bad.snap_json({"title": "Big quiz", "document": document}), {"If-Match": '"1"'})
    assert saved.status == 200, saved
    assert saved.json()["bytes"] > 3 * 500_000 + 500_000
    host.stop()
    stored = {"revision": 2, "document": document, "pictures": {first, second}}
    quiz_folder = library.folder / quiz

    def check_whole(host, desk, leftovers: int) -> None:
        """The quiz as stored: its revision, its questions, its pictures served and no others kept."""
        assert [q["title"] for q in desk.quizzes()] == ["Built-in questions", "Big quiz"]
        loaded = desk.call("GET", f"quizzes/{quiz}")
        assert loaded.status == 200, loaded
        body = loaded.json()
        assert body["quiz"]["revision"] == stored["revision"]
        assert texts(body["document"]) == texts(stored["document"]), "a quiz neither old nor new"
        assert {url.rsplit("/", 1)[1] for url in body["pictures"]} == stored["pictures"]
        for hash_ in stored["pictures"]:
            served = desk.fetch("GET", f"/games/trivia/files/pictures/{quiz}/{hash_}")
            assert served.status == 200 and served.body == pictures[hash_]
        on_disk = {path.name.split(".")[0] for path in (quiz_folder / "pictures").iterdir()}
        assert on_disk == stored["pictures"], "pictures no revision uses are swept"
        assert temporaries(library.folder) == []
        swept = host.wait_stderr(r"quiz library: removed leftovers of interrupted writes", 0.1)
        if leftovers:
            assert swept and f"count={leftovers}" in swept.string, host.stderr_text[-2000:]
        else:
            assert swept is None, swept.string

    # Each point: what is under way, the calls strace holds and when, what the disk shows then.
    points = [
        ("the body arrives", None, None, None),
        ("the temporary file is made, empty", "fchmod", "enter",
         lambda: [p for p in temporaries(quiz_folder) if p.stat().st_size == 0]),
        ("the temporary file is written and flushed", RENAME, "enter",
         lambda: [p for p in temporaries(quiz_folder) if (envelope(p) or {}).get("revision") == stored["revision"] + 1]),
        ("quiz.json is renamed into place", RENAME, "exit",
         lambda: (envelope(quiz_folder / "quiz.json") or {}).get("revision") == stored["revision"] + 1),
    ]
    for number, (point, calls, when, shown) in enumerate(points):
        host, desk = library.start()
        # The new revision keeps one picture and takes the one the stored revision lacks (added
        # now: an unused picture is swept at each start).
        dropped = (stored["pictures"] - {first}).pop()
        taken = ({second, third} - stored["pictures"]).pop()
        added = desk.call("POST", f"quizzes/{quiz}/pictures", pictures[taken])
        assert added.status == 201, added
        revision = stored["revision"] + 1
        new = bad.questions_json(QUESTIONS, tag=f" (revision {revision})", pictures=[first, taken], filler=150)
        body = bad.snap_json({"title": "Big quiz", "document": new})
        if when is None:
            head = (f"PUT /host/api/quizzes/{quiz} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {desk.token}\r\n"
                    f"If-Match: \"{stored['revision']}\"\r\nContent-Length: {len(body)}\r\n\r\n").encode()
            with socket.create_connection(("127.0.0.1", host.web_port), timeout=10) as sock:
                sock.sendall(head + body[: len(body) // 2])
                kill(host)
        else:
            held = Held(host, calls, when, tmp_path / f"strace-{number}.log")
            try:
                in_background(lambda: desk.call("PUT", f"quizzes/{quiz}", body, {"If-Match": f'"{stored["revision"]}"'}, timeout=120))
                assert wait_until(shown, 30, interval=0.002), f"{point}: not seen on the disk\n{held.stop()}"
                kill(host, held)
            finally:
                held.stop()
        renamed = (envelope(quiz_folder / "quiz.json") or {}).get("revision") == revision
        left = len(temporaries(library.folder))
        assert renamed == (when == "exit"), point
        assert (left > 0) == (when == "enter"), (point, temporaries(library.folder))
        if renamed:  # killed before the picture the old revision alone used was removed: the next start sweeps it
            assert any(path.name.startswith(dropped) for path in (quiz_folder / "pictures").iterdir())
            stored = {"revision": revision, "document": new, "pictures": {first, taken}}

        host, desk = library.start()
        check_whole(host, desk, left)
        host.stop()

    # A picture being added, and a quiz being created by an upload: killed with their temporary
    # file (folder) in place, neither is there after the restart, and the quiz is as it was.
    for what, start in (("picture", lambda d: d.call("POST", f"quizzes/{quiz}/pictures", bad.png(padding=300_000))),
                        ("upload", lambda d: d.upload("Another quiz.csv", bad.csv_bank(50)))):
        host, desk = library.start()
        held = Held(host, RENAME, "enter", tmp_path / f"strace-{what}.log")
        try:
            in_background(lambda start=start, desk=desk: start(desk))
            assert wait_until(lambda: temporaries(library.folder), 30, interval=0.002), f"{what}: no temporary\n{held.stop()}"
            kill(host, held)
        finally:
            held.stop()
        left = len([p for p in library.folder.iterdir() if p.name.startswith(TEMPORARY)]) + len(temporaries(quiz_folder))
        host, desk = library.start()
        check_whole(host, desk, left)
        host.stop()
