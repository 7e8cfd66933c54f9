# One work space for the whole game, allocated once, at its first import: the app
# imports svara.odds at start, while the heap is still whole. svara.odds.chances() counts
# its hand pairs in it, and the handset's saves (firmware/store.py) are written from it;
# each uses it only within one call, never across a call to the other, so the game
# needs no second block of this size and none later in a heap in pieces.
BUF = bytearray(3 * 496)
