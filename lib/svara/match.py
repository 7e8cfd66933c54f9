# A match: game after game at one table (RULES.md "The match").
#
# The winner of a game deals the next; a player who cannot pay the ante leaves; the match
# ends when fewer than two players can pay the ante (with the default ante of 1: when one
# player holds every chip). Each game's seed comes from the match's own generator, so a
# match is fully determined by its stacks, first dealer, rules and seed.
from svara.game import Game, Rng
from svara.rules import Rules, DEFAULT

# Fields of a result tuple in Match.results.
WINNER = 0   # the seat that took the pot
WON = 1      # the pot it took
ENDING = 2   # svara.game.END_DEALER, END_BLIND, END_FOLD or END_SHOWDOWN
SVARAS = 3   # svaras played in that game
DEALER = 4   # who dealt it
RECENT = 8   # results kept: a long match on the handset must not fill its RAM


class Match:
    """Match(stacks, dealer=0, rules=None, seed=None); call next_game() for each game."""

    def __init__(self, stacks, dealer=0, rules=None, seed=None):
        if rules is None:
            rules = DEFAULT
        elif not isinstance(rules, Rules):
            raise ValueError("rules must be a svara.Rules, not %r" % (rules,))
        if seed is None:
            import random
            seed = random.getrandbits(30)
        elif not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError("seed must be a whole number >= 0, not %r" % (seed,))
        # Game checks the stacks and the dealer: let it refuse a bad table now.
        Game(stacks, dealer, rules, None, 0)
        self.rules = rules
        self.seed = seed
        self.stacks = list(stacks)
        self.dealer = dealer
        self.results = []  # (winner, won, ending, svaras, dealer) of the last RECENT games
        self.games = 0     # games finished
        self.game = None
        self._rng = Rng(seed)

    def state(self):
        """(seed, h, l): the match's seed and its generator's state now, all that a
        save needs to deal the same next games again (set_state puts them back)."""
        return self.seed, self._rng.h, self._rng.l

    def set_state(self, h, l):
        """Put back the generator's state from state() (h and l, 16-bit whole numbers)."""
        self._rng.h = h
        self._rng.l = l

    def players(self):
        """The seats still at the table: those who can pay the ante."""
        ante = self.rules.ante
        return [i for i in range(len(self.stacks)) if self.stacks[i] >= ante]

    @property
    def over(self):
        """True when fewer than two players can pay the ante."""
        return len(self.players()) < 2

    @property
    def winner(self):
        """The seat holding the most chips once the match is over, else None."""
        if not self.over:
            return None
        st = self.stacks
        return st.index(max(st))

    def next_game(self, deck=None, watch=None):
        """Record the finished game and start the next (None when the match is over).

        ``deck`` (32 codes) orders the new game's first deal; by default it is shuffled.
        ``watch`` is the new game's (svara.Game): given here, before the first deal, it
        also sees a game that is dealt and shown within this call (no open bet fits)."""
        g = self.game
        if g is not None:
            if g.to_act is not None:
                raise ValueError("the game is not over: seat %d is to act" % g.to_act)
            if len(self.results) == RECENT:
                self.results.pop(0)
            self.results.append((g.winner, g.won, g.ending, g.svaras, g.dealer))
            self.games += 1
            self.stacks = g.stacks
            self.dealer = g.next_dealer
            self.game = None
        if self.over:
            return None
        self.game = Game(self.stacks, self.dealer, self.rules, deck, self._rng.getrandbits(30),
                         watch)
        return self.game
