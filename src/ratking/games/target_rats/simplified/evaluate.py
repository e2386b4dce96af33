"""Target: Rats Simplified's evaluation for search: win chances from each family's size, how
many of its rats are out of the nest and fed, and the throne.

A family wins as Da Big Cheese with all twelve rats out of its home nest, so the rats out count
most once the family holds the throne. Weights fitted with `benchmarks/fit_evaluation.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.evaluation import linear_chances

if TYPE_CHECKING:
    from .state import RatsState

# rats / max, rats out of the nest / max, fed rats / max, the throne, the throne times rats out,
# rats in Rat City / max
WEIGHTS = (1.49, 0.431, -0.232, 0.165, 1.56, 0.445)


# the bot levels of this game (ratking.bots.specs; measured in docs/strength.md)
LEVELS = {
    "easy": "heuristic:eps=0.2",
    "hard": "ismcts:iters=300:depth=10:prior=0.5",
    "expert": "ismcts:iters=1200:depth=10:prior=0.5",
}

def features(s: RatsState) -> list[list[float]]:
    b = s.game.board
    top = s.game.rules.max_rats
    city = b.city
    rows = []
    for f, rats in enumerate(s.rats):
        home = b.homes[s.nests[f]]
        out = fed = town = 0
        for c in rats:
            sp = c >> 1
            if sp != home:
                out += 1
            if sp == city:
                town += 1
            fed += c & 1
        cheese = 1.0 if s.cheese == f else 0.0
        rows.append([len(rats) / top, out / top, fed / top, cheese, cheese * out / top,
                     town / top])
    return rows


def evaluate(s: RatsState) -> list[float]:
    return linear_chances(features(s), WEIGHTS)
