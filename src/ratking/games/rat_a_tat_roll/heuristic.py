"""A sensible Rat-a-Tat Roll player: aims for low cards, uses peeks and remembers.

It plays with perfect memory of what its seat has been shown (`state.knows(seat)`), never with
anything else. Cards it has not seen are valued at the mean of all unseen cards. A re-roll
token is worth about one point of card value; looking at a card is worth a little.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations, product
from typing import TYPE_CHECKING

from ...core import Action
from . import actions as A
from .components import CARD_OR_PILE, HIGHEST, LOWEST, PEEK, REROLL, WILD
from .phases import CARD_OR_PILE as P_CARD_OR_PILE
from .phases import CHOOSE, TIE, WILD_REROLL
from .phases import DISCARD as P_DISCARD
from .phases import PEEK as P_PEEK
from .phases import REROLL as P_REROLL
from .phases import SWAP as P_SWAP
from .phases import SWAP_WITH as P_SWAP_WITH

if TYPE_CHECKING:
    from .state import RollState

TOKEN = 1.0  # a re-roll token, in card points
PEEK_OWN = 0.35  # per own card not yet known
PEEK_OTHER = 0.25  # one opponent card not yet known
SWAP_MIN = 0.5  # swap only for at least this much expected gain


class Belief:
    """What `seat` knows: the value of each card it was shown; the mean of the rest."""

    def __init__(self, s: RollState, seat: int, rng: random.Random | None = None) -> None:
        values = s.game.values
        known = s.knows(seat)
        unseen = [v for c, v in enumerate(values) if not known >> c & 1]
        self.mean = sum(unseen) / len(unseen) if unseen else 4.5
        icon = s.game.rules.reroll_icon_from
        self.icon_chance = (sum(1 for v in unseen if v >= icon) / len(unseen)) if unseen else 0.0
        self.hands = [[values[c] if known >> c & 1 else None for c in hand] for hand in s.hands]
        self.seat = seat
        # to break ties among opponents: the leader (lowest expected total) first, then chance
        jitter = rng.random if rng is not None else (lambda: 0.0)
        need = s.need
        self.order = {o: (sum(self.estimate(o, t) for t in range(len(hand)))
                          + self.mean * max(0, need - len(hand)), jitter())
                      for o, hand in enumerate(s.hands) if o != seat}

    def estimate(self, owner: int, slot: int) -> float:
        v = self.hands[owner][slot]
        return self.mean if v is None else float(v)

    def worst_own(self, exclude_last: bool = False) -> tuple[float, int]:
        hand = self.hands[self.seat]
        slots = range(len(hand) - 1 if exclude_last else len(hand))
        return max(((self.estimate(self.seat, i), i) for i in slots), default=(0.0, -1))

    def best_swap(self, s: RollState) -> tuple[float, tuple[int, int, int] | None]:
        """The best expected gain of one swap: our highest card for their lowest."""
        mine = self.worst_own()
        theirs = self.lowest_opponent_card(s)
        if theirs is None or mine[1] < 0 or mine[0] <= theirs[0]:
            return 0.0, None
        return mine[0] - theirs[0], (mine[1], theirs[1], theirs[2])

    def lowest_opponent_card(self, s: RollState) -> tuple[float, int, int] | None:
        """(value, seat, slot) of the lowest opponent card; ties go against the leader."""
        best = min(((self.estimate(o, t), self.order[o], o, t) for o in self.order
                    for t in range(len(s.hands[o]))), default=None)
        return None if best is None else (best[0], best[2], best[3])


@cache
def _dice_totals(k: int, sides: int) -> dict[int, float]:
    """The chance of each total of k dice (computed once per k)."""
    counts: dict[int, float] = {}
    for roll in product(range(1, sides + 1), repeat=k):
        counts[sum(roll)] = counts.get(sum(roll), 0) + 1
    total = sides**k
    return {t: c / total for t, c in counts.items()}


class Planner:
    """Values of landing on each space, and of the Wild die, for the player to move."""

    def __init__(self, s: RollState, belief: Belief) -> None:
        self.s = s
        self.b = belief
        g = s.game
        self.values = g.values
        self.icon = g.rules.reroll_icon_from
        p = s.to_move
        self.complete = len(s.hands[p]) >= s.need
        shown = [g.values[c] for c in s.faceup if c >= 0]
        self.low = min(shown) if shown else None
        self.high = max(shown) if shown else None
        faces = g.board.wild_faces
        self.face_odds = {f: faces.count(f) / len(faces) for f in set(faces)}
        self._space_cache: dict[int, float] = {}
        self._swap: float | None = None

    def card_gain(self, value: float) -> float:
        """Points gained by taking a card of `value` (for a complete player, swapping it in)."""
        if self.complete:
            return self.b.worst_own()[0] - value
        return self.b.mean - value

    def icon_bonus(self, value: int) -> float:
        return TOKEN if value >= self.icon and self.s.pool > 0 else 0.0

    def wild_face(self, face: int) -> float:
        if face in (LOWEST, HIGHEST):
            v = self.low if face == LOWEST else self.high
            return 0.0 if v is None else self.card_gain(v) + self.icon_bonus(v)
        if self._swap is None:
            self._swap = max(0.0, self.b.best_swap(self.s)[0])
        return self._swap

    def wild(self, tokens: int) -> float:
        plain = sum(odds * self.wild_face(f) for f, odds in self.face_odds.items())
        if tokens <= 0:
            return plain
        return sum(odds * max(self.wild_face(f), plain - TOKEN)
                   for f, odds in self.face_odds.items())

    def space(self, space: int) -> float:
        cached = self._space_cache.get(space)
        if cached is not None:
            return cached
        s = self.s
        board = s.game.board
        kind = board.kinds[space]
        if kind == WILD:
            value = self.wild(s.tokens[s.to_move])
        else:
            card = s.faceup[board.regions[space]]
            face = None if card < 0 else self.values[card]
            if kind == CARD_OR_PILE:
                options = []
                if face is not None:
                    options.append(self.card_gain(face) + self.icon_bonus(face))
                if s.pile:
                    options.append(self.card_gain(self.b.mean) + self.b.icon_chance * TOKEN)
                value = max(options, default=0.0)
            else:
                value = 0.0 if face is None else self.card_gain(face) + self.icon_bonus(face)
                if kind == REROLL and s.pool > 0:
                    value += TOKEN
                elif kind == PEEK:
                    value += self.peek_value()
        self._space_cache[space] = value
        return value

    def peek_value(self) -> float:
        unknown = sum(1 for v in self.b.hands[self.s.to_move] if v is None)
        return PEEK_OWN * unknown if unknown else PEEK_OTHER

    def landing(self, steps: int) -> float:
        return self.space((self.s.pawn + steps) % self.s.game.board.size)


def choose(s: RollState, rng: random.Random) -> Action:
    """The heuristic's action for the player to move."""
    p = s.to_move
    cat = s.game.catalogue
    phase = s.phase
    b = Belief(s, p, rng)
    if phase == CHOOSE:
        plan = Planner(s, b)
        if plan.complete:
            return cat.wild if plan.wild(s.tokens[p]) > 0.05 else cat.skip
        sides = s.game.rules.dice_sides
        best, pick = None, cat.roll[0]
        for action in cat.roll:
            dist = _dice_totals(action.key[1], sides)
            plain = sum(pr * plan.landing(t) for t, pr in dist.items())
            if s.tokens[p]:
                plain = sum(pr * max(plan.landing(t), plain - TOKEN) for t, pr in dist.items())
            if best is None or plain > best + 1e-9:
                best, pick = plain, action
        return pick
    if phase == P_REROLL:
        plan = Planner(s, b)
        sides = s.game.rules.dice_sides
        dice = s.dice
        best, pick = plan.landing(sum(dice)), cat.go
        for size in range(1, len(dice) + 1):
            for which in combinations(range(len(dice)), size):
                kept = sum(d for i, d in enumerate(dice) if i not in which)
                dist = _dice_totals(size, sides)
                value = sum(pr * plan.landing(kept + t) for t, pr in dist.items()) - TOKEN
                if value > best + 1e-9:
                    best = value
                    pick = next(a for a in cat.rerolls[len(dice)] if a.key == (A.REROLL, which))
        return pick
    if phase == WILD_REROLL:
        plan = Planner(s, b)
        keep = plan.wild_face(s.wild)
        again = plan.wild(s.tokens[p] - 1) - TOKEN
        return cat.reroll_wild if again > keep + 1e-9 else cat.keep
    if phase == P_CARD_OR_PILE:
        card = s.faceup[s.game.board.regions[s.pawn]]
        icon = s.game.rules.reroll_icon_from
        face = -s.game.values[card] + (TOKEN if s.game.values[card] >= icon else 0.0)
        pile = -b.mean + b.icon_chance * TOKEN
        return cat.take_face if face >= pile else cat.take_pile
    if phase == P_PEEK:
        if any(v is None for v in b.hands[p]):
            return cat.peek_own
        for o in range(s.players):
            if o != p:
                for i, v in enumerate(b.hands[o]):
                    if v is None:
                        return cat.peek[o][i]
        return cat.peek_none
    if phase == TIE:
        return cat.take_region[s.choices[0]]
    if phase == P_SWAP:
        gain, pick = b.best_swap(s)
        if pick is None or gain < SWAP_MIN:
            return cat.swap_none
        return cat.swap_give[pick[0]]
    if phase == P_SWAP_WITH:
        mine = b.estimate(p, s.choices[0])
        value, o, t = b.lowest_opponent_card(s)
        return cat.swap_with[o][t] if mine - value >= SWAP_MIN else cat.swap_none
    assert phase == P_DISCARD
    return cat.discard[b.worst_own(exclude_last=True)[1]]
