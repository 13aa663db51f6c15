"""`serve` on a terminal prints where phones join and its QR code in Unicode half blocks; the
code, read off the terminal's screen as a person's phone would read it, is that address."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from harness import snap_host_binary
from test_trivia_tmux import Tmux
from web_support import decode_qr

BLOCKS = {"\u2588": (0, 0), "\u2580": (0, 1), "\u2584": (1, 0), " ": (1, 1)}  # (upper, lower): 1 = dark


def half_blocks_to_pbm(lines: list[str], path, scale: int = 6, border: int = 4) -> None:
    """The code as a black-and-white image: each character is two modules, one above the other;
    what is drawn is light (the terminal's background is the dark modules)."""
    rows: list[list[int]] = []
    for line in lines:
        pairs = [BLOCKS[ch] for ch in line]
        rows.append([upper for upper, _ in pairs])
        rows.append([lower for _, lower in pairs])
    width = len(rows[0])
    rows = [[0] * width] * border + rows + [[0] * width] * border
    rows = [[0] * border + row + [0] * border for row in rows]
    pixels = [[bit for bit in row for _ in range(scale)] for row in rows for _ in range(scale)]
    with open(path, "w") as image:
        image.write(f"P1\n{len(pixels[0])} {len(pixels)}\n")
        for row in pixels:
            image.write(" ".join(map(str, row)) + "\n")


def test_serve_on_a_terminal_prints_a_qr_code_of_the_join_address(tmp_path):
    if shutil.which("tmux") is None:
        pytest.fail("tmux is not installed (scripts/install-deps --test installs it)")
    tmux = Tmux()
    try:
        tmux.run("new-session", "-d", "-s", "player", "-x", "120", "-y", "60",
                 f"{snap_host_binary()} serve --host 127.0.0.1 --port 0 --web-port 0 --no-dnssd --no-bluetooth --join-code tea-time")
        match = tmux.wait_screen(r"^join at (\S+) ", 15)
        assert match, tmux.screen()
        url = match.group(1)
        screen = tmux.screen().splitlines()
        start = next(i for i, line in enumerate(screen) if line.startswith("join at ")) + 1
        code = []
        for line in screen[start:]:
            if not line.strip() or not set(line.rstrip()) <= set(BLOCKS):
                break
            code.append(line)
        width = max(len(line) for line in code)
        code = [line.ljust(width, "\u2588") for line in code]  # tmux trims trailing spaces; the quiet zone is light
        assert len(code) >= 12, "\n".join(screen)
        image = tmp_path / "terminal-qr.pbm"
        half_blocks_to_pbm(code, image)
        assert decode_qr(image) == [url + "#code=tea-time"], "\n".join(code)
    finally:
        tmux.kill()
