"""The Python engine and the compiled core side by side: decisions a CPU-second, one core.

For each game with a compiled core and each player count, random games and heuristic games
(every seat the game's heuristic) on both cores, the cores taking turns within each repeat so
that both meet the same neighbours; the best of the repeats, and the ratio native / Python.

`--lab`: instead, the lab's games a CPU-second (`run_batch`, one worker, every seat random or
every seat the heuristic) on each core: the native loop plays them and builds each game's row
(sim/native_batch.py), so this is what `ratking simulate` gains.

Run:  python benchmarks/cores.py [--seconds 2] [--repeats 3] [--game rat-a-tat-roll] [--json F]
                                 [--lab]
Prints a Markdown table (docs/performance.md, "The compiled core").
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

import ratking
from ratking.native import COMPILED, require
from ratking.sim import run_batch
from ratking.sim.cores import bench_core

LAB_PLAYERS = {"rat-and-duck": 4}  # the others: 3
LAB_CHUNK = 50  # games a run_batch call, between looks at the clock


def measure(game_id: str, seconds: float, repeats: int) -> list[dict]:
    rows = []
    for players in ratking.make(game_id).player_counts():
        for loop in ("random", "heuristic"):
            best = {"python": 0.0, "native": 0.0}
            for r in range(repeats):
                for core in best:
                    rate = bench_core(game_id, core, loop, players, seconds, seed=r)
                    best[core] = max(best[core], rate["decisions_per_s"])
            rows.append({"game": game_id, "players": players, "loop": loop,
                         "python": best["python"], "native": best["native"],
                         "ratio": best["native"] / best["python"]})
            print(f"{game_id} {players}p {loop}: {rows[-1]['ratio']:.1f}x", file=sys.stderr)
    return rows


def lab_rate(game_id: str, players: int, bots: str, core: str, seconds: float,
             seed: int) -> float:
    """Games a CPU-second of run_batch on one core, batches of LAB_CHUNK games."""
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        games += len(run_batch(game_id, players, [bots] * players, LAB_CHUNK, seed + games,
                               core=core))
    return games / (time.process_time() - start)


def lab(game_id: str, seconds: float, repeats: int) -> list[dict]:
    players = LAB_PLAYERS.get(game_id, 3)
    rows = []
    for bots in ("random", "heuristic"):
        best = {"python": 0.0, "native": 0.0}
        for r in range(repeats):
            for core in best:
                best[core] = max(best[core], lab_rate(game_id, players, bots, core, seconds, r))
        rows.append({"game": game_id, "players": players, "loop": bots, **best,
                     "ratio": best["native"] / best["python"]})
        print(f"{game_id} {bots}: {rows[-1]['ratio']:.2f}x", file=sys.stderr)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per run")
    parser.add_argument("--repeats", type=int, default=3, help="runs per core and loop")
    parser.add_argument("--game", action="append", help="game id (default: every compiled game)")
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    parser.add_argument("--lab", action="store_true", help="the lab's games a second instead")
    args = parser.parse_args()
    games = args.game or list(COMPILED)
    for game_id in games:
        require(game_id)  # one clear line, before any measuring, if the core is not there
    run = lab if args.lab else measure
    rows = [row for g in games for row in run(g, args.seconds, args.repeats)]
    what = "the lab's games" if args.lab else "decisions"
    print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
          f"{what} per CPU-second, best of {args.repeats}\n")
    print("| game | players | loop | Python | native | native / Python |")
    print("| --- | ---: | --- | ---: | ---: | ---: |")
    for r in rows:
        print(f"| {r['game']} | {r['players']} | {r['loop']} | {r['python']:,.0f} "
              f"| {r['native']:,.0f} | {r['ratio']:.1f}x |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)


if __name__ == "__main__":
    main()
