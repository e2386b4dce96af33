"""Rat-a-Tat Roll's compiled core against the Python engine (the reference), game by game.

Each example plays one game on both cores from the same seed with the same actions (random
seats and heuristic seats; seed 004 as the rules tests check it) under drawn rule options.
Every step of `FULL` games is compared in full (roll_differential.check_step: the state as
JSON, legal ids, returns, evaluation, observations byte for byte, each seat's determinization);
`LIGHT` more games compare the legal ids, the heuristic's choices and the final state.

The long run, before calling a change to either core done (10,000 games compared in full):
    RATKING_NATIVE_LONG=1 pytest tests/native/test_rat_a_tat_roll.py   (make test-native-long)
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
    from ratking.native.rat_a_tat_roll import NativeRoll

    from .roll_differential import game_part, play_both, seated

LONG = bool(os.environ.get("RATKING_NATIVE_LONG"))
FULL = 10_000 if LONG else 250
LIGHT = 1_000

# rule options across their ranges (params.py), but for two kinds of extreme: dice kept small
# enough for the Python heuristic's table of dice totals, and re-roll icons rare enough that
# the face-up reshuffle (seed 004) ends soon (with icons on most cards and a low limit, both
# cores may shuffle for millions of tries before five face-up cards show few enough)
RULES = st.fixed_dictionaries({}, optional={
    "number_dice": st.integers(1, 4),
    "dice_sides": st.integers(2, 10),
    "cards_two_players": st.integers(1, 9),
    "cards": st.integers(1, 9),
    "start_tokens": st.integers(0, 5),
    "total_tokens": st.integers(0, 60),
    "copies_per_value": st.integers(0, 20),
    "nines": st.integers(0, 30),
    "reroll_icon_from": st.integers(5, 10),
    "reshuffle_above": st.integers(2, 5),
    "memory_aid": st.booleans(),
    "max_rounds": st.one_of(st.none(), st.integers(1, 12)),
    "first_seat": st.integers(0, 4),  # made a seat of the game by seated()
})


@cache
def game_with(rules: tuple):
    try:
        return make("rat-a-tat-roll", **dict(rules))
    except RulesError:
        return None


def draw_game(rules: dict):
    game = game_with(tuple(sorted(rules.items())))
    assume(game is not None)
    return game


GAMES = dict(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 5), rules=RULES,
             bots=st.integers(0, 5))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                      HealthCheck.too_slow])


@pytest.mark.timeout(7200 if LONG else 300)  # the long run takes several minutes
@settings(max_examples=FULL, **SETTINGS)
@given(**GAMES)
def test_every_step_alike(seed, players, rules, bots):
    play_both(draw_game(seated(rules, players)), players, seed, heuristic_seats=min(bots, players))


@settings(max_examples=LIGHT, **SETTINGS)
@given(**GAMES)
def test_every_game_ends_alike(seed, players, rules, bots):
    play_both(draw_game(seated(rules, players)), players, seed, heuristic_seats=min(bots, players),
              every_step=False)


def test_default_rules_every_step():
    # the printed game (seed 004) at each player count, whatever the drawn variants were
    game = make("rat-a-tat-roll")
    for players in range(2, 6):
        for seed in range(10):
            play_both(game, players, seed, heuristic_seats=seed % (players + 1))


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = make("rat-a-tat-roll")
    native = NativeRoll.new_game(game, 3, 7)
    before = native.to_json()
    with pytest.raises(ValueError, match="not legal"):
        native.apply("skip")  # nobody is complete at the start
    with pytest.raises(ValueError, match="no action"):
        native.apply("fly")
    assert native.to_json() == before


def test_bad_state_data_is_refused():
    game = make("rat-a-tat-roll")
    data = game.new_game(2, seed=3).to_json()
    data["state"]["pile"] = data["state"]["pile"][1:]  # a card lost
    with pytest.raises(RecordError, match="each of the 45 cards"):
        NativeRoll.from_json(game, data)


def test_a_handle_from_a_determinized_state_reads_back_alike():
    # a determinization's keyed stream and unordered pile survive the trip through JSON
    game = make("rat-a-tat-roll")
    state = game.new_game(4, seed=11)
    for action in ("roll:3", "go"):
        if action in [a.id for a in state.legal_actions()]:
            state.apply(action)
    d = state.determinize(1, 99)
    assert "unordered" in d.to_json()
    assert NativeRoll.from_state(d).to_json() == game_part(d.to_json())
