"""Power cuts and errors over a whole match, with Statistics counted against the games
played (the sweeps are tools/stress/harness/cutsweep.py's): the same checks on CPython
and MicroPython, a sample of what tools/stress/powercut.py runs."""
import sys

from cutsweep import match_cuts, switch_errors

MICRO = sys.implementation.name == "micropython"


# make test: a short match (ante 5: nine games), every op;
# tools/stress/powercut.py: the long match (ante 2: eleven games and a svara), every op.
def test_a_cut_at_every_file_operation_of_a_match_counts_every_game_once():
    tried, lost, first = match_cuts(step=1, ante=5)
    print("power cuts over a match: %d cases tried, %d lost" % (tried, lost))
    assert tried > 40 and lost == 0, first


def test_an_error_at_every_screen_switch_counts_every_game_once():
    tried, lost, first = switch_errors(step=2 if MICRO else 1, ante=5)
    print("errors at screen switches: %d cases tried, %d lost" % (tried, lost))
    assert tried > 10 and lost == 0, first


def test_a_game_dealt_and_ended_within_one_key_is_counted_once_after_an_error():
    # A long match (ante 2: eleven games) has a game that ends as it is dealt, within
    # the key that deals it (all in on the antes): such a result never shows the table,
    # so it is saved as it shows; an error at the next switch then reloads it, not the
    # game before it (whose re-deal counted that game a second time).
    tried, lost, first = switch_errors(step=2 if MICRO else 1, ante=2)
    print("errors at screen switches, ante 2: %d cases tried, %d lost" % (tried, lost))
    assert tried > 20 and lost == 0, first
