"""A policy's win share against a bot, seats rotated: what `ratking train` logs as it trains
(numpy alone, so the shipped policies can be checked without PyTorch)."""

from __future__ import annotations

from typing import Any

from ..bots import make_bot
from ..core import make
from ..core.rng import derive_seed
from ..sim.stats import wilson


def win_share(player: Any, game_id: str, players: int, opponent: str, games: int, seed: int,
              rules: dict[str, Any] | None = None) -> tuple[float, float, float]:
    """(share, low, high): the mean of `player`'s returns over `games` games against
    `opponent` (a bot spec) in every other seat, its seat rotated game by game, with a 95%
    Wilson interval. `player` is anything with `choose(state)`."""
    game = make(game_id, **(rules or {}))
    total = 0.0
    for g in range(games):
        game_seed = derive_seed(seed, g)
        seat = g % players
        bots = {p: make_bot(opponent, derive_seed(game_seed, 1 + p))
                for p in range(players) if p != seat}
        bots[seat] = player
        state = game.new_game(players, seed=game_seed)
        while not state.over:
            state.apply(bots[state.to_move].choose(state))
        total += state.returns()[seat]
    low, high = wilson(total, games)
    return total / games, low, high
