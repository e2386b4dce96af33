"""`ratking train` hands PPO a game the round cap stopped as a termination (its result is the
whole return, nothing to bootstrap), a cut that leaves a game unfinished as a truncation, and
rewards shaped by the game's evaluation that add up to the result less the start's potential.
Stable-Baselines3 comes with the learn extra: without it these skip (under CI they fail)."""

from __future__ import annotations

import os

import numpy as np
import pytest

from ratking.envs.gymnasium import RatkingGymEnv
from ratking.learn.rewards import GameOver, Shaped

if not os.environ.get("CI"):
    pytest.importorskip("stable_baselines3", reason="the learn extra is not installed: make test")
from stable_baselines3.common.vec_env import DummyVecEnv


def play(env, rng, seed):
    """One episode of random legal moves: (reward, terminated, truncated, info) at its end."""
    _, info = env.reset(seed=seed)
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
    return reward, terminated, truncated, info


def test_a_game_the_round_cap_stops_is_over_for_ppo():
    # two rounds of Target: Rats Simplified under random play end at the cap, a draw
    rng = np.random.default_rng(0)
    raw = RatkingGymEnv("target-rats-simplified", 2, opponents="random", seat=None, max_rounds=2)
    reward, terminated, truncated, _ = play(raw, rng, 1)
    assert raw.game_state.end_reason == "round-cap"
    assert truncated and not terminated and reward == 0.5  # the environments' convention

    env = GameOver(RatkingGymEnv("target-rats-simplified", 2, opponents="random", seat=None,
                                 max_rounds=2))
    for seed in range(3):
        reward, terminated, truncated, _ = play(env, rng, seed)
        assert env.unwrapped.game_state.end_reason == "round-cap"
        assert terminated and not truncated and reward == 0.5

    # so Stable-Baselines3 does not add the value of the final observation to the draw
    vec = DummyVecEnv([lambda: GameOver(RatkingGymEnv(
        "target-rats-simplified", 2, opponents="random", seat=None, max_rounds=2))])
    vec.seed(4)
    vec.reset()
    for _ in range(10_000):
        mask = vec.env_method("action_masks")[0]
        _, rewards, dones, infos = vec.step(np.array([int(rng.choice(np.flatnonzero(mask)))]))
        if dones[0]:
            break
    assert dones[0] and rewards[0] == 0.5 and not infos[0]["TimeLimit.truncated"]


def first_legal(obs, mask):
    return int(np.flatnonzero(mask)[0])


def test_a_game_left_unfinished_stays_a_truncation():
    # seed 003, 3.2.1: Link and Unlink may be repeated for ever, so this opponent stalls
    env = GameOver(RatkingGymEnv("rat-and-duck", 2, opponents=first_legal, seat=None))
    rng = np.random.default_rng(0)
    stalls = 0
    for seed in range(12):
        reward, terminated, truncated, _ = play(env, rng, seed)
        assert terminated == env.unwrapped.game_state.over and terminated != truncated
        if env.unwrapped.stalled:
            stalls += 1
            assert truncated and reward == 0.0
    assert stalls >= 1


@pytest.mark.parametrize("game_id", ["rat-and-duck", "rat-a-tat-roll", "target-rats-simplified"])
def test_shaped_rewards_pay_progress_and_add_up_to_the_result(game_id):
    rng = np.random.default_rng(1)
    for seed in range(3):
        raw = GameOver(RatkingGymEnv(game_id, 2, opponents="heuristic", seat=None,
                                     max_rounds=8))
        env = Shaped(raw, gamma=1.0)
        _, info = env.reset(seed=seed)
        start = env.potential
        state = raw.unwrapped.game_state
        assert start == raw.unwrapped.game.evaluate(state)[raw.unwrapped.seat] > 0
        shaped, paid, terminated, truncated = [], 0.0, False, False
        while not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, reward, terminated, truncated, info = env.step(action)
            shaped.append(reward)
        paid = raw.unwrapped.game_state.returns()[raw.unwrapped.seat]
        assert terminated and env.potential == 0.0
        # with no discount the shaping telescopes: the result less the start's win chance
        assert sum(shaped) == pytest.approx(paid - start)
        assert any(abs(r) > 1e-6 for r in shaped[:-1])  # progress is paid as it happens

    # an illegal action changes nothing and is paid nothing
    env = Shaped(RatkingGymEnv(game_id, 2, opponents="random"), gamma=0.9)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, _, _, info = env.step(illegal)
    assert "illegal" in info and reward == 0.0
