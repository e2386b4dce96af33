"""The compiled core's loops play the very games the Python engine plays from the same seeds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ratking.bots import make_bot
from ratking.core import make
from ratking.native import load
from ratking.sim import random_play

core = load()
pytestmark = pytest.mark.skipif(core is None, reason="the compiled core is not built")


def python_loop(game, players: int, games: int, seed: int, heuristic: tuple[bool, ...]):
    picker = random.Random(seed)
    decisions, returns = 0, [0.0] * players
    for i in range(games):
        state = game.new_game(players, seed=seed + i)
        if any(heuristic):
            bots = [make_bot("heuristic", (seed + i) * 10 + k) for k in range(players)]
            while not state.is_over:
                p = state.to_move
                if heuristic[p]:
                    state.apply(bots[p].choose(state))
                else:
                    legal = state.legal_actions()
                    state.apply(legal[int(picker.random() * len(legal))])
                decisions += 1
        else:
            decisions += random_play(state, picker)
        returns = [a + b for a, b in zip(returns, state.returns(), strict=True)]
    return games, decisions, returns


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 5), st.integers(0, 2**40), st.data())
def test_native_loops_play_the_python_games(players, seed, data):
    from ratking.native.rat_a_tat_roll import play

    game = make("rat-a-tat-roll", max_rounds=data.draw(st.sampled_from([None, 3])))
    heuristic = tuple(data.draw(st.lists(st.booleans(), min_size=players, max_size=players)))
    assert play(game, players, 8, seed, heuristic) == python_loop(game, players, 8, seed,
                                                                  heuristic)


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.integers(0, 2**40), st.data())
def test_you_dirty_rat_loops_play_the_python_games(players, seed, data):
    from ratking.native.you_dirty_rat import play

    game = make("you-dirty-rat", max_rounds=data.draw(st.sampled_from([None, 4])))
    heuristic = tuple(data.draw(st.lists(st.booleans(), min_size=players, max_size=players)))
    assert play(game, players, 4, seed, heuristic) == python_loop(game, players, 4, seed,
                                                                  heuristic)


def test_a_loop_refuses_bad_seats():
    from ratking.native.rat_a_tat_roll import play

    game = make("rat-a-tat-roll")
    with pytest.raises(ValueError, match="one flag per seat"):
        play(game, 3, 1, 0, (True,))


def test_loops_on_one_game_in_threads_at_once_play_as_alone():
    # the loop releases the GIL: two threads share the compiled game (read only) at once
    from concurrent.futures import ThreadPoolExecutor

    from ratking.native.rat_a_tat_roll import play

    game = make("rat-a-tat-roll")
    jobs = [(3, 200, seed, (seed % 2 == 0, False, True)) for seed in range(4)]
    alone = [play(game, *job) for job in jobs]
    with ThreadPoolExecutor(2) as pool:
        together = list(pool.map(lambda job: play(game, *job), jobs))
    assert together == alone
