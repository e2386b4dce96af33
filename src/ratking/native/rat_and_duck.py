"""Rat & Duck on the compiled core: a handle built from the Python engine's game and state (its
JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

import numpy as np

from ..core import spaces
from ..core.rng import new_seed
from ..games.rat_and_duck.phases import PHASE_NAMES
from . import chance, load

_GAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# the state's fields (state.py's _dump) the compiled state holds under the same names
FIELDS = ("cells", "pos", "wanted", "unrest", "deck", "held", "used", "civ_at", "link", "civs",
          "biosci", "released", "round", "played", "active")


def compiled_game(game: Any) -> Any:
    """The compiled twin of a RatAndDuck (its rule options, units and map), made once."""
    made = _GAMES.get(game)
    if made is None:
        core = load()
        assert core is not None, "ratking.native.require checks the core is built"
        c = core.duck.Config()
        r, city = game.rules, game.city
        c.roles, c.unit_ids, c.slugs = list(game.roles), list(game.unit_keys), list(city.slugs)
        c.rows, c.columns = city.rows, city.columns
        c.station_cells, c.lab_cells = list(city.station_cells), list(city.lab_cells)
        c.shuffle_places = r.shuffle_places
        for name in ("bio_sci_to_win", "unrest_to_win", "max_unrest", "max_location_cards",
                     "arrest_wanted", "arrest_reduce", "wanted_gain", "unrest_gain",
                     "control_reduce", "links_per_unit", "research_gain",
                     "dissent_score_weight", "government_score_weight"):
            setattr(c, name, getattr(r, name))
        c.max_rounds = -1 if r.max_rounds is None else r.max_rounds
        made = _GAMES[game] = core.duck.Game(c)
    return made


def _layout(game: Any, players: int) -> Any:
    lay = spaces.observation_layout(game, players)
    out = load().duck.Layout()
    out.size = lay.size
    for name in ("team", "to_move", "phase", "active", "places", "units", "civilians", "cards",
                 "held", "used", "progress", "reach", "round", "over"):
        setattr(out, name, lay.at[name])
    return out


class NativeDuck:
    """A game of Rat & Duck held by the compiled core."""

    __slots__ = ("_ids", "_native", "_state", "game", "players")

    def __init__(self, game: Any, native_state: Any) -> None:
        self.game = game
        self.players = native_state.players
        self._native = compiled_game(game)
        self._ids = self._native.action_ids
        self._state = native_state

    @classmethod
    def new_game(cls, game: Any, players: int, seed: int) -> NativeDuck:
        """The compiled twin of `game.new_game(players, seed=seed)`."""
        game.check_players(players)
        native = compiled_game(game)
        return cls(game, load().duck.State.start(native, players, chance.seed_words(seed),
                                                 str(seed)))

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> NativeDuck:
        """From a Python state's `to_json()` (a state of `game`), checked by the Python engine's
        loader first (RecordError for bad data)."""
        game.from_json(data)
        core = load()
        s = core.duck.State.blank(compiled_game(game), data["players"])
        st = data["state"]
        for name in FIELDS:
            setattr(s, name, st[name])
        s.phase = PHASE_NAMES.index(st["phase"])
        s.to_move, s.over = data["to_move"], data["over"]
        s.result = data["result"] or []
        s.end_reason = data["end_reason"] or ""
        s.unordered = data.get("unordered", {}).get("deck", -1)
        seed, pos = data["rng"][:2]
        s.rng = chance.make(core, seed, pos, len(data["rng"]) == 3)
        return cls(game, s)

    @classmethod
    def from_state(cls, state: Any) -> NativeDuck:
        return cls.from_json(state.game, state.to_json())

    def to_json(self) -> dict[str, Any]:
        """The game's part of the Python state's `to_json()`: `state`, `rng`, `to_move`,
        `over`, `result`, `end_reason` and `unordered` (the history, the log and the undo bar
        are the Python engine's narration, not kept here)."""
        s = self._state
        state = {name: getattr(s, name) for name in FIELDS}
        state["phase"] = PHASE_NAMES[s.phase]
        out = {
            "rng": chance.dump(s.rng),
            "to_move": s.to_move,
            "over": s.over,
            "result": list(s.result) if s.over else None,
            "end_reason": s.end_reason if s.over else None,
            "state": state,
        }
        if s.unordered >= 0:
            out["unordered"] = {"deck": s.unordered}
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

    def determinize(self, seat: int | None, seed: int | None = None) -> NativeDuck:
        """As State.determinize: a copy with all `seat` cannot know re-dealt."""
        seed = new_seed() if seed is None else seed
        return NativeDuck(self.game, self._state.determinize(-1 if seat is None else seat,
                                                             str(seed)))

    def heuristic(self, jitter: Any) -> str:
        """The heuristic's action id; `jitter` a core.MersenneTwister (its random.Random)."""
        return self._ids[self._state.heuristic(jitter)]

    def observation(self, seat: int | None, recall: bool = False) -> np.ndarray:
        """As State.observation; Rat & Duck's view forgets nothing, so with `recall`
        (State.information_state) the tensor is the same."""
        lay = _layout(self.game, self.players)
        out = np.zeros(lay.size, np.float32)
        self._state.observe(-1 if seat is None else seat, lay, out)
        return out


Handle = NativeDuck  # the handle of this game (ratking.native.search builds its states so)


def play(game: Any, players: int, games: int, seed: int,
         heuristic: tuple[bool, ...] = ()) -> tuple[int, int, list[float]]:
    """Play `games` whole games natively in one call: (games, decisions, summed returns per
    seat), as rat_a_tat_roll.play does for its game."""
    game.check_players(players)
    return compiled_game(game).play(players, games, seed, list(heuristic))
