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
    r = g.rules
    out = bytearray(MAGIC)
    out.append((r.joker and 1) | (r.two_sevens and 2) | (r.blinds and 4)
               | BUY_INS.index(r.buy_in) << 3)
    out.append(r.raise_cap or 0)
    for v in (r.ante, r.min_blind, g.n, g.dealer):
        put_varint(out, v)
    for v in g.start:
        put_varint(out, v)
    put_varint(out, g.seed)
    if g.first_deck is None:
        out.append(0)
    else:
        out.append(1)
        out.extend(g.first_deck)
    out.extend(g.log)
    return bytes(out)


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
