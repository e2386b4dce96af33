"""A game in progress: its fields, set-up, copying, re-dealing and saving."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ratking.core import RecordError, State, saved
from ratking.core.rng import Rng, shuffle

from . import rules, views
from .phases import CHOOSE, PHASE_NAMES

if TYPE_CHECKING:
    from .game import Crumbs


class CrumbsState(State):
    """The pile, each seat's crumbs and secret card, the deck and the face-up discards, who
    has swapped, and the decision point."""

    game: Crumbs
    __slots__ = ("crumbs", "deck", "discard", "phase", "pile", "round", "secret", "swapped")
    piles = ("deck",)  # draw piles: taken with self.draw("deck"), which marks the card shown

    def _setup(self) -> None:
        n = self.players
        self.pile = self.game.rules.pile
        self.crumbs = [0] * n
        deck = list(self.game.cards)
        shuffle(self.rng, deck)  # all chance comes from the state's own generator
        self.secret = [deck.pop() for _ in range(n)]
        self.deck = deck
        self.discard: list[int] = []
        self.swapped = [False] * n
        self.round = 1
        self.phase = CHOOSE
        self.to_move = 0
        self.emit("setup", None, {"players": n, "pile": self.pile})
        for seat in range(n):  # each sees only their own card
            self.emit("deal", seat, {}, {"card": self.secret[seat]}, 1 << seat)

    # the rules and the words live in their own modules
    _legal_actions = rules.legal_actions
    _apply = rules.apply
    _why_illegal = rules.why_illegal
    _view = views.view
    _describe = views.describe

    def scores(self) -> list[float]:
        return [float(c + s) for c, s in zip(self.crumbs, self.secret, strict=True)]

    def _clone_fields(self, new: State) -> None:
        new.pile = self.pile
        new.crumbs = self.crumbs[:]
        new.secret = self.secret[:]
        new.deck = self.deck[:]
        new.discard = self.discard[:]
        new.swapped = self.swapped[:]
        new.round = self.round
        new.phase = self.phase

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Deal again what `seat` cannot know, the others' cards and the deck's order, from
        those cards sorted: so only what the seat knows decides the result."""
        if self.over:
            return  # every card is shown at the end
        others = [i for i in range(self.players) if i != seat]
        unseen = sorted(self.deck + [self.secret[i] for i in others])
        shuffle(rng, unseen)
        for i in others:
            self.secret[i] = unseen.pop()
        self.deck = unseen

    def _dump(self) -> dict[str, Any]:
        return {"pile": self.pile, "crumbs": self.crumbs[:], "secret": self.secret[:],
                "deck": self.deck[:], "discard": self.discard[:], "swapped": self.swapped[:],
                "round": self.round, "phase": self.phase}

    def _load(self, data: dict[str, Any]) -> None:
        """Every field checked: a spoilt save is refused with the field's name."""
        r = self.game.rules
        n = self.players
        self.pile = saved.whole(data["pile"], 0, r.pile, "pile")
        self.crumbs = saved.ints(data, "crumbs", 0, r.pile, n)
        self.secret = saved.ints(data, "secret", 0, r.top_card, n)
        self.deck = saved.ints(data, "deck", 0, r.top_card)
        self.discard = saved.ints(data, "discard", 0, r.top_card)
        self.swapped = saved.flags(data, "swapped", n)
        self.round = saved.whole(data["round"], 1, 10**9, "round")
        self.phase = saved.whole(data["phase"], 0, len(PHASE_NAMES) - 1, "phase")
        if sorted(self.secret + self.deck + self.discard) != self.game.cards:
            raise RecordError("state 'secret', 'deck' and 'discard' must hold every card once")
        if len(self.discard) != sum(self.swapped):
            raise RecordError("state 'discard' must hold one card per swap")
        if sum(self.crumbs) + self.pile != r.pile:
            raise RecordError(f"state 'crumbs' and 'pile' must add up to {r.pile}")
