#!/usr/bin/env python3
"""Fit lib/svara/_odds_table.py, the exponent corrections of svara.odds for 3+ opponents.

    python3 -m tools.gen.fit_odds [--check]          # fit input -> table (a few seconds)
    python3 -m tools.gen.fit_odds --simulate N       # long simulations -> fit input (numpy)
    python3 -m tools.gen.fit_odds --report [FILE] [--deals D]   # chances() against a fit input

svara.odds estimates P(all n opponent hands in a class X) as P_w(n) * rho^E with
E = C(n, 2) + EXTRA[n, cell] - 128 (see its header). The cell is one of 8 by the share
of X hands among all (eighths). For each n and cell this tool picks
the whole EXTRA that minimises the squared error, in standard errors, against the
simulated P(all n in X) of every class observation of that cell in the fit input
(tools/gen/data/odds_fit_input.txt) without a floor; a cell with few gets 128 (E = C(n, 2)).
With a floor, svara.odds divides two such estimates (the class within the range, the
range): the cases with floors in the input are for --report (fitting them made the
floor-0 answers worse and the floors no better).

The fit input holds, per simulated case (hand, rules, floor) and n = 3..9, the mean and
the squared standard error of the partition shares of tools/gen/odds_sim.py for the three
classes (below us, below-or-equal, in range), then win and tie with their standard
errors (conditional on the range when there is a floor). --simulate N rewrites it from N
partitions per case of the training hands below (numpy; about 4 s per case for N = 2e6).
--check refits from the committed input and exits 1 if the table differs.
"""
import os
import random
import sys
from math import comb

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path[:0] = [os.path.join(ROOT, "lib")]

import svara  # noqa: E402
from svara import odds  # noqa: E402
from tools.gen.odds_sim import RULES  # noqa: E402

INPUT = os.path.join(HERE, "data", "odds_fit_input.txt")
OUT = os.path.join(ROOT, "lib", "svara", "_odds_table.py")
CELLS = 8
VAR_FLOOR = 1e-12   # (1e-6)^2: a class never seen in 2e6 partitions still weighs little
MIN_CELL = 12
INPUT_DEALS = 2000000
TINY = 1e-5     # partitions per case in the committed input     # a cell with fewer class observations keeps E = C(n, 2)

# Training hands: fixed ones across the point range, then 16 seeded random ones.
FIXED = ("7h 8d 8s", "7h 9d 9c", "8c Kh 9d", "Qc Qh 9d", "10s 8s Kh", "Kh 9h Qc", "Qd Kd 10s",
         "Jh Qh 9s", "8h 9s 7c", "7c Ah 9d", "Ah Ad 9s", "7d 7h Ks", "7d 7h 9s", "10d 9d Jd",
         "Qc Qh Qd", "7c Kh Kd", "7c Ah Kh", "7c Ah Ad", "7c 7h 7d", "Ac Ah Ad", "As 10s Ks",
         "8d 8h 8s", "9c 9d Kc", "Ks Kd 7s")


def training_cases():
    """(hand, rules name, floor): every training hand under the four point variants at
    floor 0, and under the default rules at the floors the bots read (15, 20, 23)."""
    rng = random.Random(5)
    hands = [svara.parse(t) for t in FIXED]
    while len(hands) < len(FIXED) + 16:
        hands.append(tuple(rng.sample(range(32), 3)))
    cases = [(h, r, 0) for r in ("default", "nojoker", "no27", "both") for h in hands]
    cases += [(h, "default", f) for h in hands for f in (15, 20, 23)]
    return cases


def class_terms(hand, rules, floor, ns):
    """{n: per class (below, below-or-equal, range): (P_w(n), rho, x, t), P_w and rho as
    svara.odds has them (as floats here), or None for a class with no two disjoint hands
    (then P = 0 exactly)}."""
    u = odds._unseen(hand, ())
    s = svara.score(hand[0], hand[1], hand[2], rules)
    pairs = bytearray(3 * 496)
    nb, ne, nr = odds._count2(u, s, floor, rules, pairs)
    c = len(u)
    cards = [0] * (3 * c)
    db, dbe, dr = odds._disjoint_pairs(u, pairs, nb, ne, nr, cards)
    by_n = {}
    for n in ns:
        out = by_n[n] = []
        for k, x, d2 in ((0, nb, db), (1, nb + ne, dbe), (2, nr, dr)):
            if not d2:
                out.append(None)
                continue
            pn, pd, rn, rd, ps, rs = odds.terms(cards, k, x, d2, n, c)
            out.append((pn / pd * 2.0 ** ps, rn / rd * 2.0 ** rs, x, comb(c, 3)))
    return by_n


def _cell(x, t):
    """The table cell of a class, as svara.odds.exponent finds it: x / t in eighths."""
    b = 8 * x // t
    return b if b < 7 else 7


def read_input(path=INPUT):
    """Rows (hand, rules name, floor, {n: [(mean, variance) for the three classes,
    then (win, its standard error, tie, its standard error)]})."""
    rows = []
    with open(path, encoding="ascii") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            head, *rest = line.split("|")
            h1, h2, h3, rules, floor = head.split()
            by_n = {}
            for part in rest:
                v = part.split()
                by_n[int(v[0])] = [(float(v[1 + 2 * a]), float(v[2 + 2 * a])) for a in range(3)]
                by_n[int(v[0])].append(tuple(float(z) for z in v[7:11]))
            rows.append((svara.parse(" ".join((h1, h2, h3))), rules, int(floor), by_n))
    return rows


def observations(rows):
    """(n, cell, P_w, rho, simulated P, its variance) for every class of every row."""
    obs = []
    for hand, rules, floor, by_n in rows:
        all_terms = class_terms(hand, RULES[rules], floor, sorted(by_n))
        for n, sims in sorted(by_n.items()):
            terms = all_terms[n]
            if terms[2] is None or terms[2][2] < terms[2][3]:
                continue              # a floor: in the input for --report, not fitted
            for k in range(2):
                if terms[k] is None:
                    continue
                pw, rho, x, t = terms[k]
                mean, var = sims[k]
                if mean < TINY and pw < TINY:
                    continue          # below what the chances show: no information
                obs.append((n, _cell(x, t), pw, rho, mean, var))
    return obs


def fit(obs):
    """EXTRA: per n = 3..9 and cell, the whole correction (stored + 128) of least error."""
    table = bytearray(7 * CELLS)
    for n in range(3, 10):
        for b in range(CELLS):
            mine = [o for o in obs if o[0] == n and o[1] == b]
            if len(mine) < MIN_CELL:
                table[(n - 3) * CELLS + b] = 128
                continue
            best, best_err = 0, None
            cap = n * (n - 1) // 2      # E stays within 0 .. 2 C(n, 2)
            for extra in range(-cap, cap + 1):
                e = n * (n - 1) // 2 + extra
                err = 0.0
                for _, _, pw, rho, mean, var in mine:
                    err += (pw * rho ** e - mean) ** 2 / max(var, VAR_FLOOR)
                if best_err is None or err < best_err - 1e-9 or (
                        abs(err - best_err) <= 1e-9 and abs(extra) < abs(best)):
                    best, best_err = extra, err
            table[(n - 3) * CELLS + b] = 128 + best
    return bytes(table)


def render(table):
    from tools.gen.score_table import literal
    return "\n".join([
        "# Generated by tools/gen/fit_odds.py from tools/gen/data/odds_fit_input.txt: do not edit.",
        "# svara.odds' exponent corrections for 3..9 opponents: EXTRA[(n - 3) * 8 + cell] - 128",
        "# is added to C(n, 2); the cells are in the generator. (Comments, not a docstring.)",
        "",
        literal("EXTRA", table, per_line=8),
        "",
    ])


def simulate(deals, path=INPUT):
    from tools.gen.odds_sim import simulate_np
    lines = ["# Fit input of tools/gen/fit_odds.py: written by its --simulate %d (numpy)." % deals,
             "# hand rules floor | n  below mean var  low mean var  range mean var  win se tie se | ..."]
    for i, (hand, rules, floor) in enumerate(training_cases()):
        sums = simulate_np(hand, RULES[rules], (), floor, deals, seed=1000 + i)
        N = sums.count
        parts = [" ".join(svara.name(c) for c in hand) + " %s %d" % (rules, floor)]
        for n in range(3, sums.hands + 1):
            v = []
            for a in range(3):
                mean = sums.s[a][n] / N
                var = (sums.ss[a][a][n] / N - mean * mean) / N
                v.append("%.6e %.3e" % (mean, max(var, 0.0)))
            v.append("%.6e %.3e %.6e %.3e" % sums.result(n)[:4])
            parts.append("%d %s" % (n, "  ".join(v)))
        lines.append(" | ".join(parts))
        print(lines[-1][:60], file=sys.stderr)
    with open(path, "w", encoding="ascii") as f:
        f.write("\n".join(lines) + "\n")


def report(path, z=2.576, deals=INPUT_DEALS):
    """Cases of a fit-input file where chances() is outside the simulation's interval
    (z standard errors plus 1 / deals); prints them and a summary, returns (checked,
    outside). ``deals`` below the input's widens the interval to a shorter simulation's."""
    wide = (INPUT_DEALS / deals) ** 0.5
    checked = outside = 0
    worst = (0.0, "")
    for hand, rules, floor, by_n in read_input(path):
        name = "%s %s floor %d" % (" ".join(svara.name(c) for c in hand), rules, floor)
        for n, sims in sorted(by_n.items()):
            w, sw, t, st = sims[3]
            if sims[2][0] * 2e6 < 100:
                continue          # too few partitions with every hand in range
            try:
                got = odds.chances(hand, n, RULES[rules], (), floor)
            except ValueError:
                continue
            gw, gt = got[0] / got[3], got[1] / got[3]
            checked += 1
            off = max(abs(gw - w), abs(gt - t))
            if off > worst[0]:
                worst = (off, "%s n=%d win %.4f sim %.4f tie %.4f sim %.4f"
                         % (name, n, gw, w, gt, t))
            sw *= wide
            st *= wide
            if abs(gw - w) > z * sw + 1 / deals or abs(gt - t) > z * st + 1 / deals:
                outside += 1
                print("outside: %s n=%d win %.5f sim %.5f+-%.5f tie %.5f sim %.5f+-%.5f"
                      % (name, n, gw, w, z * sw, gt, t, z * st))
    print("%d cases, %d outside; largest difference %.4f: %s"
          % (checked, outside, worst[0], worst[1]))
    return checked, outside


def main(argv=None):
    from tools.common.hosttool import parser, whole
    ap = parser(__doc__)
    what = ap.add_mutually_exclusive_group()
    what.add_argument("--report", nargs="?", const=INPUT, metavar="FILE",
                      help="the error table of docs/BOTS.md from FILE (default %s)"
                      % os.path.relpath(INPUT, os.getcwd()))
    what.add_argument("--simulate", type=whole(1, float), metavar="DEALS",
                      help="write fresh simulations of DEALS partitions per case")
    what.add_argument("--check", action="store_true",
                      help="only check that the committed table is a fresh fit (exit 1 if not)")
    ap.add_argument("--deals", type=whole(1, float), default=INPUT_DEALS,
                    help="with --report: the partitions per case in FILE")
    args = ap.parse_args(argv)
    if args.report:
        report(args.report, deals=args.deals)
        return 0
    if args.simulate:
        simulate(args.simulate)
        return 0
    text = render(fit(observations(read_input())))
    if args.check:
        with open(OUT, encoding="ascii") as f:
            same = f.read() == text
        print("up to date" if same else "%s differs from a fresh fit" % OUT)
        return 0 if same else 1
    with open(OUT, "w", encoding="ascii") as f:
        f.write(text)
    print("wrote", OUT)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
