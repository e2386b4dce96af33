"""ratking: a digital tabletop for rat games. `ratking.make(game_id, **rules)` starts here."""

from .core import (
    Action,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    RatkingError,
    RecordError,
    RulesError,
    State,
    UnknownGame,
    list_games,
    load_record,
    make,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "RatkingError",
    "RecordError",
    "RulesError",
    "State",
    "UnknownGame",
    "__version__",
    "list_games",
    "load_record",
    "make",
    "replay",
]
