# The loop's brain, independent of pins: gives each key to the current screen, switches
# screens when one asks (ui/screen.py lists the answers), redraws what changed and calls
# display.show(). A key that changes nothing allocates nothing here.
# main.py (the handset) and tools/sim.py (the simulator) drive it the same way:
#   app = App(display); app.start(); then app.key(code) per key, app.idle() between.
from ui.screen import NOTHING, REDRAW, SHOW

_SEED_MASK = 0x3FFFFFFF      # game seeds are 30-bit whole numbers (svara.Game)


class App:
    """The handset's UI: App(display, first=None, seed=None, store=None).

    display is a FrameBuffer with show() (drivers/st7735 or drivers/simdisplay);
    first makes the first screen from the app (default: ui.title's title menu);
    seed, if given, makes every game seed the app hands out repeatable;
    store (a store.Store) keeps the settings between runs (None: nothing is saved)."""

    def __init__(self, display, first=None, seed=None, store=None):
        self.display = display
        self.fb = display
        self.screen = None
        self._first = first
        self._seed = None if seed is None else seed & _SEED_MASK
        self.store = store

    def start(self):
        """Make and draw the first screen."""
        self._load_language()
        first = self._first
        if first is None:
            from ui.title import Title
            first = Title
        self._switch(first(self))

    def _load_language(self):
        """The language saved under "settings" (ui/options.py saves it), else English."""
        if self.store is None:
            return
        saved = self.store.load("settings", None)
        if isinstance(saved, dict):
            import i18n
            if saved.get("lang") in i18n.LANGUAGES:
                i18n.use(saved["lang"])

    def key(self, code):
        """Give one key code to the current screen and do what it answers."""
        self._do(self.screen.key(code))

    def idle(self):
        """Let the current screen do timed work; True if the screen changed."""
        answer = self.screen.idle()
        self._do(answer)
        return answer != NOTHING

    def trace(self):
        """The current screen's one-line state (the simulator's --trace)."""
        return self.screen.trace()

    def new_seed(self):
        """A seed for the next game: from the app's seed if it had one, else random."""
        if self._seed is None:
            import random
            return random.getrandbits(30)
        # A 30-bit LCG step (the common 1664525 / 1013904223 constants): the
        # same sequence on CPython and MicroPython.
        self._seed = (self._seed * 1664525 + 1013904223) & _SEED_MASK
        return self._seed

    def _do(self, answer):
        if answer == NOTHING:
            return
        if answer == SHOW:
            self.display.show()
        elif answer == REDRAW:
            self.screen.draw(self.fb)
            self.display.show()
        else:
            self._switch(answer)

    def _switch(self, screen):
        self.screen = screen
        screen.enter()
        screen.draw(self.fb)
        self.display.show()
