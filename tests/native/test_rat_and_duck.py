"""Rat & Duck's compiled core against the Python engine (the reference), game by game.

Each example plays one game on both cores from the same seed with the same actions (random
seats and heuristic seats; seed 003 as the rules tests check it) under drawn rule options and
each player count the drawn game allows. Every step of `FULL` games is compared in full
(roll_differential.check_step: the state as JSON, legal ids, returns, evaluation, observations
byte for byte, each seat's determinization and a step after it); `LIGHT` more games compare
the legal ids, the heuristic's choices and the final state.

The long run, before calling a change to either core done (10,000 games compared in full):
    RATKING_NATIVE_LONG=1 pytest tests/native/test_rat_and_duck.py   (make test-native-long)
"""

from __future__ import annotations

import os
from functools import cache

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ratking.core import make
from ratking.core.errors import RecordError, RulesError
from ratking.native import load

core = load()
pytestmark = pytest.mark.skipif(core is None, reason="the compiled core is not built")

if core is not None:
    from ratking.native.rat_and_duck import NativeDuck, play

    from .roll_differential import game_part, play_both
    from .test_loops import python_loop

LONG = bool(os.environ.get("RATKING_NATIVE_LONG"))
FULL = 10_000 if LONG else 250
LIGHT = 1_000

# rule options across their ranges (params.py); the round limit kept to 30 so that a game of
# random seats that neither side can win still ends soon
RULES = st.fixed_dictionaries({}, optional={
    "units": st.sampled_from(["PS-DD", "PPS-DDD", "PSS-DDD", "PPSS-DDDD", "PSSS-DDDD",
                              "PPPS-DDDD"]),
    "uneven_teams": st.booleans(),
    "shuffle_places": st.booleans(),
    "bio_sci_to_win": st.integers(1, 12),
    "unrest_to_win": st.integers(1, 36),
    "max_unrest": st.integers(1, 3),
    "max_location_cards": st.integers(1, 12),
    "arrest_wanted": st.integers(0, 20),
    "arrest_reduce": st.integers(0, 20),
    "wanted_gain": st.integers(0, 5),
    "unrest_gain": st.integers(1, 3),
    "control_reduce": st.integers(1, 3),
    "links_per_unit": st.integers(1, 12),
    "research_gain": st.integers(1, 4),
    "dissent_score_weight": st.integers(0, 100),
    "government_score_weight": st.integers(0, 100),
    "max_rounds": st.integers(1, 30),
})


@cache
def game_with(rules: tuple):
    try:
        return make("rat-and-duck", **dict(rules))
    except RulesError:
        return None


def draw_game(rules: dict):
    game = game_with(tuple(sorted(rules.items())))
    assume(game is not None)
    return game


GAMES = dict(seed=st.integers(0, 2**63 - 1), rules=RULES, bots=st.integers(0, 8),
             data=st.data())
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                      HealthCheck.too_slow])


def play_drawn(seed, rules, bots, data, every_step: bool) -> None:
    game = draw_game(rules)
    players = data.draw(st.sampled_from(game.player_counts()), label="players")
    play_both(game, players, seed, heuristic_seats=min(bots, players), every_step=every_step,
              handle=NativeDuck)


@pytest.mark.timeout(7200 if LONG else 300)  # the long run takes several minutes
@settings(max_examples=FULL, **SETTINGS)
@given(**GAMES)
def test_every_step_alike(seed, rules, bots, data):
    play_drawn(seed, rules, bots, data, every_step=True)


@settings(max_examples=LIGHT, **SETTINGS)
@given(**GAMES)
def test_every_game_ends_alike(seed, rules, bots, data):
    play_drawn(seed, rules, bots, data, every_step=False)


def test_default_rules_every_step():
    # the printed game (seed 003) at each player count, whatever the drawn variants were
    game = make("rat-and-duck")
    for players in game.player_counts():
        for seed in range(10):
            play_both(game, players, seed, heuristic_seats=seed % (players + 1),
                      handle=NativeDuck)


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = make("rat-and-duck")
    native = NativeDuck.new_game(game, 2, 7)
    before = native.to_json()
    with pytest.raises(ValueError, match="not legal"):
        native.apply("speak")  # a unit moves (or stays) before it acts
    with pytest.raises(ValueError, match="no action"):
        native.apply("fly")
    assert native.to_json() == before


@pytest.mark.parametrize("seat", [-2, 2, 9])
def test_a_seat_out_of_range_is_refused(seat):
    native = NativeDuck.new_game(make("rat-and-duck"), 2, 5)
    with pytest.raises(ValueError, match="no such seat"):
        native.determinize(seat, 1)
    with pytest.raises(ValueError, match="no such seat"):
        native.observation(seat)


def test_bad_state_data_is_refused():
    game = make("rat-and-duck")
    data = game.new_game(2, seed=3).to_json()
    data["state"]["deck"] = data["state"]["deck"][1:]  # a location card lost
    with pytest.raises(RecordError, match="every location card"):
        NativeDuck.from_json(game, data)


def test_a_handle_from_a_determinized_state_reads_back_alike():
    # a determinization's keyed stream and the deck left in no order survive the trip
    game = make("rat-and-duck")
    state = game.new_game(4, seed=11)
    d = state.determinize(0, 99)
    assert "unordered" in d.to_json()
    assert NativeDuck.from_state(d).to_json() == game_part(d.to_json())


@settings(max_examples=15, deadline=None)
@given(st.sampled_from([2, 4]), st.integers(0, 2**40), st.data())
def test_native_loops_play_the_python_games(players, seed, data):
    game = make("rat-and-duck", max_rounds=data.draw(st.sampled_from([25, 3])))
    heuristic = tuple(data.draw(st.lists(st.booleans(), min_size=players, max_size=players)))
    assert play(game, players, 6, seed, heuristic) == python_loop(game, players, 6, seed,
                                                                  heuristic)


def test_a_loop_refuses_bad_seats():
    game = make("rat-and-duck")
    with pytest.raises(ValueError, match="one flag per seat"):
        play(game, 2, 1, 0, (True,))
