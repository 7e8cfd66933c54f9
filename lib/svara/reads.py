# svara.reads.Reads: what HARD has seen each player do across a match, and how it plays
# against what it saw (svara.bots.decide(..., reads)). Kept apart from svara.bots so that
# Easy and Normal, and Hard without reads, never load it.
#
# A few counters a seat, from what every player at the table sees: the bets he faced and
# passed to; his raises shown down, and those under 20 points; his big raises (more than
# the pot before them) shown down, and those under 22; the raises he faced after raising
# in that game, and those he passed to; the games he bet in, and those with a big raise;
# the bets he faced after blinding, and those he passed to. Each pair is halved when it
# nears 255, so newer
# play weighs more, and no read moves before a dozen bets or a few showdowns.
from svara.game import PASS, CALL, RAISE, BETTING
from svara.bots import BIG, big_raise, two_seated

_WEAK = 20   # a raise shown down with fewer points was a bluff (or a wild one)


class Reads:
    """Kept for one match at a table of ``n`` seats: the match calls see() before every
    action and end() once a game is over."""

    def __init__(self, n):
        self.c = bytearray(12 * n)
        self.raised = 0     # the seats that raised in this game (a bit each)
        self.big = 0        # the seats that made a big raise in this game
        self.acted = 0      # the seats that acted in the betting of this game

    def see(self, game, action, amount=0):
        """Note the action that the seat to act is about to play."""
        s = game.to_act
        if s is None or game.phase != BETTING:
            return
        c = self.c
        bets = game.bets
        self.acted |= 1 << s
        if game.opened and game.level > bets[s]:
            _count(c, 12 * s, action == PASS)
            if self.raised >> s & 1:
                _count(c, 12 * s + 6, action == PASS)
            if game.blinded(s):
                _count(c, 12 * s + 10, action == PASS)
        if action == RAISE:
            self.raised |= 1 << s
            if big_raise(game, s, amount, game.pot + amount - bets[s]):
                self.big |= 1 << s

    def end(self, game):
        """Learn from a game that is over: the points shown after raises."""
        c = self.c
        if self.raised and game.showdown:
            for seat, points in game.showdown:
                if self.raised >> seat & 1:
                    _count(c, 12 * seat + 2, points < _WEAK)
                if self.big >> seat & 1:
                    _count(c, 12 * seat + 4, points < BIG)
        for seat in range(game.n):
            if self.acted >> seat & 1:
                _count(c, 12 * seat + 8, self.big >> seat & 1)
        self.raised = self.big = self.acted = 0

    def loose(self, seat):
        """``seat`` faced a dozen bets or more and passed to none (as a station or a
        maniac): one pass ends the read, which a best response could otherwise keep by
        calling the cheap bets while it passes to the value shoves (issue 42)."""
        c = self.c
        k = 12 * seat
        return c[k] >= 12 and not c[k + 1]

    def tight(self, seat):
        """``seat`` faced a dozen bets or more and passed to half of them or more."""
        c = self.c
        k = 12 * seat
        return c[k] >= 12 and c[k + 1] * 2 >= c[k]

    def sticky(self, seat):
        """``seat`` was raised over six times or more after he had raised in that game
        and passed to it under 1 in 4: he stands by his bets."""
        c = self.c
        k = 12 * seat + 6
        return c[k] >= 6 and c[k + 1] * 4 < c[k]

    def big_floor(self, seat):
        """The least points a big raise of ``seat`` reads as, or None before any read:
        from how often he raises big (in half his games or more: any hand; 3 in 8: 19; a
        quarter: 21, as 48%, 38% and 25% of hands hold that much), and from his big
        raises shown down (any hand once half were weak, 15 once a third were, BIG once
        three were shown and fewer were weak); any hand when he never passes. The lower."""
        if self.loose(seat):
            return 0
        c = self.c
        k = 12 * seat
        f = None
        games = c[k + 8]
        if games >= 8:
            big = c[k + 9] * 8
            if big >= games * 4:
                return 0
            if big >= games * 3:
                f = 19
            elif big >= games * 2:
                f = 21
        shown = c[k + 4]
        weak = c[k + 5]
        if shown >= 2 and weak * 2 >= shown:
            return 0
        if shown >= 3:
            g = 15 if weak * 3 >= shown else BIG
            if f is None or g < f:
                f = g
        return f

    def often(self, seat):
        """The least points a big raise of ``seat`` reads as from how often he raises big
        alone (8 games seen), or None: in half his games or more 19, in 3 in 8 20, in a
        quarter 21. The strongest range that often (47.6%, 38.4% and 25.3% of hands hold
        that much): a call sound against it is sound whatever he holds (issue 42; what
        his hands shown say can be staged, how often he bets big cannot)."""
        c = self.c
        k = 12 * seat
        games = c[k + 8]
        if games >= 8:
            big = c[k + 9] * 8
            for f in (19, 20, 21):
                if big >= games * (23 - f):
                    return f
        return None

    def range_floor(self, seat, f):
        """The least points a raise of ``seat`` reads as when his bets say ``f``, lowered
        by his raises shown down: any hand once half of them were weak (2+ shown; any hand
        shows under 20 points 62% of the time), 15 once a third were (3+; a 15+ range 41%)."""
        c = self.c
        k = 12 * seat + 2
        shown = c[k]
        weak = c[k + 1]
        if shown >= 2 and weak * 2 >= shown:
            return 0
        if shown >= 3 and weak * 3 >= shown and f > 15:
            return 15
        return f

    def every(self, view, test):
        """True when test(seat) holds for every other player still in."""
        for i in view.players():
            if i != view.seat and not test(i):
                return False
        return True

    def exploit(self, view, legal, equity, raise_span, floor):
        """HARD's answer to what it has read, or None to play as usual; at a table of two:
        against a player who never passes, the most with every hand ahead of their share against any hand
        (no bluffs) and a call when the chances pay; against players who stand by their
        bets when raised, the most with a strong hand (600 per mille against their read)."""
        players = view.players()
        opponents = len(players) - 1
        if not two_seated(view):
            return None     # measured: at tables of 3+ these reads lost chips to Normal
        span = raise_span(legal)
        if self.every(view, self.loose):
            e = equity(view, opponents, 0)
            if e > 1000 // (opponents + 1) + 20:
                if span:
                    return RAISE, span[1]
                return CALL, 0
            if view.opened:
                to_call = view.to_call
                if e * (view.pot + to_call) >= to_call * 1000:
                    return CALL, 0
            return PASS, 0
        if span and self.every(view, self.sticky):
            if equity(view, opponents, floor(view, players)) >= 600:
                return RAISE, span[1]
        return None

    def steal(self, view, got, raise_span, legal):
        """Instead of passing before anybody opened, at a table of two: the least open when the
        other player passes to bets most of the time (a dozen seen, half or more passed:
        tight), and more often than the open's price asks (risk / (risk + pot)). When he
        blinded, what counts is what he did facing bets after his blinds (4 seen): what he
        did with cards in hand, or at a table of more, says little about a blind shover."""
        if got[0] == PASS and not view.opened and two_seated(view):
            span = raise_span(legal)
            if not span:
                return got
            risk = span[0] - view.bets[view.seat]
            c = self.c
            for i in view.players():
                if i == view.seat:
                    continue
                b = view.blinded(i)
                k = 12 * i + (10 if b else 0)
                if c[k] < (4 if b else 12) or c[k + 1] * 2 < c[k] or \
                        c[k + 1] * (risk + view.pot) <= c[k] * risk:
                    return got
            return RAISE, span[0]
        return got


def _count(c, k, hit):
    c[k] += 1
    if hit:
        c[k + 1] += 1
    if c[k] >= 250:
        c[k] >>= 1
        c[k + 1] >>= 1
