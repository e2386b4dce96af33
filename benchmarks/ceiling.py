"""The worth of hidden information to search: a bot that sees every card, against the heuristic.

A research measurement, never a bot for play. In this process the game's re-deal is switched
off, so `state.determinize(seat, seed)` keeps every hidden card where it truly is and only
re-seeds future chance: a search that reads it plays with perfect information about the
present (it still does not know the dice or the draws to come). Playing it against the
heuristic, beside the honest search on the very same deals, bounds what better play of the
hidden information could add at that budget.

    python benchmarks/ceiling.py rat-a-tat-roll --spec hard --deals 100 --seed 500

Two players, each deal played twice with the seats swapped; prints the win share of the
honest and of the all-seeing search against the heuristic, with Wilson 95% intervals.
"""

from __future__ import annotations

import argparse

from rich.console import Console

import ratking
from ratking.bots import make_bot
from ratking.sim.progress import progress_bar
from ratking.sim.stats import wilson


def play(game_id: str, spec: str, k: int, seat: int, seed: int) -> float:
    """Deal `k` with `spec` in `seat` against the heuristic; the searcher's return."""
    state = ratking.make(game_id).new_game(players=2, seed=seed + k)
    bots = [make_bot("heuristic", seed * 7 + k * 2 + i) for i in range(2)]
    bots[seat] = make_bot(spec, seed * 7 + k * 2 + seat)
    while not state.is_over:
        state.apply(bots[state.current_player].choose(state))
    return state.returns()[seat]


def run(game_id: str, spec: str, deals: int, seed: int, seeing: bool, advance) -> float:
    cls = type(ratking.make(game_id).new_game(players=2, seed=0))
    honest = cls._redeal
    if seeing:
        cls._redeal = lambda self, seat, rng: None
    try:
        wins = 0.0
        for k in range(deals):
            for seat in (0, 1):
                wins += play(game_id, spec, k, seat, seed)
                advance(1)
        return wins
    finally:
        cls._redeal = honest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--spec", default="hard", help="the search bot (a bot spec)")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=500)
    args = parser.parse_args()
    console = Console(stderr=True)
    games = 2 * args.deals
    print(f"{args.game}, {args.spec} against the heuristic, {games} games a line "
          f"(seed {args.seed})\n")
    print("| search | win share | 95% interval |\n| --- | ---: | --- |")
    for seeing in (False, True):
        label = "sees every hidden card" if seeing else "honest (re-deals what it cannot see)"
        with progress_bar(console, label, games) as bar:
            wins = run(args.game, args.spec, args.deals, args.seed, seeing, bar.advance)
        low, high = wilson(wins, games)
        print(f"| {label} | {wins / games:.3f} | {low:.3f}-{high:.3f} |", flush=True)


if __name__ == "__main__":
    main()
