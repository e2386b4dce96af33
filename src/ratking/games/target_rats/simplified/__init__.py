"""Target: Rats Simplified (seed 001): game id `target-rats-simplified`, 2 to 4 players."""

from .game import TargetRatsSimplified

__all__ = ["TargetRatsSimplified"]
