"""Driving the host's pages as a person would: Debian's chromium through chromedriver (selenium),
clicks and typing, text read from the page, screenshots. See docs/WEB.md."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SCREENS = Path(__file__).resolve().parents[2] / "docs" / "screens"

PHONE = (390, 844)
TV = (1920, 1080)


def available() -> str | None:
    """Why the browser tests cannot run here, or None."""
    for path in (CHROMIUM, CHROMEDRIVER):
        if not Path(path).exists():
            return f"{path} is missing (scripts/install-deps --test installs chromium and chromium-driver)"
    return None


class Page:
    """One browser window showing one page, sized like the device it stands for."""

    def __init__(self, url: str, size: tuple[int, int] = PHONE, mobile: bool = True, script: str | None = None):
        """`script`: JavaScript run in the page before its own (to watch its WebSocket, say)."""
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})  # the console, CSP reports included: browser_log()
        for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                    f"--window-size={size[0]},{size[1]}", "--hide-scrollbars"):
            options.add_argument(arg)
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": mobile})
        if script:
            self.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        self.driver.get(url)

    def close(self) -> None:
        try:
            self.driver.quit()
        except Exception:
            pass

    # ---- reading ----

    # A game's views come and go (its page module draws them): an element not there reads as
    # empty and hidden.

    def text(self, element_id: str) -> str:
        try:
            return self.driver.find_element(By.ID, element_id).text
        except (NoSuchElementException, StaleElementReferenceException):
            return ""

    def visible(self, element_id: str) -> bool:
        try:
            return self.driver.find_element(By.ID, element_id).is_displayed()
        except (NoSuchElementException, StaleElementReferenceException):
            return False

    def wait(self, condition, timeout: float, what: str):
        """Polls `condition()` until it is truthy; fails with `what` and the page's text."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                value = condition()
            except (NoSuchElementException, StaleElementReferenceException):  # not drawn yet, or redrawn
                value = None
            if value:
                return value
            time.sleep(0.05)
        body = self.driver.find_element(By.TAG_NAME, "body").text
        raise AssertionError(f"timed out after {timeout} s waiting for {what}; the page shows:\n{body}")

    def wait_visible(self, element_id: str, timeout: float) -> None:
        self.wait(lambda: self.visible(element_id), timeout, f"#{element_id} to show")

    def scrolls(self) -> bool:
        """Whether the page is taller or wider than the window (a person would have to scroll)."""
        return bool(self.driver.execute_script(
            "var e = document.documentElement;"
            "return e.scrollHeight > innerHeight + 1 || e.scrollWidth > innerWidth + 1;"))

    def small_targets(self, selector: str, minimum: int = 44) -> list[str]:
        """Visible elements matching `selector` smaller than `minimum` CSS pixels either way."""
        return self.driver.execute_script(
            "return Array.from(document.querySelectorAll(arguments[0]))"
            ".filter(function (e) { var r = e.getBoundingClientRect(); return r.width > 0 &&"
            " (r.width < arguments[1] || r.height < arguments[1]); })"
            ".map(function (e) { return e.id || e.textContent; });", selector, minimum)

    def browser_log(self) -> list[dict]:
        """The browser's console entries since the last call (each once): level, message, source."""
        return self.driver.get_log("browser")

    # ---- acting ----

    def type_into(self, element_id: str, text: str) -> None:
        field = self.driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(text)

    def click(self, element_id: str) -> None:
        self.driver.find_element(By.ID, element_id).click()

    def click_css(self, selector: str, index: int = 0) -> bool:
        elements = self.driver.find_elements(By.CSS_SELECTOR, selector)
        if len(elements) <= index:
            return False
        try:
            elements[index].click()
            return True
        except Exception:
            return False

    def join(self, name: str) -> None:
        self.wait_visible("join-view", 10)
        self.type_into("name", name)
        self.click("join")

    def screenshot(self, name: str) -> Path:
        SCREENS.mkdir(parents=True, exist_ok=True)
        path = SCREENS / f"{name}.png"
        self.driver.save_screenshot(str(path))
        return path

    def element_screenshot(self, element_id: str, path: Path) -> Path:
        self.driver.find_element(By.ID, element_id).screenshot(str(path))
        return path


def serious_a11y_violations(page: Page, what: str) -> list[str]:
    """axe-core's critical and serious violations on the page as it stands, one line each (pip's
    axe-selenium-python, which carries axe-core; scripts/install-deps --test installs it)."""
    import axe_selenium_python

    axe = axe_selenium_python.Axe(page.driver)
    axe.inject()
    results = axe.run()
    found = []
    for violation in results["violations"]:
        if violation.get("impact") in ("critical", "serious"):
            targets = [" ".join(node["target"]) for node in violation["nodes"]][:5]
            found.append(f"{what}: {violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found


def decode_qr(image: Path) -> list[str]:
    """The texts of the QR codes zbarimg finds in `image`."""
    zbarimg = shutil.which("zbarimg")
    assert zbarimg, "zbarimg is missing (scripts/install-deps --test installs zbar-tools)"
    done = subprocess.run([zbarimg, "--quiet", "--raw", str(image)], capture_output=True, text=True, timeout=30)
    return [line for line in done.stdout.splitlines() if line]


def no_overlap(page: "Page", selector: str, scroller: str | None = None) -> list[str]:
    """Pairs of visible elements matching `selector` whose boxes overlap. Inside `scroller` (a
    scrolling box, if given) each box is clipped to what that box shows: a part scrolled out of
    sight cannot overlap anything."""
    return page.driver.execute_script(
        "var clip = arguments[1] ? document.querySelector(arguments[1]) : null, view = clip && clip.getBoundingClientRect();"
        "var boxes = Array.from(document.querySelectorAll(arguments[0])).map(function (e) {"
        " var r = e.getBoundingClientRect(), b = {left: r.left, right: r.right, top: r.top, bottom: r.bottom};"
        " if (clip && clip.contains(e)) { b.left = Math.max(b.left, view.left); b.right = Math.min(b.right, view.right);"
        "  b.top = Math.max(b.top, view.top); b.bottom = Math.min(b.bottom, view.bottom); }"
        " return [e, b]; })"
        ".filter(function (b) { return b[1].right - b[1].left > 0 && b[1].bottom - b[1].top > 0; }); var out = [];"
        "for (var i = 0; i < boxes.length; i++) for (var j = i + 1; j < boxes.length; j++) {"
        " var a = boxes[i][1], b = boxes[j][1];"
        " if (boxes[i][0].contains(boxes[j][0]) || boxes[j][0].contains(boxes[i][0])) continue;"
        " if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)"
        "  out.push((boxes[i][0].id || boxes[i][0].className) + ' / ' + (boxes[j][0].id || boxes[j][0].className)); }"
        "return out;", selector, scroller)
