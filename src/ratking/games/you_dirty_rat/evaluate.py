"""You Dirty Rat's evaluation for search: win chances from each seat's cash and organisation.

Cash counts with the chain bonuses (the final score as it stands); the same lead counts more
as the Town Stash runs dry (the game ends when it is empty). Specialists held and Heists done
are worth a little. Weights fitted with `benchmarks/fit_evaluation.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.evaluation import linear_chances
from .rules import organisation, totals

if TYPE_CHECKING:
    from .state import RatState

# score / $1000, the same times the share of the stash taken, Specialists / 10, Heists done
WEIGHTS = (-0.111, 3.09, 3.99, 0.409)


# the bot levels of this game (ratking.bots.specs; measured in docs/strength.md)
LEVELS = {
    "easy": "heuristic:eps=0.4",
    "hard": "ismcts:iters=1000:depth=10:prior=0.5:margin=0.3",
    "expert": "ismcts:iters=4000:depth=10:prior=0.5:margin=0.3",
}

def features(s: RatState) -> list[list[float]]:
    score = totals(s)
    drained = 1.0 - s.stash / s.total
    return [[score[p] / 1000.0, score[p] / 1000.0 * drained, organisation(s, p) / 10.0,
             float(len(s.won[p]))] for p in range(s.players)]


def evaluate(s: RatState) -> list[float]:
    return linear_chances(features(s), WEIGHTS)
