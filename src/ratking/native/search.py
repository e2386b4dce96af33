"""ISMCTS on the compiled core (src/native/ismcts.hpp): the search of ratking.bots.ismcts run
natively, from a Python state, with the bot's own random.Random (drawn on as the Python search
draws on it, and handed back at the position the Python search would leave it).

`search` returns the compiled core's SearchTree: its nodes in the order made (the root first),
each with its parent, the action leading to it (an index into `action_ids(game)`), visits,
availability and value per seat, the iterations made and the action chosen.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Sequence
from typing import Any

from . import load, require

ROLLOUT_LIMIT = 5_000  # the native search's cap on a rollout (ismcts.hpp), as ismcts.py's

_IDS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def action_ids(game: Any) -> list[str]:
    """The compiled game's action ids, which the tree's actions index."""
    ids = _IDS.get(game)
    if ids is None:
        glue = require(game.id)
        ids = _IDS[game] = list(glue.compiled_game(game).action_ids)
    return ids


def searchable(game_id: str) -> bool:
    """Whether a compiled game has the native search: its glue names its handle (`Handle`),
    whose compiled State binds `search` (a game compiled without it searches on Python)."""
    return hasattr(require(game_id), "Handle")


def native_settings(settings: Any, game: Any) -> Any:
    """The compiled core's SearchSettings for a bots.ismcts.SearchSettings."""
    out = load().SearchSettings()
    out.iters = -1 if settings.iters is None else settings.iters
    out.ms = -1.0 if settings.ms is None else float(settings.ms)
    out.heuristic_rollout = settings.rollout == "heuristic"
    out.eps = settings.eps
    out.depth = ROLLOUT_LIMIT if settings.depth is None else min(settings.depth, ROLLOUT_LIMIT)
    out.c, out.prior, out.margin = settings.c, settings.prior, settings.margin
    out.evaluate = game.evaluate is not None
    return out


def search(state: Any, turn: Sequence[Any], settings: Any, rng: random.Random) -> Any:
    """The native search of `state` for its seat to move: `turn`, the Python states of that
    seat's turn before `state` (bots.turns); `settings`, a bots.ismcts.SearchSettings (its
    open loop and the game's heuristic as the guide); `rng`, the bot's generator."""
    game = state.game
    glue = require(game.id)
    core = load()
    handle = glue.Handle.from_state(state)
    earlier = [glue.Handle.from_state(p)._state for p in turn]
    version, internal, gauss = rng.getstate()
    twister = core.MersenneTwister([0])
    twister.setstate(list(internal[:-1]), internal[-1])
    tree = handle._state.search(earlier, glue.layout(game, state.players),
                                native_settings(settings, game), twister)
    words, index = twister.getstate()
    rng.setstate((version, (*words, index), gauss))
    return tree
