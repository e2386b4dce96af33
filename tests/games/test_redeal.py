"""How determinization re-deals, in every game: draw piles left in no order (each draw picks
any remaining card with equal chance, as if the pile had been shuffled; a real game still draws
from the top), and the plan a state keeps between determinizations (the same result as a
fresh one, never kept past a change)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.sim import random_play
from ratking.testing import check

GAMES = [info.id for info in ratking.list_games()]

# (game, players, decisions before determinizing): a point where each game has a pile the
# seat to move cannot order
POINTS = [("rat-a-tat-roll", 3, 15), ("rat-and-duck", 4, 15), ("target-rats", 2, 15),
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


def dump(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), stop=st.integers(0, 200), redeal=st.integers(0, 2**32))
def test_a_kept_plan_deals_as_a_fresh_one(game_id, data, stop, redeal):
    # a state determinized again for the same seat reuses what does not depend on the seed;
    # the result must equal a first determinization (of a clone, which keeps no plan), for
    # seats asked in any order, and after the state changes
    game = ratking.make(game_id, max_rounds=40)
    players = data.draw(st.sampled_from(game.player_counts()))
    state = game.new_game(players, seed=stop)
    random_play(state, random.Random(redeal), stop)
    seats = data.draw(st.lists(st.sampled_from([None, *range(players)]), min_size=2,
                               max_size=6))
    for k, seat in enumerate(seats):
        warm = state.determinize(seat, seed=redeal + k)
        assert warm._plan is None
        assert dump(warm) == dump(state.clone().determinize(seat, seed=redeal + k))
        # the legal actions it starts with are its own (another seat to move may now hold
        # other cards)
        assert warm.legal_actions() == ([] if warm.over else warm._legal_actions())
    if not state.is_over:
        state.apply(state.legal_actions()[0])
        state.legal_actions()  # in some games the very list object listed before the action
        seat = seats[-1]
        assert dump(state.determinize(seat, seed=redeal)) == \
            dump(state.clone().determinize(seat, seed=redeal))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_contract_finds_each_redeal_sound(game_id):
    # ratking check's redeal check: a determinization depends only on what the seat knows,
    # and re-deals something wherever a seat was kept from a secret or a pile's order
    assert check(game_id, games=3, only=["redeal"])[0].passed


@pytest.mark.parametrize("game_id", ["rat-a-tat-roll", "rat-and-duck", "you-dirty-rat"])
def test_a_redeal_that_deals_nothing_is_found(game_id, monkeypatch):
    # a search on such a game would see through every hidden card
    state_class = ratking.make(game_id).state_class
    monkeypatch.setattr(state_class, "_redeal", lambda self, seat, rng: None)
    outcome = check(game_id, games=3, only=["redeal"])[0]
    assert not outcome.passed and "re-deals nothing" in outcome.why


def test_a_redeal_that_reads_the_hidden_order_is_found(monkeypatch):
    # shuffling the unseen cards from the order they are in lets the truth decide the guess
    from ratking.core.rng import shuffle
    from ratking.games.you_dirty_rat.state import RatState

    def from_the_truth(self, seat, rng):
        shuffle(rng, self.deck)
        self._legal = None

    monkeypatch.setattr(RatState, "_redeal", from_the_truth)
    outcome = check("you-dirty-rat", games=2, only=["redeal"])[0]
    assert not outcome.passed and "depends on the cards it re-deals" in outcome.why
