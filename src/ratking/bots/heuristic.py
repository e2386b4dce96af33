"""The heuristic bot: each game supplies its own policy as `Game.heuristic(state, rng)`."""

from __future__ import annotations

import random

from ..core import Action, RatkingError, State


class HeuristicBot:
    """The game's heuristic; with `eps` > 0 a uniformly random legal action that share of the
    time instead (a weaker player that still plays with sense)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, eps: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.eps = eps

    def choose(self, state: State) -> Action:
        policy = state.game.heuristic
        if policy is None:
            raise RatkingError(f"{state.game.title} has no heuristic bot")
        if self.eps > 0.0 and self.rng.random() < self.eps:
            legal = state.legal_actions()
            return legal[int(self.rng.random() * len(legal))]
        return policy(state, self.rng)
