"""A helper for the games' evaluation hooks (`Game.evaluate`): win chances from features.

A game describes each seat by a few numbers (its features) and weighs them with fitted
weights; the chances are a softmax over the seats (a conditional logit model), so they are
positive and sum to 1. `benchmarks/fit_evaluation.py` fits the weights from bot games.
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def linear_chances(rows: Sequence[Sequence[float]], weights: Sequence[float]) -> list[float]:
    """Softmax over seats of each row of features dotted with `weights`."""
    scores = [sum(w * x for w, x in zip(weights, row, strict=True)) for row in rows]
    top = max(scores)
    exps = [math.exp(x - top) for x in scores]
    total = sum(exps)
    return [x / total for x in exps]
