"""The Gymnasium environment (ratking.envs.gymnasium), for every game: registered ids with
their episode caps, Gymnasium's and Stable-Baselines3's own checks, SB3's make_vec_env, policies
as opponents, and random play against bots through it."""

from __future__ import annotations

import json
import random

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking import RatkingError
from ratking.core.spaces import view_observation
from ratking.envs.common import STEPS_PER_ROUND, env_rounds
from ratking.envs.gymnasium import ENV_IDS, RatkingGymEnv

INFO = {info.id: info for info in ratking.list_games()}
GAMES = sorted(INFO)
CAP = 12


def test_every_game_is_registered():
    assert [f"ratking/{game_id}-v0" for game_id in GAMES] == ENV_IDS
    for game_id, name in zip(GAMES, ENV_IDS, strict=True):
        assert gymnasium.registry[name].max_episode_steps == env_rounds(game_id) * \
            STEPS_PER_ROUND


@pytest.mark.parametrize("game_id", GAMES)
def test_stable_baselines3_make_vec_env_and_check_env(game_id):
    from stable_baselines3.common.env_checker import check_env as sb3_check_env
    from stable_baselines3.common.env_util import make_vec_env

    vec = make_vec_env(f"ratking/{game_id}-v0")  # asks for render_mode="rgb_array"
    obs = vec.reset()
    assert obs.shape == (1, *vec.observation_space.shape)
    assert vec.env_method("render")[0].dtype == np.uint8
    sb3_check_env(gymnasium.make(f"ratking/{game_id}-v0", max_rounds=CAP).unwrapped)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_gymnasium_check_env_passes(game_id, opponents):
    e = gymnasium.make(f"ratking/{game_id}-v0", players=INFO[game_id].max_players,
                       opponents=opponents, max_rounds=CAP)
    check_env(e.unwrapped)


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_play_against_bots(game_id, data, seed):
    players = data.draw(st.sampled_from(ratking.make(game_id).player_counts()))
    opponents = data.draw(st.lists(st.sampled_from(["random", "heuristic"]),
                                   min_size=players - 1, max_size=players - 1))
    seat = data.draw(st.sampled_from([None, *range(players)]))
    e = RatkingGymEnv(game_id, players=players, opponents=opponents, seat=seat,
                      max_rounds=CAP)
    obs, info_ = e.reset(seed=seed)
    rng = random.Random(seed)
    done = False
    while not done:
        state = e.game_state
        assert e.observation_space.contains(obs)
        assert state.current_player == e.seat == info_["seat"]
        assert np.array_equal(obs, state.observation(e.seat))
        mask = info_["action_mask"]
        assert sorted(np.flatnonzero(mask)) == e.space.indices(state.legal_actions())
        obs, reward, terminated, truncated, info_ = e.step(rng.choice(np.flatnonzero(mask)))
        done = terminated or truncated
        assert reward == (state.returns()[e.seat] if done else 0.0)
    assert state.is_over and not info_["action_mask"].any() and info_["to_move"] == -1
    assert list(info_["scores"]) == state.scores()
    assert truncated == (state.end_reason == "round-cap" and game_id != "rat-and-duck")
    again = ratking.replay(json.loads(json.dumps(state.record())))
    assert again.to_json() == state.to_json()


def test_an_illegal_action_changes_nothing_and_says_why():
    e = RatkingGymEnv("rat-a-tat-roll", players=2)
    obs, info = e.reset(seed=4)
    before = e.game_state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    again, reward, terminated, truncated, info = e.step(illegal)
    assert np.array_equal(again, obs) and reward == 0.0 and not (terminated or truncated)
    assert info["illegal"].startswith(f"illegal action {e.space.ids[illegal]!r}: ")
    assert e.game_state.to_json() == before


def test_the_learner_and_the_bots_take_their_own_seats():
    e = RatkingGymEnv("you-dirty-rat", players=3, opponents=["heuristic", "random"], seat=1)
    e.reset(seed=2)
    assert [type(e.bots[p]).__name__ for p in (0, 2)] == ["HeuristicBot", "RandomBot"]
    assert e.game_state.to_move == 1
    seats = set()
    dealt = RatkingGymEnv("you-dirty-rat", players=3, seat=None)
    for seed in range(12):
        dealt.reset(seed=seed)
        seats.add(dealt.seat)
    assert seats == {0, 1, 2}


def test_bad_settings_are_refused():
    with pytest.raises(RatkingError, match="no bot"):
        RatkingGymEnv("rat-a-tat-roll", opponents="grandmaster")
    with pytest.raises(RatkingError, match="2 opponents given for 1"):
        RatkingGymEnv("rat-a-tat-roll", opponents=["random", "random"])
    with pytest.raises(RatkingError, match="seat must be"):
        RatkingGymEnv("rat-a-tat-roll", seat=2)
    with pytest.raises(ValueError, match="render_mode"):
        RatkingGymEnv("rat-a-tat-roll", render_mode="svg")
    with pytest.raises(RatkingError, match="recall must be True or False"):
        RatkingGymEnv("rat-a-tat-roll", recall="yes")


def test_recall_observes_the_information_state():
    # seed 004: without the memory aid a seat's view forgets the cards it was shown; with
    # recall=True the learner observes the information state, which keeps them
    e = gymnasium.make("ratking/rat-a-tat-roll-v0", players=2, recall=True)
    plain = gymnasium.make("ratking/rat-a-tat-roll-v0", players=2)
    obs, _ = e.reset(seed=4)
    seen, _ = plain.reset(seed=4)
    state = e.unwrapped.game_state
    assert np.array_equal(obs, state.information_state(e.unwrapped.seat))
    assert np.array_equal(seen, state.observation(e.unwrapped.seat))
    assert not np.array_equal(obs, seen)  # the first card, looked at during set-up
    e = RatkingGymEnv("rat-a-tat-roll")
    with pytest.raises(RatkingError, match="reset"):
        e.step(0)


def test_rendering():
    e = gymnasium.make("ratking/rat-and-duck-v0", render_mode="ansi")
    e.reset(seed=1)
    assert "to decide" in e.render()
    e = gymnasium.make("ratking/rat-and-duck-v0", render_mode="rgb_array")
    e.reset(seed=1)
    assert e.render().shape[2] == 3


def first_legal(obs: np.ndarray, mask: np.ndarray) -> int:
    """A policy: the lowest legal action number."""
    assert obs.dtype == np.float32 and mask.dtype == np.int8
    return int(np.flatnonzero(mask)[0])


def test_policies_sit_in_other_seats_alone_or_mixed_with_bots():
    e = RatkingGymEnv("you-dirty-rat", players=4, opponents=[first_legal, "heuristic",
                                                               first_legal], max_rounds=CAP)
    _, info = e.reset(seed=5)
    seen = []
    assert [type(e.bots[p]).__name__ for p in (1, 2, 3)] == \
        ["PolicySeat", "HeuristicBot", "PolicySeat"]
    rng = random.Random(5)
    done = False
    while not done:
        _, _, terminated, truncated, info = e.step(rng.choice(np.flatnonzero(
            info["action_mask"])))
        done = terminated or truncated
    state = e.game_state
    # every decision of seats 1 and 3 was their lowest legal action number
    replay = ratking.make("you-dirty-rat", max_rounds=CAP).new_game(4, seed=state.seed)
    for step in state.record()["actions"]:
        if replay.to_move in (1, 3):
            seen.append(step)
            assert step == e.space.ids[min(e.space.indices(replay.legal_actions()))]
        replay.apply(step)
    assert seen
    # one policy for every seat: self-play against a snapshot
    e = RatkingGymEnv("rat-a-tat-roll", players=3, opponents=first_legal)
    e.reset(seed=1)
    assert all(type(b).__name__ == "PolicySeat" for b in e.bots.values())


def test_a_policy_that_answers_an_illegal_action_is_an_error():
    e = RatkingGymEnv("rat-a-tat-roll", opponents=lambda obs, mask: int(np.flatnonzero(
        mask == 0)[0]), seat=1)
    with pytest.raises(ratking.IllegalAction):
        e.reset(seed=1)


def test_a_vector_env_autoresets_with_the_new_games_mask():
    # the Python core, whose states the rows are checked against (the native core is checked
    # against this one: tests/envs/test_vector_native.py)
    vec = gymnasium.make_vec("ratking/rat-a-tat-roll-v0", num_envs=3, core="python")
    assert type(vec).__name__ == "RatkingVectorEnv"
    obs, info = vec.reset(seed=2)
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(300):
        assert info["action_mask"].any(axis=1).all()  # every env has a legal action, always
        for i, state in enumerate(vec.states):  # rows are the games' own tensors and masks
            assert np.array_equal(obs[i], state.observation(vec.seats[i]))
            assert np.array_equal(info["action_mask"][i].astype(bool), state.action_mask())
        actions = [int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = vec.step(actions)
        done = terminated | truncated
        ended += int(done.sum())
        if done.any():
            assert list(info["_final_obs"]) == list(done)
            for i in np.flatnonzero(done):
                assert info["final_obs"][i].shape == obs[i].shape
                assert rewards[i] in (0.0, 0.5, 1.0)
    assert ended > 10


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32))
def test_random_play_through_the_vector_env(game_id, data, seed):
    from ratking.envs.vector import RatkingVectorEnv

    counts = [n for n in ratking.make(game_id).player_counts() if n <= 3] or [2]
    players = data.draw(st.sampled_from(counts))  # Rat & Duck: an even count
    n = data.draw(st.integers(1, 3))
    opponents = data.draw(st.sampled_from(["random", first_legal]))
    recall = data.draw(st.booleans())
    vec = RatkingVectorEnv(game_id, num_envs=n, players=players, opponents=opponents,
                           seat=None, max_rounds=CAP, recall=recall, core="python")
    obs, info = vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    finished = []
    for _ in range(40):
        for i, state in enumerate(vec.states):
            seat = vec.seats[i]
            assert not state.over and state.to_move == seat == info["seat"][i]
            # the seat's own view encoded, bit for bit (or its information state)
            expected = state.information_state(seat) if recall else view_observation(state, seat)
            assert obs[i].tobytes() == expected.tobytes()
            assert sorted(np.flatnonzero(info["action_mask"][i])) == \
                vec.space.indices(state.legal_actions())
        before = vec.states[:]
        actions = [int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]]
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i in np.flatnonzero(terminated | truncated):
            ended = before[i]
            final_seat = info["final_info"][i]["seat"]
            final = ended.information_state(final_seat) if recall else \
                view_observation(ended, final_seat)
            assert info["final_obs"][i].tobytes() == final.tobytes()
            if ended.over:
                assert rewards[i] == ended.returns()[final_seat]
            else:  # opponents that stalled (Rat & Duck's immediate actions, for ever)
                assert truncated[i] and not terminated[i] and rewards[i] == 0.0
            finished.append(ended)
    for state in finished:  # every game the vector env drove replays bit for bit
        again = ratking.replay(json.loads(json.dumps(state.record())))
        assert again.to_json() == state.to_json()


def test_opponents_that_stall_are_a_truncation_not_a_hang():
    # seed 003, 3.2.1: Link/Unlink are immediate and may be repeated any number of times, so a
    # policy that always takes the lowest action can link and unlink for ever in its turn
    from ratking.envs.gymnasium import RatkingGymEnv
    from ratking.envs.vector import RatkingVectorEnv

    env = RatkingGymEnv("rat-and-duck", players=2, opponents=first_legal, seat=None)
    rng = np.random.default_rng(0)
    stalls = 0
    for episode in range(12):
        _, info = env.reset(seed=episode)
        terminated = truncated = False
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = env.step(action)
        assert terminated == env.game_state.over
        if env.stalled:
            stalls += 1
            assert truncated and reward == 0.0
            with pytest.raises(RatkingError, match="reset"):
                env.step(action)
    assert stalls >= 1

    vec = RatkingVectorEnv("rat-and-duck", num_envs=2, players=2, opponents=first_legal,
                           seat=None)
    _, info = vec.reset(seed=2)
    cuts = 0
    for _ in range(400):
        actions = [int(rng.choice(np.flatnonzero(m))) for m in info["action_mask"]]
        _, _, _, truncated, info = vec.step(actions)
        cuts += int(truncated.sum())
        assert info["action_mask"].any(axis=1).all()  # every row is a live game again
    assert cuts >= 1


@pytest.mark.parametrize("core", ["python", "auto"])
def test_a_copy_of_the_vector_env_writes_its_own_arrays(core):
    # the env writes rows through memoryviews of its arrays (or the compiled core writes
    # them); a copy makes its own
    import copy

    from ratking.envs.vector import RatkingVectorEnv

    vec = RatkingVectorEnv("you-dirty-rat", num_envs=3, players=3, max_rounds=CAP, core=core)
    vec.reset(seed=4)
    twin = copy.deepcopy(vec)
    before = vec.observations.copy()
    actions = [int(np.flatnonzero(m)[0]) for m in vec.masks]
    stepped = twin.step(actions)[0]
    assert np.array_equal(vec.observations, before)  # the original is untouched
    assert not np.shares_memory(twin.observations, vec.observations)
    assert stepped.tobytes() == vec.step(actions)[0].tobytes()
