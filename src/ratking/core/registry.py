"""The game registry: `list_games` and `make`.

Games are found through Python entry points of the group `ratking.games` (each names a
`Game` subclass by its id: `rat-a-tat-roll = "ratking.games.rat_a_tat_roll.game:RatATatRoll"`),
so the kernel imports no game, and a game can ship as a package of its own. `register` adds a
game by hand (tests, notebooks)."""

from __future__ import annotations

import json
import warnings
from functools import lru_cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import RatkingError, UnknownGame
from .game import Game, GameInfo

GROUP = "ratking.games"

_GAMES: dict[str, type[Game]] = {}  # loaded (or registered by hand)
_BROKEN: dict[str, str] = {}  # entry points that failed to load, and why
_FOUND: dict[str, EntryPoint] | None = None  # the group's entry points, by game id


def register(cls: type[Game]) -> type[Game]:
    """Make a Game subclass available by its id (without an entry point)."""
    _GAMES[cls.id] = cls
    return cls


def _found() -> dict[str, EntryPoint]:
    """The installed entry points of the group, read once (the first of a name wins)."""
    global _FOUND
    if _FOUND is None:
        found: dict[str, EntryPoint] = {}
        for point in entry_points(group=GROUP):
            if point.name in found and found[point.name].value != point.value:
                warnings.warn(f"two installed games claim the id {point.name!r}: "
                              f"{found[point.name].value} is used, {point.value} is not",
                              stacklevel=2)
            found.setdefault(point.name, point)
        _FOUND = found
    return _FOUND


def _load_one(game_id: str) -> type[Game] | None:
    """The game `game_id`, importing its entry point's module the first time."""
    cls = _GAMES.get(game_id)
    if cls is not None or game_id in _BROKEN:
        return cls
    point = _found().get(game_id)
    if point is None:
        return None
    try:
        cls = point.load()
    except Exception as exc:  # a broken plugin must not take the other games down
        _BROKEN[game_id] = f"{point.value} could not be imported: {exc!r}"
        return None
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        _BROKEN[game_id] = f"{point.value} is not a ratking Game class"
        return None
    if cls.id != game_id:
        _BROKEN[game_id] = f"{point.value} has the id {cls.id!r}, not {game_id!r}"
        return None
    _GAMES[game_id] = cls
    return cls


def _load() -> None:
    """Load every installed game (a broken one is left out with a warning)."""
    for game_id in _found():
        if _load_one(game_id) is None:
            warnings.warn(f"game {game_id!r} left out: {_BROKEN[game_id]}", stacklevel=2)


def game_class(game_id: str) -> type[Game]:
    """The Game subclass with this id; UnknownGame names the installed ones."""
    cls = _load_one(game_id) if isinstance(game_id, str) else None
    if cls is not None:
        return cls
    if game_id in _BROKEN:
        raise RatkingError(f"game {game_id!r} is installed but broken: {_BROKEN[game_id]}")
    known = ", ".join(sorted({*_found(), *_GAMES} - set(_BROKEN)))
    if not known:
        raise UnknownGame(f"no game {game_id!r}: no game is installed (ratking finds its games "
                          f"through the {GROUP!r} entry points: reinstall it, "
                          "e.g. pip install -e .)")
    raise UnknownGame(f"no game {game_id!r}; games: {known}")


def list_games() -> list[GameInfo]:
    """Every game ratking plays, with player counts and rule options."""
    _load()
    return [cls.info() for _, cls in sorted(_GAMES.items())]


def make(game_id: str, **rules: Any) -> Game:
    """The game `game_id` with rule overrides; an unknown rule or bad value raises RulesError."""
    return game_class(game_id)(**rules)


def shared(game_id: str, **rules: Any) -> Game:
    """make(), but one Game per game and rules in this process (the last 256 asked for). A
    Game holds its rules and its caches (the action catalogue), never a table's play, so a
    server holding many tables of one game lets them share it: fewer objects for each of
    Python's full garbage collections to walk."""
    return _shared(game_id, json.dumps(rules, sort_keys=True))


@lru_cache(maxsize=256)
def _shared(game_id: str, rules: str) -> Game:
    return make(game_id, **json.loads(rules))
