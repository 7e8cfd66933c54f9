"""The game in a phone-sized web page (issue 43, 8), in headless Chromium as a 360 x 640
touch phone: "fit" (the default) makes the screen as wide as the page (about 2.5x), the
keypad takes the height left and nothing scrolls; then a whole match is played on the
page's keypad to game over, each frame the simulator's for the same keys, and each of
the simulator's screens saying what the match says (ui_helpers.check_screen)."""

import pytest

from tools.sim import core as simcore
from tools.web import browser as web
from conftest import need_browser  # noqa: E402
from ui_helpers import run, check_screen

pytestmark = pytest.mark.slow

SEED = 5
# New game: one bot (Bots 3 -> 1), stack 20, Bot pace fast (the row above Start), Play.
SETUP = "OK DOWN LEFT LEFT DOWN DOWN LEFT LEFT UP UP UP UP UP RIGHT SL"


def the_match():
    """The keys of a whole match (SETUP, then OK to game over) and the frame after each,
    every screen's words checked on the way."""
    keys = SETUP.split()
    r = run(SEED, "")
    frames = [r.frame()]
    for code in simcore.parse_keys(SETUP):
        r.key(code)
        frames.append(r.frame())
    while not r.trace().startswith("gameover"):
        if r.trace().split()[0] in ("table", "showdown", "svara"):
            check_screen(r)
        assert len(keys) < 200, r.trace()
        r.key(simcore.parse_keys("OK")[0])
        keys.append("OK")
        frames.append(r.frame())
    check_screen(r)
    return keys, frames


def same(b, frame, what, tmp_path):
    """The page's canvas shows the simulator's 4-bit `frame` (pictures saved if not)."""
    got = b.canvas_frame()
    want = simcore.rgb565_to_rgb(simcore.frame_rgb565(frame))
    if got != want:
        import pygame
        for name, data in (("page", got), ("sim", want)):
            pygame.image.save(pygame.image.frombytes(data, (128, 160), "RGB"),
                              str(tmp_path / ("%s_%s.png" % (what.split()[-1].strip("()"), name))))
        pytest.fail("%s: the page's screen is not the simulator's (pictures in %s)" % (
            what, tmp_path))


@pytest.fixture(scope="module")
def phone():
    need_browser()
    import shutil
    import tempfile
    out = tempfile.mkdtemp(prefix="svara-web-")
    try:
        with web.Site(out) as site, web.Browser(360, 640) as b:
            b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                "width": 360, "height": 640, "deviceScaleFactor": 1, "mobile": True})
            b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {
                "enabled": True, "maxTouchPoints": 1})
            yield site, b
    finally:
        shutil.rmtree(out, ignore_errors=True)


LAYOUT = """
const box = (id) => document.getElementById(id).getBoundingClientRect();
const s = box('screen'), p = box('pad'), bar = box('bar');
const rows = [...document.querySelectorAll('#pad button')].map((b) => b.getBoundingClientRect());
return {inner: [innerWidth, innerHeight],
        scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
        screen: [s.left, s.top, s.width, s.height], pad: [p.top, p.bottom],
        bar: [bar.top, bar.bottom], buttons: rows.map((r) => [r.top, r.bottom, r.height])};
"""


@pytest.mark.parametrize("query", ["?seed=5", "?seed=5&scale=fit"])
def test_fit_on_a_phone_is_the_pages_width_with_the_keypad_below_and_no_scrolling(phone, query):
    site, b = phone
    b.open(site.url + query)
    b.wait_started()
    b.wait_settled()
    got = b.driver.execute_script(LAYOUT)
    assert got["inner"] == [360, 640], got
    assert got["scroll"] == [360, 640], ("the page scrolls", got)
    left, top, width, height = got["screen"]
    assert 2.4 * 128 <= width - 8 <= 2.7 * 128, got       # the screen (a 4 px edge)
    assert abs((width - 8) / 128 - (height - 8) / 160) < 0.02, got
    assert top + height <= got["pad"][0], got
    for t, bottom, h in got["buttons"]:
        assert h >= 24 and bottom <= got["bar"][0], got  # every key on the page, tappable
    assert got["bar"][1] <= 640, got
    assert b.driver.execute_script("return document.getElementById('help').hidden"), \
        "the PC keys' help is not for a phone"


def test_a_whole_match_on_a_phones_keypad_shows_the_simulators_screens(phone, tmp_path):
    site, b = phone
    keys, frames = the_match()
    b.open(site.url + "?seed=%d" % SEED)
    b.wait_started()
    b.wait_settled()
    same(b, frames[0], "title", tmp_path)
    for i, name in enumerate(keys, 1):
        b.click(name)
        b.wait_settled()
        same(b, frames[i], "key %d (%s)" % (i, name), tmp_path)
    assert b.driver.execute_script(
        "return document.documentElement.scrollHeight") == 640


def test_one_tap_during_nine_bots_moves_hurries_them_to_your_turn(phone):
    # Issue 43, 7: at the normal pace nine bots' moves hold about 12 s, and OK during
    # them did nothing that showed in the page. One tap of OK while the first bot thinks
    # hurries them all; the page settles at your turn within a few seconds.
    import time
    site, b = phone
    b.open(site.url + "?seed=5")
    b.wait_started()
    b.wait_settled()
    for name in "OK DOWN RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT".split():   # Bots 3 -> 9
        b.click(name)
        b.wait_settled()
    b.click("SL")                       # Play: Bot 1 acts first, then eight more bots
    time.sleep(0.3)
    begun = time.monotonic()
    b.click("OK")
    b.wait_settled(timeout=30)
    took = time.monotonic() - begun
    assert took < 5, took
