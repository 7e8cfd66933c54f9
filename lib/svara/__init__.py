# Svara (Svarka), the rules library: the contract of RULES.md ("Engine contract").
#
# The same code runs on CPython and MicroPython. Nothing here touches files or screens.
from svara.cards import parse, name
from svara.score import score
from svara.rules import Rules
from svara.game import Game, PASS, CALL, RAISE, BLIND, JOIN
from svara.match import Match
