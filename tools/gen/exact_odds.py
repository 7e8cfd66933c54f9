#!/usr/bin/env python3
"""Exact showdown chances against 3 to 9 opponents, for every hand and point variant.

    python3 -m tools.gen.exact_odds            count what is missing, then write the modules
    python3 -m tools.gen.exact_odds --module   write lib/svara/_exact_v*.py from the counts
    python3 -m tools.gen.exact_odds --check    are the modules what the counts give? (exit 1 if not)

The point variants are svara.rules' points_variant: 0 the default rules, 1 the joker off,
2 two sevens not 23, 3 both; each has its counts (tools/gen/data/exact_odds_v<k>.txt) and its
module (lib/svara/_exact_v<k>.py).

The opponents' hands are dealt from our 29 unseen cards. For a class X of their hands
(below our points; below or equal), the chance that all n opponents hold an X hand is
D(n) / T(n): D(n) ordered n-tuples of pairwise disjoint X hands, T(n) = 29! / ((29 -
3n)! 6^n) ordered n-tuples of disjoint hands. Three-card hands are pairwise disjoint
exactly when their union has 3n cards, so by inclusion-exclusion over the union
    D(n) = sum over subsets Y of the unseen cards of (-1)^(3n - |Y|) C(29 - |Y|, 3n - |Y|) g(Y)^n
where g(Y) counts the X hands inside Y. tools/gen/exact_odds.c computes g for all 2^29
subsets (a subset-sum transform, 2 GiB) and the power sums of g by subset size; this
script does the rest in exact integers. Win = D_below(n) / T(n); tie = (D_below_or_equal
(n) - D_below(n)) / T(n). D(1) and D(2) are the counts svara.odds makes exactly, and the
tests hold every hand's to them.

Hands alike under the game's symmetries have the same chances: the suits ♦ ♥ ♠ may be
permuted (♣ too when the joker is off: 7♣ is then a plain seven), and so may the ranks
10 J Q K (all count 10). That leaves 337 classes with the joker and 116 without, 906 in
all; two run at once, about 2.7 s a class (about 40 minutes for all here). The
counts go to the variant's file as each class is done, so a stopped run goes on where it
stopped; a line on stderr shows the classes counted and the time left. A module keeps,
per class, the chances of 3..9 opponents in millionths (svara.odds.SCALE), rounded to
nearest.
"""
import itertools
import os
from math import comb
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "lib"))
from svara.odds import SCALE  # noqa: E402
from svara.rules import Rules  # noqa: E402
from svara.score import score  # noqa: E402

VARIANTS = (0, 1, 2, 3)
SOURCE = os.path.join(HERE, "exact_odds.c")
BINARY = os.path.join(ROOT, "build", "exact_odds")
UNSEEN = 29
NS = range(3, 10)           # opponents kept in the module
MASK = (1 << 128) - 1


def counts_path(variant):
    return os.path.join(HERE, "data", "exact_odds_v%d.txt" % variant)


def module_path(variant):
    return os.path.join(ROOT, "lib", "svara", "_exact_v%d.py" % variant)


def rules_of(variant):
    return Rules(joker=not variant & 1, two_sevens=not variant & 2)


def symmetries(variant=0):
    """The card maps (bytes of 32) that keep every hand's points: the suits ♦♥♠ permuted
    (all four without the joker), the ranks 10 J Q K permuted."""
    maps = []
    suits = (0, 1, 2, 3) if variant & 1 else (1, 2, 3)
    for sp in itertools.permutations(suits):
        suit = sp if variant & 1 else (0,) + sp
        for rp in itertools.permutations((3, 4, 5, 6)):
            rank = (0, 1, 2) + rp + (7,)
            maps.append(bytes(rank[c >> 2] * 4 + suit[c & 3] for c in range(32)))
    return maps


def canonical(hand, maps):
    """The least sorted image of a hand under the symmetries."""
    return min(tuple(sorted(m[c] for c in hand)) for m in maps)


_CANONICAL = {}     # variant -> {hand: its canonical hand}, for all 4960 hands (kept)


def canonical_of_every_hand(variant=0):
    """{hand (a < b < c): canonical(hand)} for every hand, found once a variant."""
    found = _CANONICAL.get(variant)
    if found is None:
        # The symmetries make a group: a hand's images are its class, and the least of
        # them is canonical() of each, so each class is worked out once.
        maps = symmetries(variant)
        found = {}
        for h in itertools.combinations(range(32), 3):
            if h not in found:
                images = {tuple(sorted(m[c] for c in h)) for m in maps}
                least = min(images)
                for g in images:
                    found[g] = least
        _CANONICAL[variant] = found
    return found


def classes(variant=0):
    """The sorted canonical hands, one per class."""
    return sorted(set(canonical_of_every_hand(variant).values()))


def case_bytes(hand, variant=0):
    """Our unseen cards' 3654 hands in lexicographic order: 0 below, 1 equal, 2 above."""
    rules = rules_of(variant)
    u = [c for c in range(32) if c not in hand]
    s = score(hand[0], hand[1], hand[2], rules)
    out = bytearray()
    for x, y, z in itertools.combinations(range(UNSEEN), 3):
        p = score(u[x], u[y], u[z], rules)
        out.append(0 if p < s else 1 if p == s else 2)
    return bytes(out)


def tuples(n):
    """T(n): ordered n-tuples of disjoint hands from the unseen cards."""
    v = 1
    for i in range(3 * n):
        v *= UNSEEN - i
    return v // 6 ** n


def disjoint_counts(lines):
    """(D_below(n) for n 1..9, D_below_or_equal(n) for n 1..9) from the C core's lines."""
    sums = {}
    for line in lines:
        f = line.split()
        sums[(f[0], int(f[1]))] = [int(h, 16) for h in f[2:]]
    out = []
    for cl in ("LT", "LE"):
        row = []
        for n in range(1, 10):
            d = 0
            for k in range(3 * n + 1):
                sign = -1 if (3 * n - k) & 1 else 1
                d += sign * comb(UNSEEN - k, 3 * n - k) * sums[(cl, k)][n - 1]
            d &= MASK
            if d > tuples(n):
                raise RuntimeError("count out of range: the C core's sums are wrong")
            row.append(d)
        out.append(row)
    return out


def build_core():
    if not os.path.exists(BINARY) or os.path.getmtime(BINARY) < os.path.getmtime(SOURCE):
        os.makedirs(os.path.dirname(BINARY), exist_ok=True)
        subprocess.run(["cc", "-O3", "-march=native", "-o", BINARY, SOURCE], check=True)


def read_counts(variant=0):
    """{canonical hand: (below row, below-or-equal row)} from the variant's counts."""
    done = {}
    path = counts_path(variant)
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                v = [int(x) for x in line.split()]
                if len(v) != 21:
                    raise ValueError("%s: bad line %r" % (path, line[:40]))
                done[tuple(v[:3])] = (v[3:12], v[12:21])
    return done


def count_missing(variant, workers=2):
    build_core()
    todo = [c for c in classes(variant) if c not in read_counts(variant)]
    print("variant %d: %d classes to count, %d workers" % (variant, len(todo), workers),
          flush=True)
    path = counts_path(variant)
    if not os.path.exists(path):
        with open(path, "w") as f:
            f.write("# Generated by tools/gen/exact_odds.py: a canonical hand (3 card codes), then\n"
                    "# D(n) for n = 1..9 of the hands below it, then of those below or equal.\n")
    from tools.common.hosttool import Progress
    lock = threading.Lock()
    bar = Progress(len(todo), "variant %d, classes counted" % variant)

    def work():
        proc = subprocess.Popen([BINARY], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                text=False)
        try:
            while True:
                with lock:
                    if not todo:
                        return
                    hand = todo.pop(0)
                proc.stdin.write(b"CASE %d %d %d\n" % hand + case_bytes(hand, variant))
                proc.stdin.flush()
                proc.stdout.readline()
                lines = [proc.stdout.readline().decode() for _ in range(2 * 28)]
                lt, le = disjoint_counts(lines)
                with lock:
                    with open(path, "a") as f:
                        f.write(" ".join(str(x) for x in hand + tuple(lt) + tuple(le)) + "\n")
                    bar.update()
        finally:
            proc.stdin.close()
            proc.wait()

    threads = [threading.Thread(target=work) for _ in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    bar.close()


def packed(done):
    """(REPS, TABLE, FEW) bytes: the canonical hands, 3 bytes each; per hand and n in NS
    the win and win-or-tie chances in millionths, 20 bits each, in 5 bytes; per hand the
    exact counts of 1 and 2 opponents: wins | ties << 12 of the 3654 deals (3 bytes), then
    wins and ties of the 3654 x 2600 (3 bytes each)."""
    reps = bytearray()
    table = bytearray()
    few = bytearray()
    for hand in sorted(done):
        lt, le = done[hand]
        reps += bytes(hand)
        few += (lt[0] | (le[0] - lt[0]) << 12).to_bytes(3, "little")
        few += lt[1].to_bytes(3, "little") + (le[1] - lt[1]).to_bytes(3, "little")
        for n in NS:
            t = tuples(n)
            w = (lt[n - 1] * SCALE * 2 + t) // (2 * t)
            a = (le[n - 1] * SCALE * 2 + t) // (2 * t)
            v = w | (a << 20)
            table += v.to_bytes(5, "little")
    return bytes(reps), bytes(table), bytes(few)


def module_text(done, variant=0):
    from tools.gen.score_table import literal
    reps, table, few = packed(done)
    return ("# Generated by tools/gen/exact_odds.py from tools/gen/data/exact_odds_v%d.txt: do not edit.\n"
            "# Exact chances against 1..9 opponents (%s), per class of hands\n"
            "# alike (svara.odds): REPS the canonical hands, 3 card codes each, sorted;\n"
            "# TABLE per hand and opponents 3..9: win | win-or-tie << 20 in millionths,\n"
            "# 5 bytes little-endian; FEW per hand the deals won and tied, 1 opponent:\n"
            "# win | tie << 12 of 3654 (3 bytes), 2: win, tie of 3654 x 2600 (3 bytes each).\n"
            "%s\n%s\n%s\n" % (variant, NAMES[variant], literal("REPS", reps),
                                literal("TABLE", table), literal("FEW", few)))


CLASSES_PATH = os.path.join(ROOT, "lib", "svara", "_classes.py")


def class_rows(variant):
    """Per hand, at its index C(c, 3) + C(b, 2) + a (a < b < c), its class's row."""
    at = {h: i for i, h in enumerate(classes(variant))}
    rows = [0] * comb(32, 3)
    for (a, b, c), h in canonical_of_every_hand(variant).items():
        rows[comb(c, 3) + comb(b, 2) + a] = at[h]
    return rows


def classes_text():
    """lib/svara/_classes.py: each hand's class row, so that the handset finds it by one
    read instead of trying every symmetry (svara.exact.row)."""
    from tools.gen.score_table import literal
    r0 = class_rows(0)
    r1 = class_rows(1)
    assert max(r0) < 512 and max(r1) < 256
    high = bytearray(len(r0) // 8)
    for i, v in enumerate(r0):
        high[i >> 3] |= (v >> 8) << (i & 7)
    return ("# Generated by tools/gen/exact_odds.py: do not edit.\n"
            "# The row of each hand's class (svara.exact.canonical) in the tables, by the\n"
            "# hand's index C(c, 3) + C(b, 2) + a (a < b < c): ROW0 the low 8 bits and HIGH0\n"
            "# the 9th (bit i & 7 of byte i >> 3) with the joker (point variants 0 and 2,\n"
            "# 337 classes), ROW1 without it (1 and 3, 116 classes).\n"
            "%s\n%s\n%s\n" % (literal("ROW0", bytes(v & 255 for v in r0)),
                                literal("HIGH0", bytes(high)), literal("ROW1", bytes(r1))))


NAMES = ("default rules", "the joker off", "two sevens not 23",
         "the joker off, two sevens not 23")


def main(argv=None):
    from tools.common.hosttool import parser
    ap = parser(__doc__)
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--module", action="store_const", const="--module", dest="what",
                      help="only write the modules from the committed counts")
    what.add_argument("--check", action="store_const", const="--check", dest="what",
                      help="only check that the modules match the committed counts")
    args = ap.parse_args(argv)
    argv = [args.what] if args.what else []
    if not argv:
        for v in VARIANTS:
            count_missing(v)
    bad = 0
    text = classes_text()
    if argv == ["--check"]:
        with open(CLASSES_PATH) as f:
            same = f.read() == text
        print("lib/svara/_classes.py is %s" % ("up to date" if same else "OUT OF DATE"))
        bad += not same
    else:
        with open(CLASSES_PATH, "w") as f:
            f.write(text)
        print("wrote %s" % CLASSES_PATH)
    for v in VARIANTS:
        done = read_counts(v)
        want = len(classes(v))
        if len(done) != want:
            print("exact_odds: variant %d: %d of %d classes counted: run without options"
                  % (v, len(done), want), file=sys.stderr)
            return 1
        text = module_text(done, v)
        path = module_path(v)
        if argv == ["--check"]:
            with open(path) as f:
                same = f.read() == text
            print("%s is %s" % (os.path.relpath(path, ROOT),
                                "up to date" if same else "OUT OF DATE"))
            bad += not same
            continue
        with open(path, "w") as f:
            f.write(text)
        print("wrote %s: %d classes" % (path, len(done)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
