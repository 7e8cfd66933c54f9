# The rules: card points, the hand table of RULES.md with drawn cards and their points
# (worked out by svara.score under the default rules), how a game goes, the svara, and
# the keys. LEFT/RIGHT (or UP/DOWN, OK) turn the pages; END or the right soft key goes back
# (to the title, or to the match when opened from the menu during play).
from drivers import keys
import i18n
from i18n import held
from ui import draw, writer
from ui.draw import F5
from ui.screen import Screen, leave

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BACK = const(18)
_W_CARD_POINTS = const(22)
_W_CARD_POINT_LINES = const(23)
_W_HANDS = const(38)
_W_HAND_ROWS = const(39)
_W_HELP_RULES = const(57)
_W_NEXT = const(78)
_W_PAGE = const(97)
_W_TEXT_PAGES = const(139)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_CARD = const(6)
_GOLD = const(10)
_LIGHT = const(14)
_NOTHING = const(0)
_REDRAW = const(2)

T = held(__name__)
_TOP = const(17)
_PER_PAGE = const(5)                   # hand rows on one page
_HAND_PAGES = const(2)
_KEYS_PAGE = const(5)                  # the keys page (TEXT_PAGES[2]) also shows the version
_VERSION_Y = const(129)


def pages():
    """How many pages: card points, the hand table, then the text pages."""
    return 1 + _HAND_PAGES + i18n.count(_W_TEXT_PAGES)   # not decoding the pages


class RulesPages(Screen):
    """The rules, page by page."""

    name = "rules"
    help = T[_W_HELP_RULES]

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def trace(self):
        return "rules %d" % self.page

    def draw(self, fb):
        fb.fill(_FELT)
        k = self.page
        if k == 0:
            self._card_points(fb)
        elif k <= _HAND_PAGES:
            self._hands(fb, (k - 1) * _PER_PAGE)
        else:
            title, lines = i18n.item(_W_TEXT_PAGES, k - 1 - _HAND_PAGES)
            draw.title_band(fb, title)
            for i in range(len(lines)):
                writer.text(fb, lines[i], 2, _TOP + 1 + 10 * i, _CARD, F5)
            if k == _KEYS_PAGE:
                from svara.version import VERSION
                draw.right(fb, "v" + VERSION, 126, _VERSION_Y, _LIGHT, F5)
        draw.right(fb, T[_W_PAGE] % (k + 1, pages()), 126, 3, _LIGHT, F5)
        draw.bottom(fb, T[_W_HELP_RULES], T[_W_NEXT], T[_W_BACK])

    def _card_points(self, fb):
        draw.title_band(fb, T[_W_CARD_POINTS])
        for r in range(8):
            x = 4 + (r & 3) * 31
            y = _TOP + 2 + (r >> 2) * 40
            draw.card(fb, x, y, r * 4 + 2 - (r & 1), False)
            writer.text(fb, "%d" % (10 if 3 <= r <= 6 else 7 + r if r < 3 else 11),
                        x + 3, y + 33, _GOLD, F5)
        lines = T[_W_CARD_POINT_LINES]
        for i in range(len(lines)):
            writer.text(fb, lines[i], 2, 100 + 9 * i, _CARD, F5)

    def _hands(self, fb, first):
        from svara.cards import parse
        from svara.score import score
        draw.title_band(fb, T[_W_HANDS])
        y = _TOP + 1
        for i in range(first, min(first + _PER_PAGE, i18n.count(_W_HAND_ROWS))):
            label, text = i18n.item(_W_HAND_ROWS, i)     # a row at a time (372 B in bg)
            hand = parse(text)
            writer.text(fb, label, 2, y, _LIGHT, F5)
            draw.mini_hand(fb, 2, y + 9, hand, 0, True)
            draw.right(fb, "= %d" % score(hand[0], hand[1], hand[2]), 126, y + 9, _GOLD)
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
