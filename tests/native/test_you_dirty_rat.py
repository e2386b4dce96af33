"""You Dirty Rat's compiled core against the Python engine (the reference), game by game.

Each example plays one game on both cores from the same seed with the same actions (random
seats and heuristic seats; seed 002 as the rules tests check it) under drawn rule options.
Every step of `FULL` games is compared in full (roll_differential.check_step: the state as
JSON, legal ids, returns, evaluation, observations byte for byte, each seat's determinization
and a step after it); `LIGHT` more games compare the legal ids, the heuristic's choices and the
final state.

The long run, before calling a change to either core done (10,000 games compared in full):
    RATKING_NATIVE_LONG=1 pytest tests/native/test_you_dirty_rat.py   (make test-native-long)
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
    from ratking.native.you_dirty_rat import NativeRat

    from .roll_differential import game_part, play_both, seated

LONG = bool(os.environ.get("RATKING_NATIVE_LONG"))
FULL = 10_000 if LONG else 150
LIGHT = 1_000

# rule options across their ranges (params.py), kept to games that end soon enough: a small
# Town Stash and little starting cash end games fast, a large one and a round cap long
RULES = st.fixed_dictionaries({}, optional={
    "stash_two": st.integers(1, 80),
    "stash_three": st.integers(1, 100),
    "stash_four": st.integers(1, 120),
    "start_money": st.integers(0, 1000),
    "hand": st.integers(0, 10),
    "bonus_two": st.integers(0, 1000),
    "bonus_three": st.integers(0, 1000),
    "bonus_four": st.integers(0, 2000),
    "max_rounds": st.one_of(st.none(), st.integers(1, 15)),
    "first_seat": st.integers(0, 3),  # made a seat of the game by seated()
})


@cache
def game_with(rules: tuple):
    try:
        return make("you-dirty-rat", **dict(rules))
    except RulesError:
        return None


def draw_game(rules: dict):
    game = game_with(tuple(sorted(rules.items())))
    assume(game is not None)
    return game


GAMES = dict(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 4), rules=RULES,
             bots=st.integers(0, 4))
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.filter_too_much,
                                                      HealthCheck.too_slow])


@settings(max_examples=FULL, **SETTINGS)
@given(**GAMES)
def test_every_step_alike(seed, players, rules, bots):
    play_both(draw_game(seated(rules, players)), players, seed, heuristic_seats=min(bots, players),
              handle=NativeRat)


@settings(max_examples=LIGHT, **SETTINGS)
@given(**GAMES)
def test_every_game_ends_alike(seed, players, rules, bots):
    play_both(draw_game(seated(rules, players)), players, seed, heuristic_seats=min(bots, players),
              every_step=False, handle=NativeRat)


def test_default_rules_every_step():
    # the printed game (seed 002) at each player count, whatever the drawn variants were
    game = make("you-dirty-rat")
    for players in range(2, 5):
        for seed in range(4):
            play_both(game, players, seed, heuristic_seats=seed % (players + 1),
                      handle=NativeRat)


def test_an_illegal_action_is_refused_and_changes_nothing():
    game = make("you-dirty-rat")
    native = NativeRat.new_game(game, 3, 7)
    before = native.to_json()
    with pytest.raises(ValueError, match="not legal"):
        native.apply("extra:none")  # no Femme Fatale was played
    with pytest.raises(ValueError, match="no action"):
        native.apply("fly")
    assert native.to_json() == before


def test_bad_state_data_is_refused():
    game = make("you-dirty-rat")
    data = game.new_game(2, seed=3).to_json()
    data["state"]["deck"] = data["state"]["deck"][1:]  # a card lost
    with pytest.raises(RecordError, match="Specialists must be somewhere"):
        NativeRat.from_json(game, data)


@pytest.mark.parametrize(("key", "bad", "words"), [
    # what the Python loader lets through, and the compiled core would read out of bounds by
    ("played", 51, "'played'"),  # past the last Ringleader
    ("discard", [-5], "'discard'"),
    ("kind", "fly", "card effect"),
])
def test_ids_the_compiled_core_looks_up_by_are_checked(key, bad, words):
    game = make("you-dirty-rat")
    data = game.new_game(3, seed=3).to_json()
    data["state"][key] = bad
    with pytest.raises(RecordError, match=words):
        NativeRat.from_json(game, data)


def test_a_handle_from_a_determinized_state_reads_back_alike():
    # a determinization's keyed stream and unordered deck survive the trip through JSON
    game = make("you-dirty-rat")
    state = game.new_game(3, seed=11)
    d = state.determinize(1, 99)
    assert "unordered" in d.to_json()
    native = NativeRat.from_state(d)
    assert native.to_json() == game_part(d.to_json())
    legal = d.legal_actions()
    for action in legal[:1]:
        d.apply(action)
        native.apply(action.id)
    assert native.to_json() == game_part(d.to_json())
