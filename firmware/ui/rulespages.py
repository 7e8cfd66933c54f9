# The rules: card points, the hand table of RULES.md with drawn cards and their points,
# how a game goes, the level, why there is no check, the svara, the keys, the # presets
# and the chances. Every page follows the rules in force (_rules): the match's when the
# pages were opened from the menu during play, else the settings of the next new game.
# A line of a text page may be a choice by those rules (i18n/src/en.py says the letters:
# _pick reads them), so "7♣ is the joker" becomes "No joker" with the joker off, the cap
# on raises and the svara buy-in are the ones set, and so on. The hand rows are scored
# under those rules, a row whose rule is off labelled so (HAND_OFF).
# LEFT/RIGHT (or UP/DOWN, OK) turn the pages; END or the right soft key goes back (to
# the title, or to the match when opened from the menu during play).
# Guide: the first-game guide, shown once before the first game (Session.view opens it
# until settings.GUIDE says it was seen): a page on what it is, then the rules pages on
# the level, no check and the svara (the same pages as in Rules). END or Skip leaves it
# at once, OK on its last page plays; either way it is not shown again.
from drivers import keys
import i18n
from i18n import held
import settings
from ui import draw, writer
from ui.draw import F5
from ui.screen import Screen, leave, resume

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BACK = const(18)
_W_CARD_POINTS = const(22)
_W_CARD_POINT_LINES = const(23)
_W_GUIDE_INTRO = const(38)
_W_HANDS = const(39)
_W_HAND_OFF = const(40)
_W_HAND_ROWS = const(41)
_W_HELP_GUIDE = const(47)
_W_HELP_RULES = const(60)
_W_NEXT = const(81)
_W_PAGE = const(100)
_W_PLAY = const(102)
_W_SKIP = const(126)
_W_TEXT_PAGES = const(144)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_FELT_DARK = const(3)
_CARD = const(6)
_GOLD = const(10)
_LIGHT = const(14)
_NOTHING = const(0)
_REDRAW = const(2)

T = held(__name__)
_TOP = const(17)
_PER_PAGE = const(5)                   # hand rows on one page
_HAND_PAGES = const(2)
_KEYS = const(4)                       # the keys page (TEXT_PAGES[4]) also shows the version
_VERSION_Y = const(129)
# The hand rows labelled HAND_OFF[row - _OFF_ROW] when their rule is off: rows 3 and 4
# (the joker joins a suit, the joker with a pair), row 5 (two sevens).
_OFF_ROW = const(3)
_SEVENS_ROW = const(5)
# The guide's pages are TEXT_PAGES[_GUIDE_FROM.._GUIDE_FROM + _GUIDE_N - 1], after its
# own first page (GUIDE_INTRO).
_GUIDE_FROM = const(1)
_GUIDE_N = const(3)


def pages():
    """How many pages: card points, the hand table, then the text pages."""
    return 1 + _HAND_PAGES + i18n.count(_W_TEXT_PAGES)   # not decoding the pages


def _band(fb, title, number):
    """The title band: the title centred, or moved left clear of the page number at the
    top right ("10/10" is 25 pixels wide)."""
    fb.fill_rect(0, 0, 128, 14, _FELT_DARK)
    w = writer.width(title)
    writer.text(fb, title, min((128 - w) // 2, 124 - writer.width(number, F5) - w), 1, _GOLD)
    draw.right(fb, number, 126, 3, _LIGHT, F5)


def _rules(app):
    """The rules in force: the match's when the pages were opened from the menu during
    play (app.to_play), else the settings' (those of the next new game)."""
    if app.to_play and app.play is not None:
        return app.play.match.rules
    return settings.rules_of(app.cfg)


class RulesPages(Screen):
    """The rules, page by page, as the rules in force have them."""

    name = "rules"
    help = T[_W_HELP_RULES]

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.rules = _rules(app)

    def trace(self):
        return "rules %d" % self.page

    def draw(self, fb):
        fb.fill(_FELT)
        k = self.page
        number = T[_W_PAGE] % (k + 1, pages())
        if k == 0:
            _band(fb, T[_W_CARD_POINTS], number)
            self._card_points(fb)
        elif k <= _HAND_PAGES:
            _band(fb, T[_W_HANDS], number)
            self._hands(fb, (k - 1) * _PER_PAGE)
        else:
            self._text(fb, i18n.item(_W_TEXT_PAGES, k - 1 - _HAND_PAGES), number)
            if k == 1 + _HAND_PAGES + _KEYS:
                from svara.version import VERSION
                draw.right(fb, "v" + VERSION, 126, _VERSION_Y, _LIGHT, F5)
        draw.bottom(fb, T[_W_HELP_RULES], T[_W_NEXT], T[_W_BACK])

    def _text(self, fb, page, number):
        """A text page, (title, lines): its title band with the page `number`, and its
        lines, the choices among them made by the rules in force."""
        _band(fb, page[0], number)
        self._lines(fb, page[1], _TOP + 1, 10)

    def _lines(self, fb, lines, y, step):
        """Draw `lines` from y, `step` apart: a string as it is, a choice (letter,
        lines...) as the lines _pick chooses, a "%d" in them filled."""
        for x in lines:
            if isinstance(x, str):
                writer.text(fb, x, 2, y, _CARD, F5)
                y += step
                continue
            k, v = self._pick(x[0])
            for s in x[1 + k]:
                writer.text(fb, s % v if "%" in s else s, 2, y, _CARD, F5)
                y += step

    def _pick(self, letter):
        """(which lines, the number they show) of the choice `letter` under the rules
        in force: A the ante; B blind bets (off, on: the least blind); C the cap on
        bets and raises (none, 1, more: the cap); J the joker (off, on); R the rising
        ante (never, every so many games: settings.RISE); U the svara buy-in (split,
        half, free); P the Rules pages the guide is found on."""
        r = self.rules
        if letter == "A":
            return 0, r.ante
        if letter == "B":
            return (1, r.min_blind) if r.blinds else (0, 0)
        if letter == "C":
            c = r.raise_cap
            return (0, 0) if c is None else (1 if c == 1 else 2, c)
        if letter == "J":
            return (1 if r.joker else 0), 0
        if letter == "R":
            k = settings.RISE[0]
            return (1 if k else 0), settings.RISE_GAMES[k]
        if letter == "U":
            from svara.rules import BUY_INS
            return BUY_INS.index(r.buy_in), 0
        first = 2 + _HAND_PAGES + _GUIDE_FROM
        return 0, (first, first + _GUIDE_N - 1)

    def _card_points(self, fb):
        for r in range(8):
            x = 4 + (r & 3) * 31
            y = _TOP + 2 + (r >> 2) * 40
            draw.card(fb, x, y, r * 4 + 2 - (r & 1), False)
            writer.text(fb, "%d" % (10 if 3 <= r <= 6 else 7 + r if r < 3 else 11),
                        x + 3, y + 33, _GOLD, F5)
        self._lines(fb, T[_W_CARD_POINT_LINES], 100, 9)

    def _hands(self, fb, first):
        from svara.cards import parse
        from svara.score import score
        r = self.rules
        y = _TOP + 1
        for i in range(first, min(first + _PER_PAGE, i18n.count(_W_HAND_ROWS))):
            label, text = i18n.item(_W_HAND_ROWS, i)     # a row at a time (372 B in bg)
            if (_OFF_ROW <= i < _SEVENS_ROW and not r.joker
                    or i == _SEVENS_ROW and not r.two_sevens):
                label = i18n.item(_W_HAND_OFF, i - _OFF_ROW)
            hand = parse(text)
            writer.text(fb, label, 2, y, _LIGHT, F5)
            draw.mini_hand(fb, 2, y + 9, hand, 0, r.joker)
            draw.right(fb, "= %d" % score(hand[0], hand[1], hand[2], r), 126, y + 9, _GOLD)
            y += 24

    def key(self, code):
        n = pages()
        if code == keys.END or code == keys.SR:
            return leave(self.app, "title", "Title", 3)
        if code == keys.RIGHT or code == keys.DOWN or code == keys.OK or code == keys.SL:
            self.page = (self.page + 1) % n
            return _REDRAW
        if code == keys.LEFT or code == keys.UP:
            self.page = (self.page + n - 1) % n
            return _REDRAW
        return _NOTHING


class Guide(RulesPages):
    """The first-game guide before the first game (Session.view): GUIDE_INTRO, then the
    rules pages of the level, no check and the svara under the match's rules. END or
    the right soft key skips it; OK on its last page plays. Then settings.GUIDE is set
    (and saved: app.prefs_changed) and the match goes on (resume)."""

    name = "guide"
    help = T[_W_HELP_GUIDE]

    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0
        self.rules = app.play.match.rules

    def trace(self):
        return "guide %d" % self.page

    def draw(self, fb):
        fb.fill(_FELT)
        k = self.page
        number = T[_W_PAGE] % (k + 1, 1 + _GUIDE_N)
        if k == 0:
            self._text(fb, T[_W_GUIDE_INTRO], number)
        else:
            self._text(fb, i18n.item(_W_TEXT_PAGES, _GUIDE_FROM + k - 1), number)
        draw.bottom(fb, T[_W_HELP_GUIDE], T[_W_PLAY] if k == _GUIDE_N else T[_W_NEXT],
                    T[_W_SKIP])

    def key(self, code):
        if code == keys.END or code == keys.SR:
            return self._done()
        if code == keys.RIGHT or code == keys.DOWN or code == keys.OK or code == keys.SL:
            if self.page == _GUIDE_N:
                return self._done()
            self.page += 1
            return _REDRAW
        if (code == keys.LEFT or code == keys.UP) and self.page:
            self.page -= 1
            return _REDRAW
        return _NOTHING

    def _done(self):
        settings.GUIDE[0] = 1
        self.app.prefs_changed = True
        return resume(self.app)
