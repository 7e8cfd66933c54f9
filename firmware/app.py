# The loop's brain, independent of pins: gives each key to the current screen, switches
# screens when one asks (ui/screen.py lists the answers), redraws what changed and calls
# display.show(). A key that changes nothing allocates nothing here.
# main.py (the handset) and tools/sim/__main__.py (the simulator) drive it the same way:
#   app = App(display); app.start(); then app.key(code) per key, app.idle() between.
# The app owns all the state between screens (App.__init__ lists it) and saves after a
# key what it changed (_keep: saving.py, docs/RELIABILITY.md). key() and idle() never
# raise: an error (MemoryError included) goes back to the last saved game with a
# one-line message (_recover). The clock, app.now in ms: the real time with
# clock=time.ticks_ms (main.py, the web page), else a virtual one that advances IDLE_MS
# at every idle() (the simulator's --keys runs, the tests): key for key the same runs.
import gc

import settings
from ui.screen import BUSY, NOTHING, REDRAW, SENT, SHOW, Later

from micropython import const

# The words drawn here (i18n/_names.py; host_tests/firmware/test_consts.py checks them):
# >>> words by number (tools/gen/strings.py writes the numbers: make strings)
_W_CONTINUE_LAST = const(24)
_W_NOTE_ERR = const(84)
_W_NOTE_MEM = const(85)
_W_RESTORED_ERR = const(115)
_W_RESTORED_MEM = const(116)
# <<< words

_SEED_MASK = 0x3FFFFFFF      # game seeds are 30-bit whole numbers (svara.Game)
_SOUND = const(1)            # settings.PREFS[_SOUND]: the sound's volume
IDLE_MS = const(10)          # the virtual clock's step a call of idle() (main.py's pause)
_HOLD_MS = const(30)         # a timed screen that says no time (wait): idle() again then
# MicroPython: collect once the screen settles after work (see idle()). CPython needs no
# help, and its collector is slow to call this often.
_TIDY = hasattr(gc, "mem_alloc")
_BIG_FREE = const(98304)     # 96 KB free: a heap far over the game's targets (_EVERY)


class App:
    """The handset's UI: App(display, first=None, seed=None, store=None).

    display is a FrameBuffer with show() (drivers/st7735 or drivers/simdisplay);
    first makes the first screen from the app (default: ui.title's title menu);
    seed, if given, makes every game seed the app hands out repeatable;
    store (a store.Store) keeps the settings between runs (None: nothing is saved);
    clock (ms, as time.ticks_ms) is the real clock, None a virtual one (IDLE_MS an idle)."""

    def __init__(self, display, first=None, seed=None, store=None, clock=None):
        self.display = display
        self.clock = clock
        self.now = clock() if clock is not None else 0   # ms (time.ticks_diff them)
        self.fb = display
        self.screen = None
        self._first = first
        self._seed = None if seed is None else seed & _SEED_MASK
        self.store = store
        self.cfg = bytearray(settings.DEFAULTS)   # the table settings (settings.PEOPLE..)
        self.stats = [0] * settings.N_STATS       # the statistics (settings.py names them)
        self.players = {"names": []}    # the names, by person slot (saving.py's header)
        self.hist = []          # the kept games' histories (the "history" save)
        self.play = None        # the match in progress (session.Session), for Continue
        self.restore = False    # its save (and the kept histories) still to be read:
                                # start() leaves them to the first idle() or key, once
                                # the title is on the panel (it shows Continue meanwhile)
        self.rest = False       # the statistics and the names still to be read (likewise)
        self.to_play = False    # a screen opened from the play menu goes back to the match
        # What the saves hold now (saving.py saves only what changed; loading.py sets them):
        self.cfg_saved = None   # bytes(app.cfg) as saved
        self.stats_saved = None     # app.stats as saved (None: not read nor saved yet)
        self.stats_token = None     # what app.stats count of the match (saving.save_stats;
                                    # None: unknown, not read yet)
        self.token_saved = None     # stats_token as saved
        self.players_saved = None   # app.players as saved
        self.kept = None        # the Session the "game" save holds, if any (True: a game,
                                # its match let go for a new one: session.new_match)
        self.save_failed = False    # a failed save was said on the screen (once only)
        self.prefs_changed = False  # a screen changed the language or a preference (settings.PREFS)
        self.names_changed = False  # a screen changed a person's name (both saved by _keep)
        self.stats_changed = False  # the statistics were reset (saved by _keep too)
        self.error = ""         # the last error caught, "Type: repr" (tools/stress/fuzz.py)
        self.note = ""          # what start-up had to do (damaged saves), on the title
        self.message = ""       # the last one-line message shown (an error, a failed save)
        self.says = 0           # messages drawn on the help line so far (a screen that
                                # skips redrawing an unchanged help line asks)
        self._said = ""         # a message to show after the current key
        self._fails = 0         # errors since the last key that went through
        self.errors = 0         # errors caught since start (tools/stress/fuzz.py counts them)
        self.done = False       # Exit on the title: the loop may stop (main.py)
        self.timed = False      # the last idle() was timed waiting (BUSY): pause as usual
        self.wait = 0           # then: idle() has nothing to do until `wait` ms after
                                # self.now (main.py reads only the keys meanwhile)
        self.skipped = -1       # when a key last skipped a bot's pause (self.now; -1: long
                                # ago): ui/screen.hurried keeps the next keys from playing
        self.sound = None       # a drivers/buzzer.Buzzer (main.py, the simulator window)
        # Show the first-game guide before a fresh install's first game (Session.view):
        # not in a run with a fixed seed, which replays a script (a test, a bug report).
        self.guide = seed is None
        self._worked = False    # a key or a change since the last collection (idle())

    def start(self):
        """Make and draw the first screen."""
        # A game in progress (and the kept histories) is read after it, at the first
        # idle() or key (loading.py's load_game_later; loading.py kept imported till
        # then): the title shows sooner.
        # The chances' work space (svara.odds, allocated once at its import) and the
        # bots (their module's dict is a block of 472 bytes) while the heap is still
        # whole: every game needs them.
        settings.PREFS[:] = settings.PREF_DEFAULTS     # then the saved ones
        for _ in (0, 1):
            try:
                import svara.odds  # noqa: F401
                import svara.bots  # noqa: F401
                self._load_saves()
                break
            except MemoryError:             # once more after a collection; then the
                self.play = None            # saves are left as they are until the next
                gc.collect()                # start (a half-read app would overwrite
        else:                               # them) and the title says so
            self.store = None
            from i18n import strings
            self.note = "%s\nMemoryError\n" % strings()[_W_NOTE_MEM]
        try:
            first = self._first
            if first is None:
                from ui.screen import drop_screens
                drop_screens("title")       # an app made again in one run (the fuzz)
                from ui.title import Title
                first = Title
            self._switch(first(self))
        except MemoryError as e:            # as key() and idle() (the title, a note)
            self._recover(e)

    def key(self, code):
        """Give one key code to the current screen and do what it answers."""
        self._worked = True
        self.timed = False
        if self.clock is not None:
            self.now = self.clock()
        try:
            if self.screen is None:     # (see _halt(): the saved game or the title
                self._fails = 0         # is tried again)
                raise MemoryError("no screen")
            if self.restore or self.rest:   # a key before the first idle(): the saves first
                self.idle()
            if isinstance(self.screen, Later):
                self._switch(self.screen.open(self))
            p = self.play
            if p is not None and p.unkept:  # a game's end, unsaved (_keep): before the key
                self._keep(True)
                if _TIDY and _EVERY[0] == 1:    # a small heap (_acted): the history's
                    gc.collect()        # JSON freed before the key deals a game and opens
                                        # a screen (a big heap keeps its pace: _acted)
            answer = self.screen.key(code)
            self._keep()
            self._do(answer)
            self._fails = 0
        except Exception as e:      # MemoryError too: never out of the loop
            self._recover(e)
        if self._said and not isinstance(self.screen, Later):
            self._say_now()

    def beep(self, kind):
        """A short tone for a moment of the game (drivers/buzzer.py DEAL, BET, WIN,
        SVARA) when there is a buzzer, at the volume set."""
        s = self.sound
        if s is not None:
            s.volume = settings.PREFS[_SOUND]
            s.play(kind)

    def idle(self):
        """Let the current screen do timed work; True if the screen changed or timed
        work goes on (then self.timed is True, and self.wait says for how many ms from
        self.now nothing is due: a bot's thinking dot, its pop-up's end, a step of the
        pot's slide, the end of a tone; main.py sleeps that long, the keys read)."""
        self.timed = False
        self.wait = _HOLD_MS
        if self.screen is None:     # not even the title could be made (no memory: see
            return False            # _recover): nothing runs until a key tries again
        clock = self.clock
        # (the virtual clock wraps as ticks_ms does, within MicroPython's small integers)
        self.now = clock() if clock is not None else (self.now + IDLE_MS) & 0x3FFFFFFF
        if self.sound is not None:
            self.sound.tick()
        try:
            if self.restore or self.rest:   # the saves start() left (the game's too)
                self._worked = True     # (collected once the title settles)
                g = self.restore        # (its histories too: load_all read them if not)
                try:
                    from ui.writer import good_name
                    answer = _loading().load_game_later(self, good_name, g, g)
                except MemoryError:
                    # Not tried again at every idle() (a loop that never sleeps): as
                    # start() out of memory, the saves are left as they are until the
                    # next start, and _recover says so.
                    self.restore = self.rest = False
                    self.store = None
                    self.play = self.kept = None    # (nothing half read is resumed)
                    raise
                finally:
                    _done_loading()
            elif isinstance(self.screen, Later):
                answer = self.screen.open(self)
            else:
                answer = self.screen.idle()
                self._keep()
            self._do(answer)
        except Exception as e:
            self._recover(e)
            answer = REDRAW
        if self._said and not isinstance(self.screen, Later):
            self._say_now()
        if self.sound is not None and self.timed:
            left = self.sound.left()    # a tone ends before that: idle() ends it
            if 0 <= left < self.wait:
                self.wait = left
        if answer != NOTHING and answer != BUSY:
            self._worked = True
        elif self._worked and _TIDY and (answer == NOTHING or _acted(self.play)):
            # Settled (or holding a bot's pause after an action): collect now, when no
            # half-made object is on the stack, so that what the key left behind is freed
            # before the next key allocates. Left to itself the collector runs only when
            # an allocation fails, and long-lived objects made meanwhile land beyond the
            # garbage: the heap breaks into holes too small for a screen's module (issue
            # 13). While bots play, once an action, not again after the frame that ends
            # its pop-up; on a big heap (_EVERY) once in a few actions, settled or not
            # (a collection is some 18 ms of the handset's CPU).
            self._worked = False
            if answer != NOTHING or _acted(self.play, True):
                gc.collect()
        return answer != NOTHING

    # --- saves and errors (saving.py) ---------------------------------------------------

    def _load_saves(self):
        if self.store is not None:
            from ui.writer import good_name
            try:
                _loading().load_all(self, good_name)
            finally:
                if not self.restore and not self.rest:
                    _done_loading()

    def _keep(self, ended=False):
        """Save what the session says changed (an action, the pace: the game; a game
        counted: the history), and what a screen changed (the settings it saves at once,
        the names, the statistics reset), before the next key, so that a power cut loses
        no action. A game that bots' actions ended (counted, nothing else changed) is
        saved at the next key (`ended`: key() calls this first then), its history and
        then its statistics: till then the last save replays those actions and loading
        counts the game (saving.py), so its result and the pot's slide carry no save."""
        p = self.play
        if p is not None and (p.changed or ended):
            if self.store is not None:
                import saving
                saving.save_session(self, p)
                if ended:
                    saving.save_stats(self)
            p.changed = False
            p.unkept = False
        if self.prefs_changed or self.names_changed or self.stats_changed:
            if self.store is not None:
                import saving
                if self.prefs_changed:
                    saving.save_prefs(self)
                if self.names_changed:
                    saving.save_players(self)
                if self.stats_changed:
                    saving.save_stats(self)
            self.prefs_changed = False
            self.names_changed = False
            self.stats_changed = False

    def say(self, text):
        """Show a one-line message on the help line once the current key is done."""
        self._said = text

    def _say_now(self):
        from ui.draw import help_line
        self.message = self._said
        self._said = ""
        self.says += 1
        help_line(self.fb, self.message)
        self.display.show()

    def _recover(self, e):
        """After an error: go back to the statistics and the game as last saved (the game
        at its screen, with a message), as a restart would; failing that, to the title
        with a note."""
        play = self.play
        self.play = None
        gc.collect()
        from i18n import strings
        T = strings()
        memory = isinstance(e, MemoryError)
        what = T[_W_NOTE_MEM] if memory else T[_W_NOTE_ERR]
        self.error = "%s: %r" % (type(e).__name__, e)
        self._fails += 1
        self.errors += 1
        try:
            if self.store is not None:
                import saving
                saving.roll_back(self)   # the statistics as saved, as after a restart
                try:
                    from ui.writer import good_name
                    play = _loading().load_game(self, good_name)
                finally:
                    _done_loading()
            self.play = play
            if play is not None and self._fails < 3:
                from ui.screen import resume
                self._switch(resume(self))
                self.say(T[_W_RESTORED_MEM] if memory else T[_W_RESTORED_ERR])
                return
        except Exception:
            pass
        try:
            from ui.title import Title
            self.note = "%s\n%s\n%s" % (what, type(e).__name__,
                                          T[_W_CONTINUE_LAST] if self.play else "")
            self._switch(Title(self, 1 if self.play else 0))
            return
        except Exception:
            pass
        self._halt(what)

    def _halt(self, line):
        """Not even the title could be made: one line on a blank panel, no screen, so
        idle() answers nothing changed (main.py sleeps) until a key tries again."""
        self.screen = None
        self.message = line
        self._said = ""     # (a message a failed attempt left: not over this line)
        fb = self.fb
        try:
            fb.fill(0)
            from ui.draw import help_line
            help_line(fb, line)
        except Exception:   # (no memory for the font: the panel's own, ASCII)
            fb.fill(0)
            fb.text("Out of memory", 12, 76, 1)
        try:
            self.display.show()
        except Exception:
            pass

    def trace(self):
        """The current screen's one-line state (the simulator's --trace)."""
        s = self.screen
        return s.trace() if s is not None else "no screen: " + self.message

    def new_seed(self):
        """A seed for the next game: from the app's seed if it had one, else random."""
        if self._seed is None:
            import random
            return random.getrandbits(30)
        # A 30-bit LCG step (the common 1664525 / 1013904223 constants): the
        # same sequence on CPython and MicroPython.
        self._seed = (self._seed * 1664525 + 1013904223) & _SEED_MASK
        return self._seed

    def show_rows(self, top, end):
        """Send the frame where it changed, which is in rows top..end-1 alone: only
        they are compared (drivers/st7735; the whole frame on a display without it)."""
        f = getattr(self.display, "show_rows", None)
        if f is not None:
            f(top, end)
        else:
            self.display.show()

    def _do(self, answer):
        if answer == NOTHING or answer == SENT:    # (SENT: the screen showed it)
            return
        if answer == BUSY:
            self.timed = True
            return
        if answer == SHOW:
            self.display.show()
        elif answer == REDRAW:
            self.screen.draw(self.fb)
            self.display.show()
        else:
            self._switch(answer)

    def _switch(self, screen):
        old = self.screen
        self.screen = screen
        if isinstance(screen, Later):
            # Let the old screen go now; the next idle() or key opens the new one. The
            # old name stays for the saves that leaving a screen makes (saving.switched).
            screen.name = old.name if old is not None else ""
            from ui.screen import drop_screens
            drop_screens(screen.module)
            return
        if self.note and screen.name != "title":
            self.note = ""
        screen.enter()
        screen.draw(self.fb)
        self.display.show()
        if screen.module is not None:
            from ui.screen import drop_screens
            drop_screens(screen.module)
        if self.store is not None:
            import saving
            saving.switched(self, old, screen)


def _acted(p, settled=False):
    """True when the match p played _EVERY[0] actions (on a small heap: or dealt a game)
    since the last True: the app collects once that many actions while bots play
    (App.idle), and when the screen settles (`settled`: on a small heap always then)."""
    if p is None or p.game is None:
        return True
    e = _EVERY[0]
    if not e:
        if settled:     # not decided yet: as on a small heap
            return True
        # the first time bots play (gc.mem_free() walks the whole heap)
        e = _EVERY[0] = 4 if gc.mem_free() >= _BIG_FREE else 1
    if e == 1:
        if settled:
            return True
    elif p.game.to_act is None:
        return False        # a big heap at a game's end: none (a round of one bot that
                            # ends at the result has no time to spare)
    elif settled:
        e = 2               # a big heap at your turn: then no round of one bot needs one
    n = p.games * 1024 + len(p.game.log)
    c = p.collected
    if e != 1 and c < n - len(p.game.log):
        c = n - len(p.game.log)     # a big heap: a new game's own actions count (a deal
                                    # alone is no reason: a round of one bot after it)
    if 0 <= n - c < e:
        return False
    p.collected = n
    return True


# While bots play, the collector runs once every _EVERY[0] actions; when the screen
# settles, always on a small heap; on a big one at your turn if two actions were played
# since the last collection (yours and a bot's: so a round with one bot, your action and
# its, never reaches four), never at a game's end, a new game counting its own actions
# (so the round after a result, with its saves, has one only with four bots). Once an
# action unless 96 KB of the heap are free when bots first play (the targets' heaps,
# 48 KB frozen and 128 KB as .mpy files, are too tight to let garbage pile up beside
# long-lived objects: docs/MEMORY.md), once in four then (a collection sweeps the whole
# heap: on a Pico's 233 KB, 18 ms of the RP2040, docs/SPEED.md). Decided once (0: not
# yet), not at start: gc.mem_free() walks the whole heap.
_EVERY = [0]


def _loading():
    """loading.py (reading the saves back), imported for the moment it is needed."""
    import loading
    return loading


def _done_loading():
    """Let loading.py go again: on an .mpy install its code is RAM, and it is needed
    only at start and after an error."""
    import sys
    sys.modules.pop("loading", None)
