"""Rat-a-Tat Roll (seed 004): game id `rat-a-tat-roll`, 2 to 5 players."""

from .game import RatATatRoll

__all__ = ["RatATatRoll"]
