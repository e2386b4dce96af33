"""A tiny game for testing the kernel on its own: take-away with secret cards.

Players take 1 to `max_take` counters from a pile; whoever takes the last one wins. Each player
also holds a secret card (dealt from 0..9), shown only to them, which `reveal` shows everyone.
"""

from __future__ import annotations

from typing import Any

from ratking.core import MAX_ROUNDS, Action, Game, RuleSpec, State
from ratking.core.errors import RecordError
from ratking.core.rng import shuffle


class ToyState(State):
    __slots__ = ("deck", "pile", "revealed", "secret")

    def _setup(self) -> None:
        self.pile = self.game.rules.pile
        deck = list(range(10))
        shuffle(self.rng, deck)
        self.secret = [deck.pop() for _ in range(self.players)]
        self.deck = deck
        self.revealed = [False] * self.players
        for p in range(self.players):
            self.emit("deal", p, {}, {"card": self.secret[p]}, 1 << p)

    def _legal_actions(self) -> list[Action]:
        g = self.game
        out = [a for a in g.takes if a.key <= self.pile]
        if not self.revealed[self.to_move]:
            out.append(g.reveal)
        return out

    def _apply(self, action: Action) -> None:
        p = self.to_move
        if action.key == 0:
            self.revealed[p] = True
            self.emit("reveal", p, {"card": self.secret[p]})
        else:
            self.pile -= action.key
            self.emit("take", p, {"n": action.key})
            if self.pile == 0:
                result = [1.0 if i == p else 0.0 for i in range(self.players)]
                self.finish(result, "finished")
                return
        self.to_move = (p + 1) % self.players

    def _why_illegal(self, action: Action) -> str:
        if action.key == 0:
            return "you have already revealed your card"
        return f"only {self.pile} counters are left"

    def _view(self, seat: int | None) -> dict[str, Any]:
        shown = zip(self.secret, self.revealed, strict=True)
        return {"pile": self.pile,
                "cards": [c if (r or i == seat) else None for i, (c, r) in enumerate(shown)]}

    def _describe(self, kind, actor, data, seat) -> str:
        if kind == "deal":
            return f"got a {data['card']}" if "card" in data else "got a card"
        if kind == "reveal":
            return f"revealed a {data['card']}"
        return f"took {data['n']}"

    def _clone_fields(self, new: State) -> None:
        new.pile = self.pile
        new.secret = self.secret[:]
        new.deck = self.deck[:]
        new.revealed = self.revealed[:]

    piles = ("deck",)

    def _redeal(self, seat, rng) -> None:
        hidden, cards = self.redeal_plan(seat, self._plan_redeal)
        cards = cards[:]
        for i, card in zip(hidden, rng.deal(cards, len(hidden)), strict=True):
            self.secret[i] = card
        self.deck = cards  # what is left, sorted: drawn in no order
        self.leave_unordered("deck", len(cards))

    def _plan_redeal(self, seat):
        """The secrets `seat` has not seen, and the sorted cards to deal them from."""
        hidden = [i for i in range(self.players) if i != seat and not self.revealed[i]]
        return hidden, sorted([self.secret[i] for i in hidden] + self.deck)

    def _dump(self) -> dict[str, Any]:
        return {"pile": self.pile, "secret": self.secret[:], "deck": self.deck[:],
                "revealed": self.revealed[:]}

    def _load(self, data: dict[str, Any]) -> None:
        self.pile = data["pile"]
        self.secret = list(data["secret"])
        self.deck = list(data["deck"])
        self.revealed = list(data["revealed"])
        if sorted(self.secret + self.deck) != list(range(10)):
            raise RecordError("cards must be 0..9 once each")


class Toy(Game):
    id = "toy-nim"
    title = "Toy Nim"
    min_players = 2
    max_players = 4
    rule_specs = (
        RuleSpec("pile", 7, int, "counters in the pile", minimum=1, maximum=50),
        RuleSpec("max_take", 2, int, "most counters a turn may take", minimum=1, maximum=5),
        RuleSpec("variant", "plain", str, "a text option", choices=("plain", "misere")),
        RuleSpec("fast", False, bool, "a switch"),
        MAX_ROUNDS,
    )
    state_class = ToyState

    def __init__(self, **rules) -> None:
        super().__init__(**rules)
        self.takes = [self.intern(f"take:{k}", f"Take {k}", k)
                      for k in range(1, self.rules.max_take + 1)]
        self.reveal = self.intern("reveal", "Reveal your card", 0)
