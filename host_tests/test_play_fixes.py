"""What a new player ran into (issue 17), each as the player meets it: amounts typed out
of range, the svara join offer, the people/bots rows, the red END key and Exit, the
question before a saved match is replaced, and the small things (the last game's help
line, the full stop, * before the deal, longer names, the joker at the showdown).
The key sequences are the issue's, run headless as tools/sim.py runs them."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import bench_play  # noqa: E402
import i18n  # noqa: E402
import simcore  # noqa: E402
from drivers import keys as K  # noqa: E402
from drivers.display import BACK, FELT, FELT_DARK, GOLD  # noqa: E402
from test_play import pixel, play  # noqa: E402

class _Words:
    """The current language's words by name (T.AT_MOST), looked up at each use: a
    language switched by another test closes the words it replaced."""

    def __getattr__(self, name):
        return getattr(i18n.strings(), name)


T = _Words()


def run(seed, text):
    r = bench_play.CPythonPlay(seed)
    for c in simcore.parse_keys(text):
        r.key(c)
    return r


def acts(r):
    """Record every action played from now on: a list of (seat, action, amount)."""
    p = r.app.play
    out = []
    act = p.act

    def record(seat, action, amount):
        out.append((seat, action, amount))
        return act(seat, action, amount)
    p.act = record
    return out


def help_line(r):
    """The help line's pixels (y 139..147)."""
    f = r.frame()
    return [pixel(f, x, y) for y in range(139, 148) for x in range(128)]


def drawn_help(text):
    """The help line as it looks saying `text`."""
    from drivers.simdisplay import SimDisplay
    from ui import draw
    d = SimDisplay()
    draw.help_line(d, text)
    f = d.frame_bytes()
    return [pixel(f, x, y) for y in range(139, 148) for x in range(128)]


# --- 1. amounts out of range ------------------------------------------------------------

def test_an_amount_typed_over_the_most_becomes_the_most_and_says_so():
    r = run(11, "OK SL OK OK DOWN 1 0 0")
    t = r.app.screen
    lo, hi = t.legal[t.sel][1:]
    assert (lo, hi) == (2, 97)
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


# --- 2. the svara join offer ------------------------------------------------------------

JOIN = ("OK RIGHT RIGHT DOWN LEFT LEFT LEFT SL OK DOWN RIGHT OK OK OK 6 OK OK UP OK OK "
        "CALL OK OK")


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


def writer_small():
    from ui import draw
    return draw.small()


# --- 4. people and bots -----------------------------------------------------------------

def test_bots_stop_at_nine_and_never_turn_into_a_hot_seat_game():
    r = run(1, "OK DOWN" + " RIGHT" * 9)
    cfg = r.app.cfg
    assert (cfg[0], cfg[1]) == (1, 9)
    r.key(K.LEFT)
    for _ in range(12):
        r.key(K.LEFT)
    assert (cfg[0], cfg[1]) == (1, 1), "alone, at least one bot"
    r.key(K.UP)
    for _ in range(12):
        r.key(K.RIGHT)
    assert (cfg[0], cfg[1]) == (10, 0)
    r.key(K.LEFT)
    assert (cfg[0], cfg[1]) == (9, 0)
    r.key(K.DOWN)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    assert (cfg[0], cfg[1]) == (9, 1)


# --- 5. the red END key and Exit --------------------------------------------------------

def test_end_on_the_title_and_exit_leave_the_game():
    r = run(1, "END")
    assert r.trace() == "off" and r.app.done
    r.key(K.OK)
    assert r.trace() == "title" and not r.app.done
    r.key(K.D0 + 6)                        # the sixth row: Exit
    assert r.trace() == "off" and r.app.done


def test_end_on_the_showdown_svara_and_game_over_goes_to_the_title():
    for kind, name in (("showdown", "bots4"), ("svara", "hotseat3")):
        _, traces, _ = play(name)
        seed, codes = __import__("test_play").script(name)
        i = next(k for k, t in enumerate(traces) if t.startswith(kind))
        r = bench_play.CPythonPlay(seed)
        for c in codes[:i]:
            r.key(c)
        assert r.trace().startswith(kind)
        r.key(K.END)
        assert r.trace() == "title"
        r.key(K.OK)                         # Continue (selected): the match goes on
        assert r.app.play is not None and not r.trace().startswith("title")
    _, traces, _ = play("hotseat2")
    seed, codes = __import__("test_play").script("hotseat2")
    i = next(k for k, t in enumerate(traces) if t.startswith("gameover"))
    r = bench_play.CPythonPlay(seed)
    for c in codes[:i]:
        r.key(c)
    r.key(K.END)
    assert r.trace() == "title"


# --- 6. a saved match, kept chips, settings during a match ---------------------------------

def test_new_game_asks_before_replacing_a_saved_match():
    r = run(1, "OK SL END OK")               # a match, left with END: saved
    p = r.app.play
    assert r.trace() == "title" and p is not None
    r.key(K.D0 + 1)                          # New game
    r.key(K.SL)                              # Start: asked first
    assert r.trace().endswith(" replace?")
    r.key(K.END)                             # no: back to the list, the match kept
    assert r.trace().startswith("newgame") and not r.trace().endswith("replace?")
    assert r.app.play is p
    r.key(K.SL)
    r.key(K.OK)                              # yes: a new match
    assert r.app.play is not p and r.trace().startswith("table")


def test_without_a_saved_match_new_game_starts_at_once():
    r = run(1, "OK SL")
    assert r.trace().startswith("table")


def test_the_stack_row_says_people_bring_their_kept_chips():
    r = bench_play.CPythonPlay(1)
    r.app.players = {"names": ["Ana"], "chips": [57]}
    for c in (K.OK, K.DOWN, K.DOWN, K.DOWN):        # New game, the Stack row
        r.key(c)
    assert r.app.screen.help == T.STACK_KEPT
    assert help_line(r) == drawn_help(T.STACK_KEPT)
    r.key(K.DOWN)
    assert r.app.screen.help == T.HELP_OPTIONS


def test_settings_during_a_match_say_what_applies_when():
    r = run(1, "OK SL END OK")               # a match in progress
    p = r.app.play
    assert p.level == 0 and p.ticks == 20
    r.key(K.D0 + 3)                          # Settings: bot level, then pace
    assert r.app.screen.help == T.HELP_OPTIONS      # the level applies at once
    r.key(K.RIGHT)                           # level normal
    r.key(K.DOWN)
    r.key(K.RIGHT)                           # pace fast
    r.key(K.DOWN)                            # the joker: for the next new game
    assert r.app.screen.help == T.NEXT_MATCH
    assert help_line(r) == drawn_help(T.NEXT_MATCH)
    r.key(K.SL)                              # Done
    assert (p.level, p.ticks) == (1, 6), "level and pace apply to the match at once"
    assert p.cfg[2] == 1 and p.cfg[11] == 2, "and are kept in its save"


# --- 9. small things --------------------------------------------------------------------

def test_the_last_games_result_does_not_promise_a_next_game():
    _, traces, _ = play("hotseat2")
    seed, codes = __import__("test_play").script("hotseat2")
    i = next(k for k, t in enumerate(traces) if t.startswith("gameover"))
    r = bench_play.CPythonPlay(seed)
    for c in codes[:i - 1]:
        r.key(c)
    assert r.trace().startswith("showdown")
    assert r.app.screen.help == T.HELP_LAST
    assert help_line(r) == drawn_help(T.HELP_LAST)
    r2 = run(1, "OK SL" + " CALL" * 6)
    while not r2.trace().startswith("showdown"):
        r2.key(K.CALL)
    assert r2.app.screen.help == T.HELP_NEXT


def test_the_small_fonts_full_stop_is_a_dot_not_a_cross():
    from ui import font_5x8 as F
    i = (ord(".") - 32) * F.HEIGHT
    rows = F.BITMAPS[i:i + F.HEIGHT]
    widest = max(bin(r).count("1") for r in rows)
    assert widest <= 2 and rows[F.HEIGHT - 1] == 0, [bin(r) for r in rows]
    assert sum(bin(r).count("1") for r in rows) >= 3


def test_chances_before_the_deal_say_when_they_come():
    from svara.game import BLINDS
    r = run(11, "OK SL OK OK OK OK")
    assert r.app.play.game.phase == BLINDS and r.trace().startswith("table turn")
    r.key(K.STAR)
    assert r.app.message == T.NO_CHANCES
    assert help_line(r) == drawn_help(T.NO_CHANCES)


def test_names_of_seven_letters_fit_and_show_whole_at_the_table():
    from ui import writer
    for name in ("Dimitar", "Георги"):
        assert writer.good_name(name), name
    r = bench_play.CPythonPlay(1)
    r.app.players = {"names": ["Dimitar"], "chips": []}
    r.key(K.OK)
    r.key(K.SL)
    f = r.frame()
    assert r.app.play.name(0) == "Dimitar"
    # The name's ink ends before the state column (x 45) and spans 7 letters' width.
    ink = [x for x in range(0, 45) for y in range(10, 22) if pixel(f, x, y) == 0]
    assert ink and max(ink) >= 9 + 6 * 5 and max(ink) < 45


def test_the_joker_is_marked_at_the_showdown():
    r = run(1, "OK SL")
    while not r.trace().startswith("showdown"):
        r.key(K.CALL)
    p = r.app.play
    shown = p.game.showdown
    assert p.match.rules.joker and shown
    seat = shown[0][0]
    p.shown[3 * seat] = 0                     # the 7 of clubs in the first shown hand
    r.app.screen.draw(r.app.fb)
    f = r.frame()
    y = 17                                    # the first row's cards from x 42
    edge = [pixel(f, x, y) for x in range(42, 42 + 17)]
    assert edge.count(GOLD) == 17, "a gold edge on the joker"
    other = [pixel(f, x, y) for x in range(42 + 19, 42 + 19 + 17)]
    assert GOLD not in other, "none on the card beside it"


# --- features: bet presets ----------------------------------------------------------------

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


# --- features: bots' moves as pop-ups ------------------------------------------------------

def until_pop(r, limit=2000):
    """Idle the app (OK on the person's turns) until a bot's pop-up shows; the number
    of idle calls it took."""
    for n in range(limit):
        if r.trace().startswith("table turn"):
            r.app.key(K.OK)
        r.app.idle()
        if r.trace().startswith("table pop"):
            return n
    raise AssertionError("no pop-up: " + r.trace())


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
        assert held == settings.POP_TICKS[pace]
        assert r.display.shown <= shown + 1, "held without redrawing"
    assert settings.POP_TICKS[0] > settings.POP_TICKS[1] > settings.POP_TICKS[2] >= 50


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
    if a == 0 and p.last_blinds:
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


# --- features: the history of a game, the menu during play ---------------------------------

BOTS4_17 = "OK DOWN DOWN DOWN LEFT LEFT SL" + " OK" * 10     # to a showdown of three hands


def test_the_showdowns_history_tells_the_game_from_the_engines_log():
    from svara import log
    r = run(5, BOTS4_17)
    assert r.trace().startswith("showdown")
    g = r.app.play.game
    data = log.dump(g)
    n_actions = len(log.actions(data, log.header(data)[1]))
    r.key(K.SR)
    h = r.app.screen
    assert r.trace() == "history game=7 rows=%d top=0" % len(h.rows)
    kinds = [row[0] for row in h.rows]
    assert kinds.count(0) == n_actions                       # every action, in order
    shows = [row for row in h.rows if row[0] == 1]
    # Your deal (you play alone), then the three hands shown, with their points.
    assert [(row[1], row[2]) for row in shows[1:]] == list(g.showdown)
    for row in shows[1:]:
        assert tuple(row[3:]) == tuple(g.hands[row[1]])
    assert h.rows[-1] == (3, g.winner, g.won)
    r.key(K.OK)                                             # back to the result
    assert r.trace().startswith("showdown")


def test_the_history_shows_no_card_the_table_did_not():
    r = run(5, BOTS4_17)
    for _ in range(6):                                      # a few games on
        r.key(K.OK)
        while r.trace().startswith("table turn"):
            r.key(K.OK)
        if r.trace().startswith("showdown"):
            r.key(K.SR)
            g = r.app.play.game
            shown = set(s for s, p in (g.showdown or ()))
            for row in r.app.screen.rows:
                if row[0] == 1:
                    assert row[1] in shown or row[1] == 0, row
            r.key(K.OK)


def test_the_history_scrolls_and_keeps_the_last_games_in_the_save():
    import checkutil
    from checkutil import CuttingFS
    from store import Store
    from drivers.simdisplay import SimDisplay
    fs = CuttingFS()
    app = checkutil.phone(fs, 5, SimDisplay())

    def press(*codes):
        checkutil.press(app, codes)
    press(*simcore.parse_keys(BOTS4_17))
    press(K.SR)
    first = app.trace()
    press(K.LEFT)                                           # the game before
    assert app.trace() != first and "game=6" in app.trace(), app.trace()
    press(K.LEFT, K.LEFT)                                   # three kept: 5 6 7, and 7
    assert "game=5" in app.trace(), app.trace()             # is this one
    press(K.LEFT)
    assert "game=5" in app.trace()
    kept = Store("saves", fs=fs).load("history")
    assert [e[1] for e in kept] == [5, 6, 7]
    press(K.RIGHT, K.RIGHT, K.RIGHT)
    assert "game=7" in app.trace()
    # A long game kept (raises to and fro, no cap): the rows scroll, a page with 8 / 2.
    import binascii
    from svara import Game, RAISE, CALL, log
    from svara.rules import Rules
    g = Game([500, 500, 500, 500], 0, Rules(raise_cap=None, blinds=False), seed=3)
    level = 0
    for _ in range(30):
        level += 1
        g.act(RAISE, level)
    g.act(CALL)
    app.hist.append([1, 99, binascii.hexlify(log.dump(g)).decode()])
    press(K.LEFT)
    h = app.screen
    rows = len(h.rows)
    assert "game=99" in app.trace() and rows > 24
    frame = app.display.frame_bytes()
    press(K.DOWN)
    assert h.top == 1 and app.display.frame_bytes() != frame
    press(K.D0 + 8)
    assert h.top == 13
    for _ in range(rows):
        press(K.DOWN)
    assert h.top == rows - 12                               # the last row at the bottom
    press(K.D0 + 2, K.D0 + 2, K.D0 + 2)
    assert h.top == 0
    press(K.UP)
    assert h.top == 0
    # After a restart the kept games are read back.
    again = checkutil.phone(fs, 5, SimDisplay())
    assert [e[1] for e in again.hist] == [5, 6, 7]


def test_the_menu_during_play_comes_back_to_the_match():
    r = run(5, "OK DOWN DOWN DOWN LEFT LEFT SL")
    while not r.trace().startswith("table turn"):
        r.key(K.OK)
    before = r.app.play
    r.key(K.SR)
    assert r.trace() == "playmenu 0"
    r.key(K.OK)                                             # back to the game
    assert r.trace().startswith("table turn") and r.app.play is before
    r.key(K.SR)
    r.key(K.D0 + 3)                                         # the rules
    assert r.trace() == "rules 0"
    r.key(K.END)
    assert r.trace().startswith("table turn")
    r.key(K.SR)
    r.key(K.D0 + 5)                                         # the language row
    assert r.trace().startswith("settings 11")
    r.key(K.RIGHT)
    assert i18n.current() == "bg"
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    r.key(K.RIGHT)
    assert i18n.current() == "en"
    r.key(K.END)
    assert r.trace().startswith("table turn") and r.app.play is before
    r.key(K.SR)
    r.key(K.D0 + 2)                                         # the history
    assert r.trace().startswith("history game=1")
    r.key(K.END)
    assert r.trace().startswith("table turn")
    r.key(K.SR)
    r.key(K.D0 + 6)                                         # quit to the title
    assert r.trace() == "title" and r.app.play is before
    r.key(K.D0 + 3)                                         # Settings from the title:
    r.key(K.END)                                            # back to the title
    assert r.trace() == "title"


# --- features: four colours and large suits ------------------------------------------------

def test_the_four_colour_deck_and_the_sound_are_settings_kept_between_runs():
    import checkutil
    from checkutil import CuttingFS
    from store import Store
    from drivers.simdisplay import SimDisplay
    from drivers.display import BLUE, FELT_DARK as CLUB_GREEN, INK, RED
    import settings
    from ui import draw
    fs = CuttingFS()
    try:
        app = checkutil.phone(fs, 5, SimDisplay())

        def press(*codes):
            checkutil.press(app, codes)
        press(K.D0 + 3)                                  # Settings
        for _ in range(8):
            press(K.DOWN)                                # the Four colours row
        assert app.trace().startswith("settings 8")
        assert [draw.suit_colour(s) for s in range(4)] == [INK, RED, RED, INK]
        press(K.RIGHT)
        assert settings.FOUR[0] == 1
        assert [draw.suit_colour(s) for s in range(4)] == [CLUB_GREEN, BLUE, RED, INK]
        assert Store("saves", fs=fs).load("settings")["four"] == 1
        settings.FOUR[0] = 0                               # as after a power cut
        again = checkutil.phone(fs, 5, SimDisplay())
        assert settings.FOUR[0] == 1
        # The Sound row below: low (the default), then high, off, low; saved as "vol".
        assert app.volume == 1
        press(K.DOWN, K.RIGHT)
        assert app.trace().startswith("settings 9") and app.volume == 2
        assert Store("saves", fs=fs).load("settings")["vol"] == 2
        press(K.RIGHT)
        assert app.volume == 0
        again = checkutil.phone(fs, 5, SimDisplay())
        assert again.volume == 0
    finally:
        settings.FOUR[0] = 0


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


# --- features: shorter matches ----------------------------------------------------------------

def test_a_match_with_rising_antes_ends_in_tens_of_games():
    import settings
    try:
        r = run(7, "OK UP UP")                          # New game: the Ante doubles row
        assert r.trace().startswith("newgame 11")
        assert settings.RISE_GAMES[settings.RISE[0]] == 10  # the default
        r.key(K.RIGHT)                                  # every 5 games
        assert settings.RISE_GAMES[settings.RISE[0]] == 5
        r.key(K.SL)                                     # you and three bots, stack 100
        antes = set()
        for _ in range(3000):
            t = r.trace()
            if t.startswith("gameover"):
                break
            p = r.app.play
            antes.add(p.match.rules.ante)
            if t.startswith("table turn"):
                legal = [a for a, lo, hi in r.app.screen.legal]
                r.key(K.CALL if 1 in legal else K.OK)
            else:
                r.key(K.OK)
        assert r.trace().startswith("gameover"), r.trace()
        games = r.app.play.games
        assert 10 <= games < 100, games
        assert {1, 2, 4, 8} <= antes                    # doubled every five games
        assert max(antes) <= 2 ** ((games - 1) // 5)
    finally:
        settings.RISE[0] = 1                              # the default, every 10 games
