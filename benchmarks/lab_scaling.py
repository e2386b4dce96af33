"""Simulation throughput on the lab's backends: games per minute for a long run of each game
with heuristic bots, on 1 and 2 local worker processes and on Ray with 2 CPUs.

Wall-clock figures need free cores; the CPU time of every process doing the work (this one, the
pool's workers, or Ray's raylet, GCS and workers) says what each backend costs even on a busy
host: equal CPU per game means the work splits without overhead. The three runs of a game are
measured back to back, and the trio is repeated with the order
reversed, so each comparison is between runs close in time. For each run the share of CPU time
the host took from this machine (steal) and the load average are read from /proc, because on a
shared machine they decide most of the spread. Every run must give the very same games (the
same seed on every backend); the script checks it.

`--core python|native|auto` picks the engine that plays the games (run_batch's `core`; the
figures in docs/performance.md were taken with `python`).

Run on its own:  python benchmarks/lab_scaling.py [--scale 1.0] [--repeats 2] [--game ID]
                 [--json F] [--core python]
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

CORE = {"core": "auto"}  # the engine of every run: set from --core

# game, players, games for about half a minute on one free core (heuristic bots)
RUNS = (("rat-a-tat-roll", 3, 6000), ("you-dirty-rat", 3, 6000), ("rat-and-duck", 4, 4000),
        ("target-rats-simplified", 3, 700), ("target-rats", 3, 500))


def cpu_times() -> tuple[int, int]:
    """(all jiffies, stolen jiffies) from /proc/stat."""
    with open("/proc/stat") as fh:
        fields = [int(x) for x in fh.readline().split()[1:]]
    return sum(fields), fields[7] if len(fields) > 7 else 0


TICK = os.sysconf("SC_CLK_TCK")


def process_cpu(pid: int) -> float:
    """CPU seconds (user + system) a live process has used so far; 0 if it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def descendants(root: int) -> list[int]:
    """Every live process below `root`."""
    parent: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parent[int(entry)] = int(fh.read().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
    out, todo = [], [root]
    while todo:
        here = todo.pop()
        kids = [pid for pid, ppid in parent.items() if ppid == here]
        out.extend(kids)
        todo.extend(kids)
    return out


def worker_pids(mode: str, modes: dict[str, Any]) -> list[int]:
    """The processes that work for this mode: the pool's, or Ray's (every process below this
    one that is not the pool's: raylet, its workers, the GCS)."""
    pool = modes["2 workers"]._pool  # the benchmark looks inside its own backend
    pool_pids = list(pool._processes) if pool is not None else []
    if mode == "1 worker":
        return []
    if mode == "2 workers":
        return pool_pids
    return [pid for pid in descendants(os.getpid()) if pid not in pool_pids]


def timed(game: str, players: int, games: int, mode: str, modes: dict[str, Any],
          bar) -> dict[str, Any]:
    pids = worker_pids(mode, modes)
    cpu0 = time.process_time() + sum(process_cpu(p) for p in pids)
    total0, steal0 = cpu_times()
    start = time.perf_counter()
    results = run_batch(game, players, ["heuristic"] * players, games, 1,
                        progress=bar.advance, backend=modes[mode], core=CORE["core"])
    seconds = time.perf_counter() - start
    total1, steal1 = cpu_times()
    cpu = time.process_time() + sum(process_cpu(p) for p in pids) - cpu0
    return {"seconds": seconds, "games_per_min": games / seconds * 60,
            "cpu_ms_per_game": cpu / games * 1000,
            "steal": (steal1 - steal0) / max(1, total1 - total0),
            "load": os.getloadavg()[0], "results": results}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="times the default games")
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--game", action="append", help="game id (default: all five)")
    parser.add_argument("--json", help="also write the measurements here")
    parser.add_argument("--core", default="auto", choices=["auto", "native", "python"],
                        help="the engine that plays the games")
    args = parser.parse_args(argv)
    CORE["core"] = args.core
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
                        got[mode].append(timed(game, players, games, mode, modes, bar))
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
          "| Ray / 2 workers | CPU ms a game: 1 worker, 2 workers, Ray | steal | load "
          "| same games |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
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
              f"({statistics.median(ray_ratio):.2f}) | " + ", ".join(
                  f"{statistics.median(m['cpu_ms_per_game'] for m in r[mode]):.1f}"
                  for mode in ("1 worker", "2 workers", "Ray, 2 CPUs")) +
              f" | {min(steal):.0%}-{max(steal):.0%} "
              f"| {min(load):.1f}-{max(load):.1f} | {'yes' if r['same_games'] else 'NO'} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump({"ray_start_s": ray_start, "rows": rows}, fh, indent=1)
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
