# The words on the screen. Each language is one module (en.py, bg.py, ...) that
# tools/gen/strings.py packs from its readable source (i18n/src/) into two bytes
# literals; only the chosen language is open at a time: use() opens the new one and
# closes the old one (its module dropped, or its .bin file closed), so the old strings
# can be collected. A word is read by its number, T[_W_NAME]: i18n/_names.py numbers
# the words, and each module folds the numbers it uses into its code as constants
# (`_W_BACK = const(12)`: on MicroPython a name costs an interned string for good and
# the numbers cost nothing; tools/gen/strings.py keeps those copies right). T.NAME
# reads the same word by its name (the desktop's tools and tests; it imports the names).
# Screens keep the strings in a module global `T = held(__name__)`: held() notes the
# module, and use() rebinds the T of each module noted that held the old language, so a
# screen drawn after the switch is in the new language at once.
import sys

LANGUAGES = ("en", "bg", "ru", "nl", "pt", "id")
# Each language's name in itself, for the language setting (index as LANGUAGES).
NAMES = ("English", "Български", "Русский", "Nederlands", "Português", "Indonesia")
_current = []                          # [_Packed, code] once a language is loaded
# The names of the modules whose T use() rebinds (held()): slots made at import, so that
# no list grows mid-game (a block left in the heap between the screens' modules).
_held = [None] * 12


def strings():
    """The current language's words, T[_W_NAME] (English until another is chosen)."""
    if not _current:
        use("en")
    return _current[0]


def held(name):
    """The current words, for the module `name` to keep as its global T: use() rebinds
    that T at a switch of language."""
    if name not in _held:
        _held[_held.index(None)] = name
    return strings()


def current():
    """The code of the current language: "en", "bg", ..."""
    if not _current:
        use("en")
    return _current[1]


def use(code):
    """Make `code` (one of LANGUAGES) the current language and return its words;
    ValueError, changing nothing, for a code that is not a language here."""
    if code not in LANGUAGES:
        raise ValueError("no language %r: one of %s" % (code, ", ".join(LANGUAGES)))
    if _current and _current[1] == code:
        return _current[0]
    from svara.data import Table
    new = _Packed(Table("i18n." + code, ("_o", "_d"), True))
    g = globals()
    if code in g:
        del g[code]                     # the import's package attribute: not needed
    if _current:
        old, old_code = _current
        for key in _held:
            m = sys.modules.get(key) if key else None
            if m is not None and getattr(m, "T", None) is old:
                m.T = new
        old.close()                     # the module dropped, or its .bin file closed
        for k in range(len(_cache)):    # the old language's tuples (and its bytes)
            _cache[k] = None
        if old_code in g:
            del g[old_code]
        _current[0] = new
        _current[1] = code
    else:
        _current.append(new)
        _current.append(code)
    return new


# The last tuple read (a menu: screens index it row by row), so a menu's draw decodes it
# once: [data, number, value]. One slot, not more: on the real
# heap each tuple kept is a score of small strings made mid-game and held, which breaks
# the heap into holes (issue 13: fuzz seeds 1-6 completed in 46 KB for 5 of 6 with one
# slot, 1 of 6 with four; in 48 KB 5 and 3).
# A screen that reads two tuples by turns reads one of them by i18n.item().
_cache = [None] * 3


class _Packed:
    """A language's words, T[k] by number (i18n/_names.py), read in place through a
    svara.data.Table kept open: the bytes of the frozen or imported module seen through
    memoryviews, or its .bin file (an .mpy install) read by offset."""

    def __init__(self, table):
        t = self._t = table.open()
        self._b = bytearray(4)
        # The view way's offsets and bytes, and how many words, kept: every word drawn
        # is read through them (_value: half the instructions of asking the Table)
        self._o = t.view(0)
        self._d = t.view(1)
        self._n = (t.size(0) >> 1) - 1
        # and the bytes themselves, whose find() (C) splits a tuple's items in place
        self._raw = None if self._d is None else sys.modules[table.module]._d

    def __getitem__(self, k):
        return _value(k, self)

    def __getattr__(self, name):
        """T.NAME: the word by its name (the names are imported only for this)."""
        from i18n._names import _k
        try:
            k = _k.index(name)
        except ValueError:
            raise AttributeError(name)
        return self[k]

    def close(self):
        self._o = self._d = self._raw = None    # (the module's bytes are let go)
        self._t.close()


def _value(k, data):
    """Word number k of the _Packed language `data`. A tuple is read string by string
    (_tree): no block of the whole tuple's size is ever needed."""
    c = _cache
    if c[0] is data and c[1] == k:      # (one slot: see _cache; first: nothing made)
        return c[2]
    a, b = _span(k, data)
    v = data._d
    if v is not None and (a == b or v[a] != 1):
        return str(v[a:b], "utf-8")     # a string of a module: one copy
    v = _tree(data._t, a, b, 0)
    if isinstance(v, tuple):            # keep it for the next reads
        c[0] = data
        c[1] = k
        c[2] = v
    return v


# Where the strings are read through: 32 bytes at a time (marks, small strings).
_chunk = bytearray(32)


def _span(k, data):
    """(a, b): where word k's packed bytes are in the _Packed language `data` (its
    Table's constant 1, _d). IndexError for a number that is no word."""
    t = data._t
    o = data._o
    if not 0 <= k < (t.size(0) >> 1) - 1 if o is None else not 0 <= k < data._n:
        raise IndexError("no word number %r" % (k,))
    i = 2 * k
    if o is None:                       # the file way: its 4 bytes read
        o = t.read(0, i, data._b)
        i = 0
    return o[i] << 8 | o[i + 1], o[i + 2] << 8 | o[i + 3]


def _bounds(k, j):
    """(table, start, end, items): the j-th item's bytes of the tuple T[k] (j < 0:
    none) in the current language's table, and how many items it has (the view way,
    the j-th found: j + 1, enough to say that it is one)."""
    T = strings()
    a, b = _span(k, T)
    t = T._t
    buf = _chunk
    if b <= a + 1:
        return t, a, a, 0
    n = 0
    start = a + 1
    s = e = -1
    raw = T._raw
    if raw is not None:                 # the view way: each mark found in C
        while True:
            at = raw.find(b"\x10", start, b)
            if at < 0:
                break
            if n == j:                  # (item j found: the count is not needed)
                return t, start, at, n + 1
            n += 1
            start = at + 1
        if n == j:
            s, e = start, b
        return t, s, e, n + 1
    at = start
    while at < b:
        m = min(len(buf), b - at)
        t.read(1, at, buf, m)
        for i in range(m):
            if buf[i] == 0x10:
                if n == j:
                    s, e = start, at + i
                n += 1
                start = at + i + 1
        at += m
    if n == j:
        s, e = start, b
    return t, s, e, n + 1


def count(k):
    """len(T[k]) of a tuple, without decoding it."""
    return _bounds(k, -1)[3]


def item(k, j):
    """T[k][j] of a tuple, decoding only that item: each string of it is read on its
    own, so a page of the rules never needs a block of its whole size."""
    t, s, e, n = _bounds(k, j)
    if not 0 <= j < n:
        raise IndexError("word %d has no item %d" % (k, j))
    return _tree(t, s, e, 1)


def _tree(t, s, e, depth):
    """The string or tuple packed in the bytes [s, e) of the language's table t (its
    constant 1, _d), read a few at a time: a tuple is a 1 byte, then its items split by
    the byte 0x10 + depth (items nested one deeper use the next byte); anything else is
    a UTF-8 string."""
    buf = _chunk
    if e <= s:
        return ""
    v = t.view(1)
    if v is not None and v[s] != 1:
        return str(v[s:e], "utf-8")     # a string of a module: one copy
    t.read(1, s, buf, 1)
    if buf[0] != 1:
        b = bytearray(e - s)
        t.read(1, s, b, e - s)
        return str(b, "utf-8")
    if e == s + 1:
        return ()
    mark = 0x10 + depth
    cuts = [s + 1]                      # start, end of each part
    at = s + 1
    while at < e:
        m = min(len(buf), e - at)
        t.read(1, at, buf, m)
        for j in range(m):
            if buf[j] == mark:
                cuts.append(at + j)
                cuts.append(at + j + 1)
        at += m
    cuts.append(e)
    parts = []
    for i in range(0, len(cuts), 2):
        parts.append(_tree(t, cuts[i], cuts[i + 1], depth + 1))
    return tuple(parts)
