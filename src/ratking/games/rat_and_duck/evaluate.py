"""Rat & Duck's evaluation for search: each team's chance from how far each side's race has run.

The government races to Bio-Sci progress (with credit for civilians kidnapped and walked
towards the Lab, and location cards held), the dissent to total unrest (with credit for wanted
dissents still free, against them for dissents in prison). A government seat's row holds the
government's features and a dissent seat's row their negation, so over two seats the softmax
is a logistic model of the government's chance; every seat gets its team's chance, on the scale
of `returns()` (each seat of the winning team scores 1). Weights fitted with
`benchmarks/fit_evaluation.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.evaluation import linear_chances
from .params import GOVERNMENT

if TYPE_CHECKING:
    from .state import DuckState

# government side, Bio-Sci share, its square, unrest share, its square, civilians on the map,
# their closeness to the Lab, location cards held, dissents in prison, wanted, rounds played
WEIGHTS = (-2.23, 3.26, 1.64, -1.04, -1.55, 0.251, 0.993, 0.127, 0.116, -0.125, 0.686)


def team_features(s: DuckState) -> list[float]:
    g = s.game
    r = g.rules
    lab = g.city.lab
    prison = g.city.prison
    dist = s.layout.dist
    bio = s.biosci / r.bio_sci_to_win
    unrest = sum(s.unrest) / r.unrest_to_win
    civs = len(s.civs)
    near = sum(1.0 / (1 + dist[s.civ_at[c]][lab]) for c in s.civs)
    jailed = sum(1 for d in g.dissents if s.pos[d] == prison)
    wanted = sum(s.wanted[d] for d in g.dissents if s.pos[d] != prison)
    cap = r.max_rounds
    rounds = s.round / cap if cap else 0.0
    return [1.0, bio, bio * bio, unrest, unrest * unrest, float(civs), near,
            float(len(s.held)), float(jailed), float(wanted), rounds]


# the bot levels of this game (ratking.bots.specs; measured in docs/strength.md)
LEVELS = {
    "easy": "heuristic:eps=0.4",
    "hard": "ismcts:iters=1000:depth=10:prior=0.5",
    "expert": "ismcts:iters=4000:depth=10:prior=0.5",
}

def features(s: DuckState) -> list[list[float]]:
    half = [x / 2.0 for x in team_features(s)]
    minus = [-x for x in half]
    return [half if t == GOVERNMENT else minus for t in s.game.seat_teams(s.players)]


def evaluate(s: DuckState) -> list[float]:
    half = [x / 2.0 for x in team_features(s)]
    gov = linear_chances([half, [-x for x in half]], WEIGHTS)[0]  # a logistic model
    return [gov if t == GOVERNMENT else 1.0 - gov for t in s.game.seat_teams(s.players)]
