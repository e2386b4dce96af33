"""Set-ups for Target: Rats Simplified rules tests: rats placed and dice set by hand."""

from __future__ import annotations

import ratking
from ratking.games.target_rats.board import board
from ratking.games.target_rats.simplified.phases import PICK

from ..cores import start

B = board()


def sp(space_id: str) -> int:
    return B.index(space_id)


def new(players=4, seed=0, **rules):
    return start(ratking.make("target-rats-simplified", **rules), players, seed)


def arrange(s, rats=None, dice=(3, 4), to_move=0, ext=None, cheese=-1):
    """Clear the board, place `rats` ({seat: [(space_id, fed), ...]}), give seat `to_move`
    the roll `dice`, ready to pick a rat."""
    s.rats = [[] for _ in range(s.players)]
    for seat, lst in (rats or {}).items():
        s.rats[seat] = [sp(x) * 2 + int(fed) for x, fed in lst]
    s.count = [0] * B.size
    for lst in s.rats:
        for c in lst:
            s.count[c >> 1] += 1
    s.to_move = to_move
    s.moved = [False] * len(s.rats[to_move])
    s.dice = list(dice)
    s.pool = sum(dice)
    s.target = s.game.rules.target_face in dice
    s.phase = PICK
    s.mover = -1
    s.path = []
    s.ext = sp(ext) if ext else -1
    s.cheese = cheese
    s._legal = None
    return s


def ids(s):
    return [a.id for a in s.legal_actions()]


def where(s, seat):
    """Sorted (space id, fed) of a faction's rats."""
    return sorted((B.ids[c >> 1], c & 1) for c in s.rats[seat])


def play(s, *actions):
    for a in actions:
        s.apply(a)
    return s
