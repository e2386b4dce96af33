"""What every compiled game's handle answers alike: a game held by the compiled core, built
from the Python engine's game and state and answering as the Python state does.

A game's glue subclasses NativeHandle with its part of the core (`part`, e.g. "duck"), its
`compiled_game`, its observation `layout` and the fields of its state (`from_json`,
`to_json`).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ..core.rng import new_seed
from . import chance, load


class NativeHandle:
    """A game held by the compiled core (subclassed per game)."""

    __slots__ = ("_ids", "_native", "_state", "game", "players")
    part: ClassVar[str]  # the game's submodule of ratking.native._core

    def __init__(self, game: Any, native_state: Any) -> None:
        self.game = game
        self.players = native_state.players
        self._native = self.compiled_game(game)
        self._ids = self._native.action_ids
        self._state = native_state

    @staticmethod
    def compiled_game(game: Any) -> Any:
        """The compiled twin of `game` (its rules and components), made once."""
        raise NotImplementedError

    @staticmethod
    def layout(game: Any, players: int) -> Any:
        """The compiled twin of the game's observation layout (where each slice starts)."""
        raise NotImplementedError

    @classmethod
    def new_game(cls, game: Any, players: int, seed: int) -> Any:
        """The compiled twin of `game.new_game(players, seed=seed)`."""
        game.check_players(players)
        native = cls.compiled_game(game)
        part = getattr(load(), cls.part)
        return cls(game, part.State.start(native, players, chance.seed_words(seed), str(seed)))

    @classmethod
    def blank(cls, game: Any, data: dict[str, Any]) -> Any:
        """An empty compiled state for `from_json` to fill, with the base fields of `data` (a
        Python state's `to_json()`) set: the seat to move, the end and the generator."""
        core = load()
        s = getattr(core, cls.part).State.blank(cls.compiled_game(game), data["players"])
        s.to_move, s.over = data["to_move"], data["over"]
        s.result = data["result"] or []
        s.end_reason = data["end_reason"] or ""
        seed, pos = data["rng"][:2]
        s.rng = chance.make(core, seed, pos, len(data["rng"]) == 3)
        return s

    @classmethod
    def from_state(cls, state: Any) -> Any:
        return cls.from_json(state.game, state.to_json())

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> Any:
        raise NotImplementedError

    def base_json(self, state: dict[str, Any]) -> dict[str, Any]:
        """The game's part of the Python state's `to_json()` around its `state` fields: `rng`,
        `to_move`, `over`, `result` and `end_reason` (the history, the log and the undo bar
        are the Python engine's narration, not kept here)."""
        s = self._state
        return {
            "rng": chance.dump(s.rng),
            "to_move": s.to_move,
            "over": s.over,
            "result": list(s.result) if s.over else None,
            "end_reason": s.end_reason if s.over else None,
            "state": state,
        }

    @property
    def is_over(self) -> bool:
        return self._state.over

    @property
    def to_move(self) -> int:
        return self._state.to_move

    def legal_ids(self) -> list[str]:
        ids = self._ids
        return [ids[a] for a in self._state.legal()]

    def apply(self, action_id: str) -> None:
        """Play the action with this id (ValueError if it is not legal now)."""
        index = self._native.action_index(action_id)
        if index < 0:
            raise ValueError(f"no action {action_id!r} in this game")
        self._state.apply(index)

    def returns(self) -> list[float]:
        return self._state.returns()

    def evaluate(self) -> list[float]:
        return self._state.evaluate()

    def heuristic(self, jitter: Any) -> str:
        """The heuristic's action id; `jitter` a core.MersenneTwister (its random.Random)."""
        return self._ids[self._state.heuristic(jitter)]

    def observation(self, seat: int | None, recall: bool = False) -> np.ndarray:
        """As State.observation; with `recall`, as State.information_state (the same tensor in
        a game whose view forgets nothing: its core's observe takes no `recall`)."""
        lay = self.layout(self.game, self.players)
        out = np.zeros(lay.size, np.float32)
        self.observe(-1 if seat is None else seat, recall, lay, out)
        return out

    def observe(self, seat: int, recall: bool, lay: Any, out: np.ndarray) -> None:
        self._state.observe(seat, lay, out)

    def determinize(self, seat: int | None, seed: int | None = None) -> Any:
        """As State.determinize: a copy with all `seat` cannot know re-dealt."""
        seed = new_seed() if seed is None else seed
        return type(self)(self.game, self._state.determinize(-1 if seat is None else seat,
                                                             str(seed)))


def play(handle: type[NativeHandle], game: Any, players: int, games: int, seed: int,
         heuristic: tuple[bool, ...] = ()) -> tuple[int, int, list[float]]:
    """Play `games` whole games natively in one call: (games, decisions, summed returns per
    seat). Game i has seed `seed` + i; random seats pick with one random.Random(seed) as
    ratking.sim.bench does, and the seats flagged in `heuristic` play the heuristic, seat k of
    game i as HeuristicBot((seed + i) * 10 + k)."""
    game.check_players(players)
    return handle.compiled_game(game).play(players, games, seed, list(heuristic))
