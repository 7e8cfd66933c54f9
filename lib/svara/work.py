# One work space for the whole game, allocated once, at its first import: the app
# imports svara.odds at start, while the heap is still whole. svara.odds.chances() counts
# its hand pairs in it, and the handset's saves (firmware/store.py) are written from it;
# each uses it only within one call, never across a call to the other, so the game
# needs no second block of this size and none later in a heap in pieces.
BUF = bytearray(3 * 496)


# A str's UTF-8 bytes without a copy: utf8(s) is a memoryview of them on MicroPython,
# whose str has a buffer, and s.encode() on CPython, whose str has none. Reading text so
# interns nothing: iterating a str makes each new non-ASCII character an interned
# string, kept for good in a table that grows by blocks (firmware/ui/writer.py).
def _copy(s):
    return s.encode()


try:
    _view = getattr(__import__("builtins"), "memoryview")
    _view("")
except TypeError:  # CPython
    _view = _copy
utf8 = _view
