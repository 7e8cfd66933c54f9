"""The game in a web page (tools/web/, issue 27), in a real headless browser: Debian's
chromium driven by Selenium (make web-setup installs what is missing). The page is
loaded from a local server, keys are pressed through it (PC keys and clicks on its
keypad), and the canvas must show, pixel for pixel, the frames the headless simulator
(tools/sim/core.py, the same firmware on CPython) makes for the same keys and seed:
the title, a table, a showdown; then a reload continues the saved game."""
import os
import shutil
import tempfile
import time

import pytest

from tools.sim import core as simcore
from tools.web import browser as web
from conftest import need_browser  # noqa: E402

pytestmark = pytest.mark.slow

SEED = 5
# (keys as the page gets them, the same keys for the simulator): New game, stack 100
# -> 20, Play (SL) is a table with the person to act; OK calls and the game goes to
# its showdown (tools/sim --seed 5 --trace says so).
# ("key", name): a PC key (Selenium's Keys name); ("click", name): the keypad button.
TO_TABLE = (("key", "ENTER"), ("click", "DOWN"), ("key", "ARROW_DOWN"), ("click", "DOWN"),
            ("key", "ARROW_LEFT"), ("click", "LEFT"), ("key", "F1"))
TO_SHOWDOWN = (("click", "OK"),)
CONTINUE = (("key", "ARROW_DOWN"), ("key", "ENTER"))     # after the reload: Continue
SIM_NAMES = {"ENTER": "OK", "ARROW_DOWN": "DOWN", "ARROW_LEFT": "LEFT", "F1": "SL"}


def sim_codes(steps):
    return simcore.parse_keys(" ".join(SIM_NAMES.get(n, n) for _, n in steps))


def expected(frame):
    """The RGB the simulator shows for a 4-bit frame (tools/sim/core.py's conversion)."""
    return simcore.rgb565_to_rgb(simcore.frame_rgb565(frame))


@pytest.fixture(scope="module")
def page():
    need_browser()
    out = tempfile.mkdtemp(prefix="svara-web-")
    try:
        with web.Site(out) as site, web.Browser() as b:
            yield site, b
    finally:
        shutil.rmtree(out, ignore_errors=True)


def press(b, steps):
    for how, name in steps:
        if how == "key":
            b.key(name)
        else:
            b.click(name)
        b.wait_settled()


def same(b, frame, what, tmp_path):
    got = b.canvas_frame()
    want = expected(frame)
    if got != want:
        import pygame
        for name, data in (("page", got), ("sim", want)):
            pygame.image.save(pygame.image.frombytes(data, (128, 160), "RGB"),
                              str(tmp_path / ("%s_%s.png" % (what, name))))
        diff = sum(1 for i in range(0, len(got), 3) if got[i:i + 3] != want[i:i + 3])
        pytest.fail("%s: %d of %d pixels differ from the simulator's (pictures in %s)" % (
            what, diff, 128 * 160, tmp_path))


def test_the_page_shows_the_simulators_frames_and_continues_after_a_reload(page, tmp_path):
    from selenium.webdriver.common.by import By
    site, b = page
    saves = tempfile.mkdtemp(prefix="svara-web-saves-")
    try:
        first = simcore.run(sim_codes(TO_TABLE + TO_SHOWDOWN), seed=SEED, save_dir=saves)
        again = simcore.run(sim_codes(CONTINUE), seed=SEED, save_dir=saves)
    finally:
        shutil.rmtree(saves, ignore_errors=True)
    assert first.traces[len(TO_TABLE)].startswith("table turn"), first.traces
    assert first.traces[-1].startswith("showdown"), first.traces
    assert again.traces[-1] == first.traces[-1], again.traces     # where it was left

    b.open(site.url + "?seed=%d&scale=2" % SEED)
    b.wait_started()
    b.wait_settled()
    same(b, first.frames[0], "title", tmp_path)
    # The handset's pace: main.py's loop sleeps 10 ms when idle() has nothing to do,
    # and the bots' pace is counted in such calls: about 100 a second, never more.
    before, t0 = b.state()["steps"], time.monotonic()
    time.sleep(1.0)
    rate = (b.state()["steps"] - before) / (time.monotonic() - t0)
    assert 50 <= rate <= 105, rate
    # Sound is off until the player turns it on; then the deal's tone is heard.
    assert b.state()["played"] == 0
    b.driver.find_element(By.ID, "sound").click()
    press(b, TO_TABLE)
    same(b, first.frames[len(TO_TABLE)], "table", tmp_path)
    s = b.state()
    assert s["tones"] > 0 and s["played"] == s["tones"], s
    press(b, TO_SHOWDOWN)
    same(b, first.frames[-1], "showdown", tmp_path)

    b.reload()                  # the saves are the browser's: Continue takes the game up
    b.wait_started()
    b.wait_settled()
    same(b, again.frames[0], "title after the reload", tmp_path)
    press(b, CONTINUE)
    same(b, again.frames[-1], "the continued game", tmp_path)
    # Every save file is in the browser as soon as it is written: OK deals the next game,
    # whose save writes a copy of the game's over in place, the last file written (no
    # rename or removal follows it).
    press(b, TO_SHOWDOWN)
    unkept = b.driver.execute_script("return window.svara.unkept()")
    assert unkept == [], unkept

    # "reset saves" forgets them: the title of a fresh start (nothing to continue).
    b.driver.find_element(By.ID, "reset").click()
    b.driver.switch_to.alert.accept()
    b.wait(lambda s: s["started"] and not s["done"] and s["shown"], what="the reload")
    b.wait_settled()
    same(b, first.frames[0], "title after reset saves", tmp_path)
    assert not b.driver.execute_script(
        "return Object.keys(localStorage).filter(k => k.startsWith('svara:'))"), \
        "saves left after the reset"

    b.key("ESCAPE")             # End on the title leaves the game: the page says so
    s = b.wait(lambda s: s["done"], what="the end")
    assert "left the game" in b.driver.find_element(By.ID, "message").text, s


def test_the_page_says_what_went_wrong_when_its_files_do_not_load(page):
    site, b = page
    os.rename(os.path.join(site.out, "micropython.wasm"), os.path.join(site.out, "gone.wasm"))
    try:
        b.open(site.url + "?seed=1")
        s = b.wait(lambda s: s.get("failed"), what="the failure", fail_ok=True)
        assert "MicroPython" in s["failed"] or "did not load" in s["failed"], s
        shown = b.driver.execute_script(
            "const m = document.getElementById('message');"
            "return [m.hidden, m.textContent, document.getElementById('device').hidden]")
        assert shown[0] is False and shown[1] == s["failed"] and shown[2] is True, shown
    finally:
        os.rename(os.path.join(site.out, "gone.wasm"), os.path.join(site.out, "micropython.wasm"))


def test_a_browser_without_webassembly_gets_words_not_a_blank_canvas(page):
    site, _ = page
    with web.Browser() as b:        # as a browser without it: no WebAssembly object
        b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                 {"source": "delete globalThis.WebAssembly"})
        b.open(site.url)
        s = b.wait(lambda s: s.get("failed"), what="the failure", fail_ok=True)
        assert "cannot run WebAssembly" in s["failed"], s
        assert b.driver.execute_script("return document.getElementById('device').hidden")
