# The readable hand history of a game (the desktop's: python -m svara replay). Not on
# the handset (firmware/manifest.py leaves it out): there the history
# screen (firmware/ui/history.py) draws its own rows, and this text would be code in RAM.
from svara.game import Game, PASS, CALL, RAISE, BLIND, BLINDS, JOINING
from svara.log import actions, dump, header

# How each of the four endings reads in a history, by svara.game.END_*.
ENDINGS = ("", "everyone passed before any bet", "the blind stood, nobody opened",
           "everyone else passed", "the highest points")


def action_text(action, amount, phase, to_call, opened, buy_in):
    """What a player did, as a history says it of a seat: "calls 4", "opens at 2"..."""
    if action == PASS:
        return ("does not blind" if phase == BLINDS else
                "does not join" if phase == JOINING else "passes")
    if action == CALL:
        return "calls %d" % to_call
    if action == RAISE:
        return ("raises to %d" if opened else "opens at %d") % amount
    if action == BLIND:
        return "blinds %d" % amount
    return "joins the svara for %d" % buy_in


def said(name, text):
    """``name`` and what it did, the verb agreeing with You: "You pass", "Bot 1 passes"."""
    if name != "You":
        return "%s %s" % (name, text)
    first, _, rest = text.partition(" ")
    first = {"does": "do", "passes": "pass"}.get(first, first[:-1])
    return "You " + first + (" " + rest if rest else "")


def history(g, seats=None):
    """The game as a readable hand history (a str): seats, stacks, cards, actions, points.

    ``seats`` optionally names the players (a list of str by seat)."""
    from svara.cards import names   # card text only here: saving a game needs no cards module
    lines = []
    data = dump(g)
    (stacks, dealer, rules, deck, seed), i = header(data)

    def who(s):
        return seats[s] if seats else "seat %d" % s

    def watch(game, what):
        if what == "deal":
            lines.append("Deal: " + " | ".join(
                "%s %s" % (who(s), names(game.hands[s]))
                for s in range(game.n) if game.is_in(s)))
        else:
            shown = game.showdown
            lines.append("Showdown: " + " | ".join(
                "%s %s = %d" % (who(s), names(game.hands[s]), p) for s, p in shown))
            best = max([p for s, p in shown])
            tied = [s for s, p in shown if p == best]
            if len(tied) > 1:
                lines.append("Svara %d: %s tie at %d points; pot %d, buy-in %d" % (
                    game.svaras, ", ".join([who(s) for s in tied]), best, game.pot,
                    game.buy_in))

    lines.append("Svara game: %d seats, dealer %s, seed %d%s" % (
        len(stacks), who(dealer), seed, ", deck given" if deck else ""))
    lines.append("Rules: ante %d, smallest blind %d, blinds %s, raise cap %s, joker %s, "
                 "two sevens %s, svara buy-in %s" % (
                     rules.ante, rules.min_blind, "on" if rules.blinds else "off",
                     rules.raise_cap or "none", "on" if rules.joker else "off",
                     "23" if rules.two_sevens else "off", rules.buy_in))
    lines.append("Stacks: " + " | ".join(
        "%s %d%s" % (who(s), stacks[s], "" if stacks[s] >= rules.ante else " (out)")
        for s in range(len(stacks))))
    seated = len([s for s in stacks if s >= rules.ante])
    lines.append("Antes: %d x %d, pot %d" % (seated, rules.ante, seated * rules.ante))
    r = Game(stacks, dealer, rules, deck, seed, watch)
    for action, amount in actions(data, i):
        lines.append(said(who(r.to_act), action_text(action, amount, r.phase, r.to_call,
                                                     r.opened, r.buy_in)))
        r.act(action, amount)
    if r.winner is not None:
        lines.append(said(who(r.winner), "wins %d (%s)" % (r.won, ENDINGS[r.ending])))
        lines.append("Stacks: " + " | ".join(
            "%s %d" % (who(s), v) for s, v in enumerate(r.stacks)))
    else:
        lines.append("(the game goes on: %s to act)" % who(r.to_act))
    return "\n".join(lines)
