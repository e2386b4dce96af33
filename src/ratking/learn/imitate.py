"""`ratking train --imitate GAMES`: a fresh run first copies a teacher bot, then self-play goes on
from there.

The teacher (the heuristic) plays the learner's seat for `GAMES` games in the same
environments PPO learns in (the learner's seat dealt at random, the heuristic and random play
in the other seats, game by game in turn), and every decision it takes is kept: the seat's
observation, the legal actions and the teacher's choice, and the discounted return of the
shaped rewards from there. The policy network is then fitted to the choices (cross-entropy
over the legal actions, as PPO's masked distribution reads them) and the value network to the
returns, so PPO starts from a policy that already plays much as the teacher does (a copy
errs where the network cannot follow the teacher) and a value that knows what its positions
are worth.

Why: some skills pay only after a long chain of the right moves, which self-play from random
play may take hours to find or never find (Rat & Duck's government researches four times
before anything pays; Rat-a-Tat Roll's dice choice depends on the ring, the pawn and five
cards at once), while a bot that plays them is at hand. This is behaviour cloning, the warm
start AlphaStar and others give reinforcement learning from demonstrations.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..bots import make_bot
from ..core import RatkingError
from ..core.rng import derive_seed

TEACHER = "heuristic"
RIVALS = ("heuristic", "random")  # the other seats, game by game in turn
EPOCHS = 20
REFIT_EPOCHS = 5  # passes over all the decisions after each DAgger round
BATCH = 256
LEARNING_RATE = 1e-3
HELD_OUT = 0.1  # the share of games kept out of the fit to measure agreement on


@dataclass
class Demonstrations:
    """The teacher's decisions: one row each, in the order played."""

    observations: np.ndarray  # float32, (n, tensor size)
    masks: np.ndarray  # bool, (n, actions)
    actions: np.ndarray  # int64, (n,)
    returns: np.ndarray  # float32, (n,): discounted shaped return from the decision on
    games: np.ndarray  # int32, (n,): the game each decision belongs to

    def extended(self, more: Demonstrations) -> Demonstrations:
        """These decisions and then `more`'s, its games numbered after these."""
        first = int(self.games.max()) + 1 if len(self.games) else 0
        return Demonstrations(*(np.concatenate(pair) for pair in (
            (self.observations, more.observations), (self.masks, more.masks),
            (self.actions, more.actions), (self.returns, more.returns),
            (self.games, more.games + first))))


Tick = Callable[[str, int, int], None]  # (what is being done, done so far, out of)


def quiet(what: str, done: int, total: int) -> None:
    """A `Tick` that shows nothing."""


def demonstrations(game_id: str, players: int, recall: bool, games: int, seed: int,
                   gamma: float, tick: Tick = quiet, player: Any = None) -> Demonstrations:
    """Play `games` games with the teacher in the learner's seat (see the module); `tick` is
    told of each game played. With a `player` (a bot), it plays the seat instead and the
    teacher only names its move at each decision, which is what is kept (DAgger's rounds)."""
    from ..envs.gymnasium import RatkingGymEnv
    from .rewards import GameOver, Shaped

    envs = [Shaped(GameOver(RatkingGymEnv(game_id, players, opponents=rival, seat=None,
                                          recall=recall)), gamma) for rival in RIVALS]
    observations, masks = Rows(np.float32), Rows(np.bool_)
    actions: list[int] = []
    returns: list[float] = []
    game_of: list[int] = []
    doing = "playing the heuristic's games" if player is None else "playing the copy's games"
    for g in range(games):
        tick(doing, g, games)
        env = envs[g % len(envs)]
        raw = env.unwrapped
        teacher = make_bot(TEACHER, derive_seed(seed, g))
        obs, info = env.reset(seed=derive_seed(seed + 1, g))
        rewards: list[float] = []
        done = False
        while not done:
            action = raw.space.index(teacher.choose(raw.game_state))
            observations.add(obs)
            masks.add(info["action_mask"])
            actions.append(action)
            game_of.append(g)
            if player is not None:
                action = raw.space.index(player.choose(raw.game_state))
            obs, reward, terminated, truncated, info = env.step(action)
            if "illegal" in info:  # a fault in a bot: stop rather than loop for ever
                raise RatkingError(f"the {player.name if player else TEACHER} bot chose an "
                                   f"illegal move: {info['illegal']}")
            rewards.append(float(reward))
            done = terminated or truncated
        tail = 0.0
        back: list[float] = []
        for reward in reversed(rewards):
            tail = reward + gamma * tail
            back.append(tail)
        returns.extend(reversed(back))
    return Demonstrations(observations.joined(), masks.joined(),
                          np.array(actions, dtype=np.int64),
                          np.array(returns, dtype=np.float32),
                          np.array(game_of, dtype=np.int32))


class Rows:
    """Rows of one shape and type, added one at a time and joined into one array at the end.

    They are written into blocks of about `BLOCK_BYTES`, each its own memory mapping, which
    the joining copies and unmaps one by one: a long copy (Rat & Duck's 40,000 games are 3
    million decisions) needs little more than its final arrays. A row per small array, or a
    block per game, would leave the allocator's heap holding a second copy's worth."""

    BLOCK_BYTES = 64 << 20  # above glibc's largest mmap threshold (32 MB)

    def __init__(self, dtype: type) -> None:
        self.dtype = np.dtype(dtype)
        self.blocks: list[np.ndarray] = []
        self.count = 0
        self.per_block = 0
        self.shape: tuple[int, ...] = (0,)

    def add(self, row: np.ndarray) -> None:
        """Copy `row` in (it may be reused by its maker after)."""
        if not self.per_block:
            self.shape = np.shape(row)
            self.per_block = max(1, self.BLOCK_BYTES // max(1, self.dtype.itemsize
                                                            * int(np.prod(self.shape))))
        at = self.count % self.per_block
        if at == 0:
            self.blocks.append(np.empty((self.per_block, *self.shape), self.dtype))
        self.blocks[-1][at] = row
        self.count += 1

    def joined(self) -> np.ndarray:
        """Every row in order in one array; the blocks are let go as they are copied."""
        out = np.empty((self.count, *self.shape), self.dtype)
        self.blocks.reverse()  # popped from the end, the first block first
        at = 0
        while self.blocks:
            block = self.blocks.pop()
            take = min(self.per_block, self.count - at)
            out[at:at + take] = block[:take]
            at += take
        return out


def fit(model: Any, demos: Demonstrations, seed: int, epochs: int = EPOCHS,
        tick: Tick = quiet) -> dict[str, float]:
    """Fit a MaskablePPO model's policy to the teacher's choices and its value to the returns;
    return the agreement (how often the policy's likeliest action is the teacher's) on the
    held-out games and on the rest, and the value's mean squared error on the held-out ones.
    `tick` is told of each pass over the decisions."""
    import torch

    policy = model.policy
    n_games = int(demos.games.max()) + 1 if len(demos.games) else 0
    held = demos.games >= n_games - max(1, int(n_games * HELD_OUT))
    train_rows = np.flatnonzero(~held)
    as_tensor = policy.obs_to_tensor  # the policy's own preprocessing
    optimizer = torch.optim.Adam(policy.parameters(), lr=LEARNING_RATE)
    rng = np.random.default_rng(seed)
    policy.set_training_mode(True)
    for epoch in range(epochs):
        tick("fitting the network to them", epoch, epochs)
        rng.shuffle(train_rows)
        for start in range(0, len(train_rows), BATCH):
            rows = train_rows[start:start + BATCH]
            obs = as_tensor(demos.observations[rows])[0]
            values, log_prob, _ = policy.evaluate_actions(
                obs, torch.as_tensor(demos.actions[rows]), action_masks=demos.masks[rows])
            value_loss = torch.nn.functional.mse_loss(
                values.flatten(), torch.as_tensor(demos.returns[rows]))
            loss = -log_prob.mean() + 0.5 * value_loss
            optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimizer.step()
    policy.set_training_mode(False)
    return {"agreement_held_out": agreement(policy, demos, np.flatnonzero(held)),
            "agreement_fitted": agreement(policy, demos, np.flatnonzero(~held)),
            "value_mse_held_out": value_error(policy, demos, np.flatnonzero(held))}


EVAL_ROWS = 16384  # rows a check runs the network on at once, so memory stays small


def agreement(policy: Any, demos: Demonstrations, rows: np.ndarray) -> float:
    """The share of `rows` where the policy's likeliest legal action is the teacher's."""
    import torch

    if len(rows) == 0:
        return float("nan")
    same = 0
    with torch.no_grad():
        for start in range(0, len(rows), EVAL_ROWS):
            part = rows[start:start + EVAL_ROWS]
            obs = policy.obs_to_tensor(demos.observations[part])[0]
            dist = policy.get_distribution(obs, action_masks=demos.masks[part])
            picked = dist.distribution.probs.argmax(dim=1).numpy()
            same += int((picked == demos.actions[part]).sum())
    return same / len(rows)


def value_error(policy: Any, demos: Demonstrations, rows: np.ndarray) -> float:
    """The value network's mean squared error against the returns of `rows`."""
    import torch

    if len(rows) == 0:
        return float("nan")
    total = 0.0
    with torch.no_grad():
        for start in range(0, len(rows), EVAL_ROWS):
            part = rows[start:start + EVAL_ROWS]
            values = policy.predict_values(policy.obs_to_tensor(demos.observations[part])[0])
            total += float(((values.flatten().numpy() - demos.returns[part]) ** 2).sum())
    return total / len(rows)


def imitate(model: Any, game_id: str, players: int, recall: bool, games: int, seed: int,
            gamma: float, tick: Tick = quiet, rounds: int = 0,
            snapshot: Callable[[], Any] | None = None,
            fitted: Callable[[int, dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play the teacher's games and fit the model to them (see the module), telling `tick` how
    far each has gone; return what the run records: the teacher, the games, the decisions,
    the CPU seconds and the fit.

    Then `rounds` of DAgger (Ross, Gordon and Bagnell, 2011): a copy errs, and its errors lead
    it where the teacher never went and so never showed it what to do. In each round the copy
    as it is (`snapshot()`, an exported `Policy`, played as the `neural` bot plays it) plays
    `games // 2` games in the learner's seat while the teacher names its move at every
    decision; those are added to the rest and the network is fitted again, `REFIT_EPOCHS`
    passes over all from where it stands. Each round's fit is recorded; its held-out games
    are the newest, the copy's own. `fitted(r, scores)` is told of each fit as it ends: the
    copy's (`r` 0), then each round's."""
    began = time.process_time()
    demos = demonstrations(game_id, players, recall, games, seed, gamma, tick)
    played = time.process_time()
    scores = fit(model, demos, seed, tick=tick)
    record: dict[str, Any] = {
        "teacher": TEACHER, "games": games, "decisions": len(demos.actions),
        "cpu_seconds_playing": round(played - began, 1),
        "cpu_seconds_fitting": round(time.process_time() - played, 1),
        **{k: round(v, 4) for k, v in scores.items()}}
    if fitted is not None:
        fitted(0, record)
    if rounds:
        from ..bots.neural import NeuralBot

        if snapshot is None:
            raise ValueError("DAgger rounds need a snapshot of the policy to play")
        record["dagger"] = []
        for r in range(rounds):
            began = time.process_time()
            round_seed = derive_seed(seed, 1_000_000 + r)
            copy = NeuralBot(seed=round_seed, policy=snapshot())
            more = demonstrations(game_id, players, recall, max(1, games // 2), round_seed,
                                  gamma, tick, player=copy)
            demos = demos.extended(more)
            played = time.process_time()
            scores = fit(model, demos, round_seed, epochs=REFIT_EPOCHS, tick=tick)
            record["dagger"].append({
                "games": max(1, games // 2), "decisions": len(more.actions),
                "cpu_seconds_playing": round(played - began, 1),
                "cpu_seconds_fitting": round(time.process_time() - played, 1),
                **{k: round(v, 4) for k, v in scores.items()}})
            if fitted is not None:
                fitted(r + 1, record["dagger"][-1])
    return record
