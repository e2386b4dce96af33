"""Set-ups for Rat-a-Tat Roll rules tests: arranged cards and scripted dice."""

from __future__ import annotations

from collections import defaultdict

import ratking
from ratking.games.rat_a_tat_roll.phases import CHOOSE

from ..cores import Script, start

WILD_SLOT = {"lowest": 0, "highest": 2, "swap": 4}  # index into the default Wild die's faces


def scripted_dice(*faces: int | str, sides: int = 6, then: float | str | None = None) -> Script:
    """A state generator whose random() gives these die faces in turn: number dice as faces
    (1-6), the Wild die as a face name; then `then` (cores.Script: None fails the test)."""
    slots = [WILD_SLOT[f] if isinstance(f, str) else f - 1 for f in faces]
    return Script([(slot + 0.5) / sides for slot in slots], then)


def arrange(players=3, hands=None, faceup=(0, 1, 2, 3, 4), pile_top=(), pawn=0, tokens=None,
            to_move=0, **rules):
    """A state with exactly these card values: hands per seat, the five face-up cards (None for
    an empty region), and `pile_top` as the top of the draw pile (first = top); every other card
    lies below in the pile. Nobody knows any face-down card."""
    game = ratking.make("rat-a-tat-roll", **rules)
    s = start(game, players, 0)
    free = defaultdict(list)
    for card, value in enumerate(game.values):
        free[value].append(card)

    def take(value):
        if not free[value]:
            raise ValueError(f"the deck has no more {value}s")
        return free[value].pop()

    hands = hands if hands is not None else [[5] for _ in range(players)]
    s.hands = [[take(v) for v in hand] for hand in hands]
    s.faceup = [-1 if v is None else take(v) for v in faceup]
    top = [take(v) for v in pile_top]
    rest = sorted(c for cards in free.values() for c in cards)
    s.pile = rest + top[::-1]
    s.known = [0] * players
    s.public = 0
    for c in s.faceup:
        if c >= 0:
            s.public |= 1 << c
    s.tokens = list(tokens) if tokens is not None else [2] * players
    s.pool = game.rules.total_tokens - sum(s.tokens)
    s.pawn = pawn
    s.phase = CHOOSE
    s.dice = []
    s.wild = -1
    s.to_move = to_move
    s.final_left = -1
    s._legal = None
    s.log = []
    s.history = []
    return s


def values(s, seat):
    return [s.game.values[c] for c in s.hands[seat]]


def ids(s):
    return [a.id for a in s.legal_actions()]


def script(s, *faces, then=None):
    s.rng = scripted_dice(*faces, sides=s.game.rules.dice_sides, then=then)
    return s.rng
