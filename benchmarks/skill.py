"""Skill or luck (ratking.review.drama.skill_or_luck): a strong bot against weak ones, seats
rotated, in every game at the rulebook's numbers. One line per pair of games as they end, a
round of every game and opponent at a time (a long run can be read at any point), then
`--summarise` pools them with 95% intervals.

    nice -n 10 python benchmarks/skill.py --strong expert --pairs 10 > skill.tsv
    nice -n 10 python benchmarks/skill.py --strong expert --table --pairs 10 > skill.tsv
    nice -n 10 python benchmarks/skill.py --game rat-and-duck -r bio_sci_to_win=2 \\
        -r unrest_to_win=21 --pairs 10 > skill-balanced.tsv
    python benchmarks/skill.py --summarise skill.tsv
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import ratking
from ratking.review.drama import skill_or_luck
from ratking.server.pool.budgets import table_spec
from ratking.sim.plan import parse_rules
from ratking.sim.stats import wilson

WEAK = ("random", "heuristic")


def play(args: argparse.Namespace) -> None:
    print("game\tweak\tgames\twon\tfair", flush=True)
    games = args.game or [info.id for info in ratking.list_games()]
    rules = parse_rules(args.rule)
    for k in range(args.pairs):  # a round of every game and opponent at a time
        for game in games:
            strong = (table_spec(args.strong, ratking.make(game, **rules)) if args.table
                      else args.strong)
            for weak in args.weak:
                r = skill_or_luck(game, 2, seed=args.seed + k, strong=strong, weak=weak,
                                  rules=rules)
                print(f"{game}\t{weak}\t{r['games']}\t{r['share'] * r['games']:g}\t"
                      f"{r['fair']:g}", flush=True)


def summarise(path: str) -> None:
    pooled: dict[tuple[str, str], list[float]] = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines()[1:]:
        game, weak, games, won, _ = line.split("\t")
        entry = pooled.setdefault((game, weak), [0, 0.0])
        entry[0] += int(games)
        entry[1] += float(won)
    print("| game | against | games | strong's share | 95% interval |")
    print("| --- | --- | ---: | ---: | --- |")
    for (game, weak), (games, won) in pooled.items():
        low, high = wilson(won, games)
        print(f"| {game} | {weak} | {games} | {won / games:.2f} | {low:.2f}-{high:.2f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", help="a game id (default: every game)")
    ap.add_argument("--strong", default="expert")
    ap.add_argument("--pairs", type=int, default=10, help="pairs of games per opponent")
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--weak", action="append", help="a weak bot spec (default: random and "
                    "heuristic)")
    ap.add_argument("--table", action="store_true", help="a level searches at the table's "
                    "time budget (ratking.server.pool.budgets: expert 1.5 s a decision) as well")
    ap.add_argument("-r", "--rule", action="append", default=[],
                    help="name=value, a rule for every game played (e.g. Rat & Duck's goals)")
    ap.add_argument("--summarise", metavar="TSV")
    args = ap.parse_args()
    args.weak = args.weak or list(WEAK)
    try:
        summarise(args.summarise) if args.summarise else play(args)
    except (ratking.RatkingError, OSError) as exc:
        print(f"Error: {exc}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
