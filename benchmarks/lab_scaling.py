"""Simulation throughput on the lab's backends: games per minute for a long run of each game
with heuristic bots, on 1 and 2 local worker processes and on Ray with 2 CPUs.

The three runs of a game are measured back to back, and the trio is repeated with the order
reversed, so each comparison is between runs close in time. For each run the share of CPU time
the host took from this machine (steal) and the load average are read from /proc, because on a
shared machine they decide most of the spread. Every run must give the very same games (the
same seed on every backend); the script checks it.

Run on its own:  python benchmarks/lab_scaling.py [--scale 1.0] [--repeats 2] [--game ID]
                 [--json F]
Prints a Markdown table (the figures in docs/performance.md come from here).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

from rich.console import Console

from ratking.sim import run_batch
from ratking.sim.backends import LocalBackend, RayBackend
from ratking.sim.progress import progress_bar

# game, players, games for about half a minute on one free core (heuristic bots)
RUNS = (("rat-a-tat-roll", 3, 6000), ("you-dirty-rat", 3, 6000), ("rat-and-duck", 4, 4000),
        ("target-rats-simplified", 3, 700), ("target-rats", 3, 500))


def cpu_times() -> tuple[int, int]:
    """(all jiffies, stolen jiffies) from /proc/stat."""
    with open("/proc/stat") as fh:
        fields = [int(x) for x in fh.readline().split()[1:]]
    return sum(fields), fields[7] if len(fields) > 7 else 0


def timed(game: str, players: int, games: int, backend, bar) -> dict[str, Any]:
    total0, steal0 = cpu_times()
    start = time.perf_counter()
    results = run_batch(game, players, ["heuristic"] * players, games, 1,
                        progress=bar.advance, backend=backend)
    seconds = time.perf_counter() - start
    total1, steal1 = cpu_times()
    return {"seconds": seconds, "games_per_min": games / seconds * 60,
            "steal": (steal1 - steal0) / max(1, total1 - total0),
            "load": os.getloadavg()[0], "results": results}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="times the default games")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--game", action="append", help="game id (default: all five)")
    parser.add_argument("--json", help="also write the measurements here")
    args = parser.parse_args(argv)
    runs = [(g, p, max(10, int(n * args.scale))) for g, p, n in RUNS
            if not args.game or g in args.game]
    start = time.perf_counter()
    ray = RayBackend(2)
    ray_start = time.perf_counter() - start
    modes = {"1 worker": LocalBackend(1), "2 workers": LocalBackend(2), "Ray, 2 CPUs": ray}
    for backend in modes.values():  # start the worker processes before any clock runs
        run_batch("rat-a-tat-roll", 2, ["heuristic"] * 2, 8, 0, backend=backend)
    rows = []
    total = sum(n for _, _, n in runs) * len(modes) * args.repeats
    try:
        with progress_bar(Console(stderr=True), "scaling", total) as bar:
            for game, players, games in runs:
                got: dict[str, list[dict[str, Any]]] = {m: [] for m in modes}
                for rep in range(args.repeats):
                    order = list(modes) if rep % 2 == 0 else list(modes)[::-1]
                    for mode in order:
                        bar.describe(f"{game}: {mode}, run {rep + 1}")
                        got[mode].append(timed(game, players, games, modes[mode], bar))
                first = got["1 worker"][0]["results"]
                same = all(m["results"] == first for runs_ in got.values() for m in runs_)
                rows.append({"game": game, "players": players, "games": games,
                             "same_games": same,
                             **{mode: [{k: v for k, v in m.items() if k != "results"}
                                       for m in got[mode]] for mode in modes}})
    finally:
        for backend in modes.values():
            backend.close()
    print(f"Ray started in {ray_start:.1f} s, and every backend's workers were warmed up, "
          f"before the clocks ran. Heuristic bots, seed 1; "
          f"{args.repeats} runs per cell, best and (median); steal = CPU time the host took.\n")
    print("| game | games | 1 worker games/min | 2 workers | Ray, 2 CPUs | 2 workers / 1 "
          "| Ray / 2 workers | steal | load | same games |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        def rates(mode: str, r=r) -> list[float]:
            return [m["games_per_min"] for m in r[mode]]

        one, two, on_ray = rates("1 worker"), rates("2 workers"), rates("Ray, 2 CPUs")
        # ratios pair runs of the same repeat, measured close together
        speedup = [b / a for a, b in zip(one, two, strict=True)]
        ray_ratio = [c / b for b, c in zip(two, on_ray, strict=True)]
        steal = [m["steal"] for mode in ("1 worker", "2 workers", "Ray, 2 CPUs")
                 for m in r[mode]]
        load = [m["load"] for mode in ("1 worker", "2 workers", "Ray, 2 CPUs") for m in r[mode]]
        print(f"| {r['game']} | {r['games']:,} | {max(one):,.0f} ({statistics.median(one):,.0f})"
              f" | {max(two):,.0f} ({statistics.median(two):,.0f}) | {max(on_ray):,.0f} "
              f"({statistics.median(on_ray):,.0f}) | {max(speedup):.2f} "
              f"({statistics.median(speedup):.2f}) | {max(ray_ratio):.2f} "
              f"({statistics.median(ray_ratio):.2f}) | {min(steal):.0%}-{max(steal):.0%} "
              f"| {min(load):.1f}-{max(load):.1f} | {'yes' if r['same_games'] else 'NO'} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"ray_start_s": ray_start, "rows": rows}, fh, indent=1)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
