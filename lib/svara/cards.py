# Card codes and their text: code = rank_index * 4 + suit_index (RULES.md, "Cards").
#
# Ranks 7 8 9 10 J Q K A (index 0..7), suits clubs diamonds hearts spades (index 0..3),
# so 7c = 0, 7d = 1, As = 31. The 7 of clubs (code 0) is the joker.

RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "cdhs"
SUIT_SYMBOLS = "\u2663\u2666\u2665\u2660"  # ♣ ♦ ♥ ♠, same order as SUITS


def check(code):
    """Raise ValueError unless ``code`` is a card code (an int in 0..31)."""
    if not isinstance(code, int) or isinstance(code, bool) or not 0 <= code < 32:
        raise ValueError("not a card code (an int 0..31): %r" % (code,))


def name(code):
    """Short text of a card: ``7c``, ``10d``, ``Jh``, ``As``."""
    check(code)
    return RANKS[code >> 2] + SUITS[code & 3]


def _rank_index(text):
    t = text.upper()
    if t == "T":
        return 3
    for i in range(8):
        if RANKS[i] == t:
            return i
    return -1


def parse_card(token):
    """One card from text such as ``7c``, ``10d``, ``Td``, ``jh``, ``A♠``."""
    if len(token) < 2:
        raise ValueError("bad card %r: want a rank (7 8 9 10 J Q K A) and a suit (c d h s)" % token)
    s = token[-1]
    si = SUITS.find(s.lower())
    if si < 0:
        si = SUIT_SYMBOLS.find(s)
    ri = _rank_index(token[:-1])
    if si < 0 or ri < 0:
        raise ValueError("bad card %r: want a rank (7 8 9 10 J Q K A) and a suit (c d h s)" % token)
    return ri * 4 + si


def parse(text):
    """Cards from text separated by spaces or commas, as a tuple of codes.

    ``parse("7c 10d Jh As") == (0, 13, 18, 31)``; bad or repeated cards raise ValueError."""
    if not isinstance(text, str):
        raise ValueError("parse wants text, not %r" % (text,))
    codes = []
    for token in text.replace(",", " ").split():
        code = parse_card(token)
        if code in codes:
            raise ValueError("duplicate card %r" % token)
        codes.append(code)
    return tuple(codes)


def names(codes):
    """Text of several cards: ``"7c 10d Jh"``."""
    return " ".join([name(c) for c in codes])
