# Recording fakes of machine.Pin and machine.SPI for the driver tests. Plain Python that
# runs on CPython and on MicroPython alike (the drivers never import machine: a test
# hands them these objects the way a board file hands them the real ones).
#
# Pins: an output remembers its level; an input with a pull-up reads 1 unless a closed
# key joins it to a row pin that is driven low (press(row_id, col_id) closes one).
# SPI: every write() is recorded with the D/C level at that moment, and commands()
# decodes the log into (command byte, data bytes) pairs the way the panel reads it.

PINS = {}
_closed = []


def reset():
    """Forget every pin and every pressed key."""
    PINS.clear()
    del _closed[:]


def press(row_id, col_id):
    """Close the key that joins row pin ``row_id`` and column pin ``col_id``."""
    if (row_id, col_id) not in _closed:
        _closed.append((row_id, col_id))


def release(row_id, col_id):
    if (row_id, col_id) in _closed:
        _closed.remove((row_id, col_id))


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        self.level = 1 if value is None else (1 if value else 0)
        self.history = []  # every level written, in order
        PINS[id] = self

    def value(self, v=None):
        if v is None:
            return self._read()
        self.level = 1 if v else 0
        self.history.append(self.level)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def _read(self):
        if self.mode != Pin.IN:
            return self.level
        for row_id, col_id in _closed:
            if col_id == self.id and PINS[row_id].level == 0:
                return 0
        return 1 if self.pull == Pin.PULL_UP else 0


class SPI:
    """Records writes; give it the D/C and CS pins so each write knows what it was."""

    def __init__(self, id=0, baudrate=1000000, dc=None, cs=None, **_ignored):
        self.id = id
        self.baudrate = baudrate
        self.dc = dc
        self.cs = cs
        self.log = []  # (dc level, bytes written)

    def write(self, buf):
        if self.cs is not None and self.cs.level != 0:
            raise AssertionError("SPI write while CS is high: the panel would ignore it")
        self.log.append((self.dc.level if self.dc is not None else -1, bytes(buf)))

    def commands(self):
        """The log as the panel reads it: [(command, data bytes), ...]."""
        out = []
        for dc, data in self.log:
            if dc == 0:
                for b in data:
                    out.append([b, b""])
            elif not out:
                raise AssertionError("data sent before any command")
            else:
                out[-1][1] += data
        return [(c, d) for c, d in out]


class NullSPI:
    """An SPI bus that keeps nothing (for timing and heap checks)."""

    def __init__(self):
        self.count = 0

    def write(self, buf):
        self.count += 1
