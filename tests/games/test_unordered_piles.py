"""Draw piles a determinization leaves in no order: each draw picks any remaining card with
equal chance, as if the pile had been shuffled, and a real game still draws from the top."""

from __future__ import annotations

import random

import pytest

import ratking
from ratking.sim import random_play

# (game, players, decisions before determinizing): a point where each game has a pile the
# seat to move cannot order
POINTS = [("rat-a-tat-roll", 3, 15), ("rat-and-duck", 3, 15), ("target-rats", 2, 15),
          ("you-dirty-rat", 4, 15)]
RUNS = 6_000


@pytest.mark.parametrize(("game_id", "players", "steps"), POINTS)
def test_each_remaining_card_is_drawn_with_equal_chance(game_id, players, steps):
    state = ratking.make(game_id, max_rounds=40).new_game(players, seed=1)
    random_play(state, random.Random(1), steps)
    seat = state.current_player
    piles = state.determinize(seat, seed=0).unordered
    assert piles and set(piles) <= set(state.piles)
    for pile in piles:
        # the first two draws of the pile, over many determinizations: every card the seat
        # cannot place comes up about equally often in each (a generous bound: about 30%
        # either side of the mean, where chance alone stays within about 15%)
        first, second = {}, {}
        for seed in range(RUNS):
            guess = state.determinize(seat, seed=seed)
            for counts in (first, second):
                card = guess.draw(pile)
                counts[card] = counts.get(card, 0) + 1
        for counts in (first, second):
            mean = RUNS / len(counts)
            assert len(counts) >= 8 and all(0.7 * mean < n < 1.3 * mean for n in counts.values())
        assert set(first) == set(second)


@pytest.mark.parametrize(("game_id", "players", "steps"), POINTS)
def test_the_same_seed_draws_the_same_cards_and_the_real_game_draws_the_top(game_id, players,
                                                                             steps):
    state = ratking.make(game_id, max_rounds=40).new_game(players, seed=2)
    random_play(state, random.Random(2), steps)
    seat = state.current_player
    a, b = state.determinize(seat, seed=5), state.determinize(seat, seed=5)
    for pile in a.unordered:
        assert [a.draw(pile) for _ in range(3)] == [b.draw(pile) for _ in range(3)]
    real = state.clone()
    for pile in state.piles:
        cards = getattr(real, pile)
        if cards:
            top = cards[-1]
            assert real.draw(pile) == top
