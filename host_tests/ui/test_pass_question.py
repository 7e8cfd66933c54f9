"""Issue 25, "Also build": passing a hand the chances favour (more to win than to lose if
everybody still in showed now, the * key's figures) asks first; Settings' "Ask before
passing" (on by default, saved) turns the question off. The question in every language
against golden images (host_tests/golden/askpass_<lang>.png; UPDATE_GOLDEN=1)."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import i18n  # noqa: E402
import settings  # noqa: E402
from conftest import check  # noqa: E402
from drivers import keys as K  # noqa: E402
from ui_helpers import T, acts, drawing, drawn_help, help_line, run  # noqa: E402

GOOD = (15, "OK SL UP")      # you hold A♠ K♠ 10♦ (21) against three: win 75.7%, Pass chosen
WEAK = (3, "OK SL UP")       # 18 points against three: win 7.6%, lose 87.9%


@pytest.fixture(autouse=True)
def defaults_after():
    yield
    i18n.use("en")
    settings.PREFS[3] = 1


def drawn(r):
    return [s for s, x, y, font in drawing(r)]


def test_passing_a_hand_the_chances_favour_asks_first():
    r = run(*GOOD)
    t = r.app.screen
    assert t.legal[t.sel][0] == 0, "Pass is chosen"
    played = acts(r)
    r.key(K.OK)
    assert not played, "not passed yet"
    assert r.trace().startswith("table ask") and "chances 757 94 149" in r.trace()
    words = drawn(r)
    assert T.FOLD_ASK in words and T.ODDS_PCT % (75, 7) in words
    assert help_line(r) == drawn_help(T.HELP_FOLD)
    r.key(K.END)                                        # keep the hand
    assert not played and r.trace().startswith("table turn"), r.trace()
    assert t.odds is None and t.legal[t.sel][0] == 0
    r.key(K.OK)                                         # asked again
    assert r.trace().startswith("table ask")
    r.key(K.OK)                                         # yes: pass
    assert played == [(0, 0, 0)]
    assert not r.app.play.game.is_in(0)


def test_the_soft_keys_answer_the_question_as_ok_and_end():
    r = run(*GOOD)
    played = acts(r)
    r.key(K.OK)
    r.key(K.SR)                                         # No (not the play menu)
    assert r.trace().startswith("table turn") and not played
    r.key(K.OK)
    r.key(K.STAR)                                       # other keys do nothing
    assert r.trace().startswith("table ask")
    r.key(K.SL)                                         # Yes
    assert played == [(0, 0, 0)]


def test_passing_a_weak_hand_asks_nothing():
    r = run(*WEAK)
    played = acts(r)
    r.key(K.OK)
    assert played[0] == (0, 0, 0)       # then the bots play on (the blind bettor calls)


def test_with_the_setting_off_a_good_hand_passes_at_once():
    r = run(*GOOD)
    settings.PREFS[3] = 0
    played = acts(r)
    r.key(K.OK)
    assert played == [(0, 0, 0)]


def test_declining_a_blind_asks_nothing():
    r = run(3, "OK SL" + " OK" * 10)                   # a blind turn: no cards yet
    played = acts(r)
    r.key(K.OK)
    assert played == [(0, 0, 0)]


def test_settings_has_the_row_on_by_default_and_keeps_it_off_when_turned_off():
    from app import App
    from harness import Blank, CuttingFS
    from store import Store
    from ui.title import Title
    fs = CuttingFS()
    app = App(Blank(), first=Title, seed=1, store=Store("saves", fs=fs))
    app.start()
    assert settings.PREFS[3] == 1                    # a fresh handset: on
    for code in (K.DOWN, K.DOWN, K.OK, K.UP, K.UP, K.UP, K.UP):
        app.key(code)                                   # Settings, up to the row
    words = []
    from ui import writer
    real = writer.text

    def text(fb, s, x, y, colour, font=None, bg=-1, end=0):
        words.append(s)
        return real(fb, s, x, y, colour, font, bg)
    writer.text = text
    try:
        app.screen.draw(app.fb)
    finally:
        writer.text = real
    assert words[words.index(T.OPT_FOLD) + 1] == T.ON_OFF[1], words
    app.key(K.RIGHT)                                    # ◀▶ change a row (OK does not)
    app.key(K.OK)                                       # on to Done
    app.key(K.OK)                                       # Done: kept
    assert settings.PREFS[3] == 0
    assert Store("saves", fs=fs).load("settings")["ask"] == 0
    # A restart reads it back: off stays off.
    app = App(Blank(), first=Title, seed=1, store=Store("saves", fs=CuttingFS(fs.files)))
    app.start()
    assert settings.PREFS[3] == 0


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_question_matches_its_golden_image(code):
    i18n.use(code)
    r = run(*GOOD)
    r.key(K.OK)
    assert r.trace().startswith("table ask")
    check("askpass_%s" % code, r.frame())
