# The words on the screen. Each language is one module (en.py, bg.py, ...) holding every
# user-visible string of the screens as module-level constants and small tuples, with
# the same names in every language. Only the chosen language's module is imported:
# use() imports the new one and drops the old one (from sys.modules and from this
# package), so the old strings can be collected. Screens keep the strings in a module
# global `T = strings()`; use() rebinds every ui module's T that held the old language,
# so a screen drawn after the switch is in the new language at once.
import sys

LANGUAGES = ("en", "bg", "ru", "nl", "pt", "id")
# Each language's name in itself, for the language setting (index as LANGUAGES).
NAMES = ("English", "Български", "Русский", "Nederlands", "Português", "Indonesia")
_current = []                          # [module, code] once a language is loaded


def strings():
    """The module of the current language's strings (English until another is chosen)."""
    if not _current:
        use("en")
    return _current[0]


def current():
    """The code of the current language: "en", "bg", ..."""
    if not _current:
        use("en")
    return _current[1]


def use(code):
    """Make `code` (one of LANGUAGES) the current language and return its module;
    ValueError, changing nothing, for a code that is not a language here."""
    if code not in LANGUAGES:
        raise ValueError("no language %r: one of %s" % (code, ", ".join(LANGUAGES)))
    if _current and _current[1] == code:
        return _current[0]
    name = "i18n." + code
    from svara.data import Table
    table = Table(name, ("_o", "_d"))
    if table.path is None:              # frozen or sources: the module itself
        __import__(name)
        new = sys.modules[name]
    else:                               # .mpy files: read from <code>.bin in place
        new = _Packed(table)
    g = globals()
    if code in g:
        del g[code]                     # the import's package attribute: not needed
    if _current:
        old, old_code = _current
        for key in list(sys.modules):
            m = sys.modules[key]
            if key.startswith("ui.") and getattr(m, "T", None) is old:
                m.T = new
        if isinstance(old, _Packed):
            old.close()
        else:
            del sys.modules["i18n." + old_code]
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
# once: [data, name, value] per slot, replaced in turn. One slot, not more: on the real
# heap each tuple kept is a score of small strings made mid-game and held, which breaks
# the heap into holes (issue 13: fuzz seeds 1-6 completed in 46 KB for 5 of 6 with one
# slot, 1 of 6 with four; in 48 KB 5 and 3).
# A screen that reads two tuples by turns reads one of them by i18n.item().
_SLOTS = 1
_cache = [None] * (3 * _SLOTS)
_turn = [0]


class _Packed:
    """A language read in place from its .bin file (svara.data.Table, kept open): the
    same T.NAME reads as a packed module, with its names from i18n._names."""

    def __init__(self, table):
        from i18n._names import _k
        self._k = _k
        self._t = table.open()
        self._b = bytearray(4)

    def __getattr__(self, name):
        return _value(name, self._k, None, self)

    def close(self):
        self._t.close()


def _value(name, keys, offs, data):
    """T.<name> of a packed language module (tools/gen_strings.py writes them), or of a
    _Packed language (offs None, data the _Packed). A tuple is read string by string
    (_tree): no block of the whole tuple's size is ever needed."""
    c = _cache
    for k in range(0, 3 * _SLOTS, 3):
        if c[k] is data and c[k + 1] == name:
            return c[k + 2]
    reader, a, b = _span(name, keys, offs, data)
    if offs is not None and (a == b or data[a] != 1):
        return str(memoryview(data)[a:b], "utf-8")     # a string of a module: one copy
    v = _tree(reader, a, b, 0)
    if isinstance(v, tuple):            # keep it for the next reads
        k = _turn[0]
        c[k] = data
        c[k + 1] = name
        c[k + 2] = v
        _turn[0] = (k + 3) % (3 * _SLOTS)
    return v


# Where the strings are read through: 32 bytes at a time (marks, small strings).
_chunk = bytearray(32)


def _span(name, keys, offs, data):
    """(reader, a, b): where <name>'s packed bytes are in a language (its names keys;
    its offsets and bytes offs and data, or offs None and data the _Packed);
    reader(at, buf, n) fills buf[:n] from the language's bytes at `at`."""
    try:
        i = 2 * keys.index(name)
    except ValueError:
        raise AttributeError(name)
    if offs is None:
        t = data._t
        o = t.read(0, i, data._b)
        i = 0

        def reader(at, buf, n):
            t.read(1, at, buf, n)
    else:
        o = offs

        def reader(at, buf, n):
            buf[:n] = memoryview(data)[at:at + n]
    return reader, o[i] << 8 | o[i + 1], o[i + 2] << 8 | o[i + 3]


def _bounds(name, k):
    """(reader, start, end, items): the k-th item's bytes of the tuple T.<name> (k < 0:
    none), and how many items it has."""
    T = strings()
    if isinstance(T, _Packed):
        reader, a, b = _span(name, T._k, None, T)
    else:
        reader, a, b = _span(name, T._k, T._o, T._d)
    buf = _chunk
    if b <= a + 1:
        return reader, a, a, 0
    n = 0
    start = a + 1
    s = e = -1
    at = start
    while at < b:
        m = min(len(buf), b - at)
        reader(at, buf, m)
        for j in range(m):
            if buf[j] == 0x10:
                if n == k:
                    s, e = start, at + j
                n += 1
                start = at + j + 1
        at += m
    if n == k:
        s, e = start, b
    return reader, s, e, n + 1


def count(name):
    """len(T.<name>) of a tuple, without decoding it."""
    return _bounds(name, -1)[3]


def item(name, k):
    """T.<name>[k] of a tuple, decoding only that item: each string of it is read on its
    own, so a page of the rules never needs a block of its whole size."""
    reader, s, e, n = _bounds(name, k)
    if not 0 <= k < n:
        raise IndexError(name)
    return _tree(reader, s, e, 1)


def _tree(reader, s, e, depth):
    """The string or tuple packed in the bytes [s, e), read through reader a few at a
    time: a tuple is a 1 byte, then its items split by the byte 0x10 + depth (items
    nested one deeper use the next byte); anything else is a UTF-8 string."""
    buf = _chunk
    if e <= s:
        return ""
    reader(s, buf, 1)
    if buf[0] != 1:
        b = bytearray(e - s)
        reader(s, b, e - s)
        return str(b, "utf-8")
    if e == s + 1:
        return ()
    mark = 0x10 + depth
    cuts = [s + 1]                      # start, end of each part
    at = s + 1
    while at < e:
        m = min(len(buf), e - at)
        reader(at, buf, m)
        for j in range(m):
            if buf[j] == mark:
                cuts.append(at + j)
                cuts.append(at + j + 1)
        at += m
    cuts.append(e)
    parts = []
    for i in range(0, len(cuts), 2):
        parts.append(_tree(reader, cuts[i], cuts[i + 1], depth + 1))
    return tuple(parts)
