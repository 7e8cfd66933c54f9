# Statistics (kept in the "stats" save; settings.py names the fields). The first page:
# matches played and won, games played and won by a person, svaras, the best hand a
# person was dealt, the biggest pot a person won, and the people's profit/loss (the
# chips they won less those they lost, over every game). Once more than one person slot
# has played (hot-seat), a page follows for each: its name over its own matches and
# games played and won and its profit/loss. LEFT/RIGHT (or UP/DOWN) turn the page; the
# left soft key (Reset) asks, then puts every figure back to 0 (OK) or keeps them (END);
# END, OK or the right soft key goes back to the title.
from drivers import keys
from i18n import held
import settings
from ui import draw, writer
from ui.draw import F5
from ui.screen import Screen, open_screen

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BACK = const(18)
_W_HELP_RESET = const(59)
_W_HELP_RULES = const(60)
_W_NO = const(83)
_W_PAGE = const(100)
_W_RESET = const(113)
_W_RESET_ASK = const(114)
_W_STATS = const(128)
_W_STAT_NAMES = const(129)
_W_YES = const(151)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_CARD = const(6)
_GOLD = const(10)
_LIGHT = const(14)
_NOTHING = const(0)
_REDRAW = const(2)
_NET = const(7)
_P_NET = const(4)

T = held(__name__)
# A person's page: the fields of the first page it has, by index into STAT_NAMES (the
# slot's own fields are in this order: settings._P_MATCHES ... _P_NET).
_PERSON_ROWS = b"\x00\x01\x02\x03\x07"


class Stats(Screen):
    """The statistics pages."""

    name = "stats"
    help = T[_W_HELP_RULES]

    def __init__(self, app):
        super().__init__(app)
        self.page = 0
        self.asking = False         # "reset the statistics?" is showing

    def _slots(self):
        """The person slots with figures of their own (0 when one at most: the first
        page says it all)."""
        n = (len(self.app.stats) - settings.N_STATS) // settings.P_STATS
        return n if n > 1 else 0

    def _name(self, k):
        return settings.seat_name(self.app.players["names"], k, 2)

    def trace(self):
        st = self.app.stats
        ask = " reset?" if self.asking else ""
        if self.page:
            k = settings.N_STATS + settings.P_STATS * (self.page - 1)
            return "stats %s %s%s" % (self._name(self.page - 1), " ".join(
                ["%d" % v for v in st[k:k + settings.P_STATS]]), ask)
        return "stats " + " ".join(["%d" % v for v in st[:settings.N_STATS]]) + ask

    def draw(self, fb):
        fb.fill(_FELT)
        st = self.app.stats
        names = T[_W_STAT_NAMES]
        if self.page:
            draw.title_band(fb, self._name(self.page - 1))
            k = settings.N_STATS + settings.P_STATS * (self.page - 1)
            for i in range(settings.P_STATS):
                self._line(fb, i, names[_PERSON_ROWS[i]], st[k + i], i == _P_NET)
        else:
            draw.title_band(fb, T[_W_STATS])
            for i in range(min(settings.N_STATS, len(names))):
                self._line(fb, i, names[i], st[i], i == _NET)
        draw.right(fb, T[_W_PAGE] % (self.page + 1, self._slots() + 1), 126, 3, _LIGHT, F5)
        if self.asking:
            self.help = T[_W_HELP_RESET]
            draw.ask(fb, T[_W_RESET_ASK], self.help, T[_W_YES], T[_W_NO])
            return
        self.help = T[_W_HELP_RULES]
        draw.bottom(fb, self.help, T[_W_RESET], T[_W_BACK])

    def _line(self, fb, i, label, v, signed):
        """A figure's row: its label, and its value at the right (a profit with +)."""
        y = 18 + 15 * i
        writer.text(fb, label, 6, y, _CARD)
        draw.right(fb, ("+%d" if signed and v > 0 else "%d") % v, 122, y, _GOLD)

    def key(self, code):
        if self.asking:
            if code == keys.OK or code == keys.SL:
                st = self.app.stats
                del st[settings.N_STATS:]       # each person's figures go
                for i in range(settings.N_STATS):
                    st[i] = 0
                self.app.stats_changed = True   # saved at once (App._keep)
                self.page = 0
            elif code != keys.END and code != keys.SR:
                return _NOTHING
            self.asking = False
            return _REDRAW
        if keys.UP <= code <= keys.RIGHT:
            n = self._slots() + 1
            self.page = (self.page + (n - 1 if code == keys.UP or code == keys.LEFT else 1)) % n
            return _REDRAW
        if code == keys.SL:
            self.asking = True
            return _REDRAW
        if code == keys.END or code == keys.SR or code == keys.OK:
            return open_screen(self.app, "title", "Title", 4)
        return _NOTHING
