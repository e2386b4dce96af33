"""The explicit-chance mode of the OpenSpiel games (ratking.envs.chance): each die, draw and
shuffle its own chance node, whose stated probabilities match what the engine's own
generator does, and whose outcomes lead to the engine's own results."""

from __future__ import annotations

import copy
import math
import pickle

import numpy as np
import pyspiel
import pytest

import ratking
import ratking.envs.openspiel  # registers the games
from ratking.core import RatkingError
from ratking.envs.chance import Probe, Teller, Unknown, explicit_apply

from ..own import is_own

GAMES = sorted(info.id for info in ratking.list_games())
DEALS = 200


def explicit(game_id: str, **params) -> pyspiel.Game:
    return pyspiel.load_game("ratking_" + game_id.replace("-", "_"),
                             {"players": 2, "chance": "explicit", "deals": DEALS, **params})


def test_each_die_is_its_own_chance_node_and_its_faces_are_the_engines():
    # seed 004, ROLL: each number die rolled shows one of its six faces, equally likely
    game = explicit("rat-a-tat-roll", max_rounds=0)
    faces = np.zeros(6)
    for d in range(DEALS):
        engine = ratking.make("rat-a-tat-roll").new_game(2, seed=d)
        engine.apply("roll:3")
        faces[np.array(engine.dice) - 1] += 1
        state = game.new_initial_state()
        state.apply_action(d)  # deal d: the engine's game with seed d
        state.apply_action(state.legal_actions()[2])  # roll:3
        for face in engine.dice:  # three chance nodes, one a die, told the engine's faces
            assert state.is_chance_node()
            # the decision is on record, its chance not yet
            assert state.information_state_string(0).endswith("\nthen roll:3, chance to come")
            assert state.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
            assert state.action_to_string(pyspiel.PlayerId.CHANCE, face - 1) == \
                f"die: {face} of 6"
            state.apply_action(face - 1)
        inner = state.ratking_state()
        assert not state.is_chance_node() and inner.dice == engine.dice
        assert all(inner.view(p) == engine.view(p) for p in (None, 0, 1))
    # the engine's frequencies against the stated 1/6, within four standard errors
    rolled = faces.sum()
    bound = 4 * math.sqrt(1 / 6 * 5 / 6 / rolled)
    assert np.all(np.abs(faces / rolled - 1 / 6) < bound), faces


def first_dealt_value(state_of, apply, chance, seed: int) -> int | None:
    """Random play until a face-up card is dealt into an emptied region (Rat-a-Tat Roll);
    its value. `chance(state)` plays a chance node, if any."""
    rng = np.random.default_rng(seed)
    state = state_of()
    for _ in range(400):
        inner = state if isinstance(state, ratking.core.State) else state.ratking_state()
        if inner.over:
            return None
        dealt = [e for e in inner.events_for(None) if e.kind == "deal" and e.step > 0]
        if dealt:
            return dealt[0].data["cards"][0][1]
        if chance(state):
            continue
        legal = inner.legal_actions() if state is inner else state.legal_actions()
        apply(state, legal[int(rng.integers(len(legal)))])
    return None


def test_draws_follow_the_engines_distribution():
    # seed 004, set-up and REGIONS: an emptied region is dealt the pile's top card, from a
    # shuffled pile; in the explicit mode the card is chance at the draw, any of the pile's
    # cards nobody has seen, equally likely. Random play in both: the value of the first
    # card dealt, its mean over the games within four standard errors of the engine's.
    game = explicit("rat-a-tat-roll", max_rounds=0)
    rng = np.random.default_rng(0)
    draws = []

    def play_chance(state) -> bool:
        if state.is_chance_node():
            if state.holder.chance is not None and state.holder.chance.kind == "draw":
                draws.append(state.holder.chance.n)  # the deal fixed no card to come
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            assert np.isclose(sum(probs), 1) and len(set(probs)) == 1
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            return True
        return False

    def dealt(d: int) -> pyspiel.State:
        state = game.new_initial_state()
        state.apply_action(d)
        return state

    engine = [first_dealt_value(lambda d=d: ratking.make("rat-a-tat-roll").new_game(
        2, seed=10_000 + d), lambda s, a: s.apply(a), lambda s: False, d) for d in range(DEALS)]
    told = [first_dealt_value(lambda d=d: dealt(d), lambda s, a: s.apply_action(a),
                              play_chance, d) for d in range(DEALS)]
    a = np.array([v for v in engine if v is not None], float)
    b = np.array([v for v in told if v is not None], float)
    assert len(a) > DEALS // 2 and len(b) > DEALS // 2 and len(draws) >= len(b)
    error = math.sqrt(a.var() / len(a) + b.var() / len(b))
    assert abs(a.mean() - b.mean()) < 4 * error, (a.mean(), b.mean())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_plays_to_the_end_with_explicit_chance(game_id):
    # every chance node states equal probabilities summing to one, every game ends, and no
    # read of the generator is of a kind the mode cannot name (it would raise)
    game = explicit(game_id, max_rounds=3)
    rng = np.random.default_rng(1)
    kinds = set()
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert math.isclose(sum(p for _, p in outcomes), 1.0)
                chance = state.holder.chance
                if chance is not None:
                    kinds.add(chance.kind)
                state.apply_action(int(rng.integers(len(outcomes))))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
    if is_own(game_id):  # each of ratking's games has chance after the deal
        assert kinds


def test_a_teller_refuses_a_read_it_cannot_name_and_a_mismatched_outcome():
    with pytest.raises(Unknown) as caught:
        int(Teller().random() * 6)
    assert (caught.value.kind, caught.value.n) == ("die", 6)
    with pytest.raises(RatkingError, match="other than as int"):
        Teller().random() < 0.5  # noqa: B015
    assert isinstance(Teller().random(), Probe)
    teller = Teller([(3, 6), (1, 2)])
    assert int(teller.random() * 6) == 3 and int(teller.random() * 2) == 1
    with pytest.raises(RatkingError, match="one of 5"):
        Teller([(4, 6)]).randrange(5)
    # a shuffle, a place at a time from the top: the item told first ends last
    keys = Teller([(1, 3), (0, 2)]).keys(3)
    assert sorted(range(3), key=keys.__getitem__)[::-1] == [1, 0, 2]
    # an action is applied only once all its chance is told, and the state is left as it was
    state = ratking.make("rat-a-tat-roll").new_game(2, seed=3)
    before = state.to_json()
    with pytest.raises(Unknown):
        explicit_apply(state, "roll:1", [])
    assert state.to_json() == before
    assert explicit_apply(state, "roll:1", [(4, 6)]).dice == [5]


def test_a_state_awaiting_chance_serializes_pickles_and_copies():
    # OpenSpiel's own serialization (the history, replayed) and pickling both come back to
    # the same chance node, and go on to the same game
    game = explicit("you-dirty-rat", max_rounds=4)
    rng = np.random.default_rng(5)
    state = game.new_initial_state()
    seen = 0
    while not state.is_terminal() and seen < 3:
        if state.is_chance_node() and state.holder.chance is not None:
            seen += 1
            text = pyspiel.serialize_game_and_state(game, state)
            _, again = pyspiel.deserialize_game_and_state(text)
            for twin in (again, pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                assert twin.is_chance_node() and twin.history() == state.history()
                assert twin.chance_outcomes() == state.chance_outcomes()
                assert twin.information_state_string(0) == state.information_state_string(0)
                outcome = len(state.chance_outcomes()) - 1
                assert str(twin.child(outcome)) == str(state.child(outcome))
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert seen == 3


@pytest.mark.parametrize("game_id", GAMES)
def test_with_no_deals_the_set_up_is_chance_nodes_too(game_id):
    # deals=0: every shuffle and pick of the set-up is its own chance node; OpenSpiel's own
    # checks, serialization at those nodes included
    game = explicit(game_id, deals=0, max_rounds=3)
    state = game.new_initial_state()
    assert state.is_chance_node()
    n = len(state.chance_outcomes())
    assert state.holder.chance.kind in ("shuffle", "die") and n > 1
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_set_up_told_at_random_deals_as_the_engine_does():
    # seed 004, SET-UP: five cards dealt face up from the shuffled deck; their mean value over
    # set-ups told at random, within four standard errors of the engine's over seeds
    game = explicit("rat-a-tat-roll", deals=0, max_rounds=0)
    rng = np.random.default_rng(2)
    values = ratking.make("rat-a-tat-roll").values
    engine, told = [], []
    for seed in range(60):
        engine += [values[c] for c in ratking.make("rat-a-tat-roll").new_game(
            2, seed=seed).faceup]
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        told += [values[c] for c in state.ratking_state().faceup]
    a, b = np.array(engine, float), np.array(told, float)
    error = math.sqrt(a.var() / len(a) + b.var() / len(b))
    assert abs(a.mean() - b.mean()) < 4 * error, (a.mean(), b.mean())
