"""A game whose hands are shown at once, nobody able to act (issue 25, items 1 and 2):
when a player is all in after the ante no open bet fits, and the engine deals and shows
the hands inside the deal of the game (svara.Match.next_game). The showdown draws the
hands dealt (not 7 of clubs three times, not the hands of a game before), and the
history lists the antes (with what went in), then the hands, each person once.
The key sequences are the issue's (seeds re-picked for issue 43's bots), run headless as
`python -m tools.sim` runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from drivers import keys as K  # noqa: E402
from conftest import pixel, script  # noqa: E402
from tools.bench import play as bench_play  # noqa: E402
from ui_helpers import T, drawn, run  # noqa: E402,F401  (drawn: a fixture)

# New game: 1 bot, Stack 20, Ante 10, Play (the NG20x10).
NG20x10 = ("OK DOWN LEFT LEFT DOWN DOWN LEFT LEFT DOWN RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT "
           "RIGHT RIGHT RIGHT SL")
_TOP = 17           # ui/showdown.py: the first shown row's y, a row 12 high, cards from x 42
_ROW = 12
_XS = [42 + 19 * k + x for k in range(3) for x in range(17)]     # the three cards' columns


def _shown_at_once(g):
    from svara.game import END_SHOWDOWN
    return g.ending == END_SHOWDOWN and not g.log and g.svaras == 0


def _check_cards_drawn(r):
    """The result screen's rows show the cards the engine dealt, seat by seat."""
    from drivers.simdisplay import SimDisplay
    from ui import draw
    g = r.app.play.game
    want = SimDisplay()
    for i, (seat, _) in enumerate(g.showdown):
        draw.mini_hand(want, 42, _TOP + _ROW * i, bytes(g.hands[seat]), 0, g.rules.joker)
    f, w = r.frame(), want.frame_bytes()
    for i, (seat, _) in enumerate(g.showdown):
        y0 = _TOP + _ROW * i
        got = [pixel(f, x, y) for y in range(y0, y0 + 10) for x in _XS]
        exp = [pixel(w, x, y) for y in range(y0, y0 + 10) for x in _XS]
        assert got == exp, "seat %d's row does not show its hand %r" % (seat, g.hands[seat])


def test_a_game_shown_at_once_draws_the_hands_dealt():
    r = run(34, NG20x10 + " OK")      # game 1 leaves the bot 10: all in at game 2's ante
    assert r.trace().startswith("showdown")
    g = r.app.play.game
    assert _shown_at_once(g), "the issue's game: shown with no action"
    assert len(g.showdown) == 2 and g.hands[0] != g.hands[1]
    _check_cards_drawn(r)


def test_the_last_game_of_a_match_at_default_settings_draws_its_hands():
    seed, codes = script("seed1_final_showdown")
    r = bench_play.CPythonPlay(seed)
    for c in codes:
        r.key(c)
    assert r.trace().startswith("showdown")
    g = r.app.play.game
    assert _shown_at_once(g) and r.app.screen.help == T.HELP_LAST
    _check_cards_drawn(r)


def test_every_game_shown_in_a_match_draws_the_hands_dealt():
    """Every game of these matches that ends at a showdown (shown at once inside
    next_game or after betting) records the hands the engine showed, game after game.
    You pass in the odd games (a game lost by its ante leaves 10: all in at the next
    ante) and call or open in the others (Easy bets all its 10 at a table of two)."""
    from svara.game import END_SHOWDOWN
    at_once = 0
    for seed in range(1, 7):
        r = run(seed, NG20x10)
        p = r.app.play
        for _ in range(100):
            t = r.trace()
            if t.startswith("gameover"):
                break
            if t.startswith("showdown"):
                g = p.game
                if g.ending == END_SHOWDOWN:
                    for seat, _ in g.showdown:
                        assert bytes(p.shown[3 * seat:3 * seat + 3]) == bytes(g.hands[seat])
                    at_once += _shown_at_once(g)
            if t.startswith("table turn turn=0") and p.games % 2:
                r.key(K.UP)                     # Pass chosen
            r.key(K.OK)
    assert at_once >= 5


def test_the_history_of_a_game_shown_at_once_reads_in_order(drawn):
    r = run(34, NG20x10 + " OK")
    del drawn[:]
    r.key(K.SR)
    assert r.trace().startswith("history game=2")
    antes = T.HIST_ANTE % 20                    # 2 players x ante 10
    assert antes in drawn and T.HIST_ANTE % 0 not in drawn
    you = drawn.index("You")
    assert drawn.count("You") == 1, "you once: the showdown's row says your hand"
    assert drawn.index(antes) < you < drawn.index("Bot 1"), "the antes before the hands"
    assert T.YOU_WIN % 20 in drawn
