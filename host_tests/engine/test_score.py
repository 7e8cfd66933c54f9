"""The scorer: RULES.md's hands, the generated table, and the same checks under MicroPython."""
import os
import subprocess
import sys

import pytest

from conftest import ROOT, on_both_interpreters
from tools.mp.wasm import MicroPython
from tools.gen.score_reference import reference_score

import svara
from svara.rules import Rules


VARIANTS = ((True, True), (False, True), (True, False), (False, False))


test_checks = on_both_interpreters("score_checks", [pytest.mark.smoke])


def all_hands():
    for c in range(32):
        for b in range(c):
            for a in range(b):
                yield a, b, c


def test_table_matches_the_reading_by_reading_scorer_on_cpython():
    for joker, sevens in VARIANTS:
        rules = Rules(joker=joker, two_sevens=sevens)
        for a, b, c in all_hands():
            assert svara.score(c, a, b, rules) == reference_score(a, b, c, joker, sevens)


@pytest.mark.micropython
def test_micropython_gives_the_same_points_for_all_4960_hands_and_variants(micropython):
    code = (
        "import svara\nfrom svara.rules import Rules\nout = []\n"
        "for j, s in %r:\n"
        "    r = Rules(joker=j, two_sevens=s)\n"
        "    buf = bytearray(4960)\n"
        "    i = 0\n"
        "    for c in range(32):\n"
        "        for b in range(c):\n"
        "            for a in range(b):\n"
        "                buf[i] = svara.score(b, c, a, r)\n"
        "                i += 1\n"
        "    print(bytes(buf).hex())\n" % (VARIANTS,))
    lines = micropython.exec(code).split()
    assert len(lines) == 4
    for (joker, sevens), line in zip(VARIANTS, lines):
        expected = bytes(reference_score(a, b, c, joker, sevens) for a, b, c in all_hands())
        assert bytes.fromhex(line) == expected


def test_regenerating_the_table_gives_the_committed_bytes():
    run = subprocess.run([sys.executable, "-m", "tools.gen.score_table",
                          "--check"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.micropython
def test_importing_the_scorer_costs_under_6_75_kb_of_micropython_heap():
    # 6,640 bytes before the scorer refused True and False as cards and anything but a
    # svara.Rules as rules (issue 28): those checks cost 80 bytes.
    with MicroPython(heap=64 * 1024, trees=()) as mp:
        mp.write("/lib/svara/__init__.py", b"")
        for name in ("score.py", "_score_table.py"):
            mp.put_file(os.path.join(ROOT, "lib", "svara", name), "/lib/svara/" + name)
        mp.exec("import svara")
        before = mp.mem_alloc()
        mp.exec("import svara.score")
        after = mp.mem_alloc()
        assert mp.exec("print(svara.score.score(0, 26, 25))").strip() == "31"
    cost = after - before
    assert 4960 < cost < 6.75 * 1024, cost
