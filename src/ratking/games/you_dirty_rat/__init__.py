"""You Dirty Rat (seed 002): game id `you-dirty-rat`, 2 to 4 players."""

from .game import YouDirtyRat

__all__ = ["YouDirtyRat"]
