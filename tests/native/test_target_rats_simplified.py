"""Target: Rats Simplified's compiled core against the Python engine (the reference), game by
game.

Each example plays one game on both cores from the same seed with the same actions under drawn
rule options (seed 001's numbers across their ranges, Da Big Cheese's extra dice among them) and
a drawn player count, random seats and heuristic seats. Every step of `FULL` games, under a
short round cap, is compared in full (roll_differential.check_step: the state as JSON, legal
ids, returns, evaluation, observations byte for byte, each seat's determinization and a step
after it); `LIGHT` more games, under longer caps, compare the legal ids, the heuristic's
choices and the final state.

The long run, before calling a change to either core done (10,000 games compared in full):
    RATKING_NATIVE_LONG=1 pytest tests/native/test_target_rats_simplified.py
"""

from __future__ import annotations

import os
import random
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
    from ratking.native.target_rats_simplified import NativeRatsSimplified, play

    from .roll_differential import game_part, play_both, seated
    from .test_loops import python_loop

LONG = bool(os.environ.get("RATKING_NATIVE_LONG"))
FULL = 10_000 if LONG else 250
LIGHT = 750

GAME = "target-rats-simplified"
# rule options across their ranges (params.py); small families and spaces make the throne,
# the win, full spaces and the top-up come soon
RULES = st.fixed_dictionaries({}, optional={
    "start_rats": st.integers(1, 12),
    "max_rats": st.integers(2, 16),
    "space_limit": st.integers(1, 6),
    "dice": st.integers(1, 6),
    "cheese_dice": st.integers(0, 4),
    "topup_at": st.integers(0, 12),
    "topup_rats": st.integers(1, 12),
    "breed_rats": st.integers(1, 12),
    "target_face": st.integers(1, 6),
    "first_seat": st.integers(0, 3),  # made a seat of the game by seated()
})


@cache
def game_with(rules: tuple):
    try:
        return make(GAME, **dict(rules))
    except RulesError:
        return None


def draw_game(rules: dict, max_rounds: int):
    game = game_with(tuple(sorted({**rules, "max_rounds": max_rounds}.items())))
    assume(game is not None)
    return game


SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                      HealthCheck.too_slow])


GAMES = dict(seed=st.integers(0, 2**63 - 1), rules=RULES, players=st.integers(2, 4),
             bots=st.integers(0, 6))


@pytest.mark.timeout(7200 if LONG else 300)  # the long run takes many minutes
@settings(max_examples=FULL, **SETTINGS)
@given(rounds=st.integers(1, 4), **GAMES)
def test_every_step_alike(seed, rules, players, bots, rounds):
    play_both(draw_game(seated(rules, players), rounds), players, seed,
              heuristic_seats=min(bots, players), handle=NativeRatsSimplified)


@settings(max_examples=LIGHT, **SETTINGS)
@given(rounds=st.integers(1, 40), **GAMES)
def test_every_game_ends_alike(seed, rules, players, bots, rounds):
    play_both(draw_game(seated(rules, players), rounds), players, seed,
              heuristic_seats=min(bots, players), every_step=False, handle=NativeRatsSimplified)


def test_default_rules_every_step():
    # the printed game (seed 001) at each player count, with and without the extra die
    for rules in ({}, {"cheese_dice": 2}):
        game = make(GAME, max_rounds=8, **rules)
        for players in (2, 3, 4):
            for seed in range(3):
                play_both(game, players, seed, heuristic_seats=seed % (players + 1),
                          handle=NativeRatsSimplified)


def test_uncapped_heuristic_games_every_step():
    # no round cap (the game's default): heuristic seats play until Da Big Cheese wins
    for rules in ({}, {"max_rats": 6}):
        game = make(GAME, **rules)
        for players in (2, 3, 4):
            play_both(game, players, players, heuristic_seats=players,
                      handle=NativeRatsSimplified)


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = make(GAME)
    native = NativeRatsSimplified.new_game(game, 2, 7)
    before = native.to_json()
    with pytest.raises(ValueError, match="not legal"):
        native.apply("breed")  # no rat is moving
    with pytest.raises(ValueError, match="no action"):
        native.apply("fly")
    assert native.to_json() == before


@pytest.mark.parametrize("seat", [-2, 2, 9])
def test_a_seat_out_of_range_is_refused(seat):
    native = NativeRatsSimplified.new_game(make(GAME), 2, 5)
    with pytest.raises(ValueError, match="no such seat"):
        native.determinize(seat, 1)
    with pytest.raises(ValueError, match="no such seat"):
        native.observation(seat)


def test_bad_state_data_is_refused():
    game = make(GAME)
    data = game.new_game(2, seed=3).to_json()
    data["state"]["rats"][0] = [999]  # no such space
    with pytest.raises(RecordError, match="rats"):
        NativeRatsSimplified.from_json(game, data)


def test_a_moving_phase_without_a_rat_is_refused():
    # the Python loader reads it; the compiled core would look up a rat that is not there
    game = make(GAME)
    data = game.new_game(2, seed=3).to_json()
    data["state"]["phase"] = "moving"
    with pytest.raises(RecordError, match="mover"):
        NativeRatsSimplified.from_json(game, data)


def test_a_handle_from_a_state_mid_game_reads_back_alike():
    game = make(GAME, max_rounds=5)
    state = game.new_game(3, seed=11)
    picker = random.Random(4)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply(legal[int(picker.random() * len(legal))])
    assert NativeRatsSimplified.from_state(state).to_json() == game_part(state.to_json())


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**40), st.data())
def test_native_loops_play_the_python_games(players, seed, data):
    game = make(GAME, max_rounds=data.draw(st.sampled_from([3, 10])),
                cheese_dice=data.draw(st.sampled_from([0, 1, 2])))
    heuristic = tuple(data.draw(st.lists(st.booleans(), min_size=players, max_size=players)))
    assert play(game, players, 4, seed, heuristic) == python_loop(game, players, 4, seed,
                                                                  heuristic)


def test_a_loop_refuses_bad_seats():
    with pytest.raises(ValueError, match="one flag per seat"):
        play(make(GAME), 2, 1, 0, (True,))
