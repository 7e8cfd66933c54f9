# Key matrix scanner: rows are open-drain outputs (1 = released, 0 = pulled low), columns
# are inputs with pull-ups, so a pressed key reads 0 on its column while its row is low.
# get() scans once and hands the UI one key code (drivers/keys.py) or 0: a press counts at
# its first edge, and for DEBOUNCE_MS after a change taken the contacts' chatter is not
# read (so a key answers from the press, not DEBOUNCE_MS after it); a held repeating key
# comes again after REPEAT_DELAY_MS, then every REPEAT_MS. The driver never imports machine.
from drivers import keys

try:
    from time import ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython
    from time import time as _time

    def ticks_ms():
        return int(_time() * 1000)

    def ticks_add(a, b):
        return a + b

    def ticks_diff(a, b):
        return a - b

from micropython import const

DEBOUNCE_MS = const(20)
REPEAT_DELAY_MS = const(400)
REPEAT_MS = const(120)

# Keys that repeat while held: moving through lists and changing amounts.
# OK, call, end and the soft keys never repeat (a held OK must not confirm twice).
REPEATING = bytes((keys.UP, keys.DOWN, keys.LEFT, keys.RIGHT))


class Keypad:
    """Scan a rows x columns key matrix; ``keymap[row * len(cols) + col]`` is a key code."""

    def __init__(self, rows, cols, keymap, clock=None, repeating=REPEATING,
                 debounce_ms=DEBOUNCE_MS, repeat_delay_ms=REPEAT_DELAY_MS,
                 repeat_ms=REPEAT_MS):
        if len(keymap) != len(rows) * len(cols):
            raise ValueError("keymap has %d entries, the matrix %d x %d keys"
                             % (len(keymap), len(rows), len(cols)))
        self._rows = rows
        self._cols = cols
        self._keymap = keymap
        self._clock = clock or ticks_ms
        self._repeating = repeating
        self._debounce = debounce_ms
        self._delay = repeat_delay_ms
        self._rate = repeat_ms
        self._held = 0        # the key taken (0: none)
        self._since = ticks_add(self._clock(), -debounce_ms)   # when it was taken
        self._next = 0        # when a held repeating key comes again
        for row in rows:
            row(1)

    def scan(self):
        """The code of the first pressed key in scan order, or 0 (no debounce)."""
        cols = self._cols
        n = len(cols)
        found = 0
        r = 0
        for row in self._rows:
            row(0)
            for c in range(n):
                if not cols[c]():
                    code = self._keymap[r * n + c]
                    if code and not found:
                        found = code
            row(1)
            r += 1
        return found

    def get(self):
        """One key code for the UI, or 0: a fresh press, or a repeat of a held key."""
        now = self._clock()
        raw = self.scan()
        if raw != self._held:
            if ticks_diff(now, self._since) < self._debounce:
                return 0        # chatter right after a change taken
            self._held = raw
            self._since = now
            if raw:
                self._next = ticks_add(now, self._delay)
            return raw
        if raw and raw in self._repeating and ticks_diff(now, self._next) >= 0:
            self._next = ticks_add(now, self._rate)
            return raw
        return 0
