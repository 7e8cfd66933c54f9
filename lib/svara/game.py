# One game of Svara with its svaras: RULES.md "One game", "Svara", "Engine contract".
#
# A compact state machine: the table is a few lists and bytearrays indexed by seat, the
# rest is small ints. Nothing is allocated per card or per action except one or two log
# bytes. Every action has three faces (as in PokerKit): verify_act() raises ValueError
# with the reason, can_act() answers yes or no, act() verifies and then plays, so an
# illegal action never changes anything. Decisions where RULES.md is silent: docs/ENGINE.md.
try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

from svara.rules import Rules, DEFAULT
from svara.score import score

# Actions (RULES.md "Engine contract").
PASS = const(0)
CALL = const(1)
RAISE = const(2)   # amount: the new level
BLIND = const(3)   # amount: the blind
JOIN = const(4)    # pays the svara buy-in (no amount)
ACTION_NAMES = ("pass", "call", "raise", "blind", "join")

# Phases.
BLINDS = const(0)   # blind bets, before the deal
BETTING = const(1)
JOINING = const(2)  # players outside a svara are asked to join
OVER = const(3)

# The four ways a game ends (RULES.md "Who wins").
END_DEALER = const(1)    # everyone passed before any blind or bet
END_BLIND = const(2)     # blinds were bet and everyone else passed without opening
END_FOLD = const(3)      # an open bet, then everyone else passed
END_SHOWDOWN = const(4)  # the highest points took the pot

# Seat flags.
_SEATED = const(1)   # paid the ante: at the table for this game and its svaras
_IN = const(2)       # still in the current game or svara
_BLINDED = const(4)  # bet a blind in the current game or svara
_TIED = const(8)     # tied at the showdown that started the current svara

_NO_CARD = const(255)
_PASS0 = (PASS, 0, 0)
_CALL0 = (CALL, 0, 0)
_JOIN0 = (JOIN, 0, 0)


def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def put_varint(out, v):
    """Append v >= 0 to the bytearray ``out``: 7 bits a byte, low bits first (svara.log)."""
    while v > 127:
        out.append(v & 127 | 128)
        v >>= 7
    out.append(v)


class Rng:
    """xorshift32 held in two 16-bit halves: every step is a small int on MicroPython too."""

    def __init__(self, seed):
        h = (seed >> 16) & 0xFFFF
        l = seed & 0xFFFF
        if not h | l:
            h, l = 0x6D2B, 0x79F5  # xorshift has no zero state
        self.h = h
        self.l = l

    def next16(self):
        """Step the generator (x ^= x << 13; x ^= x >> 17; x ^= x << 5); the high 16 bits."""
        h = self.h
        l = self.l
        h ^= ((h << 13) | (l >> 3)) & 0xFFFF
        l ^= (l << 13) & 0xFFFF
        l ^= h >> 1
        h ^= ((h << 5) | (l >> 11)) & 0xFFFF
        l ^= (l << 5) & 0xFFFF
        self.h = h
        self.l = l
        return h

    def below(self, k):
        """An int in 0..k-1 (k at most 16384)."""
        return (self.next16() * k) >> 16

    def getrandbits(self, k):
        """k random bits, k at most 30 (the same call as the random module's)."""
        if k <= 16:
            return self.next16() >> (16 - k)
        return (self.next16() >> (32 - k)) << 16 | self.next16()

    def shuffle(self, buf):
        """Fisher-Yates shuffle of a bytearray (or list) in place."""
        i = len(buf) - 1
        while i > 0:
            j = self.below(i + 1)
            buf[i], buf[j] = buf[j], buf[i]
            i -= 1


class Game:
    """One game and its svaras at a table: Game(stacks, dealer, rules=None, deck=None, seed=None).

    ``watch``, when given, is called as watch(game, "deal") after every deal and
    watch(game, "show") at every showdown, with the cards still on the table (the
    hand history uses it; nothing else needs it).
    """

    def __init__(self, stacks, dealer, rules=None, deck=None, seed=None, watch=None):
        if rules is None:
            rules = DEFAULT
        elif not isinstance(rules, Rules):
            raise ValueError("rules must be a svara.Rules, not %r" % (rules,))
        if not isinstance(stacks, (list, tuple)) or not 2 <= len(stacks) <= 10:
            raise ValueError("stacks must be a list of 2 to 10 whole chip counts, not %r" % (stacks,))
        for s in stacks:
            if not _whole(s) or s < 0:
                raise ValueError("a stack must be a whole number >= 0, not %r" % (s,))
        n = len(stacks)
        if not _whole(dealer) or not 0 <= dealer < n:
            raise ValueError("dealer must be a seat 0..%d, not %r" % (n - 1, dealer))
        ante = rules.ante
        if sum([1 for s in stacks if s >= ante]) < 2:
            raise ValueError("a game needs two players who can pay the ante of %d" % ante)
        if deck is not None:
            deck = _check_deck(deck)
        if seed is None:
            import random
            seed = random.getrandbits(30)
        elif not _whole(seed) or seed < 0:
            raise ValueError("seed must be a whole number >= 0, not %r" % (seed,))
        self.rules = rules
        self.n = n
        self.dealer = dealer
        self.seed = seed
        self.first_deck = deck  # bytes, or None when the first deck came from the seed
        self.start = tuple(stacks)
        self._rng = Rng(seed)
        self._st = list(stacks)
        self._put = [0] * n
        self._flag = bytearray(n)
        self._raises = bytearray(n)
        self._hands = bytearray(b"\xff" * (3 * n))
        if deck is None:
            self._deck = bytearray(range(32))
            self._rng.shuffle(self._deck)
        else:
            self._deck = bytearray(deck)
        self.log = bytearray()  # actions: varint (amount << 3 | action) each; see svara.log
        self.pot = 0
        self.level = 0
        self.last_blind = 0
        self.last_raiser = -1
        self.opened = False
        self.phase = BLINDS
        self.to_act = None
        self.winner = None
        self.next_dealer = None
        self.ending = 0
        self.won = 0
        self.svaras = 0
        self.buy_in = 0
        self.showdown = None  # ((seat, points), ...) of the last showdown
        self.watch = watch
        st = self._st
        flag = self._flag
        for i in range(n):
            if st[i] >= ante:
                st[i] -= ante
                self.pot += ante
                flag[i] = _SEATED | _IN
        self._start_round()

    # --- what anybody may read -------------------------------------------------------

    @property
    def stacks(self):
        return list(self._st)

    @property
    def hands(self):
        h = self._hands
        return [None if h[3 * i] == _NO_CARD else (h[3 * i], h[3 * i + 1], h[3 * i + 2])
                for i in range(self.n)]

    @property
    def bets(self):
        """What each seat has put in the current game or svara beyond the ante."""
        return list(self._put)

    @property
    def to_call(self):
        """What the player to act would pay to call (0 when there is nothing to call)."""
        s = self.to_act
        if s is None or self.phase != BETTING or not self.opened:
            return 0
        return self.level - self._put[s]

    def flags(self, seat):
        """``seat``'s state in bits: 1 seated, 2 in, 4 blinded, 8 tied (as the methods
        below say them), in one call: a screen that redraws what changed keys on it."""
        return self._flag[seat]

    def seated(self, seat):
        """True when ``seat`` paid the ante of this game (it is at the table)."""
        return bool(self._flag[seat] & _SEATED)

    def is_in(self, seat):
        """True when ``seat`` is still in the current game or svara."""
        return bool(self._flag[seat] & _IN)

    def blinded(self, seat):
        return bool(self._flag[seat] & _BLINDED)

    def tied(self, seat):
        """True when ``seat`` tied at the showdown that started the current svara."""
        return bool(self._flag[seat] & _TIED)

    def raises(self, seat):
        """How many times ``seat`` has bet or raised in the current game or svara."""
        return self._raises[seat]

    def players(self):
        """The seats still in, in seat order."""
        return [i for i in range(self.n) if self._flag[i] & _IN]

    def limit(self):
        """The highest level allowed: the least (put in + stack) over players still in."""
        st = self._st
        put = self._put
        flag = self._flag
        m = -1
        for i in range(self.n):
            if flag[i] & _IN:
                v = put[i] + st[i]
                if m < 0 or v < m:
                    m = v
        return m

    def points(self, seat):
        """The points of ``seat``'s hand (ValueError when it holds no cards)."""
        h = self._hands
        k = 3 * seat
        if h[k] == _NO_CARD:
            raise ValueError("seat %d holds no cards" % seat)
        return score(h[k], h[k + 1], h[k + 2], self.rules)

    def view(self, seat):
        """What ``seat`` may know: the table without the other players' cards."""
        return View(self, seat)

    # --- actions: legal / verify / can / act -------------------------------------------

    # Bounds come from separate calls, not tuples: a tuple would allocate on every act().
    def _blind_low(self):
        return 2 * self.last_blind if self.last_blind else self.rules.min_blind

    def _blind_high(self):
        """The largest blind allowed now (below _blind_low() when none fits)."""
        half = self.limit() // 2
        if self.last_blind:
            lo = 2 * self.last_blind
            return lo if lo <= half else 0
        return half

    def _raise_low(self, s):
        """The least new level ``s`` may bet or raise to, or 0 when he is at the cap."""
        cap = self.rules.raise_cap
        if cap is not None and self._raises[s] >= cap:
            return 0
        if not self.opened and self.last_blind:
            return 2 * self.last_blind
        return self.level + self.rules.ante

    def legal(self):
        """The legal actions now: a list of (action, low, high)."""
        s = self.to_act
        if s is None:
            return []
        ph = self.phase
        if ph == JOINING:
            return [_PASS0, _JOIN0]
        if ph == BLINDS:
            lo = self._blind_low()
            hi = self._blind_high()
            return [_PASS0, (BLIND, lo, hi)] if lo <= hi else [_PASS0]
        out = [_PASS0, _CALL0] if self.opened else [_PASS0]
        lo = self._raise_low(s)
        hi = self.limit()
        if lo and lo <= hi:
            out.append((RAISE, lo, hi))
        return out

    def verify_act(self, action, amount=0):
        """Raise ValueError saying why, unless act(action, amount) is legal now."""
        if not _whole(action) or not 0 <= action <= 4:
            raise ValueError("unknown action %r (use PASS, CALL, RAISE, BLIND or JOIN)" % (action,))
        if not _whole(amount):
            raise ValueError("the amount must be a whole number, not %r" % (amount,))
        s = self.to_act
        if s is None:
            raise ValueError("the game is over")
        ph = self.phase
        if action == PASS or action == CALL or action == JOIN:
            if amount:
                raise ValueError("%s takes no amount, not %r" % (ACTION_NAMES[action], amount))
        if action == PASS:
            return
        if ph == BLINDS:
            if action != BLIND:
                raise ValueError("before the deal seat %d may only blind or pass" % s)
            lo = self._blind_low()
            hi = self._blind_high()
            if self.last_blind and amount != lo:
                raise ValueError("the blind must be exactly %d (double the last), not %d" % (lo, amount))
            if not lo <= amount <= hi:
                raise ValueError("the blind must be %d..%d (half the limit %d at most), not %d"
                                 % (lo, hi, self.limit(), amount))
        elif ph == JOINING:
            if action != JOIN:
                raise ValueError("seat %d may only join the svara or pass" % s)
        elif action == CALL:
            if not self.opened:
                raise ValueError("nobody has opened: seat %d may pass or open (raise)" % s)
        elif action == RAISE:
            lo = self._raise_low(s)
            hi = self.limit()
            if not lo:
                raise ValueError("seat %d has bet or raised %d times, the cap"
                                 % (s, self.rules.raise_cap))
            if lo > hi:
                raise ValueError("no raise fits: the least is %d, the limit %d" % (lo, hi))
            if not lo <= amount <= hi:
                raise ValueError("raise to a level of %d..%d, not %d" % (lo, hi, amount))
        else:
            raise ValueError("%s is not allowed while betting" % ACTION_NAMES[action])

    def can_act(self, action, amount=0):
        """True when act(action, amount) is legal now."""
        try:
            self.verify_act(action, amount)
        except ValueError:
            return False
        return True

    def act(self, action, amount=0):
        """Play an action for the seat to act; ValueError (changing nothing) if not legal."""
        self.verify_act(action, amount)
        put_varint(self.log, amount << 3 | action)
        s = self.to_act
        ph = self.phase
        if ph == BLINDS:
            if action == PASS:
                self._end_blinds(s)
            else:
                self._pay(s, amount)
                self.level = self.last_blind = amount
                self._flag[s] |= _BLINDED
                nxt = self._next_in(s)
                if self._flag[nxt] & _BLINDED or 4 * amount > self.limit():
                    self._end_blinds(nxt)  # nobody left to blind, or double would not fit
                else:
                    self.to_act = nxt
        elif ph == JOINING:
            if action == JOIN:
                self._pay(s, self.buy_in)
                self._flag[s] |= _IN
            self._ask_join((s - self.dealer - 1) % self.n + 1)
        elif action == PASS:
            self._flag[s] &= ~_IN
            last = -1
            for i in range(self.n):
                if self._flag[i] & _IN:
                    if last >= 0:
                        last = -2
                        break
                    last = i
            if last >= 0:
                self._win(last, END_FOLD if self.opened else (END_BLIND if self.last_blind else END_DEALER))
            else:
                self._turn_after(s)
        else:
            if action == CALL:
                self._pay(s, self.level - self._put[s])
            else:
                self._pay(s, amount - self._put[s])
                self.level = amount
                self.opened = True
                self.last_raiser = s
                self._raises[s] += 1
            self._turn_after(s)

    # --- steps -------------------------------------------------------------------------

    def _pay(self, s, chips):
        self._st[s] -= chips
        self._put[s] += chips
        self.pot += chips

    def _next_in(self, s):
        n = self.n
        flag = self._flag
        s = (s + 1) % n
        while not flag[s] & _IN:
            s = (s + 1) % n
        return s

    def _turn_after(self, s):
        nxt = self._next_in(s)
        if self.opened and nxt == self.last_raiser:
            self._show()
        else:
            self.to_act = nxt

    def _start_round(self):
        """Begin the game or a svara: fresh bets, then blinds or the deal."""
        n = self.n
        for i in range(n):
            self._put[i] = 0
            self._raises[i] = 0
            self._flag[i] &= ~_BLINDED
        h = self._hands
        for i in range(3 * n):
            h[i] = _NO_CARD
        self.level = self.last_blind = 0
        self.last_raiser = -1
        self.opened = False
        first = self._next_in(self.dealer)
        if self.rules.blinds and self.rules.min_blind <= self.limit() // 2:
            self.phase = BLINDS
            self.to_act = first
        else:
            self._end_blinds(first)

    def _end_blinds(self, start):
        """Deal three cards each, one at a time from first hand, then betting from ``start``."""
        flag = self._flag
        h = self._hands
        deck = self._deck
        n = self.n
        m = 0
        for i in range(n):
            if flag[i] & _IN:
                m += 1
        s = self.dealer
        for j in range(m):
            s = self._next_in(s)
            h[3 * s] = deck[j]
            h[3 * s + 1] = deck[m + j]
            h[3 * s + 2] = deck[2 * m + j]
        if self.watch:
            self.watch(self, "deal")
        least = 2 * self.last_blind if self.last_blind else self.rules.ante
        if least > self.limit():
            self._show()  # no open bet fits: show the cards at once
        else:
            self.phase = BETTING
            self.to_act = start

    def _show(self):
        flag = self._flag
        best = -1
        tied = 0
        shown = []
        for i in range(self.n):
            if flag[i] & _IN:
                p = self.points(i)
                shown.append((i, p))
                if p > best:
                    best = p
                    tied = 1
                    w = i
                elif p == best:
                    tied += 1
        self.showdown = tuple(shown)
        if tied > 1:
            self.svaras += 1
            for i in range(self.n):
                flag[i] &= ~(_TIED | _IN)
            for i, p in shown:
                if p == best:
                    flag[i] |= _TIED | _IN
            how = self.rules.buy_in
            if how == "split":
                self.buy_in = (self.pot + tied - 1) // tied
            elif how == "half":
                self.buy_in = (self.pot + 1) // 2
            else:
                self.buy_in = 0
        if self.watch:
            self.watch(self, "show")
        if tied == 1:
            self._win(w, END_SHOWDOWN)
        else:
            self.phase = JOINING
            self._ask_join(0)

    def _ask_join(self, k):
        """Offer the svara to the k-th seat left of the dealer or the next one who may join."""
        n = self.n
        flag = self._flag
        while k < n:
            s = (self.dealer + 1 + k) % n
            if flag[s] & _SEATED and not flag[s] & _TIED and self._st[s] >= self.buy_in:
                self.to_act = s
                return
            k += 1
        # Everyone was asked: a fresh deck, and the svara is played as a new game.
        deck = self._deck
        for i in range(32):
            deck[i] = i
        self._rng.shuffle(deck)
        self._start_round()

    def _win(self, w, ending):
        self._st[w] += self.pot
        self.won = self.pot
        self.pot = 0
        self.winner = w
        self.next_dealer = w
        self.ending = ending
        self.phase = OVER
        self.to_act = None


def _check_deck(deck):
    if not isinstance(deck, (list, tuple, bytes, bytearray)) or len(deck) != 32:
        raise ValueError("deck must list the 32 card codes, not %r" % (deck,))
    seen = bytearray(32)
    for c in deck:
        if not _whole(c) or not 0 <= c < 32 or seen[c]:
            raise ValueError("deck must hold each code 0..31 once; bad or repeated: %r" % (c,))
        seen[c] = 1
    return bytes(deck)


class View:
    """One seat's view of a game: everything public, and that seat's own cards only."""

    def __init__(self, game, seat):
        self._g = game
        self.seat = seat

    def hand(self):
        """This seat's three cards, or None before the deal (and for a seat out of the deal)."""
        h = self._g._hands
        k = 3 * self.seat
        if h[k] == _NO_CARD:
            return None
        return (h[k], h[k + 1], h[k + 2])

    def points(self):
        hand = self.hand()
        return None if hand is None else score(hand[0], hand[1], hand[2], self._g.rules)

    def legal(self):
        g = self._g
        return g.legal() if g.to_act == self.seat else []

    def __getattr__(self, name):
        # Public table facts only: never another seat's cards.
        if name in _PUBLIC:
            return getattr(self._g, name)
        raise AttributeError(name)


_PUBLIC = ("n", "rules", "dealer", "to_act", "phase", "pot", "level", "last_blind",
           "opened", "last_raiser", "stacks", "bets", "to_call", "buy_in", "svaras",
           "seated", "is_in", "blinded", "tied", "raises", "players", "limit", "showdown",
           "winner", "ending", "log")
