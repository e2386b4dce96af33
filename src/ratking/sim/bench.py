"""Engine speed: random play for a fixed time."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ..core import make


@dataclass(frozen=True)
class BenchResult:
    game: str
    players: int
    seconds: float
    decisions: int
    games: int

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games if self.games else 0.0


def bench(game_id: str, players: int, seconds: float = 5.0, seed: int = 0,
          rules: dict | None = None) -> BenchResult:
    """Play uniformly random games back to back for `seconds`; count finished games only."""
    game = make(game_id, **(rules or {}))
    game.check_players(players)
    choose = random.Random(seed).random
    decisions = games = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        state = game.new_game(players, seed=seed + games)
        steps = 0
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[int(choose() * len(legal))])
            steps += 1
        decisions += steps
        games += 1
        now = clock()
        if now >= deadline:
            return BenchResult(game_id, players, now - start, decisions, games)
