"""Rat-a-Tat Roll's evaluation for search: win chances from each hand's expected total.

A hand's expected final total counts its cards at their values (a searched state is one
determinization, so every card has a value) and each card still to collect at the mean of the
cards outside the hands. Lower is better; the same lead counts more as the hands fill up.
Re-roll tokens are worth a little. Weights fitted with `benchmarks/fit_evaluation.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.evaluation import linear_chances

if TYPE_CHECKING:
    from .state import RollState

# expected total / 10, the same times the share of cards collected, tokens
WEIGHTS = (-0.297, -0.987, 0.225)


# the bot levels of this game (ratking.bots.specs; measured in docs/strength.md)
LEVELS = {
    "easy": "heuristic:eps=0.4",
    "hard": "ismcts:iters=1500:depth=10:prior=0.5",
    "expert": "ismcts:iters=6000:depth=10:prior=0.5",
}

def features(s: RollState) -> list[list[float]]:
    values = s.game.values
    need = s.need
    hands = s.hands
    held = [sum(values[c] for c in hand) for hand in hands]
    count = sum(len(h) for h in hands)
    rest = sum(values) - sum(held)
    mean = rest / (len(values) - count) if len(values) > count else 4.5
    progress = min(count, need * s.players) / (need * s.players)
    rows = []
    for p, hand in enumerate(hands):
        missing = need - len(hand)
        total = (held[p] + (missing * mean if missing > 0 else 0.0)) / 10.0
        rows.append([total, total * progress, float(s.tokens[p])])
    return rows


def evaluate(s: RollState) -> list[float]:
    return linear_chances(features(s), WEIGHTS)
