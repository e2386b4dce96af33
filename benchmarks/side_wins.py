"""A bot against another on each side of a two-team game (Rat & Duck), one line per game as it
ends, so a long run can be read at any point: which bot held the government, who won, how many
decisions. Games alternate sides; game i is dealt with seed derive_seed(seed, i // 2), so each
deal is played once each way.

    nice -n 10 python benchmarks/side_wins.py rat-and-duck --bot hard --other heuristic \\
        --games 100 --seed 11 -r bio_sci_to_win=2 -r unrest_to_win=21 > runs.tsv
    python benchmarks/side_wins.py --summarise runs.tsv
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import ratking
from ratking.bots import make_bot
from ratking.core import RatkingError
from ratking.core.rng import derive_seed
from ratking.sim.plan import parse_rules


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(args: argparse.Namespace) -> None:
    game = ratking.make(args.game, **parse_rules(args.rule))
    teams = game.seat_teams(2)
    government = min(teams)  # team 0: the government (Rat & Duck), the other team 1
    print("game\tbot_side\tgovernment_won\tdecisions", flush=True)
    for i in range(args.games):
        seed = derive_seed(args.seed, i // 2)
        bot_government = i % 2 == 0
        state = game.new_game(2, seed=seed)
        bots = [make_bot(args.bot if (teams[seat] == government) == bot_government
                         else args.other, derive_seed(seed, seat)) for seat in range(2)]
        while not state.over:
            state.apply(bots[state.to_move].choose(state))
        returns = state.returns()
        won = sum(r for r, t in zip(returns, teams, strict=True) if t == government)
        print(f"{i}\t{'government' if bot_government else 'dissent'}\t{won:g}\t"
              f"{state.steps}", flush=True)


def summarise(path: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    rows = [line.split("\t") for line in text.splitlines()[1:]]
    for side in ("government", "dissent"):
        mine = [r for r in rows if r[1] == side]
        wins = sum(float(r[2]) if side == "government" else 1 - float(r[2]) for r in mine)
        lo, hi = wilson(wins, len(mine))
        print(f"bot as the {side}: {wins:g} of {len(mine)} won ({wins / max(1, len(mine)):.3f}, "
              f"95% {lo:.3f}-{hi:.3f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="rat-and-duck")
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--other", default="heuristic")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("-r", "--rule", action="append", default=[])
    parser.add_argument("--summarise", metavar="TSV")
    args = parser.parse_args()
    try:
        if args.summarise:
            summarise(args.summarise)
        else:
            play(args)
    except (RatkingError, OSError) as exc:
        print(f"Error: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
