"""Join churn: players join while others vanish (connections reset without a bye). Every joiner's
first frame after its clientHello must be its welcome (or a deny), the host must survive, and at
the end every slot is free again.

This reproduces a real bug: the host told the others about a new player by writing inline on the
event loop; a write to a player that had just vanished closed it inline, and its `left` went to the
new player before the welcome (a protocolError for the client, and a crash of the host in the
same race). Before the fix this test saw thousands of such frames in 10 s; the soak had seen one
join in 2,000 fail."""

from __future__ import annotations

import socket
import struct
import threading
import time

from harness import HostProcess, snap_host_binary
from snapclient import RawConnection

JOINS = 1500  # the churn runs until this many joins were answered (about 10 s on an idle machine)
SECONDS = 90.0  # or until this long has passed: a loaded machine joins more slowly
WORKERS = 8
CAPACITY = 40


def churn(port: int, worker: int, deadline: float, tally: dict, bad: list, lock: threading.Lock) -> None:
    held: list[RawConnection] = []
    joins = 0
    while time.monotonic() < deadline:
        with lock:
            if sum(tally.values()) + len(bad) >= JOINS:
                break
        joins += 1
        try:
            connection = RawConnection("127.0.0.1", port)
            connection.send_message({"type": "clientHello", "version": 1, "name": f"w{worker}n{joins}"})
            first = connection.recv_message(5.0)
        except (OSError, TimeoutError) as error:
            with lock:
                tally["errors"] += 1
                bad.append(f"worker {worker} join {joins}: {error!r}")
            continue
        kind = None if first is None else first.get("type")
        with lock:
            if kind == "welcome":
                tally["welcomed"] += 1
            elif kind == "deny":
                tally["denied"] += 1
            else:
                bad.append(f"worker {worker} join {joins}: first frame {first!r}")
        # Vanish without a bye: RST on close. Keep up to two alive so joins see others vanish.
        connection.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        held.append(connection)
        if len(held) > joins % 3:
            held.pop(0).sock.close()
    for connection in held:
        connection.sock.close()


def test_every_joiner_gets_its_welcome_first_while_others_vanish():
    host = HostProcess(snap_host_binary(), "--max-players", str(CAPACITY))
    tally = {"welcomed": 0, "denied": 0, "errors": 0}
    bad: list[str] = []
    lock = threading.Lock()
    try:
        deadline = time.monotonic() + SECONDS
        workers = [threading.Thread(target=churn, args=(host.port, n, deadline, tally, bad, lock)) for n in range(WORKERS)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert host.running, f"the host died under join churn\n{host.describe()}"
        assert not bad, f"{len(bad)} of {sum(tally.values())} joins went wrong ({tally}); first: {bad[:3]}"
        assert tally["welcomed"] > 1000, f"too few joins within {SECONDS:.0f} s to say anything: {tally}"
        assert host.wait_players(0, 5), f"slots still held after everyone vanished\n{host.describe()}"
        print(tally)
    finally:
        code = host.stop()
    assert code == 0, host.describe()
