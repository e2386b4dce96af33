"""Engine speed, one core: random play, new games, clones, determinizations, heuristic games.

Timings on a shared machine only ever come out slower than the engine can go, so each figure is
the best of several runs, with the median and the worst beside it for random play.

Run on its own:  python benchmarks/engine.py [--seconds 3] [--game rat-a-tat-roll] [--json F]
Prints a Markdown table (the figures in docs/performance.md come from here).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time

from rich.console import Console

import ratking
from ratking.bots import make_bot
from ratking.sim import bench, bench_game, random_play
from ratking.sim.bench import per_call
from ratking.sim.progress import progress_bar


def per_second(fn, seconds: float) -> float:
    """How many times fn() runs per second (best of three slices)."""
    rates = []
    for _ in range(3):
        count, start = 0, time.perf_counter()
        deadline = start + seconds / 3
        while time.perf_counter() < deadline:
            fn()
            count += 1
        rates.append(count / (time.perf_counter() - start))
    return max(rates)


def mid_game(game, players: int, seed: int, steps: int):
    state = game.new_game(players, seed=seed)
    random_play(state, random.Random(seed), steps)
    return state


def heuristic_games(game_id: str, players: int, seconds: float) -> float:
    game = bench_game(game_id)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_game(players, seed=games)
        bots = [make_bot("heuristic", games * 10 + i) for i in range(players)]
        while not state.is_over:
            state.apply(bots[state.to_move].choose(state))
        games += 1
    return games / (time.perf_counter() - start)


def measure(game_id: str, seconds: float, repeats: int, bar=None) -> list[dict]:
    game = bench_game(game_id)
    rows = []
    for players in game.player_counts():
        if bar is not None:
            bar.describe(f"{game_id}, {players} players")
        runs = [bench(game_id, players, seconds, seed=r) for r in range(repeats)]
        dps = [r.decisions_per_second for r in runs]
        state = mid_game(game, players, 1, 15)
        seeds = iter(range(1 << 62))  # a new determinization each call
        rows.append({
            "game": game_id,
            "players": players,
            "decisions_per_s_best": max(dps),
            "decisions_per_s_median": statistics.median(dps),
            "decisions_per_s_min": min(dps),
            "games_per_s_best": max(r.games_per_second for r in runs),
            "decisions_per_game": runs[0].decisions_per_game,
            "new_game_per_s": per_second(lambda p=players: game.new_game(p, seed=3), 1.0),
            "clone_per_s": 1 / per_call(state.clone),
            "determinize_per_s": 1 / per_call(lambda s=state, n=seeds: s.determinize(0, next(n))),
            "heuristic_games_per_s": heuristic_games(game_id, players, seconds),
        })
        if bar is not None:
            bar.advance(1)
    return rows


def counts(game_id: str) -> int:
    return len(ratking.make(game_id).player_counts())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--repeats", type=int, default=3, help="random-play runs per count")
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    args = parser.parse_args()
    games = args.game or [i.id for i in ratking.list_games()]
    # the bar goes to stderr, so the Markdown table on stdout stays clean
    with progress_bar(Console(stderr=True), "bench", sum(counts(g) for g in games),
                      "measurements") as bar:
        rows = [row for g in games for row in measure(g, args.seconds, args.repeats, bar)]
    print(f"Python {platform.python_version()} on {platform.machine()}, one core\n")
    print("| game | players | decisions/s best (median, worst) | games/s best | decisions/game "
          "| new games/s | clones/s | determinize/s | heuristic games/s |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in rows:
        print(f"| {r['game']} | {r['players']} | {r['decisions_per_s_best']:,.0f} "
              f"({r['decisions_per_s_median']:,.0f}, {r['decisions_per_s_min']:,.0f}) "
              f"| {r['games_per_s_best']:,.0f} | {r['decisions_per_game']:.1f} "
              f"| {r['new_game_per_s']:,.0f} | {r['clone_per_s']:,.0f} "
              f"| {r['determinize_per_s']:,.0f} | {r['heuristic_games_per_s']:,.0f} |")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(rows, fh, indent=1)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
