"""What every compiled game's handle does alike: a game held by the compiled core, answering as
the Python engine's state does (ids in, ids out), so that every step can be compared.

A game's glue subclasses NativeHandle with its `compiled_game(game)`, its `start` (a new
compiled state), `load_state` (from a Python state's JSON), `dump_state` (back) and `layout`;
`pile` names the draw pile a determinization may leave in no order, and `observe` differs
where the compiled game tells an observation from an information state.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from ..core.rng import new_seed
from . import chance, load


class NativeHandle:
    """A game held by the compiled core; `game` is the Python engine's game it mirrors."""

    __slots__ = ("_ids", "_native", "_state", "game", "players")

    compiled_game: ClassVar[Any]  # game -> its compiled twin, made once (a staticmethod)
    pile: ClassVar[str | None] = None  # State.unordered's pile, held as `unordered` (-1: none)

    def __init__(self, game: Any, native_state: Any) -> None:
        self.game = game
        self.players = native_state.players
        self._native = self.compiled_game(game)
        self._ids = self._native.action_ids
        self._state = native_state

    # --- what a game's glue fills in -------------------------------------------------------

    @classmethod
    def start(cls, native: Any, players: int, words: list[int], text: str) -> Any:
        """A new compiled state of `native` from random.Random(seed)'s words and digits."""
        raise NotImplementedError

    @classmethod
    def load_state(cls, game: Any, data: dict[str, Any]) -> Any:
        """A compiled state from a Python state's `to_json()` data, checked already."""
        raise NotImplementedError

    def dump_state(self) -> dict[str, Any]:
        """The Python state's `_dump()`, from the compiled state."""
        raise NotImplementedError

    def layout(self) -> Any:
        """The compiled observation layout for this game and player count."""
        raise NotImplementedError

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
        lay = self.layout()
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
