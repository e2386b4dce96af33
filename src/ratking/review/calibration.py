"""How good a game's evaluation hook is as a forecast: positions from fresh games, each seat's
estimated chance (`game.evaluate`) against who went on to win. The log loss per position beside
a coin flip's (every seat alike), and a calibration table: of the chances given near 70%, how
many won?"""

from __future__ import annotations

import math
from typing import Any

from ..bots import make_bot
from ..core import make
from ..core.rng import derive_seed
from .analysis import chances_of

BINS = 10


def positions(game_id: str, rules: dict[str, Any], bots: str, games: int, players: int = 2,
              seed: int = 0, every: int = 5) -> list[tuple[list[float], list[float]]]:
    """(the evaluation's chances, the result as shares) of one position in `every` of
    `games` games between `bots` (one spec for every seat), the first taken at random."""
    game = make(game_id, **rules)
    out = []
    for i in range(games):
        gseed = derive_seed(seed, i)
        state = game.new_game(players, seed=gseed)
        seats = [make_bot(bots, derive_seed(gseed, s)) for s in range(players)]
        taken, step = [], gseed % every
        while not state.over:
            if step % every == 0:
                taken.append(chances_of(state))
            step += 1
            state.apply(seats[state.to_move].choose(state))
        result = chances_of(state)
        out.extend((chances, result) for chances in taken)
    return out


def calibration(data: list[tuple[list[float], list[float]]]) -> dict[str, Any]:
    """The log loss per position of the forecasts and of a coin flip, and per tenth of the
    forecast chance: the mean forecast, the share that won, how many."""
    loss = coin = 0.0
    sums = [[0.0, 0.0, 0] for _ in range(BINS)]
    for chances, result in data:
        loss -= sum(t * math.log(max(q, 1e-12)) for q, t in zip(chances, result, strict=True))
        coin += math.log(len(chances))  # every seat 1/n, whatever the result
        for q, t in zip(chances, result, strict=True):
            b = min(BINS - 1, int(q * BINS))
            sums[b][0] += q
            sums[b][1] += t
            sums[b][2] += 1
    n = max(1, len(data))
    return {"positions": len(data), "log_loss": loss / n, "coin_flip": coin / n,
            "table": [{"forecast": s[0] / s[2], "won": s[1] / s[2], "n": s[2]}
                      for s in sums if s[2]]}
