"""`ratking train GAME`: masked PPO (sb3-contrib's MaskablePPO, the `learn` extra) by
self-play against a pool of the learner's past snapshots, the heuristic and random play.

The learner plays one seat (dealt at random each game) of `len(BOTS) + POOL` environments
stepped together: in the first the other seats are the heuristic bot, in the second random
play, in each of the others one of `POOL` snapshots of the learner, numpy copies of its policy
taken every `SNAPSHOT_EVERY` steps in turn (the oldest replaced), so it always meets its recent
past and two fixed opponents. Random play is there for the seats a strong opponent never lets
win: at the rulebook's numbers Rat & Duck's government loses every game to a dissent that
plays well, so against the heuristic and its own snapshots it would never see a reward. Rat-a-
Tat Roll learns on information-state observations (`recall=True`), the other games on their
observation tensors (they forget nothing). The rewards are shaped by the game's own
evaluation, and a game the round cap stops ends the episode as a termination, its result the
whole return (`rewards.py`). With `imitate` games a fresh run first copies the heuristic
(`imitate.py`), and self-play starts from the copy.

Everything lives in `--out DIR`: `model.zip` (the PPO model, to resume), `pool/*.npz` (the
snapshots), `policy.npz` (the exported policy, numpy arrays the `neural` bot plays),
`log.jsonl` (win shares against random and the heuristic, measured with the exported policy
as training goes), `imitated.npz` (the copy of the heuristic a run began with, if any),
`copies/R.npz` (with DAgger rounds, the copy after each: 0 before the first) and `run.json`
(steps and CPU seconds so far, the seed and the commands). Running the same command again
resumes from there. `--minutes` counts CPU minutes of this process spent training (the
win-share checks come on top), so a busy machine gives the same budget.
"""

from __future__ import annotations

import json
import random
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from ..bots.neural import NeuralBot, Policy
from ..core import RatkingError, make
from ..sim.folders import sigint_held
from .imitate import imitate as imitate_teacher
from .winshare import win_share

POOL = 3  # snapshots of the learner in the pool
BOTS = ("heuristic", "random")  # the fixed opponents, an environment each
SNAPSHOT_EVERY = 20_000  # learner steps between snapshots
EVALUATIONS = 4  # win-share checks over a run (and one at its end)
NET = (64, 64)  # hidden layers of the policy and the value networks (tanh), by default
GAMMA = 0.995  # PPO's discount, and the reward shaping's


def require() -> tuple[Any, Any]:
    """torch and MaskablePPO, or a one-line error naming the extra to install."""
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise RatkingError("training needs the learn extra: pip install -e '.[learn]' "
                           "(PyTorch and sb3-contrib)") from None
    return torch, MaskablePPO


def export(model: Any, meta: dict[str, Any]) -> Policy:
    """The model's policy network as numpy arrays (x @ w + b, tanh between layers)."""
    weights = {k: v.detach().cpu().numpy() for k, v in model.policy.state_dict().items()}
    layers = []
    i = 0
    while f"mlp_extractor.policy_net.{i}.weight" in weights:
        layers.append((weights[f"mlp_extractor.policy_net.{i}.weight"].T.copy(),
                       weights[f"mlp_extractor.policy_net.{i}.bias"].copy()))
        i += 2  # Linear, Tanh, Linear, Tanh...
    layers.append((weights["action_net.weight"].T.copy(), weights["action_net.bias"].copy()))
    return Policy(layers, meta)


class Snapshot:
    """One seat of the pool: the learner as it was at a snapshot (a policy callable that
    draws from the policy's distribution: always its likeliest action can cycle for ever in
    Rat & Duck)."""

    def __init__(self, seed: int, policy: Policy | None = None) -> None:
        self.policy = policy  # set before the first game
        self.rng = random.Random(seed)

    def __call__(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return self.policy.draw(obs, mask, self.rng)


def opponents(players: int, pool: list[Snapshot]) -> list[list[Any]]:
    """The other seats of each environment: each bot of `BOTS` everywhere in one, snapshots
    in the others (with more players, the pool's snapshots in turn, seat by seat: all
    different up to four players, one twice at five)."""
    out: list[list[Any]] = [[bot] * (players - 1) for bot in BOTS]
    for k in range(len(pool)):
        out.append([pool[(k + j) % len(pool)] for j in range(players - 1)])
    return out


def train(game_id: str, players: int = 2, minutes: float = 4.0, out: Path | None = None,
          seed: int = 0, eval_games: int = 100, console: Any = None, imitate: int = 0,
          hidden: tuple[int, ...] = NET, dagger: int = 0) -> Path:
    """Train (or resume) a policy; return the exported policy file. See the module. A fresh
    run's networks have `hidden` layers (a resumed run keeps its own), and it starts with
    `imitate` games of the heuristic copied and `dagger` rounds of DAgger (`imitate.py`)."""
    torch, MaskablePPO = require()
    from gymnasium.wrappers import TimeLimit
    from rich.progress import BarColumn, Progress, TextColumn
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv

    from ..envs.gymnasium import RatkingGymEnv, max_episode_steps
    from .rewards import GameOver, Shaped

    game = make(game_id)
    game.check_players(players)
    if minutes <= 0:
        raise RatkingError(f"--minutes must be more than 0, not {minutes:g}")
    if imitate < 0:
        raise RatkingError(f"--imitate must be 0 or more games, not {imitate}")
    if dagger < 0 or (dagger and not imitate):
        raise RatkingError(f"--dagger takes 0 or more rounds after a copy (--imitate), not "
                           f"{dagger}" + ("" if dagger < 0 else " without --imitate"))
    if not hidden or any(width < 1 for width in hidden):
        raise RatkingError(f"--hidden must be one or more layer widths of 1 or more, not "
                           f"{','.join(map(str, hidden)) or 'none'}")
    out = Path(out) if out is not None else Path("runs") / f"{game_id}-{players}p"
    (out / "pool").mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(1)
    recall = game.encode_recall is not None
    run_file = out / "run.json"
    run = json.loads(run_file.read_text()) if run_file.exists() else {
        "game": game_id, "players": players, "seed": seed, "steps": 0, "cpu_seconds": 0.0,
        "hidden": list(hidden), "commands": []}
    if run["game"] != game_id or run["players"] != players:
        raise RatkingError(f"{out} holds a run of {run['game']} with {run['players']} players")
    run["commands"].append(f"ratking train {game_id} --players {players} --minutes {minutes:g} "
                           f"--out {out} --seed {seed} --eval-games {eval_games}"
                           + (f" --imitate {imitate}" if imitate else "")
                           + (f" --dagger {dagger}" if dagger else "")
                           + (f" --hidden {','.join(map(str, hidden))}"
                              if tuple(hidden) != NET else ""))
    space = game.action_space(players)
    meta = {"game": game_id, "players": players, "recall": recall,
            "action_ids": list(space.ids), "trained": run}

    pool = [Snapshot(seed + i) for i in range(POOL)]
    sides = opponents(players, pool)
    steps_cap = max_episode_steps(game_id)
    vec = DummyVecEnv([lambda k=k: Monitor(TimeLimit(Shaped(GameOver(RatkingGymEnv(
        game_id, players, opponents=sides[k], seat=None, recall=recall)), GAMMA), steps_cap))
        for k in range(len(sides))])
    model_file = out / "model.zip"
    resumed = model_file.exists()
    if resumed:
        model = MaskablePPO.load(model_file, env=vec, seed=seed + run["steps"])
    else:
        model = MaskablePPO("MlpPolicy", vec, n_steps=512, batch_size=256, learning_rate=3e-4,
                            gamma=GAMMA, ent_coef=0.01, seed=seed, verbose=0,
                            policy_kwargs={"net_arch": list(hidden)})
    vec.seed(seed + run["steps"])

    start = time.process_time()  # the imitation counts in the budget
    budget = minutes * 60.0
    log = (out / "log.jsonl").open("a")
    def say(text: str, soft_wrap: bool = False) -> None:
        if console is not None:
            console.print(text, soft_wrap=soft_wrap, highlight=False)
        else:
            print(text)

    evaluating = [0.0]  # CPU seconds spent on win-share checks, outside the budget

    def evaluate(steps: int, cpu_seconds: float, dagger_round: int | None = None) -> None:
        """Log the win shares of the policy now, after `steps` steps and `cpu_seconds` (and
        the DAgger round, while copying with rounds)."""
        began = time.process_time()
        bot = NeuralBot(seed=seed, policy=export(model, meta))
        row: dict[str, Any] = {"steps": steps, "cpu_minutes": round(cpu_seconds / 60, 2)}
        if dagger_round is not None:
            row["dagger"] = dagger_round
        for rival in ("random", "heuristic"):
            share, low, high = win_share(bot, game_id, players, rival, eval_games, seed + 7)
            row[rival] = [round(share, 3), round(low, 3), round(high, 3)]
        log.write(json.dumps(row) + "\n")
        log.flush()
        evaluating[0] += time.process_time() - began
        say(("" if dagger_round is None else f"round {dagger_round}: ")
            + f"{row['steps']:>9,} steps {row['cpu_minutes']:5.2f} CPU min  vs random "
            f"{row['random'][0]:.2f} [{row['random'][1]:.2f}-{row['random'][2]:.2f}]  "
            f"vs heuristic {row['heuristic'][0]:.2f} [{row['heuristic'][1]:.2f}-"
            f"{row['heuristic'][2]:.2f}]", soft_wrap=True)

    if imitate and not resumed:
        say(f"Imitating the heuristic over {imitate:,} games...")
        try:
            with Progress(TextColumn("{task.description}"), BarColumn(),
                          TextColumn("{task.completed:,.0f} of {task.total:,.0f}"),
                          transient=True) as progress:
                task = progress.add_task("", total=1)

                def tick(what: str, done: int, total: int) -> None:
                    progress.update(task, description=what, completed=done, total=total)

                def fitted(r: int, scores: dict[str, Any]) -> None:
                    if r == 0:
                        say(f"{scores['decisions']:,} decisions fitted: the policy picks the "
                            f"heuristic's move {scores['agreement_held_out']:.0%} of the time "
                            "in games it did not see")
                    else:
                        say(f"DAgger round {r}: {scores['decisions']:,} decisions of the copy's "
                            "own games added; it now picks the heuristic's move "
                            f"{scores['agreement_held_out']:.0%} of the time in its own games "
                            "it was not fitted to")
                    if dagger:  # each fit checked and kept, to choose the rounds by
                        evaluate(0, time.process_time() - start, r)
                        (out / "copies").mkdir(exist_ok=True)
                        export(model, meta).save(out / "copies" / f"{r}.npz")

                run["imitation"] = imitate_teacher(
                    model, game_id, players, recall, imitate, seed, GAMMA, tick, dagger,
                    lambda: export(model, meta), fitted)
            if not dagger:
                evaluate(0, time.process_time() - start)  # the copy's check, before self-play
        except KeyboardInterrupt:  # before the handler that lets a run stop and be kept
            log.close()
            raise Stopped("stopped by Ctrl+C while imitating the heuristic, before any "
                          "training: nothing to resume from was kept") from None
        export(model, meta).save(out / "imitated.npz")  # the copy, to compare with later
        if time.process_time() - start - evaluating[0] >= budget:
            say("copying took all the CPU minutes given: raise --minutes to go on by self-play")
    elif imitate:
        say(f"{out} resumes a run: --imitate and --dagger apply to a fresh run only")
    if resumed and tuple(hidden) != tuple(run.get("hidden", NET)):
        say(f"{out} resumes a run: --hidden applies to a fresh run only")
    for i, snapshot in enumerate(pool):
        saved = out / "pool" / f"{i}.npz"
        snapshot.policy = Policy.load(saved) if saved.exists() else export(model, meta)

    first = model.num_timesteps
    copying = time.process_time() - start - evaluating[0]  # the imitation's CPU seconds
    checks = [at for k in range(EVALUATIONS)  # those the imitation used up are not made
              if (at := budget * (k + 1) / (EVALUATIONS + 1)) > copying]

    class Budget(BaseCallback):
        def __init__(self, progress: Progress, task: Any) -> None:
            super().__init__()
            self.progress, self.task = progress, task
            self.next_snapshot = SNAPSHOT_EVERY
            self.turn = 0

        def _on_step(self) -> bool:
            used = time.process_time() - start - evaluating[0]
            done = self.num_timesteps - first
            if done >= self.next_snapshot:
                self.next_snapshot += SNAPSHOT_EVERY
                pool[self.turn].policy = export(model, meta)
                pool[self.turn].policy.save(out / "pool" / f"{self.turn}.npz")
                self.turn = (self.turn + 1) % POOL
            if checks and used >= checks[0]:
                checks.pop(0)
                evaluate(run["steps"] + done, run["cpu_seconds"] + used)
            if done % 256 == 0:
                self.progress.update(self.task, completed=min(used, budget),
                                     description=f"{done:,} steps")
            return used < budget and not stopping

    with Progress(TextColumn("{task.description}"), BarColumn(),
                  TextColumn("{task.percentage:>3.0f}% of the CPU minutes"),
                  transient=True) as progress, stop_requested(say) as stopping:
        task = progress.add_task("0 steps", total=budget)
        say(f"Training {game_id} for {minutes:g} CPU minutes (Ctrl+C stops and keeps the run).")
        model.learn(total_timesteps=10**12, callback=Budget(progress, task),
                    reset_num_timesteps=not resumed)
    run["cpu_seconds"] = round(run["cpu_seconds"] + time.process_time() - start -
                               evaluating[0], 1)
    run["steps"] += model.num_timesteps - first
    policy_file = out / "policy.npz"
    with sigint_held():  # a Ctrl+C now waits for the run to be saved whole
        model.save(model_file)
        for i, snapshot in enumerate(pool):
            snapshot.policy.save(out / "pool" / f"{i}.npz")
        export(model, meta).save(policy_file)
        run_file.write_text(json.dumps(run, indent=1) + "\n")
    say(f"trained {run['steps']:,} steps in {run['cpu_seconds'] / 60:.1f} CPU minutes: "
        f"{policy_file}")
    try:
        if stopping:
            raise Stopped(f"stopped by Ctrl+C and kept: the same command goes on from {out}")
        evaluate(run["steps"], run["cpu_seconds"])  # the check of the policy just saved
    finally:
        log.close()
    return policy_file


class Stopped(KeyboardInterrupt):
    """Training was stopped by Ctrl+C after the run so far was saved."""


@contextmanager
def stop_requested(say: Any) -> Iterator[list[int]]:
    """A first Ctrl+C (SIGINT) asks training to stop at its next step, so the run so far can be
    saved; a second stops it at once, losing what the last save did not hold. The block is
    given the list the first one goes into (main thread only; elsewhere Ctrl+C is as it was)."""
    asked: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield asked
        return

    def ask(signum: int, frame: Any) -> None:
        if asked:
            raise KeyboardInterrupt
        asked.append(signum)
        say("stopping after this step and keeping the run (Ctrl+C again drops it)")

    previous = signal.signal(signal.SIGINT, ask)
    try:
        yield asked
    finally:
        signal.signal(signal.SIGINT, previous)
