"""Bots that play any game through the kernel: `make_bot("random" | "heuristic", seed)`."""

from .base import BOT_KINDS, BOT_NAMES, Bot, make_bot
from .heuristic import HeuristicBot
from .random_bot import RandomBot

__all__ = ["BOT_KINDS", "BOT_NAMES", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
