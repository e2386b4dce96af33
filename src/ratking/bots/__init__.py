"""Bots that play any game through the kernel, named by a spec string:
`make_bot("random" | "heuristic" | "ismcts:iters=2000" | "hard" ..., seed)` (see specs.py)."""

from .base import BOT_NAMES, Bot
from .heuristic import HeuristicBot
from .ismcts import SearchBot, SearchSettings
from .random_bot import RandomBot
from .specs import LEVELS, NAMES, LevelBot, level_spec, make_bot, parse_spec

BOT_KINDS = NAMES  # every bot name a spec may start with

__all__ = ["BOT_KINDS", "BOT_NAMES", "LEVELS", "NAMES", "Bot", "HeuristicBot", "LevelBot",
           "RandomBot", "SearchBot", "SearchSettings", "level_spec", "make_bot", "parse_spec"]
