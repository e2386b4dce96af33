"""Rat & Duck on the compiled core: a handle built from the Python engine's game and state (its
JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

from ..core import spaces
from ..games.rat_and_duck.phases import PHASE_NAMES
from . import handle, load
from .handle import NativeHandle

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


class NativeDuck(NativeHandle):
    """A game of Rat & Duck held by the compiled core."""

    __slots__ = ()
    part = "duck"
    compiled_game = staticmethod(compiled_game)
    layout = staticmethod(_layout)

    @classmethod
    def from_json(cls, game: Any, data: dict[str, Any]) -> NativeDuck:
        """From a Python state's `to_json()` (a state of `game`), checked by the Python engine's
        loader first (RecordError for bad data)."""
        game.from_json(data)
        s = cls.blank(game, data)
        st = data["state"]
        for name in FIELDS:
            setattr(s, name, st[name])
        s.phase = PHASE_NAMES.index(st["phase"])
        s.unordered = data.get("unordered", {}).get("deck", -1)
        return cls(game, s)

    def to_json(self) -> dict[str, Any]:
        """The game's part of the Python state's `to_json()` (NativeHandle.base_json), and
        `unordered`."""
        s = self._state
        state = {name: getattr(s, name) for name in FIELDS}
        state["phase"] = PHASE_NAMES[s.phase]
        out = self.base_json(state)
        if s.unordered >= 0:
            out["unordered"] = {"deck": s.unordered}
        return out

def play(game: Any, players: int, games: int, seed: int,
         heuristic: tuple[bool, ...] = ()) -> tuple[int, int, list[float]]:
    """Whole games natively in one call (handle.play)."""
    return handle.play(NativeDuck, game, players, games, seed, heuristic)
