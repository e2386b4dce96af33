"""Local best response: the bots' action probabilities, the belief's particles (consistent with
the seat's view, filtered by the bot's choices), and the bot itself (blind to what its seat
cannot see, legal, repeatable, never offered to a table)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.bots import make_bot
from ratking.bots.base import action_probabilities
from ratking.bots.belief import Belief
from ratking.bots.lbr import lead
from ratking.bots.specs import OverBudget, check_budget
from ratking.core import RatkingError
from ratking.sim import random_play

from .cases import choices, legal_repeatable_and_harmless
from .test_search import GAMES, HIDDEN, positions

# --- what each bot says it plays --------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_each_one_move_bot_gives_a_distribution_over_the_legal_actions(game_id):
    for state in positions(game_id, 3, seed=4):
        legal = {a.id for a in state.legal_actions()}
        for spec in ("random", "heuristic", "easy", "heuristic:eps=0.3"):
            dist = action_probabilities(make_bot(spec, 1), state)
            assert set(dist) <= legal and abs(sum(dist.values()) - 1.0) < 1e-9
            assert all(p > 0 for p in dist.values())
        uniform = action_probabilities(make_bot("random"), state)
        assert set(uniform) == legal and len(set(uniform.values())) == 1
        # with eps every legal action has at least its share of the random moves
        mixed = action_probabilities(make_bot("heuristic:eps=0.3"), state)
        assert set(mixed) == legal and min(mixed.values()) >= 0.3 / len(legal) - 1e-12


@pytest.mark.parametrize("game_id", ["rat-a-tat-roll", "you-dirty-rat"])
def test_the_neural_bot_gives_all_to_the_move_it_plays(game_id):
    for state in positions(game_id, 3, seed=6):
        if state.players != 2:
            continue
        bot = make_bot("neural")
        assert action_probabilities(bot, state) == {bot.choose(state).id: 1.0}


def test_a_search_has_no_probabilities():
    state = ratking.make("rat-a-tat-roll").new_game(2, seed=1)
    assert action_probabilities(make_bot("hard"), state) is None
    assert action_probabilities(make_bot("ismcts:iters=5"), state) is None


# --- the belief -------------------------------------------------------------------------------


def _played(game_id: str, players: int, seed: int, steps: int):
    state = ratking.make(game_id, max_rounds=30).new_game(players, seed=seed)
    random_play(state, random.Random(seed), steps)
    return state


@pytest.mark.parametrize("game_id", HIDDEN)
def test_every_particle_is_consistent_with_what_the_seat_sees(game_id):
    for seed in range(3):
        state = _played(game_id, 2, seed, 40 + 17 * seed)
        if state.over:
            continue
        seat = state.to_move
        model = make_bot("random")
        belief = Belief(seat, lambda s, m=model: action_probabilities(m, s), 6,
                        random.Random(seed))
        belief.track(state)
        seen = state.view(seat)
        assert 1 <= len(belief.particles) <= 6  # some may be dropped before a resample
        for particle in belief.particles:
            assert particle.view(seat) == seen
            assert [a.id for a in particle.legal_actions()] == \
                [a.id for a in state.legal_actions()]


def _first_roll(model):
    """Rat-a-Tat Roll after seat 0's first move, roll:1 (one die, seen by all), and the belief
    of seat 1 about it, filtered with `model` as seat 0's bot."""
    state = ratking.make("rat-a-tat-roll").new_game(2, seed=2)
    assert state.to_move == 0 and "roll:1" in [a.id for a in state.legal_actions()]
    state.apply("roll:1")
    belief = Belief(1, model, 8, random.Random(0))
    belief.track(state)
    return state, belief


def test_particles_a_deterministic_bot_could_not_have_led_to_are_dropped():
    """A bot that would have rolled three dice cannot have shown one: every particle has
    probability 0 and is dropped, and the belief is dealt afresh; a bot that rolls one keeps
    them all, each weighted by the chance it gave that roll."""
    _, never = _first_roll(lambda s: {"roll:3": 1.0})
    assert never.resets == 1 and never.weights == [1.0] * 8
    state, always = _first_roll(lambda s: {"roll:1": 1.0})
    assert always.resets == 0 and always.weights == [1.0] * 8
    _, quarter = _first_roll(lambda s: {"roll:1": 0.25, "roll:3": 0.75})
    assert quarter.resets == 0 and quarter.weights == [0.25] * 8
    for particle in always.particles + quarter.particles:
        assert particle.view(1) == state.view(1)


def test_a_search_leaves_every_consistent_particle_its_weight():
    _, even = _first_roll(lambda s: None)
    assert even.resets == 0 and even.weights == [1.0] * 8


# --- the bot ----------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", HIDDEN)
def test_identical_choices_for_states_that_differ_only_in_hidden_information(game_id):
    differed = 0
    for state in positions(game_id, 3, seed=31):
        p = state.to_move
        other = state.determinize(p, 777)
        differed += json.dumps(other._dump(), sort_keys=True) != \
            json.dumps(state._dump(), sort_keys=True)
        first = make_bot("lbr:against=heuristic:particles=4:depth=4", 5)
        second = make_bot("lbr:against=heuristic:particles=4:depth=4", 5)
        assert first.values(state) == second.values(other)
        assert first.choose(state).id == second.choose(other).id
    assert differed


def spec(draw) -> str:
    against = draw(st.sampled_from(["random", "heuristic", "easy", "hard"]))
    return f"lbr:against={against}:particles={draw(st.integers(1, 3))}" \
           f":depth={draw(st.integers(0, 5))}"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(choices(200, spec))
def test_never_raises_always_legal_and_repeatable(case):
    legal_repeatable_and_harmless(*case)


def test_a_table_never_gets_one():
    with pytest.raises(OverBudget, match="for the lab"):
        check_budget("lbr:against=random", ratking.make("rat-a-tat-roll"))


@pytest.mark.parametrize("spec", ["lbr:against=ismcts", "lbr:particles=0", "lbr:depth=-1",
                                  "lbr:iters=5"])
def test_bad_specs_say_what_is_wrong(spec):
    with pytest.raises(RatkingError, match="lbr"):
        make_bot(spec)


def test_an_action_must_beat_the_heuristic_choice_surely_to_replace_it():
    """The lead over the heuristic's choice is the paired mean less a standard error: a sure
    small gain leads, a noisy one that averages more does not."""
    weights = [0.25] * 4
    base = [0.5, 0.5, 0.5, 0.5]
    assert lead(weights, base, base) == 0.0
    assert lead(weights, [0.6, 0.6, 0.6, 0.6], base) == pytest.approx(0.1)
    assert lead(weights, [1.0, 0.0, 1.0, 0.4], base) < 0  # +0.1 on average, but by luck
    assert lead(weights, [1.0, 0.0, 1.0, 0.4], None) == pytest.approx(0.6)  # no heuristic


@pytest.mark.parametrize("against, core", [("neural", ""), ("heuristic", "python")])
def test_rollouts_on_the_python_engine_choose_legally_and_repeat(against, core, monkeypatch):
    """The neural bot's rollouts, and any with RATKING_CORE=python, run on the Python
    engine: a short game against the bot is played legally and the same at a seed."""
    monkeypatch.setenv("RATKING_CORE", core)

    def play() -> list[str]:
        state = ratking.make("you-dirty-rat").new_game(2, seed=4)
        bots = [make_bot(f"lbr:against={against}:particles=3", 1), make_bot(against, 2)]
        for _ in range(30):
            if state.over:
                break
            state.apply(bots[state.to_move].choose(state))
        return list(state.history)

    assert play() == play()
