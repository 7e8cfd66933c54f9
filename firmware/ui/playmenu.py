# The menu during play (the table's right soft key): back to the game, its history, the
# rules, the settings, the language, or leave for the title (the match stays saved).
# UP/DOWN or a digit pick, OK or the left soft key opens; END or the right soft key goes
# back to the table. Rules, Settings and Language come back to the match: app.to_play is
# set, and those screens return to the match when it is (ui/screen.py leave()).
from drivers import keys
from i18n import held
from ui import draw
from ui.screen import Screen, open_screen, resume

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BACK = const(18)
_W_HELP_MENU = const(51)
_W_MENU_KEY = const(75)
_W_PLAY_MENU = const(103)
_W_SELECT = const(122)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_NOTHING = const(0)
_SHOW = const(1)

T = held(__name__)
_TOP = const(22)
_ROW = const(16)
_LANG = const(127)          # ui/options.py _LANG: the Settings row of the language


class PlayMenu(Screen):
    """The menu over a match in progress (app.play)."""

    name = "playmenu"
    help = T[_W_HELP_MENU]

    def __init__(self, app):
        super().__init__(app)
        self.sel = 0

    def trace(self):
        return "playmenu %d" % self.sel

    def draw(self, fb):
        fb.fill(_FELT)
        draw.title_band(fb, T[_W_MENU_KEY])
        for i in range(len(T[_W_PLAY_MENU])):
            self._row(fb, i)
        draw.bottom(fb, T[_W_HELP_MENU], T[_W_SELECT], T[_W_BACK])

    def _row(self, fb, i):
        draw.menu_row(fb, _TOP + i * _ROW, _ROW, T[_W_PLAY_MENU][i], i == self.sel)

    def key(self, code):
        n = len(T[_W_PLAY_MENU])
        app = self.app
        if code == keys.UP or code == keys.DOWN:
            old = self.sel
            self.sel = (old + (1 if code == keys.DOWN else n - 1)) % n
            self._row(app.fb, old)
            self._row(app.fb, self.sel)
            return _SHOW
        if code == keys.END or code == keys.SR:
            return resume(app)
        d = keys.digit(code)
        if 1 <= d <= n:
            self.sel = d - 1
        elif code != keys.OK and code != keys.SL:
            return _NOTHING
        i = self.sel
        if i == 0:
            return resume(app)
        if i == 1:
            return open_screen(app, "history", "History")
        if i == 5:
            return open_screen(app, "title", "Title", 1)
        app.to_play = True
        if i == 2:
            return open_screen(app, "rulespages", "RulesPages")
        return open_screen(app, "options", "Options", False, _LANG if i == 4 else -1)
