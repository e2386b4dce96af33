"""A sensible Rat & Duck player for each role. It reads only what its seat may know: the
dissent never looks at the government's location cards, and nobody at the deck.

Government: draw location cards, kidnap where a card says, link the civilian and bring it to the
Lab, research; police arrest wanted dissents, control unrest and carry civilians.
Dissent: free civilians, speak where unrest can still grow, keep away from the police when
wanted enough to be arrested.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ...core import Action
from . import actions as A
from .params import POLICE, SCIENTIST
from .phases import PRE_ACTION, PRE_MOVE

if TYPE_CHECKING:
    from .state import DuckState


def _by_kind(legal: list[Action]) -> dict[int, list[Action]]:
    out: dict[int, list[Action]] = {}
    for a in legal:
        out.setdefault(a.key[0], []).append(a)
    return out


def _step_toward(s: DuckState, here: int, goals: list[int]) -> int | None:
    """The neighbour that brings the unit nearest to the closest goal (None: stay)."""
    if not goals:
        return None
    dist = s.layout.dist
    best = min(dist[here][g] for g in goals)
    if best == 0:
        return None
    for n in s.layout.adj[here]:
        if min(dist[n][g] for g in goals) < best:
            return n
    return None


def choose(s: DuckState, rng: random.Random) -> Action:
    """The heuristic's action for the unit to play."""
    g = s.game
    legal = s.legal_actions()
    kinds = _by_kind(legal)
    u = s.active
    role = g.roles[u]
    if role == SCIENTIST:
        pick = _scientist(s, u, kinds)
    elif role == POLICE:
        pick = _police(s, u, kinds)
    else:
        pick = _dissent(s, u, kinds)
    if pick is not None:
        return pick
    if s.phase == PRE_MOVE:
        return g.catalogue.skip_move
    ends = kinds.get(A.END)
    if ends:
        return ends[int(rng.random() * len(ends))]
    return legal[int(rng.random() * len(legal))]


def _move(s: DuckState, kinds, here: int, goals: list[int]) -> Action | None:
    if s.phase != PRE_MOVE:
        return None
    step = _step_toward(s, here, goals)
    if step is None:
        return s.game.catalogue.skip_move
    return s.game.catalogue.move[step]


def _carrying(s: DuckState, u: int) -> list[int]:
    return [c for c in s.civs if s.link[c] == u]


def _scientist(s: DuckState, u: int, kinds) -> Action | None:
    g = s.game
    lab = g.city.lab
    here = s.pos[u]
    if A.TARGET in kinds:
        return kinds[A.TARGET][0]
    carrying = _carrying(s, u)
    if here == lab and A.RESEARCH in kinds and s.phase == PRE_ACTION:
        return kinds[A.RESEARCH][0]
    if A.UNLINK in kinds and here == lab and s.phase != PRE_MOVE:
        return kinds[A.UNLINK][0]
    if A.LINK in kinds and here != lab:
        return kinds[A.LINK][0]
    if A.KIDNAP in kinds:
        return kinds[A.KIDNAP][0]
    if s.phase == PRE_MOVE:
        if carrying:
            return _move(s, kinds, here, [lab])
        loose = [s.civ_at[c] for c in s.civs if s.link[c] < 0 and s.civ_at[c] != lab]
        if loose:
            return _move(s, kinds, here, loose)
        if any(s.civ_at[c] == lab for c in s.civs):
            return _move(s, kinds, here, [lab])
        if s.held:
            return _move(s, kinds, here, list(s.held))
    return None


def _police(s: DuckState, u: int, kinds) -> Action | None:
    g = s.game
    lab = g.city.lab
    here = s.pos[u]
    need = g.rules.arrest_wanted
    if A.ARREST in kinds:
        return max(kinds[A.ARREST], key=lambda a: s.wanted[a.key[1]])
    carrying = _carrying(s, u)
    if carrying and here == lab and A.UNLINK in kinds:
        return kinds[A.UNLINK][0]
    if A.LINK in kinds and here != lab:
        return kinds[A.LINK][0]
    if A.CONTROL in kinds and s.unrest[here] >= 2:
        return kinds[A.CONTROL][0]
    if s.phase == PRE_MOVE:
        wanted = [s.pos[d] for d in g.dissents if s.wanted[d] >= need and
                  s.pos[d] != g.city.prison]
        near = [p for p in wanted if s.layout.dist[here][p] <= 1]
        if near:
            return _move(s, kinds, here, near)
        if carrying:
            return _move(s, kinds, here, [lab])
        loose = [s.civ_at[c] for c in s.civs if s.link[c] < 0 and s.civ_at[c] != lab
                 and s.layout.dist[here][s.civ_at[c]] <= 2]
        if loose:
            return _move(s, kinds, here, loose)
        hot = _hottest(s, here)
        if wanted and (hot is None or s.unrest[hot] < 2):
            return _move(s, kinds, here, wanted)
        if hot is not None:
            return _move(s, kinds, here, [hot])
    if A.CONTROL in kinds:
        return kinds[A.CONTROL][0]
    return None


def _hottest(s: DuckState, here: int) -> int | None:
    """The civilian place with the most unrest (nearest first); None if calm everywhere."""
    best, pick = 0, None
    dist = s.layout.dist[here]
    for p, level in enumerate(s.unrest):
        if level and (level > best or (level == best and pick is not None
                                       and dist[p] < dist[pick])):
            best, pick = level, p
    return pick


def _dissent(s: DuckState, u: int, kinds) -> Action | None:
    g = s.game
    city = g.city
    here = s.pos[u]
    r = g.rules
    if s.phase == PRE_ACTION:
        if A.RELEASE in kinds:
            return kinds[A.RELEASE][0]
        if A.SPEAK in kinds:
            police = [s.pos[p] for p in g.government if g.roles[p] == POLICE]
            risky = s.wanted[u] + r.wanted_gain >= r.arrest_wanted and any(
                s.layout.dist[here][p] <= 1 for p in police)
            if not risky or sum(s.unrest) + r.unrest_gain >= r.unrest_to_win:
                return kinds[A.SPEAK][0]
        return None
    if s.phase != PRE_MOVE:
        return None
    police = [s.pos[p] for p in g.government if g.roles[p] == POLICE]
    dist = s.layout.dist
    exposed = s.wanted[u] >= r.arrest_wanted - r.wanted_gain
    options = [here, *s.layout.adj[here]]

    def score(p: int) -> float:
        val = 0.0
        if any(s.civ_at[c] == p for c in s.civs):
            val += 5.0
        if p < city.civilian and s.unrest[p] < r.max_unrest:
            val += 2.0 + 0.3 * s.unrest[p]
        elif p < city.civilian:
            val += 0.5
        if exposed:
            nearest = min((dist[p][q] for q in police), default=9)
            if nearest == 0:
                val -= 6.0
            elif nearest == 1:
                val -= 3.0
        room = [q for q in range(city.civilian) if s.unrest[q] < r.max_unrest]
        if room:
            val -= 0.3 * min(dist[p][q] for q in room)
        civ = [s.civ_at[c] for c in s.civs]
        if civ:
            val -= 0.5 * min(dist[p][q] for q in civ)
        return val

    best = max(options, key=lambda p: (score(p), -p))
    if best == here:
        return g.catalogue.skip_move
    return g.catalogue.move[best]
