"""The environments' kept action masks (ratking.envs.common.Masks): one set of flags per set of
legal actions, worked out once and copied out. Over random play with undo, clones, states of
another game object and a cache emptied as it fills, a kept mask is always the mask of the
state's legal actions worked out afresh, and what an env hands out is the caller's own."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.envs import common
from ratking.envs.common import Masks, Observations, Spec

GAMES = [info.id for info in ratking.list_games()]
CAP = 12


def fresh(space, state) -> np.ndarray:
    return space.mask(state.legal_actions(), dtype=np.int8)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=15, deadline=None,  # the same MASKS_KEPT patched in every example
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32), kept=st.integers(1, 6))
def test_a_kept_mask_is_always_the_fresh_one(game_id, seed, moves, kept, monkeypatch):
    monkeypatch.setattr(common, "MASKS_KEPT", kept)  # emptied and filled again, often
    spec = Spec(game_id, 2 if game_id != "rat-and-duck" else 4, {"max_rounds": CAP})
    masks = Masks(spec.space)
    rng = random.Random(moves)
    state = spec.game.new_game(spec.players, seed=seed)
    while True:
        mask, flags = masks.kept(state)
        assert np.array_equal(mask, fresh(spec.space, state))
        assert flags == mask.tobytes() and not mask.flags.writeable
        if rng.random() < 0.1:  # the same position replayed (a game object of its own)
            assert np.array_equal(masks.kept(ratking.replay(state.record()))[0], mask)
        if state.over:
            assert not mask.any()
            break
        if rng.random() < 0.2 and state.undoable():
            state = state.undo(rng.randint(1, state.undoable()))
            continue
        if rng.random() < 0.1:
            state = state.clone()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert len(masks._kept) <= kept


def test_a_handed_out_mask_and_tensor_are_the_callers_own():
    spec = Spec("you-dirty-rat", 3, {})
    observations = Observations(spec)
    state = spec.game.new_game(3, seed=5)
    mask = observations.mask(state)
    mask[:] = 0  # the caller may change its copy: the kept mask stays as it was
    assert np.array_equal(observations.mask(state), fresh(spec.space, state))
    tensor = observations.get(state, state.to_move)
    assert tensor.dtype == np.float32 and tensor.shape == spec.layout.shape
    tensor[:] = 7.0
    assert observations.get(state, state.to_move).max() <= 1.0
