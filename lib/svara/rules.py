# The table's rule variants (RULES.md, "Variants"); the defaults are the rules as written.

BUY_INS = ("split", "half", "free")

# Bits of Rules.points_variant, read by the scorer.
JOKER_OFF = 1
TWO_SEVENS_OFF = 2


def _whole(name, value, low):
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise ValueError("%s must be a whole number >= %d, not %r" % (name, low, value))
    return value


class Rules:
    """Variants as keyword arguments: joker, two_sevens, raise_cap, blinds, ante, min_blind, buy_in."""

    __slots__ = ("joker", "two_sevens", "raise_cap", "blinds", "ante", "min_blind",
                 "buy_in", "points_variant")

    def __init__(self, joker=True, two_sevens=True, raise_cap=3, blinds=True, ante=1,
                 min_blind=None, buy_in="split"):
        for key, value in (("joker", joker), ("two_sevens", two_sevens), ("blinds", blinds)):
            if value is not True and value is not False:
                raise ValueError("%s must be True or False, not %r" % (key, value))
        if raise_cap is not None:
            _whole("raise_cap", raise_cap, 1)
            if raise_cap > 9:
                raise ValueError("raise_cap must be 1..9 or None, not %r" % (raise_cap,))
        _whole("ante", ante, 1)
        if min_blind is None:
            min_blind = ante
        _whole("min_blind", min_blind, 1)
        if buy_in not in BUY_INS:
            raise ValueError("buy_in must be one of %s, not %r" % (", ".join(BUY_INS), buy_in))
        self.joker = joker
        self.two_sevens = two_sevens
        self.raise_cap = raise_cap
        self.blinds = blinds
        self.ante = ante
        self.min_blind = min_blind
        self.buy_in = buy_in
        self.points_variant = (0 if joker else JOKER_OFF) | (0 if two_sevens else TWO_SEVENS_OFF)

    def __eq__(self, other):
        return isinstance(other, Rules) and self.key() == other.key()

    def key(self):
        """The settings as a tuple, for saving and comparing."""
        return (self.joker, self.two_sevens, self.raise_cap, self.blinds, self.ante,
                self.min_blind, self.buy_in)

    def __repr__(self):
        return ("Rules(joker=%r, two_sevens=%r, raise_cap=%r, blinds=%r, ante=%r, "
                "min_blind=%r, buy_in=%r)" % self.key())


DEFAULT = Rules()
