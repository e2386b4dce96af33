"""The search's evaluation of a game in play, and the bot levels tuned for Crumbs."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import CrumbsState

# the search's levels (bot specs), by iterations so that their results reproduce
LEVELS = {"hard": "ismcts:iters=300:depth=8:prior=0.5",
          "expert": "ismcts:iters=1000:depth=8:prior=0.5"}


def evaluate(s: CrumbsState) -> list[float]:
    """Each seat's chance to win, estimated from its score so far and an even share of the
    crumbs left: the closer the leader, the surer (a softmax over a point and a half)."""
    share = s.pile / s.players
    scores = [c + x + share for c, x in zip(s.crumbs, s.secret, strict=True)]
    top = max(scores)
    weights = [math.exp((x - top) / 1.5) for x in scores]
    total = sum(weights)
    return [w / total for w in weights]
