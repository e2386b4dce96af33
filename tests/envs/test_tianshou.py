"""Tianshou through the PettingZoo environment (`ratking.envs.final_rewards.FinalRewards`
and examples/tianshou_reinforce.py): every agent's last transition of a game pays its final
reward and ends, in every game; without the wrapper most do not; and a short self-play run of
the example beats the random bot. Run by hand without Tianshou, these skip and say so (under
CI they fail instead)."""

from __future__ import annotations

import importlib.util
import os
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratking
from ratking.envs.common import PolicySeat, Spec
from ratking.envs.final_rewards import FinalRewards
from ratking.envs.pettingzoo import env
from ratking.learn.winshare import win_share

if os.environ.get("CI"):
    import torch
    from tianshou.env import PettingZooEnv
else:
    torch = pytest.importorskip("torch", reason="the learn extra is not installed: make test")
    PettingZooEnv = pytest.importorskip(
        "tianshou.env", reason="the research extra is not installed: make test").PettingZooEnv

INFO = {info.id: info for info in ratking.list_games()}
GAMES = sorted(INFO)
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tianshou_reinforce.py"


Transition = tuple[str, float, bool]


def transitions(tianshou_env, games: int, seed: int) -> list[tuple[list[Transition], list]]:
    """Random legal play through Tianshou's env as its collector steps it: per game, its
    transitions (the agent that moved, its reward, done) in order, and the game's returns."""
    rng = random.Random(seed)
    obs, _ = tianshou_env.reset(seed=seed)
    played: list[tuple[list[Transition], list]] = [([], [])]
    while len(played) <= games:
        agent = obs["agent_id"]
        action = rng.choice(np.flatnonzero(obs["mask"]).tolist())
        obs, rewards, terminated, truncated, _ = tianshou_env.step(action)
        done = terminated or truncated
        played[-1][0].append((agent, float(rewards[tianshou_env.agent_idx[agent]]), done))
        if done:
            if not played[-1][1]:
                played[-1][1].extend(tianshou_env.env.unwrapped.game_state.returns())
            obs, _ = tianshou_env.reset()
            if getattr(tianshou_env.env, "telling", None) is None:
                played.append(([], []))
    return played[:games]


def seat(agent: str) -> int:
    return int(agent.removeprefix("player_"))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game_id=st.sampled_from(GAMES), seed=st.integers(0, 2**31 - 1), data=st.data())
def test_every_agent_s_last_transition_pays_its_final_reward_and_ends(game_id, seed, data):
    players = data.draw(st.sampled_from([INFO[game_id].min_players, INFO[game_id].max_players]))
    wrapped = FinalRewards(env(game_id, players=players, max_rounds=12))
    games = transitions(PettingZooEnv(wrapped), 3, seed)
    for game, returns in games:
        assert {agent for agent, _, _ in game} == set(wrapped.possible_agents)
        for agent in wrapped.possible_agents:
            mine = [(reward, done) for a, reward, done in game if a == agent]
            assert all(reward == 0 and not done for reward, done in mine[:-1])
            assert mine[-1] == (returns[seat(agent)], True)
        # the game's episode, then one episode of one step for each other agent
        assert sum(done for _, _, done in game) == players
    # the same seed replays the same transitions
    again = FinalRewards(env(game_id, players=players, max_rounds=12))
    assert transitions(PettingZooEnv(again), 3, seed) == games


def test_without_the_wrapper_only_the_last_mover_is_paid():
    games = transitions(PettingZooEnv(env("you-dirty-rat", players=2)), 20, 5)
    unpaid = 0
    for game, returns in games:
        last_agent, _, done = game[-1]
        assert done and sum(d for _, _, d in game) == 1
        other = next(a for a, _, _ in game if a != last_agent)
        assert all(reward == 0 for a, reward, _ in game if a == other)
        unpaid += returns[seat(other)]
    assert unpaid > 0, "some wins never reach the agent that won"


def test_the_final_turn_offers_one_action_and_a_seeded_reset_deals_at_once():
    wrapped = FinalRewards(env("rat-a-tat-roll", players=3, max_rounds=12))
    wrapped.reset(seed=2)
    rng = random.Random(2)
    while not (wrapped.terminations[wrapped.agent_selection]
               or wrapped.truncations[wrapped.agent_selection]):
        obs = wrapped.observe(wrapped.agent_selection)
        wrapped.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    mover = wrapped.agent_selection
    wrapped.reset()
    told = wrapped.telling
    assert told is not None and told != mover and wrapped.agent_selection == told
    obs, reward, terminated, truncated, _ = wrapped.last()
    assert obs["action_mask"].tolist() == [1] + [0] * (len(obs["action_mask"]) - 1)
    assert (reward, terminated, truncated) == (0.0, False, False)
    wrapped.step(0)
    assert wrapped.last()[2] or wrapped.last()[3]
    assert wrapped.rewards[told] == wrapped.unwrapped.game_state.returns()[seat(told)]
    wrapped.reset()
    assert wrapped.telling not in (None, told, mover)
    wrapped.reset(seed=3)
    assert wrapped.telling is None and not wrapped.unwrapped.game_state.over


def load_example():
    spec = importlib.util.spec_from_file_location("tianshou_reinforce", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.timeout(900)
def test_a_short_self_play_run_beats_random():
    example = load_example()
    torch.set_num_threads(1)
    torch.manual_seed(0)
    np.random.seed(0)
    actor = example.train("you-dirty-rat", updates=40, episodes=16, seed=0, plain=False)
    player = PolicySeat(example.act(actor), Spec("you-dirty-rat", 2, {}, recall=True))
    share, low, high = win_share(player, "you-dirty-rat", 2, "random", 200, seed=10_000)
    assert low > 0.5, f"{share:.0%} [{low:.0%}, {high:.0%}] against random"
