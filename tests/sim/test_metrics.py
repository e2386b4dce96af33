"""The games' own counters (`game.metrics(state)`): every game publishes them, they describe
the game that was played, and reading them changes nothing."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.bots import make_bot
from ratking.core import Game
from ratking.core.metrics import event_counts, events_of, family, one_of
from ratking.core.rng import derive_seed
from ratking.sim import random_play

GAMES = [info.id for info in ratking.list_games()]


def bot_game(game_id: str, players: int, seed: int, bot: str = "heuristic", **rules):
    state = ratking.make(game_id, **rules).new_game(players, seed=seed)
    bots = [make_bot(bot, derive_seed(seed, 1 + i)) for i in range(players)]
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    return state


def test_the_kernel_default_is_empty():
    assert Game.metrics(None) == {}


def test_kernel_helpers():
    state = ratking.make("rat-a-tat-roll").new_game(2, seed=1)
    random_play(state, random.Random(1))
    counts = event_counts(state)
    assert counts["end"] == 1 and sum(counts.values()) == len(state.log)
    assert len(list(events_of(state, "roll"))) == counts["roll"]
    assert family("g", {"a": 1, "b": 2}) == {"g/a": 1.0, "g/b": 2.0}
    assert one_of("ended by", ["x", "y"], ["y"]) == {"ended by/x": 0.0, "ended by/y": 1.0}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_publishes_numbers_and_reading_them_changes_nothing(game_id):
    state = bot_game(game_id, 2, seed=3, max_rounds=60)
    before = state.to_json()
    got = state.game.metrics(state)
    assert got, f"{game_id} publishes no metrics"
    assert all(isinstance(k, str) and k for k in got)
    assert all(isinstance(v, float) and math.isfinite(v) and v >= 0 for v in got.values())
    assert state.to_json() == before
    # the same game always gives the same numbers, under the same names in the same order
    again = bot_game(game_id, 2, seed=3, max_rounds=60)
    assert list(again.game.metrics(again).items()) == list(got.items())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**40),
       players=st.integers(2, 4))
def test_metrics_of_random_games_never_raise(game_index, seed, players):
    game = ratking.make(GAMES[game_index], max_rounds=25)
    count = min(game.player_counts(), key=lambda n: abs(n - players))  # Rat & Duck: even
    state = game.new_game(count, seed=seed)
    random_play(state, random.Random(seed))
    got = game.metrics(state)
    assert all(math.isfinite(v) and v >= 0 for v in got.values())
    ended = [v for k, v in got.items() if k.startswith("ended by/")]
    assert all(v in (0.0, 1.0) for v in ended)


def test_rat_and_duck_names_one_ending_that_matches_the_result():
    # seed 003: the dissent wins at the unrest goal, the government at the Bio-Sci goal
    for seed in range(6):
        state = bot_game("rat-and-duck", 4, seed)
        got = state.game.metrics(state)
        endings = {k: v for k, v in got.items() if k.startswith("ended by/")}
        assert sum(endings.values()) == 1
        assert got["unrest"] == sum(state.unrest) and got["Bio-Sci"] == state.biosci
        if got["ended by/unrest goal"]:
            assert got["unrest"] >= state.game.rules.unrest_to_win
        if got["ended by/Bio-Sci goal"]:
            assert got["Bio-Sci"] >= state.game.rules.bio_sci_to_win
    capped = bot_game("rat-and-duck", 2, 1, bot="random", max_rounds=1)
    assert capped.game.metrics(capped)["ended by/round limit"] == 1


def test_rat_and_duck_counts_each_action_it_logged():
    state = bot_game("rat-and-duck", 4, 2)
    got = state.game.metrics(state)
    counts = event_counts(state)
    assert got["government actions/research"] == counts["research"]
    assert got["dissent actions/speak"] == counts["speak"]


def test_you_dirty_rat_endings_are_the_end_events():
    for seed in range(4):
        state = bot_game("you-dirty-rat", 3, seed)
        got = state.game.metrics(state)
        end = next(events_of(state, "end"))
        assert got["ended by/Town Stash empty"] == float("town-stash" in end["endings"])
        assert got["ended by/deck out"] == float("deck" in end["endings"])
        assert got["heists done"] == sum(len(w) for w in state.won)
        assert got["winning total"] == max(state.scores())


def test_target_rats_card_plays_add_up_to_the_cards_played():
    state = bot_game("target-rats", 2, 4, max_rounds=200)
    got = state.game.metrics(state)
    plays = {k: v for k, v in got.items() if k.startswith("card plays/")}
    assert len(plays) == len(state.game.cards.types)
    assert sum(plays.values()) == got["cards played"] > 0
    assert got["cards played"] <= event_counts(state)["draw"]


def test_target_rats_simplified_counts_fights_and_the_throne():
    state = bot_game("target-rats-simplified", 3, 5, max_rounds=200)
    got = state.game.metrics(state)
    counts = event_counts(state)
    assert got["fights in Rat City"] == counts["fight"]
    assert got["rats fed"] == counts["feed"]
    assert got["Da Big Cheese crowned"] >= counts["cheese"]


def test_rat_a_tat_roll_totals_are_the_scores():
    state = bot_game("rat-a-tat-roll", 3, 8)
    got = state.game.metrics(state)
    assert got["winning total"] == min(state.scores())
    assert got["spread of totals"] == max(state.scores()) - min(state.scores())
    assert got["plays/re-roll"] == event_counts(state)["reroll"]
