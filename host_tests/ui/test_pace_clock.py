"""Issue 23: the bots' pace is the clock's, not a count of idle() calls. However often the
loop calls idle() (a fast processor, or one that takes 37 ms a frame), a bot thinks and
its move stays on its row as long as Bot pace says; while it thinks a frame is drawn
only when its dots move; a key during a bot's pause skips it, and never plays the
person's turn it leads to."""
import pytest

from tools.bench import play as bench_play
from drivers import keys as K
import settings
from ui_helpers import acts


class Clock:
    """time.ticks_ms as a test moves it."""

    def __init__(self, now=5000):
        self.now = now

    def __call__(self):
        return self.now


def clocked(pace=1, seed=3):
    """You and three bots (New game's defaults) at Bot pace `pace`, on a test clock."""
    r = bench_play.CPythonPlay(seed)
    r.key(K.OK)                             # New game
    r.app.cfg[settings.PACE] = pace
    clock = Clock()
    r.app.clock = clock
    r.app.key(K.SL)                         # Play
    return r, clock


def mode(r):
    t = r.trace()
    return t.split()[1] if t.startswith("table") else t


def until(r, clock, want, step, limit=100000):
    """Idle every `step` ms (OK on your turns, once a guard is past) until the table's
    mode is `want`; the clock's time then."""
    for _ in range(limit):
        if mode(r) == want:
            return clock.now
        if mode(r) == "turn":
            clock.now += 400
            r.app.key(K.OK)
            continue
        clock.now += step
        r.app.idle()
    raise AssertionError("never %s: %s" % (want, r.trace()))


@pytest.mark.parametrize("step", [1, 7, 37])
def test_a_bot_thinks_and_shows_its_move_as_long_as_the_pace_says_at_any_call_rate(step):
    for pace in (0, 1, 2):
        r, clock = clocked(pace)
        p = r.app.play
        until(r, clock, "pop", step)        # past the first bot, so that the next think
        begun = until(r, clock, "think", step)  # starts at a known idle() call
        shown = r.display.shown
        popped = until(r, clock, "pop", step)
        thought = popped - begun
        assert p.think_ms <= thought < p.think_ms + step, (pace, step, thought)
        assert p.think_ms == settings.PACE_THINK[pace] * 10
        # a frame only when the dots move (every 100 ms), and the bot's move: not a frame
        # an idle() call (at 1 ms a call, 200 calls of thinking at the normal pace)
        assert r.display.shown - shown <= p.think_ms // 40 + 2, r.display.shown - shown
        while mode(r) == "pop":
            clock.now += step
            r.app.idle()
        held = clock.now - popped
        assert p.pop_ms <= held < p.pop_ms + step, (pace, step, held)
        assert p.pop_ms == settings.PACE_POP[pace] * 10


def test_a_key_skips_a_bots_thinking_and_then_its_pop_up():
    r, clock = clocked(0)                   # slow: 0.4 s thinking, 1.6 s on its row
    until(r, clock, "think", 10)
    seat = r.app.play.game.to_act
    before = len(r.app.play.game.log)
    r.app.key(K.D0 + 5)                     # any key but END and the right soft key
    assert mode(r) == "pop" and r.app.play.last_seat == seat
    assert len(r.app.play.game.log) == before + 1, "the bot played at once"
    r.app.key(K.DOWN)
    assert mode(r) != "pop", "the pop-up went at once"


def test_end_and_the_menu_key_still_do_what_they_say_during_a_bots_pause():
    r, clock = clocked(0)
    until(r, clock, "think", 10)
    r.app.key(K.END)
    assert mode(r) == "quit"
    r.app.key(K.END)                        # no: back to the bot's thinking
    assert mode(r) == "think"


def test_keys_pressed_to_hurry_the_bots_never_play_your_turn():
    r, clock = clocked(0)
    until(r, clock, "think", 10)
    played = acts(r)
    you = r.app.play.viewer
    # OK pressed every 50 ms: each skips a pause, until your turn comes
    for _ in range(100):
        if mode(r) == "turn":
            break
        clock.now += 50
        r.app.key(K.OK)
    assert mode(r) == "turn", r.trace()
    assert all(seat != you for seat, _, _ in played), played
    for _ in range(5):                      # the same hurry goes on for a moment:
        clock.now += 50                     # OK, the green key, the left soft key
        for code in (K.OK, K.CALL, K.SL):
            r.app.key(code)
        assert mode(r) == "turn" and all(seat != you for seat, _, _ in played), played
    clock.now += 300                        # 0.3 s after the last skip: OK plays
    r.app.key(K.OK)
    assert played and played[-1][0] == you, played


def test_keys_pressed_to_hurry_the_last_bot_do_not_close_the_result_unseen(monkeypatch):
    # You pass your hand, then press OK every 50 ms to hurry the bots that play the game
    # out: the key that skips the last bot's pop-up brings the result, and the next
    # presses of the same hurry leave it on the screen; 0.3 s after that skip OK goes on.
    no_ask = bytearray(settings.PREF_DEFAULTS)
    no_ask[settings._ASK_PASS] = 0                  # no "pass a good hand?"
    monkeypatch.setattr(settings, "PREF_DEFAULTS", bytes(no_ask))
    for seed in range(3, 20):
        r, clock = clocked(0, seed)
        until(r, clock, "think", 10)
        for _ in range(2000):
            if r.app.screen.name != "table" or r.trace().startswith("opening"):
                break
            if mode(r) == "turn":
                clock.now += 400
                r.app.key(K.UP)             # Pass
            clock.now += 50
            r.app.key(K.OK)
        assert r.trace().startswith("opening"), r.trace()
        if r.app.skipped == clock.now:      # (else your pass ended the game: next seed)
            break
    else:
        raise AssertionError("no seed's game ended on a skipped pop-up")
    for _ in range(5):
        clock.now += 50
        for code in (K.OK, K.SL, K.CALL):
            r.app.key(code)
        assert r.app.screen.name in ("showdown", "svara"), r.trace()
    name = r.app.screen.name
    clock.now += 300
    r.app.key(K.OK)
    assert r.app.screen.name != name or r.trace().startswith("opening"), r.trace()


def test_the_keys_runs_keep_their_virtual_clock_of_10_ms_an_idle_call():
    r = bench_play.CPythonPlay(3)
    assert r.app.clock is None
    now = r.app.now
    r.app.idle()
    r.app.idle()
    assert r.app.now - now == 20


def test_the_loop_calls_idle_only_when_a_dot_a_move_or_a_step_of_the_pot_is_due():
    # main.py sleeps app.wait ms after a timed idle() (a bot's thinking or pop-up, the
    # pot's slide): a moment earlier idle() would have had nothing to do, and at that
    # moment it has something (a frame, or the next state). So a 1.1 s pop-up costs one
    # call of the handset's CPU, not one every 30 ms.
    for pace in (0, 1, 2):
        r, clock = clocked(pace, seed=5)
        app = r.app
        woken = early = pops = pop_calls = slides = 0
        for _ in range(3000):
            if mode(r) == "turn":
                clock.now += 400
                app.key(K.OK)
                continue
            if r.app.screen.name in ("showdown", "svara", "gameover") and not app.timed:
                slides += 1
                if slides > 3:
                    break
                clock.now += 400
                app.key(K.OK)
                continue
            changed = app.idle()
            if not app.timed:
                clock.now += 10
                continue
            assert changed and app.wait > 0, (r.trace(), app.wait)
            before = (r.trace(), r.display.shown)
            popping = mode(r) == "pop"
            if app.wait > 1:
                clock.now += app.wait - 1
                assert app.idle() and (r.trace(), r.display.shown) == before, before
                early += 1
                clock.now += 1
            else:
                clock.now += app.wait
            app.idle()
            assert (r.trace(), r.display.shown) != before, ("nothing due", before)
            woken += 1
            if popping:
                pop_calls += 1
                pops += mode(r) != "pop"
        assert slides > 3 and pops > 5 and early > 10, (slides, pops, early)
        assert pop_calls == pops, "each pop-up ended at the one call its wait said"


def test_each_call_of_the_pots_slide_draws_a_step_of_it():
    # A step of the pot's slide says when the next one is due with its own frame
    # (app.timed, app.wait), so main.py's loop calls idle() once a step: none only to
    # learn the wait (each such call is tens of thousands of the handset's instructions).
    # The first call on the result may learn it (the result came by a switch); after
    # that every call draws, and the pot reaches the winner when the pace says.
    for pace in (0, 1, 2):
        r, clock = clocked(pace, seed=5)
        app = r.app
        for _ in range(5000):
            s = app.screen
            if s.name == "showdown" and s.kind == 0 and s.step == 0:
                break
            if mode(r) == "turn" or s.name in ("showdown", "svara", "gameover"):
                clock.now += 400
                app.key(K.OK)
                continue
            app.idle()
            clock.now += app.wait if app.timed else 10
        else:
            raise AssertionError("no game's result: " + r.trace())
        s = app.screen
        t0 = s.t0
        idle_only = steps = 0
        while True:
            before = (s.step, r.display.shown)
            changed = app.idle()
            if not app.timed:           # the last step: drawn, and nothing after it
                assert changed and s.step == 8 and r.display.shown == before[1] + 1
                steps += 1
                assert not app.idle() and not app.timed
                break
            if (s.step, r.display.shown) == before:
                idle_only += 1
            else:
                assert s.step > before[0] and r.display.shown == before[1] + 1
                steps += 1
            assert app.wait > 0
            clock.now += app.wait
        assert idle_only <= 1, (pace, idle_only, steps)
        assert steps == 8, (pace, steps)
        slide = settings.PACE_POT[pace] * 10
        assert slide <= clock.now - t0 <= slide + 2, (pace, clock.now - t0, slide)


def test_a_bot_first_after_a_deal_thinks_from_the_key_that_dealt():
    # The key on a result deals the next game; what that key and the table's opening
    # cost on the handset (the game's end saved, the deal, the table's frame) falls within
    # the first bot's thinking: it acts when the pace says from the key, not that much
    # later (the key's work is 50 ms of the clock here).
    r, clock = clocked(1, seed=5)
    app = r.app
    tried = 0
    for _ in range(20000):
        s = app.screen
        if getattr(s, "kind", -1) == 0 and s.step == 8 and not app.timed:
            clock.now += 400
            dealt = clock.now
            app.key(K.OK)                   # the next game: a Later to the table
            clock.now += 50                 # the key's work
            app.idle()                      # the table opens
            if mode(r) != "think":
                continue
            think = app.play.think_ms
            while mode(r) == "think":
                clock.now += 5
                app.idle()
            assert mode(r) == "pop", r.trace()
            assert dealt + think <= clock.now <= dealt + think + 5, (clock.now - dealt, think)
            tried += 1
            if tried == 3:
                break
            continue
        if mode(r) == "turn" or s.name in ("svara", "gameover"):
            clock.now += 400
            app.key(K.OK)
            continue
        app.idle()
        clock.now += app.wait if app.timed else 10
    assert tried == 3, (tried, r.trace())


def ten_seats(pace=1, seed=5):
    """You and nine bots at Bot pace `pace`, on a test clock (New game: Bots up to 9)."""
    r = bench_play.CPythonPlay(seed)
    r.key(K.OK)                             # New game
    r.app.cfg[settings.PACE] = pace
    r.app.cfg[settings.BOTS] = 9
    clock = Clock()
    r.app.clock = clock
    r.app.key(K.SL)                         # Play
    return r, clock


def test_one_key_hurries_every_bot_to_your_turn_each_move_still_shown():
    # Issue 43, 7: at the normal pace a bot's move holds 1.3 s, nine of them 12 s; one
    # key during them hurries them all (none thinks, each pop-up 0.15 s): each move still
    # shows on its row, and is in the game; your turn is never played by it.
    r, clock = ten_seats()
    p = r.app.play
    you = p.viewer
    while p.game.to_act == you or mode(r) != "think":     # a bot round before your turn
        if mode(r) == "turn":
            clock.now += 400
            r.app.key(K.OK)
        clock.now += 10
        r.app.idle()
    played = acts(r)
    popped = []
    begun = clock.now
    r.app.key(K.OK)                                      # once
    for _ in range(100000):
        if mode(r) == "pop" and (not popped or popped[-1] != len(played)):
            popped.append(len(played))
        if mode(r) == "turn" or r.app.screen.name != "table":
            break
        clock.now += 10
        r.app.idle()
    took = clock.now - begun
    bots = [seat for seat, _, _ in played]
    assert len(bots) >= 4 and you not in bots, played
    assert popped == list(range(1, len(bots) + 1)), (popped, bots)   # each one shown
    assert took <= 160 * len(bots) + 20, (took, len(bots))
    assert took < p.pop_ms * len(bots) / 4
    if mode(r) == "turn":                                # the same hurry's next press
        for code in (K.OK, K.CALL, K.SL):
            r.app.key(code)
        assert mode(r) == "turn" and you not in [s for s, _, _ in played], played
        clock.now += 300
        r.app.key(K.OK)                                  # later, OK plays as ever
        assert played[-1][0] == you, played


def test_the_hurry_ends_at_your_turn():
    r, clock = ten_seats()
    p = r.app.play
    until(r, clock, "think", 10)
    r.app.key(K.OK)
    until(r, clock, "turn", 10)
    clock.now += 400
    r.app.key(K.OK)                                      # you play: the bots think again
    while mode(r) != "think":                            # (in this game or the next)
        if r.trace().startswith(("showdown", "svara")) or mode(r) == "turn":
            clock.now += 400
            r.app.key(K.OK)
        else:
            clock.now += 10
            r.app.idle()
    begun = r.app.screen.t0                              # (from the key that dealt)
    until(r, clock, "pop", 1)
    assert clock.now - begun >= p.think_ms and not r.app.screen.hurry
