"""Target: Rats' heuristic bot: greedy, one decision at a time, reading only what its seat
sees (never the order of the draw piles).

Groups head for the best space within reach: a fight they should win, food for unfed rats,
a free token space for fed pairs (nest) or any space (breed), an undefended enemy nest, the
throne once the family holds nests, a place to scavenge. Actions: claim, nest, breed, feed,
then scavenge. The Exterminator (and the winner's push) goes where it hurts the leader most.
"""

from __future__ import annotations

import random

from ....core import Action
from ..board import HOME
from . import actions as A
from . import cards as C
from .acting import pending
from .phases import (
    EXT,
    ITEM,
    KEEP,
    MOVE,
    NEST0,
    ONE_RAT,
    PAIRS,
    PUSH,
    RELOCATE,
    SPAWN,
    STEP,
    TAKE,
    TOKEN,
    USE,
    W_EXT,
)
from .rats import enemies, fed_unfed, nests, own

CARD_VALUE = {C.ITEM: 5, C.NEST: 9, C.FOOD: 8, C.SPAWN: 7, C.FEED: 6, C.SEWER: 3, C.NOTHING: 2,
              C.UNFEED: 1, C.SCATTER: 0, C.KILL: -1, C.KILL_HALF: -2, C.EXTERMINATOR: -2,
              C.KILL_ALL: -3}
# a scavenge on a free token space (a drawn food, nest or sewer card places its token), on
# one holding a token already, and on an access corridor space (no token can ever go there)
SCAVENGE_FREE, SCAVENGE_TOKEN, SCAVENGE_CORRIDOR = 12.0, 9.0, 4.0
GUARD = 25.0  # an empty own nest token with an enemy within reach: worth a guard
RETAKE = 32.0  # an enemy nest a bigger enemy group could take straight back
ITEM_VALUE = {C.FIGHT_DICE: 4, C.CANCEL_EVENT: 3, C.EXTRA_GROUP: 3, C.CALL_EXTERMINATOR: 2,
              C.EXTRA_STEPS: 1}


def strength(s, f: int) -> float:
    """How close a faction looks to winning."""
    return 4 * nests(s, f) + len(s.rats[f]) + (8 if s.cheese == f else 0) + \
        (10 if s.pending_win == f else 0)


def leader(s, f: int) -> int:
    others = [g for g in range(s.players) if g != f]
    return max(others, key=lambda g: (strength(s, g), -g))


def threats(s, f: int) -> list[int]:
    """Per space, the most enemy rats on one space within a move (board distance <=
    move_range) of it: who could come and fight there, or discover an empty nest, next turn."""
    b = s.game.board
    reach = s.game.rules.move_range
    near = [0] * b.size
    for g, rats in enumerate(s.rats):
        if g == f or not rats:
            continue
        at: dict[int, int] = {}
        for c in rats:
            at[c >> 1] = at.get(c >> 1, 0) + 1
        for x, n in at.items():
            row = b.dist[x]
            for y in range(b.size):
                if row[y] <= reach and near[y] < n:
                    near[y] = n
    return near


def space_value(s, f: int, sp: int, fed: int, unfed: int, near=None) -> float:
    """What a group of `fed` + `unfed` rats of f would make of stopping on sp (`near`: the
    threats() list, computed once per decision)."""
    b = s.game.board
    r = s.game.rules
    n = fed + unfed
    if sp == s.ext:
        return -100.0
    if b.kind[sp] == HOME:
        return -5.0
    v = 0.0
    mine_here = own(s, f, sp)
    if enemies(s, f, sp):
        theirs = s.count[sp] - mine_here
        me = n + mine_here
        if s.cheese not in (-1, f) and sp == b.city:
            theirs += 1.5
        v += 35 + 8 * (me - theirs) if me > theirs else -25 - 8 * (theirs - me)
        tok = s.token[sp]
        if tok >= NEST0 and tok != NEST0 + f:
            v += 15
        return v
    tok = s.token[sp]
    allfed = fed + fed_unfed(s, f, sp)[0]
    if near is None:
        near = threats(s, f)
    if tok >= NEST0 and tok != NEST0 + f:
        # an undefended enemy nest: scavenge to take it, worth less if a bigger enemy
        # group is within reach to take it straight back
        v += 40 if near[sp] <= n + mine_here else RETAKE
    elif tok == NEST0 + f and not mine_here and near[sp]:
        v += GUARD  # our own nest, empty, with enemies within reach: guard it
    if tok == 1 and unfed:
        v += 18 + 3 * unfed
    if allfed >= 2 and b.token_slot[sp] and tok < 3 and nests(s, f) < r.max_nests:
        v += 34
    elif allfed >= 2 and len(s.rats[f]) < r.max_rats:
        v += 22
    if sp == b.city:
        if s.cheese < 0:
            v += 12 + 14 * nests(s, f)
        elif s.cheese == f:
            v += 4
    elif b.kind[sp] in (0, 1):
        # somewhere to scavenge: best where a drawn token can land (a free token space),
        # a corridor space (no token ever) only as a last resort
        v += (SCAVENGE_CORRIDOR if not b.token_slot[sp] else SCAVENGE_FREE if tok == 0
              else SCAVENGE_TOKEN)
        if b.kind[sp] == 0 and s.ext < 0:
            v -= 1
    return v


def _reach(s, f: int, start: int, left: int, fed: int, unfed: int, near) -> float:
    """The best value of a space within `left` steps of start (board distance), less a
    little per step."""
    b = s.game.board
    row = b.dist[start]
    best = float("-inf")
    for x in range(b.size):
        d = row[x]
        if d <= left:
            v = space_value(s, f, x, fed, unfed, near) - 0.5 * d
            if v > best:
                best = v
    return best


def _guarded(s, f: int, sp: int) -> bool:
    """Is sp one of our nest tokens with an enemy within reach?"""
    return s.token[sp] == NEST0 + f and threats(s, f)[sp] > 0


def _take_split(s, f: int, sp: int, options: list[tuple[int, int]]) -> tuple[int, int]:
    fed, unfed = fed_unfed(s, f, sp)
    total = fed + unfed
    want_fed = fed - (1 if f == s.cheese and sp == s.game.board.city else 0)
    want_unfed = unfed
    if total >= 4 and s.game.board.kind[sp] == HOME:
        want_unfed = (unfed + 1) // 2  # split a big family between two groups
        want_fed = want_fed - want_fed % 2 if want_fed >= 2 else want_fed
    elif total >= 2 and want_fed + want_unfed >= total and _guarded(s, f, sp):
        # leave a guard on a threatened nest token: an unfed rat, or the odd fed one
        if want_unfed:
            want_unfed -= 1
        else:
            want_fed -= 1
    best = max(options, key=lambda o: (-(abs(o[0] - want_fed) + abs(o[1] - want_unfed)),
                                       o[0], o[1]))
    return best


def _ext_score(s, f: int, sp: int) -> float:
    lead = leader(s, f)
    v = 0.0
    for g in range(s.players):
        n = own(s, g, sp)
        if g == f:
            v -= 6 * n
        else:
            v += n * (2 if g == lead else 1)
    tok = s.token[sp]
    if tok >= 3:
        v += -8 if tok == NEST0 + f else (5 if tok == NEST0 + lead else 3)
    return v


def choose(s, rng: random.Random) -> Action:
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    cat = s.game.catalogue
    cs = s.game.cards
    b = s.game.board
    top = s.tasks[-1]
    code = top[0]
    f = top[1]
    jitter = rng.random
    if code == ONE_RAT:
        return cat.reinforce
    if code == MOVE:
        best, best_v = cat.end_moves, 1.0
        near = threats(s, f)
        for a in legal:
            if a.key[0] == A.GROUP:
                sp = a.key[1]
                fed, unfed = fed_unfed(s, f, sp)
                v = _reach(s, f, sp, s.game.rules.move_range, fed, unfed, near)
                if b.kind[sp] == HOME:
                    v += 6
                elif s.token[sp] == NEST0 + f and near[sp] and fed + unfed == 1:
                    v -= GUARD  # a lone guard on a threatened nest stays
                v += jitter()
            elif a.key[0] == A.USE:
                v = 5.0 if s.groups_left == 0 else -1.0
            else:
                continue
            if v > best_v:
                best, best_v = a, v
        return best
    if code == TAKE:
        options = [a.key[1:] for a in legal]
        fed, unfed = _take_split(s, f, top[2], options)
        return cat.take[fed][unfed]
    if code == STEP:
        codes = [s.rats[f][i] for i in s.grp_idx]
        fed = sum(c & 1 for c in codes)
        unfed = len(codes) - fed
        here = s.grp_path[-1]
        near = threats(s, f)
        best, best_v = cat.stop, space_value(s, f, here, fed, unfed, near) + 0.6
        if cat.stop not in legal:
            best, best_v = legal[0], float("-inf")
        for a in legal:
            if a.key[0] == A.STEP:
                to = a.key[1]
                cost = 2 if b.kind[here] == HOME and to != b.corridor_surface[s.nests[f]] else 1
                left = s.grp_steps - cost
                v = space_value(s, f, to, fed, unfed, near)
                if left > 0 and not enemies(s, f, to):
                    v = max(v, _reach(s, f, to, left, fed, unfed, near) - 0.5)
            elif a.key[0] == A.USE:
                v = best_v + 1 if s.grp_steps <= 1 and len(legal) > 2 else -50
            else:
                continue
            v += 0.3 * jitter()
            if v > best_v:
                best, best_v = a, v
        return best
    if code == SPAWN:
        places = [a for a in legal if b.kind[a.key[1]] != 3]
        return places[int(jitter() * len(places))] if places else legal[0]
    if code == KEEP:
        return max(legal, key=lambda a: CARD_VALUE[cs.types[a.key[1]].effect])
    if code == ITEM:
        return max(legal, key=lambda a: ITEM_VALUE[cs.types[a.key[1]].power])
    if code == TOKEN:
        return cat.token_keep if s.token[top[2]] == NEST0 + f else cat.token_new
    if code == RELOCATE:
        return min(legal, key=lambda a: own(s, f, a.key[1]))
    if code == PUSH:
        side = top[2]
        if side == f:  # scattered: somewhere safe and useful
            near = threats(s, f)
            fu = fed_unfed(s, f, top[3])
            return max(legal, key=lambda a: space_value(s, f, a.key[1], *fu, near)
                       - (30 if enemies(s, f, a.key[1]) else 0) + jitter())
        # losers pushed onto a group of ours that has still to act would take its action
        # (a fight there is its action): keep them off it when another space will do
        acting = pending(s) if f == s.turn else ()
        return max(legal, key=lambda a: (a.key[1] == s.ext) * 50
                   + (s.count[a.key[1]] - own(s, f, a.key[1])) * 3
                   - (a.key[1] in acting) * 5 + jitter())
    if code == EXT:
        return max(legal, key=lambda a: _ext_score(s, f, a.key[1]) + 0.1 * jitter())
    if code == PAIRS:
        return legal[-1]  # every pair that can breeds: more rats

    if code == USE:
        if top[2] == W_EXT:  # Pigeon Call: only when it hurts someone else more than us
            best = max(_ext_score(s, f, x) for x in range(b.surface) if x != s.ext)
            return legal[0] if best >= 3 else cat.pass_
        return legal[0]
    # the actions phase
    best, best_v = legal[0], float("-inf")
    r = s.game.rules
    for a in legal:
        kind, sp = a.key[0], a.key[1]
        if kind == A.FIGHT:
            v = 100.0
        elif kind == A.CLAIM:
            v = 90.0
        elif kind == A.NEST:
            v = 80.0
        elif kind == A.BREED:
            v = 60.0 + (10 if len(s.rats[f]) < r.max_rats - 3 else 0)
        elif kind == A.FEED:
            v = 50.0 + fed_unfed(s, f, sp)[1]
        elif kind == A.SCAVENGE:
            tok = s.token[sp]
            v = 70.0 if tok >= NEST0 and tok != NEST0 + f else 30.0 if b.token_slot[sp] else 20.0
            if s.cheese == f and not s.cheese_drew:
                v += 5
        else:
            v = 0.0
        v += jitter()
        if v > best_v:
            best, best_v = a, v
    return best


