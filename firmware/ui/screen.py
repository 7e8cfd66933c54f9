# The base of every screen. The app gives a screen key codes (drivers/keys.py) and idle
# moments; the screen answers with what the app must do next: NOTHING, SHOW, SENT,
# REDRAW, BUSY (below, each), or a Screen to switch to (the app calls its enter(),
# draw(fb), then shows it). A screen that has somewhere to go back to keeps that screen
# itself (e.g. self.back). Screens open each other through open_screen() (one screen
# module imported when it is needed, the others dropped: drop_screens), and the match
# through resume().
from drivers import keys

from micropython import const

try:
    from time import ticks_diff
except ImportError:     # CPython: MicroPython's, on its 30-bit ticks
    def ticks_diff(a, b):
        return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000

NOTHING = const(0)      # nothing changed on the screen
# SHOW: the screen drew its own changes into app.fb already: just show the frame (a
# screen whose timed work goes on may set app.timed and app.wait as well, as for BUSY:
# the pot's slide does, so no call only learns the wait)
SHOW = const(1)
REDRAW = const(2)       # call draw(fb) for the whole screen, then show it
# BUSY: nothing to show, but timed work is under way (a pop-up held on the screen): the
# screen sets app.wait, the ms from app.now until its next change is due (default 30),
# and main.py calls idle() again then (app.timed says so)
BUSY = const(3)
# SENT: as SHOW, but the screen sent the rows it changed itself (app.show_rows: only
# they are compared, a step of the pot's slide)
SENT = const(4)


GUARD_MS = const(300)       # after a key that skipped a bot's pause: no key plays


def hurried(app, code):
    """True for a key that would play (OK, the left soft key, the green key) within
    GUARD_MS of a key that skipped a bot's pause (app.skipped, set by the table): a key
    pressed twice to hurry the bots neither plays the person's turn the second press
    found nor closes the result that the last bot's action brought."""
    if app.skipped < 0:
        return False
    if ticks_diff(app.now, app.skipped) >= GUARD_MS:
        app.skipped = -1
        return False
    return code == keys.OK or code == keys.SL or code == keys.CALL


class Screen:
    """One screen of the handset: draws itself and turns keys into what happens next."""

    name = "screen"     # a short id, printed by the simulator's --trace
    help = ""           # one line on the keys this screen uses (the simulator shows it)
    module = None       # its module under ui/, when a Later opened it (app.py drops the others)
    p = None            # the match it shows (the table and the showdown: app.play)

    def __init__(self, app):
        self.app = app

    def enter(self):
        """Called when the screen becomes the current one, before its first draw."""

    def draw(self, fb):
        """Draw the whole screen into the frame buffer fb (the app shows it after)."""
        fb.fill(0)

    def key(self, code):
        """Handle one key code; return NOTHING, SHOW, REDRAW or the next Screen."""
        return NOTHING

    def idle(self):
        """Called when no key came (every ~10 ms on the handset, after each key in the
        simulator until it answers NOTHING): for bots' moves and timed changes."""
        return NOTHING

    def trace(self):
        """One line on the state for the simulator's --trace (during play: whose turn,
        the stacks, the pot)."""
        return self.name


class Later:
    """A screen to open in a moment (open_screen makes these): the app lets
    the current screen go at once and opens this one in its next idle() or key, so the
    old screen's module can be collected before the new one is loaded (code sits in RAM
    on the handset: two screens' code at once is the peak otherwise)."""

    name = "opening"     # the app sets it to the name of the screen it replaces

    def __init__(self, module, cls, args):
        self.module = module
        self.cls = cls
        self.args = args

    def open(self, app):
        """The screen itself, its module imported now."""
        pkg = __import__("ui." + self.module)
        screen = getattr(getattr(pkg, self.module), self.cls)(app, *self.args)
        screen.module = self.module
        return screen

    def trace(self):
        return "opening " + self.module


# Screen modules that only their own screens use. Code sits in RAM on the handset, so
# when one of these screens takes over, the others are forgotten (app.py calls
# drop_screens) and collected once no screen object holds them; the next open_screen
# imports a module again.
DROP = ("title", "options", "rulespages", "stats", "showdown", "table", "names", "history",
        "playmenu")


def open_screen(app, module, cls, *args):
    """The screen `cls(app, *args)` of ui/<module>.py, to switch to: a Later that the app
    opens (imports and makes) once the current screen is let go."""
    return Later(module, cls, args)


def resume(app):
    """The screen of the match in progress (app.play) for its state now (Session.view)."""
    module, cls, args = app.play.view()
    return Later(module, cls, args)


def leave(app, module, cls, *args):
    """Where a screen opened from the menu during play (ui/playmenu.py sets app.to_play)
    goes back to: the match; else the screen `cls(app, *args)` of ui/<module>.py."""
    if app.to_play:
        app.to_play = False
        if app.play is not None:
            return resume(app)
    return Later(module, cls, args)


def drop_screens(keep):
    """Forget the screen modules of DROP other than `keep` (sys.modules and the package)."""
    import sys
    names = sys.modules["ui"].__dict__
    for m in DROP:
        if m != keep:
            if "ui." + m in sys.modules:
                del sys.modules["ui." + m]
            if m in names:
                del names[m]
