# Key codes: the only thing the UI ever receives from a keypad driver (or the simulator).
# Soft keys left/right, the D-pad with OK, call (green), end (red), digits, star, hash.
SL = 1
SR = 2
UP = 3
DOWN = 4
LEFT = 5
RIGHT = 6
OK = 7
CALL = 8
END = 9
D0 = 10  # digits: D0 + n for n in 0..9
STAR = 20
HASH = 21

# Names as the simulator's --keys option spells them, indexed by code (0 is no key).
NAMES = ("", "SL", "SR", "UP", "DOWN", "LEFT", "RIGHT", "OK", "CALL", "END",
         "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "STAR", "HASH")


def code(name):
    """The key code for a name such as ``OK`` or ``7``; ValueError for an unknown name."""
    n = name.upper()
    for i in range(1, len(NAMES)):
        if NAMES[i] == n:
            return i
    raise ValueError("unknown key %r: use one of %s" % (name, " ".join(NAMES[1:])))


def digit(key):
    """The digit 0..9 of a digit key, else -1."""
    return key - D0 if D0 <= key <= D0 + 9 else -1
