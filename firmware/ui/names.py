# The people's names (Settings -> Names): the person slots P1..P10 (settings.SLOTS)
# with the name typed for each, and the keypad phones' multi-tap editing of one (2-9
# type the letters of the language's phone layout, the same key again steps the letter
# just typed on). A letter is settled by another key, RIGHT, or a pause of _SETTLE
# idle() calls with no key (about a second on the handset; the simulator and the tests,
# which call idle() only until it answers NOTHING, settle it by a key alone). A name is
# at most settings.NAME_W pixels wide (the table's seat label). The keys: docs/UI.md.
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
_W_DONE = const(32)
_W_HELP_NAME = const(52)
_W_HELP_NAMES = const(53)
_W_NAME_EMPTY = const(76)
_W_NAME_FULL = const(77)
_W_NAME_KEYS = const(78)
_W_NAME_OF = const(79)
_W_OK = const(94)
_W_OPT_NAMES = const(159)
_W_PERSON = const(101)
_W_PLAY = const(102)
_W_SELECT = const(122)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_BLACK = const(0)
_FELT = const(2)
_CARD = const(6)
_GOLD = const(10)
_ORANGE = const(12)
_LIGHT = const(14)
_WIDTH = const(128)
_NOTHING = const(0)
_SHOW = const(1)
_REDRAW = const(2)

T = held(__name__)
_SETTLE = const(100)        # idle calls (~10 ms each on the handset) that settle a letter
_TOP = const(16)
_ROW = const(9)
_BOX_X = const(44)          # the name box: NAME_W pixels of text and 3 either side
_BOX_Y = const(20)
_KEYS_Y = const(58)
_NOTE_Y = const(112)
_OPT_NAMES = const(126)     # ui/options.py _NAMES: the Settings row to come back to

# What keys 0-9 type, in order, by layout. Bulgarian and Russian: their phones' Cyrillic
# layouts (Bulgarian has no ё, ы, э); Portuguese: Latin with its accented letters.
_LATIN = (" 0", ".,'-!?&1", "abc2", "def3", "ghi4", "jkl5", "mno6", "pqrs7", "tuv8",
          "wxyz9")
_PT = (" 0", ".,'-!?&1", "abcçáàâã2", "deféê3", "ghií4", "jkl5", "mnoóôõ6", "pqrs7",
       "tuvú8", "wxyz9")
_BG = (" 0", ".,'-!?&1", "абвг2", "дежз3", "ийкл4", "мноп5", "рсту6", "фхцч7", "шщъ8",
       "ьюя9")
_RU = (" 0", ".,'-!?&1", "абвг2", "деёжз3", "ийкл4", "мноп5", "рсту6", "фхцч7", "шщъы8",
       "ьэюя9")


def layout(code):
    """The letters of keys 0-9 for a language code ("en", "bg"...)."""
    if code == "bg":
        return _BG
    if code == "ru":
        return _RU
    if code == "pt":
        return _PT
    return _LATIN


def upper(ch):
    """The capital of a letter of the layouts (str.upper() is ASCII-only on MicroPython).
    Letters here are slices and decoded bytes: on MicroPython s[i] and chr() make each
    new letter a name for good (an interned string, never freed)."""
    c = ord(ch)
    if 0x61 <= c <= 0x7A or (0xE0 <= c <= 0xFE and c != 0xF7) or 0x430 <= c <= 0x44F:
        c -= 32
    elif 0x450 <= c <= 0x45F:
        c -= 80
    else:
        return ch
    if c < 0x80:
        return "%c" % c
    return str(bytes((0xC0 | c >> 6, 0x80 | (c & 0x3F))), "utf-8")    # all below 0x800


_LIST = const(0)
_EDIT = const(1)


class Names(Screen):
    """The person slots and their names; one edited at a time with the keypad."""

    name = "names"
    help = T[_W_HELP_NAMES]

    def __init__(self, app, selected=0, undo=None):
        super().__init__(app)
        self.sel = selected
        self.undo = undo        # Settings' rows as they opened (ui/options.py), given back
        self.mode = _LIST
        self.text = ""          # the name being typed, the pending letter last
        self.pend = -1          # the digit whose letter is pending, or -1
        self.idx = 0            # which of that key's letters
        self.tick = 0
        self.case = 0           # 0 Abc, 1 abc, 2 ABC
        self.note = ""
        self.letters = _LATIN

    def trace(self):
        if self.mode == _LIST:
            return "names %d %s" % (self.sel, "|".join(self.app.players["names"]))
        return "names edit %d text=%s pend=%d case=%d%s" % (
            self.sel, self.text, self.pend, self.case, " note" if self.note else "")

    # --- drawing -------------------------------------------------------------------------

    def draw(self, fb):
        fb.fill(_FELT)
        if self.mode == _LIST:
            draw.title_band(fb, T[_W_OPT_NAMES])
            for i in range(settings.SLOTS + 1):
                self._row(fb, i)
            draw.bottom(fb, T[_W_HELP_NAMES], T[_W_SELECT], T[_W_BACK])
            return
        draw.title_band(fb, T[_W_NAME_OF] % (T[_W_PERSON] % (self.sel + 1)))
        for i in range(len(T[_W_NAME_KEYS])):
            writer.text(fb, T[_W_NAME_KEYS][i], 2, _KEYS_Y + 10 * i, _LIGHT, F5)
        self._field(fb)
        draw.bottom(fb, T[_W_HELP_NAME], T[_W_OK], T[_W_BACK])

    def _row(self, fb, i):
        if i == settings.SLOTS:
            draw.menu_row(fb, _TOP + i * _ROW + 3, _ROW + 2, T[_W_DONE], i == self.sel, F5)
            return
        names = self.app.players["names"]
        draw.menu_row(fb, _TOP + i * _ROW, _ROW, T[_W_PERSON] % (i + 1), i == self.sel, F5,
                        names[i] if i < len(names) and names[i] else None)

    def _field(self, fb):
        """The name box (the pending letter marked, else a cursor), the case, the pending
        key's letters and the note line."""
        fb.fill_rect(0, _BOX_Y - 2, _WIDTH, _KEYS_Y - _BOX_Y, _FELT)
        w = settings.NAME_W + 6
        fb.fill_rect(_BOX_X, _BOX_Y, w, 16, _BLACK)
        fb.rect(_BOX_X, _BOX_Y, w, 16, _GOLD)
        text = self.text
        x = _BOX_X + 3
        if self.pend >= 0:
            x = writer.text(fb, text[:-1], x, _BOX_Y + 2, _CARD)
            writer.text(fb, text[-1:], x, _BOX_Y + 2, _BLACK, None, _GOLD)
        else:
            x = writer.text(fb, text, x, _BOX_Y + 2, _CARD)
            if writer.width(text) < settings.NAME_W - 3:
                fb.fill_rect(x, _BOX_Y + 13, 5, 1, _GOLD)
        abc = self.letters[2]
        label = (upper(abc[:1]) + abc[1:3], abc[:3], upper(abc[:1]) + upper(abc[1:2]) +
                 upper(abc[2:3]))[self.case]
        writer.text(fb, label, _BOX_X + w + 4, _BOX_Y + 5, _LIGHT, F5)
        if self.pend >= 0:
            row = self.letters[self.pend]
            x = (_WIDTH - 8 * len(row)) // 2
            start = self._starts(len(text) - 1)
            for k in range(len(row)):
                ch = self._cased(row[k:k + 1], start)
                if k == self.idx:
                    fb.fill_rect(x, _BOX_Y + 20, 8, 14, _GOLD)
                writer.text(fb, ch, x + 1, _BOX_Y + 21, _BLACK if k == self.idx else _CARD)
                x += 8
        fb.fill_rect(0, _NOTE_Y, _WIDTH, 9, _FELT)
        if self.note:
            draw.center(fb, self.note, _NOTE_Y, _ORANGE, F5)

    # --- keys ----------------------------------------------------------------------------

    def key(self, code):
        if self.mode == _EDIT:
            return self._edit_key(code)
        n = settings.SLOTS + 1
        if code == keys.UP or code == keys.DOWN:
            old = self.sel
            self.sel = (old + (1 if code == keys.DOWN else n - 1)) % n
            fb = self.app.fb
            self._row(fb, old)
            self._row(fb, self.sel)
            return _SHOW
        if code == keys.OK or code == keys.SL or code == keys.RIGHT:
            if self.sel == settings.SLOTS:
                return self._back()
            names = self.app.players["names"]
            self.text = names[self.sel] if self.sel < len(names) else ""
            self.mode = _EDIT
            self.pend = -1
            self.case = 0
            self.note = ""
            import i18n
            self.letters = layout(i18n.current())
            self.help = T[_W_HELP_NAME]
            return _REDRAW
        if code == keys.END or code == keys.SR:
            return self._back()
        return _NOTHING

    def _back(self):
        return open_screen(self.app, "options", "Options", False, _OPT_NAMES, self.undo)

    def _list(self):
        self.mode = _LIST
        self.help = T[_W_HELP_NAMES]
        return _REDRAW

    def _edit_key(self, code):
        had_note = self.note
        self.note = ""
        d = keys.digit(code)
        if d >= 0:
            self._type(d)
        elif code == keys.HASH:
            self.case = (self.case + 1) % 3
            if self.pend >= 0:
                self._put()
        elif code == keys.LEFT:
            if not self.text and not had_note:
                return _NOTHING
            self.text = self.text[:-1]
            self.pend = -1
        elif code == keys.RIGHT:
            if self.pend < 0 and not had_note:
                return _NOTHING
            self.pend = -1
        elif code == keys.OK or code == keys.SL:
            return self._save()
        elif code == keys.END or code == keys.SR:
            return self._list()
        elif not had_note:
            return _NOTHING
        self._field(self.app.fb)
        return _SHOW

    def _starts(self, i):
        """True when a letter at index i of the text starts a word."""
        return i <= 0 or self.text[i - 1:i] == " "

    def _cased(self, ch, start):
        return upper(ch) if self.case == 2 or (self.case == 0 and start) else ch

    def _put(self):
        """Put the pending key's current letter in place of the text's last letter."""
        i = len(self.text) - 1
        ch = self._cased(self.letters[self.pend][self.idx:self.idx + 1], self._starts(i))
        self.text = self.text[:i] + ch

    def _type(self, d):
        """A digit key: the pending key again steps its letter, another starts one."""
        self.tick = 0
        if d == self.pend:
            self.idx = (self.idx + 1) % len(self.letters[d])
            self._put()
            return
        self.pend = -1
        ch = self._cased(self.letters[d][:1], self._starts(len(self.text)))
        if writer.width(self.text + ch) > settings.NAME_W:
            self.note = T[_W_NAME_FULL]
            return
        self.text += ch
        self.pend = d
        self.idx = 0

    def _save(self):
        name = self.text.strip()
        if not writer.good_name(name):
            self.pend = -1
            self.note = T[_W_NAME_EMPTY]
            self._field(self.app.fb)
            return _SHOW
        names = self.app.players["names"]
        while len(names) <= self.sel:
            names.append("")
        names[self.sel] = name
        self.app.names_changed = True
        return self._list()

    def idle(self):
        if self.mode != _EDIT or self.pend < 0:
            return _NOTHING
        self.tick += 1
        if self.tick < _SETTLE:
            return _NOTHING
        self.pend = -1
        self._field(self.app.fb)
        return _SHOW
