"""The PettingZoo AEC environment (ratking.envs.pettingzoo), for every game: PettingZoo's own
api_test and seed_test, and random play through it that matches the engine step by step."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import ratking
from ratking import IllegalAction, RatkingError
from ratking.envs.pettingzoo import env

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
        seed_test(lambda p=players: env(game_id, players=p, max_rounds=CAP), num_cycles=300)


def play(e, rng: random.Random) -> list[int]:
    """Random masked play to the end, checking every observation; the actions taken."""
    taken = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        assert e.observation_space(agent).contains(obs)
        seat = e.possible_agents.index(agent)
        state = e.game_state
        tensor = state.information_state if e.recall else state.observation
        assert np.array_equal(obs["observation"], tensor(seat))
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
    e = env(game_id, players=players, max_rounds=CAP, recall=recall)
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
        if cap is None and game_id in ("target-rats-simplified", "target-rats"):
            rules = {"max_rounds": 400}  # random rats rarely finish without a cap
        e = env(game_id, players=players, **rules)
        e.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total = dict.fromkeys(e.possible_agents, 0.0)
        ends = set()
        for agent in e.agent_iter():
            _, reward, terminated, truncated, _ = e.last()
            total[agent] += reward
            if terminated or truncated:
                ends.add((terminated, truncated))
                e.step(None)
            else:
                e.step(int(rng.choice(np.flatnonzero(e.observe(agent)["action_mask"]))))
        state = e.game_state
        assert total == dict(zip(e.possible_agents, state.returns(), strict=True))
        capped = state.end_reason == "round-cap"
        assert ends == {(not capped, capped)}


def test_a_seed_fixes_the_games_that_follow():
    one, two = env("you-dirty-rat", players=3), env("you-dirty-rat", players=3)
    one.reset(seed=5)
    two.reset(seed=5)
    first = one.game_state.seed
    assert first == two.game_state.seed
    one.reset()
    two.reset()
    assert one.game_state.seed == two.game_state.seed != first


def test_bad_input_is_refused_and_changes_nothing():
    e = env("rat-a-tat-roll", players=2)
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
        env("rat-a-tat-roll", render_mode="human")


def test_ansi_rendering_shows_the_table_to_a_spectator():
    e = env("you-dirty-rat", players=2, render_mode="ansi")
    assert e.render() is None  # nothing to show before reset
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "to decide" in text
    assert env("you-dirty-rat").render() is None  # no render mode: nothing


def test_an_observation_is_built_once_per_state_and_seat_and_each_caller_owns_a_copy(
        monkeypatch):
    e = env("you-dirty-rat", players=3, max_rounds=CAP)
    e.reset(seed=3)
    state = e.game_state
    built = []
    encode = type(e.game).encode_state
    monkeypatch.setattr(type(e.game), "encode_state", lambda game, s, seat, lay, out: (
        built.append(seat), encode(game, s, seat, lay, out))[1])
    agent = e.agent_selection
    first = e.observe(agent)["observation"]
    expected = first.copy()
    first[:] = 0.5  # a caller may change its copy
    again, *_ = e.last()
    assert built == [0]  # seat 0's tensor, built once for this state
    assert np.array_equal(again["observation"], expected)
    assert np.array_equal(e.observe("player_1")["observation"], state.observation(1))
    e.step(int(np.flatnonzero(again["action_mask"])[0]))
    built.clear()
    e.last()
    assert built == [e.game_state.to_move]  # a new state: built again
