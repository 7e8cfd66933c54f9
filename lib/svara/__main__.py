"""The svara command line, for people without a handset (CPython only).

    python -m svara score 7c Ah Ad          # the points of a hand: 33
    python -m svara odds 7c Ah Ad -n 3      # exact chances against 3 opponents
    python -m svara replay saves/game       # a saved game as a readable hand history
    python -m svara play --players 3        # a text game against the bots

The handset never imports this module: tools/device/build.py, firmware/manifest.py and the
frozen-build model leave it out (lib/svara must stay small and MicroPython-clean).
"""
import argparse
import sys

import svara
from svara import bots, log
from svara.cards import names, parse
from svara.game import BLIND, BLINDS, CALL, JOIN, JOINING, PASS, RAISE
from svara.history import history
from svara.rules import Rules
from svara.version import VERSION

LEVELS = {"easy": bots.EASY, "normal": bots.NORMAL, "hard": bots.HARD}


def _hand(cards):
    """Three card codes from the command line's words (ValueError when they are not)."""
    hand = parse(" ".join(cards))
    if len(hand) != 3:
        raise ValueError("a hand is three cards, not %d: %s" % (len(hand), " ".join(cards)))
    return hand


def _rules(args):
    return Rules(joker=not args.no_joker, two_sevens=not args.no_two_sevens)


def cmd_score(args, out):
    hand = _hand(args.cards)
    print(svara.score(hand[0], hand[1], hand[2], _rules(args)), file=out)
    return 0


def cmd_odds(args, out):
    from svara.odds import chances
    hand = _hand(args.cards)
    rules = _rules(args)
    win, tie, lose, total = chances(hand, args.opponents, rules)
    print("%s (%d points) against %d opponent%s:" % (
        names(hand), svara.score(hand[0], hand[1], hand[2], rules), args.opponents,
        "" if args.opponents == 1 else "s"), file=out)
    for label, count in (("win", win), ("svara (tie)", tie), ("lose", lose)):
        print("  %-12s %8.4f %%   %d / %d" % (label, 100.0 * count / total, count, total),
              file=out)
    if args.opponents > 2:
        print("  (exact, rounded to millionths: tools/gen/exact_odds.py counted every deal)",
              file=out)
    else:
        print("  (exact: every deal of the %d unseen cards counted)" % (32 - 3), file=out)
    return 0


def read_log(data):
    """The game log (svara.log.dump bytes) in ``data``: the dump itself, its hex, or a
    handset "game" save (firmware/store.py: b"SVR", a 16-byte header, JSON with "log")."""
    import binascii
    import json
    if data[:3] == b"SVR":
        try:
            payload = json.loads(data[16:].decode("utf-8"))
            return binascii.unhexlify(payload["log"])
        except (ValueError, KeyError, TypeError, binascii.Error):
            raise ValueError("a handset save, but not a whole \"game\" save")
    if data[:3] != log.MAGIC:
        try:
            data = binascii.unhexlify(b"".join(data.split()))
        except (ValueError, binascii.Error):
            raise ValueError("not a svara game log, its hex, or a handset game save")
    return data


def cmd_replay(args, out):
    if args.file == "-":
        data = sys.stdin.buffer.read()
    else:
        try:
            with open(args.file, "rb") as f:
                data = f.read()
        except OSError as e:
            raise ValueError("cannot read %s: %s" % (args.file, e.strerror))
    seats = args.names.split(",") if args.names else None
    g = log.load(read_log(data))
    if seats is not None and len(seats) != g.n:
        raise ValueError("--names gives %d names for %d seats" % (len(seats), g.n))
    print(history(g, seats), file=out)
    return 0


# --- the text game ----------------------------------------------------------------------

def _say(action, amount, phase, to_call, opened, buy_in):
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


def _you(text):
    """The same words for "You": 'passes' -> 'pass', 'does not' -> 'do not'."""
    first, _, rest = text.partition(" ")
    first = {"does": "do", "passes": "pass"}.get(first, first[:-1])
    return first + (" " + rest if rest else "")


def _choices(g):
    """The prompt's menu for the person: 'p = pass, c = call 2, r N = raise to N (4..20)'."""
    out = []
    for action, low, high in g.legal():
        if action == PASS:
            out.append("p = pass")
        elif action == CALL:
            out.append("c = call %d" % g.to_call)
        elif action == RAISE:
            out.append("r N = %s N (%d..%d)" % ("raise to" if g.opened else "open at", low, high))
        elif action == BLIND:
            out.append("b N = blind N (%d..%d)" % (low, high))
        else:
            out.append("j = join for %d" % g.buy_in)
    return ", ".join(out + ["q = quit"])


def _ask(g, read, out):
    """The person's action from input lines; None for quit or the end of the input."""
    keys = {"p": PASS, "c": CALL, "r": RAISE, "b": BLIND, "j": JOIN}
    while True:
        print("Your move (%s)> " % _choices(g), end="", file=out)
        out.flush()
        line = read()
        if not line:
            print(file=out)
            return None
        words = line.split()
        if not words:
            continue
        if words[0].lower() in ("q", "quit"):
            return None
        action = keys.get(words[0][0].lower())
        try:
            amount = int(words[1]) if len(words) > 1 else 0
            if action is None:
                raise ValueError("say p, c, r N, b N, j or q")
            if action in (RAISE, BLIND) and len(words) < 2:
                raise ValueError("say how much: %s N" % words[0][0])
            g.verify_act(action, amount)
            return action, amount
        except ValueError as e:
            print("  not now: %s" % e, file=out)


def play(players, level, stack, seed, read, out):
    """A match for the person at seat 0 against ``players - 1`` bots of ``level``, the
    person's lines from ``read()`` ("" ends it); returns the Match."""
    from svara.game import Rng
    who = ["You"] + ["Bot %d" % i for i in range(1, players)]
    m = svara.Match([stack] * players, 0, None, seed)
    rng = Rng(seed ^ 0x5a5a)
    print("Svara %s: you against %d %s bot%s, %d chips each, seed %d" % (
        VERSION, players - 1, level, "" if players == 2 else "s", stack, seed), file=out)
    lvl = LEVELS[level]
    while True:
        g = m.next_game()
        if g is None:
            break
        print("\n--- game %d: dealer %s, stacks %s" % (m.games + 1, who[g.dealer], " | ".join(
            "%s %d" % (who[s], v) for s, v in enumerate(g.stacks))), file=out)
        shown = None
        dealt = False
        while g.to_act is not None:
            mine = g.view(0).hand()
            if mine is not None and not dealt:
                dealt = True
                print("Your cards: %s (%d points)" % (names(mine), g.view(0).points()),
                      file=out)
            s = g.to_act
            if s == 0:
                print("Pot %d, to call %d, stacks %s" % (g.pot, g.to_call, " | ".join(
                    "%s %d" % (who[k], v) for k, v in enumerate(g.stacks))), file=out)
                got = _ask(g, read, out)
                if got is None:
                    print("You leave the table.", file=out)
                    return m
            else:
                got = bots.decide(lvl, g, s, rng)
            text = _say(got[0], got[1], g.phase, g.to_call, g.opened, g.buy_in)
            svaras = g.svaras
            g.act(got[0], got[1])
            print("%s %s" % (who[s], _you(text) if s == 0 else text), file=out)
            if g.showdown is not None and g.showdown is not shown:
                shown = g.showdown
                print("Showdown: " + " | ".join(
                    "%s %s = %d" % (who[k], names(g.hands[k]) if g.hands[k] else "?", p)
                    for k, p in shown), file=out)
            if g.svaras != svaras:
                dealt = False
                print("Svara! Tied at the showdown: the pot of %d is played again "
                      "(buy-in %d)" % (g.pot, g.buy_in), file=out)
        print("%s %s %d" % (who[g.winner], "win" if g.winner == 0 else "wins", g.won),
              file=out)
    print("\nThe match is over: %s %s." % (
        who[m.winner], "win" if m.winner == 0 else "wins"), file=out)
    return m


def cmd_play(args, out):
    seed = args.seed
    if seed is None:
        import random
        seed = random.getrandbits(30)
    play(args.players, args.level, args.stack, seed, sys.stdin.readline, out)
    return 0


# --- arguments ------------------------------------------------------------------------

def _count(low, high):
    def check(text):
        try:
            n = int(text)
        except ValueError:
            n = None
        if n is None or not low <= n <= high:
            raise argparse.ArgumentTypeError("want a whole number %d..%d, not %r" % (low, high, text))
        return n
    return check


def parser():
    ap = argparse.ArgumentParser(
        prog="python -m svara",
        description="Svara (Svarka), the Bulgarian card game: score hands, exact chances, "
                    "replay saved games, play the bots in the terminal. Cards are written "
                    "7c 10d Jh As (also T for ten, any case, or the suit symbols); 7c is "
                    "the joker.")
    ap.add_argument("--version", action="version", version="svara " + VERSION)
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    def variants(p):
        p.add_argument("--no-joker", action="store_true", help="7c is a plain seven")
        p.add_argument("--no-two-sevens", action="store_true",
                       help="two sevens do not score 23")

    p = sub.add_parser("score", help="the points of a hand of three cards",
                       description="Print the points of a hand (RULES.md, Hand points).")
    p.add_argument("cards", nargs="+", help="three cards, e.g. 7c Ah Ad")
    variants(p)
    p.set_defaults(run=cmd_score)

    p = sub.add_parser("odds", help="exact chances for a hand against n opponents",
                       description="The exact chances to win, tie (a svara) or lose at the "
                                   "showdown against n random hands.")
    p.add_argument("cards", nargs="+", help="three cards, e.g. Ks Kh 9d")
    p.add_argument("-n", "--opponents", type=_count(1, 9), default=1,
                   help="how many opponents, 1..9 (default 1)")
    variants(p)
    p.set_defaults(run=cmd_odds)

    p = sub.add_parser("replay", help="a saved game as a readable hand history",
                       description="Tell a saved game as a hand history: a svara.log.dump "
                                   "file, its hex, or the handset's saves/game file.")
    p.add_argument("file", help="the log file, or - for standard input")
    p.add_argument("--names", help="the players' names by seat, separated by commas")
    p.set_defaults(run=cmd_replay)

    p = sub.add_parser("play", help="a text game against the bots",
                       description="Play a match in the terminal: you sit at seat 0, the "
                                   "bots at the others. Type p, c, r N, b N, j or q.")
    p.add_argument("--players", type=_count(2, 10), default=3, help="2..10 (default 3)")
    p.add_argument("--level", choices=sorted(LEVELS), default="normal",
                   help="the bots' level (default normal)")
    p.add_argument("--stack", type=_count(2, 100000), default=100,
                   help="chips each (default 100)")
    p.add_argument("--seed", type=_count(0, (1 << 30) - 1),
                   help="deal the same match again (default: random)")
    p.set_defaults(run=cmd_play)
    return ap


def main(argv=None, out=None):
    ap = parser()
    args = ap.parse_args(argv)
    try:
        return args.run(args, out or sys.stdout)
    except ValueError as e:
        ap.exit(2, "%s: %s: %s\n" % (ap.prog, args.command, e))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:                 # the reader stopped (| head): no traceback
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    sys.exit(main())
