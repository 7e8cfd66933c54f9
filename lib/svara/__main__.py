"""The svara command line, for people without a handset (CPython only).

    python -m svara score 7c Ah Ad          # the points of a hand: 33
    python -m svara odds 7c Ah Ad -n 3      # exact chances against 3 opponents
    python -m svara replay saves.game/game  # a saved game as a readable hand history
    python -m svara play --players 3        # a text game against the bots

The handset never imports this module: tools/device/build.py, firmware/manifest.py and the
frozen-build model leave it out (lib/svara must stay small and MicroPython-clean).
"""
import argparse
import os
import sys

import svara
from svara import bots, log
from svara.cards import names, parse
from svara.game import BLIND, CALL, JOIN, JOINING, PASS, RAISE
from svara.history import action_text, history, said
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
    exact = args.opponents <= 2
    for label, count in (("win", win), ("svara (tie)", tie), ("lose", lose)):
        if exact:
            print("  %-12s %8.4f %%   %d of %d deals" % (label, 100.0 * count / total, count,
                                                      total), file=out)
        else:
            print("  %-12s %8.4f %%" % (label, 100.0 * count / total), file=out)
    if exact:
        print("  (exact: every deal of the %d unseen cards counted)" % (32 - 3), file=out)
    else:
        print("  (exact, rounded to 0.0001 %%: every deal to %d opponents was counted "
              "when the library was made)" % args.opponents, file=out)
    return 0


MAX_INPUT = 1 << 20     # bytes: a handset's saves and a game's log are a few kilobytes


def read_input(name):
    """The bytes of the file ``name`` (- for standard input), at most MAX_INPUT of them
    (ValueError when it cannot be read or is bigger: no saved game is)."""
    try:
        if name == "-":
            data = sys.stdin.buffer.read(MAX_INPUT + 1)
        else:
            with _open_file(name) as f:
                data = f.read(MAX_INPUT + 1)
    except OSError as e:
        raise ValueError("cannot read %s: %s" % (name, e.strerror or e))
    if len(data) > MAX_INPUT:
        raise ValueError("%s is over %d KB: not a saved game" % (
            "standard input" if name == "-" else name, MAX_INPUT >> 10))
    return data


def _open_file(name):
    """The regular file ``name`` opened to read; OSError for anything else (a FIFO,
    a device, a folder), said at once: opening a FIFO would wait for a writer."""
    import errno
    import stat
    fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file", name)
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def seat_names(people, n):
    """The handset's names for n seats with ``people`` persons first: You (or P1, P2...)
    and Bot 1, Bot 2..."""
    return [("You" if people == 1 else "P%d" % (s + 1)) if s < people
            else "Bot %d" % (s - people + 1) for s in range(n)]


def _unhex(text):
    import binascii
    try:
        return binascii.unhexlify(text)
    except (ValueError, TypeError, binascii.Error):
        raise ValueError("a handset save whose game log is not hex digits")


def read_games(data):
    """The games in ``data``: a list of (svara.log dump, the people at its table or None).
    ``data`` is a dump, its hex, or a handset save (firmware/store.py: b"SVR", a 16-byte
    header, JSON): the "game" save (the game in progress) or the "history" save (the last
    finished games, oldest first)."""
    import binascii
    import json
    if data[:3] == b"SVR":
        size = int.from_bytes(data[8:12], "big") if len(data) >= 16 else -1
        if size < 0 or len(data) != 16 + size:
            raise ValueError("a handset save, but cut short or damaged")
        try:
            payload = json.loads(data[16:].decode("utf-8"))
        except (ValueError, RecursionError):
            raise ValueError("a handset save, but its content is damaged")
        if isinstance(payload, dict) and isinstance(payload.get("log"), str):
            cfg = payload.get("cfg")
            people = cfg[0] if isinstance(cfg, list) and cfg and isinstance(cfg[0], int) \
                else None
            return [(_unhex(payload["log"]), people)]
        if isinstance(payload, list) and payload and all(
                isinstance(e, list) and len(e) == 3 and isinstance(e[0], int)
                and isinstance(e[2], str) for e in payload):
            return [(_unhex(e[2]), e[0]) for e in payload]
        raise ValueError("a handset save, but not its \"game\" or \"history\" save")
    if data[:3] != log.MAGIC:
        try:
            data = binascii.unhexlify(b"".join(data.split()))
        except (ValueError, binascii.Error):
            raise ValueError("not a svara game log, its hex, or a handset game or history save")
    return [(data, None)]


def read_log(data):
    """The newest game's log (svara.log.dump bytes) in ``data`` (see read_games)."""
    return read_games(data)[-1][0]


# A handset save's copies (firmware/store.py): NAME and the slots of its cycle (the game's:
# a pair, NAME and NAME.1, in a folder of its own, /saves.game), and a first save's
# NAME.new.
COPIES = ("", ".1", ".2", ".new")


def newest_copy(name):
    """The file to read for ``name``: a handset save named without a copy's suffix
    (saves.game/game) is read from its newest whole copy, by sequence number, whichever slot
    it is in; any other name as it is."""
    if name == "-" or name.endswith(COPIES[1:]):
        return name
    best, seq = name, -1
    for suffix in COPIES:
        try:
            with _open_file(name + suffix) as f:
                head = f.read(16)
                size = os.fstat(f.fileno()).st_size
        except OSError:
            continue
        if head[:3] == b"SVR" and len(head) == 16 and size == 16 + int.from_bytes(
                head[8:12], "big"):
            n = int.from_bytes(head[4:8], "big")
            if n > seq:
                best, seq = name + suffix, n
        elif seq < 0 and best == name and not os.path.exists(name):
            best = name + suffix
    return best


def cmd_replay(args, out):
    given = args.names.split(",") if args.names else None
    games = read_games(read_input(newest_copy(args.file)))
    told = []
    for dump, people in games:
        g = log.load(dump)
        if given is not None and len(given) != g.n:
            raise ValueError("--names gives %d names for %d seats" % (len(given), g.n))
        seats = given or (seat_names(people, g.n) if people is not None else None)
        text = history(g, seats)
        if people is not None and g.to_act is not None and g.to_act >= people:
            # The handset saves a game at a person's move, not at a bot's (saving.py).
            text += ("\n(the save ends here: the handset saves at a person's move and at a"
                     " new game, not at a bot's; the bots' moves from %s's on are played"
                     " again, the same, when the game is continued)" % seats[g.to_act])
        told.append(text)
    print("\n\n".join(told), file=out)
    return 0


# --- the text game ----------------------------------------------------------------------

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
        why = _refused(g, keys.get(words[0][0].lower()), words)
        if why is None:
            action = keys[words[0][0].lower()]
            return action, int(words[1]) if len(words) > 1 else 0
        print("  " + why, file=out)


_WORDS = {PASS: "pass", CALL: "call", RAISE: "raise", BLIND: "blind", JOIN: "join"}


def _refused(g, action, words):
    """Why the person's words are not a move now (a line in a player's words), or None."""
    if action is None:
        return "Say p, c, r N, b N, j or q."
    legal = {a: (low, high) for a, low, high in g.legal()}
    if action not in legal:
        if action == RAISE and not g.opened and BLIND in legal:
            return "No raise before the blinds are done: blind (b N) or pass (p)."
        return "You cannot %s now: %s." % (_WORDS[action], _choices(g))
    if action in (RAISE, BLIND):
        low, high = legal[action]
        if len(words) < 2:
            return "Say how much: %s N, N from %d to %d." % (words[0][0].lower(), low, high)
        if not words[1].isdigit():
            return "%s is not a number of chips: say %s N, N from %d to %d." % (
                words[1], words[0][0].lower(), low, high)
        if not low <= int(words[1]) <= high:
            return "%s is not allowed: from %d to %d." % (words[1], low, high)
    elif len(words) > 1:
        return "%s takes no amount: say %s." % (_WORDS[action], words[0][0].lower())
    try:
        g.verify_act(action, int(words[1]) if len(words) > 1 else 0)
    except ValueError:                  # the menu above covers what the engine checks
        return "Not allowed now: %s." % _choices(g)
    return None


def play(players, level, stack, seed, read, out):
    """A match for the person at seat 0 against ``players - 1`` bots of ``level``, the
    person's lines from ``read()`` ("" ends it); returns the Match."""
    from svara.game import Rng
    who = seat_names(1, players)
    m = svara.Match([stack] * players, 0, None, seed)
    rng = Rng(seed ^ 0x5a5a)
    print("Svara %s: you against %d %s bot%s, %d chips each, seed %d" % (
        VERSION, players - 1, level, "" if players == 2 else "s", stack, seed), file=out)
    lvl = LEVELS[level]
    shown = []                          # the showdown's lines, told after the action

    def watch(g, what):
        # At the showdown, while the cards are on the table: a svara with nobody to ask
        # clears them inside the act() that showed them.
        if what == "show":
            shown.append(_showdown(g, who))
            best = max([p for k, p in g.showdown])
            if [p for k, p in g.showdown].count(best) > 1:
                shown.append(_svara(g))

    while True:
        g = m.next_game(watch=watch)
        if g is None:
            break
        print("\n--- game %d: dealer %s, stacks %s" % (m.games + 1, who[g.dealer], " | ".join(
            "%s %d" % (who[s], v) for s, v in enumerate(g.stacks))), file=out)
        told = None                     # the hand last shown to the person
        while g.to_act is not None:
            _tell(shown, out)
            mine = g.view(0).hand()
            if mine is not None and mine != told and g.phase != JOINING:
                told = mine             # a svara's new deal comes after its joining
                print("Your cards: %s (%d points)" % (names(mine), g.view(0).points()),
                      file=out)
            s = g.to_act
            if s == 0:
                print("Pot %d, %s, stacks %s" % (g.pot, _owed(g), " | ".join(
                    "%s %d" % (who[k], v) for k, v in enumerate(g.stacks))), file=out)
                got = _ask(g, read, out)
                if got is None:
                    print("You leave the table.", file=out)
                    return m
                getattr(read, "moved", lambda: None)()
            else:
                got = bots.decide(lvl, g, s, rng)
            text = action_text(got[0], got[1], g.phase, g.to_call, g.opened, g.buy_in)
            g.act(got[0], got[1])
            print(said(who[s], text), file=out)
        _tell(shown, out)               # (a game shown down with no action: all in at the ante)
        print(said(who[g.winner], "wins %d" % g.won), file=out)
        if g.stacks[0] < m.rules.ante and len(m.players()) > 1:
            print("\nYou are out of chips: the match is over for you (%s)." % " | ".join(
                "%s %d" % (who[k], v) for k, v in enumerate(g.stacks)), file=out)
            return m
    print("\nThe match is over: %s." % said(who[m.winner], "wins"), file=out)
    return m


def _tell(lines, out):
    """Print the lines kept for the person and forget them."""
    for line in lines:
        print(line, file=out)
    del lines[:]


def _owed(g):
    """What the person faces, in words: "to call 2", "nobody has opened"..."""
    if g.phase == JOINING:
        return "the svara's buy-in %d" % g.buy_in
    if g.opened:
        return "to call %d" % g.to_call
    if g.last_blind:
        return "the last blind %d, nobody has opened" % g.last_blind
    return "nobody has bet yet"


def _showdown(g, who):
    """The showdown's line, the cards still on the table."""
    return "Showdown: " + " | ".join(
        "%s %s = %d" % (who[k], names(g.hands[k]), p) for k, p in g.showdown)


def _svara(g):
    """The line of a tie at the showdown: the pot played again, and who may buy in."""
    joiners = [s for s in range(g.n)
               if g.seated(s) and not g.tied(s) and g.stacks[s] >= g.buy_in]
    if not joiners:
        how = "only those tied play it"
    elif g.buy_in:
        how = "buy-in %d" % g.buy_in
    else:
        how = "others join free"
    return "Svara! Tied at the showdown: the pot of %d is played again (%s)" % (g.pot, how)


def cmd_play(args, out):
    seed = args.seed
    if seed is None:
        import random
        seed = random.getrandbits(30)
    play(args.players, args.level, args.stack, seed, line_reader(sys.stdin), out)
    return 0


MAX_LINE = 200          # characters: a move is a few
MAX_REFUSED = 1000      # lines in a row that are not a move: no person types them


def line_reader(stream):
    """``read()`` for play(): the next line of ``stream``, read at most MAX_LINE + 1
    characters at a time (input without newlines, as /dev/zero, is not kept whole);
    ValueError for a longer line, or after MAX_REFUSED lines in a row that play()
    asked again for."""
    asked = [0]

    def read():
        asked[0] += 1
        if asked[0] > MAX_REFUSED:
            raise ValueError("%d lines of input in a row that are not a move: stopped"
                             % MAX_REFUSED)
        line = stream.readline(MAX_LINE + 1)
        if len(line) > MAX_LINE:
            raise ValueError("a line of input over %d characters: not a move" % MAX_LINE)
        return line

    def moved():
        asked[0] = 0
    read.moved = moved
    return read


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


class _Parser(argparse.ArgumentParser):
    """argparse, with a bad argument said in one line (not the usage block)."""

    def error(self, message):
        self.exit(2, "%s: %s (see %s --help)\n" % (self.prog, message, self.prog))


def parser():
    ap = _Parser(
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
                       description="Print the points of a hand, the best of: its cards of "
                                   "one suit added up (7, 8, 9 their number; 10, J, Q, K 10; "
                                   "A 11), every ace 11 whatever its suit, two sevens 23, "
                                   "three of a kind three times the card (three sevens 34); "
                                   "the joker 7c adds 11 to the best of these.")
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
                                   "file, its hex, or the handset's saves.game/game "
                                   "or saves/history (its newest copy: game, game.1 "
                                   "or game.2).")
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
