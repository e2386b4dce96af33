"""The PettingZoo env's `state()` (ratking.core.spaces.full_observation): the whole game as
one tensor for centralised critics, every hidden hand and card shown, in the observation
layout as a spectator's."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.envs.pettingzoo import raw_env

from ..own import own_games

INFO = {info.id: info for info in ratking.list_games()}
GAMES = own_games()  # HIDDEN below names each one's hidden slices
# where the whole state holds more than a spectator sees: what some seat keeps to itself
HIDDEN = {
    "rat-a-tat-roll": ("cards",),  # seed 004: face-down cards
    "rat-and-duck": ("held", "reach"),  # seed 002: the government's location cards
    "target-rats": (),  # seed 001: only the piles' order is hidden, in no tensor
    "target-rats-simplified": (),
    "you-dirty-rat": ("hand", "drawn"),  # seed 003: hands, the Mastermind's drawn cards
}


def hidden(layout, game_id: str) -> np.ndarray:
    mask = np.zeros(layout.size, bool)
    for name, start, stop, _ in layout.describe():
        if name.split(".")[-1] in HIDDEN[game_id]:
            mask[start:stop] = True
    return mask


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), big=st.booleans())
def test_state_is_the_whole_game_as_a_spectator_would_see_it_open(game_id, seed, big):
    info = INFO[game_id]
    players = info.max_players if big else info.min_players
    env = raw_env(game_id, players=players, max_rounds=4)
    env.reset(seed=seed)
    layout = env.game.observation_layout(players)
    private = hidden(layout, game_id)
    rng = np.random.default_rng(seed)
    names = [name for name, *_ in layout.describe()]
    for _ in range(300):
        state = env.state()
        inner = env.game_state
        assert env.state_space.contains(state) and state.shape == env.state_space.shape
        # outside what seats hide, it is the spectator's tensor
        spectator = inner.observation(None)
        assert np.array_equal(state[~private], spectator[~private])
        for p in range(players):
            mine = inner.observation(p)
            if game_id == "you-dirty-rat":  # each hand as its owner sees it
                k = names.index("seat0.hand")
                start, stop = layout.describe()[k][1:3]
                stride = layout.describe()[names.index("seat1.hand")][1] - start
                block = slice(start + p * stride, stop + p * stride)
                assert np.array_equal(state[block], mine[start:stop])
                if p == inner.to_move:  # and the cards the Mastermind drew, as it sees them
                    start, stop = layout.describe()[names.index("drawn")][1:3]
                    assert np.array_equal(state[start:stop], mine[start:stop])
            if game_id == "rat-and-duck" and inner.view(p)["team"] == "government":
                start, stop = layout.describe()[names.index("held")][1:3]
                assert np.array_equal(state[start:stop], mine[start:stop])
        if game_id == "rat-a-tat-roll":  # no card in any hand is unknown
            for name, start, stop, _ in layout.describe():
                if name.endswith(".cards"):
                    assert not state[start + 1:stop:12].any()
        if inner.over:
            break
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


def test_state_holds_what_the_spectator_cannot_see():
    env = raw_env("you-dirty-rat", players=3)
    env.reset(seed=2)
    inner = env.game_state
    worlds = {env.state().tobytes()}
    for seed in range(5):  # the spectator's worlds: its view the same, the hands re-dealt
        twin = inner.determinize(None, seed)
        assert np.array_equal(twin.observation(None), inner.observation(None))
        env.game_state = twin
        worlds.add(env.state().tobytes())
    assert len(worlds) > 1
    with pytest.raises(RuntimeError, match="reset"):
        raw_env("you-dirty-rat").state()
