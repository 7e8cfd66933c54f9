# The title screen and main menu: New game, Continue, Settings, Rules, Statistics, Exit.
# UP/DOWN (or a digit 1-6) move the highlight, redrawing only the two changed rows;
# OK or the left soft key opens the item. Continue comes back to a game left with END;
# with no game to continue its row is greyed (draw.menu_row's dim: the highlight on it
# is a gold frame round the grey label, never a gold row) and OK there opens nothing
# but says why on the help line. The rows keep their places, so the same keys reach
# Settings with a game saved or not.
# Exit, or the red END key here, leaves the game (Off: app.done is set; the handset's
# loop in main.py stops, the simulator's window closes; a key there comes back).
from drivers import keys
from i18n import held
from ui import draw
from ui.screen import Screen, open_screen, resume

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_BYE = const(21)
_W_HELP_MENU = const(51)
_W_MENU = const(74)
_W_NO_MATCH = const(90)
_W_SELECT = const(122)
_W_TITLE = const(146)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_BLACK = const(0)
_FELT = const(2)
_GOLD = const(10)
_ORANGE = const(12)
_LIGHT = const(14)
_WIDTH = const(128)
_NOTHING = const(0)
_SHOW = const(1)
_REDRAW = const(2)

_MENU_Y = const(57)
_ROW = const(13)
T = held(__name__)


class Title(Screen):
    """The title screen and main menu."""

    name = "title"
    help = T[_W_HELP_MENU]

    def __init__(self, app, selected=0):
        super().__init__(app)
        self.selected = selected
        self.note = False

    def draw(self, fb):
        fb.fill(_FELT)
        draw.title_cards(fb, 3)
        draw.center(fb, T[_W_TITLE], 43, _GOLD)
        for i in range(len(T[_W_MENU])):
            self._row(fb, i)
        draw.bottom(fb, T[_W_HELP_MENU], T[_W_SELECT], "")
        note = self.app.note
        if note:
            self._note(fb, note)

    def _note(self, fb, note):
        """What the app had to do at start (a damaged save...): up to three short lines
        in a box over the title cards (app.note, lines split by newlines)."""
        fb.fill_rect(2, 4, _WIDTH - 4, 38, _BLACK)
        fb.rect(2, 4, _WIDTH - 4, 38, _ORANGE)
        y = 8
        for line in note.split("\n")[:3]:
            draw.center(fb, line, y, _ORANGE if y == 8 else _LIGHT, draw.small())
            y += 11

    def trace(self):
        note = self.app.note
        return "title note: " + note.replace("\n", " / ") if note else "title"

    def _row(self, fb, i):
        dim = i == 1 and self.app.play is None and not self.app.restore
        draw.menu_row(fb, _MENU_Y + i * _ROW, _ROW, T[_W_MENU][i], i == self.selected, dim=dim)

    def key(self, code):
        n = len(T[_W_MENU])
        if code == keys.UP or code == keys.DOWN:
            old = self.selected
            self.selected = (old + (1 if code == keys.DOWN else n - 1)) % n
            fb = self.app.fb
            self._row(fb, old)
            self._row(fb, self.selected)
            if self.note:
                self.note = False
                return _REDRAW
            return _SHOW
        d = keys.digit(code)
        if 1 <= d <= n:
            old = self.selected
            self.selected = d - 1
            fb = self.app.fb
            self._row(fb, old)          # (shown with the note, if it is Continue greyed)
            self._row(fb, self.selected)
            return self._open()
        if code == keys.OK or code == keys.SL:
            return self._open()
        if code == keys.END:
            return Off(self.app)
        return _NOTHING

    def _open(self):
        app = self.app
        i = self.selected
        if i == 0:
            return open_screen(app, "options", "Options", True)
        if i == 1:
            if app.play is None:
                self.note = True        # on the help line until the next move
                app.say(T[_W_NO_MATCH])
                return _NOTHING
            return resume(app)
        if i == 2:
            return open_screen(app, "options", "Options", False)
        if i == 3:
            return open_screen(app, "rulespages", "RulesPages")
        if i == 4:
            return open_screen(app, "stats", "Stats")
        return Off(app)


class Off(Screen):
    """After Exit: a dark screen saying goodbye; app.done tells the loop to stop. A key
    (where the loop goes on, as in the simulator) comes back to the title."""

    name = "off"

    def enter(self):
        self.app.done = True

    def draw(self, fb):
        fb.fill(_BLACK)
        draw.center(fb, T[_W_BYE], 74, _GOLD)

    def key(self, code):
        self.app.done = False
        return Title(self.app, 5)
