"""Rat & Duck (seed 003): game id `rat-and-duck`, the government against the dissent."""

from .game import RatAndDuck

__all__ = ["RatAndDuck"]
