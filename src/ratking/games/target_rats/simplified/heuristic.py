"""Target: Rats Simplified's heuristic bot: greedy, one decision at a time, cheap.

Unfed rats head for dumpsters, fed rats for each other (to breed), a rat that can reach Rat
City with the exact roll goes for the throne, the Target die goes to the space with the most
enemy rats, and new rats leave the nest. Everything it reads is public.
"""

from __future__ import annotations

from ....core import Action
from . import actions as A
from .phases import DICE, MOVING, TOPUP
from .rules import opposing_in_city


def _space_value(s, f: int, dest: int, fed: int, rem: int, exact: bool) -> float:
    b = s.game.board
    dist = b.dist[dest]
    v = 0.0
    if dest == b.city:
        if opposing_in_city(s, f):
            v -= 40
        if exact and rem == 0:
            v += 1000
    if exact and s.cheese < 0 and dist[b.city] <= rem:
        v += 100 - 10 * (rem - dist[b.city])  # still on course for the throne
    if not fed:
        if dest in s.dumpsters and dest != s.ext:
            v += 40
        v -= 3 * min(dist[d] for d in s.dumpsters if d != s.ext)
    else:
        others = [c >> 1 for i, c in enumerate(s.rats[f]) if c & 1 and i != s.mover]
        if dest in others:
            v += 60
        elif others:
            v -= 2 * min(dist[o] for o in others)
    if len(s.rats[f]) >= s.game.rules.max_rats - 2:
        v -= dist[b.city]  # a big family heads for the throne
    if dest == s.ext:
        v -= 100
    return v


def choose(s, rng) -> Action:
    legal = s.legal_actions()
    cat = s.game.catalogue
    f = s.to_move
    b = s.game.board
    if s.phase == TOPUP:
        return cat.topup
    if s.phase == DICE:
        return cat.roll_extra  # more to move: rats leave the nest sooner, a Target more often
    if s.phase == MOVING:
        if cat.breed in legal:
            return cat.breed
        code = s.rats[f][s.mover]
        fed = code & 1
        here = code >> 1
        exact = s.start_pool == sum(s.dice)
        best, best_v = legal[0], float("-inf")
        for a in legal:
            if a.key[0] == A.STEP:
                dest = a.key[1]
                cost = 2 if b.kind[here] == 3 and dest != b.corridor_surface[s.nests[f]] else 1
                nfed = fed or (dest in s.dumpsters and dest != s.ext)
                v = _space_value(s, f, dest, nfed, s.pool - cost, exact)
                if dest == s.ext:
                    v -= 1000.0  # landing on the Exterminator kills the rat
            else:
                v = _space_value(s, f, here, fed, s.pool, False) + 1
            v += rng.random() * 0.5
            if v > best_v:
                best, best_v = a, v
        return best
    # the pick phase: the Exterminator, or which rat
    best, best_v = legal[0], float("-inf")
    total = sum(s.dice)
    for a in legal:
        kind = a.key[0]
        if kind == A.EXT:
            sp = a.key[1]
            mine = sum(1 for c in s.rats[f] if c >> 1 == sp)
            theirs = s.count[sp] - mine
            v = 30 * (theirs - 2 * mine) - 20
        elif kind == A.END:
            v = -50
        else:
            sp, fed = a.key[1], a.key[2]
            dist = b.dist[sp]
            v = 0.0
            if s.cheese < 0 and s.pool == total and dist[b.city] <= s.pool:
                v += 60 if dist[b.city] == s.pool else 30
            if not fed:
                near = min(dist[d] for d in s.dumpsters if d != s.ext)
                v += 25 - 2 * near if near <= s.pool else 0
            else:
                others = [c >> 1 for c in s.rats[f] if c & 1 and c >> 1 != sp]
                near = min((dist[o] for o in others), default=99)
                v += 35 - 2 * near if near <= s.pool else 5
            if b.kind[sp] == 3:
                v += 15
            if sp == b.city and s.cheese == f:
                v -= 60  # keep the throne
        v += rng.random()
        if v > best_v:
            best, best_v = a, v
    return best
