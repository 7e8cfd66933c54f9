# Statistics (kept in the "stats" save), two pages. The first: matches played and won,
# games played and won by a person, svaras, the best hand a person was dealt and the
# biggest pot a person won. The second: each person's chips kept for the next match
# (app.players, by slot; saving.py says how they carry). LEFT/RIGHT (or UP/DOWN) turn
# the page; END, OK or a soft key goes back.
from drivers import keys
from i18n import strings
from ui import common, writer
from ui.common import F5
from ui.screen import Screen

try:
    from micropython import const
except ImportError:  # CPython
    def const(n):
        return n

# The words drawn here, by number (i18n/_names.py; tools/gen/strings.py keeps the
# numbers right, host_tests/firmware/test_consts.py checks them):
_W_BACK = const(12)
_W_CHIPS_TITLE = const(18)
_W_HELP_RULES = const(49)
_W_NO_CHIPS = const(77)
_W_PAGE = const(87)
_W_STATS = const(115)
_W_STAT_NAMES = const(116)

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_CARD = const(6)
_GOLD = const(10)
_LIGHT = const(14)
_NOTHING = const(0)
_REDRAW = const(2)

T = strings()


class Stats(Screen):
    """The statistics pages."""

    name = "stats"
    help = T[_W_HELP_RULES]

    def __init__(self, app):
        super().__init__(app)
        self.page = 0

    def trace(self):
        if self.page:
            import saving
            chips = saving.players(self.app)["chips"]
            return "stats chips " + " ".join(["%s=%d" % (saving.name_of(self.app, k, len(chips)),
                                                         chips[k]) for k in range(len(chips))])
        return "stats " + " ".join(["%d" % v for v in common.stats(self.app)])

    def draw(self, fb):
        fb.fill(_FELT)
        if self.page:
            self._chips(fb)
        else:
            common.title_band(fb, T[_W_STATS])
            st = common.stats(self.app)
            for i in range(min(len(st), len(T[_W_STAT_NAMES]))):   # a row for each named figure
                y = 24 + 16 * i
                writer.text(fb, T[_W_STAT_NAMES][i], 6, y, _CARD)
                common.right(fb, "%d" % st[i], 122, y, _GOLD)
        common.right(fb, T[_W_PAGE] % (self.page + 1, 2), 126, 3, _LIGHT, F5)
        common.bottom(fb, T[_W_HELP_RULES], "", T[_W_BACK])

    def _chips(self, fb):
        """Each slot's kept chips under its name, one 6x12 row a slot."""
        import saving
        common.title_band(fb, T[_W_CHIPS_TITLE])
        chips = saving.players(self.app)["chips"]
        n = len(chips)
        if not n:
            common.center(fb, T[_W_NO_CHIPS], 40, _LIGHT, F5)
        for k in range(n):
            y = 18 + 12 * k
            writer.text(fb, saving.name_of(self.app, k, n), 6, y, _CARD)
            common.right(fb, "%d" % chips[k], 122, y, _GOLD)

    def key(self, code):
        if keys.UP <= code <= keys.RIGHT:
            self.page ^= 1
            return _REDRAW
        if code == keys.END or code == keys.SR or code == keys.OK or code == keys.SL:
            return common.open_screen(self.app, "title", "Title", 4)
        return _NOTHING
