"""Driving the host's pages in Gecko, Firefox's engine, as a person would (docs/WEB.md, "How it is
tested"): Debian's `firefox-esr`, headless, through its own Marionette protocol with Mozilla's
Python client (pip's `marionette-driver`). Debian 12 has no geckodriver, and building it (cargo)
would cost CI minutes and a Rust toolchain; the client does all the tests need: windows, clicks,
typing, text, screenshots, and the browser's own chrome to size a viewport.

Without the client a module that imports this one is still collected, and skips (`missing()`)."""

from __future__ import annotations

import gc
import struct
import time
import warnings
import zlib
from pathlib import Path

try:
    with warnings.catch_warnings():  # the client's own imports use what Python 3.13 drops (telnetlib, distro's old API)
        warnings.simplefilter("ignore", DeprecationWarning)
        from marionette_driver.by import By
        from marionette_driver.errors import MarionetteException
        from marionette_driver.marionette import Marionette
except ImportError:  # missing() says so, and the tests skip
    Marionette = None

FIREFOX = Path("/usr/bin/firefox-esr")


def missing() -> str | None:
    """Why the Gecko tests cannot run here, or None."""
    if not FIREFOX.exists():
        return f"{FIREFOX} is missing (scripts/install-deps --test installs firefox-esr)"
    if Marionette is None:
        return "marionette_driver is missing (scripts/install-deps --test installs pip's marionette-driver)"
    return None


class Firefox:
    """One headless Firefox (a profile of its own, Marionette on a free port): the pages'
    windows, and its log, where it prints what its pages threw (`JavaScript error: URL, line N:
    …`) and their console (`devtools.console.stdout.content`)."""

    def __init__(self, workspace: Path):
        self.log = workspace / "gecko.log"
        self.marionette = Marionette(bin=str(FIREFOX), port=0, headless=True, workspace=str(workspace),
                                     gecko_log=str(self.log), startup_timeout=60,
                                     prefs={"devtools.console.stdout.content": True, "devtools.console.stdout.chrome": False})
        try:
            self.marionette.start_session()
        except Exception:
            self.close()  # the browser, started, goes with the failed session
            raise

    def printed(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def close(self) -> None:
        self.marionette.cleanup()
        # The client's cleanup leaves a fresh empty profile behind, removed when collected: now,
        # not at the interpreter's exit (where its removal fails).
        self.marionette = None
        gc.collect()


class Pages:
    """Opens pages in the module's Firefox for one test; `errors()`: what the host's pages threw
    (uncaught, rejected) since the test began, as Firefox printed it."""

    def __init__(self, firefox: Firefox):
        self.firefox = firefox
        self.opened: list[GeckoPage] = []
        self.start = len(firefox.printed())

    def __call__(self, url: str, size: tuple[int, int]) -> GeckoPage:
        page = GeckoPage(self.firefox.marionette, url, size)
        self.opened.append(page)
        return page

    def errors(self) -> list[str]:
        lines = self.firefox.printed()[self.start:].splitlines()
        return [line for line in lines if line.startswith("JavaScript error: http://127.0.0.1")]

    def close(self) -> None:
        for page in self.opened:
            page.close()
        browser = self.firefox.marionette
        browser.switch_to_window(browser.window_handles[0])


class GeckoPage:
    """One Firefox window on one page, its viewport sized like the device it stands for."""

    def __init__(self, browser, url: str, size: tuple[int, int]):
        self.browser = browser
        self.handle = browser.open(type="window")["handle"]
        self.select()
        self.resize(size)
        browser.navigate(url)

    def select(self) -> None:
        """Makes this window the one the commands go to (one Marionette session drives them all)."""
        if self.browser.current_window_handle != self.handle:
            self.browser.switch_to_window(self.handle, focus=False)

    def resize(self, size: tuple[int, int]) -> None:
        """The viewport gets `size` CSS pixels: headless Firefox keeps a window at least 500 px
        wide, so the window is made big enough and the tab's <browser> element (the viewport in
        the browser's own chrome) is given the size."""
        width, height = size
        self.browser.set_window_rect(width=max(width, 500) + 16, height=height + 200)
        with self.browser.using_context("chrome"):
            self.browser.execute_script(
                "var browser = gBrowser.selectedBrowser;"
                "browser.style.setProperty('width', arguments[0] + 'px');"
                "browser.style.setProperty('height', arguments[1] + 'px');", script_args=[width, height])
        deadline = time.monotonic() + 10  # the content's process hears of its new size a moment later
        while (inner := self.browser.execute_script("return [innerWidth, innerHeight];")) != [width, height]:
            assert time.monotonic() < deadline, f"Gecko: the viewport stays {inner}, not {size}"
            time.sleep(0.05)

    def elements(self, css: str):
        self.select()
        return self.browser.find_elements(By.CSS_SELECTOR, css)

    def element(self, element_id: str):
        found = self.elements("#" + element_id)
        return found[0] if found else None

    # A game's views come and go (its page module draws them): an element not there, or redrawn
    # while read, reads as empty and hidden.

    def text(self, element_id: str) -> str:
        try:
            element = self.element(element_id)
            return element.text if element else ""
        except MarionetteException:
            return ""

    def visible(self, element_id: str) -> bool:
        try:
            element = self.element(element_id)
            return bool(element and element.is_displayed())
        except MarionetteException:
            return False

    def value(self, css: str) -> str:
        found = self.elements(css)
        return found[0].get_property("value") if found else ""

    def click(self, element_id: str) -> None:
        self.element(element_id).click()

    def type_into(self, css: str, text: str) -> None:
        field = self.elements(css)[0]
        field.clear()
        field.send_keys(text)

    def script(self, source: str, *args):
        self.select()
        return self.browser.execute_script(source, script_args=list(args))

    def wait(self, condition, timeout: float, what: str):
        """Polls `condition()` until it is truthy; fails with `what` and the page's text."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = condition()
            except MarionetteException:  # not drawn yet, or redrawn
                value = None
            if value:
                return value
            time.sleep(0.05)
        body = self.script("return document.body ? document.body.innerText : document.title;")
        raise AssertionError(f"Gecko: timed out after {timeout} s waiting for {what}; the page shows:\n{body}")

    def wait_visible(self, element_id: str, timeout: float) -> None:
        self.wait(lambda: self.visible(element_id), timeout, f"#{element_id} to show")

    def scrolls(self) -> bool:
        """Whether the page is taller or wider than the viewport (a person would have to scroll)."""
        return bool(self.script("var e = document.documentElement;"
                                "return e.scrollHeight > innerHeight + 1 || e.scrollWidth > innerWidth + 1;"))

    def screenshot(self, path: Path) -> bytes:
        """The viewport as the device would show it (a PNG), written to `path` too."""
        self.select()
        png = self.browser.screenshot(format="binary", full=False)
        path.write_bytes(png)
        return png

    def reload(self) -> None:
        """As the browser's reload button does; returns once the page has loaded."""
        self.select()
        self.browser.refresh()

    def close(self) -> None:
        try:
            self.select()
            self.browser.close()
        except Exception:
            pass


def png_pixels(png: bytes) -> tuple[int, list[bytes]]:
    """A screenshot's pixels (Firefox writes 8-bit RGB or RGBA PNGs): bytes per pixel and the
    rows, unfiltered."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    at, data, width, height, kind = 8, b"", 0, 0, 0
    while at < len(png):
        length, chunk = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if chunk == b"IHDR":
            width, height, depth, kind, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and kind in (2, 6) and interlace == 0, (depth, kind, interlace)
        elif chunk == b"IDAT":
            data += body
        at += 12 + length
    step = 4 if kind == 6 else 3
    raw, stride, rows, previous = zlib.decompress(data), width * step, [], bytes(width * step)
    for y in range(height):
        kind_of_filter, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for x in range(stride):
            left = line[x - step] if x >= step else 0
            up, corner = previous[x], previous[x - step] if x >= step else 0
            if kind_of_filter == 1:
                line[x] = (line[x] + left) & 255
            elif kind_of_filter == 2:
                line[x] = (line[x] + up) & 255
            elif kind_of_filter == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind_of_filter == 4:
                guess = left + up - corner
                nearest = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))[2]
                line[x] = (line[x] + nearest) & 255
        rows.append(bytes(line))
        previous = line
    return step, rows
