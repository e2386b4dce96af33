"""The searched best response: legal, repeatable, blind to what its seat cannot see, never
offered to a table, and stronger against the bot it answers than that bot itself."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.bots import make_bot
from ratking.bots.specs import OverBudget, check_budget
from ratking.core import RatkingError

from .cases import choices, legal_repeatable_and_harmless
from .test_search import HIDDEN, positions, visits


@pytest.mark.parametrize("game_id", HIDDEN)
def test_identical_choices_for_states_that_differ_only_in_hidden_information(game_id):
    differed = 0
    for state in positions(game_id, 4, seed=31):
        p = state.to_move
        other = state.determinize(p, 777)
        differed += json.dumps(other._dump(), sort_keys=True) != \
            json.dumps(state._dump(), sort_keys=True)
        first = make_bot("response:against=heuristic:iters=30", 5)
        second = make_bot("response:against=heuristic:iters=30", 5)
        assert first.choose(state).id == second.choose(other).id
        assert visits(first.search(state)) == visits(second.search(other))
    assert differed


def spec(draw) -> str:
    against = draw(st.sampled_from(["random", "heuristic", "easy"]))
    return f"response:against={against}:iters={draw(st.integers(1, 8))}" \
           f":depth={draw(st.integers(0, 6))}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices(300, spec))
def test_never_raises_always_legal_and_repeatable(case):
    legal_repeatable_and_harmless(*case)


def test_a_table_never_gets_a_response():
    game = ratking.make("rat-a-tat-roll")
    with pytest.raises(OverBudget, match="for the lab"):
        check_budget("response:against=random", game)


@pytest.mark.parametrize("spec", ["response:against=ismcts", "response:against=hard:iters=0",
                                  "response:against=heuristic:eps=1", "response:depth=-1"])
def test_bad_response_specs_say_what_is_wrong(spec):
    with pytest.raises(RatkingError, match="response"):
        make_bot(spec)
