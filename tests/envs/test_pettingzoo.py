"""The PettingZoo AEC environment (ratking.envs.pettingzoo), for every game: PettingZoo's own
api_test, seed_test, render_test and performance_benchmark, the classic games' wrappers, the
default round caps, and random play through it that matches the engine step by step."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, performance_benchmark, render_test, seed_test

import ratking
from ratking import IllegalAction, RatkingError
from ratking.core.spaces import view_observation
from ratking.envs import pettingzoo as pz
from ratking.envs.common import ENV_ROUNDS, env_rounds
from ratking.envs.pettingzoo import env, raw_env

INFO = {info.id: info for info in ratking.list_games()}
GAMES = sorted(INFO)
CAP = 12  # max_rounds, so that every test game ends soon


# api_test warns that observations are dicts, as for PettingZoo's own classic games (which it
# lists by name to keep quiet about them)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(game_id):
    for players in (INFO[game_id].min_players, INFO[game_id].max_players):
        api_test(env(game_id, players=players, max_rounds=CAP), num_cycles=300)
        api_test(raw_env(game_id, players=players, max_rounds=CAP), num_cycles=300)
        seed_test(lambda p=players: env(game_id, players=p, max_rounds=CAP), num_cycles=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_render_test_and_performance_benchmark_pass(game_id, capsys):
    render_test(lambda render_mode=None: env(game_id, render_mode=render_mode))
    performance_benchmark(env(game_id))  # five seconds of random play, reset as games end
    assert "turns per second" in capsys.readouterr().out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_ends_under_random_play_within_its_cap(game_id):
    e = raw_env(game_id, players=2)
    assert e.game.rules.max_rounds == env_rounds(game_id)
    e.reset(seed=11)
    rng = random.Random(11)
    play(e, rng)
    state = e.game_state
    assert state.is_over and state.round <= env_rounds(game_id)
    if game_id == "rat-and-duck":  # its own limit, a rule of the game: termination
        assert env_rounds(game_id) == 25 and game_id not in ENV_ROUNDS
    # a caller's own cap wins, and None is no cap at all
    assert raw_env(game_id, max_rounds=7).game.rules.max_rounds == 7
    assert raw_env(game_id, max_rounds=None).game.rules.max_rounds is None


def play(e, rng: random.Random) -> list[int]:
    """Random masked play to the end, checking every observation; the actions taken."""
    taken = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        assert e.observation_space(agent).contains(obs)
        seat = e.possible_agents.index(agent)
        state = e.game_state
        # bit for bit the straightforward tensor: the seat's view encoded (or its information
        # state, which Rat-a-Tat Roll's tests prove against its memory aid's view)
        expected = state.information_state(seat) if e.recall else view_observation(state, seat)
        assert obs["observation"].tobytes() == expected.tobytes()
        if terminated or truncated:
            assert not obs["action_mask"].any()
            e.step(None)
            continue
        assert seat == state.current_player and reward == 0.0
        mask = obs["action_mask"]
        assert [e.space.ids[i] for i in np.flatnonzero(mask)] == \
            [e.space.ids[i] for i in e.space.indices(state.legal_actions())]
        for other in e.agents:  # only the agent to move has a mask
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        action = int(rng.choice(np.flatnonzero(mask)))
        taken.append(action)
        e.step(action)
    return taken


@pytest.mark.parametrize("game_id", GAMES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32), recall=st.booleans())
def test_random_play_through_the_environment_is_the_engine_game(game_id, data, seed, recall):
    players = data.draw(st.sampled_from(ratking.make(game_id).player_counts()))
    e = raw_env(game_id, players=players, max_rounds=CAP, recall=recall)
    e.reset(seed=seed)
    state = e.game_state
    play(e, random.Random(seed))
    assert e.agents == []
    assert state.is_over
    # the environment drove the engine: its record replays bit for bit
    again = ratking.replay(json.loads(json.dumps(state.record())))
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize("game_id", GAMES)
def test_rewards_termination_and_truncation_follow_the_game(game_id):
    players = INFO[game_id].min_players
    for cap, seed in ((2, 1), (None, 2)):
        rules = {} if cap is None else {"max_rounds": cap}
        e = env(game_id, players=players, **rules)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        ends = set()
        for agent in e.agent_iter():
            _, reward, terminated, truncated, info = e.last()
            total[agent] += reward
            if terminated or truncated:
                ends.add((terminated, truncated))
                assert info["scores"] == e.unwrapped.game_state.scores()
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
        state = e.unwrapped.game_state
        assert total == dict(zip(e.possible_agents, state.returns(), strict=True))
        # a cap that is the game's own rule (Rat & Duck's) ends it by its rules: termination
        capped = state.end_reason == "round-cap" and game_id != "rat-and-duck"
        assert ends == {(not capped, capped)}


def test_a_seed_fixes_the_games_that_follow():
    one, two = raw_env("you-dirty-rat", players=3), raw_env("you-dirty-rat", players=3)
    one.reset(seed=5)
    two.reset(seed=5)
    first = one.game_state.seed
    assert first == two.game_state.seed
    one.reset()
    two.reset()
    assert one.game_state.seed == two.game_state.seed != first


def test_bad_input_is_refused_and_changes_nothing():
    e = raw_env("rat-a-tat-roll", players=2)
    e.reset(seed=3)
    before = e.game_state.to_json()
    legal = set(e.space.indices(e.game_state.legal_actions()))
    illegal = next(i for i in range(len(e.space)) if i not in legal)
    with pytest.raises(IllegalAction):
        e.step(illegal)
    with pytest.raises(RatkingError, match="no action number"):
        e.step(len(e.space))
    with pytest.raises(ValueError, match="still playing"):
        e.step(None)
    assert e.game_state.to_json() == before
    with pytest.raises(RatkingError, match="takes 2 to 5 players"):
        env("rat-a-tat-roll", players=6)
    with pytest.raises(ratking.RulesError):
        env("rat-a-tat-roll", players=2, cards=99)
    with pytest.raises(ValueError, match="render_mode"):
        env("rat-a-tat-roll", render_mode="svg")


def test_the_wrapped_env_ends_the_game_on_an_illegal_move_and_enforces_order():
    e = env("rat-a-tat-roll", players=2)
    with pytest.raises(AttributeError, match="before reset"):
        e.last()
    e.reset(seed=3)
    agent = e.agent_selection
    state = e.unwrapped.game_state
    before = state.to_json()
    mask = e.last()[0]["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))  # PettingZoo logs a warning
    assert state.to_json() == before  # the engine never saw it
    rewards = {}
    for a in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        assert terminated and truncated
        rewards[a] = reward
        e.step(None)
    assert rewards[agent] == -1 and all(v == 0 for a, v in rewards.items() if a != agent)
    e.reset(seed=3)
    with pytest.raises(AssertionError):
        e.step(len(e.unwrapped.space))  # outside the space


def test_versioned_names_hold_both_envs():
    assert [g.replace("-", "_") + "_v0" for g in GAMES] == pz.ENV_NAMES
    e = pz.you_dirty_rat_v0.env(players=3)
    assert e.metadata["name"] == "ratking_you_dirty_rat_v0"
    assert {"render_modes", "render_fps"} <= set(e.metadata)
    assert isinstance(pz.rat_and_duck_v0.raw_env(), pz.RatkingEnv)


def test_render_modes_draw_the_table_for_a_spectator(capsys):
    e = raw_env("you-dirty-rat", players=2, render_mode="ansi")
    assert e.render() is None  # nothing to show before reset
    e.reset(seed=1)
    text = e.render()
    assert "to decide" in text and "\x1b[" not in text  # plain text
    assert raw_env("you-dirty-rat").render() is None  # no render mode: nothing
    human = raw_env("you-dirty-rat", render_mode="human")
    human.reset(seed=1)
    assert human.render() is None
    assert "to decide" in capsys.readouterr().out
    picture = raw_env("you-dirty-rat", render_mode="rgb_array")
    picture.reset(seed=1)
    image = picture.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.shape[0] > 100 and image.shape[1] > 100 and image.std() > 10


def test_each_observation_is_a_new_array_its_caller_owns():
    e = raw_env("you-dirty-rat", players=3, max_rounds=CAP)
    e.reset(seed=3)
    state = e.game_state
    agent = e.agent_selection
    first = e.observe(agent)
    expected = first["observation"].copy()
    first["observation"][:] = 0.5  # a caller may change its own arrays
    first["action_mask"][:] = 1
    again, *_ = e.last()
    assert again["observation"] is not first["observation"]
    assert again["observation"].tobytes() == expected.tobytes() == \
        state.observation(state.to_move).tobytes()
    assert np.array_equal(again["action_mask"], state.action_mask().astype(np.int8))
    assert np.array_equal(e.observe("player_1")["observation"], state.observation(1))
    e.step(int(np.flatnonzero(again["action_mask"])[0]))
    after, *_ = e.last()
    assert after["observation"].tobytes() == \
        e.game_state.observation(e.game_state.to_move).tobytes()
