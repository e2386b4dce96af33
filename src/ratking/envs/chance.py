"""Explicit chance over the kernel contract: every die roll, draw and shuffle that a game's
`apply` makes becomes its own chance point, with its real outcomes and their probabilities,
and no game is changed.

A game draws all its chance from its state's generator (`state.rng`) inside `apply`. Here the
state carries a `Teller` instead: a generator that is told its outcomes. `explicit_apply`
runs the action on a clone with the outcomes told so far; the first read nobody told stops
that run with `Unknown`, which says what the read is and how many outcomes it has:

- a die, or any uniform pick (a Wild face): the game reads `random()` and takes
  `int(x * n)`; the read returns a `Probe`, a float that stops the run when multiplied, so
  the multiplier is the number of faces. Told outcome i, `random()` returns (i + 1/2) / n,
  which the game turns into exactly i.
- a draw from a pile left in no order (`State.draw`, as a determinization leaves a pile):
  `randrange(n)`, one of the n loose cards.
- a shuffle: `keys(n)`, the sort keys of n items, told one place at a time from the top of
  the pile (which item comes last, the next card a pile gives; then the one below it...):
  a uniform permutation as n - 1 uniform picks.

Every outcome of a point is equally likely, as the engine's own generator makes it: the same
game, with its chance made one read at a time. A read used any other way (compared, added)
is refused with an error naming it, so a game that one day reads chance differently fails
loudly rather than silently.
"""

from __future__ import annotations

from typing import Any

from ..core import Game, RatkingError, State
from ..core.rng import Rng

KINDS = ("die", "draw", "shuffle")
SET_UP = -1  # the pending "decision" of a set-up whose chance is told (`explicit_setup`)


class Unknown(Exception):  # not an error: the engine needs an outcome
    """A read nobody told: `kind` (die, draw, shuffle) and its `n` equally likely outcomes."""

    def __init__(self, kind: str, n: int) -> None:
        super().__init__(f"{kind} of {n} outcomes to tell")
        self.kind = kind
        self.n = n


def _refuse(self: Probe, *args: Any) -> Any:
    raise RatkingError("explicit chance: a number from the generator was used other than as "
                       "int(x * n), so its outcomes cannot be named")


class Probe(float):
    """What an untold `random()` returns: multiplied by a whole number n (a die of n faces,
    a pick among n) it raises `Unknown("die", n)`; any other use is refused."""

    def __mul__(self, n: Any) -> Any:
        if n.__class__ is int and n > 0:
            raise Unknown("die", n)
        return _refuse(self)

    __rmul__ = __mul__
    __add__ = __radd__ = __sub__ = __rsub__ = __truediv__ = __rtruediv__ = _refuse
    __lt__ = __le__ = __gt__ = __ge__ = __int__ = __floor__ = __round__ = _refuse
    __eq__ = __ne__ = __hash__ = _refuse


class Teller(Rng):
    """A generator told its outcomes: `told` holds (outcome, outcomes) pairs, read in
    order; past them every read raises `Unknown` (see the module)."""

    __slots__ = ("at", "told")

    def __init__(self, told: list[tuple[int, int]] | None = None) -> None:
        self.seed = 0
        self.pos = 0
        self.told = told or []
        self.at = 0

    def _next(self, kind: str, n: int) -> int:
        at = self.at
        if at == len(self.told):
            raise Unknown(kind, n)
        self.at = at + 1
        outcome, size = self.told[at]
        if size != n:  # the game read its chance in another order than when it was told
            raise RatkingError(f"explicit chance: told {outcome} of {size} outcomes where the "
                               f"game asks for one of {n}")
        return outcome

    def random(self) -> float:
        self.pos += 1
        at = self.at
        if at == len(self.told):
            return Probe(0.5)
        self.at = at + 1
        outcome, size = self.told[at]
        return (outcome + 0.5) / size

    def randoms(self, n: int) -> list[float]:
        return [self.random() for _ in range(n)]

    def randrange(self, n: int) -> int:
        self.pos += 1
        return self._next("draw", n)

    def keys(self, n: int) -> list[int]:
        self.pos += n
        left = list(range(n))
        keys = [0] * n
        for place in range(n - 1, 0, -1):
            keys[left.pop(self._next("shuffle", place + 1))] = place
        return keys

    def copy(self) -> Teller:
        new = Teller(self.told[self.at:])
        new.pos = self.pos
        return new

    def _grow(self, pos: int) -> float:
        raise RatkingError("explicit chance: a Teller has no stream of its own")


def explicit_apply(state: State, action: Any, told: list[tuple[int, int]]) -> State:
    """`action` applied to a clone of `state` with chance outcomes `told`, the clone
    returned (with an empty Teller); raises `Unknown` where one more outcome is needed."""
    trial = state.clone()
    trial.rng = Teller(told)
    trial.apply(action)
    if trial.rng.at != len(told):
        raise RatkingError(f"explicit chance: told {len(told)} outcomes, the game read "
                           f"{trial.rng.at}")
    trial.rng = Teller()
    return trial


def explicit_setup(game: Game, players: int, told: list[tuple[int, int]]) -> State:
    """A new game of `game` whose set-up's chance is `told` (every shuffle and pick of
    `_setup`, as for `explicit_apply`), with an empty Teller; raises `Unknown` where one more
    outcome is needed. Its seed is 0: its record does not replay it (its told chance does)."""
    state = object.__new__(game.state_class)
    state._init_base(game, players, 0, game.default_names(players))
    state.rng = Teller(told)
    state._setup()
    if state.rng.at != len(told):
        raise RatkingError(f"explicit chance: told {len(told)} outcomes, the set-up read "
                           f"{state.rng.at}")
    state.rng = Teller()
    return state


def leave_unordered(state: State) -> None:
    """Leave every draw pile of `state` in no order, as a determinization for a spectator
    does (its top cards are ones nobody knows), so that each card drawn is chance at the
    draw, not fixed by the deal; and give the state a Teller."""
    twin = state.determinize(None, 0)
    state.unordered = None if twin.unordered is None else dict(twin.unordered)
    state.rng = Teller()
