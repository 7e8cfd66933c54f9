# The table: every seat in a row (dealer mark, name, state, stack; gold is whose turn),
# the pot, level and ante on top, the game's number and the ante's doubling, the message
# line, the viewer's three cards with their points, and on a person's turn the legal
# actions (chosen with UP/DOWN, the chips with LEFT/RIGHT, digits or the # presets;
# OK plays, the green key calls; * shows the chances). Bots play in idle(), by the clock
# (app.now): one acts once Session.think_ms have passed, then its action shows as a
# pop-up for Session.pop_ms; a key skips either and hurries the bots after it till a
# person's turn (each pop-up _HURRY_MS), and for ui/screen.GUARD_MS after it the keys
# that play do nothing (ui/screen.hurried). Only the parts that changed are drawn
# (_parts). With two or more people a cover hides the cards until the next person
# presses OK. The keys and what each screen of a match shows: docs/UI.md.
from drivers import keys
import i18n
import settings
from ui import draw, screen, writer
from ui.draw import F5

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_ACT_BLIND = const(0)
_W_ACT_CALL = const(1)
_W_ACT_JOIN = const(2)
_W_ACT_NO_BLIND = const(3)
_W_ACT_OPEN = const(4)
_W_ACT_PASS = const(5)
_W_ACT_RAISE = const(6)
_W_ANTE = const(10)
_W_ANTE_DOUBLED = const(11)
_W_ANTE_IN = const(12)
_W_ANTE_NEXT = const(13)
_W_ANTE_NOW = const(14)
_W_AT_LEAST = const(16)
_W_AT_MOST = const(17)
_W_COVER_NOTE = const(25)
_W_COVER_TITLE = const(26)
_W_COVER_TO = const(27)
_W_DID = const(29)
_W_DID_NO_BLIND = const(30)
_W_DID_OPEN = const(31)
_W_HIST_NO_JOIN = const(69)
_W_FOLD_ASK = const(33)
_W_GAME_NO = const(35)
_W_HELP_CHIPS = const(44)
_W_HELP_COVER = const(45)
_W_HELP_FOLD = const(46)
_W_HELP_ODDS = const(55)
_W_HELP_QUIT = const(57)
_W_HELP_TURN = const(62)
_W_HELP_TURN_FIXED = const(63)
_W_HELP_WAIT = const(64)
_W_LEVEL = const(71)
_W_MENU_KEY = const(75)
_W_NO = const(83)
_W_NO_CALL = const(86)
_W_NO_CARDS = const(88)
_W_NO_CHANCES = const(89)
_W_ODDS = const(91)
_W_ODDS_NOTE = const(92)
_W_ODDS_PCT = const(93)
_W_PLAY = const(102)
_W_POINTS = const(104)
_W_POP = const(105)
_W_POP_NO_BLIND = const(106)
_W_POP_OPEN = const(107)
_W_POT = const(108)
_W_PRESETS = const(109)
_W_QUIT = const(110)
_W_QUIT_ASK = const(111)
_W_SHOW = const(124)
_W_ST_ASKED = const(130)
_W_ST_BET = const(131)
_W_ST_BLIND = const(132)
_W_ST_IN = const(133)
_W_ST_NO_JOIN = const(162)
_W_ST_OUT = const(134)
_W_ST_PASSED = const(135)
_W_ST_TIED = const(136)
_W_SVARA_MARK = const(140)
_W_THINKING = const(144)
_W_YES = const(150)
_W_YOUR_TURN = const(152)
_W_YOUR_TURN_1 = const(153)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_BLACK = const(0)
_FELT = const(2)
_FELT_DARK = const(3)
_RED = const(4)
_CARD = const(6)
_GREY = const(8)
_DARK = const(9)
_GOLD = const(10)
_ORANGE = const(12)
_LIGHT = const(14)
_WIDTH = const(128)
_BLINDS = const(0)
_PASS = const(0)
_BETTING = const(1)
_CALL = const(1)
_JOINING = const(2)
_RAISE = const(2)
_BLIND = const(3)
_NOTHING = const(0)
_SHOW = const(1)
_REDRAW = const(2)
_BUSY = const(3)

T = i18n.held(__name__)
_TURN = const(0)     # a person chooses an action
_THINK = const(1)    # a bot is thinking
_COVER = const(2)    # the cards are hidden until the next person presses OK
_QUIT = const(3)     # "leave this game?"
_POP = const(4)      # a bot's action shows on its row for a moment
_ASK = const(5)      # "pass a good hand?" (settings' _ASK_PASS)
_ASK_PASS = const(3)     # the preference (settings.PREFS[_ASK_PASS]): ask before passing

_SEATS_Y = const(10)
_MSG_Y = const(90)
_CARDS_Y = const(99)
_POINTS_Y = const(131)
_INFO_Y = const(82)         # the ante's line: below the rows of up to nine seats
_ACT_X = const(60)
_ACT_ROW = const(13)
_STATE_X = const(47)        # the state column: 3 pixels clear of the longest name
_NAME_END = const(44)       # a seat's name is clipped to end by x 44 (no name the names
                            # screen allows is cut: settings.NAME_W, seven letters)
_NAME_W = const(33)         # a seat's name in 6x12 from x 11; a wider one (saving.NAME_W
                            # allows 7 letters) is drawn in 5x8 from x 9, ending by x 44;
                            # in the 5x8 rows of seven seats or more from x 8
_POP_X = const(43)          # a bot's pop-up box, from here to the screen's edge
_DOTS_MS = const(100)       # the thinking dots: one more every 100 ms, four in a cycle
_HURRY_MS = const(150)      # a bot's pop-up in a hurry (a key during the bots' moves)
# What need not be drawn again, as drawn (Table.drawn, one list: an instance of 15 names
# has a dict of 17 slots, 136 bytes; with these six as names its 21 took 23, 184 bytes,
# a hole the heap in pieces often had not): the bottom lines, the action rows, the
# header's keys, each seat's row, the message line, the cards (their phase).
_D_BOTTOM = const(0)
_D_ROWS = const(1)
_D_HEAD = const(2)
_D_SEATS = const(3)
_D_LINE = const(4)
_D_CARDS = const(5)


class _Drawing(screen.Screen):
    # The table's drawing, a base of Table: a class's methods are one dict, made anew each
    # time the screen is opened (its module is let go between screens), and two dicts of
    # 23 slots (184 bytes) find holes in a heap in pieces where one of 37 (296) did not
    # (docs/MEMORY.md, rule 4).
    def draw(self, fb):
        mode = self.mode
        d = self.drawn
        d[0] = d[1] = d[2] = d[3] = d[4] = d[5] = None
        if mode == _COVER or (mode == _QUIT and self.back == _COVER):
            self._cover(fb)
            if mode == _QUIT:
                self._ask_quit(fb)
            return
        fb.fill(_FELT)
        self._parts(fb)
        if mode != _ASK:                    # (the same all the game; the question's box
            self._info(fb)                  # covers it)
        if mode == _QUIT:
            self._ask_quit(fb)
        elif mode == _ASK:
            self._ask_pass(fb)
        if mode == _QUIT or mode == _ASK:   # a box over the table: a full draw is due
            self.drawn[_D_HEAD] = None
            self.drawn[_D_ROWS] = None

    def _parts(self, fb):
        """The parts of the table whose keys changed since they were drawn (all of them
        after draw() cleared the keys): the same pixels as a whole draw()."""
        mode = self.mode
        self._header(fb)
        self._seats(fb)
        self._message(fb)
        self._cards(fb)
        self._actions(fb)
        if mode != _QUIT and mode != _ASK:
            self._bottom(fb)
            if mode == _POP:
                self._pop(fb, self.p.last_seat)

    def _bottom(self, fb):
        """The help line and the soft keys; not drawn again when the same are there (no
        message drawn over the help line since: app.says)."""
        turn = self.mode == _TURN
        lo = hi = 0
        if turn:
            lo = self.legal[self.sel][1]
            hi = self.legal[self.sel][2]
        k = (turn, self.odds is None, lo, hi, self.app.says)     # what the lines say
        was = self.drawn[_D_BOTTOM]
        if k == was:
            return
        self.drawn[_D_BOTTOM] = k
        left = T[_W_PLAY]
        if turn and self.odds is not None:
            text = T[_W_HELP_ODDS]
        elif turn:
            text = T[_W_HELP_CHIPS] % (lo, hi) if lo < hi else T[_W_HELP_TURN_FIXED]
        else:
            text = T[_W_HELP_WAIT]
            left = ""
        if was is not None and was[0] == turn:
            draw.help_line(fb, text)        # the soft keys as they are
        else:
            draw.bottom(fb, text, left, T[_W_MENU_KEY])

    def _header(self, fb):
        g = self.p.game
        ante = g.rules.ante
        k = (g.pot, g.level, g.phase, g.svaras, ante)
        if k == self.drawn[_D_HEAD]:
            return
        self.drawn[_D_HEAD] = k
        fb.fill_rect(0, 0, _WIDTH, _SEATS_Y - 1, _FELT_DARK)
        writer.text(fb, T[_W_POT] % g.pot, 2, 1, _GOLD, F5)
        if g.phase != _JOINING:              # the level of the game before the svara: none
            draw.center(fb, T[_W_LEVEL] % g.level, 1, _LIGHT, F5)
        if g.svaras:                        # a svara: no ante paid
            draw.right(fb, T[_W_SVARA_MARK], _WIDTH - 2, 1, _ORANGE, F5)
        else:
            draw.right(fb, T[_W_ANTE] % ante, _WIDTH - 2, 1, _LIGHT, F5)

    def _info(self, fb):
        """The line above the message line, where the seats leave room (nine at most): the
        game's number, then with Ante doubles (New game) the games until the ante
        doubles, or its doubling this game."""
        p = self.p
        g = p.game
        if _SEATS_Y + g.n * (12 if g.n <= 6 else 8) > _INFO_Y:
            return
        x = writer.text(fb, T[_W_GAME_NO] % p.games, 2, _INFO_Y, _LIGHT, F5) + 4
        k = p.rise_in()
        if p.rose():
            writer.text(fb, T[_W_ANTE_NOW] % g.rules.ante, x, _INFO_Y, _ORANGE, F5)
        elif k:
            writer.text(fb, T[_W_ANTE_NEXT] if k == 1 else T[_W_ANTE_IN] % k, x, _INFO_Y,
                        _LIGHT, F5)

    def _seats(self, fb):
        g = self.p.game
        n = g.n
        big = n <= 6
        font = None if big else F5
        h = 12 if big else 8
        cw = 6 if big else 5
        stacks = g.stacks
        bets = g.bets
        keys = self.drawn[_D_SEATS]
        if keys is None:
            keys = self.drawn[_D_SEATS] = [-1] * (2 * n)
        # what _state reads, in two small integers a row (its stack and turn; its state's
        # bits, its bet and the game's phase): _state only for a row drawn again
        every = (g.phase == _JOINING) << 4 | g.opened << 5
        for i in range(n):
            y = _SEATS_Y + i * h
            turn = i == g.to_act
            k = stacks[i] * 2 + turn
            w = g.flags(i) | every | bets[i] << 6
            if keys[2 * i] == k and keys[2 * i + 1] == w:
                continue
            keys[2 * i] = k
            keys[2 * i + 1] = w
            ink, w, arg = self._state(g, i, bets)
            text = T[w]
            fb.fill_rect(0, y, _WIDTH, h, _GOLD if turn else _FELT)
            if i == g.dealer:
                fb.fill_rect(1, y, cw + 1, h, _CARD if not turn else _BLACK)
                writer.text(fb, "D", 2, y, _BLACK if not turn else _GOLD, font)
            name_ink = _BLACK if turn else (_CARD if i < self.p.people else _LIGHT)
            if ink == _DARK and not turn:
                name_ink = _GREY
            name = self.p.name(i)
            if big and writer.width(name) > _NAME_W:    # a long typed name: 5x8
                writer.text(fb, name, 9, y + 2, name_ink, F5, -1, _NAME_END)
            else:
                writer.text(fb, name, 11 if big else 8, y, name_ink, font, -1, _NAME_END)
            writer.text(fb, text % arg if arg >= 0 else text, _STATE_X, y,
                        _BLACK if turn else ink, font)
            draw.right(fb, "%d" % stacks[i], _WIDTH - 2, y, _BLACK if turn else _GOLD, font)

    def _state(self, g, i, bets):
        """(colour, its word's number, number or -1) of a seat's state."""
        if not g.seated(i):
            return _DARK, _W_ST_OUT, -1
        if g.phase == _JOINING:
            if g.tied(i):
                return _ORANGE, _W_ST_TIED, -1
            if not g.is_in(i):              # asked (before the one asked now), or not
                d = g.dealer + 1
                n = g.n
                if (i - d) % n < (g.to_act - d) % n or g.stacks[i] < g.buy_in:
                    return _GREY, _W_ST_NO_JOIN, -1
                return _GREY, _W_ST_ASKED, -1
            if not g.tied(i):               # joined: the buy-in (not the tied game's bets)
                return _LIGHT, _W_ST_BET if g.buy_in else _W_ST_IN, g.buy_in or -1
        if not g.is_in(i):
            return _GREY, _W_ST_PASSED, -1
        if g.blinded(i) and not g.opened:   # after the open: what he put in, as the others
            return _ORANGE, _W_ST_BLIND, bets[i]
        if bets[i]:
            return _LIGHT, _W_ST_BET, bets[i]
        return _LIGHT, _W_ST_IN, -1

    def _message(self, fb):
        """The message line: its words when they changed, then in a bot's thinking its
        dots (tick % 4 of three places after the words)."""
        p = self.p
        s = p.game.to_act
        ink = _GOLD
        if self.mode == _THINK:
            text = T[_W_THINKING] % p.name(s)
            ink = _LIGHT
        elif self.mode == _TURN and self.odds is not None:
            text = T[_W_ODDS_NOTE]
        elif self.mode == _TURN and p.last_seat < 0:
            text = T[_W_YOUR_TURN_1] if p.people == 1 else T[_W_YOUR_TURN] % p.name(s)
        elif p.last_seat >= 0:
            text = self._said(_W_DID, _W_DID_NO_BLIND, _W_DID_OPEN, p.name(p.last_seat))
            ink = _LIGHT
        else:
            text = ""
        line = self.drawn[_D_LINE]          # (text, ink, where the dots go or -1) as drawn
        if line is None or line[0] != text or line[1] != ink:
            line = self.drawn[_D_LINE] = (text, ink, writer.width(text, F5) + 4
                                 if self.mode == _THINK else -1)
            fb.fill_rect(0, _MSG_Y, _WIDTH, 9, _FELT_DARK)
            writer.text(fb, text, 2, _MSG_Y, ink, F5)
        if line[2] >= 0:
            self._dots(fb, line[2])

    def _dots(self, fb, x):
        """A bot's thinking dots (tick % 4 of three places) from x on the message line."""
        d = self.tick % 4
        for i in range(3):
            fb.fill_rect(x + 4 * i, _MSG_Y + 5, 2, 2, _GOLD if i < d else _FELT_DARK)

    def _said(self, w, blinds, opened, who):
        """The last action in words: w the tuple of them by action (_W_DID, "<who>
        raises to 8", or _W_POP, the pop-up's "raises to 8"), blinds and opened its
        words for declining a blind and for the open bet; who the name, or None."""
        p = self.p
        a = p.last_action
        n = p.last_amount
        if a == _PASS and p.last_round == 1:
            t = T[blinds]
        elif a == _PASS and p.last_round == 3:  # a svara's join declined, not a fold
            t = T[_W_ST_NO_JOIN] if who is None else T[_W_HIST_NO_JOIN]
        elif a == _RAISE and p.last_open:
            t = T[opened]
        else:
            t = i18n.item(w, a)         # (that word alone: a whole tuple read costs more)
        if a != _RAISE and a != _BLIND:
            return t if who is None else t % who
        return t % n if who is None else t % (who, n)

    def _cards(self, fb):
        p = self.p
        v = p.viewer
        g = p.game
        if g.phase == self.drawn[_D_CARDS]:  # the cards change with the deal (the viewer
            return                          # at a cover: a full draw)
        self.drawn[_D_CARDS] = g.phase
        fb.fill_rect(0, _CARDS_Y, _ACT_X, draw.HELP_Y - _CARDS_Y, _FELT)
        self.drawn[_D_ROWS] = None      # (a long line under them ends at the actions' area:
                                        # _actions fills it after)
        hand = g.view(v).hand() if v >= 0 else None
        if p.game.phase == _JOINING:
            hand = None                     # the cards of the game before: not yours now
        joker = p.match.rules.joker
        for k in range(3):
            x = 2 + 17 * k
            if hand is None:
                draw.card_back(fb, x, _CARDS_Y)
            else:
                c = hand[k]
                draw.card(fb, x, _CARDS_Y, c, joker and c == 0)
        if hand is not None:
            writer.text(fb, T[_W_POINTS] % p.game.points(v), 2, _POINTS_Y, _GOLD, F5)
        elif v >= 0 and p.game.phase == _BLINDS:
            writer.text(fb, T[_W_NO_CARDS], 2, _POINTS_Y, _LIGHT, F5)

    def _actions(self, fb):
        rows = self.drawn[_D_ROWS]
        if self.mode != _TURN or self.odds is not None or rows is None:
            fb.fill_rect(_ACT_X, _CARDS_Y, _WIDTH - _ACT_X, 3 * _ACT_ROW + 1, _FELT)
            rows = self.drawn[_D_ROWS] = [None, None, None] if self.mode == _TURN else None
        if self.mode != _TURN:
            return
        if self.odds is not None:
            self.drawn[_D_ROWS] = None
            self._odds(fb)
            return
        legal = self.legal
        g = self.p.game
        for i in range(len(legal)):
            action, lo, hi = legal[i]
            on = i == self.sel
            y = _CARDS_Y + i * _ACT_ROW
            a = self.amount if on else lo
            if action == _PASS:             # declining a blind is not folding
                text = T[_W_ACT_NO_BLIND] if g.phase == _BLINDS else T[_W_ACT_PASS]
            elif action == _CALL:
                text = T[_W_ACT_CALL] % g.to_call
            elif action == _RAISE:
                text = (T[_W_ACT_RAISE] if g.opened else T[_W_ACT_OPEN]) % a
            elif action == _BLIND:
                text = T[_W_ACT_BLIND] % a
            else:
                text = T[_W_ACT_JOIN] % g.buy_in
            ink = _BLACK if on else _CARD
            if on and not lo <= a <= hi:
                ink = _RED
            was = rows[i]
            if was is not None and was[0] == text and was[1] == ink:
                continue                # the row as it is on the screen
            rows[i] = (text, ink)
            fb.fill_rect(_ACT_X, y, _WIDTH - _ACT_X, _ACT_ROW - 1, _GOLD if on else _FELT_DARK)
            if writer.width(text) <= _WIDTH - _ACT_X - 3:
                writer.text(fb, text, _ACT_X + 3, y, ink)
            else:                       # a longer word in another language: small font
                writer.text(fb, text, _ACT_X + 3, y + 2, ink, F5)

    def _odds(self, fb):
        """The chances in the action area: win, svara, lose, each as a percentage with
        one decimal, the label from x 61 and the number ending at the screen's edge."""
        fb.fill_rect(_ACT_X, _CARDS_Y, _WIDTH - _ACT_X, 3 * _ACT_ROW - 1, _FELT_DARK)
        draw.odds(fb, self.odds, T[_W_ODDS], T[_W_ODDS_PCT], _ACT_X + 1, _WIDTH, _CARDS_Y + 2,
                  _ACT_ROW)

    def _redraw_actions(self):
        fb = self.app.fb
        self._actions(fb)
        self._bottom(fb)
        return _SHOW

    def _cover(self, fb):
        p = self.p
        who = p.name(p.game.to_act)
        fb.fill(_FELT_DARK)
        draw.title_band(fb, T[_W_COVER_TITLE])
        draw.center(fb, T[_W_COVER_TO] % who, 24, _CARD)
        for k in range(3):
            draw.card_back(fb, 31 + 22 * k, 44)
        y = 86
        draw.center(fb, T[_W_COVER_NOTE][0] % who, y, _LIGHT, F5)
        draw.center(fb, T[_W_COVER_NOTE][1], y + 12, _LIGHT, F5)
        draw.center(fb, T[_W_COVER_NOTE][2], y + 22, _LIGHT, F5)
        draw.bottom(fb, T[_W_HELP_COVER], T[_W_SHOW], T[_W_QUIT])

    def _ask_pass(self, fb):
        """The question before passing a hand the chances favour, with its chances (as the
        * key shows them: win, svara, lose)."""
        fb.fill_rect(4, 46, _WIDTH - 8, 46, _BLACK)
        fb.rect(4, 46, _WIDTH - 8, 46, _GOLD)
        draw.center(fb, T[_W_FOLD_ASK], 50, _GOLD, F5)
        draw.odds(fb, self.odds, T[_W_ODDS], T[_W_ODDS_PCT], 24, 104, 61, 10)
        draw.bottom(fb, T[_W_HELP_FOLD], T[_W_YES], T[_W_NO])

    def _ask_quit(self, fb):
        draw.ask(fb, T[_W_QUIT_ASK], T[_W_HELP_QUIT], T[_W_YES], T[_W_NO])


class Table(_Drawing):
    """The card table of the match in app.play."""

    name = "table"
    help = T[_W_HELP_TURN]

    def __init__(self, app, since=-1):
        super().__init__(app)
        self.p = app.play
        self.mode = _TURN
        self.back = _TURN
        self.legal = None
        self.sel = 0
        self.amount = 0
        self.tick = 0               # the thinking dots' step (_DOTS_MS each)
        self.hurry = False          # a key hurried the bots (till a person's turn)
        # when the bot's thinking or pop-up began (app.now); till enter(), when the table
        # was asked for (Session.view: the key that dealt, say), -1 not known
        self.t0 = since
        self.odds = None            # (win, tie, lose) tenths of a percent while shown
        self.preset = -1            # the last # preset chosen (_preset), -1 for none
        # What need not be drawn again (issue 23: a key, a bot's action, the dots and a
        # pop-up's end draw only the parts that changed), by the _D_ numbers: what the
        # bottom lines say, each action row's (text, ink), the keys of the header, each
        # seat's row, the message line and the cards (their phase) as drawn (see
        # _parts); None when a full draw() is due (the header's None: all of them).
        self.drawn = [None, None, None, None, None, None]

    def enter(self):
        since = self.t0
        self._turn()
        if since >= 0 and self.mode == _THINK:
            # A bot that acts first thinks from when the table was asked for: the work of
            # the key that led here (a game's end saved, the deal) and of opening this
            # screen falls within its thinking, not before it.
            self.t0 = since
        p = self.p
        if p.rose() and not p.game.log:     # a game starts with the ante doubled
            self.app.say(T[_W_ANTE_DOUBLED] % p.game.rules.ante)

    def trace(self):
        g = self.p.game
        t = "table %s turn=%s pot=%d level=%d stacks=%s" % (
            ("turn", "think", "cover", "quit", "pop", "ask")[self.mode], g.to_act, g.pot, g.level,
            ",".join(["%d" % s for s in g.stacks]))
        if self.odds is not None:
            t += " chances %d %d %d" % self.odds
        return t

    # --- whose turn ----------------------------------------------------------------------

    def _turn(self):
        """Set the mode for the seat to act: a bot thinks, a person may need the cover."""
        p = self.p
        s = p.game.to_act
        self.tick = 0
        self.t0 = self.app.now
        self.odds = None
        if s is None:
            return
        if p.is_bot(s):
            self.mode = _THINK
            self.help = T[_W_HELP_WAIT]
            return
        self.hurry = False
        if p.viewer != s:
            self.mode = _COVER
            self.help = T[_W_HELP_COVER]
            return
        self.mode = _TURN
        legal = self.legal = p.game.legal()
        ph = p.game.phase
        self.sel = 0
        if ph != _BLINDS and ph != _JOINING and len(legal) > 1:
            self.sel = 1            # call, or the open bet: passing folds
        self.amount = legal[self.sel][1]
        self.typed = False
        self.preset = -1
        self.help = T[_W_HELP_TURN]

    def _after(self):
        """What to show after an action: the svara, the result, or the next turn (the
        parts of the table that changed drawn, or the cover)."""
        g = self.p.game
        if g.to_act is None or g.svaras > self.p.svaras_seen:
            return screen.resume(self.app)
        self._turn()
        if self.mode == _COVER or self.drawn[_D_HEAD] is None:  # (a box was over the table)
            return _REDRAW
        self._parts(self.app.fb)
        return _SHOW

    # --- keys and idle -------------------------------------------------------------------

    def idle(self):
        mode = self.mode
        if mode != _THINK and mode != _POP:
            return _NOTHING
        app = self.app
        t = screen.ticks_diff(app.now, self.t0)
        hurry = self.hurry
        if mode == _POP:
            ms = _HURRY_MS if hurry else self.p.pop_ms
            if t < ms:
                app.wait = ms - t               # nothing to do until the pop-up ends
                return _BUSY
            if hurry:                           # the guard from the turn this brings
                app.skipped = app.now
            self.mode = _TURN
            return self._after()
        ms = 0 if hurry else self.p.think_ms
        if t < ms:
            k = t // _DOTS_MS
            d = (k + 1) * _DOTS_MS          # the next dot, or the bot's action
            app.wait = (d if d < ms else ms) - t
            if k == self.tick:
                return _BUSY                # nothing drawn: no frame
            self.tick = k                   # a dot more: the dots drawn, shown here,
            line = self.drawn[_D_LINE]      # so that the app takes it for no work (it
            if line is None or line[2] < 0:     # collects only after work)
                self._message(app.fb)
            else:
                self._dots(app.fb, line[2])     # (the line's words as drawn: the dots)
            app.show_rows(_MSG_Y, _MSG_Y + 9)
            return _BUSY
        return self._bot_acts()

    def _skip(self):
        """A key during a bot's thinking or pop-up: on at once (see the top)."""
        self.app.skipped = self.app.now
        self.hurry = True
        if self.mode == _THINK:
            return self._bot_acts()
        self.mode = _TURN
        return self._after()

    def _bot_acts(self):
        """The bot to act plays; its action shows as a pop-up on its row."""
        seat = self.p.game.to_act
        self.p.bot_act()
        self.mode = _POP
        self.tick = 0
        self.t0 = self.app.now
        self.help = T[_W_HELP_WAIT]
        fb = self.app.fb
        self._header(fb)                    # what the action changed; the cards dealt
        self._seats(fb)                     # after the blinds show when the pop-up goes
        self._message(fb)
        self._pop(fb, seat)
        return _SHOW

    def _pop(self, fb, seat):
        """The last action as a box over `seat`'s row, from the state column to the edge."""
        p = self.p
        n = p.game.n
        h = 12 if n <= 6 else 8
        y = _SEATS_Y + seat * h
        fb.fill_rect(_POP_X, y, _WIDTH - _POP_X, h, _BLACK)
        if h == 12:
            fb.rect(_POP_X, y, _WIDTH - _POP_X, h, _GOLD)
        text = self._said(_W_POP, _W_POP_NO_BLIND, _W_POP_OPEN, None)
        writer.text(fb, text, _POP_X + 3, y + (h - 8) // 2, _GOLD, F5)
        k = self.drawn[_D_SEATS]
        if k is not None:
            k[2 * seat] = -1                # the row is under the box: drawn again after

    def key(self, code):
        mode = self.mode
        if (mode == _POP or mode == _THINK) and code != keys.END and code != keys.SR:
            return self._skip()
        if (mode == _TURN or mode == _COVER) and screen.hurried(self.app, code):
            return _NOTHING
        if mode == _QUIT:
            if code == keys.OK or code == keys.SL:
                return screen.open_screen(self.app, "title", "Title", 1)
            if code == keys.END or code == keys.SR:
                self.mode = self.back
                return _REDRAW
            return _NOTHING
        if mode == _ASK:                 # "pass a good hand?": OK passes, END keeps it
            if code == keys.OK or code == keys.SL:
                self.mode = _TURN
                self.p.act(self.p.game.to_act, _PASS, 0)
                return self._after()
            if code == keys.END or code == keys.SR:
                self.mode = _TURN
                self.odds = None
                return _REDRAW
            return _NOTHING
        if code == keys.SR and mode != _COVER:   # the menu during play (ui/playmenu.py)
            return screen.open_screen(self.app, "playmenu", "PlayMenu")
        if code == keys.END or code == keys.SR:
            self.back = mode
            self.mode = _QUIT
            return _REDRAW
        if mode == _COVER:
            if code == keys.OK or code == keys.SL:
                self.p.viewer = self.p.game.to_act
                self._turn()
                return _REDRAW
            return _NOTHING
        if mode != _TURN:
            return _NOTHING
        if code == keys.STAR:
            return self._chances()
        if self.odds is not None and (keys.UP <= code <= keys.RIGHT or code == keys.HASH
                                      or keys.digit(code) >= 0):
            self.odds = None            # back to the actions, and the key acts on them
            self._message(self.app.fb)
            r = self.key(code)
            return self._redraw_actions() if r == _NOTHING else r
        return self._turn_key(code)

    def _turn_key(self, code):
        """A key on a person's turn, in the list of actions. (key() is split in two: one
        function's code is one block of the heap where the game is .mpy files.)"""
        legal = self.legal
        n = len(legal)
        if code != keys.HASH:
            self.preset = -1
        if code == keys.UP or code == keys.DOWN:
            self.sel = (self.sel + (1 if code == keys.DOWN else n - 1)) % n
            self.amount = legal[self.sel][1]
            self.typed = False
            return self._redraw_actions()
        action, lo, hi = legal[self.sel]
        if code == keys.OK or code == keys.SL:
            amount = self.amount
            if not lo <= amount <= hi:      # typed out of range: set to the nearest end
                self.amount = lo if amount < lo else hi
                self.typed = False
                self.app.say((T[_W_AT_LEAST] if amount < lo else T[_W_AT_MOST]) % self.amount)
                return self._redraw_actions()
            if action == _PASS and self._favoured():
                self.mode = _ASK            # self.odds holds the chances for the box
                return _REDRAW
            self.p.act(self.p.game.to_act, action, amount)
            return self._after()
        if code == keys.CALL:
            for i in range(n):
                if legal[i][0] == _CALL:
                    self.p.act(self.p.game.to_act, _CALL, 0)
                    return self._after()
            # Nothing to call (no check in Svara): say why, by phase (blinds, betting
            # before anybody opened, a svara's join).
            self.app.say(i18n.item(_W_NO_CALL, self.p.game.phase))
            return _NOTHING
        if lo == hi:
            return _NOTHING
        step = self.p.match.rules.ante
        a = self.amount
        if code == keys.LEFT:
            a = max(lo, a - step)
        elif code == keys.RIGHT:
            a = min(hi, a + step)
        elif code == keys.HASH:
            self.preset = (self.preset + 1) % 3
            a = self._preset(action, lo, hi)
            self.app.say(T[_W_PRESETS][self.preset])
            self.amount = a
            self.typed = False
            return self._redraw_actions()
        else:
            d = keys.digit(code)
            if d < 0:
                return _NOTHING
            a = a * 10 + d if self.typed else d
            self.typed = True
            if a > hi:                      # more than the most: the most, and a note
                a = hi
                self.typed = False
                self.app.say(T[_W_AT_MOST] % hi)
            self.amount = a
            return self._redraw_actions()
        self.typed = False
        if a == self.amount:
            return _NOTHING
        self.amount = a
        return self._redraw_actions()

    def _preset(self, action, lo, hi):
        """The amount of preset self.preset, within lo..hi: 0 the most (# alone, as
        before the presets), 1 half the pot, 2 the pot. A raise's amount is the new
        level: the pot (after calling) on top of the level; a blind's is the bet."""
        g = self.p.game
        k = self.preset
        if k == 0:
            return hi
        base = g.level if action == _RAISE else 0
        pot = g.pot + (g.to_call if action == _RAISE else 0)
        a = base + (pot // 2 if k == 1 else pot)
        return lo if a < lo else hi if a > hi else a

    def _chances(self):
        """* on a person's turn: show the viewer's chances, or hide them again."""
        if self.odds is None:
            self.odds = self._count()
            if self.odds is None:
                self.app.say(T[_W_NO_CHANCES])  # before the deal (blinds) or at a svara's join
                return _NOTHING
        else:
            self.odds = None
        self._message(self.app.fb)
        return self._redraw_actions()

    def _count(self):
        """The viewer's chances (win, tie, lose in tenths of a percent) if everybody still
        in showed now, while betting (svara.odds, counted now); None without cards or
        opponents."""
        g = self.p.game
        v = self.p.viewer
        hand = g.view(v).hand() if v >= 0 else None
        opponents = len(g.players()) - 1
        if g.phase != _BETTING or hand is None or opponents < 1:
            return None
        from svara.odds import tenths
        return tenths(hand, opponents, self.p.match.rules)

    def _favoured(self):
        """True when Pass should ask first (Settings: ask before passing, on by default):
        while betting, with the viewer's chances (the * key's figures, counted once on
        this key if not shown) more to win than to lose. Keeps them in self.odds."""
        if not settings.PREFS[_ASK_PASS] or self.p.game.phase != _BETTING:
            return False
        if self.odds is None:
            self.odds = self._count()
            if self.odds is None:
                return False
        if self.odds[0] > self.odds[2]:
            return True
        self.odds = None
        return False
