"""The web page's saves against what a browser may hold (issue 46, 2 to 5 and 13): any
stored entry, damaged, foreign or aimed at the game's code, still starts the page and
never runs as code; a full storage is said on the page, the game kept first; a second
tab waits for the first instead of writing its older game over it; the browser's start
is tried again when its driver comes up late. Headless Chromium (make web-setup)."""
import base64
import os
import random
import shutil
import stat
import tempfile

import pytest

from tools.device import build as buildtool
from tools.web import browser as web
from conftest import need_browser  # noqa: E402

pytestmark = pytest.mark.slow

# New game, stack 20, Play: a table, the game saved (test_web.py's keys).
TO_TABLE = ("ENTER", "ARROW_DOWN", "ARROW_DOWN", "ARROW_DOWN", "ARROW_LEFT", "ARROW_LEFT", "F1")


@pytest.fixture(scope="module")
def site():
    need_browser()
    out = tempfile.mkdtemp(prefix="svara-web-")
    try:
        with web.Site(os.path.join(out, "site")) as served:
            yield served
    finally:
        shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="module")
def browser(site):
    with web.Browser() as b:
        yield b


def _with_storage(b, site, entries):
    """The site's localStorage holding exactly `entries` ({key: value})."""
    b.open(site.url + "game/svara.manifest")          # the origin, not the page
    b.driver.execute_script("localStorage.clear();"
                            "for (const [k, v] of arguments[0]) localStorage.setItem(k, v);",
                            list(entries.items()))


def _start(b, site, seed=1):
    b.open(site.url + "?seed=%d&scale=2" % seed)
    return b.wait_started()


def _shown(b, element):
    return b.driver.execute_script(
        "const e = document.getElementById(arguments[0]);"
        "return e.hidden ? null : e.textContent", element)


def _play(b, keys):
    for key in keys:
        b.key(key)
        b.wait_settled()


@pytest.fixture(scope="module")
def hostile_mpy(tmp_path_factory):
    """A valid .mpy app module that marks the page if it ever runs."""
    folder = tmp_path_factory.mktemp("mpy")
    src = folder / "app.py"
    src.write_text("import js\njs.window.svaraRanStoredCode = 1\n")
    buildtool.compile_module(str(src), "app.py", str(folder / "app.mpy"))
    return base64.b64encode((folder / "app.mpy").read_bytes()).decode()


def test_damaged_or_foreign_entries_start_the_page_and_are_said(site, browser, hostile_mpy):
    b = browser
    cases = [("svara:/saves/stats", "!!!"), ("svara:/saves/sub/x", "AAAA"),
             ("svara:/saves/", "AAAA"), ("svara:/saves/..", "AAAA"),
             ("svara:/saves/../game/app.mpy", hostile_mpy),
             ("svara:/saves.game/../game/app.mpy", hostile_mpy),
             ("svara:/game/app.mpy", hostile_mpy), ("svara:/saves/game/../../game/app.mpy",
                                                    hostile_mpy)]
    for key, value in cases:
        _with_storage(b, site, {key: value})
        for _ in range(2):                            # and on the reload after it
            s = _start(b, site)
            assert not s["failed"], (key, s)
            assert b.driver.execute_script("return window.svaraRanStoredCode") is None, key
            assert _shown(b, "bar") is not None, key              # the reset link
            assert _shown(b, "note") and "left out" in _shown(b, "note"), key
            b.reload()


def test_random_stored_entries_always_start_the_page(site, browser, hostile_mpy):
    b = browser
    rng = random.Random(46)
    prefixes = ("svara:", "svara:/saves/", "svara:/saves.game/", "svara:/saves/../",
                "svara-owner", "")
    names = ("stats", "game", "game.1", "history.1", "settings", "..", ".", "", "x/y",
             "\u0000", "\u2603", "app.mpy", "a" * 300)
    for round_ in range(6):
        entries = {}
        for _ in range(rng.randrange(1, 8)):
            key = rng.choice(prefixes) + rng.choice(names)
            value = rng.choice((
                "", "!!!", "AAAA", hostile_mpy, "{}", "null",
                base64.b64encode(bytes(rng.randrange(256) for _ in range(rng.randrange(64)))).decode(),
                "A" * rng.choice((3, 5, 200000)), "SVR" + "\u0000" * 20))
            entries[key] = value
        _with_storage(b, site, entries)
        s = _start(b, site, seed=round_)
        assert not s["failed"], (entries.keys(), s)
        assert b.driver.execute_script("return window.svaraRanStoredCode") is None
        _play(b, ("ARROW_DOWN", "ARROW_UP"))


FILL = """
localStorage.removeItem('junk-a');
let i = 0;
for (let size = 1 << 20; size >= 1; size >>= 1) {
  const v = 'x'.repeat(size);
  for (;;) { try { localStorage.setItem('junk-' + (i++), v); } catch (e) { break; } }
}
return i;
"""


def test_a_full_storage_is_said_on_the_page_and_the_game_kept_first(site, browser):
    b = browser
    _with_storage(b, site, {})
    _start(b, site)
    _play(b, ("ARROW_DOWN", "ARROW_UP"))             # settings and the like, kept
    b.driver.execute_script(FILL)
    _play(b, TO_TABLE)                                # a game saved: no room for it
    note = _shown(b, "note")
    assert note and "full" in note and "the game in progress" in note, note
    unkept = b.driver.execute_script("return window.svara.unkept()")
    assert unkept and all(p in note for p in unkept), (unkept, note)
    # Room again: the page tries again by itself, keeps everything and the note goes.
    b.driver.execute_script("for (const k of Object.keys(localStorage))"
                            " if (k.startsWith('junk-')) localStorage.removeItem(k)")
    b.wait(lambda s: not s["notes"], timeout=10, what="the note going")
    assert b.driver.execute_script("return window.svara.unkept()") == []
    assert _shown(b, "note") is None


def test_a_full_storage_gives_the_game_the_room_of_the_history(site, browser):
    b = browser
    # A history file of 30 KB the store finds at start (its bytes are no history: the
    # store reads past it, and it stays until the next finished game is saved).
    _with_storage(b, site, {"svara:/saves/history": base64.b64encode(b"x" * 30000).decode()})
    _start(b, site)
    b.driver.execute_script(FILL)
    _play(b, TO_TABLE)
    kept = b.driver.execute_script(
        "return Object.keys(localStorage).filter(k => k.startsWith('svara:/saves.game/'))")
    assert kept, "the game was not kept"
    game_unkept = [p for p in b.driver.execute_script("return window.svara.unkept()")
                   if p.startswith("/saves.game/")]
    assert game_unkept == []
    note = _shown(b, "note")
    assert note and "/saves/history" in note, note      # what made room, said
    b.driver.execute_script("for (const k of Object.keys(localStorage))"
                            " if (k.startsWith('junk-')) localStorage.removeItem(k)")


NO_LOCKS = ("Object.defineProperty(Navigator.prototype, 'locks', "
            "{get() { return undefined; }})")


def test_a_storage_full_before_the_page_starts_is_said_after_its_first_save(site, browser):
    b = browser
    _with_storage(b, site, {})
    b.driver.execute_script(FILL)
    s = _start(b, site)
    assert not s["failed"], s
    _play(b, TO_TABLE)
    note = _shown(b, "note")
    assert note and "full" in note, note
    b.driver.execute_script("localStorage.clear()")


def test_a_browser_that_keeps_nothing_still_plays_and_says_so(site):
    with web.Browser() as b:
        b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {
            "source": "Object.defineProperty(window, 'localStorage', {get() {"
                      " throw new DOMException('denied', 'SecurityError'); }})"})
        s = _start(b, site)
        assert not s["failed"], s
        _play(b, TO_TABLE)
        assert "keeps nothing" in (_shown(b, "note") or ""), _shown(b, "note")
        assert b.state()["shown"] > 1 and not b.state()["failed"]


def _two_tabs(site, no_locks):
    with web.Browser() as b:
        if no_locks:        # a page from an origin that is not secure: no Web Locks
            b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                     {"source": NO_LOCKS})
        _with_storage(b, site, {})
        _start(b, site)
        first = b.driver.current_window_handle
        b.driver.switch_to.new_window("tab")
        second = b.driver.current_window_handle
        if no_locks:
            b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument",
                                     {"source": NO_LOCKS})
        b.open(site.url + "?seed=1&scale=2")
        s = b.wait(lambda s: s["waiting"], what="the second tab waiting")
        assert not s["started"]
        assert "another tab" in b.driver.find_element("id", "message").text
        assert b.driver.execute_script("return navigator.locks === undefined") == no_locks
        b.key("ENTER")                                  # nothing in this tab plays
        b.driver.switch_to.window(first)
        _play(b, TO_TABLE)
        saved = b.driver.execute_script(
            "return Object.fromEntries(Object.keys(localStorage)"
            ".filter(k => k.startsWith('svara:')).map(k => [k, localStorage.getItem(k)]))")
        b.driver.close()
        b.driver.switch_to.window(second)
        b.wait_started(timeout=30)
        b.wait_settled()
        now = b.driver.execute_script(
            "return Object.fromEntries(Object.keys(localStorage)"
            ".filter(k => k.startsWith('svara:/saves.game/')).map(k => [k, localStorage.getItem(k)]))")
        for key, value in now.items():
            assert saved.get(key) == value, key       # the first tab's game, not set back
        assert now


def test_a_second_tab_waits_for_the_first_and_then_follows_it(site):
    _two_tabs(site, no_locks=False)


def test_a_second_tab_waits_without_web_locks_too(site):
    _two_tabs(site, no_locks=True)


def test_a_driver_that_fails_to_start_once_is_started_again(tmp_path, monkeypatch):
    need_browser()
    wrapper = tmp_path / "chromedriver"
    count = tmp_path / "starts"
    wrapper.write_text("#!/bin/sh\n"
                       "echo x >> %s\n"
                       "[ $(wc -l < %s) -gt 1 ] || exit 1\n"
                       "exec %s \"$@\"\n" % (count, count, web.CHROMEDRIVER))
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setattr(web, "CHROMEDRIVER", str(wrapper))
    with web.Browser() as b:
        assert b.driver.execute_script("return 1 + 1") == 2
    assert len(count.read_text().split()) == 2
