"""Self-play with Tianshou through the PettingZoo environment: one masked policy, trained by
Tianshou's REINFORCE, plays every seat of a two-player game; then its win share against the
random and the heuristic bot (95% Wilson intervals, seats rotated).

    python examples/tianshou_reinforce.py                  # You Dirty Rat, 40 updates
    python examples/tianshou_reinforce.py --game rat-a-tat-roll --updates 100
    python examples/tianshou_reinforce.py --plain          # without FinalRewards

The recipe is one wrapper: `PettingZooEnv(FinalRewards(env(...)))`. Tianshou's PettingZooEnv
ends the episode at the step that ends the game, a transition of the agent that made the last
move, so without the wrapper the other agents' last transitions pay 0 and run on into their
next game: their wins and losses never reach the learner (`--plain` trains so, to compare).
`ratking.envs.final_rewards.FinalRewards` gives each other agent one more one-step episode, its
final observation with one legal action, that pays its final reward. `--episodes` counts those
episodes too: with the wrapper, 16 episodes are 8 games of two players.
"""

from __future__ import annotations

import argparse
import logging
import time
from collections.abc import Callable

import numpy as np
import torch
from tianshou.algorithm import Reinforce
from tianshou.algorithm.modelfree.reinforce import DiscreteActorPolicy
from tianshou.algorithm.multiagent.marl import MultiAgentOnPolicyAlgorithm
from tianshou.algorithm.optim import AdamOptimizerFactory
from tianshou.data import Batch, Collector, VectorReplayBuffer
from tianshou.env import DummyVectorEnv, PettingZooEnv
from tianshou.utils.torch_utils import policy_within_training_step

from ratking.envs import pettingzoo
from ratking.envs.common import PolicySeat, Spec
from ratking.envs.final_rewards import FinalRewards
from ratking.learn.winshare import win_shares


class MaskedActor(torch.nn.Module):
    """Logits over the action space from a PettingZooEnv observation (`obs`, `mask`), the
    illegal actions' set far below any legal one's."""

    def __init__(self, observations: int, actions: int, hidden: int = 64) -> None:
        super().__init__()
        self.net = torch.nn.Sequential(
            torch.nn.Linear(observations, hidden), torch.nn.Tanh(),
            torch.nn.Linear(hidden, hidden), torch.nn.Tanh(),
            torch.nn.Linear(hidden, actions))

    def forward(self, obs: Batch, state: object = None, info: object = None
                ) -> tuple[torch.Tensor, object]:
        logits = self.net(torch.as_tensor(np.asarray(obs.obs), dtype=torch.float32))
        mask = torch.as_tensor(np.asarray(obs.mask), dtype=torch.bool)
        return logits.masked_fill(~mask, -1e9), state


def make_env(game_id: str, plain: bool) -> PettingZooEnv:
    """Tianshou's view of a two-player game: with FinalRewards unless `plain`."""
    aec = pettingzoo.env(game_id, players=2, recall=True)
    return PettingZooEnv(aec if plain else FinalRewards(aec))


def act(actor: MaskedActor) -> Callable[[np.ndarray, np.ndarray], int]:
    """The actor as a policy callable: its likeliest legal action."""
    def policy(obs: np.ndarray, mask: np.ndarray) -> int:
        with torch.no_grad():
            logits, _ = actor(Batch(obs=obs[None], mask=mask[None].astype(bool)))
        return int(logits.argmax())
    return policy


def train(game_id: str, updates: int, episodes: int, seed: int, plain: bool,
          lr: float = 3e-3, batch_size: int = 64, repeat: int = 4) -> MaskedActor:
    """One REINFORCE learner in both seats: `updates` rounds of `episodes` collected games
    (and the final-reward episodes), each followed by `repeat` passes of gradient steps over
    them in minibatches of `batch_size` transitions, for each seat's transitions in turn."""
    envs = DummyVectorEnv([lambda: make_env(game_id, plain) for _ in range(4)])
    envs.seed(seed)
    probe = make_env(game_id, plain)
    space = probe.observation_space["observation"]
    actor = MaskedActor(space.shape[0], probe.action_space.n)
    policy = DiscreteActorPolicy(actor=actor, action_space=probe.action_space)
    learner = Reinforce(policy=policy, gamma=0.99, return_standardization=True,
                        optim=AdamOptimizerFactory(lr=lr))
    algorithm = MultiAgentOnPolicyAlgorithm(algorithms=[learner, learner], env=probe)
    collector = Collector(algorithm, envs, VectorReplayBuffer(20_000, len(envs)))
    collector.reset()
    for _ in range(updates):
        collector.collect(n_episode=episodes)
        with policy_within_training_step(algorithm.policy):
            algorithm.update(buffer=collector.buffer, batch_size=batch_size, repeat=repeat)
        collector.reset_buffer(keep_statistics=True)
    return actor


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="you-dirty-rat")
    parser.add_argument("--updates", type=int, default=40, help="training updates")
    parser.add_argument("--episodes", type=int, default=16,
                        help="episodes collected before each update")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lr", type=float, default=3e-3, help="Adam's learning rate")
    parser.add_argument("--plain", action="store_true",
                        help="Tianshou's PettingZooEnv alone, without FinalRewards")
    args = parser.parse_args()
    torch.set_num_threads(1)
    # the collector's summary of a reward per agent warns that it flattens it, at every collect
    logging.getLogger("tianshou.data.stats").setLevel(logging.ERROR)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    start = time.process_time()
    actor = train(args.game, args.updates, args.episodes, args.seed, args.plain, args.lr)
    print(f"trained {args.updates} updates in {time.process_time() - start:.0f} CPU seconds"
          f" ({'plain PettingZooEnv' if args.plain else 'FinalRewards'})")
    player = PolicySeat(act(actor), Spec(args.game, 2, {}, recall=True))
    print(win_shares(player, args.game, 2, args.eval_games, seed=10_000))


if __name__ == "__main__":
    main()
