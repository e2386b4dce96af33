"""The review of a finished game on each core: CPU seconds of `ratking review`'s work, one core.

For each game, a game of heuristic seats of about `--decisions` decisions (the first seed from
`--seed` whose game is within 5% of it, else the closest) is reviewed at the game's `expert`
settings (the review's default) on the Python search and on the compiled one, in one run; the
two reviews must be equal (the same seed gives the same review on either core).

    python benchmarks/review_cores.py --game you-dirty-rat --decisions 100

Prints a Markdown table: game, decisions, CPU seconds per core and their ratio.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import ratking
from ratking.bots import make_bot
from ratking.native import COMPILED, CORE_ENV, require
from ratking.review.analysis import review


def record_of(game_id: str, players: int, decisions: int, seed: int) -> dict:
    """The record of the first heuristic game from `seed` on within 5% of `decisions`, else
    (games of the game are shorter or longer) the closest of 200."""
    game = ratking.make(game_id)
    best = None
    for s in range(seed, seed + 200):
        state = game.new_game(players, seed=s)
        bots = [make_bot("heuristic", s * 10 + k) for k in range(players)]
        while not state.over:
            state.apply(bots[state.to_move].choose(state))
        off = abs(len(state.history) - decisions)
        if best is None or off < best[0]:
            best = off, state.record()
        if off <= decisions // 20:
            break
    return best[1]


def timed(record: dict, core: str) -> tuple[float, dict]:
    os.environ[CORE_ENV] = core
    start = time.process_time()
    result = review(record, seed=0)
    return time.process_time() - start, result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", action="append", help="game id (default: every compiled game)")
    ap.add_argument("--decisions", type=int, default=100)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    games = args.game or list(COMPILED)
    for game_id in games:
        require(game_id)
    print("| game | decisions | Python CPU s | native CPU s | Python / native |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for game_id in games:
        record = record_of(game_id, args.players, args.decisions, args.seed)
        native, by_native = timed(record, "native")
        python, by_python = timed(record, "python")
        if by_native != by_python:
            print(f"{game_id}: the two cores' reviews differ", file=sys.stderr)
            raise SystemExit(1)
        print(f"| {game_id} | {len(record['actions'])} | {python:.1f} | {native:.2f} | "
              f"{python / native:.0f}x |", flush=True)


if __name__ == "__main__":
    main()
