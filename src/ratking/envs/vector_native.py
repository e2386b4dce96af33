"""The vector env's games on the compiled core: every game of a batch stepped in one native
call, the opponents (random and heuristic bots) played in place, the observations and masks
written straight into the env's arrays. The Python env (vector.py) is the reference: the
same deals, the same bots' streams, the same rewards and ends (tests/envs/test_vector_native.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..core import IllegalAction, RatkingError
from ..native import NativeUnavailable, has_loops, loops, native_seat, require
from .common import STEPS_PER_ROUND, Spec, own_cap
from .gymnasium import Opponent, Seating

CORES = ("auto", "native", "python")


def native_opponents(opponents: Sequence[Opponent]) -> list[Any] | None:
    """The opponents as native seats, or None if one of them only Python can play (a policy,
    a search bot)."""
    seats = [None if callable(o) else native_seat(o) for o in opponents]
    return None if any(s is None for s in seats) else seats


def pick_core(core: str, game_id: str, opponents: Sequence[Opponent]) -> str:
    """The core a vector env runs on: "native" where the game is compiled, the core built and
    every opponent one a native loop plays ("auto" falls back to "python" otherwise)."""
    if core not in CORES:
        raise RatkingError(f"core must be one of {', '.join(CORES)}, not {core!r}")
    if core == "python":
        return core
    if core == "native":
        loops(game_id)  # NativeUnavailable: not built, or this game not compiled
        if native_opponents(opponents) is None:
            raise NativeUnavailable("the native vector env plays random and heuristic "
                                    "opponents only (use core='python' for the others)")
        return core
    ok = has_loops(game_id) and native_opponents(opponents) is not None
    return "native" if ok else "python"


class NativeGames:
    """`num_envs` games of one Spec on the compiled core, writing into `observations` (float32,
    one row a game) and `masks` (int8)."""

    def __init__(self, spec: Spec, seating: Seating, num_envs: int,
                 limit: int | None, observations: np.ndarray, masks: np.ndarray) -> None:
        glue = require(spec.game.id)
        native = glue.compiled_game(spec.game)
        ids = native.action_ids
        index = {a: i for i, a in enumerate(spec.space.ids)}
        to_space = [index.get(a, -1) for a in ids]
        opponents = native_opponents(seating.opponents)
        assert opponents is not None, "pick_core chose this core"
        self.ids = spec.space.ids
        self.native = native  # the compiled game: every copy of `games` points into it
        self.seating = seating
        self.observations, self.masks = observations, masks
        self.games = loops(spec.game.id).VectorGames(
            native, glue.layout(spec.game, spec.players), spec.players, num_envs, spec.recall,
            to_space, len(spec.space), opponents, -1 if limit is None else limit,
            STEPS_PER_ROUND * (spec.players - 1), own_cap(spec.game.id) is None)
        n = num_envs
        self.rewards = np.zeros(n, np.float64)
        self.terminated = np.zeros(n, np.bool_)
        self.truncated = np.zeros(n, np.bool_)
        self.ended = np.zeros(n, np.bool_)
        self._actions = np.zeros(n, np.int64)

    def deal(self, i: int, draw: Callable[[int], int]) -> int:
        """Deal row `i` a new game (drawn as Seating.deal draws it); the learner's seat."""
        players = self.seating.spec.players
        deal = self.games.deal
        obs, masks = self.observations, self.masks

        def play(game_seed: int, seat: int, seeds: dict[int, int]) -> int | None:
            bot_seeds = [seeds.get(p, 0) for p in range(players)]
            return seat if deal(i, game_seed, seat, bot_seeds, obs, masks) else None

        return self.seating.first_playable(draw, play)

    def step(self, actions: Any) -> tuple[list[int], Exception | None]:
        """Every game moved (rewards, terminated, truncated set): the rows whose game ended,
        which hold its last observation until they are dealt again, and the error of a bad
        action if there was one (the rows after it have not moved)."""
        self._actions[:] = np.asarray(actions).reshape(-1)
        row, illegal, action = self.games.step(self._actions, self.observations, self.masks,
                                               self.rewards, self.terminated, self.truncated,
                                               self.ended)
        error: Exception | None = None
        if row >= 0:
            error = (IllegalAction(self.ids[action], f"game {row}: not a legal action now")
                     if illegal else RatkingError(f"game {row}: no action number {action}"))
        return np.flatnonzero(self.ended).tolist(), error

    def scores(self, i: int) -> list[float]:
        return self.games.scores(i)

    def __deepcopy__(self, memo: dict[int, Any]) -> NativeGames:
        """A copy playing on from here with its own games and arrays (the env's own, when
        the env is copied), the compiled game shared."""
        new = object.__new__(NativeGames)
        new.__dict__.update(self.__dict__)
        for name in ("observations", "masks", "rewards", "terminated", "truncated", "ended",
                     "_actions"):
            setattr(new, name, copy.deepcopy(getattr(self, name), memo))
        new.games = copy.copy(self.games)
        return new
