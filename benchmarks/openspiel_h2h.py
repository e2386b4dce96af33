"""ratking's search bot against OpenSpiel's ISMCTS, on ratking's games registered in OpenSpiel.

Both bots play the same OpenSpiel game object (`ratking.envs.openspiel`): OpenSpiel's Python
`ISMCTSBot` (UCT, c = 2, a random-rollout evaluator with one rollout, the final move by visit
count) through the OpenSpiel API, and ratking's `SearchBot` on the ratking state inside the
OpenSpiel state, its choice mapped back to OpenSpiel's action index. Two players, the seats
alternating from game to game.

Two measures, one core, CPU time of this process (`time.process_time`):
- iterations per second of each bot on the same positions (from games of the two bots);
- win shares with Wilson 95% intervals at equal iterations per move (`--iters`), and at equal
  time per move (`--ms`: ratking gets a time budget; OpenSpiel gets as many iterations as its
  measured rate allows in that time, since its bot has no clock).

    python benchmarks/openspiel_h2h.py --game rat-a-tat-roll --games 40 --iters 100 --ms 50
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts
from rich.console import Console

from ratking.bots import make_bot
from ratking.envs.openspiel import Holder, RatkingState, short_name
from ratking.sim.progress import Bar, progress_bar
from ratking.sim.stats import wilson

RATKING_SETTINGS = "depth=10:prior=0.5"  # as ratking's levels search (docs/strength.md)


@dataclass
class Tally:
    """Iterations and CPU seconds spent by one bot in its searches."""

    iterations: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.iterations / self.seconds if self.seconds else 0.0


def openspiel_bot(game: pyspiel.Game, iters: int, seed: int) -> ismcts.ISMCTSBot:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=iters, random_state=rng)
    # its default re-deal draws from an unseeded sampler: draw from its own generator instead,
    # so that a seed replays the same games
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player,
                                                                           bot.random_number))
    return bot


def play(game: pyspiel.Game, ratking_seat: int, ratking_spec: str, os_iters: int, seed: int,
         tallies: dict[str, Tally]) -> float:
    """One game, dealt from `seed`; ratking's share of the win (1, 0, or a share of a tie)."""
    state = RatkingState(game, Holder(game, game.ratking.new_game(2, seed=seed)))
    ours = make_bot(ratking_spec, seed)
    theirs = openspiel_bot(game, os_iters, seed)
    while not state.is_terminal():
        player = state.current_player()
        legal = state.legal_actions()
        if len(legal) == 1:
            state.apply_action(legal[0])
            continue
        start = time.process_time()
        if player == ratking_seat:
            inner = state.ratking_state()
            action = ours.choose(inner)
            index = state.holder.space.indices([action])[0]
            tally, done = tallies["ratking"], ours.last_iterations
        else:
            index = theirs.step(state)
            tally, done = tallies["openspiel"], os_iters
        tally.seconds += time.process_time() - start
        tally.iterations += done
        state.apply_action(index)
    returns = state.returns()
    return returns[ratking_seat]


def match(game_id: str, games: int, ratking_spec: str, os_iters: int, seed: int,
          bar: Bar | None = None) -> tuple[float, tuple[float, float], dict[str, Tally]]:
    """`games` games, ratking in seat 0 of the even ones: its win share, interval, tallies."""
    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    tallies = {"ratking": Tally(), "openspiel": Tally()}
    won = 0.0
    for g in range(games):
        won += play(game, g % 2, ratking_spec, os_iters, seed * 1000 + g, tallies)
        if bar:
            bar.advance(1)
    return won / games, wilson(won, games), tallies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="game id (repeatable; default: "
                        "rat-a-tat-roll and you-dirty-rat)")
    parser.add_argument("--games", type=int, default=40, help="games per condition")
    parser.add_argument("--iters", type=int, default=100, help="iterations per move (equal)")
    parser.add_argument("--ms", type=float, default=50.0, help="CPU ms per move (equal time)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = []
    games = args.game or ["rat-a-tat-roll", "you-dirty-rat"]
    with progress_bar(Console(stderr=True), "head to head", 2 * args.games * len(games)) as bar:
        for game_id in games:
            bar.describe(f"{game_id}, equal iterations")
            rows += conditions(game_id, args, bar)
    print(f"{args.games} games per condition, 2 players, seats alternating, seed {args.seed}\n")
    print("| game | budget per move | ratking's win share | 95% interval | ratking it/s | "
          "OpenSpiel it/s | ratio |")
    print("| --- | --- | ---: | --- | ---: | ---: | ---: |")
    for game_id, budget, share, low, high, ours, theirs in rows:
        ratio = ours / theirs if theirs else float("nan")
        print(f"| {game_id} | {budget} | {share:.3f} | {low:.3f}-{high:.3f} | {ours:,.0f} | "
              f"{theirs:,.0f} | {ratio:.1f}x |")


def conditions(game_id: str, args: argparse.Namespace, bar: Bar) -> list[tuple]:
    """The rows of one game: equal iterations per move, then equal time per move."""
    spec = f"ismcts:iters={args.iters}:{RATKING_SETTINGS}"
    share, (low, high), tallies = match(game_id, args.games, spec, args.iters, args.seed, bar)
    ours, theirs = tallies["ratking"].rate, tallies["openspiel"].rate
    rows = [(game_id, f"{args.iters} iterations", share, low, high, ours, theirs)]
    # equal time: ratking searches for `ms`; OpenSpiel gets what its rate buys in `ms`
    os_iters = max(1, round(theirs * args.ms / 1000))
    bar.describe(f"{game_id}, equal time")
    spec = f"ismcts:ms={args.ms:g}:{RATKING_SETTINGS}"
    share, (low, high), tallies = match(game_id, args.games, spec, os_iters, args.seed + 1, bar)
    rows.append((game_id, f"{args.ms:g} ms (OpenSpiel: {os_iters} iterations)", share, low,
                 high, tallies["ratking"].rate, tallies["openspiel"].rate))
    return rows


if __name__ == "__main__":
    main()
