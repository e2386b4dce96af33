"""The heuristic bot: swap a low card once, otherwise take as many crumbs as allowed. It reads
only what its seat may know (its own card, the pile)."""

from __future__ import annotations

import random

from ratking.core import Action


def choose(s, rng: random.Random) -> Action:
    g = s.game
    legal = s.legal_actions()
    if g.swap in legal and s.secret[s.to_move] <= 1:
        return g.swap
    return max((a for a in legal if a.key), key=lambda a: a.key)
