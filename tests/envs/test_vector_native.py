"""The vector env on the compiled core against the Python one: from the same seed and the same
actions, the same observations, masks, seats, rewards, terminations, truncations and ended
games' last observations and scores, step by step; and the checks the env must pass on either
core (Gymnasium's vector API, copies, bad actions)."""

from __future__ import annotations

import copy

import gymnasium
import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking import IllegalAction, RatkingError
from ratking.envs.vector import RatkingVectorEnv
from ratking.native import COMPILED, NativeUnavailable, has_loops, load

pytestmark = pytest.mark.skipif(load() is None, reason="the compiled core is not built")
GAMES = sorted(COMPILED)
OPPONENTS = ["random", "heuristic", "heuristic:eps=0.3", "normal"]


def same_step(a: tuple, b: tuple) -> None:
    """Two step() (or reset()) results equal in every array and every ended game's info."""
    if len(a) == 2:
        a, b = (a[0], None, None, None, a[1]), (b[0], None, None, None, b[1])
    for x, y in zip(a[:4], b[:4], strict=True):
        if x is not None:
            assert x.dtype == y.dtype and x.tobytes() == y.tobytes()
    ia, ib = a[4], b[4]
    assert ia.keys() == ib.keys()
    assert ia["action_mask"].tobytes() == ib["action_mask"].tobytes()
    assert list(ia["seat"]) == list(ib["seat"])
    if "_final_obs" in ia:
        assert list(ia["_final_obs"]) == list(ib["_final_obs"])
        for i in np.flatnonzero(ia["_final_obs"]):
            assert ia["final_obs"][i].tobytes() == ib["final_obs"][i].tobytes()
            fa, fb = ia["final_info"][i], ib["final_info"][i]
            assert fa["seat"] == fb["seat"]
            assert fa["scores"].tobytes() == fb["scores"].tobytes()


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**63 - 1))
def test_the_native_vector_env_plays_the_python_ones_games(game_id, data, seed):
    counts = [n for n in ratking.make(game_id).player_counts() if n <= 5]
    players = data.draw(st.sampled_from(counts), label="players")
    n = data.draw(st.integers(1, 6), label="num_envs")
    opponents = data.draw(st.lists(st.sampled_from(OPPONENTS), min_size=players - 1,
                                   max_size=players - 1), label="opponents")
    seat = data.draw(st.sampled_from([None, *range(players)]), label="seat")
    recall = data.draw(st.booleans(), label="recall")
    cap = data.draw(st.sampled_from([3, 12, None]), label="max_rounds")
    limit = data.draw(st.sampled_from([None, 5, 40]), label="max_episode_steps")
    rules = {} if cap is None else {"max_rounds": cap}
    envs = [RatkingVectorEnv(game_id, num_envs=n, players=players, opponents=opponents,
                             seat=seat, recall=recall, max_episode_steps=limit, core=core,
                             **rules) for core in ("python", "native")]
    assert [e.core for e in envs] == ["python", "native"]
    python, native = envs
    got = [e.reset(seed=seed % 2**32) for e in envs]
    same_step(*got)
    rng = np.random.default_rng(seed % 2**32)
    ended = 0
    for _ in range(60):
        mask = got[0][-1]["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask])
        got = [e.step(actions) for e in envs]
        same_step(*got)
        ended += int((got[0][2] | got[0][3]).sum())
    assert python.observations.tobytes() == native.observations.tobytes()


def test_auto_picks_the_native_core_where_it_can():
    assert RatkingVectorEnv("rat-a-tat-roll", opponents="heuristic").core == "native"
    # a policy, a search bot: only the Python engine plays them
    assert RatkingVectorEnv("rat-a-tat-roll", opponents=lambda o, m: 0).core == "python"
    assert RatkingVectorEnv("you-dirty-rat", opponents="ismcts:iters=5").core == "python"
    assert RatkingVectorEnv("target-rats-simplified").core in ("python", "native")
    vec = gymnasium.make_vec("ratking/rat-and-duck-v0", num_envs=2)
    assert vec.unwrapped.core == "native"


def test_asking_for_the_native_core_where_it_cannot_run_is_one_clear_error():
    with pytest.raises(NativeUnavailable, match="random and heuristic"):
        RatkingVectorEnv("rat-a-tat-roll", opponents="hard", core="native")
    with pytest.raises(RatkingError, match="core must be one of"):
        RatkingVectorEnv("rat-a-tat-roll", core="fast")


@pytest.mark.parametrize("core", ["python", "native"])
def test_a_bad_action_names_its_row_and_the_ended_rows_are_dealt_again(core):
    vec = RatkingVectorEnv("rat-a-tat-roll", num_envs=3, core=core)
    _, info = vec.reset(seed=3)
    actions = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    bad = list(actions)
    bad[1] = len(vec.space)
    with pytest.raises(RatkingError, match="game 1: no action number"):
        vec.step(bad)
    _, info = vec.reset(seed=3)
    bad = list(actions)
    bad[2] = int(np.flatnonzero(info["action_mask"][2] == 0)[0])
    with pytest.raises(IllegalAction):
        vec.step(bad)
    for _ in range(50):  # every row is still a live game (the rows before 2 have moved)
        assert vec.masks.any(axis=1).all()
        vec.step([int(np.flatnonzero(m)[0]) for m in vec.masks])


def test_a_copy_of_the_native_env_plays_on_by_itself():
    vec = RatkingVectorEnv("you-dirty-rat", num_envs=3, players=3, max_rounds=12,
                           opponents="heuristic")
    assert vec.core == "native"
    vec.reset(seed=4)
    twin = copy.deepcopy(vec)
    del vec.game  # the copy must not lean on the original's objects
    before = vec.observations.copy()
    actions = [int(np.flatnonzero(m)[0]) for m in vec.masks]
    stepped = twin.step(actions)[0]
    assert np.array_equal(vec.observations, before)
    assert not np.shares_memory(twin.observations, vec.observations)
    assert stepped.tobytes() == vec.step(actions)[0].tobytes()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_native_env_passes_gymnasiums_vector_checks(game_id):
    vec = gymnasium.make_vec(f"ratking/{game_id}-v0", num_envs=4, opponents="heuristic")
    assert vec.unwrapped.core == "native"
    obs, info = vec.reset(seed=0)
    assert vec.observation_space.contains(obs)
    for _ in range(200):
        actions = np.array([np.flatnonzero(m)[0] for m in info["action_mask"]])
        assert vec.action_space.contains(actions)
        obs, rewards, terminated, truncated, info = vec.step(actions)
        assert vec.observation_space.contains(obs)
        assert rewards.dtype == np.float64 and terminated.dtype == truncated.dtype == np.bool_
        assert info["action_mask"].any(axis=1).all()
    vec.close()


def test_every_compiled_game_has_its_native_loops_registered():
    # a game added to ratking.native.COMPILED joins the vector env and the lab by one
    # registration in src/native/bind_loops.cpp; until then both run it on the Python engine
    for game_id in COMPILED:
        assert has_loops(game_id), f"register {game_id} in src/native/bind_loops.cpp"
    assert not has_loops("no-such-game")
