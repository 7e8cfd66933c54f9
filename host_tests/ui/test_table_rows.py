"""Issue 25, items 3 and 11: a seat's row says what the message line says (a blind bettor
who raised shows what he put in, not "blind 5"), a long name stays in its column on the
table, and the result names the winner as the pot's label does."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from conftest import pixel, play, script  # noqa: E402
from drivers import keys as K  # noqa: E402
from drivers.display import FELT, GOLD  # noqa: E402
from ui_helpers import T, drawing, run  # noqa: E402


def drawn(r):
    """(text, x, y) of every string the current screen draws, redrawn now."""
    return [(s, x, y) for s, x, y, font in drawing(r)]


def test_a_blind_bettor_who_raised_shows_what_he_put_in_as_the_message_line_says():
    r, traces, _ = play("blind_then_raise")
    assert traces[-1].startswith("table turn turn=0 pot=12 level=6"), traces[-1]
    p = r.app.play
    assert (p.last_seat, p.last_action, p.last_amount) == (1, 2, 6)   # Bot 1 raised to 6
    g = p.game
    assert g.blinded(1) and g.bets[1] == 6                            # after his blind of 1
    words = drawn(r)
    row = [s for s, x, y in words if y == 10 + 12 * 1 and x == 47]   # Bot 1's state
    assert row == [T.ST_BET % 6], row
    assert (T.DID[2] % (p.name(1), 6), 2, 90) in words               # "Bot 1 raised to 6"
    assert T.ST_BLIND % 6 not in [s for s, x, y in words]


def test_blind_bets_show_as_blinds_until_somebody_opens():
    from tools.bench import play as bench_play
    seed, codes = script("blind_then_raise")
    r = bench_play.CPythonPlay(seed)
    for c in codes[:-1]:                        # Bot 1 blinded 1, the others declined:
        r.key(c)                                # you may open (at 2)
    g = r.app.play.game
    assert r.trace().startswith("table turn turn=0") and not g.opened, r.trace()
    assert g.blinded(1) and g.bets[1] == 1
    words = drawn(r)
    assert (T.ST_BLIND % 1, 47, 10 + 12 * 1) in words


def _named(seed, keys_text, name="DWwwwww"):
    r = run(seed, "")
    r.app.players["names"][:] = [name]
    from tools.sim import core as simcore
    for c in simcore.parse_keys(keys_text):
        r.key(c)
    return r


def test_a_long_name_ends_three_pixels_clear_of_its_state():
    # Seven wide letters (the most a name may take, settings.NAME_W) in the 5x8 font
    # from x 9 ran to x 43, two blank columns from "in" at x 45 ("DWwwwwwwin"); with
    # seven seats or more (5x8 rows, the name from x 10) none. Now the state column
    # starts at x 47 and the name, whole, ends by x 43 (from x 8 in the small rows):
    # three blank columns between.
    # (ten at seed 2: at seed 3 the nine bots all pass and the game is over at once)
    for seed, keys_text in ((3, "OK SL"),                                  # four at the table
                            (2, "OK DOWN RIGHT RIGHT RIGHT RIGHT RIGHT RIGHT SL")):  # ten: 5x8
        r = _named(seed, keys_text)
        g = r.app.play.game
        assert r.trace().startswith("table"), r.trace()
        h = 12 if g.n <= 6 else 8
        f = r.frame()
        bg = GOLD if g.to_act == 0 else FELT
        for y in range(10, 10 + h):
            for x in range(44, 47):
                assert pixel(f, x, y) == bg, (g.n, x, y)
        ink = [x for x in range(8, 44) for y in range(10, 10 + h) if pixel(f, x, y) != bg]
        assert ink and max(ink) >= 8 + 6 * 5, "the seventh letter is drawn"
        row = [(s, x) for s, x, y in drawn(r) if y in (10, 12)]
        assert ("DWwwwww", 9 if h == 12 else 8) in row, row
        assert [x for s, x in row if s == T.ST_IN] == [47], row


def test_the_result_names_a_named_winner_as_the_pots_label_does():
    r = _named(3, "OK SL" + " OK" * 14)
    assert r.trace().startswith("showdown winner=0"), r.trace()
    g = r.app.play.game
    words = [s for s, x, y in drawn(r)]
    assert T.WINS % ("DWwwwww", g.won) in words, words
    assert T.YOU_WIN % g.won not in words
    # Without a name typed it is still "You win".
    r = run(3, "OK SL" + " OK" * 14)
    assert r.trace().startswith("showdown winner=0"), r.trace()
    assert T.YOU_WIN % r.app.play.game.won in [s for s, x, y in drawn(r)]


def test_a_long_name_on_the_showdown_stays_clear_of_the_cards():
    # The showdown's names are 5x8 from x 2: seven letters end by x 37, the cards at 42.
    r = _named(3, "OK SL CALL")
    assert r.trace().startswith("showdown"), r.trace()
    f = r.frame()
    rows = [y for s, x, y in drawn(r) if s == "DWwwwww" and x == 2]
    assert rows
    for y in rows:
        for x in range(37, 42):
            for yy in range(y - 1, y + 9):
                assert pixel(f, x, yy) in (FELT, GOLD), (x, yy)
