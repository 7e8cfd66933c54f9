# Statistics (kept in the "stats" save), two pages. The first: matches played and won,
# games played and won by a person, svaras, the best hand a person was dealt and the
# biggest pot a person won. The second: each person's chips kept for the next match
# (app.players, by slot; saving.py says how they carry). LEFT/RIGHT (or UP/DOWN) turn
# the page; END, OK or a soft key goes back.
from drivers import keys
from i18n import held
import settings
from ui import draw, writer
from ui.draw import F5
from ui.screen import Screen, open_screen

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BACK = const(12)
_W_CHIPS_TITLE = const(18)
_W_HELP_RULES = const(52)
_W_NO_CHIPS = const(80)
_W_PAGE = const(90)
_W_STATS = const(119)
_W_STAT_NAMES = const(120)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_CARD = const(6)
_GOLD = const(10)
_LIGHT = const(14)
_NOTHING = const(0)
_REDRAW = const(2)

T = held(__name__)


class Stats(Screen):
    """The statistics pages."""

    name = "stats"
    help = T[_W_HELP_RULES]

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def trace(self):
        if self.page:
            pl = self.app.players
            chips = pl["chips"]
            return "stats chips " + " ".join(["%s=%d" % (settings.seat_name(
                pl["names"], k, len(chips)), chips[k]) for k in range(len(chips))])
        return "stats " + " ".join(["%d" % v for v in self.app.stats])

    def draw(self, fb):
        fb.fill(_FELT)
        if self.page:
            self._chips(fb)
        else:
            draw.title_band(fb, T[_W_STATS])
            st = self.app.stats
            for i in range(min(len(st), len(T[_W_STAT_NAMES]))):   # a row for each named figure
                y = 24 + 16 * i
                writer.text(fb, T[_W_STAT_NAMES][i], 6, y, _CARD)
                draw.right(fb, "%d" % st[i], 122, y, _GOLD)
        draw.right(fb, T[_W_PAGE] % (self.page + 1, 2), 126, 3, _LIGHT, F5)
        draw.bottom(fb, T[_W_HELP_RULES], "", T[_W_BACK])

    def _chips(self, fb):
        """Each slot's kept chips under its name, one 6x12 row a slot."""
        draw.title_band(fb, T[_W_CHIPS_TITLE])
        pl = self.app.players
        chips = pl["chips"]
        n = len(chips)
        if not n:
            draw.center(fb, T[_W_NO_CHIPS], 40, _LIGHT, F5)
        for k in range(n):
            y = 18 + 12 * k
            writer.text(fb, settings.seat_name(pl["names"], k, n), 6, y, _CARD)
            draw.right(fb, "%d" % chips[k], 122, y, _GOLD)

    def key(self, code):
        if keys.UP <= code <= keys.RIGHT:
            self.page ^= 1
            return _REDRAW
        if code == keys.END or code == keys.SR or code == keys.OK or code == keys.SL:
            return open_screen(self.app, "title", "Title", 4)
        return _NOTHING
