# Svara (Svarka), the rules library: the contract of RULES.md ("Engine contract").
#
# The same code runs on CPython and MicroPython. Nothing here touches files or screens.
from svara.score import score
from svara.rules import Rules
from svara.game import Game, PASS, CALL, RAISE, BLIND, JOIN
from svara.match import Match


def __getattr__(attr):
    # parse and name (svara.cards) load on first use: play on the handset never needs
    # card text, and every module's code takes RAM there. Any other name is a submodule
    # (MicroPython's `from svara import log` asks here before it imports one).
    import sys
    if attr == "parse" or attr == "name":
        attr, what = "cards", attr
    else:
        what = None
    try:
        __import__("svara." + attr)
    except ImportError:
        raise AttributeError("module 'svara' has no attribute %r" % attr)
    module = sys.modules["svara." + attr]
    return getattr(module, what) if what else module
