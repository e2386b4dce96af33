"""How much of each game's action space play reaches: the ids of `game.action_space(players)`
never seen legal in a number of games (a third heuristic against heuristic, a third random,
a third mixed).

An action space lists every action that can ever be legal with that many seats; the ids this
finds unseen are either rare (a position random and heuristic play seldom reach) or a sign
that the space is too wide. A legal action outside the space cannot happen: the mask raises.

Run on its own:  python benchmarks/action_coverage.py [--seconds 40] [--game ID]
"""

from __future__ import annotations

import argparse
import random
import time

import ratking
from ratking.bots import HeuristicBot


def coverage(game_id: str, players: int, seconds: float) -> tuple[int, int, list[str]]:
    """(games played, space size, ids never seen legal)."""
    game = ratking.make(game_id, max_rounds=60)
    space = game.action_space(players)
    seen: set[str] = set()
    rng = random.Random(players)
    games = 0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        state = game.new_game(players, seed=games)
        bot = HeuristicBot(games)
        mode = games % 3
        games += 1
        while not state.is_over:
            legal = state.legal_actions()
            seen.update(a.id for a in legal)
            smart = mode == 0 or (mode == 2 and rng.random() < 0.5)
            state.apply(bot.choose(state) if smart else legal[int(rng.random() * len(legal))])
    return games, len(space), [i for i in space.ids if i not in seen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=40.0, help="per game and count")
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    args = parser.parse_args()
    for info in ratking.list_games():
        if args.game and info.id not in args.game:
            continue
        for players in ratking.make(info.id).player_counts():
            games, size, unseen = coverage(info.id, players, args.seconds)
            print(f"{info.id} {players} players: {games} games, {size - len(unseen)} of {size}"
                  f" ids seen legal; never: {' '.join(unseen) or '-'}", flush=True)


if __name__ == "__main__":
    main()
