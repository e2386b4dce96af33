"""The heuristic bot: swap a low card once, then take as many crumbs as allowed. It reads only
what its seat may know (its own card, the pile)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ratking.core import Action

if TYPE_CHECKING:
    from .state import CrumbsState


def choose(s: CrumbsState, rng: random.Random) -> Action:
    g = s.game
    legal = s.legal_actions()
    if g.swap in legal and s.secret[s.to_move] <= 1:
        return g.swap
    return max((a for a in legal if a.key), key=lambda a: a.key)
