"""What every compiled game's handle does alike: a game held by the compiled core, answering as
the Python engine's state does (ids in, ids out), so that every step can be compared.

A game's glue subclasses NativeHandle with its `compiled_game(game)` and `module` (its part of
the compiled core); the state's fields the compiled state holds under the same names
(`fields`, plus its `phase` by name from `phases`) and the observation slices it is told
(`slices`) are read and written here, and a game overrides `load_state`, `dump_state` or
`layout` where it holds more. `pile` names the draw pile a determinization may leave in no
order, and `observe` differs where the compiled game tells an observation from an information
state.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ..core import spaces
from ..core.rng import new_seed
from . import chance, load


class NativeHandle:
    """A game held by the compiled core; `game` is the Python engine's game it mirrors."""

    __slots__ = ("_ids", "_native", "_state", "game", "players")

    compiled_game: ClassVar[Any]  # game -> its compiled twin, made once (a staticmethod)
    module: ClassVar[str]  # the game's submodule of ratking.native._core
    fields: ClassVar[tuple[str, ...]] = ()  # state fields held under the same names
    phases: ClassVar[tuple[str, ...]] = ()  # the phase names, held by their index
    slices: ClassVar[tuple[str, ...]] = ()  # the observation slices the compiled layout holds
    pile: ClassVar[str | None] = None  # State.unordered's pile, held as `unordered` (-1: none)

    def __init__(self, game: Any, native_state: Any) -> None:
        self.game = game
        self.players = native_state.players
        self._native = self.compiled_game(game)
        self._ids = self._native.action_ids
        self._state = native_state

    # --- what a game's glue may change -----------------------------------------------------

    @classmethod
    def start(cls, native: Any, players: int, words: list[int], text: str) -> Any:
        """A new compiled state of `native` from random.Random(seed)'s words and digits."""
        return getattr(load(), cls.module).State.start(native, players, words, text)

    @classmethod
    def load_state(cls, game: Any, data: dict[str, Any]) -> Any:
        """A compiled state from a Python state's `to_json()` data, checked already."""
        s = getattr(load(), cls.module).State.blank(cls.compiled_game(game), data["players"])
        st = data["state"]
        for name in cls.fields:
            setattr(s, name, st[name])
        s.phase = cls.phases.index(st["phase"])
        return s

    def dump_state(self) -> dict[str, Any]:
        """The Python state's `_dump()`, from the compiled state."""
        s = self._state
        out = {name: getattr(s, name) for name in self.fields}
        out["phase"] = self.phases[s.phase]
        return out

    @classmethod
    def layout(cls, game: Any, players: int) -> Any:
        """The compiled observation layout for this game and player count."""
        lay = spaces.observation_layout(game, players)
        out = getattr(load(), cls.module).Layout()
        out.size = lay.size
        for name in cls.slices:
            setattr(out, name, lay.at[name])
        return out

    def observe(self, seat: int, recall: bool, lay: Any, out: np.ndarray) -> None:
        """Write seat's tensor (-1: a spectator) into `out`; `recall` makes no difference in a
        game whose view forgets nothing."""
        self._state.observe(seat, lay, out)

    # --- alike for every game --------------------------------------------------------------

    @classmethod
    def new_game(cls, game: Any, players: int, seed: int) -> NativeHandle:
        """The compiled twin of `game.new_game(players, seed=seed)`."""
        game.check_players(players)
        return cls(game, cls.start(cls.compiled_game(game), players, chance.seed_words(seed),
                                   str(seed)))

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> NativeHandle:
        """From a Python state's `to_json()` (a state of `game`), checked by the Python engine's
        loader first (RecordError for bad data)."""
        game.from_json(data)
        s = cls.load_state(game, data)
        s.to_move, s.over = data["to_move"], data["over"]
        s.result = data["result"] or []
        s.end_reason = data["end_reason"] or ""
        if cls.pile is not None:
            s.unordered = data.get("unordered", {}).get(cls.pile, -1)
        seed, pos = data["rng"][:2]
        s.rng = chance.make(load(), seed, pos, len(data["rng"]) == 3)
        return cls(game, s)

    @classmethod
    def from_state(cls, state: Any) -> NativeHandle:
        return cls.from_json(state.game, state.to_json())

    def to_json(self) -> dict[str, Any]:
        """The game's part of the Python state's `to_json()`: `state`, `rng`, `to_move`,
        `over`, `result`, `end_reason` and `unordered` (the history, the log and the undo bar
        are the Python engine's narration, not kept here)."""
        s = self._state
        out = {
            "rng": chance.dump(s.rng),
            "to_move": s.to_move,
            "over": s.over,
            "result": list(s.result) if s.over else None,
            "end_reason": s.end_reason if s.over else None,
            "state": self.dump_state(),
        }
        if self.pile is not None and s.unordered >= 0:
            out["unordered"] = {self.pile: s.unordered}
        return out

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

    def determinize(self, seat: int | None, seed: int | None = None) -> NativeHandle:
        """As State.determinize: a copy with all `seat` cannot know re-dealt."""
        seed = new_seed() if seed is None else seed
        return self.__class__(self.game, self._state.determinize(-1 if seat is None else seat,
                                                                 str(seed)))

    def heuristic(self, jitter: Any) -> str:
        """The heuristic's action id; `jitter` a _core.MersenneTwister (its random.Random)."""
        return self._ids[self._state.heuristic(jitter)]

    def observation(self, seat: int | None, recall: bool = False) -> np.ndarray:
        """As State.observation (recall: State.information_state)."""
        lay = self.layout(self.game, self.players)
        out = np.zeros(lay.size, np.float32)
        self.observe(-1 if seat is None else seat, recall, lay, out)
        return out

    @classmethod
    def play(cls, game: Any, players: int, games: int, seed: int,
             heuristic: tuple[bool, ...] = ()) -> tuple[int, int, list[float]]:
        """Play `games` whole games natively in one call: (games, decisions, summed returns per
        seat). Game i has seed `seed` + i; random seats pick with one random.Random(seed) as
        ratking.sim.bench does, and the seats flagged in `heuristic` play the heuristic, seat
        k of game i as HeuristicBot((seed + i) * 10 + k)."""
        game.check_players(players)
        return cls.compiled_game(game).play(players, games, seed, list(heuristic))
