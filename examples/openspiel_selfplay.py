"""Self-play with OpenSpiel's own PyTorch agents on the OpenSpiel game: DQN or NFSP (Heinrich
and Silver, 2016), one agent per seat, through OpenSpiel's `rl_environment`; then their win
share against the random and the heuristic bot (95% Wilson intervals, seats rotated, each seat
played by the agent trained in it).

    python examples/openspiel_selfplay.py --game you-dirty-rat --algo dqn --episodes 1000
    python examples/openspiel_selfplay.py --game rat-a-tat-roll --algo nfsp --episodes 2000

The agents observe OpenSpiel's information-state tensor (ratking's `information_state`, which
keeps in Rat-a-Tat Roll the cards a seat was shown). A DQN agent is evaluated by its greedy
action; an NFSP agent by its average policy, the strategy NFSP converges with, sampled.

The knobs a researcher turns first: `--lr` (Adam's learning rate, of the Q-network and of
NFSP's average policy), `--decay` (the decisions of each agent over which exploration falls to
its floor), `--replay` (the replay buffer's capacity, in transitions) and `--learn-every` (an
agent's decisions per learning step). The default decay, 20 decisions a game, is about half of
a You Dirty Rat agent's; a Target: Rats agent takes some 600 decisions a game (2,000 in the
Simplified game, where random play runs to the round cap), so there exploration ends within
the first games unless `--decay` is set (to about half of episodes x that; in Target: Rats that
did not make DQN beat random: docs/strength.md).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import dqn, nfsp

import ratking.envs.openspiel  # noqa: F401  (registers ratking_<game> with OpenSpiel)
from ratking.core import State
from ratking.envs.common import PolicySeat, Spec
from ratking.learn.winshare import win_shares


def make_agents(args: argparse.Namespace, inputs: int, actions: int) -> list[Any]:
    """One agent per seat, with the command line's algorithm and knobs; exploration falls
    linearly over `--decay` of each agent's decisions."""
    common = {"hidden_layers_sizes": [64, 64], "batch_size": 128,
              "learn_every": args.learn_every, "min_buffer_size_to_learn": 1000,
              "optimizer_str": "adam", "replay_buffer_capacity": args.replay,
              "epsilon_decay_duration": args.decay or max(1000, args.episodes * 20)}
    if args.algo == "dqn":
        return [dqn.DQN(p, inputs, actions, learning_rate=args.lr, epsilon_start=1.0,
                        epsilon_end=0.05, epsilon_decay_schedule_str="linear",
                        update_target_network_every=500, seed=args.seed + p, **common)
                for p in range(args.players)]
    return [nfsp.NFSP(p, inputs, actions, reservoir_buffer_capacity=100_000,
                      anticipatory_param=0.1, rl_learning_rate=args.lr,
                      sl_learning_rate=args.lr, epsilon_start=0.06, epsilon_end=0.001,
                      seed=args.seed + p, **common)
            for p in range(args.players)]


def train(env: rl_environment.Environment, agents: list[Any], episodes: int) -> None:
    """OpenSpiel's self-play loop: the seat to move steps its agent; at the end every agent
    sees the final time step (its reward). A game that reaches the game's length bound ends
    there as a draw (in Rat & Duck, Link and Unlink can repeat within a turn for ever)."""
    for _ in range(episodes):
        time_step = env.reset()
        while not time_step.last():
            seat = time_step.observations["current_player"]
            time_step = env.step([agents[seat].step(time_step).action])
        for agent in agents:
            agent.step(time_step)


class Seats:
    """Every seat played by the agent trained in it: its greedy (DQN) or average-policy (NFSP)
    action, through OpenSpiel's own `step` in evaluation."""

    def __init__(self, agents: list[Any], spec: Spec) -> None:
        self.seats = [PolicySeat(self.policy(agent, len(agents)), spec) for agent in agents]

    @staticmethod
    def policy(agent: Any, players: int) -> Any:
        def act(obs: np.ndarray, mask: np.ndarray) -> int:
            seat = agent.player_id
            time_step = rl_environment.TimeStep(
                observations={"info_state": [obs] * players,
                              "legal_actions": [np.flatnonzero(mask).tolist()] * players,
                              "current_player": seat},
                rewards=[0.0] * players, discounts=[1.0] * players,
                step_type=rl_environment.StepType.MID)
            if isinstance(agent, nfsp.NFSP):
                with agent.temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
                    return int(agent.step(time_step, is_evaluation=True).action)
            return int(agent.step(time_step, is_evaluation=True).action)
        return act

    def choose(self, state: State) -> Any:
        return self.seats[state.to_move].choose(state)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="you-dirty-rat")
    parser.add_argument("--algo", choices=["dqn", "nfsp"], default="dqn")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=1000, help="self-play games to train")
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument("--decay", type=int, default=0,
                        help="an agent's decisions over which exploration falls "
                             "(0: 20 a game)")
    parser.add_argument("--replay", type=int, default=50_000,
                        help="replay buffer capacity (transitions)")
    parser.add_argument("--learn-every", type=int, default=16,
                        help="an agent's decisions per learning step")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    np.random.seed(args.seed)
    name = "ratking_" + args.game.replace("-", "_")
    game = pyspiel.load_game(name, {"players": args.players, "seed": args.seed})
    env = rl_environment.Environment(game)
    agents = make_agents(args, env.observation_spec()["info_state"][0],
                         env.action_spec()["num_actions"])
    start = time.process_time()
    train(env, agents, args.episodes)
    print(f"{args.algo}: trained {args.episodes:,} games of self-play in "
          f"{time.process_time() - start:.0f} CPU seconds")
    player = Seats(agents, Spec(args.game, args.players, {}, recall=True))
    print(win_shares(player, args.game, args.players, args.eval_games, seed=10_000))


if __name__ == "__main__":
    main()
