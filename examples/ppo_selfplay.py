"""PPO self-play with sb3-contrib's MaskablePPO through the Gymnasium environment: the learner
plays one seat (dealt at random each game) against a pool of its own past selves, one drawn
for each game; then its win share against the random and the heuristic bot (95% Wilson
intervals, seats rotated).

    python examples/ppo_selfplay.py --game you-dirty-rat --steps 60000
    python examples/ppo_selfplay.py --game rat-a-tat-roll --steps 60000 --players 3

The pool starts with the untrained policy and takes a copy of the learner every
`--snapshot-every` steps, keeping the latest `--pool`; every other seat plays a past self
drawn from it at each new game, sampling its actions. The learner never meets a ratking bot in
training. `ratking train` does more (the heuristic and random play beside the pool, shaped
rewards, resuming, export for the `neural` bot); this is the library on its own.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import DummyVecEnv

import ratking.envs.gymnasium  # noqa: F401  (registers ratking/<game>-v0)
from ratking.envs.common import PolicySeat, Spec
from ratking.learn.winshare import win_shares


class PastSelf:
    """A seat played by a past self of the learner: a copy of its policy from the pool, drawn
    again at each new game (`draw`), its actions sampled."""

    def __init__(self, pool: list[Any], seed: int) -> None:
        self.pool = pool
        self.rng = random.Random(seed)
        self.policy: Any = None  # drawn before each game

    def draw(self) -> None:
        self.policy = self.rng.choice(self.pool)

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = self.policy.predict(obs, action_masks=mask.astype(bool), deterministic=False)
        return int(action)


class NewGameDraws(gymnasium.Wrapper):
    """Draws the other seats' past selves again before each game."""

    def __init__(self, env: gymnasium.Env, seats: list[PastSelf]) -> None:
        super().__init__(env)
        self.seats = seats

    def reset(self, **kwargs: Any) -> Any:
        for seat in self.seats:
            seat.draw()
        return self.env.reset(**kwargs)


class Snapshots(BaseCallback):
    """Adds a copy of the learner's policy to the pool every `every` steps (the oldest goes
    when it holds `size`)."""

    def __init__(self, pool: list[Any], every: int, size: int) -> None:
        super().__init__()
        self.pool, self.every, self.size = pool, every, size
        self.last = 0

    def _on_step(self) -> bool:
        if self.num_timesteps - self.last >= self.every:
            self.last = self.num_timesteps
            self.pool.append(copy.deepcopy(self.model.policy))
            del self.pool[:-self.size]
        return True


def make_envs(game_id: str, players: int, pool: list[Any], n_envs: int, seed: int) -> DummyVecEnv:
    """`n_envs` games, the learner's seat dealt at random, every other seat a past self."""
    def make(i: int) -> gymnasium.Env:
        seats = [PastSelf(pool, seed * 1000 + i * 10 + j) for j in range(players - 1)]
        env = gymnasium.make(f"ratking/{game_id}-v0", players=players, opponents=seats,
                             seat=None, recall=True)
        return NewGameDraws(env, seats)
    envs = DummyVecEnv([lambda i=i: make(i) for i in range(n_envs)])
    envs.seed(seed)
    return envs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="you-dirty-rat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=60_000,
                        help="learner steps to train (at least)")
    parser.add_argument("--pool", type=int, default=5, help="past selves kept")
    parser.add_argument("--snapshot-every", type=int, default=5_000, help="learner steps")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    pool: list[Any] = []
    envs = make_envs(args.game, args.players, pool, 4, args.seed)
    model = MaskablePPO("MlpPolicy", envs, n_steps=512, batch_size=256, gamma=0.995,
                        ent_coef=0.01, seed=args.seed, policy_kwargs={"net_arch": [64, 64]})
    pool.append(copy.deepcopy(model.policy))

    def line() -> str:
        def policy(obs: np.ndarray, mask: np.ndarray) -> int:
            action, _ = model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
            return int(action)
        player = PolicySeat(policy, Spec(args.game, args.players, {}, recall=True))
        return win_shares(player, args.game, args.players, args.eval_games, seed=10_000)

    print(f"before training   {line()}")
    start = time.process_time()
    model.learn(total_timesteps=args.steps,
                callback=Snapshots(pool, args.snapshot_every, args.pool))
    print(f"trained {model.num_timesteps:,} steps in {time.process_time() - start:.0f} CPU "
          f"seconds, {len(pool)} past selves in the pool")
    print(f"after training    {line()}")


if __name__ == "__main__":
    main()
