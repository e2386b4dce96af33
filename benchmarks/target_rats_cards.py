"""Target: Rats' event decks in play: how often each card is drawn and what it changes.

Plays heuristic games (every seat the heuristic bot) and reads each game's log afterwards with
the game's own metrics module (`ratking.games.target_rats.full.metrics.card_effects`: a card's
effect is every event from its draw until the scavenge is resolved). The per-game totals are in
every `ratking simulate target-rats --report DIR`; this script adds who played each card.

Run on its own:  python benchmarks/target_rats_cards.py [--games 1000] [--players 4]
                 [--workers 2] [--json F]
Prints Markdown tables (the figures in docs/performance.md come from here).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from typing import Any

from rich.console import Console

import ratking
from ratking.bots import make_bot
from ratking.core.rng import derive_seed
from ratking.games.target_rats.full.metrics import card_effects
from ratking.sim.backends import open_backend
from ratking.sim.progress import progress_bar

GAME = "target-rats"


def play(seed: int, players: int) -> dict[str, Any]:
    game = ratking.make(GAME, max_rounds=200)
    state = game.new_game(players, seed=seed)
    bots = [make_bot("heuristic", derive_seed(seed, 1 + i)) for i in range(players)]
    while not state.over:
        state.apply(bots[state.to_move].choose(state))
    returns = state.returns()
    winner = returns.index(1.0) if state.end_reason == "finished" else None
    return {"winner": winner, "rounds": state.round, "end": state.end_reason,
            "decisions": len(state.history), "cards": card_effects(state)}


def _chunk(args: tuple[int, int, range]) -> tuple[int, list[dict[str, Any]]]:
    seed, players, indices = args
    return indices.start, [play(derive_seed(seed, i), players) for i in indices]


def run(games: int, players: int, workers: int, seed: int = 2026) -> list[dict[str, Any]]:
    """Play the games on the lab's local backend, with a progress bar on stderr."""
    step = max(1, games // (workers * 8))
    jobs = [(seed, players, range(i, min(i + step, games))) for i in range(0, games, step)]
    done: dict[int, list[dict[str, Any]]] = {}
    with open_backend("local", workers) as backend, \
            progress_bar(Console(stderr=True), GAME, games) as bar:
        def finished(chunk: tuple[int, list[dict[str, Any]]]) -> None:
            done[chunk[0]] = chunk[1]
            bar.advance(len(chunk[1]))

        backend.run(_chunk, jobs, finished)
    return [g for start in sorted(done) for g in done[start]]


def report(results: list[dict[str, Any]], players: int) -> str:
    game = ratking.make(GAME)
    cardset = game.cards
    lines = []
    finished = [r for r in results if r["end"] == "finished"]
    seat_wins = Counter(r["winner"] for r in finished)
    rounds = [r["rounds"] for r in results]
    lines.append(f"{len(results)} games of {players} heuristic bots: {len(finished)} won, "
                 f"{len(results) - len(finished)} stopped at the 200-round cap; rounds mean "
                 f"{statistics.mean(rounds):.1f}, median {statistics.median(rounds)}; "
                 f"decisions per game {statistics.mean(r['decisions'] for r in results):.0f}")
    lines.append("seat win shares: " + ", ".join(
        f"{seat_wins[p] / max(1, len(finished)):.3f}" for p in range(players)))
    lines.append("")
    per: dict[str, list[dict[str, Any]]] = defaultdict(list)
    winner_draws: Counter[str] = Counter()
    total_draws = 0
    winner_total = 0
    for r in results:
        for c in r["cards"]:
            per[c["card"]].append(c)
            total_draws += 1
            if r["winner"] is not None and c["seat"] == r["winner"]:
                winner_draws[c["card"]] += 1
                winner_total += 1
    base = winner_total / max(1, total_draws)
    lines.append(f"Cards activated: {total_draws} ({total_draws / len(results):.1f} a game); "
                 f"the eventual winner activated {base:.1%} of them.")
    lines.append("")
    lines.append("| deck | card | copies | activated per game | fed | unfed | killed | spawned "
                 "| tokens | items | scattered | by the winner |")
    lines.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
                 "| ---: |")
    decks = ("surface", "underground")
    for card in sorted(cardset.types, key=lambda t: (t.deck, t.id)):
        got = per.get(card.id, [])
        n = len(got)

        def mean(key: str, got=got, n=n) -> str:
            return f"{sum(c[key] for c in got) / n:.2f}" if n else "-"

        share = f"{winner_draws[card.id] / n:.0%}" if n else "-"
        lines.append(f"| {decks[card.deck]} | {card.name} | {card.count} | "
                     f"{n / len(results):.2f} | "
                     f"{mean('fed')} | {mean('unfed')} | {mean('killed')} | {mean('spawned')} "
                     f"| {mean('tokens')} | {mean('items')} | {mean('scattered')} | {share} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", help="also write the raw per-game results here")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = run(args.games, args.players, args.workers)
    took = time.perf_counter() - start
    print(report(results, args.players))
    print(f"\n({took:.0f} s with {args.workers} workers, "
          f"{len(results) / took:.1f} games/s)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
