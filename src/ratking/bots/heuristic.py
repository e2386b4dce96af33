"""The heuristic bot: each game supplies its own policy as `Game.heuristic(state, rng)`."""

from __future__ import annotations

import random
from collections import Counter

from ..core import Action, RatkingError, State

# draws of the heuristic that estimate its distribution (`probabilities`)
SAMPLES = 8


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

    def probabilities(self, state: State) -> dict[str, float]:
        """What this bot plays at `state`, as a distribution: the heuristic's choice, drawn
        SAMPLES times with generators seeded 0, 1, ... (its only randomness is the jitter it
        draws from the generator it is given, so this is an estimate, the same at every call,
        exact where the jitter changes nothing), mixed with uniform play at the share `eps`."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return {legal[0].id: 1.0}
        policy = state.game.heuristic
        if policy is None:
            raise RatkingError(f"{state.game.title} has no heuristic bot")
        counts = Counter(policy(state, random.Random(k)).id for k in range(SAMPLES))
        eps = self.eps
        out = {a.id: eps / len(legal) for a in legal} if eps > 0.0 else {}
        for aid, n in counts.items():
            out[aid] = out.get(aid, 0.0) + (1.0 - eps) * n / SAMPLES
        return out
