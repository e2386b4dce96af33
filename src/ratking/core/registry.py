"""The game registry: `list_games` and `make`."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import UnknownGame
from .game import Game, GameInfo

_GAMES: dict[str, type[Game]] = {}
_LOADED = False


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a Game subclass available by its id."""
    _GAMES[cls.id] = cls
    return cls


def _load() -> None:
    global _LOADED
    if not _LOADED:
        _LOADED = True
        importlib.import_module("ratking.games")


def game_class(game_id: str) -> type[Game]:
    _load()
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(_GAMES))
        raise UnknownGame(f"no game {game_id!r}; games: {known}") from None


def list_games() -> list[GameInfo]:
    """Every game ratking plays, with player counts and rule options."""
    _load()
    return [cls.info() for _, cls in sorted(_GAMES.items())]


def make(game_id: str, **rules: Any) -> Game:
    """The game `game_id` with rule overrides; an unknown rule or bad value raises RulesError."""
    return game_class(game_id)(**rules)
