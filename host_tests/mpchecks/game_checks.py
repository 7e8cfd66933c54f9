"""RULES.md scenarios on fixed decks, run unchanged on CPython (pytest) and MicroPython."""
import svara
from harness import deck, raises
from svara.game import (Game, Rng, PASS, CALL, RAISE, BLIND, JOIN, BLINDS, BETTING,
                        JOINING, OVER, END_DEALER, END_BLIND, END_FOLD, END_SHOWDOWN)
from svara.rules import Rules

NO_BLINDS = Rules(blinds=False)
LOW = "8c 9d 10h"      # 10 points
LOW2 = "8d 9h 10s"     # 10 points
HEARTS = "Ah Kh Qh"    # 31
SPADES = "As Ks Qs"    # 31
DIAMONDS = "Ad Kd Qd"  # 31
CLUBS = "Ac Kc Qc"     # 31
SEVENS = "7c 7h 7d"    # 34


def snapshot(g):
    return (g.stacks, g.pot, g.to_act, g.phase, g.level, g.bets, g.hands, bytes(g.log),
            g.legal(), g.winner, g.svaras, g.opened, g.last_blind)


def refused(g, action, amount=0):
    """Assert act(action, amount) raises ValueError and changes nothing; return the reason."""
    before = snapshot(g)
    assert not g.can_act(action, amount)
    why = raises(g.act, action, amount)
    assert snapshot(g) == before
    return why


def play(g, *actions):
    for a in actions:
        if isinstance(a, tuple):
            g.act(a[0], a[1])
        else:
            g.act(a)


def conserved(g, total):
    assert sum(g.stacks) + g.pot == total, (g.stacks, g.pot, total)


# --- 1. ante --------------------------------------------------------------------------

def test_ante_goes_to_the_pot_and_a_seat_that_cannot_pay_is_out():
    g = Game([10, 0, 10], 0, seed=1)
    assert g.pot == 2 and g.stacks == [9, 0, 9]
    assert g.seated(0) and not g.seated(1) and g.seated(2)
    assert g.hands[1] is None
    g = Game([10, 3, 10], 0, Rules(ante=5), seed=1)
    assert g.pot == 10 and g.stacks == [5, 3, 5] and not g.seated(1)


def test_a_game_needs_two_players():
    assert "two players" in raises(Game, [10, 0, 0], 0)
    assert "two players" in raises(Game, [4, 4], 0, Rules(ante=5))
    raises(Game, [10], 0)
    raises(Game, [10] * 11, 0)
    raises(Game, [10, 10], 2)
    raises(Game, [10, -1, 10], 0)
    raises(Game, [10, 10], 0, None, [0] * 32)
    raises(Game, [10, 10], 0, None, list(range(31)))
    raises(Game, [10, 10], 0, "rules")


# --- 2. blind bets --------------------------------------------------------------------

def test_blind_chain_starts_with_first_hand_and_doubles_exactly():
    g = Game([50] * 4, 3, seed=1)
    assert g.phase == BLINDS and g.to_act == 0
    assert g.hands == [None] * 4                    # nobody sees a card yet
    assert g.legal() == [(PASS, 0, 0), (BLIND, 1, 24)]   # limit 49: half is 24
    refused(g, BLIND, 25)
    refused(g, BLIND, 0)
    refused(g, RAISE, 2)
    refused(g, CALL)
    g.act(BLIND, 2)
    assert g.stacks[0] == 47 and g.pot == 6 and g.level == 2 and g.to_act == 1
    assert g.legal() == [(PASS, 0, 0), (BLIND, 4, 4)]
    assert "exactly 4" in refused(g, BLIND, 3)
    refused(g, BLIND, 8)
    g.act(BLIND, 4)
    assert g.to_act == 2 and g.legal() == [(PASS, 0, 0), (BLIND, 8, 8)]
    conserved(g, 200)


def test_the_first_pass_ends_the_blinds_and_the_passer_stays_in():
    g = Game([50] * 4, 3, seed=1)
    play(g, (BLIND, 2), (BLIND, 4), PASS)
    assert g.phase == BETTING and g.to_act == 2 and g.is_in(2)
    assert None not in g.hands                      # dealt after the blinds
    assert g.legal() == [(PASS, 0, 0), (RAISE, 8, 49)]
    refused(g, BLIND, 8)                            # nobody after the pass may blind
    assert "opened" in refused(g, CALL)             # no calling before an open
    assert "8..49" in refused(g, RAISE, 7)          # open at double the last blind


def test_first_hand_passing_means_no_blinds_and_he_opens_the_betting():
    g = Game([50] * 4, 3, seed=1)
    g.act(PASS)
    assert g.phase == BETTING and g.to_act == 0 and g.level == 0
    assert g.legal() == [(PASS, 0, 0), (RAISE, 1, 49)]


def test_blind_chain_ends_when_the_double_would_not_fit_the_limit():
    g = Game([100, 10, 100], 2, seed=1)             # limit 9: a blind of 4 at most
    assert g.legal() == [(PASS, 0, 0), (BLIND, 1, 4)]
    g.act(BLIND, 2)
    assert g.legal() == [(PASS, 0, 0), (BLIND, 4, 4)]
    g.act(BLIND, 4)                                 # 8 would leave no room: not offered
    assert g.phase == BETTING and g.to_act == 2
    assert g.legal() == [(PASS, 0, 0), (RAISE, 8, 9)]


def test_a_player_blinds_at_most_once():
    g = Game([50, 50], 1, seed=1)
    play(g, (BLIND, 1), (BLIND, 2))
    assert g.phase == BETTING and g.to_act == 0     # back to the first blind bettor
    assert g.legal() == [(PASS, 0, 0), (RAISE, 4, 49)]


def test_blind_steal_last_blind_bettor_wins_when_nobody_opens():
    g = Game([50] * 4, 3, seed=1)
    play(g, (BLIND, 2), (BLIND, 4), PASS, PASS, PASS)
    assert g.to_act == 0 and g.legal() == [(PASS, 0, 0), (RAISE, 8, 49)]
    g.act(PASS)
    assert g.phase == OVER and g.to_act is None and g.legal() == []
    assert g.winner == 1 and g.ending == END_BLIND and g.won == 10
    assert g.stacks == [47, 55, 49, 49] and g.pot == 0 and g.next_dealer == 1
    assert "over" in refused(g, PASS)


def test_a_blind_bettor_after_an_open_calls_the_difference_raises_or_passes():
    g = Game([50] * 4, 3, deck=deck(HEARTS, LOW, SEVENS, LOW2), seed=1)
    play(g, (BLIND, 2), (BLIND, 4), PASS, (RAISE, 8), PASS)
    assert g.to_act == 0 and g.to_call == 6
    assert g.legal() == [(PASS, 0, 0), (CALL, 0, 0), (RAISE, 9, 49)]
    g.act(CALL)
    assert g.stacks[0] == 41 and g.bets[0] == 8
    assert g.to_act == 1 and g.to_call == 4
    g.act(CALL)
    assert g.phase == OVER and g.ending == END_SHOWDOWN   # back to the raiser: show


# --- 4. betting -----------------------------------------------------------------------

def test_everyone_passes_to_the_dealer():
    g = Game([20] * 3, 2, NO_BLINDS, seed=1)
    assert g.phase == BETTING and g.to_act == 0 and g.legal() == [(PASS, 0, 0), (RAISE, 1, 19)]
    play(g, PASS, PASS)
    assert g.winner == 2 and g.ending == END_DEALER and g.won == 3 and g.stacks == [19, 19, 22]
    g = Game([20] * 3, 2, seed=1)                   # declining the blind, then passing
    play(g, PASS, PASS, PASS)
    assert g.winner == 2 and g.ending == END_DEALER


def test_when_the_dealer_is_out_the_last_player_in_turn_order_wins():
    g = Game([10, 10, 0, 10], 2, NO_BLINDS, seed=1)
    assert g.to_act == 3
    play(g, PASS, PASS)
    assert g.winner == 1 and g.ending == END_DEALER and g.next_dealer == 1


def test_a_raise_lifts_the_level_by_at_least_the_ante():
    g = Game([50] * 3, 2, Rules(blinds=False, ante=2), seed=1)
    assert g.legal()[-1] == (RAISE, 2, 48)
    g.act(RAISE, 5)
    assert g.legal() == [(PASS, 0, 0), (CALL, 0, 0), (RAISE, 7, 48)]
    refused(g, RAISE, 6)
    refused(g, CALL, 5)                              # a call takes no amount


def test_betting_ends_when_the_turn_comes_back_to_the_last_raiser():
    g = Game([20] * 3, 2, NO_BLINDS, deck(HEARTS, LOW, SEVENS), seed=1)
    play(g, (RAISE, 1), CALL, (RAISE, 3), CALL)
    assert g.to_act == 1 and g.phase == BETTING
    g.act(PASS)
    assert g.phase == OVER and g.ending == END_SHOWDOWN
    assert g.showdown == ((0, 31), (2, 34))
    assert g.winner == 2 and g.won == 10 and g.stacks == [16, 18, 26]


def test_the_last_player_in_wins_without_showing():
    g = Game([20] * 3, 2, NO_BLINDS, deck(LOW, HEARTS, SEVENS), seed=1)
    play(g, (RAISE, 2), PASS, PASS)
    assert g.winner == 0 and g.ending == END_FOLD and g.showdown is None and g.won == 5


def test_the_raise_cap_counts_the_open_and_not_blinds():
    g = Game([50, 50], 1, deck=deck(HEARTS, LOW), seed=1)
    play(g, (BLIND, 1), PASS, (RAISE, 2), (RAISE, 3), (RAISE, 4), (RAISE, 5), (RAISE, 6))
    assert g.raises(1) == 3 and g.raises(0) == 2 and g.to_act == 0
    g.act(RAISE, 7)
    assert g.to_act == 1 and g.legal() == [(PASS, 0, 0), (CALL, 0, 0)]
    assert "cap" in refused(g, RAISE, 8)
    g.act(CALL)
    assert g.phase == OVER


def test_raise_cap_variants_one_and_none():
    g = Game([50, 50], 1, Rules(blinds=False, raise_cap=1), seed=1)
    play(g, (RAISE, 1), (RAISE, 2))
    assert g.legal() == [(PASS, 0, 0), (CALL, 0, 0)]
    g = Game([50, 50], 1, Rules(blinds=False, raise_cap=None), seed=1)
    for level in range(1, 21):
        g.act(RAISE, level)
    assert g.raises(0) == 10 and g.legal()[-1] == (RAISE, 21, 49)


def test_the_stack_limit_caps_every_level():
    g = Game([100, 10, 100], 2, NO_BLINDS, seed=1)
    assert g.limit() == 9 and g.legal()[-1] == (RAISE, 1, 9)
    refused(g, RAISE, 10)
    play(g, (RAISE, 9))
    assert g.legal() == [(PASS, 0, 0), (CALL, 0, 0)]   # no raise fits the short stack
    g.act(CALL)
    assert g.stacks[1] == 0 and g.to_act == 2
    assert g.legal() == [(PASS, 0, 0), (CALL, 0, 0)]


def test_the_limit_rises_when_the_short_stack_passes():
    g = Game([100, 10, 100], 2, NO_BLINDS, seed=1)
    play(g, (RAISE, 5), PASS)
    assert g.limit() == 99 and g.legal()[-1] == (RAISE, 6, 99)


def test_when_no_open_fits_the_players_show_at_once():
    g = Game([1, 10, 10], 2, deck=deck(SEVENS, LOW, HEARTS), seed=1)
    assert g.to_act is None and g.phase == OVER
    assert g.ending == END_SHOWDOWN and g.winner == 0 and g.won == 3
    assert g.showdown == ((0, 34), (1, 10), (2, 31))


# --- 6. svara -------------------------------------------------------------------------

def test_svara_with_two_tied_players():
    g = Game([20] * 4, 3, NO_BLINDS, deck(HEARTS, LOW, SPADES, LOW2), seed=7)
    play(g, (RAISE, 2), PASS, CALL, PASS)
    assert g.phase == JOINING and g.svaras == 1 and g.winner is None
    assert g.tied(0) and g.tied(2) and g.pot == 8 and g.buy_in == 4
    assert g.to_act == 1                            # asked first: left of the dealer, folded
    assert g.hands[0] == svara.parse(HEARTS)        # the showdown's cards stay on the table
    assert g.showdown == ((0, 31), (2, 31))
    assert g.legal() == [(PASS, 0, 0), (JOIN, 0, 0)]
    refused(g, RAISE, 4)
    refused(g, JOIN, 4)                             # the join takes no amount
    g.act(JOIN)
    assert g.stacks == [17, 15, 17, 19] and g.pot == 12 and g.to_act == 3
    g.act(PASS)
    # The svara: a fresh deck from the seed, dealt from the first player in left of the dealer.
    fresh = bytearray(range(32))
    Rng(7).shuffle(fresh)
    assert g.hands == [(fresh[0], fresh[3], fresh[6]), (fresh[1], fresh[4], fresh[7]),
                       (fresh[2], fresh[5], fresh[8]), None]
    assert g.phase == BETTING and g.to_act == 0 and g.dealer == 3 and g.level == 0
    assert g.players() == [0, 1, 2]
    play(g, PASS, PASS)
    assert g.winner == 2 and g.ending == END_DEALER and g.won == 12 and g.svaras == 1
    assert g.stacks == [17, 15, 29, 19]


def test_svara_with_three_tied_rounds_the_buy_in_up():
    g = Game([20] * 4, 3, NO_BLINDS, deck(HEARTS, SPADES, DIAMONDS, LOW), seed=7)
    play(g, (RAISE, 2), CALL, CALL, PASS)
    assert g.phase == JOINING and g.pot == 10 and g.buy_in == 4   # 10 / 3, rounded up
    assert g.to_act == 3
    g.act(JOIN)
    assert g.pot == 14 and g.players() == [0, 1, 2, 3] and g.phase == BETTING
    conserved(g, 80)


def test_svara_with_four_tied_asks_a_quarter():
    g = Game([20] * 5, 4, NO_BLINDS, deck(HEARTS, SPADES, DIAMONDS, CLUBS, LOW), seed=7)
    play(g, (RAISE, 1), CALL, CALL, CALL, PASS)
    assert g.pot == 9 and g.buy_in == 3 and g.to_act == 4   # 9 / 4, rounded up
    g.act(PASS)
    assert g.players() == [0, 1, 2, 3] and g.phase == BETTING and g.to_act == 0


def test_buy_in_variants_half_and_free():
    d = deck(HEARTS, SPADES, DIAMONDS, LOW)
    g = Game([20] * 4, 3, Rules(blinds=False, buy_in="half"), d, seed=7)
    play(g, (RAISE, 2), CALL, CALL, PASS)
    assert g.pot == 10 and g.buy_in == 5
    g = Game([20] * 4, 3, Rules(blinds=False, buy_in="free"), d, seed=7)
    play(g, (RAISE, 2), CALL, CALL, PASS)
    assert g.buy_in == 0 and g.to_act == 3
    g.act(JOIN)
    assert g.pot == 10 and g.stacks[3] == 19 and g.is_in(3)


def test_svara_asks_only_players_who_can_pay_and_not_those_out():
    # Seat 4 could not pay the ante; seat 1 cannot pay the buy-in; seat 3 folded.
    g = Game([20, 3, 20, 20, 0], 4, NO_BLINDS, deck(HEARTS, LOW, SPADES, LOW2), seed=7)
    play(g, (RAISE, 2), PASS, CALL, PASS)
    assert g.buy_in == 4 and g.to_act == 3
    g.act(PASS)
    assert g.phase == BETTING and g.players() == [0, 2]


def test_svara_blinds_start_with_the_first_player_in_left_of_the_dealer():
    g = Game([20] * 4, 0, Rules(), deck(LOW, HEARTS, SPADES, LOW2), seed=7)
    play(g, PASS, PASS, (RAISE, 3), CALL, PASS)     # seat 1 declines the blind, then betting
    assert g.phase == JOINING and g.to_act == 1
    play(g, PASS, PASS)                             # seat 1, then the dealer decline
    assert g.phase == BLINDS and g.to_act == 2 and g.hands == [None] * 4
    assert g.raises(2) == 0 and g.legal() == [(PASS, 0, 0), (BLIND, 1, 8)]


def test_the_raise_cap_starts_again_in_a_svara():
    g = Game([60, 60], 1, Rules(blinds=False, raise_cap=1), deck(HEARTS, SPADES), seed=7)
    play(g, (RAISE, 1), (RAISE, 2), CALL)
    assert g.phase == BETTING and g.svaras == 1 and g.to_act == 0
    assert g.legal()[-1] == (RAISE, 1, 57)


def test_a_svara_that_ties_again_plays_another_svara():
    # Both players are out of chips after the ante: every deal is shown at once.
    g = Game([1, 1], 1, deck=deck(HEARTS, SPADES), seed=1)
    assert g.phase == OVER and g.svaras == 2 and g.ending == END_SHOWDOWN
    assert g.winner == 0 and g.showdown == ((0, 21), (1, 11)) and g.stacks == [2, 0]


def test_unseeded_games_keep_their_seed_and_stacks_are_copies():
    g = Game([20, 20], 0)
    again = Game([20, 20], 0, seed=g.seed)
    assert 0 <= g.seed < 1 << 30 and g.hands == [None, None]   # blinds come first
    g.act(PASS)
    again.act(PASS)
    assert again.hands == g.hands
    g.stacks[0] = 999
    g.hands[0] = None
    assert g.stacks == [19, 19] and g.hands[0] is not None


def test_winner_deals_next():
    g = Game([20] * 3, 0, NO_BLINDS, seed=3)
    play(g, PASS, (RAISE, 1), PASS)
    assert g.winner == 2 and g.next_dealer == 2 and g.dealer == 0


# --- variants -------------------------------------------------------------------------

def showdown_winner(rules, a, b):
    g = Game([20, 20], 1, rules, deck(a, b), seed=1)
    if g.phase == BLINDS:
        g.act(PASS)
    play(g, (RAISE, 1), CALL)
    return g.winner, g.showdown


def test_point_variants_decide_the_showdown():
    assert showdown_winner(NO_BLINDS, "7c Kh Kd", "As Ks 8d") == (0, ((0, 31), (1, 21)))
    assert showdown_winner(Rules(blinds=False, joker=False), "7c Kh Kd", "As Ks 8d")[0] == 1
    assert showdown_winner(NO_BLINDS, "7h 7d 9s", "Ah Kd 8s")[0] == 0
    assert showdown_winner(Rules(blinds=False, two_sevens=False), "7h 7d 9s", "Ah Kd 8s")[0] == 1


def test_min_blind_and_ante_variants():
    g = Game([30, 30, 30], 0, Rules(min_blind=3), seed=1)
    assert g.legal() == [(PASS, 0, 0), (BLIND, 3, 14)]
    g = Game([30, 30, 30], 0, Rules(ante=2, min_blind=5), seed=1)
    assert g.pot == 6 and g.legal() == [(PASS, 0, 0), (BLIND, 5, 14)]
    g = Game([30, 9, 30], 0, Rules(min_blind=5), seed=1)   # limit 8: no blind fits
    assert g.phase == BETTING and g.to_act == 1


# --- bad input and determinism --------------------------------------------------------

def test_illegal_actions_say_why_and_change_nothing():
    g = Game([50] * 3, 2, seed=1)
    assert "unknown action" in refused(g, 9)
    assert "unknown action" in refused(g, True)
    assert "whole number" in refused(g, BLIND, 1.5)
    assert "blind or pass" in refused(g, JOIN)
    assert "no amount" in refused(g, PASS, 1)
    g.act(PASS)
    assert "not allowed" in refused(g, BLIND, 2)
    assert "not allowed" in refused(g, JOIN)


def test_the_same_seed_deals_the_same_cards_on_every_interpreter():
    r = Rng(2024)
    d = bytearray(range(32))
    r.shuffle(d)
    assert list(d) == [28, 25, 9, 26, 20, 21, 30, 11, 0, 12, 15, 7, 1, 13, 23, 24, 2, 14,
                       18, 17, 27, 22, 31, 6, 5, 29, 10, 4, 16, 8, 19, 3]
    g = Game([10, 10], 1, NO_BLINDS, seed=2024)
    assert g.hands == [(28, 9, 20), (25, 26, 21)]
    r = Rng(12345)
    assert [r.next16() for i in range(5)] == [50917, 25898, 42976, 29838, 10968]
    r = Rng(0)
    assert r.next16() != 0 and 0 <= r.getrandbits(30) < 1 << 30 and 0 <= r.below(5) < 5


def test_a_view_shows_only_its_own_cards():
    g = Game([20] * 3, 2, NO_BLINDS, deck(HEARTS, LOW, SEVENS), seed=1)
    v = g.view(1)
    assert v.hand() == svara.parse(LOW) and v.points() == 10
    assert v.pot == 3 and v.to_act == 0 and v.legal() == []
    assert g.view(0).legal() == g.legal()
    for name in ("hands", "_hands", "_deck", "points", "first_deck", "seed"):
        if name != "points":
            try:
                getattr(v, name)
            except AttributeError:
                continue
            raise AssertionError("the view shows " + name)
