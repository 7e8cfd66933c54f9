# The compact action log of a game and its replay (svara/history.py tells it as text).
#
# A game records its own actions in g.log, one varint each: amount << 3 | action
# (7 bits a byte, low bits first; one byte for pass, call, join and amounts below 16).
# dump(g) puts a header in front that holds everything else the game depends on:
#   b"SV" 1          magic and version
#   flags            joker 1, two_sevens 2, blinds 4, buy_in index << 3
#   raise_cap        0 for no cap
#   ante, min_blind, n, dealer, n starting stacks, seed        (varints)
#   0, or 1 and the 32 codes of the first deck
#   the actions (g.log)
# load(data) replays it to the identical state.
from svara.game import Game, put_varint
from svara.rules import Rules, BUY_INS

MAGIC = b"SV\x01"


def _get(data, i):
    """The varint at data[i]: (value, next index). At most five bytes (35 bits: no
    stack, seed or amount is bigger), so a damaged log cannot make one huge number."""
    v = 0
    shift = 0
    while True:
        if i >= len(data):
            raise ValueError("the log ends inside a number")
        b = data[i]
        i += 1
        v |= (b & 127) << shift
        if b < 128:
            return v, i
        shift += 7
        if shift >= 35:
            raise ValueError("a number in the log is too long")


def dump(g):
    """The game so far as bytes: a header and a few bytes per action."""
    buf = bytearray(_bound(g))
    return bytes(memoryview(buf)[:dump_into(g, buf)])


def hexdump(g, buf):
    """dump(g) as hex text, what the saves hold. The bytes are written into buf (the
    work space, svara.work.BUF, on the handset) first, so that the text is the one
    block this takes of the heap (a dump grown append by append, then copied, was four
    blocks of up to 240 bytes at every save); dump's way when buf is too short."""
    import binascii
    if _bound(g) > len(buf):
        return binascii.hexlify(dump(g)).decode()
    return binascii.hexlify(memoryview(buf)[:dump_into(g, buf)]).decode()


def _bound(g):
    """At least the length of dump(g): each varint is five bytes at most."""
    deck = g.first_deck
    return 6 + 5 * (6 + g.n) + (len(deck) if deck is not None else 0) + len(g.log)


def _put(buf, i, v):
    """Write v >= 0 as a varint (put_varint's bytes) into buf from i; the next index."""
    while v > 127:
        buf[i] = v & 127 | 128
        i += 1
        v >>= 7
    buf[i] = v
    return i + 1


def dump_into(g, buf):
    """Write dump(g)'s bytes into the start of buf (at least _bound(g) long): their
    length."""
    r = g.rules
    buf[0:3] = MAGIC
    buf[3] = ((r.joker and 1) | (r.two_sevens and 2) | (r.blinds and 4)
              | BUY_INS.index(r.buy_in) << 3)
    buf[4] = r.raise_cap or 0
    i = 5
    for v in (r.ante, r.min_blind, g.n, g.dealer):
        i = _put(buf, i, v)
    for v in g.start:
        i = _put(buf, i, v)
    i = _put(buf, i, g.seed)
    deck = g.first_deck
    if deck is None:
        buf[i] = 0
        i += 1
    else:
        buf[i] = 1
        buf[i + 1:i + 1 + len(deck)] = deck
        i += 1 + len(deck)
    n = len(g.log)
    buf[i:i + n] = g.log
    return i + n


def header(data):
    """Read a dump's header: (Game arguments as a tuple, index of the first action)."""
    if bytes(data[:3]) != MAGIC:
        raise ValueError("not a svara game log (or another version)")
    if len(data) < 6:
        raise ValueError("the log is cut short")
    flags = data[3]
    if flags >> 3 >= len(BUY_INS):
        raise ValueError("bad rule flags in the log: %d" % flags)
    cap = data[4] or None
    i = 5
    ante, i = _get(data, i)
    min_blind, i = _get(data, i)
    rules = Rules(joker=bool(flags & 1), two_sevens=bool(flags & 2), raise_cap=cap,
                  blinds=bool(flags & 4), ante=ante, min_blind=min_blind,
                  buy_in=BUY_INS[flags >> 3])
    n, i = _get(data, i)
    dealer, i = _get(data, i)
    stacks = []
    for _ in range(n):
        v, i = _get(data, i)
        stacks.append(v)
    seed, i = _get(data, i)
    if i >= len(data):
        raise ValueError("the log is cut short")
    deck = None
    if data[i]:
        deck = list(data[i + 1:i + 33])
        i += 33
    else:
        i += 1
    return (stacks, dealer, rules, deck, seed), i


def actions(data, i):
    """The (action, amount) pairs of a dump from index i on."""
    out = []
    while i < len(data):
        v, i = _get(data, i)
        out.append((v & 7, v >> 3))
    return out


def load(data, watch=None):
    """Replay a dump: the game in the identical state (ValueError on a bad log). Each
    action is read and played in turn: the first bad one ends it, the rest unread."""
    (stacks, dealer, rules, deck, seed), i = header(data)
    g = Game(stacks, dealer, rules, deck, seed, watch)
    n = len(data)
    while i < n:
        v, i = _get(data, i)
        g.act(v & 7, v >> 3)
    return g
