# After the betting: the result of a game (the shown cards and points of every player
# still in, or why nobody showed; the pot moving to the winner), the svara screen when
# the best points tie, and the game-over screen with the standings and "Play again /
# Title". The pot moves in idle(): eight steps, each redrawing one line, paced by the
# clock (settings.PACE_POT by the Bot pace setting: the result's saves and drawing are
# made within it, and the loop sleeps between the steps). The red END key
# asks "leave this game?" as the table does (OK leaves for the title, the match saved:
# Continue comes back to it; END stays); on game over it goes to the title at once (the
# match is over). The right soft key opens the game's history (ui/history.py), which
# comes back here.
import settings
from drivers import keys
from i18n import held
from ui import draw, writer
from ui.draw import F5
from ui.screen import Screen, hurried, open_screen, resume, ticks_diff

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_AGAIN = const(8)
_W_GAME_OVER = const(36)
_W_GAME_TITLE = const(37)
_W_HELP_AGAIN = const(42)
_W_HELP_LAST = const(50)
_W_HELP_NEXT = const(54)
_W_HELP_QUIT = const(57)
_W_HELP_SVARA = const(61)
_W_HISTORY = const(65)
_W_MATCH_WON = const(73)
_W_NEXT = const(81)
_W_NO = const(83)
_W_PLAY = const(102)
_W_POT = const(108)
_W_QUIT_ASK = const(111)
_W_SELECT = const(122)
_W_SHOWDOWN = const(125)
_W_SVARA = const(137)
_W_SVARA_FREE = const(138)
_W_SVARA_JOIN = const(139)
_W_SVARA_POT = const(141)
_W_SVARA_TIE = const(142)
_W_WHY = const(147)
_W_WHY_2 = const(148)
_W_WINS = const(149)
_W_YES = const(150)
_W_YOU_OUT = const(154)
_W_YOU_WIN = const(155)
_W_YOU_WON = const(156)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_BLACK = const(0)
_FELT = const(2)
_FELT_DARK = const(3)
_CARD = const(6)
_GOLD = const(10)
_ORANGE = const(12)
_LIGHT = const(14)
_WIDTH = const(128)
_END_SHOWDOWN = const(4)
_NOTHING = const(0)
_SHOW = const(1)
_REDRAW = const(2)
_BUSY = const(3)
_SENT = const(4)

T = held(__name__)
RESULT = const(0)
SVARA = const(1)
OVER = const(2)
_ROW = const(12)
_TOP = const(17)
_STEPS = const(8)


class Showdown(Screen):
    """Showdown(app, kind, t0=-1): the result of a game, a svara, or the end of the match."""

    name = "showdown"

    def __init__(self, app, kind, t0=-1):
        super().__init__(app)
        self.p = app.play
        self.kind = kind
        self.step = 0 if kind == RESULT else _STEPS
        # The pot's slide starts as the game's result is known (t0: app.now then, when the
        # table let go of the game), so that the result's saves and drawing are within it.
        self.t0 = app.now if t0 < 0 else t0
        self.x0 = -1                        # where the chip starts (_pot), once drawn
        self.who = ""                       # the winner's name, once drawn
        self.sel = 0
        self.asking = False         # "leave this game?" over the screen (END)
        self.help = (T[_W_HELP_NEXT], T[_W_HELP_SVARA], T[_W_HELP_AGAIN])[kind]
        if kind == RESULT and self.p.over():
            self.help = T[_W_HELP_LAST]         # no next game: the match's result comes
        if kind == SVARA:
            self.name = "svara"
        elif kind == OVER:
            self.name = "gameover"

    def enter(self):
        if self.kind != OVER:
            self.app.beep(3 if self.kind == SVARA else 2)    # drivers/buzzer.py SVARA, WIN

    def trace(self):
        g = self.p.game
        st = g.stacks if g is not None else self.p.match.stacks
        return "%s winner=%s stacks=%s%s" % (self.name, self.p.winner() if self.kind == OVER
                                             else (g.winner if g is not None else None),
                                             ",".join(["%d" % s for s in st]),
                                             " quit" if self.asking else "")

    def draw(self, fb):
        fb.fill(_FELT)
        if self.kind == SVARA:
            self._svara(fb)
        elif self.kind == OVER:
            self._over(fb)
        else:
            self._result(fb)
        if self.asking:
            draw.ask(fb, T[_W_QUIT_ASK], T[_W_HELP_QUIT], T[_W_YES], T[_W_NO])

    # --- the result of a game ------------------------------------------------------------

    def _result(self, fb):
        p = self.p
        g = p.game
        if p.you(g.winner):                 # "You" as the pot's label says, else the name
            text = T[_W_YOU_WIN] % g.won
        else:
            text = T[_W_WINS] % (p.name(g.winner), g.won)
        if g.ending == _END_SHOWDOWN:
            shown = g.showdown
            # Eight hands or more leave no room below them: the winner's line takes the
            # title's place, the rows close up, and the pot slides just above the help.
            crowded = len(shown) > 7
            draw.title_band(fb, text if crowded else T[_W_SHOWDOWN])
            y = self._hands(fb, shown, g.winner, _TOP - 2 if crowded else _TOP,
                            _ROW - 1 if crowded else _ROW)
            if crowded:
                self.pot_y = y
                self.x0 = -1
                self._pot(fb)
                draw.bottom(fb, self.help, T[_W_NEXT], T[_W_HISTORY])
                return
        else:
            draw.title_band(fb, T[_W_GAME_TITLE] % p.games)
            draw.center(fb, T[_W_WHY][g.ending], _TOP + 8, _LIGHT, F5)
            draw.center(fb, T[_W_WHY_2][g.ending], _TOP + 18, _LIGHT, F5)
            y = _TOP + 36
        self.pot_y = y + 6
        draw.center(fb, text, y + 24, _GOLD)
        self.x0 = -1                        # the pot's line drawn whole
        self._pot(fb)
        draw.bottom(fb, self.help, T[_W_NEXT], T[_W_HISTORY])

    def _hands(self, fb, shown, winner, y, step):
        """Rows of name, cards and points for each (seat, points) shown, from y, `step`
        apart; the y after."""
        p = self.p
        for seat, points in shown:
            if seat == winner:
                fb.fill_rect(0, y - 1, _WIDTH, step, _GOLD)
            ink = _BLACK if seat == winner else _CARD
            writer.text(fb, p.name(seat), 2, y + 1, ink, F5)
            draw.mini_hand(fb, 42, y, p.shown, 3 * seat, p.match.rules.joker)
            draw.right(fb, "%d" % points, _WIDTH - 3, y + 1, ink, F5)
            y += step
        return y

    def _pot(self, fb):
        """The pot on its way: a chip moving from 'Pot n' (the pot won, all along: not
        "Pot 0" once it moved) to the winner's stack, which counts it in."""
        g = self.p.game
        y = self.pot_y
        x0 = self.x0
        if x0 < 0:          # the whole line: the pot's label stays, the name is kept
            fb.fill_rect(0, y, _WIDTH, 14, _FELT)
            x0 = self.x0 = writer.text(fb, T[_W_POT] % g.won, 2, y + 3, _LIGHT, F5) + 8
            self.who = self.p.name(g.winner)
        else:               # a step: the chip's way and the winner's count drawn again
            fb.fill_rect(x0 - 6, y, _WIDTH - x0 + 6, 14, _FELT)
        moved = g.won * self.step // _STEPS
        who = "%s %d" % (self.who, g.stacks[g.winner] - g.won + moved)
        x1 = _WIDTH - 2 - writer.width(who, F5)
        writer.text(fb, who, x1, y + 3, _GOLD, F5)
        x = x0 + (x1 - 8 - x0) * self.step // _STEPS
        fb.ellipse(x, y + 6, 5, 5, _GOLD, True)
        fb.ellipse(x, y + 6, 5, 5, _ORANGE)

    def idle(self):
        if self.step >= _STEPS or self.asking:  # (the pot waits under the question)
            return _NOTHING
        ms = settings.PACE_POT[self.p.cfg[settings.PACE]] * 10
        app = self.app
        t = ticks_diff(app.now, self.t0)
        k = t * _STEPS // ms if ms > 0 else _STEPS
        if k > self.step:
            self.step = k if k < _STEPS else _STEPS
            self._pot(app.fb)
            y = self.pot_y                  # the pot's line alone changed: sent here
            app.show_rows(y, y + 14)
            if k >= _STEPS:
                return _SENT                # the pot is the winner's: the slide is over
            # the next step's time said with this frame (timed as a BUSY answer is): no
            # idle() call only to learn it
            app.timed = True
            answer = _SENT
        else:
            answer = _BUSY                  # the next step's time has not come
        app.wait = ((self.step + 1) * ms + _STEPS - 1) // _STEPS - t    # when it does
        return answer

    # --- a svara -------------------------------------------------------------------------

    def _svara(self, fb):
        p = self.p
        g = p.game
        fb.fill_rect(0, 0, _WIDTH, 14, _FELT_DARK)
        draw.center(fb, T[_W_SVARA], 1, _ORANGE)
        cards, tied, pot = p.tie
        best = 0
        for seat, points in tied:
            if points > best:
                best = points
        draw.center(fb, T[_W_SVARA_TIE] % best, _TOP, _LIGHT, F5)
        y = _TOP + 12
        for seat, points in tied:
            if points == best:
                writer.text(fb, p.name(seat), 2, y + 1, _CARD, F5)
                draw.mini_hand(fb, 42, y, cards, 3 * seat, p.match.rules.joker)
                draw.right(fb, "%d" % points, _WIDTH - 3, y + 1, _GOLD, F5)
                y += _ROW
        draw.center(fb, T[_W_SVARA_POT] % pot, y + 4, _GOLD, F5)
        others = 0
        for i in range(g.n):
            if g.seated(i) and not g.tied(i):
                others += 1
        if not others:
            pass
        elif g.buy_in:
            draw.center(fb, T[_W_SVARA_JOIN] % g.buy_in, y + 14, _LIGHT, F5)
        else:
            draw.center(fb, T[_W_SVARA_FREE], y + 14, _LIGHT, F5)
        draw.bottom(fb, T[_W_HELP_SVARA], T[_W_PLAY], T[_W_HISTORY])

    # --- game over -----------------------------------------------------------------------

    def _over(self, fb):
        p = self.p
        draw.title_band(fb, T[_W_GAME_OVER])
        w = p.winner()
        st = p.game.stacks if p.game is not None else p.match.stacks
        if w < p.people:
            text = T[_W_YOU_WON] if p.people == 1 else T[_W_MATCH_WON] % p.name(w)
        elif p.people == 1:
            text = T[_W_YOU_OUT]
        else:
            text = T[_W_MATCH_WON] % p.name(w)
        draw.center(fb, text, _TOP, _GOLD, F5)
        y = _TOP + 12
        step = 9 if len(st) < 10 else 8     # ten rows end above "Play again"
        for i in range(len(st)):
            ink = _GOLD if i == w else (_CARD if st[i] else _LIGHT)
            writer.text(fb, p.name(i), 20, y, ink, F5)
            draw.right(fb, "%d" % st[i], _WIDTH - 20, y, ink, F5)
            y += step
        for i in range(2):
            self._choice(fb, i)
        draw.bottom(fb, T[_W_HELP_AGAIN], T[_W_SELECT], T[_W_HISTORY])

    def _choice(self, fb, i):
        draw.menu_row(fb, 112 + i * 13, 13, T[_W_AGAIN][i], i == self.sel, F5)

    # --- keys ----------------------------------------------------------------------------

    def key(self, code):
        app = self.app
        p = self.p
        if self.asking:                     # "leave this game?", as the table asks it
            if code == keys.OK or code == keys.SL:
                return open_screen(app, "title", "Title", 1)
            if code == keys.END or code == keys.SR:
                self.asking = False
                return _REDRAW
            return _NOTHING
        if hurried(app, code):              # a key pressed twice to hurry the last bot
            return _NOTHING
        if code == keys.END:
            if self.kind == OVER:           # the match is over: nothing to come back to
                return open_screen(app, "title", "Title", 0)
            self.asking = True
            return _REDRAW
        if code == keys.SR:
            if self.kind == SVARA:
                p.svaras_seen -= 1          # back from the history: this screen again
            return open_screen(app, "history", "History")
        if self.kind == OVER:
            if code == keys.UP or code == keys.DOWN:
                self.sel ^= 1
                self._choice(app.fb, 0)
                self._choice(app.fb, 1)
                return _SHOW
            if code == keys.OK or code == keys.SL:
                app.play = None
                if self.sel == 0:
                    from session import new_match
                    new_match(app)
                    return resume(app)
                return open_screen(app, "title", "Title")
            return _NOTHING
        if code != keys.OK and code != keys.SL:
            return _NOTHING
        if self.kind == SVARA:
            return resume(app)
        if p.over():
            p.end_match()
            return Showdown(app, OVER)
        if p.next_game() is None:           # (the engine's own end of the match)
            p.end_match()
            return Showdown(app, OVER)
        return resume(app)
