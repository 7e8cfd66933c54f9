"""The table during play (issue 17): amounts typed out of range, the bet presets of #, the
svara join offer, * before the deal, and the bots' moves as pop-ups on their rows.
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
from ui_helpers import T, run, acts, help_line, drawn_help, JOIN, writer_small, until_pop  # noqa: E402


def test_an_amount_typed_over_the_most_becomes_the_most_and_says_so():
    r = run(11, "OK SL OK OK DOWN 1 0 0")
    t = r.app.screen
    lo, hi = t.legal[t.sel][1:]
    assert (lo, hi) == (5, 97)
    assert t.amount == 97, "100 typed over a limit of 97 is 97, not 0 or the least"
    assert help_line(r) == drawn_help(T.AT_MOST % 97)
    played = acts(r)
    r.key(K.OK)
    assert played[0] == (0, 2, 97)          # raised to 97, not to 2


def test_a_blind_typed_under_the_least_is_not_played_but_set_to_the_least():
    r = run(11, "OK SL OK OK OK OK DOWN 5 0")
    t = r.app.screen
    lo, hi = t.legal[t.sel][1:]
    assert t.amount == hi, "50 over the most: the most (not 'Blind 0')"
    r.key(K.D0)                             # a fresh 0 after the note: Blind 0
    r.key(K.D0 + 0)
    assert t.amount == 0 < lo
    played = acts(r)
    r.key(K.OK)                             # not played: set to the least, and said
    assert r.app.screen is t and t.amount == lo and not played
    assert help_line(r) == drawn_help(T.AT_LEAST % lo)
    r.key(K.OK)                             # now it is played
    assert played[0][2] == lo


def test_the_join_offer_hides_the_cards_points_level_and_action_of_the_game_before():
    r = run(5, JOIN)
    assert r.trace().startswith("table turn turn=0"), r.trace()
    from svara.game import JOINING
    g = r.app.play.game
    assert g.phase == JOINING and not g.tied(0)       # P1 is asked to join
    f = r.frame()
    for k in range(3):                                 # three card backs
        assert pixel(f, 2 + 17 * k + 8, 99 + 16) == BACK
    assert all(pixel(f, x, y) == FELT for x in range(2, 58) for y in range(131, 139)), \
        "no points line: the cards were not dealt to P1"
    assert all(pixel(f, x, y) == FELT_DARK for x in range(44, 84) for y in range(1, 8)), \
        "no level in the header: the level was the game before's"
    from drivers.simdisplay import SimDisplay
    from ui import writer
    d = SimDisplay()
    d.fill_rect(0, 90, 128, 9, FELT_DARK)
    writer.text(d, T.YOUR_TURN % "P1", 2, 90, GOLD, writer_small())
    want = d.frame_bytes()
    assert [pixel(f, x, y) for y in range(90, 99) for x in range(128)] == \
        [pixel(want, x, y) for y in range(90, 99) for x in range(128)], \
        "the message says it is P1's turn, not the game before's last action"


def test_chances_before_the_deal_say_when_they_come():
    from svara.game import BLINDS
    r = run(11, "OK SL OK OK OK OK")
    assert r.app.play.game.phase == BLINDS and r.trace().startswith("table turn")
    r.key(K.STAR)
    assert r.app.message == T.NO_CHANCES
    assert help_line(r) == drawn_help(T.NO_CHANCES)


def test_hash_steps_through_the_most_half_the_pot_and_the_pot():
    r = run(11, "OK SL OK OK DOWN")            # Raise selected, a bet open (bug 1's deal)
    t = r.app.screen
    g = r.app.play.game
    action, lo, hi = t.legal[t.sel]
    level, pot, call = g.level, g.pot, g.to_call
    want = (hi, min(hi, max(lo, level + (pot + call) // 2)),
            min(hi, max(lo, level + pot + call)))
    for k in range(3):
        r.key(K.HASH)
        assert t.amount == want[k], (k, t.amount, want)
        assert help_line(r) == drawn_help(T.PRESETS[k])
    r.key(K.HASH)                               # round again
    assert t.amount == want[0]
    played = acts(r)
    r.key(K.OK)
    assert played[0] == (0, action, want[0])


def test_a_bots_move_shows_on_its_row_as_long_as_the_pace_says():
    import settings
    for pace in (0, 1, 2):
        r = bench_play.CPythonPlay(3)
        r.key(K.OK)                          # New game: you and three bots
        r.app.cfg[11] = pace
        r.app.key(K.SL)
        until_pop(r)
        p = r.app.play
        seat = p.last_seat
        assert p.is_bot(seat)
        f = r.frame()
        y = 10 + 12 * seat                   # the bot's row, boxed in gold from x 43
        assert pixel(f, 43, y) == GOLD and pixel(f, 127, y + 11) == GOLD
        assert pixel(f, 60, y + 5) in (0, GOLD)
        shown = r.display.shown
        held = 0
        while r.trace().startswith("table pop"):
            assert r.app.idle() and (r.app.timed or not r.trace().startswith("table pop"))
            held += 1
        assert held == settings.PACE_POP[pace], "10 ms of the virtual clock an idle()"
        assert r.display.shown <= shown + 1, "held without redrawing"
    assert settings.PACE_POP[0] > settings.PACE_POP[1] > settings.PACE_POP[2] >= 50


def test_the_pop_up_says_the_move_in_words():
    r = bench_play.CPythonPlay(3)
    r.key(K.OK)
    r.app.key(K.SL)
    until_pop(r)
    p = r.app.play
    assert p.game.n <= 6                     # rows of 12 pixels
    from drivers.simdisplay import SimDisplay
    from ui import writer
    a = p.last_action
    if a == 0 and p.last_round == 1:
        text = T.POP_NO_BLIND
    elif a == 2 and p.last_open:
        text = T.POP_OPEN % p.last_amount
    elif a in (2, 3):
        text = T.POP[a] % p.last_amount
    else:
        text = T.POP[a]
    d = SimDisplay()
    h = 12
    y = 10 + h * p.last_seat
    d.fill_rect(43, y, 85, h, 0)
    d.rect(43, y, 85, h, GOLD)
    writer.text(d, text, 46, y + 2, GOLD, writer_small())
    want = d.frame_bytes()
    f = r.frame()
    assert [pixel(f, x, yy) for yy in range(y, y + h) for x in range(43, 128)] == \
        [pixel(want, x, yy) for yy in range(y, y + h) for x in range(43, 128)]


def test_the_first_games_at_the_defaults_come_to_your_turn():
    # Issue 43, 11: you and three Easy bots at the defaults, app seed 5, OK on every
    # screen: games 2, 3 and 4 ended "Everyone passed: the dealer takes it" straight
    # after "next game", before your turn. Now each of the first ten comes to it.
    r = run(5, "OK SL")
    ended = []
    while r.app.play.games <= 10:
        before = r.trace()
        r.key(K.OK)
        if before.startswith(("showdown", "svara")) and r.trace().startswith("showdown"):
            ended.append(r.app.play.games)
    assert not ended, ended
