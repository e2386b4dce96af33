"""Rat & Duck's state: small lists of ints, so that clone and apply stay fast.

Places and location cards are ints (components.py); a civilian is named by the civilian place
where it was kidnapped, so civilian c exists only after the card c was played. `layout` is
shared between clones (it never changes after set-up).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import State, saved
from ...core.errors import RecordError
from ...core.rng import Rng, shuffle
from . import rules, views
from .params import DISSENT, GOVERNMENT, POLICE
from .phases import PHASE_NAMES, PRE_MOVE

if TYPE_CHECKING:
    from .game import RatAndDuck


class DuckState(State):
    """A game of Rat & Duck in progress."""

    game: RatAndDuck

    __slots__ = ("active", "biosci", "civ_at", "civs", "deck", "held", "layout", "link",
                 "phase", "played", "pos", "released", "round", "unrest", "used", "wanted")

    # --- set-up -----------------------------------------------------------------------------

    def _setup(self) -> None:
        g = self.game
        city = g.city
        cells = list(range(city.civilian))
        if g.rules.shuffle_places:
            shuffle(self.rng, cells)  # RULINGS: which name sits where is shuffled at set-up
        self.layout = g.layout_for(tuple(cells))
        deck = list(range(city.civilian))
        shuffle(self.rng, deck)  # RULINGS: the location deck, shuffled, hidden from the dissent
        self.deck = deck
        self.held: list[int] = []
        self.used: list[int] = []
        # seed 003, 1.2.1-1.2.2: police at the Police Station, everyone else in the Lab
        self.pos = [city.station if role == POLICE else city.lab for role in g.roles]
        self.wanted = [0] * g.unit_count
        self.unrest = [0] * city.civilian
        self.civ_at = [-1] * city.civilian
        self.link = [-1] * city.civilian
        self.civs: list[int] = []
        self.biosci = 0
        self.released = 0
        self.round = 1
        self.played = 0
        self.active = g.dissents[0]  # seed 003, 1.3: a dissent starts
        self.phase = PRE_MOVE
        self.to_move = g.owners(self.players)[self.active]
        self.emit("setup", None, {"players": self.players, "units": list(g.roles),
                                   "cells": list(cells)})

    # --- the kernel hooks -------------------------------------------------------------------

    _legal_actions = rules.legal_actions
    _apply = rules.apply

    _why_illegal = rules.why_illegal

    _view = views.view

    _describe = views.describe

    describe_action = views.describe_action

    def scores(self) -> list[float]:
        """Per seat, its team's round-limit score: Bio-Sci x 5 or total unrest x 2."""
        gov, dis = rules.team_scores(self)
        return [float(gov if t == GOVERNMENT else dis) for t in self.game.seat_teams(self.players)]

    def sees_cards(self, seat: int | None) -> bool:
        """Whether `seat` may see the government's location cards (government seats only)."""
        return seat is not None and self.game.seat_teams(self.players)[seat] == GOVERNMENT

    def _clone_fields(self, new: State) -> None:
        new.active = self.active
        new.biosci = self.biosci
        new.civ_at = self.civ_at[:]
        new.civs = self.civs[:]
        new.deck = self.deck[:]
        new.held = self.held[:]
        new.layout = self.layout
        new.link = self.link[:]
        new.phase = self.phase
        new.played = self.played
        new.pos = self.pos[:]
        new.released = self.released
        new.round = self.round
        new.unrest = self.unrest[:]
        new.used = self.used[:]
        new.wanted = self.wanted[:]

    piles = ("deck",)

    def _redeal(self, seat: int | None, rng: Rng) -> None:
        """Nobody knows the deck's order (it is left in no order, each draw picks a card);
        only government seats know the held cards (dealt again from the unseen ones)."""
        sees, pool = self.redeal_plan(seat, self._plan_redeal)
        pool = pool[:]
        if not sees:
            self.held = rng.deal(pool, len(self.held))
        self.deck = pool
        self.leave_unordered("deck", len(pool))

    def _plan_redeal(self, seat: int | None) -> tuple[bool, list[int]]:
        """Whether `seat` sees the held cards, and the sorted cards to deal from (the deck,
        and the held cards if it does not): only what `seat` knows decides the re-deal."""
        if self.sees_cards(seat):
            return True, sorted(self.deck)
        return False, sorted(self.held + self.deck)

    # --- saving ---------------------------------------------------------------------------------

    def _dump(self) -> dict[str, Any]:
        return {
            "cells": list(self.layout.cells),
            "pos": self.pos[:],
            "wanted": self.wanted[:],
            "unrest": self.unrest[:],
            "deck": self.deck[:],
            "held": self.held[:],
            "used": self.used[:],
            "civ_at": self.civ_at[:],
            "link": self.link[:],
            "civs": self.civs[:],
            "biosci": self.biosci,
            "released": self.released,
            "round": self.round,
            "played": self.played,
            "active": self.active,
            "phase": PHASE_NAMES[self.phase],
        }

    def _load(self, data: dict[str, Any]) -> None:
        g = self.game
        city = g.city
        r = g.rules
        n_civ = city.civilian
        units = g.unit_count

        cells = saved.ints(data, "cells", 0, n_civ - 1, n_civ)
        if sorted(cells) != list(range(n_civ)):
            raise RecordError("state 'cells' must hold each civilian place once")
        self.layout = g.layout_for(tuple(cells))
        self.pos = saved.ints(data, "pos", 0, city.size - 1, units)
        self.wanted = saved.ints(data, "wanted", 0, 10**6, units)
        self.unrest = saved.ints(data, "unrest", 0, r.max_unrest, n_civ)
        self.deck = saved.ints(data, "deck", 0, n_civ - 1)
        self.held = saved.ints(data, "held", 0, n_civ - 1)
        self.used = saved.ints(data, "used", 0, n_civ - 1)
        if sorted(self.deck + self.held + self.used) != list(range(n_civ)):
            raise RecordError("every location card must be in the deck, held or used, once")
        if len(self.held) > r.max_location_cards:
            raise RecordError(f"the government may hold at most {r.max_location_cards} cards")
        self.civ_at = saved.ints(data, "civ_at", -1, city.size - 1, n_civ)
        self.link = saved.ints(data, "link", -1, units - 1, n_civ)
        self.civs = saved.ints(data, "civs", 0, n_civ - 1)
        if sorted(self.civs) != [c for c in range(n_civ) if self.civ_at[c] >= 0] \
                or len(set(self.civs)) != len(self.civs):
            raise RecordError("state 'civs' must list exactly the civilians on the map")
        for c in range(n_civ):
            if self.civ_at[c] >= 0 and c not in self.used:
                raise RecordError("a civilian is on the map without its card being played")
            holder = self.link[c]
            if holder >= 0 and (self.civ_at[c] != self.pos[holder]
                                or g.roles[holder] == DISSENT):
                raise RecordError("a linked civilian must stand with its police or scientist")
        self.biosci = saved.whole(data["biosci"], 0, 10**6, "biosci")
        self.released = saved.whole(data["released"], 0, n_civ, "released")
        self.round = saved.whole(data["round"], 1, 10**9, "round")
        self.played = saved.whole(data["played"], 0, g.all_units, "played")
        self.active = saved.whole(data["active"], 0, units - 1, "active")
        if data["phase"] not in PHASE_NAMES:
            raise RecordError(f"unknown phase {data['phase']!r}")
        self.phase = PHASE_NAMES.index(data["phase"])
        if not self.over and self.to_move != g.owners(self.players)[self.active]:
            raise RecordError("'to_move' must be the seat that controls the active unit")
