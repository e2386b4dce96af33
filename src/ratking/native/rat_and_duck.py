"""Rat & Duck on the compiled core: a handle built from the Python engine's game and state (its
JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

from ..core import spaces
from ..games.rat_and_duck.phases import PHASE_NAMES
from . import load
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


class NativeDuck(NativeHandle):
    """A game of Rat & Duck held by the compiled core."""

    __slots__ = ()
    compiled_game = staticmethod(compiled_game)
    pile = "deck"

    @classmethod
    def start(cls, native: Any, players: int, words: list[int], text: str) -> Any:
        return load().duck.State.start(native, players, words, text)

    @classmethod
    def load_state(cls, game: Any, data: dict[str, Any]) -> Any:
        s = load().duck.State.blank(compiled_game(game), data["players"])
        st = data["state"]
        for name in FIELDS:
            setattr(s, name, st[name])
        s.phase = PHASE_NAMES.index(st["phase"])
        return s

    def dump_state(self) -> dict[str, Any]:
        s = self._state
        state = {name: getattr(s, name) for name in FIELDS}
        state["phase"] = PHASE_NAMES[s.phase]
        return state

    def layout(self) -> Any:
        lay = spaces.observation_layout(self.game, self.players)
        out = load().duck.Layout()
        out.size = lay.size
        for name in ("team", "to_move", "phase", "active", "places", "units", "civilians",
                     "cards", "held", "used", "progress", "reach", "round", "over"):
            setattr(out, name, lay.at[name])
        return out


play = NativeDuck.play
