# A placeholder title screen with the main menu, so the whole pipeline (keys -> app ->
# screen -> frame buffer -> show) runs end to end. The real screens replace it.
# UP/DOWN move the highlight (only the two changed rows are redrawn), OK or the left
# soft key opens a stand-in page for the item; END or the right soft key comes back.
from drivers import keys
from drivers.display import (BLACK, CARD, FELT, FELT_DARK, GOLD, HEIGHT, INK, LIGHT, RED,
                             SHADOW, WIDTH)
from ui import writer
from ui.screen import NOTHING, REDRAW, SHOW, Screen

ITEMS = ("New game", "Continue", "Settings", "Rules", "Statistics")

try:
    from micropython import const
except ImportError:  # CPython
    def const(n):
        return n

_MENU_Y = const(66)       # top of the first menu row
_ROW = const(15)          # menu row height
_BAR_Y = const(147)       # the soft-key bar at the bottom
_SUITS = "\u2660\u2665\u2666\u2663"


def soft_keys(fb, left, right):
    """The bottom bar: the left soft key's label on the left, the right one's on the right."""
    fb.fill_rect(0, _BAR_Y, WIDTH, HEIGHT - _BAR_Y, BLACK)
    writer.text(fb, left, 2, _BAR_Y + 1, LIGHT)
    writer.text(fb, right, WIDTH - 2 - writer.width(right), _BAR_Y + 1, LIGHT)


def _card(fb, x, y, suit, colour):
    fb.fill_rect(x + 2, y + 2, 22, 30, SHADOW)
    fb.fill_rect(x, y, 22, 30, CARD)
    fb.rect(x, y, 22, 30, INK)
    writer.text(fb, suit, x + 8, y + 9, colour)


class Title(Screen):
    """The title screen and main menu (placeholder)."""

    name = "title"
    help = "UP/DOWN choose, OK or left soft key open"

    def __init__(self, app):
        super().__init__(app)
        self.selected = 0

    def draw(self, fb):
        fb.fill(FELT)
        fb.fill_rect(0, 0, WIDTH, 48, FELT_DARK)
        for i in range(4):
            _card(fb, 18 + i * 23, 8 + (i & 1) * 3, _SUITS[i], RED if i in (1, 2) else INK)
        title = "S V A R A"
        writer.text(fb, title, (WIDTH - writer.width(title)) // 2, 50, GOLD)
        for i in range(len(ITEMS)):
            self._row(fb, i)
        soft_keys(fb, "Select", "")

    def _row(self, fb, i):
        y = _MENU_Y + i * _ROW
        on = i == self.selected
        fb.fill_rect(8, y, WIDTH - 16, _ROW - 1, GOLD if on else FELT)
        if on:
            fb.rect(8, y, WIDTH - 16, _ROW - 1, CARD)
        writer.text(fb, ITEMS[i], 16, y + 1, BLACK if on else CARD)

    def key(self, code):
        if code == keys.UP or code == keys.DOWN:
            old = self.selected
            step = 1 if code == keys.DOWN else len(ITEMS) - 1
            self.selected = (old + step) % len(ITEMS)
            self._row(self.app.fb, old)
            self._row(self.app.fb, self.selected)
            return SHOW
        digit = keys.digit(code)
        if 1 <= digit <= len(ITEMS):
            self.selected = digit - 1
            return REDRAW
        if code == keys.OK or code == keys.SL:
            return Placeholder(self.app, self, ITEMS[self.selected])
        return NOTHING


class Placeholder(Screen):
    """A page that is not written yet: its title, and the way back."""

    name = "placeholder"
    help = "END or right soft key: back"

    def __init__(self, app, back, title):
        super().__init__(app)
        self.back = back
        self.title = title

    def draw(self, fb):
        fb.fill(FELT_DARK)
        writer.text(fb, self.title, (WIDTH - writer.width(self.title)) // 2, 40, GOLD)
        note = "coming soon"
        writer.text(fb, note, (WIDTH - writer.width(note)) // 2, 70, LIGHT)
        fb.ellipse(WIDTH // 2, 105, 14, 10, FELT, True)
        fb.ellipse(WIDTH // 2, 105, 14, 10, GOLD)
        soft_keys(fb, "", "Back")

    def key(self, code):
        if code == keys.END or code == keys.SR:
            return self.back
        return NOTHING
