"""Speed through the research interfaces against the raw engine, per game, one core.

Each loop plays uniformly random legal moves, games back to back, for a slice of time:
- raw: the engine alone (`legal_actions` + `apply`), as `ratking bench` measures it;
- tensors: the same, plus the mover's observation tensor and action mask every decision;
- pettingzoo: the AEC loop (`agent_iter`, `last()` with observation and mask, `step`);
- gymnasium: one seat through `step` (observation, mask in info), random bots at the others;
- openspiel: `legal_actions` + `apply_action` on the registered game, and with the mover's
  observation tensor as well.
A move is picked from the mask with one random draw (the cheapest policy there is), so the
figures are the interfaces' cost, not a policy's. The loops run interleaved, slice after slice,
so a busy host slows them alike; each figure is the best slice, timed in CPU seconds of this
process (`time.process_time`), not wall-clock seconds.

Run on its own:  python benchmarks/interfaces.py [--seconds 2] [--repeats 3] [--game ID]
Prints a Markdown table (the figures in docs/performance.md come from here).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
import timeit
from collections.abc import Callable

import numpy as np
import pyspiel

import ratking
from ratking.core.spaces import observation
from ratking.envs import openspiel as ratking_openspiel
from ratking.envs.gymnasium import RatkingGymEnv
from ratking.envs.pettingzoo import env as pettingzoo_env
from ratking.sim import bench_game

PLAYERS = 3
# CPU time of this process: on a shared virtual machine the host's share ("steal") and other
# processes' load do not count in it, so loops measured at different moments compare fairly
clock = time.process_time


def timed(loop: Callable[[float], int], seconds: float) -> float:
    """Decisions per second of `loop(deadline)`, which plays until the deadline."""
    start = clock()
    done = loop(start + seconds)
    return done / (clock() - start)


def engine(game_id: str, players: int, tensors: bool) -> Callable[[float], int]:
    """The engine alone; with `tensors`, also the mover's observation and mask each time."""
    game = bench_game(game_id)
    space = game.action_space(players)
    rng = random.Random(1)

    def loop(deadline: float) -> int:
        n = g = 0
        while clock() < deadline:
            state = game.new_game(players, seed=g)
            g += 1
            while not state.over:
                legal = state.legal_actions()
                if tensors:
                    observation(state, state.to_move)
                    legal = [space.actions[i] for i in np.flatnonzero(space.mask(legal))]
                state.apply(legal[int(rng.random() * len(legal))])
                n += 1
        return n

    return loop


def pettingzoo(game_id: str, players: int) -> Callable[[float], int]:
    e = pettingzoo_env(game_id, players=players, **bench_rules(game_id))
    rng = random.Random(1)

    def loop(deadline: float) -> int:
        n = 0
        e.reset(seed=1)
        while clock() < deadline:
            for _ in e.agent_iter():
                obs, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                e.step(int(legal[int(rng.random() * len(legal))]))
                n += 1
            e.reset()
        return n

    return loop


def gymnasium(game_id: str, players: int) -> Callable[[float], int]:
    e = RatkingGymEnv(game_id, players=players, opponents="random", **bench_rules(game_id))
    rng = random.Random(1)
    counts = {"steps": 0}

    def loop(deadline: float) -> int:
        n = steps = 0
        while clock() < deadline:
            _, info = e.reset(seed=n)
            before = len(e.game_state.history)
            done = False
            while not done:
                legal = np.flatnonzero(info["action_mask"])
                _, _, terminated, truncated, info = e.step(int(legal[int(rng.random() *
                                                                       len(legal))]))
                done = terminated or truncated
                steps += 1
            n += len(e.game_state.history) - before
        counts["steps"] = steps
        return n

    loop.counts = counts  # type: ignore[attr-defined]
    return loop


def openspiel(game_id: str, players: int, with_tensor: bool) -> Callable[[float], int]:
    game = pyspiel.load_game(ratking_openspiel.short_name(game_id),
                             {"players": players, "seed": 1,
                              "max_rounds": bench_game(game_id).rules.max_rounds})
    rng = random.Random(1)

    def loop(deadline: float) -> int:
        n = 0
        while clock() < deadline:
            state = game.new_initial_state()
            while not state.is_terminal():
                if with_tensor:
                    state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                n += 1
        return n

    return loop


def breakdown(game_id: str, players: int) -> dict:
    """Microseconds per call on mid-game states (best of seven runs): a decision
    (`legal_actions` + `apply` on a clone, less the clone), the view, its encoding, the mask."""
    game = bench_game(game_id)
    rng = random.Random(2)
    states = []
    for g in range(30):
        state = game.new_game(players, seed=g)
        for _ in range(5 + 11 * g):
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        if not state.over:
            states.append(state)
    layout = game.observation_layout(players)
    space = game.action_space(players)
    views = [s.view(s.to_move) for s in states]
    firsts = [s.legal_actions()[0] for s in states]

    def clone() -> None:
        for s in states:
            s.clone()

    def decide() -> None:
        for s, a in zip(states, firsts, strict=True):
            c = s.clone()
            c.legal_actions()
            c.apply(a)

    def view() -> None:
        for s in states:
            s.view(s.to_move)

    def encode() -> None:
        for v in views:
            game.encode_view(v, layout, layout.blank())

    def mask() -> None:
        for s in states:
            space.mask(s.legal_actions())

    def best(fn: Callable[[], None]) -> float:
        return min(timeit.repeat(fn, number=20, repeat=7, timer=clock)) / 20 / len(states) * 1e6

    base = best(clone)
    return {"decision": best(decide) - base, "view": best(view), "encode": best(encode),
            "mask": best(mask)}


def bench_rules(game_id: str) -> dict:
    """The round cap `ratking bench` plays with (games without one of their own get 100)."""
    return {"max_rounds": bench_game(game_id).rules.max_rounds}


def measure(game_id: str, seconds: float, repeats: int) -> dict:
    players = min(PLAYERS, next(i for i in ratking.list_games() if i.id == game_id).max_players)
    gym = gymnasium(game_id, players)
    loops = {"raw": engine(game_id, players, False), "tensors": engine(game_id, players, True),
             "pettingzoo": pettingzoo(game_id, players), "gymnasium": gym,
             "openspiel": openspiel(game_id, players, False),
             "openspiel+tensor": openspiel(game_id, players, True)}
    best = dict.fromkeys(loops, 0.0)
    for _ in range(repeats):
        for name, loop in loops.items():
            best[name] = max(best[name], timed(loop, seconds))
    return {"game": game_id, "players": players, **best,
            "us": breakdown(game_id, players)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per slice")
    parser.add_argument("--repeats", type=int, default=3, help="slices per loop")
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    args = parser.parse_args()
    games = args.game or [i.id for i in ratking.list_games()]
    rows = [measure(g, args.seconds, args.repeats) for g in games]
    print(f"Python {platform.python_version()} on {platform.machine()}, one core; decisions "
          "per second (share of raw)\n")
    names = ["raw", "tensors", "pettingzoo", "gymnasium", "openspiel", "openspiel+tensor"]
    print("| game | players | " + " | ".join(names) + " |")
    print("| --- | ---: |" + " ---: |" * len(names))
    for r in rows:
        cells = [f"{r['raw']:,.0f}"] + [f"{r[n]:,.0f} ({r[n] / r['raw']:.0%})"
                                        for n in names[1:]]
        print(f"| {r['game']} | {r['players']} | " + " | ".join(cells) + " |")
    print("\nWhere the time goes, in microseconds per call (best of seven runs, mid-game "
          "states):\n")
    print("| game | decision | view | encode the view | mask |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for r in rows:
        us = r["us"]
        print(f"| {r['game']} | {us['decision']:.1f} | {us['view']:.1f} | {us['encode']:.1f} "
              f"| {us['mask']:.1f} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
