"""The rules tests on both cores: the Python engine and the compiled one.

A rules test builds its state with its game's helpers (`new`, `arrange`), which call `start`
here; the `core` fixture (tests/games/conftest.py) says which core the test runs on. On the
Python engine `start` gives the state as it is. On the compiled core it gives a state of the
same class whose rules are the compiled core's: the setup is dealt by the compiled core, and at
every `legal_actions` and `apply` the state as the test left it (fields set by hand, scripted
chance and all) goes to the compiled core as the Python engine's JSON, the compiled core
answers or plays the step, and every field of the state is read back from its JSON. So each
assertion of a test reads what the compiled core decided. The events a step logs (the text a
player reads) come from the Python engine playing the same step, as at a table, where the
Python engine narrates whichever core decides.

Chance a test scripts is a `Script`: the same numbers on either core (the compiled core reads
them through `Rng.scripted`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import ratking.native
from ratking.core.action import Action
from ratking.core.rng import Rng
from ratking.core.state import State

CORES = ("python", "native")
ACTIVE = "python"  # the core the running test plays on (set by the `core` fixture)
REAL = "real"  # Script's `then` for a real generator once the scripted numbers run out
PAD = 4096  # the repeated number, as many times, after a script's own (then: a number)


class Script:
    """A test's chance: a state generator that gives `values` (floats in [0, 1)) in order, then
    `then` for ever (a float), or random.Random(0)'s numbers from its first (REAL), or, with
    None, fails the test (it drew more than it scripted)."""

    def __init__(self, values: list[float], then: float | str | None = None) -> None:
        self.values = list(values)
        self.then = then
        self.drawn = 0  # numbers drawn past the script (REAL: the fallback's position)

    def random(self) -> float:
        if self.values:
            return self.values.pop(0)
        if self.then is None:
            raise AssertionError("the test rolled more dice than it scripted")
        self.drawn += 1
        if self.then == REAL:
            return Rng(0, self.drawn - 1).random()
        return self.then

    def randoms(self, n: int) -> list[float]:
        return [self.random() for _ in range(n)]

    def done(self) -> bool:
        return not self.values

    def copy(self) -> Script:
        new = Script(self.values, self.then)
        new.drawn = self.drawn
        return new

    def compiled(self, core: Any) -> Any:
        """The compiled core's generator reading the same numbers from here on."""
        if self.then == REAL:
            if self.drawn:
                return core.Rng([0], "0", self.drawn, False)
            return core.Rng.scripted(self.values)
        pad = [] if self.then is None else [self.then] * PAD
        return core.Rng.scripted(self.values + pad)

    def advance(self, n: int) -> None:
        """Let n numbers go, as the compiled core drew them."""
        for _ in range(n):
            self.random()


def start(game: Any, players: int, seed: int) -> State:
    """`game.new_game(players, seed=seed)` on the core the test runs on."""
    s = game.new_game(players, seed=seed)
    if ACTIVE == "python":
        return s
    handle = _glue(game).new_game(game, players, seed)
    _read_back(s, handle, s.to_json(), s.log)
    s.__class__ = _backed(type(s))
    return s


@cache
def _glue(game: Any) -> Any:
    return ratking.native.require(game.id).Handle


@cache
def _backed(cls: type) -> type:
    return type(f"Compiled{cls.__name__}", (CompiledRules, cls), {"__slots__": ()})


def _slots(cls: type) -> list[str]:
    return [name for k in cls.__mro__ for name in getattr(k, "__slots__", ())]


def _read_back(s: State, handle: Any, before: dict[str, Any], log: Any) -> None:
    """Every field of `s` from the compiled `handle`, with `before`'s history and names and
    the Python engine's `log`."""
    data = {k: v for k, v in before.items() if k not in ("unordered", "undo")}
    data |= handle.to_json()
    data["log"] = [list(entry) for entry in log]
    fresh = s.game.from_json(data)
    for name in _slots(type(fresh)):
        try:
            value = getattr(fresh, name)
        except AttributeError:
            continue
        if name != "rng" or not isinstance(s.rng, Script):
            setattr(s, name, value)


class CompiledRules:
    """Mixed into a game's state class: its legal actions and steps from the compiled core."""

    __slots__ = ()

    def _saved(self: Any) -> dict[str, Any]:
        """to_json(), a scripted generator saved as a real one (the compiled core gets the
        script's numbers apart)."""
        rng = self.rng
        if isinstance(rng, Script):
            self.rng = Rng(0)
        try:
            return self.to_json()
        finally:
            self.rng = rng

    def _compiled(self: Any, data: dict[str, Any]) -> Any:
        handle = _glue(self.game).from_json(self.game, data)
        if isinstance(self.rng, Script):
            handle._state.rng = self.rng.compiled(ratking.native.load())
        return handle

    def legal_actions(self: Any) -> list[Action]:
        if self._legal is None:
            ids = [] if self.over else self._compiled(self._saved()).legal_ids()
            self._legal = [self.game.action_by_id(i) or Action(i, i, None) for i in ids]
        return list(self._legal)

    def apply(self: Any, action: Action | str) -> None:
        """The step played by the compiled core; an action it does not offer raises
        IllegalAction with the Python engine's reason, as at a table."""
        action = self._resolve(action, self.legal_actions())
        data = self._saved()
        handle = self._compiled(data)
        start_pos = handle._state.rng.pos
        handle.apply(action.id)
        drawn = handle._state.rng.pos - start_pos
        narrator = self.game.from_json(data)  # the Python engine, for the log
        narrator.rng = self.rng.copy()
        narrator.apply(action.id)
        data["history"].append(action.id)
        _read_back(self, handle, data, narrator.log)
        if isinstance(self.rng, Script):
            self.rng.advance(drawn)
