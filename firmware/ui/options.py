# New game and Settings: one list of options on app.cfg (settings.py numbers them).
# New game lists the table (people, bots, stack, ante) and every rule variant, then
# "Start the game"; Settings lists the bot level and pace and the rule variants (the
# defaults of the next new game), the deck, the sound, the question before passing a
# good hand, the Names row (OK or RIGHT opens ui/names.py, the people's names) and the
# language, then "Done"; more rows than the screen holds scroll (Done stays at the
# bottom, a bar on the right says where the list is). UP/DOWN pick a row, LEFT/RIGHT
# change its value, digits type a small number; OK never changes a value: on a value row
# it moves to the last row, and OK there starts or returns (as the left soft key does).
# What applies when (said on the help line of the row): in Settings during a match, the
# rule variants are for the next new game, while the bot level and pace apply to the
# match at once (leaving Settings sets them in app.play). Every match seats everyone,
# people and bots, with the Stack setting (session.new_match). Starting a new game
# while a match is saved asks first (OK starts it, END goes back to the list).
# Back (END or the right soft key) after a change asks whether to keep it: OK keeps
# (as Done), END puts every row back as it was when the list opened (self.undo: the
# table settings, the deck, the sound, the question before passing, the ante rise and
# the language; the names are saved on their own screen, which carries self.undo there
# and back).
from drivers import keys
from i18n import held, item
import settings
from ui import draw
# The option numbers (settings.PEOPLE ...) are read from settings, not imported by name:
# every name a module imports is an entry of its dict, made again at each import.
from ui.screen import Screen, leave, open_screen, resume

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_AS_ANTE = const(15)
_W_BACK = const(18)
_W_BUY_INS = const(20)
_W_DONE = const(32)
_W_HELP_KEEP = const(49)
_W_HELP_OPTIONS = const(56)
_W_HELP_REPLACE = const(58)
_W_KEEP_ASK = const(70)
_W_LEVELS = const(72)
_W_NEW_GAME = const(80)
_W_NEXT_MATCH = const(82)
_W_NO = const(83)
_W_NO_CAP = const(87)
_W_ON_OFF = const(96)
_W_OPTIONS = const(97)
_W_OPT_FOLD = const(98)
_W_PACES = const(99)
_W_PLAY = const(102)
_W_REPLACE_ASK = const(112)
_W_RISE_EVERY = const(117)
_W_SETTINGS = const(123)
_W_START = const(127)
_W_VOLUMES = const(147)
_W_YES = const(151)
# <<< words

# Folded into the code (no names in the module dict; host_tests/firmware/test_consts.py checks):
_FELT = const(2)
_LIGHT = const(14)
_NOTHING = const(0)
_SHOW = const(1)
_REDRAW = const(2)

_TOP = const(16)
_ROW = const(9)
_SHOWN = const(12)      # option rows on the screen at once (then Done): more scroll
T = held(__name__)
# (The bot pace is in Settings only: the rising ante takes its row here.)
NEW_ITEMS = bytes((settings.PEOPLE, settings.BOTS, settings.LEVEL, settings.STACK,
                   settings.ANTE, settings.JOKER, settings.SEVENS, settings.CAP,
                   settings.BLINDS, settings.MIN_BLIND, settings.BUY_IN, 15))
# The language row, last in Settings: not a byte of app.cfg (i18n keeps the choice and
# the app saves it after the key: saving.save_prefs); its number is its label's index in
# T[_W_OPTIONS].
_LANG = const(12)
# The Names row: opens the names screen (ui/names.py); label T[_W_OPTIONS][_NAMES].
# Before the language row, which stays second from the bottom (UP UP from the top reaches it).
_NAMES = const(13)
# The four-colour deck (clubs green, diamonds blue): not a byte of app.cfg either, it is
# settings.FOUR, saved as "four" in the "settings" save; label T[_W_OPTIONS][_DECK].
_DECK = const(14)
# The rising ante (settings.RISE, saved as "rise"): label T[_W_OPTIONS][_RISE].
_RISE = const(15)
# The sound's volume (app.volume, saved as "vol"): label T[_W_OPTIONS][_SOUND].
_SOUND = const(16)
# Ask before passing a hand the chances favour (settings.ASK_PASS, saved as "ask"; the
# table asks): label T[_W_OPT_FOLD], a word of its own.
_FOLD = const(17)
# (Twelve rows and Done fill the screen, Settings' thirteen scroll: the rising ante is on
# New game only. Names and the language stay last, so UP UP from the top reaches it.)
SETTING_ITEMS = bytes((settings.LEVEL, settings.PACE, settings.JOKER, settings.SEVENS, settings.CAP,
                       settings.BLINDS, settings.MIN_BLIND, settings.BUY_IN, _DECK,
                       _SOUND, _FOLD, _NAMES, _LANG))
# The lowest and highest value of each option: settings.LOW and settings.HIGH.


_volume = bytearray(1)          # app.volume as the Sound row shows it (value_text has no app)


def value_text(cfg, opt):
    """The text of an option's value."""
    if opt == _NAMES:
        return "\u25b6"                # a screen of its own behind this row
    if opt == _LANG:
        import i18n
        return i18n.NAMES[i18n.LANGUAGES.index(i18n.current())]
    if opt == _DECK:
        return T[_W_ON_OFF][settings.FOUR[0]]
    if opt == _FOLD:
        return T[_W_ON_OFF][settings.ASK_PASS[0]]
    if opt == _SOUND:
        return T[_W_VOLUMES][_volume[0]]
    if opt == _RISE:
        k = settings.RISE[0]
        return T[_W_RISE_EVERY] % settings.RISE_GAMES[k] if k else T[_W_ON_OFF][0]
    v = cfg[opt]
    if opt == settings.LEVEL:
        return T[_W_LEVELS][v]
    if opt == settings.STACK:
        return "%d" % settings.STACKS[v]
    if opt == settings.JOKER or opt == settings.SEVENS or opt == settings.BLINDS:
        return T[_W_ON_OFF][v]
    if opt == settings.CAP and v == 0:
        return T[_W_NO_CAP]
    if opt == settings.MIN_BLIND and v == 0:
        return T[_W_AS_ANTE]
    if opt == settings.BUY_IN:
        return T[_W_BUY_INS][v]
    if opt == settings.PACE:
        return T[_W_PACES][v]
    return "%d" % v


def change(cfg, opt, step):
    """Step an option by +1 or -1, wrapping, and keep 2..10 players at the table.
    People and bots do not wrap: they stop at their ends (one bot at least when alone;
    bots stop where people + bots reach 10), so a step never swaps bots for people."""
    lo = settings.LOW[opt]
    hi = settings.HIGH[opt]
    v = cfg[opt] + step
    if opt == settings.PEOPLE or opt == settings.BOTS:
        if opt == settings.BOTS:
            lo = 1 if cfg[settings.PEOPLE] == 1 else 0
            hi = 10 - cfg[settings.PEOPLE]
        v = lo if v < lo else hi if v > hi else v
    elif v > hi:
        v = lo
    elif v < lo:
        v = hi
    cfg[opt] = v
    fix_players(cfg, opt)


def fix_players(cfg, opt):
    """People + bots must be 2..10: adjust the other one of the two."""
    other = settings.BOTS if opt == settings.PEOPLE else settings.PEOPLE
    total = cfg[settings.PEOPLE] + cfg[settings.BOTS]
    if total > 10:
        cfg[other] -= total - 10
    elif total < 2:
        cfg[other] += 2 - total
    if cfg[settings.PEOPLE] < 1:
        cfg[settings.PEOPLE] = 1
        cfg[settings.BOTS] = 1


class Options(Screen):
    """New game (new=True) or Settings (new=False): a list of options and a last row;
    `at`, an option number, starts with its row selected (else the first row); `undo`,
    the rows as the list first opened (back from the names screen), else as they are."""

    name = "options"
    help = T[_W_HELP_OPTIONS]

    def __init__(self, app, new, at=-1, undo=None):
        super().__init__(app)
        self.new = new
        self.items = NEW_ITEMS if new else SETTING_ITEMS
        self.cfg = app.cfg
        self.selected = 0
        self.top = 0                # the first option row shown (_SHOWN at once)
        for i in range(len(self.items)):
            if self.items[i] == at:
                self.selected = i
        self._scroll()
        self.typed = 0
        _volume[0] = app.volume
        self.asking = False         # "replace the saved game?" is showing
        self.keeping = False        # "keep the changes?" is showing
        self.undo = undo or self._now()
        self.help = self._help()

    def trace(self):
        return "%s %d %s%s" % ("newgame" if self.new else "settings", self.selected,
                               " ".join(["%d" % v for v in self.cfg]),
                               " replace?" if self.asking else " keep?" if self.keeping
                               else "")

    def _running(self):
        """The match in progress (saved, not over), or None."""
        p = self.app.play
        return p if p is not None and not p.ended else None

    def _help(self):
        """The help line for the selected row: what applies when, else the keys."""
        if self.selected < len(self.items):
            opt = self.items[self.selected]
            if (not self.new and opt != settings.LEVEL and opt != settings.PACE and opt < _LANG
                    and self._running() is not None):
                return T[_W_NEXT_MATCH]
        return T[_W_HELP_OPTIONS]

    def _now(self):
        """The rows' values now: the table settings, then the deck, the sound's volume,
        the ante rise, the question before passing and the language (its index in
        i18n.LANGUAGES)."""
        import i18n
        return bytes(self.cfg) + bytes((settings.FOUR[0], self.app.volume, settings.RISE[0],
                                        settings.ASK_PASS[0],
                                        i18n.LANGUAGES.index(i18n.current())))

    def draw(self, fb):
        fb.fill(_FELT)
        draw.title_band(fb, T[_W_NEW_GAME] if self.new else T[_W_SETTINGS])
        n = len(self.items)
        for i in range(n + 1):
            self._row(fb, i)
        if n > _SHOWN:              # where the rows shown are in the list
            fb.fill_rect(125, _TOP + self.top * _ROW * _SHOWN // n, 2,
                         _ROW * _SHOWN * _SHOWN // n, _LIGHT)
        self.help = self._help()
        draw.bottom(fb, self.help, T[_W_PLAY] if self.new else T[_W_DONE], T[_W_BACK])
        if self.asking or self.keeping:
            self.help = T[_W_HELP_REPLACE] if self.asking else T[_W_HELP_KEEP]
            draw.ask(fb, T[_W_REPLACE_ASK] if self.asking else T[_W_KEEP_ASK], self.help,
                     T[_W_YES], T[_W_NO])

    def _scroll(self):
        """Move the rows shown so that the selected one is among them; True if they moved."""
        s = self.selected
        top = self.top
        if s < len(self.items):
            if s < top:
                self.top = s
            elif s >= top + _SHOWN:
                self.top = s - _SHOWN + 1
        return self.top != top

    def _row(self, fb, i):
        n = len(self.items)
        on = i == self.selected
        if i == n:
            y = _TOP + min(n, _SHOWN) * _ROW + 3
            draw.menu_row(fb, y, _ROW + 2, T[_W_START] if self.new else T[_W_DONE], on,
                            draw.small())
            return
        if not self.top <= i < self.top + _SHOWN:
            return
        y = _TOP + (i - self.top) * _ROW
        opt = self.items[i]
        # The label read alone (i18n.item): the value's tuple comes next, and reading
        # T[_W_OPTIONS] whole for every row would decode its twenty strings each time.
        draw.menu_row(fb, y, _ROW, T[_W_OPT_FOLD] if opt == _FOLD else item(_W_OPTIONS, opt),
                        on, draw.small(), value_text(self.cfg, opt))

    def key(self, code):
        n = len(self.items) + 1
        fb = self.app.fb
        if self.asking:
            if code == keys.OK or code == keys.SL:
                self.asking = False
                return self._start()
            if code == keys.END or code == keys.SR:
                self.asking = False
                return _REDRAW
            return _NOTHING
        if self.keeping:
            if code == keys.OK or code == keys.SL:
                return self._leave(True)
            if code == keys.END or code == keys.SR:
                return self._drop()
            return _NOTHING
        if code == keys.UP or code == keys.DOWN:
            return self._select((self.selected + (1 if code == keys.DOWN else n - 1)) % n)
        if code == keys.END or code == keys.SR:
            if self._now() != self.undo:
                self.keeping = True
                return _REDRAW
            return self._leave(False)
        if code == keys.SL:
            return self._finish()
        last = self.selected == n - 1
        if code == keys.OK and last:
            return self._finish()
        if last:
            return _NOTHING
        opt = self.items[self.selected]
        if code == keys.OK and opt != _NAMES:
            return self._select(n - 1)  # OK changes no value: on to Start (or Done)
        return self._row_key(opt, code)

    def _select(self, i):
        """Move the highlight to row i (redrawing the two rows and the help line)."""
        fb = self.app.fb
        old = self.selected
        self.selected = i
        self.typed = 0
        if self._scroll():
            return _REDRAW
        self._row(fb, old)
        self._row(fb, i)
        help = self._help()
        if help != self.help:
            self.help = help
            draw.help_line(fb, help)
        return _SHOW

    def _row_key(self, opt, code):
        """A key on the row of option `opt`. (key() is split in two: one function's code
        is one block of the heap where the game is .mpy files.)"""
        if opt == _NAMES:
            if code == keys.RIGHT or code == keys.OK:
                return open_screen(self.app, "names", "Names", 0, self.undo)
            return _NOTHING
        if opt == _LANG:
            if code == keys.LEFT or code == keys.RIGHT:
                return self._language(-1 if code == keys.LEFT else 1)
            return _NOTHING
        if opt == _DECK or opt == _FOLD:
            if code == keys.LEFT or code == keys.RIGHT:
                (settings.FOUR if opt == _DECK else settings.ASK_PASS)[0] ^= 1
                self.app.prefs_changed = True
                return self._changed(opt)
            return _NOTHING
        if opt == _SOUND:
            if code == keys.LEFT or code == keys.RIGHT:
                app = self.app
                app.volume = (app.volume + (2 if code == keys.LEFT else 1)) % 3
                _volume[0] = app.volume
                app.prefs_changed = True
                app.beep(2)                 # a sample at the new volume
                return self._changed(opt)
            return _NOTHING
        if opt == _RISE:
            if code == keys.LEFT or code == keys.RIGHT:
                n = len(settings.RISE_GAMES)
                settings.RISE[0] = (settings.RISE[0] + (n - 1 if code == keys.LEFT else 1)) % n
                self.app.prefs_changed = True
                return self._changed(opt)
            return _NOTHING
        if code == keys.LEFT or code == keys.RIGHT:
            change(self.cfg, opt, -1 if code == keys.LEFT else 1)
            self.typed = 0
            return self._changed(opt)
        d = keys.digit(code)
        if d >= 0:
            v = self.typed * 10 + d
            if v > settings.HIGH[opt]:
                v = d
            self.typed = v
            if settings.LOW[opt] <= v <= settings.HIGH[opt]:
                self.cfg[opt] = v
                fix_players(self.cfg, opt)
                return self._changed(opt)
        return _NOTHING

    def _changed(self, opt):
        if opt == settings.PEOPLE or opt == settings.BOTS:
            return _REDRAW
        self._row(self.app.fb, self.selected)
        return _SHOW

    def _language(self, step):
        """The next (or previous) language: chosen, saved, and the screen redrawn in it."""
        import i18n
        langs = i18n.LANGUAGES
        code = langs[(langs.index(i18n.current()) + step) % len(langs)]
        i18n.use(code)                  # rebinds T here and in every loaded screen
        self.help = T[_W_HELP_OPTIONS]
        self.app.prefs_changed = True
        return _REDRAW

    def _finish(self):
        """Done (Settings) or Play (New game)."""
        if not self.new:
            return self._leave(True)
        if self._running() is not None:
            self.asking = True
            return _REDRAW
        return self._start()

    def _leave(self, keep):
        """Back to the title (or the match, from the play menu); `keep`: Settings' bot
        level and pace apply to the match in progress at once."""
        if self.new:
            return open_screen(self.app, "title", "Title", 0)
        p = self._running()
        if keep and p is not None:
            p.set_pace(self.cfg[settings.LEVEL], self.cfg[settings.PACE])
        return leave(self.app, "title", "Title", 2)   # or to the match

    def _drop(self):
        """Every row back as the list opened (self.undo), then leave."""
        import i18n
        u = self.undo
        n = len(u) - 5
        for i in range(n):
            self.cfg[i] = u[i]
        settings.FOUR[0], self.app.volume, settings.RISE[0] = u[n], u[n + 1], u[n + 2]
        settings.ASK_PASS[0] = u[n + 3]
        i18n.use(i18n.LANGUAGES[u[n + 4]])
        self.app.prefs_changed = True   # saving.save_prefs saves what differs
        return self._leave(False)

    def _start(self):
        from session import new_match
        new_match(self.app)
        return resume(self.app)

