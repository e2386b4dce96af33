"""The random bot: a uniformly random legal action."""

from __future__ import annotations

import random

from ..core import Action, State


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        return legal[int(self.rng.random() * len(legal))]

    def probabilities(self, state: State) -> dict[str, float]:
        """Every legal action alike (exact)."""
        legal = state.legal_actions()
        return {a.id: 1.0 / len(legal) for a in legal}
