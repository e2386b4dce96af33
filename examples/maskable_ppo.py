"""Train an agent with a real library through the Gymnasium environment: sb3-contrib's
MaskablePPO (the `learn` extra) on You Dirty Rat, two players, against the random bot with the
learner's seat dealt at random, for a few CPU minutes; then its win share against the random
and the heuristic bot, through the same environment (95% Wilson intervals).

    python examples/maskable_ppo.py                      # 60,000 steps: a few CPU minutes
    python examples/maskable_ppo.py --game rat-a-tat-roll --steps 20000

`ratking train` does more (self-play against a pool of snapshots and the heuristic, resuming,
export to numpy for the `neural` bot); this is the library on its own, with no glue.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import ratking.envs.gymnasium  # noqa: F401  (registers ratking/<game>-v0)
from ratking.sim import wilson


def win_share(model: MaskablePPO, game_id: str, opponent: str, games: int) -> str:
    """The model's share of wins against `opponent`, playing its likeliest legal action."""
    env = gymnasium.make(f"ratking/{game_id}-v0", opponents=opponent, seat=None)
    total = 0.0
    for g in range(games):
        obs, info = env.reset(seed=10_000 + g)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool),
                                      deterministic=True)
            obs, reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        total += reward
    low, high = wilson(total, games)
    return f"{total / games:.0%} [{low:.0%}, {high:.0%}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="you-dirty-rat")
    parser.add_argument("--steps", type=int, default=60_000, help="learner steps to train")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    envs = make_vec_env(f"ratking/{args.game}-v0", n_envs=4, seed=args.seed,
                        env_kwargs={"opponents": "random", "seat": None})
    model = MaskablePPO("MlpPolicy", envs, n_steps=512, batch_size=256, gamma=0.995,
                        ent_coef=0.01, seed=args.seed, policy_kwargs={"net_arch": [64, 64]})
    print(f"before training   vs random {win_share(model, args.game, 'random', args.eval_games)}"
          f"   vs heuristic {win_share(model, args.game, 'heuristic', args.eval_games)}")
    start = time.process_time()
    model.learn(total_timesteps=args.steps)
    print(f"trained {args.steps:,} steps in {time.process_time() - start:.0f} CPU seconds")
    print(f"after training    vs random {win_share(model, args.game, 'random', args.eval_games)}"
          f"   vs heuristic {win_share(model, args.game, 'heuristic', args.eval_games)}")


if __name__ == "__main__":
    main()
