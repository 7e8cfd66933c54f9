# A piezo buzzer on a PWM pin: short tones for the game's moments (a deal, a bet, a win,
# a svara) that never block the loop: play() starts a tone, tick() (the app calls it
# in every idle()) ends it once its time is up. The board makes it (board.py buzzer());
# the simulator's window has one of its own with the same play() / tick() / volume.
# volume: 0 silent, 1 low, 2 high (the PWM duty); Settings -> Sound sets it.
try:
    from time import ticks_add, ticks_diff, ticks_ms
except ImportError:  # CPython
    import time

    def ticks_ms():
        return int(time.monotonic() * 1000) & 0x3FFFFFFF

    def ticks_add(a, b):
        return (a + b) & 0x3FFFFFFF

    def ticks_diff(a, b):
        return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000

DEAL = 0
BET = 1
WIN = 2
SVARA = 3
# Each moment's tone: frequency in Hz and length in ms, by kind.
FREQ = (1568, 988, 1319, 784)
MS = (40, 30, 140, 220)
DUTY = (0, 3000, 20000)        # duty_u16 by volume


class Buzzer:
    """Buzzer(pwm, clock=ticks_ms): pwm is a machine.PWM (freq(), duty_u16())."""

    def __init__(self, pwm, clock=None):
        self._pwm = pwm
        self._clock = clock or ticks_ms
        self._off = 0
        self._on = False
        self.volume = 1
        pwm.duty_u16(0)

    def play(self, kind):
        """Start the tone of `kind` (DEAL, BET, WIN, SVARA); nothing when muted."""
        if not self.volume:
            return
        pwm = self._pwm
        pwm.freq(FREQ[kind])
        pwm.duty_u16(DUTY[self.volume])
        self._off = ticks_add(self._clock(), MS[kind])
        self._on = True

    def left(self):
        """The ms until the tone ends (tick() ends it then), -1 when none is on."""
        return ticks_diff(self._off, self._clock()) if self._on else -1

    def tick(self):
        """End the tone once its time is up."""
        if self._on and ticks_diff(self._clock(), self._off) >= 0:
            self._pwm.duty_u16(0)
            self._on = False
