"""The compiled core (src/native, C++): the games' rules and loops at native speed.

The pure-Python engine stays the reference and the fallback. `pip install` builds the core
where a C++ compiler is found; `load()` gives its module, or None (and says once, on stderr,
that ratking runs on the Python engine). `for_game(game_id)` names the games compiled so far.
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache
from types import ModuleType

from ..core.errors import RatkingError

# the games with a compiled core, and the module of the glue that drives each
COMPILED = {"rat-a-tat-roll": "rat_a_tat_roll", "rat-and-duck": "rat_and_duck",
            "you-dirty-rat": "you_dirty_rat",
            "target-rats-simplified": "target_rats_simplified",
            "target-rats": "target_rats_full"}
# the engines a loop can run on, as `ratking bench --core` and SearchSettings.core name them
CORES = ("python", "native")
# the environment variable that pins the core where nothing else names one
CORE_ENV = "RATKING_CORE"


class NativeUnavailable(RatkingError):
    """The compiled core was asked for and cannot serve: not built, or not for this game."""


@cache
def _compiled() -> ModuleType | None:
    try:
        from . import _core
    except ImportError:
        return None
    return _core


def load() -> ModuleType | None:
    """The compiled module, or None when it was not built (said once, on stderr)."""
    core = _compiled()
    if core is None:
        _tell()
    return core


@cache  # once a process
def _tell() -> None:
    print("ratking: the compiled core is not built (no C++ compiler at install?); "
          "running on the pure-Python engine", file=sys.stderr)


def chosen_core() -> str | None:
    """The core RATKING_CORE names, or None when it is unset or empty (the compiled core where
    it can run, else the Python engine); RatkingError for another name."""
    core = os.environ.get(CORE_ENV, "").strip().lower()
    if core and core not in CORES:
        raise RatkingError(f"{CORE_ENV} must be one of {', '.join(CORES)}, not {core!r}")
    return core or None


def available(game_id: str) -> bool:
    """Whether this game has a compiled core, built and loadable."""
    return game_id in COMPILED and _compiled() is not None


def require(game_id: str) -> ModuleType:
    """The glue module of `game_id`'s compiled core; NativeUnavailable (one clear line) if the
    game has none or the core was not built (said in its message, so no notice besides)."""
    if _compiled() is None:
        raise NativeUnavailable("the compiled core is not built: install ratking with a C++ "
                                "compiler present (pip install -e .)")
    if game_id not in COMPILED:
        raise NativeUnavailable(f"{game_id} has no compiled core yet (compiled so far: "
                                f"{', '.join(COMPILED) or 'none'})")
    return importlib.import_module(f".{COMPILED[game_id]}", __name__)


def loops(game_id: str) -> ModuleType:
    """The native loops of `game_id` (VectorGames, play_seeded: the submodule of the compiled
    core its Game class lives in); NativeUnavailable (one line) if the game has no compiled
    core, the core was not built, or the game's loops are not registered in
    src/native/bind_loops.cpp."""
    require(game_id)
    found = _loops(game_id)
    if found is None:
        raise NativeUnavailable(f"{game_id}'s compiled core has no native loops yet (they are "
                                "registered in src/native/bind_loops.cpp)")
    return found


@cache
def _loops(game_id: str) -> ModuleType | None:
    from ..core import make

    native = require(game_id).compiled_game(make(game_id))
    found = getattr(_compiled(), type(native).__module__.rpartition(".")[2], None)
    return found if hasattr(found, "play_seeded") else None


def has_loops(game_id: str) -> bool:
    """Whether `game_id`'s native loops can run here (see `loops`)."""
    return available(game_id) and _loops(game_id) is not None


def native_seat(spec: str) -> object | None:
    """A bot spec as a seat a native loop plays (`_core.Seat`): "random", or "heuristic" with
    its eps; None for any other bot (a search, a level, a network), which only Python plays."""
    from ..bots.specs import parse_spec

    name, options = parse_spec(spec)
    if name not in ("random", "heuristic") or set(options) - {"eps"}:
        return None
    seat = load().Seat()
    seat.kind = 0 if name == "random" else 1
    seat.eps = float(options.get("eps", 0.0))
    return seat
