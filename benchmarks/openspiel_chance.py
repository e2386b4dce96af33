"""What explicit chance costs in OpenSpiel: random play through the OpenSpiel API with
`chance="sampled"` and with `chance="explicit"` (every die, draw and shuffle a chance node,
`ratking.envs.chance`), in decisions per CPU second of this process, interleaved, and the
explicit mode's share of the sampled mode's rate. Chance outcomes are drawn uniformly, as
the chance nodes state. Two players, the games' default rules and round caps.

    python benchmarks/openspiel_chance.py --seconds 4 --rounds 3
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel

import ratking
from ratking.envs.openspiel import short_name


def rate(game: pyspiel.Game, seconds: float, seed: int) -> float:
    """Decisions (chance nodes not counted) per CPU second of random play."""
    rng = np.random.default_rng(seed)
    decisions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
                decisions += 1
    return decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds a measure")
    parser.add_argument("--rounds", type=int, default=3, help="measures a mode (the median)")
    parser.add_argument("--game", action="append", help="a game id (default: every game)")
    args = parser.parse_args()
    print("| game | sampled, decisions/s | explicit, decisions/s | explicit / sampled |")
    print("| --- | ---: | ---: | ---: |")
    for game_id in args.game or sorted(info.id for info in ratking.list_games()):
        name = short_name(game_id)
        sampled = pyspiel.load_game(name, {"players": 2, "seed": 1})
        explicit = pyspiel.load_game(name, {"players": 2, "chance": "explicit"})
        a, b = [], []
        for k in range(args.rounds):
            a.append(rate(sampled, args.seconds, k))
            b.append(rate(explicit, args.seconds, k))
        fast, slow = float(np.median(a)), float(np.median(b))
        print(f"| {game_id} | {fast:,.0f} | {slow:,.0f} | {slow / fast:.0%} |", flush=True)


if __name__ == "__main__":
    main()
