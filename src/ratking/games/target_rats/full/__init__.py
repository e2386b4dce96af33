"""Target: Rats, full rules (seed 000): game id `target-rats`, 2 to 4 players."""

from .game import TargetRats

__all__ = ["TargetRats"]
