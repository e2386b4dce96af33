"""How well each game's evaluation hook forecasts the winner (ratking.review.calibration):
the log loss per position against a coin flip's, and a calibration table, on fresh games.

    nice -n 10 python benchmarks/calibration.py rat-and-duck --bots heuristic --games 300 \\
        -r bio_sci_to_win=2 -r unrest_to_win=21
"""

from __future__ import annotations

import argparse
import sys

from ratking.core import RatkingError
from ratking.review.calibration import calibration, positions
from ratking.sim.plan import parse_rules


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--bots", default="heuristic", help="one bot spec for every seat")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--every", type=int, default=5, help="take one position in this many")
    ap.add_argument("-r", "--rule", action="append", default=[], help="name=value")
    args = ap.parse_args()
    try:
        data = positions(args.game, parse_rules(args.rule), args.bots, args.games,
                         args.players, args.seed, args.every)
    except RatkingError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        sys.exit(2)
    result = calibration(data)
    print(f"{args.game} {' '.join(args.rule)} ({args.bots}, {args.games} games): "
          f"{result['positions']} positions, log loss {result['log_loss']:.3f}, "
          f"coin flip {result['coin_flip']:.3f}")
    print("| forecast | won | positions |\n| ---: | ---: | ---: |")
    for row in result["table"]:
        print(f"| {row['forecast']:.2f} | {row['won']:.2f} | {row['n']} |")


if __name__ == "__main__":
    main()
