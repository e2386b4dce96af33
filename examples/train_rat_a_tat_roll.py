"""Train a small agent on Rat-a-Tat Roll through the Gymnasium environment, on a CPU, with
numpy alone: a small network (one hidden layer) over the observation tensor, its softmax
masked to the legal actions, trained by REINFORCE (policy gradient with a running baseline)
against the random bot (`--train-against` picks others), taking either seat. The reward is
the win (1, a share of 1 for a shared win) plus the margin of its card total over the
opponent's, a signal even in a lost game.

It prints the agent's win share against each bot (a shared win counts its share; 95% Wilson
intervals) before training (the untrained policy picks uniformly: it is the random bot) and
after, sampling from the policy and playing its most likely action.

    python examples/train_rat_a_tat_roll.py                # 20,000 games: minutes on one core
    python examples/train_rat_a_tat_roll.py --episodes 4000 --eval-games 300   # a quick look

The game is played by the rulebook, without the memory aid, and the agent observes its
information state (`recall=True`): the policy has no memory of its own, and Rat-a-Tat Roll is
a memory game, so its observation keeps every card value its seat was shown (the view, and
the plain observation, forget them). That tensor is bit for bit the memory aid's observation.
"""

from __future__ import annotations

import argparse
import time

import gymnasium
import numpy as np

import ratking.envs.gymnasium  # noqa: F401  (registers ratking/<game>-v0)
from ratking.sim import wilson

GAME = "ratking/rat-a-tat-roll-v0"
RULES = {"players": 2, "seat": None, "recall": True}
SCORE_WEIGHT = 1.0


class Policy:
    """A small network: one hidden layer of tanh units, then a softmax over the actions with
    the illegal ones masked out. The output layer starts at zero, so the untrained policy
    picks uniformly among the legal actions."""

    def __init__(self, inputs: int, actions: int, hidden: int,
                 rng: np.random.Generator) -> None:
        self.params = [rng.normal(0, 1 / np.sqrt(inputs), (hidden, inputs)), np.zeros(hidden),
                       np.zeros((actions, hidden)), np.zeros(actions)]
        self.rng = rng
        self.moments = [(np.zeros_like(x), np.zeros_like(x)) for x in self.params]
        self.t = 0

    @property
    def size(self) -> int:
        return sum(x.size for x in self.params)

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        w1, b1, w2, b2 = self.params
        logits = w2 @ np.tanh(w1 @ x + b1) + b2
        logits[mask == 0] = -np.inf
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def act(self, x: np.ndarray, mask: np.ndarray, greedy: bool) -> tuple[int, np.ndarray]:
        p = self.probs(x, mask)
        a = int(p.argmax()) if greedy else int(self.rng.choice(len(p), p=p))
        return a, p

    def gradient(self, xs: np.ndarray, actions: np.ndarray, probs: np.ndarray,
                 advantages: np.ndarray) -> list[np.ndarray]:
        """The policy gradient over a batch of decisions: the sum of advantage times
        d log p(action) / d parameters."""
        w1, b1, w2, _ = self.params
        h = np.tanh(xs @ w1.T + b1)
        g = -probs
        g[np.arange(len(actions)), actions] += 1.0  # d log p(a) / d logits
        g *= advantages[:, None]
        dh = (g @ w2) * (1 - h * h)
        return [dh.T @ xs, dh.sum(axis=0), g.T @ h, g.sum(axis=0)]

    def update(self, grads: list[np.ndarray], lr: float) -> None:
        """One Adam step up the gradient."""
        self.t += 1
        for param, grad, (m, v) in zip(self.params, grads, self.moments, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param += lr * (m / (1 - 0.9 ** self.t)) / (np.sqrt(v / (1 - 0.999 ** self.t))
                                                        + 1e-8)


def play(env: gymnasium.Env, policy: Policy, seed: int, greedy: bool,
         trace: list | None = None) -> tuple[float, float]:
    """One game: the agent's reward (its share of the win) and its card total less the
    opponent's (the final scores are shown to all at the end). With `trace`, record each of
    its decisions as (observation, action, probabilities)."""
    obs, info = env.reset(seed=seed)
    while True:
        mask = info["action_mask"]
        action, p = policy.act(obs, mask, greedy)
        if trace is not None:
            trace.append((obs, action, p))
        obs, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            scores = env.unwrapped.game_state.scores()
            seat = info["seat"]
            return reward, scores[seat] - scores[1 - seat]


def evaluate(envs: dict[str, gymnasium.Env], policy: Policy, games: int, seed: int,
             greedy: bool) -> dict[str, tuple[float, float, float]]:
    out = {}
    for name, env in envs.items():
        total = sum(play(env, policy, seed + g, greedy)[0] for g in range(games))
        low, high = wilson(total, games)
        out[name] = (total / games, low, high)
    return out


def report(label: str, results: dict[str, tuple[float, float, float]]) -> None:
    parts = [f"vs {name}: {share:.1%} [{low:.1%}, {high:.1%}]"
             for name, (share, low, high) in results.items()]
    print(f"{label:>15}  " + "   ".join(parts), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=20_000, help="training games")
    parser.add_argument("--batch", type=int, default=20, help="games per update")
    parser.add_argument("--lr", type=float, default=0.003, help="Adam step size")
    parser.add_argument("--hidden", type=int, default=64, help="hidden units")
    parser.add_argument("--eval-games", type=int, default=1000, help="games per bot, each time")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--train-against", default="random",
                        help="the bots to train against, in turn (comma-separated)")
    args = parser.parse_args()

    envs = {bot: gymnasium.make(GAME, opponents=bot, **RULES) for bot in ("random", "heuristic")}
    sample = envs["random"]
    space = sample.unwrapped.space
    rng = np.random.default_rng(args.seed)
    inputs = sample.observation_space.shape[0]
    policy = Policy(inputs, sample.action_space.n, args.hidden, rng)
    print(f"Rat-a-Tat Roll, 2 players, information-state observations of {inputs} values, "
          f"{len(space)} actions; a policy of {policy.size:,} weights")
    evaluation_seed = 10**9  # evaluation games are never training games
    # untrained, every legal action is equally likely: the agent plays as the random bot
    report("before training", evaluate(envs, policy, args.eval_games, evaluation_seed, False))

    start = time.perf_counter()
    baseline = 0.0
    opponents = [envs[bot] if bot in envs else gymnasium.make(GAME, opponents=bot, **RULES)
                 for bot in args.train_against.split(",")]
    episode = 0
    while episode < args.episodes:
        xs, actions, probs, advantages, rewards = [], [], [], [], []
        for _ in range(args.batch):
            trace: list = []
            env = opponents[episode % len(opponents)]
            reward, margin = play(env, policy, args.seed * 10**6 + episode, greedy=False,
                                  trace=trace)
            # the win, plus the margin over the opponent's total: a lost game still says
            # whether it was close (totals run from 0 to about 45)
            reward -= SCORE_WEIGHT * margin / 45
            for obs, action, p in trace:
                xs.append(obs)
                actions.append(action)
                probs.append(p)
                advantages.append(reward - baseline)
            rewards.append(reward)
            episode += 1
        baseline = 0.9 * baseline + 0.1 * float(np.mean(rewards))
        grads = policy.gradient(np.array(xs), np.array(actions), np.array(probs),
                                np.array(advantages))
        policy.update([g / args.batch for g in grads], args.lr)
        if episode % (args.episodes // 5) < args.batch:
            sure = float(np.mean([p.max() for p in probs]))
            print(f"  {episode:>6} games, {time.perf_counter() - start:5.0f} s, "
                  f"recent reward {np.mean(rewards):+.2f}, mean top probability {sure:.2f}",
                  flush=True)
    print(f"trained on {episode:,} games in {time.perf_counter() - start:.0f} s")
    report("after (sampled)", evaluate(envs, policy, args.eval_games, evaluation_seed, False))
    report("after (greedy)", evaluate(envs, policy, args.eval_games, evaluation_seed, True))



if __name__ == "__main__":
    main()
