# A match in progress, shared by the table and the showdown screens and kept in
# app.play (so Continue on the title comes back to it): the svara.Match, who is a
# person and who a bot, whose cards the screen may show (the last person who pressed
# OK on the cover), the cards of the last showdown, and the last action for the
# message line. Seats 0..people-1 are the people, the rest bots.
# People are named and seated from app.players (saving.py keeps it; its header says how
# chips carry from match to match): the name typed for their slot, and the chips kept
# from their last game when they have at least the ante.
from svara.match import Match
from svara.game import BLINDS, Rng
from i18n import strings
from ui import common

try:
    from micropython import const
except ImportError:  # CPython
    def const(n):
        return n

# The words drawn here, by number (i18n/_names.py; tools/gen_strings.py keeps the
# numbers right, host_tests/test_consts.py checks them):
_W_BOT = const(13)
_W_PERSON = const(88)
_W_YOU = const(138)

T = strings()
CHIPS_MOST = const(9999)        # chips kept for a person at most (the stack column)
HISTORY_KEEP = const(3)         # finished games kept in the "history" save (ui/history.py)


def saved(app):
    """The kept games' histories (the "history" save, read on first need), oldest first:
    a list of [people, game number, svara.log dump in hex]."""
    h = getattr(app, "hist", None)
    if h is None:
        h = []
        store = getattr(app, "store", None)
        got = store.load("history", None) if store is not None else None
        if isinstance(got, list):
            for e in got[-HISTORY_KEEP:]:
                if (isinstance(e, list) and len(e) == 3 and isinstance(e[0], int)
                        and isinstance(e[1], int) and isinstance(e[2], str)):
                    h.append(e)
        app.hist = h
    return h


def keep_history(app, people, number, game):
    """Add a finished game to the kept ones (the oldest goes past HISTORY_KEEP), saved
    at once in its own small file (a failed save keeps it for this session). Without a
    store nothing is kept (the history shows the current game only): the log module
    is then not loaded for it (saving.py has it loaded when there is a store)."""
    store = getattr(app, "store", None)
    if store is None:
        return
    import binascii
    from svara import log
    h = saved(app)
    h.append([people, number, binascii.hexlify(log.dump(game)).decode()])
    while len(h) > HISTORY_KEEP:
        h.pop(0)
    try:
        store.save("history", h)
    except OSError:
        pass


def new_match(app):
    """Start a match from app.cfg and keep it in app.play: people with kept chips (at
    least the ante) bring them, the others and the bots get the Stack setting; Play.fresh
    lists the people who had run out (the "New chips" screen names them first)."""
    cfg = common.config(app)
    people = cfg[common.PEOPLE]
    stack = common.STACKS[cfg[common.STACK]]
    stacks = [stack] * (people + cfg[common.BOTS])
    pl = getattr(app, "players", None)
    chips = pl["chips"] if pl is not None else ()
    fresh = bytearray()
    for i in range(min(people, len(chips))):
        if chips[i] >= cfg[common.ANTE]:
            stacks[i] = chips[i] if chips[i] < CHIPS_MOST else CHIPS_MOST
        else:
            fresh.append(i)
    app.play = None
    app.play = Play(app, stacks, cfg)
    app.play.fresh = bytes(fresh)
    return app.play


class Play:
    """The match, its seats' names and what the screens need between turns."""

    def __init__(self, app, stacks, cfg, match=None):
        """A new match from cfg; or, with `match` (saving.restore), an empty shell that
        the caller fills in from a save (no game dealt)."""
        self.app = app
        self.cfg = bytes(cfg)               # the settings this match was started with
        self.people = cfg[common.PEOPLE]
        self.level = cfg[common.LEVEL]
        self.ticks = common.PACE_TICKS[cfg[common.PACE]]
        self.pop_ticks = common.POP_TICKS[cfg[common.PACE]]
        self.match = match or Match(stacks, 0, common.rules_of(cfg), app.new_seed())
        self.rng = Rng(app.new_seed())
        self.viewer = 0 if self.people == 1 else -1
        self.total = sum(stacks)            # the chips at the table (conserved)
        self.fresh = b""                    # people given the Stack again (new_match)
        n = len(stacks)
        self.shown = bytearray(3 * n)       # cards at the last showdown, by seat
        self.tie_cards = bytearray(3 * n)   # the same at the last svara (a tie)
        self.tie_shown = ()                 # its ((seat, points), ...)
        self.tie_pot = 0
        self.last_seat = -1                 # the last action: who, what, how much
        self.last_action = 0
        self.last_amount = 0
        self.last_open = False
        self.last_blinds = False
        self.svaras_seen = 0
        self.games = 0
        self.counted = False                # this game's statistics are in
        self.reads = None                   # Hard's svara.reads.Reads (not saved)
        self.ended = False                  # the match is over and counted
        self.game = None
        if match is None:
            self.next_game()

    def next_ante(self):
        """The ante of the next game: doubled after every RISE_GAMES games (common.RISE)."""
        ante = self.match.rules.ante
        rise = common.RISE_GAMES[common.RISE[0]]
        if rise and self.games and self.games % rise == 0:
            return 2 * ante
        return ante

    def set_pace(self, level, pace):
        """Settings changed during the match: the bots' level and pace from now on (kept
        in self.cfg, which the save holds)."""
        self.level = level
        self.ticks = common.PACE_TICKS[pace]
        self.pop_ticks = common.POP_TICKS[pace]
        cfg = bytearray(self.cfg)
        cfg[common.LEVEL] = level
        cfg[common.PACE] = pace
        self.cfg = bytes(cfg)
        keep = getattr(self.app, "keep", None)
        if keep is not None:
            keep()

    def next_game(self):
        """Deal the next game; None when the match is over. With rising antes
        (common.RISE) the ante doubles after every so many games of the match."""
        r = self.match.rules
        if self.next_ante() != r.ante:
            from svara.rules import Rules
            self.match.rules = Rules(r.joker, r.two_sevens, r.raise_cap, r.blinds, 2 * r.ante,
                                     None if self.cfg[common.MIN_BLIND] == 0 else r.min_blind,
                                     r.buy_in)
        g = self.match.next_game()
        self.game = g
        self.svaras_seen = 0
        self.last_seat = -1
        self.counted = False
        if g is not None:
            g.watch = self._watch
            self.games += 1
        return g

    def _watch(self, g, what):
        if what == "show":
            shown = g.showdown
            best = 0
            tied = 0
            for seat, points in shown:
                if points > best:
                    best = points
                    tied = 0
                if points == best:
                    tied += 1
            cards = self.tie_cards if tied > 1 else self.shown
            hands = g.hands
            for s in range(len(hands)):
                if hands[s] is not None:
                    cards[3 * s:3 * s + 3] = bytes(hands[s])
            if tied > 1:
                self.tie_shown = shown
                self.tie_pot = g.pot
        elif what == "deal":
            beep = getattr(self.app, "beep", None)
            if beep is not None:
                beep(0)                     # drivers/buzzer.py DEAL
            st = common.stats(self.app)
            for s in range(self.people):
                if g.is_in(s):
                    p = g.points(s)
                    if p > st[5]:
                        st[5] = p

    def screen(self):
        """The screen for the game's state now: a svara not shown yet, the result of a
        finished game, or the table."""
        g = self.game
        if self.fresh:                      # first: who starts with new chips
            return common.open_screen(self.app, "names", "Fresh")
        if self.ended:                      # a finished match (from a save)
            return common.open_screen(self.app, "showdown", "Showdown", 2)
        if g.svaras > self.svaras_seen:
            self.svaras_seen = g.svaras
            self.last_seat = -1             # the game before's last action: not news now
            return common.open_screen(self.app, "showdown", "Showdown", 1)
        if g.to_act is None:
            self.finish_game()
            return common.open_screen(self.app, "showdown", "Showdown", 0)
        return common.open_screen(self.app, "table", "Table")

    def name(self, seat):
        """A seat's name on the screen: the name typed for a person's slot, else You
        (one person) or P1..; Bot 1.. for bots."""
        if seat < self.people:
            pl = getattr(self.app, "players", None)
            if pl is not None:
                names = pl["names"]
                if seat < len(names) and names[seat]:
                    return names[seat]
            return T[_W_YOU] if self.people == 1 else T[_W_PERSON] % (seat + 1)
        return T[_W_BOT] % (seat - self.people + 1)

    def is_bot(self, seat):
        return seat >= self.people

    def act(self, seat, action, amount):
        """Play an action for `seat` and remember it for the message line."""
        g = self.game
        self.last_open = not g.opened
        self.last_blinds = g.phase == BLINDS
        reads = self.reads
        if reads is not None:
            reads.see(g, action, amount)
        g.act(action, amount)
        if reads is not None and g.to_act is None:
            reads.end(g)
        if action != 0:                     # a bet, call, blind or join: its tone
            self.app.beep(1)
        self.last_seat = seat
        self.last_action = action
        self.last_amount = amount
        keep = getattr(self.app, "keep", None)
        if keep is not None:
            keep()                          # the game is saved after every action

    def bot_act(self):
        """The bot to act plays one action (svara.bots)."""
        from svara import bots
        g = self.game
        s = g.to_act
        if self.reads is None and self.level == bots.HARD:
            from svara.reads import Reads
            self.reads = Reads(g.n)     # what Hard sees of everyone, kept for the match
        action, amount = bots.decide(self.level, g, s, self.rng, self.reads)
        self.act(s, action, amount)

    def keep_chips(self):
        """Keep each person's chips now in app.players["chips"] (by slot) for the next
        match (saving.py saves them when the result or game over shows)."""
        g = self.game
        st = g.stacks if g is not None else self.match.stacks
        pl = getattr(self.app, "players", None)
        if pl is None:
            pl = self.app.players = {"names": [], "chips": []}
        chips = pl["chips"]
        for i in range(self.people):
            v = st[i] if st[i] < CHIPS_MOST else CHIPS_MOST
            if i < len(chips):
                chips[i] = v
            else:
                chips.append(v)

    def finish_game(self):
        """Keep the people's chips; count a finished game in the statistics (once)."""
        self.keep_chips()
        if self.counted:
            return
        self.counted = True
        g = self.game
        keep_history(self.app, self.people, self.games, g)
        st = common.stats(self.app)
        st[2] += 1
        if g.winner < self.people:
            st[3] += 1
        st[4] += g.svaras
        if len(st) > 6 and g.winner < self.people and g.won > st[6]:
            st[6] = g.won                   # the biggest pot a person won

    def over(self):
        """True when the match is over after this game: one player left, or no person."""
        g = self.game
        if g is None:
            return True
        if g.to_act is not None:
            return False
        st = g.stacks
        ante = self.next_ante()             # who can pay the next game's ante
        left = 0
        people = 0
        for i in range(len(st)):
            if st[i] >= ante:
                left += 1
                if i < self.people:
                    people += 1
        return left < 2 or people == 0

    def winner(self):
        """The seat with the most chips."""
        st = self.game.stacks if self.game is not None else self.match.stacks
        return st.index(max(st))

    def end_match(self):
        """Count the match in the statistics."""
        self.ended = True
        st = common.stats(self.app)
        st[0] += 1
        if self.winner() < self.people:
            st[1] += 1
