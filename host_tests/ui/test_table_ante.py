"""Issue 25, item 10 (and "Also build": the ante on the table): the header shows the
ante, the line above the message line the game's number and how many games until the
ante doubles (Ante doubles, on New game), and the game that starts with the doubled
ante says so (`--seed 3 --keys "OK SL"` then 22 OK: games 10 and 11)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import i18n  # noqa: E402
import settings  # noqa: E402
from drivers import keys as K  # noqa: E402
from ui_helpers import T, drawing, run  # noqa: E402

GAME_10 = "OK SL" + " OK" * 19        # seed 3: the table of game 10
GAME_11 = "OK SL" + " OK" * 22        # seed 3: the table of game 11, the ante doubled


@pytest.fixture(autouse=True)
def defaults_after():
    yield
    i18n.use("en")
    settings.PREFS[2] = 1


def words(r):
    """(text, x, y) of every string the table draws, redrawn now."""
    return [(s, x, y) for s, x, y, font in drawing(r)]


def header(r):
    return [s for s, x, y in words(r) if y == 1]


def info(r):
    return [s for s, x, y in words(r) if y == 82]


def test_the_header_shows_the_ante_and_the_line_counts_down_to_its_doubling():
    r = run(3, "OK SL")
    assert r.trace().startswith("table turn"), r.trace()
    assert r.app.play.games == 1
    assert T.ANTE % 1 in header(r)
    assert info(r) == [T.GAME_NO % 1, T.ANTE_IN % 10]     # doubles at game 11
    r = run(3, GAME_10)
    assert r.trace().startswith("table turn") and r.app.play.games == 10, r.trace()
    assert T.ANTE % 1 in header(r)
    assert info(r) == [T.GAME_NO % 10, T.ANTE_NEXT]


def test_the_game_that_starts_with_the_ante_doubled_says_so():
    r = run(3, GAME_10)
    while r.app.play.games < 11 or not r.trace().startswith("table"):
        r.key(K.CALL if r.trace().startswith("table turn") and 1 in
              [a for a, lo, hi in r.app.screen.legal] else K.OK)
    p = r.app.play
    assert p.games == 11 and p.game.rules.ante == 2
    assert T.ANTE % 2 in header(r)
    assert info(r) == [T.GAME_NO % 11, T.ANTE_NOW % 2]
    assert r.app.message == T.ANTE_DOUBLED % 2          # said on the help line at its start


def test_the_doubling_is_said_once_the_next_game_shows():
    # The keys: from game 10 to 11 the pot and the least bet double.
    r = run(3, GAME_11)
    p = r.app.play
    assert r.trace().startswith("table turn") and p.games == 11, r.trace()
    assert p.game.rules.ante == 2 and p.rose()
    assert T.ANTE % 2 in header(r) and T.ANTE_NOW % 2 in info(r)
    r2 = run(3, "OK SL" + " OK" * 24)                  # game 12: doubled, no news now
    assert r2.trace().startswith("table turn") and r2.app.play.games == 12, r2.trace()
    assert not r2.app.play.rose()
    assert info(r2) == [T.GAME_NO % 12, T.ANTE_IN % 9]


def test_with_the_ante_never_doubling_the_line_shows_the_game_alone():
    r = run(3, "")
    settings.PREFS[2] = 0                                # New game: Ante doubles off
    r.key(K.OK)
    r.key(K.SL)
    assert T.ANTE % 1 in header(r)
    assert info(r) == [T.GAME_NO % 1]


def test_ten_at_the_table_leave_no_room_for_the_line_but_the_header_has_the_ante():
    # (seed 2: the bots' turns, settled, reach yours; at seed 3 all nine pass and you win)
    r = run(2, "OK DOWN RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT SL")
    assert r.app.play.game.n == 10 and r.trace().startswith("table turn"), r.trace()
    drawn = words(r)                                    # Bot 9's row is at y 82
    assert T.ANTE % 1 in header(r) and (T.GAME_NO % 1, 2, 82) not in drawn
    assert T.ANTE_IN % 10 not in [w for w, x, y in drawn]
    r = run(3, "OK DOWN RIGHT RIGHT RIGHT RIGHT RIGHT SL")      # nine: rows end at y 82
    assert r.app.play.game.n == 9
    assert info(r) == [T.GAME_NO % 1, T.ANTE_IN % 10]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_ante_and_its_line_fit_in_every_language(code):
    from ui import writer
    from ui.draw import small
    i18n.use(code)
    r = run(3, GAME_11)
    for s, x, y in words(r):
        if y in (1, 82):
            assert x >= 0 and x + writer.width(s, small()) <= 127, (code, s, x)
