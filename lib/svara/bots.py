# Computer players: svara.bots.decide(level, game, seat, rng) -> (action, amount).
#
# A bot reads only game.view(seat): the table and its own cards, never another
# player's; a blind offer comes before the deal, so it is decided with no cards at all.
# The answer is always legal now. ``rng`` is anything with getrandbits(k) (k <= 16):
# svara.game.Rng, random.Random, or MicroPython's random module.
from svara.game import PASS, CALL, RAISE, BLIND, JOIN, BLINDS, JOINING

EASY = 0
# NORMAL and HARD come with later issues; until then they play the baseline.
NORMAL = 1
HARD = 2
LEVELS = (EASY, NORMAL, HARD)


def decide(level, game, seat, rng):
    """The action (action, amount) the bot of ``level`` plays for ``seat``, legal now."""
    if level not in LEVELS:
        raise ValueError("unknown bot level %r" % (level,))
    view = game.view(seat)
    legal = view.legal()
    if not legal:
        raise ValueError("seat %d is not to act" % seat)
    phase = view.phase
    if phase == BLINDS:
        return _blind(view, legal, rng)
    if phase == JOINING:
        return _join(view, rng)
    return _bet(view, legal, rng)


def _chance(rng, per256):
    """True with probability per256 / 256."""
    return rng.getrandbits(8) < per256


def _blind(view, legal, rng):
    # No cards yet: a small blind now and then, never a big share of the stack.
    if len(legal) > 1:
        low = legal[1][1]
        if low * 10 <= view.stacks[view.seat] and _chance(rng, 64):
            return BLIND, low
    return PASS, 0


def _join(view, rng):
    # A fresh deck will be dealt: join when the buy-in is cheap for the pot and the stack.
    b = view.buy_in
    stack = view.stacks[view.seat]
    if b == 0 or (b * 4 <= stack and b * 2 <= view.pot + 1 and _chance(rng, 160)):
        return JOIN, 0
    return PASS, 0


def _bet(view, legal, rng):
    points = view.points()
    raise_to = None
    for action, low, high in legal:
        if action == RAISE:
            raise_to = (low, high)
    stack = view.stacks[view.seat]
    if not view.opened:
        # Open with a good hand, sometimes with a fair one, rarely as a bluff.
        if raise_to and (points >= 25 or (points >= 21 and _chance(rng, 96))
                         or _chance(rng, 10)):
            return RAISE, _size(raise_to, points, rng)
        return PASS, 0
    to_call = view.to_call
    pot = view.pot
    if raise_to and points >= 30 and _chance(rng, 160):
        return RAISE, _size(raise_to, points, rng)
    if points >= 26 or (points >= 21 and to_call * 3 <= stack) \
            or (points >= 16 and to_call * 5 <= pot):
        return CALL, 0
    return PASS, 0


def _size(span, points, rng):
    """A level in span: the least, a bit more with a strong hand."""
    low, high = span
    extra = 0
    if points >= 30:
        extra = rng.getrandbits(3)
    return min(high, low + extra)
