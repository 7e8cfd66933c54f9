"""The next match and the statistics (issue 25): item 17, every match starts everyone
with the Stack setting (you won 77 against three bots at 20: Play again sat you at 77
against bots at 20, with no note); the statistics a Svara player reaches for: a
profit/loss line, each person's own figures in hot-seat play, a reset that asks first;
and item 22's handset part, "Biggest pot" labelled as what it counts, the biggest pot
a person won. The key scripts of host_tests/keys, run headless as `python -m tools.sim`
runs them; the words checked are the ones the screens draw."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from drivers import keys as K  # noqa: E402
import settings  # noqa: E402
from conftest import play  # noqa: E402
from ui_helpers import T, drawing, help_line, drawn_help  # noqa: E402

NET = 7                     # settings._NET: the profit/loss
P_NET = 4                   # settings._P_NET: a person's


def _drawn(r, code):
    """The strings the screen draws after `code` (None: a redraw of the screen)."""
    return [w[0] for w in drawing(r, code)]


# --- item 17: the Stack setting for everyone -------------------------------------------

def test_play_again_after_winning_seats_everyone_with_the_stack_setting():
    r, traces, _ = play("bots4")                     # you win 77 against three bots at 20
    assert traces[-1] == "gameover winner=0 stacks=77,2,0,1", traces[-1]
    r.key(K.OK)                                      # Play again
    p = r.app.play
    assert p.match.stacks == [20, 20, 20, 20], p.match.stacks
    assert r.trace().startswith("table") and p.game.start == (20, 20, 20, 20)


def test_a_new_game_after_a_match_left_unfinished_starts_level_too():
    from tools.bench import play as bench_play
    from conftest import script
    _, traces, _ = play("bots4")
    seed, codes = script("bots4")
    i = next(k for k, t in enumerate(traces) if t.startswith("showdown"))
    r = bench_play.CPythonPlay(seed)
    for c in codes[:i]:                              # to the first result: a game won
        r.key(c)
    assert r.app.play.game.stacks[0] != 20, r.trace()
    for code in (K.END, K.D0 + 1, K.SL, K.OK):       # to the title; New game: replace it
        r.key(code)
    assert r.app.play.match.stacks == [20, 20, 20, 20], r.app.play.match.stacks


# --- the statistics --------------------------------------------------------------------

def test_the_profit_loss_is_what_you_won_and_biggest_pot_says_won():
    r, _, _ = play("bots4")
    st = r.app.stats
    assert st[NET] == 77 - 20, st                     # you came with 20, left with 77
    assert st[settings.N_STATS:] == [1, 1, 29, st[3], 57], st    # and "You"'s own figures
    r.key(K.DOWN)                                    # the game over's Title row
    r.key(K.OK)
    seen = _drawn(r, K.D0 + 5)                       # Statistics
    assert r.trace() == "stats " + " ".join("%d" % v for v in st[:settings.N_STATS])
    assert "Biggest pot won" in seen and "Biggest pot" not in seen, seen
    assert "Profit/loss" in seen and "+57" in seen, seen
    assert T.STAT_NAMES[6] == "Biggest pot won"
    # One person: no page of their own (the first page is theirs).
    assert "1/1" in seen
    r.key(K.RIGHT)
    assert r.trace().startswith("stats %d " % st[0])


def test_each_person_has_a_page_of_their_own_in_hot_seat_play():
    r, traces, _ = play("hotseat2")                  # P2 wins 40 to 0
    assert traces[-1] == "gameover winner=1 stacks=0,40", traces[-1]
    for code in (K.DOWN, K.OK):
        r.key(code)
    seen = _drawn(r, K.D0 + 5)
    assert "1/3" in seen, seen
    pages = []
    for _ in range(3):
        pages.append(r.trace())
        seen = _drawn(r, K.RIGHT)
    assert pages[1:] == ["stats P1 1 0 1 0 -20", "stats P2 1 1 1 1 20"], pages
    assert r.trace() == pages[0]                     # round to the first page
    r.key(K.LEFT)
    seen = _drawn(r, None)
    assert "P2" in seen and "+20" in seen and "3/3" in seen, seen
    assert T.STAT_NAMES[7] in seen and T.STAT_NAMES[4] not in seen      # a person's rows


def test_reset_asks_first_and_puts_every_figure_back_to_0():
    r, _, _ = play("hotseat2")
    for code in (K.DOWN, K.OK, K.D0 + 5):
        r.key(code)
    before = list(r.app.stats)
    seen = _drawn(r, None)
    assert T.RESET in seen                           # the left soft key says it
    r.key(K.SL)
    assert r.trace().endswith(" reset?")
    assert help_line(r) == drawn_help(T.HELP_RESET)
    r.key(K.END)                                     # no: kept
    assert r.app.stats == before and not r.trace().endswith("reset?")
    r.key(K.RIGHT)                                   # from a person's page
    r.key(K.SL)
    r.key(K.OK)                                      # yes
    assert r.app.stats == [0] * settings.N_STATS, r.app.stats
    assert r.trace() == "stats " + " ".join(["0"] * settings.N_STATS)
    assert "1/1" in _drawn(r, None)
    r.key(K.OK)                                      # back to the title
    assert r.trace() == "title"
