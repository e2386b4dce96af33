"""Target: Rats' evaluation for search: win chances from each family's nest tokens, the throne,
a win held for the coming turn, its rats (fed and in Rat City) and its item.

A family wins as Da Big Cheese holding three nest tokens through a round, so nests and the
throne count most, and most of all together. Weights fitted with
`benchmarks/fit_evaluation.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.evaluation import linear_chances
from .phases import NEST0

if TYPE_CHECKING:
    from .state import FullState

# nests / needed, all nests needed, the throne, the throne with the nests, a win marked,
# rats / max, fed rats / max, rats in Rat City / max, an item held
WEIGHTS = (0.983, -0.197, 0.8, 0.0777, 0.368, 1.84, 0.606, 0.732, 0.281)


# the bot levels of this game (ratking.bots.specs; measured in docs/strength.md)
LEVELS = {
    "easy": "heuristic:eps=0.4",
    "hard": "ismcts:iters=300:depth=10:prior=0.5",
    "expert": "ismcts:iters=1200:depth=10:prior=0.5",
}

def features(s: FullState) -> list[list[float]]:
    g = s.game
    r = g.rules
    city = g.board.city
    need = r.nests_to_win
    top = r.max_rats
    token = s.token
    rows = []
    for f, rats in enumerate(s.rats):
        nests = token.count(NEST0 + f)
        enough = 1.0 if nests >= need else 0.0
        cheese = 1.0 if s.cheese == f else 0.0
        fed = town = 0
        for c in rats:
            fed += c & 1
            if c >> 1 == city:
                town += 1
        rows.append([min(nests, need) / need, enough, cheese, cheese * enough,
                     1.0 if s.pending_win == f else 0.0, len(rats) / top, fed / top,
                     town / top, 1.0 if s.item[f] >= 0 else 0.0])
    return rows


def evaluate(s: FullState) -> list[float]:
    return linear_chances(features(s), WEIGHTS)
