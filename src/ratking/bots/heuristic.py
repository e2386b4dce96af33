"""The heuristic bot: each game supplies its own policy as `Game.heuristic(state, rng)`."""

from __future__ import annotations

import random

from ..core import Action, RatkingError, State


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        policy = state.game.heuristic
        if policy is None:
            raise RatkingError(f"{state.game.title} has no heuristic bot")
        return policy(state, self.rng)
