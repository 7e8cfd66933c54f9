# The title screen and main menu: New game, Continue, Settings, Rules, Statistics.
# UP/DOWN (or a digit 1-5) move the highlight, redrawing only the two changed rows;
# OK or the left soft key opens the item. Continue comes back to a game left with END.
from drivers import keys
from drivers.display import BLACK, FELT, GOLD, LIGHT, WIDTH, ORANGE
from i18n import strings
from ui import common
from ui.screen import NOTHING, REDRAW, SHOW, Screen

try:
    from micropython import const
except ImportError:  # CPython
    def const(n):
        return n

_MENU_Y = const(64)
_ROW = const(14)
_NOTE_Y = const(136)
T = strings()


class Title(Screen):
    """The title screen and main menu."""

    name = "title"
    help = T.HELP_MENU

    def __init__(self, app, selected=0):
        super().__init__(app)
        self.selected = selected
        self.note = False

    def draw(self, fb):
        fb.fill(FELT)
        common.title_cards(fb, 6)
        common.center(fb, T.TITLE, 46, GOLD)
        for i in range(len(T.MENU)):
            self._row(fb, i)
        common.bottom(fb, T.HELP_MENU, T.SELECT, "")
        note = getattr(self.app, "note", "")
        if note:
            self._note(fb, note)

    def _note(self, fb, note):
        """What the app had to do at start (a damaged save...): up to three short lines
        in a box over the title cards (app.note, lines split by newlines)."""
        fb.fill_rect(2, 4, WIDTH - 4, 38, BLACK)
        fb.rect(2, 4, WIDTH - 4, 38, ORANGE)
        y = 8
        for line in note.split("\n")[:3]:
            common.center(fb, line, y, ORANGE if y == 8 else LIGHT, common.small())
            y += 11

    def trace(self):
        note = getattr(self.app, "note", "")
        return "title note: " + note.replace("\n", " / ") if note else "title"

    def _row(self, fb, i):
        dim = i == 1 and getattr(self.app, "play", None) is None
        common.menu_row(fb, _MENU_Y + i * _ROW, _ROW, T.MENU[i], i == self.selected, dim=dim)

    def key(self, code):
        n = len(T.MENU)
        if code == keys.UP or code == keys.DOWN:
            old = self.selected
            self.selected = (old + (1 if code == keys.DOWN else n - 1)) % n
            fb = self.app.fb
            self._row(fb, old)
            self._row(fb, self.selected)
            if self.note:
                self.note = False
                return REDRAW
            return SHOW
        d = keys.digit(code)
        if 1 <= d <= n:
            self.selected = d - 1
            return self._open()
        if code == keys.OK or code == keys.SL:
            return self._open()
        return NOTHING

    def _open(self):
        app = self.app
        i = self.selected
        if i == 0:
            return common.open_screen(app, "options", "Options", True)
        if i == 1:
            if getattr(app, "play", None) is None:
                self.note = True
                fb = app.fb
                fb.fill_rect(0, _NOTE_Y - 1, WIDTH, 10, FELT)
                common.center(fb, T.NO_MATCH, _NOTE_Y - 1, ORANGE, common.small())
                return SHOW
            return app.play.screen()
        if i == 2:
            return common.open_screen(app, "options", "Options", False)
        if i == 3:
            return common.open_screen(app, "rulespages", "RulesPages")
        return common.open_screen(app, "stats", "Stats")
