"""How things are drawn (issue 17): the small font's full stop, seven-letter names at the
table, the four-colour deck and the sound kept between runs, a large card's suit.
The key sequences are the issue's, run headless as `python -m tools.sim` runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from tools.bench import play as bench_play  # noqa: E402
import i18n  # noqa: E402
from tools.sim import core as simcore  # noqa: E402
from drivers import keys as K  # noqa: E402
from drivers.display import BACK, FELT, FELT_DARK, GOLD  # noqa: E402
from conftest import pixel, play, script  # noqa: E402,F401


def test_the_small_fonts_full_stop_is_a_dot_not_a_cross():
    from ui import font_5x8 as F
    i = (ord(".") - 32) * F.HEIGHT
    rows = F.BITMAPS[i:i + F.HEIGHT]
    widest = max(bin(r).count("1") for r in rows)
    assert widest <= 2 and rows[F.HEIGHT - 1] == 0, [bin(r) for r in rows]
    assert sum(bin(r).count("1") for r in rows) >= 3


def test_names_of_seven_letters_fit_and_show_whole_at_the_table():
    from ui import writer
    for name in ("Dimitar", "Георги"):
        assert writer.good_name(name), name
    r = bench_play.CPythonPlay(1)
    r.app.players = {"names": ["Dimitar"]}
    r.key(K.OK)
    r.key(K.SL)
    f = r.frame()
    assert r.app.play.name(0) == "Dimitar"
    # The name's ink ends before the state column (x 45) and spans 7 letters' width.
    ink = [x for x in range(0, 45) for y in range(10, 22) if pixel(f, x, y) == 0]
    assert ink and max(ink) >= 9 + 6 * 5 and max(ink) < 45


def test_the_four_colour_deck_and_the_sound_are_settings_kept_between_runs():
    import harness
    from harness import CuttingFS
    from store import Store
    from drivers.simdisplay import SimDisplay
    from drivers.display import BLUE, FELT_DARK as CLUB_GREEN, INK, RED
    import settings
    from ui import draw
    fs = CuttingFS()
    try:
        app = harness.phone(fs, 5, SimDisplay())

        def press(*codes):
            harness.press(app, codes)
        from ui_helpers import pref_row, row_of, to_row
        press(K.D0 + 3)                                  # Settings
        to_row(app.screen, pref_row(settings._FOUR), press)     # the Four colours row
        assert app.trace().startswith("settings %d" % row_of(app.screen, pref_row(0)))
        assert [draw.suit_colour(s) for s in range(4)] == [INK, RED, RED, INK]
        press(K.RIGHT)
        assert settings.PREFS[0] == 1
        assert [draw.suit_colour(s) for s in range(4)] == [CLUB_GREEN, BLUE, RED, INK]
        assert Store("saves", fs=fs).load("settings")["four"] == 1
        settings.PREFS[0] = 0                               # as after a power cut
        again = harness.phone(fs, 5, SimDisplay())
        assert settings.PREFS[0] == 1
        # The Sound row below: low (the default), then high, off, low; saved as "vol".
        assert settings.PREFS[1] == 1
        to_row(app.screen, pref_row(settings._SOUND), press)
        press(K.RIGHT)
        sound = row_of(app.screen, pref_row(settings._SOUND))
        assert app.trace().startswith("settings %d" % sound) and settings.PREFS[1] == 2
        assert Store("saves", fs=fs).load("settings")["vol"] == 2
        press(K.RIGHT)
        assert settings.PREFS[1] == 0
        again = harness.phone(fs, 5, SimDisplay())
        assert settings.PREFS[1] == 0
    finally:
        settings.PREFS[0] = 0


def test_a_large_cards_suit_is_drawn_twice_the_glyphs_size():
    from drivers.simdisplay import SimDisplay
    from ui import draw, writer
    d = SimDisplay()
    d.fill(0)
    draw.card(d, 0, 0, 31)                             # the ace of spades
    f = d.frame_bytes()
    ink = [(x, y) for x in range(22) for y in range(12, 32) if pixel(f, x, y) == 5]
    small = SimDisplay()
    small.fill(0)
    writer.text(small, draw.SUITS[3], 0, 0, 5)
    g = small.frame_bytes()
    glyph = [(x, y) for x in range(6) for y in range(12) if pixel(g, x, y) == 5]
    assert len(ink) == 4 * len(glyph)
    assert max(x for x, y in ink) - min(x for x, y in ink) + 1 == \
        2 * (max(x for x, y in glyph) - min(x for x, y in glyph) + 1)


def test_each_large_suit_is_its_glyph_with_every_pixel_a_2_by_2_block():
    from drivers.simdisplay import SimDisplay
    from ui import draw, writer
    for code in range(4):
        small = SimDisplay()
        small.fill(0)
        writer.text(small, draw.SUITS[code], 0, 0, 5)
        g = small.frame_bytes()
        want = sorted((3 + 2 * i + dx, 5 + 2 * j + dy) for i in range(6) for j in range(12)
                      if pixel(g, i, j) == 5 for dx in (0, 1) for dy in (0, 1))
        d = SimDisplay()
        d.fill(0)
        draw.big_suit(d, 3, 5, code, 7)
        f = d.frame_bytes()
        got = sorted((x, y) for x in range(20) for y in range(32) if pixel(f, x, y) == 7)
        assert got == want and len(got) > 40, (code, len(got), len(want))
