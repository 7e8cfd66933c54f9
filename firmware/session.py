# A match in progress, shared by the table and the showdown screens and kept in
# app.play (so Continue on the title comes back to it): the svara.Match, who is a
# person and who a bot (seats 0..people-1 are the people, named from app.players), the
# bots' pace, whose cards the screen may show (the last person who pressed OK on the
# cover), the cards of the last showdown, and the last action for the message line.
# Every seat starts a match with the Stack setting.
# No drawing and no files here: an action sets self.changed and a game counted
# self.unkept, and the app saves the game and the history before it handles the next
# key (App._keep, saving.save_session). view() says which screen shows the state now
# (ui/screen.py resume() opens it).
from svara.match import Match
from svara.game import Rng
import settings

from micropython import const

# The statistics' fields (settings.py; host_tests/firmware/test_consts.py checks the copies):
_MATCHES = const(0)
_MATCHES_WON = const(1)
_GAMES = const(2)
_GAMES_WON = const(3)
_SVARAS = const(4)
_BEST_HAND = const(5)
_BIGGEST_POT = const(6)
_NET = const(7)
_P_MATCHES = const(0)
_P_MATCHES_WON = const(1)
_P_GAMES = const(2)
_P_GAMES_WON = const(3)
_P_NET = const(4)
# The preferences read here (settings.PREFS, by its numbers):
_RISE = const(2)
_GUIDE = const(4)


def new_match(app):
    """Start a match from app.cfg and keep it in app.play: every seat gets the Stack
    setting."""
    cfg = app.cfg
    n = cfg[settings.PEOPLE] + cfg[settings.BOTS]
    stacks = [settings.STACKS[cfg[settings.STACK]]] * n
    app.play = None
    if app.kept is not None:    # (the save holds a game, till the new one's first save:
        app.kept = True         # not the old match itself, freed before the new is made)
    app.play = Session(app, stacks, cfg)
    return app.play


def person(st, slot):
    """Where person slot `slot`'s own figures start in the statistics `st` (made room
    for, zeros, the first time the slot plays)."""
    n = settings.P_STATS
    k = settings.N_STATS + n * slot
    while len(st) < k + n:
        st.append(0)
    return k


class Session:
    """The match, its seats' names and what the screens need between turns."""

    def __init__(self, app, stacks, cfg, match=None):
        """A new match from cfg; or, with `match` (loading.restore), an empty shell that
        the caller fills in from a save (set_state; no game dealt)."""
        self.app = app
        self.cfg = bytes(cfg)               # the settings this match was started with
        self.people = cfg[settings.PEOPLE]
        self.level = cfg[settings.LEVEL]
        self.think_ms = settings.PACE_THINK[cfg[settings.PACE]] * 10   # the bots' pace
        self.pop_ms = settings.PACE_POP[cfg[settings.PACE]] * 10
        self.match = match or Match(stacks, 0, settings.rules_of(cfg), app.new_seed())
        self.rng = Rng(app.new_seed())
        self.viewer = 0 if self.people == 1 else -1
        self.total = sum(stacks)            # the chips at the table (conserved)
        n = len(stacks)
        self.shown = bytearray(3 * n)       # cards at the last showdown, by seat
        # The last svara (a tie): its cards (as shown), its ((seat, points), ...) and its
        # pot, in one list: a session of 29 names has a dict of 29 slots (232 bytes); 31
        # took 37 (296), a hole a heap in pieces often had not at a new match.
        self.tie = [bytearray(3 * n), (), 0]
        self.last_seat = -1                 # the last action: who, what, how much
        self.last_action = 0
        self.last_amount = 0
        self.last_open = False
        self.last_round = 0                 # 0 betting, 1 blinds, 3 a svara's join
        self.svaras_seen = 0
        self.svara_due = False              # its screen opened, not yet saved (saving.py)
        self.games = 0
        self.counted = False                # this game's statistics are in
        self.reads = None                   # Hard's svara.reads.Reads (saved with the game)
        self.ended = False                  # the match is over and counted
        self.over_saved = False             # the match was over when saved (loading.py)
        self.changed = False                # a change the app saves before the next key
        self.unkept = False                 # a game counted, not in the history save yet
        self.collected = -1                 # its actions at the app's last collection
                                            # in a bot's pause (app._acted)
        self.restored = match is not None   # read back from a save (view())
        self.game = None
        if match is None:
            self.next_game()

    def state(self, seen):
        """The "p" field of the game save (set_state reads it back): ten whole numbers,
        `seen` the svaras already shown (saving.snapshot: one less on the svara screen)."""
        return [self.viewer, self.games, seen, int(self.counted), self.last_seat,
                self.last_action, self.last_amount, int(self.last_open),
                self.last_round, int(self.ended)]

    def set_state(self, pv):
        """A saved "p" field (state()) back in place; ValueError when it does not fit this
        table. counted and ended are as saved (loading.py may know better)."""
        (viewer, games, seen, counted, last_seat, last_action, last_amount,
         last_open, last_round, ended) = pv
        n = len(self.match.stacks)
        if (not -1 <= viewer < self.people or games < 1 or seen < 0
                or not -1 <= last_seat < n or not 0 <= last_action <= 4
                or last_amount < 0 or counted > 1 or last_open > 1 or last_round > 3
                or ended > 1):
            raise ValueError("bad field")
        self.viewer = viewer
        self.games = games
        self.svaras_seen = seen
        self.last_seat = last_seat
        self.last_action = last_action
        self.last_amount = last_amount
        self.last_open = last_open == 1
        self.last_round = last_round
        self.counted = counted == 1
        self.ended = ended == 1
        self.over_saved = ended == 1        # the match was over when saved (_complete)

    def next_ante(self):
        """The ante of the next game: doubled after every RISE_GAMES games (the rising ante)."""
        ante = self.match.rules.ante
        rise = settings.RISE_GAMES[settings.PREFS[_RISE]]
        if rise and self.games and self.games % rise == 0:
            return 2 * ante
        return ante

    def rise_in(self):
        """How many games until the ante doubles (1: the next game doubles it), 0 when it
        never does (the rising ante off): the table's line above the message line."""
        rise = settings.RISE_GAMES[settings.PREFS[_RISE]]
        if not rise or self.games < 1:
            return 0
        return rise - (self.games - 1) % rise

    def rose(self):
        """True when this game is the first with the ante doubled (next_game doubled it
        before dealing it): the table says so."""
        rise = settings.RISE_GAMES[settings.PREFS[_RISE]]
        return (rise > 0 and self.games > 1 and (self.games - 1) % rise == 0
                and self.match.rules.ante > self.cfg[settings.ANTE])

    def set_pace(self, level, pace):
        """Settings changed during the match: the bots' level and pace from now on (kept
        in self.cfg, which the save holds)."""
        self.level = level
        self.think_ms = settings.PACE_THINK[pace] * 10
        self.pop_ms = settings.PACE_POP[pace] * 10
        cfg = bytearray(self.cfg)
        cfg[settings.LEVEL] = level
        cfg[settings.PACE] = pace
        self.cfg = bytes(cfg)
        self.changed = True

    def next_game(self):
        """Deal the next game; None when the match is over. With rising antes
        (the rising ante) the ante doubles after every so many games of the match."""
        r = self.match.rules
        if self.next_ante() != r.ante:
            from svara.rules import Rules
            self.match.rules = Rules(r.joker, r.two_sevens, r.raise_cap, r.blinds, 2 * r.ante,
                                     None if self.cfg[settings.MIN_BLIND] == 0 else r.min_blind,
                                     r.buy_in)
        # The watch goes in with the deal: a game shown at once (no open bet fits) is
        # dealt and shown inside next_game, before it returns.
        g = self.match.next_game(None, self._watch)
        self.game = g
        self.svaras_seen = 0
        self.svara_due = False
        self.last_seat = -1
        self.counted = False
        if g is not None:
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
            cards = self.tie[0] if tied > 1 else self.shown
            hands = g.hands
            for s in range(len(hands)):
                if hands[s] is not None:
                    cards[3 * s:3 * s + 3] = bytes(hands[s])
            if tied > 1:
                self.tie[1] = shown
                self.tie[2] = g.pot
        elif what == "deal":
            self.app.beep(0)                # drivers/buzzer.py DEAL
            st = self.app.stats
            for s in range(self.people):
                if g.is_in(s):
                    p = g.points(s)
                    if p > st[_BEST_HAND]:
                        st[_BEST_HAND] = p

    def view(self):
        """(module, class, args) of the screen for the game's state now: the first-game
        guide (ui/rulespages.py), a finished match (from a save), a svara not shown yet,
        the result of a finished game (counted now), or the table (ui/screen.py resume()
        opens it)."""
        g = self.game
        app = self.app
        if (not settings.PREFS[_GUIDE] and self.games == 1 and not app.stats[_GAMES]
                and app.guide and app.store is not None):
            # A fresh install's first game: the first-game guide, once (a store keeps
            # that it was seen; without one it would come at every start).
            return "rulespages", "Guide", ()
        if self.ended:                      # a finished match (from a save)
            return "showdown", "Showdown", (2,)
        if self.restored:                   # the bots' moves after the save (saving.py)
            self.restored = False           # were seen before the restart: at once
            while g.to_act is not None and g.to_act >= self.people:
                self.bot_act()
        if g.svaras > self.svaras_seen:
            self.svaras_seen = g.svaras
            self.svara_due = True
            self.last_seat = -1             # the game before's last action: not news now
            return "showdown", "Showdown", (1,)
        if g.to_act is None:
            self.finish_game()
            return "showdown", "Showdown", (0, app.now)     # (the pot's slide from now)
        return "table", "Table", (app.now,)     # (a first bot thinks from now: below)

    def name(self, seat):
        """A seat's name on the screen (settings.seat_name)."""
        return settings.seat_name(self.app.players["names"], seat, self.people)

    def you(self, seat):
        """True when `seat` is shown as "You": the one person, with no name typed (a
        screen then says "You win", else "<name> wins", as the stacks are labelled)."""
        if self.people != 1 or seat != 0:
            return False
        names = self.app.players["names"]
        return not (names and names[0])

    def is_bot(self, seat):
        return seat >= self.people

    def act(self, seat, action, amount):
        """Play an action for `seat` and remember it for the message line."""
        g = self.game
        self.last_open = not g.opened
        self.last_round = g.phase ^ 1       # svara.game's BLINDS 0, BETTING 1, JOINING 2
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
        # The app saves the game after every person's action; the bots' actions are not
        # saved (on the handset a save costs more CPU than a bot's whole turn), nor the
        # result of a game they ended (saving.switched; its statistics and history wait
        # for the next key: App._keep): a restart
        # replays the game from the person's last action, and the bots, from the
        # generator state and Hard's reads saved with it, play the very same actions
        # again. Nothing a person did is lost (saving.py's header).
        if seat < self.people:
            self.changed = True

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

    def finish_game(self):
        """Count a finished game in the statistics (once): the table's figures and each
        person's own (games, games won, the chips won or lost in it)."""
        if self.counted:
            return
        self.counted = True
        self.unkept = True                  # for the history (saving.keep_history)
        g = self.game
        st = self.app.stats
        st[_GAMES] += 1
        if g.winner < self.people:
            st[_GAMES_WON] += 1
        st[_SVARAS] += g.svaras
        if g.winner < self.people and g.won > st[_BIGGEST_POT]:
            st[_BIGGEST_POT] = g.won
        stacks = g.stacks
        start = g.start
        for i in range(self.people):
            k = person(st, i)
            st[k + _P_GAMES] += 1
            if g.winner == i:
                st[k + _P_GAMES_WON] += 1
            won = stacks[i] - start[i]
            st[k + _P_NET] += won
            st[_NET] += won

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
        """Count the match in the statistics (the table's and each person's)."""
        self.ended = True
        st = self.app.stats
        st[_MATCHES] += 1
        w = self.winner()
        if w < self.people:
            st[_MATCHES_WON] += 1
        for i in range(self.people):
            k = person(st, i)
            st[k + _P_MATCHES] += 1
            if w == i:
                st[k + _P_MATCHES_WON] += 1
