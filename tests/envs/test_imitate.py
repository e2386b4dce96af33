"""The heuristic's games that `ratking train --imitate` copies (ratking.learn.imitate, numpy
alone): over random deals of every game they end, every kept decision is the teacher's legal
move in the learner's seat, and the same seed plays the same games."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.bots import make_bot
from ratking.core import list_games
from ratking.learn.imitate import Rows, demonstrations

GAMES = [info.id for info in list_games()]


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_the_teachers_games_are_kept_decision_by_decision_and_repeat(game_id, seed):
    game = ratking.make(game_id)
    recall = game.encode_recall is not None
    demos = demonstrations(game_id, 2, recall, 2, seed=seed, gamma=0.9)
    n = len(demos.actions)
    layout = game.observation_layout(2)
    assert demos.observations.shape == (n, layout.size) and demos.observations.dtype == np.float32
    assert demos.masks.shape == (n, len(game.action_space(2)))
    assert demos.masks[np.arange(n), demos.actions].all()  # the teacher played legal moves
    assert set(demos.games.tolist()) == {0, 1}  # both games were played to their end
    assert np.isfinite(demos.returns).all()
    again = demonstrations(game_id, 2, recall, 2, seed=seed, gamma=0.9)
    assert np.array_equal(demos.observations, again.observations)
    assert np.array_equal(demos.actions, again.actions)
    assert np.array_equal(demos.returns, again.returns)


def test_rat_a_tat_roll_copies_roll_and_go_decisions():
    demos = demonstrations("rat-a-tat-roll", 2, True, 6, seed=5, gamma=0.995)
    space = ratking.make("rat-a-tat-roll").action_space(2)
    assert len(demos.actions) > 6 * 5
    assert {space.ids[a].split(":")[0] for a in demos.actions} >= {"roll", "go"}


class Recording:
    """A random player that remembers the moves it made."""

    name = "recording"

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("random", seed)
        self.played: list[str] = []

    def choose(self, state):
        action = self.bot.choose(state)
        space = state.game.action_space(state.players)
        self.played.append(space.ids[space.index(action)])
        return action


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_a_dagger_round_keeps_the_teachers_moves_where_the_player_went(game_id, seed):
    """With a player in the learner's seat, the player makes every move and the teacher's
    choice in each position it reached is what is kept (and the two differ)."""
    game = ratking.make(game_id)
    recall = game.encode_recall is not None
    player = Recording(seed)
    demos = demonstrations(game_id, 2, recall, 3, seed=seed, gamma=0.9, player=player)
    n = len(demos.actions)
    assert n == len(player.played) and set(demos.games.tolist()) == {0, 1, 2}
    assert demos.masks[np.arange(n), demos.actions].all()  # the teacher's moves, legal
    space = game.action_space(2)
    labels = [space.ids[a] for a in demos.actions]
    assert labels != player.played  # random play is not the heuristic's
    plain = demonstrations(game_id, 2, recall, 3, seed=seed, gamma=0.9)
    joined = plain.extended(demos)
    assert len(joined.actions) == len(plain.actions) + n
    assert set(joined.games.tolist()) == set(range(6))  # the new games numbered after


@settings(max_examples=40, deadline=None)
@given(width=st.integers(1, 5), block_bytes=st.integers(1, 64), data=st.data())
def test_rows_join_in_order_across_blocks(width, block_bytes, data):
    """However small the blocks, the joined rows are the rows added, in order, and a row
    changed by its maker after it was added stays as it was."""
    rows = data.draw(st.lists(st.lists(st.floats(-9, 9, width=32), min_size=width,
                                       max_size=width), max_size=40))
    kept = Rows(np.float32)
    kept.BLOCK_BYTES = block_bytes
    buffer = np.zeros(width, np.float32)
    for row in rows:
        buffer[:] = row
        kept.add(buffer)  # the same array each time, as an environment may reuse its own
    joined = kept.joined()
    assert joined.dtype == np.float32 and not kept.blocks
    if rows:
        assert np.array_equal(joined, np.array(rows, np.float32))
    else:
        assert len(joined) == 0
