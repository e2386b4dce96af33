"""The compiled core (src/native, C++): the games' rules and loops at native speed.

The pure-Python engine stays the reference and the fallback. `pip install` builds the core
where a C++ compiler is found; `load()` gives its module, or None (and says once, on stderr,
that ratking runs on the Python engine). `for_game(game_id)` names the games compiled so far.
"""

from __future__ import annotations

import sys
from functools import cache
from types import ModuleType

from ..core.errors import RatkingError

# the games with a compiled core, and the module of the glue that drives each
COMPILED = {"rat-a-tat-roll": "rat_a_tat_roll", "rat-and-duck": "rat_and_duck",
            "you-dirty-rat": "you_dirty_rat",
            "target-rats": "target_rats_full"}


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
    import importlib

    return importlib.import_module(f".{COMPILED[game_id]}", __name__)
