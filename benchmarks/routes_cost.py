"""The cost of moves to a destination (server/play/board_routes.py) per message, on the event loop.

Plays seeded games of both Target: Rats games as a table would: every seat's message at every
version asks `routes` for the seat to move (once per version, as the table's board cache
does). The mover follows one of the routes offered (as the page sends a route's decisions one
at a time) or else makes a random legal move. Prints, per game, how many messages asked and
the CPU time per message (median, 90th and 99th percentiles, most, and the total), the same
for the messages in the middle of a route, and how many decisions where a move starts had no
routes (over the probe budget: the person picks what moves first).

    .venv/bin/python benchmarks/routes_cost.py [--games 20] [--seed 1]

Measures whatever `ratking.server.play.board_routes` is on the Python path (PYTHONPATH
pointing at an older source measures it before a change).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import ratking
from ratking.server.play.board_routes import routes


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def play(game_id: str, seed: int, players: int = 3) -> tuple[list[float], list[float], int, int]:
    """CPU milliseconds of `routes` per message (all of them, and those mid-route), and the
    decisions where a move starts: how many, and how many of them had no routes."""
    state = ratking.make(game_id, max_rounds=12).new_game(players, seed=seed)
    rng = random.Random(seed)
    every: list[float] = []
    midway: list[float] = []
    plan: list[str] = []
    starts = bare = 0
    while not state.is_over:
        seat = state.current_player
        if not plan and any(a.id.startswith(("group:", "rat:")) for a in state.legal_actions()):
            starts += 1
        start = time.process_time()
        found = routes(state, seat)
        spent = (time.process_time() - start) * 1000
        every.append(spent)
        if not plan and not found and any(a.id.startswith(("group:", "rat:"))
                                          for a in state.legal_actions()):
            bare += 1
        if plan:
            midway.append(spent)
        elif found and rng.random() < 0.8:
            plan = list(rng.choice([p for ps in found.values() for p in ps]))
        if plan and plan[0] in {a.id for a in state.legal_actions()}:
            state.apply(plan.pop(0))
        else:
            plan = []
            state.apply(rng.choice(state.legal_actions()))
    return every, midway, starts, bare


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for game_id in ("target-rats", "target-rats-simplified"):
        every: list[float] = []
        midway: list[float] = []
        starts = bare = 0
        for k in range(args.games):
            a, b, n, m = play(game_id, args.seed + k)
            every += a
            midway += b
            starts += n
            bare += m
        for name, values in (("every message", every), ("mid-route", midway)):
            if not values:
                continue
            print(f"{game_id:24} {name:14} {len(values):6} messages  ms median "
                  f"{statistics.median(values):.2f}  p90 {percentile(values, 0.9):.2f}  p99 "
                  f"{percentile(values, 0.99):.2f}  max {max(values):.1f}  total "
                  f"{sum(values):.0f}", flush=True)
        print(f"{game_id:24} moves start {starts}, of them without routes {bare}", flush=True)


if __name__ == "__main__":
    main()
