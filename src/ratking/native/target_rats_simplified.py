"""Target: Rats Simplified on the compiled core: a handle built from the Python engine's game and
state (its JSON), answering as the Python state does, so that every step can be compared."""

from __future__ import annotations

import weakref
from typing import Any

from ..core.errors import RecordError
from ..games.target_rats.board import board
from ..games.target_rats.seats import NESTS
from ..games.target_rats.simplified.phases import MOVING, PHASE_NAMES
from . import load
from .handle import NativeHandle
from .target_rats_board import compiled_board

_GAMES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
# the state's fields (state.py's _dump) the compiled state holds under the same names
FIELDS = ("rats", "moved", "ext", "cheese", "dice", "pool", "target", "mover", "path",
          "start_pool", "round")
RULES = ("start_rats", "max_rats", "space_limit", "dice", "cheese_dice", "topup_at",
         "topup_rats", "breed_rats", "target_face")
# the observation slices (observation.py's layout) the compiled core writes
SLICES = ("to_move", "phase", "rats", "exterminator", "nests", "factions", "dumpsters", "dice",
          "pool", "mover", "path", "round", "over")


def compiled_game(game: Any) -> Any:
    """The compiled twin of a TargetRatsSimplified (its rule options and the board), made
    once."""
    made = _GAMES.get(game)
    if made is None:
        core = load()
        assert core is not None, "ratking.native.require checks the core is built"
        c = core.trs.Config()
        for name in RULES:
            setattr(c, name, getattr(game.rules, name))
        c.max_rounds = -1 if game.rules.max_rounds is None else game.rules.max_rounds
        c.first_seat = game.rules.first_seat
        c.space_ids = list(game.board.ids)
        c.nests = [list(NESTS.get(n, ())) for n in range(max(NESTS) + 1)]
        made = _GAMES[game] = core.trs.Game(c, compiled_board(core, board()))
    return made


class NativeRatsSimplified(NativeHandle):
    """A game of Target: Rats Simplified held by the compiled core."""

    __slots__ = ()
    compiled_game = staticmethod(compiled_game)
    module, fields, phases, slices = "trs", FIELDS, PHASE_NAMES, SLICES

    @classmethod
    def load_state(cls, game: Any, data: dict[str, Any]) -> Any:
        st = data["state"]
        r = game.rules
        # what the Python loader leaves to be found later, and the compiled core must not
        # read out of bounds for
        if st["phase"] == PHASE_NAMES[MOVING] and not data["over"] and st["mover"] < 0:
            raise RecordError("state 'mover' must name the rat being moved")
        if len(st["dice"]) > r.dice + r.cheese_dice:
            raise RecordError(f"state 'dice' must list at most {r.dice + r.cheese_dice} dice")
        if data["to_move"].__class__ is not int or not 0 <= data["to_move"] < data["players"]:
            raise RecordError("state 'to_move' must be a seat")
        return super().load_state(game, data)


play, layout = NativeRatsSimplified.play, NativeRatsSimplified.layout
Handle = NativeRatsSimplified  # the handle the native search (search.py) builds
