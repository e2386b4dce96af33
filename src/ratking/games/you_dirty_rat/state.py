"""You Dirty Rat's state: small and flat, so that clone and apply stay fast.

Cards are ints (components.py). `public` is a bitmask of the cards whose place everyone knows
(on the table, in the discard pile, or taken back into a hand from a Refresh Area in plain
sight); a card drawn from the deck is known only to its drawer until it is played.
A Night of a seat's Hideout (`nights`), a Refresh Area and a list of won heists are replaced
when they change, never changed in place, so a clone shares them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import State, saved
from ...core.errors import RecordError
from ...core.rng import Rng, shuffle
from . import rules, views
from .components import PLACEHOLDER
from .phases import MAIN, PHASE_NAMES

if TYPE_CHECKING:
    from .game import YouDirtyRat


class RatState(State):
    """A game of You Dirty Rat in progress."""

    game: YouDirtyRat

    __slots__ = ("amount", "deck", "deck_out", "discard", "drawn", "hands", "heist", "kind",
                 "money", "need", "nights", "phase", "played", "public", "refresh", "removed",
                 "round", "stash", "tops", "total", "turns", "wild_used", "won")

    def _setup(self) -> None:
        g = self.game
        d = g.deck
        n = self.players
        r = g.rules
        tokens = {2: r.stash_two, 3: r.stash_three, 4: r.stash_four}[n]
        self.total = tokens * rules.TOKEN
        cards = list(range(d.ringleader))
        self.removed: list[int] = []
        if n == 2:  # seed 002, set-up 3: one card of each Specialist type leaves the game
            self.removed = [t * d.copies for t in range(d.specialists)]
            cards = [c for c in cards if c not in set(self.removed)]
        shuffle(self.rng, cards)
        self.deck = cards
        self.discard: list[int] = []
        ring = d.ringleader
        self.hands = []
        for _ in range(n):
            hand = [ring, ring + 1, ring + 2]
            for _ in range(min(r.hand, len(self.deck))):
                hand.append(self.deck.pop())
            self.hands.append(hand)
        self.nights = [[[], [], []] for _ in range(n)]
        self.refresh = [[] for _ in range(n)]
        start = min(r.start_money, self.total // n // rules.TOKEN * rules.TOKEN)
        self.money = [start] * n
        self.stash = self.total - start * n
        # seed 002, set-up 2: chains marked 3+ or 4+ leave smaller games
        self.tops = [-1] * len(d.chains)
        for h in d.heists:
            if h.step == 0 and d.chain_players[h.chain] <= n:
                self.tops[h.chain] = h.index
        self.won = [[] for _ in range(n)]
        self.public = 0
        self.phase = MAIN
        self.amount = 0
        self.kind = ""
        self.heist = -1
        self.need = [0, 0, 0]
        self.wild_used = 0
        self.drawn: list[int] = []
        self.played = -1
        self.deck_out = False
        self.round = 1
        self.turns = 0
        self.to_move = g.rules.first_seat  # seed 002, HOW TO PLAY: "Choose a starting Player"
        self.emit("setup", None, {"players": n, "stash": self.stash})
        for seat in range(n):
            types = sorted(d.type_of(c) for c in self.hands[seat][3:])
            self.emit("deal", seat, {"count": len(types)}, {"types": types}, 1 << seat)

    _legal_actions = rules.legal_actions
    _apply = rules.apply
    _why_illegal = rules.why_illegal
    _view = views.view
    _describe = views.describe
    describe_action = views.describe_action

    def scores(self) -> list[float]:
        return [float(x) for x in rules.totals(self)]

    def _clone_fields(self, new: State) -> None:
        new.amount = self.amount
        new.deck = self.deck[:]
        new.deck_out = self.deck_out
        new.discard = self.discard[:]
        new.drawn = self.drawn[:]
        new.hands = [h[:] for h in self.hands]
        new.heist = self.heist
        new.kind = self.kind
        new.money = self.money[:]
        new.need = self.need[:]
        new.nights = [ns[:] for ns in self.nights]  # the Nights themselves, the Refresh Areas
        # and won heists are replaced when they change, never changed in place: shared
        new.phase = self.phase
        new.played = self.played
        new.public = self.public
        new.refresh = self.refresh[:]
        new.removed = self.removed
        new.round = self.round
        new.stash = self.stash
        new.tops = self.tops[:]
        new.total = self.total
        new.turns = self.turns
        new.wild_used = self.wild_used
        new.won = self.won[:]

    piles = ("deck",)

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Deal every Specialist `seat` cannot place (others' unseen hand cards, the cards the
        Mastermind is showing someone else, the deck) to those places again; the deck gets
        what is left, in no order (each draw picks a card)."""
        spots, pool = self.redeal_plan(seat, self._plan_redeal)
        pool = pool[:]
        hands, drawn = self.hands, self.drawn
        for (p, i), c in zip(spots, rng.deal(pool, len(spots)), strict=True):
            if p < 0:
                drawn[i] = c
            else:
                hands[p][i] = c
        self.deck = pool
        self.leave_unordered("deck", len(pool))

    def _plan_redeal(self, seat: int | None) -> tuple:
        """The places `_redeal` deals again (hand p, slot i; p = -1: the drawn cards) and the
        sorted cards it deals them from."""
        ring = self.game.deck.ringleader
        public = self.public
        spots = [(p, i) for p, hand in enumerate(self.hands) if p != seat
                 for i, c in enumerate(hand) if c < ring and not public >> c & 1]
        pool = [self.hands[p][i] for p, i in spots]
        if self.to_move != seat:
            spots += [(-1, i) for i in range(len(self.drawn))]
            pool += self.drawn
        pool += self.deck
        pool.sort()  # only what `seat` knows decides the re-deal
        return spots, pool

    def _dump(self) -> dict[str, Any]:
        return {"hands": [h[:] for h in self.hands],
                "nights": [[n[:] for n in ns] for ns in self.nights],
                "refresh": [r[:] for r in self.refresh], "money": self.money[:],
                "stash": self.stash, "total": self.total, "deck": self.deck[:],
                "discard": self.discard[:], "removed": self.removed[:],
                "tops": self.tops[:], "won": [w[:] for w in self.won], "public": self.public,
                "phase": PHASE_NAMES[self.phase], "amount": self.amount, "kind": self.kind,
                "heist": self.heist, "need": self.need[:], "wild_used": self.wild_used,
                "drawn": self.drawn[:], "played": self.played, "deck_out": self.deck_out,
                "round": self.round, "turns": self.turns}

    def _load(self, data: dict[str, Any]) -> None:
        try:
            self.hands = [list(h) for h in data["hands"]]
            self.nights = [[list(n) for n in ns] for ns in data["nights"]]
            self.refresh = [list(r) for r in data["refresh"]]
            self.money = list(data["money"])
            self.stash = data["stash"]
            self.total = data["total"]
            self.deck = list(data["deck"])
            self.discard = list(data["discard"])
            self.removed = list(data["removed"])
            self.tops = list(data["tops"])
            self.won = [list(w) for w in data["won"]]
            deck = self.game.deck
            self.public = saved.whole(data["public"], 0, (1 << len(deck.card_type)) - 1,
                                      "public")
            if data["phase"] not in PHASE_NAMES:
                raise RecordError(f"unknown phase {data['phase']!r}")
            self.phase = PHASE_NAMES.index(data["phase"])
            self.amount = saved.whole(data["amount"], 0, 10**9, "amount")
            self.kind = data["kind"]
            self.heist = saved.whole(data["heist"], -1, len(deck.heists) - 1, "heist")
            most = max(h.size for h in deck.heists)
            self.need = saved.ints(data, "need", 0, most, 3)
            self.wild_used = saved.whole(data["wild_used"], 0, most, "wild_used")
            self.drawn = list(data["drawn"])
            self.played = data["played"]
            self.deck_out = data["deck_out"]
            self.round = saved.whole(data["round"], 1, 10**9, "round")
            self.turns = saved.whole(data["turns"], 0, 10**9, "turns")
        except (KeyError, TypeError) as exc:
            raise RecordError(f"bad You Dirty Rat state: {exc}") from None
        n = self.players
        if any(len(x) != n for x in (self.hands, self.nights, self.refresh, self.money,
                                     self.won)):
            raise RecordError("hands, nights, refresh, money and won need one entry per seat")
        ring = self.game.deck.ringleader
        specs = [c for c in self.all_cards() if 0 <= c < ring]
        if sorted(specs) != list(range(ring)):
            raise RecordError(f"every one of the {ring} Specialists must be somewhere once")
        held = sum(self.money) + self.stash + rules.TOKEN * sum(
            n.count(PLACEHOLDER) for ns in self.nights for n in ns)
        if held != self.total or min(self.money) < 0 or self.stash < 0:
            raise RecordError(f"money must add up to {self.total}")

    def all_cards(self) -> list[int]:
        """Every card and placeholder, wherever it is (for checks)."""
        out = self.deck + self.discard + self.removed + self.drawn
        for p in range(self.players):
            out += self.hands[p] + self.refresh[p]
            for n in self.nights[p]:
                out += n
        return out
