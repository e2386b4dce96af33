"""Target: Rats Simplified's state: short lists of ints, so that clone and apply stay fast.

Faction f is seat f; it lives in home nest `nests[f]` (2 players: opposite corners). A rat is
an int, space * 2 + fed (rules.py). Nothing is hidden: every seat sees the whole board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import State, saved
from ....core.errors import RecordError
from ....core.rng import Rng
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
        self.to_move = g.rules.first_seat  # seed 000, SETUP 5: the players choose who starts
        self.emit("setup", None, {"players": self.players})
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

    def _redeal(self, seat: int | None, rng: Rng) -> None:
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

        self.nests = NESTS[self.players]
        self.dumpsters = b.simplified_dumpsters
        rats = data["rats"]
        if not isinstance(rats, list) or len(rats) != self.players:
            raise RecordError("state 'rats' must hold one list per player")
        self.rats = []
        for f, lst in enumerate(rats):
            if not isinstance(lst, list) or len(lst) > r.max_rats:
                raise RecordError(f"state 'rats' of seat {f} must list at most {r.max_rats}")
            codes = [saved.whole(c, 0, b.size * 2 - 1, "rats") for c in lst]
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
        self.moved = saved.flags(data, "moved")
        if len(self.moved) != len(self.rats[self.to_move]) and not self.over:
            raise RecordError("state 'moved' must have one flag per rat of the player to move")
        self.ext = saved.whole(data["ext"], -1, b.surface - 1, "ext")
        self.cheese = saved.whole(data["cheese"], -1, self.players - 1, "cheese")
        self.dice = saved.ints(data, "dice", 1, 6)
        self.pool = saved.whole(data["pool"], 0, 6 * 10, "pool")
        if data["target"].__class__ is not bool:
            raise RecordError("state 'target' must be true or false")
        self.target = data["target"]
        if data["phase"] not in PHASE_NAMES:
            raise RecordError(f"unknown phase {data['phase']!r}")
        self.phase = PHASE_NAMES.index(data["phase"])
        self.mover = saved.whole(data["mover"], -1, r.max_rats - 1, "mover")
        self.path = saved.ints(data, "path", 0, b.size - 1)
        self.start_pool = saved.whole(data["start_pool"], 0, 6 * 10, "start_pool")
        self.round = saved.whole(data["round"], 1, 10**9, "round")
        if self.mover >= len(self.rats[self.to_move]):
            raise RecordError("state 'mover' must name a rat of the player to move")
