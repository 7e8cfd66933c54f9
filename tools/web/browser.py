"""The page in a real headless browser: Debian's chromium and chromium-driver, driven by
Selenium (requirements.txt). For host_tests/tooling/test_web.py and `python -m tools.web
shot` (the README's picture and its time to the title).

    with Site() as site, Browser() as b:      # site: build/web served on a free port
        b.open(site.url + "?seed=3&scale=2")
        b.wait_started()
        b.key("ArrowDown"); b.wait_settled()
        b.canvas_frame(2)                      # the 128 x 160 RGB bytes the canvas shows

Nothing is downloaded: the browser and its driver are the system's (CHROMIUM,
CHROMEDRIVER), with the network features that would stall a closed network turned off.
"""
import base64
import os
import shutil
import tempfile
import threading
import time

from tools.web import site as website

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage")
W, H = 128, 160
# Seconds Browser() keeps trying to start the driver and the browser (a try that fails
# fast is tried again; one that hangs is ended by Selenium after about 30 s).
START_WITHIN = 150


def missing():
    """Why the browser cannot run here ('' if it can): what `make web-setup` installs."""
    for path, what in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not (os.path.isfile(path) and os.access(path, os.X_OK)):
            return "no %s (%s): make web-setup installs it" % (path, what)
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "no selenium (requirements.txt): make setup installs it"
    return ""


class Site:
    """The built site (build/web, built when `build` is true) served on 127.0.0.1, any
    free port, in a thread; .url ends in '/'."""

    def __init__(self, out=website.DEFAULT_OUT, build=True):
        self.out = out
        if build:
            website.build(out, log=None)
        self.httpd = website.server(out, port=0)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()


class Browser:
    """One headless Chromium with a fresh profile (its own localStorage), kept across
    reloads of the page until close()."""

    def __init__(self, width=600, height=1000, start_within=START_WITHIN):
        self.profile = None
        self.driver = self._start(width, height, start_within)
        self.driver.set_script_timeout(30)
        # The page's own size (the window's inside), whatever the window's edges take.
        self.driver.set_window_size(width, height)
        inner = self.driver.execute_script("return [innerWidth, innerHeight]")
        if inner != [width, height]:
            self.driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])

    def _start(self, width, height, start_within):
        """The driver, started again (a fresh profile each time) when the driver or the
        browser does not come up: on a loaded machine chromedriver may not answer within
        Selenium's 30 s, or Chromium not start in time. WebDriverException after
        `start_within` seconds of trying (each try of its own is bounded by Selenium)."""
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException
        from selenium.webdriver.chrome.service import Service
        os.environ.setdefault("SE_OFFLINE", "true")      # Selenium Manager: no downloads
        end = time.monotonic() + start_within
        tries = 0
        while True:
            tries += 1
            self.profile = tempfile.mkdtemp(prefix="svara-chromium-")
            opts = webdriver.ChromeOptions()
            opts.binary_location = CHROMIUM
            for flag in FLAGS:
                opts.add_argument(flag)
            opts.add_argument("--window-size=%d,%d" % (width, height))
            opts.add_argument("--user-data-dir=" + self.profile)
            opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
            try:
                return webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
            except WebDriverException:
                shutil.rmtree(self.profile, ignore_errors=True)
                if time.monotonic() + 2 * tries > end:
                    raise
            time.sleep(2 * tries)

    def open(self, url):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def state(self):
        return self.driver.execute_script("return window.svara || null")

    def wait(self, test, timeout=60, what="the page", fail_ok=False):
        end = time.monotonic() + timeout
        while True:
            s = self.state()
            if s and s.get("failed") and not fail_ok:
                raise AssertionError("the page failed: %s" % s["failed"])
            if s and test(s):
                return s
            if time.monotonic() > end:
                raise AssertionError("%s: timed out after %ds (state %r)" % (what, timeout, s))
            time.sleep(0.02)

    def wait_started(self, timeout=60):
        return self.wait(lambda s: s["started"] and s["shown"] > 0, timeout, "start")

    def wait_settled(self, timeout=60, quiet=3):
        """Until the game has no key waiting and `quiet` idle calls in a row changed
        nothing (as the simulator's settle: idle() until it reports no change)."""
        return self.wait(lambda s: s["quiet"] >= quiet, timeout, "settle")

    def key(self, name):
        """A PC key through the page, as the player's keyboard sends it (names as
        Selenium's Keys: 'ARROW_DOWN', 'ENTER', 'F1'..., or a character)."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys
        ActionChains(self.driver).send_keys(getattr(Keys, name, name)).perform()
        self.driver.execute_script("window.svara.quiet = 0")

    def click(self, key_name):
        """A click on the page's keypad button for a drivers/keys.py name ('OK', 'SL')."""
        from selenium.webdriver.common.by import By
        button = self.driver.find_element(By.CSS_SELECTOR, '#pad button[data-key="%s"]' % key_name)
        button.click()
        self.driver.execute_script("window.svara.quiet = 0")

    def canvas(self):
        """(width, height, RGBA bytes) the page's canvas holds."""
        w, h, data = self.driver.execute_script(
            "const c = document.getElementById('screen');"
            "const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
            "let s = ''; for (let i = 0; i < d.length; i += 0x8000)"
            " s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));"
            "return [c.width, c.height, btoa(s)];")
        return w, h, base64.b64decode(data)

    def canvas_frame(self):
        """The 128 x 160 RGB bytes the canvas shows, each panel pixel read from its
        scale x scale block; AssertionError if a block is not one colour (not sharp)."""
        w, h, rgba = self.canvas()
        s = w // W
        assert w == W * s and h == H * s, (w, h)
        out = bytearray(W * H * 3)
        for y in range(H):
            for x in range(W):
                o = ((y * s) * w + x * s) * 4
                px = rgba[o:o + 3]
                for dy in range(s):
                    row = ((y * s + dy) * w + x * s) * 4
                    block = rgba[row:row + s * 4]
                    assert block == (px + b"\xff") * s, "pixel %d,%d is blurred" % (x, y)
                i = (y * W + x) * 3
                out[i:i + 3] = px
        return bytes(out)

    def screenshot(self, path):
        self.driver.save_screenshot(path)

    def console(self):
        try:
            return [e["message"] for e in self.driver.get_log("browser")]
        except Exception:       # noqa: BLE001 - a driver without logs
            return []

    def close(self):
        try:
            self.driver.quit()
        finally:
            if self.profile:
                shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
