"""Rat-a-Tat Roll's state: small and flat, so that clone and apply stay fast.

Cards are ids 0..44 (the game's `values` gives each one's number). Who knows which card is
kept as bitmasks (bit c set = card c was shown): `public` for cards everyone saw (face up; the
spectator's knowledge) and `known[s]` for what only seat s was shown. Knowledge follows a card
as it moves in plain sight (taken, swapped, put under the pile) and is lost when the pile is
shuffled.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import State, saved
from ...core.errors import RecordError
from ...core.rng import Rng, shuffle
from . import rules, views
from .components import FACE_NAMES
from .phases import CHOOSE, PHASE_NAMES

if TYPE_CHECKING:
    from .game import RatATatRoll



class RollState(State):
    """A game of Rat-a-Tat Roll in progress."""

    game: RatATatRoll

    __slots__ = ("choices", "dice", "faceup", "final_left", "hands", "known", "need", "pawn",
                 "phase", "pile", "pool", "public", "round", "tokens", "turns", "wild")

    # --- set-up -----------------------------------------------------------------------------

    def _setup(self) -> None:
        g = self.game
        n = self.players
        self.need = g.cards_needed(n)
        deck = list(range(len(g.values)))
        shuffle(self.rng, deck)
        self.pile = deck
        self.known = [0] * n
        self.public = 0
        self.hands = []
        for seat in range(n):
            card = deck.pop()
            self.hands.append([card])
            self.known[seat] |= 1 << card  # everyone looks at their own first card once
        self.faceup = [-1] * len(g.board.colours)
        self.tokens = [g.rules.start_tokens] * n
        self.pool = g.rules.total_tokens - g.rules.start_tokens * n
        self.pawn = g.board.start
        self.phase = CHOOSE
        self.dice: list[int] = []
        self.wild = -1
        self.choices: tuple[int, ...] = ()
        self.final_left = -1
        self.round = 1
        self.turns = 0
        self.to_move = g.rules.first_seat  # seed 004: "Whoever ... goes first"
        self.emit("setup", None, {"players": n, "cards": self.need})
        for seat in range(n):
            self.emit("first-card", seat, {}, {"value": g.values[self.hands[seat][0]]},
                       1 << seat)
        rules.refill(self)

    # --- the kernel hooks -------------------------------------------------------------------

    # The forward model lives in rules.py and the views in views.py; binding them here saves
    # a call on the hot path.
    _legal_actions = rules.legal_actions
    _apply = rules.apply

    _why_illegal = rules.why_illegal

    _view = views.view

    _describe = views.describe

    describe_action = views.describe_action

    def knows(self, seat: int | None) -> int:
        """The bitmask of cards `seat` has been shown (None: what everyone was shown)."""
        return self.public if seat is None else self.known[seat] | self.public

    def scores(self) -> list[float]:
        values = self.game.values
        return [float(sum(values[c] for c in hand)) for hand in self.hands]

    def _clone_fields(self, new: State) -> None:
        new.choices = self.choices
        new.dice = self.dice[:]
        new.faceup = self.faceup[:]
        new.final_left = self.final_left
        new.hands = [h[:] for h in self.hands]
        new.known = self.known[:]
        new.need = self.need
        new.pawn = self.pawn
        new.phase = self.phase
        new.pile = self.pile[:]
        new.pool = self.pool
        new.public = self.public
        new.round = self.round
        new.tokens = self.tokens[:]
        new.turns = self.turns
        new.wild = self.wild

    piles = ("pile",)

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Deal every card `seat` has not been shown to the places such cards are again.

        The top of the pile down to the first card anyone was shown (all of it, unless
        cards went under it) is left in no order: each draw picks a card.
        """
        spots, below, pool, remap = self.redeal_plan(seat, self._plan_redeal)
        pool = pool[:]
        new = rng.deal(pool, len(spots))
        hands, pile = self.hands, self.pile
        for (p, i), card in zip(spots, new, strict=True):
            if p < 0:
                pile[i] = card
            else:
                hands[p][i] = card
        pile[below:] = pool
        self.leave_unordered("pile", len(pool))
        # Other seats saw the places, not the cards: their knowledge moves with the re-deal.
        known, mask = self.known, self.game.bits
        for s, bits, places in remap:
            for j in places:
                bits |= mask[new[j]]
            known[s] = bits

    def _plan_redeal(self, seat: int | None) -> tuple:
        """What `_redeal` needs that the stream does not change: the places to deal again
        (hand p, slot i; p = -1: the pile), where the unordered top of the pile begins, the
        sorted cards to deal from, and per seat that saw some of those cards its knowledge
        of the others and the places (indexes into the places) it saw."""
        mine = self.knows(seat)
        mask = self.game.bits  # each card's bit
        seen = self.public  # the cards someone was shown
        for bits in self.known:
            seen |= bits
        pile = self.pile
        spots, old = [], []
        held = 0  # every card in a hand
        for p, hand in enumerate(self.hands):
            for i, c in enumerate(hand):
                bit = mask[c]
                held |= bit
                if not mine & bit:
                    spots.append((p, i))
                    old.append(c)
        # The seen cards that are neither face up nor in a hand are in the pile; with none, no
        # card of the pile needs a look. The unordered top holds no card anyone saw.
        below = 0
        faceup = self.faceup
        if (seen & ~held).bit_count() > len(faceup) - faceup.count(-1):
            below = len(pile)
            while not seen & mask[pile[below - 1]]:
                below -= 1
            for i in range(below):
                if not mine & mask[pile[i]]:
                    spots.append((-1, i))
                    old.append(pile[i])
        pool = old + pile[below:]
        pool.sort()  # the set of unseen cards, not where they are: only what `seat` knows
        # (and the seed) decides the re-deal
        remap = []
        hidden = ~mine
        if seen & hidden:
            index = old.index
            for s, bits in enumerate(self.known):
                theirs = bits & hidden
                if theirs:
                    places = []
                    kept = bits ^ theirs
                    while theirs:
                        low = theirs & -theirs
                        places.append(index(low.bit_length() - 1))
                        theirs ^= low
                    remap.append((s, kept, places))
        return spots, below, pool, remap

    # --- saving ---------------------------------------------------------------------------------

    def _dump(self) -> dict[str, Any]:
        return {
            "hands": [h[:] for h in self.hands],
            "faceup": self.faceup[:],
            "pile": self.pile[:],
            "tokens": self.tokens[:],
            "pool": self.pool,
            "pawn": self.pawn,
            "phase": PHASE_NAMES[self.phase],
            "dice": self.dice[:],
            "wild": self.wild,
            "choices": list(self.choices),
            "known": self.known[:],
            "public": self.public,
            "final_left": self.final_left,
            "round": self.round,
            "turns": self.turns,
        }

    def _load(self, data: dict[str, Any]) -> None:
        g = self.game
        n = self.players
        last = len(g.values) - 1
        hands = data["hands"]
        if not isinstance(hands, list):
            raise RecordError("state 'hands' must be a list of hands")
        self.hands = [saved.ints({"hands": h}, "hands", 0, last) for h in hands]
        self.faceup = saved.ints(data, "faceup", -1, last)
        self.pile = saved.ints(data, "pile", 0, last)
        total = g.rules.total_tokens
        self.tokens = saved.ints(data, "tokens", 0, total)
        self.pool = saved.whole(data["pool"], 0, total, "pool")
        self.pawn = saved.whole(data["pawn"], 0, g.board.size - 1, "pawn")
        if data["phase"] not in PHASE_NAMES:
            raise RecordError(f"unknown phase {data['phase']!r}")
        self.phase = PHASE_NAMES.index(data["phase"])
        self.dice = saved.ints(data, "dice", 1, g.rules.dice_sides)
        self.wild = saved.whole(data["wild"], -1, len(FACE_NAMES) - 1, "wild")
        self.choices = tuple(saved.ints(data, "choices", 0, max(g.board.size, n)))
        every = (1 << len(g.values)) - 1  # a bitmask over all the cards
        self.known = saved.ints(data, "known", 0, every, n)
        self.public = saved.whole(data["public"], 0, every, "public")
        self.final_left = saved.whole(data["final_left"], -1, n, "final_left")
        self.round = saved.whole(data["round"], 1, 10**9, "round")
        self.turns = saved.whole(data["turns"], 0, 10**9, "turns")
        self.need = g.cards_needed(n)
        cards = [c for h in self.hands for c in h] + [c for c in self.faceup if c >= 0] + self.pile
        if sorted(cards) != list(range(len(g.values))):
            raise RecordError(f"the cards in hands, face up and in the pile must be each of the "
                              f"{len(g.values)} cards exactly once")
        if len(self.hands) != n or len(self.tokens) != n or len(self.known) != n:
            raise RecordError("hands, tokens and known must have one entry per seat")
        if len(self.faceup) != len(g.board.colours):
            raise RecordError(f"faceup must have {len(g.board.colours)} entries")
        if min([*self.tokens, self.pool]) < 0 or sum(self.tokens) + self.pool != \
                g.rules.total_tokens:
            raise RecordError(f"tokens and pool must add up to {g.rules.total_tokens}")
        if not 0 <= self.pawn < g.board.size:
            raise RecordError(f"pawn must be on a space 0 to {g.board.size - 1}")
        if any(not 1 <= d <= g.rules.dice_sides for d in self.dice) \
                or len(self.dice) > g.rules.number_dice:
            raise RecordError("dice hold values that these dice cannot show")
        if any(len(h) > self.need + 1 for h in self.hands):
            raise RecordError(f"no hand may hold more than {self.need + 1} cards")
