"""Target: Rats Simplified's state: short lists of ints, so that clone and apply stay fast.

Faction f is seat f; it lives in home nest `nests[f]` (2 players: opposite corners). A rat is
an int, space * 2 + fed (rules.py). Nothing is hidden: every seat sees the whole board.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ....core import State
from ....core.errors import RecordError
from ..seats import NESTS
from . import rules, views
from .phases import PHASE_NAMES

if TYPE_CHECKING:
    from .game import TargetRatsSimplified


class RatsState(State):
    """A game of Target: Rats Simplified in progress."""

    game: TargetRatsSimplified

    __slots__ = (
        "cheese",
        "count",
        "dice",
        "dumpsters",
        "ext",
        "moved",
        "mover",
        "nests",
        "path",
        "phase",
        "pool",
        "rats",
        "round",
        "start_pool",
        "target",
    )

    def _setup(self) -> None:
        g = self.game
        b = g.board
        self.nests = NESTS[self.players]
        self.dumpsters = b.simplified_dumpsters  # seed 001, SETUP; RULINGS: S3, S9, S15, S21
        self.count = [0] * b.size
        self.rats = [[] for _ in range(self.players)]
        n = g.rules.start_rats
        for f in range(self.players):
            home = b.homes[self.nests[f]]
            self.rats[f] = [home * 2] * n  # seed 001, SETUP: four unfed rats on the home nest
            self.count[home] = n
        self.ext = -1
        self.cheese = -1
        self.round = 1
        self.mover = -1
        self.path: list[int] = []
        self.start_pool = 0
        self.to_move = 0
        self._emit("setup", None, {"players": self.players})
        rules.start_turn(self)

    _legal_actions = rules.legal_actions
    _apply = rules.apply
    _why_illegal = rules.why_illegal
    _view = views.view
    _describe = views.describe
    describe_action = views.describe_action

    def scores(self) -> list[float]:
        """Rats on the board per faction."""
        return [float(len(r)) for r in self.rats]

    def _clone_fields(self, new: State) -> None:
        new.cheese = self.cheese
        new.count = self.count[:]
        new.dice = self.dice[:]
        new.dumpsters = self.dumpsters
        new.ext = self.ext
        new.mover = self.mover
        new.moved = self.moved[:]
        new.nests = self.nests
        new.path = self.path[:]
        new.phase = self.phase
        new.pool = self.pool
        new.rats = [r[:] for r in self.rats]
        new.round = self.round
        new.start_pool = self.start_pool
        new.target = self.target

    def _redeal(self, seat: int | None, rng: random.Random) -> None:
        """Nothing is hidden in this game."""

    def _dump(self) -> dict[str, Any]:
        return {"rats": [r[:] for r in self.rats], "moved": self.moved[:], "ext": self.ext,
                "cheese": self.cheese, "dice": self.dice[:], "pool": self.pool,
                "target": self.target, "phase": PHASE_NAMES[self.phase], "mover": self.mover,
                "path": self.path[:], "start_pool": self.start_pool, "round": self.round}

    def _load(self, data: dict[str, Any]) -> None:
        g = self.game
        b = g.board
        r = g.rules

        def whole(value: Any, low: int, high: int, key: str) -> int:
            if value.__class__ is not int or not low <= value <= high:
                raise RecordError(f"state {key!r} must be a whole number {low} to {high}")
            return value

        def ints(key: str, low: int, high: int) -> list[int]:
            value = data[key]
            if not isinstance(value, list):
                raise RecordError(f"state {key!r} must be a list")
            return [whole(x, low, high, key) for x in value]

        self.nests = NESTS[self.players]
        self.dumpsters = b.simplified_dumpsters
        rats = data["rats"]
        if not isinstance(rats, list) or len(rats) != self.players:
            raise RecordError("state 'rats' must hold one list per player")
        self.rats = []
        for f, lst in enumerate(rats):
            if not isinstance(lst, list) or len(lst) > r.max_rats:
                raise RecordError(f"state 'rats' of seat {f} must list at most {r.max_rats}")
            codes = [whole(c, 0, b.size * 2 - 1, "rats") for c in lst]
            for c in codes:
                sp = c >> 1
                if b.kind[sp] == 3 and sp != b.homes[self.nests[f]]:
                    raise RecordError("a rat stands in another faction's home nest")
            self.rats.append(codes)
        self.count = [0] * b.size
        for lst in self.rats:
            for c in lst:
                self.count[c >> 1] += 1
        if any(not b.unlimited[sp] and n > r.space_limit for sp, n in enumerate(self.count)):
            raise RecordError(f"a space holds more than {r.space_limit} rats")
        moved = data["moved"]
        if not isinstance(moved, list) or any(x.__class__ is not bool for x in moved):
            raise RecordError("state 'moved' must be a list of true/false flags")
        self.moved = list(moved)
        if len(self.moved) != len(self.rats[self.to_move]) and not self.over:
            raise RecordError("state 'moved' must have one flag per rat of the player to move")
        self.ext = whole(data["ext"], -1, b.surface - 1, "ext")
        self.cheese = whole(data["cheese"], -1, self.players - 1, "cheese")
        self.dice = ints("dice", 1, 6)
        self.pool = whole(data["pool"], 0, 6 * 10, "pool")
        if data["target"].__class__ is not bool:
            raise RecordError("state 'target' must be true or false")
        self.target = data["target"]
        if data["phase"] not in PHASE_NAMES:
            raise RecordError(f"unknown phase {data['phase']!r}")
        self.phase = PHASE_NAMES.index(data["phase"])
        self.mover = whole(data["mover"], -1, r.max_rats - 1, "mover")
        self.path = ints("path", 0, b.size - 1)
        self.start_pool = whole(data["start_pool"], 0, 6 * 10, "start_pool")
        self.round = whole(data["round"], 1, 10**9, "round")
        if self.mover >= len(self.rats[self.to_move]):
            raise RecordError("state 'mover' must name a rat of the player to move")
