"""A game in progress: its fields, set-up, copying, re-dealing and saving."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ratking.core import RecordError, State, saved
from ratking.core.rng import Rng, shuffle

from . import rules, views

if TYPE_CHECKING:
    from .game import Crumbs


class CrumbsState(State):
    """The pile, each seat's crumbs and secret card, the deck, who has swapped."""

    game: Crumbs
    __slots__ = ("crumbs", "deck", "pile", "round", "secret", "swapped")

    def _setup(self) -> None:
        n = self.players
        self.pile = self.game.rules.pile
        self.crumbs = [0] * n
        deck = list(self.game.cards)
        shuffle(self.rng, deck)  # all chance comes from the state's own generator
        self.secret = [deck.pop() for _ in range(n)]
        self.deck = deck
        self.swapped = [False] * n
        self.round = 1
        self.to_move = 0
        self._emit("setup", None, {"players": n, "pile": self.pile})
        for seat in range(n):  # each sees only their own card
            self._emit("deal", seat, {}, {"card": self.secret[seat]}, 1 << seat)

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
        new.swapped = self.swapped[:]
        new.round = self.round

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Shuffle what `seat` cannot know: the others' cards and the deck's order."""
        if self.over:
            return  # every card is shown at the end
        others = [i for i in range(self.players) if i != seat]
        unseen = self.deck + [self.secret[i] for i in others]
        rng.shuffle(unseen)
        self.deck = unseen[len(others):]
        self.secret = [self.secret[i] if i == seat else unseen[others.index(i)]
                       for i in range(self.players)]

    def _dump(self) -> dict[str, Any]:
        return {"pile": self.pile, "crumbs": self.crumbs[:], "secret": self.secret[:],
                "deck": self.deck[:], "swapped": self.swapped[:], "round": self.round}

    def _load(self, data: dict[str, Any]) -> None:
        """Every field checked: a spoilt save is refused with the field's name."""
        r = self.game.rules
        n = self.players
        self.pile = saved.whole(data["pile"], 0, r.pile, "pile")
        self.crumbs = saved.ints(data, "crumbs", 0, r.pile, n)
        self.secret = saved.ints(data, "secret", 0, r.top_card, n)
        self.deck = saved.ints(data, "deck", 0, r.top_card)
        self.swapped = saved.flags(data, "swapped", n)
        self.round = saved.whole(data["round"], 1, 10**9, "round")
        if sorted(self.secret + self.deck) != self.game.cards:
            raise RecordError("state 'secret' and 'deck' must hold every card once")
        if sum(self.crumbs) + self.pile != r.pile:
            raise RecordError(f"state 'crumbs' and 'pile' must add up to {r.pile}")
