"""The ratking kernel: games, states, actions, rules, events, records. Knows no game by name."""

from .action import Action
from .errors import IllegalAction, RatkingError, RecordError, RulesError, UnknownGame
from .events import Event, Voice, narrate, plural, seat_label
from .game import Game, GameInfo
from .record import check_record, load_record, replay, save_record
from .registry import game_class, list_games, make, register, shared
from .rules import MAX_ROUNDS, Rules, RuleSpec, first_seat
from .state import State

__all__ = [
    "MAX_ROUNDS",
    "Action",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "RatkingError",
    "RecordError",
    "RuleSpec",
    "Rules",
    "RulesError",
    "State",
    "UnknownGame",
    "Voice",
    "check_record",
    "first_seat",
    "game_class",
    "list_games",
    "load_record",
    "make",
    "narrate",
    "plural",
    "register",
    "replay",
    "save_record",
    "seat_label",
    "shared",
]
