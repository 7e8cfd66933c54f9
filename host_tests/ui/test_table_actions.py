"""Issue 25, items 8 and 15: declining a blind has its own word (not "Pass", the word
for folding) and is the safe default; the green key with nothing to call says why."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import i18n  # noqa: E402
from drivers import keys as K  # noqa: E402
from ui_helpers import T, acts, drawing, drawn_help, help_line, run  # noqa: E402

BLIND_TURN = "OK SL" + " OK" * 10        # seed 3, game 6: first hand, blinds may be bet


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.use("en")


def action_words(r):
    """The words of the action rows, top to bottom."""
    return [s for s, x, y, font in drawing(r) if x == 63 and y >= 99]


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_declining_a_blind_is_not_called_pass_in_any_language(code):
    i18n.use(code)
    r = run(3, BLIND_TURN)
    t = r.app.screen
    g = r.app.play.game
    assert r.trace().startswith("table turn turn=0") and g.phase == 0, r.trace()   # blinds
    words = action_words(r)
    assert words[0] == T.ACT_NO_BLIND != T.ACT_PASS, words
    assert words[1] == T.ACT_BLIND % t.legal[1][1]
    assert T.ACT_PASS not in words


def test_the_default_at_a_blind_is_no_blind_and_keeps_you_in():
    # Declining a blind is not folding (docs/RULES.md): the safe default costs nothing.
    r = run(3, BLIND_TURN)
    t = r.app.screen
    assert t.sel == 0 and t.legal[0][0] == 0
    played = acts(r)
    before = r.app.play.game.stacks[0]
    r.key(K.OK)
    assert played[0] == (0, 0, 0)                       # declined, no chips
    g = r.app.play.game
    assert g.is_in(0) and g.stacks[0] == before
    # Once the cards are dealt, the first row is Pass again: folding.
    while not r.trace().startswith("table turn"):
        r.key(K.OK)
    if r.app.play.game.phase == 1:
        assert action_words(r)[0] == T.ACT_PASS


def test_the_green_key_with_nothing_to_call_says_why():
    r = run(3, "OK SL CALL OK")
    t = r.app.screen
    assert r.trace().startswith("table turn turn=0"), r.trace()
    assert [a for a, lo, hi in t.legal] == [0, 2]       # pass or bet: nobody opened
    played = acts(r)
    frame = r.frame()
    r.key(K.CALL)
    assert not played and r.app.screen is t
    assert help_line(r) == drawn_help(T.NO_CALL[1])
    assert r.frame()[:139 * 64] == frame[:139 * 64]     # nothing else changed


def test_the_green_key_before_the_deal_says_there_is_nothing_to_call():
    r = run(3, BLIND_TURN)
    played = acts(r)
    r.key(K.CALL)
    assert not played and r.trace().startswith("table turn turn=0")
    assert help_line(r) == drawn_help(T.NO_CALL[0])


def test_the_green_key_still_calls_when_there_is_a_bet():
    r = run(3, "OK SL")
    t = r.app.screen
    assert 1 in [a for a, lo, hi in t.legal]
    played = acts(r)
    r.key(K.CALL)
    assert played[0] == (0, 1, 0)
