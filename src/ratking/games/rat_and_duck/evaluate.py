"""Rat & Duck's evaluation for search: each team's chance from how far each side's race has run.

The government races to its Bio-Sci goal (with credit for civilians kidnapped and walked
towards the Lab, and location cards held), the dissent to its unrest goal (with credit for
wanted dissents still free, against them for dissents in prison). Each race is measured by
the work still to do, in its own units: the Research actions still needed per scientist, and
the Speaks still needed per dissent. So one set of weights reads any goals a rule variant sets
(the lab's balanced numbers as well as the rulebook's), where shares of the goal would mean a
different race at every setting. A government seat's row holds the government's features and a
dissent seat's row their negation, so over two seats the softmax is a logistic model of the
government's chance; every seat gets its team's chance, on the scale of `returns()` (each seat
of the winning team scores 1). Weights fitted with `benchmarks/fit_evaluation.py` over several
goal settings (see WEIGHTS).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.evaluation import linear_chances
from .params import GOVERNMENT, SCIENTIST

if TYPE_CHECKING:
    from .state import DuckState

# government side, Research actions still needed per scientist, its square root, Speaks still
# needed per dissent, its square root, civilians on the map, their closeness to the Lab,
# location cards held, dissents in prison, wanted, rounds left before the limit (tens, at most 3).
# Fitted over the rulebook's goals and four variants, 2 to 4 players:
#   python benchmarks/fit_evaluation.py rat-and-duck --games 1500 --players 2,3,4 \
#       --variant "" --variant bio_sci_to_win=2,unrest_to_win=21 \
#       --variant bio_sci_to_win=3,unrest_to_win=18 --variant bio_sci_to_win=2,unrest_to_win=15 \
#       --variant bio_sci_to_win=1,unrest_to_win=12
WEIGHTS = (-0.724, -1.23, -0.889, 0.179, 1.08, 0.407, 1.27, 0.438, 0.329, -0.0445, -0.312)
ROUNDS_SEEN = 30  # rounds left count up to this many (a game without a limit: this many)


def team_features(s: DuckState) -> list[float]:
    g = s.game
    r = g.rules
    lab = g.city.lab
    prison = g.city.prison
    dist = s.layout.dist
    scientists = sum(1 for role in g.roles if role == SCIENTIST)
    research = max(0, -(-(r.bio_sci_to_win - s.biosci) // r.research_gain)) / scientists
    speaks = max(0.0, (r.unrest_to_win - sum(s.unrest)) / r.unrest_gain) / len(g.dissents)
    civs = len(s.civs)
    near = sum(1.0 / (1 + dist[s.civ_at[c]][lab]) for c in s.civs)
    jailed = sum(1 for d in g.dissents if s.pos[d] == prison)
    wanted = sum(s.wanted[d] for d in g.dissents if s.pos[d] != prison)
    cap = r.max_rounds
    left = min(ROUNDS_SEEN, cap - s.round) if cap else ROUNDS_SEEN
    return [1.0, research, math.sqrt(research), speaks, math.sqrt(speaks), float(civs), near,
            float(len(s.held)), float(jailed), float(wanted), left / 10.0]


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
