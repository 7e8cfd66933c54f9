# The history of a game: the antes, every action by name (blinds, bets, calls, passes,
# joins), the hands shown at each showdown with their points, each svara and who won,
# read from the engine's log (svara.log) by replaying it. Only what the table showed:
# the cards shown at a showdown, and your own deal when you play alone.
# Opened from the showdown (right soft key) and from the menu during play. The game
# in progress (or just finished) first; LEFT/RIGHT go to the games before it that the
# "history" save keeps (saving.HISTORY_KEEP of them in app.hist, each its log in hex
# with the people count and game number: saving.keep_history adds a game counted).
# UP/DOWN scroll a row, digits 2/8 a page; OK, END or a soft key go back to the match.
from drivers import keys
from i18n import held
import settings
from ui import draw, writer
from ui.draw import F5
from ui.screen import Screen, open_screen, resume

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BACK = const(18)
_W_DID = const(29)
_W_DID_NO_BLIND = const(30)
_W_DID_OPEN = const(31)
_W_GAME_NO = const(35)
_W_HELP_HISTORY = const(48)
_W_HISTORY = const(65)
_W_HIST_ANTE = const(66)
_W_HIST_CALL = const(67)
_W_HIST_NONE = const(68)
_W_HIST_NO_JOIN = const(69)
_W_SVARA_TIE = const(143)
_W_WINS = const(150)
_W_YOU_WIN = const(156)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_CARD = const(6)
_GOLD = const(10)
_ORANGE = const(12)
_LIGHT = const(14)
_NOTHING = const(0)
_REDRAW = const(2)

T = held(__name__)
_TOP = const(16)
_ROW = const(10)
_ROWS = const(12)           # rows on the screen, y 16..135
_ACT = const(0)             # (0, seat, what, amount): what = the action (svara.PASS..),
                            # or 5 an open, 6 no blind, 7 no join; a call's amount paid
_SHOW = const(1)            # (1, seat, points, c0, c1, c2)
_TIE = const(2)             # (2, points)
_WIN = const(3)             # (3, seat, won)
_ANTE = const(4)            # (4, pot)


def rows(data, people, alone):
    """(the rows of a game from its dump (see the _ACT.. kinds), its rules' joker)."""
    from svara import log
    from svara.game import BLINDS, CALL, Game, JOINING, PASS, RAISE
    out = []
    (stacks, dealer, rules, deck, seed), i = log.header(data)

    def watch(g, what):
        if what == "deal":
            if alone and g.is_in(0):
                h = g.hands[0]
                out.append((_SHOW, 0, g.points(0), h[0], h[1], h[2]))
            return
        if alone and out[-1][0] == _SHOW:   # shown at once, no action since your deal:
            out.pop()                       # the showdown's row of you says it
        best = 0
        for s, p in g.showdown:
            h = g.hands[s]
            out.append((_SHOW, s, p, h[0], h[1], h[2]))
            best = p if p > best else best
        if len([1 for s, p in g.showdown if p == best]) > 1:
            out.append((_TIE, best))

    # The antes first: the game may be dealt and shown inside Game() (no open bet fits).
    ante = rules.ante
    out.append((_ANTE, ante * len([1 for s in stacks if s >= ante])))
    g = Game(stacks, dealer, rules, deck, seed, watch)
    for action, amount in log.actions(data, i):
        s = g.to_act
        what = action
        if action == PASS and g.phase == BLINDS:
            what = 6
        elif action == PASS and g.phase == JOINING:
            what = 7
        elif action == RAISE and not g.opened:
            what = 5
        elif action == CALL:
            amount = g.to_call
        out.append((_ACT, s, what, amount))
        g.act(action, amount if action != CALL else 0)
    if g.winner is not None:
        out.append((_WIN, g.winner, g.won))
    return out, rules.joker


class History(Screen):
    """History(app): the match's current game, then the kept ones with LEFT."""

    name = "history"
    help = T[_W_HELP_HISTORY]

    def __init__(self, app):
        super().__init__(app)
        self.back = 0               # 0: the game of app.play; k: the k-th kept from the end
        self.top = 0
        self._load()

    def _load(self):
        app = self.app
        p = app.play
        h = app.hist
        self.rows = ()
        self.number = 0
        self.joker = True
        self.most = 0
        try:
            # A finished game of the match is already the last kept one: not twice.
            skip = 1 if p is not None and p.counted and h and h[-1][1] == p.games else 0
            self.most = len(h) - skip
            if self.back == 0 and p is not None and p.game is not None:
                from svara import log
                data = log.dump(p.game)
                self.people = p.people
                self.number = p.games
            elif 0 < self.back <= self.most:
                import binascii
                e = h[len(h) - skip - self.back]
                self.people = int(e[0])
                self.number = int(e[1])
                data = binascii.unhexlify(e[2])
            else:
                return
            self.rows, self.joker = rows(data, self.people, self.people == 1)
        except (ValueError, IndexError, KeyError, TypeError, AttributeError):
            # A damaged kept entry (loading.py checks them; app.hist may hold anything):
            # shown as none.
            self.rows = ()
            self.number = 0
            self.people = 1

    def trace(self):
        return "history game=%d rows=%d top=%d" % (self.number, len(self.rows), self.top)

    def _name(self, seat):
        p = self.app.play
        if p is not None and p.people == self.people:
            return p.name(seat)
        return settings.seat_name((), seat, self.people)

    def draw(self, fb):
        fb.fill(_FELT)
        draw.title_band(fb, T[_W_HISTORY])
        if self.number:
            draw.right(fb, T[_W_GAME_NO] % self.number, 126, 3, _LIGHT, F5)
        rows = self.rows
        if not rows:
            draw.center(fb, T[_W_HIST_NONE], 60, _LIGHT, F5)
        for k in range(self.top, min(len(rows), self.top + _ROWS)):
            self._row(fb, rows[k], _TOP + (k - self.top) * _ROW)
        if len(rows) > _ROWS:                   # where the screen is in the list
            n = len(rows)
            y = _TOP + (_ROWS * _ROW - 8) * self.top // (n - _ROWS)
            fb.fill_rect(126, y, 2, 8, _GOLD)
        draw.bottom(fb, T[_W_HELP_HISTORY], "", T[_W_BACK])

    def _row(self, fb, r, y):
        kind = r[0]
        if kind == _ANTE:
            writer.text(fb, T[_W_HIST_ANTE] % r[1], 2, y + 1, _LIGHT, F5)
        elif kind == _ACT:              # as the table's message line says it
            what = r[2]
            who = self._name(r[1])
            if what == 6:
                text = T[_W_DID_NO_BLIND] % who
            elif what == 7:
                text = T[_W_HIST_NO_JOIN] % who
            elif what == 5:
                text = T[_W_DID_OPEN] % (who, r[3])
            elif what == 1:
                text = T[_W_HIST_CALL] % (who, r[3])
            elif what == 2 or what == 3:
                text = T[_W_DID][what] % (who, r[3])
            else:
                text = T[_W_DID][what] % who
            writer.text(fb, text, 2, y + 1, _CARD if r[1] < self.people else _LIGHT, F5)
        elif kind == _SHOW:
            writer.text(fb, self._name(r[1]), 2, y + 1, _CARD, F5)
            draw.mini_hand(fb, 42, y, r, 3, self.joker)
            draw.right(fb, "%d" % r[2], 123, y + 1, _GOLD, F5)
        elif kind == _TIE:
            writer.text(fb, T[_W_SVARA_TIE] % r[1], 2, y + 1, _ORANGE, F5)
        elif self.people == 1 and r[1] == 0:
            writer.text(fb, T[_W_YOU_WIN] % r[2], 2, y + 1, _GOLD, F5)
        else:
            writer.text(fb, T[_W_WINS] % (self._name(r[1]), r[2]), 2, y + 1, _GOLD, F5)

    def key(self, code):
        n = len(self.rows)
        if code == keys.UP or code == keys.DOWN or code == keys.D0 + 2 or code == keys.D0 + 8:
            step = 1 if code == keys.DOWN else -1 if code == keys.UP else (
                _ROWS if code == keys.D0 + 8 else -_ROWS)
            top = self.top + step
            top = min(top, n - _ROWS)
            top = max(top, 0)
            if top == self.top:
                return _NOTHING
            self.top = top
            return _REDRAW
        if code == keys.LEFT or code == keys.RIGHT:
            b = self.back + (1 if code == keys.LEFT else -1)
            if b < 0 or b > self.most:
                return _NOTHING
            self.back = b
            self.top = 0
            self._load()
            return _REDRAW
        if code == keys.OK or code == keys.END or code == keys.SR or code == keys.SL:
            p = self.app.play
            if p is None:
                return open_screen(self.app, "title", "Title", 0)
            return resume(self.app)
        return _NOTHING
